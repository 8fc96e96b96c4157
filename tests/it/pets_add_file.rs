//! `petstore pets add --file`: every format, the check pass (nothing sent when a record is invalid), output in
//! input order, failures and the `--failed` file, unknown outcomes, the progress bar and Ctrl-C.

use std::path::{Path, PathBuf};

use petstore_sandbox::Config;
use serde_json::{Value, json};

use crate::assert_run;
use crate::common::{Run, TestEnv};

/// A sandbox with no seed pets, so that its pets are exactly what a test added.
fn empty() -> TestEnv {
    TestEnv::with(Config::default().seed_pets(0))
}

/// Writes `text` to `name` in the test's home directory.
fn file(env: &TestEnv, name: &str, text: &str) -> PathBuf {
    let path = env.home().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn run_file(env: &TestEnv, path: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["pets", "add", "--file", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    env.run(&args)
}

/// The sandbox's pets without their ids, in id order.
fn stored(env: &TestEnv) -> Vec<Value> {
    env.sandbox
        .pets()
        .into_iter()
        .map(|mut pet| {
            pet.as_object_mut().unwrap().remove("id");
            pet
        })
        .collect()
}

/// `n` NDJSON records named `pet-LINE`.
fn ndjson(n: usize) -> String {
    (1..=n).map(|line| format!("{{\"name\":\"pet-{line}\",\"categoryId\":{}}}\n", line % 7)).collect()
}

#[test]
fn ndjson_creates_each_record() {
    let env = empty();
    let path = file(
        &env,
        "pets.ndjson",
        "{\"name\":\"Rex\",\"categoryId\":1}\n\n{\"name\":\"Tom\",\"categoryId\":-2,\"status\":\"sold\",\"tags\":[]}\n",
    );
    let run = run_file(&env, &path, &["--concurrency", "1"]);
    assert_run!("add_file_ndjson", run);
    assert_eq!(
        stored(&env),
        vec![json!({"name": "Rex", "categoryId": 1}), json!({"name": "Tom", "categoryId": -2, "status": "sold"})]
    );
}

#[test]
fn csv_columns_come_in_any_order() {
    let env = empty();
    let path = file(&env, "pets.CSV", "status,name,categoryId\npending,\"Tom, \"\"the cat\"\"\",2\n,Rex,1\n");
    let run = run_file(&env, &path, &["--json", "--concurrency", "1"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(
        stored(&env),
        vec![
            json!({"name": "Tom, \"the cat\"", "categoryId": 2, "status": "pending"}),
            json!({"name": "Rex", "categoryId": 1})
        ]
    );
    assert_eq!(run.json(), Value::Array(env.sandbox.pets()));
}

#[test]
fn a_json_array_creates_each_element() {
    let env = empty();
    let path = file(
        &env,
        "pets.json",
        "[\n  {\"name\": \"Rex\", \"categoryId\": 1},\n  {\n    \"name\": \"Kit\",\n    \"categoryId\": 3,\n    \"status\": \"available\"\n  }\n]\n",
    );
    let run = run_file(&env, &path, &["--concurrency", "1"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\tRex\t1\t\n2\tKit\t3\tavailable\n"), "{run}");
    assert_eq!(
        stored(&env),
        vec![json!({"name": "Rex", "categoryId": 1}), json!({"name": "Kit", "categoryId": 3, "status": "available"})]
    );
}

#[test]
fn stdin_needs_a_format_and_is_read_once() {
    let env = empty();
    let run = env.run_with_stdin(&["pets", "add", "--file", "-"], "");
    assert_run!("add_file_stdin_without_format", run);
    let run = env.run_with_stdin(&["pets", "add", "--file", "-", "--format", "csv"], "name,categoryId\nRex,1\nTom,2\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\tRex\t1\t\n2\tTom\t2\t\n"), "{run}");
    assert_eq!(env.sandbox.request_count(), 2);
}

#[test]
fn output_is_in_input_order_whatever_the_order_of_completion() {
    let env = TestEnv::with(
        Config::default()
            .seed_pets(0)
            .latency(std::time::Duration::from_millis(0)..=std::time::Duration::from_millis(30)),
    );
    let path = file(&env, "pets.ndjson", &ndjson(60));
    let run = run_file(&env, &path, &["--json", "--concurrency", "16"]);
    assert_eq!(run.code, 0, "{run}");
    let names: Vec<String> =
        run.json().as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, (1..=60).map(|line| format!("pet-{line}")).collect::<Vec<_>>());
    assert_eq!(env.sandbox.pets().len(), 60);

    // ndjson: each line as it completes, tagged with its input line.
    let run = run_file(&env, &path, &["--output", "ndjson", "--concurrency", "16"]);
    assert_eq!(run.code, 0, "{run}");
    let mut lines: Vec<(u64, String)> = run
        .stdout
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            (value["line"].as_u64().unwrap(), value["pet"]["name"].as_str().unwrap().to_owned())
        })
        .collect();
    lines.sort();
    assert_eq!(lines, (1..=60).map(|line| (line, format!("pet-{line}"))).collect::<Vec<_>>());
}

#[test]
fn invalid_records_are_all_listed_and_nothing_is_sent() {
    let env = empty();
    let path = file(
        &env,
        "pets.csv",
        "name,categoryId,status\nRex,1,available\nTom,x,\n,,lost\nKit,3,sold\nBad,1.5,Pending\nShort\n",
    );
    assert_run!("add_file_invalid_csv", run_file(&env, &path, &[]));
    let path = file(
        &env,
        "pets.json",
        "[\n{\"name\":\"Rex\",\"categoryId\":1},\n{\"name\":7,\"categoryId\":\"1\"},\n{\"categoryId\":1,\"status\":null}\n]",
    );
    assert_run!("add_file_invalid_json", run_file(&env, &path, &[]));
    let many: String = (1..=60).map(|line| format!("{{\"name\":\"pet-{line}\"}}\n")).collect();
    let path = file(&env, "many.ndjson", &many);
    assert_run!("add_file_invalid_many", run_file(&env, &path, &[]));
    assert_eq!(env.sandbox.request_count(), 0);
}

/// Issue 34, point 6: the JSON error of invalid records has a `records` array, one entry per problem with its
/// line and field (null for the record as a whole), so that a script need not read `line N:` out of the prose.
#[test]
fn the_json_error_lists_each_problem_with_its_line_and_field() {
    let env = empty();
    let path =
        file(&env, "pets.ndjson", "{\"name\":\"Rex\",\"categoryId\":1}\n{\"name\":\" \",\"categoryId\":\"2\"}\n[1]\n");
    let run = run_file(&env, &path, &["--json"]);
    assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{run}");
    let error: Value = serde_json::from_str(&run.stderr).unwrap();
    assert_eq!(
        error["error"]["records"],
        json!([
            {"line": 2, "field": "name", "message": "`name` is blank (empty or only white space): give the animal a name"},
            {"line": 2, "field": "categoryId", "message": "`categoryId` must be an integer, got \"2\""},
            {"line": 3, "field": null, "message": "expected a JSON object with `name` and `categoryId`, got an array"},
        ])
    );
    assert_eq!(env.sandbox.request_count(), 0);
}

/// `--skip-invalid` sends the valid records and sets the invalid ones aside: each reported with its line, and
/// written as it was read to `--failed` (beside the records that failed), for a re-run once put right; exit 6,
/// the invalid ones counted apart. A flaw it cannot set aside (a NUL byte) still stops the file, nothing sent.
#[test]
fn skip_invalid_sends_the_valid_records_and_sets_the_invalid_ones_aside_in_the_failed_file() {
    let env = empty();
    let path = file(&env, "pets.csv", "name,categoryId,status\nRex,1,\n,2,\nTom,x,lost\nKit,3,sold\n");
    let failed = env.home().join("failed.csv");
    let run = run_file(&env, &path, &["--skip-invalid", "--failed", failed.to_str().unwrap(), "--concurrency", "1"]);
    assert_run!("add_file_skip_invalid", run);
    assert_eq!(std::fs::read_to_string(&failed).unwrap(), "name,categoryId,status\n,2,\nTom,x,lost\n");
    assert_eq!(
        stored(&env),
        [json!({"name": "Rex", "categoryId": 1}), json!({"name": "Kit", "categoryId": 3, "status": "sold"})]
    );
    // Put right, the failed file sends exactly those.
    std::fs::write(&failed, "name,categoryId,status\nNew,2,\nTom,4,pending\n").unwrap();
    let run = run_file(&env, &failed, &["--progress", "none"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(stored(&env).len(), 4);

    // stdin, in a JSON mode: a line per record set aside, and `invalid` in the summary.
    let mut cmd = env.command();
    cmd.args(["pets", "add", "--file", "-", "--format", "ndjson", "--skip-invalid", "--progress", "none", "--json"]);
    let run = Run::with_stdin(&mut cmd, "{\"name\":\"A\",\"categoryId\":1}\nnope\n");
    assert_eq!(run.code, 6, "{run}");
    let lines: Vec<Value> = run.stderr.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines[0]["line"], 2, "{run}");
    assert_eq!(lines[0]["error"]["code"], "invalid_record", "{run}");
    assert_eq!(lines[0]["error"]["records"][0]["field"], Value::Null, "{run}");
    assert_eq!(lines[1]["summary"]["invalid"], 1, "{run}");
    assert_eq!(lines[2]["error"]["code"], "batch_incomplete", "{run}");
    assert_eq!(stored(&env).len(), 5);

    // A NUL byte is no record to set aside: nothing is sent.
    let path = file(&env, "nul.ndjson", "{\"name\":\"B\",\"categoryId\":1}\n\0\n");
    let run = run_file(&env, &path, &["--skip-invalid"]);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("help: `--skip-invalid` sets aside only records it can write back whole"), "{run}");
    assert_eq!(stored(&env).len(), 5);
}

#[test]
fn flags_are_checked_before_anything_is_read() {
    let env = empty();
    let path = file(&env, "pets.txt", "{\"name\":\"Rex\",\"categoryId\":1}\n");
    assert_run!("add_file_unknown_extension", run_file(&env, &path, &[]));
    let path = path.to_str().unwrap();
    let run = env.run(&["pets", "add", "--file", path, "--name", "Rex"]);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("cannot be used with"), "{run}");
    let run = env.run(&["pets", "add", "--file", path, "--format", "ndjson", "--concurrency", "0"]);
    assert_eq!(run.code, 2, "{run}");
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--failed", "x.ndjson"]);
    assert_eq!(run.code, 2, "{run}");
    let run = env.run(&["pets", "add", "--file", "/nonexistent/pets.ndjson"]);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.starts_with("error: cannot read `/nonexistent/pets.ndjson`: "), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn failed_records_go_to_the_failed_file_and_a_rerun_sends_exactly_those() {
    // A sandbox that keeps names of 1,000 bytes at most refuses one of 2,000 (400): a definite failure, which
    // nothing can mend, of a record petstore itself finds valid.
    let env = TestEnv::with(Config::default().seed_pets(0).name_max_bytes(1_000));
    let huge = "x".repeat(2_000);
    let path = file(&env, "pets.csv", &format!("name,categoryId\npet-2,1\npet-3,2\npet-4,3\n{huge},4\n"));
    let failed = env.home().join("failed.csv");
    let run = run_file(&env, &path, &["--failed", failed.to_str().unwrap(), "--concurrency", "1"]);
    let shown = run.to_string().replace(&huge, "[HUGE]");
    insta::with_settings!({ filters => crate::common::filters(), prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("add_file_partial_failure", shown);
    });
    assert_eq!(env.sandbox.request_count(), 4);
    assert_eq!(stored(&env).len(), 3);
    assert_eq!(std::fs::read_to_string(&failed).unwrap(), format!("name,categoryId\n{huge},4\n"));

    // The re-run sends that one again, and only it; it fails again, and the failed file says so again.
    let run = run_file(&env, &failed, &["--failed", failed.to_str().unwrap()]);
    assert_eq!(run.code, 6, "{}", run.to_string().replace(&huge, "[HUGE]"));
    assert_eq!(env.sandbox.request_count(), 5);
    assert_eq!(std::fs::read_to_string(&failed).unwrap(), format!("name,categoryId\n{huge},4\n"));
}

#[test]
fn a_refused_key_stops_the_batch_and_the_rerun_creates_the_rest() {
    let env = empty();
    let path = file(&env, "pets.json", &format!("[{}]", ndjson(20).trim_end().replace('\n', ",\n")));
    let failed = env.home().join("failed.json");
    let run = Run::of(env.command().env("PETSTORE_API_KEY", "wrong").args([
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--failed",
        failed.to_str().unwrap(),
        "--concurrency",
        "1",
    ]));
    assert_run!("add_file_wrong_key", run);
    assert_eq!(env.sandbox.pets().len(), 0);
    let run = run_file(&env, &failed, &["--failed", failed.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run}");
    let names: Vec<_> = env.sandbox.pets().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names.len(), 20);
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 20, "no duplicates");
    assert_eq!(std::fs::read_to_string(&failed).unwrap(), "[]\n", "nothing left to send");
}

#[test]
fn lost_replies_are_unknown_outcomes_listed_apart_and_not_in_the_failed_file() {
    let env = TestEnv::with(Config::default().seed_pets(0).lost_reply_rate(1.0));
    let path = file(&env, "pets.ndjson", &ndjson(3));
    let failed = env.home().join("failed.ndjson");
    let run = run_file(&env, &path, &["--failed", failed.to_str().unwrap(), "--concurrency", "1"]);
    assert_run!("add_file_unknown", run);
    assert_eq!(env.sandbox.request_count(), 3, "each sent once");
    assert_eq!(env.sandbox.pets().len(), 3, "the server created them all");
    assert_eq!(std::fs::read_to_string(&failed).unwrap(), "", "none may be sent again blindly");
}

/// The real binary against a real sandbox's faults, end to end. Each rate limit here is a real pause of a second
/// or more, so the records are few: the scheduler's own test (`petstore_core::batch`, on a paused clock) runs
/// 2,000 records through a denser mix.
#[test]
fn under_a_mix_of_faults_every_record_is_accounted_for_and_none_sent_twice() {
    const RECORDS: u64 = 40;
    let env =
        TestEnv::with(Config::default().seed_pets(0).fail_rate(0.2).drop_rate(0.1).lost_reply_rate(0.1).fault_seed(7));
    let path = file(&env, "pets.ndjson", &ndjson(RECORDS as usize));
    let failed = env.home().join("failed.ndjson");
    let run = run_file(&env, &path, &["--failed", failed.to_str().unwrap(), "--concurrency", "8", "-o", "ndjson"]);
    assert_eq!(run.code, 6, "{run}");
    // `-o ndjson` is a JSON mode: the failure is the last line, a JSON error document.
    let last: Value = serde_json::from_str(run.stderr.lines().last().unwrap()).unwrap();
    let summary = last["error"]["message"].as_str().unwrap();
    assert!(summary.starts_with("not every record was created: "), "{run}");
    let numbers: Vec<u64> =
        summary.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
    let [created, failed_count, unknown, not_sent] = numbers[..] else { panic!("{summary}") };
    assert_eq!(created + failed_count + unknown + not_sent, RECORDS, "{summary}");
    assert_eq!(run.stdout.lines().count() as u64, created);
    let in_failed = std::fs::read_to_string(&failed).unwrap().lines().count() as u64;
    assert_eq!(in_failed, failed_count + not_sent);
    // Every name on the server is there once, and no name in the failed file is on the server.
    let on_server: Vec<String> = env.sandbox.pets().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    let mut unique = on_server.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), on_server.len(), "a record was created twice");
    for line in std::fs::read_to_string(&failed).unwrap().lines() {
        let name = serde_json::from_str::<Value>(line).unwrap()["name"].as_str().unwrap().to_owned();
        assert!(!on_server.contains(&name), "{name} is on the server and in the failed file");
    }
}

