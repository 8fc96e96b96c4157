//! The user-facing error: what went wrong in the user's terms, one next step, and the exit code.

use crate::api;
use crate::credentials::API_KEY_VAR;

/// The documented exit codes (README, `petstore --help`).
pub mod exit {
    pub const SUCCESS: u8 = 0;
    /// Anything else: a server error (5xx), an unreadable response, an output that cannot be written.
    pub const FAILURE: u8 = 1;
    /// Usage or invalid input: a bad flag, a value refused locally, or a 400 from the server.
    pub const USAGE: u8 = 2;
    /// The server answered 404.
    pub const NOT_FOUND: u8 = 3;
    /// No API key, or the server refused it (401).
    pub const AUTH: u8 = 4;
    /// The server could not be reached: connection refused, DNS, TLS, timeout.
    pub const NETWORK: u8 = 5;
    /// Some records of a batch failed (bulk add).
    pub const PARTIAL: u8 = 6;
    /// Stopped by Ctrl-C.
    pub const INTERRUPTED: u8 = 130;
}

/// Everything a command can fail with.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum Error {
    #[error("`{url}` is not a usable base URL: {reason}")]
    #[diagnostic(
        code(petstore::invalid_base_url),
        help("pass `--base-url https://HOST/v1` or set `PETSTORE_BASE_URL`")
    )]
    InvalidBaseUrl { url: String, reason: &'static str },

    #[error("no API key")]
    #[diagnostic(
        code(petstore::no_api_key),
        help("set `{API_KEY_VAR}` to your API key (the sandbox accepts `sandbox`)")
    )]
    NoApiKey,

    #[error("the server refused the API key (HTTP {status}): {detail}")]
    #[diagnostic(code(petstore::unauthorized), help("check the key in `{API_KEY_VAR}`"))]
    Unauthorized { status: u16, detail: String },

    #[error("pet `{id}` not found")]
    #[diagnostic(code(petstore::pet_not_found), help("list the pets with `petstore pets list`"))]
    PetNotFound { id: i64 },

    #[error("not found (HTTP 404): {detail}")]
    #[diagnostic(
        code(petstore::not_found),
        help("check the base URL: it must include the API's version path, as in `https://HOST/v1`")
    )]
    NotFound { detail: String },

    #[error("the server refused the request (HTTP {status}): {detail}")]
    #[diagnostic(code(petstore::rejected))]
    Rejected { status: u16, detail: String },

    #[error("the server failed (HTTP {status}): {detail}")]
    #[diagnostic(code(petstore::server_error), help("try again later; `--verbose` shows each request"))]
    ServerError { status: u16, detail: String },

    #[error("unexpected answer from the server (HTTP {status}): {detail}")]
    #[diagnostic(code(petstore::unexpected_status))]
    UnexpectedStatus { status: u16, detail: String },

    #[error("unreadable response from the server (HTTP {status}): {reason}{}", shown_excerpt(.excerpt))]
    #[diagnostic(code(petstore::unreadable_response))]
    Unreadable { status: u16, reason: String, excerpt: String },

    #[error("cannot connect to `{origin}`: {reason}")]
    #[diagnostic(
        code(petstore::connect),
        help("check that the server is running and the base URL (`--base-url`, `PETSTORE_BASE_URL`) is right")
    )]
    Connect { origin: String, reason: String },

    #[error("no answer from `{origin}` in time")]
    #[diagnostic(code(petstore::timeout))]
    Timeout { origin: String },

    #[error("request to `{origin}` failed: {reason}")]
    #[diagnostic(code(petstore::transport))]
    Transport { origin: String, reason: String },

    #[error("interrupted")]
    #[diagnostic(code(petstore::interrupted))]
    Interrupted,

    #[error("cannot write the output: {0}")]
    #[diagnostic(code(petstore::io))]
    Io(#[from] std::io::Error),
}

impl Error {
    /// The documented exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::InvalidBaseUrl { .. } | Error::Rejected { .. } => exit::USAGE,
            Error::NoApiKey | Error::Unauthorized { .. } => exit::AUTH,
            Error::PetNotFound { .. } | Error::NotFound { .. } => exit::NOT_FOUND,
            Error::Connect { .. } | Error::Timeout { .. } | Error::Transport { .. } => exit::NETWORK,
            Error::Interrupted => exit::INTERRUPTED,
            Error::ServerError { .. } | Error::UnexpectedStatus { .. } | Error::Unreadable { .. } | Error::Io(_) => {
                exit::FAILURE
            }
        }
    }

    /// True when stdout's reader went away (`petstore pets list | head -1`): not worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(err) if err.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

fn shown_excerpt(excerpt: &str) -> String {
    if excerpt.is_empty() { String::new() } else { format!("; the body began `{excerpt}`") }
}

impl From<api::Error> for Error {
    fn from(err: api::Error) -> Error {
        match err {
            api::Error::InvalidBaseUrl { url, reason } => Error::InvalidBaseUrl { url, reason },
            api::Error::Connect { origin, reason } => Error::Connect { origin, reason },
            api::Error::Timeout { origin } => Error::Timeout { origin },
            api::Error::Transport { origin, reason } => Error::Transport { origin, reason },
            api::Error::Decode { status, reason, excerpt } => {
                Error::Unreadable { status: status.as_u16(), reason, excerpt }
            }
            api::Error::Status { status, body, excerpt } => {
                let detail = match body {
                    Some(body) => format!("{} (`{}`)", body.message, body.code),
                    None if excerpt.is_empty() => "no details: the body was empty".to_owned(),
                    None => format!("the body was not an API error: `{excerpt}`"),
                };
                let status = status.as_u16();
                match status {
                    400 => Error::Rejected { status, detail },
                    401 | 403 => Error::Unauthorized { status, detail },
                    404 => Error::NotFound { detail },
                    500..=599 => Error::ServerError { status, detail },
                    _ => Error::UnexpectedStatus { status, detail },
                }
            }
        }
    }
}
