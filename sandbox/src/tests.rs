//! Router tests without sockets (`tower::ServiceExt::oneshot`), one or more per rule of the route
//! table in the crate docs, plus a few over real loopback sockets for [`Sandbox`] and [`serve`].

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes, HttpBody};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::{BodyExt, BodyStream, StreamBody};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::log::LogSink;
use crate::{AppState, Config, Sandbox, router, serve};

mod faults;
mod fixture;

const KEY: &str = "Bearer sandbox";
const SUNSET: &str = "Thu, 05 Dec 2030 00:00:00 GMT";
const DEPRECATION: &str = "@1767225600";

fn quiet() -> Config {
    Config::default().quiet(true)
}

fn state() -> AppState {
    AppState::new(&quiet())
}

struct Reply {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(|v| v.to_str().unwrap())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }

    fn text(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap()
    }

    /// Asserts the whole Error body, byte for byte (so also its field order), and its type.
    #[track_caller]
    fn assert_error(&self, status: u16, code: &str, message: &str) {
        assert_eq!(self.status.as_u16(), status, "body: {}", self.text());
        assert_eq!(self.header("content-type"), Some("application/json"));
        let expected = format!(r#"{{"code":"{code}","message":{},"status":{status}}}"#, Value::String(message.into()));
        assert_eq!(self.text(), expected);
    }

    #[track_caller]
    fn assert_deprecated(&self) {
        assert_eq!(self.header("deprecation"), Some(DEPRECATION));
        assert_eq!(self.header("sunset"), Some(SUNSET));
    }

    #[track_caller]
    fn assert_not_deprecated(&self) {
        assert_eq!(self.header("deprecation"), None);
        assert_eq!(self.header("sunset"), None);
    }
}

async fn send(state: &AppState, request: Request<Body>) -> Reply {
    let response = router(state.clone()).oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    Reply { status: parts.status, headers: parts.headers, body: body.collect().await.unwrap().to_bytes() }
}

fn request(method: Method, uri: &str, auth: Option<&str>) -> Request<Body> {
    let mut builder = Request::builder().method(method).uri(uri);
    if let Some(auth) = auth {
        builder = builder.header(header::AUTHORIZATION, auth);
    }
    builder.body(Body::empty()).unwrap()
}

fn get(uri: &str) -> Request<Body> {
    request(Method::GET, uri, Some(KEY))
}

fn post(content_type: Option<&str>, body: impl Into<Body>) -> Request<Body> {
    let mut builder = Request::builder().method(Method::POST).uri("/v1/pets").header(header::AUTHORIZATION, KEY);
    if let Some(content_type) = content_type {
        builder = builder.header(header::CONTENT_TYPE, content_type);
    }
    builder.body(body.into()).unwrap()
}

fn post_json(body: impl Into<Body>) -> Request<Body> {
    post(Some("application/json"), body)
}

fn ids(reply: &Reply) -> Vec<i64> {
    reply.json().as_array().unwrap().iter().map(|pet| pet["id"].as_i64().unwrap()).collect()
}

// ---- request ids ----

#[tokio::test]
async fn a_request_id_is_repeated_in_the_answer_and_kept_with_the_request_line() {
    let state = state();
    let mut request = get("/v1/pets?limit=1");
    request.headers_mut().insert("x-request-id", "req-1".parse().unwrap());
    let reply = send(&state, request).await;
    assert_eq!(reply.header("x-request-id"), Some("req-1"));
    // A refusal repeats it too, and a request without one gets none.
    let mut refused = request_with_id(Method::GET, "/v1/pets", None, "req-2");
    refused.headers_mut().remove(header::AUTHORIZATION);
    assert_eq!(send(&state, refused).await.header("x-request-id"), Some("req-2"));
    assert_eq!(send(&state, get("/v1/pets")).await.header("x-request-id"), None);
    // One that is too long is not an id.
    let long = "x".repeat(201);
    assert_eq!(
        send(&state, request_with_id(Method::GET, "/v1/pets", Some(KEY), &long)).await.header("x-request-id"),
        None
    );
    assert_eq!(state.request_ids(), [Some("req-1".to_owned()), Some("req-2".to_owned()), None, None]);
    assert_eq!(state.request_lines().len(), 4);
}

fn request_with_id(method: Method, uri: &str, auth: Option<&str>, id: &str) -> Request<Body> {
    let mut request = request(method, uri, auth);
    request.headers_mut().insert("x-request-id", id.parse().unwrap());
    request
}

// ---- routing: 404 and 405 come before authentication ----

#[tokio::test]
async fn unknown_paths_are_404_without_a_key() {
    let state = state();
    for path in [
        "/",
        "/v1",
        "/v1/",
        "/pets",
        "/v1/pets/",
        "/v1/pets/1/",
        "/v1/pets/1/photos",
        "/v1/store/orders",
        "/V1/PETS",
        "/v2/pets",
    ] {
        for auth in [None, Some(KEY), Some("Bearer wrong")] {
            let reply = send(&state, request(Method::GET, path, auth)).await;
            reply.assert_error(
                404,
                "not_found",
                &format!("no route for `{path}`; the sandbox serves `/v1/pets` and `/v1/pets/{{petId}}`"),
            );
            reply.assert_not_deprecated();
        }
    }
    let reply = send(&state, request(Method::DELETE, "/nope?x=1", None)).await;
    reply.assert_error(404, "not_found", "no route for `/nope`; the sandbox serves `/v1/pets` and `/v1/pets/{petId}`");
}

