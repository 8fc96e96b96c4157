//! A bulk add in a JSON mode writes only JSON on stderr: each record's failure, the pauses the server asks
//! for, why it stops, the records of unknown outcome, the progress and its summary, through faults and an
//! interruption alike.

use std::process::Stdio;
use std::time::{Duration, Instant};

use petstore_sandbox::Config;
use serde_json::Value;

use crate::batch_edges::{exits_within, file, kill, ndjson};
use crate::common::{Run, TestEnv};

/// Each line of stderr, parsed: a line that is not a JSON document fails the test.
fn json_lines(run: &Run) -> Vec<Value> {
    assert!(!run.stderr.is_empty(), "{run}");
    run.stderr
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}\n{run}")))
        .collect()
}

/// The one key of each line's object: `line` for a record, else what the line is.
fn kinds(lines: &[Value]) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            let object = line.as_object().expect("an object");
            if object.contains_key("line") { "line".to_owned() } else { object.keys().next().unwrap().clone() }
        })
        .collect()
}

/// Snapshots stderr alone, with the exit code, the sandbox's address and temporary directory filtered, and
/// the length of a pause (a `Retry-After` date is read to the second) as `[PAUSE]`.
fn assert_stderr(name: &str, run: &Run) {
    let mut filters = crate::common::filters();
    filters.push((r"pauses for [0-9.]+ s", "pauses for [PAUSE]"));
    let shown = format!("exit: {}\n----- stderr -----\n{}", run.code, run.stderr);
    insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, shown);
    });
}

/// Failures, lost replies and rate limits (the sandbox's fault mix, seeded), one request at a time so that the
/// seed gives the same answers each run: record failures, records of unknown outcome, the summary and the
/// final error are all JSON lines. Before, the pauses, the list of unknown outcomes and the
/// summary were prose.
#[test]
fn under_faults_a_bulk_add_with_json_errors_writes_only_json_lines() {
    let env = TestEnv::with(Config::default().seed_pets(0).fail_rate(0.3).lost_reply_rate(0.1).fault_seed(11));
    let path = file(&env, "pets.ndjson", &ndjson(12));
    let failed = env.home().join("failed.ndjson");
    let unknown = env.home().join("unknown.ndjson");
    let args = [
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--failed",
        failed.to_str().unwrap(),
        "--unknown",
        unknown.to_str().unwrap(),
        "--concurrency",
        "1",
    ];
    let run = Run::of(env.command().env("PETSTORE_ERROR_FORMAT", "json").args(args));
    assert_eq!(run.code, 6, "{run}");
    let lines = json_lines(&run);
    let shapes = kinds(&lines);
    // A scattered refusal delays its own record without a note; the note of a pause is `batch_edges`'s
    // `batch_rate_limit_lifts`, under `--json`.
    for kind in ["line", "unknown", "summary", "error"] {
        assert!(shapes.iter().any(|k| k == kind), "no `{kind}` line:\n{run}");
    }
    assert_eq!(shapes.last().map(String::as_str), Some("error"), "{run}");
    assert_eq!(shapes[shapes.len() - 2], "summary", "{run}");
    let summary = &lines[shapes.len() - 2]["summary"];
    let count = |field: &str| summary[field].as_u64().unwrap();
    assert_eq!(count("created") + count("failed") + count("unknown") + count("notSent"), 12, "{run}");
    assert_stderr("batch_json_faults", &run);

    // `--progress plain` writes JSON lines too, and `--json` is a JSON mode of its own.
    let run = env.run(&[&args[..], &["--progress", "plain", "--json"]].concat());
    let lines = json_lines(&run);
    assert!(kinds(&lines).iter().any(|k| k == "progress"), "{run}");
    let last_progress = lines.iter().rev().find_map(|line| line.get("progress")).unwrap();
    assert_eq!(last_progress["done"], 12, "{run}");
}

/// SIGTERM with two requests in flight: the wait for them, the summary (with its next step) and the
/// interruption are JSON lines. Before, the `stopping:` line, the summary and its `help:` were prose.
#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_bulk_add_with_json_errors_writes_only_json_lines() {
    let latency = Duration::from_secs(2);
    let env = TestEnv::with(Config::default().seed_pets(0).latency(latency..=latency));
    let path = file(&env, "pets.ndjson", &ndjson(10));
    let failed = env.home().join("failed.ndjson");
    let child = env
        .command()
        .env("PETSTORE_ERROR_FORMAT", "json")
        .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
        .args(["--concurrency", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let what = "an_interrupted_bulk_add_with_json_errors_writes_only_json_lines";
    crate::common::wait_for_handlers(child.id(), &[1, 2, 15], Duration::from_secs(20), what);
    let started = Instant::now();
    while env.sandbox.faults().delayed < 2 {
        assert!(started.elapsed() < Duration::from_secs(20), "{what}: the first two requests never came");
        std::thread::sleep(Duration::from_millis(5));
    }
    kill(&child, "TERM");
    let (run, _) = exits_within(child, Duration::from_secs(20), what);
    assert_eq!(run.code, 143, "{run}");
    assert_eq!(run.stdout.lines().count(), 2, "both in flight were created and shown: {run}");
    assert_eq!(kinds(&json_lines(&run)), ["stopping", "summary", "error"], "{run}");
    assert_stderr("batch_json_interrupted", &run);
}
