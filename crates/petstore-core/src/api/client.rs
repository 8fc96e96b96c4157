//! The HTTP client: one method per operation of the spec, with timeouts and retries that never repeat a
//! request the server may have acted on. One reqwest client with rustls for every base URL: HTTPS (HTTP/2
//! where the server offers it by ALPN), and plain HTTP, which only loopback may use. One stack, so that what
//! the tests prove against the sandbox is the path users take.

use std::pin::pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::BodyExt;
use hyper::body::Bytes;

use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue, USER_AGENT};
use reqwest::{Method, StatusCode, Url};
use serde::de::DeserializeOwned;

use super::base_url::{DisplaySafeUrl, url_may_carry_key};
pub use super::decode::{created, decode, differences};
use super::error::{Error, excerpt, one_line, tls_error};
use super::key::ApiKey;
use super::models::{ListQuery, NewPet, Pet};
use super::retry::{self, Attempt, Refusals, backoff, retry_after, retry_wait};
use super::trace::{self, Trace};

/// Bodies larger than this are refused rather than buffered: what a list of 100 animals with the longest names
/// needs (about 75 MiB; usually a few KiB).
pub const MAX_BODY_BYTES: usize = super::models::MAX_LIST_BODY_BYTES;
/// How long to wait for a TCP (and TLS) connection, at most.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one attempt may take, from sending to the last byte of the answer (`--timeout`).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Attempts per request, the first included.
pub const MAX_ATTEMPTS: u32 = 4;

/// Sees each exchange, so a caller can report it (`--verbose`, deprecation warnings) without this layer
/// printing anything.
pub trait Observer: Send + Sync {
    /// A request is about to go out. `headers` are the ones we set, with the credential already masked.
    fn request(&self, method: &Method, url: &Url, headers: &[(&str, String)]);
    /// An answer's status line and headers arrived after `elapsed`.
    fn response(&self, status: StatusCode, headers: &HeaderMap, elapsed: Duration);
    /// The exchange failed without a complete answer.
    fn failed(&self, error: &Error, elapsed: Duration);
    /// Attempt `attempt` failed for `reason`; the next starts after `wait`.
    fn retry(&self, attempt: u32, reason: &str, wait: Duration);
    /// The answer carried `Deprecation` and/or `Sunset` headers (RFC 9745, RFC 8594), on one line each.
    fn deprecated(&self, method: &Method, url: &Url, deprecation: Option<&str>, sunset: Option<&str>);
}

/// Asked, at most once per client and its clones, after the API answered 401 to the key the client was made
/// with: another key to try, or `None`. For a key that came from a cache, which the cache's source may have
/// replaced since (see `Client::with_rekey`). It may block, so it runs on a blocking thread.
pub type Rekey = Arc<dyn Fn() -> Option<ApiKey> + Send + Sync>;

/// A [`Rekey`] and what it answered, shared by a client's clones so that a batch asks once.
struct Reauth {
    rekey: Rekey,
    fresh: tokio::sync::OnceCell<Option<(ApiKey, HeaderValue)>>,
}

/// The final answer to [`Client::request`], whatever its status: the body as the server sent it.
#[derive(Debug)]
pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    /// The request's id: the answer's `X-Request-Id` when it has one, else the one sent.
    pub request_id: Option<String>,
}

/// How a client behaves on the network.
#[derive(Debug, Clone)]
pub struct Settings {
    /// One attempt's whole duration (`--timeout`).
    pub timeout: Duration,
    /// Extra CA certificates to trust, PEM (`--cacert`).
    pub ca_certificates: Vec<reqwest::Certificate>,
    /// `TRACEPARENT`'s value, whose trace id (and flags) every request's `traceparent` keeps; without one
    /// (or with one that is not valid) the client starts a trace of its own.
    pub traceparent: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { timeout: REQUEST_TIMEOUT, ca_certificates: Vec::new(), traceparent: None }
    }
}

/// A client for one deployment of the API: a base URL (with its `/v1` path) and a key.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    base: Url,
    /// `POST /pets`'s URL, made once: a batch sends it for every record.
    pets: Url,
    auth: HeaderValue,
    observer: Option<Arc<dyn Observer>>,
    reauth: Option<Arc<Reauth>>,
    /// Places for requests on the wire, shared with other clients ([`Client::with_request_limit`]).
    places: Option<Arc<tokio::sync::Semaphore>>,
    /// Set once an answer came over HTTP/2 ([`Client::multiplexed`]).
    multiplexed: super::Multiplexed,
    /// The trace every request's `traceparent` belongs to.
    trace: Trace,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("base", &self.base.as_str()).finish_non_exhaustive()
    }
}

