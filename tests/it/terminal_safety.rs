//! The output boundary (`output::safe`): one hostile name, served by the sandbox or a hostile server, through
//! every path petstore prints. At a terminal (faked, and a real pseudo-terminal) nothing a terminal would obey
//! or hide reaches it; piped, stdout is the API's bytes exactly; stderr is escaped wherever it goes.

use std::process::Command;

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::canned::Canned;
use crate::common::{Run, TestEnv};

/// ESC, OSC 0 (window title) and OSC 52 (clipboard), CSI 2J (clear screen), C1 CSI, DEL, CR, BS, the bidi
/// override U+202E and isolate U+2066, a zero-width space and a byte order mark.
const NAME: &str =
    "Rex\u{1b}]0;owned\u{7}\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}[2J\u{9b}31m\u{7f}\r\u{8}\u{202e}god\u{2066}\u{200b}\u{feff}";

/// What of [`NAME`] an HTTP header can carry (no C0 but tab, no DEL).
fn header_name() -> String {
    NAME.chars().filter(|c| !c.is_ascii_control()).collect()
}

/// Whether a terminal would act on `c` or hide it: the list docs/security.md gives.
fn obeyed_or_hidden(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        | '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{2028}' | '\u{2029}')
}

#[track_caller]
fn assert_nothing_raw(run: &Run) {
    for (stream, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        let raw: Vec<_> = text.chars().filter(|c| obeyed_or_hidden(*c)).collect();
        assert!(raw.is_empty(), "{stream} carries {raw:?} raw:\n{}", text.escape_debug());
    }
}

/// A sandbox holding one pet, named [`NAME`], created through the API as any client could.
fn hostile_sandbox() -> TestEnv {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let run = env.run(&["pets", "add", "--name", NAME, "--category-id", "1", "--status", "available", "--json"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(env.sandbox.pets()[0]["name"], NAME);
    env
}

#[test]
fn every_format_at_a_terminal_shows_the_name_escaped() {
    let env = hostile_sandbox();
    let cases: &[(&str, &[&str])] = &[
        ("table", &["pets", "list"]),
        ("table_get", &["pets", "get", "1"]),
        ("tsv", &["pets", "list", "-o", "tsv"]),
        ("json", &["pets", "list", "--json"]),
        ("ndjson", &["pets", "list", "-o", "ndjson"]),
        ("jq_raw", &["pets", "list", "--jq", ".[].name"]),
        ("jq_json", &["pets", "list", "--jq", "map({name})"]),
        ("api_body", &["api", "GET", "/pets/1"]),
        ("api_jq", &["api", "GET", "/pets/1", "--jq", ".name"]),
    ];
    for (name, args) in cases {
        let run = env.run_in_terminal(&[&["--color", "never"], *args].concat());
        assert_eq!(run.code, 0, "{run}");
        assert_nothing_raw(&run);
        assert_run!(format!("terminal_safety_{name}"), run);
    }
    // JSON at a terminal stays JSON, and means what the server sent.
    let run = env.run_in_terminal(&["pets", "list", "--json"]);
    assert_eq!(run.json()[0]["name"], NAME);
}

#[test]
fn piped_stdout_is_the_api_s_bytes_exactly() {
    let env = hostile_sandbox();
    let json_name = serde_json::to_string(NAME).unwrap();
    let cases: &[(&[&str], String)] = &[
        (&["pets", "list"], format!("1\t{}\t1\tavailable\n", NAME.replace('\r', "\\r"))),
        (
            &["pets", "list", "--json"],
            format!("[{{\"id\":1,\"name\":{json_name},\"categoryId\":1,\"status\":\"available\"}}]\n"),
        ),
        (
            &["pets", "list", "-o", "ndjson"],
            format!("{{\"id\":1,\"name\":{json_name},\"categoryId\":1,\"status\":\"available\"}}\n"),
        ),
        (&["pets", "list", "--jq", ".[].name"], format!("{NAME}\n")),
        (&["api", "GET", "/pets/1", "--jq", ".name"], format!("{NAME}\n")),
    ];
    for (args, expected) in cases {
        let run = env.run(args);
        assert_eq!(run.code, 0, "{run}");
        assert_eq!(run.stdout, *expected, "{args:?}");
    }
}

#[test]
fn a_real_terminal_gets_jq_raw_output_and_tsv_escaped() {
    let env = hostile_sandbox();
    for (name, args) in [("jq", "pets list --jq '.[].name'"), ("tsv", "pets list -o tsv")] {
        let run = in_a_pty(&env, args);
        assert_eq!(run.code, 0, "{run}");
        assert_nothing_raw(&run);
        assert_run!(format!("terminal_safety_pty_{name}"), run);
    }
}

#[test]
fn a_server_s_error_message_is_escaped_on_stderr_piped_or_not() {
    let body = serde_json::json!({ "code": "invalid_parameter", "message": NAME }).to_string();
    let server = Canned::start("400 Bad Request", Some("application/json"), &body);
    for (name, terminal) in [("piped", false), ("terminal", true)] {
        let env = TestEnv::new();
        let mut cmd = env.command();
        cmd.env("PETSTORE_BASE_URL", server.base_url()).args(["--color", "never", "pets", "list"]);
        if terminal {
            cmd.env("PETSTORE_TEST_TERMINAL", "1");
        }
        let run = Run::of(&mut cmd);
        assert_eq!(run.code, 2, "{run}");
        assert_nothing_raw(&run);
        assert_run!(format!("terminal_safety_server_error_{name}"), run);
    }
}

#[test]
fn a_sunset_warning_and_include_headers_are_escaped() {
    let sunset = header_name();
    let server = Canned::with_headers(
        "200 OK",
        &[("Content-Type", "application/json"), ("Deprecation", "true"), ("Sunset", &sunset), ("X-Name", &sunset)],
        "[]",
    );
    let env = TestEnv::new();
    let run = Run::of(env.command().env("PETSTORE_BASE_URL", server.base_url()).args(["pets", "list"]));
    assert_nothing_raw(&run);
    assert_run!("terminal_safety_sunset", run);
    let run = Run::of(env.command().env("PETSTORE_BASE_URL", server.base_url()).args(["api", "GET", "/pets", "-i"]));
    assert_nothing_raw(&run);
    assert_run!("terminal_safety_include", run);
}

#[test]
fn a_config_file_s_excerpt_shows_its_control_characters_escaped() {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{NAME}\"\n"));
    for (name, terminal) in [("piped", false), ("terminal", true)] {
        let mut cmd = env.command();
        cmd.args(["--color", "never", "env", "list"]);
        if terminal {
            cmd.env("PETSTORE_TEST_TERMINAL", "1");
        }
        let run = Run::of(&mut cmd);
        assert_eq!(run.code, 2, "{run}");
        assert_nothing_raw(&run);
        assert_run!(format!("terminal_safety_config_{name}"), run);
    }
}

