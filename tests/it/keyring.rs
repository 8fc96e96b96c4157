//! The OS keyring for real: a private D-Bus session with a throwaway, unlocked gnome-keyring
//! (`tests/keyring-session.sh`), and the real binary logging in, using the key, and logging out.

use std::path::Path;
use std::process::Command;

use crate::common::{KEY, Run, TestEnv, have_tool};

const SESSION_VAR: &str = "PETSTORE_TEST_SECRET_SERVICE";

/// Runs the calling test again inside a private Secret Service session, unless it is inside one already.
/// Returns whether the caller should go on (it is inside). Outside, it checks that the run inside passed
/// exactly one test, so that a name that matches nothing cannot pass for a test that ran.
fn inside_a_secret_service() -> bool {
    if std::env::var_os(SESSION_VAR).is_some() {
        return true;
    }
    // libtest names each test's thread after the test.
    let test = std::thread::current().name().expect("a test's thread has its name").to_owned();
    if !have_tool("dbus-run-session", "dbus-daemon")
        || !have_tool("gnome-keyring-daemon", "gnome-keyring")
        || !have_tool("secret-tool", "libsecret-tools")
    {
        return false;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/keyring-session.sh");
    let output = Command::new(script)
        .arg(std::env::current_exe().unwrap())
        .args(["--exact", &test, "--nocapture", "--test-threads", "1"])
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success() && stdout.contains("test result: ok. 1 passed;"),
        "{test} did not pass inside the Secret Service session:\n{stdout}\n{stderr}"
    );
    false
}

/// A test env with an environment `local` for its sandbox, and the real binary on this session's bus, with
/// neither `PETSTORE_API_KEY` nor `PETSTORE_BASE_URL`: the key can only come from the keyring.
struct KeyringEnv {
    env: TestEnv,
    bus: String,
}

impl KeyringEnv {
    fn new() -> KeyringEnv {
        let env = TestEnv::new();
        env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
        KeyringEnv { env, bus: std::env::var("DBUS_SESSION_BUS_ADDRESS").unwrap() }
    }

    fn petstore(&self, args: &[&str]) -> Command {
        let mut cmd = self.env.command();
        cmd.env("DBUS_SESSION_BUS_ADDRESS", &self.bus)
            .env_remove("PETSTORE_API_KEY")
            .env_remove("PETSTORE_BASE_URL")
            .args(args);
        cmd
    }
}

#[test]
fn login_stores_the_key_in_the_secret_service_and_commands_use_it() {
    if !inside_a_secret_service() {
        return;
    }
    let keyring = KeyringEnv::new();
    let env = &keyring.env;
    let petstore = |args: &[&str]| keyring.petstore(args);

    let login = Run::with_stdin(&mut petstore(&["auth", "login", "--env", "local"]), KEY);
    assert_eq!(login.code, 0, "{login}");
    assert!(login.stderr.contains("the key is in the Secret Service"), "{login}");
    assert!(env.read_config().contains("key_storage = \"keyring\""));
    assert!(!env.config_dir().join("credentials.toml").exists(), "no plaintext copy");

    // Another tool reads the same item: it is really in the Secret Service.
    let lookup =
        Command::new("secret-tool").args(["lookup", "service", "petstore", "username", "local"]).output().unwrap();
    assert!(lookup.status.success(), "secret-tool lookup: {}", String::from_utf8_lossy(&lookup.stderr));
    assert_eq!(String::from_utf8_lossy(&lookup.stdout), KEY);

    let list = Run::of(&mut petstore(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!((list.code, list.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{list}");
    let status = Run::of(&mut petstore(&["--env", "local", "auth", "status"]));
    assert_eq!(status.code, 0, "{status}");
    assert!(status.stdout.contains("\tkeyring\t"), "{status}");
    assert!(status.stdout.ends_with("\taccepted\n"), "{status}");

    let logout = Run::of(&mut petstore(&["auth", "logout", "--env", "local"]));
    assert_eq!((logout.code, logout.stderr.as_str()), (0, "logged out of `local`\n"), "{logout}");
    let again = Run::of(&mut petstore(&["auth", "logout", "--env", "local"]));
    assert_eq!(again.code, 0, "{again}");
    let list = Run::of(&mut petstore(&["--env", "local", "pets", "list"]));
    assert_eq!(list.code, 4, "{list}");
}

#[test]
fn doctor_passes_every_check_with_the_key_in_a_real_keyring() {
    if !inside_a_secret_service() {
        return;
    }
    let keyring = KeyringEnv::new();
    let petstore = |args: &[&str]| keyring.petstore(args);
    let login = Run::with_stdin(&mut petstore(&["auth", "login", "--env", "local", "-q"]), KEY);
    assert_eq!(login.code, 0, "{login}");
    let doctor = Run::of(&mut petstore(&["--env", "local", "doctor"]));
    assert_eq!(doctor.code, 0, "{doctor}");
    let statuses: Vec<&str> = doctor.stdout.lines().map(|l| l.split('\t').nth(1).unwrap()).collect();
    assert_eq!(statuses, ["PASS"; 10], "{doctor}");
    assert!(doctor.stdout.contains("keyring\tPASS\tthe Secret Service answers"), "{doctor}");
}
