//! Who besides the user can change what decides where the API key goes (the config directory, `config.toml`,
//! the directories a link of `config.toml` or `credentials.toml` leads into), or read the keys
//! (`credentials.toml`). Never prints: what is only worth a warning is returned as data, what is refused as an
//! error ([`super::Error::Exposed`]), for the CLI to word with the command that fixes it. Unix only; elsewhere
//! nothing is found.
//!
//! The rules follow ssh's for its own files (a private key others can read is not used; a config file others
//! can write or that another user owns is not read), where any user or another user is concerned; a group is
//! warned about, since a group of one (the user's own, with `umask 002`) is common:
//!
//! | what | who else | outcome |
//! |---|---|---|
//! | `credentials.toml` (the file its links lead to) | its group or any user can read or write it, or another user owns it | refused: its keys are not used |
//! | `config.toml` (the file its links lead to) | any user can write it, or another user owns it | refused: not read |
//! | `config.toml` | its group can write it | warning |
//! | the config directory, or a directory a link of either file leads into | its group or any user can write it, or another user owns it | warning |
//!
//! Root may own any of them, as with ssh. A file that others could replace in a directory they can write is
//! theirs once replaced, and so refused then; the warning about the directory comes first.

use std::fs;
use std::path::{Path, PathBuf};

/// Something that someone other than the user can change, or (the keys) read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exposure {
    /// The file or directory, by the path petstore uses (`chmod` and `chown` follow a link to its target).
    pub path: PathBuf,
    pub place: Place,
    pub who: Who,
    /// The command that ends it.
    pub fix: Fix,
}

/// What the exposed file or directory is to petstore.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The config directory.
    ConfigDir,
    /// A directory that a link of `file` (`config.toml` or `credentials.toml`) in the config directory leads
    /// into.
    LinkedDir { file: &'static str },
    /// `config.toml`.
    ConfigFile,
    /// `credentials.toml`, which holds keys.
    KeysFile,
    /// A directory above the config directory, or above a directory a link of `config.toml` leads into: who
    /// can write it can put another in its place ([`of_key_command`]).
    Above,
}

/// Who besides the user (and root) has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// Any user can write it (mode `o+w`), or, when `read`, read it (`o+r`, for the keys).
    AnyUser { read: bool },
    /// Its group can write it (`g+w`), or, when `read`, read it (`g+r`, for the keys).
    Group { read: bool },
    /// It belongs to another user, who can do anything with it.
    Owner { uid: u32 },
}

/// The command that ends an exposure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fix {
    /// `chmod MODE PATH`.
    Chmod(&'static str),
    /// `chown UID PATH`, `uid` being the user's; it takes root, unless the user is root.
    Chown { uid: u32 },
    /// Keep it (or, for a directory a link leads into, what the link leads to) somewhere of the user's own:
    /// where it is belongs to someone else (root), whose mode the user cannot set.
    MoveOut,
}

impl Exposure {
    /// Whether petstore refuses to use the file (see the table above), rather than warn.
    pub fn refused(&self) -> bool {
        match self.place {
            Place::KeysFile => true,
            Place::ConfigFile => !matches!(self.who, Who::Group { .. }),
            Place::ConfigDir | Place::LinkedDir { .. } | Place::Above => false,
        }
    }
}

impl std::fmt::Display for Exposure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = self.path.display();
        match self.who {
            Who::AnyUser { read } => write!(f, "`{path}` can be {} by any user", if read { "read" } else { "written" }),
            Who::Group { read } => write!(f, "`{path}` can be {} by its group", if read { "read" } else { "written" }),
            Who::Owner { uid } => write!(f, "`{path}` belongs to another user (uid {uid})"),
        }
    }
}

/// Who else can change the directory `dir` (`place`): at most one finding each for its owner and its
/// writers. Nothing when it does not exist.
pub fn of_dir(dir: &Path, place: Place) -> Vec<Exposure> {
    match fs::metadata(dir) {
        Ok(metadata) => of(dir, &metadata, place),
        Err(_) => Vec::new(),
    }
}

/// Who else can change (or, for the keys, read) the file at `path` (`place`), from `metadata`: the open
/// file's, so that what is checked is what is read.
pub fn of_file(path: &Path, metadata: &fs::Metadata, place: Place) -> Vec<Exposure> {
    of(path, metadata, place)
}