#[tokio::test]
async fn other_methods_on_the_pets_collection_are_405_with_allow() {
    let state = state();
    for method in ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW"] {
        for auth in [None, Some(KEY), Some("Bearer wrong")] {
            let method = Method::from_bytes(method.as_bytes()).unwrap();
            let reply = send(&state, request(method.clone(), "/v1/pets?limit=0", auth)).await;
            reply.assert_error(
                405,
                "method_not_allowed",
                &format!("method `{method}` is not allowed on `/v1/pets`; allowed: GET, HEAD, POST"),
            );
            assert_eq!(reply.header("allow"), Some("GET, HEAD, POST"));
            assert_eq!(reply.header("www-authenticate"), None);
            reply.assert_not_deprecated();
        }
    }
    assert_eq!(state.pets().len(), 10);
}

#[tokio::test]
async fn other_methods_on_one_pet_are_405_with_allow_and_no_deprecation() {
    let state = state();
    for method in [Method::POST, Method::PUT, Method::DELETE, Method::OPTIONS] {
        for (path, auth) in [("/v1/pets/1", None), ("/v1/pets/abc", Some(KEY))] {
            let reply = send(&state, request(method.clone(), path, auth)).await;
            reply.assert_error(
                405,
                "method_not_allowed",
                &format!("method `{method}` is not allowed on `{path}`; allowed: GET, HEAD"),
            );
            assert_eq!(reply.header("allow"), Some("GET, HEAD"));
            // The 405 is about the method, not the deprecated `GET`.
            reply.assert_not_deprecated();
        }
    }
}

#[tokio::test]
async fn head_answers_like_get_without_a_body() {
    let state = state();
    let reply = send(&state, request(Method::HEAD, "/v1/pets", Some(KEY))).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert!(reply.body.is_empty());

    let reply = send(&state, request(Method::HEAD, "/v1/pets/1", Some(KEY))).await;
    assert_eq!(reply.status, StatusCode::OK);
    reply.assert_deprecated();
    assert!(reply.body.is_empty());

    let reply = send(&state, request(Method::HEAD, "/v1/pets", None)).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
    assert!(reply.body.is_empty());

    let reply = send(&state, request(Method::HEAD, "/v1/pets?limit=0", Some(KEY))).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.body.is_empty());
}

// ---- authentication ----

const MISSING: &str = "missing `Authorization` header; send `Authorization: Bearer <API_KEY>`";
const MALFORMED: &str = "the `Authorization` header must be `Bearer <API_KEY>`";
const WRONG: &str = "the API key is not valid for this sandbox";

#[track_caller]
fn assert_unauthorized(reply: &Reply, message: &str) {
    reply.assert_error(401, "unauthorized", message);
    assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
}

#[tokio::test]
async fn every_route_needs_a_key_and_checks_it_before_the_request() {
    let state = state();
    let bad_body = || post_json("not json");
    let cases = [
        request(Method::GET, "/v1/pets", None),
        request(Method::GET, "/v1/pets?limit=0&status=lost", None),
        request(Method::GET, "/v1/pets/1", None),
        request(Method::GET, "/v1/pets/abc", None),
        {
            let mut r = bad_body();
            r.headers_mut().remove(header::AUTHORIZATION);
            r
        },
        {
            let mut r = post(Some("text/plain"), "x".repeat(2 << 20));
            r.headers_mut().remove(header::AUTHORIZATION);
            r
        },
    ];
    for request in cases {
        let deprecated = request.uri().path().starts_with("/v1/pets/");
        let reply = send(&state, request).await;
        assert_unauthorized(&reply, MISSING);
        if deprecated {
            reply.assert_deprecated();
        } else {
            reply.assert_not_deprecated();
        }
    }
    assert_eq!(state.pets().len(), 10, "a refused POST stores nothing");
}

#[tokio::test]
async fn malformed_authorization_headers_are_401() {
    let state = state();
    for auth in [
        "sandbox",
        "Bearer",
        "Bearer ",
        "Bearersandbox",
        "Basic sandbox",
        "Basic c2FuZGJveDo=",
        "Bearer sandbox extra",
        "Bearer\tsandbox",
        "Bearer sandbox\tx",
        "Token sandbox",
        "Bearer: sandbox",
    ] {
        let reply = send(&state, request(Method::GET, "/v1/pets", Some(auth))).await;
        assert_unauthorized(&reply, MALFORMED);
    }
    let two = Request::builder()
        .uri("/v1/pets")
        .header(header::AUTHORIZATION, KEY)
        .header(header::AUTHORIZATION, KEY)
        .body(Body::empty())
        .unwrap();
    assert_unauthorized(&send(&state, two).await, MALFORMED);
    let not_ascii = Request::builder()
        .uri("/v1/pets")
        .header(header::AUTHORIZATION, &b"Bearer sand\xffbox"[..])
        .body(Body::empty())
        .unwrap();
    assert_unauthorized(&send(&state, not_ascii).await, MALFORMED);
}

