//! The config directory at its edges: concurrent writers, killed writers, symlinked and special files, a
//! directory others can write, and base URLs that carry a password, a query or a fragment.

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::assert_run;
use crate::common::{Run, TestEnv, wait_until_locked};

/// `petstore ARGS` started without waiting, with `stdin` written to it, as one of many run side by side.
fn start(env: &TestEnv, args: &[&str], stdin: Option<&str>) -> Child {
    use std::io::Write;
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").args(args);
    cmd.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    if let Some(text) = stdin {
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    }
    child
}

fn finish(children: Vec<Child>) -> Vec<Run> {
    children.into_iter().map(|child| Run::checked(child.wait_with_output().unwrap())).collect()
}

fn assert_all_succeeded(runs: &[Run]) {
    for run in runs {
        assert_eq!(run.code, 0, "{run}");
    }
}

/// The environments `env list --json` shows, with their key sources.
fn environments(env: &TestEnv) -> Vec<(String, String)> {
    let run = Run::of(env.command().env_remove("PETSTORE_API_KEY").args(["env", "list", "--json"]));
    assert_eq!(run.code, 0, "{run}");
    run.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["name"].as_str().unwrap().to_owned(), e["keySource"].as_str().unwrap().to_owned()))
        .collect()
}

fn credentials(env: &TestEnv) -> String {
    fs::read_to_string(env.config_dir().join("credentials.toml")).unwrap_or_default()
}

/// Every environment the config says has its key in the file has it there: the config never names a key
/// that is not stored.
fn assert_recorded_keys_are_stored(env: &TestEnv) {
    let stored = credentials(env);
    for (name, source) in environments(env) {
        if source == "file" {
            assert!(stored.contains(&format!("\n{name} = \"key-{name}\"")), "`{name}` has no key:\n{stored}");
        }
    }
}

/// Names of what is in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

#[test]
fn twenty_concurrent_env_adds_are_all_kept() {
    let env = TestEnv::new();
    let children = (0..20)
        .map(|i| start(&env, &["env", "add", &format!("e{i:02}"), &format!("http://127.0.0.1:{}/v1", 5000 + i)], None))
        .collect();
    assert_all_succeeded(&finish(children));
    let names: Vec<String> =
        environments(&env).into_iter().map(|(name, _)| name).filter(|n| n.starts_with('e')).collect();
    assert_eq!(names, (0..20).map(|i| format!("e{i:02}")).collect::<Vec<_>>());
    assert_eq!(listing(&env.config_dir()), ["config.lock", "config.toml"], "no temporary file is left");
}

#[test]
fn ten_concurrent_logins_all_store_their_keys_and_the_config_names_only_stored_keys() {
    let env = TestEnv::new();
    let config: String =
        (0..10).map(|i| format!("[environments.l{i}]\nbase_url = \"http://127.0.0.1:{}/v1\"\n", 6000 + i)).collect();
    env.write_config(&config);
    let children = (0..10)
        .map(|i| {
            let name = format!("l{i}");
            start(
                &env,
                &["auth", "login", "--insecure-storage", "--no-verify", "--env", &name],
                Some(&format!("key-{name}\n")),
            )
        })
        .collect();
    assert_all_succeeded(&finish(children));
    let sources: Vec<(String, String)> = environments(&env).into_iter().filter(|(n, _)| n.starts_with('l')).collect();
    assert_eq!(sources, (0..10).map(|i| (format!("l{i}"), "file".to_owned())).collect::<Vec<_>>());
    assert_recorded_keys_are_stored(&env);
    assert_eq!(credentials(&env).matches("key-l").count(), 10, "{}", credentials(&env));
}

