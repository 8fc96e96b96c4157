//! `petstore pets add --file`: a check pass over the whole file, then a send pass that reads it again and
//! sends `--concurrency` records at a time over one client (so over reused connections). Neither pass holds
//! the file: records come one at a time from [`crate::bulk`], and results leave through a window of at most
//! `WINDOW` records, in input order. Stdin is copied to a temporary file during the check pass.
//!
//! Each record ends one of four ways:
//! - created: the server answered 2xx with the new pet;
//! - failed: the server certainly did not create it: a 4xx (a 429 after the client's retries), or no
//!   connection could be made. It goes to the `--failed` file;
//! - unknown: the request went out and no usable answer came: none at all, an unreadable 2xx, or a 5xx (an
//!   answer, but one that does not say whether the server acted; a proxy's 502 or 504 may follow a stored
//!   pet). It may exist, so it is listed apart and kept out of the `--failed` file, which must never cause
//!   a duplicate;
//! - not sent: Ctrl-C, or a failure that every later record would meet too (a refused key, a wrong base
//!   URL, no server), stopped the batch before it. It goes to the `--failed` file.

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::Path;

use tokio::task::JoinSet;

use super::add::{AddArgs, write_error};
use crate::api::{self, Client, NewPet, Pet};
use crate::bulk::{FailedFile, Format, Reader, Record};
use crate::context::Context;
use crate::error::Error;
use crate::output::{BatchProgress, CreatedPets, thousands};
use crate::signals::{self, Signal, Signals};

/// How many invalid records the check pass lists; it counts the rest.
const SHOWN_INVALID: u64 = 50;

/// How far the send pass may run ahead of the oldest record without a result, in records: it bounds what is
/// held to restore input order. A request that hangs until its timeout holds up the rest only after this
/// many.
const WINDOW: u64 = 4096;

/// How many lines of unknown outcome the final list names; it counts the rest (each was reported as it
/// happened).
const SHOWN_UNKNOWN: usize = 50;

/// Adds every record of `file` (`-` for stdin).
pub async fn run(ctx: &Context, args: &AddArgs, file: &Path) -> Result<(), Error> {
    // Listening from now on: Ctrl-C during the check pass stops the batch before anything is sent.
    let mut interrupts = signals::subscribe();
    let stdin = file == Path::new("-");
    let name = if stdin { "stdin".to_owned() } else { file.display().to_string() };
    // clap requires `--format` for stdin.
    let format = match (args.format, Format::from_extension(file)) {
        (Some(format), _) | (None, Some(format)) => format,
        (None, None) => return Err(Error::RecordsFormat { file: name }),
    };
    let read_error = |source| Error::RecordsRead { file: name.clone(), source };

    // The check pass.
    let (total, input): (u64, Box<dyn BufRead>) = if stdin {
        let spool = tempfile::tempfile().map_err(read_error)?;
        let mut tee = Tee { input: io::stdin().lock(), copy: BufWriter::new(spool) };
        let total = check(&name, Reader::new(format, BufReader::new(&mut tee)).map_err(read_error)?)?;
        // What the check pass did not read (after a JSON array's `]`) is whitespace; the spool has the rest.
        let mut spool = tee.copy.into_inner().map_err(|err| read_error(err.into_error()))?;
        spool.rewind().map_err(read_error)?;
        (total, Box::new(BufReader::new(spool)))
    } else {
        let open = || File::open(file).map(BufReader::new).map_err(read_error);
        let total = check(&name, Reader::new(format, open()?).map_err(read_error)?)?;
        (total, Box::new(open()?))
    };

    let client = ctx.client()?;
    ctx.warn_before_writing_to_production()?;
    let reader = Reader::new(format, input).map_err(read_error)?;
    let mut batch = Batch::new(ctx, args, &name, &reader, total)?;
    batch.send(&client, reader, &mut interrupts, args.concurrency.into()).await;
    batch.finish()
}

