//! `petstore pets add --file`: a check pass over the whole file, then a send pass that reads it again and
//! sends records as many at a time as `--concurrency` says (without it, as many as the batch finds the server
//! takes: `petstore_core::batch::limiter`) over one client (so over reused connections). Neither pass holds
//! the file: records come one at a time from [`petstore_core::bulk`], and results leave through a window of at most
//! `WINDOW` records, in input order. Stdin is copied to a temporary file during the check pass, which runs on
//! a blocking thread so that a signal ends it even while stdin is silent. The `--failed` path is checked
//! before either pass.
//!
//! The sending itself, its pace and when it stops, is `petstore_core::batch`'s; this file gives it a
//! `create` (the client's `POST /pets`), the signals and a sink, and words what it reports: progress and each
//! record's end on stderr, created pets on stdout in input order, records certainly not created (failed, and
//! those not sent) in the `--failed` file, and the summary with its exit. A record of unknown outcome may
//! exist, so it is listed apart and kept out of the `--failed` file, which must never cause a duplicate.

use std::collections::{HashSet, VecDeque};
use std::fs::File;
use std::future::Future;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use petstore_core::batch::{
    self, Abandoned, End, Event, Hopeless, Limiter, MAX_REFUSALS, MAX_SERVER_FAILURES, PAUSE_CAP, Release,
    SIGNAL_GRACE, Stop, Summary, Tally,
};

use super::{AddArgs, Undecidable};
use crate::commands::pets::{UNKNOWN_CHECK, write_error};
use crate::context::Context;
use crate::error::{Code, Error, Kind, RecordProblem, Retry, code};
use crate::output::jq::{Stopped, jq_message};
use crate::output::{BatchProgress, CreatedPets, NotShown, Shown, duration_words, suggested_shell_word, thousands};
use crate::signals::{self, Signal, Signals};
use petstore_core::api::{Pet, PetStatus};
use petstore_core::bulk::{FailedFile, Format, Invalid, Reader, Record};
use petstore_core::catalog::{Decision, Existing};

/// How many invalid records the check pass lists; it counts the rest.
const SHOWN_INVALID: u64 = 50;

/// After this many invalid records the check pass reads no further: the file is not what was meant, and
/// endless input that is not records must end too.
const MAX_INVALID: u64 = 10_000;

/// How many lines of unknown outcome the final list names; it counts the rest (each was reported as it
/// happened).
const SHOWN_UNKNOWN: usize = 50;

