//! The connections: accepting them under a cap, reading each request head under a timeout,
//! refusing the connections over the cap, and letting the served ones finish on shutdown.
//!
//! axum's own `serve` offers neither a header timeout nor a cap, so connections are served here
//! with hyper's HTTP/1 server directly, which has the timeout built in. Knows nothing of routes.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, header};
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};

use crate::AppState;
use crate::error::ApiError;
use crate::log::Entry;
use crate::sever::{SeverableStream, Severer};

/// How long a connection may take over its request head and then over its body, and how many are
/// served at once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConnectionLimits {
    pub(crate) header_timeout: Duration,
    /// Enforced where the body is read (`routes`), since hyper has no body timeout of its own.
    pub(crate) body_timeout: Duration,
    pub(crate) max_connections: usize,
}

/// How many connections over the cap may be in the middle of their 503 at once; any more get it
/// in one non-blocking write and are closed at once. Bounds the file descriptors that refusing takes, as the cap bounds the
/// served ones.
const REFUSING_MAX: usize = 64;

/// How long a refused connection may take in all, its request head included.
const REFUSAL_TIMEOUT: Duration = Duration::from_secs(2);

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
        // Small JSON answers on keep-alive connections must not wait for Nagle's algorithm.
        let _ = stream.set_nodelay(true);
        let Ok(permit) = Arc::clone(&served).try_acquire_owned() else {
            if let Ok(permit) = Arc::clone(&refusing).try_acquire_owned() {
                let state = state.clone();
                tokio::spawn(async move {
                    let _ = tokio::time::timeout(REFUSAL_TIMEOUT, refuse(stream, state, limits)).await;
                    drop(permit);
                });
            } else {
                // No time to read a head: the answer goes out in one non-blocking write, and the
                // socket closes at once. A client that had sent its request may see a reset after
                // the answer, but it still gets the answer, and the sandbox holds nothing.
                let _ = stream.try_write(&blind_refusal(limits.max_connections));
            }
            continue;
        };
        let (app, open_rx, stopping_rx) = (app.clone(), open_rx.clone(), stopping_rx.clone());
        tokio::spawn(async move {
            if severs {
                // Only the `drop` and `lost-reply` faults need severable connections; everyone
                // else gets the plain socket, with nothing in between.
                let (stream, severer) = SeverableStream::new(stream);
                let app = app.layer(axum::Extension(ConnectInfo::<Severer>(severer)));
                serve_connection(stream, app, limits, stopping_rx).await;
            } else {
                serve_connection(stream, app, limits, stopping_rx).await;
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

/// Errors that concern only the connection being accepted, after which the next accept can
/// follow at once.
fn is_connection_error(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused | io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
    )
}

async fn serve_connection(
    io: impl AsyncRead + AsyncWrite + Unpin + Send + 'static,
    app: Router,
    limits: ConnectionLimits,
    mut stopping: watch::Receiver<bool>,
) {
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        // Runs from when the server starts waiting for a head: on a kept-alive connection that is
        // right after the previous answer, so an idle connection is closed after this time too.
        .header_read_timeout(limits.header_timeout)
        .serve_connection(TokioIo::new(io), TowerToHyperService::new(app));
    let mut connection = pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        // A dropped sender means the server is gone: stopping as well.
        _ = stopping.wait_for(|stopping| *stopping) => connection.as_mut().graceful_shutdown(),
    }
    let _ = connection.await;
}

fn over_cap(max: usize) -> ApiError {
    ApiError::Unavailable {
        message: format!("the sandbox is serving its maximum of {max} connections; try again later"),
        retry_after: HeaderValue::from_static("1"),
    }
}

/// The whole 503 of [`over_cap`] as bytes, for a connection refused without reading its head.
fn blind_refusal(max: usize) -> Vec<u8> {
    let error = over_cap(max);
    let body = error.body();
    let mut bytes = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    bytes.extend_from_slice(&body);
    bytes
}

/// Answers a connection over the cap with one 503 `unavailable` and closes it. Its request head
/// is read first (under the header timeout), so the client is sending nothing when the socket
/// closes and gets the whole answer rather than a reset.
async fn refuse(stream: TcpStream, state: AppState, limits: ConnectionLimits) {
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
            });
            Ok::<_, Infallible>(response)
        }
    });
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout.min(REFUSAL_TIMEOUT))
        .keep_alive(false)
        .serve_connection(TokioIo::new(stream), service)
        .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blind_refusal_is_a_whole_503_with_the_error_body() {
        let body = r#"{"code":"unavailable","message":"the sandbox is serving its maximum of 7 connections; try again later","status":503}"#;
        let expected = format!(
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        );
        assert_eq!(String::from_utf8(blind_refusal(7)).unwrap(), expected);
    }
}
