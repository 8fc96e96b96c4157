//! Where the API key lives, and the type that holds it so that it never prints.
//!
//! Lookup, for the environment in use: `PETSTORE_API_KEY` when set and not empty (the keyring is not touched,
//! so scripts pay no D-Bus cost), else wherever `auth login` recorded that it stored the key (the OS
//! keyring, or the 0600 file of `--insecure-storage`; recorded in the config, so a file user never probes
//! D-Bus), else the environment's built-in key (the sandbox's), else nothing. This module never prints and
//! never falls back to plaintext on its own.

pub mod file;
pub mod keyring;

use crate::config::{Config, DirLock, Environment, KeyStorage};
use crate::error::Error;

/// The environment variable that supplies the API key.
pub const API_KEY_VAR: &str = "PETSTORE_API_KEY";

/// An API key. Its `Debug` and `Display` print no secret; only [`ApiKey::expose`] reveals it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// A key, or `None` for an empty (or all-whitespace) value, which cannot be one. Surrounding whitespace
    /// (a newline from `echo`) is not part of a key.
    pub fn new(key: String) -> Option<ApiKey> {
        let trimmed = key.trim();
        if trimmed.is_empty() {
            None
        } else if trimmed.len() == key.len() {
            Some(ApiKey(key))
        } else {
            Some(ApiKey(trimmed.to_owned()))
        }
    }

    /// The secret itself, for the few places that must send, store or print it (`auth token`).
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The key as `auth status` shows it: its last four characters when it is long enough that they give
    /// little away (16 or more), otherwise nothing of it.
    pub fn masked(&self) -> String {
        let chars: Vec<char> = self.0.chars().collect();
        if chars.len() >= 16 {
            format!("****{}", chars[chars.len() - 4..].iter().collect::<String>())
        } else {
            "****".into()
        }
    }
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey(****)")
    }
}

impl std::fmt::Display for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("****")
    }
}

/// Where a key came from, or would come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    EnvVar,
    Keyring,
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
        Some(KeyStorage::File) => Source::File,
        None if env.built_in_key.is_some() => Source::BuiltIn,
        None => Source::None,
    }
}

/// The key for `env` and where it came from, following the lookup order; `Ok(None)` when there is none.
pub fn lookup(config: &Config, env: &Environment) -> Result<Option<(ApiKey, Source)>, Error> {
    if let Some(key) = from_env() {
        return Ok(Some((key, Source::EnvVar)));
    }
    lookup_stored(config, env)
}

/// `env`'s own key, [`API_KEY_VAR`] aside: the stored one, else the built-in one. For when `env` is not the
/// one the user chose, so the variable's key is not meant for it (`auth status --all`).
pub fn lookup_stored(config: &Config, env: &Environment) -> Result<Option<(ApiKey, Source)>, Error> {
    let stored = match env.key_storage {
        Some(KeyStorage::Keyring) => keyring::get(&env.name, keyring::TIMEOUT)
            .map_err(|source| Error::Keyring { action: "read", source })?
            .map(|key| (key, Source::Keyring)),
        Some(KeyStorage::File) => file::get(config.dir(), &env.name)?.map(|key| (key, Source::File)),
        None => None,
    };
    if stored.is_none() && env.key_storage.is_some() && env.built_in_key.is_none() {
        return Err(Error::KeyMissing {
            env: env.name.clone(),
            backend: if env.key_storage == Some(KeyStorage::File) { "credentials file" } else { keyring::backend() },
            login: login_command(&env.name),
        });
    }
    Ok(stored
        .or_else(|| env.built_in_key.and_then(|key| ApiKey::new(key.to_owned())).map(|key| (key, Source::BuiltIn))))
}

/// Deletes `env`'s stored key under `lock`: from the credentials file, and from the keyring when `storage`
/// says it is there. Returns whether anything was deleted. Record the key's absence in the config first, so
/// that the config never names a key that is not stored.
pub fn remove_stored(lock: &DirLock, env: &str, storage: Option<KeyStorage>) -> Result<bool, Error> {
    let from_file = file::delete(lock, env)?;
    let from_keyring = match storage {
        Some(KeyStorage::Keyring) => {
            keyring::delete(env, keyring::TIMEOUT).map_err(|source| Error::Keyring { action: "delete", source })?
        }
        _ => false,
    };
    Ok(from_file || from_keyring)
}

/// The key for `env`, or the error that says how to log in.
pub fn require(config: &Config, env: &Environment) -> Result<ApiKey, Error> {
    lookup(config, env)?
        .map(|(key, _)| key)
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

    #[test]
    fn a_key_never_formats_its_secret() {
        let key = ApiKey::new("s3cret-value".into()).unwrap();
        assert_eq!(format!("{key} {key:?} {:?}", Some(&key)), "**** ApiKey(****) Some(ApiKey(****))");
        assert_eq!(key.expose(), "s3cret-value");
    }

    #[test]
    fn masking_shows_at_most_the_last_four_of_a_long_key() {
        assert_eq!(ApiKey::new("short-key".into()).unwrap().masked(), "****");
        assert_eq!(ApiKey::new("0123456789abcdefWXYZ".into()).unwrap().masked(), "****WXYZ");
    }

    #[test]
    fn blank_keys_are_no_keys_and_whitespace_is_trimmed() {
        assert!(ApiKey::new(String::new()).is_none());
        assert!(ApiKey::new(" \n".into()).is_none());
        assert_eq!(ApiKey::new("abc\n".into()).unwrap().expose(), "abc");
    }
}