#[test]
fn on_a_terminal_a_progress_bar_shows_done_total_rate_time_left_concurrency_and_failures() {
    // A name petstore finds valid, longer than this sandbox keeps: a record the server refuses.
    let env = TestEnv::with(Config::default().seed_pets(0).name_max_bytes(1_000));
    let huge = "x".repeat(2_000);
    let path = file(&env, "pets.ndjson", &format!("{}{{\"name\":\"{huge}\",\"categoryId\":1}}\n", ndjson(20)));
    let run = Run::of(env.command().env("PETSTORE_TEST_TERMINAL", "1").args([
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--color",
        "never",
    ]));
    let stderr = run.stderr.replace(&huge, "[HUGE]");
    assert_eq!(run.code, 6, "{stderr}");
    // The final state, left on the screen: a full bar, 21/21, a rate, no time left, one failure. indicatif pads
    // each line to the terminal's width (80 columns here) and lets the terminal wrap what follows.
    let last = stderr.rsplit("\r\x1b[2K").next().unwrap();
    let bar: String = last.chars().take(80).collect();
    let shape = regex_lite(bar.trim_end());
    // Without --concurrency, how many at once the batch found (8 to begin with; it may have grown).
    assert_eq!(shape, "[########################] 21/21 · N/s · Ns left · N at once · 1 failed", "{stderr:?}");
    assert!(stderr.contains("line 21: not created: "), "{stderr:?}");
    assert!(run.stdout.starts_with("ID  NAME"), "a table on a terminal: {}", run.stdout.replace(&huge, "[HUGE]"));

    // No bar with --quiet, nor when stderr is not a terminal.
    let run = Run::of(env.command().env("PETSTORE_TEST_TERMINAL", "1").args([
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--quiet",
    ]));
    assert!(!run.stderr.contains("21/21"), "{}", run.stderr.replace(&huge, "[HUGE]"));
    let run = run_file(&env, &path, &[]);
    assert!(!run.stderr.contains("21/21"), "{}", run.stderr.replace(&huge, "[HUGE]"));
}

