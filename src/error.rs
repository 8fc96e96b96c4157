//! The user-facing error, as data: a code from one table ([`code`]), the message, one hint, the HTTP status and
//! the server's own code when an answer is involved, and the [`Kind`] that decides the exit code. The core's
//! errors get their words and hints here, in `From` impls; a verb words its own failures where they happen,
//! with [`Error::new`] and a row of the table. Adding a failure is a row here and a line in its verb.

use std::fmt;
use std::path::Path;

pub use petstore_core::config::line_column;
use petstore_core::credentials::API_KEY_VAR;
use petstore_core::{api, config, credentials};

use crate::signals::Signal;

/// Where else `auth login` can keep a key when the OS keyring cannot: the kernel's keyring on Linux.
#[cfg(target_os = "linux")]
const OTHER_STORAGE: &str = "keep the key in the kernel's keyring, with no file (`petstore auth login --storage \
                             kernel`; lost at reboot), or in a 0600 file (`--storage file`)";
#[cfg(not(target_os = "linux"))]
const OTHER_STORAGE: &str = "keep the key in a 0600 file with `petstore auth login --storage file`";

/// The documented exit codes (docs/exit-codes.md, `petstore --help`).
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
    /// A bulk add with `--skip-existing` left only records whose existence no query can tell: every other
    /// record exists, and a re-run would decide nothing more.
    pub const UNDECIDED: u8 = 7;
    /// Stopped by Ctrl-C (SIGINT).
    pub const INTERRUPTED: u8 = 130;
    /// Stopped by SIGHUP: the terminal went away.
    pub const HANGUP: u8 = 129;
    /// Stopped by SIGTERM: `timeout`, `kill`, a container or CI job being stopped.
    pub const TERMINATED: u8 = 143;
}

/// What kind of failure an error is: it decides the exit code ([`exit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Anything else: a server error, an unreadable answer, a file that cannot be written (1).
    Failure,
    /// A bad command line or input, refused before anything was sent, or a 400 (2).
    Usage,
    /// The server answered 404, or nothing matched (3).
    NotFound,
    /// No key, or the server refused it (4).
    Auth,
    /// The server could not be reached, or the exchange broke (5).
    Network,
    /// Part of the work was done (6).
    Partial,
    /// A batch left only records whose existence no query can tell (7).
    Undecided,
    /// A signal ended the command (128 plus its number).
    Interrupted(Signal),
}

impl Kind {
    /// The kind that ends with `code`, for a verb that reports another failure's exit code as its own (`auth
    /// status`); an undocumented code is a failure.
    pub fn of_exit_code(code: u8) -> Kind {
        match code {
            exit::USAGE => Kind::Usage,
            exit::NOT_FOUND => Kind::NotFound,
            exit::AUTH => Kind::Auth,
            exit::NETWORK => Kind::Network,
            exit::PARTIAL => Kind::Partial,
            exit::UNDECIDED => Kind::Undecided,
            exit::INTERRUPTED => Kind::Interrupted(Signal::Interrupt),
            exit::HANGUP => Kind::Interrupted(Signal::Hangup),
            exit::TERMINATED => Kind::Interrupted(Signal::Terminate),
            _ => Kind::Failure,
        }
    }

    /// The exit code petstore ends with.
    pub fn exit_code(self) -> u8 {
        match self {
            Kind::Failure => exit::FAILURE,
            Kind::Usage => exit::USAGE,
            Kind::NotFound => exit::NOT_FOUND,
            Kind::Auth => exit::AUTH,
            Kind::Network => exit::NETWORK,
            Kind::Partial => exit::PARTIAL,
            Kind::Undecided => exit::UNDECIDED,
            Kind::Interrupted(signal) => signal.exit_code(),
        }
    }
}

/// One of petstore's stable error codes: a row of [`code`]'s table, as docs/errors.md lists it.
#[derive(Debug)]
pub struct Code {
    /// What a program reads (`{"error": {"code": ...}}`).
    pub name: &'static str,
    /// The kind an error with this code has, unless the failure chooses one of [`Code::also`].
    pub kind: Kind,
    /// The other kinds an error with this code may have, chosen where it happens.
    pub also: &'static [Kind],
    /// What it means, as docs/errors.md says it.
    pub meaning: &'static str,
}

macro_rules! codes {
    ($($constant:ident = $name:literal, $kind:expr, [$($also:expr),*], $meaning:literal;)*) => {
        $(
            #[doc = $meaning]
            pub static $constant: Code = Code { name: $name, kind: $kind, also: &[$($also),*], meaning: $meaning };
        )*
        /// Every code, in the order of docs/errors.md.
        pub static ALL: &[&Code] = &[$(&$constant),*];
    };
}

/// petstore's error codes: one row each (name, kind, meaning), held against docs/errors.md by a test.
pub mod code {
    use super::Code;
    use super::Kind::*;
    use crate::signals::Signal;

