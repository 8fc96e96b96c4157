//! The terminal goes away under petstore (a window or an SSH session closed: the pseudo-terminal's master is
//! closed) at the question before a write, at the hidden login prompt and during a batch with a progress bar:
//! petstore ends as for SIGHUP (129), with nothing sent that was not accounted for, and no write to the dead
//! terminal panics. Nor does a write to a full stdout (`--help > /dev/full`).

use std::fs::File;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use petstore_sandbox::Config;

use crate::common::{Run, TestEnv};

/// How long anything here may take: generous, for a loaded machine.
const BOUND: Duration = Duration::from_secs(20);

/// petstore on a pseudo-terminal of its own, as its controlling terminal (`setsid --ctty`: a session leader,
/// as under a terminal window's shell), with stdin and stderr on it; this test holds the master.
struct Terminal {
    master: File,
    child: Child,
    shown: Vec<u8>,
}

impl Terminal {
    /// `petstore ARGS` with `env`'s environment; stdout goes to `stdout`.
    fn start(env: &TestEnv, args: &[&str], stdout: Stdio) -> Terminal {
        use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC).expect("a pseudo-terminal");
        grantpt(&master).unwrap();
        unlockpt(&master).unwrap();
        let name = PathBuf::from(ptsname(&master, Vec::new()).unwrap().into_string().unwrap());
        rustix::io::ioctl_fionbio(&master, true).unwrap();
        let child = {
            let slave = File::options().read(true).write(true).open(&name).unwrap();
            let mut cmd = Command::new("setsid");
            cmd.args(["--fork", "--wait", "--ctty", env!("CARGO_BIN_EXE_petstore")]).args(args);
            cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "xterm-256color");
            for (name, value) in env.command().get_envs() {
                if let Some(value) = value {
                    cmd.env(name, value);
                }
            }
            cmd.stdin(slave.try_clone().unwrap()).stderr(slave).stdout(stdout);
            cmd.spawn().expect("setsid (util-linux) runs")
            // The test's copies of the terminal close here: petstore's are the only ones left.
        };
        Terminal { master: File::from(master), child, shown: Vec::new() }
    }

    /// Reads what the terminal shows until `text` has appeared.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + BOUND;
        let mut buf = [0; 4096];
        while !String::from_utf8_lossy(&self.shown).contains(text) {
            assert!(Instant::now() < deadline, "`{text}` never showed: {}", String::from_utf8_lossy(&self.shown));
            match self.master.read(&mut buf) {
                Ok(0) => panic!("the terminal closed before `{text}`: {}", String::from_utf8_lossy(&self.shown)),
                Ok(n) => self.shown.extend_from_slice(&buf[..n]),
                Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(err) => panic!("reading the terminal: {err}: {}", String::from_utf8_lossy(&self.shown)),
            }
        }
    }

    /// Keeps reading what the terminal shows (so that petstore's writes do not block) until `done`.
    fn read_until(&mut self, what: &str, done: impl Fn() -> bool) {
        let deadline = Instant::now() + BOUND;
        let mut buf = [0; 4096];
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting until {what}");
            match self.master.read(&mut buf) {
                Ok(n) if n > 0 => self.shown.extend_from_slice(&buf[..n]),
                _ => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    }

    /// Closes the master, as closing the window does, and waits (bounded) for petstore's exit code.
    fn close(self) -> (i32, String) {
        let Terminal { master, mut child, shown } = self;
        drop(master);
        let deadline = Instant::now() + BOUND;
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let children = std::fs::read_to_string(format!("/proc/{0}/task/{0}/children", child.id()));
                for pid in children.unwrap_or_default().split_whitespace() {
                    let _ = Command::new("kill").args(["-KILL", pid]).status();
                }
                let _ = child.kill();
                panic!("petstore did not end within {BOUND:?} of its terminal closing");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let shown = String::from_utf8_lossy(&shown).into_owned();
        assert!(!shown.contains("panicked"), "petstore panicked: {shown}");
        (status.code().expect("setsid exits with petstore's code"), shown)
    }
}