/// Digits runs as `N`, the rest as it is: the bar's shape without its timings.
fn regex_lite(text: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in text.chars() {
        if c.is_ascii_digit() || (in_number && c == ',') {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    // The counts are checked as written; only the rate and time left vary.
    out.replacen("N/N ·", "21/21 ·", 1).replacen("· N failed", "· 1 failed", 1)
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_sending_finishes_what_is_in_flight_and_loses_nothing() {
    use std::time::{Duration, Instant};
    let env =
        TestEnv::with(Config::default().seed_pets(0).latency(Duration::from_millis(40)..=Duration::from_millis(40)));
    let total = 400;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let child = env
        .command()
        .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
        .args(["--concurrency", "4"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while env.sandbox.pets().len() < 20 {
        assert!(started.elapsed() < Duration::from_secs(20), "nothing was created");
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let run = Run::checked(child.wait_with_output().unwrap());
    assert_eq!(run.code, 130, "{run}");
    assert!(run.stderr.contains("stopping: waiting for the "), "{run}");
    assert!(run.stderr.ends_with("error: interrupted\n"), "{run}");

    let on_server: Vec<String> = env.sandbox.pets().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    let not_sent: Vec<String> = std::fs::read_to_string(&failed)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(on_server.len() < total, "the batch finished before Ctrl-C; make it slower");
    assert_eq!(run.stdout.lines().count(), on_server.len(), "every created pet was printed");
    assert_eq!(env.sandbox.request_count() as usize, on_server.len(), "nothing sent went uncreated");
    let mut all: Vec<String> = on_server.iter().chain(&not_sent).cloned().collect();
    all.sort_by_key(|name| name[4..].parse::<usize>().unwrap());
    let expected: Vec<String> = (1..=total).map(|line| format!("pet-{line}")).collect();
    assert_eq!(all, expected, "each record is on the server or in the failed file, exactly once");
    let summary = format!("created {} / failed 0 / unknown 0 / not sent {}", on_server.len(), not_sent.len());
    assert!(run.stderr.contains(&summary), "{summary}\n{run}");

    // The re-run sends exactly the rest.
    let run = run_file(&env, &failed, &["--failed", failed.to_str().unwrap(), "--concurrency", "32"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(env.sandbox.pets().len(), total);
    assert_eq!(env.sandbox.request_count() as usize, total);
}

/// Without `--concurrency`, against a server that takes 16 connections (the 17th gets 503 with `Retry-After`)
/// 20 to 30 ms away: the batch finds how many it takes, and every record is created exactly once, none failed
/// or of unknown outcome for having been refused.
#[test]
fn the_default_concurrency_finds_a_server_of_16_connections_without_losing_or_doubling_a_record() {
    use std::time::Duration;
    let env = TestEnv::with(
        Config::default()
            .seed_pets(0)
            .max_connections(16)
            .latency(Duration::from_millis(20)..=Duration::from_millis(30)),
    );
    let total = 600;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let run = run_file(&env, &path, &["--progress", "plain"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stderr.contains(&format!("created {total} / failed 0 / unknown 0 / not sent 0")), "{run}");
    let mut names: Vec<String> = env.sandbox.pets().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    names.sort_by_key(|name| name[4..].parse::<usize>().unwrap());
    let expected: Vec<String> = (1..=total).map(|line| format!("pet-{line}")).collect();
    assert_eq!(names, expected, "every record once");
    assert_eq!(run.stdout.lines().count(), total, "every created pet printed");
}
