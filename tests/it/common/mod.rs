//! `TestEnv`: a sandbox of its own, a temporary home, and the real binary with a cleared environment.

pub mod canned;
pub mod line;
pub mod nginx;
pub mod proxy;
pub mod pty;
pub mod tls;
pub mod transport;

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

    /// A sandbox with `config`, accepting [`KEY`] only, over the transport the run chose
    /// ([`transport::start_sandbox`]).
    pub fn with(config: Config) -> TestEnv {
        TestEnv::around(transport::start_sandbox(config.api_keys([KEY]).quiet(true)))
    }

    /// Like [`TestEnv::with`], but over plain HTTP whatever the transport: for the tests about plain HTTP
    /// itself, which write requests to the sandbox's socket by hand or put a TLS front of their own before it.
    pub fn over_plain_http(config: Config) -> TestEnv {
        TestEnv::around(Sandbox::start_with(config.api_keys([KEY]).quiet(true)))
    }

    fn around(sandbox: Sandbox) -> TestEnv {
        start_watchdog();
        let env = TestEnv { sandbox, home: tempfile::tempdir().expect("a temporary directory") };
        env.trust(&env.sandbox);
        env
    }

    /// Another sandbox for this test (`config` as given, quiet), over the same transport, whose CA (if any)
    /// this test's petstore trusts too.
    pub fn another_sandbox(&self, config: Config) -> Sandbox {
        let sandbox = transport::start_sandbox(config.quiet(true));
        self.trust(&sandbox);
        sandbox
    }

    /// Adds `sandbox`'s CA, when it serves HTTPS, to the file [`TestEnv::command`] names in `PETSTORE_CACERT`.
    fn trust(&self, sandbox: &Sandbox) {
        use std::io::Write;
        let Some(pem) = sandbox.ca_pem() else { return };
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(self.ca_file()).unwrap();
        file.write_all(pem.as_bytes()).unwrap();
    }

    /// The PEM file of the CAs of this test's HTTPS sandboxes; absent while they all serve plain HTTP.
    pub fn ca_file(&self) -> std::path::PathBuf {
        self.home().join("sandbox-ca.pem")
    }

    pub fn home(&self) -> &Path {
        self.home.path()
    }

    /// The real binary with nothing from the developer's environment: HOME and the config directory point
    /// into this test's temporary directory, and the sandbox's URL and key are set, and, when the sandbox
    /// serves HTTPS, `PETSTORE_CACERT` names its CA.
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_petstore"));
        cmd.env_clear()
            .env("HOME", self.home())
            .env("PETSTORE_CONFIG_DIR", self.home().join("config"))
            .env("PETSTORE_BASE_URL", self.sandbox.base_url())
            .env("PETSTORE_API_KEY", KEY)
            // Long help at a terminal is not paged in tests, but for those of the pager itself.
            .env("PETSTORE_PAGER", "cat")
            // No test reaches a developer's keyring: the bus address leads nowhere. The real-keyring test
            // sets its own private bus.
            .env("DBUS_SESSION_BUS_ADDRESS", format!("unix:path={}", self.home().join("no-bus").display()))
            .stdin(Stdio::null());
        if self.ca_file().exists() {
            cmd.env("PETSTORE_CACERT", self.ca_file());
        }
        cmd
    }

    /// The config directory this test's petstore uses.
    pub fn config_dir(&self) -> std::path::PathBuf {
        self.home().join("config")
    }

    /// Runs `petstore ARGS` with `input` on stdin.
    pub fn run_with_stdin(&self, args: &[&str], input: &str) -> Run {
        Run::with_stdin(self.command().args(args), input)
    }

    /// Runs `petstore ARGS` without `PETSTORE_API_KEY`, as a person who logged in would.
    pub fn run_logged_in(&self, args: &[&str]) -> Run {
        Run::of(self.command().env_remove("PETSTORE_API_KEY").args(args))
    }

    /// Writes the config file.
    pub fn write_config(&self, text: &str) {
        std::fs::create_dir_all(self.config_dir()).unwrap();
        std::fs::write(self.config_dir().join("config.toml"), text).unwrap();
    }

    /// The config file's text ("" when there is none).
    pub fn read_config(&self) -> String {
        std::fs::read_to_string(self.config_dir().join("config.toml")).unwrap_or_default()
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
        let run = Run::unchecked(cmd.output().expect("the petstore binary runs"));
        run.check_no_key(true);
        run
    }

    /// Runs `cmd` with `input` on stdin.
    pub fn with_stdin(cmd: &mut Command, input: &str) -> Run {
        let run = Run::unchecked(feed(cmd, input));
        run.check_no_key(true);
        run
    }

    /// Like [`Run::with_stdin`] for `auth token`, the one command whose stdout is the key.
    pub fn printing_the_key(cmd: &mut Command) -> Run {
        let run = Run::unchecked(cmd.output().expect("the petstore binary runs"));
        run.check_no_key(false);
        run
    }

    /// A run from a process the test drove itself, checked like every other.
    pub fn checked(output: std::process::Output) -> Run {
        let run = Run::unchecked(output);
        run.check_no_key(true);
        run
    }

    fn unchecked(output: std::process::Output) -> Run {
        Run {
            code: output.status.code().expect("petstore exits rather than dying by a signal"),
            stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        }
    }

    fn check_no_key(&self, on_stdout: bool) {
        assert!(!on_stdout || !self.stdout.contains(KEY), "the API key leaked on stdout:\n{self}");
        assert!(!self.stderr.contains(KEY), "the API key leaked on stderr:\n{self}");
        assert!(!self.stderr.contains("panicked"), "petstore panicked:\n{self}");
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

/// Runs `cmd` with `input` written to its stdin.
pub fn feed(cmd: &mut Command, input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // A command refused at parsing exits without reading its stdin: the pipe may be closed by then, and what
    // it printed is what the test checks.
    if let Err(err) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{err}");
    }
    child.wait_with_output().unwrap()
}

