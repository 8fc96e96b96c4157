//! The user-facing error: what went wrong in the user's terms, one next step, and the exit code.

use std::path::{Path, PathBuf};

pub use petstore_core::config::line_column;

use crate::credentials::API_KEY_VAR;
use crate::credentials::kernel::KernelError;
use crate::credentials::keyring::KeyringError;
use crate::{api, config, credentials};

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
    #[diagnostic(code(petstore::keyring), help("set `{API_KEY_VAR}` instead, or {OTHER_STORAGE}"))]
    Keyring { action: &'static str, source: KeyringError },

    #[error("cannot {action} the key: {source}")]
    #[diagnostic(
        code(petstore::kernel_keyring),
        help(
            "set `{API_KEY_VAR}` instead, or keep the key in the OS keyring (`petstore auth login --storage \
             keyring`) or a 0600 file (`--storage file`)"
        )
    )]
    Kernel { action: &'static str, source: KernelError },

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

    /// `auth status` got no answer about the key: the server could not be reached, which says nothing
    /// about the key.
    #[error("`{env}`'s key was not checked: the server could not be reached: {reason}")]
    #[diagnostic(
        code(petstore::key_not_checked),
        help("check that the server is running and the base URL is right (`petstore env current`)")
    )]
    KeyNotChecked { env: String, reason: String },

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

    /// Made by [`Error::unknown_environment`], which chooses the hint.
    #[error("unknown environment `{name}`; known: {known}")]
    #[diagnostic(code(petstore::unknown_environment))]
    UnknownEnvironment {
        name: String,
        known: String,
        #[help]
        hint: String,
    },

    #[error("environment `{name}` exists already")]
    #[diagnostic(code(petstore::environment_exists), help("change it with `petstore env set {name} --base-url URL`"))]
    EnvironmentExists { name: String, built_in: bool },

    /// The built-in production and staging URLs stand for deployments the spec does not name.
    #[error("`{env}`'s base URL, {url}, is a placeholder: petstore does not know where `{env}` is")]
    #[diagnostic(
        code(petstore::placeholder_url),
        help(
            "set it with `petstore env set {env} --base-url URL`, or try the local sandbox: run `petstore-sandbox`, \
             then `petstore --env sandbox ...`"
        )
    )]
    PlaceholderUrl { env: String, url: String },

    #[error("`petstore env set {name}` was given nothing to change")]
    #[diagnostic(
        code(petstore::nothing_to_set),
        help("give `--base-url URL`, `--confirm-writes on|off` or `--default KEY=VALUE`")
    )]
    NothingToSet { name: String },

    #[error("`{name}` is built in and cannot be removed")]
    #[diagnostic(code(petstore::built_in_environment))]
    BuiltInEnvironment { name: String },

    /// A value in the config file that its flag would refuse (a default), or an alias that cannot expand.
    #[error("{message}")]
    #[diagnostic(code(petstore::config_value), help("{fix}"))]
    ConfigValue { message: String, fix: String },

    #[error("no alias `{name}`")]
    #[diagnostic(code(petstore::unknown_alias), help("`petstore alias list` lists the aliases"))]
    UnknownAlias { name: String },

    #[error("invalid value: {message}")]
    #[diagnostic(code(petstore::invalid_value))]
    InvalidValue { message: String },

    /// `pets add` without a flag it needs, where nobody can be asked for it.
    #[error("`pets add` needs {missing}, or `--file`")]
    #[diagnostic(
        code(petstore::missing_input),
        help(
            "pass the missing flags; at a terminal, petstore asks for them unless `--no-input` or `PETSTORE_NO_INPUT` is set"
        )
    )]
    MissingInput { missing: String },

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

    #[error("cannot lock `{}`: its file system does not support locks ({source}); nothing was changed", path.display())]
    #[diagnostic(
        code(petstore::config_lock_unsupported),
        help(
            "keep the config directory, and any file its `config.toml` or `credentials.toml` links to, on a local \
             disk: set `PETSTORE_CONFIG_DIR` to a directory there"
        )
    )]
    ConfigLockUnsupported { path: PathBuf, source: std::io::Error },

    #[error("`{}` is malformed at line {line}, column {column}; it was left as it is", path.display())]
    #[diagnostic(
        code(petstore::credentials_file),
        help("fix or delete it; it holds keys, so petstore does not print it")
    )]
    CredentialsFile { path: PathBuf, line: usize, column: usize },

    #[error("the edited config is not valid: {message}")]
    #[diagnostic(code(petstore::config_edit))]
    ConfigEdit { message: String },

    /// A config file that another user owns or any user can write, or a credentials file others can read or
    /// change: not used ([`exposure_words`]).
    #[error("{message}")]
    #[diagnostic(code(petstore::unsafe_file), help("{fix}"))]
    UnsafeFile { message: String, fix: String },

    #[error("the server refused the API key (HTTP {status}): {detail}")]
    #[diagnostic(
        code(petstore::unauthorized),
        help("check the key: `petstore auth status` shows where it comes from; log in again if it has changed")
    )]
    Unauthorized { status: u16, detail: String, server_code: Option<String> },

    #[error("pet `{id}` not found")]
    #[diagnostic(code(petstore::pet_not_found), help("search the pets with `petstore pets find`"))]
    PetNotFound { id: i64, server_code: Option<String> },

    #[error(
        "the list may be incomplete: {full} came back with as many animals as the API returns at once, and more \
         may exist past them"
    )]
    #[diagnostic(
        code(petstore::list_partial),
        help("the API has no way past its first 100 of a status; `petstore pets list --help` says what it reaches")
    )]
    ListPartial { full: String },

    #[error("no animal matches {criteria}")]
    #[diagnostic(code(petstore::no_match), help("`petstore pets list --all` shows every animal the API can reach"))]
    NoMatch { criteria: String },

    #[error("the search may be incomplete: {full} came back with as many animals as the API returns at once")]
    #[diagnostic(
        code(petstore::find_partial),
        help("the API has no way past its first 100 of a status; `petstore pets find --help` says what it reaches")
    )]
    FindPartial { full: String },

    #[error(
        "the API cannot reach animal `{id}`: no list shows it, and `GET /pets/{{petId}}`, the only lookup by id, \
         was removed on {removed}"
    )]
    #[diagnostic(
        code(petstore::pet_unreachable),
        help("`petstore pets find --name NAME` searches by what the lists show")
    )]
    PetUnreachable { id: i64, removed: &'static str },

    /// `hint` is [`NOT_FOUND_HINT`] unless `petstore api`, which knows the path, finds a likelier cause.
    #[error("not found (HTTP 404): {detail}")]
    #[diagnostic(code(petstore::not_found), help("{hint}"))]
    NotFound { detail: String, server_code: Option<String>, hint: String },

    #[error("the server refused the request (HTTP {status}): {detail}")]
    #[diagnostic(code(petstore::rejected))]
    Rejected { status: u16, detail: String, server_code: Option<String> },

    #[error("the server failed (HTTP {status}): {detail}")]
    #[diagnostic(code(petstore::server_error), help("try again later; `--verbose` shows each request"))]
    ServerError { status: u16, detail: String, server_code: Option<String> },

    #[error("the store is full (HTTP 507), so nothing was stored: {detail}")]
    #[diagnostic(
        code(petstore::storage_full),
        help("nothing more can be added until the store has room; `petstore pets list` shows what it holds")
    )]
    StorageFull { detail: String, server_code: Option<String> },

    #[error("the server is limiting requests (HTTP 429): {detail}")]
    #[diagnostic(code(petstore::rate_limited), help("wait a while and try again; petstore already retried"))]
    RateLimited { detail: String, server_code: Option<String> },

    #[error("unexpected answer from the server (HTTP {status}): {detail}")]
    #[diagnostic(code(petstore::unexpected_status))]
    UnexpectedStatus { status: u16, detail: String, server_code: Option<String> },

    #[error("unreadable response from the server (HTTP {status}): {reason}{}", shown_excerpt(.excerpt))]
    #[diagnostic(code(petstore::unreadable_response))]
    Unreadable { status: u16, reason: String, excerpt: String },

    #[error("cannot connect to `{origin}`: {reason}")]
    #[diagnostic(
        code(petstore::network),
        help("check that the server is running and the base URL (`--base-url`, `PETSTORE_BASE_URL`) is right")
    )]
    Connect { origin: String, reason: String },

    /// [`Error::Connect`] for an environment chosen by name, whose base URL comes from the config (or is
    /// built in), so `--base-url` is not where it would be fixed.
    #[error("cannot connect to `{origin}` (environment `{env}`): {reason}")]
    #[diagnostic(
        code(petstore::network),
        help(
            "check that the server is running and that `base_url` under `[environments.{env}]` in the config file (`petstore config path`) is right"
        )
    )]
    EnvironmentUnreachable { env: String, origin: String, reason: String },

    #[error("TLS handshake with `{origin}` failed: {reason}")]
    #[diagnostic(
        code(petstore::tls),
        help("if the server's certificate comes from a private CA, pass that CA with `--cacert FILE`")
    )]
    Tls { origin: String, reason: String },

    #[error("no answer from `{origin}` in time")]
    #[diagnostic(
        code(petstore::timeout),
        help("give it longer with `--timeout SECONDS` or `PETSTORE_TIMEOUT` (the default is 30)")
    )]
    Timeout { origin: String },

    #[error("request to `{origin}` failed: {reason}")]
    #[diagnostic(code(petstore::network))]
    Transport { origin: String, reason: String },

    #[error("the server at `{origin}` did not answer in HTTP: {reason}")]
    #[diagnostic(
        code(petstore::not_http),
        help(
            "check that the base URL (`petstore env current`) names the API's server, with `https://` if it speaks TLS"
        )
    )]
    NotHttp { origin: String, reason: String },

    /// The URL is longer than [`crate::api::MAX_URL_BYTES`]; nothing was sent.
    #[error("the request URL is {length} bytes long, over petstore's limit of {limit} bytes: nothing was sent")]
    #[diagnostic(
        code(petstore::url_too_long),
        help("shorten the path or the query (`-f`, `-F` of `petstore api`), or the base URL")
    )]
    UrlTooLong { length: usize, limit: usize },

    /// A request that changes something failed after it may have reached the server (no complete answer, a
    /// 5xx, an unreadable 2xx, a signal while it was in flight): `check` is the next step that fits the
    /// command that raised it, `code` the exit code the failure has on its own terms.
    #[error("{message}")]
    #[diagnostic(code(petstore::unknown_outcome), help("{check}"))]
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
    #[error("`--{flag} {}` cannot be used, so nothing was sent: {reason}", path.display())]
    #[diagnostic(code(petstore::failed_file_unusable), help("{help}"))]
    FailedFileUnusable { flag: &'static str, path: PathBuf, reason: String, help: String },

    #[error("cannot write the records of unknown outcome to `{}`: {source}", path.display())]
    #[diagnostic(code(petstore::unknown_file))]
    UnknownFile { path: PathBuf, source: std::io::Error },

    #[error("not every record was created: {summary}")]
    #[diagnostic(code(petstore::batch_incomplete), help("{help}"))]
    BatchIncomplete { summary: String, help: String },

    /// `--skip-existing` could not tell whether a record exists: its status's list (or, for a record with no
    /// status, the unfiltered list) came back full, and an animal past it could be this one. Not sent.
    #[error("not sent: whether it exists cannot be told, as {why}")]
    #[diagnostic(
        code(petstore::undecided),
        help(
            "no query reaches past the first 100: send it without `--skip-existing` only if you know it does \
             not exist (docs/bulk.md, \"Undecided records\")"
        )
    )]
    Undecided { why: String },

    /// A batch with `--skip-existing` that left nothing a re-run can decide: every record was created or
    /// exists, but for those it could not tell ([`Error::Undecided`]).
    #[error("nothing left that can be decided: {summary}")]
    #[diagnostic(code(petstore::batch_undecided), help("{help}"))]
    BatchUndecided { summary: String, help: String },

    #[error("cannot write the undecided records to `{}`: {source}", path.display())]
    #[diagnostic(code(petstore::undecided_file))]
    UndecidedFile { path: PathBuf, source: std::io::Error },

    /// stdout's reader went away (`| head -1`) before every record of a batch was created: it stopped sending.
    #[error("stdout closed, so the batch stopped before every record was created: {summary}")]
    #[diagnostic(code(petstore::batch_output_closed), help("{help}"))]
    BatchOutputClosed { summary: String, help: String },

    /// `--jq` failed inside a bulk add, on a pet that was created (or skipped, as it exists), or at the end on
    /// the document of them all: the animals exist, so nothing is to be sent again.
    #[error("{message}")]
    #[diagnostic(code(petstore::batch_jq), help("{help}"))]
    BatchJq { message: String, help: String },

    #[error("{}", signal.describe())]
    #[diagnostic(code(petstore::interrupted))]
    Interrupted { signal: crate::signals::Signal },

    /// The question before a write ([`crate::commands::confirm`]) was not answered yes: nothing was sent.
    #[error("not confirmed, so nothing was sent to `{env}`")]
    #[diagnostic(
        code(petstore::not_confirmed),
        help("answer `y` to send it, or pass `--yes`; `--dry-run` shows what it would send")
    )]
    NotConfirmed { env: String },

    /// A write to an environment whose writes are confirmed, from a process that nobody can answer
    /// ([`crate::output::Output::cannot_ask`]): no terminal (a script, an agent), or in the background of its
    /// terminal (`&`, where a read would stop it). Nothing was sent.
    #[error("cannot ask before writing to `{env}`: {}, so nothing was sent", why.describe())]
    #[diagnostic(
        code(petstore::cannot_ask),
        help("pass `--yes` (or set `PETSTORE_YES=1`) to send without asking, or {}", why.instead())
    )]
    CannotAsk { env: String, why: crate::output::CannotAsk },

    /// `petstore mcp`'s `add_pet`, to an environment whose writes are confirmed, from an MCP client that cannot
    /// ask its user (it declared no form elicitation): nothing was sent. `by_hand` is the command to run at a
    /// terminal instead, with the name left as `NAME`.
    #[error(
        "cannot ask before writing to `{env}`: the MCP client cannot ask its user (no elicitation), so nothing was sent"
    )]
    #[diagnostic(code(petstore::cannot_ask), help("run it by hand at a terminal, where petstore asks: `{by_hand}`"))]
    CannotElicit { env: String, by_hand: String },

    /// `petstore mcp`'s `add_pet`: the person declined or dismissed the question in the MCP client, or answered
    /// anything but `confirm: true`. Nothing was sent.
    #[error("the user did not confirm the write in the MCP client, so nothing was sent to `{env}`")]
    #[diagnostic(
        code(petstore::not_confirmed),
        help("add it only if the user asks again; `petstore pets add --dry-run` shows what would be sent")
    )]
    DeclinedInClient { env: String },

    /// `auth login` at a terminal, from a process in the background of it (`&`): it cannot read the key there
    /// (it would be stopped), so nothing was stored.
    #[error(
        "cannot ask for the key of `{env}`: petstore runs in the background of its terminal, so nothing was stored"
    )]
    #[diagnostic(
        code(petstore::cannot_ask),
        help("pipe the key on stdin (`printf %s \"$KEY\" | petstore auth login`), or run it in the foreground")
    )]
    CannotAskForKey { env: String },

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

    /// `-o csv` of a value CSV cannot hold (a NUL character), refused before anything is written.
    #[error("`--output csv` cannot hold {what}")]
    #[diagnostic(
        code(petstore::csv_cannot_hold),
        help("`--output json` or `--output ndjson` keep every character, and `pets add --file` reads them back")
    )]
    CsvCannotHold { what: String },

    /// Writing stdout failed. The one `io::Error` that converts with `?`: every read, and every other write,
    /// maps its error to a variant that names it (`ReadInput`, `RecordsRead`, `ConfigRead`, `ConfigWrite`,
    /// `FailedFile`, `Start`), so that no failure to read is reported as one to write.
    #[error("cannot write the output: {0}")]
    #[diagnostic(code(petstore::io))]
    Io(#[from] std::io::Error),
}

