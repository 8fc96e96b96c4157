//! `petstore-sandbox`: parse the flags, bind, print the base URL, serve until Ctrl-C or SIGTERM.
//!
//! The only part of the crate that prints.

#![allow(clippy::print_stdout, clippy::print_stderr)]

mod tethered;

use std::io::Write;
use std::net::SocketAddr;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::TypedValueParser;
use clap::{CommandFactory, Parser};
use petstore_sandbox::{
    Config, DEFAULT_API_KEY, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_PETS, DEFAULT_MAX_STORED_BYTES, DEFAULT_MAX_STREAMS,
    DEFAULT_SEED_PETS, H2Drop, RateLimit, Tls,
};

/// The most sample animals `--seed-pets` builds; they are all made up front, in memory.
const SEED_PETS_MAX: u64 = 1_000_000;

// The tables below keep every line within 80 columns, so clap (which wraps help to the terminal) leaves their
// shape alone at 80; a paragraph of prose is one line here (`\` at a line's end), which clap wraps to fit.
const AFTER_HELP: &str = "\
Routes (every one needs `Authorization: Bearer <KEY>`):
  GET   /v1/pets          list animals in id order; query `limit` (1 to 100,
                          default 20) and `status` (available, pending, sold)
  POST  /v1/pets          add an animal; body `application/json`
                          {\"name\": string, \"categoryId\": int64,
                          \"status\": optional}, where `status`, when present,
                          is one of the three (not null)
  GET   /v1/pets/{petId}  one animal; deprecated: answers carry
                          `Deprecation: @1767225600` (since 2026-01-01) and
                          `Sunset: Thu, 05 Dec 2030 00:00:00 GMT`
HEAD works wherever GET does. Animals live in memory (see --state). A `name` is at most 128 KiB. \
Integers (`categoryId`, `limit`, `petId`) are JSON Schema's: any number without a fractional part, so 3, \
3.0, 3e0 and 30e-1 are 3; 3.5, and anything outside int64, is refused.

Errors are JSON {\"code\", \"message\", \"status\"}; the codes:
  401 unauthorized        the API key is missing, malformed or not accepted
  400 invalid_parameter   `limit` or `status` breaks its rule, or is repeated
  400 invalid_body        the POST body is not application/json or not a
                          valid animal
  404 not_found           no such path, or no animal with that id
  405 method_not_allowed  the path exists but not for this method (`Allow`)
  413 payload_too_large   the request body is over 1 MiB
  408 request_timeout     the request body did not all arrive within
                          --body-timeout of its head; carries
                          `Connection: close`
  507 storage_full        POST when clients already added --max-pets animals,
                          or their names would pass --max-stored-bytes;
                          restart the sandbox to empty it
  500 internal_error      only with --fail-rate
  503 unavailable         with --fail-rate, or to a connection over
                          --max-connections (then with `Connection: close`);
                          carries `Retry-After`
  429 rate_limited        with --fail-rate (carries `Retry-After`), or over
                          --rate-limit

Bounds, so that no client can exhaust the machine (lower them to test how a \
client copes):
  --header-timeout SECS     a connection that has not sent a whole request
                            head SECS after it opened, or after its last
                            answer, is closed without one (default 10)
  --body-timeout SECS       a request whose body has not all arrived SECS
                            after its head is answered 408 request_timeout
                            and its connection closed (default 10)
  --max-connections N       connections served at once (default 512); each
                            one over the cap is answered 503 unavailable with
                            `Retry-After: 1` and closed. Keep `ulimit -n`
                            above N + 100
  --max-pets N              animals clients may add (default 10000; seeded
                            ones do not count)
  --max-stored-bytes BYTES  bytes the names of those animals may take in all
                            (default 64 MiB)
  --max-streams N           requests one HTTP/2 connection carries at once
                            (default 128), as its SETTINGS_MAX_CONCURRENT_
                            STREAMS tells the client
  --rate-limit RATE[/s][,burst=N]
                            a token bucket over every request, as a gateway
                            has (nginx's limit_req): RATE a second, N at
                            once (default 1); a request over it is answered
                            429 rate_limited at once, carrying nothing out,
                            without `Retry-After` (as nginx), or with it
                            (whole seconds) with --rate-limit-retry-after

HTTPS: --tls makes a private CA and a certificate for 127.0.0.1 and localhost at start (kept in memory; --ca-out FILE writes the CA's certificate for clients to trust), serves HTTP/2 and HTTP/1.1 by ALPN (--http1: HTTP/1.1 only) and prints an https:// base URL. With a COMMAND, PETSTORE_CACERT names the CA file.

The first line on stdout is the base URL, e.g. http://127.0.0.1:4010/v1. Each request is logged to stderr as \
`METHOD PATH STATUS DURATION`, never with its headers or key. Ctrl-C or SIGTERM stops the sandbox \
gracefully (exit 0).

Faults on demand, for testing how a client or script copes (all off by \
default):
  --latency MS|MIN..MAX  wait before answering: MS, or uniformly from MIN to
                         MAX milliseconds
  --fail-rate P          answer 500 internal_error, 502 (a text/html page, as
                         proxies send), 503 unavailable or 429 rate_limited
                         instead of carrying the request out; 503 and 429
                         carry `Retry-After: 1` or an HTTP-date at least 1 s
                         ahead
  --drop-rate P          close the connection without an answer, carrying
                         nothing out
  --lost-reply-rate P    carry the request out (a POST stores the animal),
                         then close the connection without an answer
  --refused-stream-rate P
                         over HTTP/2, reset the stream with REFUSED_STREAM,
                         carrying nothing out (a client may resend it);
                         over HTTP/1.1, no fault
  --h2-drop stream|connection
                         what drop and lost-reply cut over HTTP/2: the
                         stream (RST_STREAM INTERNAL_ERROR, the default) or
                         the whole connection, with every request on it
  --goaway-after N       close each connection gracefully after N requests
                         (over HTTP/2 a GOAWAY: requests on it are answered,
                         new ones go to a new connection)
  --garble-rate P        answer 200 or 201 as usual, but with a truncated JSON
                         body or one that ends in zero bytes (Content-Length
                         matches what is sent)
P is a probability from 0 to 1. Faults hit only requests that pass routing and the key check, so 404, 405 \
and 401 never change; a request the route refuses (400, 404, 413) is still answered as usual, though it may \
be delayed. Each request draws its latency, then at most one of fail, drop, lost-reply, garble and \
refused-stream, so those five rates must add up to at most 1. `--fault-seed N` repeats the same faults for the same requests in the \
same order; without it the sandbox picks a seed and prints it to stderr (unless --quiet). The log names \
what happened to a request, e.g. `GET /v1/pets 503 fault=fail latency=41.07ms 41.30ms`, or \
`POST /v1/pets fault=lost-reply 0.31ms` (no status: none was sent).

Test fixture: --seed-file FILE starts with the animals of FILE instead of the sample (not with \
--seed-pets): a JSON array (.json), NDJSON (.ndjson, .jsonl) or CSV with a header row (.csv), as `petstore \
pets add --file` reads them, each record what POST takes plus an optional `id`; records without one get \
the ids after the highest. `petstore pets list --all --json` writes such a file. A bad file is refused \
before listening, naming its line (exit 2). --state FILE starts from FILE when it exists (no seed is read \
then) and saves the animals to it as a JSON array when the sandbox stops (Ctrl-C, SIGTERM, or COMMAND \
ended), atomically and readable by its owner only; FILE.lock beside it keeps a second sandbox off \
it. --record FILE empties FILE, then writes one JSON line \
per request as it is answered:
  time        when it was answered, RFC 3339 in UTC
  method      the method
  path        the path as sent (not decoded)
  query       the decoded parameters, e.g. {\"limit\": \"5\"}; {} without any
  body        the body as JSON; null when none, not JSON, or not read (401)
  status      the status sent; null when none was (drop, lost-reply)
  fault       the fault injected, or null
  requestId   the request's X-Request-Id header, else sandbox-N (N from 1)
No header is recorded, so never the key. For example:
  petstore-sandbox --seed-file seed.json --record run.ndjson -- ./test.sh
  jq -se 'map(select(.method == \"POST\")) | all(.status == 201)' run.ndjson

With `-- COMMAND [ARGS]...`, the sandbox listens on a free port (unless `--addr` says otherwise), runs \
COMMAND with PETSTORE_BASE_URL and PETSTORE_API_KEY pointing at itself, stops when COMMAND ends and exits \
with COMMAND's exit code (127 when there is no such command, 126 when it cannot be run). COMMAND gets an \
empty config directory of its own (PETSTORE_CONFIG_DIR, removed when it ends) and no PETSTORE_ENV, so none of \
your environments or stored keys: `petstore --env production` inside it is refused rather than sent to \
production with the sandbox's key. Your PETSTORE_API_KEY_FILE, PETSTORE_CACERT and PETSTORE_YES are not \
passed on. On Linux, COMMAND dies with the sandbox, even when the sandbox is killed (SIGKILL). `--keep-config` gives it your usual config instead. Ctrl-C or SIGTERM is passed on to COMMAND, and the sandbox keeps serving until \
COMMAND has finished (its last requests, its `--failed` file). It prints no URL and logs no requests then (only the fault seed it picked, if \
any): stdout and stderr are COMMAND's. For example:
  petstore-sandbox -- petstore pets list
  petstore-sandbox --seed-pets 0 -- ./my-import-script.sh
  petstore-sandbox --fail-rate 0.2 --latency 0..300 -- ./my-import-script.sh";

/// Run a local Pet Store API on loopback for trying petstore and testing scripts offline
#[derive(Debug, Parser)]
#[command(name = "petstore-sandbox", version, after_help = AFTER_HELP)]
struct Args {
    /// Listen on this loopback address; port 0 picks a free port [default: 127.0.0.1:4010, or
    /// 127.0.0.1:0 with a COMMAND]
    #[arg(long, value_name = "ADDR", value_parser = parse_loopback)]
    addr: Option<SocketAddr>,

    /// Accept this API key instead of the default `sandbox`; repeat to accept several
    #[arg(long = "api-key", value_name = "KEY", value_parser = parse_api_key)]
    api_keys: Vec<String>,

    /// Start with the animals in FILE instead of the sample: a JSON array, NDJSON or CSV by its extension
    /// (what `petstore pets add --file` reads), each optionally with its `id`
    #[arg(long, value_name = "FILE", conflicts_with = "seed_pets", help_heading = FIXTURE)]
    seed_file: Option<PathBuf>,

    /// Start from the animals in FILE if it exists (then no seed is read); save them to it when stopping
    #[arg(long, value_name = "FILE", help_heading = FIXTURE)]
    state: Option<PathBuf>,

    /// Write one JSON line per request to FILE as it is answered (never a header, so never the key)
    #[arg(long, value_name = "FILE", help_heading = FIXTURE)]
    record: Option<PathBuf>,

    /// Start with N sample animals, ids 1..=N; the same N always gives the same animals
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_SEED_PETS,
        value_parser = whole_number(0, SEED_PETS_MAX),
        allow_negative_numbers = true,
    )]
    seed_pets: u64,

    /// Do not log requests to stderr (for benchmarks)
    #[arg(short, long)]
    quiet: bool,

    /// Close a connection that has not sent a whole request head within SECS (fractions allowed)
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds, allow_negative_numbers = true, help_heading = BOUNDS)]
    header_timeout: Duration,

    /// Answer 408 and close a connection whose request body has not all arrived SECS after its head
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds, allow_negative_numbers = true, help_heading = BOUNDS)]
    body_timeout: Duration,

    /// Serve at most N connections at once; answer the next ones 503 and close them
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_CONNECTIONS,
        value_parser = whole_number(1, 1_000_000).map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        allow_negative_numbers = true,
        help_heading = BOUNDS,
    )]
    max_connections: usize,

    /// Let clients add at most N animals; a POST beyond is 507 storage_full
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_PETS,
        value_parser = whole_number(0, SIZE_MAX).map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        allow_negative_numbers = true,
        help_heading = BOUNDS,
    )]
    max_pets: usize,

    /// Let the names of the animals clients add take at most BYTES in all
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = DEFAULT_MAX_STORED_BYTES,
        value_parser = whole_number(0, SIZE_MAX).map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        allow_negative_numbers = true,
        help_heading = BOUNDS,
    )]
    max_stored_bytes: usize,

    /// Let one HTTP/2 connection carry at most N requests at once (its SETTINGS_MAX_CONCURRENT_STREAMS)
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_STREAMS,
        value_parser = whole_number(1, u64::from(u32::MAX)).map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
        allow_negative_numbers = true,
        help_heading = BOUNDS,
    )]
    max_streams: u32,

    /// Answer requests over RATE a second (N at once) with 429 rate_limited, before routing and the key check
    #[arg(long, value_name = "RATE[/s][,burst=N]", value_parser = parse_rate_limit, help_heading = BOUNDS)]
    rate_limit: Option<(f64, u32)>,

    /// With --rate-limit, tell the refused when to come back (`Retry-After`, whole seconds)
    #[arg(long, requires = "rate_limit", help_heading = BOUNDS)]
    rate_limit_retry_after: bool,

    /// Serve HTTPS (HTTP/2 and HTTP/1.1 by ALPN) with a private CA made at start
    #[arg(long, help_heading = HTTPS)]
    tls: bool,

    /// With --tls, offer HTTP/1.1 only
    #[arg(long, requires = "tls", help_heading = HTTPS)]
    http1: bool,

    /// With --tls, write the CA's certificate (PEM) to FILE, for clients to trust
    #[arg(long, value_name = "FILE", requires = "tls", help_heading = HTTPS)]
    ca_out: Option<PathBuf>,

    /// Wait MS milliseconds before answering, or a random time from MIN to MAX
    #[arg(long, value_name = "MS|MIN..MAX", value_parser = parse_latency, help_heading = FAULTS)]
    latency: Option<RangeInclusive<Duration>>,

    /// Answer this share of requests with 500, 502, 503 or 429 instead
    #[arg(long, value_name = "P", value_parser = parse_rate, help_heading = FAULTS)]
    fail_rate: Option<f64>,

    /// Close the connection of this share of requests without an answer
    #[arg(long, value_name = "P", value_parser = parse_rate, help_heading = FAULTS)]
    drop_rate: Option<f64>,

    /// Carry out this share of requests, then close the connection without an answer
    #[arg(long, value_name = "P", value_parser = parse_rate, help_heading = FAULTS)]
    lost_reply_rate: Option<f64>,

    /// Over HTTP/2, reset the stream of this share of requests with REFUSED_STREAM, unread
    #[arg(long, value_name = "P", value_parser = parse_rate, help_heading = FAULTS)]
    refused_stream_rate: Option<f64>,

    /// What drop and lost-reply cut over HTTP/2
    #[arg(long, value_name = "SCOPE", value_enum, default_value = "stream", help_heading = FAULTS)]
    h2_drop: DropScope,

    /// Close each connection gracefully (GOAWAY over HTTP/2) after N requests
    #[arg(long, value_name = "N", value_parser = whole_number(1, u64::MAX), allow_negative_numbers = true, help_heading = FAULTS)]
    goaway_after: Option<u64>,

    /// Answer this share of requests with a body that is not valid JSON
    #[arg(long, value_name = "P", value_parser = parse_rate, help_heading = FAULTS)]
    garble_rate: Option<f64>,

    /// Seed the fault generator, to repeat a run's faults
    #[arg(long, value_name = "N", value_parser = whole_number(0, u64::MAX), allow_negative_numbers = true, help_heading = FAULTS)]
    fault_seed: Option<u64>,

    /// Give COMMAND petstore's usual config directory (your environments, stored keys and aliases) instead of
    /// an empty one of its own: `--env NAME` inside it then leads where your config says, with the sandbox's key
    #[arg(long, requires = "command")]
    keep_config: bool,

    /// Run this command against the sandbox, then stop and exit with its exit code
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<String>,
}

