//! `petstore pets add --file`: a check pass over the whole file, then a send pass that reads it again and
//! sends records as many at a time as `--concurrency` says (without it, as many as the batch finds the server
//! takes: `petstore_core::batch::limiter`) over one client (so over reused connections). Neither pass holds
//! the file: records come one at a time from [`crate::bulk`], and results leave through a window of at most
//! `WINDOW` records, in input order. Stdin is copied to a temporary file during the check pass, which runs on
//! a blocking thread so that a signal ends it even while stdin is silent. The `--failed` path is checked
//! before either pass.
//!
//! The sending itself, its pace and when it stops, is `petstore_core::batch`'s; this file gives it a
//! `create` (the client's `POST /pets`), the signals and a sink, and words what it reports: progress and each
//! record's end on stderr, created pets on stdout in input order, records certainly not created (failed, and
//! those not sent) in the `--failed` file, and the summary with its exit. A record of unknown outcome may
//! exist, so it is listed apart and kept out of the `--failed` file, which must never cause a duplicate.

use std::fs::File;
use std::future::Future;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::Path;
use std::time::Duration;

use petstore_core::batch::{
    self, Abandoned, End, Event, Hopeless, Limiter, MAX_REFUSALS, MAX_SERVER_FAILURES, PAUSE_CAP, Release,
    SIGNAL_GRACE, Stop, Summary, Tally,
};

use super::{AddArgs, UNKNOWN_CHECK, write_error};
use crate::bulk::{FailedFile, Format, Reader, Record};
use crate::context::Context;
use crate::error::Error;
use crate::output::{BatchProgress, CreatedPets, duration_words, shell_word, thousands};
use crate::signals::{self, Signal, Signals};

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
        (None, None) => return Err(Error::RecordsFormat { file: name }),
    };
    let failed_file = match &args.failed {
        Some(path) => Some(FailedFile::create(path).map_err(|err| Error::FailedFileUnusable {
            path: path.clone(),
            reason: err.to_string(),
            help: if err.is_not_a_file() {
                "give `--failed` the path of a regular file, which is replaced, or of one to create".to_owned()
            } else {
                "create the directory, or give `--failed` a path in a directory you can write".to_owned()
            },
        })?),
        None => None,
    };

    // The check pass, on a blocking thread: reading stdin, or a file on a slow disk, must not keep a signal
    // from ending the command. An abandoned read does not hold the exit (`main` shuts the runtime down
    // without waiting for it).
    let check_pass = tokio::task::spawn_blocking({
        let (name, file) = (name.clone(), file.to_owned());
        move || check_pass(&name, &file, format, stdin)
    });
    let (total, input) = tokio::select! {
        joined = check_pass => match joined {
            Ok(checked) => checked?,
            Err(err) => std::panic::resume_unwind(err.into_panic()),
        },
        signal = interrupts.recv() => return Err(Error::Interrupted { signal }),
    };

    if args.dry_run.on() {
        return dry_run(ctx, args, format, input, &name);
    }
    let client = ctx.client()?;
    let what = format!("add {total} {} from `{name}`", if total == 1 { "animal" } else { "animals" });
    crate::commands::confirm::confirm_write(ctx, args.yes, &what).await?;
    let read_error = |source| Error::RecordsRead { file: name.clone(), source };
    let reader = Reader::new(format, input).map_err(read_error)?;
    let failed_file = match failed_file {
        Some(file) => {
            let path = file.path().to_owned();
            Some(file.begin(&reader.layout()).map_err(|source| Error::FailedFile { path, source })?)
        }
        None => None,
    };
    let mut reader = reader;
    let mut out = BatchOutput {
        failed_file,
        created: ctx.output.created_pets(),
        progress: ctx.output.batch_progress(total),
        unknown_lines: Vec::new(),
    };
    let create = |pet: crate::api::NewPet| {
        let client = client.clone();
        async move { client.create_pet_paced(&pet).await }
    };
    let limiter = match args.concurrency {
        Some(n) => Limiter::fixed(n.into()),
        None => Limiter::adaptive(tokio::time::Instant::now()),
    };
    let mut summary = batch::send(&mut reader, total, create, limiter, &mut interrupts, &mut out).await;
    // What was never sent goes to the `--failed` file, read from where the sending stopped.
    if summary.stop.is_some()
        && let Some(file) = &mut out.failed_file
    {
        for record in reader.by_ref().map_while(|parsed| parsed.ok().and_then(Result::ok)) {
            if let Err(source) = file.write(&record.pet) {
                let path = file.path().to_owned();
                summary.stop = Some(Stop::Sink(Halt::Broken(Error::FailedFile { path, source })));
                break;
            }
        }
    }
    finish(ctx, out, &name, total, summary)
}

