//! Where a batch's records end: as each ends, a line and the progress on stderr; in input order, created
//! pets (and those `--if-absent` found) on stdout and the records certainly not created in the `--failed` file;
//! and the `--unknown` and `--undecided` files.

use std::future::Future;
use std::io;

use petstore_core::api::Pet;
use petstore_core::batch::{self, Abandoned, End, Event, Kept, Release};
use petstore_core::bulk::{FailedFile, Record};

use super::errors::{undecided, unwritable};
use crate::commands::pets::{UNKNOWN_CHECK, write_error};
use crate::context::Context;
use crate::error::{Code, Error, Kind, RecordProblem, code};
use crate::output::jq::{Stopped, jq_message};
use crate::output::{BatchProgress, CreatedPets, NotShown, Outcome, Shown};
use crate::signals::{Signal, Signals};

/// How many lines of unknown outcome (or undecided) the final list names; it counts the rest (each was
/// reported as it happened).
pub(super) const SHOWN_LINES: usize = 50;

impl batch::Interrupts for Signals {
    type Signal = Signal;

    fn pending(&mut self) -> Option<Signal> {
        Signals::pending(self)
    }

    fn recv(&mut self) -> impl Future<Output = Signal> {
        Signals::recv(self)
    }
}

/// Why the output stopped the batch.
pub(super) enum Halt {
    /// stdout's reader went away.
    StdoutClosed,
    /// `--jq` was stopped, so no later pet can be shown; by a signal, the batch stops for it too, without
    /// sending another record first.
    Filter(Stopped),
    /// The output or the `--failed` file cannot be written.
    Broken(Error),
}

/// Where a batch's results go: created pets to stdout, records certainly not created to the `--failed` file,
/// progress and each record's end to stderr.
pub(super) struct BatchOutput {
    pub(super) failed_file: Option<FailedFile>,
    /// `--unknown`: the records of unknown outcome, as their outcome becomes unknown.
    pub(super) unknown_file: Option<FailedFile>,
    /// The first error writing `unknown_file`: it stops the batch (a record with nowhere to go).
    pub(super) unknown_error: Option<io::Error>,
    /// `--undecided`: the records `--skip-existing` could not decide, as it meets them.
    pub(super) undecided_file: Option<FailedFile>,
    /// The first lines of undecided records.
    pub(super) undecided_lines: Vec<u64>,
    pub(super) created: CreatedPets,
    pub(super) progress: BatchProgress,
    /// The first lines of unknown outcome.
    pub(super) unknown_lines: Vec<u64>,
    /// Created (or skipped) pets that `--jq` did not show.
    pub(super) not_shown: u64,
    /// In a JSON mode every line on stderr is a JSON document: each record's failure ([`RecordFailure`]) and
    /// the batch's own lines ([`BatchLine`]).
    pub(super) json_errors: bool,
}

/// A record that was not created, or of unknown outcome, in a JSON mode: its input line and the error as the
/// one a failed command writes (`{"line": N, "error": {...}}`, beside `-o ndjson`'s `{"line": N, "pet": {...}}`).
/// A pet that was created (or exists) but that `--jq` did not show has its `pet` too: it needs no sending.
#[derive(serde::Serialize)]
pub(super) struct RecordFailure<'a> {
    line: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pet: Option<&'a Pet>,
    error: crate::error::ErrorObject,
}

/// A line of a bulk add's own on stderr in a JSON mode (besides [`RecordFailure`]s, warnings and the final
/// error): `{"note": {...}}`, `{"stopping": {...}}`, `{"unknown": {...}}` or `{"summary": {...}}`, each the
/// prose line's words as `message`, and its figures.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub(super) enum BatchLine<'a> {
    /// Something the batch does that a reader should know (a pause the server asked for).
    Note { message: &'a str },
    /// Why the batch stops sending: `reason` is one word a program can match.
    Stopping { reason: &'static str, message: &'a str },
    /// The records of unknown outcome: how many, their first lines, and the `--unknown` file.
    Unknown { count: u64, lines: &'a [u64], file: Option<String>, message: &'a str },
    /// How the batch ended, and the next step (`null` when there is none).
    Summary {
        created: u64,
        failed: u64,
        unknown: u64,
        not_sent: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        undecided: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        invalid: Option<u64>,
        not_shown: u64,
        hint: Option<&'a str>,
    },
}

impl BatchLine<'_> {
    /// The line as JSON, escaped as JSON (`\uXXXX`), so that it stays a JSON document when the progress escapes
    /// it.
    pub(super) fn text(&self) -> String {
        let text = serde_json::to_string(self).expect("a line serialises");
        crate::output::safe::json(&text, true).into_owned()
    }
}

