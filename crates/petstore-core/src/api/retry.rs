//! Which failed attempts the client sends again: one table, in one function, tested as a table (uv's
//! `retried_status_codes`). How long it waits in between is `client`'s (`Retry-After`, backoff).
//!
//! A GET (or HEAD) changes nothing, so it is sent again after any failure that may pass: no connection, a
//! timeout, a dropped connection, a 429 or a 500/502/503/504. Any other method (POST; PUT and DELETE too,
//! though RFC 9110 calls them idempotent: the API promises nothing about them) only when the server
//! certainly did not act on it: no connection was made, or a 429. A refused certificate is never worth
//! another try. Whether a 429 is waited out here or handed back to a caller that paces many requests at
//! once is [`Refusals`].

use reqwest::{Method, StatusCode};

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
    let idempotent = method == Method::GET || method == Method::HEAD;
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

#[cfg(test)]
mod tests {
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
}