/// The check pass: reads every record and counts them, or lists the invalid ones (exit 2).
fn check<R: BufRead>(name: &str, reader: Reader<R>) -> Result<u64, Error> {
    let (mut valid, mut invalid, mut list) = (0, 0, Vec::new());
    for parsed in reader {
        match parsed.map_err(|source| Error::RecordsRead { file: name.to_owned(), source })? {
            Ok(_) => valid += 1,
            Err(record) => {
                invalid += 1;
                if invalid <= SHOWN_INVALID {
                    list.push(format!("  {record}"));
                }
            }
        }
    }
    if invalid > SHOWN_INVALID {
        list.push(format!("  … and {} more", thousands(invalid - SHOWN_INVALID)));
    }
    match invalid {
        0 => Ok(valid),
        count => Err(Error::InvalidRecords { file: name.to_owned(), count, list: list.join("\n") }),
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

/// How a record ended.
enum Outcome {
    Created(Pet),
    /// Certainly not created: the user's error text, and whether every later record would fail the same way.
    Failed(Error, bool),
    /// May have been created.
    Unknown(Error),
}

impl Outcome {
    fn of(result: Result<Pet, api::Error>) -> Outcome {
        let err = match result {
            Ok(pet) => return Outcome::Created(pet),
            Err(err) => write_error(err),
        };
        match err {
            Error::OutcomeUnknown(_) | Error::ServerErrorOnWrite { .. } | Error::UnreadableAfterWrite { .. } => {
                Outcome::Unknown(err)
            }
            Error::Unauthorized { .. } | Error::NotFound { .. } | Error::Connect { .. } => Outcome::Failed(err, true),
            // A broken answer is turned into an unknown outcome for a POST by the client; any other failure
            // came with an answer that says the pet was not created.
            Error::BrokenAnswer { .. } | Error::Timeout { .. } | Error::Transport { .. } => Outcome::Unknown(err),
            _ => Outcome::Failed(err, false),
        }
    }
}

/// A result waiting for the records before it, to leave in input order.
enum Finished {
    Created(Pet),
    Failed(NewPet),
    Unknown,
}

/// Why the send pass stopped dispatching before the end of the file.
enum Stop {
    Interrupted(Signal),
    /// Every later record would fail the same way.
    Hopeless,
    /// stdout is gone, or the file became unreadable or changed since the check pass.
    Broken(Error),
}

/// created / failed / unknown / not sent.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    created: u64,
    failed: u64,
    unknown: u64,
    not_sent: u64,
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "created {} / failed {} / unknown {} / not sent {}",
            thousands(self.created),
            thousands(self.failed),
            thousands(self.unknown),
            thousands(self.not_sent)
        )
    }
}

/// One send pass and what it has done so far.
struct Batch<'a> {
    ctx: &'a Context,
    /// The file's name in messages.
    name: String,
    total: u64,
    failed_file: Option<FailedFile>,
    created: CreatedPets,
    progress: BatchProgress,
    tally: Tally,
    /// The first lines of unknown outcome.
    unknown_lines: Vec<u64>,
    stop: Option<Stop>,
}

