//! How many requests a batch keeps in flight: a number fixed by `--concurrency`, or, without it, one found as
//! the batch goes. Pure policy: it is told of each answer (when its request was sent, when the answer came,
//! whether it was good, a refusal or neither) and gives the limit; it never sends, sleeps or reads a clock, so
//! its tests drive it with made-up instants.
//!
//! The adaptive policy is AIMD with a slow start and a throughput test, as TCP's congestion control and BBR's
//! start-up do it, rather than a gradient limiter (Netflix's concurrency-limits): a gradient compares each
//! round's latency with the least seen, and on loopback, where a request takes tens of microseconds and most
//! of that is queueing in a shared CPU, that ratio is noise, so a gradient limiter shrinks for nothing. Here:
//!
//! - It starts at [`INITIAL`] (the best fixed setting on loopback) and works in rounds: a round ends once it
//!   has seen as many answers as the limit, and [`MIN_ROUND`] has passed, so that a round on loopback is
//!   hundreds of answers rather than a few microseconds of noise.
//! - Start-up: after each round whose window was full and whose answers were all good, the limit grows
//!   [`START_GROWTH`] times while the round's throughput beat the best before it by [`GROWTH`]. A round that
//!   does not (or whose mean latency is [`LATENCY_RISE`] times the best round's) gets a second round at that
//!   limit, since the first paid once for what the limit brought (new connections, their TLS handshakes); if
//!   the second fails too, start-up ends, back at the limit of the best round: a fast link ends near its
//!   bandwidth-delay product, loopback stays where it began.
//! - Then it probes: every [`PROBE_EVERY`] full rounds it tries a quarter more for a round, and keeps it only
//!   if the throughput grew by [`PROBE_GAIN`]. A round whose mean latency is [`LATENCY_RISE`] times that of the
//!   last good round, with no more throughput, cuts the limit by a quarter.
//! - A refusal (a 429, a 503 with `Retry-After`, a refused connection) halves the limit, counted from what was
//!   in flight, once per window: refusals to requests sent before the last cut are that cut's; a refused
//!   probe goes back to the limit before it. After one it does not probe for [`QUIET_AFTER_REFUSAL`], doubled
//!   for each refusal after it: a server that takes only so many connections keeps saying so, and each
//!   refusal costs a record the wait it asks for (and refusals in a row the whole batch).
//! - Over HTTP/2 ([`Limiter::with_multiplexing`]) the first good answer of start-up lifts the limit to
//!   [`MAX`] at once, or [`STREAMS`] when that answer was slower than [`JUMP_TO_MAX_WITHIN`]: requests are streams of one connection, with no handshake each, and a server that
//!   allows fewer at once makes the client's HTTP/2 stack hold the rest back (a wait, not a refusal). Those
//!   waits are what the next round checks: if its mean latency is [`LATENCY_RISE`] times that of the answers
//!   to the requests sent before the jump (at most [`INITIAL`] at once), streams were held back, and the
//!   limit goes to what the server served at once, its throughput times that latency (Little's law), so
//!   that no request waits long enough to time out. A refusal in start-up after the jump (a server that
//!   limits requests, not streams) sends the limit back to [`INITIAL`], as a refused probe goes back. Over
//!   HTTP/1.1 each request more at once is a connection and a TLS handshake more, and a server's cap on
//!   connections shows only as refusals: start-up grows from [`INITIAL`] there.
//! - The limit stays between 1 and [`MAX`].
//!
//! The limiter only decides how many go at once. What a refusal means for its record (sent again after the
//! pause, never when its outcome is unknown) is the scheduler's.

use std::time::Duration;

use tokio::time::Instant;

use super::memory::{Learnt, Memory, Protocol};
use crate::api::Multiplexed;

/// The most requests in flight at once, adaptive or fixed.
pub const MAX: usize = 256;

/// Where the adaptive limit starts.
pub const INITIAL: usize = 8;

/// Where the adaptive limit jumps at the first good answer over HTTP/2 when that answer was slow (past
/// [`JUMP_TO_MAX_WITHIN`]): the fewest streams at once RFC 9113 (6.5.2) recommends a server allow.
pub const STREAMS: usize = 100;

/// The first HTTP/2 answer's latency within which the jump goes to [`MAX`] at once, not to [`STREAMS`]: behind a
/// server that allows only 16 streams, 256 held back at this latency each wait at most 16 turns, 4 s, far
/// inside the client's timeout (30 s by default), and the next round's rising latency brings the limit down to
/// what the server serves. A slower server gets [`STREAMS`], whose wait behind 16 streams stays under the
/// timeout up to about 4 s an answer.
pub const JUMP_TO_MAX_WITHIN: Duration = Duration::from_millis(250);