/// `--h2-drop`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DropScope {
    /// RST_STREAM with INTERNAL_ERROR on the request's stream
    Stream,
    /// The whole connection, with every request on it
    Connection,
}

/// The help heading of the options that make the sandbox a test fixture.
const FIXTURE: &str = "Test fixture";

/// The help heading of the HTTPS options.
const HTTPS: &str = "HTTPS";

/// The help heading of the fault options.
const FAULTS: &str = "Faults on demand";

/// The help heading of the options that bound what clients can take.
const BOUNDS: &str = "Bounds";

impl Args {
    /// `--addr`, else 127.0.0.1:4010, or any free port when there is a COMMAND to run (its address
    /// reaches it through PETSTORE_BASE_URL, so nothing needs a fixed port then).
    fn bind_addr(&self) -> SocketAddr {
        let default_port = if self.command.is_empty() { 4010 } else { 0 };
        self.addr.unwrap_or(SocketAddr::from(([127, 0, 0, 1], default_port)))
    }

    /// Whether any fault option other than the seed was given.
    fn wants_faults(&self) -> bool {
        self.latency.is_some()
            || [self.fail_rate, self.drop_rate, self.lost_reply_rate, self.garble_rate, self.refused_stream_rate]
                .iter()
                .any(Option::is_some)
    }

