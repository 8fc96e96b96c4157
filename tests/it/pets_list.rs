use std::process::Stdio;

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::canned::Canned;
use crate::common::{Run, TestEnv, dead_base_url};

#[test]
fn on_a_terminal_it_is_a_table() {
    let env = TestEnv::new();
    assert_run!("list_terminal", env.run_in_terminal(&["pets", "list", "--color", "never"]));
}

#[test]
fn on_a_terminal_the_status_is_coloured_unless_no_color() {
    let env = TestEnv::new();
    let run = env.run_in_terminal(&["pets", "list", "--limit", "3"]);
    assert_run!("list_terminal_colour", run);
    let plain = Run::of(env.command().env("PETSTORE_TEST_TERMINAL", "1").env("NO_COLOR", "1").args(["pets", "list"]));
    assert_eq!(plain.code, 0);
    assert!(!plain.stdout.contains('\x1b') && !plain.stderr.contains('\x1b'), "{plain}");
}

#[test]
fn piped_it_is_tab_separated_rows_without_colour() {
    let env = TestEnv::new();
    assert_run!("list_piped", env.run(&["pets", "list", "--color", "auto"]));
}

#[test]
fn json_is_the_api_array_and_nothing_else() {
    let env = TestEnv::new();
    let run = env.run(&["--json", "pets", "list"]);
    assert_run!("list_json_piped", run);
    assert_eq!(run.json(), serde_json::Value::Array(env.sandbox.pets()));
    assert_run!("list_json_terminal", env.run_in_terminal(&["pets", "list", "--json", "--limit", "2"]));
}

#[test]
fn status_and_limit_go_to_the_server() {
    let env = TestEnv::with(Config::default().seed_pets(30));
    let run = env.run(&["--json", "pets", "list", "--status", "available", "--limit", "4"]);
    let pets = run.json();
    let pets = pets.as_array().unwrap();
    assert_eq!(pets.len(), 4, "{run}");
    assert!(pets.iter().all(|p| p["status"] == "available"), "{run}");
    let run = env.run(&["pets", "list", "--verbose", "--status", "sold", "--limit", "2"]);
    assert_run!("list_verbose", run);
}

#[test]
fn a_full_page_gets_a_note_at_a_terminal_and_piped() {
    let env = TestEnv::with(Config::default().seed_pets(25));
    let note = "note: more animals exist past the first 20; `--limit 100` shows up to 100, `--all` every one the API \
                can reach\n";
    let run = env.run_in_terminal(&["pets", "list", "--color", "never"]);
    assert_eq!(run.stdout.lines().count(), 21, "a header and 20 rows:\n{run}");
    assert_eq!(run.stderr, note);
    let piped = env.run(&["pets", "list"]);
    assert_eq!((piped.code, piped.stdout.lines().count(), piped.stderr.as_str()), (0, 20, note));
    let quiet = env.run_in_terminal(&["pets", "list", "--quiet"]);
    assert_eq!(quiet.stderr, "");
}

#[test]
fn an_empty_store_prints_nothing_on_stdout() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    assert_run!("list_empty_terminal", env.run_in_terminal(&["pets", "list", "--color", "never"]));
    assert_run!("list_empty_json", env.run(&["pets", "list", "--json"]));
}

