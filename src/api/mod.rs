//! The HTTP client layer: typed models, the client, and transport errors. It never prints and never sees clap
//! (beyond `PetStatus` deriving `ValueEnum`, so the enumeration exists once).

pub mod base_url;
pub mod client;
pub mod error;
pub mod key;
pub mod models;

/// The largest request body petstore sends: the spec does not give one, so petstore takes the sandbox's
/// (1 MiB), which real deployments are not expected to exceed. A bulk record, an `api --input` body or an
/// `api -F name=@file` value past it is refused locally, without holding more than this in memory.
pub const MAX_REQUEST_BODY_BYTES: usize = 1024 * 1024;

/// The longest URL petstore sends, base URL, path and query together, in bytes. RFC 9110 asks servers to take
/// at least 8000 octets, and common servers and proxies stop near 8 KiB; the API's own URLs are under 100 bytes.
/// A longer one (a long `petstore api` path or query, a long base URL) is refused locally, before anything is
/// sent: past this a server or proxy would refuse it anyway, and past 64 KiB the HTTP stack cannot carry it.
pub const MAX_URL_BYTES: usize = 8 * 1024;

pub use client::{Client, Observer};
pub use error::Error;
pub use key::ApiKey;
pub use models::{ListQuery, NewPet, Pet, PetStatus};

#[cfg(test)]
mod tests {
    /// `api` is the bottom layer: it reaches nothing else in the crate, so that `credentials`, `config` and the
    /// rest can all use it without a cycle. Reading the sources is the cheapest check that fails when someone
    /// adds such an import (Rust has no module-visibility rule for "may not depend on"); every file under
    /// `src/api/` is read, so a new one is covered without being listed.
    #[test]
    fn api_imports_nothing_above_it() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
        // Spelt in pieces, so that this test does not find itself.
        let (root, up) = (concat!("crate", "::"), concat!("super", "::super", "::"));
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|ext| ext != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (number, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                let outside = code.match_indices(root).any(|(at, _)| !code[at + root.len()..].starts_with("api"))
                    || code.contains(up);
                assert!(!outside, "{}:{}: `api` must not import from above it: {line}", path.display(), number + 1);
            }
            checked += 1;
        }
        assert!(checked >= 5, "read only {checked} files under {}", dir.display());
    }
}