    codes! {
    USAGE = "usage", Usage, [], "clap refused the command line: an unknown command or flag, a missing or bad value";
    INVALID_VALUE = "invalid_value", Usage, [], "a value refused locally";
    INVALID_BASE_URL = "invalid_base_url", Usage, [], "a base URL that petstore cannot use";
    URL_TOO_LONG = "url_too_long", Usage, [], "a URL over 8 KiB, refused before sending";
    UNUSABLE_KEY = "unusable_key", Usage, [], "the API key holds a control character and cannot be sent";
    MISSING_INPUT = "missing_input", Usage, [], "`pets add` without a flag it needs, where nobody can be asked";
    CANNOT_ASK = "cannot_ask", Usage, [], "a write to an environment whose writes are confirmed, where nobody can answer the question; pass `--yes` (`petstore mcp`: the client cannot ask its user)";
    NOT_AN_ENVIRONMENT = "not_an_environment", Usage, [], "an `auth` command given a URL that is no environment";
    UNKNOWN_ENVIRONMENT = "unknown_environment", Usage, [], "`--env` names no environment";
    ENVIRONMENT_EXISTS = "environment_exists", Usage, [], "`env add` of a name that exists";
    BUILT_IN_ENVIRONMENT = "built_in_environment", Usage, [], "`env remove` of a built-in environment";
    UNKNOWN_ALIAS = "unknown_alias", Usage, [], "`alias remove` of an alias that does not exist";
    EMPTY_KEY = "empty_key", Usage, [], "`auth login` given no key";
    NOTHING_TO_SET = "nothing_to_set", Usage, [], "`env set` given nothing to change";
    PLACEHOLDER_URL = "placeholder_url", Usage, [], "the environment's base URL is a built-in placeholder: set it with `env set`";
    UNKNOWN_COLUMN = "unknown_column", Usage, [], "`--columns` names an unknown column";
    FLAG_NOT_APPLICABLE = "flag_not_applicable", Usage, [], "an output flag the command cannot honour";
    JQ = "jq", Usage, [], "`--jq` failed on the document";
    JQ_EXPRESSION = "jq_expression", Usage, [], "`--jq` is not a valid expression";
    RECORDS_FORMAT = "records_format", Usage, [], "the format of a `--file` cannot be told";
    RECORDS_READ = "records_read", Usage, [], "a `--file` cannot be read";
    INVALID_RECORDS = "invalid_records", Usage, [], "invalid records in a `--file`; nothing sent";
    FAILED_FILE_UNUSABLE = "failed_file_unusable", Usage, [], "`--failed PATH` (or `--unknown`, `--undecided`) cannot be used; nothing sent";
    BODY_TOO_LARGE = "body_too_large", Usage, [], "a body over 1 MiB; nothing sent";
    READ_INPUT = "read_input", Usage, [], "stdin or a file cannot be read";
    CONFIG_SYNTAX = "config_syntax", Usage, [], "the config file is malformed (the prose shows the line)";
    CONFIG_VALUE = "config_value", Usage, [], "a default in the config file that its flag refuses, or an alias that cannot expand";
    REJECTED = "rejected", Usage, [], "the server refused the request (400) without a code of its own";
    NOT_FOUND = "not_found", NotFound, [], "the server answered 404 without a code of its own";
    PET_NOT_FOUND = "pet_not_found", NotFound, [], "`pets get ID`: no such pet, and the server sent no code";
    NO_MATCH = "no_match", NotFound, [], "`pets find`: no animal matches, and nothing could have been missed";
    NO_API_KEY = "no_api_key", Auth, [], "no key for a URL that is no environment";
    NOT_LOGGED_IN = "not_logged_in", Auth, [], "no key for the environment";
    KEY_MISSING = "key_missing", Auth, [], "the key the config records is gone from its store";
    KEYRING = "keyring", Auth, [], "the OS keyring failed";
    KERNEL_KEYRING = "kernel_keyring", Auth, [], "the kernel's keyring failed";
    KEY_REFUSED = "key_refused", Auth, [], "`auth login`: the API refused the key; nothing stored";
    UNAUTHORIZED = "unauthorized", Auth, [], "the server refused the key (401, 403) without a code of its own";
    NO_WORKING_KEY = "no_working_key", Auth, [Network], "`auth status`: the environment has no working key";
    KEY_UNCHECKED = "key_unchecked", Auth, [Network], "`auth login` could not check the key; nothing stored";
    KEY_NOT_CHECKED = "key_not_checked", Network, [], "`auth status` could not reach the server";
    NETWORK = "network", Network, [], "cannot connect, or the request failed on the way";
    TLS = "tls", Network, [], "the TLS handshake failed";
    TIMEOUT = "timeout", Network, [], "no answer in time";
    BROKEN_ANSWER = "broken_answer", Network, [], "the answer broke off";
    UNKNOWN_OUTCOME = "unknown_outcome", Network, [Failure, Interrupted(Signal::Hangup), Interrupted(Signal::Interrupt), Interrupted(Signal::Terminate)], "a write went out and got no usable answer (or a signal came while it was in flight, or the answer was for another request: `pets add` answered with another animal than the one sent, or with a 1xx, 3xx or a 2xx other than 201 and 200): it may or may not have taken effect";
    BATCH_INCOMPLETE = "batch_incomplete", Partial, [], "`pets add --file` did not create every record";
    LIST_PARTIAL = "list_partial", Partial, [], "`pets list --all`: a status came back full (100), so more may exist past it";
    FIND_PARTIAL = "find_partial", Partial, [], "`pets find`: a status it searched came back full, so more may match";
    PET_UNREACHABLE = "pet_unreachable", Partial, [], "`pets find --id`: no list shows the id, and the deprecated lookup by id has been removed";
    BATCH_OUTPUT_CLOSED = "batch_output_closed", Partial, [], "stdout closed before every record was created";
    BATCH_JQ = "batch_jq", Partial, [], "`pets add --file --jq`: every record was created, but `--jq` failed, or was stopped, on some of the pets or on their document, so they are not shown; each such pet is a line of its own; send none again";
    UNDECIDED = "undecided", Undecided, [], "`pets add --file --skip-existing`: a record whose existence cannot be told (past the API's first 100); not sent (one line per record)";
    BATCH_UNDECIDED = "batch_undecided", Undecided, [], "`pets add --file --skip-existing`: every record was created or exists, but for the undecided ones; a re-run would decide nothing more";
    INTERRUPTED = "interrupted", Interrupted(Signal::Interrupt), [Interrupted(Signal::Hangup), Interrupted(Signal::Terminate)], "a signal ended the command; nothing was sent";
    NOT_CONFIRMED = "not_confirmed", Failure, [], "the question before a write was not answered yes (`petstore mcp`: not accepted in the client)";
    SERVER_ERROR = "server_error", Failure, [], "the server failed (5xx) without a code of its own";
    STORAGE_FULL = "storage_full", Failure, [], "the store is full (507) without a code of its own";
    RATE_LIMITED = "rate_limited", Failure, [], "the server kept limiting requests (429) without a code of its own";
    UNEXPECTED_STATUS = "unexpected_status", Failure, [], "another status, without a code of its own";
    UNREADABLE_RESPONSE = "unreadable_response", Failure, [], "the answer could not be read";
    NOT_HTTP = "not_http", Failure, [], "the answer was not HTTP";
    CHECKS_FAILED = "checks_failed", Failure, [], "`doctor` found failures";
    FAILED_FILE = "failed_file", Failure, [], "the `--failed` file could not be written";
    UNKNOWN_FILE = "unknown_file", Failure, [], "the `--unknown` file could not be written";
    UNDECIDED_FILE = "undecided_file", Failure, [], "the `--undecided` file could not be written";
    CSV_CANNOT_HOLD = "csv_cannot_hold", Failure, [], "`-o csv` cannot hold a value";
    NO_CONFIG_DIR = "no_config_dir", Failure, [], "no config directory";
    CONFIG_READ = "config_read", Failure, [], "the config cannot be read";
    CONFIG_WRITE = "config_write", Failure, [], "the config cannot be written";
    CONFIG_LOCKED = "config_locked", Failure, [], "another petstore held the config's lock";
    CONFIG_LOCK_UNSUPPORTED = "config_lock_unsupported", Failure, [], "the config's file system has no locks";
    NOT_A_FILE = "not_a_file", Failure, [], "a config file is not a regular file";
    CREDENTIALS_FILE = "credentials_file", Failure, [], "`credentials.toml` is malformed";
    UNSAFE_FILE = "unsafe_file", Failure, [], "a `config.toml` another user owns or any user can write, or a `credentials.toml` that others can read or write or another user owns: not used; the hint gives the `chmod` or `chown` that fixes it";
    CONFIG_EDIT = "config_edit", Failure, [], "an edit would leave the config invalid";
    START = "start", Failure, [], "petstore could not set itself up";
    IO = "io", Failure, [], "the output could not be written";
    }
}

