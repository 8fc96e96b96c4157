//! `petstore mcp` at its edges: the connections a long session opens, arguments of the wrong JSON type, an animal
//! with `"status": null`, a message past the bound.

use petstore_sandbox::Config;
use rmcp::model::CallToolRequestParams;
use serde_json::{Value, json};

use crate::mcp::{Person, Raw, call, connect, error_of, posts, server, shop};

/// Calls, one after another, reuse one connection to the API: the server keeps one client for its life.
#[tokio::test]
async fn fifty_calls_go_over_one_connection() {
    let env = shop(Config::default().seed_pets(5));
    let (running, _) = connect(server(&env, "play", &[]), Person::CannotBeAsked).await;
    for _ in 0..50 {
        let listed = call(&running, "list_pets", json!({"limit": 2})).await;
        assert_eq!(listed.is_error, Some(false), "{listed:?}");
    }
    running.cancel().await.unwrap();
    assert!(env.sandbox.request_count() >= 50);
    let accepted = env.sandbox.connections_accepted();
    assert!(accepted <= 2, "{accepted} connections for 50 calls");
}

/// 300 calls at once against a server that takes 12 connections: every one answered, over at most the
/// server's 8 places' worth of connections.
#[tokio::test]
async fn three_hundred_calls_at_once_fit_a_server_of_twelve_connections() {
    let env = shop(Config::default().seed_pets(5).max_connections(12));
    let (running, _) = connect(server(&env, "play", &[]), Person::CannotBeAsked).await;
    let mut calls = tokio::task::JoinSet::new();
    for _ in 0..300 {
        let peer = running.peer().clone();
        let Value::Object(arguments) = json!({"limit": 2}) else { unreachable!() };
        calls.spawn(async move {
            peer.call_tool(CallToolRequestParams::new("list_pets").with_arguments(arguments)).await.unwrap()
        });
    }
    let mut failed = Vec::new();
    while let Some(result) = calls.join_next().await {
        let result = result.unwrap();
        if result.is_error != Some(false) {
            failed.push(result);
        }
    }
    assert!(failed.is_empty(), "{} of 300 failed, the first: {:?}", failed.len(), failed.first());
    running.cancel().await.unwrap();
    let accepted = env.sandbox.connections_accepted();
    assert!(accepted <= 8, "{accepted} connections for 300 calls");
}

/// `arguments` that are not an object are the request's invalid params (-32602), not an unknown method; the
/// server goes on.
#[test]
fn arguments_that_are_no_object_are_invalid_params() {
    let env = shop(Config::default().seed_pets(5));
    let mut raw = Raw::start(&env, &[]);
    raw.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": [1, 2]}}));
    let refused = raw.reply();
    insta::assert_snapshot!("mcp_edges_arguments_array", serde_json::to_string_pretty(&refused).unwrap());
    raw.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": "limit=2"}}));
    assert_eq!(raw.reply()["error"]["code"], -32602);
    raw.send(&json!({"jsonrpc": "2.0", "id": 3, "method": "no/such/method"}));
    assert_eq!(raw.reply()["error"]["code"], -32601);
    raw.send(&json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": {"limit": 2}}}));
    let listed = raw.reply();
    assert_eq!(listed["result"]["structuredContent"]["pets"].as_array().unwrap().len(), 2, "{listed}");
    drop(raw.child.stdin.take());
    assert_eq!(raw.exit().0, 0);
}

/// `"status": null` in an animal of `add_pets` is refused, as the same record in a file for `pets add --file`
/// is, in the same words; nothing is sent.
#[tokio::test]
async fn add_pets_refuses_a_null_status_as_a_file_record_is_refused() {
    let env = shop(Config::default().seed_pets(5));
    let (running, _) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    let animals = json!([{"name": "Rex", "categoryId": 1}, {"name": "Tom", "categoryId": 2, "status": null}]);
    let refused = error_of(&call(&running, "add_pets", json!({ "pets": animals })).await);
    running.cancel().await.unwrap();
    insta::assert_snapshot!("mcp_edges_add_pets_null_status", serde_json::to_string_pretty(&refused).unwrap());
    let file = env.home().join("animals.json");
    std::fs::write(&file, animals.to_string()).unwrap();
    let run = env.run(&["--env", "play", "pets", "add", "--file", file.to_str().unwrap()]);
    let problem = refused["error"]["records"][0]["message"].as_str().unwrap();
    assert!(run.code != 0 && run.stderr.contains(problem), "{problem}\n{run}");
    assert_eq!(posts(&env), 0);
}

/// A message longer than 16 MiB is dropped as it is read, never held whole, and answered with an error that
/// names the bound (it has no id: none was read); the server goes on.
#[test]
fn a_message_past_sixteen_mib_gets_an_error_answer_and_the_server_goes_on() {
    let env = shop(Config::default().seed_pets(5));
    let mut raw = Raw::start(&env, &[]);
    let huge = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{{\"x\":\"{}\"}}}}",
        "a".repeat(17 << 20)
    );
    raw.send_line(&huge);
    let refused = raw.reply();
    insta::assert_snapshot!("mcp_edges_message_too_long", serde_json::to_string_pretty(&refused).unwrap());
    raw.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}));
    let pong = raw.reply();
    assert_eq!(pong["id"], 2, "{pong}");
    drop(raw.child.stdin.take());
    let (code, stderr, rest) = raw.exit();
    assert_eq!((code, stderr.as_str(), rest.len()), (0, "", 0));
}
