//! Faults on demand: latency, failed answers, dropped connections, lost replies and garbled bodies,
//! drawn per request from one seeded generator, so that a seed repeats a run.
//!
//! The layer sits behind the key check, so routing and authentication answer as always. It draws
//! before the handler runs and applies the drawn fault to the handler's answer, which lets a
//! request the route refuses (400, 404, 413) be answered as usual; `POST /v1/pets` reads the drawn
//! fault to store nothing under `fail` and `drop`. With no fault configured the layer is not part
//! of the router at all. Connections are cut through [`crate::sever`].

use std::io;
use std::ops::RangeInclusive;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, Version, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use fastrand::Rng;
use http_body::Frame;

use crate::AppState;
use crate::error::ApiError;
use crate::sever::Severer;

/// How far above 1 the rates may add up before they count as over 1: `0.1 + 0.2 + 0.3 + 0.4` is
/// `1.0000000000000002` in floating point, and must be accepted.
const RATE_SUM_SLACK: f64 = 1e-9;

/// The fault options of a [`Config`](crate::Config), as given.
#[derive(Debug, Clone, Default)]
pub(crate) struct FaultSettings {
    pub(crate) latency: Option<RangeInclusive<Duration>>,
    pub(crate) fail_rate: f64,
    pub(crate) drop_rate: f64,
    pub(crate) lost_reply_rate: f64,
    pub(crate) garble_rate: f64,
    /// Over HTTP/2 only: the share of requests whose stream is reset with `REFUSED_STREAM`, unread.
    pub(crate) refused_stream_rate: f64,
    /// What `drop` and `lost-reply` cut over HTTP/2: the request's stream, or its whole connection.
    pub(crate) h2_drop: H2Drop,
    pub(crate) seed: Option<u64>,
}

/// What the `drop` and `lost-reply` faults cut on an HTTP/2 connection, where one connection carries many
/// requests at once. Over HTTP/1.1 both close the connection, which carries one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum H2Drop {
    /// `RST_STREAM` with `INTERNAL_ERROR` on the request's stream: the other requests on the connection go on.
    #[default]
    Stream,
    /// The connection closed under every request on it, as a crashed server or a cut link does.
    Connection,
}

impl FaultSettings {
    /// Why these settings cannot run, as a message for people.
    pub(crate) fn validate(&self) -> Result<(), String> {
        if let Some(latency) = &self.latency
            && latency.start() > latency.end()
        {
            return Err(format!(
                "the latency range {}..{} ms is empty: its minimum is above its maximum",
                latency.start().as_millis(),
                latency.end().as_millis()
            ));
        }
        for (name, rate) in self.rates() {
            if !(0.0..=1.0).contains(&rate) {
                return Err(format!("the {name} rate must be from 0 to 1, not {rate}"));
            }
        }
        let total: f64 = self.rates().iter().map(|(_, rate)| rate).sum();
        if total > 1.0 + RATE_SUM_SLACK {
            // Rounded, so `0.6 + 0.3 + 0.2` reads `1.1`, not `1.0999999999999999`.
            let total = (total * 1e9).round() / 1e9;
            return Err(format!(
                "the fail, drop, lost-reply, garble and refused-stream rates add up to {total}, over 1: a request gets at most one of these faults"
            ));
        }
        Ok(())
    }

    fn rates(&self) -> [(&'static str, f64); 5] {
        [
            ("fail", self.fail_rate),
            ("drop", self.drop_rate),
            ("lost-reply", self.lost_reply_rate),
            ("garble", self.garble_rate),
            ("refused-stream", self.refused_stream_rate),
        ]
    }
}

/// How many requests each fault changed since the sandbox started. A request counts under at most
/// one of `failed`, `dropped`, `lost_replies` and `garbled`, and may also count as `delayed`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FaultCounts {
    /// Requests held back by a latency above zero.
    pub delayed: u64,
    /// Requests answered 500, 502, 503 or 429 instead of being carried out.
    pub failed: u64,
    /// Connections closed without an answer and without carrying out the request.
    pub dropped: u64,
    /// Connections closed without an answer after carrying out the request.
    pub lost_replies: u64,
    /// Answers sent with a truncated or corrupted body.
    pub garbled: u64,
    /// HTTP/2 streams reset with `REFUSED_STREAM` before the request was read.
    pub refused_streams: u64,
    /// Connections told to close after `goaway_after` requests (a `GOAWAY` over HTTP/2).
    pub goaways: u64,
}

