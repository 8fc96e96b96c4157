//! Where petstore sends requests when nothing says otherwise.
//!
//! The spec names a production and a staging deployment with the same interface but gives no addresses
//! (`{base_url}`); these placeholders under the reserved `.example` domain say so honestly, and a user points
//! petstore elsewhere with `--base-url` or `PETSTORE_BASE_URL`.

use reqwest::Url;

/// The production deployment's base URL, with the spec's `/v1` prefix.
pub const PRODUCTION_BASE_URL: &str = "https://api.petstore.example/v1";
/// The staging deployment's base URL, with the spec's `/v1` prefix.
pub const STAGING_BASE_URL: &str = "https://staging.api.petstore.example/v1";

/// The base URL used when neither a flag nor the environment names one.
pub fn default_base_url() -> Url {
    Url::parse(PRODUCTION_BASE_URL).expect("the built-in base URL parses")
}
