//! Transport-level errors: what went wrong between us and the server, before any user-facing wording.

use reqwest::StatusCode;
use reqwest::Url;

use super::models;

/// How many characters of an unexpected body an error keeps to show the user.
pub const EXCERPT_CHARS: usize = 200;

/// A request that did not produce the document we asked for.
#[derive(Debug, Clone, thiserror::Error)]
pub enum Error {
    /// The base URL cannot carry requests (it is not http(s), or has no host).
    #[error("`{url}` is not a usable base URL: {reason}")]
    InvalidBaseUrl { url: String, reason: &'static str },

    /// The key holds a character an HTTP header cannot carry (a newline, another control character).
    #[error("the API key cannot be sent: it holds a newline or another control character")]
    UnusableKey,

    /// The TCP or TLS connection could not be made; nothing was sent.
    #[error("cannot connect to `{origin}`: {reason}")]
    Connect { origin: String, reason: String },

    /// The TLS handshake failed: rustls refused the server's certificate, or the server does not speak TLS;
    /// nothing was sent.
    #[error("TLS handshake with `{origin}` failed: {reason}")]
    Tls { origin: String, reason: String },

    /// HTTPS, and the system has no CA certificate to check the server's with (a container without
    /// ca-certificates) and none was given: `looked` says where petstore looked. Nothing was sent.
    #[error("no CA certificates to check `{origin}`'s certificate with: none in {looked}")]
    NoCaStore { origin: String, looked: String },

    /// The URL is longer than [`super::MAX_URL_BYTES`]; nothing was sent.
    #[error("the request URL is {length} bytes long, over petstore's limit of {limit} bytes: nothing was sent")]
    UrlTooLong { length: usize, limit: usize },

    /// The server answered with bytes that are not an HTTP response (another protocol on that port, TLS to a
    /// plain `http://` URL, a broken proxy). The request went out, so a write may have taken effect.
    #[error("the server at `{origin}` did not answer in HTTP: {reason}")]
    NotHttp { origin: String, reason: String },

    /// The request was sent, or may have been, and no complete answer came in time.
    #[error("no answer from `{origin}` in time")]
    Timeout { origin: String },

    /// Any other failure while sending or receiving.
    #[error("request to `{origin}` failed: {reason}")]
    Transport { origin: String, reason: String },

    /// The status line came, then the connection broke before the whole body did.
    #[error("the answer (HTTP {status}) broke off: {reason}")]
    BrokenAnswer { status: StatusCode, reason: String, request_id: Option<String> },

    /// A request that changes something went out and no complete answer came back: it may or may not
    /// have taken effect, and it was not sent again. `cut`: the connection broke under it (closed or reset),
    /// rather than a timer ending the wait; a broken connection takes every request in flight on it at once.
    #[error("no complete answer to the {method}, so it may or may not have taken effect: {reason}")]
    OutcomeUnknown { method: String, reason: String, cut: bool, request_id: Option<String> },

    /// The server answered with a status the operation does not promise: one outside 2xx, or for a `POST
    /// /pets` a 2xx other than 201 and 200.
    #[error("the server answered {status}")]
    Status {
        status: StatusCode,
        /// The decoded Error body, when the body was one.
        body: Option<models::Error>,
        /// An excerpt of the body on one line, for when it was not.
        excerpt: String,
        /// The request's id ([`Error::request_id`]).
        request_id: Option<String>,
    },

    /// A 2xx answer whose body is not the document the spec promises.
    #[error("unreadable response (HTTP {status}): {reason}")]
    Decode { status: StatusCode, reason: String, excerpt: String, request_id: Option<String> },

    /// A creation answered with an animal whose id the server had already given as the answer to another
    /// record of the same run: a proxy or cache replaying an earlier answer, which says nothing of whether
    /// this record was created.
    #[error("the server answered with animal `{id}`, already the answer to another record of this run")]
    RepeatedId { id: i64 },
}

impl Error {
    /// The id of the request this error came from, for a request the server may have seen: its answer's
    /// `X-Request-Id` when it gave one, else the one petstore sent (see [`super::trace`]). What to quote to
    /// the server's operators.
    pub fn request_id(&self) -> Option<&str> {
        match self {
            Error::Status { request_id, .. }
            | Error::Decode { request_id, .. }
            | Error::BrokenAnswer { request_id, .. }
            | Error::OutcomeUnknown { request_id, .. } => request_id.as_deref(),
            _ => None,
        }
    }