/// Filters for what changes from run to run: loopback ports, timings, temporary directories; and first what
/// changes with `PETSTORE_TEST_TRANSPORT` ([`transport::transport_filters`]), so that one snapshot holds for
/// every transport.
pub fn filters() -> Vec<(&'static str, &'static str)> {
    let mut filters = transport::transport_filters();
    filters.extend([
        (r"/tmp/\.tmp[A-Za-z0-9]+", "[TMP]"),
        (r"127\.0\.0\.1:\d+", "127.0.0.1:[PORT]"),
        (r"\d+\.\d ms", "[TIME] ms"),
        (r"petstore/\d+\.\d+\.\d+", "petstore/[VERSION]"),
        (r"petstore \d+\.\d+\.\d+", "petstore [VERSION]"),
        // Fresh for every request (`api::trace`).
        (r"\b[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b", "[REQUEST-ID]"),
        (r"\b00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}\b", "[TRACEPARENT]"),
        // `doctor`'s count of the system's CA certificates and where they are: this machine's.
        (r"\d+ CA certificates, read from(\s+)`[^`]+`", "[N] CA certificates, read from$1`[CA STORE]`"),
    ]);
    filters
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

/// The variable that lets a developer without a test's tools skip the tests that need them, by tool name:
/// `PETSTORE_TEST_SKIP=openssl,man` (or `all`). CI never skips.
pub const SKIP_VAR: &str = "PETSTORE_TEST_SKIP";

/// Whether `tool` (found with `command -v`), which the calling test needs, is installed. A test never passes
/// without checking: a missing tool fails it, naming the package to install (CI installs them all: .ci/run),
/// unless [`SKIP_VAR`] names the tool outside CI. Then this returns `false` and the test returns, after
/// printing `skipped: TEST: why` past the harness's capture, so the skip shows by name next to its `ok`.
pub fn have_tool(tool: &str, package: &str) -> bool {
    let found =
        Command::new("sh").args(["-c", &format!("command -v {tool}")]).output().is_ok_and(|out| out.status.success());
    if !found {
        skip_without(tool, &format!("install {package}"));
    }
    found
}

/// `tool`, which the calling test needs, is missing, and `install` says how to get it: the test fails saying
/// so, unless [`SKIP_VAR`] names the tool outside CI; then the skip is said on stderr, past the harness's
/// capture, and the test is to return.
pub fn skip_without(tool: &str, install: &str) {
    let test = std::thread::current().name().unwrap_or("a test").to_owned();
    let skip = std::env::var(SKIP_VAR).unwrap_or_default();
    let skipped = skip.split(',').any(|name| name.trim() == tool || name.trim() == "all");
    assert!(
        skipped && std::env::var_os("CI").is_none(),
        "{test} needs `{tool}`: {install} (CI does, see .ci/run), or set {SKIP_VAR}={tool} to skip it"
    );
    // Straight to fd 2: `eprintln!` would be captured, and shown only for a failing test.
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "skipped: {test}: `{tool}` is not installed ({SKIP_VAR}={skip})");
}

