//! Where the API key lives, and the type that holds it so that it never prints.
//!
//! Lookup, for the environment in use: `PETSTORE_API_KEY` when set and not empty (no store is touched, so
//! scripts pay no D-Bus cost), else the first line of the file `PETSTORE_API_KEY_FILE` names, else the
//! environment's key command (`env set --key-command`, [`external`]), else wherever `auth login` recorded that it stored the key (recorded in the
//! config, so a file user never probes D-Bus): the OS keyring, through a cache in the kernel's keyring on
//! Linux; the kernel's persistent keyring (`--storage kernel`); or the 0600 file (`--storage file`). Else the
//! environment's built-in key (the sandbox's), else nothing. This module never prints and never falls back
//! to plaintext on its own. Storing, lookup and removal all live here, not in the verbs: [`resolve`] is the one
//! answer to "which key does this target get, and from where", and nothing else reads [`API_KEY_VAR`].

mod error;
pub mod external;
pub mod file;
pub mod kernel;
pub mod keyring;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use reqwest::Url;

pub use self::error::Error;
pub use crate::api::ApiKey;
use crate::config::{Config, DirLock, Environment, KeyStorage};

/// The environment variable that supplies the API key.
pub const API_KEY_VAR: &str = "PETSTORE_API_KEY";

/// How the keyrings name the config directory `dir` (the kernel's entries, the OS keyring's items): its real
/// path, made absolute and its links resolved, with any byte that is not printable ASCII escaped (`\xNN`), so
/// that one directory always has one name, however it was spelled, and two directories never share one.
pub fn dir_name(dir: &Path) -> String {
    let dir = std::fs::canonicalize(dir).or_else(|_| std::path::absolute(dir)).unwrap_or_else(|_| dir.to_owned());
    dir.as_os_str().as_encoded_bytes().escape_ascii().to_string()
}

/// Where a key came from, or would come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    EnvVar,
    /// The file [`external::KEY_FILE_VAR`] names.
    KeyFile,
    /// The environment's key command.
    Command,
    /// The OS keyring itself (on Linux: the Secret Service, because the cache did not have the key).
    Keyring,
    /// The kernel's copy of the OS keyring's key.
    KernelCache,
    /// The kernel's persistent keyring (`--storage kernel`).
    Kernel,
    File,
    BuiltIn,
    None,
}

impl Source {
    /// How `env list` and `auth status` name it.
    pub fn label(self) -> &'static str {
        match self {
            Source::EnvVar => API_KEY_VAR,
            Source::KeyFile => external::KEY_FILE_VAR,
            Source::Command => "command",
            Source::Keyring => "keyring",
            Source::KernelCache => "kernel cache",
            Source::Kernel => "kernel",
            Source::File => "file",
            Source::BuiltIn => "built-in",
            Source::None => "none",
        }
    }
}

/// The key from [`API_KEY_VAR`], if it is set and not empty.
fn from_env() -> Option<ApiKey> {
    std::env::var(API_KEY_VAR).ok().and_then(ApiKey::new)
}

/// The file [`external::KEY_FILE_VAR`] names, if it is set and not empty.
fn key_file() -> Option<std::path::PathBuf> {
    std::env::var_os(external::KEY_FILE_VAR).filter(|path| !path.is_empty()).map(Into::into)
}

/// What a key is wanted for: a target, and how it may be read.
#[derive(Debug, Clone, Copy)]
pub struct Wanted<'a> {
    /// The environment the target is, or `None` for a base URL that is none of petstore's: that gets the
    /// variable's key or none, never a stored one.
    pub env: Option<&'a Environment>,
    /// Where the requests go, for saying which target has no key.
    pub base_url: &'a Url,
    /// Whether [`API_KEY_VAR`] is meant for this target: it is for the one the user chose; any other (`auth
    /// status --all`) gets its own key alone, so the variable's key never goes to another server.
    pub variable: bool,
    /// Whether the kernel's cached copy of an OS-keyring key will do.
    pub cache: Cache,
    /// Read only what answers at once and asks nobody: no key command (it may ask), and of the OS keyring only
    /// the kernel's cached copy (a locked keyring asks to be unlocked). For shell completion.
    pub unattended: bool,
}