/// The directories that links of `files` in `dir` lead into, other than `dir` itself, each with who else can
/// change it.
pub fn of_linked_dirs(dir: &Path, files: &[&'static str]) -> Vec<Exposure> {
    let own = fs::canonicalize(dir).ok();
    let mut found: Vec<Exposure> = Vec::new();
    for &file in files {
        let Ok(hops) = super::files::link_hops(&dir.join(file)) else { continue };
        for hop in hops.iter().skip(1) {
            let Some(parent) = hop.parent().and_then(|parent| fs::canonicalize(parent).ok()) else { continue };
            if Some(&parent) == own.as_ref() || found.iter().any(|seen| seen.path == parent) {
                continue;
            }
            found.extend(of_dir(&parent, Place::LinkedDir { file }));
        }
    }
    found
}

/// Who else can change which command petstore runs for a key (`key_command`, in `file` in `dir`): whoever can
/// write the config directory, `file`, a directory a link of `file` leads into, or any directory above these
/// up to `/` (a link on the way that another user owns included). Above, a sticky directory (`/tmp`) may be
/// written by others: they cannot rename or remove what is not theirs, and what is below is checked in turn.
/// A key command is run only when this is empty: anyone else who can change it can run anything as the user.
pub fn of_key_command(dir: &Path, file: &'static str) -> Vec<Exposure> {
    let path = dir.join(file);
    let mut found = of_dir(dir, Place::ConfigDir);
    if let Ok(metadata) = fs::metadata(&path) {
        found.extend(of_file(&path, &metadata, Place::ConfigFile));
    }
    found.extend(of_linked_dirs(dir, &[file]));
    let mut dirs = vec![dir.to_owned()];
    if let Ok(hops) = super::files::link_hops(&path) {
        dirs.extend(hops.iter().skip(1).filter_map(|hop| hop.parent().map(Path::to_owned)));
    }
    let mut seen: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let absolute = std::path::absolute(&dir).unwrap_or_else(|_| dir.clone());
        for chain in [Some(absolute), fs::canonicalize(&dir).ok()].into_iter().flatten() {
            for above in chain.ancestors().skip(1) {
                if above.as_os_str().is_empty() || seen.iter().any(|seen| seen == above) {
                    continue;
                }
                seen.push(above.to_owned());
                found.extend(of_above(above));
            }
        }
    }
    found
}

#[cfg(unix)]
fn of_above(path: &Path) -> Vec<Exposure> {
    use std::os::unix::fs::MetadataExt;
    let uid = rustix::process::geteuid().as_raw();
    let exposure = |who, fix| Exposure { path: path.to_owned(), place: Place::Above, who, fix };
    let mut found = Vec::new();
    // A link on the way, which its owner can point elsewhere if its directory lets them replace it.
    if let Ok(link) = fs::symlink_metadata(path)
        && link.file_type().is_symlink()
        && link.uid() != uid
        && link.uid() != 0
    {
        found.push(exposure(Who::Owner { uid: link.uid() }, Fix::MoveOut));
    }
    let Ok(metadata) = fs::metadata(path) else { return found };
    let ours = metadata.uid() == uid;
    if !ours && metadata.uid() != 0 {
        found.push(exposure(Who::Owner { uid: metadata.uid() }, Fix::MoveOut));
    }
    let mode = metadata.mode();
    let fix = if ours { Fix::Chmod("go-w") } else { Fix::MoveOut };
    if mode & 0o1000 != 0 {
        // Sticky: others may add to it, not take away or rename what is not theirs.
    } else if mode & 0o002 != 0 {
        found.push(exposure(Who::AnyUser { read: false }, fix));
    } else if mode & 0o020 != 0 {
        found.push(exposure(Who::Group { read: false }, fix));
    }
    found
}

#[cfg(not(unix))]
fn of_above(_: &Path) -> Vec<Exposure> {
    Vec::new()
}

