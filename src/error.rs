//! The user-facing error, as data: a code from one table ([`code`]), the message, one hint, the HTTP status and
//! the server's own code when an answer is involved, and the [`Kind`] that decides the exit code. The core's
//! errors get their words and hints in `From` impls (`error/domain.rs`); a verb words its own failures where
//! they happen, with [`Error::new`] and a row of the table. Adding a failure is a row here (and its row in
//! docs/errors.md, which a test holds against this table) and a line in its verb.

use std::fmt;
use std::path::Path;

use petstore_core::api;
pub use petstore_core::config::line_column;

use crate::signals::Signal;

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
    /// `env run` or `env shell`: the command exists but cannot be run (as shells say it).
    pub const NOT_RUNNABLE: u8 = 126;
    /// `env run` or `env shell`: no such command (as shells say it).
    pub const COMMAND_NOT_FOUND: u8 = 127;
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
    /// `env run`, `env shell`: the command to run exists but cannot be run (126).
    NotRunnable,
    /// `env run`, `env shell`: the command to run does not exist (127).
    CommandNotFound,
}

impl Kind {
    /// The kind that ends with `code`, for a verb that reports another failure's exit code as its own (`auth
    /// status`); an undocumented code is a failure.
    pub fn of_exit_code(code: u8) -> Kind {
        use Kind::*;
        let signals = [Signal::Interrupt, Signal::Hangup, Signal::Terminate].map(Interrupted);
        let kinds = [Usage, NotFound, Auth, Network, Partial, Undecided, NotRunnable, CommandNotFound];
        kinds.into_iter().chain(signals).find(|kind| kind.exit_code() == code).unwrap_or(Failure)
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
            Kind::NotRunnable => exit::NOT_RUNNABLE,
            Kind::CommandNotFound => exit::COMMAND_NOT_FOUND,
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
    /// Whether sending the same again can succeed, unless the failure says otherwise ([`Error::with_retry`]).
    pub retry: Retry,
    /// What it means, as docs/errors.md says it.
    pub meaning: &'static str,
}

/// Whether to send the same again, for a program that reads the error (`"retry"` in the JSON error).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Retry {
    /// Nothing was sent, or the request changes nothing: sending it again is harmless, and may succeed.
    Safe,
    /// A write may have taken effect: look (`pets find`, the `--unknown` file) before sending it again.
    CheckFirst,
    /// It will fail the same way until something changes (the input, the key, the config, the store).
    Never,
}

macro_rules! codes {
    ($($constant:ident = $name:literal, $kind:expr, [$($also:expr),*], $retry:ident, $meaning:literal;)*) => {
        $(
            #[doc = $meaning]
            pub static $constant: Code =
                Code { name: $name, kind: $kind, also: &[$($also),*], retry: Retry::$retry, meaning: $meaning };
        )*
        /// Every code, in the order of docs/errors.md.
        pub static ALL: &[&Code] = &[$(&$constant),*];
    };
}

/// petstore's error codes: one row each (name, kind and the other kinds it may take, retry, meaning), held
/// against docs/errors.md by a test.
pub mod code {
    use super::Kind::{self, *};
    use super::{Code, Retry};
    use crate::signals::Signal;

    const SIGHUP: Kind = Interrupted(Signal::Hangup);
    const SIGINT: Kind = Interrupted(Signal::Interrupt);
    const SIGTERM: Kind = Interrupted(Signal::Terminate);

