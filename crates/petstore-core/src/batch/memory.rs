//! What a batch learnt of a server, for the next batch to it: the concurrency it settled on, the answers'
//! latency, the streams the server served at once (HTTP/2) and the pace behind its rate limit, keyed by the
//! base URL and the protocol the answers came over. HTTP/3 lets a client remember a server's SETTINGS for its
//! next connection (RFC 9114, 7.2.4.2), and Linux keeps per-destination TCP metrics, for the same reason: a
//! repeat import need not find out again, one round trip at a time, what the last one found.
//!
//! One small JSON file in the state directory, beside the journal ([`crate::journal::dir`]): at most
//! [`MAX_SERVERS`] servers, none older than [`MAX_AGE`], at most [`MAX_BYTES`] read. It holds no key (the base
//! URL is kept without user, password, query or fragment). It is read-modify-written under a lock, replaced
//! atomically (a temporary file renamed over it), mode 0600. It is a hint, never a promise: a file that
//! cannot be read or makes no sense is ignored, a write that fails is left, and the first answers of the next
//! batch correct what it says (see [`super::limiter`]).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use url::Url;

/// The file in the state directory.
pub const FILE: &str = "servers.json";
/// The lock held for a read-modify-write of [`FILE`].
const LOCK: &str = "servers.lock";
/// How long what a batch learnt stays good: a server changes, and so does the path to it.
pub const MAX_AGE: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// The most servers remembered; the oldest go first.
pub const MAX_SERVERS: usize = 64;
/// The most bytes of [`FILE`] read: a larger file is ignored (and replaced at the next write).
pub const MAX_BYTES: u64 = 64 * 1024;

/// The protocol a batch's answers came over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    Http1,
    Http2,
}

/// What a batch learnt of a server.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Learnt {
    /// The concurrency the batch settled on.
    pub concurrency: usize,
    /// The mean latency of its good answers, in microseconds.
    pub latency_us: u64,
    /// Over HTTP/2, the streams the server served at once, when the batch found fewer than it asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub streams: Option<usize>,
    /// Behind a rate limit, the rate the server let through, in requests a second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pace: Option<f64>,
}

impl Learnt {
    pub fn latency(&self) -> Duration {
        Duration::from_micros(self.latency_us)
    }
}

/// One server's entry.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Entry {
    server: String,
    protocol: Protocol,
    /// When it was written, in seconds since the Unix epoch.
    at: u64,
    #[serde(flatten)]
    learnt: Learnt,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Servers {
    servers: Vec<Entry>,
}

/// The memory of one server, in one directory.
#[derive(Debug, Clone)]
pub struct Memory {
    dir: PathBuf,
    server: String,
}

/// `base` as a key: scheme, host, port and path; no user, password, query or fragment.
fn server_key(base: &Url) -> String {
    let mut key = base.clone();
    let _ = key.set_username("");
    let _ = key.set_password(None);
    key.set_query(None);
    key.set_fragment(None);
    key.to_string()
}

fn seconds(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs())
}

impl Memory {
    /// The memory of the server at `base`, in `dir`.
    pub fn new(dir: PathBuf, base: &Url) -> Memory {
        Memory { dir, server: server_key(base) }
    }

    /// The memory of the server at `base` in the state directory, when there is one.
    pub fn in_state_dir(base: &Url) -> Option<Memory> {
        Some(Memory::new(crate::journal::dir()?, base))
    }

    fn path(&self) -> PathBuf {
        self.dir.join(FILE)
    }

    /// What the last batch to this server learnt, and over which protocol, unless it is older than
    /// [`MAX_AGE`] at `now` or the file cannot be read.
    pub fn recall(&self, now: SystemTime) -> Option<(Protocol, Learnt)> {
        let servers = read(&self.path())?;
        let now = seconds(now);
        servers
            .servers
            .into_iter()
            .filter(|entry| entry.server == self.server && fresh(entry, now))
            .filter(|entry| entry.learnt.concurrency > 0)
            .max_by_key(|entry| entry.at)
            .map(|entry| (entry.protocol, entry.learnt))
    }

