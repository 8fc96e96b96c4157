//! The OS keyring for real: a private D-Bus session with a throwaway, unlocked gnome-keyring
//! (`tests/keyring-session.sh`), and the real binary logging in, using the key, and logging out.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::common::{KEY, Run, TestEnv, have_tool, hung_bus};
use crate::kernel_keyring::{Entry, kernel_entry, without_kernel_keyring};

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

    /// A config with `local` and a `key_cache_ttl` of `seconds`.
    fn with_ttl(seconds: u32) -> KeyringEnv {
        let keyring = KeyringEnv::new();
        keyring.env.write_config(&format!("key_cache_ttl = {seconds}\n{}", keyring.env.read_config()));
        keyring
    }

    /// `petstore ARGS` on a bus that takes every call and never answers it: any call to the Secret Service
    /// would fail after petstore's 3 s bound.
    fn petstore_on_a_hung_bus(&self, args: &[&str]) -> Command {
        let socket = self.env.home().join("hung-bus");
        let bus = if socket.exists() { format!("unix:path={}", socket.display()) } else { hung_bus(&socket) };
        let mut cmd = self.petstore(args);
        cmd.env("DBUS_SESSION_BUS_ADDRESS", bus);
        cmd
    }

    /// The kernel's cached copy of `local`'s key.
    fn cached(&self) -> Option<String> {
        kernel_entry(Entry::Cache, &self.env.config_dir(), "local")
    }

    /// `auth login --no-verify` with `key`, which must succeed.
    fn login_unchecked(&self, key: &str) {
        let login = Run::with_stdin(&mut self.petstore(&["-q", "auth", "login", "--env", "local", "--no-verify"]), key);
        assert_eq!(login.code, 0, "{login}");
    }

    /// Puts `key` in the Secret Service behind petstore's back, as another program (or another machine's
    /// login, synced) would.
    fn replace_in_the_secret_service(&self, key: &str) {
        secret_tool_store(&self.user(), key);
    }

    /// The user name of `local`'s item in the Secret Service: the environment and the config directory's
    /// real path.
    fn user(&self) -> String {
        format!("local:{}", std::fs::canonicalize(self.env.config_dir()).unwrap().display())
    }

    /// What the Secret Service holds in `local`'s item of this config directory, as `secret-tool` reads it.
    fn in_the_secret_service(&self) -> Option<String> {
        secret_tool_lookup(&self.user())
    }

    /// Records a keyring login for `local` in the config, as `auth login` (of any version) does.
    fn record_keyring_login(&self) {
        let config = self.env.read_config();
        self.env.write_config(
            &config.replace("[environments.local]\n", "[environments.local]\nkey_storage = \"keyring\"\n"),
        );
    }

    /// `petstore ARGS` with a session bus address where nothing listens: the Secret Service is unreachable,
    /// at once.
    fn petstore_without_a_bus(&self, args: &[&str]) -> Command {
        let mut cmd = self.petstore(args);
        cmd.env("DBUS_SESSION_BUS_ADDRESS", format!("unix:path={}", self.env.home().join("no-bus").display()));
        cmd
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

/// `secret-tool store service petstore username USER`, with `key`.
fn secret_tool_store(user: &str, key: &str) {
    let mut store = Command::new("secret-tool");
    store.args(["store", "--label", "stored by hand", "service", "petstore", "username", user]);
    let out = crate::common::feed(&mut store, key);
    assert!(out.status.success(), "secret-tool store: {}", String::from_utf8_lossy(&out.stderr));
}

/// `secret-tool lookup service petstore username USER`: the secret, or `None` when there is no such item.
fn secret_tool_lookup(user: &str) -> Option<String> {
    let out = Command::new("secret-tool").args(["lookup", "service", "petstore", "username", user]).output().unwrap();
    out.status.success().then(|| String::from_utf8(out.stdout).unwrap())
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

    // Another tool reads the same item: it is really in the Secret Service, under this directory's name.
    assert_eq!(keyring.in_the_secret_service().as_deref(), Some(KEY));
    assert_eq!(secret_tool_lookup("local"), None, "not under the name every config directory would share");

    let list = Run::of(&mut petstore(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!((list.code, list.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{list}");
    let status = Run::of(&mut petstore(&["--env", "local", "auth", "status"]));
    assert_eq!(status.code, 0, "{status}");
    // Login cached the key in the kernel, so the Secret Service was not asked.
    assert!(status.stdout.contains("\tkernel cache\t"), "{status}");
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
    assert_eq!(statuses, ["PASS"; 13], "{doctor}");
    assert!(doctor.stdout.contains("keyring\tPASS\tthe Secret Service answers"), "{doctor}");
    assert!(
        doctor.stdout.contains(
            "kernel-keyring\tPASS\tit answers; keys read from the Secret Service are cached for 15 minutes \
             (`key_cache_ttl`)\n"
        ),
        "{doctor}"
    );
    assert!(doctor.stdout.contains("key\tPASS\tfrom the kernel's cache of the Secret Service's key: ****"), "{doctor}");
}

#[test]
fn login_fills_the_kernel_cache_and_later_commands_never_ask_the_secret_service() {
    if !inside_a_secret_service() || !have_tool("keyctl", "keyutils") {
        return;
    }
    let keyring = KeyringEnv::new();
    let url = keyring.env.sandbox.base_url();
    let login = Run::with_stdin(&mut keyring.petstore(&["auth", "login", "--env", "local"]), KEY);
    assert_eq!(
        (login.code, login.stderr),
        (
            0,
            format!(
                "logged in to `local` ({url}): the API accepted it; the key is in the Secret Service, and cached in \
                 the kernel's keyring for 15 minutes (`key_cache_ttl`)\n"
            )
        )
    );
    assert_eq!(keyring.cached().as_deref(), Some(KEY));

    // With the bus hung, any D-Bus call would take 3 s and fail: these succeed, so none was made.
    let list = Run::of(&mut keyring.petstore_on_a_hung_bus(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!(
        (list.code, list.stdout.as_str(), list.stderr.as_str()),
        (0, "1\tRex\t1\tavailable\n", crate::common::FIRST_OF_MORE)
    );
    let status = Run::of(&mut keyring.petstore_on_a_hung_bus(&["--env", "local", "auth", "status"]));
    assert_eq!((status.code, status.stdout), (0, format!("*\tlocal\t{url}\tkernel cache\t****a5b2\taccepted\n")));

    // Logout clears both.
    let logout = Run::of(&mut keyring.petstore(&["auth", "logout", "--env", "local"]));
    assert_eq!((logout.code, logout.stderr.as_str()), (0, "logged out of `local`\n"), "{logout}");
    assert_eq!(keyring.cached(), None);
    assert_eq!(keyring.in_the_secret_service(), None, "the Secret Service no longer has it");
    let list = Run::of(&mut keyring.petstore_on_a_hung_bus(&["--env", "local", "pets", "list"]));
    assert_eq!(list.code, 4, "{list}");
}

#[test]
fn a_key_changed_in_the_secret_service_is_picked_up_after_a_401() {
    if !inside_a_secret_service() || !have_tool("keyctl", "keyutils") {
        return;
    }
    let keyring = KeyringEnv::new();
    let env = &keyring.env;
    keyring.login_unchecked("old");
    assert_eq!(keyring.cached().as_deref(), Some("old"));

    keyring.replace_in_the_secret_service(KEY);
    let list = Run::of(&mut keyring.petstore(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!(
        (list.code, list.stdout.as_str(), list.stderr.as_str()),
        (0, "1\tRex\t1\tavailable\n", crate::common::FIRST_OF_MORE)
    );
    assert_eq!(env.sandbox.request_count(), 2, "refused once with the cached key, then accepted with the new one");
    assert_eq!(keyring.cached().as_deref(), Some(KEY), "the cache now holds the new key");
    let list = Run::of(&mut keyring.petstore_on_a_hung_bus(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!((list.code, list.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{list}");
    assert_eq!(env.sandbox.request_count(), 3);

    // A POST refused with the cached key is sent again with the new key: a 401 means nothing was done.
    keyring.replace_in_the_secret_service("wrong-too");
    let add =
        Run::of(&mut keyring.petstore(&["-q", "--env", "local", "pets", "add", "--name", "Fig", "--category-id", "1"]));
    assert_eq!(add.code, 0, "the cached key is still the right one: {add}");
    assert_eq!(env.sandbox.request_count(), 4, "no refusal, so the Secret Service was not asked");
    keyring.login_unchecked("old");
    keyring.replace_in_the_secret_service(KEY);
    let add =
        Run::of(&mut keyring.petstore(&["-q", "--env", "local", "pets", "add", "--name", "Fig", "--category-id", "1"]));
    assert_eq!((add.code, add.stdout.lines().count()), (0, 1), "{add}");
    assert_eq!(env.sandbox.request_count(), 6);
    let list = Run::of(&mut keyring.petstore(&["--env", "local", "pets", "list", "--json"]));
    let figs = list.json().as_array().unwrap().iter().filter(|pet| pet["name"] == "Fig").count();
    assert_eq!(figs, 2, "one animal for each `pets add`: {list}");

    // A batch with a stale cached key: the 401s re-key (the keyring is asked once for the whole batch), and
    // since only a final 401 is a refusal, every record is created and nothing stops the batch.
    keyring.login_unchecked("old");
    keyring.replace_in_the_secret_service(KEY);
    let records: String = (1..=20).map(|n| format!("{{\"name\":\"Batch-{n}\",\"categoryId\":1}}\n")).collect();
    let path = env.home().join("batch.ndjson");
    std::fs::write(&path, records).unwrap();
    let before = env.sandbox.request_count();
    let batch = Run::of(&mut keyring.petstore(&[
        "-q",
        "--env",
        "local",
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--concurrency",
        "4",
    ]));
    assert_eq!((batch.code, batch.stdout.lines().count()), (0, 20), "{batch}");
    let sent = env.sandbox.request_count() - before;
    assert!((21..=24).contains(&sent), "{sent}: 1 to 4 refused with the cached key, then 20 created");

    // The keyring's key is refused too: one more try, then the refusal stands (exit 4), and the cache holds
    // what the keyring has.
    keyring.replace_in_the_secret_service("wrong-again");
    keyring.login_unchecked("old");
    keyring.replace_in_the_secret_service("wrong-again");
    let before = env.sandbox.request_count();
    let list = Run::of(&mut keyring.petstore(&["--env", "local", "pets", "list"]));
    assert_eq!(list.code, 4, "{list}");
    assert_eq!(env.sandbox.request_count() - before, 2, "the cached key, then the keyring's, and no more");
    assert_eq!(keyring.cached().as_deref(), Some("wrong-again"));
    let before = env.sandbox.request_count();
    let list = Run::of(&mut keyring.petstore(&["--env", "local", "pets", "list"]));
    assert_eq!(list.code, 4, "{list}");
    assert_eq!(env.sandbox.request_count() - before, 1, "the keyring has nothing newer: not sent again");
}

#[test]
fn the_cached_key_expires_after_key_cache_ttl_and_zero_turns_the_cache_off() {
    if !inside_a_secret_service() || !have_tool("keyctl", "keyutils") {
        return;
    }
    let keyring = KeyringEnv::with_ttl(1);
    // A slow machine may take the whole second between the login and a look at the cache: no look assumes
    // it is shorter. The key is there, or its second is up.
    let logging_in = std::time::Instant::now();
    let login = Run::with_stdin(&mut keyring.petstore(&["auth", "login", "--env", "local"]), KEY);
    assert!(login.stderr.ends_with("cached in the kernel's keyring for 1 s (`key_cache_ttl`)\n"), "{login}");
    let cached = keyring.cached();
    assert!(cached.as_deref() == Some(KEY) || logging_in.elapsed() >= Duration::from_secs(1), "{cached:?}");
    // The kernel removes the key once its 1 s is up.
    let waiting = std::time::Instant::now();
    while keyring.cached().is_some() {
        assert!(
            waiting.elapsed() < Duration::from_secs(10),
            "the_cached_key_expires_after_key_cache_ttl_and_zero_turns_the_cache_off: the cached key never expired"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Only the Secret Service has it now: on a hung bus the command fails.
    let list = Run::of(&mut keyring.petstore_on_a_hung_bus(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!(list.code, 4, "{list}");
    // Read from the Secret Service, and cached again: for an hour, so that the next command finds it however
    // slow the machine.
    keyring.env.write_config(&keyring.env.read_config().replace("key_cache_ttl = 1\n", "key_cache_ttl = 3600\n"));
    let status = Run::of(&mut keyring.petstore(&["--env", "local", "auth", "status", "--columns", "keySource"]));
    assert_eq!((status.code, status.stdout.as_str()), (0, "keyring\n"), "{status}");
    assert_eq!(keyring.cached().as_deref(), Some(KEY));
    let status = Run::of(&mut keyring.petstore(&["--env", "local", "auth", "status", "--columns", "keySource"]));
    assert_eq!(status.stdout, "kernel cache\n", "{status}");

    // 0: nothing cached, and what was cached is dropped.
    keyring.env.write_config(&keyring.env.read_config().replace("key_cache_ttl = 3600", "key_cache_ttl = 0"));
    let status = Run::of(&mut keyring.petstore(&["--env", "local", "auth", "status", "--columns", "keySource"]));
    assert_eq!(status.stdout, "keyring\n", "{status}");
    assert_eq!(keyring.cached(), None);
    let login = Run::with_stdin(&mut keyring.petstore(&["auth", "login", "--env", "local"]), KEY);
    assert!(login.stderr.ends_with("the key is in the Secret Service\n"), "{login}");
    assert_eq!(keyring.cached(), None);
}

#[test]
fn a_blocked_kernel_keyring_falls_back_to_the_secret_service_silently() {
    if !inside_a_secret_service() {
        return;
    }
    let keyring = KeyringEnv::new();
    let url = keyring.env.sandbox.base_url();
    let login = without_kernel_keyring(&mut keyring.petstore(&["auth", "login", "--env", "local"]), KEY);
    assert_eq!(
        (login.code, login.stderr),
        (0, format!("logged in to `local` ({url}): the API accepted it; the key is in the Secret Service\n"))
    );
    let list = without_kernel_keyring(&mut keyring.petstore(&["--env", "local", "pets", "list", "--limit", "1"]), "");
    assert_eq!(
        (list.code, list.stdout.as_str(), list.stderr.as_str()),
        (0, "1\tRex\t1\tavailable\n", crate::common::FIRST_OF_MORE)
    );
    let status = without_kernel_keyring(&mut keyring.petstore(&["--env", "local", "auth", "status"]), "");
    assert_eq!(
        (status.code, status.stdout, status.stderr.as_str()),
        (0, format!("*\tlocal\t{url}\tkeyring\t****a5b2\taccepted\n"), "")
    );
    let logout = without_kernel_keyring(&mut keyring.petstore(&["auth", "logout", "--env", "local"]), "");
    assert_eq!((logout.code, logout.stderr.as_str()), (0, "logged out of `local`\n"));
}

#[test]
fn a_batch_refused_with_a_stale_cached_key_asks_the_keyring_once_and_loses_nothing() {
    if !inside_a_secret_service() || !have_tool("keyctl", "keyutils") {
        return;
    }
    let keyring = KeyringEnv::new();
    let env = &keyring.env;
    keyring.login_unchecked("old");
    keyring.replace_in_the_secret_service(KEY);
    let records: String = (1..=12).map(|i| format!("{{\"name\":\"batch-{i}\",\"categoryId\":1}}\n")).collect();
    let file = env.home().join("pets.ndjson");
    std::fs::write(&file, records).unwrap();
    let add = Run::of(&mut keyring.petstore(&[
        "-q",
        "--env",
        "local",
        "pets",
        "add",
        "--file",
        file.to_str().unwrap(),
        "--concurrency",
        "4",
    ]));
    assert_eq!((add.code, add.stdout.lines().count()), (0, 12), "{add}");
    // Each request in flight when the first 401 came back was refused once; none was refused twice.
    let requests = env.sandbox.request_count();
    assert!((13..=16).contains(&requests), "12 created, 1 to 4 refused: {requests} requests");
    assert_eq!(keyring.cached().as_deref(), Some(KEY));
    let list = Run::of(&mut keyring.petstore(&["--env", "local", "pets", "list", "--json", "--limit", "100"]));
    let names: Vec<String> =
        list.json().as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names.iter().filter(|name| name.starts_with("batch-")).count(), 12, "each record once: {names:?}");
}

#[test]
fn auth_status_doctor_and_auth_token_look_past_a_stale_cached_key() {
    if !inside_a_secret_service() || !have_tool("keyctl", "keyutils") {
        return;
    }
    let keyring = KeyringEnv::new();
    let url = keyring.env.sandbox.base_url();
    let stale_login = || {
        keyring.login_unchecked("old");
        keyring.replace_in_the_secret_service(KEY);
    };
    stale_login();
    let status = Run::of(&mut keyring.petstore(&["--env", "local", "auth", "status"]));
    assert_eq!(
        (status.code, status.stdout, status.stderr.as_str()),
        (0, format!("*\tlocal\t{url}\tkeyring\t****a5b2\taccepted\n"), "")
    );
    assert_eq!(keyring.cached().as_deref(), Some(KEY));

    // `auth token` prints the keyring's key, not the kernel's older copy: other programs cannot re-read.
    stale_login();
    let token = Run::printing_the_key(&mut keyring.petstore(&["--env", "local", "auth", "token"]));
    assert_eq!((token.code, token.stdout), (0, format!("{KEY}\n")));
    assert_eq!(keyring.cached().as_deref(), Some(KEY), "and it refreshed the copy");

    stale_login();
    let doctor = Run::of(&mut keyring.petstore(&["--env", "local", "doctor"]));
    assert_eq!(doctor.code, 0, "{doctor}");
    assert!(
        doctor.stdout.contains(
            "key\tPASS\tfrom the Secret Service: ****a5b2; the API refused the kernel's older copy, which now holds \
             this one\n"
        ),
        "{doctor}"
    );
    assert!(doctor.stdout.contains("key-accepted\tPASS\taccepted\n"), "{doctor}");
    assert_eq!(keyring.cached().as_deref(), Some(KEY));
}

/// Two config directories with an environment of the same name: each its own key, `auth token` prints each
/// its own, a logout in one leaves the other's, and neither server is ever sent the other's key. The kernel's
/// cache is off, so that every key comes from the Secret Service.
#[test]
fn two_config_directories_with_the_same_environment_keep_their_own_keys() {
    if !inside_a_secret_service() {
        return;
    }
    let (a, b) = (KeyringEnv::with_ttl(0), KeyringEnv::with_ttl(0));
    a.login_unchecked(KEY);
    b.login_unchecked("key-of-b");
    assert_eq!(a.in_the_secret_service().as_deref(), Some(KEY));
    assert_eq!(b.in_the_secret_service().as_deref(), Some("key-of-b"));
    for (keyring, key) in [(&a, KEY), (&b, "key-of-b")] {
        let token = Run::printing_the_key(&mut keyring.petstore(&["--env", "local", "auth", "token"]));
        assert_eq!((token.code, token.stdout), (0, format!("{key}\n")));
    }
    // Each sandbox accepts KEY alone: A's is sent KEY, and B's is sent B's own key, which it refuses.
    let list = Run::of(&mut a.petstore(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!((list.code, list.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{list}");
    let list = Run::of(&mut b.petstore(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!(list.code, 4, "{list}");
    assert_eq!((a.env.sandbox.request_count(), b.env.sandbox.request_count()), (1, 1));

    let logout = Run::of(&mut a.petstore(&["auth", "logout", "--env", "local"]));
    assert_eq!((logout.code, logout.stderr.as_str()), (0, "logged out of `local`\n"), "{logout}");
    assert_eq!(a.in_the_secret_service(), None);
    assert_eq!(b.in_the_secret_service().as_deref(), Some("key-of-b"), "a logout in A leaves B's key");
    let token = Run::printing_the_key(&mut b.petstore(&["--env", "local", "auth", "token"]));
    assert_eq!((token.code, token.stdout), (0, "key-of-b\n".to_owned()));
    let token = Run::of(&mut a.petstore(&["--env", "local", "auth", "token"]));
    assert_eq!((token.code, token.stdout.as_str()), (4, ""), "{token}");
}

/// A login from before items were named by config directory (service `petstore`, user = the environment) is
/// moved to the first directory that uses it and has a keyring login recorded for that environment; it is
/// never lost, and never taken by a second directory.
#[test]
fn a_login_under_the_old_shared_name_moves_to_the_first_directory_that_uses_it() {
    if !inside_a_secret_service() {
        return;
    }
    let (a, b, c) = (KeyringEnv::new(), KeyringEnv::new(), KeyringEnv::new());
    secret_tool_store("local", KEY);

    // C never logged in to `local` with the keyring: it does not take it.
    let token = Run::of(&mut c.petstore(&["--env", "local", "auth", "token"]));
    assert_eq!(token.code, 4, "{token}");
    assert!(token.stderr.starts_with("error: not logged in to `local`"), "{token}");
    assert_eq!(secret_tool_lookup("local").as_deref(), Some(KEY), "left where it was");

    // A, whose config says its key is in the keyring, takes it on first use.
    a.record_keyring_login();
    b.record_keyring_login();
    let list = Run::of(&mut a.petstore(&["--env", "local", "pets", "list", "--limit", "1"]));
    assert_eq!(
        (list.code, list.stdout.as_str(), list.stderr.as_str()),
        (0, "1\tRex\t1\tavailable\n", crate::common::FIRST_OF_MORE)
    );
    assert_eq!(a.in_the_secret_service().as_deref(), Some(KEY), "moved to A's own item");
    assert_eq!(secret_tool_lookup("local"), None, "and gone from the shared one");
    let token = Run::printing_the_key(&mut a.petstore(&["--env", "local", "auth", "token"]));
    assert_eq!((token.code, token.stdout), (0, format!("{KEY}\n")));

    // B had the same record, but A has taken the key: B is asked to log in, and sends nothing.
    let list = Run::of(&mut b.petstore(&["--env", "local", "pets", "list"]));
    assert_eq!(list.code, 4, "{list}");
    assert_eq!(
        list.stderr,
        "error: the key for `local` is no longer in the Secret Service\nhelp: run `petstore auth login --env local` \
         again, or set `PETSTORE_API_KEY`\n"
    );
    assert_eq!(b.env.sandbox.request_count(), 0);
    assert_eq!(b.in_the_secret_service(), None);
    assert_eq!(a.in_the_secret_service().as_deref(), Some(KEY), "A keeps it");

    // A login in a directory that recorded a keyring login takes the shared item too, and replaces it:
    // left there, another directory could take this one's old key to its own server.
    secret_tool_store("local", "left-by-an-old-login");
    b.login_unchecked("key-of-b");
    assert_eq!(secret_tool_lookup("local"), None);
    assert_eq!(b.in_the_secret_service().as_deref(), Some("key-of-b"));
    // A logout in a directory that has no item of its own takes the shared one with it.
    c.record_keyring_login();
    secret_tool_store("local", "left-by-an-old-login");
    let logout = Run::of(&mut c.petstore(&["auth", "logout", "--env", "local"]));
    assert_eq!((logout.code, logout.stderr.as_str()), (0, "logged out of `local`\n"), "{logout}");
    assert_eq!(secret_tool_lookup("local"), None);
    assert_eq!(a.in_the_secret_service().as_deref(), Some(KEY));
    assert_eq!(b.in_the_secret_service().as_deref(), Some("key-of-b"));
}

/// Many first uses at once in one directory (a CI matrix after the upgrade): the key is moved once, and is
/// never lost, whichever of them moves it.
#[test]
fn concurrent_first_uses_of_an_old_shared_item_never_lose_the_key() {
    if !inside_a_secret_service() {
        return;
    }
    let keyring = KeyringEnv::with_ttl(0);
    keyring.record_keyring_login();
    secret_tool_store("local", KEY);
    let children: Vec<_> = (0..8)
        .map(|_| {
            let mut cmd = keyring.petstore(&["--env", "local", "pets", "list", "--limit", "1"]);
            cmd.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap()
        })
        .collect();
    for child in children {
        let list = Run::checked(child.wait_with_output().unwrap());
        assert_eq!((list.code, list.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{list}");
    }
    assert_eq!(keyring.in_the_secret_service().as_deref(), Some(KEY));
    assert_eq!(secret_tool_lookup("local"), None);
}

/// A logout that cannot reach the Secret Service keeps the key's record, so that a later logout deletes it.
#[test]
fn a_logout_that_cannot_reach_the_secret_service_keeps_the_record_for_the_next() {
    if !inside_a_secret_service() {
        return;
    }
    let keyring = KeyringEnv::new();
    keyring.login_unchecked(KEY);
    let logout = Run::of(&mut keyring.petstore_without_a_bus(&["auth", "logout", "--env", "local"]));
    assert_eq!(logout.code, 4, "{logout}");
    assert!(
        logout
            .stderr
            .starts_with("error: cannot delete the key: the Secret Service cannot be reached from this session"),
        "{logout}"
    );
    assert!(keyring.env.read_config().contains("key_storage = \"keyring\""), "the record is kept");
    assert_eq!(keyring.in_the_secret_service().as_deref(), Some(KEY));

    let logout = Run::of(&mut keyring.petstore(&["auth", "logout", "--env", "local"]));
    assert_eq!((logout.code, logout.stderr.as_str()), (0, "logged out of `local`\n"), "{logout}");
    assert_eq!(keyring.in_the_secret_service(), None, "the key is gone");
    assert!(!keyring.env.read_config().contains("key_storage"), "and its record");
    let again = Run::of(&mut keyring.petstore(&["auth", "logout", "--env", "local"]));
    assert_eq!((again.code, again.stderr.as_str()), (0, "no key stored for `local`; nothing to do\n"), "{again}");
}
