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

pub use self::imp::{cache_clear, cache_get, cache_put, delete, get, probe, set};

#[cfg(target_os = "linux")]
mod imp {
    use super::*;
    use linux_keyutils::{Key, KeyError, KeyPermissionsBuilder, KeyRing, KeyRingIdentifier, Permission};

    use rustix::io::Errno;

    fn unavailable(err: KeyError) -> KernelError {
        let errno = match err {
            // What Docker's default seccomp profile answers, among others.
            KeyError::PermissionDenied => {
                let reason = "the system calls are not permitted here (a container's seccomp profile, or a \
                              security policy)";
                return KernelError { reason: reason.to_owned() };
            }
            KeyError::QuotaExceeded => {
                let reason = "your key quota is used up (`cat /proc/key-users`; `keyctl show @u` lists your keys)";
                return KernelError { reason: reason.to_owned() };
            }
            KeyError::Unknown(code) if code == Errno::NOSYS.raw_os_error() => {
                return KernelError { reason: "this kernel has no key retention service".to_owned() };
            }
            KeyError::AccessDenied => Errno::ACCESS,
            KeyError::BadAddress => Errno::FAULT,
            KeyError::InvalidArguments => Errno::INVAL,
            KeyError::KeyExpired => Errno::KEYEXPIRED,
            KeyError::KeyRevoked => Errno::KEYREVOKED,
            KeyError::KeyRejected => Errno::KEYREJECTED,
            KeyError::KeyringDoesNotExist | KeyError::KeyDoesNotExist => Errno::NOKEY,
            KeyError::OutOfMemory => Errno::NOMEM,
            KeyError::OperationNotSupported => Errno::NOTSUP,
            KeyError::MissingFileOrDirectory => Errno::NOENT,
            KeyError::Unknown(code) => Errno::from_raw_os_error(code),
            KeyError::InvalidDescription | KeyError::InvalidIdentifier | KeyError::WriteError => {
                return KernelError { reason: format!("the kernel's answer was unusable ({err:?})") };
            }
        };
        KernelError { reason: std::io::Error::from_raw_os_error(errno.raw_os_error()).to_string() }
    }

    /// The name of `env`'s entry of the config in `dir`: `PREFIX:ENV:DIR` ([`crate::credentials::dir_name`]).
    pub(super) fn description(prefix: &str, dir: &Path, env: &str) -> String {
        format!("{prefix}:{env}:{}", crate::credentials::dir_name(dir))
    }

    fn cache_description(dir: &Path, env: &str) -> String {
        description("petstore-cache", dir, env)
    }