#[test]
fn concurrent_adds_uses_removes_logins_and_logouts_all_take_effect() {
    let env = TestEnv::new();
    // r*: to remove (logged in), o*: to log out of, i*: to log in to; n*: to add.
    let mut config = String::from("default_env = \"staging\"\n");
    for name in ["r0", "r1", "r2", "o0", "o1", "o2", "i0", "i1", "i2"] {
        config.push_str(&format!("[environments.{name}]\nbase_url = \"http://127.0.0.1:7000/{name}\"\n"));
    }
    env.write_config(&config);
    for name in ["r0", "r1", "r2", "o0", "o1", "o2"] {
        let run = env.run_with_stdin(
            &["-q", "auth", "login", "--insecure-storage", "--no-verify", "--env", name],
            &format!("key-{name}"),
        );
        assert_eq!(run.code, 0, "{run}");
    }
    let mut children = Vec::new();
    for i in 0..3 {
        children.push(start(&env, &["env", "add", &format!("n{i}"), &format!("https://n{i}.example/v1")], None));
        children.push(start(&env, &["env", "remove", &format!("r{i}")], None));
        children.push(start(&env, &["auth", "logout", "--env", &format!("o{i}")], None));
        let name = format!("i{i}");
        children.push(start(
            &env,
            &["auth", "login", "--insecure-storage", "--no-verify", "--env", &name],
            Some(&format!("key-{name}")),
        ));
    }
    children.push(start(&env, &["env", "use", "sandbox"], None));
    assert_all_succeeded(&finish(children));
    let mut user: Vec<(String, String)> = environments(&env)
        .into_iter()
        .filter(|(n, _)| !["production", "staging", "sandbox"].contains(&n.as_str()))
        .collect();
    user.sort();
    let expected: Vec<(String, String)> = [
        ("i0", "file"),
        ("i1", "file"),
        ("i2", "file"),
        ("n0", "none"),
        ("n1", "none"),
        ("n2", "none"),
        ("o0", "none"),
        ("o1", "none"),
        ("o2", "none"),
    ]
    .iter()
    .map(|(n, s)| ((*n).to_owned(), (*s).to_owned()))
    .collect();
    assert_eq!(user, expected);
    assert!(env.read_config().starts_with("default_env = \"sandbox\"\n"), "{}", env.read_config());
    assert_recorded_keys_are_stored(&env);
    let stored = credentials(&env);
    for gone in ["r0", "r1", "r2", "o0", "o1", "o2"] {
        assert!(!stored.contains(&format!("key-{gone}")), "the key of `{gone}` was left behind:\n{stored}");
    }
}

#[test]
fn a_killed_writer_leaves_nothing_the_next_one_does_not_clean_up() {
    let env = TestEnv::new();
    env.write_config("[environments.a]\nbase_url = \"https://a.example/v1\"\n");
    let dir = env.config_dir();
    // What SIGKILL between writing the temporary files and renaming them leaves behind.
    fs::write(dir.join(".config.toml.Xk3b9Q.tmp"), "half of a config").unwrap();
    fs::write(dir.join(".credentials.toml.Zz81aB.tmp"), "[keys]\na = \"half").unwrap();
    // And a lock whose holder was killed: the kernel releases it with the process.
    let mut holder =
        Command::new("flock").arg("-o").arg(dir.join("config.lock")).args(["sleep", "60"]).spawn().unwrap();
    wait_until_locked(&dir.join("config.lock"), Duration::from_secs(10), "a killed writer's lock");
    holder.kill().unwrap();
    holder.wait().unwrap();
    let run = env.run_with_stdin(&["-q", "auth", "login", "--insecure-storage", "--no-verify", "--env", "a"], "key-a");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert_eq!(listing(&dir), ["config.lock", "config.toml", "credentials.toml"]);
    assert_recorded_keys_are_stored(&env);
}