/// The faults of a running sandbox: what to draw, the generator, and the counts.
#[derive(Debug)]
pub(crate) struct FaultInjector {
    /// The latency range in microseconds; `None` when there is no latency.
    latency_micros: Option<(u64, u64)>,
    /// Where the fail, drop, lost-reply, garble and refused-stream slices of `0..1` end; `None` when all are
    /// empty.
    thresholds: Option<[f64; 5]>,
    h2_drop: H2Drop,
    rng: Mutex<Rng>,
    delayed: AtomicU64,
    failed: AtomicU64,
    dropped: AtomicU64,
    lost_replies: AtomicU64,
    garbled: AtomicU64,
    refused_streams: AtomicU64,
}

impl FaultInjector {
    /// The injector for valid `settings`, or `None` when they ask for no fault at all.
    pub(crate) fn new(settings: &FaultSettings) -> Option<FaultInjector> {
        let micros = |duration: &Duration| u64::try_from(duration.as_micros()).unwrap_or(u64::MAX);
        let latency_micros = settings
            .latency
            .as_ref()
            .map(|range| (micros(range.start()), micros(range.end())))
            .filter(|&range| range != (0, 0));
        let mut end = 0.0;
        let thresholds = settings.rates().map(|(_, rate)| {
            end += rate;
            end
        });
        let thresholds = (end > 0.0).then_some(thresholds);
        if latency_micros.is_none() && thresholds.is_none() {
            return None;
        }
        let rng = settings.seed.map_or_else(Rng::new, Rng::with_seed);
        Some(FaultInjector {
            latency_micros,
            thresholds,
            h2_drop: settings.h2_drop,
            rng: Mutex::new(rng),
            delayed: AtomicU64::new(0),
            failed: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
            lost_replies: AtomicU64::new(0),
            garbled: AtomicU64::new(0),
            refused_streams: AtomicU64::new(0),
        })
    }

    /// Whether a connection may have to be cut, so [`serve`](crate::serve) must make them severable.
    pub(crate) fn severs_connections(&self) -> bool {
        self.thresholds.is_some_and(|[fail, _, lost_reply, _, _]| lost_reply > fail)
    }

    pub(crate) fn counts(&self) -> FaultCounts {
        let load = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        FaultCounts {
            delayed: load(&self.delayed),
            failed: load(&self.failed),
            dropped: load(&self.dropped),
            lost_replies: load(&self.lost_replies),
            garbled: load(&self.garbled),
            refused_streams: load(&self.refused_streams),
            goaways: 0,
        }
    }

    /// Everything one request needs from the generator, drawn under one lock in a fixed order (the
    /// latency, then the fault, then the fault's details), so the n-th request of a seeded run gets
    /// the same draw whatever the other requests do meanwhile.
    fn draw(&self) -> Draw {
        let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
        let delay = match self.latency_micros {
            None => Duration::ZERO,
            Some((min, max)) if min == max => Duration::from_micros(min),
            Some((min, max)) => Duration::from_micros(rng.u64(min..=max)),
        };
        let Some([fail, drop, lost_reply, garble, refused_stream]) = self.thresholds else {
            return Draw { delay, fault: None };
        };
        let pick = rng.f64();
        let fault = if pick < fail {
            Some(Fault::Fail(match rng.usize(0..4) {
                0 => Failure::Internal,
                1 => Failure::BadGateway,
                2 => Failure::Unavailable { retry_at_date: rng.bool() },
                _ => Failure::RateLimited { retry_at_date: rng.bool() },
            }))
        } else if pick < drop {
            Some(Fault::Drop)
        } else if pick < lost_reply {
            Some(Fault::LostReply)
        } else if pick < garble {
            Some(Fault::Garble(if rng.bool() { Garbling::Truncate(rng.f64()) } else { Garbling::Zero(rng.f64()) }))
        } else if pick < refused_stream {
            Some(Fault::RefusedStream)
        } else {
            None
        };
        Draw { delay, fault }
    }