/// Adds every record of `file` (`-` for stdin).
pub async fn run(ctx: &Context, args: &AddArgs, file: &Path) -> Result<(), Error> {
    // Listening from now on: a signal during the check pass stops the batch before anything is sent.
    let mut interrupts = signals::subscribe();
    let stdin = file == Path::new("-");
    let name = if stdin { "stdin".to_owned() } else { file.display().to_string() };
    // clap requires `--format` for stdin.
    let format = match (args.format, Format::from_extension(file)) {
        (Some(format), _) | (None, Some(format)) => format,
        (None, None) => {
            return Err(Error::new(&code::RECORDS_FORMAT, format!("cannot tell the format of `{name}` from its name"))
                .with_hint("name it `.json`, `.ndjson` or `.csv`, or pass `--format json|ndjson|csv`"));
        }
    };
    // Each file is replaced whole at the end: two flags naming one file would lose one's records.
    let files =
        [("failed", args.failed.as_ref()), ("unknown", args.unknown.as_ref()), ("undecided", args.undecided.as_ref())];
    for (at, &(first, path)) in files.iter().enumerate() {
        for &(flag, other) in &files[at + 1..] {
            if let (Some(path), Some(other)) = (path, other)
                && same_file(path, other)
            {
                return Err(unusable(
                    flag,
                    other,
                    &format!("it is the `--{first}` file too, and each replaces the other"),
                    format!("give `--{first}` and `--{flag}` two different files"),
                ));
            }
        }
    }
    let failed_file = args.failed.as_deref().map(|path| records_file("failed", path)).transpose()?;
    let unknown_file = args.unknown.as_deref().map(|path| records_file("unknown", path)).transpose()?;
    let undecided_file = args.undecided.as_deref().map(|path| records_file("undecided", path)).transpose()?;

    // The check pass, on a blocking thread: reading stdin, or a file on a slow disk, must not keep a signal
    // from ending the command. An abandoned read does not hold the exit (`main` shuts the runtime down
    // without waiting for it).
    let check_pass = tokio::task::spawn_blocking({
        let (name, file) = (name.clone(), file.to_owned());
        let skip_invalid = args.skip_invalid;
        move || check_pass(&name, &file, format, stdin, skip_invalid)
    });
    let (checked, input) = tokio::select! {
        joined = check_pass => match joined {
            Ok(checked) => checked?,
            Err(err) => std::panic::resume_unwind(err.into_panic()),
        },
        signal = interrupts.recv() => return Err(Error::interrupted(signal)),
    };

    if args.dry_run.on() {
        return dry_run(ctx, args, format, input, &name);
    }
    let Checked { valid: total, set_aside } = checked;
    let client = ctx.client()?;
    let mut what = format!("add {total} {} from `{name}`", if total == 1 { "animal" } else { "animals" });
    if !set_aside.is_empty() {
        what.push_str(&format!(" (setting aside {} invalid)", thousands(set_aside.len() as u64)));
    }
    crate::commands::confirm::confirm_write(ctx, args.yes, &what).await?;
    // One lookup for the whole batch, before anything is sent, under the hold on this server's `--if-absent`
    // writes until the batch ends.
    let (existing, _held) = match args.if_absent {
        Some(_) => {
            let held = super::super::hold_if_absent_writes(ctx, &client).await?;
            (Some(Existing::fetch(&client).await?), Some(held))
        }
        None => (None, None),
    };
    let read_error = |source| unreadable(&name, source);
    let reader = Reader::new(format, input).map_err(read_error)?;
    let failed_file = match failed_file {
        Some(file) => {
            let path = file.path().to_owned();
            Some(file.begin(&reader.layout()).map_err(|source| unwritable(&code::FAILED_FILE, &path, source))?)
        }
        None => None,
    };
    let unknown_file = match unknown_file {
        Some(file) => {
            let path = file.path().to_owned();
            Some(file.begin(&reader.layout()).map_err(|source| unwritable(&code::UNKNOWN_FILE, &path, source))?)
        }
        None => None,
    };
    let undecided_file = match undecided_file {
        Some(file) => {
            let path = file.path().to_owned();
            Some(file.begin(&reader.layout()).map_err(|source| unwritable(&code::UNDECIDED_FILE, &path, source))?)
        }
        None => None,
    };
    let decided = Arc::new(Mutex::new(VecDeque::new()));
    let send_undecidable = args.if_absent == Some(Undecidable::Send);
    let set_aside_count = args.skip_invalid.then_some(set_aside.len() as u64);
    let mut reader = Sift { records: reader, existing, send_undecidable, set_aside, decided: decided.clone() };
    let mut out = BatchOutput {
        decided,
        skipped: 0,
        undecided: 0,
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
    };
    // Shared, not cloned, by the request of each record.
    let shared = Arc::new(client);
    let create = |pet: petstore_core::api::NewPet| {
        let client = Arc::clone(&shared);
        async move { client.create_pet_paced(&pet).await }
    };
    let limiter = match args.concurrency {
        Some(n) => Limiter::fixed(n.into()),
        // Over HTTP/2 it starts faster, once the first answer says so.
        None => Limiter::adaptive(tokio::time::Instant::now()).with_multiplexing(shared.multiplexed()),
    };
    let mut summary = batch::send(&mut reader, total, create, limiter, &mut interrupts, &mut out).await;
    if let Err(halt) = out.take_decided()
        && summary.stop.is_none()
    {
        summary.stop = Some(Stop::Sink(halt));
    }
    // What was never sent goes to the `--failed` file, read from where the sending stopped; the invalid records
    // set aside on the way too, as `take_decided` meets them.
    if summary.stop.is_some() && out.failed_file.is_some() {
        for record in reader.by_ref().map_while(|parsed| parsed.ok().and_then(Result::ok)) {
            // What the lookup decided on the way is told as usual.
            if let Err(halt) = out.take_decided() {
                summary.stop = Some(Stop::Sink(halt));
                break;
            }
            let file = out.failed_file.as_mut().expect("checked above");
            if let Err(source) = file.write(&record.pet) {
                let path = file.path().to_owned();
                summary.stop = Some(Stop::Sink(Halt::Broken(unwritable(&code::FAILED_FILE, &path, source))));
                break;
            }
        }
    }
    if let Err(halt) = out.take_decided() {
        summary.stop.get_or_insert(Stop::Sink(halt));
    }
    // The records the lookup kept back were counted by the batch as not sent.
    summary.tally.not_sent = summary.tally.not_sent.saturating_sub(out.skipped + out.undecided);
    let apart = Apart { kept_back: args.if_absent.map(|_| (out.skipped, out.undecided)), invalid: set_aside_count };
    finish(ctx, apart, out, &name, total, summary)
}

/// A record kept back from sending, and why.
enum Decided {
    /// `--if-absent`: it exists, as this pet.
    Exists(Record, Pet),
    /// `--if-absent`: whether it exists cannot be told.
    Undecided(Record),
    /// `--skip-invalid`: it is invalid, as the check pass found.
    Invalid(Invalid),
}

/// The records of the send pass, less those kept back: each is looked up as it is read (`--if-absent`), an
/// invalid one the check pass set aside (`--skip-invalid`) is met, and one kept back goes to `decided`, for
/// [`BatchOutput`] to tell.
struct Sift<R> {
    records: R,
    existing: Option<Existing>,
    /// The lines of the invalid records the check pass set aside: one of them is no change to the file.
    set_aside: HashSet<u64>,
    /// `--if-absent=send`: a record whose existence cannot be told is sent.
    send_undecidable: bool,
    decided: Arc<Mutex<VecDeque<Decided>>>,
}