impl<'a> Batch<'a> {
    fn new<R: BufRead>(
        ctx: &'a Context,
        args: &AddArgs,
        name: &str,
        reader: &Reader<R>,
        total: u64,
    ) -> Result<Batch<'a>, Error> {
        let failed_file = match &args.failed {
            Some(path) => Some(
                FailedFile::create(path, &reader.layout())
                    .map_err(|source| Error::FailedFile { path: path.clone(), source })?,
            ),
            None => None,
        };
        Ok(Batch {
            ctx,
            name: name.to_owned(),
            total,
            failed_file,
            created: ctx.output.created_pets(),
            progress: ctx.output.batch_progress(total),
            tally: Tally::default(),
            unknown_lines: Vec::new(),
            stop: None,
        })
    }

    /// Sends every record, `concurrency` at a time, until the end of the file or a reason to stop; then waits
    /// for what is in flight. A second Ctrl-C stops waiting: what was in flight has an unknown outcome.
    async fn send<R: BufRead>(
        &mut self,
        client: &Client,
        mut reader: Reader<R>,
        interrupts: &mut Signals,
        concurrency: usize,
    ) {
        let mut tasks = JoinSet::new();
        let mut in_flight: HashMap<u64, Record> = HashMap::new();
        let mut waiting: BTreeMap<u64, (u64, Finished)> = BTreeMap::new();
        let (mut next, mut next_out, mut exhausted) = (0u64, 0u64, false);
        if let Some(signal) = interrupts.pending() {
            self.stop_for(Stop::Interrupted(signal));
        }
        loop {
            while self.stop.is_none() && !exhausted && in_flight.len() < concurrency && next < next_out + WINDOW {
                match reader.next() {
                    None => exhausted = true,
                    Some(Ok(Ok(record))) => {
                        let (client, pet, index) = (client.clone(), record.pet.clone(), next);
                        tasks.spawn(async move { (index, client.create_pet(&pet).await) });
                        in_flight.insert(index, record);
                        next += 1;
                    }
                    Some(Ok(Err(invalid))) => {
                        let source = io::Error::other(format!("it changed after it was checked: {invalid}"));
                        self.stop_for(Stop::Broken(Error::RecordsRead { file: self.name.clone(), source }));
                    }
                    Some(Err(source)) => {
                        self.stop_for(Stop::Broken(Error::RecordsRead { file: self.name.clone(), source }));
                    }
                }
            }
            if in_flight.is_empty() {
                break;
            }
            tokio::select! {
                joined = tasks.join_next() => {
                    let Some(mut joined) = joined else { break };
                    // Every answer that is in, at once: one flush of stdout for all of them.
                    loop {
                        match joined {
                            Ok((index, result)) => {
                                if let Some(record) = in_flight.remove(&index) {
                                    let finished = self.record_ended(&record, Outcome::of(result));
                                    waiting.insert(index, (record.line, finished));
                                }
                            }
                            Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
                            Err(_) => {}
                        }
                        match tasks.try_join_next() {
                            Some(next) => joined = next,
                            None => break,
                        }
                    }
                }
                signal = interrupts.recv() => {
                    if self.stop.as_ref().is_some_and(|stop| matches!(stop, Stop::Interrupted(_))) {
                        tasks.abort_all();
                        let mut aborted: Vec<_> = in_flight.drain().collect();
                        aborted.sort_by_key(|(index, _)| *index);
                        for (index, record) in aborted {
                            let finished = self.record_ended(&record, Outcome::Unknown(Error::OutcomeUnknown(
                                "interrupted while waiting for the answer".to_owned(),
                            )));
                            waiting.insert(index, (record.line, finished));
                        }
                    } else {
                        self.progress.report(&format!(
                            "stopping: waiting for the {} requests in flight (Ctrl-C again to stop waiting)",
                            in_flight.len()
                        ));
                        self.stop_for(Stop::Interrupted(signal));
                    }
                }
            }
            // Results leave in input order.
            while let Some((_, finished)) = waiting.remove(&next_out) {
                self.release(finished);
                next_out += 1;
            }
            if let Err(err) = self.created.flush() {
                self.stop_for(Stop::Broken(err.into()));
            }
        }
        debug_assert!(waiting.is_empty());
        // What was never sent goes to the `--failed` file, read from where the sending stopped.
        self.tally.not_sent = self.total - self.tally.created - self.tally.failed - self.tally.unknown;
        if self.stop.is_some()
            && let Some(file) = &mut self.failed_file
        {
            for record in reader.by_ref().map_while(|parsed| parsed.ok().and_then(Result::ok)) {
                if let Err(source) = file.write(&record.pet) {
                    let path = file.path().to_owned();
                    self.stop = Some(Stop::Broken(Error::FailedFile { path, source }));
                    break;
                }
            }
        }
    }

    /// Counts and reports a record's end; gives what must wait for its turn in input order.
    fn record_ended(&mut self, record: &Record, outcome: Outcome) -> Finished {
        match outcome {
            Outcome::Created(pet) => {
                self.tally.created += 1;
                self.progress.advance(false);
                if let Err(err) = self.created.completed(record.line, &pet) {
                    self.stop_for(Stop::Broken(err.into()));
                }
                Finished::Created(pet)
            }
            Outcome::Failed(err, hopeless) => {
                self.tally.failed += 1;
                self.progress.advance(true);
                self.progress.report(&format!("line {}: not created: {err}", record.line));
                if hopeless && self.stop.is_none() {
                    self.progress.report("stopping: every other record would fail the same way");
                    self.stop_for(Stop::Hopeless);
                }
                Finished::Failed(record.pet.clone())
            }
            Outcome::Unknown(err) => {
                self.tally.unknown += 1;
                self.progress.advance(true);
                self.progress.report(&format!("line {}: outcome unknown: {err}", record.line));
                if self.unknown_lines.len() < SHOWN_UNKNOWN {
                    self.unknown_lines.push(record.line);
                }
                Finished::Unknown
            }
        }
    }

    /// The next result in input order: a created pet to stdout, a failed record to the `--failed` file.
    fn release(&mut self, finished: Finished) {
        let result = match finished {
            Finished::Created(pet) => self.created.in_order(pet).map_err(Error::from),
            Finished::Failed(pet) => match &mut self.failed_file {
                Some(file) => {
                    file.write(&pet).map_err(|source| Error::FailedFile { path: file.path().to_owned(), source })
                }
                None => Ok(()),
            },
            Finished::Unknown => Ok(()),
        };
        if let Err(err) = result {
            self.stop_for(Stop::Broken(err));
        }
    }

    /// Stops dispatching, for the first reason only.
    fn stop_for(&mut self, stop: Stop) {
        if self.stop.is_none() {
            self.stop = Some(stop);
        }
    }

    /// Writes the `--failed` file and the output, prints the summary, and gives the exit.
    fn finish(self) -> Result<(), Error> {
        let Batch { ctx, name, total, failed_file, created, progress, tally, unknown_lines, stop, .. } = self;
        progress.finish();
        let kept = match failed_file {
            Some(file) => {
                let path = file.path().to_owned();
                let count = file.commit().map_err(|source| Error::FailedFile { path: path.clone(), source })?;
                Some((path, count))
            }
            None => None,
        };
        let output = created.finish();
        if tally.unknown > 0 {
            let mut lines: Vec<String> = unknown_lines.iter().map(u64::to_string).collect();
            if tally.unknown > unknown_lines.len() as u64 {
                lines.push(format!("and {} more", thousands(tally.unknown - unknown_lines.len() as u64)));
            }
            let one = tally.unknown == 1;
            let left_out = match &kept {
                Some((path, _)) => {
                    format!(", so {} not in `{}`", if one { "it is" } else { "they are" }, path.display())
                }
                None => String::new(),
            };
            progress.after(&format!(
                "{} {} of `{name}` may or may not have been created{left_out}: {} {}; check with `petstore pets list` \
                 before sending {} again",
                thousands(tally.unknown),
                if one { "record" } else { "records" },
                if one { "line" } else { "lines" },
                lines.join(", "),
                if one { "it" } else { "them" },
            ));
        }
        if stop.is_none() && tally.created == total {
            ctx.output.status(&tally.to_string());
            return output;
        }
        let help = match &kept {
            Some((path, count)) if *count > 0 => format!(
                "the {} {} not created {} in `{}`: `petstore pets add --file {}` sends {}",
                thousands(*count),
                if *count == 1 { "record" } else { "records" },
                if *count == 1 { "is" } else { "are" },
                path.display(),
                shell_word(path),
                if *count == 1 { "it" } else { "them" },
            ),
            None if tally.failed + tally.not_sent > 0 => {
                "pass `--failed PATH` to keep the records that were not created, for a re-run".to_owned()
            }
            _ => "check with `petstore pets list` whether those of unknown outcome exist before sending them again"
                .to_owned(),
        };
        match stop {
            Some(Stop::Broken(err)) => Err(err),
            Some(Stop::Interrupted(signal)) => {
                progress.after(&tally.to_string());
                progress.after(&format!("help: {help}"));
                output.and(Err(Error::Interrupted { signal }))
            }
            Some(Stop::Hopeless) | None => {
                output?;
                Err(Error::BatchIncomplete { summary: tally.to_string(), help })
            }
        }
    }
}

