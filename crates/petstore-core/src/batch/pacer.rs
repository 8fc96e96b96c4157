//! How fast a batch sends once a server has said it limits the rate (a 429): the rate it accepts, found as the
//! batch goes, with the sends spaced evenly rather than in bursts. Pure policy, as the [`Limiter`] is: it is
//! told of each send and each answer with made-up instants in its tests, and says when the next request may go.
//!
//! Pausing the whole batch at each 429 finds no rate: behind a token bucket (nginx's `limit_req`, API
//! gateways), the burst after each pause empties the bucket again, a few records pass, and the batch pauses
//! again (2.8 requests/s behind a limit of 150). The pacer is AIMD on the send rate, as TCP's congestion
//! control is on its window:
//!
//! - Until the first 429 the batch is not paced: only the [`Limiter`] bounds it. The first 429 sets the rate
//!   from what that burst saw, half what was sent at most, and from then on the rate is searched for: it
//!   doubles every [`SEARCH_DOUBLING`] until a window measures the server's rate.
//! - The sends after the first 429 make windows by the time they were *sent*, of [`MIN_ANSWERS`] sends over
//!   [`MIN_WINDOW`] (or [`LONG_WINDOW`], however few), and a window is judged once every one of its answers is
//!   in. Judged so, a front that refuses at once before a server that accepts a latency later (nginx's
//!   `limit_req`) measures what it let through, not which answers came first: counted by arrival, the first
//!   answers after a cut are all refusals and cut the rate far below the limit.
//! - A window with 429s measures the server's rate: a bucket is empty at each refusal, so the requests it
//!   accepted between the window's first and last refused request are what it refilled in that time (or,
//!   with the refusals close together or fewer than [`MIN_BETWEEN`] accepted between, the share accepted of
//!   the whole window times the rate sent, which bounds it from below). If the rate is above [`MARGIN`] of
//!   that, it is cut there, so that the bucket refills a little (with nothing accepted, one in the window at
//!   most). A lone 429 among accepted requests cuts nothing: a bucket the pace has passed refuses again and
//!   again, while one refusal now and then is a server shedding a request, and cutting at each decayed the
//!   pace to a few a second.
//! - Between cuts the rate grows by [`GROWTH`] of itself each second, additively, probing for more: a limit
//!   that rises is found, and a 429 comes back when the rate passes the limit, which is the next cut.
//! - [`Pacer::hold`] stops the probing: near a batch's end, when a refused record would wait out a
//!   `Retry-After` longer than the rest takes, the rate stays [`MARGIN`] below the last measured one.
//! - Requests go one [`interval`](Pacer::ready_at) apart; a loop that woke late may catch up [`CATCH_UP`]
//!   intervals, so that a timer's lateness does not lower the rate. The rate times the latency of accepted
//!   answers is how many requests it keeps in flight ([`Pacer::concurrency`]), which the scheduler allows
//!   however low its [`Limiter`] starts.
//!
//! A 429 means the request was not acted on, so the scheduler sends its record again (after its
//! `Retry-After`, if it had one); what a long run of refusals means (pause, give up) is the scheduler's too.
//!
//! [`Limiter`]: super::Limiter

use std::collections::VecDeque;
use std::time::Duration;

use tokio::time::Instant;

/// The lowest rate, in requests a second.
pub const MIN_RATE: f64 = 1.0;

/// How far below the measured rate a cut sets the rate.
pub const MARGIN: f64 = 0.95;

/// How much of itself the rate grows each second between cuts, once a window measured the server's rate.
pub const GROWTH: f64 = 0.2;

/// Until a window measured the server's rate (after the first 429, whose burst says little of it), how long
/// the rate takes to double.
pub const SEARCH_DOUBLING: Duration = Duration::from_millis(150);

/// The sends a window needs (or [`LONG_WINDOW`]).
pub const MIN_ANSWERS: u32 = 16;

/// The accepted requests between a window's first and last refused one that measure the server's rate:
/// with fewer, one token more or less in the bucket is too large a share of it.
pub const MIN_BETWEEN: usize = 4;

/// The shortest window (or [`LONG_WINDOW`]): on loopback, where requests go microseconds apart, a handful of
/// them says nothing of a rate.
pub const MIN_WINDOW: Duration = Duration::from_millis(20);

/// A window this long ends however few sends it has; and one whose answers are not all in this long after
/// its last send is judged on those that are (the rest may never come: a request can fail without an answer).
pub const LONG_WINDOW: Duration = Duration::from_secs(1);

