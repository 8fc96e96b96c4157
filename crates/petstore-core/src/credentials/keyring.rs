//! The OS keyring backend: one entry per environment of each config directory (service `petstore`, user
//! `ENV:CONFIG_DIR`, see [`Item`]) in the Secret Service on Linux, the login Keychain on macOS and the
//! Credential Manager on Windows.
//!
//! It only ever talks to the OS keyring; choosing another place for a key, and saying so, is the caller's job.
//! Every call runs on a thread of its own that is abandoned after a timeout, because a keyring can block for
//! good: a session bus that accepts connections and never answers, an unlock prompt that nobody answers.
//! No error, log line or `Debug` output carries the secret.

use std::collections::HashMap;
use std::error::Error as StdError;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;

use keyring_core::{CredentialStore, Entry, Error};

use crate::credentials::ApiKey;

/// The keyring service under which petstore files its keys (the user names the environment and the config
/// directory, see [`Item`]), so that `secret-tool search --all service petstore` lists them all.
pub const SERVICE: &str = "petstore";

/// Which entry of the OS keyring holds a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    user: String,
    /// What the Secret Service shows (seahorse, `secret-tool search`); other keyrings name it themselves.
    label: Option<String>,
}

impl Item {
    /// The entry of `env` of the config directory `dir`: user `ENV:DIR`, where DIR is the directory's real
    /// path as the kernel's entries spell it ([`crate::credentials::dir_name`]). Two config directories with
    /// an environment of the same name have an entry each; an environment name has no `:` in it, so these
    /// never meet the [`shared`](Item::shared) names.
    pub fn of(dir: &Path, env: &str) -> Item {
        let dir = crate::credentials::dir_name(dir);
        Item { label: Some(format!("petstore API key for {env} ({dir})")), user: format!("{env}:{dir}") }
    }

    /// The entry petstore used before entries were named by config directory: user = the environment's
    /// name, shared by every config directory that has an environment of that name.
    pub fn shared(env: &str) -> Item {
        Item { user: env.to_owned(), label: None }
    }

    /// The user name it is filed under, with [`SERVICE`].
    pub fn user(&self) -> &str {
        &self.user
    }
}

/// How long an ordinary keyring call may take before petstore gives up on it (a few seconds).
pub const TIMEOUT: Duration = Duration::from_secs(3);

