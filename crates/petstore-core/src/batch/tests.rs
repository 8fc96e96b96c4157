use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use reqwest::StatusCode;
use tokio::sync::mpsc;

use super::*;

fn status(code: u16) -> api::Error {
    api::Error::Status {
        status: StatusCode::from_u16(code).unwrap(),
        body: None,
        excerpt: String::new(),
        request_id: None,
    }
}

/// The adaptive limit as it is over HTTP/2, which jumps at the first good answer.
fn over_http2() -> Limiter {
    let multiplexed = api::Multiplexed::default();
    multiplexed.answered_over(reqwest::Version::HTTP_2);
    Limiter::adaptive(Instant::now()).with_multiplexing(multiplexed)
}

fn records(count: u64) -> impl Iterator<Item = io::Result<Result<Record, Invalid>>> {
    (0..count).map(|i| {
        Ok(Ok(Record {
            line: i + 1,
            number: i + 1,
            pet: NewPet { name: format!("pet-{i}"), category_id: 1, status: None },
        }))
    })
}

/// The records of [`records`], kept back as a lookup and a check pass would: every third exists, the
/// fifth is invalid, the seventh undecided; from line `from` on.
fn sourced(count: u64, from: u64) -> impl Iterator<Item = io::Result<Result<Sourced, Invalid>>> {
    records(count).map(move |read| {
        read.map(|parsed| {
            parsed.map(|record| match record.line {
                line if line < from => Sourced::Send(record),
                line if line % 3 == 0 => {
                    let pet =
                        Pet { id: 9000 + line as i64, name: record.pet.name.clone(), category_id: 1, status: None };
                    Sourced::Kept(Kept::Exists(record, pet))
                }
                5 => Sourced::Kept(Kept::Invalid(Invalid { line: 5, problems: Vec::new(), raw: None })),
                7 => Sourced::Kept(Kept::Undecided(record)),
                _ => Sourced::Send(record),
            })
        })
    })
}

/// `pet` created; a record of [`records`] (`pet-N`) as animal N + 1, whatever `id` says, as a server gives
/// each animal an id of its own.
fn created(pet: &NewPet, id: i64) -> Created {
    let own = pet.name.strip_prefix("pet-").and_then(|n| n.parse::<i64>().ok()).map_or(id, |n| n + 1);
    (Ok(Pet { id: own, name: pet.name.clone(), category_id: pet.category_id, status: None }), None)
}

/// Signals sent by the test through a channel.
struct FakeSignals(mpsc::UnboundedReceiver<u8>);

impl Interrupts for FakeSignals {
    type Signal = u8;

    fn pending(&mut self) -> Option<u8> {
        self.0.try_recv().ok()
    }

    async fn recv(&mut self) -> u8 {
        match self.0.recv().await {
            Some(signal) => signal,
            None => std::future::pending().await,
        }
    }
}

fn no_signals() -> (mpsc::UnboundedSender<u8>, FakeSignals) {
    let (sender, receiver) = mpsc::unbounded_channel();
    (sender, FakeSignals(receiver))
}

/// Everything the scheduler told its sink, in order.
#[derive(Default)]
struct Log {
    /// Each record's end, as it happened: (line, "created" | "failed" | "unknown" | "abandoned").
    ended: Vec<(u64, &'static str)>,
    /// Released results, in the order they left: (created?, name; `pet-N` for a kept record of line N + 1).
    released: Vec<(bool, String)>,
    /// The lines of the records kept back, as they were told.
    kept: Vec<u64>,
    /// Whether the sink wants the rest of the records after a stop.
    wants_rest: bool,
    events: Vec<String>,
    /// Flushes, and the longest a released result waited for one.
    flushes: u32,
    unflushed_since: Option<Instant>,
    longest_unflushed: Duration,
    /// A signal the sink itself sends when this many records have ended: one that comes while the
    /// batch is busy with answers.
    signal_at: Option<(usize, mpsc::UnboundedSender<u8>)>,
}

impl Sink for Log {
    type Error = ();

    fn ended(&mut self, record: &Record, end: End<'_>) -> Result<(), ()> {
        let kind = match end {
            End::Created(_) => "created",
            End::Failed(_) => "failed",
            End::Unknown(_) => "unknown",
            End::Abandoned(_) => "abandoned",
        };
        self.ended.push((record.line, kind));
        if let Some((at, signals)) = &self.signal_at
            && self.ended.len() == *at
        {
            signals.send(2).unwrap();
        }
        Ok(())
    }

    fn release(&mut self, release: Release) -> Result<(), ()> {
        self.released.push(match release {
            Release::Created(pet) => (true, pet.name),
            Release::Failed(pet) => (false, pet.name),
            Release::NotSent(record) => (false, record.pet.name),
            Release::Kept(kept) => (false, format!("pet-{}", kept.line() - 1)),
        });
        self.unflushed_since.get_or_insert_with(Instant::now);
        Ok(())
    }

    fn kept(&mut self, kept: &Kept) -> Result<(), ()> {
        self.kept.push(kept.line());
        Ok(())
    }

    fn wants_the_rest(&self) -> bool {
        self.wants_rest
    }

    fn flush(&mut self) -> Result<(), ()> {
        self.flushes += 1;
        if let Some(since) = self.unflushed_since.take() {
            self.longest_unflushed = self.longest_unflushed.max(since.elapsed());
        }
        Ok(())
    }