    codes! {
    USAGE = "usage", Usage, [], Never,
        "clap refused the command line: an unknown command or flag, a missing or bad value";
    INVALID_VALUE = "invalid_value", Usage, [], Never, "a value refused locally";
    INVALID_BASE_URL = "invalid_base_url", Usage, [], Never, "a base URL that petstore cannot use";
    URL_TOO_LONG = "url_too_long", Usage, [], Never, "a URL over 8 KiB, refused before sending";
    UNUSABLE_KEY = "unusable_key", Usage, [], Never, "the API key holds a control character and cannot be sent";
    MISSING_INPUT = "missing_input", Usage, [], Never, "`pets add` without a flag it needs, where nobody can be asked";
    CANNOT_ASK = "cannot_ask", Usage, [], Never,
        "a write to an environment whose writes are confirmed, where nobody can answer the question (no terminal, a \
         background job, an AI assistant); pass `--yes` (`petstore mcp`: the client cannot ask its user)";
    NOT_A_TERMINAL = "not_a_terminal", Usage, [], Never,
        "`petstore ui` off a terminal (stdin or stdout not one) or run by an AI assistant; `pets list` and \
         `pets add` do the same without a screen";
    NOT_AN_ENVIRONMENT = "not_an_environment", Usage, [], Never,
        "an `auth` command or `agent setup` given a URL that is no environment";
    UNKNOWN_ENVIRONMENT = "unknown_environment", Usage, [], Never, "`--env` names no environment";
    OUT_OF_SCOPE = "out_of_scope", Usage, [], Never,
        "inside `petstore env run NAME` or `env shell NAME`: another environment or server (`--env`, `--base-url`, \
         `PETSTORE_ENV`, `PETSTORE_BASE_URL`), `env use`, a scope of another environment, or a change to another \
         (`env set`, `env remove`, `env confirm-writes`, an alias naming it); nothing sent or changed";
    ENVIRONMENT_EXISTS = "environment_exists", Usage, [], Never, "`env add` of a name that exists";
    BUILT_IN_ENVIRONMENT = "built_in_environment", Usage, [], Never, "`env remove` of a built-in environment";
    UNKNOWN_ALIAS = "unknown_alias", Usage, [], Never, "`alias remove` of an alias that does not exist";
    EMPTY_KEY = "empty_key", Usage, [], Never, "`auth login` given no key";
    NOTHING_TO_SET = "nothing_to_set", Usage, [], Never, "`env set` given nothing to change";
    PLACEHOLDER_URL = "placeholder_url", Usage, [], Never,
        "the environment's base URL is a built-in placeholder: set it with `env set`";
    UNKNOWN_COLUMN = "unknown_column", Usage, [], Never, "`--columns` names an unknown column";
    FLAG_NOT_APPLICABLE = "flag_not_applicable", Usage, [], Never, "an output flag the command cannot honour";
    JQ = "jq", Usage, [], Never, "`--jq` failed on the document";
    JQ_EXPRESSION = "jq_expression", Usage, [], Never, "`--jq` is not a valid expression";
    RECORDS_FORMAT = "records_format", Usage, [], Never, "the format of a `--file` cannot be told";
    RECORDS_READ = "records_read", Usage, [], Never, "a `--file` cannot be read";
    WATCH_STATE = "watch_state", Usage, [Failure], Never,
        "`pets watch --state FILE`: FILE cannot be read or written, is not a state file, or is another store's";
    INVALID_RECORDS = "invalid_records", Usage, [], Never,
        "invalid records in a `--file`, or animals in `add_pets`'s `pets` (MCP); nothing sent (each problem in \
         `records`)";
    INVALID_RECORD = "invalid_record", Usage, [], Never,
        "`pets add --file --skip-invalid`: a record set aside as invalid, not sent, written as it was to `--failed` \
         (one line per record, its problems in `records`)";
    FAILED_FILE_UNUSABLE = "failed_file_unusable", Usage, [], Never,
        "`--failed PATH` (or `--unknown`, `--undecided`) cannot be used; nothing sent";
    BODY_TOO_LARGE = "body_too_large", Usage, [], Never, "a body over 1 MiB; nothing sent";
    READ_INPUT = "read_input", Usage, [], Never, "stdin or a file cannot be read";
    CONFIG_SYNTAX = "config_syntax", Usage, [], Never, "the config file is malformed (the prose shows the line)";
    CONFIG_VALUE = "config_value", Usage, [], Never,
        "a default in the config file that its flag refuses, or an alias that cannot expand";
    NO_SNAPSHOT = "no_snapshot", Usage, [], Never,
        "`--offline` (`offline` in MCP) with no look at the store kept yet, or with a snapshot that cannot be read";
    REJECTED = "rejected", Usage, [], Never, "the server refused the request (400) without a code of its own";
    NOT_FOUND = "not_found", NotFound, [], Never, "the server answered 404 without a code of its own";
    PET_NOT_FOUND = "pet_not_found", NotFound, [], Never, "`pets get ID`: no such pet, and the server sent no code";
    NO_MATCH = "no_match", NotFound, [], Never, "`pets find`: no animal matches, and nothing could have been missed";
    NO_API_KEY = "no_api_key", Auth, [], Never, "no key for a URL that is no environment";
    NOT_LOGGED_IN = "not_logged_in", Auth, [], Never, "no key for the environment";
    KEY_MISSING = "key_missing", Auth, [], Never, "the key the config records is gone from its store";
    KEY_FILE = "key_file", Auth, [], Never,
        "`PETSTORE_API_KEY_FILE` names a file that cannot be read, that other users can read, over 64 KiB, not \
         UTF-8, or with no key that can be sent on its first line";
    KEY_COMMAND = "key_command", Auth, [], Safe,
        "the environment's key command could not start, failed, timed out or printed no key; nothing was sent";
    KEY_COMMAND_UNSAFE = "key_command_unsafe", Auth, [], Never,
        "the environment's key command was not run: someone else can write the config file, its directory, a \
         directory above them or one a link of it leads into";
    KEYRING = "keyring", Auth, [], Never, "the OS keyring failed";
    KERNEL_KEYRING = "kernel_keyring", Auth, [], Never, "the kernel's keyring failed";
    KEY_REFUSED = "key_refused", Auth, [], Never, "`auth login`: the API refused the key; nothing stored";
    UNAUTHORIZED = "unauthorized", Auth, [], Never, "the server refused the key (401, 403) without a code of its own";
    NO_WORKING_KEY = "no_working_key", Auth, [Network], Never, "`auth status`: the environment has no working key";
    KEY_UNCHECKED = "key_unchecked", Auth, [Network], Never, "`auth login` could not check the key; nothing stored";
    KEY_NOT_CHECKED = "key_not_checked", Network, [], Safe, "`auth status` could not reach the server";
    NETWORK = "network", Network, [], Safe, "cannot connect, or the request failed on the way";
    TLS = "tls", Network, [], Never, "the TLS handshake failed";
    NO_CA_STORE = "no_ca_store", Failure, [], Never,
        "HTTPS, and the system has no CA certificates to check the server's with (and `--cacert` gave none)";
    TIMEOUT = "timeout", Network, [], Safe, "no answer in time";
    BROKEN_ANSWER = "broken_answer", Network, [], Safe, "the answer broke off";
    UNKNOWN_OUTCOME = "unknown_outcome", Network, [Failure, SIGHUP, SIGINT, SIGTERM], CheckFirst,
        "a write went out and got no usable answer (or a signal came while it was in flight, or the answer was for \
         another request: a batch's record answered with an animal already answered for another record, or with a \
         1xx, 3xx or a 2xx other than 201 and 200): it may or may not have taken effect";
    BATCH_INCOMPLETE = "batch_incomplete", Partial, [], CheckFirst, "`pets add --file` did not create every record";
    LIST_PARTIAL = "list_partial", Partial, [], Never,
        "`pets list --all`: a status came back full (100), so more may exist past it";
    FIND_PARTIAL = "find_partial", Partial, [], Never,
        "`pets find`: a status it searched came back full, so more may match";
    PET_UNREACHABLE = "pet_unreachable", Partial, [], Never,
        "`pets find --id`: no list shows the id, and the deprecated lookup by id has been removed";
    BATCH_OUTPUT_CLOSED = "batch_output_closed", Partial, [], CheckFirst,
        "stdout closed before every record was created";
    BATCH_JQ = "batch_jq", Partial, [], Never,
        "`pets add --file --jq`: every record was created, but `--jq` failed, or was stopped, on some of the pets \
         or on their document, so they are not shown; each such pet is a line of its own; send none again";
    UNDECIDED = "undecided", Undecided, [], Never,
        "`pets add --if-absent` (`--skip-existing`): an animal whose existence cannot be told (past the API's first \
         100); not sent (a batch: one line per record)";
    BATCH_UNDECIDED = "batch_undecided", Undecided, [], Never,
        "`pets add --file --if-absent` (`--skip-existing`): every record was created or exists, but for the \
         undecided ones; a re-run would decide nothing more";
    INTERRUPTED = "interrupted", SIGINT, [SIGHUP, SIGTERM], Safe, "a signal ended the command; nothing was sent";
    NOT_CONFIRMED = "not_confirmed", Failure, [], Never,
        "the question before a write was not answered yes (`petstore mcp`: not accepted in the client)";
    SERVER_ERROR = "server_error", Failure, [], Safe, "the server failed (5xx) without a code of its own";
    STORAGE_FULL = "storage_full", Failure, [], Never, "the store is full (507) without a code of its own";
    RATE_LIMITED = "rate_limited", Failure, [], Safe,
        "the server kept limiting requests (429) without a code of its own";
    UNEXPECTED_STATUS = "unexpected_status", Failure, [], Never, "another status, without a code of its own";
    UNREADABLE_RESPONSE = "unreadable_response", Failure, [], Never, "the answer could not be read";
    NOT_HTTP = "not_http", Failure, [], Never, "the answer was not HTTP";
    CHECKS_FAILED = "checks_failed", Failure, [], Never, "`doctor` found failures";
    AGENT_SETUP_FAILED = "agent_setup_failed", Failure, [], Never,
        "`agent setup`: a client's file could not be read or written, its entry did not start, or a project file \
         leads outside the project";
    FAILED_FILE = "failed_file", Failure, [], CheckFirst, "the `--failed` file could not be written";
    UNKNOWN_FILE = "unknown_file", Failure, [], CheckFirst, "the `--unknown` file could not be written";
    UNDECIDED_FILE = "undecided_file", Failure, [], CheckFirst, "the `--undecided` file could not be written";
    JOURNAL_OFF = "journal_off", Usage, [], Never, "`petstore journal`: the journal of writes is off (`PETSTORE_JOURNAL=off`)";
    JOURNAL_READ = "journal_read", Failure, [], Safe, "`petstore journal`: the journal of writes cannot be read";
    JOURNAL_WRITE = "journal_write", Failure, [], CheckFirst,
        "`journal reconcile` or `journal send`: a settlement could not be written to the journal";
    JOURNAL_INCOMPLETE = "journal_incomplete", Partial, [], CheckFirst,
        "`journal send`: not every write was created (some failed, or are of unknown outcome)";
    JOURNAL_UNDECIDED = "journal_undecided", Undecided, [], Never,
        "`journal reconcile` or `journal send`: some writes stay undecided (past the API's first 100 of a status)";
    CSV_CANNOT_HOLD = "csv_cannot_hold", Failure, [], Never, "`-o csv` cannot hold a value";
    NO_CONFIG_DIR = "no_config_dir", Failure, [], Never, "no config directory";
    CONFIG_READ = "config_read", Failure, [], Never, "the config cannot be read";
    CONFIG_WRITE = "config_write", Failure, [], Never, "the config cannot be written";
    CONFIG_LOCKED = "config_locked", Failure, [], Safe, "another petstore held the config's lock";
    CONFIG_LOCK_UNSUPPORTED = "config_lock_unsupported", Failure, [], Never, "the config's file system has no locks";
    NOT_A_FILE = "not_a_file", Failure, [], Never, "a config file is not a regular file";
    CREDENTIALS_FILE = "credentials_file", Failure, [], Never, "`credentials.toml` is malformed";
    UNSAFE_FILE = "unsafe_file", Failure, [], Never,
        "a `config.toml` another user owns or any user can write, or a `credentials.toml` that others can read or \
         write or another user owns: not used; the hint gives the `chmod` or `chown` that fixes it";
    CONFIG_EDIT = "config_edit", Failure, [], Never, "an edit would leave the config invalid";
    START = "start", Failure, [], Safe, "petstore could not set itself up";
    COMMAND_NOT_RUNNABLE = "command_not_runnable", NotRunnable, [], Never,
        "`env run`, `env shell`: the command exists but cannot be run (not executable, a directory)";
    COMMAND_NOT_FOUND = "command_not_found", CommandNotFound, [], Never, "`env run`, `env shell`: no such command";
    IO = "io", Failure, [], CheckFirst, "the output could not be written";
    }
}

