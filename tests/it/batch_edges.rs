//! `pets add --file` at its edges: SIGTERM and SIGHUP mid-batch, a signal while the check pass waits on a silent
//! stdin, requests that never answer after a signal, a `--failed` path that is not a regular file or cannot be
//! written, stdout closing mid-batch, and a server that limits the rate.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use petstore_sandbox::Config;
use serde_json::Value;

use crate::assert_run;
use crate::common::canned::{Canned, read_body};
use crate::common::{Run, TestEnv};

/// `n` NDJSON records named `pet-LINE`.
pub(crate) fn ndjson(n: usize) -> String {
    (1..=n).map(|line| format!("{{\"name\":\"pet-{line}\",\"categoryId\":{}}}\n", line % 7)).collect()
}

pub(crate) fn file(env: &TestEnv, name: &str, text: &str) -> PathBuf {
    let path = env.home().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The names in an NDJSON `--failed` file.
pub(crate) fn names_in(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The temporary files `--failed` may have left in `dir`.
pub(crate) fn temporary_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".petstore-failed-"))
        .collect()
}

/// Sends `signal` (`INT`, `TERM`, `HUP`) to `child` with kill(1).
pub(crate) fn kill(child: &Child, signal: &str) {
    let status = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status().unwrap();
    assert!(status.success(), "kill -{signal}");
}

