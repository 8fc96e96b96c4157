//! `--jq` inside a bulk add cannot lose the batch: a filter that never ends gives way to a signal, one that
//! recurses too deep or fails is reported with the pets it did not show, and the batch writes down what it did
//! (`--failed`, the summary) and never exits 2, which promises that nothing was sent.

use std::process::Stdio;
use std::time::Duration;

use petstore_sandbox::Config;
use serde_json::Value;

use crate::assert_run;
use crate::batch_edges::{exits_within, file, kill, names_in, ndjson, temporary_files};
use crate::common::{Run, TestEnv};

/// The most a signal may take to end petstore: generous, so that a loaded machine does not fail the test.
const BOUND: Duration = Duration::from_secs(5);

fn empty() -> TestEnv {
    TestEnv::with(Config::default().seed_pets(0))
}

/// Every line of `stderr` is a JSON document (a `--jq` run is a JSON mode).
fn json_lines(run: &Run) -> Vec<Value> {
    run.stderr
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}\n{run}")))
        .collect()
}

/// A filter that never ends, on each created pet (`-o ndjson`) and on the document of them all: SIGTERM ends
/// it at once, with 143, the records not sent in `--failed` and no temporary file left behind. Before, the
/// filter held the batch's thread: the signal was never heard, and `--failed` stayed a `.partial` file.
#[cfg(target_os = "linux")]
#[test]
fn a_filter_that_never_ends_in_a_bulk_add_ends_at_sigterm_and_the_batch_is_written_down() {
    for (name, format, created) in [("each", &["-o", "ndjson"][..], 1), ("document", &[][..], 20)] {
        let env = empty();
        let path = file(&env, "pets.ndjson", &ndjson(20));
        let failed = env.home().join("failed.ndjson");
        let child = env
            .command()
            .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
            .args(["--concurrency", "1", "--jq", "def f: f; f"])
            .args(format)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let what = format!("a_filter_that_never_ends_in_a_bulk_add ({name})");
        crate::common::wait_for_handlers(child.id(), &[1, 2, 15], BOUND * 4, &what);
        // The filter spins on what was created: far more processor time than sending takes.
        let started = std::time::Instant::now();
        while env.sandbox.pets().len() < created {
            assert!(started.elapsed() < BOUND * 4, "{what}: only {} created", env.sandbox.pets().len());
            std::thread::sleep(Duration::from_millis(10));
        }
        crate::common::wait_for_cpu(child.id(), Duration::from_millis(300), BOUND * 4, &what);
        kill(&child, "TERM");
        let (run, took) = exits_within(child, BOUND * 4, &what);
        eprintln!("{what}: ended {took:?} after SIGTERM");
        assert!(took < BOUND, "{what}: took {took:?}\n{run}");
        assert_eq!(run.code, 143, "{what}: {run}");
        json_lines(&run);
        assert_run!(format!("batch_jq_never_ends_{name}"), run);
        assert_eq!(env.sandbox.pets().len(), created, "{what}: nothing sent after the signal");
        let not_sent: Vec<String> = (created + 1..=20).map(|line| format!("pet-{line}")).collect();
        assert_eq!(names_in(&failed), not_sent, "{what}");
        assert_eq!(temporary_files(env.home()), Vec::<String>::new(), "{what}");
    }
}

