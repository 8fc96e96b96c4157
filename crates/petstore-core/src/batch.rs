//! The batch scheduler of a bulk add: sends records `concurrency` at a time through a `create` it is given,
//! paces the whole batch under a rate limit, stops on a signal or a reason to, and hands every record's end
//! to a [`Sink`], first as it happens, then in input order. It never prints and never words anything: the
//! caller's sink says what each [`End`] and [`Event`] means to a user.
//!
//! Each record ends one of three ways, or is not sent:
//! - created: the server answered 201 (or 200) with the animal that was sent;
//! - failed: the server certainly did not create it: it refused it (a 4xx other than 408, or a 507
//!   `storage_full`; the status decides), or no connection could be made;
//! - unknown: the request went out and no usable answer came: none at all, an unreadable 2xx, an answer for
//!   another record, a 408, a 1xx, a 3xx, another 2xx, or another 5xx (an answer, but one that does not say
//!   whether the server acted on this record). It is never sent again;
//! - not sent: a signal, the sink, a server that keeps refusing, a server that keeps failing
//!   ([`MAX_SERVER_FAILURES`]), or a refusal that every later record would meet too ([`Hopeless`]) stopped the
//!   batch before it.
//!
//! How many requests are in flight at once is a [`Limiter`]'s: fixed, or found as the batch goes from how the
//! server answers (see [`limiter`]).
//!
//! Rate limits belong to the batch, not to each request: `create` hands back a 429 at once with the server's
//! `Retry-After`. The first [`PASSING_REFUSALS`] refusals after a record was created are passing: each
//! refused record alone waits as long as `Retry-After` asks and is sent again, and the rest go on. One more
//! with no record created since is a rate limit: the batch pauses every request for that long ([`PAUSE_CAP`] at most; a server asking for
//! longer ends the batch), sends the refused records again after the pause, one probe first and the rest once
//! the probe is through, and ends the batch after [`MAX_REFUSALS`] refusals in a row with no record created
//! between them. A 503 with `Retry-After` is a refusal too: the server says it did not handle the request and
//! when to come back (RFC 9110, 15.6.4), so its record is sent again after the pause, as a 429's is. A
//! 503 without `Retry-After` is of unknown outcome. A signal stops the batch; the requests in flight get
//! [`SIGNAL_GRACE`] to finish, then are abandoned as of unknown outcome, as they are at once on a second signal.
//!
//! Every wait of the loop ends by itself. It waits for one of: an answer (each request is bounded by the
//! client's timeout and attempts), the end of a pause (at most [`PAUSE_CAP`]), the time a refused record may
//! go again (at most [`PAUSE_CAP`]), the grace after a signal ([`SIGNAL_GRACE`]), the next flush
//! ([`FLUSH_EVERY`]), or a signal; and it only waits when one of the first five is pending, otherwise the
//! batch has ended. `every_batch_ends_under_any_mix_of_faults` holds that over many seeds on virtual time.
//!
//! Time is tokio's (`tokio::time::Instant`, `sleep_until`), so a test with a paused clock runs an hour of
//! pauses in no time.

pub mod limiter;
pub mod memory;
pub mod pacer;
pub mod source;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::future::Future;
use std::io;
use std::time::Duration;

use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::api::{self, NewPet, Pet};
use crate::bulk::{Invalid, Record};
pub use limiter::Limiter;
use pacer::{Pacer, Refusal};
pub use source::{Kept, Sift, Sourced};

/// How far the send pass may run ahead of the oldest record without a result, in records: it bounds what is
/// held to restore input order. A request that hangs until its timeout holds up the rest only after this
/// many.
pub const WINDOW: u64 = 4096;

/// How long results may wait in the sink before it is flushed while answers keep coming: short enough that a
/// person or a pipe sees each created pet at once, long enough that on a fast link stdout is written once
/// for many answers rather than once for every one or two (7,264 `write`s for 10,000 records on loopback,
/// each waking the reader of a pipe). When the batch ends, stops or pauses, the sink is flushed at once.
pub const FLUSH_EVERY: Duration = Duration::from_millis(10);

/// How long the requests in flight may take to finish after a signal, before they are abandoned (of unknown
/// outcome). Well under the 10 s that `docker stop` leaves between SIGTERM and SIGKILL, so that the caller
/// can write down what was not sent before a SIGKILL can come.
pub const SIGNAL_GRACE: Duration = Duration::from_secs(5);

/// How soon after a signal the same signal again is the first one's echo rather than a second signal: `timeout`
/// sends its signal to petstore and then to its whole process group, so petstore often gets it twice within
/// a millisecond. A person pressing Ctrl-C twice is slower than this.
pub const ECHO: Duration = Duration::from_millis(250);

/// The longest pause a batch takes when the server asks for one (`Retry-After`); asked for longer, it stops,
/// and the rest is not sent.
pub const PAUSE_CAP: Duration = Duration::from_secs(60);

/// The pause after a 429 without a readable `Retry-After`, doubled for each refusal in a row.
pub const DEFAULT_PAUSE: Duration = Duration::from_secs(1);

/// How long nothing must have been accepted (every answer a 429) before a 429 counts as a refusal in a row,
/// of those that pause and end the batch: behind a rate limit the pacer slows down at each 429, and the
/// limit lets something through every so often, while a server that refuses everything accepts nothing.
pub const NOTHING_ACCEPTED_FOR: Duration = Duration::from_millis(250);