/// Everything a command can fail with, as data.
#[derive(Debug)]
pub struct Error {
    code: &'static Code,
    kind: Kind,
    message: String,
    hint: Option<String>,
    status: Option<u16>,
    server_code: Option<String>,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl Error {
    /// A failure with `code`, of the code's kind, saying `message`.
    pub fn new(code: &'static Code, message: impl Into<String>) -> Error {
        Error {
            code,
            kind: code.kind,
            message: message.into(),
            hint: None,
            status: None,
            server_code: None,
            source: None,
        }
    }

    /// The next step, naming a command or variable.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> Error {
        self.hint = Some(hint.into());
        self
    }

    /// The HTTP status of the answer it comes from.
    #[must_use]
    pub fn with_status(mut self, status: Option<u16>) -> Error {
        self.status = status;
        self
    }

    /// The server's own error code, which a program reads in place of petstore's.
    #[must_use]
    pub fn with_server_code(mut self, server_code: Option<String>) -> Error {
        self.server_code = server_code;
        self
    }

    /// Another kind than the code's own: one of [`Code::also`].
    #[must_use]
    pub fn with_kind(mut self, kind: Kind) -> Error {
        self.kind = kind;
        self
    }

    /// The error underneath, for a verb or the output to look into.
    #[must_use]
    pub fn with_source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> Error {
        self.source = Some(Box::new(source));
        self
    }

    /// Whether its code is `code` (petstore's own, whatever the server called it).
    pub fn is(&self, code: &Code) -> bool {
        self.code.name == code.name
    }

    /// Its kind, which decides the exit code.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The documented exit code for this error.
    pub fn exit_code(&self) -> u8 {
        self.kind.exit_code()
    }

    /// The code a program reads (`{"error": {"code": ...}}`): the server's own when it sent one, else
    /// petstore's (docs/errors.md lists them all).
    pub fn code(&self) -> &str {
        self.server_code.as_deref().unwrap_or(self.code.name)
    }

    /// The server's own error code, when its answer carried one.
    pub fn server_code(&self) -> Option<&str> {
        self.server_code.as_deref()
    }

    /// The HTTP status of the answer the error comes from, when it comes from one.
    pub fn http_status(&self) -> Option<u16> {
        self.status
    }

