//! `petstore mcp` driven by the MCP Inspector's CLI (`@modelcontextprotocol/inspector`, at the version
//! tests/mcp-inspector/package.json pins, which scripts/test installs there with `npm ci`): a client of
//! another make than rmcp's, in JavaScript, which people try a server with before adding it to an assistant,
//! and which passes `--tool-arg` values as the command line gives them. The real binary against a real
//! sandbox, each output whole.

use std::path::{Path, PathBuf};
use std::process::Command;

use petstore_sandbox::Config;
use rmcp::ServiceExt;
use serde_json::{Value, json};

use crate::common::{Run, TestEnv};

/// The Inspector's command, installed in the project by scripts/test; `None` for a test to skip where
/// `PETSTORE_TEST_SKIP` names `mcp-inspector` (never under CI).
fn inspector() -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp-inspector/node_modules/.bin/mcp-inspector");
    if path.exists() {
        return Some(path);
    }
    crate::common::skip_without(
        "mcp-inspector",
        "run `./scripts/test`, which installs it with npm (`npm ci --prefix tests/mcp-inspector`; needs node and npm)",
    );
    None
}

/// A sandbox as environment `shop`, whose writes are confirmed, and as `play`, whose writes are not.
fn shop(config: Config) -> TestEnv {
    let env = TestEnv::with(config);
    env.write_config(&format!(
        "[environments.shop]\nbase_url = \"{url}\"\nconfirm_writes = true\n\n[environments.play]\nbase_url = \"{url}\"\n",
        url = env.sandbox.base_url()
    ));
    env
}

/// `mcp-inspector --cli ARGS -- petstore --env ENV mcp SERVER_ARGS`: the Inspector starts the server itself,
/// with the test's environment for petstore given as its `-e` options (it passes a server no other).
fn inspect(env: &TestEnv, inspector: &Path, name: &str, server_args: &[&str], args: &[&str]) -> Run {
    let petstore = env.command();
    let mut cmd = Command::new(inspector);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("HOME", env.home()).arg("--cli").args(args);
    for (variable, value) in petstore.get_envs() {
        if let (Some(variable), Some(Some(value))) = (variable.to_str(), value.map(|value| value.to_str()))
            && variable != "PETSTORE_BASE_URL"
        {
            cmd.arg("-e").arg(format!("{variable}={value}"));
        }
    }
    cmd.arg("--").arg(env!("CARGO_BIN_EXE_petstore")).args(["--env", name, "mcp"]).args(server_args);
    Run::of(&mut cmd)
}

/// A run of the Inspector as its snapshot shows it: what the Inspector printed, which is its own rendering (and
/// its own error envelope), not one of petstore's documents, so headed apart from a petstore run's sections.
fn shown(run: &Run) -> String {
    format!(
        "exit: {}\n----- mcp-inspector stdout -----\n{}----- mcp-inspector stderr -----\n{}",
        run.code, run.stdout, run.stderr
    )
}

/// Snapshots `run` (see [`shown`]) as `name`, with `filters` on top of the suite's.
fn assert_shown(name: &str, run: &Run, filters: &[(&str, &str)]) {
    let mut all = crate::common::filters();
    all.extend_from_slice(filters);
    insta::with_settings!({ filters => all, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, shown(run));
    });
}

fn posts(env: &TestEnv) -> usize {
    env.sandbox.request_lines().iter().filter(|line| line.starts_with("POST ")).count()
}

/// Every number as a double: the Inspector, in JavaScript, writes an int64 bound as the double nearest it.
fn as_doubles(value: &Value) -> Value {
    match value {
        Value::Number(number) => json!(number.as_f64().unwrap()),
        Value::Array(items) => Value::Array(items.iter().map(as_doubles).collect()),
        Value::Object(object) => Value::Object(object.iter().map(|(k, v)| (k.clone(), as_doubles(v))).collect()),
        other => other.clone(),
    }
}

/// The Inspector lists the tools rmcp's client lists, and its portability check (`--strict`, which warns of a
/// `type` array, an unknown `format` and the like, in input and output schemas) finds nothing to say.
#[test]
fn the_inspector_lists_the_tools_and_its_strict_check_finds_nothing_to_warn_of() {
    let Some(inspector) = inspector() else { return };
    let env = shop(Config::default().seed_pets(5));
    let run = inspect(&env, &inspector, "play", &["--allow-writes"], &["--method", "tools/list", "--strict"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    let listed: Value = serde_json::from_str(&run.stdout).expect("the Inspector prints the result as JSON");

    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let tools = runtime.block_on(async {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "play", "mcp", "--allow-writes"]);
        let transport = rmcp::transport::TokioChildProcess::new(tokio::process::Command::from(cmd)).unwrap();
        let running = ().serve(transport).await.unwrap();
        let tools = running.list_all_tools().await.unwrap();
        running.cancel().await.unwrap();
        tools
    });
    assert_eq!(as_doubles(&listed["tools"]), as_doubles(&serde_json::to_value(&tools).unwrap()));
}

