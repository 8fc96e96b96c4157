//! The kernel's keyring for real (keyutils): `auth login --storage kernel` on a machine with no Secret
//! Service, and a kernel keyring blocked the way Docker's seccomp profile blocks it. `keyctl` (Debian's
//! `keyutils`) looks at what petstore left there. The cache in front of a real Secret Service is tested in
//! `keyring.rs`. Every entry is named after its test's own config directory, so tests never meet each
//! other's keys or a developer's.

use std::path::Path;
use std::process::Command;

use crate::assert_run;
use crate::common::{KEY, Run, TestEnv, have_tool};

/// The two kinds of entry petstore keeps in the kernel.
#[derive(Debug, Clone, Copy)]
pub enum Entry {
    /// The cache of the OS keyring's key, in the user keyring.
    Cache,
    /// A key stored with `--storage kernel`, in the persistent keyring.
    Stored,
}

/// What the kernel holds for `env` of the config in `dir` (a plain temporary path, which petstore uses as it
/// is), read with `keyctl` in a throwaway session keyring (so that this test process's own keyrings are left
/// as they were); `None` when it holds nothing.
pub fn kernel_entry(entry: Entry, dir: &Path, env: &str) -> Option<String> {
    assert!(have_tool("keyctl", "keyutils"), "keyctl is needed to look into the kernel keyring");
    let script = match entry {
        Entry::Cache => r#"id=$(keyctl search @u user "$1") && keyctl pipe "$id""#,
        Entry::Stored => {
            r#"ring=$(keyctl get_persistent @s) && id=$(keyctl search "$ring" user "$1") && keyctl pipe "$id""#
        }
    };
    let prefix = match entry {
        Entry::Cache => "petstore-cache",
        Entry::Stored => "petstore",
    };
    let out = Command::new("keyctl")
        .args(["session", "-", "sh", "-c", script, "sh", &format!("{prefix}:{env}:{}", dir.display())])
        .output()
        .unwrap();
    let payload = String::from_utf8(out.stdout).unwrap();
    match entry {
        // The cache's payload is the time it was cached (seconds since the epoch), a newline, and the key.
        Entry::Cache => out.status.success().then(|| payload.split_once('\n').expect("a timestamp line").1.to_owned()),
        Entry::Stored => out.status.success().then_some(payload),
    }
}

/// Removes what a test stored in the kernel for `env` of the config in `dir` when it ends, passed or failed:
/// the persistent keyring keeps a key for days.
pub struct Cleanup<'a> {
    pub dir: &'a Path,
    pub env: &'a str,
}

impl Drop for Cleanup<'_> {
    fn drop(&mut self) {
        let description = format!("petstore:{}:{}", self.env, self.dir.display());
        let script =
            r#"ring=$(keyctl get_persistent @s) && id=$(keyctl search "$ring" user "$1") && keyctl invalidate "$id""#;
        let _ = Command::new("keyctl").args(["session", "-", "sh", "-c", script, "sh", &description]).output();
    }
}

/// Runs `cmd` (with `input` on stdin) with the kernel keyring's system calls (`add_key`, `keyctl`,
/// `request_key`) failing with EPERM, as under Docker's default seccomp profile. The filter goes on a thread
/// of its own, which then starts `cmd`: a child inherits its parent thread's filter, and the tests' other
/// threads keep none.
pub fn without_kernel_keyring(cmd: &mut Command, input: &str) -> Run {
    use seccompiler::{BpfProgram, SeccompAction, SeccompFilter, TargetArch};
    let rules = [libc::SYS_add_key, libc::SYS_keyctl, libc::SYS_request_key].into_iter().map(|call| (call, vec![]));
    let filter = SeccompFilter::new(
        rules.collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        TargetArch::try_from(std::env::consts::ARCH).expect("an architecture seccompiler knows"),
    )
    .unwrap();
    let program: BpfProgram = filter.try_into().unwrap();
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                seccompiler::apply_filter(&program).unwrap();
                Run::with_stdin(cmd, input)
            })
            .join()
            .unwrap()
    })
}

/// `petstore auth login ARGS` with `KEY` on stdin, as a person who has not set `PETSTORE_API_KEY`.
fn login(env: &TestEnv, args: &[&str]) -> Run {
    Run::with_stdin(env.command().env_remove("PETSTORE_API_KEY").args(["auth", "login"]).args(args), KEY)
}

/// A test env with an environment `local` for its sandbox.
fn with_local_env() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    env
}

/// Every file under `dir` whose bytes contain `needle`.
fn files_containing(dir: &Path, needle: &str) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_containing(&path, needle));
        } else if std::fs::read(&path).is_ok_and(|bytes| bytes.windows(needle.len()).any(|w| w == needle.as_bytes())) {
            found.push(path);
        }
    }
    found
}

