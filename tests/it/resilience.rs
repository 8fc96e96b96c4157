//! What petstore does when the server or the network misbehaves, against the sandbox's faults on demand:
//! GETs are retried until they succeed, a POST is never sent twice, and every failure says what happened.

use std::time::Duration;

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::TestEnv;

fn add(env: &TestEnv, extra: &[&str]) -> crate::common::Run {
    let mut args = vec!["pets", "add", "--name", "Rex", "--category-id", "1"];
    args.extend_from_slice(extra);
    env.run(&args)
}

#[test]
fn a_get_survives_a_30_percent_fail_rate() {
    let env = TestEnv::with(Config::default().seed_pets(5).fail_rate(0.3).fault_seed(1));
    let expected = TestEnv::new().run(&["pets", "list"]).stdout;
    for attempt in 0..20 {
        let run = env.run(&["pets", "list"]);
        assert_eq!((run.code, &run.stdout), (0, &expected), "run {attempt}: {run}");
    }
    let faults = env.sandbox.faults();
    assert!(faults.failed >= 4, "the sandbox failed {} requests; petstore retried them all", faults.failed);
}

#[test]
fn a_get_survives_dropped_connections_and_lost_replies() {
    let env = TestEnv::with(Config::default().seed_pets(5).drop_rate(0.2).lost_reply_rate(0.2).fault_seed(2));
    for _ in 0..10 {
        let run = env.run(&["pets", "list"]);
        assert_eq!((run.code, run.stdout.lines().count()), (0, 5), "{run}");
    }
    let faults = env.sandbox.faults();
    assert!(faults.dropped > 0 && faults.lost_replies > 0, "{faults:?}");
}

#[test]
fn a_post_whose_reply_is_lost_is_never_sent_twice() {
    let env = TestEnv::with(Config::default().seed_pets(5).lost_reply_rate(1.0));
    let run = add(&env, &[]);
    assert_run!("resilience_post_lost_reply", run);
    assert_eq!(env.sandbox.request_count(), 1, "sent once");
    assert_eq!(env.sandbox.pets().len(), 6, "created once: the outcome was unknown to petstore, not to the server");
}

#[test]
fn a_post_whose_connection_drops_is_never_sent_twice() {
    let env = TestEnv::with(Config::default().seed_pets(5).drop_rate(1.0));
    assert_run!("resilience_post_dropped", add(&env, &[]));
    assert_eq!((env.sandbox.request_count(), env.sandbox.pets().len()), (1, 5));
}

#[test]
fn a_post_is_retried_after_429_only() {
    let env = TestEnv::with(Config::default().seed_pets(5).fail_rate(1.0).fault_seed(3));
    let mut retried = 0;
    for _ in 0..8 {
        let run = add(&env, &["-v"]);
        assert_eq!(run.code, 1, "{run}");
        for line in run.stderr.lines().filter(|l| l.starts_with("* attempt")) {
            assert!(line.contains("429 Too Many Requests"), "a POST retried after something else: {line}\n{run}");
            retried += 1;
        }
        let last = run.stderr.lines().rfind(|l| l.starts_with("< ")).unwrap();
        let fresh_429_budget_left = run.stderr.matches("> POST").count() < 4;
        if last.contains("429") && fresh_429_budget_left {
            panic!("a 429 was not retried:\n{run}");
        }
    }
    assert!(retried > 0, "the seed gave no 429; pick another");
    assert_eq!(env.sandbox.pets().len(), 5, "a failed request creates nothing");
}

#[test]
fn garbled_answers_are_reported_with_an_excerpt() {
    let env = TestEnv::with(Config::default().seed_pets(5).garble_rate(1.0).fault_seed(4));
    let run = env.run(&["pets", "list"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.starts_with("error: unreadable response from the server (HTTP 200): "), "{run}");
    assert_eq!(env.sandbox.request_count(), 1, "an unreadable answer is not retried");
    let run = add(&env, &[]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("so the animal was probably created"), "{run}");
    assert!(run.stderr.contains("help: check with `petstore pets find --name NAME` before adding it again"), "{run}");
    assert_eq!(env.sandbox.pets().len(), 6);
}

#[test]
fn slow_answers_time_out_a_get_after_every_attempt_and_a_post_after_one() {
    let env = TestEnv::with(Config::default().seed_pets(5).latency(Duration::from_secs(3)..=Duration::from_secs(3)));
    let run = env.run(&["--timeout", "0.3", "pets", "list"]);
    assert_run!("resilience_get_timeout", run);
    assert_eq!(env.sandbox.request_count(), 4);
    let run = add(&env, &["--timeout", "0.3"]);
    assert_run!("resilience_post_timeout", run);
    assert_eq!(env.sandbox.request_count(), 5, "the POST went out once");
}

#[test]
fn timeout_from_the_environment() {
    let env = TestEnv::with(Config::default().seed_pets(5).latency(Duration::from_secs(3)..=Duration::from_secs(3)));
    let run = crate::common::Run::of(env.command().env("PETSTORE_TIMEOUT", "0.2").args(["pets", "get", "1", "-q"]));
    assert_eq!(run.code, 5, "{run}");
    assert_eq!(env.sandbox.request_count(), 4);
}