#[test]
fn a_batch_s_invalid_record_is_quoted_escaped() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let file = env.home().join("pets.ndjson");
    let records = [
        serde_json::json!({ "name": NAME, "categoryId": 1 }),
        serde_json::json!({ "name": "Tom", "categoryId": 1, "status": NAME }),
    ];
    std::fs::write(&file, records.iter().map(|r| format!("{r}\n")).collect::<String>()).unwrap();
    let run = env.run_in_terminal(&["--color", "never", "pets", "add", "--file", file.to_str().unwrap()]);
    assert_eq!(run.code, 2, "{run}");
    assert_nothing_raw(&run);
    assert_run!("terminal_safety_batch_invalid", run);
    assert_eq!(env.sandbox.request_count(), 0, "nothing is sent when a record is invalid");
}

#[test]
fn a_batch_s_progress_lines_are_escaped() {
    let body = serde_json::json!({ "code": "invalid_body", "message": NAME }).to_string();
    let server = Canned::start("400 Bad Request", Some("application/json"), &body);
    let env = TestEnv::new();
    let file = env.home().join("pets.ndjson");
    std::fs::write(&file, "{\"name\":\"Rex\",\"categoryId\":1}\n").unwrap();
    let run = Run::of(env.command().env("PETSTORE_BASE_URL", server.base_url()).args([
        "--color",
        "never",
        "pets",
        "add",
        "--file",
        file.to_str().unwrap(),
    ]));
    assert_nothing_raw(&run);
    assert_run!("terminal_safety_batch_refused", run);
    assert_eq!(server.requests(), 1);
}

#[test]
fn a_batch_s_created_pets_show_escaped_at_a_terminal() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let file = env.home().join("pets.ndjson");
    std::fs::write(&file, format!("{}\n", serde_json::json!({ "name": NAME, "categoryId": 1 }))).unwrap();
    let path = file.to_str().unwrap();
    for format in ["tsv", "json", "ndjson", "table"] {
        let run = env.run_in_terminal(&["--color", "never", "-q", "pets", "add", "--file", path, "-o", format]);
        assert_eq!(run.code, 0, "{run}");
        assert_nothing_raw(&run);
        assert_run!(format!("terminal_safety_batch_created_{format}"), run);
    }
}

