//! A local Pet Store API on loopback, following the pet store interface specification, for the
//! `petstore` CLI's integration tests and for trying the CLI offline.
//!
//! [`router`] gives the routes for socket-free tests, [`serve`] runs them on a listener until a
//! shutdown future completes, and [`Sandbox`] runs one on its own thread on `127.0.0.1:0` for
//! blocking tests. The animals live in memory and are gone when it stops, unless a [`Fixture`]
//! (`--seed-file`, `--state`, `--record`) seeds them from a file, saves them to one when it stops,
//! and records each request. On demand it injects
//! faults (latency, failures, dropped connections, lost replies, garbled bodies) for testing how
//! a client copes; see [Faults on demand](#faults-on-demand).
//!
//! # Routes
//!
//! | Method | Path | Auth | Behaviour |
//! |---|---|---|---|
//! | `GET`, `HEAD` | `/v1/pets` | Bearer | 200, JSON array of Pet in ascending id order. Query `limit` (an integer 1..=100, see [Integers](#integers); default 20) caps the count; `status` (`available`, `pending`, `sold`) keeps only animals with that status. Other query parameters are ignored; a bad, empty or repeated `limit`/`status` is 400 `invalid_parameter` |
//! | `POST` | `/v1/pets` | Bearer | Body NewPet (`name` a string, `categoryId` an int64 integer, see [Integers](#integers); optional `status`, one of `available`, `pending`, `sold`: a present `null` is none of them, so it is 400 like any other value outside the enumeration; unknown fields ignored) as `application/json`. `name` at most 128 KiB. 201 with the Pet and `Location: /v1/pets/{id}`; 400 `invalid_body`; 413 `payload_too_large` over 1 MiB; 408 `request_timeout` when the body is not all in within the body timeout ([Bounds](#bounds)); 507 `storage_full` once clients have added all the sandbox holds ([Bounds](#bounds)) |
//! | `GET`, `HEAD` | `/v1/pets/{petId}` | Bearer | Deprecated. 200 with the Pet; 404 `not_found` for an unknown id or one that is not an int64 integer ([Integers](#integers): `1.0` names animal 1). Every answer of `GET` and `HEAD` on this path, errors included (401, 404), carries `Deprecation: @1767225600` (RFC 9745: deprecated since 2026-01-01) and `Sunset: Thu, 05 Dec 2030 00:00:00 GMT` (RFC 8594: the spec's removal date) |
//! | any other | `/v1/pets`, `/v1/pets/{petId}` | none | 405 `method_not_allowed` with `Allow: GET, HEAD, POST` or `Allow: GET, HEAD`, and no `Deprecation` |
//! | any | any other path | none | 404 `not_found` |
//!
//! A request is checked in this order: the path (404), the method (405), the API key (401), then
//! its query or body (400, 413); injected faults, if any, come after the key check ([Faults on
//! demand](#faults-on-demand)). Bearer means `Authorization: Bearer <KEY>`: the scheme in any
//! case, then one or more spaces and exactly one token, which must be one of the configured keys
//! (by default only `sandbox`). A 401 carries `WWW-Authenticate: Bearer`.
//!
//! # Integers
//!
//! The spec's types are JSON Schema's, where an `integer` is any number whose value has no
//! fractional part: `3`, `3.0`, `3e0` and `30e-1` are all the integer 3, and `3.5` is not an
//! integer. `categoryId` in a body, the `limit` parameter and the `petId` path segment are read
//! that way, exactly, from the text as written (never through a float, so `9223372036854775807.0`
//! is int64's maximum and `3.0000000000000001` is refused); an int64 value outside
//! -9223372036854775808..=9223372036854775807 is refused too. The parameters, being text rather
//! than JSON, also take a leading `+` and leading zeros. A refused `categoryId` is 400
//! `invalid_body`, a refused `limit` 400 `invalid_parameter`, and a `petId` that is no int64
//! names no animal: 404 `not_found`.
//!
//! Ids come from a counter: a new animal gets the next id after the seeded ones and after every
//! animal added before it, and ids are never reused.
//!
//! # Errors
//!
//! Every refusal is the spec's Error body, `{"code": "...", "message": "...", "status": N}` with
//! `Content-Type: application/json`, where `status` equals the HTTP status (save the 502 of the
//! `fail` fault, an HTML page on purpose). The codes:
//!
//! | Code | Status | When |
//! |---|---|---|
//! | `unauthorized` | 401 | the `Authorization` header is missing, malformed, or names an unknown key |
//! | `invalid_parameter` | 400 | `limit` or `status` of `GET /v1/pets` breaks its rule |
//! | `invalid_body` | 400 | the `POST /v1/pets` body is not `application/json`, is empty, is not a JSON object, or has a missing or invalid field |
//! | `not_found` | 404 | no such path, or no animal with that id |
//! | `method_not_allowed` | 405 | the path exists but not for this method |
//! | `payload_too_large` | 413 | the request body is over 1 MiB |
//! | `request_timeout` | 408 | the request body did not all arrive within the body timeout ([Bounds](#bounds)); carries `Connection: close` |
//! | `storage_full` | 507 | a `POST /v1/pets` when clients have added all the sandbox holds ([Bounds](#bounds)) |
//! | `unavailable` | 503 | to a connection over the connection cap ([Bounds](#bounds)), or under fault injection (the `fail` fault); carries `Retry-After` |
//! | `internal_error` | 500 | only under fault injection: the `fail` fault |
//! | `rate_limited` | 429 | under fault injection (the `fail` fault; carries `Retry-After`), or over the rate limit ([`Config::rate_limit`]; `Retry-After` on request) |
//!
//! Messages are for people and may change; codes are for programs. The sandbox never answers a
//! client's mistake with a 5xx; it answers with a 5xx or 429 when told to inject faults, and
//! with 507 or 503 when a [bound](#bounds) is reached.
//!
//! # Bounds
//!
//! A sandbox left running under a script, or a client gone wrong, must not be able to take all of
//! the machine's memory or file descriptors. Each bound has a [`Config`] method (and a flag of the
//! binary) to lower it in tests:
//!
//! | Bound | Default | When reached |
//! |---|---|---|
//! | request head ([`Config::header_timeout`], `--header-timeout`) | 10 s | the connection is closed without an answer |
//! | request body ([`Config::body_timeout`], `--body-timeout`) | 10 s after its head | 408 `request_timeout` with `Connection: close`, and the connection is closed |
//! | connections served at once ([`Config::max_connections`], `--max-connections`) | 512 | each further connection gets 503 `unavailable` with `Retry-After: 1` and `Connection: close` |
//! | animals clients add ([`Config::max_pets`], `--max-pets`) | 10,000 | `POST /v1/pets` is 507 `storage_full` |
//! | bytes of their names in all ([`Config::max_stored_bytes`], `--max-stored-bytes`) | 64 MiB | `POST /v1/pets` is 507 `storage_full` |
//! | one `name` ([`NAME_MAX_BYTES`]) | 128 KiB of UTF-8 | 400 `invalid_body` |
//! | request body | 1 MiB | 413 `payload_too_large` |
//!
//! The header timeout runs from when the sandbox waits for a request head: from the connection's
//! start, and on a kept-alive connection from its previous answer, so an idle connection is closed
//! after the same time. A slow client that sends its head within it is served. The body timeout
//! runs from when the head is in until the body's last byte, however the bytes trickle in: a client
//! that stalls mid-body (or sends a byte now and then) is answered 408 when it runs out, the part
//! of its body already read is dropped, and its connection closes, freeing its place under the
//! connection cap.
//!
//! Over the connection cap, a connection is answered rather than left in the listen backlog: a
//! client whose connection sits unaccepted sees a hung server (the kernel completes its handshake
//! and takes its request), while a 503 with `Retry-After` says at once what happened and when to
//! try again, which clients that retry (petstore among them) already act on. The refused
//! connection's request head is read first (within at most 5 s), so the answer is to a request
//! the client sent; after it the sandbox stops writing and reads what the client still sends (its
//! body, 1 MiB and 16 KiB at most) until the client closes, so the close is clean: a socket closed
//! with bytes unread sends a reset, which may cost the client the answer, and a client that sees
//! its request break off after sending it cannot tell that it was never read (for a POST, that
//! the animal was not created). A refusal takes 5 s in all at most, and at most 64 connections
//! are being refused at once; while that many are, and the cap is reached, the next connection
//! waits, unaccepted, for a place (served or refused) to come free, which takes 5 s at most.
//! Answering it without reading its request would race the request, and could reach the client
//! before it had written the request at all. So the sandbox holds at most the cap plus 65
//! connections, well under the usual limit of 1,024 open files, and keeps answering the
//! connections it serves. A refusal never reaches the router: it is logged, but not counted by
//! [`Sandbox::request_count`].
//!
//! The store counts only what clients add; the seeded animals are the operator's choice. When it
//! is full, a valid `POST` is 507 `storage_full` (RFC 4918: the server cannot store what the
//! request needs) and stores nothing; reads go on as before. The spec lists 201, 400 and 401 for
//! this operation: 400 would blame a valid request, and 503 says "try again later", which a client
//! that retries would do forever, since nothing in the API ever frees room. Restarting the sandbox
//! empties it. The name bound is smaller than the body cap because a name is stored and sent back
//! in every listing: 128 KiB is far beyond any real name yet long enough to test how clients show
//! long values, and keeps a page of 100 animals under 13 MiB.
//!
//! # Faults on demand
//!
//! With the fault options of [`Config`] (the CLI's `--latency`, `--fail-rate`, `--drop-rate`,
//! `--lost-reply-rate`, `--garble-rate` and `--fault-seed`), each request is changed at random:
//!
//! | Fault | Option | What the client gets |
//! |---|---|---|
//! | latency | [`Config::latency`] | the answer after a delay drawn uniformly from the range |
//! | `fail` | [`Config::fail_rate`] | instead of the work, one of: 500 `internal_error`; 502 with an HTML page (`text/html`), as a proxy sends; 503 `unavailable` or 429 `rate_limited`, each with `Retry-After` either `1` or an HTTP-date at least one second ahead |
//! | `drop` | [`Config::drop_rate`] | the connection closed without an answer, and the work not done |
//! | `lost-reply` | [`Config::lost_reply_rate`] | the work done (a POST stores the animal), then the connection closed without an answer |
//! | `garble` | [`Config::garble_rate`] | the usual status (200 or 201) and headers, with a body cut short or ending in zero bytes: never valid JSON, with `Content-Length` matching what is sent |
//!
//! "Without an answer" means not a byte: not even a status line. Faults hit only requests that
//! pass routing and the key check, so a 404 for an unknown path, a 405 and a 401 never change. A
//! request the route refuses (400, 413, 404 for an unknown animal) is still answered as usual,
//! after its delay; only an accepted request meets `fail`, `drop`, `lost-reply` or `garble`. A
//! `HEAD` answer has no body to garble and is left alone.
//!
//! Each such request first draws its delay, then makes one draw that picks at most one of
//! `fail`, `drop`, `lost-reply` and `garble`, so their rates must add up to at most 1
//! ([`Config::validate`]). With [`Config::fault_seed`] the same requests in the same order meet
//! the same faults; without it the generator is seeded from entropy. The request log names the
//! fault that changed an answer and the latency added, `GET /v1/pets 503 fault=fail
//! latency=41.07ms 41.30ms`, and leaves out the status when none was sent: `POST /v1/pets
//! fault=lost-reply 0.31ms`. [`Sandbox::faults`] and [`AppState::faults`] count them. A sandbox
//! without fault options does no fault work at all.