    /// What went wrong, as a person reads it.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The next step, when there is one.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// The error underneath, when it is a `T`.
    pub fn source_as<T: std::error::Error + 'static>(&self) -> Option<&T> {
        self.source.as_deref()?.downcast_ref()
    }

    /// What the server said about it, when it answered with a status the API defines (`bad key (`unauthorized`)`).
    pub fn server_detail(&self) -> Option<String> {
        match self.source_as::<api::Error>()? {
            api::Error::Status { body, excerpt, .. } => Some(answer_detail(body.as_ref(), excerpt)),
            _ => None,
        }
    }

    /// The error as a program reads it in a JSON mode ([`ErrorDocument`]).
    pub fn to_document(&self) -> ErrorDocument {
        ErrorDocument {
            error: ErrorObject {
                code: self.code().to_owned(),
                message: self.message.clone(),
                status: self.status,
                exit_code: self.exit_code(),
                hint: self.hint.clone(),
            },
        }
    }

    /// True when stdout's reader went away (`petstore pets list | head -1`): not worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        self.is(&code::IO)
            && self.source_as::<std::io::Error>().is_some_and(|err| err.kind() == std::io::ErrorKind::BrokenPipe)
    }

    /// `invalid value: MESSAGE`: a value refused locally, before anything was sent.
    pub fn invalid_value(message: impl fmt::Display) -> Error {
        Error::new(&code::INVALID_VALUE, format!("invalid value: {message}"))
    }

    /// A signal ended the command; nothing was sent.
    pub fn interrupted(signal: Signal) -> Error {
        Error::new(&code::INTERRUPTED, signal.describe()).with_kind(Kind::Interrupted(signal))
    }

    /// A request that changes something failed after it may have reached the server (no complete answer, a
    /// 5xx, an unreadable 2xx, a signal while it was in flight): `check` is the next step that fits the command,
    /// `kind` the one the failure has on its own terms.
    pub fn maybe_applied(message: impl Into<String>, check: impl Into<String>, kind: Kind) -> Error {
        Error::new(&code::UNKNOWN_OUTCOME, message).with_hint(check).with_kind(kind)
    }

    /// `what` (stdin, the answer at a prompt) could not be read.
    pub fn read_input(what: &str, source: std::io::Error) -> Error {
        Error::new(&code::READ_INPUT, format!("cannot read {what}: {source}")).with_source(source)
    }

    /// petstore could not set itself up to run a command (its signal handlers, its runtime, its thread).
    pub fn start(what: &str, source: std::io::Error) -> Error {
        Error::new(&code::START, format!("cannot start: cannot {what}: {source}")).with_source(source)
    }

    /// `name` is no environment's: the hint is the known name it most looks like ("did you mean"), as clap
    /// suggests for a mistyped command, or else how to add it.
    pub fn unknown_environment<'a>(name: &str, names: impl IntoIterator<Item = &'a str> + Clone) -> Error {
        let hint = match closest(name, names.clone()) {
            Some(known) => format!("did you mean `{known}`?"),
            None => format!("add it with `petstore env add {name} URL`"),
        };
        let known = names.into_iter().map(|known| format!("`{known}`")).collect::<Vec<_>>().join(", ");
        Error::new(&code::UNKNOWN_ENVIRONMENT, format!("unknown environment `{name}`; known: {known}")).with_hint(hint)
    }

    /// A mistake in the config file, shown with its line ([`SourceError`]).
    pub fn config_syntax(source: SourceError) -> Error {
        let hint = source.help.clone();
        Error::new(&code::CONFIG_SYNTAX, source.message.clone()).with_hint(hint).with_source(source)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_deref().map(|source| source as &(dyn std::error::Error + 'static))
    }
}

/// The one of `names` closest to `typed`, if any is close: Jaro similarity above 0.7, ignoring case, the
/// measure and threshold clap uses for its own "did you mean".
pub fn closest<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.to_lowercase();
    names
        .into_iter()
        .map(|name| (strsim::jaro(&typed, &name.to_lowercase()), name))
        .filter(|(score, _)| *score > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| name)
}

/// A failure as a program reads it: in a JSON mode (`--json`, `-o json`, `-o ndjson`, `--jq`, or
/// `PETSTORE_ERROR_FORMAT=json`) the one line a failure writes on stderr. `petstore schema --for error` prints
/// its schema.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ErrorDocument {
    pub error: ErrorObject,
}

/// What went wrong, for a program ([`ErrorDocument`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct ErrorObject {
    /// The server's error code when it sent one (`not_found`, `unauthorized`...), else one of petstore's
    /// stable local codes (docs/errors.md): `usage`, `network`, `timeout`, `unknown_outcome`...
    pub code: String,
    /// The message a person would read, on one line (a list of invalid records keeps its newlines).
    pub message: String,
    /// The HTTP status of the answer it comes from, or null when no answer is involved.
    pub status: Option<u16>,
    /// The exit code petstore ends with (docs/exit-codes.md).
    pub exit_code: u8,
    /// The next step, naming a command or variable, or null when there is none.
    pub hint: Option<String>,
}

/// A mistake in a file the user edits, shown with its line and column and the text around it. It holds the
/// file's text, path and message as they are: they are escaped where they are printed, at the one output
/// boundary ([`crate::output::Output::error`] shows the excerpt; a JSON error document is escaped as JSON).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct SourceError {
    /// `PATH:LINE:COLUMN: what is wrong`.
    message: String,
    /// The file's name, as shown above the excerpt.
    path: String,
    /// The file's text.
    text: String,
    /// The mistake, in byte offsets of `text`.
    span: std::ops::Range<usize>,
    help: String,
}

impl SourceError {
    /// An error at `span` (byte offsets) of `text`, the contents of `path`; line and column count in the file
    /// as it is.
    pub fn new(path: &Path, text: &str, span: std::ops::Range<usize>, message: String) -> SourceError {
        let (line, column) = line_column(text, span.start);
        SourceError {
            message: format!("{}:{line}:{column}: {message}", path.display()),
            path: path.display().to_string(),
            text: text.to_owned(),
            span,
            help: "fix the file (`petstore config path` prints where it is); petstore left it as it is".to_owned(),
        }
    }

    /// What to do about it.
    pub fn help(&self) -> &str {
        &self.help
    }

    /// The message, the file's name, its text and the mistake's span in it, as they are: for the output to
    /// escape and show.
    pub fn parts(&self) -> (&str, &str, &str, std::ops::Range<usize>) {
        (&self.message, &self.path, &self.text, self.span.clone())
    }
}

/// The exact command that logs in to `env`.
pub fn login_command(env: &str) -> String {
    format!("petstore auth login --env {env}")
}

