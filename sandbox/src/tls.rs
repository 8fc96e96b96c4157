//! HTTPS for the sandbox: a private certificate authority made at start, a certificate it signs for
//! `127.0.0.1` and `localhost`, and the rustls server settings that offer HTTP/2 and HTTP/1.1 by ALPN
//! (or HTTP/1.1 alone). Nothing is written to disk here: the CA certificate is handed out as PEM
//! ([`Tls::ca_pem`]) for whoever asks to write it. Knows nothing of HTTP beyond the ALPN names.

use std::fmt;
use std::sync::Arc;

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// The ALPN name of HTTP/2 (RFC 9113 §3.2).
pub(crate) const ALPN_H2: &[u8] = b"h2";
/// The ALPN name of HTTP/1.1 (RFC 7301 §6).
pub(crate) const ALPN_HTTP1: &[u8] = b"http/1.1";

/// The names the sandbox's certificate is good for: the loopback address it listens on and the name
/// that resolves to it.
const SERVED_NAMES: [&str; 2] = ["127.0.0.1", "localhost"];

/// A sandbox's TLS identity: a CA of its own, made when the value is, and a server certificate it
/// signed. Every [`Tls::generate`] makes a new pair, so a CA trusted for one sandbox trusts no other.
#[derive(Clone)]
pub struct Tls {
    ca_pem: String,
    /// The server's certificate then the CA's, and the server's key, as PEM: for a TLS front (nginx) that
    /// serves the same identity.
    chain_pem: String,
    key_pem: String,
    chain: Vec<CertificateDer<'static>>,
    key: Arc<PrivatePkcs8KeyDer<'static>>,
    http1_only: bool,
}

impl fmt::Debug for Tls {
    // Never the private key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tls").field("http1_only", &self.http1_only).finish_non_exhaustive()
    }
}

/// Why a TLS identity could not be made.
#[derive(Debug)]
pub struct TlsError(String);

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TlsError {}

impl Tls {
    /// A new CA and a server certificate for `127.0.0.1` and `localhost` signed by it (ECDSA P-256),
    /// offering HTTP/2 and HTTP/1.1.
    pub fn generate() -> Result<Tls, TlsError> {
        let failed = |what: &str, err: rcgen::Error| TlsError(format!("cannot make the sandbox's {what}: {err}"));
        let ca_key = KeyPair::generate().map_err(|err| failed("CA key", err))?;
        let mut ca_params = CertificateParams::new(Vec::<String>::new()).map_err(|err| failed("CA", err))?;
        ca_params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
        ca_params.distinguished_name.push(DnType::CommonName, "petstore-sandbox private CA");
        ca_params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let ca = ca_params.self_signed(&ca_key).map_err(|err| failed("CA", err))?;
        let issuer = Issuer::new(ca_params, ca_key);

        let server_key = KeyPair::generate().map_err(|err| failed("server key", err))?;
        let mut params = CertificateParams::new(SERVED_NAMES.map(str::to_owned).to_vec())
            .map_err(|err| failed("server certificate", err))?;
        params.distinguished_name.push(DnType::CommonName, "petstore-sandbox");
        let server = params.signed_by(&server_key, &issuer).map_err(|err| failed("server certificate", err))?;
        Ok(Tls {
            ca_pem: ca.pem(),
            chain_pem: server.pem() + &ca.pem(),
            key_pem: server_key.serialize_pem(),
            chain: vec![server.der().clone(), ca.der().clone()],
            key: Arc::new(PrivatePkcs8KeyDer::from(server_key.serialize_der())),
            http1_only: false,
        })
    }

    /// The same identity, offering HTTP/1.1 only (`--http1`).
    #[must_use]
    pub fn http1_only(mut self, http1_only: bool) -> Tls {
        self.http1_only = http1_only;
        self
    }

    /// The CA's certificate, PEM: what a client trusts (`--cacert`, `PETSTORE_CACERT`, curl's `--cacert`).
    pub fn ca_pem(&self) -> &str {
        &self.ca_pem
    }

    /// The server's certificate followed by the CA's, PEM: what a TLS front in front of the sandbox (nginx's
    /// `ssl_certificate`) serves so that the same CA is trusted.
    pub fn certificate_chain_pem(&self) -> &str {
        &self.chain_pem
    }

    /// The server certificate's private key, PEM (PKCS#8): never logged, only for a TLS front's key file.
    pub fn private_key_pem(&self) -> &str {
        &self.key_pem
    }

    /// The rustls settings to serve with, ALPN included.
    pub(crate) fn server_config(&self) -> Result<Arc<rustls::ServerConfig>, TlsError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|err| TlsError(format!("cannot set up TLS: {err}")))?
            .with_no_client_auth()
            .with_single_cert(self.chain.clone(), PrivateKeyDer::Pkcs8(self.key.as_ref().clone_key()))
            .map_err(|err| TlsError(format!("cannot set up TLS: {err}")))?;
        config.alpn_protocols =
            if self.http1_only { vec![ALPN_HTTP1.to_vec()] } else { vec![ALPN_H2.to_vec(), ALPN_HTTP1.to_vec()] };
        Ok(Arc::new(config))
    }
}
