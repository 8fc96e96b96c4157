//! Issue 35, point 7: `pets watch`, arrivals and changes from an API without events. `--once --state FILE`
//! reports exactly what arrived since the last run and saves the new state whole; a status partition that
//! fills up makes the looks incomplete, and says so; failed looks are tried again; Ctrl-C ends a watch
//! cleanly.

use std::io::{BufRead, BufReader};

use petstore_sandbox::Config;
use serde_json::{Value, json};

use crate::assert_run;
use crate::common::{Run, TestEnv};

fn lines(run: &Run) -> Vec<Value> {
    run.stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[test]
fn once_with_a_state_file_reports_exactly_what_arrived_since_the_last_run() {
    let env = TestEnv::with(Config::default().seed_pets(3));
    let state = env.home().join("state.json");
    let once = ["pets", "watch", "--once", "--state", state.to_str().unwrap()];
    let first = env.run(&once);
    assert_eq!((first.code, first.stdout.as_str()), (0, ""), "the first run only remembers: {first}");
    assert_eq!(first.stderr, format!("3 animals at {}\n", env.sandbox.base_url()));
    for name in ["Newbie", "Newer"] {
        env.run(&["pets", "add", "--name", name, "--category-id", "2", "--status", "pending"]);
    }
    assert_run!("watch_once_added", env.run(&once));
    let again = env.run(&[&once[..], &["--json"]].concat());
    assert_eq!(again.code, 0, "{again}");
    let events = lines(&again);
    assert_eq!(events.len(), 1, "nothing changed, one look: {again}");
    assert_eq!(
        (&events[0]["event"], &events[0]["animals"], &events[0]["changes"], &events[0]["complete"]),
        (&json!("look"), &json!(5), &json!(0), &json!(true))
    );
    // What the state holds is what the server holds; no temporary file is left beside it.
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(saved["pets"].as_array().unwrap().len(), 5);
    assert_eq!(
        std::fs::read_dir(env.home())
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path() != state)
            .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with(".tmp"))
            .count(),
        0
    );

    // A state from before another change: an animal there as `available` is `sold` now, one is gone.
    let mut edited = saved.clone();
    edited["pets"][0]["status"] = json!("sold");
    edited["pets"].as_array_mut().unwrap().push(json!({"id": 99, "name": "Ghost", "categoryId": 1}));
    std::fs::write(&state, edited.to_string()).unwrap();
    let changed = env.run(&[&once[..], &["--json"]].concat());
    let events = lines(&changed);
    assert_eq!(events[0]["event"], "changed", "{changed}");
    assert_eq!(
        (&events[0]["was"]["status"], &events[0]["pet"]["status"]),
        (&json!("sold"), &saved["pets"][0]["status"])
    );
    assert_eq!((&events[1]["event"], &events[1]["pet"]["name"]), (&json!("gone"), &json!("Ghost")), "{changed}");
    // A state file of another store, or none at all, is refused before it is written over.
    std::fs::write(&state, r#"{"version":1,"baseUrl":"https://elsewhere.example/v1","at":"x","pets":[]}"#).unwrap();
    let other = env.run(&once);
    assert_eq!(other.code, 2, "{other}");
    std::fs::write(&state, "not json").unwrap();
    assert_eq!(env.run(&once).code, 2);
    assert_eq!(std::fs::read_to_string(&state).unwrap(), "not json");
}

#[test]
fn a_status_that_fills_up_makes_the_looks_incomplete_and_says_so() {
    // 297 animals: 99 of each status. Two more `available`: the 101st is past what the API shows.
    let env = TestEnv::with(Config::default().seed_pets(297));
    let state = env.home().join("state.json");
    let once = ["pets", "watch", "--once", "--state", state.to_str().unwrap(), "--json"];
    assert_eq!(env.run(&once).code, 0);
    for name in ["Hundredth", "Hidden"] {
        env.run(&["pets", "add", "--name", name, "--category-id", "1", "--status", "available"]);
    }
    let run = env.run(&once);
    let events = lines(&run);
    let added: Vec<&Value> = events.iter().filter(|e| e["event"] == "added").map(|e| &e["pet"]["name"]).collect();
    assert_eq!(added, [&json!("Hundredth")], "the 101st available cannot be seen: {run}");
    let look = events.last().unwrap();
    assert_eq!((&look["complete"], &look["fullStatuses"]), (&json!(false), &json!(["available"])), "{run}");
    // In prose, a note says which status is full.
    let prose = env.run(&once[..5]);
    assert!(prose.stderr.contains("note: the looks are incomplete: `available` (100) came back full"), "{prose}");
}