/// In start-up, how much the limit grows after each round that passed its test: four times, so a 50 ms link
/// reaches [`MAX`] from [`INITIAL`] in three rounds rather than five (over HTTP/1.1 each round costs a round
/// trip, and the new connections' handshakes); an overshoot is one refusal burst of at most three quarters of
/// the window, halved at once.
pub const START_GROWTH: usize = 4;

/// The shortest round.
pub const MIN_ROUND: Duration = Duration::from_millis(10);

/// In start-up, how much more throughput a round must have than the best before it for the limit to double.
pub const GROWTH: f64 = 1.25;

/// After start-up, how much more throughput a probe must bring to be kept.
pub const PROBE_GAIN: f64 = 1.10;

/// Full rounds between probes.
pub const PROBE_EVERY: u32 = 8;

/// How much longer a round's mean latency must be than the reference for latency to count as rising.
pub const LATENCY_RISE: f64 = 2.0;

/// How long after a refusal the limiter does not probe for more; doubled for each further refusal, up to
/// [`QUIET_MAX`].
pub const QUIET_AFTER_REFUSAL: Duration = Duration::from_secs(10);

/// The longest quiet after a refusal.
pub const QUIET_MAX: Duration = Duration::from_secs(300);

/// What an answer says about the load on the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A usable answer (created, or refused for the record's own sake, such as a 400): its latency counts.
    Good,
    /// The server or the network refused it for load: a 429, a 503 with `Retry-After`, a refused connection.
    Refused,
    /// Anything else (a 5xx, no answer): the round does not grow, and the latency is not counted.
    Other,
}

/// How many requests may be in flight.
#[derive(Debug, Clone)]
pub struct Limiter {
    limit: usize,
    adaptive: Option<Adaptive>,
    /// Where what this batch learns is written down for the next batch to the same server, and the pace that
    /// the last one found behind a rate limit ([`Limiter::remembered`]).
    memory: Option<Memory>,
    recalled_pace: Option<f64>,
}

#[derive(Debug, Clone)]
struct Adaptive {
    startup: bool,
    round: Round,
    /// The reference round: the best of start-up, or the last steady round after it.
    best: Option<Measure>,
    /// While probing: the limit before the probe.
    probe_from: Option<usize>,
    full_rounds: u32,
    /// When the limit was last cut for a refusal.
    cut_at: Option<Instant>,
    /// How long after a refusal not to probe: [`QUIET_AFTER_REFUSAL`], doubled for each refusal after it.
    quiet: Duration,
    /// Says whether the answers come over HTTP/2.
    multiplexed: Option<Multiplexed>,
    /// Once the limit jumped to [`STREAMS`].
    jump: Option<Jump>,
    /// Over HTTP/2, where the jump goes, as the last batch to this server found ([`Limiter::resumed`]).
    jump_to: Option<usize>,
    /// The streams the server was found to serve at once, once streams were held back.
    streams: Option<usize>,
    /// The last round that measured a limit.
    last: Option<Measure>,
    /// Over HTTP/2, resumed: one request goes until the first answer.
    awaiting_connection: bool,
    /// In start-up, whether the limit now on trial already had a second round: the first round at a new limit
    /// pays for what the limit brought with it once (over HTTP/1.1, a new connection and its TLS handshake for
    /// each request more), so a round that fails the test is judged again with those in place.
    second_round: bool,
}

/// The jump to [`STREAMS`]: when, and the latency of the answers to the requests sent before it, which no
/// stream limit of the server held back.
#[derive(Debug, Clone, Copy)]
struct Jump {
    at: Instant,
    latency: Duration,
    answers: u32,
}

#[derive(Debug, Clone, Copy)]
struct Measure {
    /// Answers per second.
    throughput: f64,
    /// The mean latency of the good answers.
    latency: Duration,
    limit: usize,
}

#[derive(Debug, Clone)]
struct Round {
    started: Instant,
    answers: usize,
    good: u32,
    latency: Duration,
    /// The window was full at some answer of the round.
    full: bool,
    /// Every answer was good.
    clean: bool,
}

impl Round {
    fn new(now: Instant) -> Round {
        Round { started: now, answers: 0, good: 0, latency: Duration::ZERO, full: false, clean: true }
    }
}

impl Limiter {
    /// Always `n` (1 to [`MAX`]).
    pub fn fixed(n: usize) -> Limiter {
        Limiter { limit: n.clamp(1, MAX), adaptive: None, memory: None, recalled_pace: None }
    }

    /// Found as the batch goes, from [`INITIAL`]; `now` starts the first round.
    pub fn adaptive(now: Instant) -> Limiter {
        Limiter {
            limit: INITIAL,
            adaptive: Some(Adaptive {
                startup: true,
                round: Round::new(now),
                best: None,
                probe_from: None,
                full_rounds: 0,
                cut_at: None,
                quiet: QUIET_AFTER_REFUSAL,
                multiplexed: None,
                second_round: false,
                jump: None,
                jump_to: None,
                streams: None,
                last: None,
                awaiting_connection: false,
            }),
            memory: None,
            recalled_pace: None,
        }
    }