/// A D-Bus address whose socket (at `path`) accepts connections and never says a word: any D-Bus call to it
/// hangs until petstore's own time bound. The socket lives as long as the test.
pub fn hung_bus(path: &Path) -> String {
    let listener = std::os::unix::net::UnixListener::bind(path).unwrap();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    format!("unix:path={}", path.display())
}

/// How long the whole integration-test binary may run (it takes under a minute here). Past it, a test is
/// stuck on a child, a pseudo-terminal or a server that will never answer: the binary fails at once rather
/// than hold CI until its own limit.
const WHOLE_RUN_LIMIT: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// Starts, once per test binary, the thread that enforces [`WHOLE_RUN_LIMIT`].
fn start_watchdog() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        std::thread::spawn(|| {
            std::thread::sleep(WHOLE_RUN_LIMIT);
            eprintln!("error: the integration tests ran past {WHOLE_RUN_LIMIT:?}: a test is stuck; stopping");
            std::process::exit(101);
        });
    });
}

/// Waits, at most `bound`, until process `pid` catches each signal in `signals` (numbers: 1 SIGHUP, 2 SIGINT,
/// 15 SIGTERM), read from `SigCgt` in `/proc/PID/status`: a signal sent before its handler is installed
/// would kill the process instead of being handled. Fails, naming `what`, when the bound runs out.
#[cfg(target_os = "linux")]
pub fn wait_for_handlers(pid: u32, signals: &[u32], bound: std::time::Duration, what: &str) {
    let started = std::time::Instant::now();
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .unwrap_or(0);
        if signals.iter().all(|signal| caught & (1 << (signal - 1)) != 0) {
            return;
        }
        assert!(started.elapsed() < bound, "{what}: no handler for signals {signals:?} after {bound:?}");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Waits, at most `bound`, until another process holds the exclusive lock on `path` (a `try_lock` of ours
/// would block). Fails, naming `what`, when the bound runs out.
pub fn wait_until_locked(path: &Path, bound: std::time::Duration, what: &str) {
    let started = std::time::Instant::now();
    loop {
        // Opened afresh each time, and dropped at once: a lock taken here is released before the next look.
        if let Ok(file) = std::fs::File::open(path)
            && matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock))
        {
            return;
        }
        assert!(started.elapsed() < bound, "{what}: `{}` was not locked after {bound:?}", path.display());
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The note of `pets list --limit 1` in a store of more than one animal.
pub const FIRST_OF_MORE: &str =
    "note: more animals exist past the first 1; `--limit 100` shows up to 100, `--all` every one the API can reach\n";

/// The system call numbers the waits below look for, on the architectures the tests run on.
#[cfg(target_os = "linux")]
pub mod syscall {
    #[cfg(target_arch = "x86_64")]
    pub const READ: u64 = 0;
    #[cfg(target_arch = "x86_64")]
    pub const WRITE: u64 = 1;
    #[cfg(target_arch = "x86_64")]
    pub const FLOCK: u64 = 73;
    /// What a thread waiting for input blocks in: read, or poll, ppoll, select and pselect6 (console's key
    /// reader waits in one before it reads).
    #[cfg(target_arch = "x86_64")]
    pub const WAITING_FOR_INPUT: &[u64] = &[READ, 7, 271, 23, 270];
    #[cfg(target_arch = "aarch64")]
    pub const READ: u64 = 63;
    #[cfg(target_arch = "aarch64")]
    pub const WRITE: u64 = 64;
    #[cfg(target_arch = "aarch64")]
    pub const FLOCK: u64 = 32;
    #[cfg(target_arch = "aarch64")]
    pub const WAITING_FOR_INPUT: &[u64] = &[READ, 73, 72];
}

/// Whether a thread of process `pid` is blocked in system call `number` with `first` as its first argument
/// (a file descriptor), from `/proc/PID/task/*/syscall`.
#[cfg(target_os = "linux")]
fn in_syscall(pid: u32, number: u64, first: Option<u64>) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return false };
    tasks.flatten().any(|task| {
        let line = std::fs::read_to_string(task.path().join("syscall")).unwrap_or_default();
        let mut fields = line.split_whitespace();
        let nr = fields.next().and_then(|nr| nr.parse::<u64>().ok());
        let arg = fields.next().and_then(|arg| u64::from_str_radix(arg.trim_start_matches("0x"), 16).ok());
        nr == Some(number) && first.is_none_or(|first| arg == Some(first))
    })
}

