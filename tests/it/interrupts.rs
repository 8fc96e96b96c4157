//! Ctrl-C, SIGTERM and SIGHUP end a command promptly whatever it waits on: stdin that stays open, a `--jq`
//! program that never ends, a stdout nobody reads, the hidden prompt (on a real pseudo-terminal), a request in
//! flight. A write cut short after its request went out says it may have taken effect.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::canned::Canned;
use crate::common::{Run, TestEnv};

/// The most a signal may take to end petstore: generous, so that a loaded machine does not fail the test; the
/// time it took is printed (`--nocapture`).
const BOUND: Duration = Duration::from_secs(5);

/// A test env with an environment `local` pointing at its sandbox.
fn with_local_env() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    env
}

/// Starts `cmd` with stdin, stdout and stderr piped, and waits until petstore listens for signals (before that,
/// a signal would kill it the default way, which is not what is tested here).
pub(crate) fn start(cmd: &mut Command) -> Child {
    let child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    wait_until("petstore handles SIGINT, SIGTERM and SIGHUP", || catches_signals(child.id()));
    child
}

/// Whether process `pid` has handlers for SIGHUP (1), SIGINT (2) and SIGTERM (15), from `/proc`.
fn catches_signals(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let caught = status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .unwrap_or(0);
    // Bit n - 1 stands for signal n.
    let wanted = [1, 2, 15].iter().fold(0u64, |mask, signal| mask | 1 << (signal - 1));
    caught & wanted == wanted
}

fn wait_until(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Sends `signal` (`INT`, `TERM`, `HUP`) with kill(1), then collects the run and how long petstore took to end.
/// A petstore that does not end is killed after four times [`BOUND`], failing the test rather than hanging it.
fn signal_and_wait(mut child: Child, signal: &str) -> (Run, Duration) {
    let status = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status().unwrap();
    assert!(status.success(), "kill -{signal} failed");
    let sent = Instant::now();
    let drain = |stream: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut stream) = stream {
                let _ = stream.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(child.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>));
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > BOUND * 4 {
            child.kill().unwrap();
            panic!("petstore did not end within {:?} of SIG{signal}", BOUND * 4);
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = sent.elapsed();
    eprintln!("petstore ended {took:?} after SIG{signal}");
    let output = std::process::Output { status, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap() };
    (Run::checked(output), took)
}

fn assert_prompt(took: Duration) {
    assert!(took < BOUND, "petstore took {took:?} to act on the signal");
}

#[test]
fn login_reading_a_key_from_a_pipe_that_stays_open_ends_at_each_signal() {
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let env = with_local_env();
        // The file store, which needs no check: the keyring, absent here, would fail before the key is read.
        let child = start(env.command().env_remove("PETSTORE_API_KEY").args([
            "auth",
            "login",
            "--env",
            "local",
            "--storage",
            "file",
        ]));
        // The pipe stays open: the key never ends.
        let mut stdin = child.stdin.as_ref().unwrap();
        stdin.write_all(b"half-a-key").unwrap();
        crate::common::wait_until_petstore_reads(
            child.id(),
            BOUND,
            "login_reading_a_key_from_a_pipe_that_stays_open_ends_at_each_signal",
        );
        let (run, took) = signal_and_wait(child, signal);
        assert_eq!(run.code, code, "{run}");
        assert_prompt(took);
        assert_run!(format!("interrupt_login_stdin_{signal}"), run);
        assert_eq!(env.sandbox.request_count(), 0);
        assert!(!env.read_config().contains("key_storage"), "{}", env.read_config());
    }
}