    fn count(&self, kind: FaultKind) {
        let counter = match kind {
            FaultKind::Fail => &self.failed,
            FaultKind::Drop => &self.dropped,
            FaultKind::LostReply => &self.lost_replies,
            FaultKind::Garble => &self.garbled,
            FaultKind::RefusedStream => &self.refused_streams,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

struct Draw {
    delay: Duration,
    fault: Option<Fault>,
}

/// The fault drawn for a request, with its details. The handlers see it as a request extension.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Fault {
    Fail(Failure),
    Drop,
    LostReply,
    Garble(Garbling),
    /// Over HTTP/2, the stream reset with `REFUSED_STREAM` and the request not carried out; over HTTP/1.1,
    /// which has no such answer, no fault at all.
    RefusedStream,
}

impl Fault {
    /// Whether the request must be answered without being carried out.
    pub(crate) fn skips_work(self) -> bool {
        matches!(self, Fault::Fail(_) | Fault::Drop | Fault::RefusedStream)
    }

    fn kind(self) -> FaultKind {
        match self {
            Fault::Fail(_) => FaultKind::Fail,
            Fault::Drop => FaultKind::Drop,
            Fault::LostReply => FaultKind::LostReply,
            Fault::Garble(_) => FaultKind::Garble,
            Fault::RefusedStream => FaultKind::RefusedStream,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Failure {
    Internal,
    BadGateway,
    Unavailable { retry_at_date: bool },
    RateLimited { retry_at_date: bool },
}

/// How a body is garbled; the number says where in the body, as a fraction of its length.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Garbling {
    /// Cut short: valid JSON that stops early.
    Truncate(f64),
    /// The same length, but zero bytes from some point on: never valid JSON.
    Zero(f64),
}

impl Garbling {
    fn apply(self, json: &[u8]) -> Vec<u8> {
        let len = json.len();
        // A position in `0..n`: `at` is below 1, and the `min` guards the float rounding.
        let position = |at: f64, n: usize| ((n as f64 * at) as usize).min(n.saturating_sub(1));
        match self {
            // At least one byte is kept and at least one dropped: a JSON array or object cut short
            // never parses.
            Garbling::Truncate(at) if len >= 2 => json[..1 + position(at, len - 1)].to_vec(),
            Garbling::Truncate(_) => Vec::new(),
            // A zero byte is invalid anywhere in JSON, even inside a string.
            Garbling::Zero(at) => {
                let mut garbled = json.to_vec();
                match garbled.get_mut(position(at, len)..) {
                    Some(tail) if !tail.is_empty() => tail.fill(0),
                    _ => garbled.push(0),
                }
                garbled
            }
        }
    }
}

/// A fault that changed an answer, as the request log and the counts name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FaultKind {
    Fail,
    Drop,
    LostReply,
    Garble,
    RefusedStream,
}

impl FaultKind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            FaultKind::Fail => "fail",
            FaultKind::Drop => "drop",
            FaultKind::LostReply => "lost-reply",
            FaultKind::Garble => "garble",
            FaultKind::RefusedStream => "refused-stream",
        }
    }

    /// Whether the client gets an answer (a status line) at all.
    pub(crate) fn answers(self) -> bool {
        matches!(self, FaultKind::Fail | FaultKind::Garble)
    }
}

/// What the fault layer did to a request, for the request log: a response extension.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Injected {
    pub(crate) latency: Duration,
    /// The fault that changed the answer; `None` when none was drawn or it did not apply.
    pub(crate) fault: Option<FaultKind>,
}

/// The middleware, behind the key check: delays the request, then lets a drawn fault change the
/// answer of a request the route accepted. Tells the request log through [`Injected`].
pub(crate) async fn inject(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(faults) = state.fault_injector() else {
        return next.run(request).await;
    };
    let Draw { delay, mut fault } = faults.draw();
    if fault == Some(Fault::RefusedStream) && request.version() != Version::HTTP_2 {
        fault = None;
    }
    if !delay.is_zero() {
        faults.delayed.fetch_add(1, Ordering::Relaxed);
        tokio::time::sleep(delay).await;
    }
    let (mut response, applied) = match fault {
        None => (next.run(request).await, None),
        Some(fault) => apply(faults, fault, request, next).await,
    };
    if !delay.is_zero() || applied.is_some() {
        response.extensions_mut().insert(Injected { latency: delay, fault: applied });
    }
    response
}

