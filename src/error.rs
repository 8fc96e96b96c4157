//! The user-facing error: what went wrong in the user's terms, one next step, and the exit code.

use std::path::{Path, PathBuf};

use miette::{NamedSource, SourceSpan};

use crate::api;
use crate::credentials::API_KEY_VAR;
use crate::credentials::keyring::KeyringError;
use crate::output::safe;

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
    /// Some records of a batch were not created (bulk add), or stdout closed before they all were.
    pub const PARTIAL: u8 = 6;
    /// Stopped by Ctrl-C (SIGINT).
    pub const INTERRUPTED: u8 = 130;
    /// Stopped by SIGHUP: the terminal went away.
    pub const HANGUP: u8 = 129;
    /// Stopped by SIGTERM: `timeout`, `kill`, a container or CI job being stopped.
    pub const TERMINATED: u8 = 143;
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

    #[error("the API key cannot be sent: it holds a newline or another control character")]
    #[diagnostic(
        code(petstore::unusable_key),
        help("set `{API_KEY_VAR}` to the key alone, or store it again with `petstore auth login`")
    )]
    UnusableKey,

    #[error("no API key for `{url}`, which is not one of petstore's environments")]
    #[diagnostic(
        code(petstore::no_api_key),
        help("set `{API_KEY_VAR}`, or add it with `petstore env add NAME {url}` and `petstore auth login --env NAME`")
    )]
    NoApiKey { url: String },

    #[error("not logged in to `{env}`")]
    #[diagnostic(code(petstore::not_logged_in), help("run `{login}`, or set `{API_KEY_VAR}`"))]
    NotLoggedIn { env: String, login: String },

    #[error("the key for `{env}` is no longer in the {backend}")]
    #[diagnostic(code(petstore::key_missing), help("run `{login}` again, or set `{API_KEY_VAR}`"))]
    KeyMissing { env: String, backend: &'static str, login: String },

    #[error("cannot {action} the key: {source}")]
    #[diagnostic(
        code(petstore::keyring),
        help(
            "set `{API_KEY_VAR}` instead, or keep the key in a 0600 file with `petstore auth login --insecure-storage`"
        )
    )]
    Keyring { action: &'static str, source: KeyringError },

    #[error("the API refused this key (HTTP {status}): nothing was stored")]
    #[diagnostic(code(petstore::key_refused), help("check the key; `--no-verify` stores it without asking the API"))]
    KeyRefused { status: u16 },

    #[error("cannot check the key, so nothing was stored: {source}")]
    #[diagnostic(
        code(petstore::key_unchecked),
        help("`petstore auth login --no-verify` stores it without asking the API")
    )]
    KeyUnchecked { source: Box<Error> },

    #[error("`{env}` has no working key: {check}")]
    #[diagnostic(code(petstore::no_working_key))]
    NoWorkingKey { env: String, check: String, code: u8 },

    #[error("no key given")]
    #[diagnostic(
        code(petstore::empty_key),
        help("type the key at the prompt, or pipe it: `printf %s \"$KEY\" | petstore auth login`")
    )]
    EmptyKey,

    #[error("`auth` commands work on environments, and `{url}` is not one")]
    #[diagnostic(
        code(petstore::not_an_environment),
        help("add it with `petstore env add NAME {url}`, then use `--env NAME`")
    )]
    NotAnEnvironment { url: String },

    #[error("unknown environment `{name}`; known: {known}")]
    #[diagnostic(code(petstore::unknown_environment), help("add it with `petstore env add {name} URL`"))]
    UnknownEnvironment { name: String, known: String },

    #[error("environment `{name}` exists already")]
    #[diagnostic(
        code(petstore::environment_exists),
        help("{}", if *built_in { "change a built-in environment's `base_url` in the config file (`petstore config path`)" } else { "remove it first with `petstore env remove NAME`" })
    )]
    EnvironmentExists { name: String, built_in: bool },

    #[error("`{name}` is built in and cannot be removed")]
    #[diagnostic(code(petstore::built_in_environment))]
    BuiltInEnvironment { name: String },

    #[error("invalid value: {message}")]
    #[diagnostic(code(petstore::invalid_value))]
    InvalidValue { message: String },

    #[error("unknown column `{name}`")]
    #[diagnostic(code(petstore::unknown_column), help("`--columns` takes these, comma-separated: {known}"))]
    UnknownColumn { name: String, known: String },

    #[error("`{flag}` does not apply to `petstore {command}`: {why}")]
    #[diagnostic(code(petstore::flag_not_applicable), help("{help}"))]
    FlagNotApplicable { flag: String, command: String, why: &'static str, help: &'static str },

    #[error(transparent)]
    #[diagnostic(transparent)]
    Source(#[from] Box<SourceError>),

    #[error("cannot find a config directory: no home directory")]
    #[diagnostic(code(petstore::no_config_dir), help("set `PETSTORE_CONFIG_DIR`"))]
    NoConfigDir,

    #[error("cannot read `{}`: {source}", path.display())]
    #[diagnostic(code(petstore::config_read))]
    ConfigRead { path: PathBuf, source: std::io::Error },

    #[error("cannot write `{}`: {source}; it is unchanged", path.display())]
    #[diagnostic(code(petstore::config_write))]
    ConfigWrite { path: PathBuf, source: std::io::Error },

    #[error("`{}` is {kind}, not a regular file; petstore left it as it is", path.display())]
    #[diagnostic(code(petstore::not_a_file), help("move it away, or point `PETSTORE_CONFIG_DIR` at another directory"))]
    NotAFile { path: PathBuf, kind: &'static str },

    #[error("another petstore kept the config locked for {seconds} s (`{}`); nothing was changed", path.display())]
    #[diagnostic(
        code(petstore::config_locked),
        help("try again once the other petstore has finished (a stopped one holds the lock until it ends)")
    )]
    ConfigLocked { path: PathBuf, seconds: u64 },

    #[error("`{}` is malformed at line {line}, column {column}; it was left as it is", path.display())]
    #[diagnostic(
        code(petstore::credentials_file),
        help("fix or delete it; it holds keys, so petstore does not print it")
    )]
    CredentialsFile { path: PathBuf, line: usize, column: usize },

    #[error("the edited config is not valid: {message}")]
    #[diagnostic(code(petstore::config_edit))]
    ConfigEdit { message: String },

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

    #[error("the server is limiting requests (HTTP 429): {detail}")]
    #[diagnostic(code(petstore::rate_limited), help("wait a while and try again; petstore already retried"))]
    RateLimited { detail: String },

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
    #[diagnostic(
        code(petstore::timeout),
        help("give it longer with `--timeout SECONDS` or `PETSTORE_TIMEOUT` (the default is 30)")
    )]
    Timeout { origin: String },

    #[error("request to `{origin}` failed: {reason}")]
    #[diagnostic(code(petstore::transport))]
    Transport { origin: String, reason: String },

    /// A request that changes something failed after it may have reached the server (no complete answer, a
    /// 5xx, an unreadable 2xx, a signal while it was in flight): `check` is the next step that fits the
    /// command that raised it, `code` the exit code the failure has on its own terms.
    #[error("{message}")]
    #[diagnostic(code(petstore::maybe_applied), help("{check}"))]
    MaybeApplied { message: String, check: String, code: u8 },

    #[error("the answer (HTTP {status}) broke off: {reason}")]
    #[diagnostic(code(petstore::broken_answer))]
    BrokenAnswer { status: u16, reason: String },

    #[error("{failed} of {total} checks failed")]
    #[diagnostic(code(petstore::checks_failed))]
    ChecksFailed { failed: usize, total: usize },

    #[error("jq: {message}")]
    #[diagnostic(code(petstore::jq))]
    Jq { message: String },

    #[error("{position}: {message}")]
    #[diagnostic(
        code(petstore::jq_expression),
        help("`--jq` takes a jq expression, e.g. `.[] | select(.status == \"sold\") | .name`")
    )]
    JqExpression { position: String, message: String },

    #[error("cannot tell the format of `{file}` from its name")]
    #[diagnostic(
        code(petstore::records_format),
        help("name it `.json`, `.ndjson` or `.csv`, or pass `--format json|ndjson|csv`")
    )]
    RecordsFormat { file: String },

    #[error("cannot read `{file}`: {source}")]
    #[diagnostic(code(petstore::records_read))]
    RecordsRead { file: String, source: std::io::Error },

    #[error("{count} invalid {} in `{file}`, so nothing was sent:\n{list}", if *count == 1 { "record" } else { "records" })]
    #[diagnostic(
        code(petstore::invalid_records),
        help("fix them and run again: every record is checked before any is sent")
    )]
    InvalidRecords { file: String, count: u64, list: String },

    #[error("cannot write the records that were not created to `{}`: {source}", path.display())]
    #[diagnostic(code(petstore::failed_file))]
    FailedFile { path: PathBuf, source: std::io::Error },

    /// `--failed PATH` names something petstore must not replace, or a place it cannot write: found before
    /// anything is sent.
    #[error("`--failed {}` cannot be used, so nothing was sent: {reason}", path.display())]
    #[diagnostic(code(petstore::failed_file_unusable), help("{help}"))]
    FailedFileUnusable { path: PathBuf, reason: String, help: String },

    #[error("not every record was created: {summary}")]
    #[diagnostic(code(petstore::batch_incomplete), help("{help}"))]
    BatchIncomplete { summary: String, help: String },

    /// stdout's reader went away (`| head -1`) before every record of a batch was created: it stopped sending.
    #[error("stdout closed, so the batch stopped before every record was created: {summary}")]
    #[diagnostic(code(petstore::batch_output_closed), help("{help}"))]
    BatchOutputClosed { summary: String, help: String },

    #[error("{}", signal.describe())]
    #[diagnostic(code(petstore::interrupted))]
    Interrupted { signal: crate::signals::Signal },

    /// `what` is larger than [`crate::api::MAX_REQUEST_BODY_BYTES`] (1 MiB); nothing was sent.
    #[error("{what} is larger than 1 MiB, the most petstore sends in one request: nothing was sent")]
    #[diagnostic(code(petstore::body_too_large), help("send a smaller body"))]
    BodyTooLarge { what: String },

    #[error("cannot read {what}: {source}")]
    #[diagnostic(code(petstore::read_input))]
    ReadInput { what: String, source: std::io::Error },

    /// Petstore could not set itself up to run a command (its signal handlers, its runtime, its thread).
    #[error("cannot start: cannot {what}: {source}")]
    #[diagnostic(code(petstore::start))]
    Start { what: &'static str, source: std::io::Error },

    /// Writing stdout failed. The one `io::Error` that converts with `?`: every read, and every other write,
    /// maps its error to a variant that names it (`ReadInput`, `RecordsRead`, `ConfigRead`, `ConfigWrite`,
    /// `FailedFile`, `Start`), so that no failure to read is reported as one to write.
    #[error("cannot write the output: {0}")]
    #[diagnostic(code(petstore::io))]
    Io(#[from] std::io::Error),
}

impl Error {
    /// The documented exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            // A usage error, as it was when it was reported as an unusable base URL.
            Error::InvalidBaseUrl { .. }
            | Error::UnusableKey
            | Error::Rejected { .. }
            | Error::EmptyKey
            | Error::NotAnEnvironment { .. }
            | Error::UnknownEnvironment { .. }
            | Error::EnvironmentExists { .. }
            | Error::BuiltInEnvironment { .. }
            | Error::InvalidValue { .. }
            | Error::UnknownColumn { .. }
            | Error::FlagNotApplicable { .. }
            | Error::Jq { .. }
            | Error::JqExpression { .. }
            | Error::RecordsFormat { .. }
            | Error::RecordsRead { .. }
            | Error::InvalidRecords { .. }
            | Error::FailedFileUnusable { .. }
            | Error::BodyTooLarge { .. }
            | Error::ReadInput { .. }
            | Error::Source(_) => exit::USAGE,
            Error::BatchIncomplete { .. } | Error::BatchOutputClosed { .. } => exit::PARTIAL,
            Error::NoApiKey { .. }
            | Error::NotLoggedIn { .. }
            | Error::KeyMissing { .. }
            | Error::Keyring { .. }
            | Error::KeyRefused { .. }
            | Error::Unauthorized { .. } => exit::AUTH,
            Error::KeyUnchecked { source } => source.exit_code(),
            Error::NoWorkingKey { code, .. } | Error::MaybeApplied { code, .. } => *code,
            Error::PetNotFound { .. } | Error::NotFound { .. } => exit::NOT_FOUND,
            Error::Connect { .. } | Error::Timeout { .. } | Error::Transport { .. } | Error::BrokenAnswer { .. } => {
                exit::NETWORK
            }
            Error::Interrupted { signal } => signal.exit_code(),
            Error::ServerError { .. }
            | Error::RateLimited { .. }
            | Error::UnexpectedStatus { .. }
            | Error::Unreadable { .. }
            | Error::ChecksFailed { .. }
            | Error::FailedFile { .. }
            | Error::Io(_)
            | Error::Start { .. }
            | Error::NoConfigDir
            | Error::ConfigRead { .. }
            | Error::ConfigWrite { .. }
            | Error::NotAFile { .. }
            | Error::ConfigLocked { .. }
            | Error::CredentialsFile { .. }
            | Error::ConfigEdit { .. } => exit::FAILURE,
        }
    }

    /// True when stdout's reader went away (`petstore pets list | head -1`): not worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(err) if err.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// A mistake in a file the user edits, or in an expression on the command line, shown with its line and