/// A filter that recurses too deep, on the first created pet: the pet is named with its id, the batch stops
/// (the rest in `--failed`) and says so, and exits 6, not 2. On the document of them all: every record was
/// created, and the exit says so (`batch_jq`, 6). Before, petstore exited 2 at once, with nothing written
/// down.
#[test]
fn a_filter_that_recurses_too_deep_in_a_bulk_add_is_reported_and_the_batch_is_written_down() {
    let env = empty();
    let path = file(&env, "pets.ndjson", &ndjson(5));
    let failed = env.home().join("failed.ndjson");
    let add = |extra: &[&str]| {
        let mut args = vec!["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()];
        args.extend_from_slice(&["--concurrency", "1", "--jq", "def f: [f]; f"]);
        args.extend_from_slice(extra);
        env.run(&args)
    };
    let run = add(&["-o", "ndjson"]);
    assert_eq!(run.code, 6, "{run}");
    json_lines(&run);
    assert_run!("batch_jq_too_deep_each", run);
    assert_eq!(env.sandbox.pets().len(), 1);
    assert_eq!(names_in(&failed), ["pet-2", "pet-3", "pet-4", "pet-5"]);

    let run = add(&[]);
    assert_eq!(run.code, 6, "{run}");
    json_lines(&run);
    assert_run!("batch_jq_too_deep_document", run);
    assert_eq!(env.sandbox.pets().len(), 6);
    assert_eq!(names_in(&failed), Vec::<String>::new());
    assert_eq!(temporary_files(env.home()), Vec::<String>::new());
}

/// A filter's own error on one pet names that pet and lets the batch go on, as jq goes on to its next input;
/// the batch, which created every record, exits 6 (`batch_jq`: send none again), not 2.
#[test]
fn a_filter_that_fails_on_one_pet_names_it_and_the_batch_goes_on() {
    let env = empty();
    let path = file(&env, "pets.ndjson", &ndjson(4));
    let failed = env.home().join("failed.ndjson");
    let run = env.run(&[
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--failed",
        failed.to_str().unwrap(),
        "--concurrency",
        "1",
        "-o",
        "ndjson",
        "--jq",
        r#"if .line == 2 then error("no line 2 here") else .pet.name end"#,
    ]);
    assert_eq!(run.code, 6, "{run}");
    json_lines(&run);
    assert_run!("batch_jq_fails_on_one", run);
    assert_eq!(env.sandbox.pets().len(), 4);
    assert_eq!(names_in(&failed), Vec::<String>::new());
}

/// A slow filter (about half a second a pet, under every bound) on each created pet, and a signal while 32
/// requests are out and no filter runs: after the signal the filter has one second in all, not one for each
/// pet, so petstore ends within the requests' grace (5 s, under the 10 s `docker stop` leaves before SIGKILL).
/// Before, each of the 32 answers ran the filter after the signal: 16 s, past any grace.
#[cfg(target_os = "linux")]
#[test]
fn after_a_signal_a_slow_filter_has_one_second_in_all_not_one_for_each_pet() {
    let latency = Duration::from_secs(2);
    let env = TestEnv::with(Config::default().seed_pets(0).latency(latency..=latency));
    let path = file(&env, "pets.ndjson", &ndjson(100));
    let failed = env.home().join("failed.ndjson");
    let child = env
        .command()
        .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
        .args(["--concurrency", "32", "-o", "ndjson", "--jq", "reduce range(400000) as $i (0; . + 1) | \"shown\""])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let what = "after_a_signal_a_slow_filter_has_one_second_in_all_not_one_for_each_pet";
    crate::common::wait_for_handlers(child.id(), &[1, 2, 15], BOUND * 4, what);
    let started = std::time::Instant::now();
    while env.sandbox.faults().delayed < 32 {
        assert!(started.elapsed() < BOUND * 4, "{what}: the requests never came");
        std::thread::sleep(Duration::from_millis(5));
    }
    kill(&child, "TERM");
    let (run, took) = exits_within(child, Duration::from_secs(60), what);
    assert_eq!(run.code, 143, "{run}");
    assert!(took < Duration::from_secs(8), "{what}: ended {took:?} after SIGTERM\n{run}");
    let lines = json_lines(&run);
    let summary = lines.iter().find_map(|line| line.get("summary")).expect("a summary");
    let count = |field: &str| summary[field].as_u64().unwrap();
    assert_eq!(count("created") + count("unknown"), 32, "{run}");
    assert_eq!(names_in(&failed).len(), 68, "{run}");
}
