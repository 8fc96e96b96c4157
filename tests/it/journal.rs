//! Issue 43: every write accounted for across runs and assistants. The journal of writes, `journal reconcile`,
//! `journal send` (the outbox), and MCP adds that are safe to repeat, each through the real binary and a real
//! sandbox; the network's faults made by a relay between them that can lose a reply, swallow a request or be
//! down.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use petstore_sandbox::Config;
use serde_json::{Value, json};

use crate::common::{KEY, Run, TestEnv};
use crate::mcp::{Person, call, connect, server, shop};

/// What the relay does with a connection.
const FORWARD: u8 = 0;
/// Forwards the request, then closes the connection when the answer begins, without passing it on: the server
/// acted, the client never hears.
const LOSE_REPLY: u8 = 1;
/// Reads the request and closes the connection without forwarding it: the server never acts, and the client
/// cannot tell.
const SWALLOW: u8 = 2;

/// A byte relay on a port of its own to a sandbox over plain HTTP, whose mode a test sets. The faults are the
/// network's, whatever the transport: these tests run over plain HTTP in both passes.
struct Relay {
    port: u16,
    mode: Arc<AtomicU8>,
}

impl Relay {
    /// Listens on `port` (0: any free one) and relays each connection to `upstream`.
    fn start(port: u16, upstream: std::net::SocketAddr) -> Relay {
        let listener = TcpListener::bind(("127.0.0.1", port)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let mode = Arc::new(AtomicU8::new(FORWARD));
        let shared = mode.clone();
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                let mode = shared.load(Ordering::SeqCst);
                std::thread::spawn(move || relay(client, upstream, mode));
            }
        });
        Relay { port, mode }
    }

    fn set(&self, mode: u8) {
        self.mode.store(mode, Ordering::SeqCst);
    }

    /// The sandbox's base URL, through the relay.
    fn base_url(&self, env: &TestEnv) -> String {
        with_port(&env.sandbox.base_url(), self.port)
    }
}

/// `url` with its port replaced by `port`.
fn with_port(url: &str, port: u16) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let (_, path) = rest.split_once('/').unwrap();
    format!("{scheme}://127.0.0.1:{port}/{path}")
}

fn relay(client: TcpStream, upstream: std::net::SocketAddr, mode: u8) {
    let Ok(server) = TcpStream::connect(upstream) else { return };
    if mode == SWALLOW {
        // Takes what the client sends for a moment, then hangs up on it.
        let mut client = client;
        client.set_read_timeout(Some(Duration::from_millis(300))).unwrap();
        let mut buf = [0u8; 65536];
        while client.read(&mut buf).is_ok_and(|n| n > 0) {}
        let _ = client.shutdown(Shutdown::Both);
        return;
    }
    let (mut from_client, mut to_server) = (client.try_clone().unwrap(), server.try_clone().unwrap());
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from_client, &mut to_server);
        let _ = to_server.shutdown(Shutdown::Write);
    });
    let (mut from_server, mut to_client) = (server, client);
    let mut buf = [0u8; 65536];
    loop {
        let n = match from_server.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        // Over plain HTTP the server's first bytes are the answer.
        if mode == LOSE_REPLY {
            break;
        }
        if to_client.write_all(&buf[..n]).is_err() {
            break;
        }
    }
    let _ = to_client.shutdown(Shutdown::Both);
}

/// The journal of `env`'s petstore.
fn journal_file(env: &TestEnv) -> PathBuf {
    env.config_dir().join("journal.ndjson")
}

/// `petstore journal --json ARGS` as entries.
fn entries(env: &TestEnv, base_url: &str, args: &[&str]) -> Vec<Value> {
    let mut all = vec!["--base-url", base_url, "journal", "--json"];
    all.extend_from_slice(args);
    let run = env.run(&all);
    assert_eq!(run.code, 0, "{run}");
    let Value::Array(entries) = run.json() else { panic!("an array: {run}") };
    entries
}

fn outcomes(entries: &[Value]) -> Vec<String> {
    entries.iter().map(|entry| entry["outcome"].as_str().unwrap().to_owned()).collect()
}

fn named(env: &TestEnv, name: &str) -> usize {
    env.sandbox.pets().iter().filter(|pet| pet["name"] == name).count()
}

