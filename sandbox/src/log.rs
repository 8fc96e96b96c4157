//! The per-request log line on stderr: method, path and query, status, duration.
//!
//! It is handed the request line only, never a header, so it cannot leak the API key.

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

    /// Writes one line for an answered request, e.g. `POST /v1/pets 201 0.21ms`.
    pub(crate) fn request(&self, method: &Method, target: &str, status: StatusCode, elapsed: Duration) {
        let line = line(method, target, status, elapsed);
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

fn line(method: &Method, target: &str, status: StatusCode, elapsed: Duration) -> String {
    format!("{method} {target} {} {:.2}ms\n", status.as_u16(), elapsed.as_secs_f64() * 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_has_method_target_status_and_milliseconds() {
        assert_eq!(
            line(&Method::POST, "/v1/pets?x=1", StatusCode::CREATED, Duration::from_micros(210)),
            "POST /v1/pets?x=1 201 0.21ms\n"
        );
        assert_eq!(
            line(&Method::GET, "/v1/pets", StatusCode::OK, Duration::from_millis(1500)),
            "GET /v1/pets 200 1500.00ms\n"
        );
    }
}
