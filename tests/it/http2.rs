//! What HTTP/2 changes, against the sandbox over TLS with h2 (`--tls`), whatever `PETSTORE_TEST_TRANSPORT`
//! says: a stream the server refused (`REFUSED_STREAM`) or left above its `GOAWAY` was not processed and is sent
//! again, never reported as of unknown outcome (RFC 9113 §8.7); a reset stream or a lost connection leaves
//! exactly the requests in flight of unknown outcome; and however many requests a batch wants out at once, one
//! connection carries no more than the server's `SETTINGS_MAX_CONCURRENT_STREAMS`.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use petstore_sandbox::{Config, H2Drop, Tls};

use crate::batch_edges::{exits_within, file, names_in, ndjson, summary};
use crate::batch_refusals::{each_once, sandbox_names, unknown_lines};
use crate::common::nginx::{Nginx, have_nginx};
use crate::common::{Run, TestEnv};

/// A sandbox of `config` over TLS offering h2, and the file of its CA for `PETSTORE_CACERT`.
fn h2_env(config: Config) -> (TestEnv, PathBuf) {
    let env = TestEnv::with(config.seed_pets(0).tls(Tls::generate().unwrap()));
    let ca = env.home().join("sandbox-ca.pem");
    std::fs::write(&ca, env.sandbox.ca_pem().unwrap()).unwrap();
    assert!(env.sandbox.base_url().starts_with("https://127.0.0.1:"), "{}", env.sandbox.base_url());
    (env, ca)
}

/// `pets add --file` of `total` records with `extra` flags, under a watchdog: the run, and the records'
/// accounts (created names from stdout, `--failed`, unknown line numbers).
fn add_all(env: &TestEnv, ca: &PathBuf, total: usize, extra: &[&str]) -> (Run, Vec<String>, Vec<String>, Vec<usize>) {
    add_all_at(env, &env.sandbox.base_url(), ca, total, extra)
}

/// [`add_all`] through `base_url`.
fn add_all_at(
    env: &TestEnv,
    base_url: &str,
    ca: &PathBuf,
    total: usize,
    extra: &[&str],
) -> (Run, Vec<String>, Vec<String>, Vec<usize>) {
    let path = file(env, "pets.ndjson", &ndjson(total));
    let failed = env.home().join("failed.ndjson");
    let child = env
        .command()
        .env("PETSTORE_BASE_URL", base_url)
        .env("PETSTORE_CACERT", ca)
        .args(["pets", "add", "--file", path.to_str().unwrap(), "--failed", failed.to_str().unwrap()])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (run, _) = exits_within(child, Duration::from_secs(120), "a batch over h2");
    let created = run.stdout.lines().map(|line| line.split('\t').nth(1).unwrap().to_owned()).collect();
    let unknown = unknown_lines(&run.stderr);
    (run, created, names_in(&failed), unknown)
}

/// Each name the server stored, once: no record was created twice.
fn stored_once(env: &TestEnv) -> Vec<String> {
    let mut stored = sandbox_names(env);
    let count = stored.len();
    stored.sort();
    stored.dedup();
    assert_eq!(stored.len(), count, "a record created twice");
    stored
}

