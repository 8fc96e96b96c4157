use serde_json::json;

use crate::assert_run;
use crate::common::TestEnv;
use crate::common::canned::Canned;

#[test]
fn on_a_terminal_it_prints_the_created_pet_as_a_table() {
    let env = TestEnv::new();
    let run = env.run_in_terminal(&[
        "pets",
        "add",
        "--name",
        "Rex",
        "--category-id",
        "3",
        "--status",
        "pending",
        "--color",
        "never",
    ]);
    assert_run!("add_terminal", run);
    assert_eq!(
        env.sandbox.pets().last().unwrap(),
        &json!({"id": 6, "name": "Rex", "categoryId": 3, "status": "pending"})
    );
}

#[test]
fn piped_it_prints_one_tab_separated_line() {
    let env = TestEnv::new();
    assert_run!("add_piped", env.run(&["pets", "add", "--name", "Tab\tby", "--category-id", "-1"]));
    assert_eq!(env.sandbox.pets().last().unwrap(), &json!({"id": 6, "name": "Tab\tby", "categoryId": -1}));
}

#[test]
fn json_is_the_created_pet_as_the_api_returned_it() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "add", "--json", "--name", "Émile 🐈", "--category-id", "2", "--status", "available"]);
    assert_run!("add_json", run);
    assert_eq!(&run.json(), env.sandbox.pets().last().unwrap());
}

#[test]
fn without_a_status_none_is_sent() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "add", "--json", "--name", "Nemo", "--category-id", "4"]);
    assert_eq!(run.json(), json!({"id": 6, "name": "Nemo", "categoryId": 4}));
}

#[test]
fn invalid_input_is_refused_before_any_request() {
    let env = TestEnv::new();
    assert_run!("add_missing_name", env.run(&["pets", "add", "--category-id", "1"]));
    assert_run!("add_missing_category", env.run(&["pets", "add", "--name", "Rex"]));
    assert_run!("add_category_not_integer", env.run(&["pets", "add", "--name", "Rex", "--category-id", "1.5"]));
    assert_run!(
        "add_category_out_of_range",
        env.run(&["pets", "add", "--name", "Rex", "--category-id", "9223372036854775808"])
    );
    assert_run!(
        "add_status_unknown",
        env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--status", "lost"])
    );
    assert_eq!(env.sandbox.request_count(), 0);
    assert_eq!(env.sandbox.pets().len(), 5);
}

/// The spec takes any string as a name; petstore refuses a blank one (empty or only white space) wherever it
/// comes from, before anything is sent: here `--name` and a file's records (the prompt: prompts.rs; MCP:
/// mcp.rs; every shape of JSON record: spec_cases.rs).
#[test]
fn a_blank_name_is_refused_before_anything_is_sent() {
    let env = TestEnv::new();
    assert_run!("add_name_empty", env.run(&["pets", "add", "--name", "", "--category-id", "1"]));
    let spaces = env.run(&["pets", "add", "--name", " \t ", "--category-id", "1", "--json"]);
    assert_eq!(spaces.code, 2, "{spaces}");
    let error: serde_json::Value = serde_json::from_str(&spaces.stderr).unwrap();
    assert_eq!((&error["error"]["code"], &error["error"]["retry"]), (&"usage".into(), &"never".into()), "{error}");
    let csv = env.home().join("blank.csv");
    std::fs::write(&csv, "name,categoryId\nRex,1\n,2\n\"  \",3\nTom,4\n").unwrap();
    assert_run!("add_file_blank_names", env.run(&["pets", "add", "--file", csv.to_str().unwrap()]));
    assert_eq!(env.sandbox.request_count(), 0);
    assert_eq!(env.sandbox.pets().len(), 5);
}

#[test]
fn a_400_from_the_server_is_exit_2_with_its_message() {
    let env = TestEnv::new();
    let server = Canned::start(
        "400 Bad Request",
        Some("application/json"),
        r#"{"code":"invalid_body","message":"`name` is too long","status":400}"#,
    );
    assert_run!(
        "add_400",
        env.run(&["--base-url", server.base_url(), "pets", "add", "--name", "Rex", "--category-id", "1"])
    );
}

#[test]
fn a_wrong_key_creates_nothing() {
    let env = TestEnv::new();
    let run = crate::common::Run::of(env.command().env("PETSTORE_API_KEY", "nope").args([
        "pets",
        "add",
        "--name",
        "Rex",
        "--category-id",
        "1",
    ]));
    assert_eq!(run.code, 4, "{run}");
    assert_eq!(env.sandbox.pets().len(), 5);
}

#[test]
fn after_a_server_error_or_an_unreadable_answer_it_says_to_check_before_retrying() {
    let env = TestEnv::new();
    let args = |url: &str| {
        vec![
            "--base-url".to_owned(),
            url.to_owned(),
            "pets".into(),
            "add".into(),
            "--name".into(),
            "Rex".into(),
            "--category-id".into(),
            "1".into(),
        ]
    };
    for (name, server) in [
        ("add_502", Canned::start("502 Bad Gateway", Some("text/html"), "<h1>Bad Gateway</h1>")),
        ("add_201_unreadable", Canned::start("201 Created", Some("application/json"), "{\"id\":7,\"na")),
        ("add_not_http", Canned::raw("SSH-2.0-OpenSSH_9.6\r\n".to_owned())),
    ] {
        let args = args(server.base_url());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_run!(name, env.run(&args));
        assert_eq!(server.requests(), 1, "{name}: a POST the server may have acted on is never sent again");
    }
}

#[test]
fn a_429_is_retried_because_the_server_did_nothing() {
    let env = TestEnv::new();
    let server = Canned::with_headers(
        "429 Too Many Requests",
        &[("Content-Type", "application/json"), ("Retry-After", "0")],
        r#"{"code":"rate_limited","message":"slow down","status":429}"#,
    );
    let run = env.run(&["-v", "--base-url", server.base_url(), "pets", "add", "--name", "Rex", "--category-id", "1"]);
    assert_run!("add_429_retried", run);
    assert_eq!(server.requests(), 4);
}

#[test]
fn a_refused_connection_is_retried_because_nothing_was_sent() {
    let env = TestEnv::new();
    let run = env.run(&[
        "-v",
        "--base-url",
        &crate::common::dead_base_url(),
        "pets",
        "add",
        "--name",
        "Rex",
        "--category-id",
        "1",
    ]);
    assert_eq!(run.code, 5, "{run}");
    assert_eq!(run.stderr.matches("* attempt").count(), 3, "{run}");
}