#[test]
fn api_reading_a_body_from_stdin_ends_at_each_signal_and_sends_nothing() {
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let env = TestEnv::new();
        let child = start(env.command().args(["api", "POST", "/pets", "--input", "-"]));
        child.stdin.as_ref().unwrap().write_all(b"{\"name\": ").unwrap();
        crate::common::wait_until_petstore_reads(
            child.id(),
            BOUND,
            "api_reading_a_body_from_stdin_ends_at_each_signal_and_sends_nothing",
        );
        let (run, took) = signal_and_wait(child, signal);
        assert_eq!(run.code, code, "{run}");
        assert_prompt(took);
        // Nothing was sent, so nothing may have been created: a plain interruption.
        assert_run!(format!("interrupt_api_stdin_{signal}"), run);
        assert_eq!(env.sandbox.request_count(), 0);
        assert_eq!(env.sandbox.pets().len(), 5);
    }
}

#[test]
fn a_jq_program_that_never_ends_ends_at_a_signal() {
    let env = TestEnv::new();
    let child = start(env.command().args(["pets", "list", "--jq", "def f: f; f"]));
    wait_until("the list was fetched", || env.sandbox.request_count() == 1);
    // The program runs: petstore spends processor time, far more than fetching and parsing the list takes.
    crate::common::wait_for_cpu(
        child.id(),
        Duration::from_millis(300),
        BOUND * 4,
        "a_jq_program_that_never_ends_ends_at_a_signal",
    );
    let (run, took) = signal_and_wait(child, "TERM");
    assert_eq!(run.code, 143, "{run}");
    assert_prompt(took);
    assert_run!("interrupt_jq", run);
}

#[test]
fn output_to_a_stdout_nobody_reads_ends_at_a_signal() {
    // 100 animals with 80 KB names: 8 MB of TSV, far more than a pipe holds, so the write blocks.
    let pets: Vec<_> = (1..=100)
        .map(|id| serde_json::json!({"id": id, "name": "n".repeat(80_000), "categoryId": 1, "status": "sold"}))
        .collect();
    let server = Canned::start("200 OK", Some("application/json"), &serde_json::to_string(&pets).unwrap());
    let env = TestEnv::new();
    let mut child = env
        .command()
        .env("PETSTORE_BASE_URL", server.base_url())
        .args(["pets", "list", "--limit", "100"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until("petstore handles signals", || catches_signals(child.id()));
    wait_until("the list was fetched", || server.requests() == 1);
    // Read a little, to see that writing began, and then no more.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0; 1024];
    stdout.read_exact(&mut first).unwrap();
    crate::common::wait_until_in_syscall(
        child.id(),
        crate::common::syscall::WRITE,
        Some(1),
        BOUND,
        "output_to_a_stdout_nobody_reads_ends_at_a_signal: the write to stdout blocks",
    );
    let (run, took) = signal_and_wait(child, "INT");
    drop(stdout);
    assert_eq!(run.code, 130, "{run}");
    assert_prompt(took);
    assert_eq!(run.stderr, "error: interrupted\n");
}

/// A relay in front of the sandbox that passes each request on, lets the sandbox carry it out, and then
/// holds the answer back: a server that acts and then takes its time to say so. It speaks plain HTTP/1.1, to
/// petstore and, by hand, to the sandbox, which therefore serves plain HTTP whatever the transport
/// (`TestEnv::over_plain_http`): the sandbox has no fault that carries a request out and then holds its answer.
struct Holding {
    base_url: String,
    received: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Holding {
    fn start(sandbox: &petstore_sandbox::Sandbox) -> Holding {
        use std::sync::atomic::Ordering;
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        assert!(sandbox.ca_pem().is_none(), "the relay writes plain HTTP/1.1 to the sandbox");
        let upstream = sandbox.addr();
        let received = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = received.clone();
        std::thread::spawn(move || {
            let mut held = Vec::new();
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut request = Vec::new();
                let mut content_length = 0;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        break;
                    }
                    if let Some((name, value)) = line.split_once(':')
                        && name.eq_ignore_ascii_case("content-length")
                    {
                        content_length = value.trim().parse().unwrap_or(0);
                    }
                    if line == "\r\n" {
                        request.extend_from_slice(b"Connection: close\r\n\r\n");
                        break;
                    }
                    if !line.to_ascii_lowercase().starts_with("connection:") {
                        request.extend_from_slice(line.as_bytes());
                    }
                }
                let mut body = vec![0; content_length];
                let _ = reader.read_exact(&mut body);
                request.extend_from_slice(&body);
                let mut sandbox = TcpStream::connect(upstream).unwrap();
                sandbox.write_all(&request).unwrap();
                let mut answer = Vec::new();
                let _ = sandbox.read_to_end(&mut answer);
                counter.fetch_add(1, Ordering::SeqCst);
                // The answer is never sent.
                held.push((stream, answer));
            }
        });
        Holding { base_url, received }
    }

    fn carried_out(&self) -> usize {
        self.received.load(std::sync::atomic::Ordering::SeqCst)
    }
}