/// A sandbox as environment `shop`, whose writes are confirmed.
fn shop(env: &TestEnv) {
    env.write_config(&format!(
        "[environments.shop]\nbase_url = \"{}\"\nconfirm_writes = true\n",
        env.sandbox.base_url()
    ));
}

#[test]
fn the_terminal_closing_at_the_question_before_a_write_exits_129_and_sends_nothing() {
    let env = TestEnv::new();
    shop(&env);
    let args = ["--env", "shop", "pets", "add", "--name", "Rex", "--category-id", "1"];
    let mut terminal = Terminal::start(&env, &args, Stdio::null());
    terminal.wait_for("[y/N] ");
    let (code, shown) = terminal.close();
    assert_eq!(code, 129, "{shown}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn the_terminal_closing_at_the_hidden_login_prompt_exits_129_and_stores_nothing() {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let mut terminal = Terminal::start(&env, &["auth", "login", "--env", "local", "--insecure-storage"], Stdio::null());
    terminal.wait_for("): ");
    // As a person would, after the prompt turned echo off and reads the terminal.
    crate::common::wait_until_petstore_reads(
        terminal.child.id(),
        Duration::from_secs(10),
        "the_terminal_closing_at_the_hidden_login_prompt_exits_129_and_stores_nothing",
    );
    terminal.master.write_all(b"half-a-key").unwrap();
    let (code, shown) = terminal.close();
    assert_eq!(code, 129, "{shown}");
    assert_eq!(env.sandbox.request_count(), 0);
    assert!(!env.config_dir().join("credentials.toml").exists());
}

#[test]
fn the_terminal_closing_during_a_batch_exits_129_with_every_record_accounted_for() {
    let env =
        TestEnv::with(Config::default().seed_pets(0).latency(Duration::from_millis(40)..=Duration::from_millis(40)));
    let total = 400;
    let records: String = (1..=total).map(|n| format!("{{\"name\":\"pet-{n}\",\"categoryId\":1}}\n")).collect();
    let input = env.home().join("pets.ndjson");
    std::fs::write(&input, records).unwrap();
    let failed = env.home().join("failed.ndjson");
    let created_out = env.home().join("created.tsv");
    let args = ["pets", "add", "--file", input.to_str().unwrap(), "--failed", failed.to_str().unwrap()];
    let mut terminal = Terminal::start(
        &env,
        &[&args[..], &["--concurrency", "4"]].concat(),
        File::create(&created_out).unwrap().into(),
    );
    terminal.read_until("20 animals were created", || env.sandbox.pets().len() >= 20);
    assert!(
        terminal.shown.windows(2).any(|w| w == b"/s"),
        "no progress bar: {}",
        String::from_utf8_lossy(&terminal.shown)
    );
    let (code, shown) = terminal.close();
    assert_eq!(code, 129, "{shown}");
    let on_server: Vec<String> = env.sandbox.pets().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    assert!(on_server.len() < total, "the batch finished before the terminal closed; make it slower");
    let printed = std::fs::read_to_string(&created_out).unwrap();
    assert_eq!(printed.lines().count(), on_server.len(), "every created animal was printed: {printed}");
    let rest: Vec<String> = std::fs::read_to_string(&failed)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["name"].as_str().unwrap().to_owned())
        .collect();
    // Each record is on the server or in the failed file, exactly once.
    let mut all: Vec<String> = on_server.into_iter().chain(rest).collect();
    all.sort_by_key(|name| name[4..].parse::<usize>().unwrap());
    assert_eq!(all, (1..=total).map(|n| format!("pet-{n}")).collect::<Vec<_>>());
}

#[test]
fn help_and_version_to_a_full_stdout_fail_with_a_message() {
    let env = TestEnv::new();
    for args in [&["--help"][..], &["--version"], &["pets", "add", "--help"], &["-h"]] {
        let full = File::options().write(true).open("/dev/full").unwrap();
        let run = Run::checked(env.command().args(args).stdout(full).output().unwrap());
        assert_eq!(run.code, 1, "{args:?}: {run}");
        assert_eq!(run.stderr, "error: cannot write the output: No space left on device (os error 28)\n", "{args:?}");
    }
}
