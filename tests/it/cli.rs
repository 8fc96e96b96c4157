//! The command tree itself: help, version, bad flags, and the rules about base URLs.

use crate::assert_run;
use crate::common::{Run, TestEnv};

/// Every command in the clap tree, as the words that name it (`[]` for the root, `["pets", "add"]`), found by
/// walking `Cli::command()`: a new command gets its help snapshot without anyone listing it.
fn every_command() -> Vec<Vec<String>> {
    use clap::CommandFactory;
    fn walk(cmd: &clap::Command, path: &[String], out: &mut Vec<Vec<String>>) {
        out.push(path.to_vec());
        for sub in cmd.get_subcommands().filter(|sub| sub.get_name() != "help") {
            let mut path = path.to_vec();
            path.push(sub.get_name().to_owned());
            walk(sub, &path, out);
        }
    }
    let mut out = Vec::new();
    walk(&petstore::cli::Cli::command(), &[], &mut out);
    out
}

/// `help_root`, `help_pets_add`: the snapshot of a command's `--help`.
fn help_snapshot_name(path: &[String]) -> String {
    if path.is_empty() { "help_root".to_owned() } else { format!("help_{}", path.join("_")) }
}

#[test]
fn every_command_has_help() {
    let env = TestEnv::new();
    let commands = every_command();
    for path in &commands {
        let run = Run::of(env.command().env("COLUMNS", "100").args(path).arg("--help"));
        assert_eq!(run.code, 0, "{run}");
        assert_run!(help_snapshot_name(path), run);
    }
    // No snapshot is left behind by a command that is gone (or renamed).
    let snapshots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots");
    let mut committed: Vec<String> = std::fs::read_dir(snapshots)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter_map(|name| name.strip_suffix(".snap").filter(|n| n.starts_with("help_")).map(str::to_owned))
        .collect();
    committed.sort();
    let mut expected: Vec<String> = commands.iter().map(|path| help_snapshot_name(path)).collect();
    expected.sort();
    assert_eq!(committed, expected, "a help snapshot names no command: delete it");
}

/// The tree that parses has no help layout: help is laid out whichever way it is asked for. `help CMD` prints
/// what `CMD --help` prints, `-h` ends with the note on global options, and a group without its subcommand
/// shows its short help on stderr with exit code 2.
#[test]
fn help_asked_for_any_way_is_laid_out() {
    let env = TestEnv::new();
    let run = |args: &[&str]| Run::of(env.command().env("COLUMNS", "100").args(args));
    let (flag, word) = (run(&["pets", "add", "--help"]), run(&["help", "pets", "add"]));
    assert_eq!((word.code, word.stdout.as_str(), word.stderr.as_str()), (0, flag.stdout.as_str(), ""), "{word}");
    let short = run(&["pets", "add", "-h"]);
    assert_eq!(short.code, 0, "{short}");
    assert!(short.stdout.ends_with("Global options (--env, --json, --output, --quiet, ...): see --help\n"), "{short}");
    let missing = run(&["pets"]);
    assert_eq!((missing.code, missing.stdout.as_str()), (2, ""), "{missing}");
    assert_run!("group_without_its_subcommand", missing);
}

#[test]
fn version_prints_the_crate_version() {
    let env = TestEnv::new();
    let run = env.run(&["--version"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, concat!("petstore ", env!("CARGO_PKG_VERSION"), "\n")));
}

