//! The network layer as a user meets it: proxies from the environment, `--cacert` against a real TLS server
//! with a private CA, and `--timeout` against a server that never answers. Every server is on 127.0.0.1.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::assert_run;
use crate::common::canned::Canned;
use crate::common::proxy::Proxy;
use crate::common::{Run, TestEnv};

/// Like `assert_run!`, for runs against [`TlsServer`]: its port appears as `localhost:PORT`, and its `-www`
/// page (the body petstore quotes) goes on with openssl's build-specific cipher lists after its first line.
macro_rules! assert_tls_run {
    ($name:expr, $run:expr) => {{
        let mut filters = $crate::common::filters();
        filters.push((r"localhost:\d+", "localhost:[PORT]"));
        filters.push((r"(s_server -accept 127\.0\.0\.1:\[PORT\]) [^`]*", "$1 [S_SERVER STATUS PAGE]"));
        insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!($name, $run.to_string());
        })
    }};
}

// ---------------------------------------------------------------------------------------------------------
// Proxies. reqwest reads them from the environment (hyper-util's `Matcher::from_env`): `HTTPS_PROXY` then
// `https_proxy` for https URLs, `ALL_PROXY` as the fallback, and `NO_PROXY`/`no_proxy`; it makes no exception
// for loopback. petstore adds one rule: a plain-http base URL (loopback only) never goes through a proxy,
// because the proxy would receive the key unencrypted and then reach its own loopback, not ours.

#[test]
fn plain_http_to_loopback_never_goes_through_a_proxy() {
    // Plain HTTP whatever the transport: the rule under test is plain HTTP's.
    let env = TestEnv::over_plain_http(petstore_sandbox::Config::default().seed_pets(5));
    let direct = env.run(&["pets", "list"]);
    let proxy = Proxy::start();
    for var in ["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"] {
        let run = Run::of(env.command().env(var, proxy.url()).args(["pets", "list"]));
        assert_eq!((run.code, run.stdout.as_str()), (0, direct.stdout.as_str()), "{var}: {run}");
    }
    assert_eq!(proxy.requests(), Vec::<String>::new(), "the key never went to the proxy");
}

#[test]
fn https_goes_through_https_proxy_unless_no_proxy_names_the_host() {
    let Some(server) = TlsServer::start() else { return };
    let env = TestEnv::new();
    let ca = server.ca();
    let args = ["--cacert", ca.to_str().unwrap(), "--base-url", &server.base_url(), "pets", "list"];
    let connect = format!("CONNECT localhost:{} HTTP/1.1", server.port);
    for var in ["HTTPS_PROXY", "https_proxy", "ALL_PROXY"] {
        let proxy = Proxy::start();
        let run = Run::of(env.command().env(var, proxy.url()).args(args));
        assert_eq!(run.code, 1, "{var}: {run}");
        assert_eq!(proxy.requests(), std::slice::from_ref(&connect), "{var}");
        let run = Run::of(env.command().env(var, proxy.url()).env("NO_PROXY", "localhost").args(args));
        assert_eq!(run.code, 1, "{var}: {run}");
        assert_eq!(proxy.requests().len(), 1, "{var}: NO_PROXY=localhost goes direct");
    }
}

// ---------------------------------------------------------------------------------------------------------
// TLS with a private CA: `openssl s_server -www` answers any GET with an HTML status page, which is enough to
// see the handshake succeed or fail without a TLS-capable API server.

/// A private CA, a certificate it signed for `localhost` and 127.0.0.1, and `openssl s_server` serving it on
/// 127.0.0.1. Killed when dropped.
struct TlsServer {
    dir: tempfile::TempDir,
    port: u16,
    child: Child,
}

