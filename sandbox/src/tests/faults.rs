//! Faults on demand: socket-free router tests for what each fault answers, and loopback tests for
//! the faults that close a connection without an answer.

use std::collections::BTreeSet;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, SystemTime};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use super::{KEY, Reply, get, post_json, quiet, request, send};
use crate::faults::{FaultKind, Injected};
use crate::log::LogSink;
use crate::{AppState, Config, FaultCounts, Sandbox, router, serve};

const NEW_PET: &str = r#"{"name":"Kit","categoryId":1}"#;

/// What a client could tell about one answer: its status, headers and body, or that the body could
/// not be read (the connection would have been cut), and which fault the log would name.
struct Outcome {
    status: StatusCode,
    headers: HeaderMap,
    body: Result<Bytes, String>,
    fault: Option<FaultKind>,
}

impl Outcome {
    fn reply(self) -> Reply {
        let body = self.body.unwrap_or_else(|err| panic!("the body failed: {err}"));
        Reply { status: self.status, headers: self.headers, body }
    }

    /// Everything a seeded run must repeat; a `Retry-After` date depends on the clock, so only its
    /// form counts.
    fn signature(&self) -> String {
        let retry_after =
            self.headers.get(header::RETRY_AFTER).map(|value| if value == "1" { "seconds" } else { "date" });
        format!("{} {:?} {:?} {:?}", self.status, self.fault, retry_after, self.body)
    }
}

async fn attempt(state: &AppState, request: Request<Body>) -> Outcome {
    let response = router(state.clone()).oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let body = body.collect().await.map(|collected| collected.to_bytes()).map_err(|err| err.to_string());
    let fault = parts.extensions.get::<Injected>().and_then(|injected| injected.fault);
    Outcome { status: parts.status, headers: parts.headers, fault, body }
}

fn faulty(config: Config) -> AppState {
    AppState::new(&config.quiet(true))
}

fn counts(f: impl FnOnce(&mut FaultCounts)) -> FaultCounts {
    let mut counts = FaultCounts::default();
    f(&mut counts);
    counts
}

// ---- fail ----

#[tokio::test]
async fn fail_answers_500_502_503_or_429_with_their_bodies_and_retry_after() {
    let state = faulty(Config::default().fail_rate(1.0).fault_seed(1));
    let mut statuses = BTreeSet::new();
    let mut retry_forms = BTreeSet::new();
    for _ in 0..64 {
        let outcome = attempt(&state, get("/v1/pets")).await;
        assert_eq!(outcome.fault, Some(FaultKind::Fail));
        let reply = outcome.reply();
        statuses.insert(reply.status.as_u16());
        let message = "the request was not carried out; retry after `Retry-After`";
        match reply.status.as_u16() {
            500 => {
                reply.assert_error(
                    500,
                    "internal_error",
                    "simulated server failure (fault injection); the request was not carried out",
                );
                assert_eq!(reply.header("retry-after"), None);
            }
            502 => {
                assert_eq!(reply.header("content-type"), Some("text/html"));
                assert!(reply.text().starts_with("<!DOCTYPE html>"), "{}", reply.text());
                assert!(reply.text().contains("<title>502 Bad Gateway</title>"));
                assert_eq!(reply.header("retry-after"), None);
            }
            status @ (503 | 429) => {
                let (code, what) =
                    if status == 503 { ("unavailable", "outage") } else { ("rate_limited", "rate limit") };
                reply.assert_error(status, code, &format!("simulated {what} (fault injection); {message}"));
                let retry_after = reply.header("retry-after").expect("Retry-After");
                if retry_after == "1" {
                    retry_forms.insert("seconds");
                } else {
                    let date = httpdate::parse_http_date(retry_after).unwrap();
                    assert!(date > SystemTime::now(), "{retry_after} is in the past");
                    retry_forms.insert("date");
                }
            }
            other => panic!("unexpected status {other}"),
        }
    }
    assert_eq!(statuses, BTreeSet::from([429, 500, 502, 503]));
    assert_eq!(retry_forms, BTreeSet::from(["date", "seconds"]));
    assert_eq!(state.faults(), counts(|c| c.failed = 64));
    assert_eq!(state.request_count(), 64);
}

#[tokio::test]
async fn fail_and_drop_carry_nothing_out() {
    for config in [Config::default().fail_rate(1.0), Config::default().drop_rate(1.0)] {
        let state = faulty(config);
        for _ in 0..5 {
            let outcome = attempt(&state, post_json(NEW_PET)).await;
            assert!(outcome.fault == Some(FaultKind::Fail) || outcome.body.is_err());
        }
        assert_eq!(state.pets().len(), 10, "nothing was stored");
    }
}

