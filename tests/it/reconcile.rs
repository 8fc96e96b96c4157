//! Issue 21, points 5 and 6: records of unknown outcome written down (`--unknown`), and reconciled
//! (`--skip-existing`) until every record is on the server exactly once.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use petstore_sandbox::Config;
use serde_json::Value;

use crate::assert_run;
use crate::common::{Run, TestEnv};

/// `n` records with distinct names, statuses in rotation (and one in four with none).
fn records(n: usize) -> String {
    let statuses = ["available", "pending", "sold"];
    (0..n)
        .map(|i| {
            let status = if i % 4 == 3 { String::new() } else { format!(r#","status":"{}""#, statuses[i % 3]) };
            format!("{{\"name\":\"Pet {i}\",\"categoryId\":{}{status}}}\n", i % 5 + 1)
        })
        .collect()
}

fn write(env: &TestEnv, name: &str, text: &str) -> PathBuf {
    let path = env.home().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn add(env: &TestEnv, file: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["pets", "add", "--file", file.to_str().unwrap(), "--progress", "none"];
    args.extend_from_slice(extra);
    env.run(&args)
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

/// A record's or animal's identity: name, categoryId and status (null for none).
fn key(value: &Value) -> String {
    format!("{} {} {}", value["name"], value["categoryId"], value.get("status").unwrap_or(&Value::Null))
}

/// How many times each (name, categoryId, status) is on the server.
fn on_server(env: &TestEnv) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for pet in env.sandbox.pets() {
        *counts.entry(key(&pet)).or_default() += 1;
    }
    counts
}

/// The files in the test's home besides those named and the harness's own (the config directory, and the
/// sandbox's CA over HTTPS): no temporary file may be left.
fn others(env: &TestEnv, named: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(env.home())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !named.contains(&name.as_str()) && name != "config" && env.home().join(name) != env.ca_file())
        .collect();
    names.sort();
    names
}

#[test]
fn lost_replies_go_to_the_unknown_file_and_nowhere_else() {
    let env = TestEnv::with(Config::default().seed_pets(0).lost_reply_rate(0.3).fault_seed(11));
    let input = write(&env, "pets.ndjson", &records(30));
    let (failed, unknown) = (env.home().join("failed.ndjson"), env.home().join("unknown.ndjson"));
    let run = add(&env, &input, &["--failed", failed.to_str().unwrap(), "--unknown", unknown.to_str().unwrap()]);
    assert_eq!(run.code, 6, "{run}");
    let kept = lines(&unknown);
    let lost = env.sandbox.faults().lost_replies as usize;
    assert!(lost > 0 && kept.len() == lost, "{lost} lost replies, {} in the file:\n{run}", kept.len());
    assert_eq!(lines(&failed), Vec::<Value>::new());
    // A lost reply is a created animal: each record in the file is on the server, once.
    let counts = on_server(&env);
    for record in &kept {
        assert_eq!(counts.get(&key(record)), Some(&1), "{record}");
    }
    assert!(run.stderr.contains("they are in `[TMP]") || run.stderr.contains("unknown.ndjson`"), "{run}");
    assert_eq!(others(&env, &["pets.ndjson", "failed.ndjson", "unknown.ndjson"]), Vec::<String>::new());
}

#[test]
fn the_unknown_path_is_checked_like_the_failed_one_before_anything_is_sent() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let input = write(&env, "pets.ndjson", &records(3));
    std::fs::create_dir(env.home().join("dir")).unwrap();
    let dir = env.home().join("dir");
    assert_run!("unknown_is_a_directory", add(&env, &input, &["--unknown", dir.to_str().unwrap()]));
    let same = env.home().join("out.ndjson");
    let same = same.to_str().unwrap();
    assert_run!("unknown_is_the_failed_file", add(&env, &input, &["--unknown", same, "--failed", same]));
    let missing = env.home().join("no/such/dir/unknown.ndjson");
    assert_run!("unknown_in_a_missing_directory", add(&env, &input, &["--unknown", missing.to_str().unwrap()]));
    assert_eq!(env.sandbox.request_count(), 0);
    // Replaced whole, even when empty, in the input's format.
    let csv = write(&env, "pets.csv", "name,categoryId\nRex,1\n");
    let unknown = env.home().join("unknown.csv");
    std::fs::write(&unknown, "old").unwrap();
    let run = add(&env, &csv, &["--unknown", unknown.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(std::fs::read_to_string(&unknown).unwrap(), "name,categoryId\n");
    assert_eq!(others(&env, &["pets.ndjson", "pets.csv", "unknown.csv", "dir"]), Vec::<String>::new());
}

#[test]
fn skip_existing_looks_up_once_and_skips_what_exists() {
    let env = TestEnv::with(Config::default().seed_pets(5));
    // Rex and Milo are seeded (ids 1 and 3) with these categories and statuses; Kit is new.
    let input = write(
        &env,
        "pets.ndjson",
        "{\"name\":\"Rex\",\"categoryId\":1,\"status\":\"available\"}\n\
         {\"name\":\"Kit\",\"categoryId\":7}\n\
         {\"name\":\"Milo\",\"categoryId\":3,\"status\":\"sold\"}\n\
         {\"name\":\"Milo\",\"categoryId\":3,\"status\":\"pending\"}\n",
    );
    let run = add(&env, &input, &["--skip-existing", "-o", "ndjson", "--concurrency", "1"]);
    assert_run!("skip_existing_ndjson", run);
    let gets = env.sandbox.request_lines().iter().filter(|line| line.starts_with("GET ")).count();
    assert_eq!(gets, 4, "one lookup for the batch: the unfiltered list and one per status");
    assert_eq!(env.sandbox.pets().len(), 7);
    // Again: everything exists now.
    let run = add(&env, &input, &["--skip-existing"]);
    assert_run!("skip_existing_all_there", run);
    assert_eq!(env.sandbox.pets().len(), 7);
}

#[test]
fn a_record_past_a_full_status_cannot_be_told_and_is_not_sent() {
    let env = TestEnv::with(Config::default().seed_pets(400));
    let input = write(
        &env,
        "pets.ndjson",
        "{\"name\":\"Rex\",\"categoryId\":1,\"status\":\"available\"}\n{\"name\":\"New\",\"categoryId\":1,\"status\":\"sold\"}\n",
    );
    let (unknown, undecided) = (env.home().join("unknown.ndjson"), env.home().join("undecided.ndjson"));
    let files = ["--unknown", unknown.to_str().unwrap(), "--undecided", undecided.to_str().unwrap()];
    let run = add(&env, &input, &[&["--skip-existing"][..], &files].concat());
    assert_run!("skip_existing_undecided", run);
    assert_eq!(env.sandbox.pets().len(), 400, "nothing sent");
    assert_eq!(lines(&undecided), [serde_json::json!({"name": "New", "categoryId": 1, "status": "sold"})]);
    assert_eq!(lines(&unknown), Vec::<Value>::new(), "nothing was sent, so no outcome is unknown");
}

/// Records `--skip-existing` cannot decide go to `--undecided`, not `--unknown`; when nothing else is left the
/// batch says so, exit 7; while something a re-run can settle is left, exit 6. In a JSON mode each is a line.
#[test]
fn only_undecided_records_left_is_exit_7_and_they_have_a_file_of_their_own() {
    // 150 animals: each status has 50, so a record with one is decided; the unfiltered list is full, so one
    // with none is not.
    let env = TestEnv::with(Config::default().seed_pets(150).name_max_bytes(1_000));
    let input =
        write(&env, "pets.csv", "name,categoryId,status\nRex,1,available\nNew,2,sold\nNobody,3,\nNobody else,4,\n");
    let (unknown, undecided) = (env.home().join("unknown.csv"), env.home().join("undecided.csv"));
    let files = ["--unknown", unknown.to_str().unwrap(), "--undecided", undecided.to_str().unwrap()];
    let run = add(&env, &input, &[&["--skip-existing", "--concurrency", "1"][..], &files].concat());
    assert_run!("skip_existing_only_undecided_left", run);
    assert_eq!(std::fs::read_to_string(&undecided).unwrap(), "name,categoryId,status\nNobody,3,\nNobody else,4,\n");
    assert_eq!(std::fs::read_to_string(&unknown).unwrap(), "name,categoryId,status\n");
    assert_eq!(env.sandbox.pets().len(), 151, "New only");
    // In a JSON mode: one line per undecided record, and the end as a JSON error.
    let run = Run::of(env.command().env("PETSTORE_ERROR_FORMAT", "json").args([
        "pets",
        "add",
        "--file",
        input.to_str().unwrap(),
        "--skip-existing",
        "--concurrency",
        "1",
        "--progress",
        "none",
    ]));
    assert_eq!(run.code, 7, "{run}");
    let lines: Vec<Value> = run.stderr.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    // The summary is there as in every other ending that is not a success (docs/errors.md), for a reconciling
    // loop to read its figures.
    let summaries: Vec<&Value> = lines.iter().filter_map(|line| line.get("summary")).collect();
    assert_eq!(summaries.len(), 1, "one summary line: {run}");
    let summary = summaries[0];
    assert_eq!((summary["skipped"].as_u64(), summary["undecided"].as_u64()), (Some(2), Some(2)), "{run}");
    assert_eq!((summary["created"].as_u64(), summary["failed"].as_u64()), (Some(0), Some(0)), "{run}");
    assert!(summary["hint"].as_str().unwrap().contains("--undecided PATH"), "{run}");
    let errors: Vec<&Value> = lines.iter().filter(|line| line.get("error").is_some()).collect();
    let codes: Vec<(&str, u64)> = errors
        .iter()
        .map(|e| (e["error"]["code"].as_str().unwrap(), e["error"]["exitCode"].as_u64().unwrap()))
        .collect();
    assert_eq!(codes, [("undecided", 7), ("undecided", 7), ("batch_undecided", 7)], "{run}");
    assert_eq!((errors[0]["line"].as_u64(), errors[1]["line"].as_u64()), (Some(4), Some(5)));
    assert!(lines.last().unwrap().get("error").is_some(), "the error is the last line: {run}");
    // One that failed besides (a name longer than this sandbox keeps): a re-run may settle that one, so exit 6.
    let long = "x".repeat(2_000);
    let mixed = write(&env, "mixed.csv", &format!("name,categoryId,status\nNobody,3,\n{long},5,sold\n"));
    let run = add(&env, &mixed, &["--skip-existing"]);
    assert_eq!(run.code, 6, "{run}");
    assert!(run.stderr.ends_with("created 0 / failed 1 / unknown 0 / not sent 0 / skipped 0 / undecided 1\nhelp: pass `--failed PATH` to keep the records that were not created, for a re-run; pass `--undecided PATH` to keep the undecided records in a file\n"), "{run}");
}

/// `--undecided` is checked as `--failed` is, never one file with another flag's, and needs `--if-absent`.
#[test]
fn the_undecided_path_is_checked_before_anything_is_sent() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let input = write(&env, "pets.ndjson", &records(3));
    let same = env.home().join("out.ndjson");
    let same = same.to_str().unwrap();
    for other in ["--failed", "--unknown"] {
        let run = add(&env, &input, &["--skip-existing", other, same, "--undecided", same]);
        assert_eq!(run.code, 2, "{run}");
        let flag = other.trim_start_matches("--");
        assert!(
            run.stderr.starts_with(&format!(
                "error: `--undecided {same}` cannot be used, so nothing was sent: it is the `--{flag}` file too"
            )),
            "{run}"
        );
    }
    let dir = env.home().to_str().unwrap();
    let run = add(&env, &input, &["--skip-existing", "--undecided", dir]);
    assert_eq!(run.code, 2, "{run}");
    let run = add(&env, &input, &["--undecided", same]);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("--if-absent"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

/// The reconciling loop of docs/bulk.md, as written there, run by `sh` against a faulty sandbox, with records
/// of which one has no status in a store past 100 animals, so that no query can decide it: the loop ends (before:
/// `undecided 1` every round, for ever), every other record is on the server exactly once, and the undecidable
/// one is in `undecided.csv` alone.
#[test]
fn the_documented_reconcile_loop_ends_with_an_undecidable_record() {
    const RECORDS: usize = 40;
    let env = TestEnv::with(Config::default().seed_pets(150).lost_reply_rate(0.2).drop_rate(0.1).fault_seed(3));
    let doc = include_str!("../../docs/bulk.md");
    // The code of each `sh` block (up to its closing fence), the first that names `--undecided`.
    let code = |block: &'static str| &block[..block.find("```").unwrap_or(block.len())];
    let block =
        doc.split("```sh\n").map(code).find(|code| code.contains("--undecided")).expect("the loop in docs/bulk.md");
    let script: String = block.lines().map(|line| format!("{}\n", line.trim_start())).collect();
    let mut csv = "name,categoryId,status\n".to_owned();
    for i in 0..RECORDS {
        csv.push_str(&format!("Pet {i},{},{}\n", i % 5 + 1, ["available", "pending", "sold"][i % 3]));
    }
    csv.push_str("Stray,1,\n");
    write(&env, "pets.csv", &csv);
    let petstore = env.command();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_petstore")).parent().unwrap();
    let mut cmd = std::process::Command::new("timeout");
    cmd.args(["120", "sh", "-c", &script]).env_clear().current_dir(env.home());
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap());
    let run = Run::of(cmd.env("PATH", path));
    assert_eq!(run.code, 0, "the script itself: {run}");
    let last = run.stdout.lines().next_back().unwrap_or_default();
    let (round, code) = last.strip_prefix("round ").and_then(|rest| rest.split_once(": exit ")).expect(last);
    let rounds: usize = round.parse().unwrap();
    assert_eq!(code, "7", "{run}");
    assert!((2..10).contains(&rounds), "ended in round {rounds}:\n{run}");
    let summaries = run.stderr.lines().filter(|line| line.contains(" / undecided ")).count();
    assert_eq!(summaries, rounds, "one summary a round:\n{run}");
    let last_summary = run.stderr.lines().rfind(|line| line.contains(" / undecided ")).unwrap();
    assert!(
        last_summary.starts_with("error: nothing left that can be decided: whether 1 record exists"),
        "{last_summary}"
    );
    assert!(last_summary.contains(" / failed 0 / unknown 0 / not sent 0 / "), "{last_summary}");
    assert!(last_summary.ends_with(" / undecided 1"), "{last_summary}");
    assert_eq!(
        std::fs::read_to_string(env.home().join("undecided.csv")).unwrap(),
        "name,categoryId,status\nStray,1,\n"
    );
    for file in ["failed.csv", "unknown.csv"] {
        assert_eq!(std::fs::read_to_string(env.home().join(file)).unwrap(), "name,categoryId,status\n", "{file}");
    }
    let counts = on_server(&env);
    for i in 0..RECORDS {
        let status = ["available", "pending", "sold"][i % 3];
        let record = serde_json::json!({"name": format!("Pet {i}"), "categoryId": i % 5 + 1, "status": status});
        assert_eq!(counts.get(&key(&record)), Some(&1), "{record}");
    }
}

/// A faulty batch, then its `--unknown` and `--failed` files fed back with `--skip-existing` until both are
/// empty: every record ends on the server exactly once.
#[test]
fn reconciling_a_faulty_batch_leaves_each_record_exactly_once() {
    const RECORDS: usize = 60;
    let env =
        TestEnv::with(Config::default().seed_pets(0).lost_reply_rate(0.2).fail_rate(0.1).drop_rate(0.05).fault_seed(5));
    let input = write(&env, "pets.ndjson", &records(RECORDS));
    let (failed, unknown) = (env.home().join("failed.ndjson"), env.home().join("unknown.ndjson"));
    let files = ["--failed", failed.to_str().unwrap(), "--unknown", unknown.to_str().unwrap()];
    let mut run = add(&env, &input, &files);
    let mut rounds = 1;
    while !(lines(&failed).is_empty() && lines(&unknown).is_empty()) {
        assert!(rounds < 10, "not reconciled after {rounds} rounds:\n{run}");
        let again: String = [&failed, &unknown].iter().map(|path| std::fs::read_to_string(path).unwrap()).collect();
        let again = write(&env, "again.ndjson", &again);
        let mut args = vec!["--skip-existing"];
        args.extend_from_slice(&files);
        run = add(&env, &again, &args);
        rounds += 1;
    }
    assert_eq!(run.code, 0, "{run}");
    assert!(rounds > 1, "the faults made a second round needed");
    let counts = on_server(&env);
    assert_eq!(counts.len(), RECORDS, "every record is there");
    assert!(counts.values().all(|&n| n == 1), "a record was created twice: {counts:?}");
    for record in records(RECORDS).lines() {
        let record: Value = serde_json::from_str(record).unwrap();
        assert_eq!(counts.get(&key(&record)), Some(&1), "{record}");
    }
}

/// Issue 34, point 1: `pets add --if-absent` for one animal is safe to repeat. The first run creates it, the
/// second prints the same animal (exit 0, `"created": false` in JSON) and sends no POST; a different status is
/// a different animal. Where the API cannot show whether it exists, it sends nothing (exit 7) unless
/// `--if-absent=send`.
#[test]
fn if_absent_makes_a_single_add_safe_to_repeat() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let solo = ["pets", "add", "--name", "Solo", "--category-id", "1", "--if-absent"];
    let first = env.run(&[&solo[..], &["--json"]].concat());
    assert_eq!((first.code, first.stderr.as_str()), (0, ""), "{first}");
    let created: Value = serde_json::from_str(&first.stdout).unwrap();
    assert_eq!(created["created"], true, "{first}");
    let again = env.run(&[&solo[..], &["--json"]].concat());
    assert_eq!(again.code, 0, "{again}");
    let found: Value = serde_json::from_str(&again.stdout).unwrap();
    assert_eq!(found, serde_json::json!({"id": created["id"], "name": "Solo", "categoryId": 1, "created": false}));
    assert_run!("if_absent_exists", env.run(&solo));
    let posts = |env: &TestEnv| env.sandbox.request_lines().iter().filter(|line| line.starts_with("POST ")).count();
    assert_eq!((posts(&env), env.sandbox.pets().len()), (1, 1));
    // `--skip-existing` is the same flag; another status is another animal.
    let sold = env.run(&["pets", "add", "--name", "Solo", "--category-id", "1", "--status", "sold", "--skip-existing"]);
    assert_eq!((sold.code, posts(&env)), (0, 2), "{sold}");

    // 400 animals: every status's list is full, so an `available` Solo may exist past the first 100.
    let env = TestEnv::with(Config::default().seed_pets(400));
    let past = ["pets", "add", "--name", "Solo", "--category-id", "1", "--status", "available"];
    assert_run!("if_absent_undecidable", env.run(&[&past[..], &["--if-absent"]].concat()));
    assert_eq!(env.sandbox.pets().len(), 400, "nothing sent");
    let sent = env.run(&[&past[..], &["--if-absent=send"]].concat());
    assert_eq!(sent.code, 0, "{sent}");
    assert_eq!(
        sent.stderr,
        "note: whether it exists cannot be told, as the API shows only the first 100 `available` animals: sending \
         it, as `--if-absent=send` says\n"
    );
    assert_eq!(env.sandbox.pets().len(), 401);
}

/// `--if-absent=send` in a batch sends the records whose existence cannot be told, instead of holding them.
#[test]
fn if_absent_send_sends_the_undecidable_records_of_a_batch() {
    let env = TestEnv::with(Config::default().seed_pets(150));
    let input = write(&env, "pets.csv", "name,categoryId,status\nNobody,3,\nNew,2,sold\n");
    let run = add(&env, &input, &["--if-absent=send"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stderr.ends_with("created 2 / failed 0 / unknown 0 / not sent 0 / skipped 0 / undecided 0\n"), "{run}");
    assert_eq!(env.sandbox.pets().len(), 152);
}

/// Issue 42: the progress counts each record as the summary does: an undecided record is no failure, and a
/// record set aside as invalid is one of the records done.
#[test]
fn the_progress_counts_each_record_as_the_summary_does() {
    let env = TestEnv::with(Config::default().seed_pets(150));
    let input = write(
        &env,
        "pets.csv",
        "name,categoryId,status\nRex,1,available\nNew,2,sold\nNobody,3,\nNobody else,4,\nBroken,x,sold\n",
    );
    let run = env.run(&[
        "pets",
        "add",
        "--file",
        input.to_str().unwrap(),
        "--if-absent",
        "--skip-invalid",
        "--concurrency",
        "1",
        "--progress",
        "plain",
    ]);
    assert_eq!(run.code, 6, "{run}");
    let progress = run.stderr.lines().rfind(|line| line.starts_with("progress: ")).expect("a progress line");
    let (start, rest) = progress.split_once("/s").expect("a rate");
    assert!(start.starts_with("progress: 5 of 5 done (100%), "), "{run}");
    assert_eq!(rest, ", 2 undecided, 1 invalid", "{run}");
    assert!(
        run.stderr.contains("error: not every record was created: created 1 / failed 0 / unknown 0 / not sent 0 / skipped 1 / undecided 2 / invalid 1\n"),
        "{run}"
    );
    // The same figures in a JSON mode.
    let run = Run::of(env.command().env("PETSTORE_ERROR_FORMAT", "json").args([
        "pets",
        "add",
        "--file",
        input.to_str().unwrap(),
        "--if-absent",
        "--skip-invalid",
        "--concurrency",
        "1",
        "--progress",
        "plain",
    ]));
    let last: Value = run
        .stderr
        .lines()
        .rev()
        .find_map(|line| serde_json::from_str::<Value>(line).ok()?.get("progress").cloned())
        .expect("a progress line");
    let counts = ["done", "total", "failed", "unknown", "undecided", "invalid"].map(|key| last[key].as_u64());
    assert_eq!(counts, [Some(5), Some(5), Some(0), Some(0), Some(2), Some(1)], "{run}");
}