mod connections;
mod error;
mod faults;
mod fixture;
mod handle;
mod log;
mod number;
mod rate_limit;
mod record;
mod routes;
mod sever;
mod store;
mod tls;
mod wire;

#[cfg(test)]
mod tests;

use std::fmt;
use std::future::{Future, IntoFuture};
use std::io;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::connections::ConnectionLimits;
use crate::error::ApiError;
use crate::faults::{FaultInjector, FaultSettings};
use crate::log::LogSink;
use crate::rate_limit::Bucket;
use crate::store::{Store, StoreLimits};

pub use crate::faults::{FaultCounts, H2Drop};
pub use crate::fixture::{Fixture, FixtureError};
pub use crate::handle::Sandbox;
pub use crate::rate_limit::RateLimit;
pub use crate::routes::router;
pub use crate::tls::{Tls, TlsError};

/// The key accepted when none is configured.
pub const DEFAULT_API_KEY: &str = "sandbox";

/// How many sample animals a sandbox starts with unless told otherwise.
pub const DEFAULT_SEED_PETS: u64 = 10;

/// How many request lines [`AppState::request_lines`] keeps: the newest, so memory stays bounded however long
/// a sandbox runs.
pub const REQUEST_LINES_KEPT: usize = 10_000;

/// How long in-flight requests may run on after shutdown is asked for; a client that keeps a
/// request half-sent must not keep the process (or a test's `Drop`) alive.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How a sandbox behaves. Build it from [`Config::default`] with the builder methods.
///
/// ```
/// use std::time::Duration;
/// use petstore_sandbox::Config;
///
/// // One request in five fails and every request waits 5 to 20 ms, the same way on every run.
/// let config = Config::default()
///     .quiet(true)
///     .latency(Duration::from_millis(5)..=Duration::from_millis(20))
///     .fail_rate(0.2)
///     .fault_seed(7);
/// assert!(config.validate().is_ok());
/// assert!(config.drop_rate(0.9).validate().is_err(), "0.2 + 0.9 is over 1");
/// ```
#[derive(Debug, Clone)]
pub struct Config {
    api_keys: Vec<String>,
    seed_pets: u64,
    log: bool,
    faults: FaultSettings,
    header_timeout: Duration,
    body_timeout: Duration,
    max_connections: usize,
    max_streams: u32,
    goaway_after: Option<u64>,
    tls: Option<Tls>,
    store_limits: StoreLimits,
    fixture: Fixture,
    rate_limit: Option<RateLimit>,
}