#[tokio::test]
async fn refusals_and_routing_are_answered_as_usual_under_any_fault() {
    for config in [
        Config::default().fail_rate(1.0),
        Config::default().drop_rate(1.0),
        Config::default().lost_reply_rate(1.0),
        Config::default().garble_rate(1.0),
    ] {
        let state = faulty(config);
        let refused = [
            (request(Method::GET, "/nope", Some(KEY)), 404),
            (request(Method::DELETE, "/v1/pets", Some(KEY)), 405),
            (request(Method::GET, "/v1/pets", None), 401),
            (request(Method::GET, "/v1/pets/1", Some("Bearer wrong")), 401),
            (get("/v1/pets?limit=0"), 400),
            (post_json("not json"), 400),
            (post_json("x".repeat(2 << 20)), 413),
            (get("/v1/pets/99"), 404),
        ];
        for (request, status) in refused {
            let outcome = attempt(&state, request).await;
            assert_eq!(outcome.fault, None);
            let reply = outcome.reply();
            assert_eq!(reply.status.as_u16(), status, "{}", reply.text());
            assert_eq!(reply.json()["status"], status);
        }
        assert_eq!(state.faults(), FaultCounts::default());
        assert_eq!(state.pets().len(), 10);
    }
}

// ---- garble ----

