//! The connections: accepting them under a cap, reading each request head under a timeout,
//! refusing the connections over the cap, and letting the served ones finish on shutdown.
//!
//! axum's own `serve` offers neither a header timeout nor a cap, so connections are served here
//! with hyper's servers directly: HTTP/1.1, which has the timeout built in, and over TLS HTTP/2 when
//! the client's ALPN asks for it. Knows nothing of routes.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, header};
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper::server::conn::{http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, watch};
use tokio_rustls::TlsAcceptor;
use tower::ServiceExt as _;

use crate::AppState;
use crate::error::ApiError;
use crate::faults::ResetStream;
use crate::log::Entry;
use crate::sever::{SeverableStream, Severer};
use crate::tls::ALPN_H2;

/// How long a connection may take over its request head and then over its body, and how many are
/// served at once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConnectionLimits {
    pub(crate) header_timeout: Duration,
    /// Enforced where the body is read (`routes`), since hyper has no body timeout of its own.
    pub(crate) body_timeout: Duration,
    pub(crate) max_connections: usize,
    /// An HTTP/2 connection's `SETTINGS_MAX_CONCURRENT_STREAMS`.
    pub(crate) max_streams: u32,
    /// Close each connection gracefully once this many requests have reached it.
    pub(crate) goaway_after: Option<u64>,
}

/// How many connections over the cap may be in the middle of their 503 at once; while that many
/// are, the next connection waits unaccepted until one of them (or a served one) ends. Bounds the
/// file descriptors that refusing takes, as the cap bounds the served ones.
const REFUSING_MAX: usize = 64;

/// How long a refused connection may take in all: its request head, the answer, and waiting for
/// the client to close. So a slow client holds a place among the [`REFUSING_MAX`] this long at
/// most. Long enough for a client starved of CPU (a test suite on two loaded cores, 224 refused
/// connections at once) to send its head and read its 503: at 2 s, such clients saw their
/// connection closed under them, an add of unknown outcome that the sandbox never read.
const REFUSAL_TIMEOUT: Duration = Duration::from_secs(5);

/// How many bytes of a refused connection's request hyper holds at once, so that the refused
/// connections take at most [`REFUSING_MAX`] times this: room for a head with an 8 KiB URL (the
/// longest petstore sends) and its headers. A longer head is answered 431 instead of 503.
const REFUSAL_BUFFER: usize = 16 * 1024;

/// How many bytes a refused connection may send after its head (its body, say) that are read and
/// dropped before the socket closes: the largest body the sandbox takes, and a buffer's worth more.
const REFUSAL_DRAIN: usize = crate::routes::BODY_LIMIT + REFUSAL_BUFFER;

/// After an accept error that is not one connection's (such as too many open files), how long to
/// wait before accepting again, rather than spinning on it.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Serves `app` on `listener` until `shutdown` completes; then stops accepting, asks every
/// connection to close after its current answer, and returns once they all have.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    state: AppState,
    severs: bool,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let limits = state.connection_limits();
    let tls = state.tls().map(|config| TlsAcceptor::from(Arc::clone(config)));
    let served = Arc::new(Semaphore::new(limits.max_connections.min(Semaphore::MAX_PERMITS)));
    let refusing = Arc::new(Semaphore::new(REFUSING_MAX));
    // Every connection task holds a receiver of `open`; `closed()` tells when the last has ended.
    let (open, open_rx) = watch::channel(());
    let (stopping, stopping_rx) = watch::channel(false);
    let mut shutdown = pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _addr)) => stream,
                Err(err) => {
                    if !is_connection_error(&err) {
                        tokio::time::sleep(ACCEPT_BACKOFF).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        state.count_connection();
        // Small JSON answers on keep-alive connections must not wait for Nagle's algorithm.
        let _ = stream.set_nodelay(true);
        let place = match place(&served, &refusing) {
            Some(place) => place,
            // Every place is taken: this connection waits for one, and those after it wait in the
            // listen backlog, for as long as a refusal takes at most. Answering without reading
            // the request would race it: a 503 that reaches the client before its request is
            // written, or a close with the request unread, which resets the connection, and
            // either way the client cannot tell that the request was never read.
            None => tokio::select! {
                place = next_place(&served, &refusing) => place,
                () = &mut shutdown => break,
            },
        };
        let permit = match place {
            Place::Served(permit) => permit,
            Place::Refused(permit) => {
                let (state, tls) = (state.clone(), tls.clone());
                tokio::spawn(async move {
                    let _ = tokio::time::timeout(REFUSAL_TIMEOUT, refuse(stream, state, limits, tls)).await;
                    drop(permit);
                });
                continue;
            }
        };
        let (app, state, tls) = (app.clone(), state.clone(), tls.clone());
        let (open_rx, stopping_rx) = (open_rx.clone(), stopping_rx.clone());
        tokio::spawn(async move {
            if severs {
                // Only the `drop` and `lost-reply` faults need severable connections; everyone
                // else gets the plain socket, with nothing in between. Over TLS the cut is under
                // the encryption, as a crashed server's or a broken link's would be.
                let (stream, severer) = SeverableStream::new(stream);
                let app = app.layer(axum::Extension(ConnectInfo::<Severer>(severer)));
                serve_socket(stream, app, state, tls, stopping_rx).await;
            } else {
                serve_socket(stream, app, state, tls, stopping_rx).await;
            }
            drop((permit, open_rx));
        });
    }
    drop(listener);
    let _ = stopping.send(true);
    drop(open_rx);
    open.closed().await;
    Ok(())
}