#[cfg(unix)]
fn of(path: &Path, metadata: &fs::Metadata, place: Place) -> Vec<Exposure> {
    use std::os::unix::fs::MetadataExt;
    let uid = rustix::process::geteuid().as_raw();
    let mode = metadata.mode();
    let exposure = |who, fix| Exposure { path: path.to_owned(), place, who, fix };
    let mut found = Vec::new();
    let ours = metadata.uid() == uid;
    let another_user_s = !ours && metadata.uid() != 0;
    let linked_dir = matches!(place, Place::LinkedDir { .. });
    if another_user_s {
        // What the user's links lead into is not theirs to take.
        let fix = if linked_dir { Fix::MoveOut } else { Fix::Chown { uid } };
        found.push(exposure(Who::Owner { uid: metadata.uid() }, fix));
    }
    let (read, write) = match place {
        // ssh's rule for a private key: nobody else has any access to it.
        Place::KeysFile => (0o044, 0o022),
        _ => (0, 0o022),
    };
    // A mode is its owner's to set: the user's, or theirs once it is given to them.
    let fix = match place {
        Place::KeysFile => Fix::Chmod("600"),
        _ if ours || (another_user_s && !linked_dir) => Fix::Chmod("go-w"),
        _ => Fix::MoveOut,
    };
    let others = |bits: u32| mode & bits & 0o007 != 0;
    let group = |bits: u32| mode & bits & 0o070 != 0;
    if others(read) || others(write) {
        found.push(exposure(Who::AnyUser { read: others(read) }, fix));
    } else if group(read) || group(write) {
        found.push(exposure(Who::Group { read: group(read) }, fix));
    }
    found
}

#[cfg(not(unix))]
fn of(_: &Path, _: &fs::Metadata, _: Place) -> Vec<Exposure> {
    Vec::new()
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn with_mode(mode: u32, place: Place) -> Vec<(Who, Fix, bool)> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file");
        fs::write(&path, "").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(mode)).unwrap();
        of_file(&path, &fs::metadata(&path).unwrap(), place).into_iter().map(|e| (e.who, e.fix, e.refused())).collect()
    }

    #[test]
    fn the_keys_are_refused_unless_private_and_the_config_unless_others_cannot_write_it() {
        let keys = Place::KeysFile;
        assert_eq!(with_mode(0o600, keys), []);
        assert_eq!(with_mode(0o400, keys), []);
        assert_eq!(with_mode(0o644, keys), [(Who::AnyUser { read: true }, Fix::Chmod("600"), true)]);
        assert_eq!(with_mode(0o640, keys), [(Who::Group { read: true }, Fix::Chmod("600"), true)]);
        assert_eq!(with_mode(0o602, keys), [(Who::AnyUser { read: false }, Fix::Chmod("600"), true)]);
        assert_eq!(with_mode(0o620, keys), [(Who::Group { read: false }, Fix::Chmod("600"), true)]);
        let config = Place::ConfigFile;
        assert_eq!(with_mode(0o600, config), []);
        assert_eq!(with_mode(0o644, config), [], "reading the config is no harm");
        assert_eq!(with_mode(0o664, config), [(Who::Group { read: false }, Fix::Chmod("go-w"), false)]);
        assert_eq!(with_mode(0o666, config), [(Who::AnyUser { read: false }, Fix::Chmod("go-w"), true)]);
        assert_eq!(with_mode(0o646, config), [(Who::AnyUser { read: false }, Fix::Chmod("go-w"), true)]);
    }

    #[test]
    fn a_key_command_needs_its_file_and_every_directory_up_to_the_root_to_be_the_users_alone() {
        let top = tempfile::tempdir().unwrap();
        let dir = top.path().join("config");
        fs::create_dir(&dir).unwrap();
        let path = dir.join("config.toml");
        fs::write(&path, "").unwrap();
        let mode = |path: &Path, mode| fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
        let found = || of_key_command(&dir, "config.toml").into_iter().map(|e| (e.path, e.place)).collect::<Vec<_>>();
        mode(&path, 0o644);
        mode(&dir, 0o755);
        // `/tmp` above is sticky, and so is no exposure.
        assert_eq!(found(), []);
        mode(&path, 0o664);
        assert_eq!(found(), [(path.clone(), Place::ConfigFile)]);
        mode(&path, 0o600);
        mode(top.path(), 0o775);
        assert_eq!(found(), [(top.path().to_owned(), Place::Above)]);
        mode(top.path(), 0o1777);
        assert_eq!(found(), [], "a sticky directory lets nobody replace what is below");
        mode(top.path(), 0o700);
        // A link into a directory its group can write.
        let elsewhere = top.path().join("elsewhere");
        fs::create_dir(&elsewhere).unwrap();
        mode(&elsewhere, 0o770);
        fs::rename(&path, elsewhere.join("real.toml")).unwrap();
        std::os::unix::fs::symlink(elsewhere.join("real.toml"), &path).unwrap();
        let linked = found();
        assert_eq!(linked, [(elsewhere.clone(), Place::LinkedDir { file: "config.toml" })]);
    }
}
