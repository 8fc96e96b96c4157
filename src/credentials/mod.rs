//! Where the API key lives, and the type that holds it so that it never prints.
//!
//! Lookup, for the environment in use: `PETSTORE_API_KEY` when set and not empty (no store is touched, so
//! scripts pay no D-Bus cost), else wherever `auth login` recorded that it stored the key (recorded in the
//! config, so a file user never probes D-Bus): the OS keyring, through a cache in the kernel's keyring on
//! Linux; the kernel's persistent keyring (`--storage kernel`); or the 0600 file (`--storage file`). Else the
//! environment's built-in key (the sandbox's), else nothing. This module never prints and never falls back
//! to plaintext on its own. Storing, lookup and removal all live here, not in the verbs.

pub mod file;
pub mod kernel;
pub mod keyring;

use std::path::Path;
use std::time::Duration;

pub use crate::api::ApiKey;
use crate::config::{Config, DirLock, Environment, KeyStorage};
use crate::error::Error;

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
pub fn from_env() -> Option<ApiKey> {
    std::env::var(API_KEY_VAR).ok().and_then(ApiKey::new)
}

/// Where `env`'s key would come from, without reading any store.
pub fn source_of(env: &Environment) -> Source {
    if from_env().is_some() { Source::EnvVar } else { stored_source_of(env) }
}

/// Where `env`'s own key would come from, [`API_KEY_VAR`] aside, without reading any store.
pub fn stored_source_of(env: &Environment) -> Source {
    match env.key_storage {
        Some(KeyStorage::Keyring) => Source::Keyring,
        Some(KeyStorage::Kernel) => Source::Kernel,
        Some(KeyStorage::File) => Source::File,
        None if env.built_in_key.is_some() => Source::BuiltIn,
        None => Source::None,
    }
}

/// The key for `env` and where it came from, following the lookup order; `Ok(None)` when there is none.
pub fn lookup(config: &Config, env: &Environment) -> Result<Option<(ApiKey, Source)>, Error> {
    lookup_with(config, env, Cache::Read)
}

fn lookup_with(config: &Config, env: &Environment, cache: Cache) -> Result<Option<(ApiKey, Source)>, Error> {
    if let Some(key) = from_env() {
        return Ok(Some((key, Source::EnvVar)));
    }
    stored(config, env, cache)
}

/// `env`'s own key, [`API_KEY_VAR`] aside: the stored one, else the built-in one. For when `env` is not the
/// one the user chose, so the variable's key is not meant for it (`auth status --all`).
pub fn lookup_stored(config: &Config, env: &Environment) -> Result<Option<(ApiKey, Source)>, Error> {
    stored(config, env, Cache::Read)
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
            login: login_command(&env.name),
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
enum Cache {
    Read,
    /// Ask the OS keyring itself (and refresh the cache): for `auth token`, which prints the key for other
    /// programs to use, and so must print the keyring's current one.
    Skip,
}

/// Whether the kernel's cache holds `env`'s key from the OS keyring now (for `petstore doctor`).
pub fn is_cached(config: &Config, env: &Environment) -> bool {
    env.key_storage == Some(KeyStorage::Keyring)
        && !config.key_cache_ttl().is_zero()
        && kernel::cache_get(config.dir(), &env.name, config.key_cache_ttl()).is_some()
}

/// After the API refused `refused`, which came from `source`: the OS keyring's own key, when `refused` was
/// the kernel's cached copy of it and the keyring now holds another (see [`reread_after_refusal`]). For the
/// checks (`auth status`, `doctor`) that must say which key they sent.
pub fn fresher_key(config: &Config, env: &Environment, source: Source, refused: &ApiKey) -> Option<ApiKey> {
    (source == Source::KernelCache)
        .then(|| reread_after_refusal(config.dir(), &env.name, refused, config.key_cache_ttl()))
        .flatten()
}

/// After the API refused `refused`, a key that came from the kernel's cache: the OS keyring's key, if it is
/// another one (changed behind petstore's back), which then replaces the cached copy. A keyring that no
/// longer has a key drops the copy too. `None`: nothing better to try, and the refusal stands.
pub fn reread_after_refusal(dir: &Path, env: &str, refused: &ApiKey, ttl: Duration) -> Option<ApiKey> {
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

/// The key for `env` and where it came from, or the error that says how to log in.
pub fn require(config: &Config, env: &Environment) -> Result<(ApiKey, Source), Error> {
    require_with(config, env, Cache::Read)
}

/// As [`require`], from the OS keyring itself rather than the kernel's copy of its key: for `auth token`, whose
/// key other programs use, which cannot re-read the keyring after a 401 as petstore does.
pub fn require_current(config: &Config, env: &Environment) -> Result<(ApiKey, Source), Error> {
    require_with(config, env, Cache::Skip)
}

fn require_with(config: &Config, env: &Environment, cache: Cache) -> Result<(ApiKey, Source), Error> {
    lookup_with(config, env, cache)?
        .ok_or_else(|| Error::NotLoggedIn { env: env.name.clone(), login: login_command(&env.name) })
}

/// The exact command that logs in to `env`.
pub fn login_command(env: &str) -> String {
    format!("petstore auth login --env {env}")
}

/// `env`'s key and where it comes from; or, when there is none to use, where it would come from and why there
/// is none (not logged in, the keyring unavailable, the key gone from its store). `auth status` and `doctor`
/// look keys up this way.
pub fn find_key(config: &Config, env: &Environment) -> Result<(ApiKey, Source), (Source, Error)> {
    found(env, lookup(config, env), source_of(env))
}

/// As [`find_key`], with `env`'s own key alone: `PETSTORE_API_KEY` is not meant for it.
pub fn find_stored_key(config: &Config, env: &Environment) -> Result<(ApiKey, Source), (Source, Error)> {
    found(env, lookup_stored(config, env), stored_source_of(env))
}

fn found(
    env: &Environment,
    lookup: Result<Option<(ApiKey, Source)>, Error>,
    source: Source,
) -> Result<(ApiKey, Source), (Source, Error)> {
    match lookup {
        Ok(Some(found)) => Ok(found),
        Ok(None) => Err((Source::None, Error::NotLoggedIn { env: env.name.clone(), login: login_command(&env.name) })),
        Err(err) => Err((source, err)),
    }
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
        assert_eq!(lookup_stored(&config, env).unwrap(), Some((key, Source::File)));
        assert!(remove_stored(&lock, "staging", env.key_storage).unwrap());
    }

    #[tokio::test]
    async fn nothing_is_stored_for_an_unknown_environment() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::acquire(dir.path()).await.unwrap();
        let mut config = Config::load_from(dir.path().to_owned()).unwrap();
        let key = ApiKey::new("k-stored".into()).unwrap();
        let err = store(&mut config, &lock, "nowhere", &key, KeyStorage::File).unwrap_err();
        assert!(matches!(err, Error::UnknownEnvironment { .. }), "{err}");
        assert_eq!(file::get(dir.path(), "nowhere").unwrap(), None);
    }
}