/// A path as one shell word, quoted when it needs to be.
fn shell_word(path: &Path) -> String {
    let text = path.display().to_string();
    if text.chars().all(|c| c.is_ascii_alphanumeric() || "-_./+,:@".contains(c)) {
        text
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use reqwest::StatusCode;

    use super::*;

    fn status(code: u16) -> api::Error {
        api::Error::Status { status: StatusCode::from_u16(code).unwrap(), body: None, excerpt: String::new() }
    }

    fn kind(result: Result<Pet, api::Error>) -> &'static str {
        match Outcome::of(result) {
            Outcome::Created(_) => "created",
            Outcome::Failed(_, false) => "failed",
            Outcome::Failed(_, true) => "failed, and so would the rest",
            Outcome::Unknown(_) => "unknown",
        }
    }

    #[test]
    fn outcomes_are_unknown_when_the_server_may_have_acted() {
        let pet = Pet { id: 1, name: "Rex".into(), category_id: 1, status: None };
        assert_eq!(kind(Ok(pet)), "created");
        for code in [400, 409, 413, 422, 429] {
            assert_eq!(kind(Err(status(code))), "failed", "{code}");
        }
        for code in [401, 403, 404] {
            assert_eq!(kind(Err(status(code))), "failed, and so would the rest", "{code}");
        }
        for code in [500, 502, 503, 504] {
            assert_eq!(kind(Err(status(code))), "unknown", "{code}: an answer, but not whether it acted");
        }
        let lost = api::Error::OutcomeUnknown { method: "POST".into(), reason: "connection closed".into() };
        assert_eq!(kind(Err(lost)), "unknown");
        let garbled =
            api::Error::Decode { status: StatusCode::CREATED, reason: "EOF".into(), excerpt: "{\"id\"".into() };
        assert_eq!(kind(Err(garbled)), "unknown");
        let refused = api::Error::Connect { origin: "http://127.0.0.1:1".into(), reason: "refused".into() };
        assert_eq!(kind(Err(refused)), "failed, and so would the rest");
    }

    #[test]
    fn paths_are_quoted_for_the_shell_when_needed() {
        assert_eq!(shell_word(Path::new("out/failed.csv")), "out/failed.csv");
        assert_eq!(shell_word(Path::new("my failed's.csv")), r"'my failed'\''s.csv'");
    }
}
