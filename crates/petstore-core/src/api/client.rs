//! The HTTP client: one method per operation of the spec, with timeouts and retries that never repeat a
//! request the server may have acted on. One reqwest client with rustls for every base URL: HTTPS (HTTP/2
//! where the server offers it by ALPN), and plain HTTP, which only loopback may use. One stack, so that what
//! the tests prove against the sandbox is the path users take.

use std::pin::pin;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use http_body_util::BodyExt;
use hyper::body::Bytes;

use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderMap, HeaderValue, RETRY_AFTER, USER_AGENT};
use reqwest::{Method, StatusCode, Url};
use serde::de::DeserializeOwned;

use super::base_url::{DisplaySafeUrl, url_may_carry_key};
use super::error::{Error, excerpt, one_line, tls_error};
use super::key::ApiKey;
use super::models::{ListQuery, NewPet, Pet};
use super::retry::{self, Attempt, Refusals};

/// Bodies larger than this are refused rather than buffered: what a list of 100 animals with the longest names
/// needs (about 75 MiB; usually a few KiB).
pub const MAX_BODY_BYTES: usize = super::models::MAX_LIST_BODY_BYTES;
/// How long to wait for a TCP (and TLS) connection, at most.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one attempt may take, from sending to the last byte of the answer (`--timeout`).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Attempts per request, the first included.
pub const MAX_ATTEMPTS: u32 = 4;
/// The first backoff's upper bound; each retry doubles it (full jitter: the wait is random below it).
pub const BACKOFF_BASE: Duration = Duration::from_millis(250);
/// The longest wait petstore accepts from a `Retry-After`; a server asking for more gets no retry.
pub const RETRY_AFTER_CAP: Duration = Duration::from_secs(10);

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
}

/// How a client behaves on the network.
#[derive(Debug, Clone)]
pub struct Settings {
    /// One attempt's whole duration (`--timeout`).
    pub timeout: Duration,
    /// Extra CA certificates to trust, PEM (`--cacert`).
    pub ca_certificates: Vec<reqwest::Certificate>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { timeout: REQUEST_TIMEOUT, ca_certificates: Vec::new() }
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
    pub body: Option<Vec<u8>>,
}

/// What came back for one attempt: the status, the headers and the whole body.
struct WholeAnswer {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
    /// An error answer's body was cut at [`MAX_BODY_BYTES`]: `body` is its start.
    truncated: bool,
}

