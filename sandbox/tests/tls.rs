//! `petstore-sandbox --tls`, seen from a real HTTP client (curl): HTTPS with a CA of its own, HTTP/2 and
//! HTTP/1.1 by ALPN, `--http1`, `--ca-out`, `-- COMMAND`'s `PETSTORE_CACERT`, and the faults that HTTP/2 changes.

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

fn sandbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_petstore-sandbox")).args(args).output().unwrap()
}

/// Runs `script` under `sh` against a sandbox with `--tls` and `flags`; `get PATH [CURL_ARGS]...` fetches a
/// path under the base URL with curl, trusting the sandbox's CA through `PETSTORE_CACERT`, and `post NAME`
/// adds an animal so named.
fn run_tls(flags: &[&str], script: &str) -> Output {
    let script = format!(
        r#"get() {{ path=$1; shift; curl -s --cacert "$PETSTORE_CACERT" -H "Authorization: Bearer $PETSTORE_API_KEY" "$@" "$PETSTORE_BASE_URL$path"; }}
post() {{ name=$1; shift; curl -s --cacert "$PETSTORE_CACERT" -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data "{{\"name\":\"$name\",\"categoryId\":1}}" "$PETSTORE_BASE_URL/pets" -o /dev/null "$@"; }}
{script}"#
    );
    let mut args = vec!["--tls"];
    args.extend(flags);
    args.extend(["--", "sh", "-c", &script]);
    sandbox(&args)
}

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn a_command_gets_the_https_url_and_the_ca_and_speaks_h2_or_http1_by_alpn() {
    let output = run_tls(
        &["--seed-pets", "2"],
        r#"echo "$PETSTORE_BASE_URL" | sed 's/:[0-9]*\/v1/:PORT\/v1/'
head -1 "$PETSTORE_CACERT"
get '/pets?limit=1' -w '\n%{http_version}\n'
get '/pets?limit=1' --http1.1 -o /dev/null -w '%{http_version}\n'
curl -s "$PETSTORE_BASE_URL/pets" -o /dev/null; echo "without the CA: curl exit $?""#,
    );
    assert_eq!(
        stdout(&output),
        "https://127.0.0.1:PORT/v1\n-----BEGIN CERTIFICATE-----\n\
         [{\"id\":1,\"name\":\"Rex\",\"categoryId\":1,\"status\":\"available\"}]\n2\n1.1\n\
         without the CA: curl exit 60\n"
    );
}

#[test]
fn http1_offers_http_1_1_only() {
    let output = run_tls(&["--http1"], r#"get /pets --http2 -o /dev/null -w '%{http_version}\n'"#);
    assert_eq!(stdout(&output), "1.1\n");
}

/// `--ca-out` is written before the URL is printed, and the CA in it is the one the sandbox serves with.
#[test]
fn ca_out_writes_the_ca_before_the_url_is_printed() {
    let dir = tempfile::tempdir().unwrap();
    let ca = dir.path().join("ca.pem");
    let mut child = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .args(["--tls", "--quiet", "--addr", "127.0.0.1:0", "--ca-out", ca.to_str().unwrap()])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut url).unwrap();
    let url = url.trim_end();
    assert!(url.starts_with("https://127.0.0.1:") && url.ends_with("/v1"), "{url}");
    let pem = std::fs::read_to_string(&ca).unwrap();
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----\n") && pem.ends_with("-----END CERTIFICATE-----\n"));
    let curl = Command::new("curl")
        .args(["-s", "--cacert", ca.to_str().unwrap(), "-H", "Authorization: Bearer sandbox"])
        .args(["-o", "/dev/null", "-w", "%{http_code} %{http_version}"])
        .arg(format!("{url}/pets"))
        .output()
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(String::from_utf8(curl.stdout).unwrap(), "200 2");
}