/// A reply that was lost leaves a write of unknown outcome; `journal reconcile` finds the animal and settles
/// it as created with its id, sending nothing. A request that never reached the server is settled as not
/// created, and `journal send` then sends it, once.
#[test]
fn a_lost_reply_is_settled_by_reconcile_and_a_swallowed_request_is_sent_by_the_outbox() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(3));
    let relay = Relay::start(0, env.sandbox.addr());
    let url = relay.base_url(&env);
    relay.set(LOSE_REPLY);
    let lost = env.run(&["--base-url", &url, "pets", "add", "--name", "Lost", "--category-id", "2"]);
    assert_eq!(lost.code, 5, "{lost}");
    relay.set(SWALLOW);
    let swallowed = env.run(&["--base-url", &url, "pets", "add", "--name", "Swallowed", "--category-id", "2"]);
    assert_eq!(swallowed.code, 5, "{swallowed}");
    relay.set(FORWARD);
    assert_eq!((named(&env, "Lost"), named(&env, "Swallowed")), (1, 0));
    let unknown = entries(&env, &url, &["--unknown"]);
    let names: Vec<&str> = unknown.iter().map(|entry| entry["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Lost", "Swallowed"]);
    // The request id the error named is the journal's.
    assert!(lost.stderr.contains(unknown[0]["requestId"].as_str().unwrap()), "{lost}");

    let posts_before = env.sandbox.request_lines().iter().filter(|line| line.starts_with("POST")).count();
    let reconciled = env.run(&["--base-url", &url, "journal", "reconcile", "--json"]);
    assert_eq!(reconciled.code, 0, "{reconciled}");
    let settled: Vec<Value> = serde_json::from_str(&reconciled.stdout).unwrap();
    assert_eq!(outcomes(&settled), ["created", "not_created"]);
    let lost_id = env.sandbox.pets().iter().find(|pet| pet["name"] == "Lost").unwrap()["id"].clone();
    assert_eq!(settled[0]["petId"], lost_id);
    assert_eq!(settled[0]["settledBy"], "reconcile");
    assert!(reconciled.stderr.contains("settled 2: created 1 / not created 1 / undecided 0"), "{reconciled}");
    let posts_after = env.sandbox.request_lines().iter().filter(|line| line.starts_with("POST")).count();
    assert_eq!(posts_after, posts_before, "reconcile sends nothing");
    assert!(entries(&env, &url, &["--unknown"]).is_empty());

    let sent = env.run(&["--base-url", &url, "journal", "send", "--json"]);
    assert_eq!(sent.code, 0, "{sent}");
    assert_eq!(named(&env, "Swallowed"), 1);
    let again = env.run(&["--base-url", &url, "journal", "send", "--json"]);
    assert_eq!((again.code, again.stdout.trim()), (0, "[]"), "{again}");
    assert!(again.stderr.contains("nothing to send"), "{again}");
    assert_eq!((named(&env, "Lost"), named(&env, "Swallowed")), (1, 1));
}

/// A counter whose network is down: the add fails before anything goes out and waits in the outbox; once the
/// server is back, `journal send` sends it once, and a second sends nothing. A batch that met the same leaves
/// every record in the outbox.
#[test]
fn the_outbox_is_sent_once_after_the_server_comes_back() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(3));
    // A port nothing listens on, for now.
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = with_port(&env.sandbox.base_url(), port);
    let one = env.run(&["--base-url", &url, "pets", "add", "--name", "Counter", "--category-id", "1"]);
    assert_eq!(one.code, 5, "{one}");
    let file = env.home().join("pets.ndjson");
    std::fs::write(&file, "{\"name\":\"Box 1\",\"categoryId\":1}\n{\"name\":\"Box 2\",\"categoryId\":1}\n").unwrap();
    let batch = env.run(&["--base-url", &url, "pets", "add", "--file", file.to_str().unwrap(), "--progress", "none"]);
    assert_eq!(batch.code, 6, "{batch}");
    let waiting = entries(&env, &url, &["--not-sent"]);
    assert_eq!(outcomes(&waiting), ["not_sent", "not_sent", "not_sent"], "{waiting:?}");

    let _relay = Relay::start(port, env.sandbox.addr());
    let sent = env.run(&["--base-url", &url, "journal", "send"]);
    assert_eq!(sent.code, 0, "{sent}");
    assert!(sent.stderr.ends_with("created 3 / exists 0 / failed 0 / unknown 0 / undecided 0\n"), "{sent}");
    for name in ["Counter", "Box 1", "Box 2"] {
        assert_eq!(named(&env, name), 1, "{name}");
    }
    let again = env.run(&["--base-url", &url, "journal", "send"]);
    assert_eq!(again.code, 0, "{again}");
    assert!(again.stderr.contains("nothing to send"), "{again}");
    assert_eq!(env.sandbox.pets().len(), 6);
    let all = entries(&env, &url, &[]);
    assert_eq!(outcomes(&all), ["created", "created", "created"]);
    assert!(all.iter().all(|entry| entry["settledBy"] == "send"));
}