    fn event(&mut self, event: Event<'_, ()>) {
        self.events.push(format!("{event:?}"));
    }
}

/// The requests the fake server got: (virtual time since the start, name).
type Requests = Arc<Mutex<Vec<(Duration, String)>>>;

/// Runs a batch of `count` records whose `create` answers with `answer(name, attempt)` after `delay`.
async fn run(
    count: u64,
    limiter: Limiter,
    delay: Duration,
    answer: impl Fn(&NewPet, u32) -> Created + Send + Sync + 'static,
    signals: &mut FakeSignals,
) -> (Summary<u8, ()>, Log, Requests) {
    let start = Instant::now();
    let requests: Requests = Arc::default();
    let attempts: Arc<Mutex<HashMap<String, u32>>> = Arc::default();
    let answer = Arc::new(answer);
    let create = |_line: u64, pet: NewPet| {
        let (requests, attempts, answer) = (requests.clone(), attempts.clone(), answer.clone());
        async move {
            requests.lock().unwrap().push((start.elapsed(), pet.name.clone()));
            let attempt = {
                let mut attempts = attempts.lock().unwrap();
                let attempt = attempts.entry(pet.name.clone()).or_default();
                *attempt += 1;
                *attempt
            };
            tokio::time::sleep(delay).await;
            answer(&pet, attempt)
        }
    };
    let mut log = Log::default();
    let summary = send(&mut records(count), count, create, limiter, signals, &mut log).await;
    (summary, log, requests)
}

/// Every record ends once, results leave in input order, and the tally adds up.
fn check_accounts(count: u64, summary: &Summary<u8, ()>, log: &Log) {
    let tally = summary.tally;
    assert_eq!(tally.created + tally.failed + tally.unknown + tally.not_sent, count, "{tally:?}");
    let mut lines: Vec<u64> = log.ended.iter().map(|(line, _)| *line).collect();
    lines.sort_unstable();
    lines.dedup();
    assert_eq!(lines.len(), log.ended.len(), "a record ended twice");
    assert_eq!(lines.len() as u64, count - tally.not_sent);
    let index = |name: &str| name.trim_start_matches("pet-").parse::<u64>().unwrap();
    let released: Vec<u64> = log.released.iter().map(|(_, name)| index(name)).collect();
    assert!(released.windows(2).all(|pair| pair[0] < pair[1]), "out of input order: {released:?}");
    assert_eq!(log.released.iter().filter(|(created, _)| *created).count() as u64, tally.created);
}

/// Issue 42: a record the source keeps back is counted in the tally, told to the sink as it is read and
/// released in input order among the records sent; only the others are sent.
#[tokio::test(start_paused = true)]
async fn kept_records_are_counted_told_and_released_in_input_order() {
    let (_signals, mut interrupts) = no_signals();
    let sent = Arc::new(Mutex::new(Vec::new()));
    let create = |_line: u64, pet: NewPet| {
        let sent = sent.clone();
        async move {
            sent.lock().unwrap().push(pet.name.clone());
            tokio::time::sleep(Duration::from_millis(5)).await;
            created(&pet, 0)
        }
    };
    let mut log = Log::default();
    let summary = send(&mut sourced(20, 0), 20, create, Limiter::fixed(4), &mut interrupts, &mut log).await;
    let expected = Tally { created: 12, exists: 6, undecided: 1, invalid: 1, ..Tally::default() };
    assert_eq!(summary.tally, expected);
    assert!(summary.stop.is_none());
    assert_eq!(log.kept, [3, 5, 6, 7, 9, 12, 15, 18]);
    let released: Vec<&str> = log.released.iter().map(|(_, name)| name.as_str()).collect();
    let every: Vec<String> = (0..20).map(|i| format!("pet-{i}")).collect();
    assert_eq!(released, every);
    assert_eq!(sent.lock().unwrap().len(), 12);
}

/// Issue 42: more kept records in a row than the window holds do not stall the batch (nothing but their
/// release moves the window on), and every one is counted.
#[tokio::test(start_paused = true)]
async fn a_window_full_of_kept_records_moves_on() {
    let (_signals, mut interrupts) = no_signals();
    let count = WINDOW * 3 + 2;
    // A run of kept records half as long again as the window.
    let kept_lines = WINDOW + 1..WINDOW * 5 / 2;
    let mut source = records(count).map(|read| {
        read.map(|parsed| {
            parsed.map(|record| match record.line {
                line if kept_lines.contains(&line) => Sourced::Kept(Kept::Undecided(record)),
                _ => Sourced::Send(record),
            })
        })
    });
    let create = |_line: u64, pet: NewPet| async move { created(&pet, 0) };
    let mut log = Log::default();
    let batch = send(&mut source, count, create, Limiter::fixed(2), &mut interrupts, &mut log);
    let summary = tokio::time::timeout(Duration::from_secs(600), batch).await.expect("the batch ends");
    let kept = WINDOW * 3 / 2 - 1;
    assert_eq!(summary.tally, Tally { created: count - kept, undecided: kept, ..Tally::default() });
    assert_eq!(log.released.len() as u64, count);
}

/// Issue 42: once the batch stops, a sink that keeps what was not sent gets the rest of the source in input
/// order: each record to send as not sent, each kept one as kept and counted as such; `not_sent` counts only
/// records that were to be sent.
#[tokio::test(start_paused = true)]
async fn after_a_stop_the_rest_is_read_for_a_sink_that_wants_it() {
    let (_signals, mut interrupts) = no_signals();
    let create = |_line: u64, pet: NewPet| async move {
        match pet.name.as_str() {
            "pet-1" => (Err(status(401)), None),
            _ => created(&pet, 0),
        }
    };
    let mut log = Log { wants_rest: true, ..Log::default() };
    let summary = send(&mut sourced(10, 3), 10, create, Limiter::fixed(1), &mut interrupts, &mut log).await;
    assert!(matches!(summary.stop, Some(Stop::Hopeless)), "{:?}", summary.stop);
    let expected =
        Tally { created: 1, failed: 1, not_sent: 3, exists: 3, undecided: 1, invalid: 1, ..Tally::default() };
    assert_eq!(summary.tally, expected);
    let released: Vec<&str> = log.released.iter().map(|(_, name)| name.as_str()).collect();
    let every: Vec<String> = (0..10).map(|i| format!("pet-{i}")).collect();
    assert_eq!(released, every);
    assert_eq!(log.kept, [3, 5, 6, 7, 9]);

    // Without the wish, the rest stays unread and counts as not sent.
    let (_signals, mut interrupts) = no_signals();
    let mut log = Log::default();
    let summary = send(&mut sourced(10, 3), 10, create, Limiter::fixed(1), &mut interrupts, &mut log).await;
    assert_eq!(summary.tally, Tally { created: 1, failed: 1, not_sent: 8, ..Tally::default() });
    assert_eq!(log.released.len(), 2);
}

/// Issue 41: a proxy that replays an earlier answer gives one animal's id to two records; the second is of
/// unknown outcome, the first stays created, and every other record is created once.
#[tokio::test(start_paused = true)]
async fn an_id_answered_twice_is_another_records_answer_and_of_unknown_outcome() {
    let (_signals, mut interrupts) = no_signals();
    let replayed = |pet: &NewPet, _| match pet.name.as_str() {
        "pet-3" | "pet-7" => (Ok(Pet { id: 1000, name: pet.name.clone(), category_id: 1, status: None }), None),
        _ => created(pet, 0),
    };
    let (summary, log, _) = run(10, Limiter::fixed(1), Duration::from_millis(5), replayed, &mut interrupts).await;
    check_accounts(10, &summary, &log);
    assert_eq!(summary.tally, Tally { created: 9, failed: 0, unknown: 1, not_sent: 0, ..Tally::default() });
    assert_eq!(log.ended.iter().filter(|(_, kind)| *kind == "unknown").collect::<Vec<_>>(), [&(8, "unknown")]);
}

/// Issue 41: a replay that comes back before its original (another connection, answered later) carries an
/// animal that differs from its own record; it is held until the requests in flight then have ended, and the
/// original, the very animal sent, proves it a replay: the original is created, the replay unknown. A server
/// that fills in another category for every record gives each record an id of its own: all are created.
#[tokio::test(start_paused = true)]
async fn a_replay_that_comes_before_its_original_is_the_unknown_one() {
    let answer = |normalise: bool| {
        move |_line: u64, pet: NewPet| async move {
            let n: i64 = pet.name.trim_start_matches("pet-").parse().unwrap();
            let (delay, answered) = match n {
                0 if !normalise => (10, Pet { id: 100, name: pet.name.clone(), category_id: 1, status: None }),
                1 if !normalise => (5, Pet { id: 100, name: "pet-0".into(), category_id: 1, status: None }),
                _ => (1 + n as u64 % 3, Pet { id: n, name: pet.name.clone(), category_id: 9, status: None }),
            };
            tokio::time::sleep(Duration::from_millis(delay)).await;
            (Ok(answered), None)
        }
    };
    let (_signals, mut interrupts) = no_signals();
    let mut log = Log::default();
    let summary = send(&mut records(12), 12, answer(false), Limiter::fixed(4), &mut interrupts, &mut log).await;
    check_accounts(12, &summary, &log);
    assert_eq!(summary.tally, Tally { created: 11, failed: 0, unknown: 1, not_sent: 0, ..Tally::default() });
    assert!(log.ended.contains(&(2, "unknown")) && log.ended.contains(&(1, "created")), "{:?}", log.ended);

    let mut log = Log::default();
    let summary = send(&mut records(12), 12, answer(true), Limiter::fixed(4), &mut interrupts, &mut log).await;
    check_accounts(12, &summary, &log);
    assert_eq!(summary.tally, Tally { created: 12, failed: 0, unknown: 0, not_sent: 0, ..Tally::default() });
}

#[test]
fn outcomes_are_unknown_when_the_server_may_have_acted() {
    let kind = |result: Result<Pet, api::Error>| match Outcome::of(result) {
        Outcome::Created(_) => "created",
        Outcome::Failed(_, None) => "failed",
        Outcome::Failed(_, Some(_)) => "failed, and so would the rest",
        Outcome::RateLimited(_) => "refused for now",
        Outcome::Unknown(_) => "unknown",
    };
    let pet = Pet { id: 1, name: "Rex".into(), category_id: 1, status: None };
    assert_eq!(kind(Ok(pet)), "created");
    for code in [400, 405, 409, 413, 422] {
        assert_eq!(kind(Err(status(code))), "failed", "{code}");
    }
    assert_eq!(kind(Err(status(429))), "refused for now");
    for code in [401, 403, 404, 507] {
        assert_eq!(kind(Err(status(code))), "failed, and so would the rest", "{code}");
    }
    for code in [408, 500, 502, 503, 504, 599] {
        assert_eq!(kind(Err(status(code))), "unknown", "{code}: an answer, but not whether it acted");
    }
    let lost = api::Error::OutcomeUnknown {
        method: "POST".into(),
        reason: "connection closed".into(),
        cut: true,
        request_id: None,
    };
    assert_eq!(kind(Err(lost)), "unknown");
    let garbled = api::Error::Decode {
        status: StatusCode::CREATED,
        reason: "EOF".into(),
        excerpt: "{\"id\"".into(),
        request_id: None,
    };
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
}

/// The scheduler's half of `pets_add_file`'s fault mix, on a paused clock: rate limits with and without
/// `Retry-After`, 503s that pause, 500s, refusals, unreadable 2xx and lost answers, answers out of order.
#[tokio::test(start_paused = true)]
async fn under_a_mix_of_faults_every_record_is_accounted_for_and_none_created_twice() {
    fault_mix(Limiter::fixed(8)).await;
}

/// The same with the limit found as the batch goes: it never sends a record of unknown outcome again.
#[tokio::test(start_paused = true)]
async fn the_adaptive_limit_never_sends_a_record_of_unknown_outcome_again() {
    fault_mix(Limiter::adaptive(Instant::now())).await;
    fault_mix(over_http2()).await;
}

async fn fault_mix(limiter: Limiter) {
    let count = 2_000;
    fn answer(pet: &NewPet, attempt: u32) -> Created {
        let n: u64 = pet.name.trim_start_matches("pet-").parse().unwrap();
        let roll = (n.wrapping_mul(2_654_435_761) ^ (u64::from(attempt) * 97)) % 100;
        match roll {
            0 if attempt < 3 => (Err(status(429)), Some(Duration::from_millis(700))),
            1 if attempt < 3 => (Err(status(429)), None),
            2 => (Err(status(503)), Some(Duration::from_secs(1))),
            3 => (Err(status(500)), None),
            4 => (Err(status(400)), None),
            5 => (
                Err(api::Error::Decode {
                    status: StatusCode::CREATED,
                    reason: "EOF".into(),
                    excerpt: String::new(),
                    request_id: None,
                }),
                None,
            ),
            6 => (
                Err(api::Error::OutcomeUnknown {
                    method: "POST".into(),
                    reason: "reset".into(),
                    cut: true,
                    request_id: None,
                }),
                None,
            ),
            _ => created(pet, i64::try_from(n).unwrap()),
        }
    }
    let (_signals, mut interrupts) = no_signals();
    let started = std::time::Instant::now();
    let (summary, log, requests) = run(count, limiter, Duration::from_millis(3), answer, &mut interrupts).await;
    assert!(started.elapsed() < Duration::from_secs(10), "the paused clock makes the pauses free");
    check_accounts(count, &summary, &log);
    assert!(summary.stop.is_none(), "{:?}", summary.stop);
    assert!(summary.tally.created > 1_800 && summary.tally.unknown > 0 && summary.tally.failed > 0);
    // Only a refusal (a 429, a 503 with Retry-After) is sent again: a record sent N times got one the first
    // N - 1.
    let requests = requests.lock().unwrap();
    let mut sent: HashMap<&str, u32> = HashMap::new();
    for (_, name) in requests.iter() {
        *sent.entry(name.as_str()).or_default() += 1;
    }
    // Scattered refusals: each delays its own record, none pauses the batch.
    assert!(sent.values().any(|times| *times > 1), "some were refused, and sent again");
    for (name, times) in sent {
        let pet = NewPet { name: name.to_owned(), category_id: 1, status: None };
        for attempt in 1..times {
            let (result, _) = answer(&pet, attempt);
            let refused = matches!(result, Err(api::Error::Status { status, .. }) if status == 429 || status == 503);
            assert!(refused, "{name} #{attempt}");
        }
    }
}

/// A fault mix drawn from a seed: how often each kind of answer comes, in hundredths.
struct Mix {
    seed: u64,
    /// Cumulative weights of: 429 with `Retry-After`, 429 without, 503 with, 503 without, 500, 502, 400,
    /// a lost reply, an unreadable 201, an answer only at the client's timeout, a refused connection.
    weights: [u64; 11],
}

/// splitmix64: a well-mixed number from any input.
fn mixed(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Mix {
    fn new(seed: u64) -> Mix {
        let mut total = 0;
        let mut weights = [0; 11];
        for (kind, weight) in weights.iter_mut().enumerate() {
            // Mostly a few percent each, sometimes none; a refused connection rarely (it ends the batch).
            let roll = mixed(seed * 31 + kind as u64) % 100;
            total += match kind {
                10 => u64::from(roll < 10),
                _ if roll < 25 => 0,
                _ => roll % 6,
            };
            *weight = total;
        }
        Mix { seed, weights }
    }

    /// The answer to attempt `attempt` of record `n`, and how long it takes.
    fn answer(&self, pet: &NewPet, n: u64, attempt: u32) -> (Duration, Created) {
        let roll = mixed(self.seed ^ (n << 8) ^ u64::from(attempt));
        let latency = Duration::from_millis(1 + roll % 200);
        let retry_after = Duration::from_millis((roll >> 16) % 3_000);
        let kind = self.weights.iter().position(|weight| (roll >> 32) % 100 < *weight);
        let answer = match kind {
            Some(0) => (Err(status(429)), Some(retry_after)),
            Some(1) => (Err(status(429)), None),
            Some(2) => (Err(status(503)), Some(retry_after)),
            Some(3) => (Err(status(503)), None),
            Some(4) => (Err(status(500)), None),
            Some(5) => (Err(status(502)), None),
            Some(6) => (Err(status(400)), None),
            Some(7) => (
                Err(api::Error::OutcomeUnknown {
                    method: "POST".into(),
                    reason: "reset".into(),
                    cut: true,
                    request_id: None,
                }),
                None,
            ),
            Some(8) => (
                Err(api::Error::Decode {
                    status: StatusCode::CREATED,
                    reason: "EOF".into(),
                    excerpt: String::new(),
                    request_id: None,
                }),
                None,
            ),
            Some(9) => {
                let timeout = api::Error::Timeout { origin: "http://127.0.0.1:1".into() };
                let lost = api::Error::OutcomeUnknown {
                    method: "POST".into(),
                    reason: timeout.to_string(),
                    cut: false,
                    request_id: None,
                };
                return (Duration::from_secs(30), (Err(lost), None));
            }
            Some(_) => {
                (Err(api::Error::Connect { origin: "http://127.0.0.1:1".into(), reason: "refused".into() }), None)
            }
            None => created(pet, i64::try_from(n).unwrap()),
        };
        (latency, answer)
    }
}

/// A request of the fault mix: the record, when it was sent, when it was answered, and the answer.
type Sent = (u64, Instant, Instant, Created);

/// Liveness: whatever the server answers, in whatever order, a batch ends by itself, with every record
/// created, failed, of unknown outcome or not sent, exactly once, and none of unknown outcome sent
/// again. On virtual time, a batch that waited for nothing would sit until the day-long bound.
#[tokio::test(start_paused = true)]
async fn every_batch_ends_under_any_mix_of_faults() {
    let count = 300;
    let mut stops: HashMap<String, u32> = HashMap::new();
    for seed in 0..100u64 {
        let mix = Arc::new(Mix::new(seed));
        let limiters =
            [Limiter::fixed(1), Limiter::fixed(8), Limiter::fixed(64), Limiter::adaptive(Instant::now()), over_http2()];
        for limiter in limiters {
            let sent: Arc<Mutex<Vec<Sent>>> = Arc::default();
            let attempts: Arc<Mutex<HashMap<u64, u32>>> = Arc::default();
            let create = |_line: u64, pet: NewPet| {
                let (mix, sent, attempts) = (mix.clone(), sent.clone(), attempts.clone());
                async move {
                    let n: u64 = pet.name.trim_start_matches("pet-").parse().unwrap();
                    let attempt = {
                        let mut attempts = attempts.lock().unwrap();
                        let attempt = attempts.entry(n).or_default();
                        *attempt += 1;
                        *attempt
                    };
                    let (latency, answer) = mix.answer(&pet, n, attempt);
                    let at = Instant::now();
                    tokio::time::sleep(latency).await;
                    let copy = match &answer.0 {
                        Ok(pet) => Ok(pet.clone()),
                        Err(api::Error::Status { status, .. }) => Err(self::status(status.as_u16())),
                        Err(other) => Err(api::Error::OutcomeUnknown {
                            method: "POST".into(),
                            reason: other.to_string(),
                            cut: true,
                            request_id: None,
                        }),
                    };
                    sent.lock().unwrap().push((n, at, Instant::now(), (copy, answer.1)));
                    answer
                }
            };
            let (_signals, mut interrupts) = no_signals();
            let mut log = Log::default();
            let day = Duration::from_secs(24 * 3_600);
            let mut input = records(count);
            let sending = send(&mut input, count, create, limiter.clone(), &mut interrupts, &mut log);
            let Ok(summary) = tokio::time::timeout(day, sending).await else {
                panic!("seed {seed}, {limiter:?}: the batch never ended");
            };
            check_accounts(count, &summary, &log);
            let stop = format!("{:?}", summary.stop);
            let stop = stop.trim_start_matches("Some(").chars().take_while(char::is_ascii_alphanumeric).collect();
            *stops.entry(stop).or_default() += 1;
            // Only a refusal is sent again, and not before the wait it asked for.
            let mut sent = sent.lock().unwrap();
            sent.sort_by_key(|(_, at, _, _)| *at);
            let mut last: HashMap<u64, (Instant, &Created)> = HashMap::new();
            for (n, at, answered, answer) in sent.iter() {
                if let Some((answered_before, before)) = last.insert(*n, (*answered, answer)) {
                    let refused = matches!(before, (Err(api::Error::Status { status, .. }), retry_after)
                        if *status == 429 || (*status == 503 && retry_after.is_some()));
                    assert!(refused, "seed {seed}: pet-{n} sent again after {before:?}");
                    // A 429 without `Retry-After` goes again at the pace; a pause that holds it back is
                    // the batch's, not the record's.
                    let wait = before.1.unwrap_or_default();
                    assert!(*at >= answered_before + wait, "seed {seed}, {limiter:?}: pet-{n} sent again early");
                }
            }
        }
    }
    // The seeds reach every way a batch ends.
    assert!(stops.len() >= 3, "{stops:?}");
}

/// The batch of the hang: 2,000 records, a tenth of them refused once with `Retry-After: 1`, the rest
/// created in a millisecond. Pausing the whole batch for each refusal took about 200 pauses, over three
/// minutes; each refused record now waits its second alone.
#[tokio::test(start_paused = true)]
async fn scattered_refusals_do_not_pause_the_batch_each_time() {
    let answer = |pet: &NewPet, attempt: u32| {
        let n: u64 = pet.name.trim_start_matches("pet-").parse().unwrap();
        match mixed(n) % 10 {
            0 if attempt == 1 => (Err(status(503)), Some(Duration::from_secs(1))),
            _ => created(pet, 1),
        }
    };
    for limiter in [Limiter::fixed(1), Limiter::fixed(8), Limiter::adaptive(Instant::now())] {
        let (_signals, mut interrupts) = no_signals();
        let started = Instant::now();
        let (summary, log, _) = run(2_000, limiter, Duration::from_millis(1), answer, &mut interrupts).await;
        check_accounts(2_000, &summary, &log);
        assert_eq!(summary.tally, Tally { created: 2_000, failed: 0, unknown: 0, not_sent: 0, ..Tally::default() });
        let pauses = log.events.iter().filter(|event| event.starts_with("Paused")).count();
        assert!(pauses <= 5, "{pauses} pauses");
        assert!(started.elapsed() < Duration::from_secs(15), "{:?}", started.elapsed());
    }
}

/// A server that takes 16 connections and answers the 17th with 503 and `Retry-After: 1`, 50 ms away: the
/// adaptive limit finds it, and every record is created, once.
#[tokio::test(start_paused = true)]
async fn the_adaptive_limit_finds_a_server_of_16_connections_and_creates_every_record_once() {
    let count = 1_000;
    let open = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let sent: Arc<Mutex<HashMap<String, u32>>> = Arc::default();
    let peak = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let create = |_line: u64, pet: NewPet| {
        let (open, sent, peak) = (open.clone(), sent.clone(), peak.clone());
        async move {
            use std::sync::atomic::Ordering::SeqCst;
            let now = open.fetch_add(1, SeqCst) + 1;
            *sent.lock().unwrap().entry(pet.name.clone()).or_default() += 1;
            let answer = if now > 16 {
                tokio::time::sleep(Duration::from_millis(1)).await;
                (Err(status(503)), Some(Duration::from_secs(1)))
            } else {
                peak.fetch_max(now, SeqCst);
                tokio::time::sleep(Duration::from_millis(50)).await;
                created(&pet, 1)
            };
            open.fetch_sub(1, SeqCst);
            answer
        }
    };
    let (_signals, mut interrupts) = no_signals();
    let mut log = Log::default();
    let limiter = Limiter::adaptive(Instant::now());
    let summary = send(&mut records(count), count, create, limiter, &mut interrupts, &mut log).await;
    check_accounts(count, &summary, &log);
    assert_eq!(summary.tally, Tally { created: count, failed: 0, unknown: 0, not_sent: 0, ..Tally::default() });
    let sent = sent.lock().unwrap();
    assert_eq!(sent.len() as u64, count);
    let limits: Vec<usize> = log
        .events
        .iter()
        .filter_map(|event| event.strip_prefix("Concurrency(")?.trim_end_matches(')').parse().ok())
        .collect();
    assert_eq!(limits.first(), Some(&limiter::INITIAL));
    assert!(limits.iter().any(|limit| *limit > 16), "it looked past 16: {limits:?}");
    assert_eq!(limits.last(), Some(&16), "{limits:?}");
    assert_eq!(peak.load(std::sync::atomic::Ordering::SeqCst), 16);
}

/// A 429 between created records paces the batch rather than pausing it: each refused record waits its own
/// `Retry-After` and goes again, the rest go on at the rate the server accepted.
#[tokio::test(start_paused = true)]
async fn a_rate_limit_paces_the_batch_and_each_refused_record_waits_its_retry_after() {
    let answer = |pet: &NewPet, attempt: u32| match (pet.name.as_str(), attempt) {
        ("pet-1" | "pet-2" | "pet-3", 1) => (Err(status(429)), Some(Duration::from_secs(2))),
        _ => created(pet, 1),
    };
    let (_signals, mut interrupts) = no_signals();
    let (summary, log, requests) = run(7, Limiter::fixed(4), Duration::from_millis(100), answer, &mut interrupts).await;
    check_accounts(7, &summary, &log);
    assert_eq!(summary.tally, Tally { created: 7, failed: 0, unknown: 0, not_sent: 0, ..Tally::default() });
    assert_eq!(log.events, ["Paced"], "said once, and no pause");
    let requests = requests.lock().unwrap();
    let times = |name: &str| -> Vec<u128> {
        requests.iter().filter(|(_, n)| n == name).map(|(at, _)| at.as_millis()).collect()
    };
    // Four at once; the three refused at 100 ms go again 2 s later, not before.
    for name in ["pet-1", "pet-2", "pet-3"] {
        let times = times(name);
        assert_eq!(times.len(), 2, "{name}: {times:?}");
        assert_eq!(times[0], 0);
        assert!(times[1] >= 2_100, "{name}: {times:?}");
    }
    // The others did not wait for them.
    assert!(times("pet-4")[0] < 2_100, "{:?}", times("pet-4"));
    assert_eq!(requests.len(), 10);
}

/// A refusal between created records is passing: its record alone waits what it was told, the rest go
/// on (a fault injector, a proxy shedding a request now and then; the hang of a 2,000-record batch
/// against `--fail-rate 0.2`, which paused the whole batch for each of about 200 refusals).
#[tokio::test(start_paused = true)]
async fn a_passing_refusal_delays_its_own_record_only() {
    let answer = |pet: &NewPet, attempt: u32| match (pet.name.as_str(), attempt) {
        ("pet-1", 1) => (Err(status(503)), Some(Duration::from_secs(2))),
        _ => created(pet, 1),
    };
    let (_signals, mut interrupts) = no_signals();
    let (summary, log, requests) = run(6, Limiter::fixed(3), Duration::from_millis(100), answer, &mut interrupts).await;
    check_accounts(6, &summary, &log);
    assert_eq!(summary.tally, Tally { created: 6, failed: 0, unknown: 0, not_sent: 0, ..Tally::default() });
    assert_eq!(log.events, Vec::<String>::new(), "no pause");
    let requests = requests.lock().unwrap();
    let times: Vec<(u128, &str)> = requests.iter().map(|(at, name)| (at.as_millis(), name.as_str())).collect();
    assert_eq!(
        times,
        [(0, "pet-0"), (0, "pet-1"), (0, "pet-2"), (100, "pet-3"), (100, "pet-4"), (100, "pet-5"), (2_100, "pet-1")]
    );
    // In input order all the same.
    let names: Vec<&str> = log.released.iter().map(|(_, name)| name.as_str()).collect();
    assert_eq!(names, ["pet-0", "pet-1", "pet-2", "pet-3", "pet-4", "pet-5"]);
}

#[tokio::test(start_paused = true)]
async fn refusals_in_a_row_end_the_batch_and_a_pause_past_the_cap_ends_it_at_once() {
    let (_signals, mut interrupts) = no_signals();
    let always = |_: &NewPet, _: u32| (Err(status(429)), Some(Duration::from_secs(1)));
    let (summary, log, _) = run(50, Limiter::fixed(4), Duration::from_millis(10), always, &mut interrupts).await;
    check_accounts(50, &summary, &log);
    assert!(matches!(summary.stop, Some(Stop::Refused)), "{:?}", summary.stop);
    assert_eq!(log.events.last().unwrap(), "KeptRefusing");
    // The first refusals are passing, the next pause, the last ends the batch.
    let pauses = log.events.iter().filter(|event| event.starts_with("Paused")).count();
    assert_eq!(pauses, (MAX_REFUSALS - PASSING_REFUSALS - 1) as usize);
    assert_eq!(pauses, 4);
    assert_eq!(summary.tally.created + summary.tally.unknown, 0);

    let (_signals, mut interrupts) = no_signals();
    let too_long = |_: &NewPet, _: u32| (Err(status(429)), Some(PAUSE_CAP + Duration::from_secs(1)));
    let started = Instant::now();
    let (summary, log, _) = run(50, Limiter::fixed(4), Duration::from_millis(10), too_long, &mut interrupts).await;
    check_accounts(50, &summary, &log);
    assert_eq!(log.events, ["PauseTooLong { pause: 61s, asked: true }"]);
    assert!(started.elapsed() < Duration::from_secs(1), "no pause was taken");
    assert_eq!(summary.tally, Tally { created: 0, failed: 4, unknown: 0, not_sent: 46, ..Tally::default() });

    // Without `Retry-After` the pause is petstore's own, doubled at each refusal: past the cap, it says so.
    let (_signals, mut interrupts) = no_signals();
    let unsaid = |_: &NewPet, _: u32| (Err(status(429)), None);
    let (summary, log, _) = run(50, Limiter::fixed(1), Duration::from_millis(10), unsaid, &mut interrupts).await;
    check_accounts(50, &summary, &log);
    assert_eq!(log.events.last().unwrap(), "PauseTooLong { pause: 64s, asked: false }", "{:?}", log.events);
}

#[tokio::test(start_paused = true)]
async fn server_failures_in_a_row_end_the_batch_and_a_refused_key_at_once() {
    let (_signals, mut interrupts) = no_signals();
    let failing = |_: &NewPet, _: u32| (Err(status(500)), None);
    let (summary, log, _) = run(100, Limiter::fixed(1), Duration::from_millis(10), failing, &mut interrupts).await;
    check_accounts(100, &summary, &log);
    assert!(matches!(summary.stop, Some(Stop::Failing)), "{:?}", summary.stop);
    assert_eq!(
        summary.tally,
        Tally { created: 0, failed: 0, unknown: MAX_SERVER_FAILURES.into(), not_sent: 90, ..Tally::default() }
    );

    let (_signals, mut interrupts) = no_signals();
    let refused = |_: &NewPet, _: u32| (Err(status(401)), None);
    let (summary, log, _) = run(100, Limiter::fixed(1), Duration::from_millis(10), refused, &mut interrupts).await;
    assert!(matches!(summary.stop, Some(Stop::Hopeless)), "{:?}", summary.stop);
    assert_eq!(log.events, ["Hopeless(SameFailure)"]);
    assert_eq!(summary.tally, Tally { created: 0, failed: 1, unknown: 0, not_sent: 99, ..Tally::default() });
}

#[tokio::test(start_paused = true)]
async fn while_answers_keep_coming_results_are_flushed_every_few_milliseconds_and_the_last_at_once() {
    // 2,000 answers over 250 ms, eight every millisecond (tokio's timer counts whole milliseconds): a flush
    // each 10 ms, not one for each turn of the loop.
    let (_signals, mut interrupts) = no_signals();
    let delay = Duration::from_millis(1);
    let (summary, log, _) = run(2_000, Limiter::fixed(8), delay, |pet, _| created(pet, 1), &mut interrupts).await;
    check_accounts(2_000, &summary, &log);
    assert_eq!(summary.tally.created, 2_000);
    assert!(log.longest_unflushed <= FLUSH_EVERY, "a result waited {:?}", log.longest_unflushed);
    assert!((24..=27).contains(&log.flushes), "{} flushes", log.flushes);
    assert_eq!(log.unflushed_since, None, "the last results were flushed before the batch ended");

    // Answers 50 ms apart: each is flushed as it comes.
    let (_signals, mut interrupts) = no_signals();
    let delay = Duration::from_millis(50);
    let (summary, log, _) = run(40, Limiter::fixed(1), delay, |pet, _| created(pet, 1), &mut interrupts).await;
    check_accounts(40, &summary, &log);
    assert_eq!((log.flushes, log.longest_unflushed), (40, Duration::ZERO));
}

#[tokio::test(start_paused = true)]
async fn a_signal_stops_sending_and_waits_for_what_is_in_flight_for_the_grace_at_most() {
    // Answers in 1 s: the four in flight when the signal comes are all answered within the grace.
    let (signals, mut interrupts) = no_signals();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        signals.send(2).unwrap();
    });
    let (summary, log, _) =
        run(100, Limiter::fixed(4), Duration::from_secs(1), |pet, _| created(pet, 1), &mut interrupts).await;
    check_accounts(100, &summary, &log);
    assert_eq!(summary.signal, Some(2));
    assert!(matches!(summary.stop, Some(Stop::Interrupted)), "{:?}", summary.stop);
    assert_eq!(summary.tally, Tally { created: 8, failed: 0, unknown: 0, not_sent: 92, ..Tally::default() });
    assert_eq!(log.events, ["Waiting { in_flight: 4 }"]);