#[test]
fn writers_killed_at_random_moments_leave_a_readable_config_and_no_temporary_file() {
    let env = TestEnv::new();
    for round in 0..4u64 {
        let children: Vec<Child> = (0..8)
            .map(|i| start(&env, &["env", "add", &format!("k{round}x{i}"), &format!("https://k{i}.example/v1")], None))
            .collect();
        for (i, mut child) in children.into_iter().enumerate() {
            std::thread::sleep(Duration::from_millis(fastrand_like(round * 8 + i as u64)));
            let _ = child.kill();
            let _ = child.wait();
        }
    }
    let run = env.run(&["-q", "env", "add", "last", "https://last.example/v1"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(environments(&env).iter().any(|(name, _)| name == "last"));
    assert_eq!(listing(&env.config_dir()), ["config.lock", "config.toml"]);
}

/// A few milliseconds, different for each `n`, without a random number generator.
fn fastrand_like(n: u64) -> u64 {
    (n * 7919) % 23
}

#[test]
fn a_symlinked_config_is_updated_at_its_target_and_stays_a_link() {
    let env = TestEnv::new();
    let dotfiles = env.home().join("dotfiles");
    fs::create_dir_all(&dotfiles).unwrap();
    fs::create_dir_all(env.config_dir()).unwrap();
    fs::set_permissions(env.config_dir(), fs::Permissions::from_mode(0o700)).unwrap();
    fs::write(dotfiles.join("config.toml"), "# managed by stow\ndefault_env = \"staging\"\n").unwrap();
    fs::write(dotfiles.join("credentials.toml"), "").unwrap();
    fs::set_permissions(dotfiles.join("credentials.toml"), fs::Permissions::from_mode(0o644)).unwrap();
    // Relative links, as GNU Stow makes them.
    symlink("../dotfiles/config.toml", env.config_dir().join("config.toml")).unwrap();
    symlink("../dotfiles/credentials.toml", env.config_dir().join("credentials.toml")).unwrap();
    let run = env.run(&["env", "add", "local", "https://local.example/v1"]);
    assert_eq!(run.code, 0, "{run}");
    let run = env
        .run_with_stdin(&["-q", "auth", "login", "--insecure-storage", "--no-verify", "--env", "local"], "key-local");
    assert_eq!(run.code, 0, "{run}");
    for name in ["config.toml", "credentials.toml"] {
        assert!(fs::symlink_metadata(env.config_dir().join(name)).unwrap().file_type().is_symlink(), "{name}");
        assert_eq!(fs::metadata(dotfiles.join(name)).unwrap().permissions().mode() & 0o777, 0o600, "{name}");
    }
    assert_eq!(
        fs::read_to_string(dotfiles.join("config.toml")).unwrap(),
        "# managed by stow\ndefault_env = \"staging\"\n\n[environments.local]\nbase_url = \"https://local.example/v1\"\nkey_storage = \"file\"\n"
    );
    assert!(fs::read_to_string(dotfiles.join("credentials.toml")).unwrap().contains("local = \"key-local\""));
    assert_eq!(listing(&dotfiles), ["config.lock", "config.toml", "credentials.toml"], "the lock beside them");
    assert_eq!(listing(&env.config_dir()), ["config.lock", "config.toml", "credentials.toml"]);
}

/// Two config directories whose `config.toml` links to one file: their writers take the lock beside that
/// file, so none undoes another's edit.
#[test]
fn concurrent_writers_in_two_config_directories_linked_to_one_file_are_all_kept() {
    let (a, b) = (TestEnv::new(), TestEnv::new());
    let shared = a.home().join("dotfiles");
    fs::create_dir_all(&shared).unwrap();
    fs::write(shared.join("config.toml"), "# shared\n").unwrap();
    for env in [&a, &b] {
        fs::create_dir_all(env.config_dir()).unwrap();
        fs::set_permissions(env.config_dir(), fs::Permissions::from_mode(0o700)).unwrap();
        symlink(shared.join("config.toml"), env.config_dir().join("config.toml")).unwrap();
    }
    let children = (0..16)
        .map(|i| {
            let env = if i % 2 == 0 { &a } else { &b };
            start(env, &["env", "add", &format!("e{i:02}"), &format!("http://127.0.0.1:{}/v1", 5000 + i)], None)
        })
        .collect();
    assert_all_succeeded(&finish(children));
    let expected: Vec<String> = (0..16).map(|i| format!("e{i:02}")).collect();
    for env in [&a, &b] {
        let names: Vec<String> =
            environments(env).into_iter().map(|(name, _)| name).filter(|n| n.starts_with('e')).collect();
        assert_eq!(names, expected, "{}", fs::read_to_string(shared.join("config.toml")).unwrap());
    }
    assert_eq!(listing(&shared), ["config.lock", "config.toml"], "no temporary file is left");
}

/// A file system whose locks fail with ENOLCK (NFS without its lock daemon), simulated with strace's fault
/// injection: the error names the lock and says how to get out, and nothing is written.
#[test]
fn a_file_system_without_locks_says_to_use_a_local_disk() {
    if !crate::common::have_tool("strace", "strace") {
        return;
    }
    let env = TestEnv::new();
    let mut cmd = Command::new("strace");
    cmd.args(["-f", "-qq", "-o", "/dev/null", "-e", "trace=flock", "-e", "inject=flock:error=ENOLCK"]);
    cmd.arg(env!("CARGO_BIN_EXE_petstore")).args(["env", "add", "local", "https://local.example/v1"]);
    cmd.env_clear().env("HOME", env.home()).env("PETSTORE_CONFIG_DIR", env.config_dir());
    let run = Run::of(&mut cmd);
    let lock = env.config_dir().join("config.lock");
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr),
        (
            1,
            "",
            format!(
                "error: cannot lock `{}`: its file system does not support locks (No locks available (os error 37)); \
                 nothing was changed\nhelp: keep the config directory, and any file its `config.toml` or \
                 `credentials.toml` links to, on a local disk: set `PETSTORE_CONFIG_DIR` to a directory there\n",
                lock.display()
            )
        )
    );
    assert!(!env.config_dir().join("config.toml").exists());
}

