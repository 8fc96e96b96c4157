//! What changed in the store between two looks at every animal the API can reach (`pets watch`). The API has
//! no events and no paging, so a look is [`crate::catalog::all`] (the unfiltered first 100 and the first 100
//! of each status), and the change is worked out here: animals added, changed (its name, category or status),
//! and no longer seen.
//!
//! A look that was not complete (a status with more than 100, the blind spot) cannot tell "gone" from
//! "hidden": an animal that a full partition could now hide is not reported gone but kept, as last seen, for
//! the next look. Nothing here prints or sleeps.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::api::Pet;
use crate::catalog::{Catalog, Coverage};

/// One change between two looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Not seen before.
    Added(Pet),
    /// Seen before as `was`: its name, category or status is another now.
    Changed { was: Pet, now: Pet },
    /// Seen before, and no look could hide it now: deleted, or moved where no query reaches.
    Gone(Pet),
}

/// What a watch remembers between looks: every animal seen, by id, as last seen.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seen {
    pets: BTreeMap<i64, Pet>,
}

impl Seen {
    /// What the first look saw.
    pub fn of(catalog: &Catalog) -> Seen {
        Seen { pets: catalog.pets.iter().map(|pet| (pet.id, pet.clone())).collect() }
    }

    /// How many animals it holds.
    pub fn len(&self) -> usize {
        self.pets.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.pets.is_empty()
    }

    /// The changes from what was seen to what `now` shows, in id order (added and changed first, then gone);
    /// what is seen becomes what `now` shows, with the animals it could hide kept as last seen.
    pub fn update(&mut self, now: &Catalog) -> Vec<Change> {
        let mut changes = Vec::new();
        let mut next = BTreeMap::new();
        for pet in &now.pets {
            match self.pets.remove(&pet.id) {
                None => changes.push(Change::Added(pet.clone())),
                Some(was) if was != *pet => changes.push(Change::Changed { was, now: pet.clone() }),
                Some(_) => {}
            }
            next.insert(pet.id, pet.clone());
        }
        for (id, pet) in std::mem::take(&mut self.pets) {
            if hidden(&now.coverage, &pet) {
                next.insert(id, pet);
            } else {
                changes.push(Change::Gone(pet));
            }
        }
        self.pets = next;
        changes
    }
}

/// Whether `pet`, as last seen, could exist now without `coverage` showing it: under any status, as its status
/// may have changed to one whose partition is full.
fn hidden(coverage: &Coverage, pet: &Pet) -> bool {
    coverage.could_hide(pet.id, None)
}

/// The file `pets watch --once --state FILE` keeps between runs: where it looked, when, and what it saw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct State {
    /// The format's version: 1.
    pub version: u32,
    /// The base URL looked at: a state of another store is not compared with this one.
    pub base_url: String,
    /// When, as an RFC 3339 time.
    pub at: String,
    /// Every animal seen, as last seen, in id order.
    pub pets: Vec<Pet>,
}

/// Why a state file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    #[error("cannot read `{}`: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    /// Not a regular file (a FIFO, a device, a directory), or larger than [`STATE_MAX_BYTES`]: never read.
    #[error("cannot use `{}` as a state file: {refused}", path.display())]
    Refused { path: PathBuf, refused: crate::user_file::Refused },
    /// The directory the file would be written in is not there.
    #[error("cannot keep `{}`: its directory `{}` does not exist", path.display(), dir.display())]
    NoDirectory { path: PathBuf, dir: PathBuf },
    #[error("`{}` is not a state file of `pets watch`: {reason}", path.display())]
    Malformed { path: PathBuf, reason: String },
    #[error("`{}` holds the state of {other}, not of {here}", path.display())]
    OtherStore { path: PathBuf, other: String, here: String },
    #[error("cannot write `{}`: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
}

/// The largest state file read: far more than the animals a look can see (400, with names of up to 128 KiB
/// each) ever take in practice, and small enough that a wrong file costs little.
pub const STATE_MAX_BYTES: u64 = 64 * 1024 * 1024;

impl State {
    /// The state in `path` for the store at `base_url`, or `None` when there is no file yet, in a directory
    /// that is there to write it in. A path that is not a regular file (a FIFO, `/dev/zero`), or one larger
    /// than [`STATE_MAX_BYTES`], is refused without waiting for it.
    pub fn load(path: &Path, base_url: &str) -> Result<Option<(State, Seen)>, StateError> {
        let text = match crate::user_file::read(path, STATE_MAX_BYTES) {
            Ok(Some(text)) => text,
            Ok(None) => {
                let dir = directory_of(&target_of(path));
                if !dir.is_dir() {
                    return Err(StateError::NoDirectory { path: path.to_owned(), dir });
                }
                return Ok(None);
            }
            Err(crate::user_file::Refused::Io(source)) => {
                return Err(StateError::Read { path: path.to_owned(), source });
            }
            Err(refused) => return Err(StateError::Refused { path: path.to_owned(), refused }),
        };
        let state: State = serde_json::from_slice(&text).map_err(|err| StateError::Malformed {
            path: path.to_owned(),
            reason: crate::api::error::one_line(&err.to_string()),
        })?;
        if state.version != 1 {
            let reason = format!("its version is {}, and this petstore reads version 1", state.version);
            return Err(StateError::Malformed { path: path.to_owned(), reason });
        }
        if state.base_url != base_url {
            return Err(StateError::OtherStore {
                path: path.to_owned(),
                other: state.base_url.clone(),
                here: base_url.to_owned(),
            });
        }
        let seen = Seen { pets: state.pets.iter().map(|pet| (pet.id, pet.clone())).collect() };
        Ok(Some((state, seen)))
    }