/// How a message ends with a body's excerpt, when there is one.
pub(crate) fn shown_excerpt(excerpt: &str) -> String {
    if excerpt.is_empty() { String::new() } else { format!("; the body began `{excerpt}`") }
}

/// Writing stdout failed. The one `io::Error` that converts with `?`: every read, and every other write, maps
/// its error to a code that names it (`read_input`, `records_read`, `config_read`, `config_write`,
/// `failed_file`, `start`), so that no failure to read is reported as one to write.
impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Error {
        Error::new(&code::IO, format!("cannot write the output: {err}")).with_source(err)
    }
}

impl From<config::Error> for Error {
    fn from(err: config::Error) -> Error {
        use config::Error as E;
        let message = err.to_string();
        let error = |code| Error::new(code, message.clone());
        match err {
            E::NoConfigDir => error(&code::NO_CONFIG_DIR).with_hint("set `PETSTORE_CONFIG_DIR`"),
            E::Read { .. } => error(&code::CONFIG_READ),
            E::Write { .. } => error(&code::CONFIG_WRITE),
            E::NotAFile { .. } => {
                error(&code::NOT_A_FILE).with_hint("move it away, or point `PETSTORE_CONFIG_DIR` at another directory")
            }
            E::Locked { .. } => error(&code::CONFIG_LOCKED).with_hint(
                "try again once the other petstore has finished (a stopped one holds the lock until it ends)",
            ),
            E::LockUnsupported { .. } => error(&code::CONFIG_LOCK_UNSUPPORTED).with_hint(
                "keep the config directory, and any file its `config.toml` or `credentials.toml` links to, on a \
                 local disk: set `PETSTORE_CONFIG_DIR` to a directory there",
            ),
            E::Syntax { path, text, span, message } => {
                Error::config_syntax(SourceError::new(&path, &text, span, message))
            }
            E::UnknownEnvironment { name, known } => {
                Error::unknown_environment(&name, known.iter().map(String::as_str))
            }
            E::EnvironmentExists { name, .. } => error(&code::ENVIRONMENT_EXISTS)
                .with_hint(format!("change it with `petstore env set {name} --base-url URL`")),
            E::BuiltInEnvironment { .. } => error(&code::BUILT_IN_ENVIRONMENT),
            E::Edit { .. } => error(&code::CONFIG_EDIT),
            E::Exposed(exposure) => {
                let (message, fix) = exposure_words(&exposure);
                Error::new(&code::UNSAFE_FILE, message).with_hint(fix)
            }
        }
    }
}

/// Who else can change (or, the keys, read) a file or directory of the config's, in the user's words: what
/// it is and what they could do, and the exact command that ends it. A warning shows both on one line; a
/// refusal is the error and its hint.
pub fn exposure_words(exposure: &config::Exposure) -> (String, String) {
    use crate::config::exposure::{Fix, Place, Who};
    let path = exposure.path.to_string_lossy();
    let subject = match exposure.place {
        Place::ConfigDir => format!("the config directory `{path}`"),
        Place::LinkedDir { file } => format!("the directory `{path}`, which `{file}` links into,"),
        Place::ConfigFile => format!("the config file `{path}`"),
        Place::KeysFile => format!("the credentials file `{path}`"),
    };
    let keys = exposure.place == Place::KeysFile;
    let (state, consequence) = match exposure.who {
        Who::AnyUser { read: true } => ("can be read by any user", "who may have read its keys"),
        Who::Group { read: true } => ("can be read by its group", "who may have read its keys"),
        Who::AnyUser { read: false } => ("can be written by any user", "who could have changed its keys"),
        Who::Group { read: false } => ("can be written by its group", "who could have changed its keys"),
        Who::Owner { .. } => ("belongs to another user", "who can read its keys"),
    };
    let state = match exposure.who {
        Who::Owner { uid } => format!("{state} (uid {uid})"),
        _ => state.to_owned(),
    };
    let consequence = match exposure.place {
        Place::KeysFile => consequence,
        Place::LinkedDir { file: "credentials.toml" } => "who could replace your keys",
        _ => "who could change where your key is sent",
    };
    let refusal = match (exposure.refused(), keys) {
        (false, _) => "",
        (true, true) => "; petstore will not use them",
        (true, false) => "; petstore will not read it",
    };
    let message = format!("{subject} {state}, {consequence}{refusal}");
    let word = crate::output::shell_word(&path);
    let mut fix = match exposure.fix {
        Fix::Chmod(mode) => format!("run `chmod {mode} {word}`"),
        // Only root gives a file away: the user is root, or needs to become it.
        Fix::Chown { uid: 0 } => format!("run `chown 0 {word}`"),
        Fix::Chown { uid } => format!("run `sudo chown {uid} {word}`"),
        Fix::MoveOut => match exposure.place {
            Place::ConfigDir => "point `PETSTORE_CONFIG_DIR` at a directory that only you can write".to_owned(),
            Place::LinkedDir { file } => format!("keep what `{file}` links to in a directory that only you can write"),
            Place::ConfigFile | Place::KeysFile => "replace it with a copy of your own".to_owned(),
        },
    };
    match (exposure.who, exposure.place) {
        (Who::Owner { .. }, Place::ConfigFile | Place::KeysFile) => {
            fix.push_str(" if it is yours, or else move it away");
        }
        (Who::AnyUser { read: true } | Who::Group { read: true }, Place::KeysFile) => {
            fix.push_str(
                ", then replace its keys with new ones (`petstore auth login --storage file`): others may know them",
            );
        }
        _ => {}
    }
    (message, fix)
}

impl From<credentials::NoKey> for Error {
    fn from(no_key: credentials::NoKey) -> Error {
        no_key.error.into()
    }
}

