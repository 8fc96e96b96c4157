//! `completions/` and `man/` are generated from the clap tree by the library (`commands::completions::script`,
//! `man::pages`) and committed; these tests only compare the bytes and fail when the committed files differ. `PETSTORE_UPDATE_GENERATED=1 cargo test --workspace generated`
//! rewrites them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use clap_complete::Shell;

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

#[test]
fn man_pages_are_fresh() {
    check_dir(&repo().join("man"), petstore::man::pages());
}

#[test]
fn man_pages_render_cleanly() {
    if !crate::common::have_tool("man", "man-db") {
        return;
    }
    for name in petstore::man::pages().keys() {
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
        // At 80 columns, the reference sections fit: man fills them to the width.
        let reference = text.split_once("\nEXIT STATUS\n").map(|(_, rest)| rest).unwrap_or_default();
        let reference = reference.split("\nSEE ALSO\n").next().unwrap_or_default();
        for line in reference.lines() {
            assert!(line.chars().count() <= 80, "{name}: a line over 80 columns:\n{line}\n\n{reference}");
        }
        // The synopsis names each option's value, as `--help` does.
        let synopsis = text.split_once("SYNOPSIS\n").map(|(_, rest)| rest).unwrap_or_default();
        let synopsis = synopsis.split("\n\n").next().unwrap_or_default();
        assert!(synopsis.contains("[--env NAME]"), "{name}:\n{synopsis}");
        if name == "petstore-pets-list.1" {
            assert!(synopsis.contains("[--status STATUS] [--limit N]"), "{synopsis}");
        }
    }
}