impl<R: Iterator<Item = io::Result<Result<Record, Invalid>>>> Iterator for Sift<R> {
    type Item = R::Item;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let item = self.records.next()?;
            let kept_back = match (&mut self.existing, item) {
                (_, Ok(Err(invalid))) if self.set_aside.contains(&invalid.line) => Decided::Invalid(invalid),
                (Some(existing), Ok(Ok(record))) => match existing.decide(&record.pet) {
                    Decision::Send => return Some(Ok(Ok(record))),
                    Decision::Undecided if self.send_undecidable => return Some(Ok(Ok(record))),
                    Decision::Exists(pet) => Decided::Exists(record, pet),
                    Decision::Undecided => Decided::Undecided(record),
                },
                (_, item) => return Some(item),
            };
            self.decided.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push_back(kept_back);
        }
    }
}

/// The `--failed` or `--unknown` file (`flag`), checked and begun beside `path` before anything is sent.
fn records_file(flag: &'static str, path: &Path) -> Result<FailedFile, Error> {
    FailedFile::create(path).map_err(|err| {
        let help = if err.is_not_a_file() {
            format!("give `--{flag}` the path of a regular file, which is replaced, or of one to create")
        } else {
            format!("create the directory, or give `--{flag}` a path in a directory you can write")
        };
        unusable(flag, path, &err.to_string(), help)
    })
}

/// `--failed PATH` (or `--unknown`, `--undecided`: `flag`) names something petstore must not replace, or a
/// place it cannot write: found before anything is sent.
fn unusable(flag: &str, path: &Path, reason: &str, help: String) -> Error {
    let message = format!("`--{flag} {}` cannot be used, so nothing was sent: {reason}", path.display());
    Error::new(&code::FAILED_FILE_UNUSABLE, message).with_hint(help)
}

/// The records file `name` (a path, or stdin) cannot be read.
fn unreadable(name: &str, source: io::Error) -> Error {
    Error::new(&code::RECORDS_READ, format!("cannot read `{name}`: {source}")).with_source(source)
}

/// The records that were not created (`failed_file`), of unknown outcome (`unknown_file`) or undecided
/// (`undecided_file`) cannot be written to `path`.
fn unwritable(code: &'static Code, path: &Path, source: io::Error) -> Error {
    let which = match code.name {
        "failed_file" => "the records that were not created",
        "unknown_file" => "the records of unknown outcome",
        _ => "the undecided records",
    };
    Error::new(code, format!("cannot write {which} to `{}`: {source}", path.display())).with_source(source)
}

/// `--if-absent` could not tell whether a record of this status exists: its status's list (or, for a record
/// with no status, the unfiltered list) came back full, and an animal past it could be this one. Not sent.
pub(super) fn undecided(status: Option<PetStatus>) -> Error {
    let why = undecidable_why(status);
    Error::new(&code::UNDECIDED, format!("not sent: whether it exists cannot be told, as {why}")).with_hint(
        "no query reaches past the first 100: send it with `--if-absent=send`, or without `--if-absent`, only if \
         you know it does not exist (docs/bulk.md, \"Undecided records\")",
    )
}

/// Why whether an animal of `status` exists cannot be told, in words that follow "as".
pub(super) fn undecidable_why(status: Option<PetStatus>) -> String {
    match status {
        Some(status) => format!("the API shows only the first 100 `{status}` animals"),
        None => "it has no status, and the API shows only the first 100 animals".to_owned(),
    }
}

/// `count` invalid records in `name`, listed one a line, and each problem of each for a program: nothing was
/// sent. Under `--skip-invalid` they are those it cannot set aside.
fn invalid_records(name: &str, count: u64, list: &[String], records: Vec<RecordProblem>, skip_invalid: bool) -> Error {
    let noun = if count == 1 { "record" } else { "records" };
    let message = format!("{count} invalid {noun} in `{name}`, so nothing was sent:\n{}", list.join("\n"));
    let hint = if skip_invalid {
        "`--skip-invalid` sets aside only records it can write back whole, and not a flaw in the file itself, a NUL \
         byte or a record over 1 MiB: fix them and run again"
    } else {
        "fix them and run again (every record is checked before any is sent), or pass `--skip-invalid` to send the \
         valid ones and set these aside"
    };
    Error::new(&code::INVALID_RECORDS, message).with_hint(hint).with_records(records)
}

/// Whether two paths name one file: the same directory (links followed) and name, or one existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(a), Ok(b)) = (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        return a == b;
    }
    let place = |path: &Path| {
        let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
        Some((std::fs::canonicalize(dir).ok()?, path.file_name()?.to_owned()))
    };
    place(a).is_some_and(|a| place(b) == Some(a))
}

/// `--dry-run` and `--curl`: every checked record as the `POST /pets` it would be.
fn dry_run(
    ctx: &Context,
    args: &AddArgs,
    format: Format,
    input: Box<dyn BufRead + Send>,
    name: &str,
) -> Result<(), Error> {
    let read_error = |source| unreadable(name, source);
    let client = ctx.display_client()?;
    let mut requests = Vec::new();
    for parsed in Reader::new(format, input).map_err(read_error)? {
        if let Ok(record) = parsed.map_err(read_error)? {
            requests.push(client.prepare_create_pet(&record.pet));
        }
    }
    crate::commands::dry_run::print(ctx, args.dry_run, requests)
}