/// How many intervals behind a late loop may catch up at once.
pub const CATCH_UP: u32 = 4;

/// How many more requests than the rate times the accepted answers' latency may be in flight: room for the
/// latency's spread.
pub const IN_FLIGHT_ROOM: f64 = 1.5;

/// What a refusal did to the pace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No cut: the request was sent before the first one, or its window is not complete yet, or the rate is
    /// already below what its window measured.
    Same,
    /// The rate was cut, or a window in which nothing was accepted was judged (with the rate at its floor
    /// already); `accepted` says whether anything was accepted in the window.
    Cut { accepted: bool },
}

/// The sends of one window and the answers to them that are in.
#[derive(Debug, Clone)]
struct Window {
    opened: Instant,
    /// When the send after the last one may go: the end of the time the window covers.
    until: Instant,
    last_sent: Instant,
    sent: u32,
    /// Each answer in: when its request went, and whether it was accepted (`None`: it says nothing).
    answers: Vec<(Instant, Option<bool>)>,
}

impl Window {
    /// Whether it takes no more sends at `now`.
    fn full(&self, now: Instant) -> bool {
        let open = now.saturating_duration_since(self.opened);
        (self.sent >= MIN_ANSWERS && open >= MIN_WINDOW) || open >= LONG_WINDOW
    }

    /// Whether it can be judged at `now`, with no more sends: every answer is in, or the rest are late.
    fn complete(&self, now: Instant) -> bool {
        self.answers.len() >= self.sent as usize || now.saturating_duration_since(self.last_sent) >= LONG_WINDOW
    }

    /// What this window measured, if the server refused anything in it.
    fn measure(&mut self) -> Option<Measure> {
        let refused = self.answers.iter().filter(|(_, accepted)| *accepted == Some(false)).count();
        let accepted = self.answers.iter().filter(|(_, accepted)| *accepted == Some(true)).count();
        // A lone refusal among accepted requests is passing (a proxy shedding one, a fault): a bucket the pace
        // has passed refuses again and again.
        if refused == 0 || (refused == 1 && accepted > 0) {
            return None;
        }
        let span = self.until.saturating_duration_since(self.opened).as_secs_f64().max(1e-3);
        if accepted == 0 {
            // Nothing passes: one in the window at most.
            return Some(Measure { rate: 1.0 / span, accepted: false, exact: true });
        }
        self.answers.sort_by_key(|(sent, _)| *sent);
        let mut refusals = self.answers.iter().filter(|(_, accepted)| *accepted == Some(false));
        let first = refusals.next().map(|(sent, _)| *sent);
        let last = refusals.next_back().map(|(sent, _)| *sent);
        if let (Some(first), Some(last)) = (first, last) {
            let between = self
                .answers
                .iter()
                .filter(|(sent, accepted)| *accepted == Some(true) && *sent > first && *sent < last)
                .count();
            let apart = last.saturating_duration_since(first).as_secs_f64();
            if apart >= span / 2.0 && between >= MIN_BETWEEN {
                // The bucket was empty at both: what it let through between is what it refilled.
                return Some(Measure { rate: between as f64 / apart, accepted: true, exact: true });
            }
        }
        // Refusals close together (a lone one left over from an earlier burst, or the pace just past the
        // limit), or too few accepted between them to count: the share accepted of the window times the rate
        // sent, which bounds the rate from below at best.
        Some(Measure { rate: accepted as f64 / span, accepted: true, exact: false })
    }
}

/// What a window with a refusal measured.
#[derive(Debug, Clone, Copy)]
struct Measure {
    /// Requests a second.
    rate: f64,
    /// Whether the server accepted anything in it.
    accepted: bool,
    /// Whether it measured the server's rate (between two refusals, or nothing accepted), rather than bounded it.
    exact: bool,
}

/// The pace of a batch's sends.
#[derive(Debug, Clone)]
pub struct Pacer {
    /// Requests a second at the last cut; `None` until the first refusal.
    base: Option<f64>,
    cut_at: Option<Instant>,
    /// The server's rate, as the last window that it let something through and refused something in measured it.
    measured: Option<f64>,
    /// Whether the rate doubles every [`SEARCH_DOUBLING`] rather than growing by [`GROWTH`]: from the first
    /// refusal until a window measures the server's rate, and after a deep cut.
    searching: bool,
    /// Whether the rate has stopped growing ([`Pacer::hold`]).
    held: bool,
    /// Until the first refusal: when the batch started, the requests sent and the answers accepted since.
    start: Instant,
    sent: u32,
    accepted: u32,
    /// The windows not judged yet, oldest first.
    windows: VecDeque<Window>,
    /// The mean latency of accepted answers, smoothed as TCP's round-trip time is.
    latency: Option<Duration>,
    /// When the next request may go, once paced.
    next: Instant,
}