    // Answers in a minute: the grace runs out, and what is in flight is of unknown outcome.
    let (signals, mut interrupts) = no_signals();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(1)).await;
        signals.send(15).unwrap();
    });
    let started = Instant::now();
    let (summary, log, _) =
        run(100, Limiter::fixed(4), Duration::from_secs(60), |pet, _| created(pet, 1), &mut interrupts).await;
    assert_eq!(started.elapsed(), Duration::from_secs(1) + SIGNAL_GRACE);
    check_accounts(100, &summary, &log);
    assert_eq!(summary.tally, Tally { created: 0, failed: 0, unknown: 4, not_sent: 96, ..Tally::default() });
    assert_eq!(log.events, ["Waiting { in_flight: 4 }", "GraceOver { in_flight: 4 }"]);
    assert!(log.ended.iter().all(|(_, kind)| *kind == "abandoned"));
}

/// A signal that comes while the batch handles answers stops it before another request goes.
#[tokio::test(start_paused = true)]
async fn a_signal_heard_while_answers_are_handled_stops_the_next_round() {
    let (signals, mut interrupts) = no_signals();
    let requests: Requests = Arc::default();
    let create = |_line: u64, pet: NewPet| {
        let requests = requests.clone();
        async move {
            requests.lock().unwrap().push((Duration::ZERO, pet.name.clone()));
            tokio::time::sleep(Duration::from_millis(10)).await;
            created(&pet, 1)
        }
    };
    let mut log = Log { signal_at: Some((2, signals)), ..Log::default() };
    let summary = send(&mut records(100), 100, create, Limiter::fixed(4), &mut interrupts, &mut log).await;
    assert_eq!(summary.signal, Some(2));
    assert_eq!(requests.lock().unwrap().len(), 4, "nothing sent after the signal");
    assert_eq!(summary.tally, Tally { created: 4, failed: 0, unknown: 0, not_sent: 96, ..Tally::default() });
}