/// Reads the whole input once and counts its records: stdin is kept in a temporary file on the way. Gives the
/// input again, for the send pass.
fn check_pass(
    name: &str,
    file: &Path,
    format: Format,
    stdin: bool,
    skip_invalid: bool,
) -> Result<(Checked, Box<dyn BufRead + Send>), Error> {
    let read_error = |source| unreadable(name, source);
    if stdin {
        let spool = tempfile::tempfile().map_err(read_error)?;
        let mut tee = Tee { input: io::stdin(), copy: BufWriter::new(spool) };
        let total = check(name, Reader::new(format, BufReader::new(&mut tee)).map_err(read_error)?, skip_invalid)?;
        // What the check pass did not read (after a JSON array's `]`) is whitespace; the spool has the rest.
        let mut spool = tee.copy.into_inner().map_err(|err| read_error(err.into_error()))?;
        spool.rewind().map_err(read_error)?;
        Ok((total, Box::new(BufReader::new(spool))))
    } else {
        let open = || File::open(file).map(BufReader::new).map_err(read_error);
        let total = check(name, Reader::new(format, open()?).map_err(read_error)?, skip_invalid)?;
        Ok((total, Box::new(open()?)))
    }
}

/// What the check pass found: how many valid records, and the lines of the invalid ones `--skip-invalid` sets
/// aside.
struct Checked {
    valid: u64,
    set_aside: HashSet<u64>,
}

/// The check pass: reads every record and counts them, or lists the invalid ones (exit 2); with
/// `skip_invalid`, an invalid record that can be written back whole is set aside instead. It stops reading
/// at [`MAX_INVALID`] invalid records, set aside or not, so that endless input that is not records (`yes |`)
/// ends too.
fn check<R: BufRead>(name: &str, reader: Reader<R>, skip_invalid: bool) -> Result<Checked, Error> {
    let mut checked = Checked { valid: 0, set_aside: HashSet::new() };
    let (mut invalid, mut list, mut records) = (0, Vec::new(), Vec::new());
    for parsed in reader {
        match parsed.map_err(|source| unreadable(name, source))? {
            Ok(_) => checked.valid += 1,
            Err(record) if skip_invalid && record.raw.is_some() => {
                checked.set_aside.insert(record.line);
            }
            Err(record) => {
                invalid += 1;
                records.extend(RecordProblem::of(&record));
                if invalid <= SHOWN_INVALID {
                    list.push(format!("  {record}"));
                }
            }
        }
        if invalid + checked.set_aside.len() as u64 == MAX_INVALID {
            let stopped = format!("reading stopped after {} invalid records", thousands(MAX_INVALID));
            list.push(match invalid.saturating_sub(SHOWN_INVALID) {
                0 => format!("  {stopped}"),
                more => format!("  … and {} more; {stopped}", thousands(more)),
            });
            return Err(invalid_records(name, MAX_INVALID, &list, records, false));
        }
    }
    if invalid > SHOWN_INVALID {
        list.push(format!("  … and {} more", thousands(invalid - SHOWN_INVALID)));
    }
    match invalid {
        0 => Ok(checked),
        count => Err(invalid_records(name, count, &list, records, skip_invalid)),
    }
}

/// Copies what is read from `input` to `copy`: stdin, kept for the send pass.
struct Tee<R, W> {
    input: R,
    copy: W,
}

impl<R: Read, W: Write> Read for Tee<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        self.copy.write_all(&buf[..n])?;
        Ok(n)
    }
}

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
enum Halt {
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
struct BatchOutput {
    /// What `--skip-existing` kept back, not yet told.
    decided: Arc<Mutex<VecDeque<Decided>>>,
    /// Records not sent because they exist.
    skipped: u64,
    /// Records not sent because whether they exist cannot be told.
    undecided: u64,
    failed_file: Option<FailedFile>,
    /// `--unknown`: the records of unknown outcome, as their outcome becomes unknown.
    unknown_file: Option<FailedFile>,
    /// The first error writing `unknown_file`: it stops the batch (a record with nowhere to go).
    unknown_error: Option<io::Error>,
    /// `--undecided`: the records `--skip-existing` could not decide, as it meets them.
    undecided_file: Option<FailedFile>,
    /// The first lines of undecided records.
    undecided_lines: Vec<u64>,
    created: CreatedPets,
    progress: BatchProgress,
    /// The first lines of unknown outcome.
    unknown_lines: Vec<u64>,
    /// Created (or skipped) pets that `--jq` did not show.
    not_shown: u64,
    /// In a JSON mode every line on stderr is a JSON document: each record's failure ([`RecordFailure`]) and
    /// the batch's own lines ([`BatchLine`]).
    json_errors: bool,
}

/// A record that was not created, or of unknown outcome, in a JSON mode: its input line and the error as the
/// one a failed command writes (`{"line": N, "error": {...}}`, beside `-o ndjson`'s `{"line": N, "pet": {...}}`).
/// A pet that was created (or exists) but that `--jq` did not show has its `pet` too: it needs no sending.
#[derive(serde::Serialize)]
struct RecordFailure<'a> {
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
enum BatchLine<'a> {
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
    fn text(&self) -> String {
        let text = serde_json::to_string(self).expect("a line serialises");
        crate::output::safe::json(&text, true).into_owned()
    }
}

