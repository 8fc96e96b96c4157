//! How petstore reads and writes the files in its config directory (`config.toml`, `credentials.toml`): one
//! exclusive lock over every edit of either, an atomic replacement at a symlink's target, and nothing but
//! regular files read or replaced. Never prints; who else can change these files is [`super::exposure`]'s to say.
//!
//! The lock is `config.lock`, an empty file that is never replaced or removed: the files themselves are
//! replaced by rename, so a lock on one of them would be a lock on a file that is gone after the first edit.
//! It sits beside each file actually written: in the config directory, and also in the directory a symlinked
//! `config.toml` or `credentials.toml` leads to, so that two config directories linked to one file take
//! one lock for it. The kernel releases it when its holder exits, however it exits, so a killed writer leaves
//! no stale lock. A writer holds a lock on its temporary file too, until it is renamed: a temporary file that
//! nobody holds is a killed writer's, and the next writer removes it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::Error;

/// The lock file in the config directory, and beside any file its links lead to.
pub const LOCK_FILE: &str = "config.lock";

/// The files in the config directory that are edited under the lock.
const EDITED: [&str; 2] = ["config.toml", "credentials.toml"];

/// How long an edit waits for another petstore to finish its own. An edit holds the lock for milliseconds,
/// or for as long as a keyring call may take at login (10 s), so this is reached only when the holder is
/// stuck (stopped with Ctrl-Z, say).
pub const LOCK_WAIT: Duration = Duration::from_secs(30);

/// An exclusive hold on the config directory's files, for one whole read-modify-write of either or both.
/// Dropping it releases the lock.
#[derive(Debug)]
pub struct DirLock {
    dir: PathBuf,
    _files: Vec<fs::File>,
}

impl DirLock {
    /// Takes the lock on `dir` (creating `dir`, mode 0700, if needed), and the lock beside each file that
    /// `dir`'s `config.toml` or `credentials.toml` links to in another directory, waiting for another petstore
    /// to finish its edit for up to [`LOCK_WAIT`]. They are taken in the order of their real paths, so that
    /// two petstores that need the same two never wait for each other. The wait happens off the runtime's
    /// thread, so a signal still ends the command meanwhile.
    pub async fn acquire(dir: &Path) -> Result<DirLock, Error> {
        let own = dir.join(LOCK_FILE);
        create_private_dir(dir).map_err(|source| Error::Write { path: own.clone(), source })?;
        let mut paths = vec![(fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned()), own)];
        for name in EDITED {
            let Ok(target) = follow_symlinks(&dir.join(name)) else { continue };
            // A link into a directory that does not exist: the write fails there, and says so.
            let Some(real) = target.parent().and_then(|parent| fs::canonicalize(parent).ok()) else { continue };
            let lock = real.join(LOCK_FILE);
            paths.push((real, lock));
        }
        paths.sort();
        paths.dedup_by(|a, b| a.0 == b.0);
        let mut files = Vec::with_capacity(paths.len());
        for (_, path) in &paths {
            files.push((path.clone(), open_lock_file(path)?));
        }
        let waiting = tokio::task::spawn_blocking(move || {
            let mut held = Vec::with_capacity(files.len());
            for (path, file) in files {
                file.lock().map_err(|source| (path, source))?;
                held.push(file);
            }
            Ok(held)
        });
        match tokio::time::timeout(LOCK_WAIT, waiting).await {
            Ok(Ok(Ok(files))) => Ok(DirLock { dir: dir.to_owned(), _files: files }),
            Ok(Ok(Err((path, source)))) => Err(lock_failed(path, source)),
            Ok(Err(join)) => Err(Error::Write { path: dir.join(LOCK_FILE), source: std::io::Error::other(join) }),
            // The waiting thread is left behind; should it get the locks later, it drops them at once.
            Err(_) => Err(Error::Locked { path: dir.join(LOCK_FILE), seconds: LOCK_WAIT.as_secs() }),
        }
    }

    /// The directory this lock covers.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// An exclusive hold on the writes that look before they add (`--if-absent`) to one server, from this user's
/// runs on this machine: two at once would both look, both see nothing, and both add. Held from the look to
/// the last answer; dropping it (or the process ending, however it ends) releases it. Runs on two machines are
/// not serialised by it: the journal's reconcile settles those (docs/commands.md).
#[derive(Debug)]
pub struct WriteLock {
    _file: fs::File,
}

