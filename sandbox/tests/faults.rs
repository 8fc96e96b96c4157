//! The fault options of the `petstore-sandbox` binary, seen from a real HTTP client (curl).

use std::process::{Command, Output};

fn sandbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_petstore-sandbox")).args(args).output().unwrap()
}

/// Runs `script` under `sh` against a sandbox with `flags`; `get PATH [CURL_ARGS]...` fetches a path
/// under the base URL with curl and the sandbox's key.
fn run_with(flags: &[&str], script: &str) -> Output {
    let script = format!(
        r#"get() {{ path=$1; shift; curl -s -H "Authorization: Bearer $PETSTORE_API_KEY" "$@" "$PETSTORE_BASE_URL$path"; }}
{script}"#
    );
    let mut args = flags.to_vec();
    args.extend(["--", "sh", "-c", &script]);
    sandbox(&args)
}

#[test]
fn rates_adding_up_above_1_are_a_usage_error_before_anything_is_served() {
    let output = sandbox(&["--fail-rate", "0.6", "--drop-rate", "0.3", "--garble-rate", "0.2"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "", "no URL: nothing was served");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(
            "error: the fail, drop, lost-reply, garble and refused-stream rates add up to 1.1, over 1: a request gets at most one of these faults"
        ),
        "{stderr}"
    );
    let output = sandbox(&["--latency", "9..3"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_client_sees_failures_and_an_empty_reply() {
    let output = run_with(
        &["--fail-rate", "1", "--fault-seed", "5"],
        r#"for i in 1 2 3 4 5 6 7 8; do get /pets -o /dev/null -w '%{http_code}\n'; done"#,
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 8, "{stdout}");
    for status in stdout.lines() {
        assert!(["500", "502", "503", "429"].contains(&status), "{stdout}");
    }
    assert_eq!(String::from_utf8_lossy(&output.stderr), "", "a given seed is not printed");

    // curl's exit code 52 is "the server returned nothing".
    let output = run_with(&["--drop-rate", "1", "--fault-seed", "5"], r#"get /pets; echo "curl exit $?""#);
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "curl exit 52\n");
}

#[test]
fn a_picked_seed_is_printed_so_the_run_can_be_repeated() {
    let output = run_with(&["--garble-rate", "1"], "get /pets");
    let stderr = String::from_utf8(output.stderr).unwrap();
    let seed = stderr
        .strip_prefix("petstore-sandbox: fault seed ")
        .and_then(|rest| rest.split_once(';'))
        .map(|(seed, _)| seed)
        .unwrap_or_else(|| panic!("{stderr}"));
    assert_eq!(stderr, format!("petstore-sandbox: fault seed {seed}; repeat these faults with --fault-seed {seed}\n"));
    assert!(serde_json::from_slice::<serde_json::Value>(&output.stdout).is_err(), "garbled");

    let again = run_with(&["--garble-rate", "1", "--fault-seed", seed], "get /pets");
    assert_eq!(again.stdout, output.stdout, "the same seed garbles the same way");
}
