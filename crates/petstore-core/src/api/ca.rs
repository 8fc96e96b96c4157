//! Extra CA certificates for the client (`--cacert`, `PETSTORE_CACERT`): a PEM file read and each
//! certificate checked when it is given, so that a bad one is refused before anything is sent.

use std::path::Path;

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;

/// Why a CA file cannot be used, in words that follow where it came from (`` `--cacert FILE`: ``).
#[derive(Debug, thiserror::Error)]
pub enum CaError {
    #[error("{0}")]
    Read(#[from] std::io::Error),
    /// Certificate `index` (from 1) is not PEM that can be read.
    #[error("certificate {index} is not readable PEM: {reason}")]
    NotPem { index: usize, reason: String },
    /// Certificate `index` (from 1) is no CA certificate rustls can trust.
    #[error("certificate {index} is not a usable CA certificate: {reason}")]
    NotUsable { index: usize, reason: String },
    /// Certificate `index` (from 1) is refused by the client.
    #[error("certificate {index}: {reason}")]
    Refused { index: usize, reason: String },
    #[error("it holds no PEM certificate")]
    Empty,
}

/// The certificates in the PEM file at `path`, each checked as a trust anchor.
pub fn read_certificates(path: &Path) -> Result<Vec<reqwest::Certificate>, CaError> {
    let pem = std::fs::read(path)?;
    let mut certificates = Vec::new();
    for (at, der) in CertificateDer::pem_slice_iter(&pem).enumerate() {
        let index = at + 1;
        let der = der.map_err(|err| CaError::NotPem { index, reason: err.to_string() })?;
        rustls::RootCertStore::empty()
            .add(der.clone())
            .map_err(|err| CaError::NotUsable { index, reason: err.to_string() })?;
        let certificate =
            reqwest::Certificate::from_der(&der).map_err(|err| CaError::Refused { index, reason: err.to_string() })?;
        certificates.push(certificate);
    }
    if certificates.is_empty() {
        return Err(CaError::Empty);
    }
    Ok(certificates)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_without_a_certificate_or_with_a_broken_one_is_refused_with_its_number() {
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        assert_eq!(read_certificates(&empty).unwrap_err().to_string(), "it holds no PEM certificate");
        let broken = dir.path().join("broken.pem");
        std::fs::write(&broken, "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n").unwrap();
        let err = read_certificates(&broken).unwrap_err().to_string();
        assert!(err.starts_with("certificate 1 is not readable PEM: "), "{err}");
        let missing = dir.path().join("missing.pem");
        assert!(matches!(read_certificates(&missing), Err(CaError::Read(_))));
    }
}