impl<'a> Wanted<'a> {
    /// The key for the target the user chose (`env`, or a bare `base_url`): the variable's, if set, first.
    pub fn chosen(env: Option<&'a Environment>, base_url: &'a Url) -> Wanted<'a> {
        Wanted { env, base_url, variable: true, cache: Cache::Read, unattended: false }
    }

    /// `env`'s own key, [`API_KEY_VAR`] aside: for an environment the user did not choose.
    pub fn own(env: &'a Environment) -> Wanted<'a> {
        Wanted { env: Some(env), base_url: &env.base_url, variable: false, cache: Cache::Read, unattended: false }
    }

    /// The same, from what answers at once without asking anyone ([`Wanted::unattended`]).
    pub fn unattended(self) -> Wanted<'a> {
        Wanted { unattended: true, ..self }
    }

    /// The same, read from the OS keyring itself rather than from the kernel's copy of its key.
    pub fn uncached(self) -> Wanted<'a> {
        Wanted { cache: Cache::Skip, ..self }
    }
}

/// Why a target has no key to send, and where its key would have come from.
#[derive(Debug)]
pub struct NoKey {
    /// Where the key would come from ([`Source::None`] when nowhere).
    pub source: Source,
    pub error: Error,
}

impl From<NoKey> for Error {
    fn from(no_key: NoKey) -> Error {
        no_key.error
    }
}

/// Where the key for `wanted` would come from, without reading any store.
pub fn source(wanted: Wanted<'_>) -> Source {
    if wanted.variable && from_env().is_some() {
        return Source::EnvVar;
    }
    if wanted.variable && key_file().is_some() {
        return Source::KeyFile;
    }
    match wanted.env {
        Some(env) if env.key_command.is_some() => Source::Command,
        Some(env) => match env.key_storage {
            Some(KeyStorage::Keyring) => Source::Keyring,
            Some(KeyStorage::Kernel) => Source::Kernel,
            Some(KeyStorage::File) => Source::File,
            None if env.built_in_key.is_some() => Source::BuiltIn,
            None => Source::None,
        },
        None => Source::None,
    }
}

/// Which key `wanted` gets, and from where, following the lookup order: [`API_KEY_VAR`] when it is meant for
/// the target, else the file [`external::KEY_FILE_VAR`] names (for that target too), else the environment's
/// key command, else its stored key (the kernel's cached copy first, when one will do), else its
/// built-in key. When there is none: where it would have come from, and why there is none (not logged in,
/// a store that cannot be read, a key gone from its store, a base URL that is no environment).
pub fn resolve(config: &Config, wanted: Wanted<'_>) -> Result<(ApiKey, Source), NoKey> {
    // The order is [`source`]'s alone: this reads the key where it says.
    let source = source(wanted);
    match source {
        Source::EnvVar => {
            if let Some(key) = from_env() {
                return Ok((key, Source::EnvVar));
            }
        }
        Source::KeyFile => {
            if let Some(path) = key_file() {
                return external::from_file(&path)
                    .map(|key| (key, Source::KeyFile))
                    .map_err(|error| NoKey { source: Source::KeyFile, error: error.into() });
            }
        }
        _ => {}
    }
    let Some(env) = wanted.env else {
        return Err(NoKey {
            source: Source::None,
            error: Error::NotAnEnvironment { url: wanted.base_url.to_string() },
        });
    };
    if let (Source::Command, Some(command)) = (source, &env.key_command) {
        if wanted.unattended {
            return Err(NoKey { source: Source::Command, error: Error::NotLoggedIn { env: env.name.clone() } });
        }
        let command =
            checked_command(config, env, command).map_err(|error| NoKey { source: Source::Command, error })?;
        return external::from_command(command)
            .map(|key| (key, Source::Command))
            .map_err(|error| NoKey { source: Source::Command, error: error.into() });
    }
    if wanted.unattended && source == Source::Keyring {
        return kernel::cache_get(config.dir(), &env.name, config.key_cache_ttl())
            .map(|key| (key, Source::KernelCache))
            .ok_or(NoKey { source: Source::Keyring, error: Error::NotLoggedIn { env: env.name.clone() } });
    }
    match stored(config, env, wanted.cache) {
        Ok(Some(found)) => Ok(found),
        Ok(None) => Err(NoKey { source: Source::None, error: Error::NotLoggedIn { env: env.name.clone() } }),
        Err(error) => Err(NoKey { source, error }),
    }
}

/// The key command that `wanted` gets its key from ([`source`] is [`Source::Command`]), once it is safe to
/// run; `None` when the key comes from elsewhere. For a caller that runs it itself ([`external::from_command`]),
/// off an async runtime's thread, and keeps its key.
pub fn key_command<'a>(config: &Config, wanted: Wanted<'a>) -> Result<Option<&'a str>, Error> {
    match (source(wanted), wanted.env) {
        (Source::Command, Some(env)) if !wanted.unattended => match &env.key_command {
            Some(command) => checked_command(config, env, command).map(Some),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `command`, `env`'s key command, unless someone else can change which command it is (who can write the
/// config file, its directory or those above: [`Config::key_command_exposures`]): they could run any command
/// as the user.
fn checked_command<'a>(config: &Config, env: &Environment, command: &'a str) -> Result<&'a str, Error> {
    match config.key_command_exposures().into_iter().next() {
        Some(exposure) => Err(Error::CommandExposed { env: env.name.clone(), exposure }),
        None => Ok(command),
    }
}