    /// What `seen` holds, looked at `at` in the store at `base_url`.
    pub fn new(base_url: &str, at: String, seen: &Seen) -> State {
        State { version: 1, base_url: base_url.to_owned(), at, pets: seen.pets.values().cloned().collect() }
    }

    /// Writes it to `path` whole or not at all: a temporary file beside it, renamed over it. When `path` is a
    /// symlink, the file it leads to is replaced and the link stays; the file keeps its mode.
    pub fn save(&self, path: &Path) -> Result<(), StateError> {
        let write = |source| StateError::Write { path: path.to_owned(), source };
        let target = target_of(path);
        let mode = match std::fs::metadata(&target) {
            Ok(metadata) if !metadata.is_file() => {
                let refused =
                    crate::user_file::Refused::NotRegular { what: crate::user_file::describe(&metadata.file_type()) };
                return Err(StateError::Refused { path: path.to_owned(), refused });
            }
            Ok(metadata) => Some(metadata.permissions()),
            Err(err) if err.kind() == io::ErrorKind::NotFound => None,
            Err(source) => return Err(write(source)),
        };
        let mut file = tempfile::NamedTempFile::new_in(directory_of(&target)).map_err(write)?;
        if let Some(mode) = mode {
            file.as_file().set_permissions(mode).map_err(write)?;
        }
        serde_json::to_writer_pretty(&mut file, self).map_err(|err| write(err.into()))?;
        io::Write::write_all(&mut file, b"\n").map_err(write)?;
        file.as_file().sync_all().map_err(write)?;
        file.persist(&target).map_err(|err| write(err.error))?;
        Ok(())
    }
}

/// The file `path` leads to through its symlinks, or `path` when it is none (or cannot be followed: the
/// write then says why).
fn target_of(path: &Path) -> PathBuf {
    crate::config::files::follow_symlinks(path).unwrap_or_else(|_| path.to_owned())
}

/// The directory `path` is in: `.` for a bare name.
fn directory_of(path: &Path) -> PathBuf {
    path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::PetStatus;
    use crate::catalog::Partition;

    fn pet(id: i64, name: &str, status: Option<PetStatus>) -> Pet {
        Pet { id, name: name.to_owned(), category_id: 1, status }
    }

    fn catalog(pets: Vec<Pet>, full: Option<(Option<PetStatus>, i64)>) -> Catalog {
        let partitions = full
            .map(|(status, last_id)| vec![Partition { status, returned: 100, full: true, last_id: Some(last_id) }])
            .unwrap_or_default();
        Catalog { pets, coverage: Coverage { partitions, partial: full.is_some(), blind_spot: false } }
    }

    #[test]
    fn added_changed_and_gone_are_told_in_id_order() {
        let mut seen = Seen::of(&catalog(vec![pet(1, "Rex", None), pet(2, "Tom", None), pet(3, "Kit", None)], None));
        let sold = pet(2, "Tom", Some(PetStatus::Sold));
        let changes = seen.update(&catalog(vec![pet(1, "Rex", None), sold.clone(), pet(4, "New", None)], None));
        assert_eq!(
            changes,
            [
                Change::Changed { was: pet(2, "Tom", None), now: sold },
                Change::Added(pet(4, "New", None)),
                Change::Gone(pet(3, "Kit", None)),
            ]
        );
        assert_eq!(seen.len(), 3);
        assert_eq!(seen.update(&catalog(seen.pets.values().cloned().collect(), None)), []);
    }

    #[test]
    fn an_animal_a_full_partition_could_hide_is_kept_not_gone() {
        let mut seen = Seen::of(&catalog(vec![pet(150, "Late", Some(PetStatus::Available))], None));
        // The available partition is full up to id 120: 150 may be past it.
        let now = catalog(vec![], Some((Some(PetStatus::Available), 120)));
        assert_eq!(seen.update(&now), []);
        assert_eq!(seen.len(), 1);
        // Up to 200, it would have shown: gone.
        let now = catalog(vec![], Some((Some(PetStatus::Available), 200)));
        assert_eq!(seen.update(&now), [Change::Gone(pet(150, "Late", Some(PetStatus::Available)))]);
    }

    #[test]
    fn the_state_is_saved_whole_and_read_back_for_the_same_store_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        assert!(State::load(&path, "http://a/v1").unwrap().is_none());
        let seen = Seen::of(&catalog(vec![pet(1, "Rex", None)], None));
        State::new("http://a/v1", "2026-11-27T00:00:00Z".into(), &seen).save(&path).unwrap();
        let (_, back) = State::load(&path, "http://a/v1").unwrap().unwrap();
        assert_eq!(back, seen);
        assert!(matches!(State::load(&path, "http://b/v1"), Err(StateError::OtherStore { .. })));
        std::fs::write(&path, "{").unwrap();
        assert!(matches!(State::load(&path, "http://a/v1"), Err(StateError::Malformed { .. })));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
    }
}
