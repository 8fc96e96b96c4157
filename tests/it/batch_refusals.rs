//! `pets add --file` against a server that refuses or fails: a full store (507), a key refused with a body over
//! the client's cap, an outage of 5xx, a `Retry-After` no clock holds, and the temporary `--failed` files that
//! killed runs leave behind. Every input record ends in exactly one place: created, `--failed`, or reported as
//! of unknown outcome.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant, SystemTime};

use petstore_sandbox::Config;

use crate::assert_run;
use crate::batch_edges::{exits_within, file, kill, names_in, ndjson, summary, temporary_files};
use crate::common::canned::Canned;
use crate::common::{Run, TestEnv};

/// `petstore pets add --file PATH --failed FAILED --concurrency N`, against `base_url` when given.
fn batch(env: &TestEnv, base_url: Option<&str>, path: &Path, failed: &Path, concurrency: u16) -> Run {
    let mut cmd = env.command();
    if let Some(url) = base_url {
        cmd.env("PETSTORE_BASE_URL", url);
    }
    Run::of(
        cmd.args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
            .args(["--concurrency", &concurrency.to_string()]),
    )
}

/// The line numbers a run reported as of unknown outcome, one by one (`line N: outcome unknown: ...`).
pub(crate) fn unknown_lines(stderr: &str) -> Vec<usize> {
    stderr
        .lines()
        .filter(|line| line.contains(": outcome unknown: "))
        .map(|line| line.strip_prefix("line ").unwrap().split(':').next().unwrap().parse().unwrap())
        .collect()
}

/// Every record of `pet-1..=total` is in exactly one of `created`, `failed` and `unknown`.
pub(crate) fn each_once(total: usize, created: Vec<String>, failed: Vec<String>, unknown: Vec<usize>) {
    let mut all: Vec<String> =
        created.into_iter().chain(failed).chain(unknown.into_iter().map(|line| format!("pet-{line}"))).collect();
    all.sort_by_key(|name| name[4..].parse::<usize>().unwrap());
    assert_eq!(all, (1..=total).map(|line| format!("pet-{line}")).collect::<Vec<_>>(), "each record exactly once");
}

pub(crate) fn sandbox_names(env: &TestEnv) -> Vec<String> {
    env.sandbox.pets().iter().map(|pet| pet["name"].as_str().unwrap().to_owned()).collect()
}

/// A store with room for 20 and a file of 200: the 507 is a refusal, so the batch stops sending at the first
/// one, and everything not created is in `--failed`; nothing is of unknown outcome.
#[test]
fn a_full_store_stops_the_batch_and_the_rest_is_in_the_failed_file() {
    for concurrency in [1, 8] {
        let env = TestEnv::with(Config::default().seed_pets(0).max_pets(20));
        let total = 200;
        let path = file(&env, "pets.ndjson", &ndjson(total));
        let failed = env.home().join("failed.ndjson");
        let run = batch(&env, None, &path, &failed, concurrency);
        assert_eq!(run.code, 6, "{run}");
        let [created, failed_count, unknown, not_sent] = summary(&run.stderr);
        assert_eq!((created, unknown), (20, 0), "{run}");
        let posts = env.sandbox.request_count();
        assert!(posts <= 20 + u64::from(concurrency), "{posts} POSTs: the batch kept sending to a full store");
        assert_eq!(posts, created + failed_count, "each refused record was sent once: {run}");
        assert_eq!(names_in(&failed).len() as u64, failed_count + not_sent);
        each_once(total, sandbox_names(&env), names_in(&failed), Vec::new());
        assert_eq!(temporary_files(env.home()), Vec::<String>::new());
        if concurrency == 1 {
            let shown = Run { stdout: format!("[{created} created pets]\n"), ..run };
            assert_run!("batch_store_full", shown);
        }
    }
}

/// A 401 whose body is over the client's 8 MiB cap is still a 401: a refusal (not an unknown outcome), which
/// stops the batch; a single add says the key was refused (exit 4).
#[test]
fn a_refused_key_with_an_oversized_body_is_a_refusal() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let body = "x".repeat(9 * 1024 * 1024);
    let server = Canned::start("401 Unauthorized", Some("application/json"), &body);
    let total = 30;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let run = batch(&env, Some(server.base_url()), &path, &failed, 1);
    assert_eq!(run.code, 6, "{run}");
    assert_eq!(server.requests(), 1, "the batch stopped at the refusal");
    assert_eq!(summary(&run.stderr), [0, 1, 0, total as u64 - 1], "{run}");
    each_once(total, Vec::new(), names_in(&failed), Vec::new());
    assert_run!("batch_refused_key_oversized_body", run);

    let single = Run::of(env.command().env("PETSTORE_BASE_URL", server.base_url()).args([
        "pets",
        "add",
        "--name",
        "Rex",
        "--category-id",
        "1",
    ]));
    assert_eq!(single.code, 4, "{single}");
    assert!(single.stderr.contains("refused the API key (HTTP 401)"), "{single}");
}