/// Everything a command can fail with, as data.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    code: &'static Code,
    kind: Kind,
    retry: Retry,
    message: String,
    hint: Option<String>,
    status: Option<u16>,
    /// The server's code and the request's id, which only failures of a request have: boxed, so that every
    /// other failure stays small.
    server: Option<Box<FromServer>>,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
    /// The problems of invalid records, for a program ([`ErrorObject::records`]); boxed, as few errors have any.
    records: Option<Box<[RecordProblem]>>,
    /// Said as a `note:` rather than an `error:` in prose, its exit code kept: a caveat under results that were
    /// printed (a search that found animals but may have missed some). JSON errors are the same either way.
    note: bool,
}

/// What a failure of a request may carry from it.
#[derive(Debug, Default)]
struct FromServer {
    /// The server's own error code.
    code: Option<String>,
    /// The request's id ([`Error::with_request_id`]).
    request_id: Option<String>,
}

impl Error {
    /// A failure with `code`, of the code's kind, saying `message`.
    pub fn new(code: &'static Code, message: impl Into<String>) -> Error {
        Error {
            code,
            kind: code.kind,
            retry: code.retry,
            message: message.into(),
            hint: None,
            status: None,
            server: None,
            source: None,
            records: None,
            note: false,
        }
    }

    /// Said as a `note:` in prose (its exit code kept): a caveat under results that were printed.
    pub fn as_note(mut self) -> Error {
        self.note = true;
        self
    }