#[test]
fn version_names_the_commit_the_target_and_the_api() {
    let env = TestEnv::new();
    let run = env.run(&["version", "--json"]);
    assert_eq!(run.code, 0, "{run}");
    let json = run.json();
    // Built from a git checkout (as here and in CI), the commit is the checkout's HEAD; otherwise none.
    let head = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8(out.stdout).unwrap().trim().to_owned());
    assert_eq!(json["commit"].as_str(), head.as_deref(), "{run}");
    let target = json["target"].as_str().unwrap();
    assert!(target.starts_with(std::env::consts::ARCH) && target.contains(std::env::consts::OS), "{target}");
    assert_eq!(
        (json["version"].as_str(), json["apiVersion"].as_str()),
        (Some(env!("CARGO_PKG_VERSION")), Some("1.0.0"))
    );
    assert_eq!(json["apiBasePath"], "/v1");
    // A person gets the same, as a table; nothing is read from the config or the network.
    let table = env.run_in_terminal(&["version"]);
    let mut filters = crate::common::filters();
    filters.push((r"\b[0-9a-f]{12}\b", "[COMMIT]"));
    filters.push((r"\b[a-z0-9_]+-[a-z0-9_]+-[a-z0-9_]+(-[a-z0-9_]+)?\b", "[TARGET]"));
    insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("version_table", table.to_string());
    });
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn unknown_commands_and_flags_are_usage_errors() {
    let env = TestEnv::new();
    assert_run!("unknown_command", env.run(&["pet", "list"]));
    assert_run!("unknown_flag", env.run(&["pets", "list", "--order", "name"]));
    assert_run!("no_command", env.run(&[]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_base_url_must_be_a_url() {
    let env = TestEnv::new();
    assert_run!("base_url_not_a_url", env.run(&["--base-url", "api.example.com/v1", "pets", "list"]));
    assert_run!(
        "base_url_env_not_a_url",
        Run::of(env.command().env("PETSTORE_BASE_URL", "ftp://example.com/v1").args(["pets", "list"]))
    );
}

#[test]
fn the_key_never_travels_over_plain_http_except_to_loopback() {
    let env = TestEnv::new();
    assert_run!("base_url_plain_http", env.run(&["--base-url", "http://api.example.com/v1", "pets", "list"]));
    let localhost = env.sandbox.base_url().replace("127.0.0.1", "localhost");
    assert_eq!(env.run(&["--base-url", &localhost, "pets", "list"]).code, 0);
}

#[test]
fn verbose_shows_the_exchange_with_the_key_masked() {
    let env = TestEnv::new();
    let run = env.run(&["-v", "pets", "add", "--name", "Rex", "--category-id", "1"]);
    assert_run!("verbose_add", run);
    assert!(run.stderr.contains("authorization: Bearer ****"), "{run}");
}

#[test]
fn verbose_and_quiet_conflict() {
    let env = TestEnv::new();
    assert_eq!(env.run(&["-v", "-q", "pets", "list"]).code, 2);
}

#[test]
fn ctrl_c_stops_promptly_with_exit_130_and_nothing_on_stdout() {
    use std::time::{Duration, Instant};
    let env = TestEnv::new();
    let server = crate::common::canned::Canned::silent();
    let child = env
        .command()
        .args(["--base-url", server.base_url(), "pets", "list"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let waiting = Instant::now();
    while server.requests() == 0 {
        assert!(
            waiting.elapsed() < Duration::from_secs(20),
            "ctrl_c_stops_promptly_with_exit_130_and_nothing_on_stdout: no request came"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let sent = Instant::now();
    let kill = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let output = Run::checked(child.wait_with_output().unwrap());
    assert!(sent.elapsed() < Duration::from_secs(2), "stopped in {:?}", sent.elapsed());
    assert_run!("interrupted", output);
}

#[test]
fn every_command_s_long_help_has_examples() {
    use clap::CommandFactory;
    fn walk(cmd: &clap::Command, path: &str) {
        let name = format!("{path} {}", cmd.get_name());
        let help = cmd.get_after_long_help().map(|h| h.to_string()).unwrap_or_default();
        let examples = help.split_once("Examples:\n").map(|(_, e)| e).unwrap_or_default();
        assert!(examples.contains("petstore "), "`{name}` has no examples in its --help");
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            walk(sub, &name);
        }
    }
    walk(&petstore::cli::Cli::command(), "");
}