/// `--tool-arg limit=3`, and the same `limit` given as the string `"3"` (`--tool-args-json` sends it as
/// written): three animals, and the rest said to exist.
#[test]
fn the_inspector_lists_three_animals_with_limit_3_given_as_a_number_or_a_string() {
    let Some(inspector) = inspector() else { return };
    let env = shop(Config::default().seed_pets(5));
    let call = ["--method", "tools/call", "--tool-name", "list_pets"];
    let run = inspect(&env, &inspector, "play", &[], &[&call[..], &["--tool-arg", "limit=3"]].concat());
    assert_shown("mcp_inspector_list_pets_limit_3", &run, &[]);
    let as_string =
        inspect(&env, &inspector, "play", &[], &[&call[..], &["--tool-args-json", r#"{"limit": "3"}"#]].concat());
    assert_eq!((as_string.code, &as_string.stdout), (0, &run.stdout), "{as_string}");
}

/// `find_pets` by a name in any case, and by part of one, as the Inspector passes them.
#[test]
fn the_inspector_finds_animals_by_name_in_any_case_and_by_part_of_a_name() {
    let Some(inspector) = inspector() else { return };
    let env = shop(Config::default().seed_pets(5));
    let call = ["--method", "tools/call", "--tool-name", "find_pets", "--tool-arg"];
    let by_name = inspect(&env, &inspector, "play", &[], &[&call[..], &["name=rex"]].concat());
    assert_shown("mcp_inspector_find_pets_name", &by_name, &[]);
    let by_part = inspect(&env, &inspector, "play", &[], &[&call[..], &["nameContains=EL", "categoryId=2"]].concat());
    assert_shown("mcp_inspector_find_pets_name_contains", &by_part, &[]);
}

/// `add_pets` with the animals as the Inspector takes a JSON value (`--tool-arg pets=[...]`), on an
/// environment whose writes are not confirmed: every one created. On one whose writes are confirmed, the
/// Inspector, which cannot ask its user, gets `cannot_ask` and nothing is sent.
#[test]
fn the_inspector_adds_a_batch_where_writes_are_not_confirmed_and_nothing_where_it_cannot_ask() {
    let Some(inspector) = inspector() else { return };
    let env = shop(Config::default().seed_pets(5));
    let pets = r#"pets=[{"name":"Tom","categoryId":1},{"name":"Max","categoryId":"2","status":"sold"},{"name":"Kit","categoryId":3}]"#;
    let args = ["--method", "tools/call", "--tool-name", "add_pets", "--tool-arg", pets];
    let refused = inspect(&env, &inspector, "shop", &["--allow-writes"], &args);
    assert_shown("mcp_inspector_add_pets_cannot_ask", &refused, &[]);
    assert_eq!(posts(&env), 0);

    let added = inspect(&env, &inspector, "play", &["--allow-writes"], &args);
    // The ids follow the order the requests arrived in, which a batch sends several at a time.
    let ids = [(r#"\\"id\\":\d+"#, r#"\"id\":[ID]"#), (r#""id": \d+"#, r#""id": [ID]"#)];
    assert_shown("mcp_inspector_add_pets", &added, &ids);
    let result: Value = serde_json::from_str(&added.stdout).unwrap();
    let mut ids: Vec<i64> = result["structuredContent"]["created"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["pet"]["id"].as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    assert_eq!((ids, posts(&env), env.sandbox.pets().len()), (vec![6, 7, 8], 3, 8));

    // `add_pet` with its arguments as a person types them on the Inspector's command line.
    let one = ["--tool-name", "add_pet", "--tool-arg", "name=Solo", "categoryId=2", "status=pending"];
    let added =
        inspect(&env, &inspector, "play", &["--allow-writes"], &[&["--method", "tools/call"][..], &one].concat());
    assert_eq!((added.code, added.stderr.as_str()), (0, ""), "{added}");
    let result: Value = serde_json::from_str(&added.stdout).unwrap();
    assert_eq!(
        result["structuredContent"]["pet"],
        json!({"id": 9, "name": "Solo", "categoryId": 2, "status": "pending"})
    );
    assert_eq!(posts(&env), 4);
}

/// The version the docs name is the one package.json pins, and its lockfile installs.
#[test]
fn the_docs_name_the_pinned_inspector_version() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(dir.join(path)).unwrap();
    let package: Value = serde_json::from_str(&read("tests/mcp-inspector/package.json")).unwrap();
    let version = package["dependencies"]["@modelcontextprotocol/inspector"].as_str().unwrap();
    assert!(version.bytes().all(|byte| byte.is_ascii_digit() || byte == b'.'), "pinned exactly: {version}");
    let lock: Value = serde_json::from_str(&read("tests/mcp-inspector/package-lock.json")).unwrap();
    assert_eq!(lock["packages"]["node_modules/@modelcontextprotocol/inspector"]["version"], version);
    for doc in ["docs/mcp.md", "docs/development.md"] {
        assert!(read(doc).contains(&format!("({version})")), "{doc} names another version than {version}");
    }
}