#[test]
fn a_hostile_jq_expression_is_reported_on_one_line_with_nothing_raw() {
    let env = TestEnv::new();
    let run = env.run(&["--color", "never", "pets", "list", "--jq", &format!(".[] | {NAME}")]);
    assert_eq!(run.code, 2, "{run}");
    assert_nothing_raw(&run);
    assert_run!("terminal_safety_jq_expression", run);
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_usage_error_quoting_a_hostile_argument_is_escaped() {
    let env = TestEnv::new();
    for (name, terminal) in [("piped", false), ("terminal", true)] {
        let mut cmd = env.command();
        cmd.args(["--color", "never", "pets", "add", "--name", "x", "--category-id", NAME]);
        if terminal {
            cmd.env("PETSTORE_TEST_TERMINAL", "1");
        }
        let run = Run::of(&mut cmd);
        assert_eq!(run.code, 2, "{run}");
        assert_nothing_raw(&run);
        assert_run!(format!("terminal_safety_usage_{name}"), run);
    }
}

#[test]
fn clap_s_usage_errors_follow_color_and_no_color() {
    let env = TestEnv::new();
    let styled = |run: &Run| run.stderr.contains('\u{1b}');
    // Piped, `--color always` colours clap's error as it colours petstore's own.
    let run = env.run(&["--color", "always", "pets", "lst"]);
    assert_eq!(run.code, 2, "{run}");
    assert!(styled(&run), "{}", run.stderr.escape_debug());
    // At a real terminal, `--color never` and `NO_COLOR` turn it off.
    let run = in_a_pty(&env, "--color never pets lst");
    assert_eq!(run.code, 2, "{run}");
    assert!(!styled(&run), "{}", run.stdout.escape_debug());
    assert_run!("terminal_safety_pty_usage_never", run);
    let mut cmd = pty_command(&env, "", "pets lst");
    let run = Run::checked(cmd.env("NO_COLOR", "1").output().unwrap());
    assert!(!styled(&run), "{}", run.stdout.escape_debug());
    // And at a terminal with neither, it is coloured.
    let run = in_a_pty(&env, "pets lst");
    assert!(run.stdout.contains('\u{1b}'), "{}", run.stdout.escape_debug());
}

#[test]
fn a_jq_mistake_follows_color_never_and_no_color() {
    let env = TestEnv::new();
    let run = env.run_in_terminal(&["--color", "never", "pets", "list", "--jq", ".["]);
    assert_eq!(run.code, 2, "{run}");
    assert!(!run.stderr.contains('\u{1b}'), "{}", run.stderr.escape_debug());
    let run = Run::of(
        env.command().env("PETSTORE_TEST_TERMINAL", "1").env("NO_COLOR", "1").args(["pets", "list", "--jq", ".["]),
    );
    assert!(!run.stderr.contains('\u{1b}'), "{}", run.stderr.escape_debug());
    // `--jq` is a JSON mode: the mistake is a JSON document, which colour never touches.
    let run = env.run(&["--color", "always", "pets", "list", "--jq", ".["]);
    assert!(run.stderr.starts_with("{\"error\":") && !run.stderr.contains('\u{1b}'), "{}", run.stderr.escape_debug());
    let run = Run::of(env.command().env("PETSTORE_ERROR_FORMAT", "text").args(["--color", "always", "pets", "lst"]));
    assert!(run.stderr.contains('\u{1b}'), "{}", run.stderr.escape_debug());
}

/// `petstore ARGS` (split on spaces) in a real pseudo-terminal (`script`); stdout is what the terminal showed,
/// stdout and stderr together, with the terminal's CRLF line ends made LF.
pub(crate) fn in_a_pty(env: &TestEnv, args: &str) -> Run {
    in_a_pty_after(env, "", args)
}

/// As [`in_a_pty`], with a shell command run first in the terminal (e.g. `stty cols 40;`).
pub(crate) fn in_a_pty_after(env: &TestEnv, prelude: &str, args: &str) -> Run {
    let output = pty_command(env, prelude, args).output().expect("`script` (bsdutils) runs");
    let mut run = Run::checked(output);
    run.stdout = run.stdout.replace("\r\n", "\n");
    run
}

fn pty_command(env: &TestEnv, prelude: &str, args: &str) -> Command {
    let petstore = env.command();
    let bin = env!("CARGO_BIN_EXE_petstore");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{prelude}{bin} {args}"), "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap());
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    cmd.env("TERM", "xterm-256color").stdin(std::process::Stdio::null());
    cmd
}