/// Runs the handler under `fault` and changes its answer, unless the route refused the request.
async fn apply(
    faults: &FaultInjector,
    fault: Fault,
    mut request: Request,
    next: Next,
) -> (Response, Option<FaultKind>) {
    let head = request.method() == Method::HEAD;
    let h2 = request.version() == Version::HTTP_2;
    // Present only when `serve` made the connection severable; router tests get the failing body alone.
    let severer = request.extensions().get::<ConnectInfo<Severer>>().map(|ConnectInfo(severer)| severer.clone());
    request.extensions_mut().insert(fault);
    let response = next.run(request).await;
    // A refusal is the client's to see, every time: the fault only hits what the route accepted.
    if !response.status().is_success() {
        return (response, None);
    }
    let response = match fault {
        Fault::Fail(failure) => failure.response(),
        Fault::Drop | Fault::LostReply if h2 && faults.h2_drop == H2Drop::Stream => {
            reset_stream(h2::Reason::INTERNAL_ERROR)
        }
        Fault::Drop | Fault::LostReply => {
            if let Some(severer) = severer {
                severer.sever();
            }
            Response::new(Body::new(Severed))
        }
        Fault::RefusedStream => reset_stream(h2::Reason::REFUSED_STREAM),
        // A `HEAD` answer has no body to garble.
        Fault::Garble(_) if head => return (response, None),
        Fault::Garble(garbling) => garble(response, garbling).await,
    };
    faults.count(fault.kind());
    (response, Some(fault.kind()))
}

/// No answer but a reset of the request's HTTP/2 stream with `reason`: the connection's service turns the
/// [`ResetStream`] it carries into the reset (`connections`), before a byte of the answer is sent.
fn reset_stream(reason: h2::Reason) -> Response {
    let mut response = Response::new(Body::new(Severed));
    response.extensions_mut().insert(ResetStream(reason));
    response
}

/// An answer that must not be sent: the HTTP/2 stream is reset with this reason instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ResetStream(pub(crate) h2::Reason);

/// The answer a handler gives under a `fail` or `drop` fault instead of carrying out the request;
/// [`inject`] replaces it.
pub(crate) fn work_skipped() -> Response {
    StatusCode::NO_CONTENT.into_response()
}

impl Failure {
    fn response(self) -> Response {
        let not_done = "the request was not carried out";
        match self {
            Failure::Internal => {
                ApiError::Internal(format!("simulated server failure (fault injection); {not_done}")).into_response()
            }
            Failure::BadGateway => bad_gateway_page(),
            Failure::Unavailable { retry_at_date } => ApiError::Unavailable {
                message: format!("simulated outage (fault injection); {not_done}; retry after `Retry-After`"),
                retry_after: retry_after(retry_at_date),
            }
            .into_response(),
            Failure::RateLimited { retry_at_date } => ApiError::RateLimited {
                message: format!("simulated rate limit (fault injection); {not_done}; retry after `Retry-After`"),
                retry_after: Some(retry_after(retry_at_date)),
            }
            .into_response(),
        }
    }
}

/// What a reverse proxy sends when the server behind it fails: HTML, not the API's Error JSON.
fn bad_gateway_page() -> Response {
    const PAGE: &str = "<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n\
        <h1>502 Bad Gateway</h1>\n<p>The server behind this proxy did not answer.</p>\n\
        <hr><p>petstore-sandbox (fault injection)</p>\n</body>\n</html>\n";
    (StatusCode::BAD_GATEWAY, [(header::CONTENT_TYPE, HeaderValue::from_static("text/html"))], PAGE).into_response()
}

/// `Retry-After` one second ahead: as delay-seconds, or as an HTTP-date.
fn retry_after(as_date: bool) -> HeaderValue {
    if !as_date {
        return HeaderValue::from_static("1");
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    // An HTTP-date has whole seconds; rounding up keeps it at least one second away.
    let at = now.as_secs() + 1 + u64::from(now.subsec_nanos() > 0);
    HeaderValue::try_from(httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_secs(at))).expect("an HTTP-date is ASCII")
}

async fn garble(response: Response, garbling: Garbling) -> Response {
    let (mut parts, body) = response.into_parts();
    // The routes answer from memory, so this neither waits nor fails; if it ever did, the client
    // would see a cut connection, a fault all the same.
    let Ok(json) = axum::body::to_bytes(body, usize::MAX).await else {
        return Response::new(Body::new(Severed));
    };
    let garbled = garbling.apply(&json);
    parts.headers.insert(header::CONTENT_LENGTH, HeaderValue::from(garbled.len()));
    Response::from_parts(parts, Body::from(garbled))
}

