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
    #[error("there is no such file")]
    Missing,
    /// A device, a FIFO, a directory: reading one may never end (`/dev/zero`) or never begin (a FIFO).
    #[error("it is {what}, not a regular file")]
    NotAFile { what: &'static str },
    /// Longer than [`MAX_BYTES`]: no CA bundle is (the system's whole store is about 200 KiB).
    #[error("it is larger than {} KiB, more than any CA bundle", MAX_BYTES / 1024)]
    TooLarge,
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

/// The longest CA file read: 1 MiB.
pub const MAX_BYTES: u64 = 1024 * 1024;

/// The certificates in the PEM file at `path`, each checked as a trust anchor. Only a regular file of
/// [`MAX_BYTES`] at most is read, opened without waiting for a writer ([`crate::user_file::read`]).
pub fn read_certificates(path: &Path) -> Result<Vec<reqwest::Certificate>, CaError> {
    use crate::user_file::{Refused, read};
    let pem = match read(path, MAX_BYTES) {
        Ok(Some(pem)) => pem,
        Ok(None) => return Err(CaError::Missing),
        Err(Refused::NotRegular { what }) => return Err(CaError::NotAFile { what }),
        Err(Refused::TooLarge { .. }) => return Err(CaError::TooLarge),
        Err(Refused::Io(err)) => return Err(err.into()),
    };
    let mut certificates = Vec::new();
    for (at, der) in CertificateDer::pem_slice_iter(&pem).enumerate() {
        let index = at + 1;
        let der = der.map_err(|err| CaError::NotPem { index, reason: pem_words(&err) })?;
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

/// A PEM error in words: rustls's own `Display` shows the marker line it wanted as a Rust byte array.
fn pem_words(err: &rustls::pki_types::pem::Error) -> String {
    use rustls::pki_types::pem::Error;
    match err {
        Error::MissingSectionEnd { end_marker } => {
            format!("it ends before its `-----END {}-----` line (cut short?)", String::from_utf8_lossy(end_marker))
        }
        Error::IllegalSectionStart { line } => {
            format!("its line `{}` starts no PEM section", String::from_utf8_lossy(line).escape_debug())
        }
        other => other.to_string(),
    }
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
        assert!(matches!(read_certificates(&missing), Err(CaError::Missing)));
    }

    #[test]
    fn a_truncated_certificate_is_told_in_words_not_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let cut = dir.path().join("cut.pem");
        std::fs::write(&cut, "-----BEGIN CERTIFICATE-----\nMIIB\n").unwrap();
        assert_eq!(
            read_certificates(&cut).unwrap_err().to_string(),
            "certificate 1 is not readable PEM: it ends before its `-----END CERTIFICATE-----` line (cut short?)"
        );
    }

    #[test]
    fn only_a_regular_file_of_a_mebibyte_at_most_is_read() {
        assert!(matches!(read_certificates(Path::new("/dev/zero")), Err(CaError::NotAFile { .. })));
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(read_certificates(dir.path()), Err(CaError::NotAFile { .. })));
        let large = dir.path().join("large.pem");
        std::fs::write(&large, vec![b'x'; MAX_BYTES as usize + 1]).unwrap();
        assert_eq!(
            read_certificates(&large).unwrap_err().to_string(),
            "it is larger than 1024 KiB, more than any CA bundle"
        );
    }
}