/// Waits, at most `bound`, until a thread of process `pid` is blocked in system call `number` (see
/// [`syscall`]) on file descriptor `fd` (any, when `None`): reading stdin, writing to a full stdout, waiting
/// for a lock. Fails, naming `what`, when the bound runs out.
#[cfg(target_os = "linux")]
pub fn wait_until_in_syscall(pid: u32, number: u64, fd: Option<u64>, bound: std::time::Duration, what: &str) {
    let started = std::time::Instant::now();
    while !in_syscall(pid, number, fd) {
        assert!(started.elapsed() < bound, "{what}: no thread of {pid} in system call {number} after {bound:?}");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Process `pid` and every process below it, from `/proc/PID/task/*/children`.
#[cfg(target_os = "linux")]
fn with_descendants(pid: u32) -> Vec<u32> {
    let mut all = vec![pid];
    let mut next = 0;
    while next < all.len() {
        let parent = all[next];
        next += 1;
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{parent}/task")) else { continue };
        for task in tasks.flatten() {
            let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            all.extend(children.split_whitespace().filter_map(|child| child.parse::<u32>().ok()));
        }
    }
    all
}

/// Waits, at most `bound`, until petstore, as process `pid` or below it (under `script` and a shell), is
/// blocked waiting for input: a prompt has set the terminal up (echo off, raw mode) and waits for keys, or a command
/// waits for input. Fails, naming `what`, when the bound runs out.
#[cfg(target_os = "linux")]
pub fn wait_until_petstore_reads(pid: u32, bound: std::time::Duration, what: &str) {
    let reading = |pid: &u32| {
        std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|comm| comm.trim() == "petstore")
            && syscall::WAITING_FOR_INPUT.iter().any(|number| in_syscall(*pid, *number, None))
    };
    let started = std::time::Instant::now();
    while !with_descendants(pid).iter().any(reading) {
        assert!(started.elapsed() < bound, "{what}: petstore (at or below {pid}) was not reading after {bound:?}");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Waits, at most `bound`, until process `pid` has used `cpu` of processor time (user and system), from
/// `/proc/PID/stat`: a computation that never ends is under way. Fails, naming `what`, when the bound runs out.
#[cfg(target_os = "linux")]
pub fn wait_for_cpu(pid: u32, cpu: std::time::Duration, bound: std::time::Duration, what: &str) {
    // Clock ticks: 100 a second on every Linux the tests run on (`getconf CLK_TCK`).
    let wanted = cpu.as_millis() as u64 / 10;
    let used = || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // The fields after the command name, which is in parentheses and may hold spaces.
        let rest = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or_default();
        let fields: Vec<&str> = rest.split_whitespace().collect();
        // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
        fields.get(11).and_then(|u| u.parse::<u64>().ok()).unwrap_or(0)
            + fields.get(12).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0)
    };
    let started = std::time::Instant::now();
    while used() < wanted {
        assert!(started.elapsed() < bound, "{what}: {pid} used less than {cpu:?} of processor time in {bound:?}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}