    /// Found as the batch goes, from where the last batch to the same server ended (`recalled`, over the
    /// protocol it names), or from [`INITIAL`] without one. Its first answers correct it as they would a
    /// new server's:
    /// - over HTTP/1.1 it starts at the concurrency the last batch settled on, past start-up, with that
    ///   batch's latency as the reference: a server that now answers slower ([`LATENCY_RISE`]) is cut by a
    ///   quarter at the first round, one that refuses is halved;
    /// - over HTTP/2 it starts with one request, as each request sent before the first connection is up opens
    ///   a connection of its own (hyper-util's pool learns that a connection speaks HTTP/2 from its ALPN, once
    ///   it is made); at the first answer, over HTTP/2, it jumps to what the last batch found the server
    ///   served at once, rather than to [`MAX`] and back; never further than a slow first answer allows
    ///   ([`JUMP_TO_MAX_WITHIN`]), and streams held back are found as after any jump. An answer that is not
    ///   over HTTP/2 any more starts it at [`INITIAL`], as a new server.
    pub fn resumed(now: Instant, recalled: Option<(Protocol, Learnt)>) -> Limiter {
        let mut limiter = Limiter::adaptive(now);
        let (Some((protocol, learnt)), Some(state)) = (recalled, &mut limiter.adaptive) else { return limiter };
        let concurrency = learnt.streams.unwrap_or(learnt.concurrency).clamp(1, MAX);
        match protocol {
            Protocol::Http1 => {
                limiter.limit = concurrency;
                state.startup = false;
                let latency = learnt.latency().max(Duration::from_micros(1));
                state.best = Some(Measure {
                    throughput: concurrency as f64 / latency.as_secs_f64(),
                    latency,
                    limit: concurrency,
                });
            }
            Protocol::Http2 if concurrency > INITIAL => {
                limiter.limit = 1;
                state.jump_to = Some(concurrency);
                state.awaiting_connection = true;
            }
            Protocol::Http2 => {}
        }
        limiter.recalled_pace = learnt.pace.filter(|pace| pace.is_finite() && *pace > 0.0);
        limiter
    }

    /// An adaptive limiter for a batch to `client`'s server, [resumed](Limiter::resumed) from what the last
    /// batch to it learnt (in the state directory, [`Memory`]), that writes down what this one learns when
    /// the batch ends.
    pub fn remembered(client: &crate::api::Client) -> Limiter {
        let memory = Memory::in_state_dir(client.base_url());
        let recalled = memory.as_ref().and_then(|memory| memory.recall(std::time::SystemTime::now()));
        let mut limiter = Limiter::resumed(Instant::now(), recalled).with_multiplexing(client.multiplexed());
        limiter.memory = memory;
        limiter
    }

    /// The pace the last batch to this server found behind its rate limit, in requests a second.
    pub fn recalled_pace(&self) -> Option<f64> {
        self.recalled_pace
    }

    /// What this batch learnt: the limit it settled on (not a probe's), the latency of its last measured round,
    /// the streams the server served at once, if fewer than asked for; `None` for a fixed limit, or a batch
    /// too short to measure a round.
    pub fn learnt(&self) -> Option<(Protocol, Learnt)> {
        let state = self.adaptive.as_ref()?;
        let last = state.last?;
        let protocol = match state.multiplexed.as_ref().is_some_and(Multiplexed::seen) {
            true => Protocol::Http2,
            false => Protocol::Http1,
        };
        let learnt = Learnt {
            concurrency: state.probe_from.unwrap_or(self.limit),
            latency_us: u64::try_from(last.latency.as_micros()).unwrap_or(u64::MAX),
            streams: state.streams,
            pace: None,
        };
        Some((protocol, learnt))
    }

    /// Writes down what this batch learnt (and `pace`, the rate its pacer measured behind a rate limit) for the
    /// next batch to the same server, when it was made by [`Limiter::remembered`] and learnt something. A
    /// failure to write is left: the memory is a hint.
    pub fn remember(&self, pace: Option<f64>) {
        let (Some(memory), Some((protocol, mut learnt))) = (&self.memory, self.learnt()) else { return };
        learnt.pace = pace.or(self.recalled_pace);
        let _ = memory.remember(std::time::SystemTime::now(), protocol, learnt);
    }

    /// An adaptive limiter that jumps to [`STREAMS`] at the first good answer of start-up once `multiplexed`
    /// says the answers come over HTTP/2. A fixed limiter is left as it is.
    pub fn with_multiplexing(mut self, multiplexed: Multiplexed) -> Limiter {
        if let Some(state) = &mut self.adaptive {
            state.multiplexed = Some(multiplexed);
        }
        self
    }

    /// How many requests may be in flight now.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Whether the limit is found as the batch goes.
    pub fn is_adaptive(&self) -> bool {
        self.adaptive.is_some()
    }