impl BatchOutput {
    /// Reports that the record on `line` failed: `{"line": N, "error": {...}}` in a JSON mode (the error's
    /// `requestId` among its fields), else `line N: PREFIX: MESSAGE`, and `` (request id `ID`)`` after a request.
    fn report_failure(&self, line: u64, prefix: &str, err: &Error) {
        if self.json_errors {
            let failure = RecordFailure { line, pet: None, error: err.to_document().error };
            // Escaped as JSON (`\uXXXX`), so that the line stays a JSON document when `report` escapes it.
            let text = serde_json::to_string(&failure).expect("a failure serialises");
            self.progress.report(&crate::output::safe::json(&text, true));
        } else {
            let id = err.request_id().map(|id| format!(" (request id `{id}`)")).unwrap_or_default();
            self.progress.report(&format!("line {line}: {prefix}: {err}{id}"));
        }
    }

    /// Notes that the record on `line` was created as `pet`, which differs from it (a name the server
    /// normalised, a mock's example): `{"line": N, "note": {"message": ...}}` in a JSON mode, else
    /// `line N: note: created as pet `ID`; ...`.
    fn report_note(&self, line: u64, pet: &Pet, differences: &str) {
        let message = format!("created as pet `{}`; {}", pet.id, super::differs_note(differences));
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
            let failure = RecordFailure { line, pet: Some(pet), error: err.to_document().error };
            let text = serde_json::to_string(&failure).expect("a failure serialises");
            self.progress.report(&crate::output::safe::json(&text, true));
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
        self.progress.advance(true);
        self.report_failure(record.line, "outcome unknown", err);
        if self.unknown_lines.len() < SHOWN_UNKNOWN {
            self.unknown_lines.push(record.line);
        }
        if let Some(file) = &mut self.unknown_file
            && self.unknown_error.is_none()
            && let Err(err) = file.write(&record.pet)
        {
            self.unknown_error = Some(err);
        }
    }