/// A request as the client sends it, built once by [`Client::prepare`]: what `--dry-run` and `--curl` show is
/// what would be sent (xh builds its request once and prints that same one for `--offline`).
#[derive(Debug, Clone)]
pub struct Prepared {
    pub method: Method,
    pub url: Url,
    /// petstore's own headers, the key's `Authorization` among them, and any the caller added.
    pub headers: HeaderMap,
    /// Shared, not copied, by each attempt.
    pub body: Option<Bytes>,
}

/// What came back for one attempt: the status, the headers and the whole body.
struct WholeAnswer {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
    /// An error answer's body was cut at [`MAX_BODY_BYTES`]: `body` is its start.
    truncated: bool,
    /// The request's id, the answer's own when it gave one ([`trace::shown_id`]); set by [`Client::exchange`].
    request_id: Option<String>,
}

/// Why one attempt got no complete answer, and whether the request may have reached the server.
struct AttemptFailure {
    error: Error,
    /// False only when the connection could not be made: then the server certainly did nothing.
    maybe_sent: bool,
    /// A failure that a retry cannot mend (a certificate the client does not trust).
    permanent: bool,
}

/// The reqwest client (its connection pool) for requests to `base` with `settings`.
fn http_client(base: &Url, settings: Settings) -> Result<reqwest::Client, Error> {
    let connect_timeout = connect_timeout(settings.timeout);
    install_crypto_provider();
    let mut builder = reqwest::Client::builder()
        .connect_timeout(connect_timeout)
        .timeout(settings.timeout)
        // The API has no redirects; following one would turn a POST into a GET, or send the key
        // elsewhere.
        .redirect(reqwest::redirect::Policy::none());
    if base.scheme() == "http" {
        // Plain HTTP is allowed for loopback alone, where the key never leaves the machine. A proxy
        // (`HTTP_PROXY`) would carry it, unencrypted, to another host, which would then reach its own
        // loopback, not ours. HTTPS honours the proxy variables: the key stays inside TLS.
        // No TLS either, so no trust store: the platform's is not read (147 files under /etc/ssl/certs),
        // and plain HTTP works where there is none (a container without ca-certificates).
        builder = builder.no_proxy().tls_certs_only(settings.ca_certificates);
    } else {
        builder = trust(builder, base, settings.ca_certificates)?;
    }
    builder.build().map_err(|err| Error::from_reqwest(base, &err))
}