impl From<credentials::Error> for Error {
    fn from(err: credentials::Error) -> Error {
        use credentials::Error as E;
        match err {
            E::Config(err) => err.into(),
            E::NotAnEnvironment { url } => Error::new(
                &code::NO_API_KEY,
                format!("no API key for `{url}`, which is not one of petstore's environments"),
            )
            .with_hint(format!(
                "set `{API_KEY_VAR}`, or add it with `petstore env add NAME {url}` and `petstore auth login --env NAME`"
            )),
            E::NotLoggedIn { env } => Error::new(&code::NOT_LOGGED_IN, format!("not logged in to `{env}`"))
                .with_hint(format!("run `{}`, or set `{API_KEY_VAR}`", login_command(&env))),
            E::KeyMissing { env, backend } => {
                Error::new(&code::KEY_MISSING, format!("the key for `{env}` is no longer in the {backend}"))
                    .with_hint(format!("run `{}` again, or set `{API_KEY_VAR}`", login_command(&env)))
            }
            E::Keyring { action, source } => Error::new(&code::KEYRING, format!("cannot {action} the key: {source}"))
                .with_hint(format!("set `{API_KEY_VAR}` instead, or {OTHER_STORAGE}"))
                .with_source(source),
            E::Kernel { action, source } => Error::new(
                &code::KERNEL_KEYRING,
                format!("cannot {action} the key: {source}"),
            )
            .with_hint(format!(
                "set `{API_KEY_VAR}` instead, or keep the key in the OS keyring (`petstore auth login --storage \
                     keyring`) or a 0600 file (`--storage file`)"
            ))
            .with_source(source),
            E::File { path, line, column } => Error::new(
                &code::CREDENTIALS_FILE,
                format!("`{}` is malformed at line {line}, column {column}; it was left as it is", path.display()),
            )
            .with_hint("fix or delete it; it holds keys, so petstore does not print it"),
        }
    }
}

/// What a 404 to one of petstore's own requests means: they go to paths the API defines, so the base URL is
/// the likely cause.
pub const NOT_FOUND_HINT: &str = "check the base URL: it must include the API's version path, as in `https://HOST/v1`";

/// The code of an answer with `status` that is not a success, by what the status means.
pub fn status_code(status: u16) -> &'static Code {
    match status {
        400 => &code::REJECTED,
        401 | 403 => &code::UNAUTHORIZED,
        404 => &code::NOT_FOUND,
        429 => &code::RATE_LIMITED,
        507 => &code::STORAGE_FULL,
        500..=599 => &code::SERVER_ERROR,
        _ => &code::UNEXPECTED_STATUS,
    }
}

/// What the server said with a status: its error document's message and code, or what its body was.
pub fn answer_detail(body: Option<&api::models::Error>, excerpt: &str) -> String {
    match body {
        Some(body) => format!("{} (`{}`)", body.message, body.code),
        None if excerpt.is_empty() => "no details: the body was empty".to_owned(),
        None => format!("the body was not an API error: `{excerpt}`"),
    }
}

/// The hint of a check before sending again, for a write whose outcome is unknown and whose command chose none.
const CHECK_FIRST: &str = "check whether it took effect before sending it again";