/// `--refused-stream-rate 1`: over HTTP/2 every POST is reset with REFUSED_STREAM, which curl, like petstore,
/// sends again on a fresh connection until it gives up (exit 56), and nothing is stored; over HTTP/1.1 there is
/// no such answer, so the POST is served.
#[test]
fn a_refused_stream_stores_nothing_and_http1_is_served_as_usual() {
    let output = run_tls(
        &["--seed-pets", "0", "--refused-stream-rate", "1", "--fault-seed", "1"],
        r#"post Refused -v 2>"$PETSTORE_CONFIG_DIR/log"; echo "curl exit $?"
grep -o 'REFUSED_STREAM, retrying a fresh connect' "$PETSTORE_CONFIG_DIR/log" | uniq
curl -s --http1.1 --cacert "$PETSTORE_CACERT" -H "Authorization: Bearer $PETSTORE_API_KEY" "$PETSTORE_BASE_URL/pets"; echo
curl -s --http1.1 --cacert "$PETSTORE_CACERT" -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data '{"name":"Served","categoryId":1}' "$PETSTORE_BASE_URL/pets" -o /dev/null -w '%{http_code} %{http_version}\n'"#,
    );
    assert_eq!(stdout(&output), "curl exit 56\nREFUSED_STREAM, retrying a fresh connect\n[]\n201 1.1\n");
}

/// `drop` over HTTP/2 resets the request's stream (`--h2-drop stream`, the default): curl's next request
/// goes on the same connection. `--h2-drop connection` closes the connection: the next request needs a new one.
#[test]
fn a_drop_over_h2_resets_the_stream_or_closes_the_connection() {
    // Two requests in one curl run share a connection when they can; `num_connects` counts new ones.
    let script = r#"curl -s --cacert "$PETSTORE_CACERT" -H "Authorization: Bearer $PETSTORE_API_KEY" -w '%{http_version} %{num_connects}\n' -o /dev/null "$PETSTORE_BASE_URL/pets" -o /dev/null "$PETSTORE_BASE_URL/pets"; echo "curl exit $?""#;
    let stream = run_tls(&["--drop-rate", "1", "--fault-seed", "1"], script);
    assert_eq!(stdout(&stream), "0 1\n0 0\ncurl exit 92\n", "the second request reused the connection");
    let connection = run_tls(&["--drop-rate", "1", "--h2-drop", "connection", "--fault-seed", "1"], script);
    let text = stdout(&connection);
    // No answer either time, and each request on a connection of its own (curl's exit code for the cut
    // varies with where it noticed it: 16, 18 or 56).
    assert!(text.starts_with("0 1\n0 1\ncurl exit ") && !text.ends_with("exit 0\n"), "{text}");
}

/// `--goaway-after 2`: the third request on a connection goes to a new one (HTTP/2: after the GOAWAY; HTTP/1.1:
/// after the close), and every request is answered.
#[test]
fn goaway_after_sends_the_next_requests_to_a_new_connection() {
    for flags in [&["--goaway-after", "2"][..], &["--goaway-after", "2", "--http1"][..]] {
        let output = run_tls(
            flags,
            r#"curl -s --cacert "$PETSTORE_CACERT" -H "Authorization: Bearer $PETSTORE_API_KEY" -w '%{http_code} %{num_connects}\n' -o /dev/null "$PETSTORE_BASE_URL/pets" -o /dev/null "$PETSTORE_BASE_URL/pets" -o /dev/null "$PETSTORE_BASE_URL/pets""#,
        );
        assert_eq!(stdout(&output), "200 1\n200 0\n200 1\n", "{flags:?}");
    }
}

