//! The Linux kernel's key retention service (keyutils): a cache in front of the Secret Service, and a store
//! of its own for machines that have no Secret Service (`auth login --storage kernel`).
//!
//! - **The cache** holds a key read from the Secret Service (or stored there by `auth login`) in the user's
//!   keyring (`@u`), with an expiry (`key_cache_ttl`). Reading it takes microseconds where the Secret Service
//!   takes milliseconds of D-Bus. It is only ever a copy: anything wrong with it (no keyutils, a seccomp
//!   profile that blocks the calls, an expired or missing key) means "not cached", silently, and the Secret
//!   Service answers instead.
//! - **The store** keeps a key in the user's persistent keyring (`_persistent.UID`): no file holds it, it
//!   outlives the login session for the kernel's `persistent_keyring_expiry` after its last use (3 days by
//!   default), and a reboot clears it.
//!
//! Every entry is a `user` key described `petstore:ENV:CONFIG_DIR` (`petstore-cache:...` for the cache), so two
//! config directories never share one; `keyctl show @u` and `keyctl show %:_persistent.UID` list them. Both
//! kinds are readable by processes running as the same user (and root), like an unlocked Secret Service; the
//! cache's permissions say so outright (`user: view read write search setattr`), because a process in another
//! session keyring does not possess the user keyring's keys. The calls are system calls that cannot block, so
//! unlike the Secret Service they need no thread or timeout.

use std::path::Path;
use std::time::Duration;

use crate::credentials::ApiKey;

/// Why the kernel keyring could not be used.
#[derive(Debug, thiserror::Error)]
#[error("the kernel keyring is not available: {reason}")]
pub struct KernelError {
    reason: String,
}

/// The name messages give the store.
pub const BACKEND: &str = "kernel keyring";

/// The file that says how long the persistent keyring outlives its last use.
const PERSISTENT_EXPIRY_FILE: &str = "/proc/sys/kernel/keys/persistent_keyring_expiry";

/// How long a key stored with `--storage kernel` outlives its last use: the kernel's setting, read now.
pub fn persistent_expiry() -> Option<Duration> {
    let text = std::fs::read_to_string(PERSISTENT_EXPIRY_FILE).ok()?;
    text.trim().parse().ok().map(Duration::from_secs)
}

/// "3 days", "5 hours", "10 minutes", "30 seconds": how long an expiry is, for messages.
pub fn describe(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (count, unit) = match seconds {
        s if s >= 86_400 && s % 86_400 == 0 => (s / 86_400, "day"),
        s if s >= 3_600 && s % 3_600 == 0 => (s / 3_600, "hour"),
        s if s >= 60 && s % 60 == 0 => (s / 60, "minute"),
        s => (s, "second"),
    };
    format!("{count} {unit}{}", if count == 1 { "" } else { "s" })
}

/// What a key stored with `--storage kernel` lasts, in words for `auth login` and `auth status`.
pub fn lifetime() -> String {
    let unused = persistent_expiry().map_or_else(|| "the kernel's persistent_keyring_expiry".to_owned(), describe);
    format!("no file holds it; it survives logging out, is gone after {unused} unused, and does not survive a reboot")
}

fn description(prefix: &str, dir: &Path, env: &str) -> String {
    format!("{prefix}:{env}:{}", dir.display())
}

fn cache_description(dir: &Path, env: &str) -> String {
    description("petstore-cache", dir, env)
}

fn store_description(dir: &Path, env: &str) -> String {
    description("petstore", dir, env)
}

pub use self::imp::{cache_clear, cache_get, cache_put, delete, get, probe, set};

#[cfg(target_os = "linux")]
mod imp {
    use super::*;
    use linux_keyutils::{Key, KeyError, KeyPermissionsBuilder, KeyRing, KeyRingIdentifier, Permission};