/// Refusals in a row (429, or 503 with `Retry-After`) with no record created between them that delay only
/// their own records: a server that refuses a request now and then (a proxy shedding one, a fault injector)
/// lets the rest through, while one that limits the rate refuses every request in flight at once, so that
/// pausing on the next costs one or two refused requests, which are sent again.
pub const PASSING_REFUSALS: u32 = 2;

/// Refusals in a row with no record created between them that end the batch: the server is not letting it
/// through. The ones after [`PASSING_REFUSALS`] each pause the batch, so the last comes after four pauses.
pub const MAX_REFUSALS: u32 = PASSING_REFUSALS + 5;

/// Server failures in a row (answers of unknown outcome: a 5xx other than a 507 or a 503 with `Retry-After`,
/// a 408, or no complete answer), with no record created between them, that end the batch: the server is
/// down or broken, and each more record sent is one more of unknown outcome. More than the default
/// concurrency, so that one blip failing every request in flight at once does not end a batch; and the
/// requests one broken connection takes with it (all of them, over HTTP/2) count as one failure. The requests
/// already in flight when the batch stops still end as their answers say.
pub const MAX_SERVER_FAILURES: u32 = 10;

/// What one request gave: the answer, and the wait the server asked for (`Retry-After`), if it did.
pub type Created = (Result<Pet, api::Error>, Option<Duration>);

/// Where the signals that stop a batch come from.
pub trait Interrupts {
    type Signal: Copy + Eq;

    /// A signal that came and was not yet taken, taking it.
    fn pending(&mut self) -> Option<Self::Signal>;

    /// The next signal; never resolves when none can come.
    fn recv(&mut self) -> impl Future<Output = Self::Signal>;
}

/// Why every later record would fail as this one did, so the batch stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hopeless {
    /// A refused key, a wrong base URL (404), no server, a TLS failure.
    SameFailure,
    /// The store is full (507).
    StoreFull,
}

/// Why a request in flight was given up on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abandoned {
    /// A second signal.
    Interrupted,
    /// No answer within [`SIGNAL_GRACE`] of the signal.
    NoAnswerInTime,
}

/// How a record ended, as it happened (not in input order).
#[derive(Debug)]
pub enum End<'a> {
    Created(&'a Pet),
    /// Certainly not created: the server refused it, or could not be reached.
    Failed(api::Error),
    /// May have been created: the answer said nothing about it.
    Unknown(api::Error),
    /// May have been created: its request was given up on in flight.
    Abandoned(Abandoned),
}

/// What the batch is doing, for the caller to say.
#[derive(Debug)]
pub enum Event<'a, E> {
    /// The server asked for a pause: every request waits `pause`; this is refusal `refusals` of
    /// [`MAX_REFUSALS`] in a row.
    Paused { pause: Duration, refusals: u32 },
    /// A pause longer than [`PAUSE_CAP`] ([`Duration::MAX`]: longer than can be counted): the server's
    /// (`asked`, `Retry-After`), or petstore's own, doubled at each refusal without one.
    PauseTooLong { pause: Duration, asked: bool },
    /// [`MAX_REFUSALS`] refusals in a row: stopping.
    KeptRefusing,
    /// [`MAX_SERVER_FAILURES`] failures in a row: stopping.
    KeptFailing,
    /// A record failed as every later one would: stopping.
    Hopeless(Hopeless),
    /// The sink refused to go on: stopping.
    SinkStopped(&'a E),
    /// A signal came with `in_flight` requests out: waiting for them, [`SIGNAL_GRACE`] at most.
    Waiting { in_flight: usize },
    /// `in_flight` requests were still out [`SIGNAL_GRACE`] after the signal: abandoned.
    GraceOver { in_flight: usize },
    /// The adaptive limit changed: this many requests may be in flight now.
    Concurrency(usize),
    /// The server limits the rate (a 429): from now on the batch goes at the rate it accepts (see [`pacer`]).
    /// Said once a batch.
    Paced,
}

/// A result in input order.
#[derive(Debug)]
pub enum Release {
    Created(Pet),
    /// Certainly not created, so safe to send again: the record.
    Failed(NewPet),
    /// Not sent, as the batch stopped before it (only to a sink that [`Sink::wants_the_rest`]).
    NotSent(Record),
    /// Kept back from sending by the source.
    Kept(Kept),
}

/// What hears of a batch's records: where created pets go, failed records are kept, progress shows. An
/// error from it stops the batch ([`Stop::Sink`]), for the first reason only.
pub trait Sink {
    type Error;

