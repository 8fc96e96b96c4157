//! MCP's `add_pets` without a process, through its sink: the server on one end of an in-memory pipe, a client
//! on the other, a context over captured output and a sandbox started here.

use petstore_core::api::NewPet;
use rmcp::model::CallToolRequestParams;
use serde_json::{Value, json};

use super::*;
use crate::verb_tests::Verb;

/// The journal's entry of the animal at `index` of the call, ended as `ended` says.
fn entry(index: u64, name: &str, ended: Value) -> Value {
    let mut entry = json!({
        "name": name,
        "method": "POST",
        "path": "/pets",
        "body": { "name": name, "categoryId": 1 },
        "via": "mcp",
        "line": index,
    });
    entry.as_object_mut().unwrap().extend(ended.as_object().unwrap().clone());
    entry
}

#[tokio::test]
async fn each_animal_ends_in_the_result_and_in_the_journal() {
    // Names of at most 6 bytes: the third animal's is one petstore sends and the server refuses.
    let verb = Verb::new(petstore_sandbox::Config::default().seed_pets(0).name_max_bytes(6));
    let tom = NewPet { name: "Tom".to_owned(), category_id: 1, status: None };
    verb.ctx.client().unwrap().create_pet(&tom).await.unwrap();
    // Kept, so that the client is never taken for gone.
    let (_client_here, gone) = tokio::sync::watch::channel(false);
    let server = Server {
        ctx: Arc::clone(&verb.ctx),
        allow_writes: true,
        writes: Arc::default(),
        places: Arc::new(tokio::sync::Semaphore::new(MAX_REQUESTS_AT_ONCE)),
        adds: Arc::default(),
        log_level: Arc::default(),
        key: Arc::default(),
        gone,
    };
    let (ours, theirs) = tokio::io::duplex(64 * 1024);
    let serving = tokio::spawn(async move { server.serve(tokio::io::split(ours)).await.unwrap().waiting().await });
    let client = ().serve(tokio::io::split(theirs)).await.unwrap();
    let pets = ["Rex", "Tom", "Rexford"].map(|name| json!({ "name": name, "categoryId": 1 }));
    let Value::Object(arguments) = json!({ "pets": pets }) else { unreachable!() };
    let result = client.call_tool(CallToolRequestParams::new("add_pets").with_arguments(arguments)).await.unwrap();
    client.cancel().await.unwrap();
    serving.await.unwrap().unwrap();

    let mut result = result.structured_content.expect("a structured result");
    // The refused request's id, as the server had it.
    let request_id = result["failed"][0]["error"].as_object_mut().unwrap().remove("requestId");
    assert!(verb.sandbox.request_ids().contains(&request_id.and_then(|id| id.as_str().map(str::to_owned))));
    assert_eq!(
        result,
        json!({
            "complete": false,
            "created": [{ "index": 0, "pet": { "id": 2, "name": "Rex", "categoryId": 1 } }],
            "failed": [{ "index": 2, "error": {
                "code": "invalid_body",
                "message": "the server refused the request (HTTP 400): `name` must be at most 6 bytes of UTF-8, not 7 \
                            (`invalid_body`)",
                "status": 400,
                "exitCode": 2,
                "hint": null,
                "retry": "never",
            } }],
            "unknown": [],
            "notSent": [],
            "exists": [{ "index": 1, "pet": { "id": 1, "name": "Tom", "categoryId": 1 } }],
            "notes": [
                "1 of the 3 animals was created; 1 failed (`failed` says why, and its `retry` whether sending one \
                 again can help)"
            ],
            "confirmation": "not_required",
        })
    );
    assert_eq!(verb.pets(), [(1, "Tom".to_owned()), (2, "Rex".to_owned())]);
    assert_eq!((verb.captured.stdout(), verb.captured.stderr()), (String::new(), String::new()));
    let mut journal = verb.journal();
    journal.sort_by_key(|entry| entry["line"].as_u64());
    assert_eq!(
        journal,
        [
            entry(0, "Rex", json!({ "outcome": "created", "petId": 2 })),
            entry(1, "Tom", json!({ "outcome": "exists", "petId": 1 })),
            entry(2, "Rexford", json!({ "outcome": "refused", "code": "invalid_body", "status": 400 })),
        ]
    );
}
