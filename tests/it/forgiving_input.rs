//! Input read as a person means it: values in any case, numbers in any JSON form, a CSV header in any case or
//! separated by `;`; and what is refused is refused in plain words, never in Rust's.

use crate::assert_run;
use crate::common::TestEnv;

#[test]
fn values_are_read_in_any_case() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "list", "--status", "Sold"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(!run.stdout.is_empty() && run.stdout.lines().all(|line| line.ends_with("\tsold")), "{run}");
    let run = env.run(&["--output", "JSON", "--color", "Never", "pets", "list", "--limit", "1"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stdout.starts_with("[{"), "{run}");
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--status", "AVAILABLE"]);
    assert_eq!((run.code, run.stdout.trim_end().ends_with("\tavailable")), (0, true), "{run}");
}

#[test]
fn numbers_are_read_as_a_file_reads_them() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1.0"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stdout.contains("\tRex\t1\t"), "{run}");
    let run = env.run(&["pets", "list", "--limit", "2e0"]);
    assert_eq!((run.code, run.stdout.lines().count()), (0, 2), "{run}");
    let run = env.run(&["pets", "get", "3.0"]);
    assert_eq!(run.code, 0, "{run}");
}

#[test]
fn bad_numbers_are_refused_in_words() {
    let env = TestEnv::new();
    let mut shown = String::new();
    for args in [
        &["pets", "list", "--limit", "0"][..],
        &["pets", "list", "--limit", "abc"],
        &["pets", "list", "--limit", "99999999999999999999999"],
        &["pets", "add", "--name", "Rex", "--category-id", "1.5"],
        &["pets", "add", "--name", "Rex", "--category-id", "99999999999999999999"],
        &["pets", "add", "--name", "Rex", "--category-id", "one"],
        &["pets", "add", "--file", "x.csv", "--concurrency", "1000"],
        &["pets", "get", "abc"],
    ] {
        let run = env.run(args);
        assert_eq!(run.code, 2, "{run}");
        for rust in ["..=", "invalid digit", "too large to fit", "target type"] {
            assert!(!run.stderr.contains(rust), "{args:?}: {run}");
        }
        shown.push_str(&format!("$ petstore {}\n{}", args.join(" "), run.stderr));
    }
    insta::with_settings!({ prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("bad_numbers_in_words", shown);
    });
    assert_eq!(env.sandbox.request_count(), 0, "nothing was sent");
}

#[test]
fn a_csv_header_in_any_case_and_semicolons_are_read() {
    let env = TestEnv::with(petstore_sandbox::Config::default().seed_pets(0));
    let file = env.home().join("pets.csv");
    std::fs::write(&file, "Name;CategoryID;Status\r\nRex;1;Available\r\n\"Tom; the cat\";2;\r\n").unwrap();
    // One at a time: the ids the sandbox gives follow the order the requests arrive in.
    let run = env.run(&["pets", "add", "--file", file.to_str().unwrap(), "--concurrency", "1"]);
    assert_run!("csv_semicolons_any_case", run);
    let names: Vec<_> = env.sandbox.pets().iter().map(|pet| pet["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, ["Rex", "Tom; the cat"]);
}