/// Why one attempt got no complete answer, and whether the request may have reached the server.
struct AttemptFailure {
    error: Error,
    /// False only when the connection could not be made: then the server certainly did nothing.
    maybe_sent: bool,
    /// A failure that a retry cannot mend (a certificate the client does not trust).
    permanent: bool,
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
            builder = builder.no_proxy();
        }
        for certificate in settings.ca_certificates {
            builder = builder.add_root_certificate(certificate);
        }
        let http = builder.build().map_err(|err| Error::from_reqwest(&base, &err))?;
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
    /// is this record's creation only when it is a 201 (or 200) whose animal is the one sent ([`created`]).
    pub async fn create_pet(&self, pet: &NewPet) -> Result<Pet, Error> {
        let request = self.prepare_create_pet(pet);
        let answer = self.exchange(&request, Refusals::Retried).await.map_err(|failure| failure.error)?;
        self.report_deprecation(&request.method, &request.url, &answer.headers);
        created(pet, answer.status, answer.headers.get(CONTENT_TYPE), &answer.body)
    }

    /// `POST /pets` (`createPet`) with `pet`, as [`Client::create_pet`] sends it.
    pub fn prepare_create_pet(&self, pet: &NewPet) -> Prepared {
        let body = serde_json::to_vec(pet).expect("a NewPet always serialises");
        self.prepare(Method::POST, self.pets.clone(), &HeaderMap::new(), Some(body))
    }

    /// The request for `method` and `url` with `body`, as the client sends it: petstore's headers, with the
    /// client's key as `Authorization`, then `extra`, which replace those of the same name save
    /// `Authorization`.
    pub fn prepare(&self, method: Method, url: Url, extra: &HeaderMap, body: Option<Vec<u8>>) -> Prepared {
        let headers = request_headers(self.current_auth(), extra, body.is_some());
        Prepared { method, url, headers, body }
    }

    /// `POST /pets` for a batch, which paces itself: a 429 is not retried here, and the wait the server asked
    /// for (`Retry-After`, in seconds or as a date, uncapped; `None` when absent or unreadable) comes back with
    /// the result, so that the batch pauses all its requests at once rather than each retrying on its own.
    /// Otherwise sent and retried as [`Client::create_pet`] is.
    pub async fn create_pet_paced(&self, pet: &NewPet) -> (Result<Pet, Error>, Option<Duration>) {
        let request = self.prepare_create_pet(pet);
        match self.exchange(&request, Refusals::Returned).await {
            Ok(answer) => {
                self.report_deprecation(&request.method, &request.url, &answer.headers);
                let result = created(pet, answer.status, answer.headers.get(CONTENT_TYPE), &answer.body);
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
            return Err(Error::Status { status: answer.status, body: None, excerpt: excerpt(&answer.body) });
        }
        Ok(Response { status: answer.status, headers: answer.headers, body: answer.body })
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
    }

    /// Sends `request` with retries (which ones: [`retry::retried`]), and gives the final answer, whatever its
    /// status. A request that changes something, went out and got no answer is reported as of unknown outcome,
    /// never sent again. With [`Refusals::Returned`], a 429 is the final answer.
    async fn exchange(&self, request: &Prepared, refusals: Refusals) -> Result<WholeAnswer, AttemptFailure> {
        let (method, url, body) = (&request.method, &request.url, request.body.as_deref());
        check_url(url).map_err(|error| AttemptFailure { error, maybe_sent: false, permanent: true })?;
        // Cloned only to change the key after a 401.
        let mut headers = std::borrow::Cow::Borrowed(&request.headers);
        let idempotent = method == Method::GET || method == Method::HEAD;
        let mut attempt = 1;
        let mut rekeyed = false;
        loop {
            let wait = match self.attempt(method, url, &headers, body).await {
                Ok(answer) if answer.status == StatusCode::UNAUTHORIZED && !rekeyed => {
                    rekeyed = true;
                    match self.auth_after_refusal(&headers).await {
                        Some(auth) => {
                            headers.to_mut().insert(AUTHORIZATION, auth);
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
        body: Option<&[u8]>,
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
        body: Option<&[u8]>,
        started: Instant,
    ) -> Result<WholeAnswer, AttemptFailure> {
        // Built whole rather than through a `RequestBuilder`, which would merge the headers one by one into
        // an empty map: the same request, one copy of the headers fewer.
        let mut request = reqwest::Request::new(method.clone(), url.clone());
        *request.headers_mut() = headers.clone();
        if let Some(body) = body {
            *request.body_mut() = Some(body.to_vec().into());
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
        let broken = |reason: String| AttemptFailure {
            maybe_sent: true,
            permanent: false,
            error: Error::BrokenAnswer { status, reason },
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
                    },
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(WholeAnswer { status, headers, body: bytes, truncated })
    }

    fn notify_retry(&self, attempt: u32, reason: &str, wait: Duration) {
        if let Some(observer) = &self.observer {
            observer.retry(attempt, reason, wait);
        }
    }

    fn report_deprecation(&self, method: &Method, url: &Url, headers: &HeaderMap) {
        let (deprecation, sunset) = (text_header(headers, "deprecation"), text_header(headers, "sunset"));
        if (deprecation.is_some() || sunset.is_some())
            && let Some(observer) = &self.observer
        {
            observer.deprecated(method, url, deprecation.as_deref(), sunset.as_deref());
        }
    }
}

/// The `Authorization` header for `key`, marked sensitive to keep it out of reqwest's and hyper's Debug
/// output.
fn authorization(key: &ApiKey) -> Result<HeaderValue, Error> {
    let mut auth = HeaderValue::try_from(format!("Bearer {}", key.expose())).map_err(|_| Error::UnusableKey)?;
    auth.set_sensitive(true);
    Ok(auth)
}

/// The wait before retry number `attempt`: exponential backoff with full jitter (a random wait below
/// `BACKOFF_BASE * 2^(attempt-1)`), so that many clients retrying at once spread out.
fn backoff(attempt: u32) -> Duration {
    let ceiling = BACKOFF_BASE.saturating_mul(1 << (attempt - 1).min(16));
    ceiling.mul_f64(fastrand::f64())
}

/// The wait a `Retry-After` asks for (seconds, or an HTTP-date), else the backoff; `None` when the server
/// asks for longer than [`RETRY_AFTER_CAP`], which is then not worth waiting for.
fn retry_wait(attempt: u32, headers: &HeaderMap) -> Option<Duration> {
    match retry_after(headers) {
        Some(asked) => (asked <= RETRY_AFTER_CAP).then_some(asked),
        None => Some(backoff(attempt)),
    }
}

/// The wait a `Retry-After` asks for, in seconds or as an HTTP-date (a date past is no wait); `None` when
/// there is none, or it is unreadable.
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
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

/// A header's value as text that is safe to show, when the header is there.
fn text_header(headers: &HeaderMap, name: &str) -> Option<String> {
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

/// Turns a complete answer into the promised document or a typed error; never panics, whatever the bytes.
pub fn decode<T: DeserializeOwned>(
    status: StatusCode,
    content_type: Option<&HeaderValue>,
    bytes: &[u8],
) -> Result<T, Error> {
    if !status.is_success() {
        let body = serde_json::from_slice::<super::models::Error>(bytes).ok().map(|mut body| {
            body.message = one_line(&body.message);
            body.code = one_line(&body.code);
            body
        });
        return Err(Error::Status { status, body, excerpt: excerpt(bytes) });
    }
    if let Some(content_type) = content_type
        && (!is_json(content_type) || is_problem(content_type))
    {
        return Err(Error::Decode {
            status,
            reason: format!(
                "expected `application/json`, got `{}`",
                one_line(&String::from_utf8_lossy(content_type.as_bytes()))
            ),
            excerpt: excerpt(bytes),
        });
    }
    serde_json::from_slice(bytes).map_err(|err| Error::Decode {
        status,
        reason: if bytes.is_empty() { "the body is empty".to_owned() } else { one_line(&err.to_string()) },
        excerpt: excerpt(bytes),
    })
}

/// The animal a `POST /pets` created for `sent`, from the whole answer; else why the answer does not say so.
///
/// The spec promises 201 with the created animal; 200 is taken too, as many servers send it. Any other 2xx (a
/// 202 that only queued it, a 204 without it) says the server acted without saying it created this record,
/// so it is an error whose outcome is unknown, as a 1xx or 3xx is ([`Error::maybe_applied`]). An animal that
/// does not carry the `name` (byte for byte), `categoryId` and `status` sent is another request's answer (a
/// proxy or server that mixed its answers up) and says nothing of this one: [`Error::NotThisRecord`]. A
/// record sent without a status may come back with one, since the spec states no default.
pub fn created(
    sent: &NewPet,
    status: StatusCode,
    content_type: Option<&HeaderValue>,
    bytes: &[u8],
) -> Result<Pet, Error> {
    if status.is_success() && status != StatusCode::CREATED && status != StatusCode::OK {
        return Err(Error::Status { status, body: None, excerpt: excerpt(bytes) });
    }
    let pet: Pet = decode(status, content_type, bytes)?;
    let mut differences = Vec::new();
    if pet.name != sent.name {
        differences.push(difference("name", &pet.name, &sent.name));
    }
    if pet.category_id != sent.category_id {
        differences.push(difference("categoryId", &pet.category_id, &sent.category_id));
    }
    if let Some(sent_status) = sent.status
        && pet.status != Some(sent_status)
    {
        differences.push(difference("status", &pet.status, &sent_status));
    }
    if differences.is_empty() {
        return Ok(pet);
    }
    Err(Error::NotThisRecord { status, differences: differences.join("; ") })
}

/// One field of an answer that differs from what was sent, its values as JSON (so that a name that differs
/// only in its spaces or quotes shows how), each cut to [`super::error::EXCERPT_CHARS`] characters.
fn difference(field: &str, got: &impl serde::Serialize, sent: &impl serde::Serialize) -> String {
    format!("`{field}` is `{}`, not the `{}` sent", shown_json(got), shown_json(sent))
}

/// `value` as JSON, cut to [`super::error::EXCERPT_CHARS`] characters.
fn shown_json(value: &impl serde::Serialize) -> String {
    let json = serde_json::to_string(value).unwrap_or_default();
    let mut shown: String = json.chars().take(super::error::EXCERPT_CHARS).collect();
    if shown.len() < json.len() {
        shown.push('…');
    }
    shown
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

/// `application/json` and its `+json` relatives, with any parameters.
fn is_json(content_type: &HeaderValue) -> bool {
    let Ok(value) = content_type.to_str() else { return false };
    // Compared in any case, without a lower-case copy: this runs for every answer of a batch.
    let essence = value.split(';').next().unwrap_or("").trim().as_bytes();
    let (prefix, suffix) = (b"application/".len(), b"+json".len());
    essence.eq_ignore_ascii_case(b"application/json")
        || (essence.len() >= prefix + suffix
            && essence[..prefix].eq_ignore_ascii_case(b"application/")
            && essence[essence.len() - suffix..].eq_ignore_ascii_case(b"+json"))
}

/// `application/problem+json` (RFC 9457): a report of a failure, whatever the status says, so never the
/// document a 2xx promises, even when its JSON happens to fit (`[]`).
fn is_problem(content_type: &HeaderValue) -> bool {
    let Ok(value) = content_type.to_str() else { return false };
    value.split(';').next().unwrap_or("").trim().eq_ignore_ascii_case("application/problem+json")
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
    use crate::api::models::Pet;

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

    #[test]
    fn decode_keeps_the_error_body_and_survives_other_shapes() {
        let json = HeaderValue::from_static("application/json");
        let err = decode::<Pet>(
            StatusCode::NOT_FOUND,
            Some(&json),
            br#"{"code":"not_found","message":"no pet","status":404}"#,
        )
        .unwrap_err();
        assert!(matches!(err, Error::Status { body: Some(ref b), .. } if b.code == "not_found"), "{err:?}");

        let html = HeaderValue::from_static("text/html");
        let err = decode::<Pet>(StatusCode::BAD_GATEWAY, Some(&html), b"<html>bad gateway</html>").unwrap_err();
        assert!(matches!(err, Error::Status { body: None, ref excerpt, .. } if excerpt == "<html>bad gateway</html>"));

        let problem = HeaderValue::from_static("application/problem+json");
        let err = decode::<Pet>(StatusCode::BAD_REQUEST, Some(&problem), br#"{"title":"x"}"#).unwrap_err();
        assert!(matches!(err, Error::Status { body: None, .. }));

        let err = decode::<Pet>(StatusCode::INTERNAL_SERVER_ERROR, None, b"").unwrap_err();
        assert!(matches!(err, Error::Status { body: None, ref excerpt, .. } if excerpt.is_empty()));
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

    proptest::proptest! {
        /// Whatever the status, content type and bytes, decoding gives a document or a typed error, and an
        /// error's text is one line (escaping it is `output::safe`'s job).
        #[test]
        fn decode_never_panics(status in 100u16..600, content_type in proptest::option::of("[ -~]{0,40}"), body in proptest::collection::vec(proptest::num::u8::ANY, 0..300)) {
            let status = StatusCode::from_u16(status).unwrap();
            let content_type = content_type.and_then(|c| HeaderValue::from_str(&c).ok());
            match decode::<Vec<Pet>>(status, content_type.as_ref(), &body) {
                Ok(_) => proptest::prop_assert!(status.is_success()),
                Err(err) => proptest::prop_assert!(!err.to_string().contains(['\n', '\r']), "{err}"),
            }
        }

        /// Bodies that are JSON but not the right JSON are errors too, never a panic.
        #[test]
        fn decode_survives_arbitrary_json(json in "[\\[\\]{}\":,0-9a-z .-]{0,80}") {
            let json_type = HeaderValue::from_static("application/json");
            let _ = decode::<Vec<Pet>>(StatusCode::OK, Some(&json_type), json.as_bytes());
            let _ = decode::<Pet>(StatusCode::CREATED, Some(&json_type), json.as_bytes());
        }
    }

    #[test]
    fn an_answer_is_the_records_creation_only_when_it_carries_the_animal_sent() {
        use crate::api::PetStatus;
        let json = HeaderValue::from_static("application/json");
        let sent = NewPet { name: "Rex".into(), category_id: 3, status: Some(PetStatus::Sold) };
        let answer = |status: u16, body: &str| {
            created(&sent, StatusCode::from_u16(status).unwrap(), Some(&json), body.as_bytes())
        };
        let rex = r#"{"id":7,"name":"Rex","categoryId":3,"status":"sold","tags":[]}"#;
        assert_eq!(
            answer(201, rex).unwrap(),
            Pet { id: 7, name: "Rex".into(), category_id: 3, status: Some(PetStatus::Sold) }
        );
        let mismatch = |body: &str| match answer(201, body) {
            Err(Error::NotThisRecord { status, differences }) => {
                assert_eq!(status, StatusCode::CREATED);
                differences
            }
            other => panic!("{body}: {other:?}"),
        };
        assert_eq!(
            mismatch(r#"{"id":8,"name":"Max","categoryId":3,"status":"sold"}"#),
            r#"`name` is `"Max"`, not the `"Rex"` sent"#
        );
        // Byte for byte: neither spaces nor case nor Unicode normalisation make another name the same one.
        for name in ["Rex ", "rex", "Rex\\u200b"] {
            let body = format!(r#"{{"id":8,"name":"{name}","categoryId":3,"status":"sold"}}"#);
            assert!(mismatch(&body).starts_with("`name` is"), "{name}");
        }
        let composed = NewPet { name: "Zo\u{e9}".into(), category_id: 3, status: None };
        let decomposed = r#"{"id":8,"name":"Zoe\u0301","categoryId":3}"#;
        let err = created(&composed, StatusCode::CREATED, Some(&json), decomposed.as_bytes()).unwrap_err();
        assert!(matches!(err, Error::NotThisRecord { .. }), "{err:?}");
        assert_eq!(
            mismatch(r#"{"id":8,"name":"Rex","categoryId":4,"status":"pending"}"#),
            r#"`categoryId` is `4`, not the `3` sent; `status` is `"pending"`, not the `"sold"` sent"#
        );
        assert_eq!(mismatch(r#"{"id":8,"name":"Rex","categoryId":3}"#), r#"`status` is `null`, not the `"sold"` sent"#);
        // A long name is shown cut, on one line.
        let long = "n\\n".repeat(300);
        let differences = mismatch(&format!(r#"{{"id":8,"name":"{long}","categoryId":3,"status":"sold"}}"#));
        assert!(
            differences.chars().count() < 300 && differences.contains("…") && !differences.contains('\n'),
            "{differences}"
        );

        // Sent without a status, any status the server fills in is the record's: the spec states no default.
        let no_status = NewPet { status: None, ..sent.clone() };
        for body in [
            rex,
            r#"{"id":7,"name":"Rex","categoryId":3,"status":"available"}"#,
            r#"{"id":7,"name":"Rex","categoryId":3}"#,
        ] {
            assert!(created(&no_status, StatusCode::CREATED, Some(&json), body.as_bytes()).is_ok(), "{body}");
        }
    }

    #[test]
    fn a_post_is_answered_by_a_201_or_a_200_and_any_other_2xx_leaves_it_unknown() {
        use crate::api::PetStatus;
        let json = HeaderValue::from_static("application/json");
        let sent = NewPet { name: "Rex".into(), category_id: 3, status: Some(PetStatus::Sold) };
        let answer = |status: u16, body: &str| {
            created(&sent, StatusCode::from_u16(status).unwrap(), Some(&json), body.as_bytes())
        };
        let rex = r#"{"id":7,"name":"Rex","categoryId":3,"status":"sold"}"#;
        assert_eq!(answer(201, rex).unwrap().id, 7);
        assert_eq!(answer(200, rex).unwrap().id, 7, "200 is taken too");
        // Any other 2xx did something it does not name: its outcome is unknown, whatever its body.
        for code in [202, 203, 204, 206, 299] {
            let err = answer(code, rex).unwrap_err();
            assert!(matches!(err, Error::Status { .. }) && err.maybe_applied(), "{code}: {err:?}");
        }
        // Answers that are not 2xx keep their status.
        let err = answer(303, "").unwrap_err();
        assert!(matches!(err, Error::Status { status, .. } if status == StatusCode::SEE_OTHER) && err.maybe_applied());
        assert!(!answer(400, r#"{"code":"invalid_body","message":"no","status":400}"#).unwrap_err().maybe_applied());
    }

    #[test]
    fn decode_refuses_a_2xx_that_is_not_the_promised_document() {
        let json = HeaderValue::from_static("application/json; charset=utf-8");
        let err = decode::<Pet>(StatusCode::OK, Some(&json), b"").unwrap_err();
        assert_eq!(err.to_string(), "unreadable response (HTTP 200 OK): the body is empty");
        let err = decode::<Pet>(StatusCode::OK, Some(&json), br#"{"id":"x"}"#).unwrap_err();
        assert!(err.to_string().contains("invalid type"), "{err}");
        let html = HeaderValue::from_static("text/html");
        let err = decode::<Pet>(StatusCode::OK, Some(&html), b"<p>").unwrap_err();
        assert!(err.to_string().contains("expected `application/json`, got `text/html`"), "{err}");
        // A problem report is no list, even one whose JSON would read as an empty list.
        let problem = HeaderValue::from_static("Application/Problem+JSON; charset=utf-8");
        let err = decode::<Vec<Pet>>(StatusCode::OK, Some(&problem), b"[]").unwrap_err();
        assert!(err.to_string().contains("got `Application/Problem+JSON; charset=utf-8`"), "{err}");
        let vendor = HeaderValue::from_static("application/vnd.petstore+json");
        assert!(decode::<Vec<Pet>>(StatusCode::OK, Some(&vendor), b"[]").unwrap().is_empty());
        // JSON in any case, and only JSON.
        for (value, json) in [
            ("APPLICATION/JSON", true),
            (" Application/Vnd.X+JSON ; q=1", true),
            ("application/+json", true),
            ("application/jsonx", false),
            ("application/json+", false),
            ("text/+json", false),
            ("+json", false),
            ("", false),
        ] {
            assert_eq!(is_json(&HeaderValue::from_str(value).unwrap()), json, "{value}");
        }
    }
}
