//! A batch starts where the last one to the same server ended (`batch::memory`): what the first batch
//! learnt is in `servers.json` beside the journal, private, without the key, and the second batch to that
//! server starts there: over HTTP/1.1 at the concurrency the first settled on, over HTTP/2 with one
//! request, whose answer lifts it to where the first ended. Liveness and counts only: nothing here measures a
//! time.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use petstore_sandbox::{Config, Tls};

use crate::batch_edges::{exits_within, file};
use crate::common::{KEY, TestEnv};

/// `total` records named `{prefix}-N`.
fn records(prefix: &str, total: usize) -> String {
    (1..=total).map(|n| format!("{{\"name\":\"{prefix}-{n}\",\"categoryId\":1}}\n")).collect()
}

/// `pets add --file` of `total` records under a watchdog; every one created.
fn add(env: &TestEnv, prefix: &str, total: usize) {
    let path = file(env, &format!("{prefix}.ndjson"), &records(prefix, total));
    let child = env
        .command()
        .args(["pets", "add", "--file", path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (run, _) = exits_within(child, Duration::from_secs(120), "a batch");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), total, "{}", run.stderr);
}

/// The one entry of `servers.json` in `dir`, checked: private, and without the key.
fn remembered(dir: &Path) -> serde_json::Value {
    let path = dir.join("servers.json");
    let text = std::fs::read_to_string(&path).expect("servers.json beside the journal");
    assert!(!text.contains(KEY), "{text}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let servers: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(servers["servers"].as_array().unwrap().len(), 1, "{text}");
    servers["servers"][0].clone()
}

#[test]
fn over_http1_a_second_batch_starts_at_the_concurrency_the_first_settled_on() {
    // 100 ms an answer: the first batch sends 8, then 32 (40 records); growing, it ends at 128.
    let latency = Duration::from_millis(100);
    let env = TestEnv::over_plain_http(Config::default().seed_pets(0).latency(latency..=latency));
    add(&env, "first", 40);
    assert!(env.sandbox.peak_requests() <= 32, "from 8, four times more after a round");
    let entry = remembered(&env.config_dir());
    assert_eq!(entry["server"].as_str().unwrap().trim_end_matches('/'), env.sandbox.base_url().trim_end_matches('/'));
    assert_eq!(entry["protocol"], "http1");
    let concurrency = entry["concurrency"].as_u64().unwrap();
    assert!(concurrency > 60, "{entry}");
    // Starting from scratch, 60 records would go 8, then 32, then 20: never more than 32 at once.
    add(&env, "second", 60);
    let peak = env.sandbox.peak_requests();
    assert!(peak > 32, "{peak} at once: the second batch started where the first ended");
}

#[test]
fn over_http2_a_second_batch_opens_one_connection_and_jumps_at_its_first_answer() {
    let latency = Duration::from_millis(50);
    let env = TestEnv::with(Config::default().seed_pets(0).latency(latency..=latency).tls(Tls::generate().unwrap()));
    assert!(env.sandbox.base_url().starts_with("https://"));
    add(&env, "first", 300);
    // The first batch's first requests each open a connection (HTTP/2 is known once one is up).
    let first = env.sandbox.connections_accepted();
    assert!(first > 1, "{first} connections");
    let entry = remembered(&env.config_dir());
    assert_eq!(entry["protocol"], "http2", "{entry}");
    assert!(entry["concurrency"].as_u64().unwrap() > 8, "{entry}");
    add(&env, "second", 300);
    assert_eq!(env.sandbox.connections_accepted() - first, 1, "one connection for the whole second batch");
}