    /// Whether it is said as a `note:` in prose ([`Error::as_note`]).
    pub fn is_note(&self) -> bool {
        self.note
    }

    /// The problems of the invalid records it is about, each with its line and field.
    #[must_use]
    pub fn with_records(mut self, records: Vec<RecordProblem>) -> Error {
        self.records = Some(records.into_boxed_slice());
        self
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
        self.server.get_or_insert_default().code = server_code;
        self
    }

    /// The id of the request it came from, to quote to the server's operators: a `note:` in prose, `requestId`
    /// in JSON.
    #[must_use]
    pub fn with_request_id(mut self, request_id: Option<&str>) -> Error {
        self.server.get_or_insert_default().request_id = request_id.map(ToOwned::to_owned);
        self
    }

    /// The id of the request it came from, if it came from one that may have reached the server.
    pub fn request_id(&self) -> Option<&str> {
        self.server.as_ref()?.request_id.as_deref()
    }

    /// Another kind than the code's own: one of [`Code::also`]. A kind the code does not list is not taken, so
    /// that an error always ends with an exit code its row in docs/errors.md promises.
    #[must_use]
    pub fn with_kind(mut self, kind: Kind) -> Error {
        if kind == self.code.kind || self.code.also.contains(&kind) {
            self.kind = kind;
        }
        self
    }

