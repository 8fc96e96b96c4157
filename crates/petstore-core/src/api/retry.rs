//! Which failed attempts the client sends again: one table, in one function, tested as a table (uv's
//! `retried_status_codes`); and how long it waits in between (`Retry-After`, else backoff with jitter).
//!
//! A GET (or HEAD) changes nothing ([`changes_nothing`]), so it is sent again after any failure that may pass: no connection, a
//! timeout, a dropped connection, a 429 or a 500/502/503/504. Any other method (POST; PUT and DELETE too,
//! though RFC 9110 calls them idempotent: the API promises nothing about them) only when the server
//! certainly did not act on it: no connection was made, or a 429. A refused certificate is never worth
//! another try. Whether a 429 is waited out here or handed back to a caller that paces many requests at
//! once is [`Refusals`].

use std::time::{Duration, SystemTime};

use reqwest::header::{HeaderMap, RETRY_AFTER};
use reqwest::{Method, StatusCode};

/// The first backoff's upper bound; each retry doubles it (full jitter: the wait is random below it).
pub const BACKOFF_BASE: Duration = Duration::from_millis(250);
/// The longest wait petstore accepts from a `Retry-After`; a server asking for more gets no retry.
pub const RETRY_AFTER_CAP: Duration = Duration::from_secs(10);

/// Whether a request with `method` changes nothing on the server: GET and HEAD. Only such a request may be sent
/// again after a failure that may have reached the server, or be called not applied whatever became of it.
pub fn changes_nothing(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD)
}

/// Who waits out a server's refusal (429, `Retry-After`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusals {
    /// The client, for one request.
    Retried,
    /// The caller, who sends many and pauses them all: the refusal is the answer.
    Returned,
}

/// What one attempt came to, as far as sending it again goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// An answer, with this status.
    Answered(StatusCode),
    /// No usable answer. `maybe_sent`: the request may have reached the server (a connection was made);
    /// `permanent`: trying again cannot help (a refused certificate, a body past the size cap).
    Failed { maybe_sent: bool, permanent: bool },
}

/// Whether an attempt of `method` that came to `attempt` is sent again (attempts left and waits aside).
pub fn retried(method: &Method, attempt: Attempt, refusals: Refusals) -> bool {
    let idempotent = changes_nothing(method);
    match attempt {
        Attempt::Answered(status) => match status.as_u16() {
            429 => refusals == Refusals::Retried,
            // A failure that may be passing, worth another try for a request that changes nothing.
            500 | 502..=504 => idempotent,
            _ => false,
        },
        Attempt::Failed { maybe_sent, permanent } => !permanent && (idempotent || !maybe_sent),
    }
}

/// The wait before retry number `attempt`: exponential backoff with full jitter (a random wait below
/// `BACKOFF_BASE * 2^(attempt-1)`), so that many clients retrying at once spread out.
pub(super) fn backoff(attempt: u32) -> Duration {
    let ceiling = BACKOFF_BASE.saturating_mul(1 << (attempt - 1).min(16));
    ceiling.mul_f64(fastrand::f64())
}

/// The wait a `Retry-After` asks for (seconds, or an HTTP-date), else the backoff; `None` when the server
/// asks for longer than [`RETRY_AFTER_CAP`], which is then not worth waiting for.
pub(super) fn retry_wait(attempt: u32, headers: &HeaderMap) -> Option<Duration> {
    match retry_after(headers) {
        Some(asked) => (asked <= RETRY_AFTER_CAP).then_some(asked),
        None => Some(backoff(attempt)),
    }
}

/// The wait a `Retry-After` asks for, in seconds or as an HTTP-date (a date past is no wait); `None` when
/// there is none, or it is unreadable.
pub(super) fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    match value.parse::<u64>() {
        Ok(seconds) => Some(Duration::from_secs(seconds)),
        // More seconds than a u64 holds: as long as can be, which every cap then refuses.
        Err(_) if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => Some(Duration::MAX),
        Err(_) => httpdate::parse_http_date(value)
            .ok()
            .map(|when| when.duration_since(SystemTime::now()).unwrap_or(Duration::ZERO)),
    }
}

#[cfg(test)]
mod tests {
    use reqwest::header::HeaderValue;

    use super::*;

