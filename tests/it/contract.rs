//! The contract for programs (scripts and agents): failures as one JSON line on stderr in a JSON mode
//! (`{"error": {"code", "message", "status", "exitCode", "hint", "retry"}}`), and prose, unchanged, without one.

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::canned::Canned;
use crate::common::{Run, TestEnv, dead_base_url};

/// The last line of stderr, read as the error document (every line before it is a JSON warning); every field
/// is there, and nothing else.
fn error_of(run: &Run) -> serde_json::Value {
    let mut lines: Vec<&str> = run.stderr.lines().collect();
    let last = lines.pop().unwrap_or_else(|| panic!("no error: {run}"));
    for line in lines {
        let warning: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {run}"));
        assert!(warning["warning"]["message"].is_string(), "{run}");
    }
    let document: serde_json::Value = serde_json::from_str(last).unwrap_or_else(|err| panic!("{err}: {run}"));
    let error = document["error"].as_object().unwrap_or_else(|| panic!("no error object: {run}"));
    let keys: Vec<&str> = error.keys().map(String::as_str).collect();
    // `requestId` follows when the error came from a request that may have reached the server.
    let keys = keys.strip_suffix(&["requestId"]).unwrap_or(&keys);
    assert_eq!(keys, ["code", "message", "status", "exitCode", "hint", "retry"], "{run}");
    assert_eq!(document.as_object().unwrap().len(), 1, "{run}");
    assert_eq!(error["exitCode"], run.code, "{run}");
    document
}

#[test]
fn a_401_is_the_servers_code_with_its_status() {
    let env = TestEnv::new();
    for mode in [&["--json"][..], &["-o", "json"], &["-o", "ndjson"], &["--jq", ".[].name"]] {
        let run = Run::of(env.command().env("PETSTORE_API_KEY", "wrong").args(mode).args(["pets", "list"]));
        let error = error_of(&run)["error"].clone();
        assert_eq!((run.code, &error["code"], &error["status"]), (4, &"unauthorized".into(), &401.into()), "{run}");
    }
    let run = Run::of(env.command().env("PETSTORE_API_KEY", "wrong").args(["--json", "pets", "list"]));
    assert_run!("json_error_401", run);
}

#[test]
fn a_404_is_exit_3() {
    let env = TestEnv::new();
    let run = env.run(&["--json", "pets", "get", "999"]);
    let error = error_of(&run)["error"].clone();
    assert_eq!((run.code, &error["status"]), (3, &404.into()), "{run}");
    assert_run!("json_error_404", run);
}

#[test]
fn a_usage_error_from_clap_is_code_usage() {
    let env = TestEnv::new();
    let run = env.run(&["--json", "pets", "lst"]);
    let error = error_of(&run)["error"].clone();
    assert_eq!((run.code, &error["code"], &error["status"]), (2, &"usage".into(), &serde_json::Value::Null));
    assert_run!("json_error_usage", run);
    let run = env.run(&["pets", "list", "-o", "ndjson", "--limit", "500"]);
    assert_run!("json_error_usage_value", run);
    assert_eq!(error_of(&run)["error"]["code"], "usage");
    // Refused by petstore rather than clap: its own code, exit 2 all the same.
    let run = env.run(&["--json", "--env", "nowhere", "pets", "list"]);
    assert_eq!((run.code, &error_of(&run)["error"]["code"]), (2, &"unknown_environment".into()), "{run}");
}

#[test]
fn a_network_failure_is_code_network() {
    let env = TestEnv::new();
    let run = env.run(&["--json", "--base-url", &dead_base_url(), "pets", "list"]);
    let error = error_of(&run)["error"].clone();
    assert_eq!((run.code, &error["code"], &error["status"]), (5, &"network".into(), &serde_json::Value::Null));
    assert_run!("json_error_network", run);
    let server = Canned::silent();
    let run = env.run(&["--json", "--timeout", "0.2", "--base-url", server.base_url(), "pets", "get", "1"]);
    assert_eq!((run.code, &error_of(&run)["error"]["code"]), (5, &"timeout".into()), "{run}");
}

#[test]
fn a_write_of_unknown_outcome_is_code_unknown_outcome() {
    let env = TestEnv::new();
    let server = Canned::silent();
    let run = env.run(&[
        "--json",
        "--timeout",
        "0.2",
        "--base-url",
        server.base_url(),
        "pets",
        "add",
        "--name",
        "Rex",
        "--category-id",
        "1",
    ]);
    let error = error_of(&run)["error"].clone();
    assert_eq!((run.code, &error["code"]), (5, &"unknown_outcome".into()), "{run}");
    assert_run!("json_error_unknown_outcome", run);
    assert_eq!(server.requests(), 1, "a POST is never sent twice");
}