/// Why the keyring could not be used. A missing entry is not an error: the calls answer `None` or `false`.
#[derive(Debug, thiserror::Error)]
pub enum KeyringError {
    /// The keyring cannot be reached at all: no session bus, or no Secret Service on it (a server over SSH, a
    /// container, WSL). Its own error (`reason`, D-Bus words) is kept for `Debug`, never shown to a person.
    #[error("the {backend} cannot be reached from this session: no desktop keyring runs here")]
    Unreachable { backend: &'static str, reason: String },
    /// No usable keyring: locked, refused, unsupported platform...
    #[error("the {backend} is not available: {reason}")]
    Unavailable { backend: &'static str, reason: String },
    /// The keyring did not answer in time (e.g. a D-Bus that accepts connections and never answers, or an
    /// unlock prompt nobody answers).
    #[error("the {backend} did not answer within {} s", .after.as_secs())]
    TimedOut { backend: &'static str, after: Duration },
}

/// The keyring's name for messages: "Secret Service", "macOS Keychain", "Windows Credential Manager", or
/// "no keyring" where petstore supports none.
pub fn backend() -> &'static str {
    PLATFORM.as_ref().map_or("no keyring", |platform| platform.name)
}

/// The key stored in `item`, or `None` when there is none (a blank stored value counts as none).
pub fn get(item: &Item, timeout: Duration) -> Result<Option<ApiKey>, KeyringError> {
    platform()?.get(item, timeout)
}

/// Stores `key` in `item`, replacing any key it had, and reads it back to be sure it is there.
pub fn set(item: &Item, key: &ApiKey, timeout: Duration) -> Result<(), KeyringError> {
    platform()?.set(item, key, timeout)
}

/// Deletes the key stored in `item`: `true` if there was one, `false` if there was nothing to delete.
pub fn delete(item: &Item, timeout: Duration) -> Result<bool, KeyringError> {
    platform()?.delete(item, timeout)
}

/// Whether the keyring answers at all, for `petstore doctor` and for `auth login` before it asks for a key.
///
/// It reads an entry that petstore never writes. That can miss a keyring that would refuse a write: a locked
/// Secret Service collection only asks to be unlocked when an item in it is read or written.
pub fn probe(timeout: Duration) -> Result<(), KeyringError> {
    platform()?.probe(timeout)
}

/// The user name that [`probe`] reads; not a possible environment name, so no key is ever stored under it.
const PROBE_USER: &str = "(petstore probe)";

fn platform() -> Result<&'static Backend, KeyringError> {
    PLATFORM.as_ref().ok_or_else(|| KeyringError::Unavailable {
        // Not `backend()`: "the no keyring is not available" would read badly.
        backend: "OS keyring",
        reason: "no OS keyring is supported on this platform".to_owned(),
    })
}

/// Stores on the platform. They are made lazily, on a worker thread, because making one can block: the
/// Secret Service stores connect to the session bus and open an encrypted session in their constructor.
#[cfg(target_os = "linux")]
static PLATFORM: Option<Backend> = Some(Backend::labelled("Secret Service", || {
    dbus_secret_service_keyring_store::Store::new().map(|store| store as Arc<CredentialStore>)
}));

#[cfg(target_os = "macos")]
static PLATFORM: Option<Backend> = Some(Backend::new("macOS Keychain", || {
    apple_native_keyring_store::keychain::Store::new().map(|store| store as Arc<CredentialStore>)
}));

#[cfg(target_os = "windows")]
static PLATFORM: Option<Backend> = Some(Backend::new("Windows Credential Manager", || {
    windows_native_keyring_store::Store::new().map(|store| store as Arc<CredentialStore>)
}));

#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "windows")))]
static PLATFORM: Option<Backend> = None;

/// One credential store, made on first use and then kept for the rest of the process.
///
/// The store is used directly, never through `keyring_core::set_default_store`: that default is global to the
/// process, so tests running side by side with their own stores would trample on each other and on it.
struct Backend {
    /// Names the backend in messages.
    name: &'static str,
    new_store: fn() -> keyring_core::Result<Arc<CredentialStore>>,
    /// The store made by the first `new_store` that succeeded. A failure is not kept, so every call tries
    /// again: the session bus or the keyring daemon may have appeared since, and a failure is cheap (well
    /// under a millisecond without a bus). Keeping the store saves the 5 to 10 ms of connecting to D-Bus
    /// again when one command makes several calls (`auth login` probes, then stores).
    store: Mutex<Option<Arc<CredentialStore>>>,
    /// Whether entries are made with a `label` modifier (only the Secret Service stores take one).
    labels: bool,
}

impl Backend {
    #[cfg_attr(
        not(any(target_os = "macos", target_os = "windows")),
        allow(dead_code, reason = "only tests make an unlabelled backend here")
    )]
    const fn new(name: &'static str, new_store: fn() -> keyring_core::Result<Arc<CredentialStore>>) -> Self {
        Backend { name, new_store, store: Mutex::new(None), labels: false }
    }

    #[cfg_attr(not(target_os = "linux"), allow(dead_code, reason = "only the Secret Service labels its items"))]
    const fn labelled(name: &'static str, new_store: fn() -> keyring_core::Result<Arc<CredentialStore>>) -> Self {
        Backend { name, new_store, store: Mutex::new(None), labels: true }
    }

    fn get(&'static self, item: &Item, timeout: Duration) -> Result<Option<ApiKey>, KeyringError> {
        self.call(item, timeout, |entry| match entry.get_password() {
            Ok(stored) => Ok(ApiKey::new(stored)),
            Err(err) => absent(&err, None),
        })
    }

    fn set(&'static self, item: &Item, key: &ApiKey, timeout: Duration) -> Result<(), KeyringError> {
        let key = key.clone();
        self.call(item, timeout, move |entry| {
            entry.set_password(key.expose()).map_err(|err| reason(&err))?;
            // Only a read-back proves that the key is kept: a gnome-keyring that has no login keyring yet can
            // leave a write with nowhere to go and then answers reads with "no entry".
            match entry.get_password() {
                Ok(stored) if stored == key.expose() => Ok(()),
                Ok(_) => Err("reading the key back gave a different value".to_owned()),
                Err(Error::NoEntry) => Err("the key was accepted but is not there when read back".to_owned()),
                Err(err) => Err(reason(&err)),
            }
        })
    }

    fn delete(&'static self, item: &Item, timeout: Duration) -> Result<bool, KeyringError> {
        self.call(item, timeout, |entry| match entry.delete_credential() {
            Ok(()) => Ok(true),
            Err(err) => absent(&err, false),
        })
    }

    fn probe(&'static self, timeout: Duration) -> Result<(), KeyringError> {
        self.call(&Item { user: PROBE_USER.to_owned(), label: None }, timeout, |entry| match entry.get_password() {
            Ok(_) => Ok(()),
            Err(err) => absent(&err, ()),
        })
    }

    /// Runs `op` on the entry for `item` on a thread of its own, and gives up on it after `timeout`.
    ///
    /// The store and the entry are made on that thread too, since making the store can hang as well. A thread
    /// that times out is left behind, never joined: nothing can interrupt a blocked D-Bus call, and the process
    /// is about to end anyway.
    fn call<T: Send + 'static>(
        &'static self,
        item: &Item,
        timeout: Duration,
        op: impl FnOnce(&Entry) -> Result<T, String> + Send + 'static,
    ) -> Result<T, KeyringError> {
        // Room for the one answer, so that a worker whose caller has given up does not block on sending it.
        let (answer, answered) = mpsc::sync_channel(1);
        let item = item.clone();
        let spawned = thread::Builder::new().name("petstore-keyring".to_owned()).spawn(move || {
            let label = item.label.as_deref().filter(|_| self.labels).map(|label| HashMap::from([("label", label)]));
            let result = match self.store() {
                // No store to be had: nothing answers (no bus, no Secret Service on it).
                Err(err) => Err(KeyringError::Unreachable { backend: self.name, reason: reason(&err) }),
                Ok(store) => store
                    .build(SERVICE, &item.user, label.as_ref())
                    .map_err(|err| reason(&err))
                    .and_then(|entry| op(&entry))
                    .map_err(|reason| self.unavailable(reason)),
            };
            // Fails only when the caller has stopped waiting, and then nobody wants the answer.
            let _ = answer.send(result);
        });
        if let Err(err) = spawned {
            return Err(self.unavailable(format!("cannot start a thread to ask it: {err}")));
        }
        match answered.recv_timeout(timeout) {
            Ok(result) => result,
            Err(RecvTimeoutError::Timeout) => {
                // The abandoned call may still hold the store (the Secret Service stores serialise calls on
                // one connection), so a later call in this process starts again with a new store instead of
                // queueing behind it.
                self.cache().take();
                Err(KeyringError::TimedOut { backend: self.name, after: timeout })
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.unavailable("the keyring call panicked".to_owned())),
        }
    }

    /// The kept store, or a new one.
    fn store(&self) -> keyring_core::Result<Arc<CredentialStore>> {
        if let Some(store) = self.cache().as_ref() {
            return Ok(Arc::clone(store));
        }
        // Made without holding the lock: on a bus that never answers this blocks for good, and later calls
        // must then time out on their own rather than wait for the lock.
        let store = (self.new_store)()?;
        Ok(Arc::clone(self.cache().get_or_insert(store)))
    }

    fn cache(&self) -> MutexGuard<'_, Option<Arc<CredentialStore>>> {
        // Nothing can panic while the lock is held, and a poisoned `Option` would be intact anyway.
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn unavailable(&self, reason: String) -> KeyringError {
        KeyringError::Unavailable { backend: self.name, reason }
    }
}