#[tokio::test(start_paused = true)]
async fn a_second_signal_abandons_what_is_in_flight_at_once_but_an_echo_does_not() {
    let (signals, mut interrupts) = no_signals();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(1)).await;
        signals.send(15).unwrap();
        // `timeout` signals petstore, then its process group: the same signal within `ECHO` is one.
        tokio::time::sleep(ECHO / 2).await;
        signals.send(15).unwrap();
        tokio::time::sleep(Duration::from_secs(1)).await;
        signals.send(2).unwrap();
    });
    let started = Instant::now();
    let (summary, log, _) =
        run(10, Limiter::fixed(2), Duration::from_secs(60), |pet, _| created(pet, 1), &mut interrupts).await;
    assert_eq!(started.elapsed(), Duration::from_secs(2) + ECHO / 2);
    assert_eq!(summary.signal, Some(15), "the first signal decides the exit");
    assert_eq!(summary.tally, Tally { created: 0, failed: 0, unknown: 2, not_sent: 8, ..Tally::default() });
    assert_eq!(log.events, ["Waiting { in_flight: 2 }"]);
}

/// A request that was in flight when a pause began, refused with a longer `Retry-After` than the pause,
/// waits its own `Retry-After`: the server said when that request may come back.
#[tokio::test(start_paused = true)]
async fn a_refusal_to_a_request_sent_before_the_pause_waits_its_own_retry_after() {
    let answer = |pet: &NewPet, attempt: u32| match (pet.name.as_str(), attempt) {
        ("pet-0" | "pet-1" | "pet-2", 1) => (Err(status(429)), Some(Duration::from_secs(1))),
        ("pet-3", 1) => (Err(status(429)), Some(Duration::from_secs(10))),
        _ => created(pet, 1),
    };
    let requests: Requests = Arc::default();
    let start = Instant::now();
    let create = |_line: u64, pet: NewPet| {
        let requests = requests.clone();
        async move {
            let attempt = {
                let mut requests = requests.lock().unwrap();
                requests.push((start.elapsed(), pet.name.clone()));
                requests.iter().filter(|(_, name)| *name == pet.name).count() as u32
            };
            // pet-3 is slow: its refusal comes while the batch is paused for the others'.
            let latency = if pet.name == "pet-3" && attempt == 1 { 500 } else { 10 };
            tokio::time::sleep(Duration::from_millis(latency)).await;
            answer(&pet, attempt)
        }
    };
    let (_signals, mut interrupts) = no_signals();
    let mut log = Log::default();
    let summary = send(&mut records(6), 6, create, Limiter::fixed(4), &mut interrupts, &mut log).await;
    check_accounts(6, &summary, &log);
    assert_eq!(summary.tally, Tally { created: 6, failed: 0, unknown: 0, not_sent: 0, ..Tally::default() });
    let requests = requests.lock().unwrap();
    let again = requests.iter().filter(|(_, name)| name == "pet-3").nth(1).unwrap().0;
    assert!(again >= Duration::from_millis(10_500), "pet-3 sent again at {again:?}, refused at 500 ms for 10 s");
}