/// A body that fails before its first byte. A server aborts the connection on it; hyper does so
/// before flushing the status line it has buffered. [`Severer`] makes sure even where that does
/// not hold (a `HEAD` answer, whose body is never read).
struct Severed;

impl HttpBody for Severed {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        Poll::Ready(Some(Err(io::Error::new(io::ErrorKind::ConnectionAborted, "answer withheld by fault injection"))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(rates: [f64; 4]) -> FaultSettings {
        let [fail_rate, drop_rate, lost_reply_rate, garble_rate] = rates;
        FaultSettings { fail_rate, drop_rate, lost_reply_rate, garble_rate, ..FaultSettings::default() }
    }

    #[test]
    fn rates_must_each_be_a_probability_and_add_up_to_at_most_1() {
        assert_eq!(settings([0.1, 0.2, 0.3, 0.4]).validate(), Ok(()));
        assert_eq!(settings([1.0, 0.0, 0.0, 0.0]).validate(), Ok(()));
        assert_eq!(
            settings([0.5, 0.0, 0.3, 0.3]).validate(),
            Err("the fail, drop, lost-reply, garble and refused-stream rates add up to 1.1, over 1: a request gets at most one of these faults".into())
        );
        assert_eq!(settings([0.0, 1.5, 0.0, 0.0]).validate(), Err("the drop rate must be from 0 to 1, not 1.5".into()));
        assert_eq!(
            settings([0.0, 0.0, -0.1, 0.0]).validate(),
            Err("the lost-reply rate must be from 0 to 1, not -0.1".into())
        );
        assert!(settings([0.0, 0.0, 0.0, f64::NAN]).validate().is_err());
        let backwards = FaultSettings {
            latency: Some(Duration::from_millis(9)..=Duration::from_millis(3)),
            ..FaultSettings::default()
        };
        assert_eq!(
            backwards.validate(),
            Err("the latency range 9..3 ms is empty: its minimum is above its maximum".into())
        );
    }

    #[test]
    fn no_fault_settings_make_no_injector() {
        assert!(FaultInjector::new(&FaultSettings::default()).is_none());
        let zero_latency = FaultSettings { latency: Some(Duration::ZERO..=Duration::ZERO), ..FaultSettings::default() };
        assert!(FaultInjector::new(&zero_latency).is_none());
        assert!(FaultInjector::new(&settings([0.0, 0.0, 0.0, 0.1])).is_some());
        assert!(!FaultInjector::new(&settings([0.5, 0.0, 0.0, 0.5])).unwrap().severs_connections());
        assert!(FaultInjector::new(&settings([0.0, 0.1, 0.0, 0.0])).unwrap().severs_connections());
        assert!(FaultInjector::new(&settings([0.0, 0.0, 0.1, 0.0])).unwrap().severs_connections());
    }

    #[test]
    fn garbled_bodies_never_parse() {
        let json = br#"[{"id":1,"name":"Rex","categoryId":1,"status":"available"}]"#;
        for step in 0..=100 {
            let at = f64::from(step) / 100.0 * 0.999_999;
            let truncated = Garbling::Truncate(at).apply(json);
            assert!(!truncated.is_empty() && truncated.len() < json.len(), "{at}");
            assert!(json.starts_with(&truncated));
            assert!(serde_json::from_slice::<serde_json::Value>(&truncated).is_err(), "{at}");
            let zeroed = Garbling::Zero(at).apply(json);
            assert_eq!(zeroed.len(), json.len());
            assert_eq!(zeroed.last(), Some(&0));
            assert!(serde_json::from_slice::<serde_json::Value>(&zeroed).is_err(), "{at}");
        }
        assert_eq!(Garbling::Truncate(0.0).apply(b"[]"), b"[");
        assert_eq!(Garbling::Truncate(0.99).apply(b"[]"), b"[");
        assert_eq!(Garbling::Zero(0.0).apply(b"[]"), b"\0\0");
        assert_eq!(Garbling::Zero(0.5).apply(b""), b"\0");
    }

    #[test]
    fn retry_after_is_one_second_or_a_date_at_least_one_second_ahead() {
        assert_eq!(retry_after(false), "1");
        let before = SystemTime::now();
        let date = httpdate::parse_http_date(retry_after(true).to_str().unwrap()).unwrap();
        let ahead = date.duration_since(before).unwrap();
        assert!(ahead >= Duration::from_secs(1) && ahead < Duration::from_secs(3), "{ahead:?}");
    }
}