/// How long a connection may take to send a request head, by default; see [Bounds](#bounds).
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a connection may take to send a request body once its head is in, by default; see
/// [Bounds](#bounds).
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// How many connections are served at once, by default; see [Bounds](#bounds).
pub const DEFAULT_MAX_CONNECTIONS: usize = 512;

/// How many requests an HTTP/2 connection may carry at once, by default (its `SETTINGS_MAX_CONCURRENT_STREAMS`):
/// nginx's default, above the 100 that RFC 9113 §6.5.2 asks servers not to go below. See [Bounds](#bounds).
pub const DEFAULT_MAX_STREAMS: u32 = 128;

/// How many animals clients may add, by default; see [Bounds](#bounds).
pub const DEFAULT_MAX_PETS: usize = 10_000;

/// How many bytes the names of the animals clients add may take in all, by default (64 MiB); see
/// [Bounds](#bounds).
pub const DEFAULT_MAX_STORED_BYTES: usize = 64 * 1024 * 1024;

/// The longest `name` accepted, in bytes of UTF-8 (128 KiB); see [Bounds](#bounds).
pub const NAME_MAX_BYTES: usize = wire::NAME_MAX_BYTES;

impl Default for Config {
    /// Accepts the key `sandbox`, starts with 10 sample animals, logs every request to stderr,
    /// injects no fault, and keeps the default [bounds](#bounds).
    fn default() -> Self {
        Config {
            api_keys: vec![DEFAULT_API_KEY.to_owned()],
            seed_pets: DEFAULT_SEED_PETS,
            log: true,
            faults: FaultSettings::default(),
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            body_timeout: DEFAULT_BODY_TIMEOUT,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_streams: DEFAULT_MAX_STREAMS,
            goaway_after: None,
            tls: None,
            store_limits: StoreLimits {
                max_pets: DEFAULT_MAX_PETS,
                max_name_bytes: DEFAULT_MAX_STORED_BYTES,
                name_max: NAME_MAX_BYTES,
            },
            fixture: Fixture::default(),
            rate_limit: None,
        }
    }
}