    /// `config` with the fault options and `seed`, or a usage error when the config cannot run
    /// (the rates add up to more than 1).
    fn with_faults(&self, mut config: Config, seed: u64) -> Result<Config, clap::Error> {
        if let Some(latency) = &self.latency {
            config = config.latency(latency.clone());
        }
        let config = config
            .fail_rate(self.fail_rate.unwrap_or(0.0))
            .drop_rate(self.drop_rate.unwrap_or(0.0))
            .lost_reply_rate(self.lost_reply_rate.unwrap_or(0.0))
            .garble_rate(self.garble_rate.unwrap_or(0.0))
            .refused_stream_rate(self.refused_stream_rate.unwrap_or(0.0))
            .h2_drop(match self.h2_drop {
                DropScope::Stream => H2Drop::Stream,
                DropScope::Connection => H2Drop::Connection,
            })
            .fault_seed(seed);
        let config = match self.goaway_after {
            Some(n) => config.goaway_after(n),
            None => config,
        };
        match config.validate() {
            Ok(()) => Ok(config),
            Err(err) => Err(Args::command().error(clap::error::ErrorKind::ArgumentConflict, err)),
        }
    }
}

/// The largest count or size the sandbox takes (`--max-pets`, `--max-stored-bytes`): what this machine's
/// `usize` holds.
const SIZE_MAX: u64 = usize::MAX as u64;