impl Error {
    /// `name` is no environment's: the hint is the known name it most looks like ("did you mean"), as clap
    /// suggests for a mistyped command, or else how to add it.
    pub fn unknown_environment<'a>(name: &str, names: impl IntoIterator<Item = &'a str> + Clone) -> Error {
        let hint = match closest(name, names.clone()) {
            Some(known) => format!("did you mean `{known}`?"),
            None => format!("add it with `petstore env add {name} URL`"),
        };
        let known = names.into_iter().map(|known| format!("`{known}`")).collect::<Vec<_>>().join(", ");
        Error::UnknownEnvironment { name: name.to_owned(), known, hint }
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
            | Error::PlaceholderUrl { .. }
            | Error::NothingToSet { .. }
            | Error::BuiltInEnvironment { .. }
            | Error::UnknownAlias { .. }
            | Error::ConfigValue { .. }
            | Error::MissingInput { .. }
            | Error::CannotAsk { .. }
            | Error::CannotElicit { .. }
            | Error::CannotAskForKey { .. }
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
            | Error::UrlTooLong { .. }
            | Error::ReadInput { .. }
            | Error::Source(_) => exit::USAGE,
            Error::BatchIncomplete { .. }
            | Error::BatchOutputClosed { .. }
            | Error::BatchJq { .. }
            | Error::ListPartial { .. }
            | Error::FindPartial { .. }
            | Error::PetUnreachable { .. } => exit::PARTIAL,
            Error::Undecided { .. } | Error::BatchUndecided { .. } => exit::UNDECIDED,
            Error::NoApiKey { .. }
            | Error::NotLoggedIn { .. }
            | Error::KeyMissing { .. }
            | Error::Keyring { .. }
            | Error::Kernel { .. }
            | Error::KeyRefused { .. }
            | Error::Unauthorized { .. } => exit::AUTH,
            Error::KeyUnchecked { source } => source.exit_code(),
            Error::NoWorkingKey { code, .. } | Error::MaybeApplied { code, .. } => *code,
            Error::PetNotFound { .. } | Error::NotFound { .. } | Error::NoMatch { .. } => exit::NOT_FOUND,
            Error::Connect { .. }
            | Error::EnvironmentUnreachable { .. }
            | Error::KeyNotChecked { .. }
            | Error::Tls { .. }
            | Error::Timeout { .. }
            | Error::Transport { .. }
            | Error::BrokenAnswer { .. } => exit::NETWORK,
            Error::Interrupted { signal } => signal.exit_code(),
            Error::ServerError { .. }
            | Error::StorageFull { .. }
            | Error::RateLimited { .. }
            | Error::UnexpectedStatus { .. }
            | Error::Unreadable { .. }
            | Error::NotHttp { .. }
            | Error::ChecksFailed { .. }
            | Error::NotConfirmed { .. }
            | Error::DeclinedInClient { .. }
            | Error::FailedFile { .. }
            | Error::UnknownFile { .. }
            | Error::UndecidedFile { .. }
            | Error::Io(_)
            | Error::Start { .. }
            | Error::NoConfigDir
            | Error::ConfigRead { .. }
            | Error::ConfigWrite { .. }
            | Error::NotAFile { .. }
            | Error::ConfigLocked { .. }
            | Error::ConfigLockUnsupported { .. }
            | Error::CredentialsFile { .. }
            | Error::ConfigEdit { .. }
            | Error::UnsafeFile { .. }
            | Error::CsvCannotHold { .. } => exit::FAILURE,
        }
    }

    /// The code a program reads (`{"error": {"code": ...}}`): the server's own when it sent one, else a
    /// stable local one, the diagnostic code without `petstore::` (docs/errors.md lists them all).
    pub fn code(&self) -> String {
        use miette::Diagnostic;
        match self {
            Error::Rejected { server_code: Some(code), .. }
            | Error::Unauthorized { server_code: Some(code), .. }
            | Error::NotFound { server_code: Some(code), .. }
            | Error::PetNotFound { server_code: Some(code), .. }
            | Error::RateLimited { server_code: Some(code), .. }
            | Error::StorageFull { server_code: Some(code), .. }
            | Error::ServerError { server_code: Some(code), .. }
            | Error::UnexpectedStatus { server_code: Some(code), .. } => code.clone(),
            // A mistake in the config file, shown with its line: `SourceError` has no code of its own, as miette
            // would print it above the excerpt.
            Error::Source(_) => "config_syntax".to_owned(),
            _ => match Diagnostic::code(self) {
                Some(code) => code.to_string().trim_start_matches("petstore::").to_owned(),
                None => "error".to_owned(),
            },
        }
    }

    /// The HTTP status of the answer the error comes from, when it comes from one.
    pub fn http_status(&self) -> Option<u16> {
        match self {
            Error::Rejected { status, .. }
            | Error::Unauthorized { status, .. }
            | Error::ServerError { status, .. }
            | Error::UnexpectedStatus { status, .. }
            | Error::Unreadable { status, .. }
            | Error::BrokenAnswer { status, .. }
            | Error::KeyRefused { status } => Some(*status),
            Error::NotFound { .. } | Error::PetNotFound { .. } => Some(404),
            Error::RateLimited { .. } => Some(429),
            Error::StorageFull { .. } => Some(507),
            Error::KeyUnchecked { source } => source.http_status(),
            _ => None,
        }
    }

    /// The error as a program reads it in a JSON mode ([`ErrorDocument`]).
    pub fn to_document(&self) -> ErrorDocument {
        use miette::Diagnostic;
        ErrorDocument {
            error: ErrorObject {
                code: self.code(),
                message: self.to_string(),
                status: self.http_status(),
                exit_code: self.exit_code(),
                hint: self.help().map(|hint| hint.to_string()),
            },
        }
    }

    /// True when stdout's reader went away (`petstore pets list | head -1`): not worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(err) if err.kind() == std::io::ErrorKind::BrokenPipe)
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
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
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
    #[help]
    help: String,
}

