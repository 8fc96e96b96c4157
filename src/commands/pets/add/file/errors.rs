//! The failures of `pets add --file` that its parts share: the records file unreadable, a file of records
//! unwritable, a record undecided.

use std::io;
use std::path::Path;

use crate::error::{Code, Error, code};
use petstore_core::api::PetStatus;

/// The records file `name` (a path, or stdin) cannot be read.
pub(super) fn unreadable(name: &str, source: io::Error) -> Error {
    Error::new(&code::RECORDS_READ, format!("cannot read `{name}`: {source}")).with_source(source)
}

/// The records that were not created (`failed_file`), of unknown outcome (`unknown_file`) or undecided
/// (`undecided_file`) cannot be written to `path`.
pub(super) fn unwritable(code: &'static Code, path: &Path, source: io::Error) -> Error {
    let which = match code.name {
        "failed_file" => "the records that were not created",
        "unknown_file" => "the records of unknown outcome",
        _ => "the undecided records",
    };
    Error::new(code, format!("cannot write {which} to `{}`: {source}", path.display())).with_source(source)
}

/// `--if-absent` could not tell whether a record of this status exists: its status's list (or, for a record
/// with no status, the unfiltered list) came back full, and an animal past it could be this one. Not sent.
pub(crate) fn undecided(status: Option<PetStatus>) -> Error {
    let why = undecidable_why(status);
    Error::new(&code::UNDECIDED, format!("not sent: whether it exists cannot be told, as {why}")).with_hint(
        "no query reaches past the first 100: send it with `--if-absent=send`, or without `--if-absent`, only if \
         you know it does not exist (docs/bulk.md, \"Undecided records\")",
    )
}

/// Why whether an animal of `status` exists cannot be told, in words that follow "as".
pub(crate) fn undecidable_why(status: Option<PetStatus>) -> String {
    match status {
        Some(status) => format!("the API shows only the first 100 `{status}` animals"),
        None => "it has no status, and the API shows only the first 100 animals".to_owned(),
    }
}
