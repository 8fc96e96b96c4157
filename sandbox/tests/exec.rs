//! `petstore-sandbox -- COMMAND`: the command runs against a live sandbox and its exit code comes back.

use std::process::Command;

#[test]
fn the_command_gets_the_sandbox_url_and_key_and_its_exit_code_is_kept() {
    let script = r#"printf '%s %s\n' "$PETSTORE_BASE_URL" "$PETSTORE_API_KEY"
curl -sf -H "Authorization: Bearer $PETSTORE_API_KEY" "$PETSTORE_BASE_URL/pets?limit=2"
exit 3"#;
    let output = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .args(["--seed-pets", "2", "--", "sh", "-c", script])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let (first, body) = stdout.split_once('\n').unwrap();
    let (url, key) = first.split_once(' ').unwrap();
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with("/v1"), "{stdout}");
    assert_ne!(url, "http://127.0.0.1:4010/v1", "a free port, not the default one");
    assert_eq!(key, "sandbox");
    assert_eq!(
        body,
        r#"[{"id":1,"name":"Rex","categoryId":1,"status":"available"},{"id":2,"name":"Bella","categoryId":2,"status":"pending"}]"#
    );
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "", "no request log in exec mode");
}

#[test]
fn a_command_that_cannot_run_is_exit_127() {
    let output =
        Command::new(env!("CARGO_BIN_EXE_petstore-sandbox")).args(["--", "/nonexistent/cmd"]).output().unwrap();
    assert_eq!(output.status.code(), Some(127));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: cannot run `/nonexistent/cmd`"));
    let output = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .args(["--", "no-such-command-on-path-7f3a"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(127), "not on PATH is not found");
}

/// As shells: a command that is there but cannot be run (not executable, a directory, a script whose
/// interpreter is missing) is 126, not 127 (not found).
#[cfg(unix)]
#[test]
fn a_command_that_is_there_but_cannot_be_run_is_exit_126() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.sh");
    std::fs::write(&plain, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o644)).unwrap();
    let orphan = dir.path().join("orphan.sh");
    std::fs::write(&orphan, "#!/nonexistent/interpreter\nexit 0\n").unwrap();
    std::fs::set_permissions(&orphan, std::fs::Permissions::from_mode(0o755)).unwrap();
    for command in [&plain, &orphan, &dir.path().to_owned()] {
        let output = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox")).arg("--").arg(command).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(126), "{}: {stderr}", command.display());
        assert!(stderr.starts_with(&format!("error: cannot run `{}`", command.display())), "{stderr}");
    }
}

/// Starts `petstore-sandbox -- sh -c SCRIPT`, waits for the script's `ready` line, sends the sandbox
/// `signal` (as `kill` or a CI runner would, to the sandbox alone), and returns the exit code and what the
/// script printed after `ready`. A sandbox still running after 20 s is killed and the test fails.
fn signalled(script: &str, signal: &str) -> (Option<i32>, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .args(["--seed-pets", "2", "--", "sh", "-c", script])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "ready\n");
    let pid = child.id().to_string();
    assert!(Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap().success());
    let watchdog = std::thread::spawn(move || {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(50));
            if Command::new("kill").args(["-0", &pid]).stderr(Stdio::null()).status().is_ok_and(|s| !s.success()) {
                return true;
            }
        }
        let _ = Command::new("kill").args(["-KILL", &pid]).status();
        false
    });
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert!(watchdog.join().unwrap(), "the sandbox did not end within 20 s");
    (status.code(), rest)
}

/// The command's trap asks the sandbox for something after the signal: it must still be serving. Without a
/// signal the command ends by itself after 10 s (exit 9), so that a sandbox that leaves it running fails the
/// test rather than hanging it.
const TRAP: &str = r#"trap 'sleep 0.3; curl -s -o /dev/null -w "after: %{http_code}\n" -H "Authorization: Bearer $PETSTORE_API_KEY" "$PETSTORE_BASE_URL/pets?limit=1"; exit 7' TERM INT
echo ready
i=0; while [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; exit 9"#;

#[test]
fn sigterm_is_passed_to_the_command_which_the_sandbox_outlives() {
    let (code, after) = signalled(TRAP, "TERM");
    assert_eq!((code, after.as_str()), (Some(7), "after: 200\n"), "the command's own exit code, after its request");
}

#[test]
fn sigint_is_passed_on_too_and_a_command_it_ends_gives_130() {
    let (code, after) = signalled(TRAP, "INT");
    assert_eq!((code, after.as_str()), (Some(7), "after: 200\n"));
    let (code, after) =
        signalled("echo ready; i=0; while [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; exit 9", "INT");
    assert_eq!((code, after.as_str()), (Some(130), ""));
}

/// The `petstore` binary of this build, beside `petstore-sandbox` (`cargo test --workspace` builds both; with
/// `-p petstore-sandbox` alone, `cargo build -p petstore` first).
#[cfg(unix)]
fn petstore_bin() -> std::path::PathBuf {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .with_file_name(format!("petstore{}", std::env::consts::EXE_SUFFIX));
    assert!(bin.exists(), "{} is not built: run `cargo build -p petstore`", bin.display());
    bin
}

/// A person's world in `home`: a config directory where production is at `production_url` with a key stored
/// in the file, and so is an environment of their own, `live`, which `PETSTORE_ENV` names. The command has
/// nothing else from the environment the test runs in, and no keyring to reach.
#[cfg(unix)]
fn as_a_person(cmd: &mut Command, home: &std::path::Path, production_url: &str) {
    use std::os::unix::fs::PermissionsExt;
    let config = home.join(".config/petstore");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o700)).unwrap();
    let environment =
        |name: &str| format!("[environments.{name}]\nbase_url = \"{production_url}\"\nkey_storage = \"file\"\n");
    let text = format!("{}confirm_writes = false\n\n{}", environment("production"), environment("live"));
    std::fs::write(config.join("config.toml"), text).unwrap();
    std::fs::write(config.join("credentials.toml"), "[keys]\nproduction = \"prod-key\"\nlive = \"prod-key\"\n")
        .unwrap();
    for file in ["config.toml", "credentials.toml"] {
        std::fs::set_permissions(config.join(file), std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    cmd.env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("PETSTORE_ENV", "live")
        .env("DBUS_SESSION_BUS_ADDRESS", format!("unix:path={}", home.join("no-bus").display()))
        .stdin(std::process::Stdio::null());
}

/// Exit code, stdout and stderr of `cmd`.
#[cfg(unix)]
fn outcome(cmd: &mut Command) -> (Option<i32>, String, String) {
    let output = cmd.output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code(), text(output.stdout), text(output.stderr))
}