/// A signal while refused records wait their own `Retry-After` (no pause): each goes to the failed
/// records, none is lost, and the batch ends at once rather than at the end of their waits.
#[tokio::test(start_paused = true)]
async fn a_signal_while_refused_records_wait_puts_them_with_the_failed() {
    let answer = |pet: &NewPet, attempt: u32| match (pet.name.as_str(), attempt) {
        ("pet-1" | "pet-4", 1) => (Err(status(503)), Some(Duration::from_secs(30))),
        _ => created(pet, 1),
    };
    let (signals, mut interrupts) = no_signals();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(1_000)).await;
        signals.send(15).unwrap();
    });
    let started = Instant::now();
    let (summary, log, _) = run(6, Limiter::fixed(3), Duration::from_millis(100), answer, &mut interrupts).await;
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    check_accounts(6, &summary, &log);
    assert_eq!(summary.tally, Tally { created: 4, failed: 2, unknown: 0, not_sent: 0, ..Tally::default() });
    let failed: Vec<&str> =
        log.released.iter().filter(|(created, _)| !created).map(|(_, name)| name.as_str()).collect();
    assert_eq!(failed, ["pet-1", "pet-4"]);
}

/// A request to the token bucket: when it came, the record's name, and until when it was refused.
type BucketRequest = (Instant, String, Option<Instant>);

