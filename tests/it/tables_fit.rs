//! Every table at a real pseudo-terminal 80 columns wide, coloured: each line as shown keeps to the width, the
//! columns that give way are the ones the command chose, and wrapped text loses nothing.

use crate::common::TestEnv;
use crate::common::pty::{assert_fits, run_at_width, run_command_at_width, strip_color};

const LONG_ENV: &str = "a-rather-long-environment-name";

/// A sandbox with a pet whose name is far wider than the terminal, and an environment whose name and URL are
/// long too.
fn crowded() -> TestEnv {
    let env = TestEnv::new();
    let name = "Sir Reginald Fluffington of the Lower Meadow, Third of His Name, Eater of Slippers";
    let added = env.run(&["pets", "add", "--name", name, "--category-id", "3", "--status", "sold"]);
    assert_eq!(added.code, 0, "{added}");
    env.write_config(&format!(
        "[environments.local]\nbase_url = \"{}\"\n\n[environments.{LONG_ENV}]\n\
         base_url = \"https://petstore.internal.example.com/api/v1/with/a/long/path\"\n",
        env.sandbox.base_url()
    ));
    env
}

/// Runs `args` at 80 columns; checks colour is on, every line fits, and returns what the terminal showed.
fn at_80(env: &TestEnv, args: &[&str], code: i32) -> Option<String> {
    let run = run_at_width(env, args, 80)?;
    assert_eq!(run.code, code, "{run}");
    assert!(run.stdout.contains("\x1b["), "no colour at a terminal:\n{run}");
    assert_fits(&run.stdout, 80);
    Some(strip_color(&run.stdout))
}

#[test]
fn pets_list_fits_in_colour_cutting_the_name() {
    let env = crowded();
    let Some(shown) = at_80(&env, &["pets", "list"], 0) else { return };
    let long = shown.lines().find(|line| line.starts_with("6 ")).expect("the long-named pet");
    assert!(long.contains("Sir Reginald") && long.contains('…') && long.trim_end().ends_with("sold"), "{shown}");
    // A coloured line ends at its text: no padding inside the last colour span.
    let run = run_at_width(&env, &["pets", "list"], 80).unwrap();
    assert!(run.stdout.lines().all(|line| !strip_color(line).ends_with(' ')), "{:?}", run.stdout);
}

#[test]
fn env_list_fits_in_colour_keeping_the_urls() {
    let env = crowded();
    let Some(shown) = at_80(&env, &["env", "list"], 0) else { return };
    // The names give way first; the built-in URLs stay whole.
    assert!(shown.contains("https://staging.api.petstore.example/v1"), "{shown}");
    assert!(shown.contains("a-rather-…") && !shown.contains(LONG_ENV), "{shown}");
}

#[test]
fn env_list_with_defaults_fits_in_colour_keeping_the_urls_and_every_default() {
    let env = crowded();
    let set = env.run(&[
        "env",
        "set",
        LONG_ENV,
        "--default",
        "limit=50",
        "--default",
        "status=available",
        "--default",
        "output=table",
        "--default",
        "columns=id,name,categoryId,status",
    ]);
    assert_eq!(set.code, 0, "{set}");
    let Some(shown) = at_80(&env, &["env", "list"], 0) else { return };
    // The URLs keep their room: the defaults follow in a table of their own.
    assert!(shown.contains("https://staging.api.petstore.example/v1"), "{shown}");
    let (_, defaults) = shown.split_once("\n\n").expect("a second table");
    assert!(defaults.starts_with("NAME        DEFAULTS"), "{shown}");
    // Every default is there, wrapped onto continuation lines rather than cut.
    let words: Vec<&str> = defaults.split_whitespace().collect();
    for default in ["limit=50", "status=available", "output=table", "columns=id,name,categoryId,status"] {
        assert!(words.contains(&default), "{default} is not shown whole:\n{shown}");
    }
}

#[test]
fn auth_status_all_fits_in_colour_wrapping_the_command_to_run() {
    let env = crowded();
    let mut petstore = env.command();
    petstore.env_remove("PETSTORE_BASE_URL");
    let Some(run) = run_command_at_width(&petstore, &["--env", "local", "auth", "status", "--all"], 80) else {
        return;
    };
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stdout.contains("\x1b["), "no colour at a terminal:\n{run}");
    assert_fits(&run.stdout, 80);
    let shown = strip_color(&run.stdout);
    // The check wraps onto continuation lines: its command is never cut.
    assert!(!shown.lines().any(|line| line.contains("not logged in") && line.ends_with('…')), "{shown}");
    assert!(shown.lines().any(|line| line.trim_end().ends_with("`petstore auth login")), "{shown}");
    assert!(shown.contains("--env production`"), "{shown}");
}

#[test]
fn doctor_fits_in_colour_wrapping_the_details() {
    let env = crowded();
    let Some(shown) = at_80(&env, &["doctor"], 0) else { return };
    let lines: Vec<&str> = shown.lines().collect();
    // A continuation line starts under DETAIL, and nothing in the table is cut.
    let detail = lines[0].find("DETAIL").expect("a header");
    assert!(lines.iter().any(|line| line.len() > detail && line[..detail].trim().is_empty()), "{shown}");
    assert!(!shown.contains('…'), "{shown}");
}

#[test]
fn every_table_fits_at_a_wide_terminal_without_wrapping() {
    let env = crowded();
    for args in [&["env", "list"][..], &["pets", "list"], &["version"]] {
        let Some(run) = run_at_width(&env, args, 200) else { return };
        assert_fits(&run.stdout, 200);
        assert!(!strip_color(&run.stdout).contains('…'), "{args:?}:\n{run}");
    }
}

#[test]
fn alias_list_fits_in_colour_wrapping_the_expansion() {
    let env = crowded();
    let expansion = "pets list --status available --limit 100 --sort name --columns id,name,status --header \
                     --color always";
    let set = env.run(&["alias", "set", "available-by-name-with-a-long-alias-name", expansion]);
    assert_eq!(set.code, 0, "{set}");
    let Some(shown) = at_80(&env, &["alias", "list"], 0) else { return };
    // The expansion is what you read and copy: it wraps onto a continuation line and nothing of it is cut;
    // the long name gives way.
    assert!(shown.contains("available…") && shown.lines().count() == 3, "{shown}");
    let words: Vec<&str> = shown.lines().skip(1).flat_map(str::split_whitespace).collect();
    for word in expansion.split_whitespace() {
        assert!(words.contains(&word), "`{word}` is missing:\n{shown}");
    }
}
