//! `--verbose`'s request log on stderr, and the deprecation notices a server sends, whatever the verbosity.

use std::io::Write;
use std::time::Duration;

use reqwest::{Method, StatusCode, Url};

use super::{DIM, Output, safe};
use petstore_core::api;

/// `--verbose`: `> ` lines for what was sent, `< ` for what came back, `* ` for retries, on stderr; and a
/// warning for the first deprecated operation the server names, whatever the verbosity.
pub(super) struct RequestLog {
    pub(super) output: Output,
}

impl api::Observer for RequestLog {
    fn request(&self, method: &Method, url: &Url, headers: &[(&str, String)]) {
        if !self.output.verbose {
            return;
        }
        let mut stderr = self.output.streams.stderr();
        let _ = writeln!(stderr, "> {method} {}", safe::message(url.as_str()));
        for (name, value) in headers {
            let _ = writeln!(stderr, "> {name}: {}", safe::message(value));
        }
    }

    fn response(&self, status: StatusCode, _headers: &reqwest::header::HeaderMap, elapsed: Duration) {
        if self.output.verbose {
            let style = self.output.stderr_style(DIM);
            to_stderr!(self.output.streams, "< {status} {style}({}){style:#}", millis(elapsed));
        }
    }

    fn failed(&self, error: &api::Error, elapsed: Duration) {
        if self.output.verbose {
            let style = self.output.stderr_style(DIM);
            to_stderr!(
                self.output.streams,
                "< no answer: {} {style}({}){style:#}",
                safe::message(&error.to_string()),
                millis(elapsed)
            );
        }
    }

    fn retry(&self, attempt: u32, reason: &str, wait: Duration) {
        if self.output.verbose {
            to_stderr!(
                self.output.streams,
                "* attempt {attempt} of {} failed ({}); retrying in {}",
                api::client::MAX_ATTEMPTS,
                safe::message(reason),
                millis(wait)
            );
        }
    }

    fn deprecated(&self, method: &Method, url: &Url, _deprecation: Option<&str>, sunset: Option<&str>) {
        let operation = format!("{method} {}", url.path());
        self.output.deprecation_warning(&match sunset {
            Some(sunset) => format!("the API deprecates `{operation}` and removes it after {sunset}"),
            None => format!("the API deprecates `{operation}`"),
        });
    }
}

/// How long an exchange took, for `--verbose`: always in milliseconds, so that its lines compare at a glance
/// (a measurement, as curl's `-w` gives one, rather than a duration in words).
fn millis(elapsed: Duration) -> String {
    format!("{:.1} ms", elapsed.as_secs_f64() * 1000.0)
}