/// Waits for `child` to exit, at most `bound` (then kills it and fails): gives its run and how long it took.
/// Its piped stdout and stderr are read meanwhile, so that a run that writes more than a pipe holds (a long
/// batch's failure lines) is not held up by its reader.
pub(crate) fn exits_within(mut child: Child, bound: Duration, what: &str) -> (Run, Duration) {
    use std::io::Read;
    fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let (stdout, stderr) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let took = started.elapsed();
            let output =
                std::process::Output { status, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap() };
            return (Run::checked(output), took);
        }
        if started.elapsed() > bound {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: petstore still ran {bound:?} later");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The summary's four numbers: created, failed, unknown, not sent.
pub(crate) fn summary(stderr: &str) -> [u64; 4] {
    let line = stderr.lines().find(|l| l.contains("created ") && l.contains(" / not sent ")).expect("a summary");
    let tail = &line[line.find("created ").unwrap()..];
    let numbers: Vec<u64> = tail
        .split(|c: char| !c.is_ascii_digit() && c != ',')
        .filter(|s| !s.is_empty() && *s != ",")
        .map(|s| s.replace(',', "").parse().unwrap())
        .collect();
    [numbers[0], numbers[1], numbers[2], numbers[3]]
}

/// Numbers that vary from run to run, as `N`, besides the usual filters.
fn varying() -> Vec<(&'static str, &'static str)> {
    let mut filters = crate::common::filters();
    filters.push((r"\b\d[\d,]*\b", "N"));
    filters
}

#[cfg(unix)]
#[test]
fn sigterm_and_sighup_mid_batch_stop_sending_write_the_rest_down_and_exit_with_the_signal() {
    for (signal, code) in [("TERM", 143), ("HUP", 129)] {
        let env = TestEnv::with(
            Config::default().seed_pets(0).latency(Duration::from_millis(40)..=Duration::from_millis(40)),
        );
        let total = 500;
        let path = file(&env, "pets.ndjson", &ndjson(total));
        let failed = env.home().join("failed.ndjson");
        let child = env
            .command()
            .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
            .args(["--concurrency", "4"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while env.sandbox.pets().len() < 20 {
            assert!(started.elapsed() < Duration::from_secs(20), "nothing was created");
            std::thread::sleep(Duration::from_millis(10));
        }
        // Twice at once, as `timeout` does (to petstore, then to its process group): one signal, whose
        // requests in flight may finish.
        let pid = child.id().to_string();
        assert!(Command::new("kill").args([&format!("-{signal}"), &pid, &pid]).status().unwrap().success());
        let (run, _) = exits_within(child, Duration::from_secs(20), signal);
        assert_eq!(run.code, code, "{run}");
        let [created, failed_count, unknown, not_sent] = summary(&run.stderr);
        assert_eq!(unknown, 0, "the echo of a signal abandoned the requests in flight: {run}");
        assert!(created < total as u64, "the batch finished before the signal; make it slower");
        assert_eq!(env.sandbox.pets().len() as u64, created, "{run}");
        assert_eq!(env.sandbox.request_count(), created + failed_count + unknown, "nothing else was sent");
        assert_eq!(run.stdout.lines().count() as u64, created, "every created pet was printed");
        let rest = names_in(&failed);
        assert_eq!(rest.len() as u64, total as u64 - created - unknown, "{run}");
        assert_eq!(rest.len() as u64, failed_count + not_sent);
        // Each record is on the server or in the failed file, exactly once.
        let mut all: Vec<String> =
            env.sandbox.pets().iter().map(|p| p["name"].as_str().unwrap().to_owned()).chain(rest).collect();
        all.sort_by_key(|name| name[4..].parse::<usize>().unwrap());
        assert_eq!(all, (1..=total).map(|line| format!("pet-{line}")).collect::<Vec<_>>());
        assert_eq!(temporary_files(env.home()), Vec::<String>::new(), "a temporary file was left");
        let shown = Run { stdout: format!("[{created} created pets]\n"), ..run };
        // Whether requests were in flight when the signal came depends on when it came: a signal heard while
        // the answers of a round were handled stops the batch before the next round goes.
        let mut filters = varying();
        filters.insert(0, (r"stopping: waiting for the \d+ requests in flight [^\n]*\n", ""));
        insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(format!("batch_signal_{signal}"), shown.to_string());
        });
    }
}

/// A server that takes each request and never answers: after the signal, the requests in flight are given
/// the grace period, then abandoned as of unknown outcome; none goes to the `--failed` file.
#[cfg(unix)]
#[test]
fn after_a_signal_requests_that_never_answer_are_abandoned_within_the_bound() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let server = Canned::silent();
    let path = file(&env, "pets.ndjson", &ndjson(3));
    let failed = env.home().join("failed.ndjson");
    let child = env
        .command()
        .env("PETSTORE_BASE_URL", server.base_url())
        .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
        .args(["--concurrency", "3", "--timeout", "120"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while server.requests() < 3 {
        assert!(started.elapsed() < Duration::from_secs(20), "the requests did not go out");
        std::thread::sleep(Duration::from_millis(10));
    }
    kill(&child, "TERM");
    // The grace period is 5 s; the request timeout (120 s) must not be what ends the wait.
    let (run, took) = exits_within(child, Duration::from_secs(20), "a signal with requests hanging");
    eprintln!("SIGTERM with 3 requests hanging: exit after {took:?}");
    assert_eq!(run.code, 143, "{run}");
    assert_run!("batch_signal_abandons_hanging_requests", run);
    assert_eq!(std::fs::read_to_string(&failed).unwrap(), "", "an unknown outcome is never in the failed file");
    assert_eq!(temporary_files(env.home()), Vec::<String>::new());

    // A second signal does not wait for the grace period.
    let mut child = env
        .command()
        .env("PETSTORE_BASE_URL", server.base_url())
        .args(["pets", "add", "--file", path.to_str().unwrap(), "--concurrency", "3", "--timeout", "120"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while server.requests() < 6 {
        assert!(started.elapsed() < Duration::from_secs(20), "the requests did not go out");
        std::thread::sleep(Duration::from_millis(10));
    }
    // stderr is read as it comes, so that SIGINT follows SIGHUP once the batch has acted on it.
    let stderr = Arc::new(std::sync::Mutex::new(Vec::new()));
    let reader = {
        let (mut pipe, stderr) = (child.stderr.take().unwrap(), stderr.clone());
        std::thread::spawn(move || {
            let mut buf = [0; 1024];
            while let Ok(n @ 1..) = pipe.read(&mut buf) {
                stderr.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        })
    };
    kill(&child, "HUP");
    let waiting = Instant::now();
    while !String::from_utf8_lossy(&stderr.lock().unwrap()).contains("stopping: waiting for the 3 requests") {
        assert!(
            waiting.elapsed() < Duration::from_secs(10),
            "after_a_signal_requests_that_never_answer_are_abandoned_within_the_bound: SIGHUP was not acted on"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    kill(&child, "INT");
    let (run, took) = exits_within(child, Duration::from_secs(4), "a second signal");
    reader.join().unwrap();
    let run = Run { stderr: String::from_utf8(std::mem::take(&mut *stderr.lock().unwrap())).unwrap(), ..run };
    eprintln!("SIGHUP then SIGINT with 3 requests hanging: exit after {took:?}");
    assert_eq!(run.code, 129, "the first signal's code: {run}");
    assert_eq!(summary(&run.stderr), [0, 0, 3, 0], "{run}");
}

/// The check pass waits on a stdin that stays open and silent: each signal still ends it at once, and nothing
/// is sent.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_ends_the_check_pass_while_stdin_is_silent() {
    let env = TestEnv::new();
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let mut child = env
            .command()
            .args(["pets", "add", "--file", "-", "--format", "ndjson"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Open, and silent: one record, and no end.
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"{\"name\":\"Rex\",\"categoryId\":1}\n").unwrap();
        // The check pass has begun, listening for signals, once it has read what was written.
        crate::common::wait_for_handlers(
            child.id(),
            &[1, 2, 15],
            Duration::from_secs(10),
            "a signal ends the check pass",
        );
        let started = Instant::now();
        while rustix::io::ioctl_fionread(&stdin).unwrap() > 0 {
            assert!(started.elapsed() < Duration::from_secs(10), "the check pass did not read stdin");
            std::thread::sleep(Duration::from_millis(5));
        }
        kill(&child, signal);
        let (run, took) = exits_within(child, Duration::from_secs(5), signal);
        eprintln!("SIG{signal} during the check pass: exit after {took:?}");
        drop(stdin);
        assert_eq!(run.code, code, "{run}");
        assert_eq!(run.stdout, "");
        assert!(run.stderr.starts_with("error: "), "{run}");
    }
    assert_eq!(env.sandbox.request_count(), 0, "nothing is sent");
}

/// Runs a 3-record batch with `--failed failed`: it must be refused before anything is sent.
fn refused_failed_path(env: &TestEnv, failed: &Path, snapshot: &str) {
    let path = file(env, "pets.ndjson", &ndjson(3));
    let run = env.run(&["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()]);
    assert_eq!(run.code, 2, "{run}");
    assert_eq!(run.stderr.lines().filter(|l| l.starts_with("error: ")).count(), 1, "{run}");
    assert_run!(snapshot, run);
    assert_eq!(env.sandbox.request_count(), 0, "nothing is sent");
}

#[test]
fn a_failed_path_that_is_a_directory_is_refused_before_anything_is_sent() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let dir = env.home().join("out");
    std::fs::create_dir(&dir).unwrap();
    refused_failed_path(&env, &dir, "batch_failed_directory");
    assert!(dir.is_dir());
    assert_eq!(temporary_files(env.home()), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn a_failed_path_that_is_a_device_or_a_fifo_is_refused_and_left_as_it_is() {
    use std::os::unix::fs::FileTypeExt;
    let env = TestEnv::with(Config::default().seed_pets(0));
    // As root (CI, containers), a rename over /dev/null would replace the device.
    refused_failed_path(&env, Path::new("/dev/null"), "batch_failed_dev_null");
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    assert_eq!(temporary_files(Path::new("/dev")), Vec::<String>::new());

    let fifo = env.home().join("failed.fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    refused_failed_path(&env, &fifo, "batch_failed_fifo");
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(temporary_files(env.home()), Vec::<String>::new());
}

/// A place no file can be created: a directory that does not exist, and `/proc`, which not even root can
/// write (permission bits do not stop root).
#[cfg(target_os = "linux")]
#[test]
fn a_failed_path_in_a_directory_that_cannot_be_written_is_refused_before_anything_is_sent() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    refused_failed_path(&env, &env.home().join("missing/failed.ndjson"), "batch_failed_missing_directory");
    refused_failed_path(&env, Path::new("/proc/petstore-failed.ndjson"), "batch_failed_unwritable_directory");
}

#[cfg(unix)]
#[test]
fn a_failed_path_that_is_a_symlink_is_written_through_and_stays_a_link() {
    // This sandbox refuses names over 1,000 bytes (a 400), which petstore sends: one record fails, and goes to
    // the file.
    let env = TestEnv::with(Config::default().seed_pets(0).name_max_bytes(1_000));
    let huge = "x".repeat(2_000);
    let path = file(&env, "pets.ndjson", &format!("{}{{\"name\":\"{huge}\",\"categoryId\":1}}\n", ndjson(2)));
    let target = file(&env, "kept.ndjson", "old\n");
    let link = env.home().join("failed.ndjson");
    std::os::unix::fs::symlink("kept.ndjson", &link).unwrap();
    let run = env.run(&[
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--failed",
        link.to_str().unwrap(),
        "--concurrency",
        "1",
    ]);
    assert_eq!(run.code, 6, "{}", run.to_string().replace(&huge, "[HUGE]"));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is kept");
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("kept.ndjson"));
    let kept = std::fs::read_to_string(&target).unwrap();
    assert!(kept == format!("{{\"name\":\"{huge}\",\"categoryId\":1}}\n"), "{}", kept.replace(&huge, "[HUGE]"));
    assert_eq!(temporary_files(env.home()), Vec::<String>::new());
}

/// stdout's reader reads one line and goes away (`| head -1`): the batch stops, writes the rest down, and
/// exits 6, never 0.
#[test]
fn stdout_closing_mid_batch_stops_it_with_exit_6_and_the_rest_in_the_failed_file() {
    let env =
        TestEnv::with(Config::default().seed_pets(0).latency(Duration::from_millis(40)..=Duration::from_millis(40)));
    let total = 500;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let mut child = env
        .command()
        .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
        .args(["--concurrency", "4"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.contains("\tpet-1\t"), "{first}");
    drop(stdout);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let code = child.wait().unwrap().code().unwrap();
    assert_eq!(code, 6, "{stderr}");
    let [created, failed_count, unknown, not_sent] = summary(&stderr);
    assert!(created < total as u64, "{stderr}");
    assert_eq!(env.sandbox.pets().len() as u64, created);
    assert_eq!(unknown, 0);
    assert_eq!(names_in(&failed).len() as u64, failed_count + not_sent);
    assert_eq!(created + failed_count + not_sent, total as u64);
    assert_eq!(temporary_files(env.home()), Vec::<String>::new());
    let shown = Run { code, stdout: String::new(), stderr };
    insta::with_settings!({ filters => varying(), prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("batch_stdout_closed", shown.to_string());
    });
}

/// A server that answers 429 with `Retry-After: 1` to every POST: the batch pauses as a whole, probes with one
/// request after each pause, and gives up after a few refusals in a row, with everything in `--failed`.
#[test]
fn a_server_that_keeps_refusing_is_not_hammered_and_ends_the_batch() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let server = Canned::with_headers(
        "429 Too Many Requests",
        &[("Retry-After", "1"), ("Content-Type", "application/json")],
        r#"{"code":"rate_limited","message":"slow down","status":429}"#,
    );
    let total = 200;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let started = Instant::now();
    let run = Run::of(env.command().env("PETSTORE_BASE_URL", server.base_url()).args([
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--failed",
        failed.to_str().unwrap(),
        "--concurrency",
        "8",
    ]));
    let took = started.elapsed();
    eprintln!("always 429: {} POSTs in {took:?}", server.requests());
    assert_eq!(run.code, 6, "{run}");
    // The first 8 went out together; then the pace falls while nothing is accepted (a refused record going
    // again after its `Retry-After: 1`, at the pace), and after 250 ms of that each refusal counts: two
    // passing, then the 4 pauses, each followed by a probe or two: about 5 a second (73 on a quiet machine).
    assert!((8 + 4..=100).contains(&server.requests()), "{} POSTs: {run}", server.requests());
    assert_eq!(names_in(&failed).len(), total, "every record is kept for a re-run");
    // Each record sent was refused (some more than once: a refused record goes again after its
    // `Retry-After`), and is in `--failed` with those not sent; how many were sent depends on how the answers
    // came apart, so the snapshot shows the first eight.
    let refused: Vec<&str> = run.stderr.lines().filter(|line| line.starts_with("line ")).collect();
    let sent = refused.len();
    assert!((8..=server.requests()).contains(&sent), "{run}");
    assert!(refused.iter().all(|line| line.contains("slow down (`rate_limited`) (request id `")), "{run}");
    let [created, failed_count, unknown, not_sent] = summary(&run.stderr);
    assert_eq!((created, failed_count, unknown, not_sent), (0, sent as u64, 0, (total - sent) as u64), "{run}");
    let shown: String = run
        .to_string()
        .lines()
        .filter(|line| {
            line.strip_prefix("line ").is_none_or(|rest| rest.split(':').next().unwrap().parse::<usize>().unwrap() <= 8)
        })
        .map(|line| format!("{line}\n"))
        .collect();
    let mut filters = crate::common::filters();
    filters.push((r"failed \d+ / unknown 0 / not sent \d+", "failed [SENT] / unknown 0 / not sent [REST]"));
    insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("batch_rate_limited_to_the_end", shown);
    });
}

/// Refuses the first `refusals` POSTs (429, `Retry-After: 1`), then creates each pet: a server whose rate limit
/// lifts.
struct LiftingLimit {
    base_url: String,
    posts: Arc<AtomicUsize>,
}

impl LiftingLimit {
    fn start(refusals: usize) -> LiftingLimit {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let posts = Arc::new(AtomicUsize::new(0));
        let counter = posts.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let body = read_body(&mut reader);
                let n = counter.fetch_add(1, Ordering::SeqCst) + 1;
                let (status, extra, answer) = if n <= refusals {
                    (
                        "429 Too Many Requests",
                        "Retry-After: 1\r\n",
                        r#"{"code":"rate_limited","message":"slow down","status":429}"#.to_owned(),
                    )
                } else {
                    let mut pet: Value = serde_json::from_slice(&body).unwrap();
                    pet["id"] = Value::from(n);
                    ("201 Created", "", pet.to_string())
                };
                let _ = stream.write_all(
                    format!(
                        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\
                         Connection: close\r\n\r\n{answer}",
                        answer.len()
                    )
                    .as_bytes(),
                );
            }
        });
        LiftingLimit { base_url, posts }
    }
}

#[test]
fn a_rate_limit_that_lifts_paces_the_batch_and_every_record_is_created_once() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let server = LiftingLimit::start(3);
    let total = 40;
    let path = file(&env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let run = Run::of(env.command().env("PETSTORE_BASE_URL", &server.base_url).args([
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--failed",
        failed.to_str().unwrap(),
        "--concurrency",
        "1",
        "--json",
    ]));
    assert_eq!(run.code, 0, "{run}");
    let names: Vec<String> =
        run.json().as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, (1..=total).map(|line| format!("pet-{line}")).collect::<Vec<_>>(), "in input order, once");
    assert_eq!(server.posts.load(Ordering::SeqCst), total + 3, "each refusal costs one POST");
    assert_eq!(std::fs::read_to_string(&failed).unwrap(), "");
    assert_run!("batch_rate_limit_lifts", Run { stdout: "[the created pets]\n".to_owned(), ..run });
}

/// Refuses the records named `parked` the first time (429, `Retry-After: 30`) and creates every other POST:
/// refusals between created records, so that each refused record waits its 30 s alone.
fn parking_server(parked: &'static [&'static str]) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
    let posts = Arc::new(AtomicUsize::new(0));
    let counter = posts.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let body = read_body(&mut reader);
            let n = counter.fetch_add(1, Ordering::SeqCst) + 1;
            let mut pet: Value = serde_json::from_slice(&body).unwrap();
            let (status, extra, answer) = if parked.contains(&pet["name"].as_str().unwrap()) && n <= 20 {
                (
                    "429 Too Many Requests",
                    "Retry-After: 30\r\n",
                    r#"{"code":"rate_limited","message":"slow down","status":429}"#.to_owned(),
                )
            } else {
                pet["id"] = Value::from(n);
                ("201 Created", "", pet.to_string())
            };
            let _ = stream.write_all(
                format!(
                    "HTTP/1.1 {status}\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\
                     Connection: close\r\n\r\n{answer}",
                    answer.len()
                )
                .as_bytes(),
            );
        }
    });
    (base_url, posts)
}

