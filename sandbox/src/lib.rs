//! A local Pet Store API on loopback, following the pet store interface specification, for the
//! `petstore` CLI's integration tests and for trying the CLI offline.
//!
//! [`router`] gives the routes for socket-free tests, [`serve`] runs them on a listener until a
//! shutdown future completes, and [`Sandbox`] runs one on its own thread on `127.0.0.1:0` for
//! blocking tests. The animals live in memory and are gone when it stops.
//!
//! # Routes
//!
//! | Method | Path | Auth | Behaviour |
//! |---|---|---|---|
//! | `GET`, `HEAD` | `/v1/pets` | Bearer | 200, JSON array of Pet in ascending id order. Query `limit` (integer 1..=100, default 20) caps the count; `status` (`available`, `pending`, `sold`) keeps only animals with that status. Other query parameters are ignored; a bad, empty or repeated `limit`/`status` is 400 `invalid_parameter` |
//! | `POST` | `/v1/pets` | Bearer | Body NewPet (`name` string, `categoryId` int64, optional `status`; `null` counts as absent; unknown fields ignored) as `application/json`. 201 with the Pet and `Location: /v1/pets/{id}`; 400 `invalid_body`; 413 `payload_too_large` over 1 MiB |
//! | `GET`, `HEAD` | `/v1/pets/{petId}` | Bearer | Deprecated. 200 with the Pet; 404 `not_found` for an unknown id or one that is not an int64. Every answer of this path, errors included, carries `Deprecation: @1767225600` (RFC 9745: deprecated since 2026-01-01) and `Sunset: Thu, 05 Dec 2030 00:00:00 GMT` (RFC 8594: the spec's removal date) |
//! | any other | `/v1/pets`, `/v1/pets/{petId}` | none | 405 `method_not_allowed` with `Allow: GET, HEAD, POST` or `Allow: GET, HEAD` |
//! | any | any other path | none | 404 `not_found` |
//!
//! A request is checked in this order: the path (404), the method (405), the API key (401), then
//! its query or body (400, 413). Bearer means `Authorization: Bearer <KEY>`: the scheme in any
//! case, then one or more spaces and exactly one token, which must be one of the configured keys
//! (by default only `sandbox`). A 401 carries `WWW-Authenticate: Bearer`.
//!
//! Ids come from a counter: a new animal gets the next id after the seeded ones and after every
//! animal added before it, and ids are never reused.
//!
//! # Errors
//!
//! Every refusal is the spec's Error body, `{"code": "...", "message": "...", "status": N}` with
//! `Content-Type: application/json`, where `status` equals the HTTP status. The codes:
//!
//! | Code | Status | When |
//! |---|---|---|
//! | `unauthorized` | 401 | the `Authorization` header is missing, malformed, or names an unknown key |
//! | `invalid_parameter` | 400 | `limit` or `status` of `GET /v1/pets` breaks its rule |
//! | `invalid_body` | 400 | the `POST /v1/pets` body is not `application/json`, is empty, is not a JSON object, or has a missing or invalid field |
//! | `not_found` | 404 | no such path, or no animal with that id |
//! | `method_not_allowed` | 405 | the path exists but not for this method |
//! | `payload_too_large` | 413 | the request body is over 1 MiB |
//!
//! Messages are for people and may change; codes are for programs. The sandbox never answers a
//! client's mistake with a 5xx.

mod error;
mod handle;
mod log;
mod routes;
mod store;
mod wire;

#[cfg(test)]
mod tests;

use std::fmt;
use std::future::{Future, IntoFuture};
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use serde::Serialize;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::error::ApiError;
use crate::log::LogSink;
use crate::store::Store;

pub use crate::handle::Sandbox;
pub use crate::routes::router;

/// The key accepted when none is configured.
pub const DEFAULT_API_KEY: &str = "sandbox";

/// How many sample animals a sandbox starts with unless told otherwise.
pub const DEFAULT_SEED_PETS: u64 = 10;

/// How long in-flight requests may run on after shutdown is asked for; a client that keeps a
/// request half-sent must not keep the process (or a test's `Drop`) alive.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How a sandbox behaves. Build it from [`Config::default`] with the builder methods.
#[derive(Debug, Clone)]
pub struct Config {
    api_keys: Vec<String>,
    seed_pets: u64,
    log: bool,
}

impl Default for Config {
    /// Accepts the key `sandbox`, starts with 10 sample animals, logs every request to stderr.
    fn default() -> Self {
        Config { api_keys: vec![DEFAULT_API_KEY.to_owned()], seed_pets: DEFAULT_SEED_PETS, log: true }
    }
}

impl Config {
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

    /// Stops (`true`) or resumes (`false`) logging one line per request to stderr.
    #[must_use]
    pub fn quiet(mut self, quiet: bool) -> Self {
        self.log = !quiet;
        self
    }
}

/// What the routes share: the accepted keys, the store and the request counter. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    shared: Arc<Shared>,
}

struct Shared {
    api_keys: Vec<String>,
    log: LogSink,
    requests: AtomicU64,
    store: Mutex<Store>,
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
            .finish()
    }
}

impl AppState {
    /// A fresh state for `config`: its keys, its sample animals, no requests counted yet.
    pub fn new(config: &Config) -> AppState {
        AppState {
            shared: Arc::new(Shared {
                api_keys: config.api_keys.clone(),
                log: if config.log { LogSink::Stderr } else { LogSink::Off },
                requests: AtomicU64::new(0),
                store: Mutex::new(Store::seeded(config.seed_pets)),
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

    pub(crate) fn count_request(&self) {
        self.shared.requests.fetch_add(1, Ordering::Relaxed);
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
/// requests finish (for at most a few seconds) and returns.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
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
    // Small JSON answers on keep-alive connections must not wait for Nagle's algorithm.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let server = axum::serve(listener, router(state)).with_graceful_shutdown(signal);
    let grace_over = async move {
        if stopping_rx.wait_for(|stopping| *stopping).await.is_ok() {
            tokio::time::sleep(SHUTDOWN_GRACE).await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        result = server.into_future() => result,
        () = grace_over => Ok(()),
    }
}
