//! What can go wrong finding, storing or removing a key, in the domain's terms. The CLI's `error.rs` gives
//! each its wording for users, its hint (the login command, the other stores) and its exit code.

use std::path::PathBuf;

use super::kernel::KernelError;
use super::keyring::KeyringError;
use crate::config;

/// A key that cannot be found, stored or removed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The config directory or file, which records where each key is.
    #[error(transparent)]
    Config(#[from] config::Error),

    /// No key for `env`: nothing recorded, no variable, no built-in key.
    #[error("not logged in to `{env}`")]
    NotLoggedIn { env: String },

    /// A base URL that is none of petstore's environments, with no [`super::API_KEY_VAR`]: no stored key
    /// goes to it.
    #[error("no API key for `{url}`, which is not one of petstore's environments")]
    NotAnEnvironment { url: String },

    /// The config says `env`'s key is in `backend`, which no longer has it.
    #[error("the key for `{env}` is no longer in the {backend}")]
    KeyMissing { env: String, backend: &'static str },

    #[error("cannot {action} the key: {source}")]
    Keyring { action: &'static str, source: KeyringError },

    #[error("cannot {action} the key: {source}")]
    Kernel { action: &'static str, source: KernelError },

    /// `env`'s key command was not run: someone else can change the config that names it
    /// ([`crate::config::Config::key_command_exposures`]).
    #[error("the key command of `{env}` was not run: {exposure}")]
    CommandExposed { env: String, exposure: config::Exposure },

    /// A key file or a key command gave no key ([`super::external`]).
    #[error(transparent)]
    External(#[from] super::external::ExternalError),

    /// The credentials file does not parse; its contents are keys, so only the place is given.
    #[error("`{}` is malformed at line {line}, column {column}; it was left as it is", path.display())]
    File { path: PathBuf, line: usize, column: usize },
}