/// Where an accepted connection goes: served under the cap, or refused with a 503. Each holds its
/// place until its connection ends.
enum Place {
    Served(OwnedSemaphorePermit),
    Refused(OwnedSemaphorePermit),
}

/// A place free now, served first.
fn place(served: &Arc<Semaphore>, refusing: &Arc<Semaphore>) -> Option<Place> {
    if let Ok(permit) = Arc::clone(served).try_acquire_owned() {
        return Some(Place::Served(permit));
    }
    Arc::clone(refusing).try_acquire_owned().ok().map(Place::Refused)
}

/// The first place to come free, served first when both do.
async fn next_place(served: &Arc<Semaphore>, refusing: &Arc<Semaphore>) -> Place {
    // Neither semaphore is ever closed.
    tokio::select! {
        biased;
        Ok(permit) = Arc::clone(served).acquire_owned() => Place::Served(permit),
        Ok(permit) = Arc::clone(refusing).acquire_owned() => Place::Refused(permit),
    }
}

/// Errors that concern only the connection being accepted, after which the next accept can
/// follow at once.
fn is_connection_error(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused | io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
    )
}

/// Which HTTP a connection speaks: HTTP/1.1 on plain sockets, and over TLS whatever ALPN settled on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Protocol {
    Http1,
    Http2,
}

/// Serves one accepted socket: over TLS when the sandbox serves HTTPS, after a handshake that must end
/// within the header timeout, and then in the protocol ALPN chose.
async fn serve_socket(
    io: impl AsyncRead + AsyncWrite + Unpin + Send + 'static,
    app: Router,
    state: AppState,
    tls: Option<TlsAcceptor>,
    stopping: watch::Receiver<bool>,
) {
    let limits = state.connection_limits();
    let Some(acceptor) = tls else {
        return serve_connection(io, Protocol::Http1, app, state, stopping).await;
    };
    let Ok(Ok(stream)) = tokio::time::timeout(limits.header_timeout, acceptor.accept(io)).await else {
        return;
    };
    let protocol = negotiated(stream.get_ref().1);
    serve_connection(stream, protocol, app, state, stopping).await;
}

/// The protocol a TLS handshake settled on: HTTP/2 when ALPN chose `h2`, else HTTP/1.1 (what a client
/// that offers no ALPN speaks).
fn negotiated(connection: &rustls::ServerConnection) -> Protocol {
    if connection.alpn_protocol() == Some(ALPN_H2) { Protocol::Http2 } else { Protocol::Http1 }
}