/// `--dry-run` and `--curl`: every checked record as the `POST /pets` it would be.
fn dry_run(
    ctx: &Context,
    args: &AddArgs,
    format: Format,
    input: Box<dyn BufRead + Send>,
    name: &str,
) -> Result<(), Error> {
    let read_error = |source| Error::RecordsRead { file: name.to_owned(), source };
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
fn check_pass(name: &str, file: &Path, format: Format, stdin: bool) -> Result<(u64, Box<dyn BufRead + Send>), Error> {
    let read_error = |source| Error::RecordsRead { file: name.to_owned(), source };
    if stdin {
        let spool = tempfile::tempfile().map_err(read_error)?;
        let mut tee = Tee { input: io::stdin(), copy: BufWriter::new(spool) };
        let total = check(name, Reader::new(format, BufReader::new(&mut tee)).map_err(read_error)?)?;
        // What the check pass did not read (after a JSON array's `]`) is whitespace; the spool has the rest.
        let mut spool = tee.copy.into_inner().map_err(|err| read_error(err.into_error()))?;
        spool.rewind().map_err(read_error)?;
        Ok((total, Box::new(BufReader::new(spool))))
    } else {
        let open = || File::open(file).map(BufReader::new).map_err(read_error);
        let total = check(name, Reader::new(format, open()?).map_err(read_error)?)?;
        Ok((total, Box::new(open()?)))
    }
}

/// The check pass: reads every record and counts them, or lists the invalid ones (exit 2). It stops reading
/// at [`MAX_INVALID`] invalid records, so that endless input that is not records (`yes |`) ends too.
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
                if invalid == MAX_INVALID {
                    list.push(format!(
                        "  … and {} more; reading stopped after {} invalid records",
                        thousands(invalid - SHOWN_INVALID),
                        thousands(MAX_INVALID)
                    ));
                    return Err(Error::InvalidRecords { file: name.to_owned(), count: invalid, list: list.join("\n") });
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
    /// The output or the `--failed` file cannot be written.
    Broken(Error),
}

/// Where a batch's results go: created pets to stdout, records certainly not created to the `--failed` file,
/// progress and each record's end to stderr.
struct BatchOutput {
    failed_file: Option<FailedFile>,
    created: CreatedPets,
    progress: BatchProgress,
    /// The first lines of unknown outcome.
    unknown_lines: Vec<u64>,
}

impl BatchOutput {
    /// stdout cannot be written: its reader went away, or it failed.
    fn halt(&self, err: io::Error) -> Halt {
        if self.created.is_closed() { Halt::StdoutClosed } else { Halt::Broken(err.into()) }
    }

    /// A record of unknown outcome, and why.
    fn unknown(&mut self, record: &Record, err: &Error) {
        self.progress.advance(true);
        self.progress.report(&format!("line {}: outcome unknown: {err}", record.line));
        if self.unknown_lines.len() < SHOWN_UNKNOWN {
            self.unknown_lines.push(record.line);
        }
    }
}

impl batch::Sink for BatchOutput {
    type Error = Halt;

    fn ended(&mut self, record: &Record, end: End<'_>) -> Result<(), Halt> {
        match end {
            End::Created(pet) => {
                self.progress.advance(false);
                self.created.completed(record.line, pet).map_err(|err| self.halt(err))
            }
            End::Failed(err) => {
                self.progress.advance(true);
                self.progress.report(&format!("line {}: not created: {}", record.line, Error::from(err)));
                Ok(())
            }
            End::Unknown(err) => {
                self.unknown(record, &write_error(err));
                Ok(())
            }
            End::Abandoned(why) => {
                let reason = match why {
                    Abandoned::Interrupted => "interrupted while waiting for the answer",
                    Abandoned::NoAnswerInTime => "no answer in time after the signal",
                };
                let err = Error::MaybeApplied {
                    message: reason.to_owned(),
                    check: UNKNOWN_CHECK.to_owned(),
                    code: crate::error::exit::NETWORK,
                };
                self.unknown(record, &err);
                Ok(())
            }
        }
    }

    fn release(&mut self, release: Release) -> Result<(), Halt> {
        match release {
            Release::Created(pet) => self.created.in_order(pet).map_err(|err| self.halt(err)),
            Release::Failed(pet) => match &mut self.failed_file {
                Some(file) => file
                    .write(&pet)
                    .map_err(|source| Halt::Broken(Error::FailedFile { path: file.path().to_owned(), source })),
                None => Ok(()),
            },
        }
    }

    fn flush(&mut self) -> Result<(), Halt> {
        self.created.flush().map_err(|err| self.halt(err))
    }

    fn event(&mut self, event: Event<'_, Halt>) {
        let line = match event {
            Event::Paused { pause, refusals } => format!(
                "the server is limiting requests: every request pauses for {} (refusal {refusals} of {MAX_REFUSALS} in \
                 a row)",
                duration_words(pause)
            ),
            Event::PauseTooLong(pause) => {
                let asked = if pause == Duration::MAX {
                    "more seconds than petstore counts".to_owned()
                } else {
                    duration_words(pause)
                };
                format!(
                    "stopping: the server asked for a pause of {asked}, longer than the {} a batch waits",
                    duration_words(PAUSE_CAP)
                )
            }
            Event::KeptRefusing => {
                format!("stopping: the server refused {MAX_REFUSALS} times in a row, each after the pause it asked for")
            }
            Event::KeptFailing => format!(
                "stopping: the server failed {MAX_SERVER_FAILURES} times in a row with nothing created; the rest is \
                 not sent"
            ),
            Event::Hopeless(Hopeless::SameFailure) => "stopping: every other record would fail the same way".to_owned(),
            Event::Hopeless(Hopeless::StoreFull) => {
                "stopping: the store is full, so every other record would be refused too".to_owned()
            }
            Event::SinkStopped(Halt::StdoutClosed) => "stopping: stdout closed".to_owned(),
            Event::SinkStopped(Halt::Broken(_)) => return,
            Event::Waiting { in_flight } => format!(
                "stopping: waiting for the {in_flight} requests in flight (at most {}; a second signal, such as \
                 Ctrl-C, stops waiting)",
                duration_words(SIGNAL_GRACE)
            ),
            Event::GraceOver { in_flight } => format!(
                "stopping: {in_flight} requests still in flight {} after the signal are abandoned",
                duration_words(SIGNAL_GRACE)
            ),
            Event::Concurrency(concurrency) => {
                self.progress.set_concurrency(concurrency);
                return;
            }
        };
        self.progress.report(&line);
    }
}

/// created / failed / unknown / not sent, for the summary.
fn tally_words(tally: &Tally) -> String {
    format!(
        "created {} / failed {} / unknown {} / not sent {}",
        thousands(tally.created),
        thousands(tally.failed),
        thousands(tally.unknown),
        thousands(tally.not_sent)
    )
}

/// Writes the `--failed` file and the output, prints the summary, and gives the exit.
fn finish(
    ctx: &Context,
    out: BatchOutput,
    name: &str,
    total: u64,
    summary: Summary<Signal, Halt>,
) -> Result<(), Error> {
    let BatchOutput { failed_file, created, progress, unknown_lines } = out;
    let Summary { tally, stop, signal } = summary;
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
    let stdout_closed =
        matches!(stop, Some(Stop::Sink(Halt::StdoutClosed))) || output.as_ref().is_err_and(Error::is_broken_pipe);
    if tally.unknown > 0 {
        let mut lines: Vec<String> = unknown_lines.iter().map(u64::to_string).collect();
        if tally.unknown > unknown_lines.len() as u64 {
            lines.push(format!("and {} more", thousands(tally.unknown - unknown_lines.len() as u64)));
        }
        let one = tally.unknown == 1;
        let left_out = match &kept {
            Some((path, _)) => format!(", so {} not in `{}`", if one { "it is" } else { "they are" }, path.display()),
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
    if signal.is_none() && tally.created == total && matches!(stop, None | Some(Stop::Sink(Halt::StdoutClosed))) {
        // Every record was created: a reader that left early (`| head -1`) is no failure of the batch.
        if !stdout_closed {
            ctx.output.status(&tally_words(&tally));
        }
        return output;
    }
    let help = match &kept {
        Some((path, count)) if *count > 0 => format!(
            "the {} {} not created {} in `{}`: `petstore pets add --file {}` sends {}",
            thousands(*count),
            if *count == 1 { "record" } else { "records" },
            if *count == 1 { "is" } else { "are" },
            path.display(),
            shell_word(&path.to_string_lossy()),
            if *count == 1 { "it" } else { "them" },
        ),
        None if tally.failed + tally.not_sent > 0 => {
            "pass `--failed PATH` to keep the records that were not created, for a re-run".to_owned()
        }
        _ => "check with `petstore pets list` whether those of unknown outcome exist before sending them again"
            .to_owned(),
    };
    // Past this point the batch fails whatever stdout did: a closed stdout must not make it exit 0.
    let output = if stdout_closed { Ok(()) } else { output };
    let unreadable = |source| Error::RecordsRead { file: name.to_owned(), source };
    match stop {
        Some(Stop::Sink(Halt::Broken(err))) => return Err(err),
        Some(Stop::Unreadable(source)) => return Err(unreadable(source)),
        Some(Stop::Changed(invalid)) => {
            return Err(unreadable(io::Error::other(format!("it changed after it was checked: {invalid}"))));
        }
        _ => {}
    }
    if let Some(signal) = signal {
        progress.after(&tally_words(&tally));
        progress.after(&format!("help: {help}"));
        return output.and(Err(Error::Interrupted { signal }));
    }
    output?;
    if stdout_closed {
        return Err(Error::BatchOutputClosed { summary: tally_words(&tally), help });
    }
    Err(Error::BatchIncomplete { summary: tally_words(&tally), help })
}