    /// Writes down what a batch learnt at `now`, over `protocol`: replaces this server's entry for that
    /// protocol, drops the entries older than [`MAX_AGE`], and keeps the [`MAX_SERVERS`] newest.
    pub fn remember(&self, now: SystemTime, protocol: Protocol, learnt: Learnt) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let lock = lock_file(&self.dir.join(LOCK))?;
        lock.lock()?;
        let path = self.path();
        let now = seconds(now);
        let mut servers = read(&path).unwrap_or_default();
        servers
            .servers
            .retain(|entry| fresh(entry, now) && !(entry.server == self.server && entry.protocol == protocol));
        servers.servers.push(Entry { server: self.server.clone(), protocol, at: now, learnt });
        servers.servers.sort_by_key(|entry| std::cmp::Reverse(entry.at));
        servers.servers.truncate(MAX_SERVERS);
        let bytes = serde_json::to_vec(&servers).map_err(io::Error::other)?;
        write_atomically(&self.dir, &path, &bytes)
    }
}

fn fresh(entry: &Entry, now: u64) -> bool {
    entry.at <= now.saturating_add(60) && now.saturating_sub(entry.at) <= MAX_AGE.as_secs()
}

/// The file at `path`, if it is a regular file of at most [`MAX_BYTES`] that reads as [`Servers`].
fn read(path: &Path) -> Option<Servers> {
    let bytes = crate::user_file::read(path, MAX_BYTES).ok()??;
    serde_json::from_slice(&bytes).ok()
}

