//! The HTTP client layer: typed models, the client, and transport errors. It never prints and never sees clap
//! (beyond `PetStatus` deriving `ValueEnum` under the `clap` feature, so the enumeration exists once). It is the
//! crate's leaf: it imports nothing from `config`, `credentials` or `bulk`.

pub mod base_url;
pub mod ca;
pub mod client;
mod decode;
pub mod error;
pub mod key;
pub mod models;
pub mod protocol;
pub mod retry;
#[cfg(all(unix, not(target_os = "macos")))]
pub mod roots;
pub mod trace;

/// The largest request body petstore sends: the spec does not give one, so petstore takes the sandbox's
/// (1 MiB), which real deployments are not expected to exceed. A bulk record, an `api --input` body or an
/// `api -F name=@file` value past it is refused locally, without holding more than this in memory.
pub const MAX_REQUEST_BODY_BYTES: usize = 1024 * 1024;

/// The longest URL petstore sends, base URL, path and query together, in bytes. RFC 9110 asks servers to take
/// at least 8000 octets, and common servers and proxies stop near 8 KiB; the API's own URLs are under 100 bytes.
/// A longer one (a long `petstore api` path or query, a long base URL) is refused locally, before anything is
/// sent: past this a server or proxy would refuse it anyway, and past 64 KiB the HTTP stack cannot carry it.
pub const MAX_URL_BYTES: usize = 8 * 1024;

pub use client::{Client, Connections, Observer, Prepared};
pub use error::Error;
pub use key::ApiKey;
pub use models::{ListQuery, NewPet, Pet, PetStatus};
pub use protocol::Multiplexed;
