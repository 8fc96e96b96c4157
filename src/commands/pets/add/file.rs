//! `petstore pets add --file`: a check pass over the whole file, then a send pass that reads it again and
//! sends `--concurrency` records at a time over one client (so over reused connections). Neither pass holds
//! the file: records come one at a time from [`crate::bulk`], and results leave through a window of at most
//! `WINDOW` records, in input order. Stdin is copied to a temporary file during the check pass, which runs on
//! a blocking thread so that a signal ends it even while stdin is silent. The `--failed` path is checked
//! before either pass.
//!
//! Each record ends one of four ways:
//! - created: the server answered 2xx with the new pet;
//! - failed: the server certainly did not create it: it refused it (a 4xx other than 408, or a 507
//!   `storage_full`; the status decides, whatever the body, even one over the client's size cap), or no
//!   connection could be made. It goes to the `--failed` file;
//! - unknown: the request went out and no usable answer came: none at all, an unreadable 2xx, a 408, or
//!   another 5xx (an answer, but one that does not say whether the server acted; a proxy's 502 or 504 may
//!   follow a stored pet). It may exist, so it is listed apart and kept out of the `--failed` file, which
//!   must never cause a duplicate, and it is never sent again;
//! - not sent: a signal, a closed stdout, a server that keeps refusing, a server that keeps failing
//!   ([`MAX_SERVER_FAILURES`]), or a refusal that every later record would meet too (a refused key, a full
//!   store, a wrong base URL, no server), stopped the batch before it. It goes to the `--failed` file.
//!
//! Rate limits belong to the batch, not to each request: the client hands back a 429 at once with the
//! server's `Retry-After` ([`Client::create_pet_paced`]), and the batch pauses every request for that long
//! (`PAUSE_CAP` at most; a server asking for longer ends the batch), sends the refused records again after the
//! pause, one probe first and the rest once the probe is through, and ends the batch after `MAX_REFUSALS`
//! refusals in a row with no record created between them. A 503 with `Retry-After` pauses the batch the same
//! way, though its record stays of unknown outcome. A signal stops the batch; the requests in flight get
//! `SIGNAL_GRACE` to finish, then are abandoned as of unknown outcome, as they are at once on a second signal.

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::Path;
use std::time::Duration;

use tokio::task::JoinSet;
use tokio::time::Instant;

use super::{AddArgs, UNKNOWN_CHECK, write_error};
use crate::api::{self, Client, NewPet, Pet};
use crate::bulk::{FailedFile, Format, Reader, Record};
use crate::context::Context;
use crate::error::Error;
use crate::output::{BatchProgress, CreatedPets, thousands};
use crate::signals::{self, Signal, Signals};

/// How many invalid records the check pass lists; it counts the rest.
const SHOWN_INVALID: u64 = 50;

/// After this many invalid records the check pass reads no further: the file is not what was meant, and
/// endless input that is not records must end too.
const MAX_INVALID: u64 = 10_000;

/// How far the send pass may run ahead of the oldest record without a result, in records: it bounds what is
/// held to restore input order. A request that hangs until its timeout holds up the rest only after this
/// many.
const WINDOW: u64 = 4096;

/// How many lines of unknown outcome the final list names; it counts the rest (each was reported as it
/// happened).
const SHOWN_UNKNOWN: usize = 50;

/// How long the requests in flight may take to finish after a signal, before they are abandoned (of unknown
/// outcome). Well under the 10 s that `docker stop` leaves between SIGTERM and SIGKILL, so that the
/// `--failed` file and the summary are written before a SIGKILL can come.
pub const SIGNAL_GRACE: Duration = Duration::from_secs(5);

/// How soon after a signal the same signal again is the first one's echo rather than a second signal: `timeout`
/// sends its signal to petstore and then to its whole process group, so petstore often gets it twice within
/// a millisecond. A person pressing Ctrl-C twice is slower than this.
const ECHO: Duration = Duration::from_millis(250);

/// The longest pause a batch takes when the server asks for one (`Retry-After`); asked for longer, it stops,
/// and the rest is not sent.
pub const PAUSE_CAP: Duration = Duration::from_secs(60);