impl TlsServer {
    /// `None` when `openssl` is not installed and the developer asked to skip what needs it
    /// ([`crate::common::have_tool`], which fails the test otherwise).
    fn start() -> Option<TlsServer> {
        if !crate::common::have_tool("openssl", "openssl") {
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        private_ca(dir.path());
        let (child, port) = crate::common::tls::s_server(dir.path(), "leaf.pem", "leaf.key");
        Some(TlsServer { dir, port, child })
    }

    /// s_server's output: `ACCEPT`, then a line for each failed handshake.
    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("s_server.log")).unwrap_or_default()
    }

    /// `https://localhost:PORT/v1`.
    fn base_url(&self) -> String {
        format!("https://localhost:{}/v1", self.port)
    }

    fn ca(&self) -> PathBuf {
        self.dir.path().join("ca.pem")
    }

    /// How many TLS handshakes the server saw refused because the client did not know the CA (rustls sends
    /// the `unknown_ca` alert, which s_server logs). s_server may log a moment after petstore exits: this
    /// waits for `expected` of them (5 s at most), then a little longer for any more.
    fn unknown_ca_alerts(&self, expected: usize) -> usize {
        let count = || self.log().matches("alert unknown ca").count();
        let deadline = Instant::now() + Duration::from_secs(5);
        while count() < expected && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(100));
        count()
    }
}

/// A private CA and a certificate it signed for `localhost` and 127.0.0.1, made in `dir`: `ca.pem`, and
/// `leaf.pem` with its key `leaf.key`.
fn private_ca(dir: &Path) {
    let ec_key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    let ca = ["req", "-x509", "-days", "2", "-subj", "/CN=petstore test CA", "-keyout", "ca.key", "-out", "ca.pem"];
    let ca_extensions = ["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"];
    openssl(dir, &[&ca[..], &ec_key, &ca_extensions].concat());
    let request = ["req", "-subj", "/CN=localhost", "-keyout", "leaf.key", "-out", "leaf.csr"];
    openssl(dir, &[&request[..], &ec_key].concat());
    std::fs::write(
        dir.join("leaf.ext"),
        "subjectAltName = DNS:localhost, IP:127.0.0.1\n\
         basicConstraints = critical, CA:FALSE\n\
         keyUsage = critical, digitalSignature\n\
         extendedKeyUsage = serverAuth\n",
    )
    .unwrap();
    let sign = ["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial"];
    openssl(dir, &[&sign[..], &["-days", "2", "-extfile", "leaf.ext", "-out", "leaf.pem"]].concat());
}

impl Drop for TlsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `socat` terminating TLS, with [`private_ca`]'s certificate, in front of a sandbox: the API itself over
/// HTTPS, so that petstore's HTTPS path (reqwest with rustls; plain HTTP to loopback takes `api::loopback`)
/// meets the real API. One child per connection (`fork`). Killed when dropped.
pub(crate) struct TlsFront {
    dir: tempfile::TempDir,
    port: u16,
    child: Child,
}

