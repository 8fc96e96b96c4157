//! Reading a file a user named and petstore reads whole (a `pets watch --state` file): a regular file only,
//! and at most a bound. A FIFO would block the read until someone writes to it (and a signal could not end
//! it), a device such as `/dev/zero` would never end: both are refused before a byte is read. The file is
//! opened without blocking (`O_NONBLOCK`, which changes nothing for a regular file) and judged on the open
//! file, so a path swapped for a FIFO after it was looked at cannot hold the read up either.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// Why a named file is not read.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// Something other than a regular file is there: `what` says what (`a FIFO`, `a character device`).
    #[error("it is {what}, not a regular file")]
    NotRegular { what: &'static str },
    /// It holds more than `limit` bytes.
    #[error("it is larger than {} MiB", limit / (1024 * 1024))]
    TooLarge { limit: u64 },
    /// It could not be opened or read.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// The bytes of the regular file at `path` (following symlinks), at most `limit` of them; `None` when there is
/// no file there.
pub fn read(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, Refused> {
    let file = match open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err.into()),
    };
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(Refused::NotRegular { what: describe(&kind) });
    }
    let mut bytes = Vec::new();
    // One byte more than the bound is enough to refuse it.
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(Refused::TooLarge { limit });
    }
    Ok(Some(bytes))
}

/// Opens `path` for reading without waiting for a writer, as opening a FIFO otherwise does.
pub(crate) fn open(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits().cast_signed());
    }
    options.open(path)
}

/// What a file that is not a regular file is, in words, for every message that refuses one (a state file, a
/// config file, a `--failed` file).
pub fn describe(kind: &fs::FileType) -> &'static str {
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "something other than a file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_up_to_its_bound_and_not_past_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        assert!(read(&path, 4).unwrap().is_none());
        fs::write(&path, "1234").unwrap();
        assert_eq!(read(&path, 4).unwrap().unwrap(), b"1234");
        fs::write(&path, "12345").unwrap();
        assert!(matches!(read(&path, 4), Err(Refused::TooLarge { limit: 4 })));
        assert!(matches!(read(dir.path(), 4), Err(Refused::NotRegular { what: "a directory" })));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_is_refused_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        rustix::fs::mkfifoat(rustix::fs::CWD, &fifo, rustix::fs::Mode::from_raw_mode(0o600)).unwrap();
        assert!(matches!(read(&fifo, 4), Err(Refused::NotRegular { what: "a FIFO (named pipe)" })));
        assert!(matches!(read(Path::new("/dev/zero"), 4), Err(Refused::NotRegular { what: "a character device" })));
    }
}