/// What `auth login --storage kernel` and `auth status` say of the key's lifetime, from the kernel's setting.
fn lifetime() -> String {
    let seconds: u64 =
        std::fs::read_to_string("/proc/sys/kernel/keys/persistent_keyring_expiry").unwrap().trim().parse().unwrap();
    let unused = match seconds {
        259_200 => "3 days".to_owned(),
        other => format!("{other} seconds"),
    };
    format!("no file holds it; it survives logging out, is gone after {unused} unused, and does not survive a reboot")
}

#[test]
fn storage_kernel_needs_no_secret_service_and_leaves_no_file_holding_the_key() {
    if !have_tool("keyctl", "keyutils") {
        return;
    }
    // `TestEnv` points D-Bus nowhere: there is no Secret Service.
    let env = with_local_env();
    let config_dir = env.config_dir();
    let _cleanup = Cleanup { dir: &config_dir, env: "local" };
    let login = login(&env, &["--env", "local", "--storage", "kernel"]);
    let url = env.sandbox.base_url();
    assert_eq!(
        (login.code, login.stdout.as_str(), login.stderr),
        (
            0,
            "",
            format!(
                "logged in to `local` ({url}): the API accepted it; the key is in the kernel's persistent keyring: {}\n",
                lifetime()
            )
        )
    );
    assert!(env.read_config().contains("key_storage = \"kernel\""), "{}", env.read_config());
    assert_eq!(kernel_entry(Entry::Stored, &env.config_dir(), "local").as_deref(), Some(KEY));
    assert_eq!(kernel_entry(Entry::Cache, &env.config_dir(), "local"), None, "nothing to cache: no Secret Service");
    assert_eq!(files_containing(env.home(), KEY), Vec::<std::path::PathBuf>::new(), "no file holds the key");

    let list = env.run_logged_in(&["--env", "local", "pets", "list", "--limit", "1"]);
    assert_eq!(
        (list.code, list.stdout.as_str(), list.stderr.as_str()),
        (0, "1\tRex\t1\tavailable\n", crate::common::FIRST_OF_MORE)
    );
    let status = env.run_logged_in(&["--env", "local", "auth", "status"]);
    assert_eq!(
        (status.code, status.stdout, status.stderr),
        (
            0,
            format!("*\tlocal\t{url}\tkernel\t****a5b2\taccepted\n"),
            format!("the key for `local` is in the kernel's persistent keyring: {}\n", lifetime())
        )
    );
    let doctor = env.run_logged_in(&["--env", "local", "doctor"]);
    assert_eq!(doctor.code, 0, "{doctor}");
    assert!(
        doctor.stdout.contains(&format!(
            "kernel-keyring\tPASS\tit answers; the key for `local` is kept there: {}\n",
            lifetime()
        )),
        "{doctor}"
    );
    assert!(doctor.stdout.contains("key\tPASS\tfrom the kernel's persistent keyring: ****a5b2\n"), "{doctor}");
    let listed = env.run_logged_in(&["env", "list", "-o", "tsv", "--columns", "name,keySource"]);
    assert!(listed.stdout.contains("local\tkernel\n"), "{listed}");

    let logout = env.run_logged_in(&["auth", "logout", "--env", "local"]);
    assert_eq!((logout.code, logout.stderr.as_str()), (0, "logged out of `local`\n"), "{logout}");
    assert_eq!(kernel_entry(Entry::Stored, &env.config_dir(), "local"), None, "logout removed it from the kernel");
    let list = env.run_logged_in(&["--env", "local", "pets", "list"]);
    assert_eq!(list.code, 4, "{list}");
}

