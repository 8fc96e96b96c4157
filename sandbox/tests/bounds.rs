//! The sandbox's bounds over real loopback sockets: the header-read timeout, the connection cap
//! and the store's limit.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use petstore_sandbox::{Config, Sandbox};

const GET: &str = "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer sandbox\r\n\r\n";

/// The sandbox binary with `flags`, on a free port, and its address.
struct Binary {
    child: Child,
    addr: SocketAddr,
}

impl Binary {
    fn start(flags: &[&str]) -> Binary {
        let mut child = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
            .args(["--addr", "127.0.0.1:0", "-q"])
            .args(flags)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr = line.trim().strip_prefix("http://").and_then(|rest| rest.strip_suffix("/v1")).unwrap();
        Binary { child, addr: addr.parse().unwrap() }
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream
}

/// One answer: its head (status line and headers, lower-cased) and its body, read by its
/// `Content-Length`.
fn read_answer(stream: &mut TcpStream) -> (String, String) {
    let mut head = Vec::new();
    let mut byte = [0];
    while !head.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).unwrap_or_else(|err| panic!("{err} after {:?}", String::from_utf8_lossy(&head)));
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap().to_lowercase();
    let length: usize = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length: "))
        .map_or(0, |value| value.trim().parse().unwrap());
    let mut body = vec![0; length];
    stream.read_exact(&mut body).unwrap();
    (head, String::from_utf8(body).unwrap())
}