/// column and the text around it.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct SourceError {
    message: String,
    #[source_code]
    src: NamedSource<String>,
    #[label("here")]
    span: SourceSpan,
    #[help]
    help: String,
}

impl SourceError {
    /// An error at `span` (byte offsets) of `text`, the contents of `path`. The excerpt miette shows is
    /// escaped by `output::safe` (a config file can hold a raw ESC), with the span moved along; line and
    /// column count in the file as it is.
    pub fn new(path: &Path, text: &str, span: std::ops::Range<usize>, message: String) -> Box<SourceError> {
        let (line, column) = line_column(text, span.start);
        let (shown, span) = safe::escape_source(text, span);
        let message = format!("{}:{line}:{column}: {message}", path.display());
        Box::new(SourceError {
            message: safe::message(&message).into_owned(),
            src: NamedSource::new(safe::message(&path.display().to_string()), shown),
            span: span.into(),
            help: "fix the file (`petstore config path` prints where it is); petstore left it as it is".to_owned(),
        })
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// How a message ends with a body's excerpt, when there is one.
pub(crate) fn shown_excerpt(excerpt: &str) -> String {
    if excerpt.is_empty() { String::new() } else { format!("; the body began `{excerpt}`") }
}

impl From<api::Error> for Error {
    fn from(err: api::Error) -> Error {
        match err {
            api::Error::InvalidBaseUrl { url, reason } => Error::InvalidBaseUrl { url, reason },
            api::Error::UnusableKey => Error::UnusableKey,
            api::Error::Connect { origin, reason } => Error::Connect { origin, reason },
            api::Error::Timeout { origin } => Error::Timeout { origin },
            api::Error::Transport { origin, reason } => Error::Transport { origin, reason },
            // A hint for a command that did not choose one; each write chooses its own (`pets add`, `api`).
            err @ api::Error::OutcomeUnknown { .. } => Error::MaybeApplied {
                message: err.to_string(),
                check: "check whether it took effect before sending it again".to_owned(),
                code: exit::NETWORK,
            },
            api::Error::BrokenAnswer { status, reason } => Error::BrokenAnswer { status: status.as_u16(), reason },
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
                    429 => Error::RateLimited { detail },
                    500..=599 => Error::ServerError { status, detail },
                    _ => Error::UnexpectedStatus { status, detail },
                }
            }
        }
    }
}