impl Pacer {
    /// Unpaced, until the first refusal; `now` starts the first window.
    pub fn new(now: Instant) -> Pacer {
        Pacer {
            base: None,
            cut_at: None,
            measured: None,
            searching: true,
            held: false,
            start: now,
            sent: 0,
            accepted: 0,
            windows: VecDeque::new(),
            latency: None,
            next: now,
        }
    }

    /// Paced from `now` at `rate` (requests a second), the rate the last batch to the same server measured
    /// behind its rate limit, [`MARGIN`] below it, growing as after a measured window: a bucket that lets a
    /// burst through and then refuses is not met with the burst again. A server that now allows less refuses,
    /// and the rate is cut as it would be.
    pub fn resumed(now: Instant, rate: f64) -> Pacer {
        let mut pacer = Pacer::new(now);
        pacer.base = Some((rate * MARGIN).max(MIN_RATE));
        pacer.measured = Some(rate);
        pacer.cut_at = Some(now);
        pacer.searching = false;
        pacer
    }

    /// The rate now, in requests a second; `None` while unpaced.
    pub fn rate(&self, now: Instant) -> Option<f64> {
        let base = self.base?;
        let since = self.cut_at.map_or(0.0, |cut| now.saturating_duration_since(cut).as_secs_f64());
        Some(match (self.held, self.searching) {
            (true, _) => base,
            (false, false) => base * (1.0 + GROWTH * since),
            (false, true) => base * 2f64.powf((since / SEARCH_DOUBLING.as_secs_f64()).min(30.0)),
        })
    }

    /// The server's rate as last measured: what the batch can expect to go at.
    pub fn measured(&self) -> Option<f64> {
        self.measured
    }

    /// When the next request may go; `None` while unpaced (at once).
    pub fn ready_at(&self) -> Option<Instant> {
        self.base.map(|_| self.next)
    }

    /// Whether a request may go at `now`.
    pub fn ready(&self, now: Instant) -> bool {
        self.ready_at().is_none_or(|next| next <= now)
    }

    /// How many requests the pace keeps in flight at `now`: its rate times the latency of accepted answers,
    /// with room; `None` while unpaced or before an answer was accepted.
    pub fn concurrency(&self, now: Instant) -> Option<usize> {
        let in_flight = self.rate(now)? * self.latency?.as_secs_f64() * IN_FLIGHT_ROOM;
        Some((in_flight.ceil() as usize).saturating_add(1).min(super::limiter::MAX))
    }

    /// Near a batch's end, `left` records to send: once a refused record's wait (`retry_after`, the
    /// longest the server asked for) is longer than what is left takes at the rate, probing would cost more
    /// than it could win: a record refused now would end the batch late. So the pace [holds](Pacer::hold).
    pub fn ending(&mut self, now: Instant, left: u64, retry_after: Duration) {
        if !self.held && self.measured.is_some_and(|rate| left as f64 <= rate * retry_after.as_secs_f64()) {
            self.hold(now);
        }
    }

    /// Stops the probing from `now` on: the rate stays where it is, [`MARGIN`] below the measured rate at most.
    pub fn hold(&mut self, now: Instant) {
        if self.held {
            return;
        }
        let Some(rate) = self.rate(now) else { return };
        let rate = self.measured.map_or(rate, |measured| rate.min(measured * MARGIN));
        self.base = Some(rate.max(MIN_RATE));
        self.cut_at = Some(now);
        self.held = true;
    }

