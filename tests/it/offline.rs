//! Issue 55: the counter through an outage. Each complete look at the store is kept; `--offline` answers from
//! it; a write that cannot be sent waits in the outbox, and every command that reaches the server says so.
//! The line to the sandbox is cut and brought back on the same port ([`Line`]).

use petstore_sandbox::Config;

use crate::common::TestEnv;
use crate::common::line::Line;

/// [`crate::assert_run`], with the snapshot's time and age made stable.
macro_rules! assert_offline_run {
    ($name:expr, $run:expr) => {{
        let mut filters = crate::common::filters();
        filters.push((r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, \d+ (s|min|h|days) ago", "[TAKEN], [AGE] ago"));
        insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!($name, $run.to_string());
        })
    }};
}

/// A sandbox with three animals, and `petstore` reaching it through a line the test cuts.
fn shop() -> (TestEnv, Line, String) {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(3));
    let line = Line::to(env.sandbox.addr());
    let url = line.base_url(&env.sandbox.base_url());
    env.write_config(&format!("[environments.shop]\nbase_url = \"{url}\"\n"));
    (env, line, url)
}

fn run(env: &TestEnv, args: &[&str]) -> crate::common::Run {
    let mut all = vec!["--env", "shop"];
    all.extend_from_slice(args);
    crate::common::Run::of(env.command().env_remove("PETSTORE_BASE_URL").args(&all))
}

#[test]
fn a_list_offline_answers_from_the_last_complete_look_with_the_same_filters_and_outputs() {
    let (env, line, _) = shop();
    let online = run(&env, &["pets", "list", "--all"]);
    assert_eq!(online.code, 0, "{online}");
    let online_json = run(&env, &["pets", "list", "--all", "--json"]);
    // Kept beside the journal, the user's alone, without the key.
    let kept = env.config_dir().join("snapshots/shop.json");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777, 0o600);
    assert!(!std::fs::read_to_string(&kept).unwrap().contains(crate::common::KEY));
    line.cut();

    // Without `--offline`, a list fails as it did, and its hint names `--offline` and the snapshot's age.
    assert_offline_run!("offline_list_unreachable", run(&env, &["pets", "list"]));
    let offline = run(&env, &["pets", "list", "--all", "--offline"]);
    assert_eq!((offline.code, &offline.stdout), (0, &online.stdout), "{offline}");
    assert_offline_run!("offline_list_all", offline);
    let json = run(&env, &["pets", "list", "--all", "--offline", "--json"]);
    assert_eq!(json.stdout, online_json.stdout, "{json}");
    assert_offline_run!("offline_list_json", json);
    assert_offline_run!(
        "offline_list_status_limit",
        run(&env, &["pets", "list", "--offline", "--status", "available", "--limit", "1"])
    );
    assert_offline_run!("offline_find", run(&env, &["pets", "find", "--name", "rex", "--offline"]));
    assert_offline_run!("offline_find_no_match", run(&env, &["pets", "find", "--name", "Nobody", "--offline"]));
}

#[test]
fn a_list_offline_with_no_look_kept_exits_2_saying_so() {
    let (env, line, _) = shop();
    line.cut();
    assert_offline_run!("offline_list_nothing_kept", run(&env, &["pets", "list", "--offline"]));
    // A look at one status is not a complete look, and keeps nothing.
    line.bring_back();
    assert_eq!(run(&env, &["pets", "list", "--all", "--status", "sold"]).code, 0);
    assert_eq!(run(&env, &["pets", "list", "--offline"]).code, 2);
}

#[test]
fn an_add_that_cannot_be_sent_waits_in_the_outbox_and_commands_that_reach_the_server_say_so() {
    let (env, line, _) = shop();
    line.cut();
    assert_offline_run!("offline_add_queued", run(&env, &["pets", "add", "--name", "Box", "--category-id", "1"]));
    line.bring_back();
    assert_offline_run!("offline_list_notes_the_outbox", run(&env, &["pets", "list", "--limit", "1"]));
    assert_offline_run!("offline_list_notes_the_outbox_json", run(&env, &["pets", "list", "--limit", "1", "--json"]));
    assert_eq!(run(&env, &["-q", "pets", "list", "--limit", "1"]).stderr, "", "quiet says nothing");
    let doctor = run(&env, &["doctor", "--json"]);
    let outbox =
        &doctor.json()["checks"].as_array().unwrap().iter().find(|check| check["name"] == "outbox").unwrap().clone();
    assert_eq!(outbox["status"], "warn", "{doctor}");
    assert!(
        outbox["detail"].as_str().unwrap().starts_with("1 not sent, waiting: `petstore journal send` sends them"),
        "{doctor}"
    );
    let sent = run(&env, &["journal", "send"]);
    assert_eq!(sent.code, 0, "{sent}");
    assert_eq!(env.sandbox.pets().iter().filter(|pet| pet["name"] == "Box").count(), 1);
    let after = run(&env, &["pets", "list", "--limit", "1"]);
    assert_eq!(
        (after.code, after.stderr.as_str()),
        (
            0,
            "note: more animals exist past the first 1; `--limit 100` shows up to 100, `--all` every one the API can reach\n"
        ),
        "{after}"
    );
    assert!(!env.config_dir().join("outbox.mark").exists(), "no mark once none waits");
}

/// MCP's `list_pets` and `find_pets` answer from the snapshot only with `offline: true`, marked `stale` with
/// `asOf`; without it, a server that cannot be reached is an error, never stale data unasked.
#[test]
fn mcp_reads_take_offline_and_mark_the_result_stale() {
    use serde_json::{Value, json};
    let (env, line, _) = shop();
    assert_eq!(run(&env, &["pets", "list", "--all"]).code, 0);
    line.cut();
    let mut raw = crate::mcp::Raw::start_in(&env, "shop", &[]);
    let mut call = |id: u64, name: &str, arguments: Value| -> Value {
        raw.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}));
        raw.reply()["result"].clone()
    };
    let online = call(1, "list_pets", json!({"all": true}));
    assert_eq!(online["isError"], true, "{online}");
    let listed = call(2, "list_pets", json!({"all": true, "offline": true}));
    let result = &listed["structuredContent"];
    assert_eq!((&result["stale"], result["pets"].as_array().map(Vec::len)), (&json!(true), Some(3)), "{listed}");
    let taken = result["asOf"].as_str().unwrap();
    assert!(taken.parse::<jiff::Timestamp>().is_ok(), "{listed}");
    let found = call(3, "find_pets", json!({"name": "rex", "offline": true}));
    assert_eq!(found["structuredContent"]["pets"][0]["name"], "Rex", "{found}");
    assert_eq!(found["structuredContent"]["asOf"], taken, "{found}");
    line.bring_back();
    let fresh = call(4, "list_pets", json!({"limit": 1}));
    assert!(
        fresh["structuredContent"].get("stale").is_none() && fresh["structuredContent"].get("asOf").is_none(),
        "{fresh}"
    );
}
