//! A loopback HTTP forward proxy, to check that petstore goes through the proxy the environment names
//! (`HTTP_PROXY`, `HTTPS_PROXY`) and bypasses it when `NO_PROXY` says so.
//!
//! It records each request line and nothing else: the headers carry the API key. It only ever connects to
//! 127.0.0.1, whatever the request names; a request for any other host gets a 502.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// A running proxy. Its threads live as long as the test process.
pub struct Proxy {
    url: String,
    requests: Arc<Mutex<Vec<String>>>,
}

impl Proxy {
    /// Listens on 127.0.0.1 on a free port. Each connection carries one request: an absolute-form request
    /// (`GET http://127.0.0.1:PORT/v1/pets HTTP/1.1`) is forwarded in origin form with `Connection: close`, and
    /// the answer copied back; `CONNECT 127.0.0.1:PORT` (or `localhost:PORT`) is answered `200` and tunnelled.
    pub fn start() -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let log = requests.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let log = log.clone();
                std::thread::spawn(move || {
                    let _ = serve(stream, &log);
                });
            }
        });
        Proxy { url, requests }
    }

    /// `http://127.0.0.1:PORT`, for `HTTP_PROXY` and `HTTPS_PROXY`.
    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// The request lines received so far, in order (`GET http://… HTTP/1.1`, `CONNECT host:port HTTP/1.1`).
    pub fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }
}

/// Serves one client connection: one request, forwarded or tunnelled.
fn serve(mut client: TcpStream, log: &Mutex<Vec<String>>) -> io::Result<()> {
    let mut reader = BufReader::new(client.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let request_line = request_line.trim_end().to_owned();
    if request_line.is_empty() {
        return Ok(());
    }
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            break;
        }
        headers.push(line);
    }
    log.lock().unwrap().push(request_line.clone());

    let mut parts = request_line.split(' ');
    let (method, target, version) =
        (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    if method == "CONNECT" {
        let Some(mut upstream) = connect_loopback(target) else {
            return client.write_all(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        };
        client.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")?;
        // Whatever the client sent after the head (nothing, usually: it waits for the 200) goes first.
        upstream.write_all(reader.buffer())?;
        return tunnel(reader.into_inner(), upstream);
    }

    let Some(rest) = target.strip_prefix("http://") else {
        return client.write_all(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    };
    let (authority, path) = rest.find('/').map_or((rest, "/"), |at| rest.split_at(at));
    let Some(mut upstream) = connect_loopback(authority) else {
        return client.write_all(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    };
    let mut head = format!("{method} {path} {version}\r\n");
    let mut content_length = 0;
    for line in &headers {
        let name = line.split(':').next().unwrap_or("").trim();
        if ["connection", "proxy-connection", "keep-alive"].iter().any(|hop| name.eq_ignore_ascii_case(hop)) {
            continue;
        }
        if name.eq_ignore_ascii_case("content-length") {
            content_length = line.split_once(':').map_or(0, |(_, value)| value.trim().parse().unwrap_or(0));
        }
        head.push_str(line);
    }
    // One request per connection, so that every request passes through here and is recorded.
    head.push_str("Connection: close\r\n\r\n");
    upstream.write_all(head.as_bytes())?;
    let mut body = vec![0; content_length];
    reader.read_exact(&mut body)?;
    upstream.write_all(&body)?;
    io::copy(&mut upstream, &mut client)?;
    client.shutdown(Shutdown::Both)
}

/// A connection to `host:port` when the host is 127.0.0.1 or localhost (always made to 127.0.0.1); `None`
/// for any other host, or when nothing listens.
fn connect_loopback(authority: &str) -> Option<TcpStream> {
    let (host, port) = authority.rsplit_once(':')?;
    let port: u16 = port.parse().ok()?;
    if host != "127.0.0.1" && !host.eq_ignore_ascii_case("localhost") {
        return None;
    }
    TcpStream::connect(("127.0.0.1", port)).ok()
}

/// Copies bytes both ways until either side closes.
fn tunnel(client: TcpStream, upstream: TcpStream) -> io::Result<()> {
    let (mut client_read, mut upstream_write) = (client.try_clone()?, upstream.try_clone()?);
    let (mut upstream_read, mut client_write) = (upstream, client);
    let up = std::thread::spawn(move || {
        let _ = io::copy(&mut client_read, &mut upstream_write);
        let _ = upstream_write.shutdown(Shutdown::Write);
    });
    let _ = io::copy(&mut upstream_read, &mut client_write);
    let _ = client_write.shutdown(Shutdown::Write);
    let _ = up.join();
    Ok(())
}