    /// The HTTP status of the answer, when one came.
    pub fn status(&self) -> Option<u16> {
        match self {
            Error::Status { status, .. } | Error::Decode { status, .. } | Error::BrokenAnswer { status, .. } => {
                Some(status.as_u16())
            }
            _ => None,
        }
    }

    /// This error with `id` as its request id ([`Error::request_id`]), when it is of a kind that has one and
    /// has none yet.
    pub fn with_request_id(mut self, id: Option<&str>) -> Error {
        match &mut self {
            Error::Status { request_id, .. }
            | Error::Decode { request_id, .. }
            | Error::BrokenAnswer { request_id, .. }
            | Error::OutcomeUnknown { request_id, .. }
                if request_id.is_none() =>
            {
                *request_id = id.map(ToOwned::to_owned);
            }
            _ => {}
        }
        self
    }

    /// Whether the server could not be reached at all: no connection (refused, reset, a name that does not
    /// resolve), or no answer in time. Not an answer of any kind (a 401, a 500, bytes that are not HTTP), nor a
    /// TLS refusal, which says the line is up and something else is wrong. What `ui` shows as offline, and what
    /// `--offline` is named for.
    pub fn unreachable(&self) -> bool {
        matches!(self, Error::Connect { .. } | Error::Timeout { .. } | Error::Transport { .. })
    }

    /// Whether a request that changes something (not GET or HEAD, which change nothing) may have taken
    /// effect although it failed: it went out and no complete answer came (the client, which knows, says so
    /// with [`Error::OutcomeUnknown`]), the server failed (a 5xx does not say whether it acted first; a proxy's
    /// 502 or 504 may follow a stored pet; a 408 says the server gave up waiting), the server said it
    /// succeeded in words that cannot be read or for another request ([`Error::RepeatedId`]), or it gave
    /// an answer the API never gives to a write, which says nothing of this one: a 1xx as the final answer,
    /// a 3xx (a 303 points at what a POST made), a 2xx the operation does not promise, a status past 599.
    /// False when the server certainly did not act: no connection, a 4xx other than 408 (a refusal), or a 507
    /// (`storage_full`: nothing was stored). The status decides, whatever the body says or however large it
    /// is.
    pub fn maybe_applied(&self) -> bool {
        match self {
            Error::OutcomeUnknown { .. } | Error::NotHttp { .. } | Error::RepeatedId { .. } => true,
            Error::Status { status, .. } => !is_refusal(*status),
            Error::Decode { status, .. } => status.is_success(),
            _ => false,
        }
    }

    /// Classifies a reqwest failure. Only the innermost cause is kept: reqwest's outer layers repeat the URL.
    pub(crate) fn from_reqwest(url: &Url, err: &reqwest::Error) -> Error {
        if err.is_timeout() {
            return Error::Timeout { origin: url.origin().ascii_serialization() };
        }
        Error::from_transport(url, err, err.is_connect())
    }