/// The pause after a 429 without a readable `Retry-After`, doubled for each refusal in a row.
pub const DEFAULT_PAUSE: Duration = Duration::from_secs(1);

/// Refusals in a row (429, or 503 with `Retry-After`), each after the pause the one before asked for, with no
/// record created between them, that end the batch: the server is not letting it through.
pub const MAX_REFUSALS: u32 = 5;

/// Server failures in a row (answers of unknown outcome: a 5xx other than a 507 or a 503 with `Retry-After`,
/// a 408, or no complete answer), with no record created between them, that end the batch: the server is
/// down or broken, and each more record sent is one more of unknown outcome. More than the default
/// `--concurrency`, so that one blip failing every request in flight at once does not end a batch. The
/// requests already in flight when the batch stops still end as their answers say.
pub const MAX_SERVER_FAILURES: u32 = 10;

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
    let mut batch = Batch::new(ctx, failed_file, &name, total);
    batch.send(&client, reader, &mut interrupts, args.concurrency.into()).await;
    batch.finish()
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
    let mut bodies = Vec::new();
    for parsed in Reader::new(format, input).map_err(read_error)? {
        if let Ok(record) = parsed.map_err(read_error)? {
            bodies.push(serde_json::to_vec(&record.pet).expect("a NewPet always serialises"));
        }
    }
    let url = super::pets_url(ctx)?;
    let extra = reqwest::header::HeaderMap::new();
    let requests = bodies.iter().map(|body| crate::commands::dry_run::Request {
        method: &reqwest::Method::POST,
        url: &url,
        extra: &extra,
        body: Some(body),
    });
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

/// How a record ended.
enum RecordEnd {
    Created(Pet),
    /// Certainly not created: the user's error text, and, when every later record would fail the same way,
    /// why (for the line that says the batch stops).
    Failed(Error, Option<&'static str>),
    /// May have been created.
    Unknown(Error),
}

impl RecordEnd {
    fn of(result: Result<Pet, api::Error>) -> RecordEnd {
        let err = match result {
            Ok(pet) => return RecordEnd::Created(pet),
            Err(err) if err.maybe_applied() => return RecordEnd::Unknown(write_error(err)),
            Err(err) => Error::from(err),
        };
        match err {
            Error::Unauthorized { .. } | Error::NotFound { .. } | Error::Connect { .. } | Error::Tls { .. } => {
                RecordEnd::Failed(err, Some("every other record would fail the same way"))
            }
            Error::StorageFull { .. } => {
                RecordEnd::Failed(err, Some("the store is full, so every other record would be refused too"))
            }
            _ => RecordEnd::Failed(err, None),
        }
    }

