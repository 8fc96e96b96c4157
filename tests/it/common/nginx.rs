//! nginx as a TLS and HTTP/2 front for a sandbox, as production runs behind one: it serves the sandbox's own
//! certificate (so `PETSTORE_CACERT` is the sandbox's CA) and passes each request to the sandbox over HTTP/1.1.
//! Used where nginx behaves as the sandbox's HTTP/2 server (hyper's) cannot be made to: a `GOAWAY` whose last
//! stream id is below streams the client already sent.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use petstore_sandbox::Tls;

/// A running nginx in single-process mode, killed when dropped.
pub struct Nginx {
    child: Child,
    dir: tempfile::TempDir,
    addr: SocketAddr,
}

impl Nginx {
    /// nginx on a free loopback port with `tls`'s certificate, passing every request to `upstream`
    /// (`127.0.0.1:PORT`), with `server` directives added to its `server` block.
    pub fn start(tls: &Tls, upstream: SocketAddr, server: &str) -> Nginx {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name).display().to_string();
        std::fs::write(path("chain.pem"), tls.certificate_chain_pem()).unwrap();
        std::fs::write(path("key.pem"), tls.private_key_pem()).unwrap();
        // A port free a moment ago: nginx binds it itself.
        let addr = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
        let temp: String = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
            .iter()
            .map(|kind| format!("    {kind}_temp_path {};\n", path(kind)))
            .collect();
        let config = format!(
            "daemon off;\nmaster_process off;\npid {pid};\nerror_log {error} info;\nevents {{ worker_connections 1024; }}\n\
             http {{\n    log_format connections '$connection $connection_requests $status';\n    access_log {access} connections;\n\
             {temp}    server {{\n        listen {addr} ssl http2;\n        ssl_certificate {chain};\n        ssl_certificate_key {key};\n\
                     {server}\n        location / {{\n            proxy_pass http://{upstream};\n            proxy_http_version 1.1;\n\
                     proxy_set_header Connection \"\";\n        }}\n    }}\n}}\n",
            pid = path("nginx.pid"),
            error = path("error.log"),
            access = path("access.log"),
            chain = path("chain.pem"),
            key = path("key.pem"),
        );
        std::fs::write(path("nginx.conf"), config).unwrap();
        let child = Command::new(nginx())
            .args(["-p", &path(""), "-c", &path("nginx.conf"), "-e", &path("error.log")])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let nginx = Nginx { child, dir, addr };
        nginx.wait_until_listening();
        nginx
    }

    fn wait_until_listening(&self) {
        let started = Instant::now();
        while TcpStream::connect(self.addr).is_err() {
            let log = std::fs::read_to_string(self.dir.path().join("error.log")).unwrap_or_default();
            assert!(started.elapsed() < Duration::from_secs(10), "nginx did not start listening: {log}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn base_url(&self) -> String {
        format!("https://{}/v1", self.addr)
    }

    /// Each request's line in the access log: `CONNECTION REQUEST-ON-IT STATUS`.
    pub fn access_log(&self) -> Vec<(u64, u64, u16)> {
        let log = std::fs::read_to_string(self.dir.path().join("access.log")).unwrap_or_default();
        log.lines()
            .map(|line| {
                let fields: Vec<&str> = line.split(' ').collect();
                (fields[0].parse().unwrap(), fields[1].parse().unwrap(), fields[2].parse().unwrap())
            })
            .collect()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The nginx binary: on PATH, or in /usr/sbin, where Debian puts it and a user's PATH may not reach.
fn nginx() -> PathBuf {
    let sbin = Path::new("/usr/sbin/nginx");
    if sbin.exists() { sbin.to_path_buf() } else { PathBuf::from("nginx") }
}

/// Whether nginx is installed, as [`super::have_tool`] asks (found in /usr/sbin too).
pub fn have_nginx() -> bool {
    Path::new("/usr/sbin/nginx").exists() || super::have_tool("nginx", "nginx-light")
}
