//! A TLS server on 127.0.0.1 with a self-signed certificate for `localhost` and 127.0.0.1, which petstore
//! does not trust: every handshake fails on the client's side, once (a certificate error is not retried).
//! `openssl s_server` serves it; without `openssl` the test fails rather than passing unchecked. Its subject
//! is not `CN=localhost`: a system's own snake-oil certificate may carry that name, and the client would then
//! judge the certificate against it rather than find no issuer at all.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `openssl s_server -www`, killed when dropped.
pub struct SelfSigned {
    _dir: tempfile::TempDir,
    port: u16,
    child: Child,
}

impl SelfSigned {
    pub fn start() -> SelfSigned {
        let installed = Command::new("openssl").arg("version").output().is_ok_and(|o| o.status.success());
        assert!(installed, "this test needs `openssl` (apt-get install openssl)");
        let dir = tempfile::tempdir().unwrap();
        let create = Command::new("openssl")
            .args(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"])
            .args(["-days", "2", "-subj", "/CN=petstore self-signed test", "-keyout", "key.pem", "-out", "cert.pem"])
            .args([
                "-addext",
                "subjectAltName=DNS:localhost,IP:127.0.0.1",
                "-addext",
                "basicConstraints=critical,CA:FALSE",
            ])
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(create.status.success(), "openssl req failed:\n{}", String::from_utf8_lossy(&create.stderr));
        let (child, port) = s_server(dir.path(), "cert.pem", "key.pem");
        SelfSigned { _dir: dir, port, child }
    }

    /// `https://localhost:PORT/v1`.
    pub fn base_url(&self) -> String {
        format!("https://localhost:{}/v1", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }
}

impl Drop for SelfSigned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits for s_server's `ACCEPT`, which it prints once it listens; false when it exited instead. Every test
/// TLS server (this self-signed one, network.rs's private CA) waits so.
pub fn listening(child: &mut Child, log: &Path) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if std::fs::read_to_string(log).unwrap_or_default().contains("ACCEPT") {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    panic!("openssl s_server did not start in 10 s:\n{}", std::fs::read_to_string(log).unwrap_or_default());
}

/// Starts `openssl s_server -www` in `dir` with `cert` and `key` (names relative to `dir`, so that the status
/// page, which quotes the command, is the same every run), on a port of 127.0.0.1, once it listens. Its output
/// goes to `dir/s_server.log`.
pub fn s_server(dir: &Path, cert: &str, key: &str) -> (Child, u16) {
    // The port was free a moment ago; if another process took it since, s_server exits and we try another.
    for _ in 0..5 {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let log_path = dir.join("s_server.log");
        let log = std::fs::File::create(&log_path).unwrap();
        let mut child = Command::new("openssl")
            .args(["s_server", "-accept", &format!("127.0.0.1:{port}"), "-cert", cert, "-key", key, "-www"])
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        if listening(&mut child, &log_path) {
            return (child, port);
        }
    }
    panic!("openssl s_server never listened");
}