    #[test]
    fn only_what_changes_nothing_or_certainly_did_not_arrive_is_sent_again() {
        let status = |code| Attempt::Answered(StatusCode::from_u16(code).unwrap());
        let no_connection = Attempt::Failed { maybe_sent: false, permanent: false };
        let lost_answer = Attempt::Failed { maybe_sent: true, permanent: false };
        let bad_certificate = Attempt::Failed { maybe_sent: false, permanent: true };
        let (get, head, post, put, delete) = (Method::GET, Method::HEAD, Method::POST, Method::PUT, Method::DELETE);
        let table: Vec<(&Method, Attempt, Refusals, bool)> = vec![
            (&get, status(200), Refusals::Retried, false),
            (&get, status(400), Refusals::Retried, false),
            (&get, status(401), Refusals::Retried, false),
            (&get, status(404), Refusals::Retried, false),
            (&get, status(408), Refusals::Retried, false),
            (&get, status(429), Refusals::Retried, true),
            (&get, status(429), Refusals::Returned, false),
            (&get, status(500), Refusals::Retried, true),
            (&get, status(501), Refusals::Retried, false),
            (&get, status(502), Refusals::Retried, true),
            (&get, status(503), Refusals::Retried, true),
            (&get, status(504), Refusals::Retried, true),
            (&get, status(507), Refusals::Retried, false),
            (&head, status(503), Refusals::Retried, true),
            (&get, no_connection, Refusals::Retried, true),
            (&get, lost_answer, Refusals::Retried, true),
            (&get, bad_certificate, Refusals::Retried, false),
            (&post, status(201), Refusals::Retried, false),
            (&post, status(429), Refusals::Retried, true),
            (&post, status(429), Refusals::Returned, false),
            (&post, status(500), Refusals::Retried, false),
            (&post, status(502), Refusals::Retried, false),
            (&post, status(503), Refusals::Retried, false),
            (&post, status(504), Refusals::Retried, false),
            (&post, no_connection, Refusals::Retried, true),
            (&post, lost_answer, Refusals::Retried, false),
            (&post, bad_certificate, Refusals::Retried, false),
            (&put, status(503), Refusals::Retried, false),
            (&put, lost_answer, Refusals::Retried, false),
            (&delete, status(502), Refusals::Retried, false),
            (&delete, no_connection, Refusals::Retried, true),
        ];
        for (method, attempt, refusals, expected) in table {
            assert_eq!(retried(method, attempt, refusals), expected, "{method} {attempt:?} {refusals:?}");
        }
    }

    #[test]
    fn retry_after_is_honoured_in_both_forms_up_to_the_cap() {
        let headers = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(RETRY_AFTER, HeaderValue::from_str(value).unwrap());
            headers
        };
        assert_eq!(retry_wait(1, &headers("2")), Some(Duration::from_secs(2)));
        assert_eq!(retry_wait(1, &headers("11")), None, "longer than the cap: not worth waiting");
        let soon = httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(3));
        let wait = retry_wait(1, &headers(&soon)).unwrap();
        assert!(wait > Duration::from_secs(1) && wait <= Duration::from_secs(3), "{wait:?}");
        assert_eq!(retry_wait(1, &headers("Thu, 01 Jan 1970 00:00:00 GMT")), Some(Duration::ZERO));
        assert!(retry_wait(1, &headers("soon")).unwrap() <= BACKOFF_BASE, "unreadable: plain backoff");
        // What a batch is given: the wait asked for, uncapped, or nothing.
        assert_eq!(retry_after(&headers("3600")), Some(Duration::from_secs(3600)));
        assert_eq!(retry_after(&headers("soon")), None);
        assert_eq!(retry_after(&HeaderMap::new()), None);
        // Too many seconds for a u64: as long as can be, so the caps apply, rather than unreadable.
        assert_eq!(retry_after(&headers("99999999999999999999999")), Some(Duration::MAX));
        assert_eq!(retry_wait(1, &headers("99999999999999999999999")), None, "over the cap: no retry");
        assert_eq!(retry_after(&headers("-5")), None);
    }

    #[test]
    fn backoff_grows_with_full_jitter() {
        for attempt in 1..=5 {
            let ceiling = BACKOFF_BASE * (1 << (attempt - 1));
            let waits: Vec<_> = (0..200).map(|_| backoff(attempt)).collect();
            assert!(waits.iter().all(|w| *w <= ceiling));
            assert!(waits.iter().any(|w| *w < ceiling / 4) && waits.iter().any(|w| *w > ceiling * 3 / 4));
        }
    }
}
