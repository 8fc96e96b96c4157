//! The sandbox as a test fixture, without sockets: a store seeded from a file, the state saved when
//! the server stops, and the request record.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, header};
use serde_json::{Value, json};
use tower::ServiceExt;

use super::{KEY, get, ids, post_json, quiet, request, send};
use crate::fixture::{Fixture, Format};
use crate::record::Recorder;
use crate::{AppState, Config, serve};

fn seeded(text: &str) -> Config {
    quiet().fixture(Fixture::from_text(Format::Ndjson, text).unwrap())
}

#[tokio::test]
async fn a_seed_file_replaces_the_sample_and_new_ids_follow_the_highest() {
    let config = seeded(
        "{\"id\": 40, \"name\": \"Rex\", \"categoryId\": 1, \"status\": \"sold\"}\n{\"name\": \"Kit\", \"categoryId\": 2}\n",
    )
    .seed_pets(5);
    let state = AppState::new(&config);
    assert_eq!(ids(&send(&state, get("/v1/pets")).await), [40, 41]);
    assert_eq!(ids(&send(&state, get("/v1/pets?status=sold")).await), [40]);
    let reply = send(&state, post_json(r#"{"name":"New","categoryId":3}"#)).await;
    assert_eq!(reply.json()["id"], 42);
    assert_eq!(send(&state, get("/v1/pets/41")).await.json()["name"], "Kit");
}

#[tokio::test]
async fn the_state_is_saved_when_the_server_stops() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.json");
    let fixture = Fixture::load(None, Some(&path), None).unwrap();
    let state = AppState::new(&quiet().seed_pets(1).fixture(fixture));
    send(&state, post_json(r#"{"name":"Kit","categoryId":3}"#)).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    crate::serve_state(listener, state, async {}).await.unwrap();
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        saved,
        json!([{"id": 1, "name": "Rex", "categoryId": 1, "status": "available"}, {"id": 2, "name": "Kit", "categoryId": 3}])
    );
    // The next run starts from it.
    let fixture = Fixture::load(None, Some(&path), None).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let config = quiet().fixture(fixture);
    assert_eq!(AppState::new(&config).pets().len(), 2);
    serve(listener, config, async {}).await.unwrap();
    // A state that cannot be saved is the error `serve` returns.
    let fixture = Fixture::load(None, Some(&dir.path().join("gone/state.json")), None);
    assert!(fixture.is_err(), "a missing directory is refused at start");
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    let fixture = Fixture { state_file: Some(path.clone()), ..Fixture::default() };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let err = serve(listener, quiet().fixture(fixture), async {}).await.unwrap_err();
    assert!(err.to_string().starts_with(&format!("cannot save the state to `{}`", path.display())), "{err}");
}

fn recorded(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[tokio::test]
async fn each_request_is_recorded_without_its_headers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("record.ndjson");
    let fixture = Fixture { recorder: Some(Arc::new(Recorder::create(&path).unwrap())), ..Fixture::default() };
    let state = AppState::new(&quiet().seed_pets(2).fixture(fixture));
    send(&state, get("/v1/pets?limit=1&status=available")).await;
    let with_id = Request::builder()
        .method(Method::POST)
        .uri("/v1/pets")
        .header(header::AUTHORIZATION, KEY)
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-request-id", "step-2")
        .body(Body::from(r#"{"name":"Kit","categoryId":3}"#))
        .unwrap();
    send(&state, with_id).await;
    send(&state, post_json("not json")).await;
    send(&state, request(Method::GET, "/v1/pets/1", Some("Bearer wrong"))).await;
    send(&state, request(Method::DELETE, "/v1/pets", None)).await;
    let lines = recorded(&path);
    let summary: Vec<Value> = lines
        .iter()
        .map(|line| {
            let mut line = line.clone();
            let time = line.as_object_mut().unwrap().remove("time").unwrap();
            assert!(time.as_str().unwrap().ends_with('Z') && time.as_str().unwrap().len() == 24, "{time}");
            line
        })
        .collect();
    assert_eq!(
        summary,
        [
            json!({"method": "GET", "path": "/v1/pets", "query": {"limit": "1", "status": "available"}, "body": null,
                   "status": 200, "fault": null, "requestId": "sandbox-1"}),
            json!({"method": "POST", "path": "/v1/pets", "query": {}, "body": {"name": "Kit", "categoryId": 3},
                   "status": 201, "fault": null, "requestId": "step-2"}),
            json!({"method": "POST", "path": "/v1/pets", "query": {}, "body": null, "status": 400, "fault": null,
                   "requestId": "sandbox-3"}),
            json!({"method": "GET", "path": "/v1/pets/1", "query": {}, "body": null, "status": 401, "fault": null,
                   "requestId": "sandbox-4"}),
            json!({"method": "DELETE", "path": "/v1/pets", "query": {}, "body": null, "status": 405, "fault": null,
                   "requestId": "sandbox-5"}),
        ]
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("Bearer") && !text.contains("wrong"), "{text}");
    // The first key of each line is `time`, as the docs show it.
    assert!(text.lines().all(|line| line.starts_with("{\"time\":\"")), "{text}");
}

#[tokio::test]
async fn faults_and_unanswered_requests_are_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let recording = |name: &str| {
        let path = dir.path().join(name);
        (Fixture { recorder: Some(Arc::new(Recorder::create(&path).unwrap())), ..Fixture::default() }, path)
    };
    let (fixture, failed) = recording("fail.ndjson");
    let state = AppState::new(&quiet().fail_rate(1.0).fault_seed(1).fixture(fixture));
    let reply = send(&state, get("/v1/pets")).await;
    let line = &recorded(&failed)[0];
    assert_eq!((&line["status"], &line["fault"]), (&json!(reply.status.as_u16()), &json!("fail")));
    let (fixture, lost) = recording("lost.ndjson");
    let state = AppState::new(&quiet().lost_reply_rate(1.0).fault_seed(1).fixture(fixture));
    let _ = crate::router(state.clone()).oneshot(post_json(r#"{"name":"Kit","categoryId":3}"#)).await;
    let line = &recorded(&lost)[0];
    assert_eq!((&line["status"], &line["fault"]), (&Value::Null, &json!("lost-reply")), "no status was sent");
    assert_eq!(line["body"], json!({"name": "Kit", "categoryId": 3}), "its body was read and carried out");
    assert_eq!(state.pets().len(), 11);
}