#[test]
fn tls_flags_need_tls_and_a_stream_cap_of_0_is_refused() {
    for args in
        [&["--http1"][..], &["--ca-out", "x.pem"][..], &["--max-streams", "0"][..], &["--goaway-after", "0"][..]]
    {
        let output = sandbox(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        assert_eq!(output.stdout, b"", "{args:?}");
    }
}

/// Over the connection cap, a TLS connection is answered 503 `unavailable` with `Retry-After` after its
/// handshake, in the protocol ALPN chose, as a plain one is.
#[test]
fn a_tls_connection_over_the_cap_is_answered_503_in_its_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let ca = dir.path().join("ca.pem");
    let mut child = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .args(["--tls", "--quiet", "--addr", "127.0.0.1:0", "--max-connections", "1", "--ca-out"])
        .arg(&ca)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut url).unwrap();
    let url = url.trim_end().to_owned();
    let addr = url.trim_start_matches("https://").trim_end_matches("/v1");
    // Holds the one place: a connection that has not finished its handshake.
    let holder = std::net::TcpStream::connect(addr).unwrap();
    let curl = |version: &str| {
        let output = Command::new("curl")
            .args(["-s", version, "--cacert", ca.to_str().unwrap(), "-H", "Authorization: Bearer sandbox", "-i"])
            .arg(format!("{url}/pets"))
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap().to_lowercase()
    };
    let (h2, h1) = (curl("--http2"), curl("--http1.1"));
    drop(holder);
    let _ = child.kill();
    let _ = child.wait();
    assert!(h2.starts_with("http/2 503"), "{h2}");
    assert!(h1.starts_with("http/1.1 503"), "{h1}");
    for answer in [&h2, &h1] {
        assert!(answer.contains("retry-after: 1"), "{answer}");
        assert!(answer.contains(r#""code":"unavailable""#), "{answer}");
    }
}

/// Starts `petstore-sandbox --tls --quiet --addr 127.0.0.1:0` with `extra`, and gives it back once its URL is
/// printed, with the URL.
fn started(extra: &[&std::ffi::OsStr]) -> (std::process::Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
        .args(["--tls", "--quiet", "--addr", "127.0.0.1:0"])
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut url).unwrap();
    (child, url.trim_end().to_owned())
}

/// `--ca-out LINK`, where LINK is a symbolic link to a file: the certificate goes where the link points, as
/// `curl -o` or a shell's `>` would write it; the link is not replaced by a file of its own. (Renaming a
/// temporary file over the path replaces the link; run as root, `--ca-out /dev/stdout` or `/dev/null`
/// replaces that device entry the same way.)
#[test]
fn ca_out_through_a_symlink_writes_where_it_points() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("ca-real.pem");
    std::fs::write(&target, "old\n").unwrap();
    let link = dir.path().join("ca.pem");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (mut child, _url) = started(&["--ca-out".as_ref(), link.as_os_str()]);
    let _ = child.kill();
    let _ = child.wait();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced by a file");
    let pem = std::fs::read_to_string(&target).unwrap();
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----\n"), "the link's target was not written: {pem:?}");
}

/// `--ca-out FIFO` (as `--ca-out /dev/stdout` is, behind a pipe): the certificate is written into the pipe,
/// which stays a pipe; it is not replaced by a regular file.
#[test]
fn ca_out_to_a_fifo_writes_into_it_and_leaves_it_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("ca.pem");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        // Left behind if the sandbox never opens the pipe: the test fails on the file type first.
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let (mut child, _url) = started(&["--ca-out".as_ref(), fifo.as_os_str()]);
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    let _ = child.kill();
    let _ = child.wait();
    assert!(kind.is_fifo(), "the FIFO was replaced: {kind:?}");
    assert!(reader.join().unwrap().starts_with("-----BEGIN CERTIFICATE-----\n"));
}

/// An HTTP/2 connection that is idle (its preface and SETTINGS sent, then no request) is closed as an idle
/// HTTP/1.1 connection is, after `--header-timeout`, so that idle clients cannot hold every place under
/// `--max-connections` for ever.
#[test]
fn an_idle_h2_connection_is_closed_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let ca = dir.path().join("ca.pem");
    let (mut child, url) = started(&["--header-timeout".as_ref(), "1".as_ref(), "--ca-out".as_ref(), ca.as_os_str()]);
    let addr = url.trim_start_matches("https://").trim_end_matches("/v1").to_owned();
    // openssl s_client offers only h2, sends the client preface and an empty SETTINGS, then waits; it ends
    // when the server closes the connection (`-no_ign_eof`). `timeout 8` bounds the test. (The same with
    // `-alpn http/1.1` and nothing sent ends after the header timeout, 1 s.)
    let script = format!(
        r"timeout 8 openssl s_client -quiet -no_ign_eof -alpn h2 -CAfile '{}' -connect {addr} >/dev/null 2>&1 < <(printf 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\000\000\000\004\000\000\000\000\000'; sleep 8)",
        ca.display()
    );
    let started_at = std::time::Instant::now();
    let _ = Command::new("bash").args(["-c", &script]).status().unwrap();
    let held = started_at.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    assert!(held < std::time::Duration::from_secs(5), "the idle h2 connection was held {held:?}");
}