#[test]
fn failed_looks_are_tried_again_and_a_bound_ends_the_watch() {
    // Every answer a 500: each look fails (after the client's own retries of the GET), the watch says so and
    // looks again, waiting twice as long; at its bound, it ends with the last look's failure.
    let env = TestEnv::with(Config::default().seed_pets(5).fail_rate(1.0));
    let run = env.run(&["pets", "watch", "--count", "2", "--interval", "1", "--json"]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run}");
    let warnings: Vec<Value> = run.stderr.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(warnings.len(), 3, "two warnings, then the error: {run}");
    assert!(warnings[0]["warning"]["message"].as_str().unwrap().ends_with("; looking again in 2 s"), "{run}");
    assert!(warnings[1]["warning"]["message"].as_str().unwrap().ends_with("; looking again in 4 s"), "{run}");
    assert_eq!(warnings[2]["error"]["exitCode"], 1, "{run}");
    // `--once` does not go on after a failure: the error, and the state left as it was.
    let down = crate::common::dead_base_url();
    let state = env.home().join("state.json");
    let mut cmd = env.command();
    cmd.env("PETSTORE_BASE_URL", &down).args(["pets", "watch", "--once", "--state", state.to_str().unwrap()]);
    let failed = Run::of(&mut cmd);
    assert_eq!(failed.code, 5, "{failed}");
    assert!(!state.exists());
}

#[test]
fn ctrl_c_ends_a_watch_cleanly() {
    let env = TestEnv::with(Config::default().seed_pets(2));
    let mut cmd = env.command();
    cmd.args(["pets", "watch", "--interval", "1"]);
    let mut child = crate::interrupts::start(&mut cmd);
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert_eq!(first, format!("2 animals at {}; looking every 1 s\n", env.sandbox.base_url()));
    rustix::process::kill_process(rustix::process::Pid::from_child(&child), rustix::process::Signal::INT).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    assert_eq!(rest, "");
}

/// A running watch prints an animal added between two looks, as the look after the add sees it.
#[test]
fn a_running_watch_prints_what_arrives_between_looks() {
    let env = TestEnv::with(Config::default().seed_pets(2));
    let mut cmd = env.command();
    cmd.args(["pets", "watch", "--interval", "1", "--count", "5", "--json"]);
    let mut child = crate::interrupts::start(&mut cmd);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut next = || {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        serde_json::from_str::<Value>(&line).unwrap_or(Value::Null)
    };
    let first = next();
    assert_eq!((&first["event"], &first["animals"]), (&json!("look"), &json!(2)), "{first}");
    env.run(&["pets", "add", "--name", "Arrival", "--category-id", "3"]);
    // The look after the add (however long the add took) tells it, once; the looks after it see nothing new.
    let rest: Vec<Value> = std::iter::from_fn(|| Some(next())).take_while(|event| !event.is_null()).collect();
    let changes: Vec<&Value> = rest.iter().filter(|event| event["event"] != "look").collect();
    assert_eq!(changes, [&json!({"event": "added", "pet": {"id": 3, "name": "Arrival", "categoryId": 3}})]);
    let looks: Vec<&Value> = rest.iter().filter(|event| event["event"] == "look").map(|e| &e["changes"]).collect();
    assert_eq!(looks.len(), 4, "{rest:?}");
    assert_eq!(looks.iter().filter(|changes| ***changes == json!(1)).count(), 1, "{rest:?}");
    assert_eq!(child.wait().unwrap().code(), Some(0), "`--count 5` ended it");
}