    /// A record ended, as it happened.
    fn ended(&mut self, record: &Record, end: End<'_>) -> Result<(), Self::Error>;

    /// A record is about to be sent for the first time (not when it goes again after a refusal).
    fn sending(&mut self, record: &Record) {
        let _ = record;
    }

    /// The records of this turn that the sink heard of ([`Sink::sending`]) go now: what it must have done before
    /// they go (a journal's intents written), it does here.
    fn about_to_send(&mut self) {}

    /// A record the source kept back, as the batch reads it (it is released in input order too).
    fn kept(&mut self, kept: &Kept) -> Result<(), Self::Error> {
        let _ = kept;
        Ok(())
    }

    /// Whether, once the batch stops early, it reads the rest of its source and hands each record over: one to
    /// send as [`Release::NotSent`], one kept back as any other. Otherwise the rest is left unread.
    fn wants_the_rest(&self) -> bool {
        false
    }

    /// The next result in input order (records of unknown outcome are skipped).
    fn release(&mut self, release: Release) -> Result<(), Self::Error>;

    /// What was handed over may be written out: every answer that was in at once, or those of the last
    /// [`FLUSH_EVERY`] while answers keep coming, and everything when the batch ends, stops or pauses.
    fn flush(&mut self) -> Result<(), Self::Error>;

    /// Something to say about the batch.
    fn event(&mut self, event: Event<'_, Self::Error>);
}

/// Why the batch stopped dispatching before the end of the records.
#[derive(Debug)]
pub enum Stop<E> {
    /// A signal.
    Interrupted,
    /// Every later record would fail the same way.
    Hopeless,
    /// The server kept refusing, or asked for a pause longer than [`PAUSE_CAP`].
    Refused,
    /// The server kept failing: [`MAX_SERVER_FAILURES`] in a row.
    Failing,
    /// The records could not be read any further.
    Unreadable(io::Error),
    /// A record that passed the check pass is invalid now: the file changed.
    Changed(Invalid),
    /// The sink's error.
    Sink(E),
}

/// How each record of a batch ended: created / failed / unknown / not sent, and those its source kept back:
/// existing, undecided and invalid. They add up to the records the batch was given.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub created: u64,
    pub failed: u64,
    pub unknown: u64,
    pub not_sent: u64,
    /// Kept back: it exists ([`Kept::Exists`]).
    pub exists: u64,
    /// Kept back: whether it exists cannot be told ([`Kept::Undecided`]).
    pub undecided: u64,
    /// Kept back: invalid, set aside ([`Kept::Invalid`]).
    pub invalid: u64,
}

impl Tally {
    /// Every record counted.
    pub fn total(&self) -> u64 {
        self.created + self.failed + self.unknown + self.not_sent + self.exists + self.undecided + self.invalid
    }

    /// Counts a record kept back.
    fn count_kept(&mut self, kept: &Kept) {
        match kept {
            Kept::Exists(..) => self.exists += 1,
            Kept::Undecided(_) => self.undecided += 1,
            Kept::Invalid(_) => self.invalid += 1,
        }
    }
}

/// How a send pass ended.
#[derive(Debug)]
pub struct Summary<S, E> {
    pub tally: Tally,
    /// The first reason the batch stopped before the end, if it did.
    pub stop: Option<Stop<E>>,
    /// The first signal: it decides the exit code, whatever else stopped the batch.
    pub signal: Option<S>,
}

/// How a record ended, classified.
enum Outcome {
    Created(Pet),
    Failed(api::Error, Option<Hopeless>),
    /// A 429: sent again after the pause, unless the batch stops first.
    RateLimited(api::Error),
    Unknown(api::Error),
}

impl Outcome {
    fn of(result: Result<Pet, api::Error>) -> Outcome {
        let err = match result {
            Ok(pet) => return Outcome::Created(pet),
            Err(err) if err.maybe_applied() => return Outcome::Unknown(err),
            Err(err) => err,
        };
        let hopeless = match &err {
            api::Error::Status { status, .. } => match status.as_u16() {
                401 | 403 | 404 => Some(Hopeless::SameFailure),
                507 => Some(Hopeless::StoreFull),
                429 => return Outcome::RateLimited(err),
                _ => None,
            },
            api::Error::Connect { .. } | api::Error::Tls { .. } => Some(Hopeless::SameFailure),
            _ => None,
        };
        Outcome::Failed(err, hopeless)
    }
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

/// Resolves at `deadline`; never without one.
async fn wait_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
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
    /// When the latest counted failure was a broken connection: the requests sent before then that fail the
    /// same way went down with it (an HTTP/2 connection carries them all) and make no further failure.
    cut_at: Option<Instant>,
}

/// A request's answer: its index in the input, the pace's generation it was sent in, when it was sent, and
/// what came back.
type Answer = (u64, u64, Instant, Created);

/// A record the server refused for now, and when it may go again.
struct Refused {
    record: Record,
    error: api::Error,
    due: Instant,
}

/// An ended record waiting for those before it, to leave in input order.
enum Waiting {
    Release(Release),
    Unknown,
}

/// One send pass and what it has done so far.
struct Batch<'s, K: Sink, S> {
    sink: &'s mut K,
    tally: Tally,
    stop: Option<Stop<K::Error>>,
    signal: Option<S>,
    pace: Pace,
    limiter: Limiter,
    /// The send rate, once the server refused a request with a 429.
    pacer: Pacer,
    /// When an answer other than a 429 last came (or the batch started).
    accepted_at: Instant,
    /// The longest `Retry-After` a 429 of this batch asked for: near the end, a refusal costs its record that
    /// wait, so the pacer stops probing ([`Pacer::ending`]).
    retry_wait: Option<Duration>,
    /// Whether [`Event::Paced`] was said.
    paced: bool,
    /// Requests out, by index.
    in_flight: HashMap<u64, Record>,
    /// Refused records (429, 503 with `Retry-After`), certainly not created, sent again before any other once
    /// their time comes: the end of their own wait, or of the batch's pause.
    refused: BTreeMap<u64, Refused>,
    /// Ended records waiting for those before them.
    waiting: BTreeMap<u64, Waiting>,
    /// The ids of the animals taken as created so far: one answered again is another record's answer.
    created_ids: HashSet<i64>,
    /// Creations whose animal differs from their record, by index, held until every request that was in
    /// flight when they came has ended ([`Held`]).
    held: BTreeMap<u64, Held>,
}