impl Config {
    /// Limits the rate of every request with a token bucket: a request over it is answered 429 `rate_limited`
    /// at once, carrying nothing out. See [Bounds](#bounds).
    #[must_use]
    pub fn rate_limit(mut self, limit: RateLimit) -> Self {
        self.rate_limit = Some(limit);
        self
    }

    /// Accepts exactly these keys instead of `sandbox`. With none, every request to `/v1` is 401.
    /// A key that is empty or contains whitespace can never be presented, so never matches.
    #[must_use]
    pub fn api_keys(mut self, keys: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.api_keys = keys.into_iter().map(Into::into).collect();
        self
    }

    /// Starts with `n` deterministic sample animals with ids `1..=n`; the same `n` always gives
    /// the same animals. They are built up front, so memory grows with `n`.
    #[must_use]
    pub fn seed_pets(mut self, n: u64) -> Self {
        self.seed_pets = n;
        self
    }

    /// Starts from the animals of `fixture` (instead of the [`Config::seed_pets`] sample) when it has any,
    /// saves them to its state file when the sandbox stops, and records each request to its record file;
    /// see [`Fixture::load`].
    #[must_use]
    pub fn fixture(mut self, fixture: Fixture) -> Self {
        self.fixture = fixture;
        self
    }

    /// Stops (`true`) or resumes (`false`) logging one line per request to stderr.
    #[must_use]
    pub fn quiet(mut self, quiet: bool) -> Self {
        self.log = !quiet;
        self
    }

    /// Delays each request that passes the key check by a duration drawn uniformly from `range`
    /// (to the microsecond); `d..=d` delays each by exactly `d`. See "Faults on demand" in the
    /// crate docs.
    #[must_use]
    pub fn latency(mut self, range: RangeInclusive<Duration>) -> Self {
        self.faults.latency = Some(range);
        self
    }

