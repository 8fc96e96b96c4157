//! The system's CA certificates, for HTTPS, on Unix but macOS (where the platform's verifier asks the
//! Keychain): read once a run, and from one file where there is one.
//!
//! Debian's `/etc/ssl/certs/ca-certificates.crt` holds every certificate of `/etc/ssl/certs/`; reading the
//! directory as well (as the platform verifier does) opens each of its 146 files after the bundle. So a
//! directory that holds the bundle is read only when the bundle holds no certificate; another directory is
//! read. `SSL_CERT_FILE` and `SSL_CERT_DIR`, when either is set, say where to look and nothing else is read,
//! as OpenSSL and the platform verifier take them; otherwise OpenSSL's usual places (`openssl-probe`).

use std::path::PathBuf;
use std::sync::OnceLock;

/// The system's CA certificates as read, and where from.
#[derive(Debug)]
pub struct SystemRoots {
    pub certificates: Vec<reqwest::Certificate>,
    /// Where they were read from, or where petstore looked and found none: for messages and `doctor`.
    pub from: Vec<PathBuf>,
}

/// The system's CA certificates, read at the first call of the run.
pub fn system_roots() -> &'static SystemRoots {
    static ROOTS: OnceLock<SystemRoots> = OnceLock::new();
    ROOTS.get_or_init(read)
}

fn read() -> SystemRoots {
    let from_env = |name| std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from);
    let (file, dirs) = match (from_env("SSL_CERT_FILE"), from_env("SSL_CERT_DIR")) {
        (None, None) => {
            let probe = openssl_probe::probe();
            (probe.cert_file, probe.cert_dir)
        }
        (file, dir) => (file, dir.map(|dir| std::env::split_paths(&dir).collect()).unwrap_or_default()),
    };
    let mut certs = match &file {
        Some(file) => rustls_native_certs::load_certs_from_paths(Some(file), None).certs,
        None => Vec::new(),
    };
    // A bundle in a directory is that directory's (Debian's, Ubuntu's and Alpine's `update-ca-certificates`
    // writes it from the directory's certificates): the directory is read only when the bundle holds none.
    let bundled = !certs.is_empty();
    let read_dirs: Vec<PathBuf> = dirs
        .into_iter()
        .filter(|dir| !(bundled && file.as_ref().and_then(|file| file.parent()).is_some_and(|parent| parent == dir)))
        .collect();
    for dir in &read_dirs {
        certs.extend(rustls_native_certs::load_certs_from_paths(None, Some(dir)).certs);
    }
    certs.sort_unstable_by(|a, b| a.as_ref().cmp(b.as_ref()));
    certs.dedup();
    let certificates = certs.iter().filter_map(|der| reqwest::Certificate::from_der(der).ok()).collect();
    SystemRoots { certificates, from: file.into_iter().chain(read_dirs).collect() }
}
