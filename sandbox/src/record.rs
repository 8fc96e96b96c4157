//! `--record FILE`: one JSON line per request, written as it is answered, for a script's assertions (`jq`).
//!
//! ```json
//! {"time":"2026-11-27T18:35:02.114Z","method":"POST","path":"/v1/pets","query":{},"body":{"name":"Rex","categoryId":1},"status":201,"fault":null,"requestId":"sandbox-3"}
//! ```
//!
//! - `time`: when the answer was ready, RFC 3339 in UTC to the millisecond.
//! - `method`, `path`: as sent (the path not percent-decoded).
//! - `query`: the decoded parameters as an object of strings (bytes that are not UTF-8 once decoded become
//!   U+FFFD), a repeated one as an array of its values; `{}` without a query.
//! - `body`: the request body as JSON, as far as the sandbox read it; `null` when there was none, it was not
//!   JSON, or it was not read (a request refused before its body: 401, 404, 405, a `Content-Type` that is not
//!   JSON, over 1 MiB).
//! - `status`: the status sent; `null` when the connection was closed without an answer (the `drop` and
//!   `lost-reply` faults, `refused-stream`).
//! - `fault`: the fault injected (`fail`, `drop`, `lost-reply`, `garble`, `refused-stream`), else `null`.
//! - `requestId`: the request's `X-Request-Id` header when it sent one, else `sandbox-N`, N counting the
//!   requests from 1.
//!
//! No other header is read, so the API key (`Authorization`) never reaches the file. Each line is one write
//! of a whole line under a lock, straight to the file (no buffer), so concurrent requests never interleave and
//! a reader sees every answered request's line.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes};
use axum::extract::{Query, Request, State};
use axum::http::Uri;
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Frame, SizeHint};
use serde::Serialize;
use serde_json::Value;

use crate::AppState;
use crate::faults::{FaultKind, Injected};
use crate::routes::BODY_LIMIT;

/// The file the request lines go to.
pub(crate) struct Recorder {
    file: Mutex<File>,
    /// The requests seen, for the ids the sandbox makes.
    requests: AtomicU64,
    /// Where it is, for the words of a failed write.
    path: std::path::PathBuf,
    /// The first write that failed, said on stderr as it happened: the record misses a request.
    failed: Mutex<Option<String>>,
}

impl Recorder {
    /// Creates `path`, or empties it, readable and writable by its owner only (bodies are the user's data).
    pub(crate) fn create(path: &Path) -> io::Result<Recorder> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let file = Mutex::new(options.open(path)?);
        Ok(Recorder { file, requests: AtomicU64::new(0), path: path.to_owned(), failed: Mutex::new(None) })
    }

    /// An error when a write failed: the record misses requests, which a script reading it must know.
    pub(crate) fn result(&self) -> io::Result<()> {
        match &*self.failed.lock().unwrap_or_else(PoisonError::into_inner) {
            Some(why) => Err(io::Error::other(format!("the record `{}` misses requests: {why}", self.path.display()))),
            None => Ok(()),
        }
    }

    /// Writes `line` and its line break in one write. A failed write (a full disk) must not fail the
    /// request: the first is said on stderr and kept for [`Recorder::result`], and the line is dropped.
    fn write(&self, line: &Line<'_>) {
        let mut bytes = serde_json::to_vec(line).expect("a record line always serializes");
        bytes.push(b'\n');
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        let Err(err) = file.write_all(&bytes).and_then(|()| file.flush()) else { return };
        let mut failed = self.failed.lock().unwrap_or_else(PoisonError::into_inner);
        if failed.is_none() {
            let said = format!(
                "petstore-sandbox: cannot write to the record `{}`: {err}; it misses this request and may miss \
                 more\n",
                self.path.display()
            );
            // As the request log does: a closed stderr must not take the server down.
            let _ = io::stderr().write_all(said.as_bytes());
            *failed = Some(err.to_string());
        }
    }
}

/// One request as the record tells it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Line<'a> {
    time: String,
    method: &'a str,
    path: &'a str,
    query: Value,
    body: Value,
    status: Option<u16>,
    fault: Option<&'static str>,
    request_id: &'a str,
}