    /// Answers this share (0 to 1) of accepted requests with 500, 502, 503 or 429 instead of
    /// carrying them out.
    #[must_use]
    pub fn fail_rate(mut self, rate: f64) -> Self {
        self.faults.fail_rate = rate;
        self
    }

    /// Closes the connection of this share (0 to 1) of accepted requests without an answer and
    /// without carrying them out.
    #[must_use]
    pub fn drop_rate(mut self, rate: f64) -> Self {
        self.faults.drop_rate = rate;
        self
    }

    /// Carries out this share (0 to 1) of accepted requests, then closes the connection without an
    /// answer.
    #[must_use]
    pub fn lost_reply_rate(mut self, rate: f64) -> Self {
        self.faults.lost_reply_rate = rate;
        self
    }

    /// Answers this share (0 to 1) of accepted requests with their usual status but a body that is
    /// not valid JSON.
    #[must_use]
    pub fn garble_rate(mut self, rate: f64) -> Self {
        self.faults.garble_rate = rate;
        self
    }

    /// Over HTTP/2, resets the stream of this share (0 to 1) of accepted requests with `REFUSED_STREAM`
    /// without carrying them out, which tells the client that it may send them again (RFC 9113 §8.7). Over
    /// HTTP/1.1, which has no such answer, such a request is served as usual.
    #[must_use]
    pub fn refused_stream_rate(mut self, rate: f64) -> Self {
        self.faults.refused_stream_rate = rate;
        self
    }

    /// What the `drop` and `lost-reply` faults cut over HTTP/2: the stream (default) or the connection.
    #[must_use]
    pub fn h2_drop(mut self, drop: H2Drop) -> Self {
        self.faults.h2_drop = drop;
        self
    }

    /// Closes each connection gracefully once `n` requests have reached it: over HTTP/2 a `GOAWAY` (the
    /// requests already on it are answered, new ones go to a new connection), over HTTP/1.1 after the
    /// answer to the n-th. As servers do to spread clients over a fleet or before a restart.
    #[must_use]
    pub fn goaway_after(mut self, n: u64) -> Self {
        self.goaway_after = Some(n);
        self
    }

    /// Seeds the fault generator, so the same requests in the same order meet the same faults.
    /// Without a seed, each sandbox draws one from entropy.
    #[must_use]
    pub fn fault_seed(mut self, seed: u64) -> Self {
        self.faults.seed = Some(seed);
        self
    }

    /// Closes a connection that has not sent a whole request head `timeout` after it opened or
    /// after its previous answer (default [`DEFAULT_HEADER_TIMEOUT`]).
    #[must_use]
    pub fn header_timeout(mut self, timeout: Duration) -> Self {
        self.header_timeout = timeout;
        self
    }

    /// Answers a request whose body has not all arrived `timeout` after its head 408
    /// `request_timeout` and closes its connection (default [`DEFAULT_BODY_TIMEOUT`]).
    #[must_use]
    pub fn body_timeout(mut self, timeout: Duration) -> Self {
        self.body_timeout = timeout;
        self
    }

    /// Serves at most `n` connections at once (default [`DEFAULT_MAX_CONNECTIONS`]); the next
    /// ones are answered 503 `unavailable` and closed.
    #[must_use]
    pub fn max_connections(mut self, n: usize) -> Self {
        self.max_connections = n;
        self
    }

    /// Lets an HTTP/2 connection carry at most `n` requests at once (default [`DEFAULT_MAX_STREAMS`]), as its
    /// `SETTINGS_MAX_CONCURRENT_STREAMS` tells the client.
    #[must_use]
    pub fn max_streams(mut self, n: u32) -> Self {
        self.max_streams = n;
        self
    }

    /// Serves HTTPS with `tls` (HTTP/2 and HTTP/1.1 by ALPN, unless [`Tls::http1_only`]) instead of plain
    /// HTTP/1.1.
    #[must_use]
    pub fn tls(mut self, tls: Tls) -> Self {
        self.tls = Some(tls);
        self
    }

    /// The TLS identity it serves with, if any.
    pub fn tls_identity(&self) -> Option<&Tls> {
        self.tls.as_ref()
    }

    /// Lets clients add at most `n` animals (default [`DEFAULT_MAX_PETS`]); the seeded ones do not
    /// count.
    #[must_use]
    pub fn max_pets(mut self, n: usize) -> Self {
        self.store_limits.max_pets = n;
        self
    }

    /// Lets the names of the animals clients add take at most `bytes` in all (default
    /// [`DEFAULT_MAX_STORED_BYTES`]).
    #[must_use]
    pub fn max_stored_bytes(mut self, bytes: usize) -> Self {
        self.store_limits.max_name_bytes = bytes;
        self
    }

