//! The domain's errors in the user's words: each error of `petstore-core` (`api`, `config`, `credentials`)
//! gets its code, its message and its hint here, at the edge between the crates.

use petstore_core::credentials::API_KEY_VAR;
use petstore_core::{api, config, credentials};

use super::{Code, Error, Kind, SourceError, code, login_command, shown_excerpt};

/// Where else `auth login` can keep a key when the OS keyring cannot: the kernel's keyring on Linux.
#[cfg(target_os = "linux")]
const OTHER_STORAGE: &str = "keep the key in the kernel's keyring, with no file (`petstore auth login --storage \
                             kernel`; lost at reboot), or in a 0600 file (`--storage file`)";
#[cfg(not(target_os = "linux"))]
const OTHER_STORAGE: &str = "keep the key in a 0600 file with `petstore auth login --storage file`";

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
                let (message, fix) = exposure_words(&exposure, false);
                Error::new(&code::UNSAFE_FILE, message).with_hint(fix)
            }
        }
    }
}

/// Who else can change (or, the keys, read) a file or directory of the config's, in the user's words: what
/// it is and what they could do, and the exact command that ends it. A warning shows both on one line; a
/// refusal is the error and its hint.
///
/// `commands`: the config names a key command, which whoever can change it can make any command they like.
pub fn exposure_words(exposure: &config::Exposure, commands: bool) -> (String, String) {
    use petstore_core::config::exposure::{Fix, Place, Who};
    let path = exposure.path.to_string_lossy();
    let subject = match exposure.place {
        Place::ConfigDir => format!("the config directory `{path}`"),
        Place::LinkedDir { file } => format!("the directory `{path}`, which `{file}` links into,"),
        Place::ConfigFile => format!("the config file `{path}`"),
        Place::KeysFile => format!("the credentials file `{path}`"),
        Place::Above => format!("the directory `{path}`, above the config file,"),
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
        _ if commands => "who could change where your key is sent and run any command as you (`key_command`)",
        _ => "who could change where your key is sent",
    };
    let refusal = match (exposure.refused(), keys) {
        (false, _) => "",
        (true, true) => "; petstore will not use them",
        (true, false) => "; petstore will not read it",
    };
    let message = format!("{subject} {state}, {consequence}{refusal}");
    let word = crate::shell_words::suggested_shell_word(&path);
    let mut fix = match exposure.fix {
        Fix::Chmod(mode) => format!("run `chmod {mode} {word}`"),
        // Only root gives a file away: the user is root, or needs to become it.
        Fix::Chown { uid: 0 } => format!("run `chown 0 {word}`"),
        Fix::Chown { uid } => format!("run `sudo chown {uid} {word}`"),
        Fix::MoveOut => match exposure.place {
            Place::ConfigDir | Place::Above => {
                "point `PETSTORE_CONFIG_DIR` at a directory that only you can write".to_owned()
            }
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
            E::CommandExposed { env, exposure } => {
                let (words, fix) = exposure_words(&exposure, true);
                let words = words.trim_end_matches(" (`key_command`)");
                Error::new(&code::KEY_COMMAND_UNSAFE, format!("the key command of `{env}` was not run: {words}"))
                    .with_hint(fix)
            }
            E::External(err) => {
                use credentials::external::ExternalError as X;
                let message = err.to_string();
                match err {
                    X::FileExposed { path, .. } => Error::new(&code::KEY_FILE, message).with_hint(format!(
                        "run `chmod o-r {}` (for a Docker secret, give it `mode: 0400` or `0440`)",
                        crate::shell_words::suggested_shell_word(&path.to_string_lossy())
                    )),
                    X::FileUnsendable { path } => Error::new(&code::KEY_FILE, message)
                        .with_hint(format!("write the key alone on the first line of `{}`", path.display())),
                    X::FileUnreadable { .. } | X::FileEmpty { .. } | X::FileTooLarge { .. } | X::FileNotText { .. } => {
                        Error::new(&code::KEY_FILE, message).with_hint(format!(
                            "point `{}` at a file whose first line is the key, or unset it",
                            credentials::external::KEY_FILE_VAR
                        ))
                    }
                    X::CommandUnstartable { command, .. }
                    | X::CommandFailed { command, .. }
                    | X::CommandTimedOut { command }
                    | X::CommandEmpty { command } => Error::new(&code::KEY_COMMAND, message).with_hint(format!(
                        "run `{command}` yourself to see why (petstore shows none of its output), or change it with \
                         `petstore env set NAME --key-command CMD`"
                    )),
                }
            }
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
                Error::new(&code::NETWORK, format!("cannot connect to `{origin}`: {reason}")).with_hint(CONNECT_HINT)
            }
            E::Tls { origin, reason } => {
                Error::new(&code::TLS, format!("TLS handshake with `{origin}` failed: {reason}"))
                    .with_hint("if the server's certificate comes from a private CA, pass that CA with `--cacert FILE`")
            }
            E::NoCaStore { .. } => Error::new(&code::NO_CA_STORE, format!("{message}, so nothing was sent")).with_hint(
                "install the system's CA certificates (Debian and Ubuntu: `apt install ca-certificates`), point \
                 `SSL_CERT_FILE` at a bundle, or pass the server's CA with `--cacert FILE`",
            ),
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
            E::RepeatedId { .. } => Error::maybe_applied(message, CHECK_FIRST, Kind::Failure),
            E::BrokenAnswer { status, reason, .. } => {
                Error::new(&code::BROKEN_ANSWER, format!("the answer (HTTP {}) broke off: {reason}", status.as_u16()))
                    .with_status(Some(status.as_u16()))
            }
            E::Decode { status, reason, excerpt, .. } => Error::new(
                &code::UNREADABLE_RESPONSE,
                format!(
                    "unreadable response from the server (HTTP {}): {reason}{}",
                    status.as_u16(),
                    shown_excerpt(excerpt)
                ),
            )
            .with_status(Some(status.as_u16())),
            E::Status { status, body, excerpt, .. } => {
                let detail = answer_detail(body.as_ref(), excerpt);
                let status = status.as_u16();
                let code = status_code(status);
                let (what, hint) = match code.name {
                    "rejected" => ("the server refused the request", None),
                    "unauthorized" => (
                        "the server refused the API key",
                        Some(
                            "check the key: `petstore auth status` shows where it comes from; log in again if it has \
                             changed",
                        ),
                    ),
                    "not_found" => ("not found", Some(NOT_FOUND_HINT)),
                    "rate_limited" => (
                        "the server is limiting requests",
                        Some("wait a while and try again; petstore already retried"),
                    ),
                    "storage_full" => (
                        "the store is full",
                        Some(
                            "nothing more can be added until the store has room; `petstore pets list` shows what it \
                             holds",
                        ),
                    ),
                    "server_error" => ("the server failed", Some("try again later; `--verbose` shows each request")),
                    _ => ("unexpected answer from the server", None),
                };
                let stored = if code.name == "storage_full" { ", so nothing was stored" } else { "" };
                let error = Error::new(code, format!("{what} (HTTP {status}){stored}: {detail}"))
                    .with_status(Some(status))
                    // The server's own code, when it sent one: what a program reads (`--json` errors).
                    .with_server_code(body.as_ref().map(|body| body.code.clone()));
                match hint {
                    Some(hint) => error.with_hint(hint),
                    None => error,
                }
            }
        };
        error.with_request_id(err.request_id()).with_source(err)
    }
}

/// The hint of a server that cannot be reached, which [`crate::context::Context::with_true_hint`] words for an
/// environment chosen by name, keeping what follows it (`--offline`, the outbox).
pub const CONNECT_HINT: &str =
    "check that the server is running and the base URL (`--base-url`, `PETSTORE_BASE_URL`) is right";
