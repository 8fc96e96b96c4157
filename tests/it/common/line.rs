//! A line to a sandbox that a test cuts and brings back, as a shop's internet drops: a port of its own that
//! relays each connection to the sandbox while the line is up, and refuses connections (nothing listens)
//! while it is down. Connections open when it goes down are cut, as a dropped line cuts them.

use std::io::ErrorKind;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub struct Line {
    port: u16,
    upstream: SocketAddr,
    up: Arc<AtomicBool>,
    /// Every connection relayed, to cut when the line goes down.
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Line {
    /// A line, up, to `upstream` (a sandbox over plain HTTP).
    pub fn to(upstream: SocketAddr) -> Line {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let line = Line { port, upstream, up: Arc::new(AtomicBool::new(false)), open: Arc::default() };
        line.bring_back();
        line
    }

    /// `base_url` (the sandbox's) through this line.
    pub fn base_url(&self, base_url: &str) -> String {
        let (scheme, rest) = base_url.split_once("://").unwrap();
        let (_, path) = rest.split_once('/').unwrap();
        format!("{scheme}://127.0.0.1:{}/{path}", self.port)
    }

    /// Cuts the line: connections are refused, and those open are closed.
    pub fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        // The listener's thread sees the flag at its next poll and closes the socket.
        std::thread::sleep(Duration::from_millis(150));
        for stream in self.open.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Brings the line back on the same port.
    pub fn bring_back(&self) {
        self.up.store(true, Ordering::SeqCst);
        let listener = loop {
            match TcpListener::bind(("127.0.0.1", self.port)) {
                Ok(listener) => break listener,
                Err(err) if err.kind() == ErrorKind::AddrInUse => std::thread::sleep(Duration::from_millis(20)),
                Err(err) => panic!("cannot listen on port {}: {err}", self.port),
            }
        };
        listener.set_nonblocking(true).unwrap();
        let (up, open, upstream) = (Arc::clone(&self.up), Arc::clone(&self.open), self.upstream);
        std::thread::spawn(move || {
            while up.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((client, _)) => {
                        client.set_nonblocking(false).unwrap();
                        let Ok(server) = TcpStream::connect(upstream) else { continue };
                        open.lock().unwrap().extend([client.try_clone().unwrap(), server.try_clone().unwrap()]);
                        pipe(client.try_clone().unwrap(), server.try_clone().unwrap());
                        pipe(server, client);
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(10)),
                }
            }
        });
    }
}

/// Copies `from` to `to` on a thread of its own until either ends.
fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Write);
    });
}

impl Drop for Line {
    fn drop(&mut self) {
        self.up.store(false, Ordering::SeqCst);
    }
}
