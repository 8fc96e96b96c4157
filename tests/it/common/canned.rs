//! A loopback server that answers every request with one fixed, raw HTTP response: for the answers a
//! spec-following server never gives (a proxy's HTML page, `application/problem+json`, an empty 500), which
//! the client must still survive. Or one that mixes up a real server's answers ([`Canned::mixing_up`]).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A running canned server. Its thread lives as long as the test process.
pub struct Canned {
    base_url: String,
    requests: Arc<AtomicUsize>,
}

impl Canned {
    /// Serves `status` (e.g. `502 Bad Gateway`) with `content_type` and `body`, closing each connection.
    pub fn start(status: &str, content_type: Option<&str>, body: &str) -> Canned {
        let headers: Vec<(&str, &str)> = content_type.map(|c| ("Content-Type", c)).into_iter().collect();
        Canned::with_headers(status, &headers, body)
    }

    /// Serves `status` with `headers` and `body`, closing each connection.
    pub fn with_headers(status: &str, headers: &[(&str, &str)], body: &str) -> Canned {
        let mut response = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n", body.len());
        for (name, value) in headers {
            response.push_str(&format!("{name}: {value}\r\n"));
        }
        response.push_str("\r\n");
        response.push_str(body);
        Canned::raw(response)
    }

    /// Answers every request with `response` as it is, HTTP or not, closing each connection.
    pub fn raw(response: String) -> Canned {
        Canned::answering(0, move |_| response.clone())
    }

    /// On `port` (0: any free one), answers each request with the response `answer` gives for its request line
    /// (`POST /v1/pets HTTP/1.1`), as it is, closing each connection.
    pub fn answering(port: u16, answer: impl Fn(&str) -> String + Send + 'static) -> Canned {
        let listener = TcpListener::bind(("127.0.0.1", port)).unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let requests = Arc::new(AtomicUsize::new(0));
        let counter = requests.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let (head, _) = read_request(&mut reader);
                counter.fetch_add(1, Ordering::SeqCst);
                let _ = stream.write_all(answer(head.first().map_or("", String::as_str)).as_bytes());
            }
        });
        Canned { base_url, requests }
    }

    /// Accepts connections and reads requests, and never answers: a server that hangs.
    pub fn silent() -> Canned {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let requests = Arc::new(AtomicUsize::new(0));
        let counter = requests.clone();
        std::thread::spawn(move || {
            let mut held = Vec::new();
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) > 0 {
                    counter.fetch_add(1, Ordering::SeqCst);
                }
                held.push(stream);
            }
        });
        Canned { base_url, requests }
    }

    /// Stands before `upstream` (a `http://127.0.0.1:PORT/v1` base URL) as a cache or proxy that mixes its
    /// answers up: the first request, and every other one after it, goes to `upstream`, and each of the rest
    /// gets, without reaching `upstream`, the answer the request before it got. One request at a time, on a
    /// connection each; [`Canned::requests`] counts them all.
    pub fn mixing_up(upstream: &str) -> Canned {
        let upstream = upstream
            .strip_prefix("http://")
            .and_then(|rest| rest.split('/').next())
            .expect("a plain `http://` upstream: requests are forwarded to it as HTTP/1.1 written by hand")
            .to_owned();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let requests = Arc::new(AtomicUsize::new(0));
        let counter = requests.clone();
        std::thread::spawn(move || {
            let mut last: Option<Vec<u8>> = None;
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let (head, body) = read_request(&mut reader);
                if head.is_empty() {
                    continue;
                }
                let answer = match last.take() {
                    Some(answer) => answer,
                    None => {
                        let answer = forward(&upstream, &head, &body);
                        last = Some(answer.clone());
                        answer
                    }
                };
                counter.fetch_add(1, Ordering::SeqCst);
                let _ = stream.write_all(&answer);
            }
        });
        Canned { base_url, requests }
    }

    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }
}

/// Reads one request: its head's lines, as sent but for any `Connection` header, and its body. No lines when
/// the peer went away first.
fn read_request(reader: &mut impl BufRead) -> (Vec<String>, Vec<u8>) {
    let (mut head, mut content_length) = (Vec::new(), 0);
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        let name = line.split(':').next().unwrap_or("").trim().to_ascii_lowercase();
        if name == "content-length" {
            content_length = line.split_once(':').map_or(0, |(_, value)| value.trim().parse().unwrap_or(0));
        }
        if name != "connection" {
            head.push(line);
        }
    }
    let mut body = vec![0; content_length];
    let _ = reader.read_exact(&mut body);
    (head, body)
}

/// Sends one request to `upstream` (`127.0.0.1:PORT`) on a connection of its own, and gives the whole answer,
/// which closes that connection and, marked so, the client's.
fn forward(upstream: &str, head: &[String], body: &[u8]) -> Vec<u8> {
    let mut connection = TcpStream::connect(upstream).unwrap();
    let mut request = head.concat();
    request.push_str("Connection: close\r\n\r\n");
    connection.write_all(request.as_bytes()).unwrap();
    connection.write_all(body).unwrap();
    let mut answer = Vec::new();
    connection.read_to_end(&mut answer).unwrap();
    let text = String::from_utf8(answer).unwrap();
    if text.to_ascii_lowercase().contains("\r\nconnection: close\r\n") {
        return text.into_bytes();
    }
    text.replacen("\r\n", "\r\nConnection: close\r\n", 1).into_bytes()
}

/// Reads one request's head and gives its body (as long as its `Content-Length` says; empty when the peer
/// went away), so that a test server can answer only after the whole request is in.
pub fn read_body(reader: &mut impl BufRead) -> Vec<u8> {
    let mut content_length = 0;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            content_length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; content_length];
    let _ = reader.read_exact(&mut body);
    body
}