/// A whole number from `min` to `max`, refused in plain words as petstore refuses its own (never Rust's
/// "invalid digit found in string" or a range written `0..=1000000`). The messages follow clap's "invalid
/// value 'X' for '--flag <N>': ", so they do not repeat the value.
fn whole_number(min: u64, max: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        let expected = if max == u64::MAX {
            format!("expected a whole number, {min} or more")
        } else {
            format!("expected a whole number from {min} to {max}")
        };
        let text = text.trim();
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        // `3.0` and `3e0` are 3, as JSON Schema reads them (and petstore's flags), within what f64 holds exactly.
        let whole = text
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && n.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(n))
            .map(|n| Ok::<u64, std::num::ParseIntError>(n as u64));
        match whole.unwrap_or_else(|| text.parse::<u64>()) {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            Ok(_) => Err(format!("out of range: {expected}")),
            // Digits that do not fit, or a negative number: a number, but not one of these.
            Err(_) if digits(text) || text.strip_prefix('-').is_some_and(digits) => {
                Err(format!("out of range: {expected}"))
            }
            Err(_) if text.parse::<f64>().is_ok_and(|n| n.is_finite() && n.fract() != 0.0) => {
                Err(format!("not a whole number: {expected}"))
            }
            Err(_) => Err(format!("not a number: {expected}")),
        }
    }
}

fn parse_loopback(text: &str) -> Result<SocketAddr, String> {
    // `localhost` is what people type; resolving it could give a non-loopback answer, so it is
    // taken to mean 127.0.0.1 rather than looked up.
    let literal = match text.strip_prefix("localhost:") {
        Some(port) => format!("127.0.0.1:{port}"),
        None => text.to_owned(),
    };
    let addr: SocketAddr = literal.parse().map_err(|_| format!("`{text}` is not an IP:PORT address"))?;
    // The keys are public defaults; a sandbox must not be reachable from other machines.
    if !addr.ip().is_loopback() {
        return Err(format!("`{}` is not a loopback address; use 127.0.0.1 or [::1]", addr.ip()));
    }
    Ok(addr)
}

fn parse_latency(text: &str) -> Result<RangeInclusive<Duration>, String> {
    let wrong = || format!("`{text}` is not MS or MIN..MAX in milliseconds, e.g. 200 or 50..500");
    let millis = |part: &str| part.parse::<u64>().map(Duration::from_millis).map_err(|_| wrong());
    let (min, max) = match text.split_once("..") {
        Some((min, max)) => (millis(min)?, millis(max)?),
        None => (millis(text)?, millis(text)?),
    };
    if min > max {
        return Err(format!("`{text}` is an empty range: MIN must not be above MAX"));
    }
    Ok(min..=max)
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|secs| *secs > 0.0)
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
        .ok_or_else(|| format!("`{text}` is not a number of seconds above 0, e.g. 10 or 0.5"))
}

fn parse_rate(text: &str) -> Result<f64, String> {
    // `contains` is false for NaN as well.
    text.parse::<f64>()
        .ok()
        .filter(|rate| (0.0..=1.0).contains(rate))
        .ok_or_else(|| format!("`{text}` is not a probability from 0 to 1, e.g. 0.1"))
}

/// `--rate-limit RATE[/s][,burst=N]`: requests a second (above 0) and the bucket's size (1 unless given).
fn parse_rate_limit(text: &str) -> Result<(f64, u32), String> {
    let wrong = || format!("`{text}` is not a rate limit: RATE[/s][,burst=N], e.g. 150/s,burst=10");
    let (rate, burst) = match text.split_once(',') {
        Some((rate, burst)) => (rate, Some(burst.trim())),
        None => (text, None),
    };
    let rate = rate.trim();
    let rate = rate.strip_suffix("/s").unwrap_or(rate);
    let rate = rate.parse::<f64>().ok().filter(|rate| rate.is_finite() && *rate > 0.0).ok_or_else(wrong)?;
    let burst = match burst {
        None => 1,
        Some(burst) => burst
            .strip_prefix("burst")
            .map(|n| n.trim_start_matches([' ', '=']))
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| *n >= 1)
            .ok_or_else(wrong)?,
    };
    Ok((rate, burst))
}

fn parse_api_key(text: &str) -> Result<String, String> {
    // A key must fit in `Authorization: Bearer <KEY>` as one token, or no client could send it.
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err("a key must be non-empty printable ASCII without spaces".into());
    }
    Ok(text.to_owned())
}