/// After the API refused `key`, which [`resolve`] found in `source` for `env`: a way to find a better one, for
/// the client to ask once ([`crate::api::Client::with_rekey`]). Only the kernel's cached copy of an OS-keyring
/// key can be out of date: the keyring may hold another key now.
pub fn rekey(config: &Config, env: &Environment, source: Source, key: &ApiKey) -> Option<crate::api::client::Rekey> {
    if source != Source::KernelCache {
        return None;
    }
    let (dir, env, key, ttl) = (config.dir().to_owned(), env.name.clone(), key.clone(), config.key_cache_ttl());
    Some(Arc::new(move || reread_after_refusal(&dir, &env, &key, ttl)))
}

fn stored(config: &Config, env: &Environment, cache: Cache) -> Result<Option<(ApiKey, Source)>, Error> {
    let dir = config.dir();
    let stored = match env.key_storage {
        Some(KeyStorage::Keyring) => from_keyring(dir, &env.name, config.key_cache_ttl(), cache)?,
        Some(KeyStorage::Kernel) => kernel::get(dir, &env.name)
            .map_err(|source| Error::Kernel { action: "read", source })?
            .map(|key| (key, Source::Kernel)),
        Some(KeyStorage::File) => file::get(dir, &env.name)?.map(|key| (key, Source::File)),
        None => None,
    };
    if let (None, Some(storage), None) = (&stored, env.key_storage, env.built_in_key) {
        return Err(Error::KeyMissing {
            env: env.name.clone(),
            backend: match storage {
                KeyStorage::Keyring => keyring::backend(),
                KeyStorage::Kernel => kernel::BACKEND,
                KeyStorage::File => "credentials file",
            },
        });
    }
    Ok(stored
        .or_else(|| env.built_in_key.and_then(|key| ApiKey::new(key.to_owned())).map(|key| (key, Source::BuiltIn))))
}

/// The OS keyring's key for `env`: the kernel's cached copy if it has one, else the keyring's, which is then
/// cached for `ttl` (zero: not cached, and any copy left from before is dropped).
fn from_keyring(dir: &Path, env: &str, ttl: Duration, cache: Cache) -> Result<Option<(ApiKey, Source)>, Error> {
    if ttl.is_zero() {
        kernel::cache_clear(dir, env);
    } else if cache == Cache::Read
        && let Some(key) = kernel::cache_get(dir, env, ttl)
    {
        return Ok(Some((key, Source::KernelCache)));
    }
    let key = keyring_get(dir, env)?;
    match &key {
        Some(key) if !ttl.is_zero() => {
            kernel::cache_put(dir, env, key, ttl);
        }
        // Gone from the keyring: gone from the cache too.
        None => kernel::cache_clear(dir, env),
        Some(_) => {}
    }
    Ok(key.map(|key| (key, Source::Keyring)))
}

/// The OS keyring's key for `env` of the config in `dir`, from this directory's own item. A key that an older
/// petstore left in the item that every config directory shared (user = the environment's name) is moved to
/// this directory's item first: the first config directory that uses it takes it, and any other then finds no
/// key and asks for a login (see the README's "Where the key is kept"). Called only for an environment whose
/// config records a keyring login, so a directory that never logged in to `env` never takes it.
///
/// The key is copied before the shared item is deleted, so it is never lost: a shared item that cannot be
/// deleted undoes the copy (no second copy is left for another directory to take too), and the command fails.
fn keyring_get(dir: &Path, env: &str) -> Result<Option<ApiKey>, Error> {
    let own = keyring::Item::of(dir, env);
    if let Some(key) =
        keyring::get(&own, keyring::TIMEOUT).map_err(|source| Error::Keyring { action: "read", source })?
    {
        return Ok(Some(key));
    }
    match move_shared(&own, env) {
        Ok(Some(key)) => Ok(Some(key)),
        // Nothing there, or an item that vanished as it was read: another petstore in this directory may be
        // moving it at this moment, and it fills this directory's item before it deletes the shared one.
        other => match keyring::get(&own, keyring::TIMEOUT) {
            Ok(Some(key)) => Ok(Some(key)),
            _ => other,
        },
    }
}