    fn store_description(dir: &Path, env: &str) -> String {
        description("petstore", dir, env)
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
        payload: &str,
        user: Permission,
        timeout: Option<Duration>,
    ) -> Result<Key, KeyError> {
        let added = ring.add_key(description, payload)?;
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

    /// The cached key for `env` of the config in `dir`, if there is one, it was cached no more than `ttl` ago
    /// (the kernel's expiry is the one set when it was cached, which a lower `key_cache_ttl` since does not
    /// shorten), and it can be sent. Anything else is dropped and is no key.
    pub fn cache_get(dir: &Path, env: &str, ttl: Duration) -> Option<ApiKey> {
        let ring = user_keyring().ok()?;
        let description = cache_description(dir, env);
        let entry = find(&ring, &description).ok().flatten()?;
        let payload = entry.read_to_vec().ok()?;
        let key = std::str::from_utf8(&payload).ok().and_then(|text| {
            let (cached_at, key) = text.split_once('\n')?;
            let age = now().saturating_sub(cached_at.parse().ok()?);
            let key = ApiKey::new(key.to_owned()).filter(ApiKey::is_sendable)?;
            (age <= ttl.as_secs()).then_some(key)
        });
        if key.is_none() {
            let _ = entry.invalidate();
        }
        key
    }

    /// Seconds since the Unix epoch.
    fn now() -> u64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_secs())
    }

    /// Caches `key` for `ttl`, and says whether it did. A failure is not worth a word (the OS keyring still
    /// has the key), but it must not leave an older key cached: that is dropped.
    pub fn cache_put(dir: &Path, env: &str, key: &ApiKey, ttl: Duration) -> bool {
        let Ok(ring) = user_keyring() else { return false };
        let description = cache_description(dir, env);
        let user = Permission::VIEW | Permission::READ | Permission::WRITE | Permission::SEARCH | Permission::SETATTR;
        let payload = format!("{}\n{}", now(), key.expose());
        let cached = add(&ring, &description, &payload, user, Some(ttl)).is_ok();
        if !cached {
            let _ = remove(&ring, &description);
        }
        cached
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
        let stored =
            add(&ring, &store_description(dir, env), key.expose(), Permission::VIEW, None).map_err(unavailable)?;
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

    pub fn cache_get(_: &Path, _: &str, _: Duration) -> Option<ApiKey> {
        None
    }

    pub fn cache_put(_: &Path, _: &str, _: &ApiKey, _: Duration) -> bool {
        false
    }

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

    use super::imp::description;

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

        let minute = Duration::from_secs(60);
        assert_eq!(cache_get(dir, "unit", minute), None);
        assert!(cache_put(dir, "unit", &key("cached"), minute));
        assert_eq!(cache_get(dir, "unit", minute), Some(key("cached")));
        assert_eq!(get(dir, "unit").unwrap(), None, "the cache is not the store");
        cache_clear(dir, "unit");
        assert_eq!(cache_get(dir, "unit", minute), None);
    }

    #[test]
    fn a_cached_key_expires() {
        let dir = tempfile::tempdir().unwrap();
        let ttl = Duration::from_secs(1);
        assert!(cache_put(dir.path(), "unit", &key("brief"), ttl));
        assert_eq!(cache_get(dir.path(), "unit", ttl), Some(key("brief")));
        std::thread::sleep(Duration::from_millis(2_100));
        assert_eq!(cache_get(dir.path(), "unit", ttl), None);
    }

    #[test]
    fn a_lower_ttl_than_the_one_cached_with_applies_at_once() {
        let dir = tempfile::tempdir().unwrap();
        assert!(cache_put(dir.path(), "unit", &key("kept"), Duration::from_secs(3_600)));
        std::thread::sleep(Duration::from_millis(1_100));
        assert_eq!(cache_get(dir.path(), "unit", Duration::ZERO), None, "cached over 0 s ago");
        assert_eq!(cache_get(dir.path(), "unit", Duration::from_secs(3_600)), None, "and dropped");
    }

    #[test]
    fn one_directory_has_one_name_however_it_is_spelled_and_odd_bytes_stay_apart() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("config");
        std::fs::create_dir(&real).unwrap();
        std::os::unix::fs::symlink(&real, dir.path().join("link")).unwrap();
        let name = |path: &Path| description("p", path, "e");
        assert_eq!(name(&real), name(&dir.path().join("link")));
        assert_eq!(name(&real), name(&dir.path().join("config/")));
        assert_eq!(name(&real), name(&dir.path().join("config/../config")));
        let odd = |byte: u8| dir.path().join(std::ffi::OsStr::from_bytes(&[b'c', byte]));
        assert_ne!(name(&odd(0xff)), name(&odd(0xfe)));
        assert!(name(&odd(0xff)).ends_with("c\\xff"), "{}", name(&odd(0xff)));
    }

    #[test]
    fn a_key_that_cannot_be_cached_leaves_no_older_one_behind() {
        use linux_keyutils::{KeyPermissionsBuilder, KeyRing, KeyRingIdentifier, Permission};
        let dir = tempfile::tempdir().unwrap();
        let minute = Duration::from_secs(60);
        assert!(cache_put(dir.path(), "unit", &key("older"), minute));
        // The cached entry can no longer be written (as when the key quota is full, the update fails).
        let ring = KeyRing::from_special_id(KeyRingIdentifier::User, false).unwrap();
        let entry = ring.search(&description("petstore-cache", dir.path(), "unit")).unwrap();
        let read_only = || Permission::VIEW | Permission::READ | Permission::SEARCH;
        entry.set_perms(KeyPermissionsBuilder::builder().posessor(read_only()).user(read_only()).build()).unwrap();
        assert!(!cache_put(dir.path(), "unit", &key("newer"), minute));
        assert_eq!(cache_get(dir.path(), "unit", minute), None, "not the older key");
    }

    #[test]
    fn an_unusable_cached_value_is_no_key_and_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let minute = Duration::from_secs(60);
        assert!(cache_put(dir.path(), "unit", &key("bad\u{1b}[2Jkey"), minute));
        assert_eq!(cache_get(dir.path(), "unit", minute), None);
    }
}