/// jemalloc, for the memory of closed connections to go back to the system (sandbox/Cargo.toml).
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[tokio::main]
async fn main() -> ExitCode {
    // `-- COMMAND`'s helpers, this binary run again (src/tethered.rs).
    tethered::run_role();
    let args = Args::parse();
    let bind = args.bind_addr();
    let keys = if args.api_keys.is_empty() { vec![DEFAULT_API_KEY.to_owned()] } else { args.api_keys.clone() };
    let exec = !args.command.is_empty();
    let config = Config::default()
        .api_keys(keys.clone())
        .seed_pets(args.seed_pets)
        .quiet(args.quiet || exec)
        .header_timeout(args.header_timeout)
        .body_timeout(args.body_timeout)
        .max_connections(args.max_connections)
        .max_pets(args.max_pets)
        .max_stored_bytes(args.max_stored_bytes)
        .max_streams(args.max_streams);
    // Read before listening, so a bad seed or state file is refused before anything could be served from it.
    let config =
        match petstore_sandbox::Fixture::load(args.seed_file.as_deref(), args.state.as_deref(), args.record.as_deref())
        {
            Ok(fixture) => config.fixture(fixture),
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::from(2);
            }
        };
    let config = match args.rate_limit {
        Some((rate, burst)) => config.rate_limit(RateLimit { rate, burst, retry_after: args.rate_limit_retry_after }),
        None => config,
    };
    let config = if args.tls {
        match Tls::generate() {
            Ok(tls) => config.tls(tls.http1_only(args.http1)),
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        config
    };
    // Written before the URL is printed, so a script that reads the URL finds the file in place.
    if let (Some(path), Some(tls)) = (&args.ca_out, config.tls_identity())
        && let Err(err) = write_file(path, tls.ca_pem())
    {
        eprintln!("error: cannot write the CA certificate to {}: {err}", path.display());
        return ExitCode::FAILURE;
    }
    // Picked here rather than inside the sandbox, so a run that went wrong can be repeated.
    let seed = args.fault_seed.unwrap_or_else(|| fastrand::u64(..));
    let config = args.with_faults(config, seed).unwrap_or_else(|err| err.exit());
    if args.wants_faults() && args.fault_seed.is_none() && !args.quiet {
        eprintln!("petstore-sandbox: fault seed {seed}; repeat these faults with --fault-seed {seed}");
    }

    let listener = match listen(bind) {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("error: cannot listen on {bind}: {err}");
            return ExitCode::FAILURE;
        }
    };
    let addr = match listener.local_addr() {
        Ok(addr) => addr,
        Err(err) => {
            eprintln!("error: cannot read the bound address: {err}");
            return ExitCode::FAILURE;
        }
    };
    let scheme = if args.tls { "https" } else { "http" };
    if exec {
        let target = Target {
            base_url: format!("{scheme}://{addr}/v1"),
            key: keys[0].clone(),
            keep_config: args.keep_config,
            ca_out: args.ca_out.clone(),
        };
        return run_command(listener, config, &target, &args.command).await;
    }
    let shutdown = shutdown_signal();
    // Scripts read this line to find the port; a reader that closed the pipe after it must not
    // stop the server, so write errors are ignored.
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{scheme}://{addr}/v1");
    let _ = stdout.flush();
    drop(stdout);

    match petstore_sandbox::serve(listener, config, shutdown).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: the sandbox stopped: {err}");
            ExitCode::FAILURE
        }
    }
}

/// How many connections the kernel may hold for the sandbox before it accepts them: tokio's (and std's)
/// 128 dropped the SYNs of a client opening 256 connections at once (h2load `--h1 -c 256`), which then waited
/// a second to retransmit; the kernel caps it at `net.core.somaxconn` (4096 on current Linux).
const LISTEN_BACKLOG: u32 = 1024;

/// A listener on `addr` with [`LISTEN_BACKLOG`].
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// What `-- COMMAND` is pointed at.
struct Target {
    /// The sandbox's base URL, for `PETSTORE_BASE_URL`.
    base_url: String,
    /// The first key it accepts, for `PETSTORE_API_KEY`.
    key: String,
    /// `--keep-config`: COMMAND gets petstore's usual config directory, not a private one.
    keep_config: bool,
    /// `--ca-out`: where the CA certificate already is, for `PETSTORE_CACERT`.
    ca_out: Option<PathBuf>,
}

/// Writes `contents` to `path` as a shell's `>` would, but never half: a regular file (or none yet) gets a
/// temporary file beside it renamed over it, so a reader sees the old file or the whole new one; a symbolic link
/// is followed, and its target written so; anything else (a FIFO, `/dev/stdout`, a device) is opened and
/// written in place, never replaced by a file.
fn write_file(path: &std::path::Path, contents: &str) -> std::io::Result<()> {
    // Through links, as `>` goes: the link stays, its target gets the certificate.
    let target = match std::fs::canonicalize(path) {
        Ok(target) => target,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => path.to_path_buf(),
        Err(err) => return Err(err),
    };
    match std::fs::metadata(&target) {
        Ok(metadata) if !metadata.is_file() && !metadata.is_dir() => {
            let mut file = std::fs::OpenOptions::new().write(true).open(&target)?;
            return file.write_all(contents.as_bytes());
        }
        Ok(metadata) if metadata.is_dir() => {
            return Err(std::io::Error::new(std::io::ErrorKind::IsADirectory, "it is a directory"));
        }
        _ => {}
    }
    let dir = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => std::path::Path::new("."),
    };
    // Named by the path asked for, not by the temporary file's.
    let mut file =
        tempfile::NamedTempFile::new_in(dir).map_err(|err| std::io::Error::new(err.kind(), strip_path(&err)))?;
    file.write_all(contents.as_bytes())?;
    file.as_file().sync_all()?;
    #[cfg(unix)]
    {
        // A certificate is public: readable by all, as `--cacert` files usually are.
        use std::os::unix::fs::PermissionsExt;
        file.as_file().set_permissions(std::fs::Permissions::from_mode(0o644))?;
    }
    file.persist(&target).map_err(|err| err.error)?;
    Ok(())
}