impl WriteLock {
    /// Takes the lock for writes to `target` (a base URL) in `dir`'s `locks/` (made, mode 0700, if needed),
    /// calling `waiting` first when another run holds it; waits as long as that run writes (a batch may take
    /// minutes), off the runtime's thread, so that a signal still ends the command meanwhile.
    pub async fn acquire(dir: &Path, target: &str, waiting: impl FnOnce()) -> Result<WriteLock, Error> {
        use sha2::Digest;
        let locks = dir.join("locks");
        let digest = sha2::Sha256::digest(target.as_bytes());
        let hex: String = digest.iter().take(8).map(|byte| format!("{byte:02x}")).collect();
        let path = locks.join(format!("writes-{hex}.lock"));
        create_private_dir(&locks).map_err(|source| Error::Write { path: path.clone(), source })?;
        let file = open_lock_file(&path)?;
        match file.try_lock() {
            Ok(()) => return Ok(WriteLock { _file: file }),
            Err(fs::TryLockError::WouldBlock) => waiting(),
            Err(fs::TryLockError::Error(source)) => return Err(lock_failed(path, source)),
        }
        let held = tokio::task::spawn_blocking(move || file.lock().map(|()| file).map_err(|source| (path, source)));
        match held.await {
            Ok(Ok(file)) => Ok(WriteLock { _file: file }),
            Ok(Err((path, source))) => Err(lock_failed(path, source)),
            Err(join) => Err(Error::Write { path: locks, source: std::io::Error::other(join) }),
        }
    }
}

/// Opens (or creates, empty, mode 0600) the lock file at `path`, which must be a regular file.
fn open_lock_file(path: &Path) -> Result<fs::File, Error> {
    let fail = |source| Error::Write { path: path.to_owned(), source };
    let mut options = fs::OpenOptions::new();
    // Read and write: opening a FIFO for writing alone would wait for a reader.
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(path).map_err(fail)?;
    check_regular(path, &file.metadata().map_err(fail)?)?;
    Ok(file)
}

/// Why taking the lock at `path` failed: a file system without locks (NFS without its lock daemon, some FUSE
/// and network file systems) says how to get out of it.
fn lock_failed(path: PathBuf, source: std::io::Error) -> Error {
    #[cfg(unix)]
    let unsupported = source.raw_os_error() == Some(rustix::io::Errno::NOLCK.raw_os_error());
    #[cfg(not(unix))]
    let unsupported = false;
    if unsupported || source.kind() == std::io::ErrorKind::Unsupported {
        Error::LockUnsupported { path, source }
    } else {
        Error::Write { path, source }
    }
}

/// The text of the regular file at `path` (following symlinks), or `None` when there is none. Anything else
/// there (a directory, a FIFO, a device) is an error rather than something to read: a FIFO would block, a
/// device would never end.
pub fn read_regular(path: &Path) -> Result<Option<String>, Error> {
    Ok(read_regular_file(path)?.map(|(text, _)| text))
}

/// The largest config or credentials file read: far more than any holds, and a bound on what a wrong file
/// costs.
pub const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// Like [`read_regular`], with the metadata of the file that was read (its owner and mode, for
/// [`super::exposure`]), taken from the open file: what is checked is what was read, even if the path
/// changes meanwhile.
pub fn read_regular_file(path: &Path) -> Result<Option<(String, fs::Metadata)>, Error> {
    let fail = |source| Error::Read { path: path.to_owned(), source };
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(fail(source)),
    };
    check_regular(path, &metadata)?;
    // Without waiting: a FIFO put there since it was looked at would otherwise hold the open up.
    let file = match crate::user_file::open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(fail(source)),
    };
    // Replaced by something else since it was looked at: looked at again, on the open file.
    let metadata = file.metadata().map_err(fail)?;
    check_regular(path, &metadata)?;
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(file, MAX_BYTES + 1), &mut text).map_err(fail)?;
    if text.len() as u64 > MAX_BYTES {
        return Err(fail(std::io::Error::other(format!("it is larger than {} MiB", MAX_BYTES / (1024 * 1024)))));
    }
    Ok(Some((text, metadata)))
}

/// Replaces the file at `path` with `bytes`, readable by the user alone, under `lock`. When `path` is a
/// symlink (a dotfile manager's), the file it leads to is replaced and the link stays: the temporary file
/// is made next to the target, mode 0600 before any byte is written, synced, then renamed over the target.
/// A crash leaves the old file or the new one, never half of one; a temporary file a killed writer left
/// there is removed first. Something there that is not a regular file is left alone, and is an error.
pub fn write_private(lock: &DirLock, path: &Path, bytes: &[u8]) -> Result<(), Error> {
    debug_assert!(path.starts_with(lock.dir()), "the lock covers the config directory's files alone");
    replace(path, bytes, Mode::Private)
}

