//! `completions/` and `man/` are generated from the clap tree and committed; these tests regenerate them and
//! fail when the committed files differ. `PETSTORE_UPDATE_GENERATED=1 cargo test --workspace generated`
//! rewrites them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, roman};
use petstore::cli::Cli;

use crate::common::{Run, TestEnv};

const UPDATE_VAR: &str = "PETSTORE_UPDATE_GENERATED";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Each shell's script and where it is committed.
fn completion_files() -> Vec<(Shell, &'static str)> {
    vec![
        (Shell::Bash, "petstore.bash"),
        (Shell::Zsh, "_petstore"),
        (Shell::Fish, "petstore.fish"),
        (Shell::PowerShell, "_petstore.ps1"),
        (Shell::Elvish, "petstore.elv"),
    ]
}

/// Compares `expected` with the files in `dir` (no more, no fewer), or rewrites them under `UPDATE_VAR`.
fn check_dir(dir: &Path, expected: BTreeMap<String, Vec<u8>>) {
    if std::env::var_os(UPDATE_VAR).is_some() {
        if dir.exists() {
            std::fs::remove_dir_all(dir).unwrap();
        }
        std::fs::create_dir_all(dir).unwrap();
        for (name, bytes) in &expected {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        return;
    }
    let mut committed = BTreeMap::new();
    for entry in
        std::fs::read_dir(dir).unwrap_or_else(|_| panic!("{} is missing; run with {UPDATE_VAR}=1", dir.display()))
    {
        let entry = entry.unwrap();
        committed.insert(entry.file_name().into_string().unwrap(), std::fs::read(entry.path()).unwrap());
    }
    let names = |m: &BTreeMap<String, Vec<u8>>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        names(&committed),
        names(&expected),
        "{} holds other files than the clap tree makes; run with {UPDATE_VAR}=1",
        dir.display()
    );
    for (name, bytes) in &expected {
        assert!(committed[name] == *bytes, "{}/{name} is stale; run with {UPDATE_VAR}=1", dir.display());
    }
}

#[test]
fn completions_are_fresh() {
    let expected = completion_files()
        .into_iter()
        .map(|(shell, file)| (file.to_owned(), petstore::commands::completions::script(shell)))
        .collect();
    check_dir(&repo().join("completions"), expected);
}

#[test]
fn the_completions_command_prints_the_committed_script() {
    let env = TestEnv::new();
    for (shell, file) in completion_files() {
        let run = env.run(&["completions", &shell.to_string()]);
        assert_eq!(run.code, 0, "{run}");
        assert_eq!(run.stdout.as_bytes(), std::fs::read(repo().join("completions").join(file)).unwrap(), "{shell}");
    }
    assert_eq!(env.run(&["completions", "tcsh"]).code, 2);
}

#[test]
fn dynamic_completion_offers_the_user_s_environments() {
    let env = TestEnv::new();
    env.write_config("[environments.eu]\nbase_url = \"https://eu.example/v1\"\n");
    // What `source <(COMPLETE=bash petstore)` makes bash run when the user presses Tab after `--env `.
    let run = Run::of(
        env.command()
            .env("COMPLETE", "bash")
            .env("_CLAP_COMPLETE_INDEX", "2")
            .env("_CLAP_COMPLETE_COMP_TYPE", "9")
            .env("_CLAP_IFS", "\n")
            .args(["--", "petstore", "--env", ""]),
    );
    assert_eq!(run.code, 0, "{run}");
    let offered: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(offered, ["production", "staging", "sandbox", "eu"], "{run}");
}

/// The root's long help, split into its titled blocks ("Exit codes", "Environment variables", ...).
fn help_blocks(cmd: &clap::Command) -> BTreeMap<String, Vec<String>> {
    let text = cmd.get_after_long_help().expect("the root has a long help").to_string();
    let mut blocks = BTreeMap::new();
    for block in text.split("\n\n") {
        let mut lines = block.lines();
        let title = lines.next().unwrap().trim_end_matches(':').to_owned();
        blocks.insert(title, lines.map(str::to_owned).collect());
    }
    blocks
}