/// Moves the key in `env`'s shared item, if there is one, to `own` (see [`keyring_get`]).
fn move_shared(own: &keyring::Item, env: &str) -> Result<Option<ApiKey>, Error> {
    let shared = keyring::Item::shared(env);
    let Some(key) =
        keyring::get(&shared, keyring::TIMEOUT).map_err(|source| Error::Keyring { action: "read", source })?
    else {
        return Ok(None);
    };
    keyring::set(own, &key, STORE_TIMEOUT).map_err(|source| Error::Keyring { action: "move", source })?;
    // Nothing to delete (or an error because it went while this one was deleting it): another petstore moved
    // it at the same moment. In this directory, that wrote this same item, which must stay; in another, both
    // now have the key (a race of milliseconds on the first use after the upgrade), and neither lost it.
    if let Err(source) = keyring::delete(&shared, keyring::TIMEOUT)
        && !matches!(keyring::get(&shared, keyring::TIMEOUT), Ok(None))
    {
        let _ = keyring::delete(own, keyring::TIMEOUT);
        return Err(Error::Keyring { action: "move", source });
    }
    Ok(Some(key))
}

/// Deletes `env`'s key of the config in `dir` from the OS keyring: this directory's own item, or, when it has
/// none, the shared item an older petstore left (taken as [`keyring_get`] would take it). Whether there was one.
fn keyring_delete(dir: &Path, env: &str) -> Result<bool, keyring::KeyringError> {
    Ok(keyring::delete(&keyring::Item::of(dir, env), keyring::TIMEOUT)?
        || keyring::delete(&keyring::Item::shared(env), keyring::TIMEOUT)?)
}

/// Whether a lookup may answer from the kernel's cache of the OS keyring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cache {
    Read,
    /// Ask the OS keyring itself (and refresh the cache): for `auth token`, which prints the key for other
    /// programs to use, and so must print the keyring's current one.
    Skip,
}

/// How the places that keep keys are, for one run's key: what `petstore doctor` words. Nothing is read but
/// a probe of each store and the cache's entry; the key itself is not.
#[derive(Debug)]
pub struct Health {
    /// Where the key would come from; `None` when there is no target to have one.
    pub source: Option<Source>,
    /// Whether the OS keyring answers ([`keyring::probe`]).
    pub keyring: Result<(), keyring::KeyringError>,
    /// Whether the kernel's keyring answers ([`kernel::probe`]).
    pub kernel: Result<(), kernel::KernelError>,
    /// Whether the kernel's cache holds the environment's key from the OS keyring now.
    pub cached: bool,
}

/// The [`Health`] of the stores for `wanted` (none without a target), with the config when it could be read.
pub fn health(config: Option<&Config>, wanted: Option<Wanted<'_>>) -> Health {
    let env = wanted.and_then(|wanted| wanted.env);
    Health {
        source: wanted.map(source),
        keyring: keyring::probe(keyring::TIMEOUT),
        kernel: kernel::probe(),
        cached: matches!((config, env), (Some(config), Some(env)) if is_cached(config, env)),
    }
}

/// Whether the kernel's cache holds `env`'s key from the OS keyring now (for `petstore doctor`).
pub fn is_cached(config: &Config, env: &Environment) -> bool {
    env.key_storage == Some(KeyStorage::Keyring)
        && !config.key_cache_ttl().is_zero()
        && kernel::cache_get(config.dir(), &env.name, config.key_cache_ttl()).is_some()
}

/// After the API refused `refused`, a key that came from the kernel's cache: the OS keyring's key, if it is
/// another one (changed behind petstore's back), which then replaces the cached copy. A keyring that no
/// longer has a key drops the copy too. `None`: nothing better to try, and the refusal stands.
fn reread_after_refusal(dir: &Path, env: &str, refused: &ApiKey, ttl: Duration) -> Option<ApiKey> {
    match keyring::get(&keyring::Item::of(dir, env), keyring::TIMEOUT) {
        Ok(Some(key)) if key != *refused => {
            kernel::cache_put(dir, env, &key, ttl);
            Some(key)
        }
        Ok(Some(_)) | Err(_) => None,
        Ok(None) => {
            kernel::cache_clear(dir, env);
            None
        }
    }
}

/// Storing may wait for a desktop's unlock prompt, so it gets longer than an ordinary keyring call.
const STORE_TIMEOUT: Duration = Duration::from_secs(10);