/// Runs `petstore ARGS`, failing the test rather than hanging if it does not end within 10 s.
fn run_bounded(env: &TestEnv, args: &[&str]) -> Run {
    let mut child = start(env, args, None);
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("`petstore {}` still runs after 10 s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Run::checked(child.wait_with_output().unwrap())
}

#[test]
fn a_config_path_that_is_not_a_regular_file_is_an_error_and_left_alone() {
    let env = TestEnv::new();
    fs::create_dir_all(env.config_dir().join("config.toml")).unwrap();
    assert_run!("config_is_a_directory", run_bounded(&env, &["env", "add", "x", "https://x.example/v1"]));
    assert!(env.config_dir().join("config.toml").is_dir());
    fs::remove_dir(env.config_dir().join("config.toml")).unwrap();

    let fifo = env.config_dir().join("config.toml");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    assert_run!("config_is_a_fifo", run_bounded(&env, &["env", "list"]));
    assert_run!("config_is_a_fifo_edit", run_bounded(&env, &["env", "use", "staging"]));
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&fs::symlink_metadata(&fifo).unwrap().file_type()));
    fs::remove_file(&fifo).unwrap();

    // A link to a device: the link stays, and so does the device.
    symlink("/dev/null", env.config_dir().join("config.toml")).unwrap();
    assert_run!("config_is_a_device", run_bounded(&env, &["env", "add", "x", "https://x.example/v1"]));
    assert_eq!(fs::read_link(env.config_dir().join("config.toml")).unwrap(), Path::new("/dev/null"));
    assert!(std::os::unix::fs::FileTypeExt::is_char_device(&fs::metadata("/dev/null").unwrap().file_type()));
    fs::remove_file(env.config_dir().join("config.toml")).unwrap();

    fs::create_dir_all(env.config_dir().join("credentials.toml")).unwrap();
    env.write_config("[environments.x]\nbase_url = \"https://x.example/v1\"\n");
    let mut login = start(&env, &["auth", "login", "--insecure-storage", "--no-verify", "--env", "x"], Some("key-x"));
    let _ = login.stdin.take();
    assert_run!("credentials_is_a_directory", Run::checked(login.wait_with_output().unwrap()));
    assert_eq!(env.read_config(), "[environments.x]\nbase_url = \"https://x.example/v1\"\n", "nothing recorded");
}