/// An I/O error's words without the path tempfile adds (` at path "/dir/.tmpXXXX"`): the caller names the path.
fn strip_path(err: &std::io::Error) -> String {
    let text = err.to_string();
    match text.find(" at path ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Serves while `command` runs with the sandbox's URL and key in its environment, then stops the
/// server and returns the command's exit code (128 + the signal's number if a signal ended it).
///
/// Unless `--keep-config`, the command gets a config directory of its own, empty and private (0700), removed
/// when it ends (`PETSTORE_CONFIG_DIR`, which petstore reads before `XDG_CONFIG_HOME` and `HOME`), and no
/// `PETSTORE_ENV`: petstore inside it knows only the built-in environments and has no stored key, so a script
/// that says `--env production` is refused (production's built-in URL is a placeholder) rather than sent to
/// your production with the sandbox's key. The keyrings are not read for the sandbox (`PETSTORE_API_KEY` is
/// set), and they name their entries by config directory, so none of yours is found under the private one.
///
/// Ctrl-C and SIGTERM do not stop the server under the command: they are passed on to it, and the sandbox
/// keeps serving until it has finished (its last requests, its `--failed` file), then exits with its code.
async fn run_command(
    listener: tokio::net::TcpListener,
    config: Config,
    target: &Target,
    command: &[String],
) -> ExitCode {
    let private_config = if target.keep_config {
        None
    } else {
        match private_dir() {
            Ok(dir) => Some(dir),
            Err(err) => {
                eprintln!("error: cannot create a config directory for `{}`: {err}", command[0]);
                return ExitCode::FAILURE;
            }
        }
    };
    // Over TLS the command must trust the sandbox's CA: the `--ca-out` file, or one in a private directory of
    // its own, removed when the command ends.
    let ca_dir = match (config.tls_identity(), &target.ca_out) {
        (Some(tls), None) => match private_dir().and_then(|dir| {
            write_file(&dir.path().join("sandbox-ca.pem"), tls.ca_pem())?;
            Ok(dir)
        }) {
            Ok(dir) => Some(dir),
            Err(err) => {
                eprintln!("error: cannot write the sandbox's CA certificate for `{}`: {err}", command[0]);
                return ExitCode::FAILURE;
            }
        },
        _ => None,
    };
    let cacert = match (&ca_dir, &target.ca_out) {
        (Some(dir), _) => Some(dir.path().join("sandbox-ca.pem")),
        (None, Some(path)) => Some(std::path::absolute(path).unwrap_or_else(|_| path.clone())),
        (None, None) => None,
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(petstore_sandbox::serve(listener, config, async {
        let _ = stopped.await;
    }));
    let mut signals = Forwarded::watch();
    // Removes them should the sandbox be killed before it can (a SIGKILL): held until they are removed here.
    let dirs: Vec<&std::path::Path> = private_config.iter().chain(&ca_dir).map(tempfile::TempDir::path).collect();
    let guard = tethered::guard_dirs(&dirs);
    let mut child = tethered::command(command);
    child.env("PETSTORE_BASE_URL", &target.base_url).env("PETSTORE_API_KEY", &target.key);
    // The caller's other ways to a key, a CA or a yes would point COMMAND elsewhere than the sandbox.
    for var in CALLERS_VARS {
        child.env_remove(var);
    }
    // Tells petstore that it runs inside the wrapper, for its hints (petstore's `context::SANDBOX_VAR`).
    child.env("PETSTORE_SANDBOX", &target.base_url);
    if let Some(dir) = &private_config {
        child.env("PETSTORE_CONFIG_DIR", dir.path()).env_remove("PETSTORE_ENV");
    }
    if let Some(cacert) = &cacert {
        child.env("PETSTORE_CACERT", cacert);
    }
    let child = child.spawn();
    let code = match child {
        Err(err) => Err(err),
        Ok(mut child) => {
            let pid = child.id();
            loop {
                tokio::select! {
                    status = child.wait() => break status.map(exit_code),
                    () = signals.next(pid) => {}
                }
            }
        }
    };
    let _ = stop.send(());
    // The state is saved as the server stops (`--state`); a save that failed, or a record that misses requests
    // (`--record`), is the only failure said here.
    let saved = match server.await {
        Ok(Err(err)) => {
            eprintln!("error: {err}");
            false
        }
        _ => true,
    };
    // Removed now, with whatever the command left in it; one that cannot be removed is left in the temporary
    // directory, as any program's.
    drop((private_config, ca_dir));
    // Its stdin closes with it: the guard wakes, finds nothing left, and ends.
    drop(guard);
    match code {
        Ok(0) if !saved => ExitCode::FAILURE,
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("error: cannot run `{}`: {err}", command[0]);
            ExitCode::from(cannot_run_code(&command[0], &err))
        }
    }
}

/// What petstore reads from the caller's environment that `-- COMMAND` must not inherit: another key (a key
/// file), trust in another CA, writes confirmed in advance. `PETSTORE_BASE_URL` and `PETSTORE_API_KEY` are the
/// sandbox's; `PETSTORE_ENV` and `PETSTORE_CONFIG_DIR` follow `--keep-config`; the rest (output, prompts,
/// timeouts) change how petstore talks, not where to or with what.
const CALLERS_VARS: [&str; 3] = ["PETSTORE_API_KEY_FILE", "PETSTORE_CACERT", "PETSTORE_YES"];

/// An empty temporary directory that only its owner can enter (0700, not the umask's usual 0755): the config
/// directory of `-- COMMAND`.
fn private_dir() -> std::io::Result<tempfile::TempDir> {
    let mut builder = tempfile::Builder::new();
    builder.prefix("petstore-sandbox-config-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o700));
    }
    builder.tempdir()
}

/// The exit code for a command that could not be started, as shells give it: 127 when there is no such
/// command, 126 when there is one that cannot be run (not executable, a directory, not a program).
fn cannot_run_code(command: &str, err: &std::io::Error) -> u8 {
    // A script whose interpreter is missing fails as "not found" too, though the file is there.
    // A name without a directory was looked for on PATH: not found there is not found.
    let path = std::path::Path::new(command);
    let file_is_there = path.parent().is_some_and(|dir| !dir.as_os_str().is_empty()) && path.exists();
    if err.kind() == std::io::ErrorKind::NotFound && !file_is_there { 127 } else { 126 }
}

/// The signals `-- COMMAND` passes on to the command.
struct Forwarded {
    #[cfg(unix)]
    interrupt: Option<tokio::signal::unix::Signal>,
    #[cfg(unix)]
    terminate: Option<tokio::signal::unix::Signal>,
}

impl Forwarded {
    /// Watches SIGINT and SIGTERM from now on: from here, they no longer end the sandbox.
    fn watch() -> Forwarded {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Forwarded {
                interrupt: signal(SignalKind::interrupt()).ok(),
                terminate: signal(SignalKind::terminate()).ok(),
            }
        }
        #[cfg(not(unix))]
        Forwarded {}
    }

    /// Waits for the next signal and passes it on to the process `pid`. A Ctrl-C typed at the terminal
    /// the sandbox runs in the foreground of has reached the command already (the terminal signals the whole
    /// foreground process group, which the command shares): passing it on again would be a second Ctrl-C,
    /// which many programs (petstore's batches among them) take as "stop waiting".
    #[cfg(unix)]
    async fn next(&mut self, pid: Option<u32>) {
        use rustix::process::{Pid, Signal, kill_process};
        async fn received(signal: &mut Option<tokio::signal::unix::Signal>) {
            match signal {
                Some(signal) => {
                    signal.recv().await;
                }
                None => std::future::pending().await,
            }
        }
        let signal = tokio::select! {
            () = received(&mut self.interrupt) => Signal::INT,
            () = received(&mut self.terminate) => Signal::TERM,
        };
        if signal == Signal::INT && typed_at_our_terminal() {
            return;
        }
        if let Some(pid) = pid.and_then(|pid| Pid::from_raw(i32::try_from(pid).ok()?)) {
            let _ = kill_process(pid, signal);
        }
    }

    /// Off Unix, Ctrl-C reaches the command through the console; nothing is passed on.
    #[cfg(not(unix))]
    async fn next(&mut self, _pid: Option<u32>) {
        std::future::pending::<()>().await
    }
}

/// Whether the sandbox runs in the foreground of the terminal on its stdin, so that a Ctrl-C was typed
/// there and reached the whole process group, the command included.
#[cfg(unix)]
fn typed_at_our_terminal() -> bool {
    rustix::termios::tcgetpgrp(std::io::stdin()).is_ok_and(|group| group == rustix::process::getpgrp())
}

#[cfg(unix)]
fn exit_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => u8::try_from(code).unwrap_or(1),
        (None, Some(signal)) => u8::try_from(128 + signal).unwrap_or(1),
        (None, None) => 1,
    }
}