#[test]
fn invalid_values_are_refused_before_any_request() {
    let env = TestEnv::new();
    assert_run!("list_limit_zero", env.run(&["pets", "list", "--limit", "0"]));
    assert_run!("list_limit_101", env.run(&["pets", "list", "--limit", "101"]));
    assert_run!("list_limit_text", env.run(&["pets", "list", "--limit", "ten"]));
    assert_run!("list_status_unknown", env.run(&["pets", "list", "--status", "lost"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_wrong_key_is_exit_4_with_a_hint() {
    let env = TestEnv::new();
    assert_run!("list_401", Run::of(env.command().env("PETSTORE_API_KEY", "wrong").args(["pets", "list"])));
}

#[test]
fn no_key_is_exit_4_and_nothing_is_sent() {
    let env = TestEnv::new();
    assert_run!("list_no_key", Run::of(env.command().env_remove("PETSTORE_API_KEY").args(["pets", "list"])));
    assert_run!("list_empty_key", Run::of(env.command().env("PETSTORE_API_KEY", "").args(["pets", "list"])));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_base_url_without_the_version_path_is_a_404_with_a_hint() {
    let env = TestEnv::new();
    let base = env.sandbox.base_url().trim_end_matches("/v1").to_owned();
    assert_run!("list_404_base_url", env.run(&["--base-url", &base, "pets", "list"]));
}

#[test]
fn a_server_that_is_not_running_is_exit_5() {
    let env = TestEnv::new();
    assert_run!("list_server_down", env.run(&["--base-url", &dead_base_url(), "pets", "list"]));
}

#[test]
fn answers_that_are_not_the_api_s_are_reported_without_a_panic() {
    let env = TestEnv::new();
    // (snapshot, server, attempts): a GET is retried after 500/502/503/504 and 429, not after other answers.
    let cases = [
        (
            "list_502_html",
            Canned::start("502 Bad Gateway", Some("text/html"), "<html><h1>502 Bad Gateway</h1></html>\n"),
            4,
        ),
        (
            "list_500_problem_json",
            Canned::start(
                "500 Internal Server Error",
                Some("application/problem+json"),
                r#"{"type":"about:blank","title":"boom","status":500}"#,
            ),
            4,
        ),
        ("list_503_empty", Canned::start("503 Service Unavailable", None, ""), 4),
        ("list_200_not_json", Canned::start("200 OK", Some("application/json"), "[{\"id\":1,"), 1),
        ("list_200_html", Canned::start("200 OK", Some("text/html; charset=utf-8"), "<p>captive portal</p>"), 1),
        ("list_200_wrong_shape", Canned::start("200 OK", Some("application/json"), r#"{"pets":[]}"#), 1),
        (
            "list_200_missing_field",
            Canned::start("200 OK", Some("application/json"), r#"[{"id":1,"categoryId":2}]"#),
            1,
        ),
        ("list_302", Canned::start("302 Found", Some("text/plain"), "moved"), 1),
        // A problem report is no list, even one whose JSON would read as an empty list.
        ("list_200_problem_json", Canned::start("200 OK", Some("application/problem+json"), "[]"), 1),
        // Another protocol on the port: an answer, but not HTTP, so not worth another try.
        ("list_not_http", Canned::raw("SSH-2.0-OpenSSH_9.6\r\n".to_owned()), 1),
    ];
    for (name, server, attempts) in cases {
        assert_run!(name, env.run(&["--base-url", server.base_url(), "pets", "list"]));
        assert_eq!(server.requests(), attempts, "{name}");
    }
}

#[test]
fn a_closed_stdout_pipe_ends_quietly() {
    let env = TestEnv::with(Config::default().seed_pets(100));
    let mut child = env
        .command()
        .args(["pets", "list", "--limit", "100"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end before petstore writes, as `| head -0` would.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn a_deprecation_the_server_announces_is_a_warning_once() {
    let env = TestEnv::new();
    let server = Canned::with_headers(
        "200 OK",
        &[
            ("Content-Type", "application/json"),
            ("Deprecation", "@1767225600"),
            ("Sunset", "Wed, 01 Jan 2031 00:00:00 GMT"),
        ],
        r#"[{"id":1,"name":"Rex","categoryId":1}]"#,
    );
    assert_run!("list_deprecated_by_server", env.run(&["--base-url", server.base_url(), "pets", "list"]));
    let quiet = env.run(&["--base-url", server.base_url(), "pets", "list", "-q"]);
    assert_eq!((quiet.code, quiet.stderr.as_str()), (0, ""));
}

#[test]
fn a_body_over_the_size_cap_is_refused_not_buffered() {
    let env = TestEnv::new();
    // Past the cap, which allows for 100 of the longest names (about 75 MiB).
    let record = r#"{"id":1,"name":"Rex","categoryId":1}"#;
    let huge = format!("[{}]", vec![record; petstore_core::api::client::MAX_BODY_BYTES / record.len() + 1].join(","));
    assert!(huge.len() > petstore_core::api::client::MAX_BODY_BYTES);
    let server = Canned::start("200 OK", Some("application/json"), &huge);
    assert_run!("list_body_too_large", env.run(&["--base-url", server.base_url(), "pets", "list"]));
    assert_eq!(server.requests(), 1);
}
