//! `petstore auth login`

use std::io::Read;

use super::shared::kernel_lifetime;
use crate::context::Context;
use crate::error::{Error, code};
use crate::output::CannotAsk;
use petstore_core::api::ListQuery;
use petstore_core::config::{self, KeyStorage};
use petstore_core::credentials::{self, ApiKey, Source, Wanted, file, keyring};

/// Log in to an environment: check an API key and store it in the OS keyring
///
/// At a terminal, petstore asks for the key with a hidden prompt; otherwise it reads the key from stdin. The
/// key is never taken as an argument: it would show in `ps` and in shell history. Before storing it, petstore
/// checks it against the API (a list of one animal); a key the API refuses is not stored. The chosen store
/// is checked before the key is asked for: a keyring that does not answer fails at once.
///
/// By default the key goes into the OS keyring (Secret Service on Linux, Keychain on macOS, Credential Manager
/// on Windows), one entry per environment; on Linux a copy is cached in the kernel's keyring for
/// `key_cache_ttl` seconds (15 minutes unless the config says otherwise), so that commands need not ask the
/// Secret Service each time. On Linux without a Secret Service (over SSH, in a container, in WSL), the key
/// goes into the kernel's keyring instead, and login says so. Without a usable keyring, login fails and says
/// why: then set `PETSTORE_API_KEY`, or choose another `--storage`. petstore never writes the key to a file
/// unless told to.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore auth login                    # production, hidden prompt
  petstore auth login --env staging
  printf %s \"$KEY\" | petstore auth login --env staging
  petstore auth login --with-token < key.txt
  petstore auth login --storage kernel   # no Secret Service: lost at reboot
  petstore auth login --env local --storage file < key.txt")]
pub struct LoginArgs {
    /// Store the key without checking it against the API
    #[arg(long)]
    pub no_verify: bool,

    /// Where to keep the key [default: keyring; on Linux, kernel where no Secret Service can be reached]
    #[arg(ignore_case = true, long, value_enum, value_name = "WHERE")]
    pub storage: Option<KeyStorage>,

    /// The same as `--storage file`
    #[arg(long, conflicts_with = "storage")]
    pub insecure_storage: bool,

    /// Read the key from stdin, never asking (as `gh auth login --with-token`); an empty one is refused
    #[arg(long)]
    pub with_token: bool,
}

/// Reads, checks and stores the key for the selected environment.
pub async fn run(ctx: &Context, args: &LoginArgs) -> Result<(), Error> {
    let env = ctx.environment()?.clone();
    // No key can be checked against, or is of use for, a deployment petstore does not know.
    crate::context::require_real_url(&env)?;
    // A store that cannot take the key is found out before anyone types the key in.
    let storage = match (args.insecure_storage, args.storage) {
        (true, _) => KeyStorage::File,
        (false, Some(storage)) => check_store(storage)?,
        (false, None) => default_store(ctx)?,
    };
    let key = read_key(ctx, &env.name, env.base_url.as_str(), args.with_token)?;
    if !args.no_verify {
        let client = ctx.client_with(&env.base_url, &key)?;
        if let Err(err) = client.list_pets(&ListQuery { status: None, limit: Some(1) }).await {
            let err = Error::from(err);
            return Err(if err.is(&code::UNAUTHORIZED) {
                let status = err.http_status().unwrap_or(401);
                Error::new(&code::KEY_REFUSED, format!("the API refused this key (HTTP {status}): nothing was stored"))
                    .with_hint("check the key; `--no-verify` stores it without asking the API")
                    .with_status(Some(status))
            } else {
                Error::new(&code::KEY_UNCHECKED, format!("cannot check the key, so nothing was stored: {err}"))
                    .with_hint("`petstore auth login --no-verify` stores it without asking the API")
                    // Its row promises 4, or 5 when the server could not be reached: a 500 is no answer on the key,
                    // and a kind the row does not allow leaves it Auth.
                    .with_kind(err.kind())
                    .with_retry(err.retry())
                    .with_status(err.http_status())
                    .with_source(err)
            });
        }
    }
    // One lock over storing the key and recording where it is: concurrent logins and logouts all take
    // effect, and the config never names a key that is not stored (the key first, then its record; a
    // leftover copy elsewhere goes last).
    let (dir, ttl, cached) = config::edit(|config, lock| {
        let cached = credentials::store(config, lock, &env.name, &key, storage)?;
        Ok::<_, Error>((lock.dir().to_owned(), config.key_cache_ttl(), cached))
    })
    .await?;
    if storage == KeyStorage::File {
        ctx.output.warning(&format!(
            "stored the key for `{}` in plain text in `{}` (readable by you alone)",
            env.name,
            file::path(&dir).display()
        ));
    }
    let place = match storage {
        KeyStorage::Keyring if cached => format!(
            "the {}, and cached in the kernel's keyring for {} (`key_cache_ttl`)",
            keyring::backend(),
            crate::output::duration_words(ttl)
        ),
        KeyStorage::Keyring => format!("the {}", keyring::backend()),
        KeyStorage::Kernel => format!("the kernel's persistent keyring: {}", kernel_lifetime()),
        KeyStorage::File => "the credentials file".to_owned(),
    };
    let checked = if args.no_verify { "not checked" } else { "the API accepted it" };
    ctx.output.status(&format!("logged in to `{}` ({}): {checked}; the key is in {place}", env.name, env.base_url));
    match credentials::source(Wanted::chosen(Some(&env), &env.base_url)) {
        source @ (Source::EnvVar | Source::KeyFile) => {
            ctx.output.warning(&format!("`{}` is set, and petstore uses it before any stored key", source.label()))
        }
        Source::Command => ctx.output.warning(&format!(
            "`{0}` has a key command, and petstore uses it before any stored key; `petstore env set {0} \
             --no-key-command` removes it",
            env.name
        )),
        _ => {}
    }
    Ok(())
}

