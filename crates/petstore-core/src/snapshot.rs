//! The last complete look at a store, one an environment: what the counter keeps showing when the line drops.
//!
//! A snapshot is a [`Catalog`] of every animal the API can show (the unfiltered first 100 and the first 100 of
//! each status, [`crate::catalog::all`] without a status), the base URL it came from, and when. It lives in
//! `snapshots/ENV.json` beside the journal ([`crate::journal::dir`]): a directory of mode 0700, a file of mode
//! 0600, replaced whole (a temporary file renamed over the old one), so a reader sees the last snapshot or the
//! one before, never half of one. A look at one status, or one that failed part-way, is not a complete look and
//! never replaces one. It holds what the API answered and nothing else: no key, no header. At most 400 animals,
//! and at most [`MAX_BYTES`]: a larger one (names of 128 KiB) is not kept, and the one before stays.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::config::Error as ConfigError;
use crate::config::files::{self, Mode};
use crate::user_file::{self, Refused};

/// The folder of snapshots inside the journal's directory.
pub const DIR: &str = "snapshots";
/// The largest snapshot kept or read.
pub const MAX_BYTES: u64 = 8 * 1024 * 1024;

/// What one complete look saw, and when.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Snapshot {
    /// When the look ended, RFC 3339 in UTC.
    pub taken: String,
    /// The base URL it looked at: a snapshot of another URL is not this environment's any more.
    pub base_url: String,
    pub catalog: Catalog,
}

/// Why a snapshot could not be read or kept.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read the snapshot `{}`: {source}", path.display())]
    Read { path: PathBuf, source: Refused },
    #[error("`{}` is not a snapshot petstore wrote: {source}", path.display())]
    Unreadable { path: PathBuf, source: serde_json::Error },
    #[error(transparent)]
    Write(#[from] ConfigError),
}

impl Snapshot {
    /// The snapshot of `catalog`, taken now; `None` when it is not a complete look (one status alone).
    pub fn of(catalog: &Catalog, base_url: &str) -> Option<Snapshot> {
        let unfiltered = catalog.coverage.partitions.iter().any(|partition| partition.status.is_none());
        unfiltered.then(|| Snapshot {
            taken: jiff::Timestamp::from_second(jiff::Timestamp::now().as_second()).expect("now is a time").to_string(),
            base_url: base_url.to_owned(),
            catalog: catalog.clone(),
        })
    }

    /// The name a snapshot is kept under: the environment's (`env`); for a base URL that is no environment,
    /// one made of the URL (`url-127-0-0-1-4010-v1`; the snapshot holds the URL, so two URLs that make one name
    /// never answer for each other).
    pub fn name(env: Option<&str>, base_url: &str) -> String {
        env.map(ToOwned::to_owned).unwrap_or_else(|| {
            let url = base_url.split_once("://").map_or(base_url, |(_, rest)| rest);
            let safe: String = url.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).take(100).collect();
            format!("url-{safe}")
        })
    }

    /// Where the snapshot of environment `env` lives in the journal's directory `dir`.
    pub fn path(dir: &Path, env: &str) -> PathBuf {
        dir.join(DIR).join(format!("{env}.json"))
    }

    /// Keeps it as the snapshot of `env`, in place of the one before. Returns `false`, keeping the one before,
    /// when it is larger than [`MAX_BYTES`] (or `env` is no environment's name, which a path could not hold).
    pub fn keep(&self, dir: &Path, env: &str) -> Result<bool, Error> {
        let path = Snapshot::path(dir, env);
        let bytes = serde_json::to_vec(self).expect("a snapshot serializes");
        if bytes.len() as u64 > MAX_BYTES || crate::config::check_name(env).is_err() {
            return Ok(false);
        }
        let folder = path.parent().expect("a snapshot is in a folder");
        files::create_private_dir(folder).map_err(|source| ConfigError::Write { path: folder.to_owned(), source })?;
        files::replace(&path, &bytes, Mode::Private)?;
        Ok(true)
    }

    /// The snapshot of `env` taken at `base_url`; `None` when there is none, or when it is of another base URL.
    pub fn read(dir: &Path, env: &str, base_url: &str) -> Result<Option<Snapshot>, Error> {
        let path = Snapshot::path(dir, env);
        if crate::config::check_name(env).is_err() {
            return Ok(None);
        }
        let Some(bytes) =
            user_file::read(&path, MAX_BYTES).map_err(|source| Error::Read { path: path.clone(), source })?
        else {
            return Ok(None);
        };
        let snapshot: Snapshot = serde_json::from_slice(&bytes).map_err(|source| Error::Unreadable { path, source })?;
        Ok((snapshot.base_url == base_url).then_some(snapshot))
    }

    /// How long ago it was taken, in whole seconds; 0 for a time in the future (a clock set back).
    pub fn age_seconds(&self, now: jiff::Timestamp) -> u64 {
        let taken: jiff::Timestamp = self.taken.parse().unwrap_or(now);
        u64::try_from(now.as_second() - taken.as_second()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests;