#[tokio::test]
async fn the_scheme_is_case_insensitive_and_spaces_may_repeat() {
    let state = state();
    for auth in
        ["Bearer sandbox", "bearer sandbox", "BEARER sandbox", "bEaReR sandbox", "Bearer   sandbox", "Bearer sandbox "]
    {
        let reply = send(&state, request(Method::GET, "/v1/pets", Some(auth))).await;
        assert_eq!(reply.status, StatusCode::OK, "{auth}");
    }
    for auth in ["Bearer Sandbox", "Bearer sandbox2", "Bearer sandbo", "Bearer x"] {
        let reply = send(&state, request(Method::GET, "/v1/pets", Some(auth))).await;
        assert_unauthorized(&reply, WRONG);
    }
}

#[tokio::test]
async fn configured_keys_replace_the_default() {
    let state = AppState::new(&quiet().api_keys(["alpha", "beta-2"]));
    for (auth, ok) in
        [("Bearer alpha", true), ("Bearer beta-2", true), ("Bearer sandbox", false), ("Bearer alphabeta-2", false)]
    {
        let reply = send(&state, request(Method::GET, "/v1/pets", Some(auth))).await;
        if ok {
            assert_eq!(reply.status, StatusCode::OK, "{auth}");
        } else {
            assert_unauthorized(&reply, WRONG);
        }
    }

    let nobody = AppState::new(&quiet().api_keys(Vec::<String>::new()));
    let reply = send(&nobody, get("/v1/pets")).await;
    assert_unauthorized(&reply, WRONG);
    let reply = send(&nobody, request(Method::GET, "/v1/pets", Some("Bearer "))).await;
    assert_unauthorized(&reply, MALFORMED);
}

// ---- GET /v1/pets ----

#[tokio::test]
async fn listing_returns_the_seed_in_id_order_up_to_20_by_default() {
    let state = state();
    let reply = send(&state, get("/v1/pets")).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    reply.assert_not_deprecated();
    assert_eq!(ids(&reply), (1..=10).collect::<Vec<_>>());
    assert!(reply.text().starts_with(
        r#"[{"id":1,"name":"Rex","categoryId":1,"status":"available"},{"id":2,"name":"Bella","categoryId":2,"status":"pending"},"#
    ));

    let many = AppState::new(&quiet().seed_pets(150));
    assert_eq!(ids(&send(&many, get("/v1/pets")).await), (1..=20).collect::<Vec<_>>());
    assert_eq!(ids(&send(&many, get("/v1/pets?limit=100")).await), (1..=100).collect::<Vec<_>>());
    assert_eq!(ids(&send(&many, get("/v1/pets?limit=1")).await), [1]);
    assert_eq!(ids(&send(&many, get("/v1/pets?limit=007")).await), (1..=7).collect::<Vec<_>>());

    let empty = AppState::new(&quiet().seed_pets(0));
    assert_eq!(send(&empty, get("/v1/pets")).await.text(), "[]");
}

