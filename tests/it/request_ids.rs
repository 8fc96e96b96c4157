//! Request ids end to end: every request carries an `X-Request-Id` (the same on its retries) and a W3C
//! `traceparent`; `-v` shows them, an error from a request names its id (the server's own when it answers
//! with one), and the sandbox logs and repeats the id it was sent.

use petstore_sandbox::Config;
use serde_json::Value;

use crate::common::TestEnv;
use crate::common::canned::Canned;

/// The value of the `> NAME: VALUE` header lines `-v` printed, in order.
fn sent_headers(stderr: &str, name: &str) -> Vec<String> {
    let prefix = format!("> {name}: ");
    stderr.lines().filter_map(|line| line.strip_prefix(&prefix)).map(ToOwned::to_owned).collect()
}

/// The `requestId` of the JSON error document on stderr (its last line; a warning may come before it).
fn json_request_id(stderr: &str) -> Option<String> {
    let last = stderr.trim().lines().last().unwrap_or_default();
    let document: Value = serde_json::from_str(last).unwrap_or_else(|err| panic!("{err}: {stderr}"));
    assert!(document.get("error").is_some(), "{stderr}");
    document["error"]["requestId"].as_str().map(ToOwned::to_owned)
}

/// Whether `id` looks like a UUID version 4 in lower case.
fn is_uuid_v4(id: &str) -> bool {
    let groups: Vec<&str> = id.split('-').collect();
    groups.iter().map(|group| group.len()).eq([8, 4, 4, 4, 12])
        && id.bytes().all(|byte| byte == b'-' || byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
        && groups[2].starts_with('4')
}

#[test]
fn verbose_shows_the_request_id_and_traceparent_and_the_sandbox_sees_the_same() {
    let env = TestEnv::new();
    let run = env.run(&["-v", "pets", "list"]);
    assert_eq!(run.code, 0, "{run}");
    let ids = sent_headers(&run.stderr, "x-request-id");
    assert_eq!(ids.len(), 1, "{run}");
    assert!(is_uuid_v4(&ids[0]), "{}", ids[0]);
    let traceparents = sent_headers(&run.stderr, "traceparent");
    assert_eq!(traceparents.len(), 1, "{run}");
    let fields: Vec<&str> = traceparents[0].split('-').collect();
    assert!(fields.iter().map(|field| field.len()).eq([2, 32, 16, 2]) && fields[0] == "00", "{}", traceparents[0]);
    assert_eq!(env.sandbox.request_ids(), [Some(ids[0].clone())]);
}

#[test]
fn each_request_has_its_own_id() {
    let env = TestEnv::new();
    for _ in 0..2 {
        let run = env.run(&["pets", "list"]);
        assert_eq!(run.code, 0, "{run}");
    }
    let ids: Vec<String> = env.sandbox.request_ids().into_iter().map(|id| id.expect("an X-Request-Id")).collect();
    assert_eq!(ids.len(), 2);
    assert_ne!(ids[0], ids[1]);
    assert!(ids.iter().all(|id| is_uuid_v4(id)), "{ids:?}");
}

#[test]
fn a_retried_request_keeps_its_id_across_attempts() {
    let env = TestEnv::with(Config::default().seed_pets(5).fail_rate(1.0).fault_seed(5));
    let run = env.run(&["pets", "list"]);
    assert_eq!(run.code, 1, "{run}");
    let ids = env.sandbox.request_ids();
    assert_eq!(ids.len(), 4, "four attempts: {ids:?}");
    let id = ids[0].clone().expect("an X-Request-Id");
    assert!(ids.iter().all(|each| each.as_deref() == Some(id.as_str())), "{ids:?}");
    // The error the last attempt ended with names that id.
    assert!(run.stderr.contains(&format!("note: request id `{id}`")), "{run}");
}

#[test]
fn a_404_names_its_request_id_in_prose_and_in_json() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "get", "999"]);
    assert_eq!(run.code, 3, "{run}");
    let id = env.sandbox.request_ids().pop().flatten().expect("an X-Request-Id");
    let last = run.stderr.lines().last().unwrap();
    assert_eq!(last, format!("note: request id `{id}` (quote it to the server's operators)"), "{run}");
    crate::assert_run!("request_id_404", run);

    let run = env.run(&["pets", "get", "999", "--json"]);
    assert_eq!(run.code, 3, "{run}");
    let id = env.sandbox.request_ids().pop().flatten().expect("an X-Request-Id");
    assert_eq!(json_request_id(&run.stderr), Some(id), "{run}");
}