/// The mode [`replace`] gives the new file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Readable by the user alone (0600).
    Private,
    /// The mode of the file it replaces; 0600 for a new file. Another program's file (an assistant's config)
    /// keeps what its owner gave it.
    Kept,
}

/// Replaces the file at `path` with `bytes` as [`write_private`] does (through a symlink to its target, a
/// temporary file renamed over it, never half a file), with the mode `mode` says.
pub fn replace(path: &Path, bytes: &[u8], mode: Mode) -> Result<(), Error> {
    replace_checked(path, bytes, mode, &|| Ok(()))
}

/// Like [`replace`], with `check` asked at the last moment, once the new file is written and synced and just
/// before it takes the old one's place: an error from it leaves the old file as it is, and is the write's
/// error. Another program's file (an assistant's config) is checked to be as it was read, so that what that
/// program wrote meanwhile is not lost. With [`Mode::Kept`] the new file also keeps the old one's owner and
/// group (a file of another user's, changed by root), or the write fails.
pub fn replace_checked(
    path: &Path,
    bytes: &[u8],
    mode: Mode,
    check: &dyn Fn() -> std::io::Result<()>,
) -> Result<(), Error> {
    let fail = |source| Error::Write { path: path.to_owned(), source };
    let target = follow_symlinks(path).map_err(fail)?;
    let existing = match fs::symlink_metadata(&target) {
        Ok(metadata) => {
            check_regular(path, &metadata)?;
            Some(metadata)
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
        Err(source) => return Err(fail(source)),
    };
    #[cfg(not(unix))]
    let _ = (mode, existing);
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = target.file_name().expect("a file in a directory").to_string_lossy();
    let prefix = format!(".{name}.");
    remove_stale_temporaries(dir, &prefix).map_err(fail)?;
    let mut file = tempfile::Builder::new().prefix(&prefix).suffix(TEMP_SUFFIX).tempfile_in(dir).map_err(fail)?;
    // Held until the file is renamed and closed: it marks the file as this writer's, which no other writer
    // removes (see `remove_stale_temporaries`). Not getting it changes nothing here.
    let _ = file.as_file().try_lock();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let bits = match (mode, &existing) {
            (Mode::Kept, Some(metadata)) => metadata.permissions().mode() & 0o7777,
            _ => 0o600,
        };
        file.as_file().set_permissions(fs::Permissions::from_mode(bits)).map_err(fail)?;
        if let (Mode::Kept, Some(metadata)) = (mode, &existing) {
            use std::os::unix::fs::MetadataExt;
            let made = file.as_file().metadata().map_err(fail)?;
            if (made.uid(), made.gid()) != (metadata.uid(), metadata.gid()) {
                std::os::unix::fs::fchown(file.as_file(), Some(metadata.uid()), Some(metadata.gid())).map_err(fail)?;
            }
        }
    }
    file.write_all(bytes).map_err(fail)?;
    file.as_file().sync_all().map_err(fail)?;
    check().map_err(fail)?;
    file.persist(&target).map_err(|err| fail(err.error))?;
    // The rename is durable once the directory is synced; failing to sync it loses nothing that is there now.
    #[cfg(unix)]
    let _ = fs::File::open(dir).and_then(|dir| dir.sync_all());
    Ok(())
}

/// Every temporary file petstore writes ends so; with the target's name before it (`.config.toml.XXXXXX.tmp`)
/// it cannot be anyone else's.
const TEMP_SUFFIX: &str = ".tmp";