#[test]
fn a_signal_during_pets_add_after_the_request_went_out_says_the_animal_may_exist() {
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let env = TestEnv::over_plain_http(Config::default().seed_pets(5));
        let relay = Holding::start(&env.sandbox);
        let child = start(env.command().env("PETSTORE_BASE_URL", &relay.base_url).args([
            "pets",
            "add",
            "--name",
            "Rex",
            "--category-id",
            "1",
        ]));
        wait_until("the sandbox carried out the request", || relay.carried_out() == 1);
        let (run, took) = signal_and_wait(child, signal);
        assert_eq!(run.code, code, "{run}");
        assert_prompt(took);
        assert_run!(format!("interrupt_pets_add_in_flight_{signal}"), run);
        // It was created indeed.
        let pets = env.sandbox.pets();
        assert_eq!(pets.len(), 6);
        assert_eq!(pets[5]["name"], "Rex");
    }
}

#[test]
fn a_signal_during_an_api_write_after_the_request_went_out_says_it_may_have_taken_effect() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(5));
    let relay = Holding::start(&env.sandbox);
    let child = start(env.command().env("PETSTORE_BASE_URL", &relay.base_url).args([
        "api",
        "POST",
        "/pets",
        "-f",
        "name=Tom",
        "-F",
        "categoryId=2",
    ]));
    wait_until("the sandbox carried out the request", || relay.carried_out() == 1);
    let (run, took) = signal_and_wait(child, "TERM");
    assert_eq!(run.code, 143, "{run}");
    assert_prompt(took);
    assert_run!("interrupt_api_write_in_flight", run);
    assert_eq!(env.sandbox.pets().last().unwrap()["name"], "Tom");
}

#[test]
fn a_signal_during_a_read_is_a_plain_interruption() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(5));
    let relay = Holding::start(&env.sandbox);
    let child = start(env.command().env("PETSTORE_BASE_URL", &relay.base_url).args(["api", "GET", "/pets"]));
    wait_until("the sandbox answered", || relay.carried_out() == 1);
    let (run, took) = signal_and_wait(child, "INT");
    assert_eq!(run.code, 130, "{run}");
    assert_prompt(took);
    assert_eq!(run.stderr, "error: interrupted\n");
}