/// Waits (5 s at most) until a new request to `addr` is served rather than refused: once the sandbox has seen
/// the connections that held its places close.
fn wait_until_served(addr: SocketAddr) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut next = connect(addr);
        next.write_all(GET.as_bytes()).unwrap();
        let (head, _) = read_answer(&mut next);
        if head.starts_with("http/1.1 200 ok\r\n") {
            return;
        }
        assert!(Instant::now() < deadline, "still refused: {head}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Everything the server still sends before it closes the connection, or the error that ends it.
fn read_to_close(stream: &mut TcpStream) -> Result<Vec<u8>, ErrorKind> {
    let mut rest = Vec::new();
    match stream.read_to_end(&mut rest) {
        Ok(_) => Ok(rest),
        // A reset is a close too; a timeout is not.
        Err(err) if err.kind() == ErrorKind::ConnectionReset => Ok(rest),
        Err(err) => Err(err.kind()),
    }
}

#[test]
fn a_connection_that_does_not_finish_its_head_is_closed_after_the_header_timeout() {
    let sandbox = Binary::start(&["--header-timeout", "1"]);
    let mut slow = connect(sandbox.addr);
    let started = Instant::now();
    slow.write_all(b"GET /v1/pets HTTP/1.1\r\nHost: sandbox\r\n").unwrap();
    assert_eq!(read_to_close(&mut slow), Ok(Vec::new()), "closed without an answer");
    // Generous: only says the timeout acts at all (the read above would give up after 10 s).
    assert!(started.elapsed() < Duration::from_secs(5), "closed after {:?}", started.elapsed());

    // A kept-alive connection gets the same time between its answer and its next head.
    let mut idle = connect(sandbox.addr);
    idle.write_all(GET.as_bytes()).unwrap();
    let (head, _) = read_answer(&mut idle);
    assert!(head.starts_with("http/1.1 200 ok\r\n"), "{head}");
    assert_eq!(read_to_close(&mut idle), Ok(Vec::new()));

    // A client that sends its head in time is served, however slowly it arrives.
    let mut prompt = connect(sandbox.addr);
    for chunk in GET.as_bytes().chunks(GET.len() / 3 + 1) {
        prompt.write_all(chunk).unwrap();
        std::thread::sleep(Duration::from_millis(50));
    }
    let (head, body) = read_answer(&mut prompt);
    assert!(head.starts_with("http/1.1 200 ok\r\n"), "{head}");
    assert_eq!(body, r#"[{"id":1,"name":"Rex","categoryId":1,"status":"available"}]"#);
}

#[test]
fn over_the_connection_cap_a_connection_gets_503_and_those_served_keep_being_answered() {
    let sandbox = Sandbox::start_with(Config::default().quiet(true).max_connections(3));
    let mut kept = connect(sandbox.addr());
    kept.write_all(GET.as_bytes()).unwrap();
    assert!(read_answer(&mut kept).0.starts_with("http/1.1 200 ok\r\n"));
    // Two more take the remaining places, holding half-sent heads.
    let mut holders: Vec<TcpStream> = (0..2).map(|_| connect(sandbox.addr())).collect();
    for holder in &mut holders {
        holder.write_all(b"GET /v1/pets HTTP/1.1\r\n").unwrap();
    }

    let mut extra = connect(sandbox.addr());
    extra.write_all(GET.as_bytes()).unwrap();
    let (head, body) = read_answer(&mut extra);
    assert!(head.starts_with("http/1.1 503 service unavailable\r\n"), "{head}");
    for header in ["content-type: application/json\r\n", "retry-after: 1\r\n", "connection: close\r\n"] {
        assert!(head.contains(header), "{header:?} missing from {head}");
    }
    assert_eq!(
        body,
        r#"{"code":"unavailable","message":"the sandbox is serving its maximum of 3 connections; try again later","status":503}"#
    );
    assert_eq!(read_to_close(&mut extra), Ok(Vec::new()), "closed after the answer");

    // The connections it has are still answered.
    kept.write_all(GET.as_bytes()).unwrap();
    let (head, _) = read_answer(&mut kept);
    assert!(head.starts_with("http/1.1 200 ok\r\n"), "{head}");

    // A closed connection frees its place, once the sandbox has seen it close.
    holders.pop();
    wait_until_served(sandbox.addr());
    assert_eq!(
        sandbox.request_count(),
        3,
        "two on the kept connection, one on the last: refusals never reach the router"
    );
}

/// The 503 over the cap, as [`read_answer`] gives it.
fn assert_over_cap(answer: &(String, String), cap: usize) {
    let (head, body) = answer;
    assert!(head.starts_with("http/1.1 503 service unavailable\r\n"), "{head}");
    assert!(head.contains("retry-after: 1\r\n") && head.contains("connection: close\r\n"), "{head}");
    let message = format!("the sandbox is serving its maximum of {cap} connections; try again later");
    assert_eq!(body, &format!(r#"{{"code":"unavailable","message":"{message}","status":503}}"#));
}

/// A refused request whose body the sandbox does not read still gets its whole 503, and then a clean close,
/// however its body comes: at once, or still coming after the answer. A close with bytes unread is a reset,
/// which may reach the client before it reads the answer, or fail its writes, and then the client takes it for
/// a request that broke off after it was sent (so a POST of unknown outcome).
#[test]
fn a_refused_request_gets_its_whole_503_and_a_clean_close_whatever_its_body() {
    let sandbox = Sandbox::start_with(Config::default().quiet(true).max_connections(1));
    let mut holder = connect(sandbox.addr());
    holder.write_all(b"GET /v1/pets HTTP/1.1\r\n").unwrap();
    for (length, pieces) in [(30, 1), (1024 * 1024, 1), (1024 * 1024, 16)] {
        let mut refused = connect(sandbox.addr());
        refused.write_all(post_head(length).as_bytes()).unwrap();
        let mut writer = refused.try_clone().unwrap();
        let sending = std::thread::spawn(move || {
            for _ in 0..pieces {
                writer.write_all(&vec![b' '; length / pieces])?;
                std::thread::sleep(Duration::from_millis(20));
            }
            writer.shutdown(std::net::Shutdown::Write)
        });
        assert_over_cap(&read_answer(&mut refused), 1);
        let mut rest = Vec::new();
        let end = refused.read_to_end(&mut rest).map_err(|err| err.kind());
        assert_eq!(end, Ok(0), "{length} in {pieces}: closed cleanly after the answer, not reset");
        let sent = sending.join().unwrap().map_err(|err| err.kind());
        assert_eq!(sent, Ok(()), "{length} in {pieces}: the body could all be sent");
    }
    assert_eq!(sandbox.request_count(), 0, "refusals never reach the router");
}

/// With every place taken, served and refusing alike (the 64 refusals in progress wait for heads that do not
/// come), a new connection gets no answer before its request: it waits for a place, and its request, once a
/// place is free, gets the 503 as usual.
#[test]
fn past_the_refusals_in_progress_a_connection_waits_for_a_place_rather_than_an_answer_before_its_request() {
    let sandbox = Sandbox::start_with(Config::default().quiet(true).max_connections(1));
    let mut holders: Vec<TcpStream> = (0..1 + 64).map(|_| connect(sandbox.addr())).collect();
    for holder in &mut holders {
        holder.write_all(b"GET /v1/pets HTTP/1.1\r\n").unwrap();
    }
    let mut waiting = connect(sandbox.addr());
    waiting.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
    let mut byte = [0];
    let early = waiting.read(&mut byte).map_err(|err| err.kind());
    assert!(matches!(early, Err(ErrorKind::WouldBlock | ErrorKind::TimedOut)), "an answer before a request: {early:?}");

    // The refusals waiting for heads give up within 5 s, and the request is answered.
    let started = Instant::now();
    waiting.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    waiting.write_all(GET.as_bytes()).unwrap();
    assert_over_cap(&read_answer(&mut waiting), 1);
    assert!(started.elapsed() < Duration::from_secs(9), "{:?}", started.elapsed());
    let mut rest = Vec::new();
    assert_eq!(waiting.read_to_end(&mut rest).map_err(|err| err.kind()), Ok(0));
}

#[test]
fn past_max_pets_a_post_is_507_storage_full_and_nothing_is_stored() {
    let script = r#"post() { curl -s -o /dev/stderr -w '%{http_code}\n' -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data-binary "$1" "$PETSTORE_BASE_URL/pets"; }
post '{"name":"Kit","categoryId":3.0}'
post '{"name":"Kat","categoryId":30e-1}'
post '{"name":"Kot","categoryId":3}'
curl -s -H "Authorization: Bearer $PETSTORE_API_KEY" "$PETSTORE_BASE_URL/pets""#;
    let output = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .args(["--seed-pets", "1", "--max-pets", "2", "--", "sh", "-c", script])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "201\n201\n507\n[{\"id\":1,\"name\":\"Rex\",\"categoryId\":1,\"status\":\"available\"},\
         {\"id\":2,\"name\":\"Kit\",\"categoryId\":3},{\"id\":3,\"name\":\"Kat\",\"categoryId\":3}]"
    );
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "{\"id\":2,\"name\":\"Kit\",\"categoryId\":3}{\"id\":3,\"name\":\"Kat\",\"categoryId\":3}\
         {\"code\":\"storage_full\",\"message\":\"the sandbox holds the 2 animals clients may add; restart it to start over\",\"status\":507}"
    );
    assert_eq!(output.status.code(), Some(0));
}

/// The head of a `POST /v1/pets` that promises `length` bytes of body.
fn post_head(length: usize) -> String {
    format!(
        "POST /v1/pets HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer sandbox\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    )
}

#[test]
fn clients_that_stall_mid_body_are_answered_408_and_closed_and_free_their_places() {
    const CAP: usize = 8;
    let sandbox = Sandbox::start_with(
        Config::default().quiet(true).max_connections(CAP).body_timeout(Duration::from_millis(200)),
    );
    // Every place under the cap is taken by a client that sends half its body and stops.
    let mut stalled: Vec<TcpStream> = (0..CAP).map(|_| connect(sandbox.addr())).collect();
    for stream in &mut stalled {
        stream.write_all(post_head(100_000).as_bytes()).unwrap();
        stream.write_all(&[b' '; 50_000]).unwrap();
    }
    let expected = r#"{"code":"request_timeout","message":"the request body did not all arrive within 0.2 s of its head","status":408}"#;
    for stream in &mut stalled {
        let (head, body) = read_answer(stream);
        assert!(head.starts_with("http/1.1 408 request timeout\r\n"), "{head}");
        assert!(head.contains("connection: close\r\n"), "{head}");
        assert_eq!(body, expected);
        assert_eq!(read_to_close(stream), Ok(Vec::new()), "closed after the answer");
    }

    // Their places are free again: a new request is served, once the sandbox has seen them close.
    wait_until_served(sandbox.addr());
    assert_eq!(sandbox.pets().len(), 10, "nothing half-sent was stored");
}

#[test]
fn a_body_trickled_in_runs_out_of_time_all_the_same() {
    let sandbox = Binary::start(&["--body-timeout", "0.3"]);
    let mut trickle = connect(sandbox.addr);
    trickle.write_all(post_head(1000).as_bytes()).unwrap();
    let mut reader = trickle.try_clone().unwrap();
    let answer = std::thread::spawn(move || read_answer(&mut reader));
    // A byte every 20 ms keeps arriving, but the whole body never would within 0.3 s: the bound
    // is on the body, not on the pauses between its bytes.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !answer.is_finished() && trickle.write_all(b" ").is_ok() {
        assert!(Instant::now() < deadline, "no answer to a body that never ends");
        std::thread::sleep(Duration::from_millis(20));
    }
    let (head, body) = answer.join().unwrap();
    assert!(head.starts_with("http/1.1 408 request timeout\r\n"), "{head}");
    assert_eq!(
        body,
        r#"{"code":"request_timeout","message":"the request body did not all arrive within 0.3 s of its head","status":408}"#
    );

    // A body that arrives in time, in pieces, is read as usual.
    let mut prompt = connect(sandbox.addr);
    let body = br#"{"name":"Kit","categoryId":3}"#;
    prompt.write_all(post_head(body.len()).as_bytes()).unwrap();
    for chunk in body.chunks(10) {
        prompt.write_all(chunk).unwrap();
        std::thread::sleep(Duration::from_millis(20));
    }
    let (head, _) = read_answer(&mut prompt);
    assert!(head.starts_with("http/1.1 201 created\r\n"), "{head}");
}

/// The resident memory of process `pid`, in KiB (Linux's `/proc`).
#[cfg(target_os = "linux")]
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Clients that stall with most of a 1 MiB body sent hold about 1 MB each of the sandbox's memory; once they
/// are answered and gone, that memory goes back to the system, burst after burst (glibc's malloc, after a
/// second burst of 520, kept 423 MB).
#[cfg(target_os = "linux")]
#[test]
fn the_memory_of_stalled_bodies_goes_back_once_they_are_answered() {
    const CLIENTS: usize = 300;
    let sandbox = Binary::start(&["--body-timeout", "1", "--max-connections", "512"]);
    let pid = sandbox.child.id();
    let at_rest = rss_kib(pid);
    for burst in 1..=3 {
        let mut stalled: Vec<TcpStream> = (0..CLIENTS).map(|_| connect(sandbox.addr)).collect();
        for stream in &mut stalled {
            stream.write_all(post_head(1 << 20).as_bytes()).unwrap();
            stream.write_all(&[b' '; 1_000_000]).unwrap();
        }
        // The bodies are in the sandbox's memory, or the test would mean nothing.
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut peak = rss_kib(pid);
        while peak < at_rest + 150 * 1024 {
            assert!(Instant::now() < deadline, "burst {burst}: the stalled bodies never took memory: {peak} KiB");
            std::thread::sleep(Duration::from_millis(10));
            peak = peak.max(rss_kib(pid));
        }
        for stream in &mut stalled {
            let (head, _) = read_answer(stream);
            assert!(head.starts_with("http/1.1 408 request timeout\r\n"), "{head}");
        }
        drop(stalled);
        // Within a bounded wait the sandbox is back near where it started (some MB of slack for what its
        // allocator keeps at hand).
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let now = rss_kib(pid);
            if now < at_rest + 32 * 1024 {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "burst {burst}: {now} KiB still held ({at_rest} KiB at rest, {peak} KiB at the peak)"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}