/// The middleware, outermost: lets the request through with a body that keeps a copy of what the routes
/// read, then writes its line once the answer is ready.
pub(crate) async fn record(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(recorder) = state.recorder() else {
        return next.run(request).await;
    };
    let number = recorder.requests.fetch_add(1, Ordering::Relaxed) + 1;
    let method = request.method().as_str().to_owned();
    let path = request.uri().path().to_owned();
    let query = query(request.uri());
    // A longer id than `log::REQUEST_ID_MAX_BYTES` is replaced by the sandbox's own.
    let request_id =
        crate::log::request_id(request.headers()).map_or_else(|| format!("sandbox-{number}"), ToOwned::to_owned);
    let copy = Arc::new(Mutex::new(Copied::default()));
    let (parts, body) = request.into_parts();
    let request = Request::from_parts(parts, Body::new(Tee { inner: body, copy: Arc::clone(&copy) }));
    let response = next.run(request).await;
    let injected = response.extensions().get::<Injected>().copied().unwrap_or_default();
    let body = copy.lock().unwrap_or_else(PoisonError::into_inner).json();
    recorder.write(&Line {
        time: rfc3339(SystemTime::now()),
        method: &method,
        path: &path,
        query,
        body,
        status: injected.fault.is_none_or(FaultKind::answers).then(|| response.status().as_u16()),
        fault: injected.fault.map(FaultKind::name),
        request_id: &request_id,
    });
    response
}

/// The query's parameters as an object; see the module's docs.
fn query(uri: &Uri) -> Value {
    let Some(raw) = uri.query() else {
        return Value::Object(serde_json::Map::new());
    };
    let Ok(Query(pairs)) = Query::<Vec<(String, String)>>::try_from_uri(uri) else {
        return Value::String(raw.to_owned());
    };
    let mut object = serde_json::Map::new();
    for (name, value) in pairs {
        match object.get_mut(&name) {
            None => {
                object.insert(name, Value::String(value));
            }
            Some(Value::Array(values)) => values.push(Value::String(value)),
            Some(first) => {
                let first = first.take();
                object.insert(name, Value::Array(vec![first, Value::String(value)]));
            }
        }
    }
    Value::Object(object)
}

/// What the routes read of a request body: at most [`BODY_LIMIT`] bytes, the most they read.
#[derive(Default)]
struct Copied {
    bytes: Vec<u8>,
    over: bool,
}

impl Copied {
    fn json(&self) -> Value {
        if self.over || self.bytes.is_empty() {
            return Value::Null;
        }
        serde_json::from_slice(&self.bytes).unwrap_or(Value::Null)
    }
}

/// A request body that copies each frame the routes read into [`Copied`]; otherwise the body itself (its size
/// hint too, which the routes judge a declared length by).
struct Tee {
    inner: Body,
    copy: Arc<Mutex<Copied>>,
}

impl http_body::Body for Tee {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_frame(cx);
        if let Poll::Ready(Some(Ok(frame))) = &polled
            && let Some(data) = frame.data_ref()
        {
            let mut copy = this.copy.lock().unwrap_or_else(PoisonError::into_inner);
            if copy.bytes.len() + data.len() > BODY_LIMIT {
                copy.over = true;
                copy.bytes = Vec::new();
            } else if !copy.over {
                copy.bytes.extend_from_slice(data);
            }
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// `time` as RFC 3339 in UTC to the millisecond: `2026-11-27T18:35:02.114Z`.
fn rfc3339(time: SystemTime) -> String {
    let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60,
        since.subsec_millis()
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn times_are_rfc3339_in_utc() {
        let at =
            |secs: u64, millis: u64| rfc3339(UNIX_EPOCH + Duration::from_secs(secs) + Duration::from_millis(millis));
        assert_eq!(at(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(at(1_767_225_600, 7), "2026-01-01T00:00:00.007Z");
        assert_eq!(at(1_922_659_200 - 1, 999), "2030-12-04T23:59:59.999Z");
        assert_eq!(at(951_782_400, 0), "2000-02-29T00:00:00.000Z");
    }

    #[test]
    fn the_query_is_an_object_of_its_decoded_parameters() {
        let query = |uri: &str| query(&uri.parse().unwrap()).to_string();
        assert_eq!(query("/v1/pets"), "{}");
        assert_eq!(query("/v1/pets?limit=5&status=s%6Fld"), r#"{"limit":"5","status":"sold"}"#);
        assert_eq!(query("/v1/pets?a=1&a=2&a=3&b="), r#"{"a":["1","2","3"],"b":""}"#);
        assert_eq!(query("/v1/pets?x=%FF"), "{\"x\":\"\u{fffd}\"}", "not UTF-8 once decoded: replaced");
    }
}