/// A server that limits the rate with a token bucket (`rate` a second, `burst` at most) and answers 429
/// with `Retry-After` (whole seconds, as HTTP has them) when it is empty. A careful client sends about
/// `rate` requests a second: it neither hammers the server with refused requests nor sends any refused
/// record before its `Retry-After`.
#[tokio::test(start_paused = true)]
async fn under_a_token_bucket_the_batch_is_paced_and_ends() {
    struct Bucket {
        tokens: f64,
        at: Instant,
    }
    let (rate, burst, count) = (10.0_f64, 10.0_f64, 300u64);
    // The refusals the jump over HTTP/2 may meet, once: the bucket counts requests, not streams (and answers
    // at once, so the jump goes to the most).
    let jump = limiter::MAX;
    for (limiter, allowance) in [
        (Limiter::fixed(1), 0),
        (Limiter::fixed(8), 0),
        (Limiter::fixed(64), 0),
        (Limiter::adaptive(Instant::now()), 0),
        (over_http2(), jump),
    ] {
        let bucket = Arc::new(Mutex::new(Bucket { tokens: burst, at: Instant::now() }));
        let log_requests: Arc<Mutex<Vec<BucketRequest>>> = Arc::default();
        let create = |_line: u64, pet: NewPet| {
            let (bucket, log_requests) = (bucket.clone(), log_requests.clone());
            async move {
                tokio::time::sleep(Duration::from_millis(5)).await;
                let now = Instant::now();
                let answer = {
                    let mut bucket = bucket.lock().unwrap();
                    bucket.tokens = (bucket.tokens + (now - bucket.at).as_secs_f64() * rate).min(burst);
                    bucket.at = now;
                    if bucket.tokens >= 1.0 {
                        bucket.tokens -= 1.0;
                        None
                    } else {
                        let wait = ((1.0 - bucket.tokens) / rate).ceil().max(1.0);
                        Some(Duration::from_secs_f64(wait))
                    }
                };
                log_requests.lock().unwrap().push((now, pet.name.clone(), answer.map(|wait| now + wait)));
                tokio::time::sleep(Duration::from_millis(5)).await;
                match answer {
                    None => created(&pet, 1),
                    Some(wait) => (Err(status(429)), Some(wait)),
                }
            }
        };
        let (_signals, mut interrupts) = no_signals();
        let mut log = Log::default();
        let started = Instant::now();
        let mut input = records(count);
        let sending = send(&mut input, count, create, limiter.clone(), &mut interrupts, &mut log);
        let Ok(summary) = tokio::time::timeout(Duration::from_secs(3_600), sending).await else {
            panic!("{limiter:?}: the batch never ended");
        };
        let took = started.elapsed();
        check_accounts(count, &summary, &log);
        let requests = log_requests.lock().unwrap();
        let refused = requests.iter().filter(|(_, _, until)| until.is_some()).count();
        let mut refused_until: HashMap<&str, Instant> = HashMap::new();
        let mut early = 0;
        for (at, name, until) in requests.iter() {
            if refused_until.get(name.as_str()).is_some_and(|due| at < due) {
                early += 1;
            }
            if let Some(until) = until {
                refused_until.insert(name, *until);
            }
        }
        assert_eq!(summary.tally.created, count, "{limiter:?}");
        assert_eq!(early, 0, "{limiter:?}: refused records sent before their Retry-After");
        // 300 records at 10 a second take 29 s at best.
        assert!(took < Duration::from_secs(45), "{limiter:?}: {took:?}");
        // A fixed 64 sends 64 at once after each pause, most of them refused (about 1,500 refusals for 300
        // records); the adaptive limit halves on refusals and stays near a careful client's count (over
        // HTTP/2, after the one burst of its jump).
        if limiter.is_adaptive() {
            let most = count as usize / 2 + allowance;
            assert!(refused < most, "{limiter:?}: {refused} refused of {} requests", requests.len());
        }
    }
}

/// Answers that are in when the grace after a signal runs out are taken, not abandoned: a record whose
/// pet was created is reported created (and shown), not "may or may not have been created". The answers
/// here come at the very instant the grace ends, as they do, in effect, after a sink that held the loop
/// (a slow `--jq`, a stdout nobody reads) past the end of the grace.
#[tokio::test(start_paused = true)]
async fn answers_in_hand_when_the_grace_ends_are_taken_not_abandoned() {
    for _ in 0..20 {
        let (signals, mut interrupts) = no_signals();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(1)).await;
            signals.send(15).unwrap();
        });
        let delay = Duration::from_secs(1) + SIGNAL_GRACE;
        let (summary, log, _) = run(20, Limiter::fixed(8), delay, |pet, _| created(pet, 1), &mut interrupts).await;
        check_accounts(20, &summary, &log);
        assert_eq!(
            summary.tally,
            Tally { created: 8, failed: 0, unknown: 0, not_sent: 12, ..Tally::default() },
            "{:?}",
            log.events
        );
    }
}