/// `found_nothing` when `err` says there is no entry; otherwise why the keyring cannot be used.
fn absent<T>(err: &Error, found_nothing: T) -> Result<T, String> {
    match classify(err) {
        ErrorMeaning::NotFound => Ok(found_nothing),
        ErrorMeaning::Unavailable(reason) => Err(reason),
    }
}

/// What a keyring error means to petstore.
#[derive(Debug, PartialEq, Eq)]
enum ErrorMeaning {
    /// There is no entry: not logged in, or nothing to delete.
    NotFound,
    /// The keyring cannot be used, for this reason.
    Unavailable(String),
}

fn classify(err: &Error) -> ErrorMeaning {
    match err {
        Error::NoEntry => ErrorMeaning::NotFound,
        // `Error` is non-exhaustive, and anything petstore does not know is a keyring it cannot use.
        other => ErrorMeaning::Unavailable(reason(other)),
    }
}

/// Why the keyring cannot be used, in words for the user: the store's own error, never the secret.
fn reason(err: &Error) -> String {
    match err {
        // keyring-core's "Platform failure: " adds nothing to "is not available"; the store's error says why
        // (no bus, no Secret Service, ...).
        Error::PlatformFailure(source) => chain(source.as_ref()),
        Error::NoStorageAccess(source) => format!("it is locked or refused access: {}", chain(source.as_ref())),
        // These carry the stored bytes, which are the secret or close to it, so only the complaint may show.
        Error::BadEncoding(_) => "the stored key is not valid UTF-8".to_owned(),
        Error::BadDataFormat(_, source) => format!("the stored key is malformed: {}", chain(source.as_ref())),
        // Its message lists every matching entry; the count is what matters.
        Error::Ambiguous(entries) => {
            format!("{} entries match, where there should be one", entries.len())
        }
        other => chain(other),
    }
}

