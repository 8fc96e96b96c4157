//! How the harness's sandboxes talk to petstore, chosen by `PETSTORE_TEST_TRANSPORT`: `http` (the default,
//! plain HTTP/1.1), `h1` (HTTPS offering HTTP/1.1 alone) or `h2` (HTTPS offering HTTP/2 and HTTP/1.1 by ALPN,
//! where petstore's client picks HTTP/2). The suite passes the same way over each: users reach real APIs over
//! HTTPS and HTTP/2, and a fault, signal or timeout test proves only the transport it ran over.
//!
//! Every sandbox a test points petstore at starts through [`start_sandbox`] (usually by way of `TestEnv`), so
//! it follows the choice. Servers that are about plain HTTP itself (canned raw-TCP answers, proxies, the
//! socat TLS front, `dead_base_url`) do not.

use std::cell::RefCell;
use std::sync::OnceLock;

use petstore_sandbox::{Config, Sandbox, Tls};

/// The variable that chooses the transport.
pub const TRANSPORT_VAR: &str = "PETSTORE_TEST_TRANSPORT";

/// How a harness sandbox serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// Plain HTTP/1.1.
    Http,
    /// HTTPS with HTTP/1.1 only.
    H1,
    /// HTTPS offering HTTP/2 (and HTTP/1.1) by ALPN.
    H2,
}

impl Transport {
    /// The transport this run of the suite uses, read once. An unknown value fails every test that starts a
    /// sandbox, naming the values: falling back to plain HTTP would pass a run that was meant to prove HTTPS.
    pub fn current() -> Transport {
        static CHOSEN: OnceLock<Result<Transport, String>> = OnceLock::new();
        let chosen = CHOSEN.get_or_init(|| match std::env::var(TRANSPORT_VAR) {
            Err(std::env::VarError::NotPresent) => Ok(Transport::Http),
            Ok(value) => match value.as_str() {
                "" | "http" => Ok(Transport::Http),
                "h1" => Ok(Transport::H1),
                "h2" => Ok(Transport::H2),
                _ => Err(format!("{TRANSPORT_VAR}=`{value}` is not a transport: use `http`, `h1` or `h2`")),
            },
            Err(err) => Err(format!("{TRANSPORT_VAR} is not usable: {err}")),
        });
        match chosen {
            Ok(transport) => *transport,
            Err(message) => panic!("{message}"),
        }
    }
}

thread_local! {
    /// One snapshot filter for each sandbox this test thread made HTTPS because of the transport (see
    /// [`transport_filters`]).
    static SWITCHED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// Starts a sandbox with `config`, serving over [`Transport::current`] unless `config` already chose TLS
/// (a test about HTTPS keeps its own).
pub fn start_sandbox(config: Config) -> Sandbox {
    let tls = |http1_only: bool| Tls::generate().expect("a TLS identity for the sandbox").http1_only(http1_only);
    let switched = match (config.tls_identity(), Transport::current()) {
        (Some(_), _) | (None, Transport::Http) => None,
        (None, Transport::H1) => Some(tls(true)),
        (None, Transport::H2) => Some(tls(false)),
    };
    let Some(tls) = switched else { return Sandbox::start_with(config) };
    let sandbox = Sandbox::start_with(config.tls(tls));
    // Leaked so that the filters stay `&'static str` like the others: a few dozen bytes a sandbox, in a test
    // binary that ends with its tests.
    let regex: &'static str = format!(r"https://127\.0\.0\.1:({})\b", sandbox.addr().port()).leak();
    SWITCHED.with(|switched| switched.borrow_mut().push(regex));
    sandbox
}

/// `config` for a test about HTTP/1.1's connections (one request at a time on each): under `h2`, HTTPS offering
/// HTTP/1.1 alone, as under `h1`. Over HTTP/2 petstore carries every request on one connection, so a bound on
/// connections is never reached there.
pub fn http1_connections(config: Config) -> Config {
    match Transport::current() {
        Transport::H2 => config.tls(Tls::generate().expect("a TLS identity for the sandbox").http1_only(true)),
        Transport::Http | Transport::H1 => config,
    }
}

/// The snapshot filters that make one snapshot hold for every transport:
///
/// - the sandboxes this test made HTTPS (by the transport alone) are shown as `http://`, while an `https://` a
///   test chose itself stays; each keeps its port for the port filter that follows;
/// - the sandbox's `drop` and `lost-reply` faults end a request without an answer: over plain HTTP/1.1 by
///   closing its connection, over HTTPS by closing it without TLS's `close_notify` (which rustls names), over
///   HTTP/2 by resetting its stream (`INTERNAL_ERROR`, which hyper names). petstore words the first two alike;
///   the stream's reset is mapped to plain HTTP's words, and what petstore makes of it (the outcome, the exit
///   code, the hint) is checked as it is;
/// - `--curl` passes the CA file petstore trusts on to curl (`--cacert`): over HTTPS the harness's own.
pub fn transport_filters() -> Vec<(&'static str, &'static str)> {
    let mut filters: Vec<(&'static str, &'static str)> =
        SWITCHED.with(|switched| switched.borrow().iter().map(|regex| (*regex, "http://127.0.0.1:$1")).collect());
    if Transport::current() == Transport::H2 {
        filters.push((
            "failed: the server reset the request's HTTP/2 stream \\(INTERNAL_ERROR\\) before answering",
            "failed: connection closed before message completed",
        ));
    }
    if Transport::current() != Transport::Http {
        filters.push((r" --cacert \S*sandbox-ca\.pem'?", ""));
    }
    filters
}
