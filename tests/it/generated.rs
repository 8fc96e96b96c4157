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

/// `source <(COMPLETE=fish petstore)`'s question when the user presses Tab with `words` typed, the last being
/// the word completed: the candidates, `VALUE\tDESCRIPTION` a line.
fn complete(cmd: &mut Command, words: &[&str]) -> Run {
    let index = (words.len() - 1).to_string();
    Run::of(cmd.env("COMPLETE", "fish").env("_CLAP_COMPLETE_INDEX", index).arg("--").arg("petstore").args(words))
}

/// Issue 35, point 5: completion knows the store. `pets get` and `pets find --id` offer the ids with their
/// names, `pets find --name` the names, `--columns` the command's columns one comma-separated item at a
/// time, the first word the aliases beside the commands; from the environment the line selects.
#[test]
fn dynamic_completion_offers_the_store_s_ids_and_names_columns_and_aliases() {
    let env = TestEnv::with(petstore_sandbox::Config::default().seed_pets(3));
    let ids = complete(&mut env.command(), &["pets", "get", ""]);
    assert_eq!((ids.code, ids.stderr.as_str()), (0, ""), "{ids}");
    let offered: Vec<&str> = ids.stdout.lines().take_while(|line| !line.starts_with("--")).collect();
    let names: Vec<String> =
        env.sandbox.pets().iter().map(|pet| format!("{}\t{}", pet["id"], pet["name"].as_str().unwrap())).collect();
    assert_eq!(offered, names, "{ids}");
    let find = complete(&mut env.command(), &["pets", "find", "--id", ""]);
    assert_eq!(find.stdout.lines().collect::<Vec<_>>(), names, "{find}");
    let by_name = complete(&mut env.command(), &["pets", "find", "--name", ""]);
    let mut expected: Vec<String> =
        env.sandbox.pets().iter().map(|pet| pet["name"].as_str().unwrap().to_owned()).collect();
    expected.sort();
    assert_eq!(by_name.stdout.lines().collect::<Vec<_>>(), expected, "{by_name}");
    let columns = complete(&mut env.command(), &["pets", "list", "--columns", "id,"]);
    assert_eq!(columns.stdout, "id,name\nid,categoryId\nid,status\n", "{columns}");
    let columns = complete(&mut env.command(), &["env", "list", "--columns", "na"]);
    assert_eq!(columns.stdout, "name\n", "{columns}");
    env.write_config("[aliases]\navail = \"pets list --status available\"\n");
    let first = complete(&mut env.command(), &["a"]);
    assert!(first.stdout.contains("avail\talias: petstore pets list --status available\n"), "{first}");
}

/// A completion never holds up the prompt, asks or prints: a server that never answers, and a key kept in a
/// keyring that cannot be reached without asking, offer nothing, at once and without a word.
#[test]
fn dynamic_completion_offers_nothing_rather_than_wait_ask_or_print() {
    let env = TestEnv::new();
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", silent.local_addr().unwrap());
    let started = std::time::Instant::now();
    let mut cmd = env.command();
    let run = complete(cmd.env("PETSTORE_BASE_URL", &url), &["pets", "find", "--name", ""]);
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "", ""), "{run}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "bounded: {:?}", started.elapsed());
    // Logged in with the OS keyring, no variable: the keyring is not asked (it could ask to be unlocked).
    env.write_config(&format!(
        "[environments.shop]\nbase_url = \"{}\"\nkey_storage = \"keyring\"\n",
        env.sandbox.base_url()
    ));
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").env("PETSTORE_ENV", "shop");
    let run = complete(&mut cmd, &["pets", "get", ""]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert!(run.stdout.lines().all(|line| line.starts_with("--")), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
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

/// A name from the store reaches the shell as a word it takes as it is (quoted where it must be), and a name
/// that could drive the terminal from the shell's menu not at all.
#[test]
fn completed_names_are_shell_words_and_never_control_characters() {
    let env = TestEnv::with(petstore_sandbox::Config::default().seed_pets(0));
    for name in ["Rex the dog", "$(touch pwned)", "Esc\u{1b}]0;owned\u{7}"] {
        env.run(&["pets", "add", "--name", name, "--category-id", "1"]);
    }
    let run = complete(&mut env.command(), &["pets", "find", "--name", ""]);
    assert_eq!(run.stdout, "'$(touch pwned)'\n'Rex the dog'\n", "{run}");
}
