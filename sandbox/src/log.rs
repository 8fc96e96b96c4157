//! The per-request log line on stderr: method, path and query, status, the injected faults,
//! duration.
//!
//! It is handed the request line only, never a header, so it cannot leak the API key. The request target is
//! the client's bytes, and a terminal obeys some characters rather than show them: [`escape`] shows them
//! escaped (`\u{1b}`), with the same list as petstore's `output::safe` (this crate cannot import petstore, so
//! the list is repeated here, and its test checks the same names).

use std::io::Write;
#[cfg(test)]
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{Method, StatusCode};

/// Where request log lines go.
#[derive(Debug, Clone)]
pub(crate) enum LogSink {
    Off,
    Stderr,
    /// Lets router tests read what would have been written to stderr.
    #[cfg(test)]
    Memory(Arc<Mutex<Vec<String>>>),
}

impl LogSink {
    pub(crate) fn is_on(&self) -> bool {
        !matches!(self, LogSink::Off)
    }

    /// Writes one line for a request, e.g. `POST /v1/pets 201 0.21ms`, `GET /v1/pets 503 fault=fail
    /// latency=12.00ms 12.10ms`, or without a status when none was sent: `POST /v1/pets
    /// fault=lost-reply 0.30ms`.
    pub(crate) fn request(&self, entry: &Entry<'_>) {
        let line = entry.line();
        match self {
            LogSink::Off => {}
            // One `write_all` takes stderr's lock once, so lines of concurrent requests never
            // interleave. A closed stderr must not take the server down, so the result is dropped.
            LogSink::Stderr => {
                let _ = std::io::stderr().write_all(line.as_bytes());
            }
            #[cfg(test)]
            LogSink::Memory(lines) => lines.lock().unwrap().push(line),
        }
    }
}

/// One request as the log tells it.
#[derive(Debug)]
pub(crate) struct Entry<'a> {
    pub(crate) method: &'a Method,
    pub(crate) target: &'a str,
    /// `None` when the connection was closed without an answer.
    pub(crate) status: Option<StatusCode>,
    /// The fault that changed the answer, if any.
    pub(crate) fault: Option<&'static str>,
    /// How long the `latency` fault held the request back.
    pub(crate) latency: Duration,
    pub(crate) elapsed: Duration,
    /// The request's `X-Request-Id` ([`request_id`]), so that a client's error can be found in the log.
    pub(crate) request_id: Option<&'a str>,
}

/// The longest `X-Request-Id` kept; a longer one is treated as none.
pub(crate) const REQUEST_ID_MAX_BYTES: usize = 200;

/// The request's `X-Request-Id`, trimmed, when it has one that is visible ASCII and at most
/// [`REQUEST_ID_MAX_BYTES`] long. The one header besides the request line that the log reads: an id, never a
/// key.
pub(crate) fn request_id(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get("x-request-id")
        .and_then(|value| value.to_str().ok())
        .map(str::trim)
        .filter(|id| !id.is_empty() && id.len() <= REQUEST_ID_MAX_BYTES)
}

impl Entry<'_> {
    fn line(&self) -> String {
        use std::fmt::Write as _;
        let millis = |duration: Duration| duration.as_secs_f64() * 1000.0;
        // Writing to a `String` cannot fail.
        let mut line = format!("{} {} ", self.method, escape(self.target));
        if let Some(status) = self.status {
            let _ = write!(line, "{} ", status.as_u16());
        }
        if let Some(fault) = self.fault {
            let _ = write!(line, "fault={fault} ");
        }
        if !self.latency.is_zero() {
            let _ = write!(line, "latency={:.2}ms ", millis(self.latency));
        }
        if let Some(id) = self.request_id {
            let _ = write!(line, "id={} ", escape(id));
        }
        let _ = writeln!(line, "{:.2}ms", millis(self.elapsed));
        line
    }
}

/// Whether a terminal would act on `c`, or show nothing for it: C0, DEL, C1, the bidirectional controls and
/// the invisible format characters. The same list as petstore's `output::safe::is_unsafe`.
fn is_unsafe(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{206a}'..='\u{206f}' | '\u{feff}'
        | '\u{2028}' | '\u{2029}' | '\u{180e}' | '\u{fff9}'..='\u{fffb}'
    )
}

/// `text` with every character in [`is_unsafe`] written as `\u{…}`, so a log line stays one visible line.
fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    use std::fmt::Write as _;
    if !text.chars().any(is_unsafe) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_unsafe(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(status: Option<u16>, fault: Option<&'static str>, latency_micros: u64, elapsed_micros: u64) -> String {
        Entry {
            method: &Method::POST,
            target: "/v1/pets?x=1",
            status: status.map(|status| StatusCode::from_u16(status).unwrap()),
            fault,
            latency: Duration::from_micros(latency_micros),
            elapsed: Duration::from_micros(elapsed_micros),
            request_id: None,
        }
        .line()
    }

    #[test]
    fn line_has_method_target_status_and_milliseconds() {
        assert_eq!(line(Some(201), None, 0, 210), "POST /v1/pets?x=1 201 0.21ms\n");
        assert_eq!(line(Some(200), None, 0, 1_500_000), "POST /v1/pets?x=1 200 1500.00ms\n");
    }

    #[test]
    fn a_hostile_target_is_shown_escaped_on_one_line() {
        let target = "/v1/pets?name=Rex\u{1b}]0;owned\u{7}\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}[2J\u{9b}31m\u{7f}\r\u{8}\u{202e}god\u{2066}\u{200b}\u{feff}\n";
        let line = Entry {
            method: &Method::GET,
            target,
            status: Some(StatusCode::OK),
            fault: None,
            latency: Duration::ZERO,
            elapsed: Duration::from_micros(10),
            request_id: None,
        }
        .line();
        assert_eq!(
            line,
            "GET /v1/pets?name=Rex\\u{1b}]0;owned\\u{7}\\u{1b}]52;c;ZXZpbA==\\u{7}\\u{1b}[2J\\u{9b}31m\\u{7f}\\u{d}\\u{8}\\u{202e}god\\u{2066}\\u{200b}\\u{feff}\\u{a} 200 0.01ms\n"
        );
        assert_eq!(escape("/v1/pets?name=Tom%2C%20the%20cat"), "/v1/pets?name=Tom%2C%20the%20cat");
    }

    #[test]
    fn line_names_the_faults_and_omits_a_status_never_sent() {
        assert_eq!(line(Some(503), Some("fail"), 0, 100), "POST /v1/pets?x=1 503 fault=fail 0.10ms\n");
        assert_eq!(line(None, Some("lost-reply"), 0, 300), "POST /v1/pets?x=1 fault=lost-reply 0.30ms\n");
        assert_eq!(line(Some(201), None, 12_000, 12_100), "POST /v1/pets?x=1 201 latency=12.00ms 12.10ms\n");
        assert_eq!(
            line(Some(200), Some("garble"), 5, 90),
            "POST /v1/pets?x=1 200 fault=garble latency=0.01ms 0.09ms\n"
        );
    }

    #[test]
    fn line_names_the_request_id() {
        let line = Entry {
            method: &Method::GET,
            target: "/v1/pets",
            status: Some(StatusCode::OK),
            fault: None,
            latency: Duration::ZERO,
            elapsed: Duration::from_micros(10),
            request_id: Some("abc-1"),
        }
        .line();
        assert_eq!(line, "GET /v1/pets 200 id=abc-1 0.01ms\n");
    }
}