/// A creation whose animal differs from the record sent: a server that normalises names, a mock's example, or
/// a proxy replaying the answer to another request, which only a second answer with the same id can tell. The
/// original of a replay was sent before the replay came back, so once every request in flight then has ended,
/// an animal whose id no other answer carried is this record's creation.
struct Held {
    record: Record,
    pet: Pet,
    /// The requests in flight when it came that are still out.
    blockers: HashSet<u64>,
    /// Another answer that differs from its record carried the same id: neither is proven.
    ambiguous: bool,
}

/// Sends every record of `records` (`total` of them, as the check pass counted, kept ones included) through
/// `create`, as many at a time as `limiter` says, until the end or a reason to stop; then waits for what is in
/// flight: [`SIGNAL_GRACE`] at most after a signal, and not at all after a second one (what was in flight then
/// has an unknown outcome). A record the source keeps back ([`Sourced::Kept`]) is counted and handed to the
/// sink as it is read, and released in input order. Records after the one it stopped at are left in
/// `records`, unread, unless the sink [`Sink::wants_the_rest`].
pub async fn send<R, T, C, F, I, K>(
    records: &mut R,
    total: u64,
    create: C,
    limiter: Limiter,
    interrupts: &mut I,
    sink: &mut K,
) -> Summary<I::Signal, K::Error>
where
    R: Iterator<Item = io::Result<Result<T, Invalid>>>,
    T: Into<Sourced>,
    C: Fn(u64, NewPet) -> F,
    F: Future<Output = Created> + Send + 'static,
    I: Interrupts,
    K: Sink,
{
    // Behind a rate limit the last batch to this server measured, paced from the start.
    let pacer = match limiter.recalled_pace() {
        Some(rate) => Pacer::resumed(Instant::now(), rate),
        None => Pacer::new(Instant::now()),
    };
    let mut batch = Batch {
        sink,
        tally: Tally::default(),
        stop: None,
        signal: None,
        pace: Pace::default(),
        limiter,
        pacer,
        accepted_at: Instant::now(),
        retry_wait: None,
        paced: false,
        in_flight: HashMap::new(),
        refused: BTreeMap::new(),
        waiting: BTreeMap::new(),
        created_ids: HashSet::new(),
        held: BTreeMap::new(),
    };
    if batch.limiter.is_adaptive() {
        batch.sink.event(Event::Concurrency(batch.limiter.limit()));
    }
    let mut tasks: JoinSet<Answer> = JoinSet::new();
    // The records a turn of the loop sends, each with its pace's generation and the time it went.
    let mut burst: Vec<(u64, u64, Instant)> = Vec::new();
    let (mut next, mut next_out, mut exhausted) = (0u64, 0u64, false);
    // After a signal: when what is still in flight is abandoned.
    let mut grace: Option<Instant> = None;
    let mut signalled_at: Option<Instant> = None;
    // The last flush, and when the next is due while answers keep coming (`FLUSH_EVERY`): one timer, reset.
    let mut flushed_at = Instant::now();
    let mut flush_due = false;
    let mut flush_timer = std::pin::pin!(tokio::time::sleep_until(flushed_at));
    loop {
        // A signal that came while the last turn handled answers (the sink may take a while) stops the batch
        // before another request goes.
        if let Some(signal) = interrupts.pending() {
            batch.heard(signal, &mut tasks, &mut grace, &mut signalled_at);
        }
        // Whether the pace alone stopped this turn's sending: its next send must then wake the loop, even if
        // its time has come since (on a loaded machine, between this look at the clock and the next).
        let mut held_by_pace = false;
        while batch.may_send() {
            if !batch.pacer.ready(Instant::now()) {
                held_by_pace = true;
                break;
            }
            let (index, record) = match batch.take_due(Instant::now()) {
                Some(taken) => taken,
                None if exhausted || next >= next_out + WINDOW => break,
                None => match records.next() {
                    None => {
                        exhausted = true;
                        break;
                    }
                    Some(Ok(Ok(sourced))) => match sourced.into() {
                        Sourced::Send(record) => {
                            next += 1;
                            batch.sink.sending(&record);
                            (next - 1, record)
                        }
                        Sourced::Kept(kept) => {
                            next += 1;
                            batch.kept(next - 1, kept);
                            continue;
                        }
                    },
                    Some(Ok(Err(invalid))) => {
                        batch.stop_for(Stop::Changed(invalid));
                        break;
                    }
                    Some(Err(source)) => {
                        batch.stop_for(Stop::Unreadable(source));
                        break;
                    }
                },
            };
            let (generation, sent) = (batch.pace.generation, Instant::now());
            batch.pacer.sent(sent);
            burst.push((index, generation, sent));
            batch.in_flight.insert(index, record);
        }
        // The sink has heard of every record of this turn before any of them goes ([`Sink::sending`]).
        if !burst.is_empty() {
            batch.sink.about_to_send();
        }
        for (index, generation, sent) in burst.drain(..) {
            let record = &batch.in_flight[&index];
            let request = create(record.number, record.pet.clone());
            tasks.spawn(async move { (index, generation, sent, request.await) });
        }
        if batch.in_flight.is_empty()
            && (batch.stop.is_some() || (exhausted && batch.pace.until.is_none() && batch.refused.is_empty()))
        {
            break;
        }
        // Kept records end as they are read: what they let leave in order leaves now, so that a window full of
        // them moves on (nothing else would wake the loop for them).
        if batch.release_in_order(&mut next_out) && batch.may_send() && !exhausted {
            if flushed_at.elapsed() >= FLUSH_EVERY {
                flushed_at = Instant::now();
                if let Err(err) = batch.sink.flush() {
                    batch.sink_failed(err);
                }
            }
            continue;
        }
        // A refused record whose wait is not over, while nothing else keeps the loop awake; it goes at the pace.
        let due = match batch.may_send() {
            true => batch.refused.values().map(|refused| refused.due).min().map(|due| match batch.pacer.ready_at() {
                Some(next) => due.max(next),
                None => due,
            }),
            false => None,
        };
        // The pace's next send, while the pace alone holds back something to send (when it does not, the send
        // pass above found nothing to send, and an answer or a refused record's time wakes the loop).
        let paced = match held_by_pace && batch.may_send() && (!exhausted || !batch.refused.is_empty()) {
            true => batch.pacer.ready_at(),
            false => None,
        };
        tokio::select! {
            joined = tasks.join_next(), if !tasks.is_empty() => {
                let Some(mut joined) = joined else { continue };
                // Every answer that is in, at once: one flush for all of them.
                loop {
                    batch.joined(joined);
                    match tasks.try_join_next() {
                        Some(next) => joined = next,
                        None => break,
                    }
                }
            }
            signal = interrupts.recv() => batch.heard(signal, &mut tasks, &mut grace, &mut signalled_at),
            () = wait_until(grace), if !batch.in_flight.is_empty() => {
                // The answers that are in are taken, not abandoned: the sink may have held the loop past the
                // end of the grace while they came, and a pet created is no unknown outcome.
                tokio::task::yield_now().await;
                while let Some(joined) = tasks.try_join_next() {
                    batch.joined(joined);
                }
                if !batch.in_flight.is_empty() {
                    batch.sink.event(Event::GraceOver { in_flight: batch.in_flight.len() });
                    tasks.abort_all();
                    batch.abandon(Abandoned::NoAnswerInTime);
                }
                grace = None;
            }
            () = wait_until(batch.pace.until) => {
                batch.pace.until = None;
                batch.pace.probing = true;
            }
            () = wait_until(due) => {}
            () = wait_until(paced) => {}
            () = &mut flush_timer, if flush_due => flush_due = false,
        }
        batch.drain_refused();
        if let Some(wait) = batch.retry_wait {
            let left = total.saturating_sub(next).saturating_add(batch.refused.len() as u64);
            batch.pacer.ending(Instant::now(), left, wait);
        }
        // Results leave in input order.
        batch.release_in_order(&mut next_out);
        // Nothing more to wait for: the batch is ending, or pausing.
        let quiet = batch.stop.is_some()
            || batch.pace.until.is_some()
            || (exhausted && batch.in_flight.is_empty() && batch.refused.is_empty());
        if quiet || flushed_at.elapsed() >= FLUSH_EVERY {
            flushed_at = Instant::now();
            flush_due = false;
            if let Err(err) = batch.sink.flush() {
                batch.sink_failed(err);
            }
        } else if !flush_due {
            flush_due = true;
            flush_timer.as_mut().reset(flushed_at + FLUSH_EVERY);
        }
    }
    batch.drain_refused();
    batch.settle_held(true);
    flush_due |= batch.release_in_order(&mut next_out);
    // The rest of the source, for a sink that keeps what was not sent.
    if batch.stop.is_some() && !exhausted && batch.sink.wants_the_rest() {
        flush_due |= batch.read_the_rest(records);
    }
    // What the last turn left for `FLUSH_EVERY`.
    if flush_due && let Err(err) = batch.sink.flush() {
        batch.sink_failed(err);
    }
    debug_assert!(batch.waiting.is_empty() && batch.refused.is_empty());
    batch.limiter.remember(batch.pacer.measured());
    let mut tally = batch.tally;
    tally.not_sent = total.saturating_sub(tally.total());
    Summary { tally, stop: batch.stop, signal: batch.signal }
}