async fn serve_connection(
    io: impl AsyncRead + AsyncWrite + Unpin + Send + 'static,
    protocol: Protocol,
    app: Router,
    state: AppState,
    mut stopping: watch::Receiver<bool>,
) {
    let limits = state.connection_limits();
    let goaway =
        limits.goaway_after.map(|after| Arc::new(GoAway { after, reached: AtomicU64::new(0), now: Notify::new() }));
    let (open, open_rx) = watch::channel(0_usize);
    let service = PerConnection { app, goaway: goaway.clone(), open: Arc::new(open) };
    let mut connection: Pin<Box<dyn Connection>> = match protocol {
        Protocol::Http1 => Box::pin(
            http1::Builder::new()
                .timer(TokioTimer::new())
                // Runs from when the server starts waiting for a head: on a kept-alive connection that is
                // right after the previous answer, so an idle connection is closed after this time too.
                .header_read_timeout(limits.header_timeout)
                .serve_connection(TokioIo::new(io), service),
        ),
        Protocol::Http2 => Box::pin(
            http2::Builder::new(TokioExecutor::new())
                .timer(TokioTimer::new())
                .max_concurrent_streams(limits.max_streams)
                .serve_connection(TokioIo::new(io), service),
        ),
    };
    let goaway_now = async {
        match &goaway {
            Some(goaway) => goaway.now.notified().await,
            None => std::future::pending().await,
        }
    };
    // HTTP/1.1's header timeout closes an idle connection; hyper's HTTP/2 server has no such timer, so an idle
    // HTTP/2 connection would hold its place under the cap for ever.
    let idle = async {
        match protocol {
            Protocol::Http2 => idle_for(open_rx, limits.header_timeout).await,
            Protocol::Http1 => std::future::pending().await,
        }
    };
    let idle = tokio::select! {
        _ = connection.as_mut() => return,
        // A dropped sender means the server is gone: stopping as well.
        _ = stopping.wait_for(|stopping| *stopping) => false,
        () = goaway_now => {
            state.count_goaway();
            false
        }
        () = idle => true,
    };
    connection.as_mut().shut_down();
    if idle {
        // A GOAWAY, then the close once the client has answered its PING; a client that never does is not
        // waited for longer than it could have stayed idle.
        let _ = tokio::time::timeout(limits.header_timeout, connection).await;
        return;
    }
    let _ = connection.await;
}

/// A served connection of either protocol: a future that ends with it, and a graceful shutdown (over
/// HTTP/2 a `GOAWAY`, over HTTP/1.1 a close after the answer under way).
trait Connection: Future<Output = Result<(), hyper::Error>> + Send {
    fn shut_down(self: Pin<&mut Self>);
}

impl<I> Connection for http1::Connection<TokioIo<I>, PerConnection>
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    fn shut_down(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

impl<I> Connection for http2::Connection<TokioIo<I>, PerConnection, TokioExecutor>
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    fn shut_down(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

/// Resolves once the connection has had no request open for `timeout` on end (`open` counts them).
async fn idle_for(mut open: watch::Receiver<usize>, timeout: Duration) {
    loop {
        if open.wait_for(|open| *open == 0).await.is_err() {
            return;
        }
        // A request before the time is up starts the wait again once it has ended.
        match tokio::time::timeout(timeout, open.wait_for(|open| *open > 0)).await {
            Err(_elapsed) => return,
            Ok(Err(_closed)) => return,
            Ok(Ok(_)) => {}
        }
    }
}

/// A request open on its connection, counted until its answer is ready (or it is dropped).
struct Open(Arc<watch::Sender<usize>>);

impl Open {
    fn new(open: &Arc<watch::Sender<usize>>) -> Open {
        open.send_modify(|open| *open += 1);
        Open(Arc::clone(open))
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.send_modify(|open| *open -= 1);
    }
}

/// `goaway_after` on one connection: how many requests have reached it, and the signal to close it.
struct GoAway {
    after: u64,
    reached: AtomicU64,
    now: Notify,
}

/// The service of one connection: the router, the `goaway_after` count, and the stream resets the
/// fault layer asks for ([`ResetStream`]), which become the service's error so that hyper resets the
/// stream with that reason before sending any of the answer (HTTP/2 only; the fault layer asks for none
/// over HTTP/1.1).
#[derive(Clone)]
struct PerConnection {
    app: Router,
    goaway: Option<Arc<GoAway>>,
    /// How many requests are open on the connection, for closing it when idle.
    open: Arc<watch::Sender<usize>>,
}

impl hyper::service::Service<Request<Incoming>> for PerConnection {
    type Response = axum::response::Response;
    type Error = h2::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, h2::Error>> + Send>>;

    fn call(&self, request: Request<Incoming>) -> Self::Future {
        if let Some(goaway) = &self.goaway
            && goaway.reached.fetch_add(1, Ordering::Relaxed) + 1 == goaway.after
        {
            // Stored, so a shutdown asked for before the connection's task waits is not lost.
            goaway.now.notify_one();
        }
        let app = self.app.clone();
        let open = Open::new(&self.open);
        Box::pin(async move {
            let _open = open;
            let response = match app.oneshot(request.map(axum::body::Body::new)).await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            match response.extensions().get::<ResetStream>() {
                Some(ResetStream(reason)) => Err(h2::Error::from(*reason)),
                None => Ok(response),
            }
        })
    }
}

fn over_cap(max: usize) -> ApiError {
    ApiError::Unavailable {
        message: format!("the sandbox is serving its maximum of {max} connections; try again later"),
        retry_after: HeaderValue::from_static("1"),
    }
}

/// Answers a connection over the cap with one 503 `unavailable` and closes it, without a reset
/// that could cost the client its answer. Its request head is read first (under the header
/// timeout), so the answer is to a request the client has sent; after the answer the sandbox stops
/// writing and reads what the client still sends (the request's body) until the client closes, as
/// `Connection: close` asks, so no unread byte is left to turn the close into a reset. The whole
/// takes [`REFUSAL_TIMEOUT`] at most (the caller's bound).
async fn refuse(stream: TcpStream, state: AppState, limits: ConnectionLimits, tls: Option<TlsAcceptor>) {
    let max = limits.max_connections;
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let state = state.clone();
        async move {
            let started = Instant::now();
            let mut response = over_cap(max).into_response();
            response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
            let target =
                request.uri().path_and_query().map_or_else(|| request.uri().path().to_owned(), ToString::to_string);
            state.log().request(&Entry {
                method: request.method(),
                target: &target,
                status: Some(response.status()),
                fault: None,
                latency: Duration::ZERO,
                elapsed: started.elapsed(),
                request_id: crate::log::request_id(request.headers()),
            });
            Ok::<_, Infallible>(response)
        }
    });
    if let Some(acceptor) = tls {
        return refuse_tls(stream, acceptor, service, limits).await;
    }
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout.min(REFUSAL_TIMEOUT))
        .max_buf_size(REFUSAL_BUFFER)
        .keep_alive(false)
        .serve_connection(TokioIo::new(stream), service);
    // The socket comes back unclosed once the answer is out.
    let Ok(parts) = connection.without_shutdown().await else { return };
    linger(parts.io.into_inner()).await;
}