/// The certificates an HTTPS client trusts: the system's, read once a run from its bundle
/// ([`super::roots`]), and `extra` (`--cacert`). None at all is an error before anything is sent.
#[cfg(all(unix, not(target_os = "macos")))]
fn trust(
    builder: reqwest::ClientBuilder,
    base: &Url,
    extra: Vec<reqwest::Certificate>,
) -> Result<reqwest::ClientBuilder, Error> {
    let roots = super::roots::system_roots();
    if roots.certificates.is_empty() && extra.is_empty() {
        let looked: Vec<String> = roots.from.iter().map(|path| format!("`{}`", path.display())).collect();
        let looked = match looked.as_slice() {
            [] => "the places OpenSSL looks (there are none on this system)".to_owned(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        };
        return Err(Error::NoCaStore { origin: base.origin().ascii_serialization(), looked });
    }
    Ok(builder.tls_certs_only(roots.certificates.iter().cloned().chain(extra)))
}

/// The certificates an HTTPS client trusts: the platform verifier's (the Keychain, the Windows store), and
/// `extra` (`--cacert`).
#[cfg(not(all(unix, not(target_os = "macos"))))]
fn trust(
    mut builder: reqwest::ClientBuilder,
    _base: &Url,
    extra: Vec<reqwest::Certificate>,
) -> Result<reqwest::ClientBuilder, Error> {
    for certificate in extra {
        builder = builder.add_root_certificate(certificate);
    }
    Ok(builder)
}

/// Connections kept for the clients of a long-lived process (`petstore mcp`), which makes a client for each
/// call: one reqwest client, and so one pool of open connections (one HTTP/2 connection a server), for all of
/// them, made by the first and reused by the rest ([`Client::with_connections`]). Plain HTTP (which never
/// goes through a proxy) and HTTPS have one each. Every client made with it must have the same [`Settings`]:
/// the first one's hold. Cheap to clone; the clones share the connections.
#[derive(Debug, Clone, Default)]
pub struct Connections {
    /// Over HTTPS, and over plain HTTP.
    http: Arc<std::sync::Mutex<[Option<reqwest::Client>; 2]>>,
}

impl Connections {
    /// The reqwest client for `base`, made now with `settings` if it is the first.
    fn http(&self, base: &Url, settings: Settings) -> Result<reqwest::Client, Error> {
        let slot = usize::from(base.scheme() == "http");
        let mut http = self.http.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(client) = &http[slot] {
            return Ok(client.clone());
        }
        let client = http_client(base, settings)?;
        http[slot] = Some(client.clone());
        Ok(client)
    }
}

impl Client {
    /// A client for `base` (for example `https://api.example.com/v1`) with default settings. The key may
    /// only travel over HTTPS, or plain HTTP to a loopback address.
    pub fn new(base: Url, key: &ApiKey) -> Result<Client, Error> {
        Client::with_settings(base, key, Settings::default())
    }

    /// A client with explicit network settings.
    pub fn with_settings(base: Url, key: &ApiKey, settings: Settings) -> Result<Client, Error> {
        check_base_url(&base)?;
        let trace = Trace::from_env_value(settings.traceparent.as_deref());
        let http = http_client(&base, settings)?;
        Client::assemble(http, base, key, trace)
    }

    /// A client as [`Client::with_settings`] makes it, whose requests go over `connections`: the connections of
    /// every client made with the same `connections` (and `settings`), kept open and reused, rather than a
    /// connection of its own for each client.
    pub fn with_connections(
        base: Url,
        key: &ApiKey,
        settings: Settings,
        connections: &Connections,
    ) -> Result<Client, Error> {
        check_base_url(&base)?;
        let trace = Trace::from_env_value(settings.traceparent.as_deref());
        let http = connections.http(&base, settings)?;
        Client::assemble(http, base, key, trace)
    }

    /// A client for `base` (checked) over `http`.
    fn assemble(http: reqwest::Client, base: Url, key: &ApiKey, trace: Trace) -> Result<Client, Error> {
        let mut pets = base.clone();
        pets.path_segments_mut().expect("check_base_url refuses cannot-be-a-base URLs").pop_if_empty().push("pets");
        Ok(Client {
            http,
            base,
            pets,
            auth: authorization(key)?,
            observer: None,
            reauth: None,
            places: None,
            multiplexed: super::Multiplexed::default(),
            trace,
        })
    }

    /// After a 401, asks `rekey` (once, whichever request or clone meets the 401 first) for another key, and
    /// if it gives one, sends the refused request again with it, once, and every later request with it too.
    /// A 401 means the server did not act on the request, so sending it again is safe for any method.
    pub fn with_rekey(mut self, rekey: Rekey) -> Client {
        self.reauth = Some(Arc::new(Reauth { rekey, fresh: tokio::sync::OnceCell::new() }));
        self
    }

    /// The `Authorization` value to send: the rekeyed one, once there is one.
    fn current_auth(&self) -> HeaderValue {
        match self.reauth.as_ref().and_then(|reauth| reauth.fresh.get()) {
            Some(Some((_, fresh))) => fresh.clone(),
            _ => self.auth.clone(),
        }
    }

    /// The key that replaced the one this client was made with, after the API refused that one (see
    /// [`Client::with_rekey`]); `None` while it has not.
    pub fn rekeyed(&self) -> Option<&ApiKey> {
        match self.reauth.as_ref()?.fresh.get()? {
            Some((key, _)) => Some(key),
            None => None,
        }
    }

    /// A different `Authorization` value to try after `sent` was refused with a 401, if [`Client::with_rekey`]
    /// gave a way to find one and it finds one.
    async fn auth_after_refusal(&self, sent: &HeaderMap) -> Option<HeaderValue> {
        let reauth = self.reauth.as_ref()?;
        let fresh = reauth
            .fresh
            .get_or_init(|| async {
                let rekey = Arc::clone(&reauth.rekey);
                let key = tokio::task::spawn_blocking(move || rekey()).await.ok().flatten()?;
                let auth = authorization(&key).ok()?;
                Some((key, auth))
            })
            .await
            .as_ref()
            .map(|(_, auth)| auth)?;
        (sent.get(AUTHORIZATION) != Some(fresh)).then(|| fresh.clone())
    }

    /// Sends each attempt only once it holds one of `places`'s permits, until its whole answer is in: however
    /// many clients and calls share `places`, no more requests than it has permits are on the wire at once. The
    /// wait for a place is not part of the attempt's time (`--timeout`), and a retry's wait holds no place.
    pub fn with_request_limit(mut self, places: Arc<tokio::sync::Semaphore>) -> Client {
        self.places = Some(places);
        self
    }

    /// Reports every exchange to `observer`.
    pub fn with_observer(mut self, observer: Arc<dyn Observer>) -> Client {
        self.observer = Some(observer);
        self
    }

    /// Whether this client (or a clone) has had an answer over HTTP/2: its connection then carries requests
    /// as streams, as many at once as the server allows. Shared: it turns true when an answer does.
    pub fn multiplexed(&self) -> super::Multiplexed {
        self.multiplexed.clone()
    }

    /// The base URL this client sends to.
    pub fn base_url(&self) -> &Url {
        &self.base
    }

    /// `GET /pets` (`listPets`).
    pub async fn list_pets(&self, query: &ListQuery) -> Result<Vec<Pet>, Error> {
        let mut url = self.url(&["pets"]);
        {
            let mut pairs = url.query_pairs_mut();
            if let Some(status) = query.status {
                pairs.append_pair("status", status.as_str());
            }
            if let Some(limit) = query.limit {
                pairs.append_pair("limit", &limit.to_string());
            }
        }
        if url.query() == Some("") {
            url.set_query(None);
        }
        self.send(&self.prepare(Method::GET, url, &HeaderMap::new(), None)).await
    }

    /// `POST /pets` (`createPet`). Sent at most once unless the server certainly did not act on it. The answer
    /// is a creation when it is a 201 (or 200) carrying an animal ([`created`]).
    pub async fn create_pet(&self, pet: &NewPet) -> Result<Pet, Error> {
        self.create_pet_as(pet, None).await
    }

    /// [`Client::create_pet`], the request named `request_id` (`X-Request-Id`) when given.
    pub async fn create_pet_as(&self, pet: &NewPet, request_id: Option<&str>) -> Result<Pet, Error> {
        let request = self.prepare_create_pet_as(pet, request_id);
        let answer = self.exchange(&request, Refusals::Retried).await.map_err(|failure| failure.error)?;
        self.report_deprecation(&request.method, &request.url, &answer.headers);
        created(answer.status, answer.headers.get(CONTENT_TYPE), &answer.body)
            .map_err(|err| err.with_request_id(answer.request_id.as_deref()))
    }

    /// `POST /pets` (`createPet`) with `pet`, as [`Client::create_pet`] sends it.
    pub fn prepare_create_pet(&self, pet: &NewPet) -> Prepared {
        self.prepare_create_pet_as(pet, None)
    }

    /// [`Client::prepare_create_pet`], named `request_id` when given.
    fn prepare_create_pet_as(&self, pet: &NewPet, request_id: Option<&str>) -> Prepared {
        let body = serde_json::to_vec(pet).expect("a NewPet always serialises");
        let mut extra = HeaderMap::new();
        if let Some(value) = request_id.and_then(|id| reqwest::header::HeaderValue::from_str(id).ok()) {
            extra.insert(trace::REQUEST_ID, value);
        }
        self.prepare(Method::POST, self.pets.clone(), &extra, Some(body))
    }

    /// The request for `method` and `url` with `body`, as the client sends it: petstore's headers, with the
    /// client's key as `Authorization`, then `extra`, which replace those of the same name save
    /// `Authorization`.
    pub fn prepare(&self, method: Method, url: Url, extra: &HeaderMap, body: Option<Vec<u8>>) -> Prepared {
        let headers = request_headers(self.current_auth(), extra, body.is_some());
        Prepared { method, url, headers, body: body.map(Bytes::from) }
    }

    /// `POST /pets` for a batch, which paces itself: a 429 is not retried here, and the wait the server asked
    /// for (`Retry-After`, in seconds or as a date, uncapped; `None` when absent or unreadable) comes back with
    /// the result, so that the batch pauses all its requests at once rather than each retrying on its own.
    /// Otherwise sent and retried as [`Client::create_pet`] is.
    pub async fn create_pet_paced(&self, pet: &NewPet) -> (Result<Pet, Error>, Option<Duration>) {
        self.create_pet_paced_as(pet, None).await
    }

    /// [`Client::create_pet_paced`], the request named `request_id` (`X-Request-Id`) rather than a fresh id: the
    /// id a journal wrote down before it went out, the same each time the record goes again.
    pub async fn create_pet_paced_as(
        &self,
        pet: &NewPet,
        request_id: Option<&str>,
    ) -> (Result<Pet, Error>, Option<Duration>) {
        let request = self.prepare_create_pet_as(pet, request_id);
        match self.exchange(&request, Refusals::Returned).await {
            Ok(answer) => {
                self.report_deprecation(&request.method, &request.url, &answer.headers);
                let result = created(answer.status, answer.headers.get(CONTENT_TYPE), &answer.body)
                    .map_err(|err| err.with_request_id(answer.request_id.as_deref()));
                (result, retry_after(&answer.headers))
            }
            Err(failure) => (Err(failure.error), None),
        }
    }

    /// `GET /pets/{petId}` (`getPet`, deprecated by the spec).
    pub async fn get_pet(&self, id: i64) -> Result<Pet, Error> {
        self.send(&self.prepare(Method::GET, self.url(&["pets", &id.to_string()]), &HeaderMap::new(), None)).await
    }

    /// Any request under the base URL, for `petstore api`: `headers` are added to (or replace) the usual
    /// ones, except `Authorization`, which is always the client's key. Sent and retried as the typed
    /// operations are: GET and HEAD after any passing failure, other methods only when the server certainly
    /// did not act. The final answer comes back whatever its status, with its body as it is. A URL outside
    /// the base URL is refused: the key goes to that URL alone.
    pub async fn request(&self, request: &Prepared) -> Result<Response, Error> {
        let url = &request.url;
        let base_path = self.base.path().trim_end_matches('/');
        let under_base = url.path() == base_path || url.path().starts_with(&format!("{base_path}/"));
        let userinfo = !url.username().is_empty() || url.password().is_some();
        if url.origin() != self.base.origin() || !under_base || userinfo {
            return Err(Error::InvalidBaseUrl {
                url: DisplaySafeUrl::show(url),
                reason: "it is outside the base URL, the only place the key may go",
            });
        }
        let answer = self.exchange(request, Refusals::Retried).await.map_err(|failure| failure.error)?;
        self.report_deprecation(&request.method, url, &answer.headers);
        if answer.truncated {
            // The body is not whole, so it is not given as the answer: the status still says what happened.
            return Err(Error::Status {
                status: answer.status,
                body: None,
                excerpt: excerpt(&answer.body),
                request_id: answer.request_id,
            });
        }
        Ok(Response {
            status: answer.status,
            headers: answer.headers,
            body: answer.body,
            request_id: answer.request_id,
        })
    }

    /// The base URL with `segments` appended to its path, which is kept (`/v1` is never hard-coded here).
    fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        url.path_segments_mut().expect("check_base_url refuses cannot-be-a-base URLs").pop_if_empty().extend(segments);
        url
    }

    /// Sends, retries (see [`Client::exchange`]) and decodes; reports the final answer's deprecation headers.
    async fn send<T: DeserializeOwned>(&self, request: &Prepared) -> Result<T, Error> {
        let answer = self.exchange(request, Refusals::Retried).await.map_err(|failure| failure.error)?;
        self.report_deprecation(&request.method, &request.url, &answer.headers);
        decode(answer.status, answer.headers.get(CONTENT_TYPE), &answer.body)
            .map_err(|err| err.with_request_id(answer.request_id.as_deref()))
    }

    /// Sends `request` with retries (which ones: [`retry::retried`]), and gives the final answer, whatever its
    /// status. A request that changes something, went out and got no answer is reported as of unknown outcome,
    /// never sent again. With [`Refusals::Returned`], a 429 is the final answer. Every attempt carries the
    /// same `X-Request-Id` and `traceparent`, added here, once per request ([`trace::identify`]); the answer or
    /// the failure carries the id to show.
    async fn exchange(&self, request: &Prepared, refusals: Refusals) -> Result<WholeAnswer, AttemptFailure> {
        check_url(&request.url).map_err(|error| AttemptFailure { error, maybe_sent: false, permanent: true })?;
        let mut headers = request.headers.clone();
        let sent = trace::identify(&mut headers, &self.trace);
        match self.exchange_identified(request, headers, refusals).await {
            Ok(mut answer) => {
                answer.request_id = trace::shown_id(&answer.headers, sent);
                Ok(answer)
            }
            Err(mut failure) => {
                failure.error = failure.error.with_request_id(sent.as_deref());
                Err(failure)
            }
        }
    }

    /// [`Client::exchange`]'s retry loop, with `headers` in place of the request's.
    async fn exchange_identified(
        &self,
        request: &Prepared,
        mut headers: HeaderMap,
        refusals: Refusals,
    ) -> Result<WholeAnswer, AttemptFailure> {
        let (method, url, body) = (&request.method, &request.url, request.body.as_ref());
        let idempotent = retry::changes_nothing(method);
        let mut attempt = 1;
        let mut rekeyed = false;
        loop {
            let wait = match self.attempt(method, url, &headers, body).await {
                Ok(answer) if answer.status == StatusCode::UNAUTHORIZED && !rekeyed => {
                    rekeyed = true;
                    match self.auth_after_refusal(&headers).await {
                        Some(auth) => {
                            headers.insert(AUTHORIZATION, auth);
                            self.notify_retry(
                                attempt,
                                "401 Unauthorized; the key's store holds another",
                                Duration::ZERO,
                            );
                            continue;
                        }
                        None => return Ok(answer),
                    }
                }
                Ok(answer) => {
                    let retryable = retry::retried(method, Attempt::Answered(answer.status), refusals);
                    let wait = retryable.then(|| retry_wait(attempt, &answer.headers)).flatten();
                    match wait {
                        Some(wait) if attempt < MAX_ATTEMPTS => {
                            self.notify_retry(attempt, &answer.status.to_string(), wait);
                            wait
                        }
                        _ => return Ok(answer),
                    }
                }
                Err(mut failure) => {
                    let attempted = Attempt::Failed { maybe_sent: failure.maybe_sent, permanent: failure.permanent };
                    let retryable = retry::retried(method, attempted, refusals);
                    if !retryable || attempt >= MAX_ATTEMPTS {
                        // An answer that is not HTTP is still an answer: it keeps its own wording and exit code.
                        if failure.maybe_sent && !idempotent && !matches!(failure.error, Error::NotHttp { .. }) {
                            failure.error = Error::OutcomeUnknown {
                                method: method.to_string(),
                                reason: failure.error.to_string(),
                                cut: !matches!(failure.error, Error::Timeout { .. }),
                                request_id: None,
                            };
                        }
                        return Err(failure);
                    }
                    let wait = backoff(attempt);
                    self.notify_retry(attempt, &failure.error.to_string(), wait);
                    wait
                }
            };
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    /// One exchange: the request, and the whole answer or why there is none.
    async fn attempt(
        &self,
        method: &Method,
        url: &Url,
        headers: &HeaderMap,
        body: Option<&Bytes>,
    ) -> Result<WholeAnswer, AttemptFailure> {
        // Held until the whole answer is in. The semaphore is never closed.
        let _place = match &self.places {
            Some(places) => places.acquire().await.ok(),
            None => None,
        };
        if let Some(observer) = &self.observer {
            observer.request(method, url, &shown_headers(headers));
        }
        let started = Instant::now();
        let result = self.attempt_reqwest(method, url, headers, body, started).await;
        if let (Err(failure), Some(observer)) = (&result, &self.observer) {
            observer.failed(&failure.error, started.elapsed());
        }
        result
    }

    async fn attempt_reqwest(
        &self,
        method: &Method,
        url: &Url,
        headers: &HeaderMap,
        body: Option<&Bytes>,
        started: Instant,
    ) -> Result<WholeAnswer, AttemptFailure> {
        // Built whole rather than through a `RequestBuilder`, which would merge the headers one by one into
        // an empty map: the same request, one copy of the headers fewer.
        let mut request = reqwest::Request::new(method.clone(), url.clone());
        *request.headers_mut() = headers.clone();
        if let Some(body) = body {
            *request.body_mut() = Some(body.clone().into());
        }
        let response = self.http.execute(request).await.map_err(|err| {
            let error = Error::from_reqwest(url, &err);
            // Neither a certificate we distrust nor another protocol on the port changes on a retry.
            let permanent = is_certificate_error(&err) || matches!(error, Error::NotHttp { .. });
            // Not sent as far as the server is concerned: no connection, an HTTP/2 server that said it left the
            // request unprocessed, or a request with a body that hyper dropped before its body went out.
            let held_back = body.is_some_and(|body| !body.is_empty()) && super::error::dropped_before_its_body(&err);
            let maybe_sent = !err.is_connect() && !super::error::unprocessed_by_h2_server(&err) && !held_back;
            AttemptFailure { maybe_sent, permanent, error }
        })?;
        self.multiplexed.answered_over(response.version());
        let (head, body) = hyper::Response::from(response).into_parts();
        // reqwest keeps the deadline (`--timeout`) on the body too.
        self.answered(url, head.status, head.headers, body, started).await
    }

    /// The rest of an attempt once the answer's head is in: reports it and reads the whole body.
    async fn answered<B>(
        &self,
        url: &Url,
        status: StatusCode,
        headers: HeaderMap,
        body: B,
        started: Instant,
    ) -> Result<WholeAnswer, AttemptFailure>
    where
        B: http_body::Body<Data = Bytes>,
        B::Error: std::error::Error + 'static,
    {
        if let Some(observer) = &self.observer {
            observer.response(status, &headers, started.elapsed());
        }
        // The server's own id, when it named the request; [`Client::exchange`] gives the one sent otherwise.
        // Read only for an error: most answers are whole.
        let answered_id = || trace::shown_id(&headers, None);
        let broken = |reason: String| AttemptFailure {
            maybe_sent: true,
            permanent: false,
            error: Error::BrokenAnswer { status, reason, request_id: answered_id() },
        };
        let mut body = pin!(body);
        let (mut bytes, mut truncated) = (Vec::new(), false);
        loop {
            let chunk = match body.frame().await {
                None => break,
                Some(Ok(frame)) => match frame.into_data() {
                    Ok(chunk) => chunk,
                    // Trailers.
                    Err(_) => continue,
                },
                Some(Err(err)) => return Err(broken(body_error(url, &err).to_string())),
            };
            if bytes.len() + chunk.len() > MAX_BODY_BYTES {
                if !status.is_success() {
                    // An error answer is its status: the body only explains it, and its start does. So the
                    // status still decides (a 401 re-keys, a 4xx is a refusal).
                    bytes.extend_from_slice(&chunk[..MAX_BODY_BYTES - bytes.len()]);
                    truncated = true;
                    break;
                }
                return Err(AttemptFailure {
                    maybe_sent: true,
                    permanent: true,
                    error: Error::Decode {
                        status,
                        reason: format!("the body is larger than {} MiB", MAX_BODY_BYTES / 1024 / 1024),
                        excerpt: excerpt(&bytes),
                        request_id: answered_id(),
                    },
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(WholeAnswer { status, headers, body: bytes, truncated, request_id: None })
    }

    fn notify_retry(&self, attempt: u32, reason: &str, wait: Duration) {
        if let Some(observer) = &self.observer {
            observer.retry(attempt, reason, wait);
        }
    }

    fn report_deprecation(&self, method: &Method, url: &Url, headers: &HeaderMap) {
        let (deprecation, sunset) = (text_header(headers, &DEPRECATION), text_header(headers, &SUNSET));
        if (deprecation.is_some() || sunset.is_some())
            && let Some(observer) = &self.observer
        {
            observer.deprecated(method, url, deprecation.as_deref(), sunset.as_deref());
        }
    }
}

/// RFC 9745's and RFC 8594's headers, named once rather than parsed from text for every answer.
const DEPRECATION: HeaderName = HeaderName::from_static("deprecation");
const SUNSET: HeaderName = HeaderName::from_static("sunset");

/// The `Authorization` header for `key`, marked sensitive to keep it out of reqwest's and hyper's Debug
/// output.
fn authorization(key: &ApiKey) -> Result<HeaderValue, Error> {
    let mut auth = HeaderValue::try_from(format!("Bearer {}", key.expose())).map_err(|_| Error::UnusableKey)?;
    auth.set_sensitive(true);
    Ok(auth)
}

/// A header's value as text that is safe to show, when the header is there.
fn text_header(headers: &HeaderMap, name: &HeaderName) -> Option<String> {
    headers.get(name).map(|value| one_line(&String::from_utf8_lossy(value.as_bytes())))
}

/// The headers of a request: petstore's own, with `auth` as `Authorization`, then `extra`, which replace those
/// of the same name save `Authorization`.
fn request_headers(auth: HeaderValue, extra: &HeaderMap, has_body: bool) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(USER_AGENT, HeaderValue::from_static(concat!("petstore/", env!("CARGO_PKG_VERSION"))));
    headers.insert(AUTHORIZATION, auth);
    headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
    if has_body {
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    }
    // Nothing a caller adds replaces or repeats the key.
    for name in extra.keys().filter(|name| **name != AUTHORIZATION) {
        headers.remove(name);
    }
    for (name, value) in extra.iter().filter(|(name, _)| **name != AUTHORIZATION) {
        headers.append(name, value.clone());
    }
    headers
}

/// True when rustls refused the server's certificate: trying again will not change its mind.
fn is_certificate_error(err: &reqwest::Error) -> bool {
    tls_error(err)
        .is_some_and(|tls| matches!(tls, rustls::Error::InvalidCertificate(_) | rustls::Error::NoCertificatesPresented))
}

/// The headers as `--verbose` may show them: the credential is masked.
fn shown_headers(headers: &HeaderMap) -> Vec<(&str, String)> {
    headers
        .iter()
        .map(|(name, value)| {
            let shown = if value.is_sensitive() {
                "Bearer ****".to_owned()
            } else {
                value.to_str().unwrap_or("(binary)").to_owned()
            };
            (name.as_str(), shown)
        })
        .collect()
}

/// [`Error::UrlTooLong`] when `url` is longer than [`super::MAX_URL_BYTES`]: checked before sending, and by
/// `--dry-run`, which sends nothing but must refuse what would not be sent.
pub fn check_url(url: &Url) -> Result<(), Error> {
    let length = url.as_str().len();
    if length > super::MAX_URL_BYTES {
        return Err(Error::UrlTooLong { length, limit: super::MAX_URL_BYTES });
    }
    Ok(())
}

/// The key may cross the network only encrypted: plain `http://` is for loopback addresses alone.
fn check_base_url(base: &Url) -> Result<(), Error> {
    url_may_carry_key(base).map_err(|reason| Error::InvalidBaseUrl { url: DisplaySafeUrl::show(base), reason })
}

/// How long a connection may take to open, for attempts of `timeout`: [`CONNECT_TIMEOUT`], and for shorter
/// attempts nine tenths of theirs, so that a connection the server never accepts always ends the attempt
/// before its deadline does. Then the request was certainly not sent (a POST is "not created", and may go
/// again), which an attempt cut off by its deadline, perhaps mid-request, cannot say.
fn connect_timeout(timeout: Duration) -> Duration {
    CONNECT_TIMEOUT.min(timeout.mul_f64(0.9))
}

/// Why a body stopped mid-way: reqwest's error as reqwest's failures are worded, hyper's from its causes.
fn body_error(url: &Url, err: &(dyn std::error::Error + 'static)) -> Error {
    match err.downcast_ref::<reqwest::Error>() {
        Some(err) => Error::from_reqwest(url, err),
        None => Error::from_transport(url, err, false),
    }
}

fn install_crypto_provider() {
    // `Err` means one is installed already, which is all we need.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
#[cfg(test)]
mod tests {
    use super::*;

    fn client(base: &str) -> Result<Client, Error> {
        Client::new(Url::parse(base).unwrap(), &ApiKey::new("k".into()).unwrap())
    }

    #[test]
    fn the_base_path_is_kept_with_or_without_a_trailing_slash() {
        for base in ["http://127.0.0.1:1/v1", "http://127.0.0.1:1/v1/"] {
            assert_eq!(client(base).unwrap().url(&["pets", "3"]).as_str(), "http://127.0.0.1:1/v1/pets/3");
        }
        let deep = client("https://api.example.com/petstore/v1").unwrap();
        assert_eq!(deep.url(&["pets"]).as_str(), "https://api.example.com/petstore/v1/pets");
    }

    #[test]
    fn plain_http_is_refused_except_for_loopback() {
        assert!(client("http://localhost:4010/v1").is_ok());
        assert!(client("http://[::1]:4010/v1").is_ok());
        assert!(client("http://127.8.0.1/v1").is_ok());
        let err = client("http://api.example.com/v1").unwrap_err();
        assert!(err.to_string().contains("plain `http://` would expose the API key"), "{err}");
        assert!(client("ftp://127.0.0.1/v1").is_err());
    }

    #[test]
    fn user_info_is_refused_and_never_shown() {
        for base in ["http://me:hunter2@127.0.0.1/v1", "https://hunter2@api.example.com/v1"] {
            let err = client(base).unwrap_err();
            assert!(err.to_string().contains("user name or password"), "{err}");
            assert!(!format!("{err} {err:?}").contains("hunter2"), "{err}");
        }
    }
}