/// Removes what a writer killed between creating its temporary file and renaming it left behind: a temporary
/// file that no live writer holds a lock on. One that is held belongs to a writer still at work (one that does
/// not take petstore's lock, or a petstore from before locks were taken beside a link's target) and stays.
fn remove_stale_temporaries(dir: &Path, prefix: &str) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        // tempfile's six random characters between the prefix and the suffix.
        let stale = name.len() == prefix.len() + 6 + TEMP_SUFFIX.len()
            && name.starts_with(prefix)
            && name.ends_with(TEMP_SUFFIX)
            && entry.file_type().is_ok_and(|kind| kind.is_file());
        if stale && !held_by_another(&entry.path()) {
            match fs::remove_file(entry.path()) {
                Err(err) if err.kind() != std::io::ErrorKind::NotFound => return Err(err),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Whether another process holds the lock on the file at `path`, as a writer does on its temporary file.
fn held_by_another(path: &Path) -> bool {
    match fs::File::open(path) {
        Ok(file) => matches!(file.try_lock(), Err(fs::TryLockError::WouldBlock)),
        // Gone already, or unreadable: not for us to remove either way, and removing will say which.
        Err(_) => false,
    }
}

/// The path `path` leads to after every symlink on the way; `path` itself when it is not a symlink or does
/// not exist. A dangling link leads to the file it names, which the write then creates.
pub(crate) fn follow_symlinks(path: &Path) -> std::io::Result<PathBuf> {
    Ok(link_hops(path)?.pop().expect("the path itself at least"))
}

/// `path`, then each path its symlinks lead to in turn, up to the last (a file that is not a link, or that
/// does not exist).
pub(super) fn link_hops(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut hops = vec![path.to_owned()];
    // As many as Linux follows before it says ELOOP.
    for _ in 0..40 {
        let current = hops.last().expect("not empty");
        match fs::symlink_metadata(current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = fs::read_link(current)?;
                // Not normalised: `..` in a link is the kernel's to resolve, through any linked directory.
                let next = match current.parent() {
                    Some(parent) => parent.join(link),
                    None => link,
                };
                hops.push(next);
            }
            Ok(_) => return Ok(hops),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(hops),
            Err(err) => return Err(err),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// An error unless `metadata` is a regular file's.
fn check_regular(path: &Path, metadata: &fs::Metadata) -> Result<(), Error> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return Ok(());
    }
    let what = crate::user_file::describe(&kind);
    Err(Error::NotAFile { path: path.to_owned(), kind: what })
}

/// Makes the config directory, readable by the user alone, when it is missing.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_write_through_a_symlink_replaces_the_target_and_keeps_the_link() {
        let dir = tempfile::tempdir().unwrap();
        let dotfiles = tempfile::tempdir().unwrap();
        let config_dir = dir.path().join("petstore");
        create_private_dir(&config_dir).unwrap();
        let target = dotfiles.path().join("config.toml");
        fs::write(&target, "old\n").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(&target, config_dir.join("config.toml")).unwrap();
        let lock = DirLock::acquire(&config_dir).await.unwrap();
        fs::write(dotfiles.path().join(".config.toml.abcdef.tmp"), "left by a killed writer").unwrap();
        write_private(&lock, &config_dir.join("config.toml"), b"new\n").unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new\n");
        assert!(fs::symlink_metadata(config_dir.join("config.toml")).unwrap().file_type().is_symlink());
        let mut left: Vec<_> = fs::read_dir(dotfiles.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        left.sort();
        assert_eq!(left, ["config.lock", "config.toml"], "the lock beside the target, and no temporary file");
    }

    #[tokio::test]
    async fn a_temporary_file_that_a_live_writer_holds_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::acquire(dir.path()).await.unwrap();
        let held = dir.path().join(".config.toml.ghijkl.tmp");
        fs::write(&held, "a writer's, still at work").unwrap();
        let writer = fs::File::open(&held).unwrap();
        writer.lock().unwrap();
        write_private(&lock, &dir.path().join("config.toml"), b"new\n").unwrap();
        assert_eq!(fs::read_to_string(&held).unwrap(), "a writer's, still at work");
        drop(writer);
        write_private(&lock, &dir.path().join("config.toml"), b"newer\n").unwrap();
        assert!(!held.exists(), "removed once nobody holds it");
    }

    #[cfg(unix)]
    #[test]
    fn a_file_system_without_locks_says_how_to_get_out() {
        let enolck = std::io::Error::from_raw_os_error(rustix::io::Errno::NOLCK.raw_os_error());
        let err = lock_failed(PathBuf::from("/nfs/petstore/config.lock"), enolck);
        assert!(matches!(err, Error::LockUnsupported { .. }), "{err:?}");
        assert_eq!(
            err.to_string(),
            "cannot lock `/nfs/petstore/config.lock`: its file system does not support locks (No locks available \
             (os error 37)); nothing was changed"
        );
        let other =
            lock_failed(PathBuf::from("/x/config.lock"), std::io::Error::from(std::io::ErrorKind::PermissionDenied));
        assert!(matches!(other, Error::Write { .. }), "{other:?}");
    }
}
