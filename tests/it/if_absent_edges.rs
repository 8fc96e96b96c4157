//! Issue 41, point 4: `--if-absent` keeps its promise to assistants ("safe to repeat"): a record without a status
//! matches an animal of its name and category whatever its status; names compare as `pets find --name` compares
//! them (any case, NFC or NFD, stray spaces); two runs at once on one machine add one animal, not two.

use std::collections::BTreeMap;
use std::time::Duration;

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::{Run, TestEnv};

fn posts(env: &TestEnv) -> usize {
    env.sandbox.request_lines().iter().filter(|line| line.starts_with("POST ")).count()
}

/// How many animals of each name the sandbox holds.
fn by_name(env: &TestEnv) -> BTreeMap<String, usize> {
    let mut names = BTreeMap::new();
    for pet in env.sandbox.pets() {
        *names.entry(pet["name"].as_str().unwrap().to_owned()).or_default() += 1;
    }
    names
}

/// A server that fills in a status (here: an animal added with `available`) held `Rex`; three runs of an add
/// without a status made three more. Now each finds it, sends nothing and prints it (`"created": false`).
#[test]
fn a_record_without_a_status_matches_an_animal_of_any_status() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--status", "available"]);
    assert_eq!(run.code, 0, "{run}");
    for _ in 0..3 {
        let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--if-absent"]);
        assert_eq!(run.code, 0, "{run}");
    }
    assert_eq!((posts(&env), env.sandbox.pets().len()), (1, 1));
    assert_run!(
        "if_absent_without_status_finds_any_status",
        env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--if-absent", "--json"])
    );
    // A batch of status-less records is the same.
    let file = env.home().join("rex.ndjson");
    std::fs::write(&file, "{\"name\":\"Rex\",\"categoryId\":1}\n{\"name\":\"Tom\",\"categoryId\":1}\n").unwrap();
    let run = env.run(&["pets", "add", "--file", file.to_str().unwrap(), "--if-absent"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(by_name(&env), BTreeMap::from([("Rex".to_owned(), 1), ("Tom".to_owned(), 1)]));
    // A status given is still the animal's: a sold Rex is another animal.
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--status", "sold", "--if-absent"]);
    assert_eq!((run.code, posts(&env)), (0, 3), "{run}");
}

/// `rex`, ` Rex `, and `Zoé` typed decomposed (`e` and a combining accent) are the animals `Rex` and `Zoé`, as
/// `pets find --name` finds them: 8 of 8 such adds created a second animal before.
#[test]
fn names_compare_as_pets_find_compares_them() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    for name in ["Rex", "Zo\u{e9}", "Big Tom"] {
        let run = env.run(&["pets", "add", "--name", name, "--category-id", "2"]);
        assert_eq!(run.code, 0, "{run}");
    }
    for name in ["rex", " Rex ", "REX", "Zoe\u{301}", "zo\u{c9}", "big  tom", "Big\tTom", " BIG TOM"] {
        let run = env.run(&["pets", "add", "--name", name, "--category-id", "2", "--if-absent"]);
        assert_eq!(run.code, 0, "{name:?}: {run}");
        assert!(run.stderr.contains("exists already"), "{name:?}: {run}");
        let found = env.run(&["pets", "find", "--name", name]);
        assert_eq!((found.code, found.stdout.lines().count()), (0, 1), "{name:?}: {found}");
    }
    assert_eq!(posts(&env), 3, "nothing more was sent");
    assert_run!(
        "if_absent_name_as_people_mean_it",
        env.run(&["pets", "add", "--name", "zoe\u{301} ", "--category-id", "2", "--if-absent"])
    );
}

/// Two runs at once on one machine: both used to look, both see nothing, both add (20 concurrent pairs
/// doubled 6). The look and the add of each now hold this server's write lock, so each pair adds one animal;
/// the run that waited says so on stderr, finds the animal and sends nothing. Single adds and batches alike.
#[test]
fn two_runs_at_once_add_one_animal() {
    let env =
        TestEnv::with(Config::default().seed_pets(0).latency(Duration::from_millis(40)..=Duration::from_millis(120)));
    let spawn = |args: &[&str]| {
        env.command()
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let file = env.home().join("pair.ndjson");
    std::fs::write(&file, "{\"name\":\"Batch-1\",\"categoryId\":3}\n{\"name\":\"Batch-2\",\"categoryId\":3}\n")
        .unwrap();
    let file = file.to_str().unwrap();
    for pair in 0..10 {
        let name = format!("Pair-{pair}");
        let add = ["pets", "add", "--name", &name, "--category-id", "3", "--if-absent"];
        let batch = ["pets", "add", "--file", file, "--if-absent"];
        let children = if pair % 3 == 2 { [spawn(&batch), spawn(&batch)] } else { [spawn(&add), spawn(&add)] };
        for child in children {
            let run = Run::checked(child.wait_with_output().unwrap());
            assert_eq!(run.code, 0, "{run}");
        }
    }
    let names = by_name(&env);
    assert!(names.values().all(|count| *count == 1), "each name once: {names:?}");
    assert_eq!(names.len(), 9, "seven single adds and a batch of two: {names:?}");
}