/// An error's message, followed by those of its sources that add something to it (Secret Service errors
/// repeat their source's message in their own).
fn chain(err: &(dyn StdError + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        let more = cause.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use std::any::Any;
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;

    use keyring_core::api::{Credential, CredentialApi, CredentialStoreApi};
    use keyring_core::mock;

    use super::*;

    fn mock_store() -> keyring_core::Result<Arc<CredentialStore>> {
        mock::Store::new().map(|store| store as Arc<CredentialStore>)
    }

    fn key(secret: &str) -> ApiKey {
        ApiKey::new(secret.to_owned()).unwrap()
    }

    /// An error with a message and an optional source, like the stores' platform errors.
    #[derive(Debug)]
    struct Layer(&'static str, Option<Box<Layer>>);

    impl std::fmt::Display for Layer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.0)
        }
    }

    impl StdError for Layer {
        fn source(&self) -> Option<&(dyn StdError + 'static)> {
            self.1.as_deref().map(|layer| layer as &(dyn StdError + 'static))
        }
    }

    fn platform_error(layer: Layer) -> keyring_core::error::PlatformError {
        Box::new(layer)
    }

    #[test]
    fn no_entry_is_not_found_and_everything_else_is_unavailable_with_the_real_reason() {
        assert_eq!(classify(&Error::NoEntry), ErrorMeaning::NotFound);

        // Shaped like the dbus store's "no bus" error: each layer repeats the one below, and the last adds a hint.
        let no_bus = Layer(
            "DBus error: Unable to autolaunch a dbus-daemon",
            Some(Box::new(Layer(
                "Unable to autolaunch a dbus-daemon",
                Some(Box::new(Layer("set DBUS_SESSION_BUS_ADDRESS", None))),
            ))),
        );
        assert_eq!(
            classify(&Error::PlatformFailure(platform_error(no_bus))),
            ErrorMeaning::Unavailable(
                "DBus error: Unable to autolaunch a dbus-daemon: set DBUS_SESSION_BUS_ADDRESS".to_owned()
            )
        );
        assert_eq!(
            classify(&Error::NoStorageAccess(platform_error(Layer(
                "Secret Service: unlock prompt was dismissed",
                None
            )))),
            ErrorMeaning::Unavailable(
                "it is locked or refused access: Secret Service: unlock prompt was dismissed".to_owned()
            )
        );
        for other in [
            Error::NoDefaultStore,
            Error::Invalid("user".to_owned(), "cannot be empty".to_owned()),
            Error::NotSupportedByStore("no search".to_owned()),
        ] {
            assert_eq!(classify(&other), ErrorMeaning::Unavailable(other.to_string()));
        }
    }

    #[test]
    fn errors_about_stored_bytes_never_show_them() {
        let bytes = b"s3cret-value\xff".to_vec();
        assert_eq!(
            classify(&Error::BadEncoding(bytes.clone())),
            ErrorMeaning::Unavailable("the stored key is not valid UTF-8".to_owned())
        );
        let ErrorMeaning::Unavailable(malformed) =
            classify(&Error::BadDataFormat(bytes, platform_error(Layer("bad padding", None))))
        else {
            panic!("malformed data must make the keyring unavailable")
        };
        assert_eq!(malformed, "the stored key is malformed: bad padding");
        assert!(!malformed.contains("s3cret"));
    }

    #[test]
    fn the_error_messages_name_the_backend() {
        let unavailable = KeyringError::Unavailable { backend: "Secret Service", reason: "no bus".to_owned() };
        assert_eq!(unavailable.to_string(), "the Secret Service is not available: no bus");
        let timed_out = KeyringError::TimedOut { backend: "Secret Service", after: TIMEOUT };
        assert_eq!(timed_out.to_string(), "the Secret Service did not answer within 3 s");
    }

    #[test]
    fn keys_round_trip_through_the_worker_thread() {
        static MOCK: Backend = Backend::new("mock keyring", mock_store);
        assert_eq!(MOCK.get(&Item::shared("production"), TIMEOUT).unwrap(), None);
        assert!(!MOCK.delete(&Item::shared("production"), TIMEOUT).unwrap());
        MOCK.probe(TIMEOUT).unwrap();

        MOCK.set(&Item::shared("production"), &key("first"), TIMEOUT).unwrap();
        MOCK.set(&Item::shared("production"), &key("second"), TIMEOUT).unwrap();
        MOCK.set(&Item::shared("staging"), &key("other"), TIMEOUT).unwrap();
        assert_eq!(MOCK.get(&Item::shared("production"), TIMEOUT).unwrap(), Some(key("second")));

        assert!(MOCK.delete(&Item::shared("production"), TIMEOUT).unwrap());
        assert_eq!(MOCK.get(&Item::shared("production"), TIMEOUT).unwrap(), None);
        assert!(!MOCK.delete(&Item::shared("production"), TIMEOUT).unwrap());
        assert_eq!(MOCK.get(&Item::shared("staging"), TIMEOUT).unwrap(), Some(key("other")));
    }

    /// The mock store's entry for `env`, the same one the worker threads use.
    fn mock_entry(backend: &Backend, env: &str) -> Entry {
        backend.store().unwrap().build(SERVICE, env, None).unwrap()
    }

    #[test]
    fn a_blank_stored_value_is_no_key() {
        static MOCK: Backend = Backend::new("mock keyring", mock_store);
        mock_entry(&MOCK, "production").set_password(" \n").unwrap();
        assert_eq!(MOCK.get(&Item::shared("production"), TIMEOUT).unwrap(), None);
    }

    #[test]
    fn store_errors_come_back_as_unavailable_without_the_secret() {
        static MOCK: Backend = Backend::new("mock keyring", mock_store);
        let entry = mock_entry(&MOCK, "production");
        let cred: &mock::Cred = entry.as_any().downcast_ref().unwrap();

        cred.set_error(Error::BadEncoding(b"s3cret\xff".to_vec()));
        let err = MOCK.get(&Item::shared("production"), TIMEOUT).unwrap_err();
        assert_eq!(err.to_string(), "the mock keyring is not available: the stored key is not valid UTF-8");
        assert!(!format!("{err:?}").contains("s3cret"));

        cred.set_error(Error::NoStorageAccess(platform_error(Layer("Secret Service: object locked", None))));
        let err = MOCK.set(&Item::shared("production"), &key("s3cret"), TIMEOUT).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the mock keyring is not available: it is locked or refused access: Secret Service: object locked"
        );
        assert!(!format!("{err} {err:?}").contains("s3cret"));
    }

    /// A store that says yes to every write and then never has the entry, like a gnome-keyring with no login
    /// keyring, or one that never answers.
    #[derive(Debug, Clone, Copy)]
    enum Fake {
        Forgetful,
        Stuck,
    }

    impl CredentialApi for Fake {
        fn set_secret(&self, _: &[u8]) -> keyring_core::Result<()> {
            if let Fake::Stuck = self {
                thread::sleep(Duration::from_secs(5));
            }
            Ok(())
        }

        fn get_secret(&self) -> keyring_core::Result<Vec<u8>> {
            self.set_secret(b"")?;
            Err(Error::NoEntry)
        }

        fn delete_credential(&self) -> keyring_core::Result<()> {
            self.get_secret().map(drop)
        }

        fn get_credential(&self) -> keyring_core::Result<Option<Arc<Credential>>> {
            self.get_secret().map(|_| None)
        }

        fn get_specifiers(&self) -> Option<(String, String)> {
            None
        }

        fn as_any(&self) -> &dyn Any {
            self
        }
    }

    impl CredentialStoreApi for Fake {
        fn vendor(&self) -> String {
            "fake".to_owned()
        }

        fn id(&self) -> String {
            format!("{self:?}")
        }

        fn build(&self, _: &str, _: &str, _: Option<&HashMap<&str, &str>>) -> keyring_core::Result<Entry> {
            Ok(Entry::new_with_credential(Arc::new(*self)))
        }

        fn as_any(&self) -> &dyn Any {
            self
        }
    }

    #[test]
    fn a_key_that_does_not_read_back_is_not_stored() {
        static FORGETFUL: Backend = Backend::new("fake keyring", || Ok(Arc::new(Fake::Forgetful)));
        let err = FORGETFUL.set(&Item::shared("production"), &key("s3cret"), TIMEOUT).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the fake keyring is not available: the key was accepted but is not there when read back"
        );
    }

    #[test]
    fn a_store_that_never_answers_times_out_promptly_and_is_not_kept() {
        static STUCK: Backend = Backend::new("fake keyring", || Ok(Arc::new(Fake::Stuck)));
        let timeout = Duration::from_millis(50);
        let started = Instant::now();
        let err = STUCK.get(&Item::shared("production"), timeout).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(1), "took {:?}", started.elapsed());
        assert!(matches!(err, KeyringError::TimedOut { backend: "fake keyring", after } if after == timeout));
        assert!(STUCK.cache().is_none());
    }

    #[test]
    fn making_a_store_that_never_answers_times_out_promptly() {
        static SLOW: Backend = Backend::new("fake keyring", || {
            thread::sleep(Duration::from_secs(5));
            mock_store()
        });
        let timeout = Duration::from_millis(50);
        let started = Instant::now();
        let err = SLOW.probe(timeout).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(1), "took {:?}", started.elapsed());
        assert!(matches!(err, KeyringError::TimedOut { after, .. } if after == timeout));
    }

    #[test]
    fn a_store_is_kept_once_made_but_a_failure_to_make_one_is_retried() {
        static ATTEMPTS: AtomicUsize = AtomicUsize::new(0);
        static FLAKY: Backend = Backend::new("fake keyring", || {
            if ATTEMPTS.fetch_add(1, Ordering::SeqCst) == 0 {
                Err(Error::PlatformFailure(platform_error(Layer("no bus yet", None))))
            } else {
                mock_store()
            }
        });
        let err = FLAKY.get(&Item::shared("production"), TIMEOUT).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the fake keyring cannot be reached from this session: no desktop keyring runs here"
        );
        assert!(
            matches!(&err, KeyringError::Unreachable { reason, .. } if reason == "no bus yet"),
            "the store's own words are kept, out of sight: {err:?}"
        );
        FLAKY.set(&Item::shared("production"), &key("k"), TIMEOUT).unwrap();
        assert_eq!(FLAKY.get(&Item::shared("production"), TIMEOUT).unwrap(), Some(key("k")));
        assert_eq!(ATTEMPTS.load(Ordering::SeqCst), 2);
    }

    /// Writes to the real keyring, so it runs only inside `tests/keyring-session.sh`, which provides a
    /// throwaway one and sets `PETSTORE_TEST_SECRET_SERVICE=1`.
    #[cfg(target_os = "linux")]
    #[test]
    #[ignore = "needs a throwaway Secret Service: run it under tests/keyring-session.sh with --include-ignored"]
    fn real_secret_service_round_trip() {
        // Run by hand outside the session, it must not report "ok" without checking anything.
        assert!(
            std::env::var_os("PETSTORE_TEST_SECRET_SERVICE").is_some_and(|set| set == "1"),
            "run it under tests/keyring-session.sh, which provides a throwaway Secret Service and sets \
             PETSTORE_TEST_SECRET_SERVICE=1; it would write to your own keyring otherwise"
        );
        let dir = tempfile::tempdir().unwrap();
        let env = Item::of(dir.path(), &format!("keyring-test-{}", std::process::id()));
        probe(TIMEOUT).unwrap();
        assert_eq!(get(&env, TIMEOUT).unwrap(), None);
        set(&env, &key("first-secret"), TIMEOUT).unwrap();
        // A second `set` must replace the item, not add one that makes the entry ambiguous.
        set(&env, &key("second-secret"), TIMEOUT).unwrap();
        assert_eq!(get(&env, TIMEOUT).unwrap(), Some(key("second-secret")));
        assert!(delete(&env, TIMEOUT).unwrap());
        assert_eq!(get(&env, TIMEOUT).unwrap(), None);
        assert!(!delete(&env, TIMEOUT).unwrap());
    }
}