/// SIGINT or SIGTERM while refused records wait their own `Retry-After` (30 s), with nothing in flight: the
/// batch ends at once, the waiting records are in `--failed` (none lost, none sent again), and in a JSON mode
/// every line on stderr is a JSON document.
#[cfg(unix)]
#[test]
fn a_signal_while_refused_records_wait_puts_them_in_the_failed_file_at_once() {
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let env = TestEnv::with(Config::default().seed_pets(0));
        let (base_url, posts) = parking_server(&["pet-3", "pet-7"]);
        let total = 20;
        let path = file(&env, "pets.ndjson", &ndjson(total));
        let failed = env.home().join("failed.ndjson");
        let child = env
            .command()
            .env("PETSTORE_BASE_URL", &base_url)
            .env("PETSTORE_ERROR_FORMAT", "json")
            .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        crate::common::wait_for_handlers(child.id(), &[1, 2, 15], Duration::from_secs(20), signal);
        let started = Instant::now();
        while posts.load(Ordering::SeqCst) < total {
            assert!(started.elapsed() < Duration::from_secs(20), "{signal}: the records never all went");
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(200));
        kill(&child, signal);
        let (run, took) = exits_within(child, Duration::from_secs(20), signal);
        assert!(took < Duration::from_secs(3), "{signal}: {took:?} after the signal\n{run}");
        assert_eq!(run.code, code, "{run}");
        assert_eq!(posts.load(Ordering::SeqCst), total, "a parked record was sent again: {run}");
        assert_eq!(names_in(&failed), ["pet-3", "pet-7"], "{run}");
        assert_eq!(run.stdout.lines().count(), total - 2, "{run}");
        for line in run.stderr.lines() {
            serde_json::from_str::<Value>(line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}\n{run}"));
        }
    }
}