    /// Refuses (400 `invalid_body`) a name longer than `bytes` (default and most [`NAME_MAX_BYTES`]): for a test
    /// that needs the server to refuse a record a client finds valid.
    #[must_use]
    pub fn name_max_bytes(mut self, bytes: usize) -> Self {
        self.store_limits.name_max = bytes.min(NAME_MAX_BYTES);
        self
    }

    /// Whether this config can run: each fault rate is from 0 to 1, the four rates add up to at
    /// most 1 (a request meets at most one of those faults), the latency range is not empty, the
    /// header and body timeouts are above 0 and the connection cap at least 1.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.header_timeout.is_zero() {
            return Err(ConfigError("the header timeout must be above 0".into()));
        }
        if self.body_timeout.is_zero() {
            return Err(ConfigError("the body timeout must be above 0".into()));
        }
        if self.max_connections == 0 {
            return Err(ConfigError("the connection cap must be at least 1".into()));
        }
        if self.max_streams == 0 {
            return Err(ConfigError("the stream cap must be at least 1".into()));
        }
        if self.goaway_after == Some(0) {
            return Err(ConfigError("`goaway-after` must be at least 1".into()));
        }
        if let Some(limit) = &self.rate_limit {
            limit.validate().map_err(ConfigError)?;
        }
        self.faults.validate().map_err(ConfigError)
    }
}

/// Why a [`Config`] cannot run; see [`Config::validate`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// What the routes share: the accepted keys, the store, the request counter and the faults to
/// inject. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    shared: Arc<Shared>,
}

struct Shared {
    api_keys: Vec<String>,
    log: LogSink,
    requests: AtomicU64,
    /// Requests the router is handling now, and the most it has handled at once.
    in_flight: AtomicUsize,
    peak_in_flight: AtomicUsize,
    /// The request lines of the last [`REQUEST_LINES_KEPT`] requests, for [`AppState::request_lines`].
    request_lines: Mutex<std::collections::VecDeque<String>>,
    /// The `X-Request-Id` of each of those requests, for [`AppState::request_ids`].
    request_ids: Mutex<std::collections::VecDeque<Option<String>>>,
    store: Mutex<Store>,
    /// `None` without fault options: then nothing on the request path looks at faults.
    faults: Option<FaultInjector>,
    /// Connections closed by `goaway_after`.
    goaways: AtomicU64,
    /// TCP connections accepted, served or refused.
    accepted: AtomicU64,
    connections: ConnectionLimits,
    /// The rustls settings when serving HTTPS.
    tls: Option<Arc<rustls::ServerConfig>>,
    /// Where each request is recorded (`--record`).
    recorder: Option<Arc<record::Recorder>>,
    /// Where the animals are saved when the sandbox stops (`--state`).
    state_file: Option<std::path::PathBuf>,
    /// Held while the sandbox runs, so no other sandbox takes the same state file.
    _state_lock: Option<Arc<std::fs::File>>,
    /// `None` without a rate limit: then no request passes the bucket.
    rate_limit: Option<Bucket>,
}

impl fmt::Debug for AppState {
    // Neither the keys nor every animal: a debug print of a test's sandbox must stay readable and
    // must not show secrets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AppState")
            .field("api_keys", &self.shared.api_keys.len())
            .field("log", &self.shared.log.is_on())
            .field("requests", &self.request_count())
            .field("pets", &self.store().all().len())
            .field("faults", &self.faults())
            .finish()
    }
}

impl AppState {
    /// A fresh state for `config`: its keys, its sample animals, its faults, no requests counted
    /// yet.
    ///
    /// # Panics
    ///
    /// When `config` is not valid (see [`Config::validate`]).
    pub fn new(config: &Config) -> AppState {
        if let Err(err) = config.validate() {
            panic!("invalid sandbox config: {err}");
        }
        AppState {
            shared: Arc::new(Shared {
                api_keys: config.api_keys.clone(),
                log: if config.log { LogSink::Stderr } else { LogSink::Off },
                requests: AtomicU64::new(0),
                in_flight: AtomicUsize::new(0),
                peak_in_flight: AtomicUsize::new(0),
                request_lines: Mutex::new(std::collections::VecDeque::new()),
                request_ids: Mutex::new(std::collections::VecDeque::new()),
                store: Mutex::new(match &config.fixture.pets {
                    Some(pets) => Store::with_pets(pets, config.store_limits),
                    None => Store::seeded_with(config.seed_pets, config.store_limits),
                }),
                faults: FaultInjector::new(&config.faults),
                goaways: AtomicU64::new(0),
                accepted: AtomicU64::new(0),
                connections: ConnectionLimits {
                    header_timeout: config.header_timeout,
                    body_timeout: config.body_timeout,
                    max_connections: config.max_connections,
                    max_streams: config.max_streams,
                    goaway_after: config.goaway_after,
                },
                tls: config
                    .tls
                    .as_ref()
                    .map(|tls| tls.server_config().unwrap_or_else(|err| panic!("the sandbox's TLS settings: {err}"))),
                recorder: config.fixture.recorder.clone(),
                state_file: config.fixture.state_file.clone(),
                _state_lock: config.fixture.state_lock.clone(),
                rate_limit: config.rate_limit.map(Bucket::new),
            }),
        }
    }