impl SourceError {
    /// An error at `span` (byte offsets) of `text`, the contents of `path`; line and column count in the file
    /// as it is.
    pub fn new(path: &Path, text: &str, span: std::ops::Range<usize>, message: String) -> Box<SourceError> {
        let (line, column) = line_column(text, span.start);
        Box::new(SourceError {
            message: format!("{}:{line}:{column}: {message}", path.display()),
            path: path.display().to_string(),
            text: text.to_owned(),
            span,
            help: "fix the file (`petstore config path` prints where it is); petstore left it as it is".to_owned(),
        })
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

impl From<config::Error> for Error {
    fn from(err: config::Error) -> Error {
        match err {
            config::Error::NoConfigDir => Error::NoConfigDir,
            config::Error::Read { path, source } => Error::ConfigRead { path, source },
            config::Error::Write { path, source } => Error::ConfigWrite { path, source },
            config::Error::NotAFile { path, kind } => Error::NotAFile { path, kind },
            config::Error::Locked { path, seconds } => Error::ConfigLocked { path, seconds },
            config::Error::LockUnsupported { path, source } => Error::ConfigLockUnsupported { path, source },
            config::Error::Syntax { path, text, span, message } => {
                Error::Source(SourceError::new(&path, &text, span, message))
            }
            config::Error::UnknownEnvironment { name, known } => {
                Error::unknown_environment(&name, known.iter().map(String::as_str))
            }
            config::Error::EnvironmentExists { name, built_in } => Error::EnvironmentExists { name, built_in },
            config::Error::BuiltInEnvironment { name } => Error::BuiltInEnvironment { name },
            config::Error::Edit { message } => Error::ConfigEdit { message },
            config::Error::Exposed(exposure) => {
                let (message, fix) = exposure_words(&exposure);
                Error::UnsafeFile { message, fix }
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
        match err {
            credentials::Error::Config(err) => err.into(),
            credentials::Error::NotAnEnvironment { url } => Error::NoApiKey { url },
            credentials::Error::NotLoggedIn { env } => Error::NotLoggedIn { login: login_command(&env), env },
            credentials::Error::KeyMissing { env, backend } => {
                Error::KeyMissing { login: login_command(&env), env, backend }
            }
            credentials::Error::Keyring { action, source } => Error::Keyring { action, source },
            credentials::Error::Kernel { action, source } => Error::Kernel { action, source },
            credentials::Error::File { path, line, column } => Error::CredentialsFile { path, line, column },
        }
    }
}

/// What a 404 to one of petstore's own requests means: they go to paths the API defines, so the base URL is
/// the likely cause.
pub const NOT_FOUND_HINT: &str = "check the base URL: it must include the API's version path, as in `https://HOST/v1`";

impl From<api::Error> for Error {
    fn from(err: api::Error) -> Error {
        match err {
            api::Error::InvalidBaseUrl { url, reason } => Error::InvalidBaseUrl { url, reason },
            api::Error::UnusableKey => Error::UnusableKey,
            api::Error::Connect { origin, reason } => Error::Connect { origin, reason },
            api::Error::Tls { origin, reason } => Error::Tls { origin, reason },
            api::Error::Timeout { origin } => Error::Timeout { origin },
            api::Error::Transport { origin, reason } => Error::Transport { origin, reason },
            api::Error::NotHttp { origin, reason } => Error::NotHttp { origin, reason },
            api::Error::UrlTooLong { length, limit } => Error::UrlTooLong { length, limit },
            // A hint for a command that did not choose one; each write chooses its own (`pets add`, `api`).
            err @ api::Error::OutcomeUnknown { .. } => Error::MaybeApplied {
                message: err.to_string(),
                check: "check whether it took effect before sending it again".to_owned(),
                code: exit::NETWORK,
            },
            // Said by `pets add` in its own words; this is for any other caller.
            err @ api::Error::NotThisRecord { .. } => Error::MaybeApplied {
                message: err.to_string(),
                check: "check whether it took effect before sending it again".to_owned(),
                code: exit::FAILURE,
            },
            api::Error::BrokenAnswer { status, reason } => Error::BrokenAnswer { status: status.as_u16(), reason },
            api::Error::Decode { status, reason, excerpt } => {
                Error::Unreadable { status: status.as_u16(), reason, excerpt }
            }
            api::Error::Status { status, body, excerpt } => {
                // The server's own code, when it sent one: what a program reads (`--json` errors).
                let server_code = body.as_ref().map(|body| body.code.clone());
                let detail = match body {
                    Some(body) => format!("{} (`{}`)", body.message, body.code),
                    None if excerpt.is_empty() => "no details: the body was empty".to_owned(),
                    None => format!("the body was not an API error: `{excerpt}`"),
                };
                let status = status.as_u16();
                match status {
                    400 => Error::Rejected { status, detail, server_code },
                    401 | 403 => Error::Unauthorized { status, detail, server_code },
                    404 => Error::NotFound { detail, server_code, hint: NOT_FOUND_HINT.to_owned() },
                    429 => Error::RateLimited { detail, server_code },
                    507 => Error::StorageFull { detail, server_code },
                    500..=599 => Error::ServerError { status, detail, server_code },
                    _ => Error::UnexpectedStatus { status, detail, server_code },
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use reqwest::StatusCode;

    use super::*;
    use crate::signals::Signal;

    /// The codes in [`exit`], read from this file's source, so that a code added there cannot be left out here.
    fn exit_codes() -> BTreeSet<u8> {
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

    /// The codes listed under "Exit codes:" in `petstore --help`: each line that starts with a number.
    fn codes_in_help() -> BTreeSet<u8> {
        use clap::CommandFactory;
        let help = crate::cli::Cli::command().get_after_long_help().expect("the root's long help").to_string();
        let block = help.split_once("Exit codes:\n").expect("an `Exit codes` block").1;
        let block = block.split("\n\n").next().unwrap_or_default();
        block.lines().filter_map(|line| line.split_whitespace().next()?.parse().ok()).collect()
    }

    /// The codes in the exit-code table of `docs/exit-codes.md`: each row `| N | ... |`.
    fn codes_in_docs() -> BTreeSet<u8> {
        let doc = include_str!("../docs/exit-codes.md");
        doc.lines().filter_map(|line| line.strip_prefix("| ")?.split(' ').next()?.parse().ok()).collect()
    }

    #[test]
    fn every_exit_code_is_documented_in_the_help_and_the_docs_and_no_other() {
        let codes = exit_codes();
        assert_eq!(codes_in_help(), codes, "`petstore --help` (cli.rs) lists other codes than error::exit");
        assert_eq!(codes_in_docs(), codes, "docs/exit-codes.md lists other codes than error::exit");
        let signals = [Signal::Interrupt, Signal::Terminate, Signal::Hangup].map(Signal::exit_code);
        assert_eq!(signals, [exit::INTERRUPTED, exit::TERMINATED, exit::HANGUP]);
    }

    /// Every local error code (the diagnostic codes, and `usage` and `config_syntax`) has a row in
    /// docs/errors.md, and no row names another.
    #[test]
    fn every_error_code_is_documented_and_no_other() {
        let source = include_str!("error.rs");
        let mut codes: BTreeSet<String> = source
            .split("code(petstore::")
            .skip(1)
            .filter_map(|rest| Some(rest[..rest.find(')')?].to_owned()))
            .filter(|code| !code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
            .collect();
        codes.extend(["usage".to_owned(), "config_syntax".to_owned()]);
        let doc = include_str!("../docs/errors.md");
        let documented: BTreeSet<String> = doc
            .split("## petstore's codes")
            .nth(1)
            .expect("the codes' section")
            .lines()
            .filter_map(|line| line.strip_prefix("| `")?.split('`').next().map(str::to_owned))
            .collect();
        assert_eq!(documented, codes, "docs/errors.md lists other codes than error.rs");
    }

    #[test]
    fn errors_exit_with_the_documented_codes() {
        let io = || std::io::Error::other("boom");
        let path = || PathBuf::from("/x/config.toml");
        let text = |s: &str| s.to_owned();
        let table: Vec<(Error, u8)> = vec![
            (Error::InvalidBaseUrl { url: text("ftp://x"), reason: "not http" }, exit::USAGE),
            (Error::Rejected { status: 400, detail: text("bad"), server_code: None }, exit::USAGE),
            (Error::EmptyKey, exit::USAGE),
            (Error::NotAnEnvironment { url: text("https://x/v1") }, exit::USAGE),
            (Error::unknown_environment("eu", ["production"]), exit::USAGE),
            (Error::EnvironmentExists { name: text("eu"), built_in: false }, exit::USAGE),
            (Error::BuiltInEnvironment { name: text("production") }, exit::USAGE),
            (Error::UnknownAlias { name: text("avail") }, exit::USAGE),
            (Error::ConfigValue { message: text("x"), fix: text("y") }, exit::USAGE),
            (
                Error::PlaceholderUrl { env: text("production"), url: text("https://api.petstore.example/v1") },
                exit::USAGE,
            ),
            (Error::NothingToSet { name: text("production") }, exit::USAGE),
            (Error::InvalidValue { message: text("x") }, exit::USAGE),
            (Error::UnknownColumn { name: text("x"), known: text("id") }, exit::USAGE),
            (
                Error::FlagNotApplicable { flag: text("--json"), command: text("env add"), why: "", help: "" },
                exit::USAGE,
            ),
            (Error::Jq { message: text("x") }, exit::USAGE),
            (Error::JqExpression { position: text("1:1"), message: text("x") }, exit::USAGE),
            (Error::Source(SourceError::new(&path(), "x", 0..1, text("x"))), exit::USAGE),
            (Error::RecordsFormat { file: text("x") }, exit::USAGE),
            (Error::RecordsRead { file: text("x"), source: io() }, exit::USAGE),
            (Error::InvalidRecords { file: text("x"), count: 1, list: text("x") }, exit::USAGE),
            (
                Error::FailedFileUnusable { flag: "failed", path: path(), reason: text("x"), help: text("x") },
                exit::USAGE,
            ),
            (Error::BodyTooLarge { what: text("stdin") }, exit::USAGE),
            (Error::UrlTooLong { length: 9000, limit: 8192 }, exit::USAGE),
            (Error::NotHttp { origin: text("x"), reason: text("invalid HTTP version parsed") }, exit::FAILURE),
            (Error::ReadInput { what: text("stdin"), source: io() }, exit::USAGE),
            (Error::PetNotFound { id: 7, server_code: None }, exit::NOT_FOUND),
            (Error::NotFound { detail: text("x"), server_code: None, hint: text("y") }, exit::NOT_FOUND),
            (Error::NoApiKey { url: text("https://x/v1") }, exit::AUTH),
            (Error::NotLoggedIn { env: text("eu"), login: text("petstore auth login") }, exit::AUTH),
            (Error::KeyMissing { env: text("eu"), backend: "keyring", login: text("x") }, exit::AUTH),
            (Error::KeyRefused { status: 401 }, exit::AUTH),
            (Error::Unauthorized { status: 401, detail: text("x"), server_code: None }, exit::AUTH),
            (Error::KeyUnchecked { source: Box::new(Error::Timeout { origin: text("x") }) }, exit::NETWORK),
            (Error::NoWorkingKey { env: text("eu"), check: text("x"), code: exit::AUTH }, exit::AUTH),
            (Error::Connect { origin: text("x"), reason: text("refused") }, exit::NETWORK),
            (
                Error::EnvironmentUnreachable { env: text("eu"), origin: text("x"), reason: text("refused") },
                exit::NETWORK,
            ),
            (Error::MissingInput { missing: text("`--name`") }, exit::USAGE),
            (Error::CannotAsk { env: text("production"), why: crate::output::CannotAsk::NoTerminal }, exit::USAGE),
            (Error::KeyNotChecked { env: text("eu"), reason: text("refused") }, exit::NETWORK),
            (Error::Timeout { origin: text("x") }, exit::NETWORK),
            (Error::Transport { origin: text("x"), reason: text("x") }, exit::NETWORK),
            (Error::BrokenAnswer { status: 200, reason: text("x") }, exit::NETWORK),
            (Error::BatchIncomplete { summary: text("x"), help: text("x") }, exit::PARTIAL),
            (Error::BatchOutputClosed { summary: text("x"), help: text("x") }, exit::PARTIAL),
            (Error::BatchJq { message: text("x"), help: text("x") }, exit::PARTIAL),
            (Error::Undecided { why: text("x") }, exit::UNDECIDED),
            (Error::BatchUndecided { summary: text("x"), help: text("x") }, exit::UNDECIDED),
            (Error::UndecidedFile { path: path(), source: io() }, exit::FAILURE),
            (Error::Interrupted { signal: Signal::Interrupt }, exit::INTERRUPTED),
            (Error::Interrupted { signal: Signal::Terminate }, exit::TERMINATED),
            (Error::Interrupted { signal: Signal::Hangup }, exit::HANGUP),
            (Error::MaybeApplied { message: text("x"), check: text("x"), code: exit::TERMINATED }, exit::TERMINATED),
            (Error::MaybeApplied { message: text("x"), check: text("x"), code: exit::NETWORK }, exit::NETWORK),
            (Error::Tls { origin: text("x"), reason: text("unknown issuer") }, exit::NETWORK),
            (Error::UnusableKey, exit::USAGE),
            (Error::ServerError { status: 503, detail: text("x"), server_code: None }, exit::FAILURE),
            (Error::StorageFull { detail: text("x"), server_code: None }, exit::FAILURE),
            (Error::RateLimited { detail: text("x"), server_code: None }, exit::FAILURE),
            (Error::UnexpectedStatus { status: 409, detail: text("x"), server_code: None }, exit::FAILURE),
            (Error::Unreadable { status: 200, reason: text("x"), excerpt: text("") }, exit::FAILURE),
            (Error::ChecksFailed { failed: 1, total: 10 }, exit::FAILURE),
            (Error::NotConfirmed { env: text("production") }, exit::FAILURE),
            (Error::DeclinedInClient { env: text("production") }, exit::FAILURE),
            (Error::CannotElicit { env: text("production"), by_hand: text("x") }, exit::USAGE),
            (Error::FailedFile { path: path(), source: io() }, exit::FAILURE),
            (Error::UnknownFile { path: path(), source: io() }, exit::FAILURE),
            (Error::Io(io()), exit::FAILURE),
            (Error::NoConfigDir, exit::FAILURE),
            (Error::ConfigRead { path: path(), source: io() }, exit::FAILURE),
            (Error::ConfigWrite { path: path(), source: io() }, exit::FAILURE),
            (Error::NotAFile { path: path(), kind: "a directory" }, exit::FAILURE),
            (Error::ConfigLocked { path: path(), seconds: 30 }, exit::FAILURE),
            (Error::ConfigLockUnsupported { path: path(), source: io() }, exit::FAILURE),
            (Error::CredentialsFile { path: path(), line: 1, column: 1 }, exit::FAILURE),
            (Error::ConfigEdit { message: text("x") }, exit::FAILURE),
            (Error::UnsafeFile { message: text("x"), fix: text("y") }, exit::FAILURE),
            (Error::CsvCannotHold { what: text("x") }, exit::FAILURE),
        ];
        let documented = exit_codes();
        for (err, code) in &table {
            assert_eq!(err.exit_code(), *code, "{err:?}");
            assert!(documented.contains(code), "{err:?} exits with an undocumented {code}");
        }
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
        let table: Vec<(api::Error, &str, u8)> = vec![
            (
                api::Error::InvalidBaseUrl { url: "ftp://x".to_owned(), reason: "it is not http(s)" },
                "`ftp://x` is not a usable base URL: it is not http(s)",
                exit::USAGE,
            ),
            (
                api::Error::Connect { origin: origin(), reason: "connection refused".to_owned() },
                "cannot connect to `http://127.0.0.1:4010`: connection refused",
                exit::NETWORK,
            ),
            (api::Error::Timeout { origin: origin() }, "no answer from `http://127.0.0.1:4010` in time", exit::NETWORK),
            (
                api::Error::Transport { origin: origin(), reason: "reset".to_owned() },
                "request to `http://127.0.0.1:4010` failed: reset",
                exit::NETWORK,
            ),
            (
                api::Error::NotHttp { origin: origin(), reason: "invalid HTTP version parsed".to_owned() },
                "the server at `http://127.0.0.1:4010` did not answer in HTTP: invalid HTTP version parsed",
                exit::FAILURE,
            ),
            (
                api::Error::UrlTooLong { length: 100_030, limit: 8192 },
                "the request URL is 100030 bytes long, over petstore's limit of 8192 bytes: nothing was sent",
                exit::USAGE,
            ),
            (
                api::Error::OutcomeUnknown { method: "POST".to_owned(), reason: "reset".to_owned(), cut: true },
                "no complete answer to the POST, so it may or may not have taken effect: reset",
                exit::NETWORK,
            ),
            (
                api::Error::BrokenAnswer { status: StatusCode::OK, reason: "eof".to_owned() },
                "the answer (HTTP 200) broke off: eof",
                exit::NETWORK,
            ),
            (
                api::Error::Decode {
                    status: StatusCode::OK,
                    reason: "expected an array".to_owned(),
                    excerpt: "{}".to_owned(),
                },
                "unreadable response from the server (HTTP 200): expected an array; the body began `{}`",
                exit::FAILURE,
            ),
            (
                status(400, api_body(400, "invalid_request", "name is required"), ""),
                "the server refused the request (HTTP 400): name is required (`invalid_request`)",
                exit::USAGE,
            ),
            (
                status(401, api_body(401, "unauthorized", "bad key"), ""),
                "the server refused the API key (HTTP 401): bad key (`unauthorized`)",
                exit::AUTH,
            ),
            (
                status(403, None, ""),
                "the server refused the API key (HTTP 403): no details: the body was empty",
                exit::AUTH,
            ),
            (
                status(404, None, "<html>"),
                "not found (HTTP 404): the body was not an API error: `<html>`",
                exit::NOT_FOUND,
            ),
            (
                status(429, api_body(429, "rate_limited", "slow down"), ""),
                "the server is limiting requests (HTTP 429): slow down (`rate_limited`)",
                exit::FAILURE,
            ),
            (status(503, None, ""), "the server failed (HTTP 503): no details: the body was empty", exit::FAILURE),
            (
                status(409, api_body(409, "conflict", "exists"), ""),
                "unexpected answer from the server (HTTP 409): exists (`conflict`)",
                exit::FAILURE,
            ),
        ];
        for (api_error, message, code) in table {
            let shown = format!("{api_error:?}");
            let err = Error::from(api_error);
            assert_eq!((err.to_string().as_str(), err.exit_code()), (message, code), "{shown}");
        }
    }
}
