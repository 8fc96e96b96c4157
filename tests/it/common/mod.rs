//! `TestEnv`: a sandbox of its own, a temporary home, and the real binary with a cleared environment.

pub mod canned;

use std::fmt;
use std::path::Path;
use std::process::{Command, Stdio};

use petstore_sandbox::{Config, Sandbox};

/// The key every test sandbox accepts. Distinctive, so the harness can check that no output ever shows it.
pub const KEY: &str = "test-key-7c1e93d4a5b2";

/// One test's world.
pub struct TestEnv {
    pub sandbox: Sandbox,
    home: tempfile::TempDir,
}

impl TestEnv {
    /// A sandbox with five seed pets.
    pub fn new() -> TestEnv {
        TestEnv::with(Config::default().seed_pets(5))
    }

    /// A sandbox with `config`, accepting [`KEY`] only.
    pub fn with(config: Config) -> TestEnv {
        let sandbox = Sandbox::start_with(config.api_keys([KEY]).quiet(true));
        TestEnv { sandbox, home: tempfile::tempdir().expect("a temporary directory") }
    }

    pub fn home(&self) -> &Path {
        self.home.path()
    }

    /// The real binary with nothing from the developer's environment: HOME and the config directory point
    /// into this test's temporary directory, and the sandbox's URL and key are set.
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_petstore"));
        cmd.env_clear()
            .env("HOME", self.home())
            .env("PETSTORE_CONFIG_DIR", self.home().join("config"))
            .env("PETSTORE_BASE_URL", self.sandbox.base_url())
            .env("PETSTORE_API_KEY", KEY)
            .stdin(Stdio::null());
        cmd
    }

    /// Runs `petstore ARGS` with stdout and stderr piped, as a script would.
    pub fn run(&self, args: &[&str]) -> Run {
        Run::of(self.command().args(args))
    }

    /// Runs `petstore ARGS` as if stdin, stdout and stderr were a terminal.
    pub fn run_in_terminal(&self, args: &[&str]) -> Run {
        Run::of(self.command().env("PETSTORE_TEST_TERMINAL", "1").args(args))
    }
}

/// What a run of the binary did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Runs `cmd` to completion. Checks, for every run in the suite, that the API key appears nowhere in what
    /// petstore printed.
    pub fn of(cmd: &mut Command) -> Run {
        let output = cmd.output().expect("the petstore binary runs");
        let run = Run {
            code: output.status.code().expect("petstore exits rather than dying by a signal"),
            stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        };
        assert!(!run.stdout.contains(KEY), "the API key leaked on stdout:\n{run}");
        assert!(!run.stderr.contains(KEY), "the API key leaked on stderr:\n{run}");
        assert!(!run.stderr.contains("panicked"), "petstore panicked:\n{run}");
        run
    }

    /// stdout as JSON, for tests that compare values rather than text.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|err| panic!("stdout is not JSON ({err}):\n{self}"))
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exit: {}\n----- stdout -----\n{}----- stderr -----\n{}", self.code, self.stdout, self.stderr)
    }
}

/// Filters for what changes from run to run: loopback ports and timings.
pub fn filters() -> Vec<(&'static str, &'static str)> {
    vec![
        (r"127\.0\.0\.1:\d+", "127.0.0.1:[PORT]"),
        (r"\d+\.\d ms", "[TIME] ms"),
        (r"petstore/\d+\.\d+\.\d+", "petstore/[VERSION]"),
        (r"petstore \d+\.\d+\.\d+", "petstore [VERSION]"),
    ]
}

/// Snapshots a whole [`Run`]: exit code, stdout and stderr, with [`filters`] applied.
#[macro_export]
macro_rules! assert_run {
    ($name:expr, $run:expr) => {
        insta::with_settings!({ filters => $crate::common::filters(), prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!($name, $run.to_string());
        })
    };
}

/// A `http://127.0.0.1:PORT/v1` where nothing listens: the port was free a moment ago.
pub fn dead_base_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}/v1")
}