    /// A record whose request was abandoned in flight, for `reason`.
    fn abandoned(reason: &str) -> RecordEnd {
        RecordEnd::Unknown(Error::MaybeApplied {
            message: reason.to_owned(),
            check: UNKNOWN_CHECK.to_owned(),
            code: crate::error::exit::NETWORK,
        })
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
    /// A signal ([`Batch::signal`]).
    Interrupted,
    /// Every later record would fail the same way.
    Hopeless,
    /// The server kept refusing, or asked for a pause longer than [`PAUSE_CAP`].
    Refused,
    /// The server kept failing: [`MAX_SERVER_FAILURES`] in a row.
    Failing,
    /// stdout's reader went away.
    StdoutClosed,
    /// The file became unreadable or changed since the check pass, the output or the `--failed` file cannot
    /// be written.
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

/// The batch's pace under a rate limit: one pause for every request, then one probe, then all again.
#[derive(Debug, Default)]
struct Pace {
    /// Paused until then: nothing is sent.
    until: Option<Instant>,
    /// After a pause, one request goes alone until it is answered.
    probing: bool,
    /// Counts the pauses. Each request carries the generation it was sent in, so that the refusals of the
    /// requests that were in flight together make one refusal, not one each.
    generation: u64,
    /// Refusals in a row with no record created between them.
    refusals: u32,
    /// Server failures in a row with no record created between them.
    failures: u32,
}

/// The pause an answer asks of the whole batch: a 429's `Retry-After` (or [`DEFAULT_PAUSE`], doubled for each
/// refusal in a row, without one), a 503's `Retry-After`.
fn pause_asked(result: &Result<Pet, api::Error>, retry_after: Option<Duration>, refusals: u32) -> Option<Duration> {
    let Err(api::Error::Status { status, .. }) = result else { return None };
    match status.as_u16() {
        429 => Some(retry_after.unwrap_or_else(|| DEFAULT_PAUSE.saturating_mul(1 << refusals.min(16)))),
        503 => retry_after,
        _ => None,
    }
}

/// Whether an answer is a server failure, of those that end the batch after [`MAX_SERVER_FAILURES`] in a row:
/// a request of unknown outcome, other than an unreadable 2xx (the server acted) and a refusal that paused
/// the batch (`paused`: a 503 with `Retry-After`, counted with the refusals).
fn server_failure(result: &Result<Pet, api::Error>, paused: bool) -> bool {
    match result {
        Err(api::Error::Decode { .. }) | Ok(_) => false,
        Err(err) => !paused && err.maybe_applied(),
    }
}

/// Seconds, for messages: `1 s`, `2.5 s`.
fn seconds(wait: Duration) -> String {
    let text = format!("{:.1}", wait.as_secs_f64());
    format!("{} s", text.trim_end_matches(".0"))
}

/// Resolves at `deadline`; never without one.
async fn wait_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}

/// A request's answer: its index in the input, the pace's generation it was sent in, what came back and the
/// wait the server asked for.
type Answer = (u64, u64, Result<Pet, api::Error>, Option<Duration>);

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
    /// The first signal: it decides the exit code, whatever else stopped the batch.
    signal: Option<Signal>,
    pace: Pace,
    /// Requests out, by index.
    in_flight: HashMap<u64, Record>,
    /// Refused records (429), certainly not created, sent again after the pause before any other.
    refused: BTreeMap<u64, (Record, Error)>,
    /// Ended records waiting for those before them, with their lines.
    waiting: BTreeMap<u64, Finished>,
}

impl<'a> Batch<'a> {
    fn new(ctx: &'a Context, failed_file: Option<FailedFile>, name: &str, total: u64) -> Batch<'a> {
        Batch {
            ctx,
            name: name.to_owned(),
            total,
            failed_file,
            created: ctx.output.created_pets(),
            progress: ctx.output.batch_progress(total),
            tally: Tally::default(),
            unknown_lines: Vec::new(),
            stop: None,
            signal: None,
            pace: Pace::default(),
            in_flight: HashMap::new(),
            refused: BTreeMap::new(),
            waiting: BTreeMap::new(),
        }
    }

    /// Sends every record, `concurrency` at a time, until the end of the file or a reason to stop; then waits
    /// for what is in flight: [`SIGNAL_GRACE`] at most after a signal, and not at all after a second one (what
    /// was in flight then has an unknown outcome).
    async fn send<R: BufRead>(
        &mut self,
        client: &Client,
        mut reader: Reader<R>,
        interrupts: &mut Signals,
        concurrency: usize,
    ) {
        let mut tasks: JoinSet<Answer> = JoinSet::new();
        let (mut next, mut next_out, mut exhausted) = (0u64, 0u64, false);
        // After a signal: when what is still in flight is abandoned.
        let mut grace: Option<Instant> = None;
        let mut signalled_at: Option<Instant> = None;
        if let Some(signal) = interrupts.pending() {
            self.signalled(signal);
            signalled_at = Some(Instant::now());
        }
        loop {
            while self.stop.is_none()
                && self.pace.until.is_none()
                && (!self.pace.probing || self.in_flight.is_empty())
                && self.in_flight.len() < concurrency
            {
                let (index, record) = match self.refused.pop_first() {
                    Some((index, (record, _))) => (index, record),
                    None if exhausted || next >= next_out + WINDOW => break,
                    None => match reader.next() {
                        None => {
                            exhausted = true;
                            break;
                        }
                        Some(Ok(Ok(record))) => {
                            next += 1;
                            (next - 1, record)
                        }
                        Some(Ok(Err(invalid))) => {
                            let source = io::Error::other(format!("it changed after it was checked: {invalid}"));
                            self.stop_for(Stop::Broken(Error::RecordsRead { file: self.name.clone(), source }));
                            break;
                        }
                        Some(Err(source)) => {
                            self.stop_for(Stop::Broken(Error::RecordsRead { file: self.name.clone(), source }));
                            break;
                        }
                    },
                };
                let (client, pet, generation) = (client.clone(), record.pet.clone(), self.pace.generation);
                tasks.spawn(async move {
                    let (result, retry_after) = client.create_pet_paced(&pet).await;
                    (index, generation, result, retry_after)
                });
                self.in_flight.insert(index, record);
            }
            if self.in_flight.is_empty() && (self.stop.is_some() || self.pace.until.is_none()) {
                break;
            }
            tokio::select! {
                joined = tasks.join_next(), if !tasks.is_empty() => {
                    let Some(mut joined) = joined else { continue };
                    // Every answer that is in, at once: one flush of stdout for all of them.
                    loop {
                        match joined {
                            Ok((index, generation, result, retry_after)) => {
                                self.answered(index, generation, result, retry_after);
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
                    if self.signal == Some(signal) && signalled_at.is_some_and(|at| at.elapsed() < ECHO) {
                        // The same signal again at once: an echo (`timeout` signals petstore, then its whole
                        // process group), not a second request to stop.
                    } else if self.signal.is_some() {
                        tasks.abort_all();
                        self.abandon("interrupted while waiting for the answer");
                        grace = None;
                    } else {
                        if !self.in_flight.is_empty() {
                            self.progress.report(&format!(
                                "stopping: waiting for the {} requests in flight (at most {}; a second signal, such as \
                                 Ctrl-C, stops waiting)",
                                self.in_flight.len(),
                                seconds(SIGNAL_GRACE)
                            ));
                        }
                        self.signalled(signal);
                        signalled_at = Some(Instant::now());
                        grace = Some(Instant::now() + SIGNAL_GRACE);
                    }
                }
                () = wait_until(grace), if !self.in_flight.is_empty() => {
                    self.progress.report(&format!(
                        "stopping: {} requests still in flight {} after the signal are abandoned",
                        self.in_flight.len(),
                        seconds(SIGNAL_GRACE)
                    ));
                    tasks.abort_all();
                    self.abandon("no answer in time after the signal");
                    grace = None;
                }
                () = wait_until(self.pace.until) => {
                    self.pace.until = None;
                    self.pace.probing = true;
                }
            }
            self.drain_refused();
            // Results leave in input order.
            while let Some(finished) = self.waiting.remove(&next_out) {
                self.release(finished);
                next_out += 1;
            }
            if let Err(err) = self.created.flush() {
                self.output_failed(err);
            }
        }
        self.drain_refused();
        while let Some(finished) = self.waiting.remove(&next_out) {
            self.release(finished);
            next_out += 1;
        }
        debug_assert!(self.waiting.is_empty() && self.refused.is_empty());
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

    /// Once the batch has stopped, refused records waiting for the end of a pause will not be sent again: the
    /// server said no to each.
    fn drain_refused(&mut self) {
        if self.stop.is_some() {
            for (index, (record, err)) in std::mem::take(&mut self.refused) {
                let finished = self.record_ended(&record, RecordEnd::Failed(err, None));
                self.waiting.insert(index, finished);
            }
        }
    }

    /// The first signal stops the batch, and decides the exit code.
    fn signalled(&mut self, signal: Signal) {
        self.signal.get_or_insert(signal);
        self.stop_for(Stop::Interrupted);
    }

    /// Takes in the answer to the request for record `index`: the record ends, or, refused, waits for the end
    /// of the pause the refusal starts.
    fn answered(
        &mut self,
        index: u64,
        generation: u64,
        result: Result<Pet, api::Error>,
        retry_after: Option<Duration>,
    ) {
        // Abandoned already.
        let Some(record) = self.in_flight.remove(&index) else { return };
        let pause = pause_asked(&result, retry_after, self.pace.refusals);
        if let Some(pause) = pause {
            self.refusal(generation, pause);
        } else if result.is_ok() {
            self.pace.refusals = 0;
        }
        let failure = server_failure(&result, pause.is_some());
        if result.is_ok() {
            self.pace.failures = 0;
        }
        if generation == self.pace.generation && pause.is_none() {
            // The probe went through: every request may go again.
            self.pace.probing = false;
        }
        let outcome = match RecordEnd::of(result) {
            RecordEnd::Failed(err @ Error::RateLimited { .. }, _) if self.stop.is_none() => {
                self.refused.insert(index, (record, err));
                return;
            }
            outcome => outcome,
        };
        let finished = self.record_ended(&record, outcome);
        self.waiting.insert(index, finished);
        if failure {
            self.pace.failures += 1;
            if self.pace.failures >= MAX_SERVER_FAILURES && self.stop.is_none() {
                self.progress.report(&format!(
                    "stopping: the server failed {MAX_SERVER_FAILURES} times in a row with nothing created; the rest \
                     is not sent"
                ));
                self.stop_for(Stop::Failing);
            }
        }
    }

    /// The server refused a request sent in pace generation `generation`, and asked the batch to pause for
    /// `pause`. Refusals to requests sent before the latest pause began are that pause's, already taken.
    fn refusal(&mut self, generation: u64, pause: Duration) {
        if generation != self.pace.generation || self.stop.is_some() {
            return;
        }
        self.pace.generation += 1;
        self.pace.refusals += 1;
        self.pace.probing = false;
        if pause > PAUSE_CAP {
            let asked =
                if pause == Duration::MAX { "more seconds than petstore counts".to_owned() } else { seconds(pause) };
            self.progress.report(&format!(
                "stopping: the server asked for a pause of {asked}, longer than the {} a batch waits",
                seconds(PAUSE_CAP)
            ));
            self.stop_for(Stop::Refused);
        } else if self.pace.refusals >= MAX_REFUSALS {
            self.progress.report(&format!(
                "stopping: the server refused {MAX_REFUSALS} times in a row, each after the pause it asked for"
            ));
            self.stop_for(Stop::Refused);
        } else {
            self.progress.report(&format!(
                "the server is limiting requests: every request pauses for {} (refusal {} of {MAX_REFUSALS} in a row)",
                seconds(pause),
                self.pace.refusals
            ));
            self.pace.until = Some(Instant::now() + pause);
        }
    }

    /// Gives up on the requests in flight, whose tasks were aborted: each may or may not have been acted on.
    fn abandon(&mut self, reason: &str) {
        let mut abandoned: Vec<_> = self.in_flight.drain().collect();
        abandoned.sort_by_key(|(index, _)| *index);
        for (index, record) in abandoned {
            let finished = self.record_ended(&record, RecordEnd::abandoned(reason));
            self.waiting.insert(index, finished);
        }
    }

    /// Counts and reports a record's end; gives what must wait for its turn in input order.
    fn record_ended(&mut self, record: &Record, outcome: RecordEnd) -> Finished {
        match outcome {
            RecordEnd::Created(pet) => {
                self.tally.created += 1;
                self.progress.advance(false);
                if let Err(err) = self.created.completed(record.line, &pet) {
                    self.output_failed(err);
                }
                Finished::Created(pet)
            }
            RecordEnd::Failed(err, hopeless) => {
                self.tally.failed += 1;
                self.progress.advance(true);
                self.progress.report(&format!("line {}: not created: {err}", record.line));
                if let Some(why) = hopeless
                    && self.stop.is_none()
                {
                    self.progress.report(&format!("stopping: {why}"));
                    self.stop_for(Stop::Hopeless);
                }
                Finished::Failed(record.pet.clone())
            }
            RecordEnd::Unknown(err) => {
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
        match finished {
            Finished::Created(pet) => {
                if let Err(err) = self.created.in_order(pet) {
                    self.output_failed(err);
                }
            }
            Finished::Failed(pet) => {
                if let Some(file) = &mut self.failed_file
                    && let Err(source) = file.write(&pet)
                {
                    let path = file.path().to_owned();
                    self.stop_for(Stop::Broken(Error::FailedFile { path, source }));
                }
            }
            Finished::Unknown => {}
        }
    }

    /// stdout cannot be written: its reader went away (the batch stops, and says so), or it failed.
    fn output_failed(&mut self, err: io::Error) {
        if self.created.is_closed() {
            if self.stop.is_none() {
                self.progress.report("stopping: stdout closed");
            }
            self.stop_for(Stop::StdoutClosed);
        } else {
            self.stop_for(Stop::Broken(err.into()));
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
        let Batch { ctx, name, total, failed_file, created, progress, tally, unknown_lines, stop, signal, .. } = self;
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
            matches!(stop, Some(Stop::StdoutClosed)) || output.as_ref().is_err_and(Error::is_broken_pipe);
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
        if signal.is_none() && tally.created == total && matches!(stop, None | Some(Stop::StdoutClosed)) {
            // Every record was created: a reader that left early (`| head -1`) is no failure of the batch.
            if !stdout_closed {
                ctx.output.status(&tally.to_string());
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
                shell_word(path),
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
        if let Some(Stop::Broken(err)) = stop {
            return Err(err);
        }
        if let Some(signal) = signal {
            progress.after(&tally.to_string());
            progress.after(&format!("help: {help}"));
            return output.and(Err(Error::Interrupted { signal }));
        }
        output?;
        if stdout_closed {
            return Err(Error::BatchOutputClosed { summary: tally.to_string(), help });
        }
        Err(Error::BatchIncomplete { summary: tally.to_string(), help })
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
        match RecordEnd::of(result) {
            RecordEnd::Created(_) => "created",
            RecordEnd::Failed(_, None) => "failed",
            RecordEnd::Failed(_, Some(_)) => "failed, and so would the rest",
            RecordEnd::Unknown(_) => "unknown",
        }
    }

    #[test]
    fn outcomes_are_unknown_when_the_server_may_have_acted() {
        let pet = Pet { id: 1, name: "Rex".into(), category_id: 1, status: None };
        assert_eq!(kind(Ok(pet)), "created");
        for code in [400, 405, 409, 413, 422, 429] {
            assert_eq!(kind(Err(status(code))), "failed", "{code}");
        }
        for code in [401, 403, 404, 507] {
            assert_eq!(kind(Err(status(code))), "failed, and so would the rest", "{code}");
        }
        for code in [408, 500, 502, 503, 504, 599] {
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
    fn a_429_always_pauses_the_batch_and_a_503_only_with_retry_after() {
        let one = Some(Duration::from_secs(1));
        assert_eq!(pause_asked(&Err(status(429)), one, 0), one);
        assert_eq!(pause_asked(&Err(status(429)), None, 0), Some(DEFAULT_PAUSE), "no Retry-After: the default");
        assert_eq!(pause_asked(&Err(status(429)), None, 3), Some(DEFAULT_PAUSE * 8), "doubled per refusal");
        assert_eq!(pause_asked(&Err(status(503)), one, 0), one);
        assert_eq!(pause_asked(&Err(status(503)), None, 0), None);
        for code in [400, 500, 502, 504] {
            assert_eq!(pause_asked(&Err(status(code)), one, 0), None, "{code}");
        }
        assert_eq!(seconds(Duration::from_secs(5)), "5 s");
        assert_eq!(seconds(Duration::from_millis(2500)), "2.5 s");
    }

    #[test]
    fn paths_are_quoted_for_the_shell_when_needed() {
        assert_eq!(shell_word(Path::new("out/failed.csv")), "out/failed.csv");
        assert_eq!(shell_word(Path::new("my failed's.csv")), r"'my failed'\''s.csv'");
    }
}
