//! Tables of values far wider than a terminal: cut to the width with `…` at a terminal, whole in TSV and
//! JSON. The names come from a server in the test, as a hostile or careless server would send them.

use crate::assert_run;
use crate::common::TestEnv;
use crate::common::canned::Canned;

/// A server whose list holds animals with names of these lengths (`n` repeated, after a recognisable start),
/// and one with a name of wide characters.
fn server_with_long_names(lengths: &[usize]) -> (Canned, Vec<String>) {
    let mut names: Vec<String> =
        lengths.iter().enumerate().map(|(i, &len)| format!("pet{i}-{}", "n".repeat(len.saturating_sub(5)))).collect();
    names.push("猫".repeat(100));
    let pets: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, name)| serde_json::json!({"id": i + 1, "name": name, "categoryId": 7, "status": "available"}))
        .collect();
    let server = Canned::start("200 OK", Some("application/json"), &serde_json::to_string(&pets).unwrap());
    (server, names)
}

#[test]
fn long_values_are_cut_to_the_terminal_width_with_an_ellipsis() {
    let (server, _) = server_with_long_names(&[80_000, 70, 3]);
    let env = TestEnv::new();
    let run = env.run_in_terminal(&["--base-url", server.base_url(), "--color", "never", "pets", "list"]);
    assert_eq!(run.code, 0, "{run}");
    // 80 columns, whatever the terminal (a faked one says nothing of its width).
    for line in run.stdout.lines() {
        assert!(unicode_width::UnicodeWidthStr::width(line) <= 80, "wider than 80 columns: {line}");
    }
    assert_run!("render_long_names_terminal", run);
    // With colour too (the width no longer depends on it).
    let coloured = env.run_in_terminal(&["--base-url", server.base_url(), "--color", "always", "pets", "list"]);
    assert_eq!(coloured.code, 0, "{coloured}");
    assert_eq!(coloured.stdout.lines().count(), run.stdout.lines().count(), "{coloured}");
    assert!(coloured.stdout.contains('…'), "{coloured}");
}

#[test]
fn tsv_and_json_keep_long_values_whole() {
    let (server, names) = server_with_long_names(&[80_000, 70, 3]);
    let env = TestEnv::new();
    let tsv = env.run(&["--base-url", server.base_url(), "pets", "list"]);
    assert_eq!(tsv.code, 0, "{tsv}");
    let tsv_names: Vec<&str> = tsv.stdout.lines().map(|line| line.split('\t').nth(1).unwrap()).collect();
    assert_eq!(tsv_names, names);
    let json = env.run_in_terminal(&["--base-url", server.base_url(), "--json", "pets", "list"]);
    assert_eq!(json.code, 0, "{json}");
    let json_names: Vec<String> =
        json.json().as_array().unwrap().iter().map(|pet| pet["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(json_names, names);
}

#[test]
fn a_real_narrow_terminal_without_colour_cuts_the_table_to_its_width() {
    let (server, _) = server_with_long_names(&[80_000, 70, 3]);
    let env = TestEnv::new();
    let args = format!("--base-url {} pets list", server.base_url());
    // Colour off by NO_COLOR: the width still comes from the terminal (it used to be measured only with colour).
    let narrow = crate::terminal_safety::in_a_pty_after(&env, "export NO_COLOR=1; stty cols 40 rows 24; ", &args);
    assert_eq!(narrow.code, 0, "{narrow}");
    assert!(!narrow.stdout.contains('\u{1b}'), "no colour: {narrow}");
    let lines: Vec<&str> = narrow.stdout.lines().filter(|line| !line.is_empty()).collect();
    assert_eq!(lines.len(), 5, "a header and four rows, one line each: {narrow}");
    for line in &lines {
        assert!(unicode_width::UnicodeWidthStr::width(*line) <= 40, "wider than 40 columns: {line}");
    }
    assert!(lines[1].contains('…'), "{narrow}");
    // A terminal that reports 0 columns gets 80, not one letter per line.
    let zero = crate::terminal_safety::in_a_pty_after(&env, "export NO_COLOR=1; stty cols 0 rows 0; ", &args);
    let lines: Vec<&str> = zero.stdout.lines().filter(|line| !line.is_empty()).collect();
    assert_eq!(lines.len(), 5, "{zero}");
    assert!(lines.iter().all(|line| unicode_width::UnicodeWidthStr::width(*line) <= 80), "{zero}");
    assert!(lines.iter().any(|line| unicode_width::UnicodeWidthStr::width(*line) > 40), "80 columns used: {zero}");
}
