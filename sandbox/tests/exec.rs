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
}