/// A third of the streams refused: each refused POST is sent again (by reqwest, then by petstore's own retry),
/// none is reported as of unknown outcome, and each record is created exactly once.
#[test]
fn refused_streams_are_sent_again_and_never_reported_unknown() {
    let (env, ca) = h2_env(Config::default().refused_stream_rate(0.3).fault_seed(3));
    let (run, created, failed, unknown) = add_all(&env, &ca, 300, &[]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(summary(&run.stderr), [300, 0, 0, 0], "{run}");
    assert!(env.sandbox.faults().refused_streams > 50, "{:?}", env.sandbox.faults());
    each_once(300, created, failed, unknown);
    assert_eq!(stored_once(&env).len(), 300);
}

/// Every stream refused: a single add ends with the request not sent (a network failure, exit 5, nothing about
/// an unknown outcome), and nothing is stored.
#[test]
fn a_post_whose_every_stream_is_refused_was_not_sent() {
    let (env, ca) = h2_env(Config::default().refused_stream_rate(1.0).fault_seed(3));
    let run = Run::of(env.command().env("PETSTORE_CACERT", &ca).args([
        "pets",
        "add",
        "--name",
        "Solo",
        "--category-id",
        "1",
    ]));
    assert_eq!(run.code, 5, "{run}");
    assert!(!run.stderr.contains("unknown"), "{run}");
    assert!(run.stderr.contains("REFUSED_STREAM") || run.stderr.contains("refused"), "{run}");
    assert!(env.sandbox.pets().is_empty());
    assert!(env.sandbox.faults().refused_streams >= 3, "every try was refused: {:?}", env.sandbox.faults());
}

/// A server that says `GOAWAY` every 25 requests: the batch moves to a new connection each time, and nothing
/// it sent is lost or of unknown outcome.
#[test]
fn goaway_moves_the_batch_to_a_new_connection_and_nothing_is_unknown() {
    let (env, ca) =
        h2_env(Config::default().goaway_after(25).latency(Duration::from_millis(2)..=Duration::from_millis(8)));
    let (run, created, failed, unknown) = add_all(&env, &ca, 300, &[]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(summary(&run.stderr), [300, 0, 0, 0], "{run}");
    // Each connection takes the streams sent before its GOAWAY arrived too (up to 256 once the limit jumps), so
    // far fewer GOAWAYs than 300 / 25.
    assert!(env.sandbox.faults().goaways >= 2, "{:?}", env.sandbox.faults());
    each_once(300, created, failed, unknown);
    assert_eq!(stored_once(&env).len(), 300);
}

/// `drop` over h2 resets one stream (`RST_STREAM`, `INTERNAL_ERROR`): that record, and only it, is of unknown
/// outcome; the others on the same connection are answered.
#[test]
fn a_reset_stream_leaves_only_its_own_record_unknown() {
    let (env, ca) = h2_env(Config::default().drop_rate(0.1).fault_seed(11));
    let (run, created, failed, unknown) = add_all(&env, &ca, 200, &[]);
    let dropped = env.sandbox.faults().dropped;
    assert!(dropped > 5, "{:?}", env.sandbox.faults());
    assert_eq!(run.code, 6, "{run}");
    assert_eq!(summary(&run.stderr), [200 - dropped, 0, dropped, 0], "{run}");
    let stored = stored_once(&env);
    // A dropped request stored nothing: what was created is exactly what petstore reports created.
    let mut reported = created.clone();
    reported.sort();
    assert_eq!(stored, reported);
    each_once(200, created, failed, unknown);
}

/// `drop` cutting the whole connection: every request in flight on it is of unknown outcome (some were
/// carried out before the cut), what was not yet sent goes out on a new connection, and no record is created
/// twice or lost.
#[test]
fn a_lost_connection_leaves_its_requests_in_flight_unknown_and_sends_the_rest() {
    let (env, ca) = h2_env(
        Config::default()
            .drop_rate(0.02)
            .h2_drop(H2Drop::Connection)
            .latency(Duration::from_millis(1)..=Duration::from_millis(20))
            .fault_seed(5),
    );
    let (run, created, failed, unknown) = add_all(&env, &ca, 300, &[]);
    let dropped = env.sandbox.faults().dropped;
    assert!(dropped >= 2, "{:?}", env.sandbox.faults());
    assert_eq!(run.code, 6, "{run}");
    let [created_count, failed_count, unknown_count, not_sent] = summary(&run.stderr);
    assert_eq!((failed_count, not_sent), (0, 0), "{run}");
    assert_eq!(created_count + unknown_count, 300, "{run}");
    // A cut connection takes every request in flight with it, not only the dropped one.
    assert!(unknown_count > dropped, "{dropped} dropped, {unknown_count} unknown: {run}");
    // In plain HTTP's words, not rustls's: a TLS connection that ended without `close_notify`.
    assert!(run.stderr.contains("failed: connection closed before message completed"), "{run}");
    assert!(!run.stderr.contains("docs.rs"), "{run}");
    let stored = stored_once(&env);
    for name in &created {
        assert!(stored.contains(name), "{name} reported created but not stored");
    }
    // The unknown ones are the only records that may be missing from the store.
    assert!(stored.len() as u64 >= created_count && stored.len() as u64 <= 300, "{run}");
    each_once(300, created, failed, unknown);
}

/// A server that allows 4 streams at once: the batch never has more out on the connection, by default or when
/// told to send 32 at once, and every record is created once, with nothing of unknown outcome.
#[test]
fn the_batch_stays_under_a_server_that_allows_few_streams() {
    for extra in [&[][..], &["--concurrency", "32"][..]] {
        let (env, ca) =
            h2_env(Config::default().max_streams(4).latency(Duration::from_millis(10)..=Duration::from_millis(10)));
        let (run, created, failed, unknown) = add_all(&env, &ca, 200, extra);
        assert_eq!(run.code, 0, "{extra:?}: {run}");
        assert_eq!(summary(&run.stderr), [200, 0, 0, 0], "{run}");
        assert!(env.sandbox.peak_requests() <= 4, "{extra:?}: {} at once", env.sandbox.peak_requests());
        assert_eq!(env.sandbox.peak_requests(), 4, "{extra:?}: the 4 streams were used");
        each_once(200, created, failed, unknown);
        assert_eq!(stored_once(&env).len(), 200);
    }
}

/// nginx ends an HTTP/2 connection after `keepalive_requests` (here 10) with a `GOAWAY` whose last stream id is
/// the 10th request's, and skips the streams the client had already opened beyond it, unprocessed. With 32
/// requests out at once, every connection has such streams: each is sent again on a new connection (by reqwest,
/// then by petstore's own retry), is never reported as of unknown outcome, and is created once.
#[test]
fn streams_above_a_goaway_are_sent_again_and_never_reported_unknown() {
    if !have_nginx() {
        return;
    }
    let tls = Tls::generate().unwrap();
    // The sandbox behind nginx speaks plain HTTP/1.1, as an upstream on the same host does.
    let env = TestEnv::over_plain_http(
        Config::default().seed_pets(0).latency(Duration::from_millis(5)..=Duration::from_millis(5)),
    );
    let nginx = Nginx::start(&tls, env.sandbox.addr(), "keepalive_requests 10;");
    let ca = env.home().join("front-ca.pem");
    std::fs::write(&ca, tls.ca_pem()).unwrap();
    let (run, created, failed, unknown) = add_all_at(&env, &nginx.base_url(), &ca, 300, &["--concurrency", "32"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(summary(&run.stderr), [300, 0, 0, 0], "{run}");
    each_once(300, created, failed, unknown);
    assert_eq!(stored_once(&env).len(), 300);
    let log = nginx.access_log();
    let mut connections: Vec<u64> = log.iter().map(|(connection, _, _)| *connection).collect();
    connections.dedup();
    assert!(connections.len() >= 30, "{} connections for 300 requests", connections.len());
    assert!(log.iter().all(|(_, nth, status)| *nth <= 10 && *status == 201), "{log:?}");
}

/// A server that allows one stream at a time and says `GOAWAY` every 2 requests: the requests the HTTP client
/// held back for a free stream when the `GOAWAY` came were never sent (their bodies never left), so they go out
/// on a new connection and none is of unknown outcome. (hyper drops them with "dispatch task is gone"; they
/// were 98 unknown of 300.)
#[test]
fn requests_held_back_for_a_stream_when_a_goaway_comes_are_sent_again() {
    let (env, ca) = h2_env(Config::default().max_streams(1).goaway_after(2));
    let (run, created, failed, unknown) = add_all(&env, &ca, 300, &[]);
    let [created_count, failed_count, unknown_count, not_sent] = summary(&run.stderr);
    assert_eq!(not_sent, 0, "{run}");
    // No held-back request is of unknown outcome: each unknown one is a stream the server had taken when its
    // connection closed (its GOAWAY's last stream id covers it: hyper's server drops such streams it had not
    // yet handed over, rarely, when its graceful shutdown ends), never one that was not sent.
    let unknown_said: Vec<&str> = run.stderr.lines().filter(|line| line.contains(": outcome unknown: ")).collect();
    assert_eq!(unknown_said.len() as u64, unknown_count, "{run}");
    assert!(
        unknown_said.iter().all(|line| line.contains("stream closed because of a broken pipe (request id `")),
        "{run}"
    );
    // A record refused or dropped unsent on each of its tries ends in `--failed`: not created, safe to send
    // again. Each new connection's first streams go out before the server's SETTINGS arrive, and one stream
    // allowed refuses the rest with REFUSED_STREAM; with a GOAWAY every 2 requests, a connection lives for two
    // records, and many run out of their three tries while the limit comes down (about half, here).
    assert!(created_count > 0 && created_count + failed_count + unknown_count == 300, "{run}");
    assert_eq!(run.code, if failed_count + unknown_count == 0 { 0 } else { 6 }, "{run}");
    assert!(!run.stderr.contains("dispatch task"), "hyper's words, not plain ones: {run}");
    let stored = stored_once(&env).len() as u64;
    assert!((created_count..=created_count + unknown_count).contains(&stored), "{stored} stored: {run}");
    each_once(300, created, failed, unknown);
}

/// Issue 41, point 12: a server's end of a request over HTTP/2 reached the user in h2's words for its reason
/// code ("stream error received: unexpected internal error encountered"; a `GOAWAY` "not a result of an
/// error"); it is said as what the server did, with the code.
#[test]
fn a_reset_stream_is_told_in_words() {
    let (env, ca) = h2_env(Config::default().drop_rate(1.0).h2_drop(H2Drop::Stream));
    let run = Run::of(env.command().args(["--cacert", ca.to_str().unwrap(), "pets", "list"]));
    assert_eq!(run.code, 5, "{run}");
    assert_eq!(
        run.stderr.replace(&env.sandbox.base_url().replace("/v1", ""), "[SANDBOX]"),
        "error: request to `[SANDBOX]` failed: the server reset the request's HTTP/2 stream (INTERNAL_ERROR) before \
         answering\n"
    );
}