    /// Other advice than the code's own on sending the same again.
    #[must_use]
    pub fn with_retry(mut self, retry: Retry) -> Error {
        self.retry = retry;
        self
    }

    /// Whether sending the same again can succeed.
    pub fn retry(&self) -> Retry {
        self.retry
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
        self.server_code().unwrap_or(self.code.name)
    }

    /// The server's own error code, when its answer carried one.
    pub fn server_code(&self) -> Option<&str> {
        self.server.as_ref()?.code.as_deref()
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
                retry: self.retry,
                records: self.records.as_deref().map(<[RecordProblem]>::to_vec).unwrap_or_default(),
                request_id: self.request_id().map(ToOwned::to_owned),
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

    /// A signal ended the command before the write it was about to send `to` (`` to `shop` ``) went out.
    pub fn interrupted_unsent(signal: Signal, to: &str) -> Error {
        Error::new(&code::INTERRUPTED, format!("{}, so nothing was sent {to}", signal.describe()))
            .with_kind(Kind::Interrupted(signal))
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
        let hint = match petstore_core::catalog::nearest(name, names.clone(), 1).first() {
            Some(known) => format!("did you mean `{known}`?"),
            None => format!("add it with `petstore env add {name} URL`"),
        };
        let known = names.into_iter().map(|known| format!("`{known}`")).collect::<Vec<_>>().join(", ");
        Error::new(&code::UNKNOWN_ENVIRONMENT, format!("unknown environment `{name}`; known: {known}")).with_hint(hint)
    }

    /// A mistake in the config file, shown with its line ([`SourceError`]).
    pub fn config_syntax(source: SourceError) -> Error {
        Error::new(&code::CONFIG_SYNTAX, source.message.clone()).with_hint(source.help()).with_source(source)
    }
}

/// A failure as a program reads it: in a JSON mode (`--json`, `-o json`, `-o ndjson`, `--jq`, or
/// `PETSTORE_ERROR_FORMAT=json`) the one line a failure writes on stderr. `petstore schema --for error` prints
/// its schema.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ErrorDocument {
    pub error: ErrorObject,
}