    /// Tells what `--skip-existing` kept back since last time: a skipped record on stdout (ndjson), one that
    /// cannot be told in the `--undecided` file, both in the progress.
    fn take_decided(&mut self) -> Result<(), Halt> {
        let decided: Vec<Decided> =
            self.decided.lock().unwrap_or_else(std::sync::PoisonError::into_inner).drain(..).collect();
        for decided in decided {
            match decided {
                Decided::Exists(record, pet) => {
                    self.skipped += 1;
                    self.progress.advance(false);
                    let shown = self.created.skipped(record.line, &pet).map_err(|err| self.halt(err))?;
                    self.not_shown(record.line, &pet, true, shown)?;
                }
                Decided::Invalid(invalid) => {
                    let err = Error::new(&code::INVALID_RECORD, invalid.message())
                        .with_records(RecordProblem::of(&invalid).collect());
                    self.report_failure(invalid.line, "invalid, not sent", &err);
                    if let (Some(file), Some(raw)) = (&mut self.failed_file, &invalid.raw)
                        && let Err(source) = file.write_raw(raw)
                    {
                        return Err(Halt::Broken(unwritable(&code::FAILED_FILE, file.path(), source)));
                    }
                }
                Decided::Undecided(record) => {
                    self.undecided += 1;
                    self.progress.advance(true);
                    self.report_failure(record.line, "undecided", &undecided(record.pet.status));
                    if self.undecided_lines.len() < SHOWN_UNKNOWN {
                        self.undecided_lines.push(record.line);
                    }
                    // Unlike the `--unknown` file's, a write error here cannot wait: the record is in no other file.
                    if let Some(file) = &mut self.undecided_file
                        && let Err(source) = file.write(&record.pet)
                    {
                        return Err(Halt::Broken(unwritable(&code::UNDECIDED_FILE, file.path(), source)));
                    }
                }
            }
        }
        Ok(())
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
        self.take_decided()?;
        match end {
            End::Created(pet) => {
                self.progress.advance(false);
                if let Some(differences) = petstore_core::api::client::differences(&record.pet, pet) {
                    self.report_note(record.line, pet, &differences);
                }
                let shown = self.created.completed(record.line, pet).map_err(|err| self.halt(err))?;
                self.not_shown(record.line, pet, false, shown)
            }
            End::Failed(err) => {
                self.progress.advance(true);
                self.report_failure(record.line, "not created", &Error::from(err));
                Ok(())
            }
            End::Unknown(err) => {
                self.unknown(record, &write_error(err));
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

    fn release(&mut self, release: Release) -> Result<(), Halt> {
        match release {
            Release::Created(pet) => self.created.in_order(pet).map_err(|err| self.halt(err)),
            Release::Failed(pet) => match &mut self.failed_file {
                Some(file) => {
                    file.write(&pet).map_err(|source| Halt::Broken(unwritable(&code::FAILED_FILE, file.path(), source)))
                }
                None => Ok(()),
            },
        }
    }

    fn flush(&mut self) -> Result<(), Halt> {
        self.take_decided()?;
        self.created.flush().map_err(|err| self.halt(err))
    }

    fn event(&mut self, event: Event<'_, Halt>) {
        // A note, or why the batch stops (`reason`) and how it says it.
        let (reason, message) = match event {
            Event::Paused { pause, refusals } => (
                None,
                format!(
                    "the server is limiting requests: every request pauses for {} (refusal {refusals} of \
                     {MAX_REFUSALS} in a row)",
                    duration_words(pause)
                ),
            ),
            Event::PauseTooLong(pause) => {
                let asked = if pause == Duration::MAX {
                    "more seconds than petstore counts".to_owned()
                } else {
                    duration_words(pause)
                };
                (
                    Some("pause_too_long"),
                    format!(
                        "the server asked for a pause of {asked}, longer than the {} a batch waits",
                        duration_words(PAUSE_CAP)
                    ),
                )
            }
            Event::KeptRefusing => (
                Some("kept_refusing"),
                format!("the server refused {MAX_REFUSALS} times in a row with nothing created between"),
            ),
            Event::KeptFailing => (
                Some("kept_failing"),
                format!(
                    "the server failed {MAX_SERVER_FAILURES} times in a row with nothing created; the rest is not \
                     sent"
                ),
            ),
            Event::Hopeless(Hopeless::SameFailure) => {
                (Some("same_failure"), "every other record would fail the same way".to_owned())
            }
            Event::Hopeless(Hopeless::StoreFull) => {
                (Some("store_full"), "the store is full, so every other record would be refused too".to_owned())
            }
            Event::SinkStopped(Halt::StdoutClosed) => (Some("stdout_closed"), "stdout closed".to_owned()),
            // The signal says it.
            Event::SinkStopped(Halt::Filter(Stopped::Signal(_))) => return,
            Event::SinkStopped(Halt::Filter(_)) => {
                (Some("jq"), "`--jq` was stopped, so no more pets can be shown; the rest is not sent".to_owned())
            }
            Event::SinkStopped(Halt::Broken(_)) => return,
            Event::Waiting { in_flight } => (
                Some("signal"),
                format!(
                    "waiting for the {in_flight} requests in flight (at most {}; a second signal, such as Ctrl-C, \
                     stops waiting)",
                    duration_words(SIGNAL_GRACE)
                ),
            ),
            Event::GraceOver { in_flight } => (
                Some("grace_over"),
                format!(
                    "{in_flight} requests still in flight {} after the signal are abandoned",
                    duration_words(SIGNAL_GRACE)
                ),
            ),
            Event::Concurrency(concurrency) => {
                self.progress.set_concurrency(concurrency);
                return;
            }
            Event::Paced => (
                None,
                "the server is limiting requests: the rest goes at the rate it accepts, refused records again"
                    .to_owned(),
            ),
        };
        let line = match (reason, self.json_errors) {
            (None, true) => BatchLine::Note { message: &message }.text(),
            (Some(reason), true) => BatchLine::Stopping { reason, message: &message }.text(),
            (None, false) => message,
            (Some(_), false) => format!("stopping: {message}"),
        };
        self.progress.report(&line);
    }
}

/// created / failed / unknown / not sent, for the summary; with `--skip-existing`, the records it kept back:
/// skipped (they exist) and undecided (whether they exist cannot be told).
/// What a batch counts apart from the core's tally: with `--if-absent`, the records skipped (they exist) and
/// undecided; with `--skip-invalid`, the invalid records set aside.
#[derive(Debug, Clone, Copy)]
struct Apart {
    kept_back: Option<(u64, u64)>,
    invalid: Option<u64>,
}

impl Apart {
    fn skipped(self) -> u64 {
        self.kept_back.map_or(0, |(skipped, _)| skipped)
    }

    fn invalid(self) -> u64 {
        self.invalid.unwrap_or(0)
    }
}

fn tally_words(tally: &Tally, apart: Apart) -> String {
    let mut words = format!(
        "created {} / failed {} / unknown {} / not sent {}",
        thousands(tally.created),
        thousands(tally.failed),
        thousands(tally.unknown),
        thousands(tally.not_sent)
    );
    if let Some((skipped, undecided)) = apart.kept_back {
        words.push_str(&format!(" / skipped {} / undecided {}", thousands(skipped), thousands(undecided)));
    }
    if let Some(invalid) = apart.invalid {
        words.push_str(&format!(" / invalid {}", thousands(invalid)));
    }
    words
}

/// The end of a batch that left only undecided records: how many, which lines, and where they are.
fn undecided_error(summary: &str, undecided: u64, lines: &[u64], kept: Option<&(std::path::PathBuf, u64)>) -> Error {
    let one = undecided == 1;
    let mut shown: Vec<String> = lines.iter().map(u64::to_string).collect();
    if undecided > lines.len() as u64 {
        shown.push(format!("and {} more", thousands(undecided - lines.len() as u64)));
    }
    let help = match kept {
        Some((path, _)) => format!(
            "{} in `{}`: `petstore pets add --file {}` sends {} without looking {} up: {} (docs/bulk.md, \
             \"Undecided records\")",
            if one { "it is" } else { "they are" },
            path.display(),
            suggested_shell_word(&path.to_string_lossy()),
            if one { "it" } else { "them" },
            if one { "it" } else { "them" },
            if one {
                "do that only if you know it does not exist"
            } else {
                "first leave in it only those you know do not exist"
            },
        ),
        None => {
            "pass `--undecided PATH` to keep such records in a file (docs/bulk.md, \"Undecided records\")".to_owned()
        }
    };
    let summary = format!(
        "whether {} {} cannot be told ({} {}), so {} not sent; every other record exists: {summary}",
        thousands(undecided),
        if one { "record exists" } else { "records exist" },
        if one { "line" } else { "lines" },
        shown.join(", "),
        if one { "it was" } else { "they were" },
    );
    Error::new(&code::BATCH_UNDECIDED, format!("nothing left that can be decided: {summary}")).with_hint(help)
}

/// Writes the `--failed` file and the output, prints the summary, and gives the exit.
fn finish(
    ctx: &Context,
    apart: Apart,
    out: BatchOutput,
    name: &str,
    total: u64,
    summary: Summary<Signal, Halt>,
) -> Result<(), Error> {
    let kept_back = apart.kept_back;
    let BatchOutput {
        failed_file,
        unknown_file,
        unknown_error,
        undecided_file,
        undecided_lines,
        created,
        progress,
        unknown_lines,
        undecided,
        not_shown,
        json_errors,
        ..
    } = out;
    let Summary { tally, stop, signal } = summary;
    let tally_words = |tally: &Tally| tally_words(tally, apart);
    let unknown = tally.unknown;
    progress.finish();
    let kept = match failed_file {
        Some(file) => {
            let path = file.path().to_owned();
            let count = file.commit().map_err(|source| unwritable(&code::FAILED_FILE, &path, source))?;
            Some((path, count))
        }
        None => None,
    };
    // Written even after an error writing it, for what it holds: a record in it is one fewer to look for.
    let unknown_kept = match unknown_file {
        Some(file) => {
            let path = file.path().to_owned();
            let count = file.commit().map_err(|source| unwritable(&code::UNKNOWN_FILE, &path, source))?;
            if let Some(source) = unknown_error {
                return Err(unwritable(&code::UNKNOWN_FILE, &path, source));
            }
            Some((path, count))
        }
        None => None,
    };
    let undecided_kept = match undecided_file {
        Some(file) => {
            let path = file.path().to_owned();
            let count = file.commit().map_err(|source| unwritable(&code::UNDECIDED_FILE, &path, source))?;
            Some((path, count))
        }
        None => None,
    };
    // Everything that says what happened to each record is written: now `--jq` may run on the document.
    let output = created.finish();
    let stdout_closed =
        matches!(stop, Some(Stop::Sink(Halt::StdoutClosed))) || output.as_ref().is_err_and(Error::is_broken_pipe);
    let (output, document) = match output {
        Ok(shown) => (Ok(()), shown.err()),
        Err(err) => (Err(err), None),
    };
    // A signal that stopped `--jq`, on a pet or on the document, ends the batch as one the batch heard would
    // (it stopped before it could hear it).
    let signal = signal.or(match (&stop, &document) {
        (Some(Stop::Sink(Halt::Filter(Stopped::Signal(signal)))), _)
        | (_, Some(NotShown::Stopped(Stopped::Signal(signal)))) => Some(*signal),
        _ => None,
    });
    let not_shown = if document.is_some() { not_shown + tally.created } else { not_shown };
    let say = |prose: String, line: BatchLine<'_>| progress.after(&if json_errors { line.text() } else { prose });
    if unknown > 0 {
        let mut lines: Vec<String> = unknown_lines.iter().map(u64::to_string).collect();
        if unknown > unknown_lines.len() as u64 {
            lines.push(format!("and {} more", thousands(unknown - unknown_lines.len() as u64)));
        }
        let one = unknown == 1;
        let left_out = match &kept {
            Some((path, _)) => format!(", so {} not in `{}`", if one { "it is" } else { "they are" }, path.display()),
            None => String::new(),
        };
        let next = match &unknown_kept {
            Some((path, _)) => format!(
                "{} in `{}`: `petstore pets add --file {} --skip-existing` sends {}",
                if one { "it is" } else { "they are" },
                path.display(),
                suggested_shell_word(&path.to_string_lossy()),
                if one { "it if it does not exist" } else { "those that do not exist" },
            ),
            None => format!(
                "check with `petstore pets find --name NAME` before sending {} again, or pass `--unknown PATH` to \
                 keep them",
                if one { "it" } else { "them" }
            ),
        };
        let message = format!(
            "{} {} of `{name}` may or may not have been created{left_out}: {} {}; {next}",
            thousands(unknown),
            if one { "record" } else { "records" },
            if one { "line" } else { "lines" },
            lines.join(", "),
        );
        let file = unknown_kept.as_ref().map(|(path, _)| path.display().to_string());
        say(message.clone(), BatchLine::Unknown { count: unknown, lines: &unknown_lines, file, message: &message });
    }
    // How the batch ended, for a program: one `{"summary": ...}` line in a JSON mode.
    let summary_line = |hint: Option<&str>| {
        if json_errors {
            let line = BatchLine::Summary {
                created: tally.created,
                failed: tally.failed,
                unknown: tally.unknown,
                not_sent: tally.not_sent,
                skipped: kept_back.map(|(skipped, _)| skipped),
                undecided: kept_back.map(|(_, undecided)| undecided),
                invalid: apart.invalid,
                not_shown,
                hint,
            };
            progress.after(&line.text());
        }
    };
    let (skipped, invalid) = (apart.skipped(), apart.invalid());
    if signal.is_none()
        && invalid == 0
        && tally.created + skipped == total
        && matches!(stop, None | Some(Stop::Sink(Halt::StdoutClosed | Halt::Filter(_))))
    {
        // Every record was created: a reader that left early (`| head -1`) is no failure of the batch.
        if not_shown == 0 {
            if !stdout_closed && !ctx.output.is_quiet() {
                if json_errors { summary_line(None) } else { ctx.output.status(&tally_words(&tally)) }
            }
            return output;
        }
        // ... but `--jq` did not show them all: the animals exist, and must not be sent again.
        let (message, help) = match &document {
            Some(not_shown) => (
                format!("every record was created, but none is shown ({})", document_words(not_shown)),
                "send none of them again; with `-o ndjson`, `--jq` runs on each pet and names any it cannot show",
            ),
            None => (
                format!("every record was created, but `--jq` did not show {} of them", thousands(not_shown)),
                "send none of them again: the lines above name each one and its pet's id",
            ),
        };
        summary_line(Some(help));
        return output
            .and(Err(Error::new(&code::BATCH_JQ, format!("{message}: {}", tally_words(&tally))).with_hint(help)));
    }
    if let Some(not_shown) = &document {
        let message =
            format!("none of the {} created pets is shown: {}", thousands(tally.created), document_words(not_shown));
        say(message.clone(), BatchLine::Note { message: &message });
    }
    let help = match &kept {
        Some((path, count)) if *count > 0 => format!(
            "the {} {} not created {} in `{}`{}: `petstore pets add --file {}` sends {}",
            thousands(*count),
            if *count == 1 { "record" } else { "records" },
            if *count == 1 { "is" } else { "are" },
            path.display(),
            match invalid {
                0 => String::new(),
                1 => " (put right the invalid one first)".to_owned(),
                n => format!(" (put right the {} invalid ones first)", thousands(n)),
            },
            suggested_shell_word(&path.to_string_lossy()),
            if *count == 1 { "it" } else { "them" },
        ),
        None if tally.failed + tally.not_sent + invalid > 0 => {
            "pass `--failed PATH` to keep the records that were not created, for a re-run".to_owned()
        }
        _ if tally.failed + tally.not_sent + unknown == 0 => "every record was created: send none again".to_owned(),
        _ => match &unknown_kept {
            Some((path, _)) => format!(
                "`petstore pets add --file {} --skip-existing` sends those of unknown outcome that do not exist",
                suggested_shell_word(&path.to_string_lossy())
            ),
            None => "check with `petstore pets find --name NAME` whether those of unknown outcome exist before \
                     sending them again"
                .to_owned(),
        },
    };
    // Past this point the batch fails whatever stdout did: a closed stdout must not make it exit 0.
    let output = if stdout_closed { Ok(()) } else { output };
    // Every record created or found, but for those whose existence cannot be told: a re-run would only meet
    // them again, so the batch says so apart from a partial one, for a reconciling loop to stop (docs/bulk.md).
    if signal.is_none()
        && stop.is_none()
        && undecided > 0
        && invalid == 0
        && tally.failed + tally.unknown + tally.not_sent == 0
        && tally.created + skipped + undecided == total
    {
        output?;
        let err = undecided_error(&tally_words(&tally), undecided, &undecided_lines, undecided_kept.as_ref());
        summary_line(err.hint());
        return Err(err);
    }
    match stop {
        Some(Stop::Sink(Halt::Broken(err))) => return Err(err),
        // Read again for sending, after some records may have been created.
        Some(Stop::Unreadable(source)) => return Err(unreadable(name, source).with_retry(Retry::CheckFirst)),
        Some(Stop::Changed(invalid)) => {
            let changed = io::Error::other(format!("it changed after it was checked: {invalid}"));
            return Err(unreadable(name, changed).with_retry(Retry::CheckFirst));
        }
        _ => {}
    }
    summary_line(Some(&help));
    if let Some(signal) = signal {
        if !json_errors {
            progress.after(&tally_words(&tally));
            progress.after(&format!("help: {help}"));
        }
        return output.and(Err(Error::interrupted(signal)));
    }
    output?;
    if stdout_closed {
        let message =
            format!("stdout closed, so the batch stopped before every record was created: {}", tally_words(&tally));
        return Err(Error::new(&code::BATCH_OUTPUT_CLOSED, message).with_hint(help));
    }
    Err(Error::new(&code::BATCH_INCOMPLETE, format!("not every record was created: {}", tally_words(&tally)))
        .with_hint(help))
}

/// Why `--jq` did not show the document of the created pets, in words that follow "every record was created,
/// but ".
fn document_words(not_shown: &NotShown) -> String {
    match not_shown {
        NotShown::Failed(err) => format!("`--jq` failed on their document: {}", jq_message(err)),
        NotShown::Stopped(stopped) => format!("`--jq` was stopped on their document: {}", stopped.describe()),
        NotShown::StoppedBefore => "`--jq` was stopped".to_owned(),
    }
}