impl BatchOutput {
    /// The output of a batch of `total` records, to `ctx`'s streams and the `--failed`, `--unknown` and
    /// `--undecided` files (`files`, in that order).
    pub(super) fn new(ctx: &Context, total: u64, files: [Option<FailedFile>; 3]) -> BatchOutput {
        let [failed_file, unknown_file, undecided_file] = files;
        BatchOutput {
            failed_file,
            unknown_file,
            unknown_error: None,
            undecided_file,
            undecided_lines: Vec::new(),
            created: ctx.output.created_pets(),
            progress: ctx.output.batch_progress(total),
            unknown_lines: Vec::new(),
            not_shown: 0,
            json_errors: ctx.output.json_errors(),
        }
    }

    /// Reports that the record on `line` failed: `{"line": N, "error": {...}}` in a JSON mode (the error's
    /// `requestId` among its fields), else `line N: PREFIX: MESSAGE`, and `` (request id `ID`)`` after a request.
    fn report_failure(&self, line: u64, prefix: &str, err: &Error) {
        if self.json_errors {
            self.report_json(line, None, err);
        } else {
            let id = err.request_id().map(|id| format!(" (request id `{id}`)")).unwrap_or_default();
            self.progress.report(&format!("line {line}: {prefix}: {err}{id}"));
        }
    }

    /// The [`RecordFailure`] of `line` (with its `pet`, if it exists) as a JSON line, escaped as JSON (`\uXXXX`),
    /// so that it stays a JSON document when `report` escapes it.
    fn report_json(&self, line: u64, pet: Option<&Pet>, err: &Error) {
        let failure = RecordFailure { line, pet, error: err.to_document().error };
        let text = serde_json::to_string(&failure).expect("a failure serialises");
        self.progress.report(&crate::output::safe::json(&text, true));
    }

    /// Notes that the record on `line` was created as `pet`, which differs from it (a name the server
    /// normalised, a mock's example): `{"line": N, "note": {"message": ...}}` in a JSON mode, else
    /// `line N: note: created as pet `ID`; ...`.
    fn report_note(&self, line: u64, pet: &Pet, differences: &str) {
        let message = format!("created as pet `{}`; {}", pet.id, super::super::differs_note(differences));
        if self.json_errors {
            let note = serde_json::json!({ "line": line, "note": { "message": message } });
            self.progress.report(&crate::output::safe::json(&note.to_string(), true));
        } else {
            self.progress.report(&format!("line {line}: note: {message}"));
        }
    }

    /// Reports a pet of input line `line` that `--jq` did not show, though it was created (or, `skipped`,
    /// exists): `{"line": N, "pet": {...}, "error": {...}}` in a JSON mode, else `line N: created as pet
    /// `ID`, not shown: ...`. A stopped filter stops the batch.
    fn not_shown(&mut self, line: u64, pet: &Pet, skipped: bool, shown: Shown) -> Result<(), Halt> {
        let Err(not_shown) = shown else { return Ok(()) };
        self.not_shown += 1;
        let (message, halt) = match &not_shown {
            NotShown::Failed(err) => (format!("`--jq` failed on it: {}", jq_message(err)), None),
            NotShown::Stopped(stopped) => {
                (format!("`--jq` was stopped on it: {}", stopped.describe()), Some(Halt::Filter(*stopped)))
            }
            NotShown::StoppedBefore => ("`--jq` was stopped on an earlier pet".to_owned(), None),
        };
        let err = Error::new(&code::BATCH_JQ, format!("not shown: {message}"))
            .with_hint("the animal exists: do not send the record again");
        let what = if skipped { "skipped, as it exists as pet" } else { "created as pet" };
        if self.json_errors {
            self.report_json(line, Some(pet), &err);
        } else {
            self.progress.report(&format!("line {line}: {what} `{}`, {err}", pet.id));
        }
        halt.map_or(Ok(()), Err)
    }

    /// stdout cannot be written: its reader went away, or it failed.
    fn halt(&self, err: io::Error) -> Halt {
        if self.created.is_closed() { Halt::StdoutClosed } else { Halt::Broken(err.into()) }
    }

    /// A record of unknown outcome, and why.
    fn unknown(&mut self, record: &Record, err: &Error) {
        self.progress.advance(Outcome::Unknown);
        self.report_failure(record.line, "outcome unknown", err);
        if self.unknown_lines.len() < SHOWN_LINES {
            self.unknown_lines.push(record.line);
        }
        if let Some(file) = &mut self.unknown_file
            && self.unknown_error.is_none()
            && let Err(err) = file.write(&record.pet)
        {
            self.unknown_error = Some(err);
        }
    }

    /// The `--unknown` file's write error, once, to stop the batch.
    fn unknown_halt(&mut self) -> Result<(), Halt> {
        match (self.unknown_error.take(), &self.unknown_file) {
            (Some(source), Some(file)) => Err(Halt::Broken(unwritable(&code::UNKNOWN_FILE, file.path(), source))),
            _ => Ok(()),
        }
    }
}