#[tokio::test]
async fn garble_keeps_the_status_and_headers_but_the_body_does_not_parse() {
    let state = faulty(Config::default().garble_rate(1.0).fault_seed(4));
    let plain = AppState::new(&quiet());
    let mut forms = BTreeSet::new();
    for (n, (path, status)) in
        [("/v1/pets?limit=5", 200), ("/v1/pets?limit=1", 200), ("/v1/pets/3", 200), ("/v1/pets", 201)]
            .iter()
            .cycle()
            .enumerate()
            .take(24)
    {
        let (request, usual) = if *status == 201 {
            (post_json(NEW_PET), format!(r#"{{"id":{},"name":"Kit","categoryId":1}}"#, 11 + n / 4))
        } else {
            (get(path), send(&plain, get(path)).await.text().to_owned())
        };
        let outcome = attempt(&state, request).await;
        assert_eq!(outcome.fault, Some(FaultKind::Garble));
        let reply = outcome.reply();
        assert_eq!(reply.status.as_u16(), *status);
        assert_eq!(reply.header("content-type"), Some("application/json"));
        assert_eq!(reply.header("content-length"), Some(reply.body.len().to_string().as_str()));
        assert!(serde_json::from_slice::<Value>(&reply.body).is_err(), "{:?}", reply.body);
        if path.starts_with("/v1/pets/") {
            reply.assert_deprecated();
        }
        if *status == 201 {
            assert_eq!(reply.header("location"), Some(format!("/v1/pets/{}", 11 + n / 4).as_str()));
        }
        if reply.body.len() < usual.len() {
            assert!(usual.as_bytes().starts_with(&reply.body), "a truncation of {usual}");
            forms.insert("truncated");
        } else {
            assert_eq!(reply.body.len(), usual.len());
            let zeros = reply.body.iter().rev().take_while(|&&b| b == 0).count();
            assert!(zeros > 0);
            assert_eq!(reply.body[..reply.body.len() - zeros], usual.as_bytes()[..usual.len() - zeros]);
            forms.insert("zeroed");
        }
    }
    assert_eq!(forms, BTreeSet::from(["truncated", "zeroed"]));
    assert_eq!(state.pets().len(), 16, "a garbled POST still stores the animal");
    assert_eq!(state.faults(), counts(|c| c.garbled = 24));

    // A `HEAD` answer has no body to garble: it is left alone and not counted.
    let outcome = attempt(&state, request(Method::HEAD, "/v1/pets", Some(KEY))).await;
    assert_eq!((outcome.status, outcome.fault), (StatusCode::OK, None));
    assert_eq!(state.faults().garbled, 24);
}

// ---- drop and lost-reply, without sockets ----

#[tokio::test]
async fn drop_and_lost_reply_answers_cannot_be_read() {
    let state = faulty(Config::default().drop_rate(1.0));
    let outcome = attempt(&state, get("/v1/pets")).await;
    assert_eq!(outcome.fault, Some(FaultKind::Drop));
    assert_eq!(outcome.body, Err("answer withheld by fault injection".into()));
    attempt(&state, post_json(NEW_PET)).await;
    assert_eq!(state.pets().len(), 10);
    assert_eq!(state.faults(), counts(|c| c.dropped = 2));

    let state = faulty(Config::default().lost_reply_rate(1.0));
    let outcome = attempt(&state, post_json(NEW_PET)).await;
    assert_eq!(outcome.fault, Some(FaultKind::LostReply));
    assert!(outcome.body.is_err());
    assert_eq!(state.pets().len(), 11, "the work was done");
    assert_eq!(state.faults(), counts(|c| c.lost_replies = 1));
}

// ---- latency ----

#[tokio::test(start_paused = true)]
async fn latency_is_drawn_uniformly_from_the_range() {
    let (min, max) = (Duration::from_millis(50), Duration::from_millis(80));
    let state = faulty(Config::default().latency(min..=max).fault_seed(2));
    let mut delays = Vec::new();
    for _ in 0..40 {
        let started = tokio::time::Instant::now();
        let reply = send(&state, get("/v1/pets")).await;
        assert_eq!(reply.status, StatusCode::OK);
        delays.push(started.elapsed());
    }
    for delay in &delays {
        assert!(*delay >= min && *delay <= max, "{delay:?}");
    }
    let low = delays.iter().filter(|delay| **delay < Duration::from_millis(65)).count();
    assert!((8..=32).contains(&low), "{low} of 40 below the middle: {delays:?}");
    assert_eq!(state.faults(), counts(|c| c.delayed = 40));

    let fixed = Duration::from_millis(20);
    let state = faulty(Config::default().latency(fixed..=fixed));
    let started = tokio::time::Instant::now();
    send(&state, post_json(NEW_PET)).await;
    assert_eq!(started.elapsed(), fixed);
    // Refusals wait too: only routing and the key check come before the delay.
    let started = tokio::time::Instant::now();
    send(&state, get("/v1/pets?limit=0")).await;
    assert_eq!(started.elapsed(), fixed);
    let started = tokio::time::Instant::now();
    send(&state, request(Method::GET, "/v1/pets", None)).await;
    assert_eq!(started.elapsed(), Duration::ZERO);
}

// ---- seeds ----

/// Runs the same mixed requests against a sandbox with every fault, returning what each answer
/// looked like and how long it took.
async fn seeded_run(seed: u64) -> (Vec<String>, FaultCounts, usize) {
    let config = Config::default()
        .latency(Duration::ZERO..=Duration::from_millis(10))
        .fail_rate(0.2)
        .drop_rate(0.1)
        .lost_reply_rate(0.1)
        .garble_rate(0.2)
        .fault_seed(seed);
    let state = faulty(config);
    let mut outcomes = Vec::new();
    for n in 0..60 {
        let request = match n % 3 {
            0 => get("/v1/pets?limit=3"),
            1 => post_json(NEW_PET),
            _ => get("/v1/pets/2"),
        };
        let started = tokio::time::Instant::now();
        let outcome = attempt(&state, request).await;
        outcomes.push(format!("{} {:?}", outcome.signature(), started.elapsed()));
    }
    (outcomes, state.faults(), state.pets().len())
}

#[tokio::test(start_paused = true)]
async fn a_seed_repeats_the_same_faults_for_the_same_requests() {
    let first = seeded_run(42).await;
    assert_eq!(first, seeded_run(42).await);
    let (_, counts, _) = &first;
    for (kind, count) in [
        ("delayed", counts.delayed),
        ("failed", counts.failed),
        ("dropped", counts.dropped),
        ("lost", counts.lost_replies),
        ("garbled", counts.garbled),
    ] {
        assert!(count > 0, "no {kind} request in 60: {counts:?}");
    }
    assert!(counts.failed + counts.dropped + counts.lost_replies + counts.garbled < 60);
    assert_ne!(first.0, seeded_run(43).await.0, "another seed, other faults");
}

// ---- the log and the config ----

#[tokio::test]
async fn a_faulted_request_is_logged_with_its_fault() {
    let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = || LogSink::Memory(lines.clone());
    let fail = AppState::with_log_sink(&Config::default().fail_rate(1.0).fault_seed(0), log());
    let status = attempt(&fail, get("/v1/pets")).await.status.as_u16();
    attempt(&fail, get("/v1/pets?limit=0")).await;
    let lost = AppState::with_log_sink(&Config::default().lost_reply_rate(1.0), log());
    attempt(&lost, post_json(NEW_PET)).await;
    let garble = AppState::with_log_sink(&Config::default().garble_rate(1.0), log());
    attempt(&garble, get("/v1/pets/1")).await;
    let fixed = Duration::from_millis(1);
    let slow = AppState::with_log_sink(&Config::default().latency(fixed..=fixed), log());
    attempt(&slow, get("/v1/pets")).await;

    let lines = lines.lock().unwrap();
    let shapes: Vec<&str> = lines.iter().map(|line| line.rsplit_once(' ').unwrap().0).collect();
    assert_eq!(
        shapes,
        [
            format!("GET /v1/pets {status} fault=fail").as_str(),
            "GET /v1/pets?limit=0 400",
            "POST /v1/pets fault=lost-reply",
            "GET /v1/pets/1 200 fault=garble",
            "GET /v1/pets 200 latency=1.00ms",
        ]
    );
}

#[test]
#[should_panic(
    expected = "invalid sandbox config: the fail, drop, lost-reply, garble and refused-stream rates add up to 1.2"
)]
fn a_config_whose_rates_add_up_above_1_does_not_start() {
    AppState::new(&Config::default().fail_rate(0.6).garble_rate(0.6));
}