/// Stores `key` for `env` in `storage` and records in `config` where it is, under `lock`, which the caller
/// holds over the whole edit so that concurrent logins and logouts all take effect. The key goes first, then
/// its record, so the config never names a key that is not stored; leftover copies in the other stores go
/// last. A key stored in the OS keyring is cached in the kernel's keyring too (unless `key_cache_ttl` is 0);
/// returns whether it was.
pub fn store(config: &mut Config, lock: &DirLock, env: &str, key: &ApiKey, storage: KeyStorage) -> Result<bool, Error> {
    let previous = config.environment(env)?.key_storage;
    let dir = lock.dir();
    match storage {
        KeyStorage::File => file::set(lock, env, key)?,
        KeyStorage::Kernel => kernel::set(dir, env, key).map_err(|source| Error::Kernel { action: "store", source })?,
        KeyStorage::Keyring => {
            keyring::set(&keyring::Item::of(dir, env), key, STORE_TIMEOUT)
                .map_err(|source| Error::Keyring { action: "store", source })?;
            // A login recorded before items were named by config directory may be in the shared item: this
            // directory takes it, as its first use would, and replaces it. Left there, another directory could
            // take this directory's old key and send it to its own server.
            if previous == Some(KeyStorage::Keyring) {
                let _ = keyring::delete(&keyring::Item::shared(env), keyring::TIMEOUT);
            }
        }
    }
    config.set_key_storage(env, Some(storage))?;
    config.save(lock)?;
    // A stale copy elsewhere would only confuse. Failing to reach the OS keyring here is not worth failing
    // the login for; the kernel and the file answer at once.
    if storage != KeyStorage::File {
        file::delete(lock, env)?;
    }
    if storage != KeyStorage::Kernel {
        let _ = kernel::delete(dir, env);
    }
    if storage != KeyStorage::Keyring && previous == Some(KeyStorage::Keyring) {
        let _ = keyring_delete(dir, env);
    }
    Ok(match storage {
        KeyStorage::Keyring if !config.key_cache_ttl().is_zero() => {
            kernel::cache_put(dir, env, key, config.key_cache_ttl())
        }
        _ => {
            kernel::cache_clear(dir, env);
            false
        }
    })
}

/// Deletes `env`'s stored key under `lock`: from the credentials file and the kernel's keyring (its cache
/// too), and from the OS keyring when `storage` says it is there. Returns whether anything was deleted.
/// Drop the key's record from the config only after this succeeds: a key that could not be deleted (the
/// keyring unreachable) keeps its record, so that a later `auth logout` still knows where to delete it.
pub fn remove_stored(lock: &DirLock, env: &str, storage: Option<KeyStorage>) -> Result<bool, Error> {
    let dir = lock.dir();
    kernel::cache_clear(dir, env);
    let from_file = file::delete(lock, env)?;
    let from_kernel = match storage {
        Some(KeyStorage::Kernel) => {
            kernel::delete(dir, env).map_err(|source| Error::Kernel { action: "delete", source })?
        }
        // Only a leftover could be there, and the kernel keyring may be unusable here.
        _ => kernel::delete(dir, env).unwrap_or(false),
    };
    let from_keyring = match storage {
        Some(KeyStorage::Keyring) => {
            keyring_delete(dir, env).map_err(|source| Error::Keyring { action: "delete", source })?
        }
        _ => false,
    };
    // Again: a command that read the keyring before the delete may have cached the key since.
    kernel::cache_clear(dir, env);
    Ok(from_file || from_kernel || from_keyring)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn storing_in_the_file_records_it_and_lookup_finds_it() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::acquire(dir.path()).await.unwrap();
        let mut config = Config::load_from(dir.path().to_owned()).unwrap();
        let key = ApiKey::new("k-stored".into()).unwrap();
        store(&mut config, &lock, "staging", &key, KeyStorage::File).unwrap();
        let config = Config::load_from(dir.path().to_owned()).unwrap();
        let env = config.environment("staging").unwrap();
        assert_eq!(env.key_storage, Some(KeyStorage::File));
        let found = resolve(&config, Wanted::own(env)).unwrap();
        assert_eq!(found, (key, Source::File));
        assert!(remove_stored(&lock, "staging", env.key_storage).unwrap());
    }

    #[tokio::test]
    async fn nothing_is_stored_for_an_unknown_environment() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::acquire(dir.path()).await.unwrap();
        let mut config = Config::load_from(dir.path().to_owned()).unwrap();
        let key = ApiKey::new("k-stored".into()).unwrap();
        let err = store(&mut config, &lock, "nowhere", &key, KeyStorage::File).unwrap_err();
        assert!(matches!(err, Error::Config(crate::config::Error::UnknownEnvironment { .. })), "{err}");
        assert_eq!(file::get(dir.path(), "nowhere").unwrap(), None);
    }
}
