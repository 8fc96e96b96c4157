//! Issue 19's third round of edges: `--jq` programs that recurse or nest without end, and the environment a
//! filter sees; what `--curl` and `--dry-run` show of a body; exports of what the API accepts; text a terminal
//! would not show.

use crate::assert_run;
use crate::common::TestEnv;

/// Each program that would overflow the stack ends with a usage error and a message, not an abort.
#[test]
fn jq_programs_that_recurse_or_nest_without_end_fail_with_a_message() {
    let env = TestEnv::new();
    for (name, program) in [
        ("jq_deep_reduce", "reduce range(100000) as $i (.; [.])"),
        ("jq_deep_object", "reduce range(100000) as $i (.; {a: .})"),
        ("jq_recursive_constructor", "def f: [f]; f"),
        ("jq_recursive_sum", "def f: 1 + f; f"),
    ] {
        let run = env.run(&["pets", "list", "--jq", program]);
        assert_eq!(run.code, 2, "{program}: {run}");
        assert_run!(name, run);
    }
    // A deep recursion that ends is fine, as is a result exactly as deep as the bound.
    let run = env.run(&["pets", "list", "--jq", "def f(n): if n == 0 then 0 else 1 + f(n - 1) end; f(1000)"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "1000\n"), "{run}");
    let run = env.run(&["pets", "list", "--jq", "reduce range(9999) as $i (0; [.]) | tojson | length"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "19999\n"), "{run}");
    let run = env.run(&["pets", "list", "--jq", "[recurse] | length"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "26\n"), "{run}");
    // A value nested a million deep inside the filter, then dropped, and one serialised 100,000 deep: jaq frees
    // and prints them by recursion, which a 256 MiB stack could not hold (exit 134 before).
    let run = env.run(&["pets", "list", "--jq", "reduce range(1000000) as $i (.; [.]) | length"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\n"), "{run}");
    let run = env.run(&["pets", "list", "--jq", "reduce range(100000) as $i (0; {a: .}) | tojson | length"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "600001\n"), "{run}");
}

/// Neither `env` nor `$ENV` hands a filter the API key; the rest of the environment is there.
#[test]
fn a_filter_cannot_read_the_api_key_from_the_environment() {
    let env = TestEnv::new();
    for program in ["env.PETSTORE_API_KEY", "$ENV.PETSTORE_API_KEY", "env | has(\"PETSTORE_API_KEY\")"] {
        let run = env.run(&["pets", "list", "--jq", program]);
        assert_eq!(run.code, 0, "{program}: {run}");
        assert!(run.stdout == "null\n" || run.stdout == "false\n", "{program}: {run}");
    }
    let run = Run::of(env.command().env("EXTRA_VAR", "seen").args([
        "pets",
        "list",
        "--jq",
        "[env.EXTRA_VAR, $ENV.EXTRA_VAR]",
    ]));
    assert_eq!(run.stdout, "[\"seen\",\"seen\"]\n", "{run}");
}

use crate::common::Run;

/// A body with CRLF line ends, a DEL and a right-to-left override inside its one string.
const CRLF_BODY: &str = "{\r\n  \"name\": \"Crlf\u{7f}Del\u{202e}\",\r\n  \"categoryId\": 3\r\n}\r\n";

fn crlf_body_file(env: &TestEnv) -> String {
    let path = env.home().join("body.json");
    std::fs::write(&path, CRLF_BODY).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Piped, `--dry-run` and `--curl` show the body byte for byte, CRs and all.
#[test]
fn a_crlf_body_is_shown_byte_for_byte_when_piped() {
    let env = TestEnv::new();
    let file = crlf_body_file(&env);
    let run = env.run(&["api", "POST", "/pets", "--input", &file, "--dry-run"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stdout.ends_with(&format!("\n\n{CRLF_BODY}\n")), "{:?}", run.stdout);
    let run = env.run(&["api", "POST", "/pets", "--input", &file, "--curl"]);
    assert_eq!(run.code, 0, "{run}");
    let words = shlex::split(run.stdout.trim_end_matches('\n')).unwrap();
    assert_eq!(words[words.len() - 2], CRLF_BODY, "{:?}", run.stdout);
    assert_eq!(env.sandbox.request_count(), 0);
}

/// At a terminal nothing unsafe reaches it: JSON escapes inside the string, bash's `$'…'` escapes for the
/// CRs; the command, pasted into bash, sends the same document (the CRs byte for byte) and creates the same
/// animal.
#[test]
fn a_crlf_body_at_a_terminal_is_escaped_and_the_pasted_command_sends_the_same_document() {
    if !crate::common::have_tool("curl", "curl") || !crate::common::have_tool("bash", "bash") {
        return;
    }
    let env = TestEnv::new();
    let file = crlf_body_file(&env);
    let shown = env.run_in_terminal(&["api", "POST", "/pets", "--input", &file, "--dry-run"]);
    assert_run!("dry_run_crlf_body_terminal", shown);
    let run = env.run_in_terminal(&["api", "POST", "/pets", "--input", &file, "--curl"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(!run.stdout.contains(['\r', '\u{7f}', '\u{202e}']), "{:?}", run.stdout);
    assert_run!("curl_crlf_body_terminal", run);
    // Over HTTPS the command carries `--cacert` with the file `PETSTORE_CACERT` names, so curl trusts the
    // sandbox's CA as petstore does.
    let output = std::process::Command::new("bash")
        .args(["-c", &format!("{} -sS", run.stdout.trim_end())])
        .env("PETSTORE_API_KEY", crate::common::KEY)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let created: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(created["name"], "Crlf\u{7f}Del\u{202e}", "{created}");
    assert_eq!(env.sandbox.pets().last().unwrap()["name"], "Crlf\u{7f}Del\u{202e}");
}

/// Adds animals with `names` through the real binary, from NDJSON on stdin.
fn add_named(env: &TestEnv, names: &[String]) {
    let input: String =
        names.iter().map(|name| serde_json::json!({"name": name, "categoryId": 1}).to_string() + "\n").collect();
    let run = env.run_with_stdin(&["pets", "add", "--file", "-", "--format", "ndjson", "-o", "ndjson"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A name with a NUL, which the API holds: `-o csv` refuses it by the record's id and writes nothing; NDJSON
/// carries it and `pets add --file` reads it back.
#[test]
fn a_name_holding_nul_is_refused_by_csv_and_round_trips_in_ndjson() {
    let env = TestEnv::with(petstore_sandbox::Config::default().seed_pets(0));
    add_named(&env, &["plain".to_owned(), "nul\0inside".to_owned()]);
    let run = env.run(&["pets", "list", "-o", "csv"]);
    assert_eq!(run.stdout, "", "{run}");
    assert_run!("csv_refuses_nul", run);
    let run = env.run(&["pets", "list", "-o", "csv", "--columns", "name"]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run}");
    let exported = env.run(&["pets", "list", "-o", "ndjson"]);
    assert_eq!(exported.code, 0, "{exported}");
    let other = TestEnv::with(petstore_sandbox::Config::default().seed_pets(0));
    let run = other.run_with_stdin(&["pets", "add", "--file", "-", "--format", "ndjson"], &exported.stdout);
    assert_eq!(run.code, 0, "{run}");
    let mut names: Vec<_> = other.sandbox.pets().iter().map(|pet| pet["name"].as_str().unwrap().to_owned()).collect();
    names.sort();
    assert_eq!(names, ["nul\0inside", "plain"]);
}

/// 100 animals with the longest names the sandbox holds (12.5 MiB of names, past the old 8 MiB cap) are listed
/// whole. (The cap allows for each byte written `\u0001`; a test of that would spend a minute parsing.)
#[test]
fn a_list_of_the_largest_names_is_read_whole() {
    let env = TestEnv::with(petstore_sandbox::Config::default().seed_pets(0));
    let names: Vec<String> =
        (0..100).map(|i| format!("{i:03}") + &"x".repeat(petstore_sandbox::NAME_MAX_BYTES - 3)).collect();
    add_named(&env, &names);
    let run = env.run(&["pets", "list", "--limit", "100", "--jq", "map(.name)"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Not `assert_eq!`: a failure would print 12 MiB.
    // Created concurrently, so in any order; compared without `assert_eq!`, whose failure would print 12 MiB.
    let mut listed: Vec<String> = serde_json::from_str(&run.stdout).unwrap();
    listed.sort();
    assert_eq!(listed.len(), 100);
    assert!(listed == names, "the names differ");
}

/// A server whose list holds animals with `names`.
fn server_with(names: &[&str]) -> crate::common::canned::Canned {
    let pets: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, name)| serde_json::json!({"id": i + 1, "name": name, "categoryId": 7, "status": "available"}))
        .collect();
    crate::common::canned::Canned::start("200 OK", Some("application/json"), &serde_json::to_string(&pets).unwrap())
}

/// Names that look alike at a terminal unless the invisible characters in them are shown.
const LOOKALIKES: [&str; 7] = [
    "Rex",
    "Rex\u{e0001}\u{e0072}\u{e0065}\u{e0078}\u{e007f}",
    "Re\u{ad}x",
    "R\u{34f}ex",
    "Rex\u{3164}",
    "\u{115f}Rex",
    "Rex\u{fe0f}\u{fe00}",
];

/// At a terminal, tags, the soft hyphen, the combining grapheme joiner, the Hangul fillers and variation
/// selectors are shown escaped, in a table and in JSON (`\u` escapes, surrogate pairs past U+FFFF); piped,
/// they are as the server sent them.
#[test]
fn default_ignorable_characters_are_escaped_at_a_terminal() {
    let server = server_with(&LOOKALIKES);
    let env = TestEnv::new();
    let table = env.run_in_terminal(&["--base-url", server.base_url(), "--color", "never", "pets", "list"]);
    assert_run!("default_ignorables_table", table);
    let json = env.run_in_terminal(&["--base-url", server.base_url(), "--json", "pets", "list", "--jq", "map(.name)"]);
    assert_run!("default_ignorables_jq", json);
    let piped = env.run(&["--base-url", server.base_url(), "--json", "pets", "list"]);
    let names: Vec<String> =
        serde_json::from_value(piped.json().as_array().unwrap().iter().map(|pet| pet["name"].clone()).collect())
            .unwrap();
    assert_eq!(names, LOOKALIKES);
}

/// A name of 3,000,000 combining marks (6 MB, one grapheme of no width) makes a bounded cell at a terminal.
#[test]
fn a_cell_of_three_million_combining_marks_is_bounded() {
    let name = format!("Zalgo{}", "\u{301}".repeat(3_000_000));
    let server = server_with(&[&name, "Rex"]);
    let env = TestEnv::new();
    let run = env.run_in_terminal(&["--base-url", server.base_url(), "--color", "never", "pets", "list"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // 4 KiB for the cell, and the rest of the table.
    assert!(run.stdout.len() < 4096 + 200, "{} bytes", run.stdout.len());
    assert!(run.stdout.contains("Zalgo\u{301}") && run.stdout.contains('…') && run.stdout.contains("Rex"));
    // Piped, the name is whole.
    let piped = env.run(&["--base-url", server.base_url(), "pets", "list"]);
    assert!(piped.stdout.len() > 6_000_000, "{} bytes", piped.stdout.len());
}

/// The formula guard also guards a cell whose first character after blanks starts a formula, and the file
/// reads back exactly.
#[test]
fn the_formula_guard_looks_past_leading_blanks() {
    let names = [" =1+1", "\u{a0}@SUM(A1)", "\n+cmd", "\u{200b}=x", "\u{ad}-x", " -3", " Rex"];
    let env = TestEnv::with(petstore_sandbox::Config::default().seed_pets(0));
    for name in names {
        let body = serde_json::json!({"name": name, "categoryId": 1}).to_string();
        let path = env.home().join("one.json");
        std::fs::write(&path, body).unwrap();
        let run = env.run(&["api", "POST", "/pets", "--input", path.to_str().unwrap()]);
        assert_eq!(run.code, 0, "{run}");
    }
    let csv = env.run(&["pets", "list", "-o", "csv", "--columns", "name,categoryId"]);
    assert_run!("csv_formula_guard_after_blanks", csv);
    let other = TestEnv::with(petstore_sandbox::Config::default().seed_pets(0));
    let run =
        other.run_with_stdin(&["pets", "add", "--file", "-", "--format", "csv", "--concurrency", "1"], &csv.stdout);
    assert_eq!(run.code, 0, "{run}");
    let back: Vec<String> = other.sandbox.pets().iter().map(|pet| pet["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(back, names);
}