impl<K: Sink, S: Copy> Batch<'_, K, S> {
    /// Once the batch has stopped, refused records waiting for the end of a pause will not be sent again: the
    /// server said no to each.
    fn drain_refused(&mut self) {
        if self.stop.is_some() {
            for (index, refused) in std::mem::take(&mut self.refused) {
                let waiting = self.record_ended(&refused.record, Outcome::Failed(refused.error, None));
                self.waiting.insert(index, waiting);
            }
        }
    }

    /// Whether another request may go now: not stopped, not paused, not waiting for a probe, under the limit.
    /// An adaptive limit is lifted to what the pace keeps in flight (its rate times the latency) when that is
    /// more: the limiter grows only in rounds that fill it, and a paced batch fills none, so that behind a
    /// rate limit far from the client it alone would cap the rate at its limit over the latency. A fixed
    /// `--concurrency` stays as the user set it.
    fn may_send(&self) -> bool {
        let paced = match self.limiter.is_adaptive() {
            true => self.pacer.concurrency(Instant::now()).unwrap_or(0),
            false => 0,
        };
        let limit = self.limiter.limit().max(paced);
        self.stop.is_none()
            && self.pace.until.is_none()
            && (!self.pace.probing || self.in_flight.is_empty())
            && self.in_flight.len() < limit
    }

    /// The first refused record, in input order, whose wait is over at `now`.
    fn take_due(&mut self, now: Instant) -> Option<(u64, Record)> {
        let index = *self.refused.iter().find(|(_, refused)| refused.due <= now)?.0;
        self.refused.remove(&index).map(|refused| (index, refused.record))
    }

    /// A signal: the first stops the batch and leaves what is in flight [`SIGNAL_GRACE`]; a second one
    /// abandons it at once; the first one's echo does nothing.
    fn heard(
        &mut self,
        signal: S,
        tasks: &mut JoinSet<Answer>,
        grace: &mut Option<Instant>,
        signalled_at: &mut Option<Instant>,
    ) where
        S: Eq,
    {
        if self.signal == Some(signal) && signalled_at.is_some_and(|at| at.elapsed() < ECHO) {
            // The same signal again at once: an echo (`timeout` signals petstore, then its whole process
            // group), not a second request to stop.
        } else if self.signal.is_some() {
            tasks.abort_all();
            self.abandon(Abandoned::Interrupted);
            *grace = None;
        } else {
            if !self.in_flight.is_empty() {
                self.sink.event(Event::Waiting { in_flight: self.in_flight.len() });
            }
            self.signalled(signal);
            *signalled_at = Some(Instant::now());
            *grace = Some(Instant::now() + SIGNAL_GRACE);
        }
    }

    /// The first signal stops the batch, and decides the exit code.
    fn signalled(&mut self, signal: S) {
        self.signal.get_or_insert(signal);
        self.stop_for(Stop::Interrupted);
    }

    /// Takes in what a request's task gave: its answer, or its panic.
    fn joined(&mut self, joined: Result<Answer, tokio::task::JoinError>) {
        match joined {
            Ok((index, generation, sent, (result, retry_after))) => {
                self.answered(index, generation, sent, result, retry_after);
            }
            Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
            Err(_) => {}
        }
    }

    /// Takes in the answer to the request for record `index`: the record ends, or, refused, waits for the end
    /// of the pause the refusal starts.
    fn answered(
        &mut self,
        index: u64,
        generation: u64,
        sent: Instant,
        result: Result<Pet, api::Error>,
        retry_after: Option<Duration>,
    ) {
        let in_flight = self.in_flight.len();
        // Abandoned already.
        let Some(record) = self.in_flight.remove(&index) else { return };
        let now = Instant::now();
        match &result {
            Err(api::Error::Status { status, .. }) if status.as_u16() == 429 => {
                return self.rate_limited(index, generation, sent, record, result, retry_after);
            }
            Ok(_) | Err(api::Error::Status { .. }) => {
                self.pacer.accepted(now, sent);
                self.accepted_at = now;
            }
            Err(_) => self.pacer.lost(now, sent),
        }
        let pause = pause_asked(&result, retry_after, self.pace.refusals);
        // A refusal is sent again once its wait is over: the batch's pause, or its own.
        // Only a 503 with `Retry-After` pauses here: a 429 is `rate_limited`'s.
        let due = pause.map(|pause| self.refusal(generation, pause, true));
        let load = match &result {
            _ if pause.is_some() => limiter::Answer::Refused,
            Err(api::Error::Connect { .. }) => limiter::Answer::Refused,
            // Not sent, though a connection was made: an HTTP/2 server refused the stream or closed the
            // connection before taking it (RFC 9113 §8.7), which says "fewer at once" as a refused connection does.
            Err(err @ api::Error::Transport { .. }) if !err.maybe_applied() => limiter::Answer::Refused,
            Ok(_) => limiter::Answer::Good,
            Err(err @ api::Error::Status { .. }) if !err.maybe_applied() => limiter::Answer::Good,
            Err(_) => limiter::Answer::Other,
        };
        let limit = self.limiter.limit();
        self.limiter.answered(Instant::now(), sent, in_flight, load);
        if self.limiter.limit() != limit {
            self.sink.event(Event::Concurrency(self.limiter.limit()));
        }
        // A 503 that asks for a pause says the server did not handle the request: refused, as a 429.
        let refused_503 =
            pause.is_some() && matches!(&result, Err(api::Error::Status { status, .. }) if status.as_u16() == 503);
        if result.is_ok() {
            self.pace.refusals = 0;
        }
        let failure = server_failure(&result, pause.is_some());
        let cut = matches!(&result, Err(api::Error::OutcomeUnknown { cut: true, .. }));
        if result.is_ok() {
            self.pace.failures = 0;
        }
        if generation == self.pace.generation && pause.is_none() {
            // The probe went through: every request may go again.
            self.pace.probing = false;
        }
        let outcome = match result {
            Err(err) if refused_503 => Outcome::RateLimited(err),
            result => Outcome::of(result),
        };
        let outcome = match outcome {
            Outcome::RateLimited(error) if self.stop.is_none() => {
                let due = due.unwrap_or_else(Instant::now);
                self.refused.insert(index, Refused { record, error, due });
                self.settle_held(false);
                return;
            }
            Outcome::RateLimited(err) => Outcome::Failed(err, None),
            Outcome::Created(pet)
                if !self.created_ids.contains(&pet.id) && api::client::differences(&record.pet, &pet).is_some() =>
            {
                match self.held.values_mut().find(|held| held.pet.id == pet.id) {
                    Some(held) => {
                        held.ambiguous = true;
                        Outcome::Unknown(api::Error::RepeatedId { id: pet.id })
                    }
                    None => {
                        let blockers = self.in_flight.keys().copied().collect();
                        self.held.insert(index, Held { record, pet, blockers, ambiguous: false });
                        self.settle_held(false);
                        return;
                    }
                }
            }
            outcome => outcome,
        };
        let waiting = self.record_ended(&record, outcome);
        self.waiting.insert(index, waiting);
        self.settle_held(false);
        let same_cut = cut && self.pace.cut_at.is_some_and(|at| sent < at);
        if failure && !same_cut {
            self.pace.failures += 1;
            self.pace.cut_at = cut.then(Instant::now);
            if self.pace.failures >= MAX_SERVER_FAILURES && self.stop.is_none() {
                self.sink.event(Event::KeptFailing);
                self.stop_for(Stop::Failing);
            }
        }
    }

    /// A 429 to the request for record `index`, sent at `sent` in pace generation `generation`: the record goes
    /// again once its `Retry-After` is over, and the pacer slows the batch to the rate the server accepts. Only
    /// when the server accepted nothing for [`NOTHING_ACCEPTED_FOR`] does it count as a refusal in a row, of
    /// those that pause the whole batch and, [`MAX_REFUSALS`] in a row, end it. The concurrency limiter hears
    /// nothing of it: a rate is no number of requests at once.
    fn rate_limited(
        &mut self,
        index: u64,
        generation: u64,
        sent: Instant,
        record: Record,
        result: Result<Pet, api::Error>,
        retry_after: Option<Duration>,
    ) {
        let now = Instant::now();
        self.retry_wait = self.retry_wait.max(retry_after.map(|wait| wait.min(PAUSE_CAP)));
        // Past the cap the batch stops (below), and the wait is never taken.
        let own = now + retry_after.unwrap_or_default().min(PAUSE_CAP);
        let due = match self.pacer.refused(now, sent) {
            _ if retry_after.is_some_and(|wait| wait > PAUSE_CAP) => {
                self.refusal(generation, retry_after.unwrap_or_default(), true)
            }
            Refusal::Cut { accepted: false }
                if now.saturating_duration_since(self.accepted_at) >= NOTHING_ACCEPTED_FOR =>
            {
                let pause = pause_asked(&result, retry_after, self.pace.refusals).unwrap_or(DEFAULT_PAUSE);
                self.refusal(generation, pause, retry_after.is_some()).max(own)
            }
            Refusal::Cut { .. } if !self.paced => {
                self.paced = true;
                self.sink.event(Event::Paced);
                own
            }
            _ => own,
        };
        let Err(error) = result else { unreachable!("a 429 is an error") };
        if self.stop.is_none() {
            self.refused.insert(index, Refused { record, error, due });
        } else {
            let waiting = self.record_ended(&record, Outcome::Failed(error, None));
            self.waiting.insert(index, waiting);
        }
    }

    /// The server refused a request sent in pace generation `generation`, and asked for `pause`; says when
    /// the refused record may go again. Refusals to requests sent before the latest pause began are that
    /// pause's, already counted, but each record still waits as long as its own refusal asked (the pause may
    /// be shorter, or over already). The first [`PASSING_REFUSALS`] after a record was created are passing:
    /// their records alone wait. One more with none created since is a rate limit: the whole batch pauses.
    fn refusal(&mut self, generation: u64, pause: Duration, asked: bool) -> Instant {
        let now = Instant::now();
        if self.stop.is_some() {
            return now;
        }
        if pause > PAUSE_CAP {
            self.pace.refusals += 1;
            self.sink.event(Event::PauseTooLong { pause, asked });
            self.stop_for(Stop::Refused);
            return now;
        }
        if generation != self.pace.generation {
            return now + pause;
        }
        self.pace.refusals += 1;
        if self.pace.refusals <= PASSING_REFUSALS {
            return now + pause;
        }
        self.pace.generation += 1;
        self.pace.probing = false;
        if self.pace.refusals >= MAX_REFUSALS {
            self.sink.event(Event::KeptRefusing);
            self.stop_for(Stop::Refused);
        } else {
            self.sink.event(Event::Paused { pause, refusals: self.pace.refusals });
            self.pace.until = Some(now + pause);
        }
        now
    }

    /// Gives up on the requests in flight, whose tasks were aborted: each may or may not have been acted on.
    fn abandon(&mut self, why: Abandoned) {
        let mut abandoned: Vec<_> = self.in_flight.drain().collect();
        abandoned.sort_by_key(|(index, _)| *index);
        for (index, record) in abandoned {
            self.tally.unknown += 1;
            if let Err(err) = self.sink.ended(&record, End::Abandoned(why)) {
                self.sink_failed(err);
            }
            self.waiting.insert(index, Waiting::Unknown);
        }
        self.settle_held(false);
    }

    /// Ends each held creation whose blockers have all ended (every one, `all`, when the batch is over): created,
    /// unless another answer carried its id (then of unknown outcome, as that one says nothing of it either).
    fn settle_held(&mut self, all: bool) {
        let in_flight = &self.in_flight;
        let mut settled = Vec::new();
        for (index, held) in &mut self.held {
            held.blockers.retain(|blocker| !all && in_flight.contains_key(blocker));
            if held.blockers.is_empty() {
                settled.push(*index);
            }
        }
        for index in settled {
            let Some(Held { record, pet, ambiguous, .. }) = self.held.remove(&index) else { continue };
            let outcome = if ambiguous || self.created_ids.contains(&pet.id) {
                Outcome::Unknown(api::Error::RepeatedId { id: pet.id })
            } else {
                Outcome::Created(pet)
            };
            let waiting = self.record_ended(&record, outcome);
            self.waiting.insert(index, waiting);
        }
    }

    /// Counts a record's end and hands it to the sink; gives what must wait for its turn in input order.
    fn record_ended(&mut self, record: &Record, outcome: Outcome) -> Waiting {
        let outcome = match outcome {
            Outcome::RateLimited(err) => Outcome::Failed(err, None),
            outcome => outcome,
        };
        let outcome = match outcome {
            // The same animal cannot be two records' creation: a proxy or cache replayed an earlier answer, and
            // whether this record was created is unknown.
            Outcome::Created(pet) if !self.created_ids.insert(pet.id) => {
                Outcome::Unknown(api::Error::RepeatedId { id: pet.id })
            }
            outcome => outcome,
        };
        let (ended, waiting, hopeless) = match outcome {
            Outcome::Created(pet) => {
                self.tally.created += 1;
                (self.sink.ended(record, End::Created(&pet)), Waiting::Release(Release::Created(pet)), None)
            }
            Outcome::Failed(err, hopeless) => {
                self.tally.failed += 1;
                let ended = self.sink.ended(record, End::Failed(err));
                (ended, Waiting::Release(Release::Failed(record.pet.clone())), hopeless)
            }
            Outcome::Unknown(err) => {
                self.tally.unknown += 1;
                (self.sink.ended(record, End::Unknown(err)), Waiting::Unknown, None)
            }
            Outcome::RateLimited(_) => unreachable!("a refusal to send again is a failure by now"),
        };
        if let Err(err) = ended {
            self.sink_failed(err);
        }
        if let Some(why) = hopeless
            && self.stop.is_none()
        {
            self.sink.event(Event::Hopeless(why));
            self.stop_for(Stop::Hopeless);
        }
        waiting
    }

    /// A record the source kept back, as record `index`: counted, told, and released in its turn.
    fn kept(&mut self, index: u64, kept: Kept) {
        self.tally.count_kept(&kept);
        if let Err(err) = self.sink.kept(&kept) {
            self.sink_failed(err);
        }
        self.waiting.insert(index, Waiting::Release(Release::Kept(kept)));
    }

    /// Releases every result whose turn in input order has come, from `next_out` on; says whether any left.
    fn release_in_order(&mut self, next_out: &mut u64) -> bool {
        let first = *next_out;
        while let Some(waiting) = self.waiting.remove(next_out) {
            self.release(waiting);
            *next_out += 1;
        }
        *next_out > first
    }

    /// After a stop, reads what is left of `records` and hands each one over (not sent, or kept back) until
    /// the end or what cannot be read; a sink that fails on it stops the reading, its error the stop's reason
    /// unless the sink's own was already (the records it could not take have nowhere else to go). Says whether
    /// any was handed over.
    fn read_the_rest<R, T>(&mut self, records: &mut R) -> bool
    where
        R: Iterator<Item = io::Result<Result<T, Invalid>>>,
        T: Into<Sourced>,
    {
        let mut any = false;
        for sourced in records.map_while(|read| read.ok().and_then(Result::ok)) {
            any = true;
            let release = match sourced.into() {
                // Counted with the rest of the records not sent, at the end.
                Sourced::Send(record) => Release::NotSent(record),
                Sourced::Kept(kept) => {
                    self.tally.count_kept(&kept);
                    if let Err(err) = self.sink.kept(&kept) {
                        self.rest_failed(err);
                        break;
                    }
                    Release::Kept(kept)
                }
            };
            if let Err(err) = self.sink.release(release) {
                self.rest_failed(err);
                break;
            }
        }
        any
    }

    /// The sink failed on the rest of the records after the batch stopped: its error becomes the reason,
    /// unless the sink's own already was.
    fn rest_failed(&mut self, err: K::Error) {
        if !matches!(self.stop, Some(Stop::Sink(_))) {
            self.stop = Some(Stop::Sink(err));
        }
    }

    /// The next result in input order, to the sink.
    fn release(&mut self, waiting: Waiting) {
        if let Waiting::Release(release) = waiting
            && let Err(err) = self.sink.release(release)
        {
            self.sink_failed(err);
        }
    }

    /// The sink cannot go on: the batch stops, saying so if it is the first reason.
    fn sink_failed(&mut self, err: K::Error) {
        if self.stop.is_none() {
            self.sink.event(Event::SinkStopped(&err));
        }
        self.stop_for(Stop::Sink(err));
    }

    /// Stops dispatching, for the first reason only.
    fn stop_for(&mut self, stop: Stop<K::Error>) {
        if self.stop.is_none() {
            self.stop = Some(stop);
        }
    }
}

/// The scheduler on its own: a fake `create` that answers as a test says, on tokio's paused clock, so that
/// minutes of pauses take no time and every wait is exact.
#[cfg(test)]
mod tests;