/// A server answering 500 to every POST: after 10 failures in a row the batch stops, the 10 are of unknown
/// outcome (never in `--failed`, never sent again), and the rest is not sent, in `--failed`.
#[test]
fn an_outage_stops_the_batch_after_a_run_of_server_failures() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let server = Canned::start(
        "500 Internal Server Error",
        Some("application/json"),
        r#"{"code":"internal_error","message":"down","status":500}"#,
    );
    let total = 200;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let run = batch(&env, Some(server.base_url()), &path, &failed, 1);
    assert_eq!(run.code, 6, "{run}");
    assert_eq!(server.requests(), 10, "{run}");
    assert_eq!(summary(&run.stderr), [0, 0, 10, total as u64 - 10], "{run}");
    each_once(total, Vec::new(), names_in(&failed), unknown_lines(&run.stderr));
    assert_run!("batch_outage", run);

    // With requests in flight together, the stop comes after 10 in a row, plus at most those in flight.
    let run = batch(&env, Some(server.base_url()), &path, &failed, 8);
    assert_eq!(run.code, 6, "{run}");
    let [created, failed_count, unknown, not_sent] = summary(&run.stderr);
    assert_eq!((created, failed_count), (0, 0), "{run}");
    assert!((10..10 + 8).contains(&unknown), "{run}");
    assert_eq!(names_in(&failed).len() as u64, not_sent);
    each_once(total, Vec::new(), names_in(&failed), unknown_lines(&run.stderr));
}

/// The sandbox's own faults, every request failing (500, 502, or a 503 or 429 that pauses the batch): the batch
/// ends, and no record is lost or counted twice.
#[test]
fn under_the_sandboxs_faults_every_record_ends_in_exactly_one_place() {
    let env = TestEnv::with(Config::default().seed_pets(0).fail_rate(1.0).fault_seed(7));
    let total = 100;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let run = batch(&env, None, &path, &failed, 4);
    assert_eq!(run.code, 6, "{run}");
    let [created, failed_count, unknown, not_sent] = summary(&run.stderr);
    assert_eq!(created, 0, "{run}");
    assert_eq!(created + failed_count + unknown + not_sent, total as u64);
    assert!(env.sandbox.request_count() < total as u64 / 2, "the batch kept sending: {run}");
    each_once(total, sandbox_names(&env), names_in(&failed), unknown_lines(&run.stderr));
}

/// The batch that never ended: 2,000 records against `--fail-rate 0.2` (500, 502, and 503 or 429 with
/// `Retry-After`, a tenth of the requests each way). It paused the whole batch for each of about 200 scattered
/// refusals, 6 to 11 minutes at 0% CPU; now each refused record waits alone, and the batch ends by itself
/// under the watchdog with every record created, of unknown outcome, or (none here) in `--failed`, once.
#[test]
fn a_long_batch_under_the_sandboxs_fault_mix_ends_by_itself() {
    let env = TestEnv::with(Config::default().seed_pets(0).fail_rate(0.2).fault_seed(9));
    let total = 2_000;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let child = env
        .command()
        .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (run, _) = exits_within(child, Duration::from_secs(120), "2,000 records under --fail-rate 0.2");
    // Some 500s and 502s: of unknown outcome, so not every record was created.
    assert_eq!(run.code, 6, "{run}");
    let [created, failed_count, unknown, not_sent] = summary(&run.stderr);
    assert_eq!((failed_count, not_sent), (0, 0), "{run}");
    assert_eq!(created + unknown, total as u64, "{run}");
    assert!(unknown > 0 && created > 1_500, "{run}");
    let created_names: Vec<String> =
        run.stdout.lines().map(|line| line.split('\t').nth(1).unwrap().to_owned()).collect();
    assert_eq!(created_names.len() as u64, created, "{run}");
    each_once(total, created_names, names_in(&failed), unknown_lines(&run.stderr));
    // The server created each record it was sent at most once, and every one petstore reports.
    let mut stored = sandbox_names(&env);
    let count = stored.len();
    stored.sort();
    stored.dedup();
    assert_eq!(stored.len(), count, "a record created twice");
    assert!(count as u64 >= created, "{run}");
}

