//! What a batch reads: each record to send, or kept back from sending and why. A record is kept back when
//! `--if-absent`'s lookup finds it exists ([`Kept::Exists`]) or cannot tell ([`Kept::Undecided`]), or when the
//! check pass set it aside as invalid ([`Kept::Invalid`]). The batch counts a kept record in its tally and
//! hands it on in input order with the records it sent, so that every record of the input ends one way.

use std::collections::HashSet;
use std::io;

use crate::api::Pet;
use crate::bulk::{Invalid, Record};
use crate::catalog::{Decision, Existing};

/// A record as the batch's source gives it.
#[derive(Debug)]
pub enum Sourced {
    /// Send it.
    Send(Record),
    /// Do not send it.
    Kept(Kept),
}

impl From<Record> for Sourced {
    fn from(record: Record) -> Sourced {
        Sourced::Send(record)
    }
}

/// A record kept back from sending, and why.
#[derive(Debug)]
pub enum Kept {
    /// It exists, as this animal (`--if-absent`).
    Exists(Record, Pet),
    /// Whether it exists cannot be told (`--if-absent`): no query reaches past its status's first 100.
    Undecided(Record),
    /// The check pass found it invalid and set it aside (`--skip-invalid`).
    Invalid(Invalid),
}

impl Kept {
    /// The record's line in the input (its index, for a batch that is not a file).
    pub fn line(&self) -> u64 {
        match self {
            Kept::Exists(record, _) | Kept::Undecided(record) => record.line,
            Kept::Invalid(invalid) => invalid.line,
        }
    }
}

/// The records of a file as a batch reads them: each valid one looked up first when `existing` is given
/// (`--if-absent`), and each invalid one the check pass set aside (`set_aside`, by line) kept back. An invalid
/// record that was not set aside is one the check pass did not see: the file changed, and the batch stops.
#[derive(Debug)]
pub struct Sift<R> {
    records: R,
    existing: Option<Existing>,
    set_aside: HashSet<u64>,
    send_undecided: bool,
}

impl<R> Sift<R> {
    /// Sends every valid record of `records`, keeps back the invalid ones on the lines of `set_aside`.
    pub fn new(records: R, set_aside: HashSet<u64>) -> Sift<R> {
        Sift { records, existing: None, set_aside, send_undecided: false }
    }

    /// Looks each valid record up in `existing` first, if there is one (`--if-absent`): one that exists is kept
    /// back, as is one whose existence cannot be told, unless `send_undecided` (`--if-absent=send`).
    pub fn if_absent(mut self, existing: Option<Existing>, send_undecided: bool) -> Sift<R> {
        self.existing = existing;
        self.send_undecided = send_undecided;
        self
    }
}

impl<R: Iterator<Item = io::Result<Result<Record, Invalid>>>> Iterator for Sift<R> {
    type Item = io::Result<Result<Sourced, Invalid>>;

    fn next(&mut self) -> Option<Self::Item> {
        let record = match self.records.next()? {
            Err(err) => return Some(Err(err)),
            Ok(Err(invalid)) if self.set_aside.contains(&invalid.line) => {
                return Some(Ok(Ok(Sourced::Kept(Kept::Invalid(invalid)))));
            }
            Ok(Err(invalid)) => return Some(Ok(Err(invalid))),
            Ok(Ok(record)) => record,
        };
        let Some(existing) = &mut self.existing else { return Some(Ok(Ok(Sourced::Send(record)))) };
        let sourced = match existing.decide(&record.pet) {
            Decision::Send => Sourced::Send(record),
            Decision::Undecided if self.send_undecided => Sourced::Send(record),
            Decision::Undecided => Sourced::Kept(Kept::Undecided(record)),
            Decision::Exists(pet) => Sourced::Kept(Kept::Exists(record, pet)),
        };
        Some(Ok(Ok(sourced)))
    }
}