    fn unavailable(err: KeyError) -> KernelError {
        let reason = match err {
            // What Docker's default seccomp profile answers, among others.
            KeyError::PermissionDenied => "the system calls are not permitted here (a container's seccomp \
                                           profile, or a security policy)"
                .to_owned(),
            KeyError::AccessDenied => "access to the keyring was denied".to_owned(),
            KeyError::QuotaExceeded => "the user's key quota is used up (see /proc/key-users)".to_owned(),
            KeyError::OutOfMemory => "the kernel is out of memory for keys".to_owned(),
            KeyError::Unknown(code) if code == rustix::io::Errno::NOSYS.raw_os_error() => {
                "this kernel has no key retention service".to_owned()
            }
            other => format!("{other:?}"),
        };
        KernelError { reason }
    }

    /// The user's keyring, where the cache lives.
    fn user_keyring() -> Result<KeyRing, KeyError> {
        KeyRing::from_special_id(KeyRingIdentifier::User, true)
    }

    /// The user's persistent keyring, linked into this process's own keyring so that the process possesses
    /// it (and its keys) whatever session keyring it has or lacks. Each call restarts the keyring's expiry.
    fn persistent_keyring() -> Result<KeyRing, KeyError> {
        KeyRing::get_persistent(KeyRingIdentifier::Process)
    }

    /// The key described `description` under `ring`, `None` when there is none (missing, expired, revoked).
    fn find(ring: &KeyRing, description: &str) -> Result<Option<Key>, KeyError> {
        match ring.search(description) {
            Ok(key) => Ok(Some(key)),
            Err(KeyError::KeyDoesNotExist | KeyError::KeyExpired | KeyError::KeyRevoked) => Ok(None),
            Err(err) => Err(err),
        }
    }

    fn read(key: &Key) -> Result<Option<ApiKey>, KeyError> {
        match key.read_to_vec() {
            Ok(bytes) => Ok(String::from_utf8(bytes).ok().and_then(ApiKey::new)),
            Err(KeyError::KeyExpired | KeyError::KeyRevoked | KeyError::KeyDoesNotExist) => Ok(None),
            Err(err) => Err(err),
        }
    }

    /// Adds (or replaces) the key, then sets what may be done with it and when it expires; a key that cannot
    /// be given its permissions or expiry is removed again rather than left behind without them.
    fn add(
        ring: &KeyRing,
        description: &str,
        key: &ApiKey,
        user: Permission,
        timeout: Option<Duration>,
    ) -> Result<Key, KeyError> {
        let added = ring.add_key(description, key.expose())?;
        let finish = || {
            added.set_perms(KeyPermissionsBuilder::builder().posessor(Permission::ALL).user(user).build())?;
            if let Some(timeout) = timeout {
                added.set_timeout(usize::try_from(timeout.as_secs()).unwrap_or(usize::MAX).max(1))?;
            }
            Ok(())
        };
        if let Err(err) = finish() {
            let _ = added.invalidate();
            return Err(err);
        }
        Ok(added)
    }

    fn remove(ring: &KeyRing, description: &str) -> Result<bool, KeyError> {
        match find(ring, description)? {
            Some(key) => key.invalidate().map(|()| true),
            None => Ok(false),
        }
    }

    /// The cached key for `env` of the config in `dir`, if there is one and it has not expired.
    pub fn cache_get(dir: &Path, env: &str) -> Option<ApiKey> {
        let ring = user_keyring().ok()?;
        find(&ring, &cache_description(dir, env)).ok().flatten().and_then(|key| read(&key).ok().flatten())
    }

    /// Caches `key` for `ttl`. A failure is not worth a word: the Secret Service still has the key.
    pub fn cache_put(dir: &Path, env: &str, key: &ApiKey, ttl: Duration) {
        if let Ok(ring) = user_keyring() {
            let user =
                Permission::VIEW | Permission::READ | Permission::WRITE | Permission::SEARCH | Permission::SETATTR;
            let _ = add(&ring, &cache_description(dir, env), key, user, Some(ttl));
        }
    }

    /// Drops the cached key for `env`, if any.
    pub fn cache_clear(dir: &Path, env: &str) {
        if let Ok(ring) = user_keyring() {
            let _ = remove(&ring, &cache_description(dir, env));
        }
    }

    /// The key stored for `env` with `--storage kernel`, `None` when there is none (or it has expired).
    pub fn get(dir: &Path, env: &str) -> Result<Option<ApiKey>, KernelError> {
        let ring = persistent_keyring().map_err(unavailable)?;
        match find(&ring, &store_description(dir, env)).map_err(unavailable)? {
            Some(key) => read(&key).map_err(unavailable),
            None => Ok(None),
        }
    }