impl batch::Sink for BatchOutput {
    type Error = Halt;

    fn ended(&mut self, record: &Record, end: End<'_>) -> Result<(), Halt> {
        match end {
            End::Created(pet) => {
                self.progress.advance(Outcome::Created);
                if let Some(differences) = petstore_core::api::client::differences(&record.pet, pet) {
                    self.report_note(record.line, pet, &differences);
                }
                let shown = self.created.completed(record.line, pet).map_err(|err| self.halt(err))?;
                self.not_shown(record.line, pet, false, shown)
            }
            End::Failed(err) => {
                let err = Error::from(err);
                self.progress.advance(Outcome::Failed);
                self.report_failure(record.line, "not created", &err);
                Ok(())
            }
            End::Unknown(err) => {
                let err = write_error(err);
                self.unknown(record, &err);
                self.unknown_halt()
            }
            End::Abandoned(why) => {
                let reason = match why {
                    Abandoned::Interrupted => "interrupted while waiting for the answer",
                    Abandoned::NoAnswerInTime => "no answer in time after the signal",
                };
                let err = Error::maybe_applied(reason, UNKNOWN_CHECK, Kind::Network);
                self.unknown(record, &err);
                self.unknown_halt()
            }
        }
    }

    /// As it is read: a line for an undecided or invalid record, the progress for each.
    fn kept(&mut self, kept: &Kept) -> Result<(), Halt> {
        match kept {
            Kept::Exists(..) => self.progress.advance(Outcome::Exists),
            Kept::Undecided(record) => {
                self.progress.advance(Outcome::Undecided);
                self.report_failure(record.line, "undecided", &undecided(record.pet.status));
                if self.undecided_lines.len() < SHOWN_LINES {
                    self.undecided_lines.push(record.line);
                }
            }
            Kept::Invalid(invalid) => {
                self.progress.advance(Outcome::Invalid);
                let err = Error::new(&code::INVALID_RECORD, invalid.message())
                    .with_records(RecordProblem::of(invalid).collect());
                self.report_failure(invalid.line, "invalid, not sent", &err);
            }
        }
        Ok(())
    }

    /// The records the batch did not send are wanted when there is a `--failed` or `--undecided` file to keep
    /// them in.
    fn wants_the_rest(&self) -> bool {
        self.failed_file.is_some() || self.undecided_file.is_some()
    }

    fn release(&mut self, release: Release) -> Result<(), Halt> {
        let failed = &mut self.failed_file;
        match release {
            Release::Created(pet) => self.created.in_order(pet).map_err(|err| self.halt(err)),
            Release::Failed(pet) => keep(failed, &code::FAILED_FILE, |file| file.write(&pet)),
            Release::NotSent(record) => keep(failed, &code::FAILED_FILE, |file| file.write(&record.pet)),
            Release::Kept(Kept::Exists(record, pet)) => {
                let shown = self.created.skipped(record.line, &pet).map_err(|err| self.halt(err))?;
                self.not_shown(record.line, &pet, true, shown)
            }
            // Unlike the `--unknown` file's, a write error here cannot wait: the record is in no other file.
            Release::Kept(Kept::Undecided(record)) => {
                keep(&mut self.undecided_file, &code::UNDECIDED_FILE, |file| file.write(&record.pet))
            }
            Release::Kept(Kept::Invalid(invalid)) => match &invalid.raw {
                Some(raw) => keep(failed, &code::FAILED_FILE, |file| file.write_raw(raw)),
                None => Ok(()),
            },
        }
    }

    fn flush(&mut self) -> Result<(), Halt> {
        self.created.flush().map_err(|err| self.halt(err))
    }

    fn event(&mut self, event: Event<'_, Halt>) {
        if let Event::Concurrency(concurrency) = event {
            self.progress.set_concurrency(concurrency);
            return;
        }
        let stopped = |halt: &Halt| match halt {
            Halt::StdoutClosed => Some(("stdout_closed", "stdout closed")),
            // The signal says it; an error, the ending.
            Halt::Filter(Stopped::Signal(_)) | Halt::Broken(_) => None,
            Halt::Filter(_) => Some(("jq", "`--jq` was stopped, so no more pets can be shown; the rest is not sent")),
        };
        if let Some(line) = super::events::line(&event, self.json_errors, stopped) {
            self.progress.report(&line);
        }
    }
}

/// Writes a record to `file` (of `code`), when there is one: a write error stops the batch.
fn keep(
    file: &mut Option<FailedFile>,
    code: &'static Code,
    write: impl FnOnce(&mut FailedFile) -> io::Result<()>,
) -> Result<(), Halt> {
    let Some(file) = file else { return Ok(()) };
    write(file).map_err(|source| Halt::Broken(unwritable(code, file.path(), source)))
}
