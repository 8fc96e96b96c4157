//! The server's stdio transport: rmcp's, with two things it lacks. The end of stdin is known the moment it is
//! read (what [`Stdio::new`] gives beside the transport), so that a batch stops sending when its client leaves, as a cancellation stops it,
//! rather than when rmcp stops waiting for the calls still running (5 s later). And a message longer than
//! rmcp's bound ([`MAX_MESSAGE_BYTES`]), which rmcp drops as it reads it, gets an error answer rather than
//! silence.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use rmcp::RoleServer;
use rmcp::model::ErrorData;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::{AsyncRwTransport, DEFAULT_MAX_LINE_LENGTH};
use tokio::io::{AsyncRead, ReadBuf};
use tokio::sync::{mpsc, watch};

/// The longest message the server reads, its line ending included: rmcp's bound (16 MiB).
pub const MAX_MESSAGE_BYTES: usize = DEFAULT_MAX_LINE_LENGTH;

/// stdin and stdout, spoken to in JSON-RPC lines.
pub(super) struct Stdio {
    inner: AsyncRwTransport<RoleServer, Watched<tokio::io::Stdin>, tokio::io::Stdout>,
    /// One message for each line past [`MAX_MESSAGE_BYTES`], as it passes it.
    too_long: mpsc::UnboundedReceiver<()>,
}

impl Stdio {
    /// The transport over this process's stdin and stdout, and whether the client has gone: true once stdin
    /// ended (or could not be read).
    pub(super) fn new() -> (Stdio, watch::Receiver<bool>) {
        let (gone, gone_rx) = watch::channel(false);
        let (too_long_tx, too_long) = mpsc::unbounded_channel();
        let stdin = Watched { inner: tokio::io::stdin(), line: 0, told: false, too_long: too_long_tx, gone };
        (Stdio { inner: AsyncRwTransport::new_server(stdin, tokio::io::stdout()), too_long }, gone_rx)
    }
}

/// The error answer to a message past [`MAX_MESSAGE_BYTES`]: invalid request, with no id, as its id was never
/// read.
fn too_long() -> TxJsonRpcMessage<RoleServer> {
    let message = format!(
        "message too long: the server reads messages of at most 16 MiB ({MAX_MESSAGE_BYTES} bytes) each, its line \
         ending included; this one was dropped unread, and the server goes on"
    );
    TxJsonRpcMessage::<RoleServer>::error(ErrorData::invalid_request(message, None), None)
}

impl Transport<RoleServer> for Stdio {
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            // rmcp's `receive` keeps a line read in part when it is dropped, and goes on with it when called
            // again.
            tokio::select! {
                Some(()) = self.too_long.recv() => {
                    if self.inner.send(too_long()).await.is_err() {
                        return None;
                    }
                }
                message = self.inner.receive() => return message,
            }
        }
    }

    fn close(&mut self) -> impl Future<Output = Result<(), io::Error>> + Send {
        self.inner.close()
    }
}

/// stdin as rmcp reads it, watched for its end and for lines past [`MAX_MESSAGE_BYTES`] (counted as rmcp counts
/// them, so that each one rmcp drops is told once).
struct Watched<R> {
    inner: R,
    /// The bytes of the line being read so far, its line ending included once read.
    line: usize,
    /// Whether the line being read was told as too long.
    told: bool,
    too_long: mpsc::UnboundedSender<()>,
    gone: watch::Sender<bool>,
}

impl<R> Watched<R> {
    /// Counts `read` into the lines it ends and begins.
    fn count(&mut self, mut read: &[u8]) {
        while !read.is_empty() {
            let newline = read.iter().position(|byte| *byte == b'\n');
            let take = newline.map_or(read.len(), |at| at + 1);
            self.line = self.line.saturating_add(take);
            if self.line > MAX_MESSAGE_BYTES && !self.told {
                self.told = true;
                let _ = self.too_long.send(());
            }
            if newline.is_some() {
                (self.line, self.told) = (0, false);
            }
            read = &read[take..];
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for Watched<R> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let (before, room) = (buf.filled().len(), buf.remaining() > 0);
        let this = &mut *self;
        let polled = Pin::new(&mut this.inner).poll_read(cx, buf);
        match &polled {
            Poll::Ready(Ok(())) => {
                let read = &buf.filled()[before..];
                if read.is_empty() && room {
                    this.gone.send_replace(true);
                }
                this.count(read);
            }
            Poll::Ready(Err(_)) => {
                this.gone.send_replace(true);
            }
            Poll::Pending => {}
        }
        polled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_told_once_when_it_passes_the_bound_as_rmcp_counts_it() {
        let (too_long, mut told) = mpsc::unbounded_channel();
        let (gone, _) = watch::channel(false);
        let mut watched = Watched { inner: (), line: 0, told: false, too_long, gone };
        // The bound exactly, its newline included: read whole.
        watched.count(&vec![b'a'; MAX_MESSAGE_BYTES - 1]);
        watched.count(b"\n");
        assert!(told.try_recv().is_err());
        // One byte more, in pieces, then more of it, and a short line after it.
        watched.count(&vec![b'a'; MAX_MESSAGE_BYTES]);
        watched.count(b"aaaa");
        assert!(told.try_recv().is_ok());
        watched.count(b"aaaa\n{}\n");
        assert!(told.try_recv().is_err());
        assert_eq!(watched.line, 0);
    }
}