/// `petstore auth login` on a real pseudo-terminal (`script`), inside a shell that records the terminal's
/// settings before and after, and reports petstore's exit code. `then` acts once the prompt is showing, given
/// petstore's pid; what the terminal showed is the run's stdout.
fn login_at_a_terminal(env: &TestEnv, then: impl FnOnce(u32, &mut std::process::ChildStdin)) -> Run {
    let bin = env!("CARGO_BIN_EXE_petstore");
    // The shell ignores nothing (a trap with a command is reset for petstore), and survives Ctrl-C to report.
    let shell = format!(
        "trap 'true' INT; before=$(stty -g); {bin} auth login --env local --insecure-storage --color never </dev/tty & \
         echo \"pid=$!\"; wait $!; code=$?; after=$(stty -g); echo \"exit=$code\"; \
         if [ \"$before\" = \"$after\" ]; then echo 'terminal: as before'; else echo 'terminal: changed'; fi"
    );
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &shell, "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap());
    let mut petstore = env.command();
    petstore.env_remove("PETSTORE_API_KEY");
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut buf = [0; 256];
    while !String::from_utf8_lossy(&seen).contains("): ") {
        let n = stdout.read(&mut buf).unwrap();
        assert!(n > 0, "no prompt came: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&seen).into_owned();
    let pid: u32 = text.split("pid=").nth(1).unwrap().lines().next().unwrap().trim().parse().unwrap();
    // As a person would, after the prompt turned echo off and reads the terminal.
    crate::common::wait_until_petstore_reads(pid, BOUND, "login_at_a_terminal: the hidden prompt");
    let mut stdin = child.stdin.take().unwrap();
    let acted = Instant::now();
    then(pid, &mut stdin);
    let rest = std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = stdout.read_to_end(&mut rest);
        rest
    });
    // petstore is the shell's child: it ends, or is killed after four times the bound so that the test fails
    // rather than hangs (its pid is not reused while it has not ended).
    while !rest.is_finished() {
        if acted.elapsed() > BOUND * 4 {
            let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
            panic!("petstore did not end within {:?} at the prompt", BOUND * 4);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    seen.extend(rest.join().unwrap());
    eprintln!("the login ended {:?} after the signal", acted.elapsed());
    assert_prompt(acted.elapsed());
    drop(stdin);
    let mut output = child.wait_with_output().unwrap();
    // The pid changes from run to run.
    let text = String::from_utf8(seen).unwrap().replace("\r\n", "\n");
    output.stdout = text
        .lines()
        .filter(|line| !line.starts_with("pid="))
        .map(|line| format!("{line}\n"))
        .collect::<String>()
        .into_bytes();
    Run::checked(output)
}

#[test]
fn ctrl_c_at_the_hidden_prompt_ends_the_login_and_gives_the_terminal_back() {
    let env = with_local_env();
    let run = login_at_a_terminal(&env, |_, stdin| {
        stdin.write_all(b"half-a-key\x03").unwrap();
        stdin.flush().unwrap();
    });
    assert_run!("interrupt_login_prompt_ctrl_c", run);
    assert!(!env.config_dir().join("credentials.toml").exists());
    assert!(!env.read_config().contains("key_storage"), "{}", env.read_config());
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn sigterm_at_the_hidden_prompt_ends_the_login_and_gives_the_terminal_back() {
    let env = with_local_env();
    let run = login_at_a_terminal(&env, |pid, _| {
        assert!(Command::new("kill").args(["-TERM", &pid.to_string()]).status().unwrap().success());
    });
    assert_run!("interrupt_login_prompt_sigterm", run);
    assert!(!env.config_dir().join("credentials.toml").exists());
    assert_eq!(env.sandbox.request_count(), 0);
}

/// SIGINT from another process (`kill -INT`), not the Ctrl-C key: no key ended the prompt's line.
#[test]
fn sigint_from_kill_at_the_hidden_prompt_ends_the_login_on_a_line_of_its_own() {
    let env = with_local_env();
    let run = login_at_a_terminal(&env, |pid, _| {
        assert!(Command::new("kill").args(["-INT", &pid.to_string()]).status().unwrap().success());
    });
    assert_run!("interrupt_login_prompt_sigint_kill", run);
    assert!(!env.config_dir().join("credentials.toml").exists());
    assert_eq!(env.sandbox.request_count(), 0);
}

/// SIGINT at random moments around the start of `pets add` (0 to 6 ms after petstore listens for signals,
/// which is about when the request goes out): what petstore says must match what the sandbox received. A
/// plain "interrupted" (130: nothing sent) for an animal the sandbox created is the lie this test hunts.
#[test]
fn an_early_signal_never_hides_a_write() {
    use rustix::process::{Pid, Signal, kill_process};
    const RUNS: usize = 150;
    let env = TestEnv::new();
    let seed = fastrand::u64(..);
    eprintln!("seed {seed}");
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut runs = Vec::new();
    for run in 0..RUNS {
        let name = format!("Race{run}");
        let mut child = env
            .command()
            .args(["pets", "add", "--name", &name, "--category-id", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        while !catches_signals(child.id()) {
            assert!(Instant::now() < deadline, "petstore never listened for signals");
            std::thread::sleep(Duration::from_micros(100));
        }
        std::thread::sleep(Duration::from_micros(rng.u64(0..6_000)));
        let pid = Pid::from_raw(i32::try_from(child.id()).unwrap()).unwrap();
        let _ = kill_process(pid, Signal::INT);
        let deadline = Instant::now() + BOUND * 4;
        while child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "petstore did not end after SIGINT");
            std::thread::sleep(Duration::from_millis(1));
        }
        runs.push((name, Run::checked(child.wait_with_output().unwrap())));
    }
    // A request written just before petstore ended may reach the sandbox a moment later: wait until the
    // sandbox has seen no new request for a while (bounded), then compare.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut last = (env.sandbox.request_count(), Instant::now());
    while last.1.elapsed() < Duration::from_millis(500) {
        assert!(Instant::now() < deadline, "the sandbox kept receiving requests");
        std::thread::sleep(Duration::from_millis(20));
        let count = env.sandbox.request_count();
        if count != last.0 {
            last = (count, Instant::now());
        }
    }
    let pets = env.sandbox.pets();
    let arrived = usize::try_from(env.sandbox.request_count()).unwrap();
    assert_eq!(arrived, pets.len() - 5, "every POST that arrived created its animal");
    let (mut wrong, mut said_maybe) = (Vec::new(), 0);
    for (name, run) in &runs {
        let created = pets.iter().any(|pet| pet["name"] == name.as_str());
        let ok = match run.code {
            0 => created,
            130 if run.stderr == "error: interrupted\n" => !created,
            130 => {
                said_maybe += 1;
                run.stderr.contains("may have been created")
            }
            _ => false,
        };
        if !ok {
            wrong.push(format!("`{name}` created: {created}\n{run}"));
        }
    }
    eprintln!(
        "{} of {RUNS} runs wrong; {arrived} sent the POST, {said_maybe} said it may have been created",
        wrong.len()
    );
    assert!(wrong.is_empty(), "{} of {RUNS} runs said what did not happen:\n{}", wrong.len(), wrong.join("\n"));
}

/// SIGINT the moment petstore listens for signals, before a bulk add has begun to listen for them itself (its
/// command thread is still starting): the signal must stop the batch, not be lost while the batch sends every
/// record. Each run spins on `/proc` so that the signal lands as early as it can; the sandbox is slow, so that
/// no batch can finish before its signal is read.
#[test]
fn a_signal_before_a_batch_listens_still_stops_it() {
    use rustix::process::{Pid, Signal, kill_process};
    const RUNS: usize = 30;
    let env = TestEnv::with(
        petstore_sandbox::Config::default()
            .seed_pets(0)
            .latency(Duration::from_millis(200)..=Duration::from_millis(200)),
    );
    let path = crate::batch_edges::file(&env, "pets.ndjson", &crate::batch_edges::ndjson(3));
    for run in 0..RUNS {
        let child = env
            .command()
            .args(["pets", "add", "--file", path.to_str().unwrap(), "--concurrency", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        while !catches_signals(child.id()) {
            assert!(
                Instant::now() < deadline,
                "a_signal_before_a_batch_listens_still_stops_it: run {run}: petstore never listened for signals"
            );
            std::hint::spin_loop();
        }
        let _ = kill_process(Pid::from_raw(i32::try_from(child.id()).unwrap()).unwrap(), Signal::INT);
        let (run_output, _) = crate::batch_edges::exits_within(
            child,
            BOUND * 4,
            &format!("a_signal_before_a_batch_listens_still_stops_it: run {run}"),
        );
        assert_eq!(run_output.code, 130, "run {run}: the SIGINT was lost: {run_output}");
    }
    assert!(env.sandbox.pets().len() < 3 * RUNS, "no run stopped early");
}
