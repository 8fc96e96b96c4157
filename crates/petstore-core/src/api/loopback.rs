//! Plain HTTP, which a base URL may use only on a loopback address ([`super::base_url`]): sent over
//! hyper-util's pooled HTTP/1.1 client directly, not through reqwest.
//!
//! On loopback there is no proxy (the key must not leave the machine), no TLS and no redirect, so reqwest's
//! layers have nothing to do, yet each request paid for them: reqwest parses every URL twice (once to make the
//! `Uri`, once more in its redirect policy, even with redirects off) and clones its client; and tokio's driver
//! was woken through an `eventfd` for nearly every request (10,016 writes for 10,000 records; 103 now). On
//! loopback the client's CPU is what limits a bulk add (the link costs nothing), and those layers were about a
//! third of petstore's user time per record (perf, `bench/cpu.sh`). HTTPS, where the link and TLS dominate,
//! stays on reqwest with rustls, the proxy variables and HTTP/2.
//!
//! What reqwest did here is done the same way: hyper-util's connection pool and `Host` header (the very
//! client reqwest wraps), TCP_NODELAY and keepalive, the connect timeout, and one deadline for the whole
//! attempt, the body included. A request that a reused connection closed before it was written is sent
//! again on a new one (hyper-util's `retry_canceled_requests`), as through reqwest: the server never saw it.
//! No URL outside the base URL is sent; were an `https://` one ever handed to this client, its connector
//! would refuse it (`enforce_http`) rather than send it in the clear.

use std::pin::Pin;
use std::time::Duration;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use reqwest::header::{HOST, HeaderMap, HeaderValue};
use reqwest::{Method, Url};
use tokio::time::Sleep;

use super::error::Error;

/// A pooled HTTP/1.1 client for one loopback server.
#[derive(Clone, Debug)]
pub(super) struct Loopback {
    client: Client<HttpConnector, Full<Bytes>>,
    /// The base URL's host and port, and its `Host` header, made once: hyper-util would format it for each
    /// request.
    host: Option<(String, Option<u16>, HeaderValue)>,
    /// One attempt's whole duration, from sending to the last byte of the answer (`--timeout`).
    timeout: Duration,
}

/// Why an attempt got no answer: the error, and whether the request may have reached the server.
pub(super) struct Failed {
    pub error: Error,
    pub maybe_sent: bool,
}

impl Loopback {
    pub(super) fn new(base: &Url, connect_timeout: Duration, timeout: Duration) -> Loopback {
        let mut connector = HttpConnector::new();
        connector.set_connect_timeout(Some(connect_timeout));
        connector.set_nodelay(true);
        // reqwest's keepalive, kept: a peer that vanished is found even under a long `--timeout`.
        connector.set_keepalive(Some(Duration::from_secs(15)));
        connector.set_keepalive_interval(Some(Duration::from_secs(15)));
        connector.set_keepalive_retries(Some(3));
        let host = base.host_str().and_then(|host| {
            let header = match base.port() {
                Some(port) => format!("{host}:{port}"),
                None => host.to_owned(),
            };
            Some((host.to_owned(), base.port(), HeaderValue::try_from(header).ok()?))
        });
        Loopback { client: Client::builder(TokioExecutor::new()).build(connector), host, timeout }
    }

    /// A new deadline for one attempt, the body included: reqwest's `timeout` covered as much.
    pub(super) fn deadline(&self) -> Sleep {
        tokio::time::sleep(self.timeout)
    }

    /// Sends one request and gives the answer once its head is in, or why there is none (`deadline`, from
    /// [`Loopback::deadline`], passed: [`Error::Timeout`]). The caller reads the body within the same
    /// deadline.
    pub(super) async fn send(
        &self,
        method: &Method,
        url: &Url,
        headers: &HeaderMap,
        body: Option<&[u8]>,
        deadline: Pin<&mut Sleep>,
    ) -> Result<hyper::Response<Incoming>, Failed> {
        let uri: hyper::Uri = url.as_str().parse().map_err(|err: hyper::http::uri::InvalidUri| Failed {
            error: Error::Transport { origin: url.origin().ascii_serialization(), reason: err.to_string() },
            maybe_sent: false,
        })?;
        let mut request = hyper::Request::new(Full::new(body.map(Bytes::copy_from_slice).unwrap_or_default()));
        *request.method_mut() = method.clone();
        *request.uri_mut() = uri;
        *request.headers_mut() = headers.clone();
        if let Some((host, port, header)) = &self.host
            && url.host_str() == Some(host)
            && url.port() == *port
        {
            request.headers_mut().entry(HOST).or_insert_with(|| header.clone());
        }
        tokio::select! {
            biased;
            response = self.client.request(request) => response.map_err(|err| Failed {
                error: Error::from_transport(url, &err, err.is_connect()),
                maybe_sent: !err.is_connect(),
            }),
            () = deadline => {
                Err(Failed { error: Error::Timeout { origin: url.origin().ascii_serialization() }, maybe_sent: true })
            }
        }
    }
}