/// What went wrong, for a program: the `error` of a failed command's JSON document.
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
    /// Whether to send the same again: `safe` (nothing was sent, or the request changes nothing),
    /// `check-first` (a write may have taken effect: look before sending it again) or `never` (it fails the
    /// same way until something changes).
    pub retry: Retry,
    /// For invalid records (`pets add --file`): every problem of every invalid record found, each with its
    /// line and field; left out for any other failure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<RecordProblem>,
    /// The id of the request it came from (its answer's `X-Request-Id`, else the one petstore sent), to quote to
    /// the server's operators; left out when no request may have reached the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

/// One problem of an invalid record, for a program to act on without reading the message.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RecordProblem {
    /// The line of the file where the record starts (for a JSON record, where the mistake is).
    pub line: u64,
    /// The field, as the API names it (`name`, `categoryId`, `status`), or null for the record as a whole (not
    /// JSON, not an object, the wrong number of CSV fields, too long).
    pub field: Option<String>,
    /// What is wrong, as the message words it.
    pub message: String,
}

impl RecordProblem {
    /// Each problem of `invalid`.
    pub fn of(invalid: &petstore_core::bulk::Invalid) -> impl Iterator<Item = RecordProblem> + '_ {
        invalid.problems.iter().map(|problem| RecordProblem {
            line: invalid.line,
            field: problem.field.map(str::to_owned),
            message: problem.message.clone(),
        })
    }
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
        }
    }

    /// What to do about it.
    pub fn help(&self) -> &'static str {
        "fix the file (`petstore config path` prints where it is); petstore left it as it is"
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

pub(crate) mod domain;
#[cfg(test)]
pub(crate) mod tests;

pub use domain::{NOT_FOUND_HINT, answer_detail, exposure_words, status_code};
