//! What the answers tell of the connection they came over: whether it is HTTP/2, where requests are streams
//! of one connection (no handshake each) and the server says how many it takes at once
//! (SETTINGS_MAX_CONCURRENT_STREAMS): the HTTP stack holds back the streams past that number until one ends,
//! rather than sending them. A batch starts faster there (`batch::limiter`).
//!
//! And when the first connection is up, before any answer: until then each request opens a connection of its
//! own (hyper-util's pool learns that a connection speaks HTTP/2 only from its ALPN, once it is made), so a
//! batch that knows the server sends one request first, and the rest as soon as the connection is up
//! ([`Watch`], a layer around reqwest's connector: the same client, told one thing more).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::task::{Context, Poll};

use hyper_util::client::legacy::connect::Connection;

/// Whether an answer came over HTTP/2, and whether a connection was made and over what, shared by a client,
/// its clones (which share its connections) and whoever reads it.
#[derive(Debug, Clone, Default)]
pub struct Multiplexed(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    seen: AtomicBool,
    /// [`NOT_CONNECTED`], [`CONNECTED_H1`] or [`CONNECTED_H2`]: the first connection made.
    connected: AtomicU8,
    notify: tokio::sync::Notify,
}

const NOT_CONNECTED: u8 = 0;
const CONNECTED_H1: u8 = 1;
const CONNECTED_H2: u8 = 2;

impl Multiplexed {
    /// Whether an answer came over HTTP/2.
    pub fn seen(&self) -> bool {
        self.0.seen.load(Ordering::Relaxed)
    }

    /// Takes note of the protocol an answer came over.
    pub fn answered_over(&self, version: reqwest::Version) {
        if version == reqwest::Version::HTTP_2 && !self.seen() {
            self.0.seen.store(true, Ordering::Relaxed);
        }
    }

    /// Once a connection was made: whether ALPN settled on HTTP/2 for the first one.
    pub fn connected(&self) -> Option<bool> {
        match self.0.connected.load(Ordering::Acquire) {
            NOT_CONNECTED => None,
            state => Some(state == CONNECTED_H2),
        }
    }

    /// Resolves once a connection was made (at once if one was).
    pub async fn wait_connected(&self) {
        loop {
            let notified = self.0.notify.notified();
            if self.connected().is_some() {
                return;
            }
            notified.await;
        }
    }

    /// Takes note of a connection made, over HTTP/2 or not; the first one counts.
    fn connection_made(&self, h2: bool) {
        let state = if h2 { CONNECTED_H2 } else { CONNECTED_H1 };
        if self.0.connected.compare_exchange(NOT_CONNECTED, state, Ordering::AcqRel, Ordering::Acquire).is_ok() {
            self.0.notify.notify_waiters();
        }
    }

    /// The layer for reqwest's connector that tells this of each connection made.
    pub(crate) fn watch(&self) -> Watch {
        Watch(self.clone())
    }
}

/// A layer around reqwest's connector: passes every connection through, taking note of the first.
#[derive(Debug, Clone)]
pub(crate) struct Watch(Multiplexed);

impl<S> tower_layer::Layer<S> for Watch {
    type Service = Watched<S>;

    fn layer(&self, inner: S) -> Watched<S> {
        Watched { inner, multiplexed: self.0.clone() }
    }
}

/// reqwest's connector, watched.
#[derive(Debug, Clone)]
pub(crate) struct Watched<S> {
    inner: S,
    multiplexed: Multiplexed,
}

impl<S, R> tower_service::Service<R> for Watched<S>
where
    S: tower_service::Service<R>,
    S::Response: Connection,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: R) -> Self::Future {
        let (connecting, multiplexed) = (self.inner.call(request), self.multiplexed.clone());
        Box::pin(async move {
            let connection = connecting.await?;
            multiplexed.connection_made(connection.connected().is_negotiated_h2());
            Ok(connection)
        })
    }
}