#[test]
fn a_write_nobody_can_confirm_is_code_cannot_ask() {
    let env = TestEnv::new();
    env.write_config(&format!(
        "[environments.shop]\nbase_url = \"{}\"\nconfirm_writes = true\n",
        env.sandbox.base_url()
    ));
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "--json", "pets", "add", "--name", "Rex"]);
    let run = Run::of(cmd.args(["--category-id", "1"]));
    assert_eq!((run.code, &error_of(&run)["error"]["code"]), (2, &"cannot_ask".into()), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

/// `PETSTORE_ERROR_FORMAT=json` asks for it in any mode; without a JSON mode or the variable, the same
/// failures are prose, as before (every other snapshot in tests/ holds them too).
#[test]
fn the_variable_asks_for_json_in_any_mode_and_prose_is_unchanged_without() {
    let env = TestEnv::new();
    let json = Run::of(env.command().env("PETSTORE_ERROR_FORMAT", "json").args(["pets", "get", "999"]));
    assert_eq!((json.code, &error_of(&json)["error"]["status"]), (3, &404.into()), "{json}");
    let prose = env.run(&["pets", "get", "999"]);
    assert_eq!(prose.code, 3);
    assert!(prose.stderr.contains("\nerror: pet `999` not found\nhelp: "), "{prose}");
    let prose = env.run(&["pets", "lst"]);
    assert!(prose.stderr.starts_with("error: unrecognized subcommand 'lst'\n"), "{prose}");
    let prose = Run::of(env.command().env("PETSTORE_ERROR_FORMAT", "text").args(["pets", "lst"]));
    assert!(prose.stderr.starts_with("error: unrecognized subcommand 'lst'\n"), "{prose}");
}

/// A batch's records that were not created are JSON lines too in a JSON mode, `{"line": N, "error": {...}}`,
/// beside `-o ndjson`'s `{"line": N, "pet": {...}}`; the summary stays prose, and the failure that ends the
/// command is the last line, a JSON document.
#[test]
fn a_batchs_failed_records_are_json_lines_in_a_json_mode() {
    // This sandbox refuses a name over 1,000 bytes.
    let env = TestEnv::with(Config::default().seed_pets(5).name_max_bytes(1_000));
    let file = env.home().join("pets.ndjson");
    let long = "x".repeat(2_000);
    std::fs::write(&file, format!("{{\"name\":\"{long}\",\"categoryId\":1}}\n{{\"name\":\"B\",\"categoryId\":2}}\n"))
        .unwrap();
    let run = env.run(&["-o", "ndjson", "pets", "add", "--file", file.to_str().unwrap(), "--progress", "none"]);
    assert_run!("json_error_batch", run);
    let lines: Vec<&str> = run.stderr.lines().collect();
    let record: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!((&record["line"], &record["error"]["exitCode"]), (&1.into(), &2.into()), "{run}");
    assert_eq!((&record["error"]["code"], &record["error"]["status"]), (&"invalid_body".into(), &400.into()), "{run}");
    let last: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    assert_eq!(last["error"]["exitCode"], 6, "{run}");
}

/// `help --json` prints the whole tree, and `CMD --help --json` (or `-h`, any JSON mode) that command's node,
/// exit 0, nothing on stderr; never the text help.
#[test]
fn help_as_json_is_the_command_tree() {
    let env = TestEnv::new();
    let run = env.run(&["help", "--json"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    let tree = run.json();
    assert_eq!(tree, serde_json::to_value(petstore::help_json::tree()).unwrap());
    let names: Vec<&str> =
        tree["subcommands"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "pets",
            "ui",
            "api",
            "auth",
            "env",
            "config",
            "alias",
            "journal",
            "doctor",
            "completions",
            "version",
            "schema",
            "mcp",
            "agent"
        ]
    );
    for args in [
        &["pets", "list", "--help", "--json"][..],
        &["--json", "pets", "list", "-h"],
        &["help", "pets", "list", "--json"],
        &["pets", "list", "--help", "-o", "ndjson"],
    ] {
        let run = env.run(args);
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{args:?}: {run}");
        assert_eq!(run.json()["path"], "petstore pets list", "{args:?}");
    }
    let run = env.run(&["help", "nope", "--json"]);
    assert_run!("json_help_unknown_command", run);
    // Without a JSON mode, the text help as before.
    let run = env.run(&["pets", "list", "--help"]);
    assert!(run.code == 0 && run.stdout.starts_with("List the store's animals"), "{run}");
}