#[test]
fn a_config_directory_others_can_write_is_warned_about_once() {
    let env = TestEnv::new();
    env.write_config("");
    fs::set_permissions(env.config_dir(), fs::Permissions::from_mode(0o777)).unwrap();
    assert_run!("config_dir_world_writable", env.run(&["env", "add", "x", "https://x.example/v1"]));
    fs::set_permissions(env.config_dir(), fs::Permissions::from_mode(0o770)).unwrap();
    assert_run!("config_dir_group_writable", env.run_logged_in(&["--env", "x", "auth", "status"]));
    fs::set_permissions(env.config_dir(), fs::Permissions::from_mode(0o755)).unwrap();
    let run = env.run(&["env", "list"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    // A new directory is its owner's alone.
    let fresh = TestEnv::new();
    let run = fresh.run(&["env", "add", "x", "https://x.example/v1"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(fs::metadata(fresh.config_dir()).unwrap().permissions().mode() & 0o777, 0o700);
}

#[test]
fn a_base_url_with_a_password_query_or_fragment_is_refused_wherever_it_enters() {
    let env = TestEnv::new();
    let port = env.sandbox.addr().port();
    let secret = format!("http://me:hunter2@127.0.0.1:{port}/v1");
    let flag = env.run(&["-v", "--base-url", &secret, "pets", "list"]);
    let var = Run::of(env.command().env("PETSTORE_BASE_URL", &secret).args(["-v", "pets", "list"]));
    let add = env.run(&["env", "add", "x", &secret]);
    for run in [&flag, &var, &add] {
        assert!(!run.to_string().contains("hunter2"), "the password shows:\n{run}");
    }
    assert_run!("base_url_flag_password", flag);
    assert_run!("base_url_var_password", var);
    assert_run!("env_add_password", add);
    assert_run!("env_add_token", env.run(&["env", "add", "x", &format!("https://t0ken@127.0.0.1:{port}/v1")]));
    assert_run!("env_add_query", env.run(&["env", "add", "x", &format!("http://127.0.0.1:{port}/v1?key=1")]));
    assert_run!(
        "base_url_flag_fragment",
        env.run(&["--base-url", &format!("http://127.0.0.1:{port}/v1#x"), "pets", "list"])
    );
    assert_eq!(env.read_config(), "", "nothing was written");
    env.write_config(&format!("[environments.x]\n# was {secret}\nbase_url = \"{secret}\"\n"));
    let shown = env.run(&["--color", "never", "env", "list"]);
    let doctor = env.run(&["--color", "never", "doctor"]);
    for run in [&shown, &doctor] {
        assert!(!run.to_string().contains("hunter2"), "the password shows:\n{run}");
    }
    assert_run!("config_base_url_password", shown);
    assert_run!("doctor_base_url_password", doctor);
    env.write_config("[environments.x]\nbase_url = \"https://x.example/v1?a=b\"\n");
    assert_run!("config_base_url_query", env.run(&["--color", "never", "env", "list"]));
    assert_eq!(env.sandbox.request_count(), 0, "nothing was sent");
}

#[test]
fn an_edit_waits_for_the_lock_and_ctrl_c_still_ends_the_wait() {
    let env = TestEnv::new();
    env.write_config("");
    let mut holder = Command::new("flock")
        .arg("-o")
        .arg(env.config_dir().join("config.lock"))
        .args(["sleep", "30"])
        .spawn()
        .unwrap();
    wait_until_locked(&env.config_dir().join("config.lock"), Duration::from_secs(10), "an edit waits for the lock");
    let mut add = start(&env, &["env", "add", "x", "https://x.example/v1"], None);
    crate::common::wait_for_handlers(add.id(), &[2], Duration::from_secs(10), "an edit waits for the lock");
    // It waits for the lock, which is held for 30 s.
    crate::common::wait_until_in_syscall(
        add.id(),
        crate::common::syscall::FLOCK,
        None,
        Duration::from_secs(10),
        "an_edit_waits_for_the_lock_and_ctrl_c_still_ends_the_wait",
    );
    assert!(add.try_wait().unwrap().is_none(), "`env add` did not wait for the lock");
    assert!(Command::new("kill").args(["-INT", &add.id().to_string()]).status().unwrap().success());
    let started = Instant::now();
    while add.try_wait().unwrap().is_none() && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = holder.kill();
    let _ = holder.wait();
    assert!(started.elapsed() < Duration::from_secs(5), "Ctrl-C was not acted on within 5 s");
    let run = Run::checked(add.wait_with_output().unwrap());
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (130, "", "error: interrupted\n"), "{run}");
    assert_eq!(env.read_config(), "", "nothing was written");
}
