//! Connections the fault layer can cut: the `drop` and `lost-reply` faults close a connection
//! without a byte of the answer, not even its status line.
//!
//! [`serve`](crate::serve) wraps each accepted socket in a [`SeverableStream`] only when one of
//! those faults is configured, and hands each request a [`Severer`] for its connection (as axum's
//! `ConnectInfo`, in the request's extensions). Once severed, the stream refuses every read and write, so the server gives up on
//! the connection and closes the socket. Refusing at the socket, rather than trusting the server to
//! send nothing, holds for every answer, including a `HEAD` answer, whose body the server never
//! polls. Knows nothing of HTTP.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// A TCP stream that stops carrying bytes, in both directions, once its [`Severer`] is used.
#[derive(Debug)]
pub(crate) struct SeverableStream {
    stream: TcpStream,
    severed: Arc<AtomicBool>,
}

impl SeverableStream {
    /// `stream`, and the [`Severer`] that cuts it.
    pub(crate) fn new(stream: TcpStream) -> (SeverableStream, Severer) {
        let severed = Arc::<AtomicBool>::default();
        (SeverableStream { stream, severed: Arc::clone(&severed) }, Severer(severed))
    }

    fn check(&self) -> io::Result<()> {
        if self.severed.load(Ordering::Acquire) {
            Err(io::Error::new(io::ErrorKind::ConnectionAborted, "connection severed by fault injection"))
        } else {
            Ok(())
        }
    }
}

impl AsyncRead for SeverableStream {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        this.check()?;
        Pin::new(&mut this.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for SeverableStream {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.check()?;
        Pin::new(&mut this.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.check()?;
        Pin::new(&mut this.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        this.check()?;
        Pin::new(&mut this.stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        // Closing is what a severed connection is for; nothing is left in our buffers to send.
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Cuts one connection. Cheap to clone; every request on the connection gets one.
#[derive(Debug, Clone)]
pub(crate) struct Severer(Arc<AtomicBool>);

impl Severer {
    /// From now on the connection carries nothing; the server closes it at its next read or write.
    pub(crate) fn sever(&self) {
        self.0.store(true, Ordering::Release);
    }
}
