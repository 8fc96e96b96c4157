//! A batch behind the sandbox's rate limit (`--rate-limit`, a token bucket answering 429): it ends by itself,
//! every record created exactly once, with `Retry-After` and without. Liveness and accounting only: how near
//! the batch comes to the rate the limit allows is the bench's (`bench/rate.sh`), never a timed test.

use std::collections::BTreeSet;
use std::time::Duration;

use petstore_sandbox::{Config, RateLimit};

use crate::batch_edges::{file, names_in, summary};
use crate::batch_refusals::sandbox_names;
use crate::common::{Run, TestEnv};

/// A batch of `total` records behind a limit of `rate` a second (burst 10), the requests it lets through
/// answered `latency` later (its refusals at once): exit 0, each created once.
fn every_record_once_behind_the_limit(rate: f64, retry_after: bool, latency: Duration) {
    let total = 300;
    let limit = RateLimit { rate, burst: 10, retry_after };
    let config = Config::default().seed_pets(0).rate_limit(limit);
    let env = TestEnv::with(match latency.is_zero() {
        true => config,
        false => config.latency(latency..=latency),
    });
    let records: String = (1..=total).map(|n| format!("{{\"name\":\"pet-{n}\",\"categoryId\":1}}\n")).collect();
    let path = file(&env, "pets.ndjson", &records);
    let failed = env.home().join("failed.ndjson");
    let run = Run::of(env.command().args([
        "pets",
        "add",
        "--file",
        path.to_str().unwrap(),
        "--failed",
        failed.to_str().unwrap(),
    ]));
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(summary(&run.stderr), [total as u64, 0, 0, 0], "{run}");
    assert!(names_in(&failed).is_empty(), "{run}");
    // The sandbox holds each record once: none missing, none twice.
    let mut stored = sandbox_names(&env);
    let count = stored.len();
    stored.sort();
    stored.dedup();
    assert_eq!(stored.len(), count, "a record created twice: {run}");
    let expected: BTreeSet<String> = (1..=total).map(|n| format!("pet-{n}")).collect();
    assert_eq!(stored.into_iter().collect::<BTreeSet<_>>(), expected, "{run}");
    assert!(env.sandbox.rate_limited() > 0, "the limit was reached: {run}");
    assert!(run.stderr.contains("the server is limiting requests"), "{run}");
}

#[test]
fn behind_a_rate_limit_without_retry_after_a_batch_ends_with_every_record_once() {
    every_record_once_behind_the_limit(200.0, false, Duration::ZERO);
}

#[test]
fn behind_a_rate_limit_with_retry_after_a_batch_ends_with_every_record_once() {
    every_record_once_behind_the_limit(200.0, true, Duration::ZERO);
}

/// Behind a front that refuses at once while what it lets through takes 50 ms: the pace is measured on what
/// was sent, and keeps the rate times the latency in flight.
#[test]
fn behind_a_rate_limit_before_a_slow_server_a_batch_ends_with_every_record_once() {
    every_record_once_behind_the_limit(200.0, false, Duration::from_millis(50));
    every_record_once_behind_the_limit(200.0, true, Duration::from_millis(50));
}
