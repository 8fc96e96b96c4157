//! The explicit plaintext store of `auth login --insecure-storage`: `credentials.toml` in the config
//! directory, mode 0600, one key per environment. Used only when the user asked for it. Edited only under
//! the config directory's lock, like the config file (`config::files`). Its keys are not used while anyone
//! else can read or change it (`config::exposure`); an edit replaces it with a private file.

use std::path::{Path, PathBuf};

use toml_edit::{DocumentMut, Item, Table, value};

use super::ApiKey;
use super::Error;
use crate::config::files::{read_regular_file, write_private};
use crate::config::{DirLock, exposure, line_column};

const FILE_NAME: &str = "credentials.toml";
const HEADER: &str =
    "# API keys stored in plain text by `petstore auth login --insecure-storage`. Keep this file private.\n";

/// The credentials file's path in `dir`.
pub fn path(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

/// `env`'s key from the file, if it holds one. A file that its group or other users can read or write, or
/// that another user owns, is refused ([`crate::config::Error::Exposed`]), as ssh refuses such a private key:
/// its keys may be known to others, or be theirs.
pub fn get(dir: &Path, env: &str) -> Result<Option<ApiKey>, Error> {
    let (doc, metadata) = load_file(dir)?;
    if let Some(metadata) = metadata
        && let Some(found) = exposure::of_file(&path(dir), &metadata, exposure::Place::KeysFile).into_iter().next()
    {
        return Err(crate::config::Error::Exposed(found).into());
    }
    Ok(doc.get("keys").and_then(|keys| keys.get(env)).and_then(Item::as_str).and_then(|k| ApiKey::new(k.to_owned())))
}

/// Stores `key` for `env`, atomically, mode 0600, under `lock`.
pub fn set(lock: &DirLock, env: &str, key: &ApiKey) -> Result<(), Error> {
    let dir = lock.dir();
    let mut doc = load(dir)?;
    if doc.as_table().is_empty() {
        doc = HEADER.parse().expect("a comment parses");
    }
    let keys = doc.entry("keys").or_insert_with(|| Item::Table(Table::new()));
    keys[env] = value(key.expose());
    Ok(write_private(lock, &path(dir), doc.to_string().as_bytes())?)
}

/// Removes `env`'s key, under `lock`; `Ok(false)` when there was none (or no file).
pub fn delete(lock: &DirLock, env: &str) -> Result<bool, Error> {
    let dir = lock.dir();
    let mut doc = load(dir)?;
    let removed = doc.get_mut("keys").and_then(Item::as_table_like_mut).and_then(|keys| keys.remove(env)).is_some();
    if removed {
        write_private(lock, &path(dir), doc.to_string().as_bytes())?;
    }
    Ok(removed)
}

/// The file as a document; an empty one when there is no file. A malformed file is reported without its
/// contents (they are keys) and is never written over.
fn load(dir: &Path) -> Result<DocumentMut, Error> {
    Ok(load_file(dir)?.0)
}

/// [`load`], with the metadata of the file read (none when there is no file).
fn load_file(dir: &Path) -> Result<(DocumentMut, Option<std::fs::Metadata>), Error> {
    let path = path(dir);
    let Some((text, metadata)) = read_regular_file(&path)? else { return Ok((DocumentMut::new(), None)) };
    let doc = text.parse().map_err(|err: toml_edit::TomlError| {
        let (line, column) = line_column(&text, err.span().map_or(0, |s| s.start));
        Error::File { path, line, column }
    })?;
    Ok((doc, Some(metadata)))
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    #[tokio::test]
    async fn keys_round_trip_in_a_private_file() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::acquire(dir.path()).await.unwrap();
        let key = ApiKey::new("k-123".into()).unwrap();
        assert_eq!(get(dir.path(), "staging").unwrap(), None);
        set(&lock, "staging", &key).unwrap();
        set(&lock, "local", &ApiKey::new("other".into()).unwrap()).unwrap();
        assert_eq!(get(dir.path(), "staging").unwrap(), Some(key));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(fs::metadata(path(dir.path())).unwrap().permissions().mode() & 0o777, 0o600);
        }
        assert!(delete(&lock, "staging").unwrap());
        assert!(!delete(&lock, "staging").unwrap());
        assert_eq!(get(dir.path(), "staging").unwrap(), None);
        assert!(fs::read_to_string(path(dir.path())).unwrap().contains("local = \"other\""));
    }

    #[tokio::test]
    async fn a_malformed_file_is_reported_without_its_contents() {
        let dir = tempfile::tempdir().unwrap();
        let lock = DirLock::acquire(dir.path()).await.unwrap();
        fs::write(path(dir.path()), "[keys]\nstaging = \"secret-value\n").unwrap();
        let err = get(dir.path(), "staging").unwrap_err();
        assert!(err.to_string().contains("malformed at line 2"), "{err}");
        assert!(!err.to_string().contains("secret-value"));
        assert!(set(&lock, "x", &ApiKey::new("y".into()).unwrap()).is_err());
        assert_eq!(fs::read_to_string(path(dir.path())).unwrap(), "[keys]\nstaging = \"secret-value\n");
    }
}