impl From<api::Error> for Error {
    fn from(err: api::Error) -> Error {
        use api::Error as E;
        let message = err.to_string();
        let error = match &err {
            E::InvalidBaseUrl { .. } => Error::new(&code::INVALID_BASE_URL, message)
                .with_hint("pass `--base-url https://HOST/v1` or set `PETSTORE_BASE_URL`"),
            E::UnusableKey => Error::new(
                &code::UNUSABLE_KEY,
                "the API key cannot be sent: it holds a newline or another control character",
            )
            .with_hint(format!("set `{API_KEY_VAR}` to the key alone, or store it again with `petstore auth login`")),
            E::Connect { origin, reason } => {
                Error::new(&code::NETWORK, format!("cannot connect to `{origin}`: {reason}")).with_hint(
                    "check that the server is running and the base URL (`--base-url`, `PETSTORE_BASE_URL`) is right",
                )
            }
            E::Tls { origin, reason } => {
                Error::new(&code::TLS, format!("TLS handshake with `{origin}` failed: {reason}"))
                    .with_hint("if the server's certificate comes from a private CA, pass that CA with `--cacert FILE`")
            }
            E::Timeout { origin } => Error::new(&code::TIMEOUT, format!("no answer from `{origin}` in time"))
                .with_hint("give it longer with `--timeout SECONDS` or `PETSTORE_TIMEOUT` (the default is 30)"),
            E::Transport { origin, reason } => {
                Error::new(&code::NETWORK, format!("request to `{origin}` failed: {reason}"))
            }
            E::NotHttp { origin, reason } => Error::new(
                &code::NOT_HTTP,
                format!("the server at `{origin}` did not answer in HTTP: {reason}"),
            )
            .with_hint(
                "check that the base URL (`petstore env current`) names the API's server, with `https://` if it \
                     speaks TLS",
            ),
            E::UrlTooLong { length, limit } => Error::new(
                &code::URL_TOO_LONG,
                format!(
                    "the request URL is {length} bytes long, over petstore's limit of {limit} bytes: nothing was sent"
                ),
            )
            .with_hint("shorten the path or the query (`-f`, `-F` of `petstore api`), or the base URL"),
            // A hint for a command that did not choose one; each write chooses its own (`pets add`, `api`).
            E::OutcomeUnknown { .. } => Error::maybe_applied(message, CHECK_FIRST, Kind::Network),
            // Said by `pets add` in its own words; this is for any other caller.
            E::NotThisRecord { .. } => Error::maybe_applied(message, CHECK_FIRST, Kind::Failure),
            E::BrokenAnswer { status, reason } => {
                Error::new(&code::BROKEN_ANSWER, format!("the answer (HTTP {}) broke off: {reason}", status.as_u16()))
                    .with_status(Some(status.as_u16()))
            }
            E::Decode { status, reason, excerpt } => Error::new(
                &code::UNREADABLE_RESPONSE,
                format!(
                    "unreadable response from the server (HTTP {}): {reason}{}",
                    status.as_u16(),
                    shown_excerpt(excerpt)
                ),
            )
            .with_status(Some(status.as_u16())),
            E::Status { status, body, excerpt } => {
                let detail = answer_detail(body.as_ref(), excerpt);
                let status = status.as_u16();
                let code = status_code(status);
                let (message, hint) = match code.name {
                    "rejected" => (format!("the server refused the request (HTTP {status}): {detail}"), None),
                    "unauthorized" => (
                        format!("the server refused the API key (HTTP {status}): {detail}"),
                        Some(
                            "check the key: `petstore auth status` shows where it comes from; log in again if it has \
                             changed",
                        ),
                    ),
                    "not_found" => (format!("not found (HTTP 404): {detail}"), Some(NOT_FOUND_HINT)),
                    "rate_limited" => (
                        format!("the server is limiting requests (HTTP 429): {detail}"),
                        Some("wait a while and try again; petstore already retried"),
                    ),
                    "storage_full" => (
                        format!("the store is full (HTTP 507), so nothing was stored: {detail}"),
                        Some(
                            "nothing more can be added until the store has room; `petstore pets list` shows what it \
                             holds",
                        ),
                    ),
                    "server_error" => (
                        format!("the server failed (HTTP {status}): {detail}"),
                        Some("try again later; `--verbose` shows each request"),
                    ),
                    _ => (format!("unexpected answer from the server (HTTP {status}): {detail}"), None),
                };
                let error = Error::new(code, message)
                    .with_status(Some(status))
                    // The server's own code, when it sent one: what a program reads (`--json` errors).
                    .with_server_code(body.as_ref().map(|body| body.code.clone()));
                match hint {
                    Some(hint) => error.with_hint(hint),
                    None => error,
                }
            }
        };
        error.with_source(err)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use reqwest::StatusCode;

    use super::*;

    /// The codes in [`exit`], read from this file's source, so that a code added there cannot be left out here.
    pub(crate) fn exit_codes() -> BTreeSet<u8> {
        let source = include_str!("error.rs");
        let start = source.find("pub mod exit {").expect("the exit module");
        let block = &source[start..start + source[start..].find("\n}").expect("its end")];
        let codes: BTreeSet<u8> = block
            .lines()
            .filter_map(|line| line.trim().strip_prefix("pub const ")?.split_once("= ")?.1.strip_suffix(';'))
            .map(|value| value.parse().expect("a number"))
            .collect();
        assert!(codes.len() >= 10, "{codes:?}");
        codes
    }

    /// The codes in the exit-code table of `docs/exit-codes.md`: each row `| N | ... |`.
    fn codes_in_docs() -> BTreeSet<u8> {
        let doc = include_str!("../docs/exit-codes.md");
        doc.lines().filter_map(|line| line.strip_prefix("| ")?.split(' ').next()?.parse().ok()).collect()
    }

    #[test]
    fn every_exit_code_is_documented_in_the_docs_and_no_other() {
        assert_eq!(codes_in_docs(), exit_codes(), "docs/exit-codes.md lists other codes than error::exit");
        let signals = [Signal::Interrupt, Signal::Terminate, Signal::Hangup].map(Signal::exit_code);
        assert_eq!(signals, [exit::INTERRUPTED, exit::TERMINATED, exit::HANGUP]);
    }

    /// The rows of docs/errors.md's table of codes: name, exit codes, meaning.
    fn documented_codes() -> Vec<(String, BTreeSet<u8>, String)> {
        let doc = include_str!("../docs/errors.md");
        let section = doc.split("## petstore's codes").nth(1).expect("the codes' section");
        section
            .lines()
            .filter_map(|line| {
                let cells: Vec<&str> = line.strip_prefix("| `")?.strip_suffix(" |")?.splitn(3, " | ").collect();
                let [name, exits, meaning] = cells[..] else { return None };
                let exits = exits.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
                Some((name.strip_suffix('`')?.to_owned(), exits, meaning.to_owned()))
            })
            .collect()
    }

    /// The table of codes is docs/errors.md's, row for row: the names, in order, the exit codes each may end
    /// with, and the meaning, word for word.
    #[test]
    fn the_code_table_is_the_documented_one() {
        let table: Vec<(String, BTreeSet<u8>, String)> = code::ALL
            .iter()
            .map(|code| {
                let exits = std::iter::once(code.kind).chain(code.also.iter().copied()).map(Kind::exit_code).collect();
                (code.name.to_owned(), exits, code.meaning.to_owned())
            })
            .collect();
        assert_eq!(table, documented_codes());
        let documented = exit_codes();
        for code in code::ALL {
            assert!(documented.contains(&code.kind.exit_code()), "{} exits with an undocumented code", code.name);
            let names = code::ALL.iter().filter(|other| other.name == code.name).count();
            assert_eq!(names, 1, "`{}` has more than one row", code.name);
        }
    }

    #[test]
    fn an_error_exits_by_its_kind_and_a_program_reads_the_server_s_code_first() {
        let err = Error::new(&code::INVALID_VALUE, "x");
        assert_eq!((err.exit_code(), err.code(), err.hint(), err.http_status()), (2, "invalid_value", None, None));
        let err = Error::maybe_applied("gone", "look first", Kind::Interrupted(Signal::Terminate));
        assert_eq!((err.exit_code(), err.code(), err.hint()), (143, "unknown_outcome", Some("look first")));
        let err = Error::new(&code::NOT_FOUND, "x").with_server_code(Some("pet_missing".to_owned()));
        assert_eq!((err.code(), err.is(&code::NOT_FOUND)), ("pet_missing", true));
        let by_kind: BTreeMap<u8, Kind> = [
            Kind::Failure,
            Kind::Usage,
            Kind::NotFound,
            Kind::Auth,
            Kind::Network,
            Kind::Partial,
            Kind::Undecided,
            Kind::Interrupted(Signal::Interrupt),
            Kind::Interrupted(Signal::Hangup),
            Kind::Interrupted(Signal::Terminate),
        ]
        .into_iter()
        .map(|kind| (kind.exit_code(), kind))
        .collect();
        let mut exits: BTreeSet<u8> = by_kind.keys().copied().collect();
        exits.insert(exit::SUCCESS);
        assert_eq!(exits, exit_codes(), "every exit code but 0 is a kind's");
    }

    #[test]
    fn a_broken_pipe_on_stdout_is_no_failure_worth_a_message() {
        assert!(Error::from(std::io::Error::from(std::io::ErrorKind::BrokenPipe)).is_broken_pipe());
        assert!(!Error::from(std::io::Error::other("full")).is_broken_pipe());
        let read = Error::read_input("stdin", std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        assert!(!read.is_broken_pipe(), "a read is not stdout");
    }

    #[test]
    fn api_errors_become_these_user_errors() {
        let origin = || "http://127.0.0.1:4010".to_owned();
        let api_body = |status: u16, code: &str, message: &str| {
            Some(api::models::Error { code: code.to_owned(), message: message.to_owned(), status })
        };
        let status = |status: u16, body, excerpt: &str| api::Error::Status {
            status: StatusCode::from_u16(status).unwrap(),
            body,
            excerpt: excerpt.to_owned(),
        };
        let table: Vec<(api::Error, &str, &str, u8)> = vec![
            (
                api::Error::InvalidBaseUrl { url: "ftp://x".to_owned(), reason: "it is not http(s)" },
                "`ftp://x` is not a usable base URL: it is not http(s)",
                "invalid_base_url",
                exit::USAGE,
            ),
            (
                api::Error::Connect { origin: origin(), reason: "connection refused".to_owned() },
                "cannot connect to `http://127.0.0.1:4010`: connection refused",
                "network",
                exit::NETWORK,
            ),
            (
                api::Error::Timeout { origin: origin() },
                "no answer from `http://127.0.0.1:4010` in time",
                "timeout",
                exit::NETWORK,
            ),
            (
                api::Error::Transport { origin: origin(), reason: "reset".to_owned() },
                "request to `http://127.0.0.1:4010` failed: reset",
                "network",
                exit::NETWORK,
            ),
            (
                api::Error::NotHttp { origin: origin(), reason: "invalid HTTP version parsed".to_owned() },
                "the server at `http://127.0.0.1:4010` did not answer in HTTP: invalid HTTP version parsed",
                "not_http",
                exit::FAILURE,
            ),
            (
                api::Error::UrlTooLong { length: 100_030, limit: 8192 },
                "the request URL is 100030 bytes long, over petstore's limit of 8192 bytes: nothing was sent",
                "url_too_long",
                exit::USAGE,
            ),
            (
                api::Error::OutcomeUnknown { method: "POST".to_owned(), reason: "reset".to_owned(), cut: true },
                "no complete answer to the POST, so it may or may not have taken effect: reset",
                "unknown_outcome",
                exit::NETWORK,
            ),
            (
                api::Error::BrokenAnswer { status: StatusCode::OK, reason: "eof".to_owned() },
                "the answer (HTTP 200) broke off: eof",
                "broken_answer",
                exit::NETWORK,
            ),
            (
                api::Error::Decode {
                    status: StatusCode::OK,
                    reason: "expected an array".to_owned(),
                    excerpt: "{}".to_owned(),
                },
                "unreadable response from the server (HTTP 200): expected an array; the body began `{}`",
                "unreadable_response",
                exit::FAILURE,
            ),
            (
                status(400, api_body(400, "invalid_request", "name is required"), ""),
                "the server refused the request (HTTP 400): name is required (`invalid_request`)",
                "invalid_request",
                exit::USAGE,
            ),
            (
                status(401, api_body(401, "unauthorized", "bad key"), ""),
                "the server refused the API key (HTTP 401): bad key (`unauthorized`)",
                "unauthorized",
                exit::AUTH,
            ),
            (
                status(403, None, ""),
                "the server refused the API key (HTTP 403): no details: the body was empty",
                "unauthorized",
                exit::AUTH,
            ),
            (
                status(404, None, "<html>"),
                "not found (HTTP 404): the body was not an API error: `<html>`",
                "not_found",
                exit::NOT_FOUND,
            ),
            (
                status(429, api_body(429, "slow_down", "slow down"), ""),
                "the server is limiting requests (HTTP 429): slow down (`slow_down`)",
                "slow_down",
                exit::FAILURE,
            ),
            (
                status(507, None, ""),
                "the store is full (HTTP 507), so nothing was stored: no details: the body was empty",
                "storage_full",
                exit::FAILURE,
            ),
            (
                status(503, None, ""),
                "the server failed (HTTP 503): no details: the body was empty",
                "server_error",
                exit::FAILURE,
            ),
            (
                status(409, api_body(409, "conflict", "exists"), ""),
                "unexpected answer from the server (HTTP 409): exists (`conflict`)",
                "conflict",
                exit::FAILURE,
            ),
        ];
        for (api_error, message, code, exit_code) in table {
            let shown = format!("{api_error:?}");
            let err = Error::from(api_error);
            assert_eq!((err.to_string().as_str(), err.code(), err.exit_code()), (message, code, exit_code), "{shown}");
        }
    }
}