fn preformatted(roff: &mut Roff, title: &str, lines: &[String]) {
    roff.control("SH", [title]);
    roff.control("nf", []);
    for line in lines {
        roff.text([roman(line.strip_prefix("  ").unwrap_or(line))]);
    }
    roff.control("fi", []);
}

/// One page per command: clap_mangen's sections, then EXAMPLES, EXIT STATUS, ENVIRONMENT and FILES from
/// the long help, and SEE ALSO.
fn man_pages() -> BTreeMap<String, Vec<u8>> {
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    let blocks = help_blocks(&root);
    let mut pages = BTreeMap::new();
    fn walk(
        cmd: &clap::Command,
        parent: Option<&str>,
        blocks: &BTreeMap<String, Vec<String>>,
        pages: &mut BTreeMap<String, Vec<u8>>,
    ) {
        let man =
            Man::new(cmd.clone()).manual("petstore manual").source(format!("petstore {}", env!("CARGO_PKG_VERSION")));
        let name = man.get_filename();
        let mut out = Vec::new();
        man.render_title(&mut out).unwrap();
        man.render_name_section(&mut out).unwrap();
        man.render_synopsis_section(&mut out).unwrap();
        man.render_description_section(&mut out).unwrap();
        if cmd.get_arguments().any(|a| !a.is_hide_set()) {
            man.render_options_section(&mut out).unwrap();
        }
        if cmd.has_subcommands() {
            man.render_subcommands_section(&mut out).unwrap();
        }
        let mut roff = Roff::default();
        let examples = if parent.is_none() {
            blocks.get("Examples").cloned()
        } else {
            cmd.get_after_long_help().map(|h| h.to_string().lines().skip(1).map(str::to_owned).collect())
        };
        if let Some(examples) = examples {
            preformatted(&mut roff, "EXAMPLES", &examples);
        }
        preformatted(&mut roff, "EXIT STATUS", &blocks["Exit codes"]);
        preformatted(&mut roff, "ENVIRONMENT", &blocks["Environment variables"]);
        preformatted(&mut roff, "FILES", &blocks["Files"]);
        let mut see_also: Vec<String> = parent.map(|p| format!("{p}(1)")).into_iter().collect();
        see_also.extend(cmd.get_subcommands().map(|s| format!("{}(1)", s.get_display_name().unwrap_or(s.get_name()))));
        if !see_also.is_empty() {
            roff.control("SH", ["SEE ALSO"]);
            roff.text([roman(see_also.join(", "))]);
        }
        roff.to_writer(&mut out).unwrap();
        let this = name.trim_end_matches(".1").to_owned();
        pages.insert(name, out);
        for sub in cmd.get_subcommands() {
            walk(sub, Some(&this), blocks, pages);
        }
    }
    walk(&root, None, &blocks, &mut pages);
    pages
}

#[test]
fn man_pages_are_fresh() {
    check_dir(&repo().join("man"), man_pages());
}

#[test]
fn man_pages_render_cleanly() {
    let have_man = Command::new("man").arg("--version").output().is_ok_and(|o| o.status.success());
    if !have_man {
        assert!(std::env::var_os("CI").is_none(), "CI must install man-db: see .ci/run");
        eprintln!("skipped: `man` is not installed");
        return;
    }
    for name in man_pages().keys() {
        let output = Command::new("man")
            .args(["--warnings", "-E", "UTF-8", "-l"])
            .arg(repo().join("man").join(name))
            .env("MANWIDTH", "80")
            .env("MAN_KEEP_FORMATTING", "0")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success() && stderr.is_empty(), "{name}: {stderr}");
        // Piped, man marks bold by overstriking (`N\bN`): a backspace takes back the character before it.
        let mut text = String::new();
        for c in String::from_utf8_lossy(&output.stdout).chars() {
            if c == '\u{8}' {
                text.pop();
            } else {
                text.push(c);
            }
        }
        for section in ["NAME", "SYNOPSIS", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
            assert!(text.contains(section), "{name} lacks {section}:\n{text}");
        }
    }
}