    /// The error of a request that got no answer, from its chain of causes (reqwest's or hyper-util's):
    /// `connect` says the connection itself could not be made.
    pub(crate) fn from_transport(url: &Url, err: &(dyn std::error::Error + 'static), connect: bool) -> Error {
        let origin = url.origin().ascii_serialization();
        if is_timed_out(err) {
            // A connect timeout among them, as reqwest's `is_timeout` counts it: no answer in time.
            return Error::Timeout { origin };
        }
        let reason = if dropped_before_its_body(err) {
            // hyper's words ("runtime dropped the dispatch task") say nothing to a person.
            "the server closed the connection before the request could go out".to_owned()
        } else if let Some(words) = h2_words(err) {
            words
        } else {
            innermost_cause(err)
        };
        if is_not_http(err) {
            Error::NotHttp { origin, reason }
        } else if tls_error(err).is_some() {
            Error::Tls { origin, reason }
        } else if connect {
            Error::Connect { origin, reason }
        } else {
            Error::Transport { origin, reason }
        }
    }
}

/// Whether `status` says the server did not act on the request: a 4xx other than 408 (a client error: the
/// request was refused as it was), or a 507 (`storage_full`: nothing was stored).
fn is_refusal(status: StatusCode) -> bool {
    (status.is_client_error() && status != StatusCode::REQUEST_TIMEOUT) || status == StatusCode::INSUFFICIENT_STORAGE
}

/// The rustls error behind a failed request, when the TLS handshake is what failed. The rustls error sits
/// inside an `io::Error`, whose `source()` skips the error it wraps, so each `io::Error` on the way is opened
/// with `get_ref()`.
pub(crate) fn tls_error<'e>(err: &'e (dyn std::error::Error + 'static)) -> Option<&'e rustls::Error> {
    let mut cause: Option<&'e (dyn std::error::Error + 'static)> = Some(err);
    while let Some(error) = cause {
        if let Some(tls) = error.downcast_ref::<rustls::Error>() {
            return Some(tls);
        }
        cause = match error.downcast_ref::<std::io::Error>().and_then(std::io::Error::get_ref) {
            Some(wrapped) => Some(wrapped),
            None => error.source(),
        };
    }
    None
}

/// True when an HTTP/2 server said it did not process the request (RFC 9113 §8.7), so that it may be sent
/// again, a POST included: it reset the request's stream with `REFUSED_STREAM`, or the stream lies above the
/// last one its `GOAWAY` (without an error) promised to process. h2 reports the second case, and only it, as
/// the peer's `GOAWAY` with `NO_ERROR` on the stream: streams at or below that id that are then cut off end
/// with a broken pipe, of unknown outcome. reqwest already sends such a request again twice on its own; this
/// is for when those tries were refused too.
pub(crate) fn unprocessed_by_h2_server(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(err);
    while let Some(error) = cause {
        if let Some(h2) = error.downcast_ref::<h2::Error>() {
            let reason = h2.reason();
            return h2.is_remote()
                && ((h2.is_reset() && reason == Some(h2::Reason::REFUSED_STREAM))
                    || (h2.is_go_away() && reason == Some(h2::Reason::NO_ERROR)));
        }
        cause = error.source();
    }
    false
}

/// What an HTTP/2 server's ending of a request says, in words for a person: h2's own are its reason codes'
/// descriptions, which read oddly alone (a `GOAWAY` with `NO_ERROR` is "not a result of an error", a reset with
/// `INTERNAL_ERROR` "unexpected internal error encountered"). `None` for anything but the server's `GOAWAY` or
/// stream reset.
fn h2_words(err: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut cause = Some(err);
    while let Some(error) = cause {
        if let Some(h2) = error.downcast_ref::<h2::Error>() {
            let reason = h2.reason()?;
            return if h2.is_go_away() && h2.is_remote() {
                Some(format!("the server closed the HTTP/2 connection (GOAWAY, {reason:?}) before answering"))
            } else if h2.is_reset() && h2.is_remote() {
                Some(format!("the server reset the request's HTTP/2 stream ({reason:?}) before answering"))
            } else {
                None
            };
        }
        cause = error.source();
    }
    None
}

/// True when hyper dropped the request before it could start it: over HTTP/2, a request held back for a free
/// stream (the server's `SETTINGS_MAX_CONCURRENT_STREAMS` reached) when the server's `GOAWAY` came is dropped
/// with "dispatch task is gone", and its body never leaves the client. Its headers may still go out before the
/// stream is reset, so it counts as not sent only for a request with a body: without its body (and the end of
/// the stream), no server acts on a POST. hyper names this error only in words (its kind is private).
pub(crate) fn dropped_before_its_body(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(err);
    while let Some(error) = cause {
        if let Some(hyper) = error.downcast_ref::<hyper::Error>() {
            return hyper.is_user() && hyper.to_string().starts_with("dispatch task is gone");
        }
        cause = error.source();
    }
    false
}

/// True when a timer ended the request somewhere in the chain: an `io::Error` of kind `TimedOut` (hyper-util's
/// connect timeout) or hyper's own timeout.
fn is_timed_out(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(err);
    while let Some(error) = cause {
        if error.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::TimedOut)
            || error.downcast_ref::<hyper::Error>().is_some_and(hyper::Error::is_timeout)
        {
            return true;
        }
        cause = error.source();
    }
    false
}

/// True when hyper could not parse what the server sent as an HTTP response.
fn is_not_http(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(err);
    while let Some(error) = cause {
        if error.downcast_ref::<hyper::Error>().is_some_and(hyper::Error::is_parse) {
            return true;
        }
        cause = error.source();
    }
    false
}

fn innermost_cause(err: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = err;
    while let Some(next) = cause.source() {
        cause = next;
    }
    // rustls words a TLS connection that ends without `close_notify` with a link to its manual; it is what
    // hyper says of a plain connection that closed early, in the same words.
    if cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::UnexpectedEof) {
        return "connection closed before message completed".to_owned();
    }
    one_line(&cause.to_string())
}

