//! `petstore api METHOD PATH`: any request under the base URL, against the sandbox and canned servers.

use crate::assert_run;
use crate::common::canned::Canned;
use crate::common::{Run, TestEnv};

/// Like `assert_run!`, with the `Date` header of `-i` filtered too.
fn snapshot(name: &str, run: &Run) {
    let mut filters = crate::common::filters();
    filters.push((r"(?m)^date: .*$", "date: [DATE]"));
    insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, run.to_string());
    });
}

#[test]
fn get_builds_the_query_from_fields() {
    let env = TestEnv::new();
    let run = env.run(&["api", "GET", "/pets", "-f", "status=sold", "-F", "limit=2", "--verbose"]);
    snapshot("api_get_query", &run);
    // A query in PATH is kept and the fields are appended to it; the slash is optional.
    let run = env.run(&["api", "get", "pets?status=available", "-F", "limit=1"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.json(), serde_json::json!([{"id": 1, "name": "Rex", "categoryId": 1, "status": "available"}]));
}

#[test]
fn piped_the_body_is_the_server_s_bytes_and_on_a_terminal_it_is_indented() {
    let env = TestEnv::new();
    let piped = env.run(&["api", "GET", "/pets/2"]);
    assert_eq!(
        (piped.code, piped.stdout.as_str()),
        // The server's bytes, and the final newline a JSON body lacks.
        (0, "{\"id\":2,\"name\":\"Bella\",\"categoryId\":2,\"status\":\"pending\"}\n")
    );
    snapshot("api_get_terminal", &env.run_in_terminal(&["api", "GET", "/pets?limit=2", "--color", "never"]));
}

#[test]
fn post_sends_fields_as_a_typed_json_body() {
    let env = TestEnv::new();
    let run = env.run(&["api", "POST", "/pets", "-f", "name=Rex", "-F", "categoryId=3", "-v"]);
    snapshot("api_post_fields", &run);
    assert_eq!(env.sandbox.pets().last().unwrap(), &serde_json::json!({"id": 6, "name": "Rex", "categoryId": 3}));

    // `-f` keeps a number a string, which the API refuses; `@FILE` reads a file's text.
    let run = env.run(&["api", "POST", "/pets", "-f", "name=Rex", "-f", "categoryId=3"]);
    assert_eq!(run.code, 2, "{run}");
    let name = env.home().join("name.txt");
    std::fs::write(&name, "Whiskers").unwrap();
    let run = env.run(&["api", "POST", "/pets", "-F", &format!("name=@{}", name.display()), "-F", "categoryId=2"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(env.sandbox.pets().last().unwrap()["name"], "Whiskers");
    assert_eq!(env.sandbox.pets().len(), 7);
}

#[test]
fn input_sends_stdin_as_the_body() {
    let env = TestEnv::new();
    let run = env.run_with_stdin(
        &["api", "POST", "/pets", "--input", "-"],
        r#"{"name": "Tom", "categoryId": 2, "status": "pending"}"#,
    );
    snapshot("api_post_input_stdin", &run);
    assert_eq!(
        env.sandbox.pets().last().unwrap(),
        &serde_json::json!({"id": 6, "name": "Tom", "categoryId": 2, "status": "pending"})
    );
}

#[test]
fn an_authorization_header_is_refused_and_nothing_is_sent() {
    let env = TestEnv::new();
    snapshot("api_authorization_refused", &env.run(&["api", "GET", "/pets", "-H", "Authorization: Bearer x"]));
    for header in ["authorization:Bearer x", "Host: elsewhere.example", "Content-Length: 3", "no colon", "Bad Name: x"]
    {
        let run = env.run(&["api", "GET", "/pets", "-H", header]);
        assert_eq!(run.code, 2, "{run}");
        assert!(!run.stderr.contains("Bearer x") && !run.stderr.contains("elsewhere"), "{run}");
    }
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn other_headers_are_sent() {
    let env = TestEnv::new();
    let run =
        env.run(&["api", "GET", "/pets?limit=1", "-v", "-H", "Accept: application/json; q=1", "-H", "X-Trace: 1"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stderr.contains("> accept: application/json; q=1\n") && run.stderr.contains("> x-trace: 1\n"), "{run}");
    assert_eq!(run.stderr.matches("> accept:").count(), 1, "a header given replaces the default:\n{run}");
}

#[test]
fn full_urls_and_paths_above_the_base_url_are_refused() {
    let env = TestEnv::new();
    let url = format!("{}/pets", env.sandbox.base_url());
    snapshot("api_absolute_url", &env.run(&["api", "GET", &url]));
    snapshot("api_climbs_above_base", &env.run(&["api", "GET", "/../v2/pets"]));
    for path in ["https://example.com/v1/pets", "//example.com/pets", "/pets/%2e%2e/%2e%2e/x", "..\\x"] {
        assert_eq!(env.run(&["api", "GET", path]).code, 2, "{path}");
    }
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn bad_arguments_are_usage_errors_before_any_request() {
    let env = TestEnv::new();
    snapshot("api_field_without_value", &env.run(&["api", "POST", "/pets", "-f", "name"]));
    snapshot("api_fields_and_input", &env.run(&["api", "POST", "/pets", "-F", "categoryId=1", "--input", "-"]));
    for args in [
        &["api", "GE T", "/pets"][..],
        &["api", "TRACE", "/pets"],
        &["api", "GET"],
        &["api", "POST", "/pets", "--input", "/no/such/file"],
        &["api", "POST", "/pets", "-F", "name=@/no/such/file"],
    ] {
        assert_eq!(env.run(args).code, 2, "{args:?}");
    }
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn each_status_class_has_its_exit_code_and_the_body_still_prints() {
    let env = TestEnv::new();
    snapshot("api_404", &env.run(&["api", "GET", "/store/orders"]));
    snapshot("api_405", &env.run(&["api", "DELETE", "/pets"]));
    snapshot("api_400", &env.run(&["api", "POST", "/pets", "-f", "name=Rex"]));
    snapshot("api_401", &Run::of(env.command().env("PETSTORE_API_KEY", "wrong").args(["api", "GET", "/pets"])));
    assert_eq!(env.sandbox.pets().len(), 5);

    let conflict = Canned::start(
        "409 Conflict",
        Some("application/json"),
        r#"{"code":"conflict","message":"already there","status":409}"#,
    );
    let run = env.run(&["--base-url", conflict.base_url(), "api", "PUT", "/pets/1", "-F", "categoryId=2"]);
    assert_eq!(run.code, 1, "any other 4xx is 1:\n{run}");
}

#[test]
fn a_5xx_is_exit_1_and_only_get_and_head_are_retried() {
    let env = TestEnv::new();
    let body = r#"{"code":"unavailable","message":"down for maintenance","status":503}"#;
    let server = Canned::with_headers(
        "503 Service Unavailable",
        &[("Content-Type", "application/json"), ("Retry-After", "0")],
        body,
    );
    snapshot("api_503", &env.run(&["--base-url", server.base_url(), "api", "GET", "/store/orders"]));
    assert_eq!(server.requests(), 4);
    for (method, attempts) in [("HEAD", 4), ("POST", 1), ("PUT", 1), ("DELETE", 1), ("PATCH", 1)] {
        let server = Canned::with_headers(
            "503 Service Unavailable",
            &[("Content-Type", "application/json"), ("Retry-After", "0")],
            body,
        );
        let run = env.run(&["--base-url", server.base_url(), "api", method, "/store/orders/1"]);
        assert_eq!(run.code, 1, "{run}");
        assert_eq!(server.requests(), attempts, "{method}");
    }
    // After a write, "try again later" would be bad advice: it may have taken effect.
    let server = Canned::start("502 Bad Gateway", Some("text/html"), "<h1>Bad Gateway</h1>");
    snapshot("api_post_502", &env.run(&["--base-url", server.base_url(), "api", "POST", "/store/orders"]));
    assert_eq!(server.requests(), 1);
}

#[test]
fn a_post_without_an_answer_is_exit_5_and_sent_once() {
    let env = TestEnv::new();
    let server = Canned::silent();
    let run = env.run(&["--timeout", "0.5", "--base-url", server.base_url(), "api", "POST", "/store/orders"]);
    snapshot("api_post_outcome_unknown", &run);
    assert_eq!(server.requests(), 1);
}

#[test]
fn include_prints_the_status_and_headers_on_stderr() {
    let env = TestEnv::new();
    snapshot("api_include", &env.run(&["api", "-i", "GET", "/pets/1"]));
    let run = env.run(&["api", "--include", "HEAD", "/pets", "--jq", ".[]"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{run}");
    assert!(run.stderr.starts_with("HTTP 200 OK\n"), "{run}");
}

#[test]
fn jq_filters_the_json_body_of_a_2xx_answer() {
    let env = TestEnv::new();
    snapshot("api_jq", &env.run(&["api", "GET", "/pets", "--jq", r#".[] | select(.status == "sold") | .name"#]));
    // An error's body is printed as it came, unfiltered.
    let run = env.run(&["api", "GET", "/store/orders", "--jq", ".[]"]);
    assert_eq!(run.code, 3, "{run}");
    assert!(run.stdout.starts_with(r#"{"code":"not_found""#), "{run}");
    let text = Canned::start("200 OK", Some("text/plain"), "pong");
    let run = env.run(&["--base-url", text.base_url(), "api", "GET", "/ping", "--jq", "."]);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (
            2,
            "{\"error\":{\"code\":\"jq\",\"message\":\"jq: the response body is not JSON\",\"status\":null,\
             \"exitCode\":2,\"hint\":null,\"retry\":\"never\"}}\n"
        ),
        "{run}"
    );
}

#[test]
fn a_body_that_is_not_json_passes_through_and_is_escaped_on_a_terminal() {
    let env = TestEnv::new();
    let server = Canned::start("200 OK", Some("text/plain"), "\x1b[31mred\x1b[0m\nline two");
    let piped = env.run(&["--base-url", server.base_url(), "api", "GET", "/motd"]);
    assert_eq!((piped.code, piped.stdout.as_str()), (0, "\x1b[31mred\x1b[0m\nline two"), "{piped}");
    snapshot("api_text_terminal", &env.run_in_terminal(&["--base-url", server.base_url(), "api", "GET", "/motd"]));
}

#[test]
fn a_url_over_8_kib_is_refused_before_anything_is_sent() {
    let env = TestEnv::new();
    let base = env.sandbox.base_url();
    // Exactly at the limit, the request goes out (the sandbox ignores a parameter it does not know).
    let exact = format!("/pets?x={}", "a".repeat(8 * 1024 - format!("{base}/pets?x=").len()));
    let run = env.run(&["api", "GET", &exact]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(env.sandbox.request_count(), 1);

    // As long a URL over every transport (`https://` is a byte longer), so that one snapshot holds.
    let long = "a".repeat(100_000 - (base.len() - base.replacen("https://", "http://", 1).len()));
    assert_run!("api_url_too_long", env.run(&["api", "GET", &format!("/pets?x={long}")]));
    let path = env.run(&["api", "GET", &format!("/pets/{long}")]);
    let field = env.run(&["api", "GET", "/pets", "-f", &format!("x={long}")]);
    let dry_run = env.run(&["api", "GET", "/pets", "-f", &format!("x={long}"), "--dry-run"]);
    for run in [&path, &field, &dry_run] {
        assert_eq!(run.code, 2, "{run}");
        assert!(run.stderr.starts_with("error: the request URL is "), "{run}");
        assert_eq!(run.stdout, "", "{run}");
    }
    assert_eq!(env.sandbox.request_count(), 1, "the server saw none of them");
}

#[test]
fn an_answer_that_is_not_http_is_exit_1() {
    let env = TestEnv::new();
    let server = Canned::raw("SSH-2.0-OpenSSH_9.6\r\n".to_owned());
    assert_run!("api_not_http", env.run(&["--base-url", server.base_url(), "api", "GET", "/pets"]));
    assert_eq!(server.requests(), 1, "another protocol will not turn into HTTP on a retry");
    let run = env.run(&["--base-url", server.base_url(), "api", "POST", "/pets", "-f", "name=Rex"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("before sending it again"), "a write may have taken effect: {run}");
}

#[test]
fn a_body_over_1_mib_is_refused_before_anything_is_sent() {
    const MIB: usize = 1024 * 1024;
    let env = TestEnv::new();
    // A JSON pet of exactly 1 MiB goes out, and the sandbox's own answer comes back (padded with a field the API
    // ignores: the sandbox refuses names over 128 KiB itself).
    let exact = env.home().join("exact.json");
    let pad = "n".repeat(MIB - r#"{"name":"Rex","categoryId":1,"pad":""}"#.len());
    std::fs::write(&exact, format!(r#"{{"name":"Rex","categoryId":1,"pad":"{pad}"}}"#)).unwrap();
    assert_eq!(std::fs::metadata(&exact).unwrap().len(), MIB as u64);
    let run = env.run(&["api", "POST", "/pets", "--input", exact.to_str().unwrap(), "--jq", ".id"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "6\n"), "{}", run.stderr);
    assert_eq!(env.sandbox.request_count(), 1);
    // One byte more is refused, from a file, from stdin, as a `-F @FILE` value, and from a source without end.
    let over = env.home().join("over.json");
    std::fs::write(&over, "x".repeat(MIB + 1)).unwrap();
    let over = over.to_str().unwrap();
    for (name, args) in [
        ("file", vec!["api", "POST", "/pets", "--input", over]),
        ("dev_zero", vec!["api", "POST", "/pets", "--input", "/dev/zero"]),
        ("field_file", vec!["api", "PUT", "/pets/1", "-F", &format!("name=@{over}")]),
    ] {
        let run = env.run(&args);
        assert_eq!(run.code, 2, "{run}");
        assert_run!(format!("api_body_too_large_{name}"), run);
    }
    let run = env.run_with_stdin(&["api", "POST", "/pets", "--input", "-"], &"x".repeat(MIB + 1));
    assert_run!("api_body_too_large_stdin", run);
    // Two values that fit alone make a JSON body that does not.
    let half = env.home().join("half.txt");
    std::fs::write(&half, "h".repeat(MIB / 2 + 1)).unwrap();
    let half = format!("@{}", half.display());
    let run = env.run(&["api", "POST", "/pets", "-F", &format!("a={half}"), "-F", &format!("b={half}")]);
    assert_run!("api_body_too_large_fields", run);
    assert_eq!(env.sandbox.request_count(), 1);
    assert_eq!(env.sandbox.pets().len(), 6);
}