#[test]
fn a_new_login_elsewhere_takes_the_key_out_of_the_kernel() {
    if !have_tool("keyctl", "keyutils") {
        return;
    }
    let env = with_local_env();
    let config_dir = env.config_dir();
    let _cleanup = Cleanup { dir: &config_dir, env: "local" };
    let run = login(&env, &["-q", "--env", "local", "--storage", "kernel"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(kernel_entry(Entry::Stored, &env.config_dir(), "local").is_some());
    let run = login(&env, &["-q", "--env", "local", "--storage", "file"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(kernel_entry(Entry::Stored, &env.config_dir(), "local"), None, "no stale copy is left behind");
    assert!(env.read_config().contains("key_storage = \"file\""));
    let logout = env.run_logged_in(&["-q", "auth", "logout", "--env", "local"]);
    assert_eq!(logout.code, 0, "{logout}");
}

#[test]
fn a_blocked_kernel_keyring_refuses_storage_kernel_and_records_nothing() {
    let env = with_local_env();
    let run = without_kernel_keyring(
        env.command().env_remove("PETSTORE_API_KEY").args(["auth", "login", "--env", "local", "--storage", "kernel"]),
        KEY,
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            4,
            "",
            "error: cannot store the key: the kernel keyring is not available: the system calls are not permitted \
             here (a container's seccomp profile, or a security policy)\n\
             help: set `PETSTORE_API_KEY` instead, or keep the key in the OS keyring (`petstore auth login --storage \
             keyring`) or a 0600 file (`--storage file`)\n"
        )
    );
    assert!(!env.read_config().contains("key_storage"), "{}", env.read_config());

    // doctor says why, and that only `--storage kernel` needs it.
    let doctor = without_kernel_keyring(env.command().args(["--env", "local", "doctor"]), "");
    assert!(
        doctor.stdout.contains(
            "kernel-keyring\tWARN\tthe kernel keyring is not available: the system calls are not permitted here (a \
             container's seccomp profile, or a security policy); keys are read from the Secret Service every time, \
             and `--storage kernel` cannot be used\n"
        ),
        "{doctor}"
    );
}

/// The one line a default `auth login` says where no Secret Service can be reached.
fn kernel_instead() -> String {
    let unused = lifetime().split("is gone after ").nth(1).unwrap().split(" unused").next().unwrap().to_owned();
    format!(
        "no Secret Service can be reached from this session, so the key goes into the kernel's keyring, where it \
         lasts until a reboot or {unused} unused; `--storage file` keeps it in a 0600 file instead\n"
    )
}

#[test]
fn without_a_secret_service_a_default_login_keeps_the_key_in_the_kernel_and_says_so() {
    if !have_tool("keyctl", "keyutils") {
        return;
    }
    // `TestEnv` points D-Bus nowhere: no Secret Service, as over SSH, in a container or in WSL.
    let env = with_local_env();
    let config_dir = env.config_dir();
    let _cleanup = Cleanup { dir: &config_dir, env: "local" };
    let run = login(&env, &["--env", "local"]);
    let url = env.sandbox.base_url();
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr),
        (
            0,
            "",
            format!(
                "{}logged in to `local` ({url}): the API accepted it; the key is in the kernel's persistent keyring: \
                 {}\n",
                kernel_instead(),
                lifetime()
            )
        )
    );
    assert!(env.read_config().contains("key_storage = \"kernel\""), "{}", env.read_config());
    assert_eq!(kernel_entry(Entry::Stored, &env.config_dir(), "local").as_deref(), Some(KEY));
    assert_eq!(files_containing(env.home(), KEY), Vec::<std::path::PathBuf>::new(), "no file holds the key");
    let list = env.run_logged_in(&["--env", "local", "pets", "list", "--limit", "1"]);
    assert_eq!((list.code, list.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{list}");
    let status = env.run_logged_in(&["--env", "local", "auth", "status"]);
    assert_eq!((status.code, status.stdout), (0, format!("*\tlocal\t{url}\tkernel\t****a5b2\taccepted\n")));

    // Quiet, it says nothing; an explicit `--storage keyring` still fails, in plain words.
    let logout = env.run_logged_in(&["-q", "auth", "logout", "--env", "local"]);
    assert_eq!(logout.code, 0, "{logout}");
    let run = login(&env, &["-q", "--env", "local"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    let run = login(&env, &["--env", "local", "--storage", "keyring"]);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (
            4,
            "error: cannot store the key: the Secret Service cannot be reached from this session: no desktop keyring \
             runs here\n\
             help: set `PETSTORE_API_KEY` instead, or keep the key in the kernel's keyring, with no file (`petstore \
             auth login --storage kernel`; lost at reboot), or in a 0600 file (`--storage file`)\n"
        )
    );
}

#[test]
fn without_a_secret_service_or_a_kernel_keyring_a_login_names_the_file_and_stores_nothing() {
    let env = with_local_env();
    let run = without_kernel_keyring(
        env.command().env_remove("PETSTORE_API_KEY").args(["auth", "login", "--env", "local"]),
        KEY,
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            4,
            "",
            "error: cannot store the key: no Secret Service can be reached from this session, and the kernel keyring \
             is not available: the system calls are not permitted here (a container's seccomp profile, or a \
             security policy)\n\
             help: keep the key in a 0600 file with `petstore auth login --storage file`, or set `PETSTORE_API_KEY`\n"
        )
    );
    assert!(!env.read_config().contains("key_storage"), "nothing recorded");
    assert!(!env.config_dir().join("credentials.toml").exists(), "never a plaintext file without asking");
    assert_eq!(env.sandbox.request_count(), 0, "found out before the key was asked for, or checked");
}

#[test]
fn storage_and_insecure_storage_cannot_be_given_together() {
    let env = with_local_env();
    let run =
        env.run_with_stdin(&["auth", "login", "--env", "local", "--storage", "kernel", "--insecure-storage"], KEY);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.starts_with("error: the argument '--storage <WHERE>' cannot be used with '--insecure-storage'"));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_wrong_key_cache_ttl_points_at_its_place() {
    let env = with_local_env();
    env.write_config(&format!("key_cache_ttl = -5\n{}", env.read_config()));
    assert_run!("config_key_cache_ttl_negative", env.run(&["env", "list"]));
}