    /// An answer came at `now` to a request sent at `sent`, while `in_flight` requests were out (this one
    /// included).
    pub fn answered(&mut self, now: Instant, sent: Instant, in_flight: usize, answer: Answer) {
        let Some(state) = &mut self.adaptive else { return };
        if answer == Answer::Refused {
            if state.cut_at.is_some_and(|cut| sent < cut) {
                // In flight when the limit was cut for an earlier refusal: that cut was for it too.
                return;
            }
            self.limit = match state.probe_from.take() {
                // A probe too far: back to the limit before it, which the server took.
                Some(from) => from,
                // The jump too far (a server that counts requests, not streams): back to where it started.
                None if state.startup && state.jump.is_some() => INITIAL,
                None => (self.limit.min(in_flight) / 2).max(1),
            };
            if state.cut_at.is_some() {
                state.quiet = (state.quiet * 2).min(QUIET_MAX);
            }
            state.startup = false;
            state.full_rounds = 0;
            state.cut_at = Some(now);
            state.round = Round::new(now);
            return;
        }
        if std::mem::take(&mut state.awaiting_connection) && !state.multiplexed.as_ref().is_some_and(Multiplexed::seen)
        {
            // No word of the connection, and the answer is not over HTTP/2: a new server.
            state.jump_to = None;
            self.limit = self.limit.max(INITIAL);
        }
        if answer == Answer::Good {
            let latency = now.saturating_duration_since(sent);
            match &mut state.jump {
                Some(jump) if sent < jump.at => {
                    jump.latency += latency;
                    jump.answers += 1;
                }
                Some(_) => {}
                None if state.startup
                    && self.limit < STREAMS.min(state.jump_to.unwrap_or(STREAMS))
                    && state.multiplexed.as_ref().is_some_and(Multiplexed::seen) =>
                {
                    state.jump = Some(Jump { at: now, latency, answers: 1 });
                    let most = if latency <= JUMP_TO_MAX_WITHIN { MAX } else { STREAMS };
                    self.limit = state.jump_to.map_or(most, |to| to.min(most));
                    state.round = Round::new(now);
                    return;
                }
                None => {}
            }
        }
        let round = &mut state.round;
        round.answers += 1;
        round.full |= in_flight >= self.limit;
        match answer {
            Answer::Good => {
                round.good += 1;
                round.latency += now.saturating_duration_since(sent);
            }
            _ => round.clean = false,
        }
        if round.answers < self.limit || now.saturating_duration_since(round.started) < MIN_ROUND {
            return;
        }
        let round = std::mem::replace(&mut state.round, Round::new(now));
        let seconds = now.saturating_duration_since(round.started).as_secs_f64();
        let measure = Measure {
            throughput: round.answers as f64 / seconds,
            latency: round.latency.checked_div(round.good.max(1)).unwrap_or_default(),
            limit: self.limit,
        };
        if round.good > 0 {
            state.last = Some(measure);
        }
        if !round.full || !round.clean || round.good == 0 {
            // Not a test of this limit: the input ran low, or the server had trouble.
            if let Some(from) = state.probe_from.take() {
                self.limit = from;
            }
            return;
        }
        let rising = |best: &Measure| measure.latency.as_secs_f64() > best.latency.as_secs_f64() * LATENCY_RISE;
        if state.startup {
            if let Some(jump) = state.jump {
                let unheld = jump.latency.as_secs_f64() / f64::from(jump.answers);
                if measure.latency.as_secs_f64() > unheld * LATENCY_RISE {
                    // Streams were held back: the server serves about throughput × latency at once. A quarter
                    // more keeps it busy however rough that estimate, at the cost of a short wait for a few.
                    state.startup = false;
                    state.best = None;
                    self.limit = ((measure.throughput * unheld * GROWTH).ceil() as usize).clamp(1, MAX);
                    state.streams = Some(self.limit);
                    return;
                }
            }
            match state.best {
                Some(best) if measure.throughput < best.throughput * GROWTH || rising(&best) => {
                    if !state.second_round {
                        state.second_round = true;
                        return;
                    }
                    state.startup = false;
                    self.limit = best.limit;
                }
                _ => {
                    state.best = Some(measure);
                    state.second_round = false;
                    self.limit = (self.limit * START_GROWTH).min(MAX);
                }
            }
            return;
        }
        if let Some(from) = state.probe_from.take() {
            let kept = state.best.is_none_or(|best| measure.throughput >= best.throughput * PROBE_GAIN);
            if kept {
                state.best = Some(measure);
            } else {
                self.limit = from;
            }
            return;
        }
        match state.best {
            Some(best) if rising(&best) && measure.throughput < best.throughput * PROBE_GAIN => {
                self.limit = (self.limit - self.limit / 4).max(1);
                state.best = None;
                state.full_rounds = 0;
            }
            _ => {
                state.best = Some(measure);
                state.full_rounds += 1;
                let quiet = state.cut_at.is_some_and(|cut| now.saturating_duration_since(cut) < state.quiet);
                if state.full_rounds >= PROBE_EVERY && !quiet && self.limit < MAX {
                    state.full_rounds = 0;
                    state.probe_from = Some(self.limit);
                    self.limit = (self.limit + (self.limit / 4).max(1)).min(MAX);
                }
            }
        }
    }
}

