//! `--dry-run` and `--curl`: the requests a write would send, printed and never sent; the key never shown.

use crate::assert_run;
use crate::common::{KEY, TestEnv, have_tool};

#[test]
fn pets_add_dry_run_prints_the_request_and_sends_nothing() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--status", "sold", "--dry-run"]);
    assert_run!("dry_run_pets_add", run);
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_file_dry_run_prints_every_record_after_the_check_pass() {
    let env = TestEnv::new();
    let records = "name,categoryId,status\nRex,1,available\n\"Tom, the cat\",2,\n";
    let run = env.run_with_stdin(&["pets", "add", "--file", "-", "--format", "csv", "--dry-run"], records);
    assert_run!("dry_run_pets_add_file", run);
    let run = env.run_with_stdin(&["pets", "add", "--file", "-", "--format", "csv", "--curl"], records);
    assert_run!("dry_run_pets_add_file_curl", run);
    // Invalid input is refused as usual: exit 2, nothing printed on stdout.
    let run = env.run_with_stdin(&["pets", "add", "--file", "-", "--format", "csv", "--dry-run"], "name\nRex\n");
    assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn api_dry_run_and_curl_send_nothing() {
    let env = TestEnv::new();
    let run = env.run(&[
        "api",
        "POST",
        "/pets",
        "-f",
        "name=O'Brien $(x)",
        "-F",
        "categoryId=1",
        "-H",
        "X-Trace: a b",
        "--dry-run",
    ]);
    assert_run!("dry_run_api", run);
    let run = env.run(&["api", "DELETE", "/pets/1", "--curl"]);
    assert_run!("dry_run_api_curl", run);
    let run = env.run(&["api", "POST", "https://evil.example/pets", "--dry-run"]);
    assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_dry_run_needs_no_key() {
    let env = TestEnv::new();
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_API_KEY").args(["pets", "add", "--name", "Rex", "--category-id", "1", "--curl"]);
    let run = crate::common::Run::of(&mut cmd);
    // Only the note on how to set the variable the command reads the key from.
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stderr.starts_with("note: the command reads the key from `PETSTORE_API_KEY`"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn the_curl_command_does_what_petstore_would() {
    if !have_tool("curl", "curl") {
        return;
    }
    let env = TestEnv::new();
    let run = env.run(&["pets", "add", "--name", "Ann's $(cat)", "--category-id", "4", "--curl"]);
    assert_eq!(run.code, 0, "{run}");
    // Over HTTPS the command carries `--cacert` with the file `PETSTORE_CACERT` names, so curl trusts the
    // sandbox's CA as petstore does.
    let output = std::process::Command::new("sh")
        .args(["-c", &format!("{} -sS", run.stdout.trim_end())])
        .env("PETSTORE_API_KEY", KEY)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(env.sandbox.request_count(), 1);
    let pets = env.sandbox.pets();
    assert_eq!(pets.last().unwrap()["name"], "Ann's $(cat)");
}