/// A short excerpt of a body for an error message: valid UTF-8, at most [`EXCERPT_CHARS`] characters, on one
/// line. Its other characters are as the server sent them: `output::safe` escapes them where they are shown
/// (this layer cannot see `output`, and the rule lives there only).
pub fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    let mut out: String = text.chars().take(EXCERPT_CHARS).collect();
    out = one_line(&out);
    if text.chars().count() > EXCERPT_CHARS {
        out.push('…');
    }
    out
}

/// Folds each run of spaces, tabs, newlines and carriage returns into one space, so that text from a server
/// (a body's excerpt, an error's message, a header) reads as one line. It escapes nothing: showing the text
/// safely is `output::safe`'s job, done where it is printed.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last_space = false;
    for c in text.chars() {
        if c == '\n' || c == '\r' || c == '\t' || c == ' ' {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
            continue;
        }
        last_space = false;
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_folds_lines_and_leaves_escaping_to_the_output() {
        assert_eq!(excerpt(b"<h1>Bad\x1b[31m\r\n  Gateway</h1>"), "<h1>Bad\x1b[31m Gateway</h1>");
    }

    #[test]
    fn excerpt_is_bounded_and_survives_invalid_utf8() {
        let long = vec![b'x'; 1000];
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(excerpt(b"\xff\xfeok"), "\u{fffd}\u{fffd}ok");
    }

    #[test]
    fn only_a_request_that_reached_a_server_which_did_not_refuse_it_may_have_been_applied() {
        let status = |code| Error::Status {
            status: StatusCode::from_u16(code).unwrap(),
            body: None,
            excerpt: String::new(),
            request_id: None,
        };
        for code in [408, 500, 502, 503, 504] {
            assert!(status(code).maybe_applied(), "{code}");
        }
        for code in [400, 401, 403, 404, 409, 413, 422, 429, 507] {
            assert!(!status(code).maybe_applied(), "{code}");
        }
        // Answers a write never gets say nothing of it: a 1xx as the final answer (hyper hands back a 101),
        // a 3xx (a 303 points at what a POST made), a 2xx a typed operation does not promise, past 599.
        for code in [101, 199, 202, 204, 299, 300, 301, 303, 304, 307, 308, 600, 999] {
            assert!(status(code).maybe_applied(), "{code}");
        }
        let other = Error::RepeatedId { id: 7 };
        assert!(other.maybe_applied());
        assert!(
            Error::OutcomeUnknown { method: "POST".into(), reason: "reset".into(), cut: true, request_id: None }
                .maybe_applied()
        );
        let decode = |status| Error::Decode { status, reason: "EOF".into(), excerpt: String::new(), request_id: None };
        assert!(decode(StatusCode::CREATED).maybe_applied());
        assert!(!Error::Connect { origin: "http://127.0.0.1:1".into(), reason: "refused".into() }.maybe_applied());
        assert!(!Error::UnusableKey.maybe_applied());
    }

    #[test]
    fn only_no_connection_or_no_answer_in_time_is_unreachable() {
        let origin = || "http://127.0.0.1:1".to_owned();
        let reason = || "refused".to_owned();
        assert!(Error::Connect { origin: origin(), reason: reason() }.unreachable());
        assert!(Error::Timeout { origin: origin() }.unreachable());
        assert!(Error::Transport { origin: origin(), reason: reason() }.unreachable());
        let status = Error::Status {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            body: None,
            excerpt: String::new(),
            request_id: None,
        };
        let answered = [
            status,
            Error::Tls { origin: origin(), reason: reason() },
            Error::NotHttp { origin: origin(), reason: reason() },
            Error::BrokenAnswer { status: StatusCode::OK, reason: reason(), request_id: None },
            Error::UnusableKey,
        ];
        for err in answered {
            assert!(!err.unreachable(), "{err}");
        }
    }
}