impl TlsFront {
    /// `None` when `socat` or `openssl` is missing and the developer asked to skip what needs it.
    pub(crate) fn start(upstream: std::net::SocketAddr) -> Option<TlsFront> {
        if !crate::common::have_tool("openssl", "openssl") || !crate::common::have_tool("socat", "socat") {
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        private_ca(dir.path());
        // The port was free a moment ago; if another process took it since, socat exits and we try another.
        for _ in 0..5 {
            let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
            let listen =
                format!("OPENSSL-LISTEN:{port},bind=127.0.0.1,reuseaddr,fork,cert=leaf.pem,key=leaf.key,verify=0");
            let mut child = Command::new("socat")
                .args([listen, format!("TCP:{upstream}")])
                .current_dir(dir.path())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let bound = Instant::now() + Duration::from_secs(10);
            while Instant::now() < bound && child.try_wait().unwrap().is_none() {
                if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                    return Some(TlsFront { dir, port, child });
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        panic!("socat never listened");
    }
}

impl TlsFront {
    /// `https://localhost:PORT/v1`.
    pub(crate) fn base_url(&self) -> String {
        format!("https://localhost:{}/v1", self.port)
    }

    /// The certificate of the authority that signed the front's, for `--cacert`.
    pub(crate) fn ca(&self) -> std::path::PathBuf {
        self.dir.path().join("ca.pem")
    }
}

impl Drop for TlsFront {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_bulk_add_over_https_creates_every_record_once_and_a_list_reads_them_back() {
    // Plain HTTP whatever the transport: the socat front forwards the bytes it decrypts to the sandbox.
    let env = TestEnv::over_plain_http(petstore_sandbox::Config::default().seed_pets(0));
    let Some(front) = TlsFront::start(env.sandbox.addr()) else { return };
    let (ca, base) = (front.dir.path().join("ca.pem"), format!("https://localhost:{}/v1", front.port));
    let ca = ca.to_str().unwrap();
    let names: Vec<String> = (1..=150).map(|i| format!("tls-{i}")).collect();
    // Every third status, so that `list --all` reaches them all (at most 100 of each status).
    let statuses = ["available", "pending", "sold"];
    let records: String = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            format!("{{\"name\":\"{name}\",\"categoryId\":{},\"status\":\"{}\"}}\n", i % 5 + 1, statuses[i % 3])
        })
        .collect();
    let file = env.home().join("pets.ndjson");
    std::fs::write(&file, records).unwrap();
    let run = env.run(&[
        "--cacert",
        ca,
        "--base-url",
        &base,
        "pets",
        "add",
        "--file",
        file.to_str().unwrap(),
        "-o",
        "ndjson",
    ]);
    assert_eq!(run.code, 0, "{run}");
    // One line each (`-o ndjson` prints each as it is created, with its input line).
    let mut printed: Vec<(u64, String)> = run
        .stdout
        .lines()
        .map(|line| {
            let line: serde_json::Value = serde_json::from_str(line).unwrap();
            (line["line"].as_u64().unwrap(), line["pet"]["name"].as_str().unwrap().to_owned())
        })
        .collect();
    printed.sort();
    assert_eq!(printed, names.iter().cloned().enumerate().map(|(i, name)| (i as u64 + 1, name)).collect::<Vec<_>>());
    // Created once each.
    let mut stored: Vec<String> =
        env.sandbox.pets().iter().map(|pet| pet["name"].as_str().unwrap().to_owned()).collect();
    stored.sort();
    let mut expected = names.clone();
    expected.sort();
    assert_eq!(stored, expected);
    // Read back over HTTPS as over plain HTTP.
    let over_tls = env.run(&["--cacert", ca, "--base-url", &base, "pets", "list", "--all", "--json"]);
    let direct = env.run(&["pets", "list", "--all", "--json"]);
    assert_eq!((over_tls.code, &over_tls.stdout), (0, &direct.stdout), "{over_tls}");
    assert!(direct.stdout.contains("\"tls-150\""), "{direct}");
}

/// Runs `openssl ARGS` in `dir`, and panics with its output when it fails.
fn openssl(dir: &Path, args: &[&str]) {
    let output = Command::new("openssl").args(args).current_dir(dir).stdin(Stdio::null()).output().unwrap();
    assert!(output.status.success(), "openssl {args:?} failed:\n{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn a_certificate_from_an_unknown_ca_is_exit_5() {
    let Some(server) = TlsServer::start() else { return };
    let env = TestEnv::new();
    let run = env.run(&["--base-url", &server.base_url(), "pets", "list"]);
    assert_tls_run!("tls_unknown_ca", run);
}

/// A certificate the client does not trust will not be trusted a moment later: one handshake, no retry,
/// directly or through a proxy.
#[test]
fn a_certificate_from_an_unknown_ca_is_not_retried() {
    let Some(server) = TlsServer::start() else { return };
    let env = TestEnv::new();
    let run = env.run(&["--verbose", "--base-url", &server.base_url(), "pets", "list"]);
    assert_eq!(run.code, 5, "{run}");
    assert!(!run.stderr.contains("retrying"), "a certificate error was retried:\n{run}");
    assert_eq!(run.stderr.matches("> GET ").count(), 1, "{run}");
    assert_eq!(server.unknown_ca_alerts(1), 1, "s_server's log:\n{}", server.log());

    let proxy = Proxy::start();
    let run =
        Run::of(env.command().env("HTTPS_PROXY", proxy.url()).args(["--base-url", &server.base_url(), "pets", "list"]));
    assert_eq!(run.code, 5, "{run}");
    assert_eq!(proxy.requests(), [format!("CONNECT localhost:{} HTTP/1.1", server.port)]);
    assert_eq!(server.unknown_ca_alerts(2), 2, "s_server's log:\n{}", server.log());
}

#[test]
fn cacert_makes_a_private_ca_trusted() {
    let Some(server) = TlsServer::start() else { return };
    let env = TestEnv::new();
    let ca = server.ca();
    let ca = ca.to_str().unwrap();
    // The handshake succeeds; then petstore refuses s_server's HTML status page, as it would any non-JSON.
    let run = env.run(&["--cacert", ca, "--base-url", &server.base_url(), "pets", "list"]);
    assert_tls_run!("tls_cacert_trusted", run);
    // The certificate names 127.0.0.1 too.
    let by_ip = format!("https://127.0.0.1:{}/v1", server.port);
    let run = env.run(&["--cacert", ca, "--base-url", &by_ip, "pets", "list"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("expected `application/json`, got `text/html`"), "{run}");
    assert_eq!(server.unknown_ca_alerts(0), 0, "s_server's log:\n{}", server.log());
}

/// `PETSTORE_CACERT` is `--cacert` for scripts (as curl has `CURL_CA_BUNDLE`): the API over HTTPS through the
/// TLS front answers as it does over plain HTTP; a flag beats the variable, and a variable naming no file is
/// named in the error, before anything is sent.
#[test]
fn petstore_cacert_trusts_a_private_ca_as_cacert_does_and_the_flag_wins() {
    // Plain HTTP whatever the transport: the socat front forwards the bytes it decrypts to the sandbox, and
    // `direct` (plain HTTP) is what the front's answers are compared with.
    let env = TestEnv::over_plain_http(petstore_sandbox::Config::default().seed_pets(5));
    let Some(front) = TlsFront::start(env.sandbox.addr()) else { return };
    let ca = front.ca();
    let ca = ca.to_str().unwrap();
    let base = front.base_url();
    let over_tls =
        Run::of(env.command().env("PETSTORE_CACERT", ca).args(["--base-url", &base, "pets", "list", "--json"]));
    let direct = env.run(&["pets", "list", "--json"]);
    assert_eq!((over_tls.code, &over_tls.stdout), (0, &direct.stdout), "{over_tls}");
    // The variable, naming no file: the error says which variable.
    let missing = env.home().join("missing.pem");
    let run = Run::of(env.command().env("PETSTORE_CACERT", &missing).args(["pets", "list"]));
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("`PETSTORE_CACERT="), "{run}");
    // The flag wins: a good variable does not save a bad flag, and a good flag overrides a bad variable.
    let run =
        Run::of(env.command().env("PETSTORE_CACERT", ca).args(["--cacert", missing.to_str().unwrap(), "pets", "list"]));
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("`--cacert "), "{run}");
    let run = Run::of(env.command().env("PETSTORE_CACERT", &missing).args([
        "--cacert",
        ca,
        "--base-url",
        &base,
        "pets",
        "list",
        "--json",
    ]));
    assert_eq!((run.code, &run.stdout), (0, &direct.stdout), "{run}");
}

#[test]
fn cacert_that_cannot_be_read_or_holds_no_certificate_is_exit_2_before_any_request() {
    let env = TestEnv::new();
    let missing = env.home().join("missing.pem");
    assert_run!("cacert_missing", env.run(&["--cacert", missing.to_str().unwrap(), "pets", "list"]));
    let text = env.home().join("not-a-certificate.pem");
    std::fs::write(&text, "this is not a certificate\n").unwrap();
    assert_run!("cacert_no_certificate", env.run(&["--cacert", text.to_str().unwrap(), "pets", "list"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

/// A PEM block that is not a certificate is the user's mistake, to be named as such before anything is sent.
#[test]
fn cacert_with_a_broken_certificate_is_exit_2_before_any_request() {
    let env = TestEnv::new();
    let broken = env.home().join("broken.pem");
    std::fs::write(&broken, "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n")
        .unwrap();
    let run = env.run(&["--cacert", broken.to_str().unwrap(), "pets", "list"]);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.starts_with(&format!("error: invalid value: `--cacert {}`: ", broken.display())), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn https_proxy_tunnels_with_connect_and_cacert_still_applies() {
    let Some(server) = TlsServer::start() else { return };
    let env = TestEnv::new();
    let ca = server.ca();
    let args = ["--cacert", ca.to_str().unwrap(), "--base-url", &server.base_url(), "pets", "list"];
    let direct = env.run(&args);
    let proxy = Proxy::start();
    let run = Run::of(env.command().env("HTTPS_PROXY", proxy.url()).args(args));
    assert_eq!(run.code, 1, "{run}");
    // The same but for the request id, fresh for each request.
    let without_id = |run: &Run| run.to_string().split("\nnote: request id").next().unwrap().to_owned();
    assert_eq!(without_id(&run), without_id(&direct), "the same answer through the tunnel");
    assert!(run.stderr.contains("note: request id `"), "{run}");
    assert_eq!(proxy.requests(), [format!("CONNECT localhost:{} HTTP/1.1", server.port)]);
}

// ---------------------------------------------------------------------------------------------------------
// Timeouts.

#[test]
fn a_server_that_never_answers_times_out_after_four_attempts() {
    let env = TestEnv::new();
    let server = Canned::silent();
    let started = Instant::now();
    let run = env.run(&["--timeout", "0.3", "--verbose", "--base-url", server.base_url(), "pets", "list"]);
    let elapsed = started.elapsed();
    assert_run!("timeout_never_answers", run);
    assert_eq!(server.requests(), 4);
    // Four attempts of 0.3 s, and backoffs below 0.25 + 0.5 + 1 s.
    assert!(elapsed >= Duration::from_millis(1200) && elapsed < Duration::from_secs(10), "{elapsed:?}");
}

/// A server whose queue of connections is full never accepts one: the connection times out, before the
/// attempt's deadline (nine tenths of `--timeout`). Nothing was sent, so even a POST goes again, and ends as
/// certainly not created; never "may or may not have taken effect".
#[test]
fn a_connection_the_server_never_accepts_is_no_answer_in_time_and_a_post_on_it_was_not_sent() {
    // A queue of none (listen(2)'s backlog 0): the kernel keeps one connection waiting and drops the SYNs of
    // the rest, so their `connect` hangs. Never accepted.
    let listener = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    listener.bind(&std::net::SocketAddr::from(([127, 0, 0, 1], 0)).into()).unwrap();
    listener.listen(0).unwrap();
    let listener: std::net::TcpListener = listener.into();
    let addr = listener.local_addr().unwrap();
    let _queued: Vec<_> =
        (0..3).filter_map(|_| std::net::TcpStream::connect_timeout(&addr, Duration::from_millis(200)).ok()).collect();
    let env = TestEnv::new();
    let base = format!("http://127.0.0.1:{}/v1", addr.port());
    let run = env.run(&["--timeout", "0.3", "--verbose", "--base-url", &base, "pets", "list"]);
    assert_run!("timeout_never_accepted_list", run);
    let add = ["--timeout", "0.3", "--base-url", &base, "pets", "add", "--name", "Rex", "--category-id", "1", "--yes"];
    assert_run!("timeout_never_accepted_add", env.run(&add));
}

#[test]
fn a_timeout_that_is_not_a_positive_number_is_exit_2() {
    let env = TestEnv::new();
    assert_run!("timeout_zero", env.run(&["--timeout", "0", "pets", "list"]));
    assert_run!(
        "timeout_env_not_a_number",
        Run::of(env.command().env("PETSTORE_TIMEOUT", "abc").args(["pets", "list"]))
    );
    assert_eq!(env.sandbox.request_count(), 0);
}

/// An untrusted certificate fails every record alike, so a bulk add stops at the first, as it does when the
/// server cannot be reached at all, rather than trying each record's handshake in turn.
#[test]
fn a_bulk_add_stops_at_an_untrusted_certificate() {
    let server = crate::common::tls::SelfSigned::start();
    let env = TestEnv::new();
    let file = env.home().join("pets.ndjson");
    std::fs::write(
        &file,
        "{\"name\":\"a\",\"categoryId\":1}\n{\"name\":\"b\",\"categoryId\":1}\n{\"name\":\"c\",\"categoryId\":1}\n",
    )
    .unwrap();
    let run = env.run(&["--base-url", &server.base_url(), "pets", "add", "--file", file.to_str().unwrap()]);
    assert_eq!(run.code, 6, "{run}");
    // The records already on their way finish in any order; each failed the handshake.
    let mut lines: Vec<&str> = run.stderr.lines().collect();
    lines.sort_unstable();
    let refused = format!(
        "not created: TLS handshake with `https://localhost:{}` failed: invalid peer certificate: UnknownIssuer",
        server.port()
    );
    let failed: Vec<&str> = lines.iter().copied().filter(|line| line.starts_with("line ")).collect();
    assert!(!failed.is_empty() && failed.iter().all(|line| line.ends_with(&refused)), "{run}");
    assert!(lines.contains(&"stopping: every other record would fail the same way"), "{run}");
    assert_eq!(lines.len(), failed.len() + 3, "{run}");
}

/// Issue 44: plain HTTP needs no CA store, and reads none: a list against the loopback sandbox works with the
/// system store out of reach, as in a container without ca-certificates.
#[test]
fn plain_http_works_without_a_ca_store() {
    let env = TestEnv::over_plain_http(petstore_sandbox::Config::default().seed_pets(3));
    let run = Run::of(
        env.command()
            .env("SSL_CERT_FILE", "/dev/null")
            .env("SSL_CERT_DIR", "/nonexistent")
            .args(["pets", "list", "--json"]),
    );
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.json().as_array().unwrap().len(), 3, "{run}");
}

/// Issue 44: over HTTPS with no CA certificates on the system (a container without ca-certificates) and none
/// given, petstore says so and what to do before anything is sent (exit 1, `no_ca_store`); the server's CA given
/// with `--cacert` is enough on its own; and `doctor` checks the system's certificates.
#[test]
fn https_with_no_ca_store_says_so_and_cacert_alone_is_enough() {
    let env =
        TestEnv::with(petstore_sandbox::Config::default().seed_pets(3).tls(petstore_sandbox::Tls::generate().unwrap()));
    let bare = |cmd: &mut std::process::Command| {
        cmd.env("SSL_CERT_FILE", "/dev/null").env("SSL_CERT_DIR", "/nonexistent");
    };
    let mut cmd = env.command();
    bare(&mut cmd);
    let run = Run::of(cmd.env_remove("PETSTORE_CACERT").args(["pets", "list"]));
    assert_eq!(run.code, 1, "{run}");
    let url = env.sandbox.base_url();
    let origin = url.trim_end_matches("/v1");
    assert_eq!(
        run.stderr,
        format!(
            "error: no CA certificates to check `{origin}`'s certificate with: none in `/dev/null` or `/nonexistent`, \
             so nothing was sent\nhelp: install the system's CA certificates (Debian and Ubuntu: `apt install \
             ca-certificates`), point `SSL_CERT_FILE` at a bundle, or pass the server's CA with `--cacert FILE`\n"
        ),
        "{run}"
    );
    assert_eq!(env.sandbox.request_count(), 0);
    let mut cmd = env.command();
    bare(&mut cmd);
    let run = Run::of(cmd.args(["pets", "list", "--json"]));
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.json().as_array().unwrap().len(), 3);
    // The doctor names the system's certificates, and where they are missing, says so.
    let mut cmd = env.command();
    bare(&mut cmd);
    let run = Run::of(cmd.env_remove("PETSTORE_CACERT").args(["doctor", "-o", "tsv"]));
    let row = run.stdout.lines().find(|line| line.starts_with("ca-store\t")).unwrap_or_else(|| panic!("{run}"));
    assert_eq!(
        row,
        "ca-store\tFAIL\tno CA certificates in `/dev/null` or `/nonexistent`: install the system's (Debian and Ubuntu: `apt install ca-certificates`), or give `--cacert FILE`"
    );
    let run = env.run(&["doctor", "-o", "tsv"]);
    let row = run.stdout.lines().find(|line| line.starts_with("ca-store\t")).unwrap_or_else(|| panic!("{run}"));
    assert!(row.starts_with("ca-store\tPASS\t"), "{row}");
}