/// A `Retry-After` too large for any integer: the longest pause, longer than a batch waits, so it stops.
#[test]
fn a_retry_after_past_any_clock_stops_the_batch() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let server = Canned::with_headers(
        "429 Too Many Requests",
        &[("Retry-After", "99999999999999999999999"), ("Content-Type", "application/json")],
        r#"{"code":"rate_limited","message":"slow down","status":429}"#,
    );
    let path = file(&env, "pets.ndjson", &ndjson(20));
    let failed = env.home().join("failed.ndjson");
    let run = batch(&env, Some(server.base_url()), &path, &failed, 1);
    assert_eq!(run.code, 6, "{run}");
    assert_eq!(server.requests(), 1);
    assert_eq!(names_in(&failed).len(), 20);
    assert_run!("batch_retry_after_past_any_clock", run);
}

/// 429s without `Retry-After`: the pause is petstore's own, doubled at each refusal, and the one past the cap
/// (64 s) is said as petstore's own wait, never as a pause the server asked for (issue 53, point 8). Waits
/// out the pauses before it: 4 + 8 + 16 + 32 s.
#[test]
fn refusals_without_retry_after_stop_on_petstores_own_wait() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let server = Canned::with_headers(
        "429 Too Many Requests",
        &[("Content-Type", "application/json")],
        r#"{"code":"rate_limited","message":"slow down","status":429}"#,
    );
    let path = file(&env, "pets.ndjson", &ndjson(5));
    let failed = env.home().join("failed.ndjson");
    let run = batch(&env, Some(server.base_url()), &path, &failed, 1);
    assert_eq!(run.code, 6, "{run}");
    assert!(!run.stderr.contains("the server asked"), "{run}");
    let stopping = run.stderr.lines().find(|line| line.starts_with("stopping: ")).unwrap_or_default();
    assert_eq!(
        stopping,
        "stopping: the server kept refusing without saying how long to wait, and petstore's own wait, 64 s, is \
         longer than the 60 s a batch waits",
        "{run}"
    );
}

/// Sets a file's modification time two minutes back: past the age at which an unlocked temporary file counts
/// as left behind.
fn age(path: &Path) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - Duration::from_secs(120)).unwrap();
}

/// A run killed outright leaves its `.partial` file; the next run in that directory removes it, but not the one
/// a live run is writing, however old.
#[cfg(unix)]
#[test]
fn a_temporary_failed_file_left_by_a_killed_run_is_removed_but_a_live_one_is_not() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let path = file(&env, "pets.ndjson", &ndjson(3));
    let orphan = env.home().join(".petstore-failed-Orphan.partial");
    std::fs::write(&orphan, "{\"name\":\"lost\",\"categoryId\":1}\n").unwrap();
    age(&orphan);

    // A live run, hanging on a server that never answers, with its own temporary file.
    let silent = Canned::silent();
    let live = env
        .command()
        .env("PETSTORE_BASE_URL", silent.base_url())
        .args(["pets", "add", "--file", path.to_str().unwrap()])
        .args(["--failed", env.home().join("live.ndjson").to_str().unwrap(), "--timeout", "120"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while silent.requests() < 3 {
        assert!(started.elapsed() < Duration::from_secs(20), "the live run sent nothing");
        std::thread::sleep(Duration::from_millis(10));
    }
    // The live run removed the orphan already; put another one back for the second run.
    assert!(!orphan.exists(), "the live run removed the orphan");
    std::fs::write(&orphan, "").unwrap();
    age(&orphan);
    let live_temp: Vec<String> =
        temporary_files(env.home()).into_iter().filter(|name| *name != ".petstore-failed-Orphan.partial").collect();
    assert_eq!(live_temp.len(), 1, "{live_temp:?}");
    let live_temp = env.home().join(&live_temp[0]);
    age(&live_temp);

    let failed = env.home().join("failed.ndjson");
    let run = batch(&env, None, &path, &failed, 1);
    assert_eq!(run.code, 0, "{run}");
    assert!(!orphan.exists(), "the orphan is removed");
    assert!(live_temp.exists(), "a live run's temporary file is left, however old");

    kill(&live, "TERM");
    let (run, _) = exits_within(live, Duration::from_secs(20), "the live run");
    assert_eq!(run.code, 143, "{run}");
    assert_eq!(temporary_files(env.home()), Vec::<String>::new(), "the live run finished its own");
}