#[tokio::test]
async fn serve_refuses_an_invalid_config() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let err = serve(listener, quiet().drop_rate(2.0), async {}).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert_eq!(err.to_string(), "the drop rate must be from 0 to 1, not 2");
}

// ---- over real sockets: no answer at all ----

/// Sends `request` on a fresh connection and returns every byte that comes back before the
/// server closes or resets the connection.
fn raw_exchange(addr: SocketAddr, request: &str) -> Vec<u8> {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut received = Vec::new();
    match stream.read_to_end(&mut received) {
        Ok(_) => {}
        Err(err) if err.kind() == ErrorKind::ConnectionReset => {}
        Err(err) => panic!("reading the answer: {err}"),
    }
    received
}

fn raw_post(addr: SocketAddr) -> Vec<u8> {
    raw_exchange(
        addr,
        &format!(
            "POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sandbox\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{NEW_PET}",
            NEW_PET.len()
        ),
    )
}

fn raw_get(addr: SocketAddr, method: &str) -> Vec<u8> {
    raw_exchange(addr, &format!("{method} /v1/pets/1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sandbox\r\n\r\n"))
}

#[test]
fn drop_closes_the_connection_without_a_byte_and_stores_nothing() {
    let sandbox = Sandbox::start_with(quiet().drop_rate(1.0));
    assert_eq!(String::from_utf8_lossy(&raw_post(sandbox.addr())), "");
    assert_eq!(sandbox.pets().len(), 10);
    // `HEAD`, whose answer has no body to fail, is cut at the socket just the same.
    for method in ["GET", "HEAD"] {
        assert_eq!(String::from_utf8_lossy(&raw_get(sandbox.addr(), method)), "", "{method}");
    }
    assert_eq!(sandbox.faults(), counts(|c| c.dropped = 3));
    assert_eq!(sandbox.request_count(), 3);
}

#[test]
fn lost_reply_stores_the_animal_then_closes_without_a_byte() {
    let sandbox = Sandbox::start_with(quiet().lost_reply_rate(1.0));
    assert_eq!(String::from_utf8_lossy(&raw_post(sandbox.addr())), "");
    assert_eq!(sandbox.pets().len(), 11);
    assert_eq!(sandbox.pets()[10]["name"], "Kit");
    assert_eq!(String::from_utf8_lossy(&raw_get(sandbox.addr(), "HEAD")), "");
    assert_eq!(sandbox.faults(), counts(|c| c.lost_replies = 2));
}

#[test]
fn severable_connections_carry_the_other_answers_as_usual() {
    let sandbox = Sandbox::start_with(quiet().drop_rate(0.5).fault_seed(3));
    let (mut answered, mut cut) = (0, 0);
    for _ in 0..20 {
        let received = raw_exchange(
            sandbox.addr(),
            "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sandbox\r\nConnection: close\r\n\r\n",
        );
        let text = String::from_utf8(received).unwrap();
        if text.is_empty() {
            cut += 1;
        } else {
            assert!(text.starts_with("HTTP/1.1 200 OK\r\n"), "{text}");
            assert!(text.ends_with(r#"[{"id":1,"name":"Rex","categoryId":1,"status":"available"}]"#), "{text}");
            answered += 1;
        }
    }
    assert!(answered > 0 && cut > 0, "{answered} answered, {cut} cut");
    assert_eq!(sandbox.faults(), counts(|c| c.dropped = cut));
}