    /// A request went at `now`.
    pub fn sent(&mut self, now: Instant) {
        let Some(rate) = self.rate(now) else {
            self.sent = self.sent.saturating_add(1);
            return;
        };
        let interval = Duration::from_secs_f64(1.0 / rate);
        let earliest = now.checked_sub(interval * CATCH_UP).unwrap_or(now);
        self.next = self.next.max(earliest) + interval;
        match self.windows.back_mut() {
            // A window is one stretch of sends at the pace: after a gap (nothing to send, the concurrency
            // limit, a pause) the bucket refilled unseen, and what it let through would say less than its rate.
            Some(window) if !window.full(now) && now <= window.until + MIN_WINDOW.max(interval) => {
                window.sent += 1;
                window.last_sent = now;
                window.until = self.next;
            }
            _ => self.windows.push_back(Window {
                opened: now,
                until: self.next,
                last_sent: now,
                sent: 1,
                answers: Vec::new(),
            }),
        }
    }

    /// An answer that was not a 429 came at `now` to a request sent at `sent`: the server's limit let it through.
    pub fn accepted(&mut self, now: Instant, sent: Instant) {
        let latency = now.saturating_duration_since(sent);
        self.latency = Some(self.latency.map_or(latency, |mean| (mean * 7 + latency) / 8));
        if self.base.is_none() {
            self.accepted = self.accepted.saturating_add(1);
            return;
        }
        self.answer(sent, Some(true));
        self.judge(now);
    }

    /// No answer came to a request sent at `sent` (it failed on the way, or was given up on): its window
    /// does not wait for it.
    pub fn lost(&mut self, now: Instant, sent: Instant) {
        self.answer(sent, None);
        self.judge(now);
    }

    /// A 429 came at `now` to a request sent at `sent`.
    pub fn refused(&mut self, now: Instant, sent: Instant) -> Refusal {
        if self.base.is_none() {
            return self.first_cut(now);
        }
        self.answer(sent, Some(false));
        match self.judge(now) {
            Some(accepted) => Refusal::Cut { accepted },
            None => Refusal::Same,
        }
    }

    /// The first 429: the burst of an unpaced batch rather than a steady send, whose acceptance says little of
    /// the rate (a bucket passes its burst, then nothing): half what was sent at most, then searched for.
    fn first_cut(&mut self, now: Instant) -> Refusal {
        let window = now.saturating_duration_since(self.start).as_secs_f64().max(1e-3);
        let sending = f64::from(self.sent.max(1)) / window;
        let accepted = f64::from(self.accepted) / window;
        self.base = Some((accepted * MARGIN).clamp(sending / 2.0, sending).max(MIN_RATE));
        self.cut_at = Some(now);
        self.next = self.next.max(now);
        Refusal::Cut { accepted: self.accepted > 0 }
    }

    /// Puts an answer in the window its request went in; one sent before the first refusal has none.
    fn answer(&mut self, sent: Instant, accepted: Option<bool>) {
        if let Some(window) = self.windows.iter_mut().rev().find(|window| window.opened <= sent) {
            window.answers.push((sent, accepted));
        }
    }

    /// Judges the oldest windows that are complete at `now`, in order; says whether one cut the rate, and if
    /// so whether its window accepted anything.
    fn judge(&mut self, now: Instant) -> Option<bool> {
        let mut cut = None;
        while let Some(window) = self.windows.front() {
            let closed = self.windows.len() > 1 || window.full(now);
            if !closed || !window.complete(now) {
                break;
            }
            let Some(mut window) = self.windows.pop_front() else { break };
            let Some(measure) = window.measure() else { continue };
            let rate = self.rate(now);
            let target = (measure.rate * MARGIN).max(MIN_RATE);
            // A measure below half the last one, with requests let through, is more likely a window that went
            // wrong (sends held up, reordered on their way) than a limit that fell by half: the rate is
            // searched for again from the cut, doubling, rather than grown back a fifth a second.
            let deep = measure.exact && measure.accepted && self.measured.is_some_and(|last| measure.rate < last / 2.0);
            if rate.is_some_and(|rate| rate > target) {
                self.base = Some(target);
                self.cut_at = Some(now);
                // The next request goes one new interval after the last, not a burst of the old pace's backlog.
                self.next = self.next.max(now);
                cut = Some(measure.accepted);
            } else {
                if self.searching && measure.exact && !deep {
                    // The search ends here: from now on the rate grows as probing does, from where it is.
                    self.base = rate;
                    self.cut_at = Some(now);
                }
                if !measure.accepted {
                    // Nothing let through, with the rate at its floor already: still a cut to the scheduler,
                    // which counts such refusals in a row to pause and end the batch.
                    cut = Some(false);
                }
            }
            if measure.exact {
                self.searching = deep;
                if measure.accepted && !deep {
                    self.measured = Some(measure.rate);
                }
            }
        }
        cut
    }
}