#[cfg(not(unix))]
fn exit_code(status: std::process::ExitStatus) -> u8 {
    status.code().and_then(|code| u8::try_from(code).ok()).unwrap_or(1)
}

/// Completes on Ctrl-C (SIGINT) or SIGTERM. The handlers are installed when this is called, not
/// when the future is first polled, so a script that signals as soon as it has read the base URL
/// still gets a graceful stop. A signal that cannot be watched never completes it, rather than
/// being read as a request to stop.
#[cfg(unix)]
fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    use tokio::signal::unix::{Signal, SignalKind, signal};
    async fn received(signal: Option<Signal>) {
        match signal {
            Some(mut signal) => {
                signal.recv().await;
            }
            None => std::future::pending().await,
        }
    }
    let interrupt = signal(SignalKind::interrupt()).ok();
    let terminate = signal(SignalKind::terminate()).ok();
    async move {
        tokio::select! {
            () = received(interrupt) => {}
            () = received(terminate) => {}
        }
    }
}

#[cfg(not(unix))]
async fn shutdown_signal() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cli_is_well_formed() {
        Args::command().debug_assert();
    }

    #[test]
    fn help_documents_the_default_key_and_every_error_code() {
        let help = Args::command().render_long_help().to_string();
        for needle in [
            "`sandbox`",
            "unauthorized",
            "invalid_parameter",
            "invalid_body",
            "not_found",
            "method_not_allowed",
            "payload_too_large",
            "--addr <ADDR>",
            "[default: 127.0.0.1:4010, or",
            "--api-key <KEY>",
            "--seed-pets <N>",
            "[default: 10]",
            "--quiet",
            "SIGTERM",
            "--latency <MS|MIN..MAX>",
            "--fail-rate <P>",
            "--drop-rate <P>",
            "--lost-reply-rate <P>",
            "--garble-rate <P>",
            "--fault-seed <N>",
            "internal_error",
            "unavailable",
            "rate_limited",
            "text/html",
            "Retry-After",
            "fault=lost-reply",
            "3e0 and 30e-1 are 3",
            "(not null)",
            "--header-timeout <SECS>",
            "--body-timeout <SECS>",
            "request_timeout",
            "[default: 10]",
            "--max-connections <N>",
            "[default: 512]",
            "--max-pets <N>",
            "[default: 10000]",
            "--max-stored-bytes <BYTES>",
            "[default: 67108864]",
            "storage_full",
            "128 KiB",
            "--keep-config",
            "PETSTORE_CONFIG_DIR",
            "--seed-file <FILE>",
            "--state <FILE>",
            "--record <FILE>",
            "requestId",
            "X-Request-Id",
            "RFC 3339",
            "naming its line (exit 2)",
        ] {
            assert!(help.contains(needle), "`{needle}` missing from:\n{help}");
        }
    }

    #[test]
    fn flags_parse_into_a_config() {
        let args = Args::try_parse_from(["x", "--addr", "[::1]:0", "--api-key", "a", "--api-key", "b"]).unwrap();
        assert_eq!(args.bind_addr(), "[::1]:0".parse().unwrap());
        assert_eq!(args.api_keys, ["a", "b"]);
        assert_eq!(args.seed_pets, 10);
        assert!(!args.quiet);
        let args = Args::try_parse_from(["x", "-q", "--seed-pets", "0"]).unwrap();
        assert!(args.quiet);
        assert_eq!(args.seed_pets, 0);
        assert_eq!(args.bind_addr(), "127.0.0.1:4010".parse().unwrap());
        let args = Args::try_parse_from(["x", "--addr", "localhost:0"]).unwrap();
        assert_eq!(args.bind_addr(), "127.0.0.1:0".parse().unwrap());
        let args = Args::try_parse_from(["x", "--", "sh", "-c", "exit 1"]).unwrap();
        assert_eq!((args.bind_addr(), args.command.len()), ("127.0.0.1:0".parse().unwrap(), 3));
        assert_eq!(
            (args.header_timeout, args.body_timeout),
            (petstore_sandbox::DEFAULT_HEADER_TIMEOUT, petstore_sandbox::DEFAULT_BODY_TIMEOUT),
            "the help's defaults are the library's"
        );
        let args = Args::try_parse_from([
            "x",
            "--header-timeout",
            "0.25",
            "--body-timeout",
            "0.2",
            "--max-connections",
            "3",
            "--max-pets",
            "0",
            "--max-stored-bytes",
            "7",
        ])
        .unwrap();
        assert_eq!(
            (args.header_timeout, args.body_timeout, args.max_connections, args.max_pets, args.max_stored_bytes),
            (Duration::from_millis(250), Duration::from_millis(200), 3, 0, 7)
        );
    }

    #[test]
    fn bad_flags_are_refused() {
        for argv in [
            &["x", "--addr", "0.0.0.0:4010"][..],
            &["x", "--addr", "192.168.1.1:80"],
            &["x", "--addr", "localhost"],
            &["x", "--addr", "example.com:80"],
            &["x", "--api-key", ""],
            &["x", "--api-key", "two words"],
            &["x", "--seed-pets", "-1"],
            &["x", "--seed-pets", "1000001"],
            &["x", "--latency", "-1"],
            &["x", "--latency", "80..50"],
            &["x", "--latency", "50..=80"],
            &["x", "--latency", "50ms"],
            &["x", "--latency", ".."],
            &["x", "--fail-rate", "1.01"],
            &["x", "--drop-rate", "-0.1"],
            &["x", "--garble-rate", "NaN"],
            &["x", "--lost-reply-rate", "10%"],
            &["x", "--fault-seed", "-1"],
            &["x", "--header-timeout", "0"],
            &["x", "--header-timeout", "-1"],
            &["x", "--header-timeout", "10s"],
            &["x", "--header-timeout", "inf"],
            &["x", "--body-timeout", "0"],
            &["x", "--body-timeout", "-1"],
            &["x", "--max-connections", "0"],
            &["x", "--max-pets", "-1"],
            &["x", "--max-stored-bytes", "1MiB"],
        ] {
            assert!(Args::try_parse_from(argv).is_err(), "{argv:?}");
        }
    }

    #[test]
    fn rate_limit_flags_parse() {
        for (text, limit) in
            [("150", (150.0, 1)), ("150/s", (150.0, 1)), ("150/s,burst=10", (150.0, 10)), ("0.5,burst 3", (0.5, 3))]
        {
            let args = Args::try_parse_from(["x", "--rate-limit", text]).unwrap();
            assert_eq!(args.rate_limit, Some(limit), "{text}");
            assert!(!args.rate_limit_retry_after);
        }
        let args = Args::try_parse_from(["x", "--rate-limit", "50/s", "--rate-limit-retry-after"]).unwrap();
        assert!(args.rate_limit_retry_after);
        for argv in [
            &["x", "--rate-limit", "0"][..],
            &["x", "--rate-limit", "-5"],
            &["x", "--rate-limit", "inf"],
            &["x", "--rate-limit", "150/m"],
            &["x", "--rate-limit", "150,burst=0"],
            &["x", "--rate-limit", "150,10"],
            &["x", "--rate-limit-retry-after"],
        ] {
            assert!(Args::try_parse_from(argv).is_err(), "{argv:?}");
        }
    }

    #[test]
    fn fault_flags_parse_into_a_config() {
        let args =
            Args::try_parse_from(["x", "--latency", "50..80", "--fail-rate", "0.25", "--garble-rate", "1e-1"]).unwrap();
        assert_eq!(args.latency, Some(Duration::from_millis(50)..=Duration::from_millis(80)));
        assert_eq!((args.fail_rate, args.drop_rate, args.garble_rate), (Some(0.25), None, Some(0.1)));
        assert!(args.wants_faults());
        assert!(args.with_faults(Config::default(), 1).is_ok());
        let args = Args::try_parse_from(["x", "--latency", "7"]).unwrap();
        assert_eq!(args.latency, Some(Duration::from_millis(7)..=Duration::from_millis(7)));
        let args = Args::try_parse_from(["x", "--fault-seed", "9"]).unwrap();
        assert!(!args.wants_faults(), "a seed alone injects nothing");
    }

    #[test]
    fn fault_rates_adding_up_above_1_are_a_usage_error() {
        let args = Args::try_parse_from(["x", "--fail-rate", "0.6", "--drop-rate", "0.3", "--lost-reply-rate", "0.2"])
            .unwrap();
        let err = args.with_faults(Config::default(), 1).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        let message = err.to_string();
        assert!(message.contains("rates add up to 1.1"), "{message}");
        let args = Args::try_parse_from([
            "x",
            "--fail-rate",
            "0.1",
            "--drop-rate",
            "0.2",
            "--lost-reply-rate",
            "0.3",
            "--garble-rate",
            "0.4",
        ])
        .unwrap();
        assert!(args.with_faults(Config::default(), 1).is_ok(), "exactly 1, give or take rounding");
    }
}