#[tokio::test]
async fn listing_filters_by_status_and_skips_animals_without_one() {
    let state = state();
    let reply = send(&state, post_json(r#"{"name":"Nobody","categoryId":1}"#)).await;
    assert_eq!(reply.status, StatusCode::CREATED);

    assert_eq!(ids(&send(&state, get("/v1/pets?status=available")).await), [1, 4, 7, 10]);
    assert_eq!(ids(&send(&state, get("/v1/pets?status=pending")).await), [2, 5, 8]);
    assert_eq!(ids(&send(&state, get("/v1/pets?status=sold&limit=2")).await), [3, 6]);
    assert_eq!(ids(&send(&state, get("/v1/pets?limit=2&status=sold")).await), [3, 6]);
    assert_eq!(ids(&send(&state, get("/v1/pets")).await), (1..=11).collect::<Vec<_>>());
    let reply = send(&state, get("/v1/pets?status=sold")).await;
    for pet in reply.json().as_array().unwrap() {
        assert_eq!(pet["status"], "sold");
    }
}

#[tokio::test]
async fn listing_ignores_unknown_query_parameters() {
    let state = state();
    for query in ["sort=name", "Limit=0&STATUS=lost", "offset=5&cursor=", "&&=&limit2=0"] {
        let reply = send(&state, get(&format!("/v1/pets?{query}"))).await;
        assert_eq!(ids(&reply), (1..=10).collect::<Vec<_>>(), "{query}");
    }
}

#[tokio::test]
async fn a_bad_limit_is_400() {
    let state = state();
    for limit in [
        "0",
        "101",
        "-1",
        "abc",
        "1.5",
        "3.5",
        "30e-2",
        "1e3",
        "100.5",
        "0.9",
        "5.",
        ".5",
        "",
        "%20",
        "5%20",
        "18446744073709551616",
        "99999999999999999999999",
        "1e999999999999",
    ] {
        let reply = send(&state, get(&format!("/v1/pets?limit={limit}"))).await;
        reply.assert_error(400, "invalid_parameter", "`limit` must be an integer from 1 to 100");
    }
    let reply = send(&state, get("/v1/pets?limit")).await;
    reply.assert_error(400, "invalid_parameter", "`limit` must be an integer from 1 to 100");
}

#[tokio::test]
async fn a_limit_with_a_zero_fraction_is_that_integer() {
    // The spec's `integer` is JSON Schema's: a number whose value has no fractional part.
    let state = AppState::new(&quiet().seed_pets(120));
    for (limit, count) in
        [("3.0", 3), ("3e0", 3), ("30e-1", 3), ("0.3E1", 3), ("1e1", 10), ("1.00e2", 100), ("%2B3", 3)]
    {
        let reply = send(&state, get(&format!("/v1/pets?limit={limit}"))).await;
        assert_eq!(reply.status, StatusCode::OK, "{limit}: {}", reply.text());
        assert_eq!(ids(&reply), (1..=count).collect::<Vec<_>>(), "{limit}");
    }
}

#[tokio::test]
async fn a_bad_status_is_400_naming_the_values() {
    let state = state();
    for status in ["lost", "Available", "SOLD", "", "available,sold", "%20sold"] {
        let reply = send(&state, get(&format!("/v1/pets?status={status}"))).await;
        reply.assert_error(400, "invalid_parameter", "`status` must be one of `available`, `pending`, `sold`");
    }
}

#[tokio::test]
async fn a_repeated_parameter_is_400() {
    let state = state();
    for (query, name) in [
        ("limit=5&limit=5", "limit"),
        ("limit=5&status=sold&limit=6", "limit"),
        ("status=sold&status=sold", "status"),
        ("status=sold&status=", "status"),
    ] {
        let reply = send(&state, get(&format!("/v1/pets?{query}"))).await;
        reply.assert_error(400, "invalid_parameter", &format!("`{name}` must be given at most once"));
    }
}

// ---- POST /v1/pets ----

#[tokio::test]
async fn adding_returns_201_the_pet_and_its_location() {
    let state = state();
    let reply = send(&state, post_json(r#"{"name":"Kit","categoryId":3,"status":"pending"}"#)).await;
    assert_eq!(reply.status, StatusCode::CREATED);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(reply.header("location"), Some("/v1/pets/11"));
    reply.assert_not_deprecated();
    assert_eq!(reply.text(), r#"{"id":11,"name":"Kit","categoryId":3,"status":"pending"}"#);

    let fetched = send(&state, get("/v1/pets/11")).await;
    assert_eq!(fetched.status, StatusCode::OK);
    assert_eq!(fetched.body, reply.body);

    let reply = send(&state, post_json(r#"{"name":"Kat","categoryId":3}"#)).await;
    assert_eq!(reply.header("location"), Some("/v1/pets/12"));
    assert_eq!(reply.text(), r#"{"id":12,"name":"Kat","categoryId":3}"#);
    assert_eq!(state.pets().len(), 12);
    assert_eq!(state.pets()[11], json!({"id": 12, "name": "Kat", "categoryId": 3}));
}

#[tokio::test]
async fn adding_ignores_unknown_fields_and_keeps_extreme_values() {
    let state = state();
    let reply =
        send(&state, post_json(r#"{"id":1,"name":"","categoryId":-5,"tags":["x",null,1e400],"category":{"id":2}}"#))
            .await;
    assert_eq!(reply.status, StatusCode::CREATED);
    assert_eq!(reply.text(), r#"{"id":11,"name":"","categoryId":-5}"#);

    let reply = send(&state, post_json(r#"{"name":"Big","categoryId":9223372036854775807,"status":"sold"}"#)).await;
    assert_eq!(reply.text(), r#"{"id":12,"name":"Big","categoryId":9223372036854775807,"status":"sold"}"#);
    let reply = send(&state, post_json(r#"{"name":"Zoë 🐈","categoryId":-9223372036854775808}"#)).await;
    assert_eq!(reply.text(), r#"{"id":13,"name":"Zoë 🐈","categoryId":-9223372036854775808}"#);
}

#[tokio::test]
async fn a_category_id_with_a_zero_fraction_is_that_integer() {
    let state = state();
    let mut id = 10;
    for category_id in [
        "3.0",
        "3e0",
        "30e-1",
        "3E+0",
        "0.3e1",
        "300e-2",
        "3.000000000000000000000000000000",
        "-3.0",
        "9223372036854775807.0",
    ] {
        id += 1;
        let reply = send(&state, post_json(format!(r#"{{"name":"Kit","categoryId":{category_id}}}"#))).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{category_id}: {}", reply.text());
        let expected = if category_id.starts_with('-') {
            -3
        } else if category_id.starts_with('9') {
            i64::MAX
        } else {
            3
        };
        assert_eq!(reply.text(), format!(r#"{{"id":{id},"name":"Kit","categoryId":{expected}}}"#));
    }
    assert_eq!(state.pets().len(), 19);
}

#[tokio::test]
async fn content_type_parameters_and_case_are_accepted() {
    let state = state();
    for content_type in ["application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"] {
        let reply = send(&state, post(Some(content_type), r#"{"name":"Kit","categoryId":1}"#)).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{content_type}");
    }
}

#[tokio::test]
async fn ids_are_never_reused() {
    let state = AppState::new(&quiet().seed_pets(2));
    let mut seen = Vec::new();
    for _ in 0..5 {
        let reply = send(&state, post_json(r#"{"name":"Kit","categoryId":1}"#)).await;
        seen.push(reply.json()["id"].as_i64().unwrap());
        // A refused request in between must not use up or reuse an id.
        send(&state, post_json(r#"{"categoryId":1}"#)).await;
    }
    assert_eq!(seen, [3, 4, 5, 6, 7]);
}

#[tokio::test]
async fn a_wrong_content_type_is_400_before_the_body_is_read() {
    let state = state();
    let valid = r#"{"name":"Kit","categoryId":1}"#;
    for content_type in [
        None,
        Some("text/plain"),
        Some("text/json"),
        Some("application/merge-patch+json"),
        Some("application/x-www-form-urlencoded"),
        Some(""),
    ] {
        let reply = send(&state, post(content_type, valid)).await;
        reply.assert_error(400, "invalid_body", "`Content-Type` must be `application/json`");
    }
    // Even an oversized body: the type is checked first.
    let reply = send(&state, post(Some("text/plain"), "x".repeat(2 << 20))).await;
    reply.assert_error(400, "invalid_body", "`Content-Type` must be `application/json`");
    assert_eq!(state.pets().len(), 10);
}

#[tokio::test]
async fn a_body_that_is_not_a_new_pet_is_400_naming_the_field() {
    let state = state();
    let int64 = "`categoryId` must be an integer from -9223372036854775808 to 9223372036854775807 (int64)";
    let status = "`status` must be one of `available`, `pending`, `sold`";
    let cases: &[(&str, &str)] = &[
        ("", "request body is empty: expected a JSON object with `name` and `categoryId`"),
        (" \n\t", "request body is empty: expected a JSON object with `name` and `categoryId`"),
        ("{", "request body is not valid JSON: EOF while parsing an object at line 1 column 1"),
        ("not json", "request body is not valid JSON: expected ident at line 1 column 2"),
        (r#"{"name":"Kit","categoryId":1,}"#, "request body is not valid JSON: trailing comma at line 1 column 30"),
        (
            r#"{"name":"Kit","categoryId":1} {}"#,
            "request body is not valid JSON: trailing characters at line 1 column 31",
        ),
        (r#"{"name":"Kit","categoryId":1e400}"#, &format!("{int64}, not the number `1e400`")),
        ("[]", "request body must be a JSON object, not an array"),
        (r#""Kit""#, "request body must be a JSON object, not the string \"Kit\""),
        ("null", "request body must be a JSON object, not null"),
        ("42", "request body must be a JSON object, not the number `42`"),
        ("3.5", "request body must be a JSON object, not the number `3.5`"),
        ("true", "request body must be a JSON object, not `true`"),
        ("{}", "`name` is required"),
        (r#"{"categoryId":1}"#, "`name` is required"),
        (r#"{"name":null,"categoryId":1}"#, "`name` must be a string, not null"),
        (r#"{"Name":"Kit","categoryId":1}"#, "`name` is required"),
        (r#"{"name":5,"categoryId":1}"#, "`name` must be a string, not the number `5`"),
        (r#"{"name":true,"categoryId":1}"#, "`name` must be a string, not `true`"),
        (r#"{"name":["Kit"],"categoryId":1}"#, "`name` must be a string, not an array"),
        (r#"{"name":{"first":"Kit"},"categoryId":1}"#, "`name` must be a string, not an object"),
        // JSON's grammar lets half a surrogate pair through; no string can hold it.
        (
            r#"{"name":"Kit \ud800","categoryId":1}"#,
            r"`name` must be Unicode text, but it holds `\ud800`, half of a UTF-16 surrogate pair without the other half",
        ),
        (
            r#"{"name":"Kit","categoryId":1,"status":"\uDE00sold"}"#,
            r"`status` must be Unicode text, but it holds `\uDE00`, half of a UTF-16 surrogate pair without the other half",
        ),
        (r#"{"name":"Kit"}"#, "`categoryId` is required"),
        (r#"{"name":"Kit","categoryId":null}"#, &format!("{int64}, not null")),
        (r#"{"name":"Kit","category_id":1}"#, "`categoryId` is required"),
        (r#"{"name":"Kit","categoryId":"3"}"#, &format!("{int64}, not the string \"3\"")),
        (r#"{"name":"Kit","categoryId":1.5}"#, &format!("{int64}, not the number `1.5`")),
        (r#"{"name":"Kit","categoryId":3.5}"#, &format!("{int64}, not the number `3.5`")),
        (r#"{"name":"Kit","categoryId":30e-2}"#, &format!("{int64}, not the number `30e-2`")),
        (r#"{"name":"Kit","categoryId":-0.5}"#, &format!("{int64}, not the number `-0.5`")),
        (r#"{"name":"Kit","categoryId":3.0000000000000001}"#, &format!("{int64}, not the number `3.0000000000000001`")),
        (
            r#"{"name":"Kit","categoryId":9223372036854775808}"#,
            &format!("{int64}, not the number `9223372036854775808`"),
        ),
        (r#"{"name":"Kit","categoryId":9.3e18}"#, &format!("{int64}, not the number `9.3e18`")),
        (
            r#"{"name":"Kit","categoryId":-9223372036854775809}"#,
            &format!("{int64}, not the number `-9223372036854775809`"),
        ),
        (r#"{"name":"Kit","categoryId":100000000000000000000000000000000000}"#, &format!("{int64}, not a number")),
        (r#"{"name":"Kit","categoryId":false}"#, &format!("{int64}, not `false`")),
        (r#"{"name":"Kit","categoryId":1,"status":"lost"}"#, &format!("{status}, not the string \"lost\"")),
        (r#"{"name":"Kit","categoryId":1,"status":"Available"}"#, &format!("{status}, not the string \"Available\"")),
        (r#"{"name":"Kit","categoryId":1,"status":""}"#, &format!("{status}, not the string \"\"")),
        (r#"{"name":"Kit","categoryId":1,"status":1}"#, &format!("{status}, not the number `1`")),
        // The enumeration has no null: a present `null` is a value it does not allow.
        (r#"{"name":"Kit","categoryId":1,"status":null}"#, &format!("{status}, not null")),
        (r#"{"name":"Kit","categoryId":1,"status":["sold"]}"#, &format!("{status}, not an array")),
        // The first offending field in `name`, `categoryId`, `status` order is named.
        (r#"{"status":"lost","categoryId":"x"}"#, "`name` is required"),
        (r#"{"status":"lost","categoryId":"x","name":"Kit"}"#, &format!("{int64}, not the string \"x\"")),
    ];
    for (body, message) in cases {
        let reply = send(&state, post_json(*body)).await;
        reply.assert_error(400, "invalid_body", message);
    }
    assert_eq!(state.pets().len(), 10, "nothing refused was stored");
}

/// `bytes` as a body with no declared length, as a chunked upload arrives.
fn streamed(bytes: Vec<u8>) -> Body {
    let body = StreamBody::new(BodyStream::new(Body::from(bytes)));
    assert_eq!(body.size_hint().upper(), None);
    Body::new(body)
}

/// A valid NewPet body of exactly `len` bytes, padded with an unknown field (a name that long
/// would be refused).
fn new_pet_of_len(len: usize) -> String {
    let frame = r#"{"categoryId":1,"name":"Kit","pad":""}"#;
    format!(r#"{{"categoryId":1,"name":"Kit","pad":"{}"}}"#, "x".repeat(len - frame.len()))
}

#[tokio::test]
async fn a_body_over_1_mib_is_413_whether_declared_or_streamed() {
    let state = state();
    let limit = 1024 * 1024;
    let message = "request body must be at most 1048576 bytes (1 MiB)";

    let reply = send(&state, post_json(new_pet_of_len(limit))).await;
    assert_eq!(reply.status, StatusCode::CREATED, "exactly 1 MiB is fine");

    let reply = send(&state, post_json(new_pet_of_len(limit + 1))).await;
    reply.assert_error(413, "payload_too_large", message);

    let reply = send(&state, post_json(streamed(new_pet_of_len(limit + 1).into()))).await;
    reply.assert_error(413, "payload_too_large", message);

    let reply = send(&state, post_json(streamed(new_pet_of_len(limit).into()))).await;
    assert_eq!(reply.status, StatusCode::CREATED);
    assert_eq!(state.pets().len(), 12);
}

#[tokio::test]
async fn a_name_over_128_kib_is_400() {
    let state = state();
    let max = 128 * 1024;
    let name = |len: usize| format!(r#"{{"name":"{}","categoryId":1}}"#, "é".repeat(len / 2) + &"x".repeat(len % 2));
    let reply = send(&state, post_json(name(max))).await;
    assert_eq!(reply.status, StatusCode::CREATED, "exactly 128 KiB is fine");
    let reply = send(&state, post_json(name(max + 1))).await;
    reply.assert_error(400, "invalid_body", "`name` must be at most 131072 bytes (128 KiB) of UTF-8, not 131073");
    assert_eq!(state.pets().len(), 11);
}

#[tokio::test]
async fn a_full_store_is_507_storage_full_and_keeps_serving_reads() {
    let state = AppState::new(&quiet().seed_pets(2).max_pets(3));
    for id in 3..=5 {
        let reply = send(&state, post_json(r#"{"name":"Kit","categoryId":1}"#)).await;
        assert_eq!(reply.json()["id"], id);
    }
    let full = "the sandbox holds the 3 animals clients may add; restart it to start over";
    let reply = send(&state, post_json(r#"{"name":"Kit","categoryId":1}"#)).await;
    reply.assert_error(507, "storage_full", full);
    // A bad body is still the client's mistake first.
    let reply = send(&state, post_json(r#"{"name":"Kit"}"#)).await;
    reply.assert_error(400, "invalid_body", "`categoryId` is required");
    let reply = send(&state, get("/v1/pets")).await;
    assert_eq!(ids(&reply), [1, 2, 3, 4, 5]);

    let state = AppState::new(&quiet().seed_pets(0).max_stored_bytes(10));
    let reply = send(&state, post_json(r#"{"name":"abcdefgh","categoryId":1}"#)).await;
    assert_eq!(reply.status, StatusCode::CREATED);
    let reply = send(&state, post_json(r#"{"name":"ijk","categoryId":1}"#)).await;
    reply.assert_error(
        507,
        "storage_full",
        "the names of the animals clients added would pass 10 bytes, all the sandbox may hold; restart it to start over",
    );
    let reply = send(&state, post_json(r#"{"name":"ij","categoryId":1}"#)).await;
    assert_eq!(reply.json()["id"], 2, "a refusal uses up no id");
}

// ---- GET /v1/pets/{petId} ----

#[tokio::test]
async fn getting_one_pet_is_200_and_marked_deprecated() {
    let state = state();
    let reply = send(&state, get("/v1/pets/3")).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    reply.assert_deprecated();
    assert_eq!(reply.text(), r#"{"id":3,"name":"Milo","categoryId":3,"status":"sold"}"#);
    // Percent-encoding is decoded first: `%31` is `1` (RFC 3986 equivalence).
    let reply = send(&state, get("/v1/pets/%31")).await;
    assert_eq!(reply.json()["id"], 1);
    // `petId` is an int64 like `categoryId`, read the same way: any spelling of the integer 1,
    // including the `+` and leading zeros Rust's int64 parsing took before.
    for id in ["+01", "1.0", "1e0", "10e-1", "0.1E1"] {
        let reply = send(&state, get(&format!("/v1/pets/{id}"))).await;
        assert_eq!(reply.json()["id"], 1, "{id}");
    }
}

#[tokio::test]
async fn an_unknown_or_non_int64_id_is_404_and_marked_deprecated() {
    let state = state();
    for (path, id) in [
        ("0", "0"),
        ("11", "11"),
        ("-1", "-1"),
        ("9223372036854775807", "9223372036854775807"),
        ("9223372036854775808", "9223372036854775808"),
        ("abc", "abc"),
        ("1.5", "1.5"),
        ("1.0e-1", "1.0e-1"),
        ("1e19", "1e19"),
        ("%20", " "),
        ("%FF", "%FF"),
    ] {
        let reply = send(&state, get(&format!("/v1/pets/{path}"))).await;
        reply.assert_error(404, "not_found", &format!("no pet with id `{id}`"));
        reply.assert_deprecated();
    }
}

#[tokio::test]
async fn a_401_on_one_pet_is_marked_deprecated_too() {
    let state = state();
    let reply = send(&state, request(Method::GET, "/v1/pets/1", Some("Bearer nope"))).await;
    assert_unauthorized(&reply, WRONG);
    reply.assert_deprecated();
}

// ---- seeding and counting ----

#[tokio::test]
async fn seeding_is_deterministic_and_configurable() {
    assert_eq!(AppState::new(&quiet().seed_pets(0)).pets(), Vec::<Value>::new());
    let pets = AppState::new(&quiet().seed_pets(13)).pets();
    assert_eq!(pets, AppState::new(&quiet().seed_pets(13)).pets());
    assert_eq!(pets.len(), 13);
    assert_eq!(pets[12], json!({"id": 13, "name": "Rex 2", "categoryId": 1, "status": "available"}));
    for pet in &pets {
        assert!(pet["status"].is_string(), "every seed pet has a status");
    }
}

#[tokio::test]
async fn every_request_is_counted_whatever_its_outcome() {
    let state = state();
    assert_eq!(state.request_count(), 0);
    send(&state, get("/v1/pets")).await;
    send(&state, get("/nope")).await;
    send(&state, request(Method::DELETE, "/v1/pets", None)).await;
    send(&state, request(Method::GET, "/v1/pets", None)).await;
    send(&state, get("/v1/pets?limit=0")).await;
    send(&state, post_json("x".repeat(2 << 20))).await;
    send(&state, get("/v1/pets/99")).await;
    assert_eq!(state.request_count(), 7);
}

#[test]
fn debug_output_shows_no_keys() {
    let state = AppState::new(&quiet().api_keys(["top-secret"]));
    let debug = format!("{state:?}");
    assert!(!debug.contains("top-secret"), "{debug}");
    assert!(debug.contains("pets: 10"), "{debug}");
}

// ---- over real sockets ----

/// One HTTP/1.1 exchange on `stream`, reading until the server closes.
fn exchange(stream: &mut TcpStream, request: &str) -> String {
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn a_started_sandbox_answers_over_tcp_counts_and_stops_on_drop() {
    let sandbox = Sandbox::start();
    let addr = sandbox.addr();
    assert!(addr.ip().is_loopback());
    assert_eq!(sandbox.base_url(), format!("http://127.0.0.1:{}/v1", addr.port()));
    assert_eq!(sandbox.request_count(), 0);

    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let response = exchange(
        &mut stream,
        &format!(
            "GET /v1/pets?limit=2 HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer sandbox\r\nConnection: close\r\n\r\n"
        ),
    );
    assert!(response.starts_with("HTTP/1.1 200 OK\r\n"), "{response}");
    assert!(response.to_ascii_lowercase().contains("\r\ncontent-type: application/json\r\n"));
    let body = response.split_once("\r\n\r\n").unwrap().1;
    let pets: Value = serde_json::from_str(body).unwrap();
    assert_eq!(pets.as_array().unwrap().len(), 2);
    assert_eq!(sandbox.request_count(), 1);
    assert_eq!(sandbox.pets().len(), 10);

    // An idle keep-alive connection must not hold up the shutdown.
    let mut idle = TcpStream::connect(addr).unwrap();
    idle.write_all(format!("GET /nope HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes()).unwrap();
    let mut first = [0; 12];
    idle.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 404");
    assert_eq!(sandbox.request_count(), 2);

    let started = Instant::now();
    drop(sandbox);
    assert!(started.elapsed() < Duration::from_secs(3), "drop took {:?}", started.elapsed());
    assert!(TcpStream::connect(addr).is_err(), "the port is closed");
}

#[test]
fn the_peak_counts_the_requests_handled_at_once() {
    // Each request is held 300 ms, so three sent together are handled together.
    let latency = Duration::from_millis(300);
    let sandbox = Sandbox::start_with(quiet().latency(latency..=latency));
    assert_eq!(sandbox.peak_requests(), 0);
    let addr = sandbox.addr();
    let get = move || {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let request = format!(
            "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer sandbox\r\nConnection: close\r\n\r\n"
        );
        assert!(exchange(&mut stream, &request).starts_with("HTTP/1.1 200 OK\r\n"));
    };
    let together: Vec<_> = (0..3).map(|_| std::thread::spawn(get)).collect();
    for thread in together {
        thread.join().unwrap();
    }
    assert_eq!(sandbox.peak_requests(), 3);
    // One after another, the peak stays where it was.
    get();
    get();
    assert_eq!((sandbox.peak_requests(), sandbox.request_count()), (3, 5));
}

#[test]
fn start_with_applies_the_config() {
    let sandbox = Sandbox::start_with(quiet().seed_pets(2).api_keys(["k"]));
    assert_eq!(sandbox.pets().len(), 2);
    let mut stream = TcpStream::connect(sandbox.addr()).unwrap();
    let response = exchange(
        &mut stream,
        "POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: bearer k\r\nContent-Type: application/json\r\nContent-Length: 29\r\nConnection: close\r\n\r\n{\"name\":\"Kit\",\"categoryId\":1}",
    );
    assert!(response.starts_with("HTTP/1.1 201 Created\r\n"), "{response}");
    assert!(response.contains("\r\nlocation: /v1/pets/3\r\n"), "{response}");
    assert_eq!(sandbox.pets()[2]["name"], "Kit");
}

#[tokio::test]
async fn serve_stops_when_the_shutdown_future_completes() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(listener, quiet(), async move {
        let _ = stopped.await;
    }));
    let response = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(addr).unwrap();
        exchange(&mut stream, "GET /v1/pets/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    })
    .await
    .unwrap();
    assert!(response.starts_with("HTTP/1.1 401 Unauthorized\r\n"), "{response}");
    assert!(response.contains("\r\nwww-authenticate: Bearer\r\n"), "{response}");
    assert!(response.contains("\r\ndeprecation: @1767225600\r\n"), "{response}");
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(3), server).await.expect("serve returns promptly").unwrap().unwrap();
}

// ---- the request log ----

#[tokio::test]
async fn each_request_is_logged_once_without_headers_or_key() {
    let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let config = Config::default().api_keys(["s3cret-key"]);
    let state = AppState::with_log_sink(&config, LogSink::Memory(lines.clone()));
    send(&state, request(Method::GET, "/v1/pets?limit=1&status=sold", Some("Bearer s3cret-key"))).await;
    send(&state, request(Method::GET, "/v1/pets/1", Some("Bearer wrong-key"))).await;
    let mut create = post_json(r#"{"name":"Kit","categoryId":1}"#);
    create.headers_mut().insert(header::AUTHORIZATION, "Bearer s3cret-key".parse().unwrap());
    send(&state, create).await;
    send(&state, request(Method::DELETE, "/nope", None)).await;

    let lines = lines.lock().unwrap();
    let shapes: Vec<String> = lines.iter().map(|line| line.rsplit_once(' ').unwrap().0.to_owned()).collect();
    assert_eq!(
        shapes,
        ["GET /v1/pets?limit=1&status=sold 200", "GET /v1/pets/1 401", "POST /v1/pets 201", "DELETE /nope 404"]
    );
    for line in lines.iter() {
        assert!(line.ends_with("ms\n"), "{line:?}");
        assert_eq!(line.matches('\n').count(), 1, "{line:?}");
        assert!(!line.contains("s3cret") && !line.contains("wrong-key") && !line.contains("Bearer"), "{line:?}");
    }
}

#[tokio::test]
async fn a_quiet_sandbox_logs_nothing() {
    let state = state();
    assert!(!state.log().is_on());
    let logging = AppState::new(&Config::default());
    assert!(logging.log().is_on());
}

/// `--rate-limit`: past the burst, a request is answered 429 with the spec's Error body before routing and
/// the key check, with `Retry-After` only when asked for, and nothing is carried out.
#[tokio::test]
async fn over_the_rate_limit_a_request_is_429_with_retry_after_only_when_asked() {
    use crate::RateLimit;
    for retry_after in [false, true] {
        let state = AppState::new(&quiet().rate_limit(RateLimit { rate: 0.001, burst: 2, retry_after }));
        let pets = state.pets().len();
        for _ in 0..2 {
            let reply = send(&state, post_json(r#"{"name":"Rex","categoryId":1}"#)).await;
            assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
        }
        let message = "over the sandbox's rate limit of 0.001 requests a second (burst 2); nothing was carried out";
        let reply = send(&state, post_json(r#"{"name":"Rex","categoryId":1}"#)).await;
        reply.assert_error(429, "rate_limited", message);
        // 1,000 s until the next token.
        assert_eq!(reply.header("retry-after"), retry_after.then_some("1000"));
        // Before the key check and routing: a gateway's limit.
        let reply = send(&state, get("/nowhere")).await;
        reply.assert_error(429, "rate_limited", message);
        assert_eq!(state.pets().len(), pets + 2, "the refused POST stored nothing");
        assert_eq!(state.rate_limited(), 2);
    }
}