/// `petstore-sandbox -- CMD` gives CMD an empty config directory of its own: `--env production` in a script is
/// refused, not sent to the person's production with the sandbox's key; `--env live`, theirs, is unknown;
/// without `--env` it is the sandbox, with no keyring touched. `--keep-config` is the old way: their config, so
/// `--env production` reaches production, carrying the sandbox's key.
#[cfg(unix)]
#[test]
fn the_command_gets_a_private_empty_config_unless_keep_config() {
    let production = petstore_sandbox::Sandbox::start_with(
        petstore_sandbox::Config::default().api_keys(["prod-key"]).seed_pets(3).quiet(true),
    );
    let home = tempfile::tempdir().unwrap();
    let petstore = petstore_bin();
    // Outside the wrapper, the person's config leads to production, with its stored key.
    let mut direct = Command::new(&petstore);
    as_a_person(&mut direct, home.path(), &production.base_url());
    let (code, stdout, stderr) = outcome(direct.args(["--env", "production", "pets", "list"]));
    assert_eq!((code, stdout.lines().count()), (Some(0), 3), "{stderr}");
    let contacted = production.request_count();
    let wrapped = |wrapper: &[&str], args: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"));
        as_a_person(&mut cmd, home.path(), &production.base_url());
        outcome(cmd.args(wrapper).arg("--").arg(&petstore).args(args))
    };
    let (code, _, stderr) = wrapped(&[], &["--env", "production", "pets", "list"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: `production`'s base URL, https://api.petstore.example/v1, is a placeholder"),
        "{stderr}"
    );
    let (code, _, stderr) = wrapped(&[], &["--env", "live", "pets", "list"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.starts_with("error: unknown environment `live`"), "{stderr}");
    let (code, stdout, stderr) = wrapped(&[], &["pets", "list", "--limit", "100"]);
    assert_eq!((code, stdout.lines().count(), stderr.as_str()), (Some(0), 10, ""), "the sandbox's ten: {stdout}");
    assert_eq!(production.request_count(), contacted, "production is never contacted from inside the wrapper");
    // The old way, when asked for.
    let (code, _, stderr) = wrapped(&["--keep-config"], &["--env", "production", "pets", "list"]);
    assert_eq!(code, Some(4), "the sandbox's key, refused by production: {stderr}");
    assert!(production.request_count() > contacted);
}

/// The private config directory: empty, 0700, named by `PETSTORE_CONFIG_DIR` alone (no `PETSTORE_ENV`), and gone
/// once the command has ended, with whatever it wrote there.
#[cfg(unix)]
#[test]
fn the_private_config_directory_is_empty_private_and_removed() {
    let script = r#"printf '%s\n' "$PETSTORE_CONFIG_DIR" "${PETSTORE_ENV-unset}" "$(ls -A "$PETSTORE_CONFIG_DIR")" "$(stat -c %a "$PETSTORE_CONFIG_DIR")"
echo 'default_env = "staging"' > "$PETSTORE_CONFIG_DIR/config.toml""#;
    let output = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .env("PETSTORE_ENV", "live")
        .env("PETSTORE_CONFIG_DIR", "/nonexistent/config")
        .args(["--", "sh", "-c", script])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    let [dir, env, listing, mode] = lines[..] else { panic!("{stdout}") };
    assert!(dir.contains("petstore-sandbox-config-") && dir != "/nonexistent/config", "{stdout}");
    assert_eq!((env, listing, mode), ("unset", "", "700"), "{stdout}");
    assert!(!std::path::Path::new(dir).exists(), "{dir} is left behind");
    // `--keep-config`: the environment as it was.
    let output = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .env("PETSTORE_ENV", "live")
        .env("PETSTORE_CONFIG_DIR", "/nonexistent/config")
        .args(["--keep-config", "--", "sh", "-c", r#"printf '%s %s\n' "$PETSTORE_CONFIG_DIR" "$PETSTORE_ENV""#])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "/nonexistent/config live\n");
}