/// [`refuse`] over TLS: after the handshake, the 503 in the protocol ALPN chose, to the first request (over
/// HTTP/2, a `GOAWAY` follows it, so the client's other requests go to a new connection). The caller's
/// bound ends it; TLS's own close tells the client where the answer ends.
async fn refuse_tls<S>(stream: TcpStream, acceptor: TlsAcceptor, service: S, limits: ConnectionLimits)
where
    S: hyper::service::Service<Request<Incoming>, Response = axum::response::Response, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
{
    let Ok(stream) = acceptor.accept(stream).await else { return };
    match negotiated(stream.get_ref().1) {
        Protocol::Http1 => {
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout.min(REFUSAL_TIMEOUT))
                .max_buf_size(REFUSAL_BUFFER)
                .keep_alive(false)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        }
        Protocol::Http2 => {
            let answered = Arc::new(Notify::new());
            let signal = Arc::clone(&answered);
            let service = hyper::service::service_fn(move |request| {
                let (service, signal) = (service.clone(), Arc::clone(&signal));
                async move {
                    let response = service.call(request).await;
                    signal.notify_one();
                    response
                }
            });
            let connection = http2::Builder::new(TokioExecutor::new())
                .timer(TokioTimer::new())
                .max_concurrent_streams(1)
                .serve_connection(TokioIo::new(stream), service);
            let mut connection = pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                () = answered.notified() => connection.as_mut().graceful_shutdown(),
            }
            let _ = connection.await;
        }
    }
}

/// Closes a connection whose answer is written: stops writing (the client reads the answer, then
/// the end of it), then reads and drops what the client still sends until it closes, or past
/// [`REFUSAL_DRAIN`] bytes. Closing with bytes unread would send a reset, which may reach the
/// client before it has read the answer and discard it.
async fn linger(mut stream: TcpStream) {
    // `shutdown(SHUT_WR)`: tokio's `AsyncWrite` for a TCP stream.
    if std::future::poll_fn(|cx| Pin::new(&mut stream).poll_shutdown(cx)).await.is_err() {
        return;
    }
    let mut buffer = vec![0; REFUSAL_BUFFER];
    let mut drained = 0;
    while drained <= REFUSAL_DRAIN {
        if stream.readable().await.is_err() {
            return;
        }
        match stream.try_read(&mut buffer) {
            Ok(0) => return,
            Ok(read) => drained += read,
            Err(err) if err.kind() == io::ErrorKind::WouldBlock => {}
            Err(_) => return,
        }
    }
}