/// Whether `storage` answers at all: the OS keyring is asked for an entry petstore never writes, the kernel's
/// persistent keyring is looked up. The file needs no check: writing it is what `auth login` does last, and
/// a failure there stores nothing. A keyring that answers may still refuse the write (a locked collection).
fn check_store(storage: KeyStorage) -> Result<KeyStorage, Error> {
    match storage {
        KeyStorage::Keyring => keyring::probe(keyring::TIMEOUT)
            .map_err(|source| Error::from(credentials::Error::Keyring { action: "store", source }))?,
        KeyStorage::Kernel => credentials::kernel::probe()
            .map_err(|source| Error::from(credentials::Error::Kernel { action: "store", source }))?,
        KeyStorage::File => {}
    }
    Ok(storage)
}

/// Where a key goes when `--storage` was not given: the OS keyring; on Linux, where no Secret Service can be
/// reached at all (over SSH, in a container, in WSL), the kernel's keyring, with a note that says so and how
/// to choose otherwise. A keyring that answers but fails (locked, refused, too slow) is an error, as it would
/// be with `--storage keyring`: the person may want to unlock it.
fn default_store(ctx: &Context) -> Result<KeyStorage, Error> {
    match keyring::probe(keyring::TIMEOUT) {
        Ok(()) => return Ok(KeyStorage::Keyring),
        Err(keyring::KeyringError::Unreachable { .. }) if cfg!(target_os = "linux") => {}
        Err(source) => return Err(credentials::Error::Keyring { action: "store", source }.into()),
    }
    let backend = keyring::backend();
    match credentials::kernel::probe() {
        Ok(()) => {
            let unused = credentials::kernel::persistent_expiry()
                .map_or_else(|| "the kernel's persistent_keyring_expiry".to_owned(), crate::output::duration_words);
            ctx.output.status(&format!(
                "no {backend} can be reached from this session, so the key goes into the kernel's keyring, where it \
                 lasts until a reboot or {unused} unused; `--storage file` keeps it in a 0600 file instead"
            ));
            Ok(KeyStorage::Kernel)
        }
        Err(kernel) => Err(Error::new(
            &code::KEYRING,
            format!("cannot store the key: no {backend} can be reached from this session, and {kernel}"),
        )
        .with_hint("keep the key in a 0600 file with `petstore auth login --storage file`, or set `PETSTORE_API_KEY`")),
    }
}

/// The most of stdin read as a key: API keys are short lines, and even a long token is a few KiB.
const MAX_KEY_BYTES: u64 = 16 * 1024;

/// The key from a hidden prompt at a terminal, or from stdin otherwise; with `--with-token` (`from_stdin`)
/// from stdin only, which must then not be the terminal, where the key would show as it is typed.
fn read_key(ctx: &Context, env: &str, url: &str, from_stdin: bool) -> Result<ApiKey, Error> {
    if from_stdin && ctx.output.stdin_is_terminal() {
        return Err(Error::invalid_value(format!(
            "`--with-token` reads the key of `{env}` from stdin, which is the terminal: nothing was stored"
        ))
        .with_hint(
            "pipe the key (`petstore auth login --with-token < key.txt`), or leave out `--with-token` to be asked",
        ));
    }
    let text = if ctx.output.stdin_is_terminal() {
        // Asked only where a person can answer ([`crate::output::Output::cannot_ask`], as every prompt is).
        if let Some(why) = ctx.output.cannot_ask() {
            // In the background the words stay as they were: a read of the terminal would stop petstore.
            let (pipe, instead) = match why {
                CannotAsk::Background => {
                    ("on stdin (`printf %s \"$KEY\" | petstore auth login`)", "run it in the foreground")
                }
                _ => ("with `--with-token` (`petstore auth login --with-token < key.txt`)", why.instead()),
            };
            let message = format!("cannot ask for the key of `{env}`: {}, so nothing was stored", why.describe());
            return Err(Error::new(&code::CANNOT_ASK, message).with_hint(format!("pipe the key {pipe}, or {instead}")));
        }
        let key = ctx.output.prompt_secret(&format!("API key for `{env}` ({url}): "));
        // A closed terminal ends the read as at the end of input (an empty key), or with an error: as SIGHUP,
        // which comes too.
        if ctx.output.terminal_hung_up() {
            return Err(Error::interrupted(crate::signals::Signal::Hangup));
        }
        key.map_err(|source| {
            // Ctrl-C at the prompt: the prompt reads it as a key, puts the terminal back and raises SIGINT.
            if source.kind() == std::io::ErrorKind::Interrupted {
                Error::interrupted(crate::signals::Signal::Interrupt)
            } else {
                Error::read_input("the key from the terminal", source)
            }
        })?
    } else {
        // Read no more than a key can be, so that `< /dev/zero` or a wrong file ends at once.
        let mut text = String::new();
        std::io::stdin()
            .take(MAX_KEY_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|source| Error::read_input("the key from stdin", source))?;
        if text.len() as u64 > MAX_KEY_BYTES {
            return Err(Error::invalid_value(format!(
                "stdin holds more than {} KiB, too much for an API key: pipe the key alone, as in `printf %s \"$KEY\" \
                 | petstore auth login`",
                MAX_KEY_BYTES / 1024
            )));
        }
        text
    };
    ApiKey::new(text).ok_or_else(|| {
        Error::new(&code::EMPTY_KEY, "no key given")
            .with_hint("type the key at the prompt, or pipe it: `printf %s \"$KEY\" | petstore auth login`")
    })
}