/// The pacer against made-up token buckets on a made-up clock: each case sends 2,000 records through a
/// bucket of `rate` a second and a burst of 10, `latency` away, with the adaptive [`Limiter`](super::Limiter)
/// bounding what is in flight as the scheduler does (lifted to the pace's [`Pacer::concurrency`]).
#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use super::super::limiter::{self, Limiter};
    use super::*;

    struct Played {
        elapsed: Duration,
        refused: u64,
        /// How many times each record was created (every one once, or something was lost or doubled).
        created: Vec<u32>,
    }

    /// How the bucket answers: at the server (every answer takes the latency), or at a front before it (a
    /// refusal comes at once); with `Retry-After` (whole seconds, at least one) or without.
    #[derive(Clone, Copy)]
    struct Bucket {
        front: bool,
        retry_after: bool,
        /// Up to how long a request may take on its way besides the latency, so that requests reach the
        /// bucket in another order than they were sent (a new connection's handshake, a scheduler).
        jitter: Duration,
    }

    /// Plays `count` records against a token bucket, as the scheduler sends them: as many as the pacer lets
    /// go, one at a time, as many in flight as the limiter or the pace allows; a refused record goes again
    /// first, at once or once its `Retry-After` is over.
    fn play(rate: f64, latency: Duration, count: u64, bucket: Bucket) -> Played {
        let burst = 10.0;
        let start = Instant::now();
        let mut now = start;
        let mut pacer = Pacer::new(now);
        let mut limiter = Limiter::adaptive(now);
        let (mut tokens, mut filled) = (burst, now);
        // (answer time, sent time, record, accepted)
        let mut in_flight: BinaryHeap<Reverse<(Instant, Instant, u64, bool)>> = BinaryHeap::new();
        // Refused records: (due, record).
        let mut refused_records: BinaryHeap<Reverse<(Instant, u64)>> = BinaryHeap::new();
        let (mut fresh, mut done, mut refused) = (0u64, 0u64, 0u64);
        let mut created = vec![0u32; count as usize];
        let wait = Duration::from_secs(1);
        // Each send's path to the bucket takes half the latency, the answer the other half.
        let half = latency / 2;
        let mut longest_wait = None;
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        while done < count {
            let allowed =
                |pacer: &Pacer, limiter: &Limiter, now| limiter.limit().max(pacer.concurrency(now).unwrap_or(0));
            loop {
                if in_flight.len() >= allowed(&pacer, &limiter, now) || !pacer.ready(now) {
                    break;
                }
                let record = match refused_records.peek() {
                    Some(Reverse((due, record))) if *due <= now => {
                        let record = *record;
                        refused_records.pop();
                        record
                    }
                    _ if fresh < count => {
                        fresh += 1;
                        fresh - 1
                    }
                    _ => break,
                };
                pacer.sent(now);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let at = now + half + bucket.jitter.mul_f64((seed % 1_000) as f64 / 1_000.0);
                tokens = (tokens + at.saturating_duration_since(filled).as_secs_f64() * rate).min(burst);
                filled = filled.max(at);
                let accepted = tokens >= 1.0;
                if accepted {
                    tokens -= 1.0;
                }
                // A little time for the loop itself, as a real one takes.
                let answer = match bucket.front && !accepted {
                    true => now + Duration::from_micros(20),
                    false => at + half + Duration::from_micros(20),
                };
                let answer = match bucket.front && !accepted {
                    true => answer.max(at),
                    false => answer,
                };
                in_flight.push(Reverse((answer, now, record, accepted)));
            }
            let room = in_flight.len() < allowed(&pacer, &limiter, now);
            let has_record = fresh < count || refused_records.peek().is_some_and(|Reverse((due, _))| *due <= now);
            let next_send = match room && has_record {
                true => pacer.ready_at(),
                false => None,
            };
            let next_due = match room {
                true => refused_records.peek().map(|Reverse((due, _))| (*due).max(pacer.ready_at().unwrap_or(*due))),
                false => None,
            };
            let next_answer = in_flight.peek().map(|Reverse((at, ..))| *at);
            let wake = [next_answer, next_send, next_due].into_iter().flatten().min().expect("something to wait for");
            now = match Some(wake) == next_answer {
                true => wake,
                // A timer fires at a whole millisecond, as tokio's does.
                false => {
                    let millis = wake.saturating_duration_since(start).as_nanos().div_ceil(1_000_000);
                    (start + Duration::from_millis(millis as u64)).max(now)
                }
            };
            while let Some(Reverse((at, sent, record, accepted))) = in_flight.peek().copied() {
                if at > now {
                    break;
                }
                let out = in_flight.len();
                in_flight.pop();
                if accepted {
                    pacer.accepted(now, sent);
                    limiter.answered(now, sent, out, limiter::Answer::Good);
                    created[record as usize] += 1;
                    done += 1;
                } else {
                    refused += 1;
                    pacer.refused(now, sent);
                    let due = match bucket.retry_after {
                        true => {
                            longest_wait = Some(wait);
                            now + wait
                        }
                        false => now,
                    };
                    refused_records.push(Reverse((due, record)));
                }
            }
            if let Some(wait) = longest_wait {
                pacer.ending(now, count - fresh + refused_records.len() as u64, wait);
            }
        }
        Played { elapsed: now - start, refused, created }
    }

    #[test]
    fn behind_a_token_bucket_the_batch_goes_at_the_rate_it_allows() {
        // Each rate and latency, with the bucket at the server and at a front before it, with and without
        // `Retry-After`.
        let mut report = Vec::new();
        for rate in [50.0, 150.0, 500.0] {
            for latency in [0, 5, 100] {
                let latency = Duration::from_millis(latency);
                for (front, retry_after) in [(false, false), (true, false), (false, true), (true, true)] {
                    let played = play(rate, latency, 2_000, Bucket { front, retry_after, jitter: Duration::ZERO });
                    let ratio = played.elapsed.as_secs_f64() / (2_000.0 / rate);
                    report.push(format!(
                        "{rate}/s {latency:?} front {front} retry-after {retry_after}: {ratio:.3}x, {} refused",
                        played.refused
                    ));
                    // Within 1.15x of what the limit allows (issue 44's goal), and not hammered: refusals are
                    // under a fifth of the records. Each record created once.
                    if ratio >= 1.15 || played.refused >= 2_000 / 5 || played.created.iter().any(|n| *n != 1) {
                        report.push("^ too slow, too many refused, or a record lost or doubled".to_owned());
                    }
                }
            }
        }
        assert!(!report.iter().any(|line| line.starts_with('^')), "{report:#?}");
    }

    #[test]
    fn requests_reordered_on_their_way_do_not_throw_the_rate_off() {
        // Up to 3 ms more on the way, at random: a bucket sees the requests in another order than they went.
        let mut report = Vec::new();
        for rate in [50.0, 150.0, 500.0] {
            for latency in [0, 5, 100] {
                let latency = Duration::from_millis(latency);
                for retry_after in [false, true] {
                    let bucket = Bucket { front: true, retry_after, jitter: Duration::from_millis(3) };
                    let played = play(rate, latency, 2_000, bucket);
                    let ratio = played.elapsed.as_secs_f64() / (2_000.0 / rate);
                    let refused = played.refused;
                    report.push(format!(
                        "{rate}/s {latency:?} retry-after {retry_after}: {ratio:.3}x, {refused} refused"
                    ));
                    if ratio >= 1.15 || played.refused >= 2_000 / 5 || played.created.iter().any(|n| *n != 1) {
                        report.push("^ too slow, too many refused, or a record lost or doubled".to_owned());
                    }
                }
            }
        }
        assert!(!report.iter().any(|line| line.starts_with('^')), "{report:#?}");
    }

    #[test]
    fn unpaced_until_the_first_refusal() {
        let now = Instant::now();
        let mut pacer = Pacer::new(now);
        for _ in 0..100 {
            pacer.sent(now);
            assert!(pacer.ready(now));
        }
        assert_eq!(pacer.rate(now), None);
        assert_eq!(pacer.concurrency(now), None);
    }

    #[test]
    fn a_window_is_judged_by_what_was_sent_in_it_once_its_answers_are_in() {
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut pacer = Pacer::new(start);
        pacer.sent(start);
        assert_eq!(pacer.refused(at(1), start), Refusal::Cut { accepted: false });
        // 16 requests 10 ms apart, of which the server lets 3 in 5 through, and refuses the first and the last:
        // a front refuses at once, and the accepted answers come 50 ms later.
        let pattern = |i: u64| i % 5 == 1 || i % 5 == 2 || i % 5 == 4;
        for i in 0..16 {
            pacer.sent(at(10 + i * 10));
        }
        let before = pacer.rate(at(160)).unwrap();
        for i in 0..16 {
            if !pattern(i) {
                // Refusals first: nothing is judged before the acceptances are in.
                assert_eq!(pacer.refused(at(10 + i * 10 + 1), at(10 + i * 10)), Refusal::Same);
            }
        }
        assert!(pacer.measured().is_none());
        for i in (0..16).filter(|i| pattern(*i)) {
            pacer.accepted(at(10 + i * 10 + 50), at(10 + i * 10));
        }
        // 9 accepted between the refusals 150 ms apart: 60 a second, and the rate cut below it when the last
        // answer came.
        let measured = pacer.measured().unwrap();
        assert!((measured - 60.0).abs() < 1e-9, "{measured}");
        let rate = pacer.rate(at(200)).unwrap();
        assert!(rate < before && (rate - 60.0 * MARGIN).abs() < 1e-9, "{rate}, {before}");
        // Two seconds on, the rate has grown by 40%.
        let grown = pacer.rate(at(2_200)).unwrap();
        assert!((grown - rate * 1.4).abs() < 1e-9, "{grown}");
        // The pace keeps the rate times the accepted answers' latency in flight, with room.
        assert_eq!(pacer.concurrency(at(200)), Some((60.0 * MARGIN * 0.05 * IN_FLIGHT_ROOM).ceil() as usize + 1));
    }

    #[test]
    fn after_the_first_refusal_the_rate_doubles_until_a_window_measures_it() {
        let start = Instant::now();
        let mut pacer = Pacer::new(start);
        for _ in 0..20 {
            pacer.sent(start);
        }
        // 20 sent in 10 ms, 10 accepted: 1,000 a second accepted, 2,000 sent.
        for _ in 0..10 {
            pacer.accepted(start + Duration::from_millis(5), start);
        }
        let cut = start + Duration::from_millis(10);
        assert_eq!(pacer.refused(cut, start), Refusal::Cut { accepted: true });
        let rate = pacer.rate(cut).unwrap();
        assert!((rate - 1_000.0).abs() < 1e-9, "{rate}");
        let doubled = pacer.rate(cut + SEARCH_DOUBLING).unwrap();
        assert!((doubled - 2_000.0).abs() < 1e-6, "{doubled}");
    }

    #[test]
    fn near_the_end_with_retry_after_the_rate_stops_growing() {
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut pacer = Pacer::new(start);
        pacer.sent(start);
        pacer.refused(at(1), start);
        // A window: 100 a second measured.
        for i in 0..21 {
            pacer.sent(at(10 + i * 5));
        }
        for i in 0..21 {
            match i % 2 == 0 {
                true => pacer.refused(at(11 + i * 5), at(10 + i * 5)),
                false => {
                    pacer.accepted(at(12 + i * 5), at(10 + i * 5));
                    Refusal::Same
                }
            };
        }
        assert!((pacer.measured().unwrap() - 100.0).abs() < 1e-9, "{:?}", pacer.measured());
        // 200 left at 95 a second take longer than a wait of 1 s: go on probing.
        pacer.ending(at(200), 200, Duration::from_secs(1));
        assert!(pacer.rate(at(1_200)).unwrap() > 100.0 * MARGIN * 1.1);
        // 90 left: hold, at most MARGIN below what was measured, however long it takes.
        pacer.ending(at(1_200), 90, Duration::from_secs(1));
        let held = pacer.rate(at(1_200)).unwrap();
        assert!(held <= 100.0 * MARGIN + 1e-9, "{held}");
        assert_eq!(pacer.rate(at(9_000)), Some(held));
    }

    #[test]
    fn a_server_refusing_everything_is_asked_ever_more_rarely() {
        let start = Instant::now();
        let mut pacer = Pacer::new(start);
        let mut now = start;
        let mut sends = 0;
        // Each request refused 1 ms after it went.
        while now < start + Duration::from_secs(10) {
            if pacer.ready(now) {
                pacer.sent(now);
                sends += 1;
                pacer.refused(now + Duration::from_millis(1), now);
            }
            now = pacer.ready_at().unwrap_or(now).max(now + Duration::from_millis(1));
        }
        assert!(sends < 60, "{sends} requests in 10 s");
        assert!((pacer.rate(now).unwrap() - MIN_RATE).abs() < 1.0, "{:?}", pacer.rate(now));
    }
}