fn lock_file(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

/// Replaces `path` with `bytes` at once: a temporary file (mode 0600) in `dir`, renamed over it. Something
/// there that is not a regular file is left alone.
fn write_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(metadata) if !metadata.file_type().is_file() => {
            return Err(io::Error::other("the memory of servers is not a regular file"));
        }
        _ => {}
    }
    let mut file = tempfile::Builder::new().prefix(".servers.json.").suffix(".tmp").tempfile_in(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.as_file().set_permissions(fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(bytes)?;
    file.persist(path).map_err(|err| err.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Url {
        Url::parse("https://user:secret@api.example.com/v1?x=1#f").unwrap()
    }

    fn learnt(concurrency: usize) -> Learnt {
        Learnt { concurrency, latency_us: 50_000, streams: Some(100), pace: Some(20.0) }
    }

    #[test]
    fn what_a_batch_learnt_is_recalled_for_the_same_server_only() {
        let dir = tempfile::tempdir().unwrap();
        let memory = Memory::new(dir.path().to_owned(), &base());
        let now = SystemTime::now();
        assert_eq!(memory.recall(now), None);
        memory.remember(now, Protocol::Http2, learnt(200)).unwrap();
        assert_eq!(memory.recall(now), Some((Protocol::Http2, learnt(200))));
        let other = Memory::new(dir.path().to_owned(), &Url::parse("https://api.example.com:8443/v1").unwrap());
        assert_eq!(other.recall(now), None);
        // The newest protocol's entry wins.
        memory.remember(now + Duration::from_secs(1), Protocol::Http1, learnt(32)).unwrap();
        assert_eq!(memory.recall(now + Duration::from_secs(1)), Some((Protocol::Http1, learnt(32))));
    }

    #[test]
    fn no_user_password_query_or_key_is_written_and_the_file_is_private() {
        let dir = tempfile::tempdir().unwrap();
        Memory::new(dir.path().to_owned(), &base()).remember(SystemTime::now(), Protocol::Http1, learnt(8)).unwrap();
        let text = fs::read_to_string(dir.path().join(FILE)).unwrap();
        assert!(text.contains("https://api.example.com/v1"), "{text}");
        assert!(!text.contains("secret") && !text.contains("user") && !text.contains("x=1"), "{text}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn an_entry_older_than_the_age_bound_is_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let memory = Memory::new(dir.path().to_owned(), &base());
        let then = SystemTime::now();
        memory.remember(then, Protocol::Http2, learnt(64)).unwrap();
        assert!(memory.recall(then + MAX_AGE - Duration::from_secs(1)).is_some());
        assert_eq!(memory.recall(then + MAX_AGE + Duration::from_secs(1)), None);
        // And it is dropped from the file at the next write.
        let other = Memory::new(dir.path().to_owned(), &Url::parse("https://other.example/v1").unwrap());
        other.remember(then + MAX_AGE + Duration::from_secs(1), Protocol::Http1, learnt(8)).unwrap();
        let text = fs::read_to_string(dir.path().join(FILE)).unwrap();
        assert!(!text.contains("api.example.com"), "{text}");
    }

    #[test]
    fn the_file_keeps_the_newest_servers_up_to_its_bound() {
        let dir = tempfile::tempdir().unwrap();
        let start = SystemTime::now();
        for n in 0..MAX_SERVERS + 10 {
            let url = Url::parse(&format!("https://host{n}.example/v1")).unwrap();
            Memory::new(dir.path().to_owned(), &url)
                .remember(start + Duration::from_secs(n as u64), Protocol::Http2, learnt(n + 1))
                .unwrap();
        }
        let servers = read(&dir.path().join(FILE)).unwrap();
        assert_eq!(servers.servers.len(), MAX_SERVERS);
        let now = start + Duration::from_secs(100);
        let first = Memory::new(dir.path().to_owned(), &Url::parse("https://host0.example/v1").unwrap());
        assert_eq!(first.recall(now), None);
        let last = Url::parse(&format!("https://host{}.example/v1", MAX_SERVERS + 9)).unwrap();
        assert_eq!(Memory::new(dir.path().to_owned(), &last).recall(now).unwrap().1.concurrency, MAX_SERVERS + 10);
        assert!(fs::metadata(dir.path().join(FILE)).unwrap().len() <= MAX_BYTES);
    }

    #[test]
    fn a_corrupt_or_oversized_file_is_ignored_and_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let memory = Memory::new(dir.path().to_owned(), &base());
        let now = SystemTime::now();
        for bad in ["{not json", "{\"servers\": 3}", "[]", ""] {
            fs::write(dir.path().join(FILE), bad).unwrap();
            assert_eq!(memory.recall(now), None, "{bad}");
        }
        fs::write(dir.path().join(FILE), vec![b' '; MAX_BYTES as usize + 1]).unwrap();
        assert_eq!(memory.recall(now), None);
        memory.remember(now, Protocol::Http1, learnt(16)).unwrap();
        assert_eq!(memory.recall(now), Some((Protocol::Http1, learnt(16))));
    }

    #[test]
    fn the_write_is_atomic_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let memory = Memory::new(dir.path().to_owned(), &base());
        let now = SystemTime::now();
        memory.remember(now, Protocol::Http1, learnt(16)).unwrap();
        let before = fs::metadata(dir.path().join(FILE)).unwrap();
        memory.remember(now, Protocol::Http2, learnt(128)).unwrap();
        // A new file renamed over the old one, not the old one written in place.
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            assert_ne!(fs::metadata(dir.path().join(FILE)).unwrap().ino(), before.ino());
        }
        let _ = before;
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into())
            .collect();
        assert!(names.iter().all(|name| !name.ends_with(".tmp")), "{names:?}");
        // Something that is not a regular file is left alone.
        let other = tempfile::tempdir().unwrap();
        fs::create_dir(other.path().join(FILE)).unwrap();
        assert!(Memory::new(other.path().to_owned(), &base()).remember(now, Protocol::Http1, learnt(4)).is_err());
        assert!(other.path().join(FILE).is_dir());
    }
}