#[test]
fn an_error_before_any_request_has_no_request_id() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "get", "not-a-number", "--json"]);
    assert_ne!(run.code, 0, "{run}");
    assert_eq!(json_request_id(&run.stderr), None, "{run}");
    assert!(env.sandbox.request_ids().is_empty());
}

#[test]
fn traceparent_from_the_environment_keeps_its_trace_id() {
    let env = TestEnv::new();
    let given = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    let run = crate::common::Run::of(env.command().env("TRACEPARENT", given).args(["-v", "pets", "list"]));
    assert_eq!(run.code, 0, "{run}");
    let sent = sent_headers(&run.stderr, "traceparent");
    assert_eq!(sent.len(), 1, "{run}");
    assert!(sent[0].starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-") && sent[0].ends_with("-01"), "{}", sent[0]);
    assert!(!sent[0].contains("00f067aa0ba902b7"), "a span of its own: {}", sent[0]);

    // One that is not valid is not followed: a trace of petstore's own.
    let run = crate::common::Run::of(env.command().env("TRACEPARENT", "garbage").args(["-v", "pets", "list"]));
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(sent_headers(&run.stderr, "traceparent").len(), 1, "{run}");
}

#[test]
fn the_servers_own_request_id_is_the_one_shown() {
    let env = TestEnv::new();
    let body = r#"{"code":"not_found","message":"pet 999 not found","status":404}"#;
    let headers = [("Content-Type", "application/json"), ("X-Request-Id", "srv-req-42")];
    let server = Canned::with_headers("404 Not Found", &headers, body);
    let run = env.run(&["--base-url", server.base_url(), "pets", "get", "999"]);
    assert_eq!(run.code, 3, "{run}");
    assert!(run.stderr.contains("note: request id `srv-req-42`"), "{run}");
    let run = env.run(&["--base-url", server.base_url(), "pets", "get", "999", "--json"]);
    assert_eq!(json_request_id(&run.stderr).as_deref(), Some("srv-req-42"), "{run}");
}

#[test]
fn a_batchs_failed_records_carry_their_request_id() {
    let env = TestEnv::new();
    let body = r#"{"code":"invalid_pet","message":"no such category","status":400}"#;
    let headers = [("Content-Type", "application/json"), ("X-Request-Id", "srv-batch-1")];
    let server = Canned::with_headers("400 Bad Request", &headers, body);
    let path = env.home().join("pets.ndjson");
    std::fs::write(&path, "{\"name\":\"Rex\",\"categoryId\":1}\n").unwrap();
    let args =
        ["--base-url", server.base_url(), "pets", "add", "--file", path.to_str().unwrap(), "--progress", "plain"];

    let run = env.run(&args);
    assert_ne!(run.code, 0, "{run}");
    assert!(run.stderr.contains("line 1: not created: ") && run.stderr.contains("(request id `srv-batch-1`)"), "{run}");

    let run = env.run(&[&args[..], &["--json"]].concat());
    let record = run
        .stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find(|line| line.get("line").is_some())
        .unwrap_or_else(|| panic!("a record's line: {run}"));
    assert_eq!(record["error"]["requestId"], "srv-batch-1", "{run}");
}

/// Issue 43: a batch's record that the server refused with a 429 goes again with the same request id, the one
/// the journal wrote down for it: one id per record, however many times it went.
#[test]
fn a_batch_record_sent_again_after_a_429_keeps_its_request_id() {
    let limit = petstore_sandbox::RateLimit { rate: 20.0, burst: 2, retry_after: false };
    let env = TestEnv::with(Config::default().seed_pets(0).rate_limit(limit));
    let file = env.home().join("pets.ndjson");
    let records: String = (0..12).map(|i| format!("{{\"name\":\"Paced {i}\",\"categoryId\":1}}\n")).collect();
    std::fs::write(&file, records).unwrap();
    let run = env.run(&["pets", "add", "--file", file.to_str().unwrap(), "--concurrency", "4", "--progress", "none"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(env.sandbox.rate_limited() > 0, "the limiter refused nothing");
    let sent: Vec<String> = env.sandbox.request_ids().into_iter().map(|id| id.expect("an X-Request-Id")).collect();
    let mut distinct = sent.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 12, "one id per record: {sent:?}");
    assert!(sent.len() > 12, "a refused record went again: {sent:?}");
    let journal = env.run(&["journal", "--json"]).json();
    let mut journalled: Vec<String> =
        journal.as_array().unwrap().iter().map(|entry| entry["requestId"].as_str().unwrap().to_owned()).collect();
    journalled.sort();
    assert_eq!(journalled, distinct);
}