/// Killed (SIGKILL) in the middle of a batch, petstore leaves every record it sent in the journal, of unknown
/// outcome; `journal reconcile` settles each as the server has it.
#[cfg(unix)]
#[test]
fn a_batch_killed_mid_way_leaves_its_sent_records_unknown_for_reconcile() {
    let env =
        TestEnv::with(Config::default().seed_pets(3).latency(Duration::from_millis(300)..=Duration::from_millis(300)));
    let file = env.home().join("pets.ndjson");
    let records: String = (0..40).map(|i| format!("{{\"name\":\"Kill {i}\",\"categoryId\":1}}\n")).collect();
    std::fs::write(&file, records).unwrap();
    let mut child = env
        .command()
        .args(["pets", "add", "--file", file.to_str().unwrap(), "--concurrency", "4", "--progress", "none"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while env.sandbox.request_count() < 10 {
        assert!(started.elapsed() < Duration::from_secs(30), "the batch sent too little");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // What the server was still doing when the client died ends now.
    std::thread::sleep(Duration::from_millis(600));
    let url = env.sandbox.base_url();
    let journalled = entries(&env, &url, &[]);
    let unknown = entries(&env, &url, &["--unknown"]);
    assert!(!unknown.is_empty(), "{journalled:?}");
    assert!(journalled.len() < 40, "a killed batch writes down only what it sent: {journalled:?}");
    let reconciled = env.run(&["journal", "reconcile", "--json"]);
    assert_eq!(reconciled.code, 0, "{reconciled}");
    let settled: Vec<Value> = serde_json::from_str(&reconciled.stdout).unwrap();
    assert_eq!(settled.len(), unknown.len());
    for entry in &settled {
        let name = entry["name"].as_str().unwrap();
        let expected = if named(&env, name) == 1 { "created" } else { "not_created" };
        assert_eq!(entry["outcome"], expected, "{name}: {entry}");
    }
    assert!(entries(&env, &url, &["--unknown"]).is_empty());
}

/// Two batches at once, each a journal writer of its own: every line of the journal is whole, and every record
/// of both is in it, created.
#[test]
fn two_batches_at_once_leave_every_journal_line_whole() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let spawn = |tag: &str| {
        let file = env.home().join(format!("{tag}.ndjson"));
        let long = "x".repeat(3000);
        let records: String =
            (0..150).map(|i| format!("{{\"name\":\"{tag} {i} {long}\",\"categoryId\":1}}\n")).collect();
        std::fs::write(&file, records).unwrap();
        env.command()
            .args(["pets", "add", "--file", file.to_str().unwrap(), "--progress", "none"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn("a"), spawn("b"));
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let text = std::fs::read_to_string(journal_file(&env)).unwrap();
    assert_eq!(text.lines().count(), 600);
    for line in text.lines() {
        serde_json::from_str::<Value>(line).unwrap_or_else(|err| panic!("a broken line ({err}): {line:.80}"));
    }
    let run = env.run(&["journal", "--json"]);
    assert!(run.stderr.is_empty(), "{run}");
    let all = run.json();
    assert_eq!(all.as_array().unwrap().len(), 300);
    assert!(all.as_array().unwrap().iter().all(|entry| entry["outcome"] == "created"));
}

/// The journal is its owner's alone and holds no key: not the key, nor an `Authorization` header, whatever
/// writes were made; `PETSTORE_JOURNAL=off` keeps none, and `petstore journal` then says so.
#[test]
fn the_journal_is_private_holds_no_key_and_can_be_turned_off() {
    let env = TestEnv::with(Config::default().seed_pets(3));
    let add = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1", "--verbose"]);
    assert_eq!(add.code, 0, "{add}");
    let api = env.run(&["api", "POST", "/pets", "-f", "name=Tom", "-F", "categoryId=2"]);
    assert_eq!(api.code, 0, "{api}");
    let path = journal_file(&env);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains(KEY) && !text.to_ascii_lowercase().contains("authorization"), "{text}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let listed = env.run(&["journal"]);
    assert_eq!(listed.code, 0, "{listed}");
    let all = env.run(&["journal", "--json"]).json();
    let seen: Vec<(&str, &str, &str)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (entry["name"].as_str().unwrap(), entry["method"].as_str().unwrap(), entry["outcome"].as_str().unwrap())
        })
        .collect();
    assert_eq!(seen, [("Rex", "POST", "created"), ("Tom", "POST", "created")]);

    let off = TestEnv::with(Config::default().seed_pets(3));
    let add = Run::of(off.command().env("PETSTORE_JOURNAL", "off").args([
        "pets",
        "add",
        "--name",
        "Rex",
        "--category-id",
        "1",
    ]));
    assert_eq!(add.code, 0, "{add}");
    assert!(!journal_file(&off).exists());
    // Any word for off turns it off, `PETSTORE_JOURNAL=no` too; a word for on leaves it on (issue 54).
    let add = |journal: &str, name: &str| {
        Run::of(off.command().env("PETSTORE_JOURNAL", journal).args([
            "pets",
            "add",
            "--name",
            name,
            "--category-id",
            "1",
        ]))
    };
    for journal in ["no", "false", " OFF "] {
        assert_eq!(add(journal, "Tom").code, 0, "{journal:?}");
        assert!(!journal_file(&off).exists(), "{journal:?}");
    }
    assert_eq!(add("1", "Kit").code, 0);
    assert!(std::fs::read_to_string(journal_file(&off)).unwrap().contains("Kit"));
    let listed = Run::of(off.command().env("PETSTORE_JOURNAL", "off").arg("journal"));
    assert_eq!(listed.code, 2, "{listed}");
    assert!(
        listed.stderr.starts_with("error: the journal of writes is off, so there is nothing to read\n"),
        "{listed}"
    );
}

/// An assistant's retry doubles nothing: `add_pet` called twice creates one animal, the second call saying
/// `created: false` with the animal that exists; `ifAbsent: false` sends as before. Both calls are in the
/// journal, `via` MCP.
#[tokio::test]
async fn an_mcp_add_pet_called_twice_creates_one_animal() {
    let env = shop(Config::default().seed_pets(3));
    let (running, _) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    let args = json!({"name": "Twice", "categoryId": 2, "status": "pending"});
    let first = call(&running, "add_pet", args.clone()).await.structured_content.unwrap();
    let second = call(&running, "add_pet", args).await.structured_content.unwrap();
    assert_eq!((first["created"].clone(), second["created"].clone()), (json!(true), json!(false)));
    assert_eq!(first["pet"], second["pet"]);
    assert!(first["requestId"].as_str().is_some_and(|id| id.len() == 36), "{first}");
    assert_eq!(named(&env, "Twice"), 1);
    let batch =
        json!({"pets": [{"name": "Twice", "categoryId": 2, "status": "pending"}, {"name": "Once", "categoryId": 2}]});
    let result = call(&running, "add_pets", batch).await.structured_content.unwrap();
    assert_eq!(result["complete"], true, "{result}");
    assert_eq!((result["created"].as_array().unwrap().len(), result["exists"].as_array().unwrap().len()), (1, 1));
    let forced =
        call(&running, "add_pet", json!({"name": "Twice", "categoryId": 2, "status": "pending", "ifAbsent": false}))
            .await
            .structured_content
            .unwrap();
    assert_eq!(forced["created"], true);
    assert_eq!(named(&env, "Twice"), 2);
    // What the assistant did, as it can see it.
    let writes = call(&running, "list_writes", json!({"via": "mcp", "limit": 2})).await.structured_content.unwrap();
    let seen: Vec<(&str, &str)> = writes["writes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| (entry["name"].as_str().unwrap(), entry["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!((seen, writes["complete"].clone()), (vec![("Once", "created"), ("Twice", "created")], json!(false)));
    let unknown = call(&running, "list_writes", json!({"unknown": true})).await.structured_content.unwrap();
    assert_eq!(unknown, json!({"writes": [], "complete": true}));
    running.cancel().await.unwrap();
    let journalled = env.run(&["--env", "play", "journal", "--json", "--via", "mcp"]).json();
    let seen: Vec<(&str, &str)> = journalled
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| (entry["name"].as_str().unwrap(), entry["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(
        seen,
        [("Twice", "created"), ("Twice", "exists"), ("Twice", "exists"), ("Once", "created"), ("Twice", "created")]
    );
    // `--via` in any case, as every fixed set of values is read, is the same filter (it once matched nothing).
    assert_eq!(env.run(&["--env", "play", "journal", "--json", "--via", "MCP"]).json(), journalled);
}

/// Issue 53, point 1: every record of a batch is a write of its own, whatever the input form. Forty records as
/// one line (what `pets list --all --json` writes), four at a time, stopped by Ctrl-C part-way: each has its
/// own write id and request id, so `journal reconcile` and `journal send` settle each on its own, and the
/// server ends with each animal once.
#[cfg(unix)]
#[test]
fn a_batch_from_a_one_line_array_stopped_by_ctrl_c_ends_with_every_record_once() {
    let env =
        TestEnv::with(Config::default().seed_pets(0).latency(Duration::from_millis(200)..=Duration::from_millis(400)));
    let file = env.home().join("pets.json");
    let records: Vec<String> = (0..40).map(|i| format!("{{\"name\":\"Line {i}\",\"categoryId\":1}}")).collect();
    std::fs::write(&file, format!("[{}]\n", records.join(","))).unwrap();
    let child = env
        .command()
        .args(["pets", "add", "--file", file.to_str().unwrap(), "--concurrency", "4", "--progress", "none"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while env.sandbox.request_count() < 12 {
        assert!(started.elapsed() < Duration::from_secs(30), "the batch sent too little");
        std::thread::sleep(Duration::from_millis(5));
    }
    let status = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let url = env.sandbox.base_url();
    let journalled = entries(&env, &url, &[]);
    let writes: std::collections::HashSet<&str> =
        journalled.iter().map(|entry| entry["write"].as_str().unwrap()).collect();
    assert_eq!((journalled.len(), writes.len()), (40, 40), "one write id a record");
    let reconciled = env.run(&["journal", "reconcile"]);
    assert_eq!(reconciled.code, 0, "{reconciled}");
    for _ in 0..2 {
        let sent = env.run(&["journal", "send", "--yes"]);
        assert_eq!(sent.code, 0, "{sent}");
    }
    for i in 0..40 {
        assert_eq!(named(&env, &format!("Line {i}")), 1, "Line {i}");
    }
    assert_eq!(env.sandbox.pets().len(), 40);
    assert!(outcomes(&entries(&env, &url, &[])).iter().all(|outcome| outcome == "created"));
    let (lines, ids) = (env.sandbox.request_lines(), env.sandbox.request_ids());
    let posted: Vec<&String> =
        lines.iter().zip(&ids).filter(|(line, _)| line.starts_with("POST")).filter_map(|(_, id)| id.as_ref()).collect();
    let distinct: std::collections::HashSet<&&String> = posted.iter().collect();
    assert_eq!((posted.len(), distinct.len()), (40, 40), "{posted:?}");
}

/// A line of the journal as a pad of `bytes`: a settled write's outcome, whose code is long.
fn pad_line(bytes: usize) -> String {
    format!(
        "{{\"at\":\"2026-01-01T00:00:00Z\",\"write\":\"pad-{bytes}\",\"event\":\"outcome\",\"outcome\":\"created\",\"code\":\"{}\"}}\n",
        "p".repeat(bytes)
    )
}

/// Issue 53, point 3: a batch keeps its journal while other runs rotate it twice under it. Its writes are
/// written to the file at the path, not to the one it opened (deleted by the second rotation), and those not
/// settled when a rotation comes are carried into the new file.
#[cfg(unix)]
#[test]
fn a_running_batch_keeps_its_journal_through_two_rotations_by_other_runs() {
    let env =
        TestEnv::with(Config::default().seed_pets(0).latency(Duration::from_millis(20)..=Duration::from_millis(40)));
    let journal = journal_file(&env);
    let pad = |bytes: usize| {
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&journal).unwrap();
        file.write_all(pad_line(bytes).as_bytes()).unwrap();
    };
    let file = env.home().join("pets.ndjson");
    let records: String = (0..300).map(|i| format!("{{\"name\":\"Turn {i}\",\"categoryId\":1}}\n")).collect();
    std::fs::write(&file, records).unwrap();
    let child = env
        .command()
        .args(["pets", "add", "--file", file.to_str().unwrap(), "--concurrency", "2", "--progress", "none"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while env.sandbox.request_count() < 20 {
        assert!(started.elapsed() < Duration::from_secs(30), "the batch sent too little");
        std::thread::sleep(Duration::from_millis(5));
    }
    // Two other runs, each after a pad past the bound: two rotations.
    let mut by_first = 0;
    for turn in 0..2 {
        pad(64 * 1024 * 1024);
        let add = env.run(&["pets", "add", "--name", &format!("Other {turn}"), "--category-id", "1"]);
        assert_eq!(add.code, 0, "{add}");
        if turn == 0 {
            by_first = env.sandbox.request_count();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let url = env.sandbox.base_url();
    let batch: Vec<Value> = entries(&env, &url, &[]).into_iter().filter(|entry| entry["file"].is_string()).collect();
    // Every record whose intent came after the first rotation is in the journal, created: at most the requests
    // the server had seen when that run ended, and the two in flight, came before it. (Those before it that
    // were settled by the second rotation went with it, as a bounded journal's oldest settled writes do.)
    let kept = batch.len() as u64;
    assert!(kept >= 300 - by_first - 2, "{kept} of 300 in the journal; {by_first} requests by the first rotation");
    assert!(outcomes(&batch).iter().all(|outcome| outcome == "created"), "{:?}", outcomes(&batch));
}

/// Issue 53, point 4: a journal left ending part-way through a line (a full disk) spoils no later write: the
/// next run starts on a line of its own, and `petstore journal` lists its write.
#[test]
fn a_torn_last_line_does_not_swallow_the_next_write() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let journal = journal_file(&env);
    std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
    std::fs::write(&journal, "{\"at\":\"2026-11-28T10:00:00Z\",\"write\":\"torn\",\"event\":\"inte").unwrap();
    let add = env.run(&["pets", "add", "--name", "After", "--category-id", "1"]);
    assert_eq!(add.code, 0, "{add}");
    let listed = env.run(&["journal", "--json"]);
    assert_eq!(listed.code, 0, "{listed}");
    let names: Vec<String> = listed.json().as_array().unwrap().iter().map(|entry| entry["name"].to_string()).collect();
    assert_eq!(names, ["\"After\""]);
    let listed = env.run(&["journal"]);
    let path = journal.display().to_string();
    assert_eq!(listed.stderr, format!("warning: 1 line of `{path}` is not the journal's and was skipped\n"));
}

/// Issue 53, point 10: a journal found readable by others is made 0600 by the next run; one that is a
/// symbolic link is refused (the write goes on unrecorded, said once), and the file it leads to is untouched.
#[cfg(unix)]
#[test]
fn a_journal_open_to_others_is_made_private_and_a_link_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::with(Config::default().seed_pets(0));
    let journal = journal_file(&env);
    std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
    std::fs::write(&journal, "").unwrap();
    std::fs::set_permissions(&journal, std::fs::Permissions::from_mode(0o644)).unwrap();
    let add = env.run(&["pets", "add", "--name", "Open", "--category-id", "1"]);
    assert_eq!(add.code, 0, "{add}");
    assert_eq!(std::fs::metadata(&journal).unwrap().permissions().mode() & 0o777, 0o600);

    let elsewhere = env.home().join("elsewhere.ndjson");
    std::fs::write(&elsewhere, "").unwrap();
    std::fs::remove_file(&journal).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &journal).unwrap();
    let add = env.run(&["pets", "add", "--name", "Linked", "--category-id", "1"]);
    assert_eq!(add.code, 0, "{add}");
    assert_eq!(
        add.stderr,
        format!(
            "warning: the journal of writes is off for this run, as `{}` cannot be written: it is a symbolic link, \
             and the journal is only ever a regular file (docs/journal.md); writes go on unrecorded \
             (docs/journal.md)\n",
            journal.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), "");
}

/// A server on `port` that lists no animals, and answers every `POST /pets` 201 with `pet`.
fn answering_every_post_with(port: u16, pet: &str) -> crate::common::canned::Canned {
    let pet = pet.to_owned();
    crate::common::canned::Canned::answering(port, move |line| {
        let (status, body) = if line.starts_with("POST") { ("201 Created", pet.as_str()) } else { ("200 OK", "[]") };
        format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    })
}

/// `n` adds to a port nothing listens on, waiting in the outbox: `Box 1` to `Box N`. Gives the port.
fn outbox_of(env: &TestEnv, n: usize) -> u16 {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = with_port(&env.sandbox.base_url(), port);
    let file = env.home().join("outbox.ndjson");
    let records: String = (1..=n).map(|i| format!("{{\"name\":\"Box {i}\",\"categoryId\":1}}\n")).collect();
    std::fs::write(&file, records).unwrap();
    let batch = env.run(&["--base-url", &url, "pets", "add", "--file", file.to_str().unwrap(), "--progress", "none"]);
    assert_eq!(batch.code, 6, "{batch}");
    port
}

/// Issue 53, point 5: `journal send` keeps a batch's 201 rules, as it sends through the batch. A server that
/// answers every POST with one animal creates the write whose animal it is, and leaves the others of unknown
/// outcome (the same id answered twice is a mix-up); a 201 with another animal is created, with a note.
#[test]
fn journal_send_takes_one_id_answered_twice_for_a_mix_up_and_notes_another_animal() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(0));
    let server = answering_every_post_with(outbox_of(&env, 3), r#"{"id":1,"name":"Box 1","categoryId":1}"#);
    let sent = env.run(&["--base-url", server.base_url(), "journal", "send", "--json"]);
    assert_eq!(sent.code, 6, "{sent}");
    let outcomes: Vec<(String, String)> = sent
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| (entry["name"].as_str().unwrap().to_owned(), entry["outcome"].as_str().unwrap().to_owned()))
        .collect();
    let expected = [("Box 1", "created"), ("Box 2", "unknown"), ("Box 3", "unknown")];
    assert_eq!(outcomes, expected.map(|(name, outcome)| (name.to_owned(), outcome.to_owned())), "{sent}");
    assert_eq!(server.requests(), 4 + 3, "the lookup's four pages (a status each, and none), then three sends");

    let env = TestEnv::over_plain_http(Config::default().seed_pets(0));
    let server = answering_every_post_with(outbox_of(&env, 1), r#"{"id":0,"name":"string","categoryId":1}"#);
    let sent = env.run(&["--base-url", server.base_url(), "journal", "send"]);
    assert_eq!(sent.code, 0, "{sent}");
    assert!(
        sent.stderr.starts_with(
            "note: `Box 1`: created as pet `0`; the server's animal differs from the one sent: `name` is `\"string\"`"
        ),
        "{sent}"
    );
}

/// Issue 54, point 5: the name's rules live in the core and every face applies them before anything is sent: a
/// file's record whose name is one byte past 128 KiB is refused by the check pass, as MCP refuses it, and the
/// server sees no request.
#[test]
fn a_record_whose_name_is_past_the_bound_is_refused_before_anything_is_sent() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let file = env.home().join("long.ndjson");
    std::fs::write(&file, format!("{{\"name\":\"{}\",\"categoryId\":1}}\n", "n".repeat(128 * 1024 + 1))).unwrap();
    let run = env.run(&["pets", "add", "--file", file.to_str().unwrap()]);
    assert_eq!(run.code, 2, "{run}");
    let name = file.display();
    assert_eq!(
        run.stderr,
        format!(
            "error: 1 invalid record in `{name}`, so nothing was sent:\n  line 1: `name` is longer than 131072 \
             bytes\nhelp: fix them and run again (every record is checked before any is sent), or pass \
             `--skip-invalid` to send the valid ones and set these aside\n"
        )
    );
    assert_eq!(env.sandbox.request_count(), 0);
}
