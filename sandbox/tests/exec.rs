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