/// The policy alone, on a made-up clock against made-up servers: each server is a function from what is in
/// flight to each answer's latency and kind, and a small event loop plays a batch against it.
#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use super::*;

    /// A fake server: given how many requests are in flight (this one included) when one is sent, the
    /// request's number and when it is sent, how long its answer takes and what it is.
    type Server = dyn Fn(usize, u64, Instant) -> (Duration, Answer);

    /// What a batch against a fake server did.
    #[derive(Debug, Default)]
    struct Played {
        /// The limit after each answer.
        limits: Vec<usize>,
        refused: u64,
        /// The most in flight at once.
        peak: usize,
        elapsed: Duration,
        /// How many times each record was sent.
        sent: Vec<u32>,
        /// The longest a request took.
        longest: Duration,
    }

    /// Sends `count` records through `limiter` to `server`, as the scheduler does: as many as the limit
    /// allows; a refused one goes again (a refusal says the server did not act); any other answer ends it.
    fn play(mut limiter: Limiter, count: u64, server: &Server) -> Played {
        let start = Instant::now();
        let mut now = start;
        let mut played = Played { sent: vec![0; count as usize], ..Played::default() };
        // (answer time, record, sent time, kind), earliest first.
        let mut in_flight: BinaryHeap<Reverse<(Instant, u64, Instant, u8)>> = BinaryHeap::new();
        let mut waiting: Vec<u64> = (0..count).rev().collect();
        while !waiting.is_empty() || !in_flight.is_empty() {
            while in_flight.len() < limiter.limit() {
                let Some(record) = waiting.pop() else { break };
                played.sent[record as usize] += 1;
                let (latency, answer) = server(in_flight.len() + 1, record, now);
                let kind = match answer {
                    Answer::Good => 0,
                    Answer::Refused => 1,
                    Answer::Other => 2,
                };
                in_flight.push(Reverse((now + latency, record, now, kind)));
                played.peak = played.peak.max(in_flight.len());
                played.longest = played.longest.max(latency);
            }
            let Reverse((at, record, sent, kind)) = in_flight.pop().expect("something is in flight");
            now = at;
            let answer = match kind {
                0 => Answer::Good,
                1 => {
                    played.refused += 1;
                    waiting.push(record);
                    Answer::Refused
                }
                _ => Answer::Other,
            };
            limiter.answered(now, sent, in_flight.len() + 1, answer);
            played.limits.push(limiter.limit());
        }
        played.elapsed = now - start;
        played
    }

    /// A link of `latency` to a server with room for all.
    fn link(latency: Duration) -> impl Fn(usize, u64, Instant) -> (Duration, Answer) {
        move |_, _, _| (latency, Answer::Good)
    }

    #[test]
    fn a_fixed_limit_never_moves() {
        let played = play(Limiter::fixed(16), 2_000, &link(Duration::from_millis(50)));
        assert!(played.limits.iter().all(|limit| *limit == 16));
        assert_eq!(Limiter::fixed(0).limit(), 1);
        assert_eq!(Limiter::fixed(10_000).limit(), MAX);
    }

    #[test]
    fn it_grows_on_a_fast_link_up_to_the_cap_and_beats_a_fixed_64() {
        let played = play(Limiter::adaptive(Instant::now()), 5_000, &link(Duration::from_millis(50)));
        assert_eq!(played.limits[0], INITIAL);
        assert_eq!(*played.limits.iter().max().unwrap(), MAX, "it grows while the throughput grows");
        assert!(played.peak <= MAX);
        let fixed = play(Limiter::fixed(64), 5_000, &link(Duration::from_millis(50)));
        assert!(played.elapsed < fixed.elapsed, "{:?} against {:?}", played.elapsed, fixed.elapsed);
    }

    #[test]
    fn it_stays_low_where_more_in_flight_brings_no_more_throughput() {
        // A server that does 8 at once, each in 100 us: more in flight only queue (loopback on a busy CPU).
        let queueing = |in_flight: usize, _, _| {
            let queued = in_flight.div_ceil(8) as u32;
            (Duration::from_micros(100) * queued, Answer::Good)
        };
        let played = play(Limiter::adaptive(Instant::now()), 50_000, &queueing);
        let last = *played.limits.last().unwrap();
        assert!(last <= 2 * INITIAL, "ended at {last}");
        assert!(played.peak <= 4 * INITIAL, "peaked at {}", played.peak);
    }

    #[test]
    fn a_refusal_halves_the_limit_once_for_the_requests_in_flight_together() {
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut limiter = Limiter::adaptive(start);
        // Three full rounds on a 50 ms link: 8, 32, 128.
        let mut sent = 0;
        for round in 0..3u64 {
            let limit = limiter.limit();
            for _ in 0..limit {
                limiter.answered(at(50 * (round + 1)), at(50 * round), limit, Answer::Good);
                sent += 1;
            }
        }
        assert_eq!(limiter.limit(), MAX, "after {sent} answers");
        // A 429 (or a 503 with Retry-After, or a refused connection) with 40 in flight: 20.
        limiter.answered(at(200), at(160), 40, Answer::Refused);
        assert_eq!(limiter.limit(), 20);
        // The others sent before the cut are the same refusal.
        for _ in 0..10 {
            limiter.answered(at(201), at(170), 39, Answer::Refused);
        }
        assert_eq!(limiter.limit(), 20);
        // A refusal to a request sent after the cut cuts again.
        limiter.answered(at(300), at(250), 20, Answer::Refused);
        assert_eq!(limiter.limit(), 10);
        for ms in 400..420 {
            limiter.answered(at(ms), at(ms - 1), 1, Answer::Refused);
        }
        assert_eq!(limiter.limit(), 1, "never below one");
    }

    #[test]
    fn against_a_server_of_16_connections_it_settles_at_16_after_one_overshoot() {
        // 50 ms a request; the 17th connection at once is answered 503 with Retry-After at once.
        let capped = |in_flight: usize, _, _| {
            if in_flight > 16 {
                (Duration::from_millis(1), Answer::Refused)
            } else {
                (Duration::from_millis(50), Answer::Good)
            }
        };
        let played = play(Limiter::adaptive(Instant::now()), 10_000, &capped);
        assert!(played.sent.iter().all(|times| *times >= 1));
        // Over the cap: once in start-up, then a probe of a quarter more after 10 s of quiet, and one after
        // 20 s more (the quiet doubles).
        let overshoots = played.limits.windows(2).filter(|pair| pair[0] <= 16 && pair[1] > 16).count();
        assert!(overshoots <= 3, "{overshoots} times over the cap");
        assert!(played.limits.iter().rev().take(100).all(|limit| *limit == 16));
        assert!(played.refused <= 16 + 4 + 4, "{} refusals", played.refused);
        // 10,000 records at 16 at once take 31.25 s: within 5% of it.
        assert!(played.elapsed.as_secs_f64() < 31.25 * 1.05, "{:?}", played.elapsed);
    }

    #[test]
    fn rising_latency_with_no_more_throughput_cuts_the_limit() {
        let start = Instant::now();
        let mut limiter = Limiter::adaptive(start);
        let mut now = start;
        // Start-up on a 50 ms link to 128, where the server stops getting faster: 128 at once take 200 ms.
        let mut round = |limiter: &mut Limiter, latency: u64| {
            let limit = limiter.limit();
            for _ in 0..limit {
                limiter.answered(now + Duration::from_millis(latency), now, limit, Answer::Good);
            }
            now += Duration::from_millis(latency);
        };
        round(&mut limiter, 50);
        round(&mut limiter, 50);
        assert_eq!(limiter.limit(), 128);
        round(&mut limiter, 200);
        assert_eq!(limiter.limit(), 128, "a second round at 128 before judging it");
        round(&mut limiter, 200);
        assert_eq!(limiter.limit(), 32, "no more throughput at 128 again: back to 32");
        round(&mut limiter, 50);
        // The server slows down: latency three times as long, and no more throughput.
        round(&mut limiter, 150);
        assert_eq!(limiter.limit(), 24);
    }

    /// An adaptive limiter whose answers come over HTTP/2 (as the client says once the first one has).
    fn over_http2(now: Instant) -> Limiter {
        let multiplexed = Multiplexed::default();
        multiplexed.answered_over(reqwest::Version::HTTP_2);
        Limiter::adaptive(now).with_multiplexing(multiplexed)
    }

    /// A server `latency` away that serves `streams` requests at once: the client's HTTP/2 stack holds the rest
    /// back, first in, first out, until a stream ends.
    fn streams(latency: Duration, streams: usize) -> impl Fn(usize, u64, Instant) -> (Duration, Answer) {
        // When each stream is free again.
        let free = std::cell::RefCell::new(BinaryHeap::new());
        move |_, _, now| {
            let mut free = free.borrow_mut();
            let start = match free.len() < streams {
                true => now,
                false => free.pop().map_or(now, |Reverse(at)| now.max(at)),
            };
            free.push(Reverse(start + latency));
            (start + latency - now, Answer::Good)
        }
    }

    #[test]
    fn over_http2_the_first_answer_lifts_the_limit_to_the_streams_a_server_should_allow() {
        let latency = Duration::from_millis(50);
        let played = play(over_http2(Instant::now()), 2_000, &streams(latency, 256));
        assert_eq!(played.limits[0], MAX, "at the first answer, a fast one");
        assert!(played.limits.iter().all(|limit| *limit == MAX));
        // 2,000 records at 256 at once take 0.39 s; one round at 8 comes first.
        let floor = latency.as_secs_f64() * 2_000.0 / MAX as f64;
        assert!(played.elapsed.as_secs_f64() < floor * 1.2, "{:?} against {floor} s", played.elapsed);
        // A first answer slower than `JUMP_TO_MAX_WITHIN` lifts it to the streams a server should allow.
        let slow = JUMP_TO_MAX_WITHIN + Duration::from_millis(1);
        let played = play(over_http2(Instant::now()), 2_000, &streams(slow, 256));
        assert_eq!(played.limits[0], STREAMS, "at the first answer, a slow one");
        // Without HTTP/2, start-up grows from where it starts.
        let played = play(Limiter::adaptive(Instant::now()), 2_000, &streams(latency, 256));
        assert_eq!(played.limits[..INITIAL - 1], [INITIAL; INITIAL - 1], "no jump over HTTP/1.1");
        assert!(played.elapsed.as_secs_f64() > floor * 1.3, "{:?}", played.elapsed);
        // Nor does a fixed limit move.
        let multiplexed = Multiplexed::default();
        multiplexed.answered_over(reqwest::Version::HTTP_2);
        let played = play(Limiter::fixed(8).with_multiplexing(multiplexed), 100, &link(latency));
        assert!(played.limits.iter().all(|limit| *limit == 8));
    }

    #[test]
    fn over_http2_a_server_of_few_streams_brings_the_limit_down_to_them_before_waits_grow() {
        // 16 streams at once, 2 s each: the 100 of the jump wait up to 7 turns, 14 s (the client's timeout is
        // 30 s); after that round the limit is near 16, and no request waits more than a turn or two.
        let latency = Duration::from_secs(2);
        let played = play(over_http2(Instant::now()), 1_000, &streams(latency, 16));
        assert!(played.longest <= latency * STREAMS.div_ceil(16) as u32, "{:?}", played.longest);
        let settled = &played.limits[2 * STREAMS..];
        assert!(settled.iter().all(|limit| (16..=2 * 16).contains(limit)), "{settled:?}");
        assert!(played.sent.iter().all(|times| *times == 1));
        // 1,000 records at 16 at once take 125 s: within 10% of it.
        assert!(played.elapsed.as_secs_f64() < 125.0 * 1.1, "{:?}", played.elapsed);
        // On loopback, where 100 at once only queue in a busy CPU, it goes back down as well (to what the CPU
        // served at once, and a quarter more).
        let queueing =
            |in_flight: usize, _, _| (Duration::from_micros(100) * in_flight.div_ceil(8) as u32, Answer::Good);
        let played = play(over_http2(Instant::now()), 50_000, &queueing);
        let last = *played.limits.last().unwrap();
        assert!(last <= 3 * INITIAL, "ended at {last}");
    }

    #[test]
    fn over_http2_a_refusal_before_the_first_good_answer_keeps_the_limit_where_it_is() {
        let start = Instant::now();
        let mut limiter = over_http2(start);
        limiter.answered(start + Duration::from_millis(50), start, 8, Answer::Refused);
        assert_eq!(limiter.limit(), INITIAL / 2);
        limiter.answered(start + Duration::from_millis(60), start + Duration::from_millis(10), 4, Answer::Good);
        assert_eq!(limiter.limit(), INITIAL / 2, "no jump after a refusal");
    }

    #[test]
    fn over_http2_a_refusal_after_the_jump_goes_back_to_where_it_started() {
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut limiter = over_http2(start);
        limiter.answered(at(50), at(0), 8, Answer::Good);
        assert_eq!(limiter.limit(), MAX);
        // A server that limits requests, not streams: the jump's burst is refused, once.
        limiter.answered(at(52), at(50), MAX, Answer::Refused);
        assert_eq!(limiter.limit(), INITIAL);
        limiter.answered(at(53), at(50), MAX - 1, Answer::Refused);
        assert_eq!(limiter.limit(), INITIAL);
    }

    fn learnt(concurrency: usize, latency: Duration, streams: Option<usize>) -> Learnt {
        let latency_us = latency.as_micros() as u64;
        Learnt { concurrency, latency_us, streams, pace: None }
    }

    #[test]
    fn over_http1_a_batch_starts_where_the_last_one_to_the_server_ended_and_remembers_where_it_ends() {
        let latency = Duration::from_millis(50);
        let first = play(Limiter::adaptive(Instant::now()), 2_000, &link(latency));
        let ended = *first.limits.last().unwrap();
        let limiter = Limiter::resumed(Instant::now(), Some((Protocol::Http1, learnt(ended, latency, None))));
        assert_eq!(limiter.limit(), ended);
        let again = play(limiter.clone(), 2_000, &link(latency));
        assert_eq!(again.peak, ended, "{:?}", &again.limits[..4]);
        assert!(again.elapsed < first.elapsed, "{:?} then {:?}", first.elapsed, again.elapsed);
        // What a batch learnt: its limit, and the latency of its last round.
        let mut limiter = Limiter::adaptive(Instant::now());
        assert_eq!(limiter.learnt(), None, "nothing measured yet");
        let start = Instant::now();
        for i in 0..8 {
            limiter.answered(start + Duration::from_millis(50 + i), start, 8, Answer::Good);
        }
        let (protocol, learnt) = limiter.learnt().unwrap();
        assert_eq!((protocol, learnt.concurrency), (Protocol::Http1, 32));
        assert_eq!(learnt.latency().as_millis(), 53);
        assert_eq!(Limiter::fixed(8).learnt(), None);
    }

    #[test]
    fn a_remembered_start_meets_a_slower_or_smaller_server_with_the_same_care() {
        let latency = Duration::from_millis(50);
        // Now three times slower, and no more throughput at 128: cut by a quarter at the first round.
        let start = Instant::now();
        let mut limiter = Limiter::resumed(start, Some((Protocol::Http1, learnt(128, latency, None))));
        for i in 0..128 {
            limiter.answered(start + Duration::from_millis(150 + i / 16), start, 128, Answer::Good);
        }
        assert_eq!(limiter.limit(), 96);
        // Now only 16 connections: halved at the first refusal, settles at 16.
        let capped = move |in_flight: usize, _, _| match in_flight > 16 {
            true => (Duration::from_millis(1), Answer::Refused),
            false => (latency, Answer::Good),
        };
        let resumed = Limiter::resumed(Instant::now(), Some((Protocol::Http1, learnt(256, latency, None))));
        let played = play(resumed, 5_000, &capped);
        assert!(played.limits.iter().rev().take(100).all(|limit| *limit == 16), "{:?}", played.limits.last());
        assert!(played.sent.iter().all(|times| *times >= 1));
        // Over HTTP/2 a server that now allows 16 streams, where the last batch found 64: the waits are found
        // as after any jump, and no request waits long.
        let multiplexed = Multiplexed::default();
        multiplexed.answered_over(reqwest::Version::HTTP_2);
        let resumed = Limiter::resumed(Instant::now(), Some((Protocol::Http2, learnt(64, latency, Some(64)))))
            .with_multiplexing(multiplexed);
        let played = play(resumed, 2_000, &streams(latency, 16));
        let fresh = play(over_http2(Instant::now()), 2_000, &streams(latency, 16));
        assert!(played.longest <= fresh.longest, "{:?} against {:?} from scratch", played.longest, fresh.longest);
        assert!(played.limits.iter().all(|limit| *limit <= 64), "{:?}", played.limits);
        assert!(played.sent.iter().all(|times| *times == 1));
    }

    #[test]
    fn over_http2_the_jump_goes_where_the_last_batch_found_the_streams() {
        let latency = Duration::from_millis(50);
        let multiplexed = Multiplexed::default();
        multiplexed.answered_over(reqwest::Version::HTTP_2);
        let start = Instant::now();
        let mut limiter = Limiter::resumed(start, Some((Protocol::Http2, learnt(40, latency, Some(20)))))
            .with_multiplexing(multiplexed.clone());
        assert_eq!(limiter.limit(), 1, "one connection first");
        limiter.answered(start + latency, start, 1, Answer::Good);
        assert_eq!(limiter.limit(), 20);
        // An answer that is not over HTTP/2 any more: a new server, from INITIAL.
        let mut limiter = Limiter::resumed(start, Some((Protocol::Http2, learnt(200, latency, None))))
            .with_multiplexing(Multiplexed::default());
        limiter.answered(start + latency, start, 1, Answer::Good);
        assert_eq!(limiter.limit(), INITIAL, "no jump over HTTP/1.1");
        // A slow first answer caps it as it caps a new server's jump.
        let mut limiter =
            Limiter::resumed(start, Some((Protocol::Http2, learnt(MAX, latency, None)))).with_multiplexing(multiplexed);
        limiter.answered(start + Duration::from_secs(1), start, INITIAL, Answer::Good);
        assert_eq!(limiter.limit(), STREAMS);
    }

    #[test]
    fn a_round_with_server_trouble_does_not_grow() {
        let start = Instant::now();
        let mut limiter = Limiter::adaptive(start);
        for i in 0..8 {
            let answer = if i == 3 { Answer::Other } else { Answer::Good };
            limiter.answered(start + Duration::from_millis(50), start, 8, answer);
        }
        assert_eq!(limiter.limit(), INITIAL);
    }
}