    /// How many HTTP requests reached the router, whatever their route or outcome.
    pub fn request_count(&self) -> u64 {
        self.shared.requests.load(Ordering::Relaxed)
    }

    /// Every animal in the store, in ascending id order, as Pet JSON.
    pub fn pets(&self) -> Vec<serde_json::Value> {
        self.store().all().iter().map(|pet| serde_json::to_value(pet).expect("a Pet always serializes")).collect()
    }

    /// How many requests each fault changed so far; all zero without fault options.
    pub fn faults(&self) -> FaultCounts {
        let mut counts = self.fault_injector().map(FaultInjector::counts).unwrap_or_default();
        counts.goaways = self.shared.goaways.load(Ordering::Relaxed);
        counts
    }

    /// How many TCP connections the sandbox accepted since it started, served or refused: for a client's
    /// test that it keeps its connections and reuses them.
    pub fn connections_accepted(&self) -> u64 {
        self.shared.accepted.load(Ordering::SeqCst)
    }

    pub(crate) fn count_connection(&self) {
        self.shared.accepted.fetch_add(1, Ordering::SeqCst);
    }

    pub(crate) fn count_goaway(&self) {
        self.shared.goaways.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn tls(&self) -> Option<&Arc<rustls::ServerConfig>> {
        self.shared.tls.as_ref()
    }

    pub(crate) fn fault_injector(&self) -> Option<&FaultInjector> {
        self.shared.faults.as_ref()
    }

    pub(crate) fn rate_limit(&self) -> Option<&Bucket> {
        self.shared.rate_limit.as_ref()
    }

    /// How many requests the rate limit refused so far; 0 without one.
    pub fn rate_limited(&self) -> u64 {
        self.rate_limit().map_or(0, Bucket::refused)
    }

    /// Method and target (path and query) of the last [`REQUEST_LINES_KEPT`] requests that reached the router,
    /// oldest first: `GET /v1/pets?limit=100`. Never a header, so never a key.
    pub fn request_lines(&self) -> Vec<String> {
        self.shared.request_lines.lock().unwrap_or_else(PoisonError::into_inner).iter().cloned().collect()
    }

    /// The `X-Request-Id` of each request of [`AppState::request_lines`], in the same order; `None` for a
    /// request that sent none.
    pub fn request_ids(&self) -> Vec<Option<String>> {
        self.shared.request_ids.lock().unwrap_or_else(PoisonError::into_inner).iter().cloned().collect()
    }

    /// The most requests the router was handling at once since the sandbox started, from the moment a
    /// request reaches it to the moment its answer is ready (the `latency` fault included): for a client's
    /// test that it never has more than so many requests out at once.
    pub fn peak_requests(&self) -> usize {
        self.shared.peak_in_flight.load(Ordering::SeqCst)
    }

    /// Marks a request as being handled until the guard is dropped (its answer is ready, or its connection
    /// went away).
    pub(crate) fn request_started(&self) -> InFlight {
        let now = self.shared.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        self.shared.peak_in_flight.fetch_max(now, Ordering::SeqCst);
        InFlight { state: self.clone() }
    }

    pub(crate) fn count_request(&self, method: &axum::http::Method, target: &str, request_id: Option<String>) {
        self.shared.requests.fetch_add(1, Ordering::Relaxed);
        let mut lines = self.shared.request_lines.lock().unwrap_or_else(PoisonError::into_inner);
        // Taken under the lines' lock, so that the two lists stay in step.
        let mut ids = self.shared.request_ids.lock().unwrap_or_else(PoisonError::into_inner);
        if lines.len() == REQUEST_LINES_KEPT {
            lines.pop_front();
            ids.pop_front();
        }
        lines.push_back(format!("{method} {target}"));
        ids.push_back(request_id);
    }

    pub(crate) fn connection_limits(&self) -> ConnectionLimits {
        self.shared.connections
    }

    pub(crate) fn recorder(&self) -> Option<&record::Recorder> {
        self.shared.recorder.as_deref()
    }

    /// Writes the animals to the state file, if there is one (`--state`).
    fn save_state(&self) -> io::Result<()> {
        let Some(path) = &self.shared.state_file else {
            return Ok(());
        };
        let store = self.store();
        fixture::save_state(path, store.all())
            .map_err(|err| io::Error::new(err.kind(), format!("cannot save the state to `{}`: {err}", path.display())))
    }

    pub(crate) fn log(&self) -> &LogSink {
        &self.shared.log
    }

    /// A state that logs into `sink` instead of stderr.
    #[cfg(test)]
    pub(crate) fn with_log_sink(config: &Config, sink: LogSink) -> AppState {
        let mut state = AppState::new(config);
        Arc::get_mut(&mut state.shared).expect("not shared yet").log = sink;
        state
    }

    /// The store, even after a panic elsewhere while it was held: every store operation leaves it
    /// consistent, and a poisoned lock must not turn later requests into 5xx answers.
    pub(crate) fn store(&self) -> MutexGuard<'_, Store> {
        self.shared.store.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `headers` carry exactly one `Authorization: Bearer <KEY>` with an accepted key.
    pub(crate) fn authorize(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let token = bearer_token(headers)?;
        if self.shared.api_keys.iter().any(|key| key == token) {
            Ok(())
        } else {
            Err(ApiError::Unauthorized("the API key is not valid for this sandbox".into()))
        }
    }
}

/// A request the router is handling ([`AppState::request_started`]).
pub(crate) struct InFlight {
    state: AppState,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.state.shared.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The token of a well-formed bearer `Authorization` header (RFC 7235: `auth-scheme 1*SP token`,
/// scheme case-insensitive).
fn bearer_token(headers: &HeaderMap) -> Result<&str, ApiError> {
    let malformed = || ApiError::Unauthorized("the `Authorization` header must be `Bearer <API_KEY>`".into());
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let Some(value) = values.next() else {
        return Err(ApiError::Unauthorized(
            "missing `Authorization` header; send `Authorization: Bearer <API_KEY>`".into(),
        ));
    };
    if values.next().is_some() {
        return Err(malformed());
    }
    let value = value.to_str().map_err(|_| malformed())?;
    let (scheme, token) = value.trim_matches([' ', '\t']).split_once(' ').ok_or_else(malformed)?;
    let token = token.trim_start_matches(' ');
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() || token.contains([' ', '\t']) {
        return Err(malformed());
    }
    Ok(token)
}

/// A response with `body` as JSON.
pub(crate) fn json_response(status: StatusCode, body: &impl Serialize) -> Response {
    let bytes = serde_json::to_vec(body).expect("wire types always serialize");
    (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], bytes).into_response()
}

/// Serves a sandbox for `config` on `listener` until `shutdown` completes, then lets in-flight
/// requests finish (for at most a few seconds), saves the animals to the state file if there is one
/// ([`Config::fixture`]; a failed save is the error returned) and returns. An invalid `config` (see
/// [`Config::validate`]) is an [`io::ErrorKind::InvalidInput`] error.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    config.validate().map_err(|err| io::Error::new(io::ErrorKind::InvalidInput, err))?;
    serve_state(listener, AppState::new(&config), shutdown).await
}

pub(crate) async fn serve_state(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let (stopping_tx, mut stopping_rx) = watch::channel(false);
    let signal = async move {
        shutdown.await;
        let _ = stopping_tx.send(true);
    };
    let grace_over = async move {
        if stopping_rx.wait_for(|stopping| *stopping).await.is_ok() {
            tokio::time::sleep(SHUTDOWN_GRACE).await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    let severs = state.fault_injector().is_some_and(FaultInjector::severs_connections);
    let app = router(state.clone());
    let served = until_grace_over(connections::serve(listener, app, state.clone(), severs, signal), grace_over).await;
    let saved = state.save_state();
    let recorded = state.recorder().map_or(Ok(()), record::Recorder::result);
    served.and(saved).and(recorded)
}

async fn until_grace_over(
    server: impl IntoFuture<Output = io::Result<()>>,
    grace_over: impl Future<Output = ()>,
) -> io::Result<()> {
    tokio::select! {
        result = server.into_future() => result,
        () = grace_over => Ok(()),
    }
}