    /// Stores `key` for `env` in the persistent keyring and reads it back.
    pub fn set(dir: &Path, env: &str, key: &ApiKey) -> Result<(), KernelError> {
        let ring = persistent_keyring().map_err(unavailable)?;
        let stored = add(&ring, &store_description(dir, env), key, Permission::VIEW, None).map_err(unavailable)?;
        match read(&stored).map_err(unavailable)? {
            Some(back) if back == *key => Ok(()),
            _ => Err(KernelError { reason: "the key is not there when read back".to_owned() }),
        }
    }

    /// Deletes the key stored for `env`: `true` if there was one.
    pub fn delete(dir: &Path, env: &str) -> Result<bool, KernelError> {
        let ring = persistent_keyring().map_err(unavailable)?;
        remove(&ring, &store_description(dir, env)).map_err(unavailable)
    }

    /// Whether the kernel keyring can be used at all, for `petstore doctor`.
    pub fn probe() -> Result<(), KernelError> {
        persistent_keyring().map(drop).map_err(unavailable)
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    use super::*;

    fn unavailable() -> KernelError {
        KernelError { reason: "it is part of Linux, and this is not Linux".to_owned() }
    }

    pub fn cache_get(_: &Path, _: &str) -> Option<ApiKey> {
        None
    }

    pub fn cache_put(_: &Path, _: &str, _: &ApiKey, _: Duration) {}

    pub fn cache_clear(_: &Path, _: &str) {}

    pub fn get(_: &Path, _: &str) -> Result<Option<ApiKey>, KernelError> {
        Err(unavailable())
    }

    pub fn set(_: &Path, _: &str, _: &ApiKey) -> Result<(), KernelError> {
        Err(unavailable())
    }

    pub fn delete(_: &Path, _: &str) -> Result<bool, KernelError> {
        Err(unavailable())
    }

    pub fn probe() -> Result<(), KernelError> {
        Err(unavailable())
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn key(secret: &str) -> ApiKey {
        ApiKey::new(secret.to_owned()).unwrap()
    }

    #[test]
    fn expiries_read_as_words() {
        assert_eq!(describe(Duration::from_secs(259_200)), "3 days");
        assert_eq!(describe(Duration::from_secs(3_600)), "1 hour");
        assert_eq!(describe(Duration::from_secs(900)), "15 minutes");
        assert_eq!(describe(Duration::from_secs(90)), "90 seconds");
        assert_eq!(describe(Duration::from_secs(1)), "1 second");
    }

    /// The real kernel keyring, under a directory no other test or user has.
    #[test]
    fn the_store_and_the_cache_round_trip_in_the_real_kernel_keyring() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        assert_eq!(get(dir, "unit").unwrap(), None);
        set(dir, "unit", &key("first")).unwrap();
        set(dir, "unit", &key("second")).unwrap();
        assert_eq!(get(dir, "unit").unwrap(), Some(key("second")));
        assert_eq!(get(dir, "other").unwrap(), None, "each environment has its own entry");
        assert!(delete(dir, "unit").unwrap());
        assert_eq!(get(dir, "unit").unwrap(), None);
        assert!(!delete(dir, "unit").unwrap());

        assert_eq!(cache_get(dir, "unit"), None);
        cache_put(dir, "unit", &key("cached"), Duration::from_secs(60));
        assert_eq!(cache_get(dir, "unit"), Some(key("cached")));
        assert_eq!(get(dir, "unit").unwrap(), None, "the cache is not the store");
        cache_clear(dir, "unit");
        assert_eq!(cache_get(dir, "unit"), None);
    }

    #[test]
    fn a_cached_key_expires() {
        let dir = tempfile::tempdir().unwrap();
        cache_put(dir.path(), "unit", &key("brief"), Duration::from_secs(1));
        assert_eq!(cache_get(dir.path(), "unit"), Some(key("brief")));
        std::thread::sleep(Duration::from_millis(2_100));
        assert_eq!(cache_get(dir.path(), "unit"), None);
    }
}
