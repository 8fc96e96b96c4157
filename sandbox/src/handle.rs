//! [`Sandbox`]: a sandbox running on its own thread and runtime, for blocking tests that start
//! one each and drop it.

use std::net::{Ipv4Addr, SocketAddr};
use std::thread::JoinHandle;

use tokio::sync::oneshot;

use crate::{AppState, Config, FaultCounts, serve_state};

/// A running sandbox on `127.0.0.1` with a free port, on its own OS thread with its own tokio
/// runtime. Dropping it shuts it down gracefully and waits for the thread.
///
/// ```
/// let sandbox = petstore_sandbox::Sandbox::start();
/// assert!(sandbox.base_url().starts_with("http://127.0.0.1:"));
/// assert_eq!(sandbox.pets().len(), 10);
/// ```
#[derive(Debug)]
pub struct Sandbox {
    addr: SocketAddr,
    /// The CA's certificate (PEM) when it serves HTTPS.
    ca_pem: Option<String>,
    state: AppState,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Sandbox {
    /// Starts a sandbox with [`Config::default`], but quiet.
    ///
    /// # Panics
    ///
    /// When no loopback port can be bound or no thread spawned.
    pub fn start() -> Sandbox {
        Sandbox::start_with(Config::default().quiet(true))
    }

    /// Starts a sandbox with `config`. Returns once the socket is bound, so a client can connect
    /// right away (connections queue until the thread accepts them).
    ///
    /// # Panics
    ///
    /// When `config` is not valid (see [`Config::validate`]), or no loopback port can be bound or
    /// no thread spawned.
    pub fn start_with(config: Config) -> Sandbox {
        let listener =
            std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("the sandbox binds a free port on 127.0.0.1");
        listener.set_nonblocking(true).expect("the sandbox's socket can be made non-blocking");
        let addr = listener.local_addr().expect("a bound socket has an address");
        let state = AppState::new(&config);
        let ca_pem = config.tls_identity().map(|tls| tls.ca_pem().to_owned());
        let (stop, stopped) = oneshot::channel::<()>();
        let served = state.clone();
        let thread = std::thread::Builder::new()
            .name(format!("petstore-sandbox-{}", addr.port()))
            .spawn(move || {
                // One thread is plenty for a test's traffic and keeps many parallel tests cheap.
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("the sandbox's tokio runtime starts");
                runtime.block_on(async move {
                    let listener = tokio::net::TcpListener::from_std(listener).expect("tokio adopts the bound socket");
                    // A dropped sender (the handle is gone) also means stop.
                    let shutdown = async move {
                        let _ = stopped.await;
                    };
                    // Accept errors are retried inside axum; nothing is left to report here.
                    let _ = serve_state(listener, served, shutdown).await;
                });
            })
            .expect("the sandbox's thread starts");
        Sandbox { addr, ca_pem, state, stop: Some(stop), thread: Some(thread) }
    }

    /// The base URL including the `/v1` prefix, e.g. `http://127.0.0.1:41234/v1`, or `https://` when it
    /// serves HTTPS.
    pub fn base_url(&self) -> String {
        let scheme = if self.ca_pem.is_some() { "https" } else { "http" };
        format!("{scheme}://{}/v1", self.addr)
    }

    /// The certificate of the CA that signed its certificate (PEM), when it serves HTTPS: what a client
    /// must trust.
    pub fn ca_pem(&self) -> Option<&str> {
        self.ca_pem.as_deref()
    }

    /// The address the sandbox listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many HTTP requests reached the sandbox, whatever their route or outcome.
    pub fn request_count(&self) -> u64 {
        self.state.request_count()
    }

    /// The most requests the sandbox was handling at once since it started (see
    /// [`AppState::peak_requests`]).
    pub fn peak_requests(&self) -> usize {
        self.state.peak_requests()
    }

    /// How many TCP connections the sandbox accepted since it started (see
    /// [`AppState::connections_accepted`]).
    pub fn connections_accepted(&self) -> u64 {
        self.state.connections_accepted()
    }

    /// Method and target of the latest requests, oldest first: `GET /v1/pets?limit=100` (see
    /// [`AppState::request_lines`]).
    pub fn request_lines(&self) -> Vec<String> {
        self.state.request_lines()
    }

    /// The `X-Request-Id` of each request of [`Sandbox::request_lines`], in the same order (see
    /// [`AppState::request_ids`]).
    pub fn request_ids(&self) -> Vec<Option<String>> {
        self.state.request_ids()
    }

    /// The animals in the store now, in ascending id order, as Pet JSON.
    pub fn pets(&self) -> Vec<serde_json::Value> {
        self.state.pets()
    }

    /// How many requests each fault changed so far; all zero without fault options. A fault is
    /// counted before its connection is closed, so a client that saw the close sees the count.
    pub fn faults(&self) -> FaultCounts {
        self.state.faults()
    }

    /// How many requests the rate limit refused so far; 0 without one.
    pub fn rate_limited(&self) -> u64 {
        self.state.rate_limited()
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            // A panic on the sandbox thread already printed itself; panicking again in `drop`
            // could abort a test that is unwinding.
            let _ = thread.join();
        }
    }
}
