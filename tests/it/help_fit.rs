//! Every help page at a real pseudo-terminal 80 columns wide, coloured: `-h` is short (the command's own
//! options and one line for the global ones), `--help` has them all with the examples first, and the
//! pre-formatted blocks (examples, exit codes, variables, files) keep their shape: clap, which wraps help to
//! the terminal, finds no line of theirs to re-wrap.

use crate::assert_run;
use crate::common::pty::{assert_fits, run_at_width, strip_color};
use crate::common::{Run, TestEnv};

/// Every command as the words that name it, and its clap command as petstore shows it.
fn every_command() -> Vec<(Vec<String>, clap::Command)> {
    fn walk(cmd: &clap::Command, path: &[String], out: &mut Vec<(Vec<String>, clap::Command)>) {
        out.push((path.to_vec(), cmd.clone()));
        for sub in cmd.get_subcommands().filter(|sub| sub.get_name() != "help") {
            let mut path = path.to_vec();
            path.push(sub.get_name().to_owned());
            walk(sub, &path, out);
        }
    }
    let mut out = Vec::new();
    walk(&petstore::cli::command(), &[], &mut out);
    out
}

/// The lines of `block` that are laid out by hand: indented, under a heading.
fn preformatted(block: &str) -> impl Iterator<Item = &str> {
    block.lines().filter(|line| line.starts_with("  "))
}

#[test]
fn every_help_page_fits_80_columns_in_colour_and_keeps_its_blocks_whole() {
    let env = TestEnv::new();
    for (path, cmd) in every_command() {
        let args: Vec<&str> = path.iter().map(String::as_str).collect();
        let name = format!("petstore {}", args.join(" "));
        for flag in ["-h", "--help"] {
            let Some(run) = run_at_width(&env, &[&args[..], &[flag]].concat(), 80) else { return };
            assert_eq!(run.code, 0, "{name} {flag}: {run}");
            assert!(run.stdout.contains("\x1b["), "{name} {flag}: no colour at a terminal:\n{run}");
            assert_fits(&run.stdout, 80);
            let shown = strip_color(&run.stdout);
            let lines: Vec<&str> = shown.lines().map(str::trim_end).collect();
            if flag == "-h" {
                assert!(!shown.contains("Global options:") && !shown.contains("--cacert"), "{name} -h:\n{shown}");
                assert_eq!(lines.iter().rev().find(|l| !l.is_empty()), Some(&petstore::cli::GLOBAL_OPTIONS_NOTE));
                continue;
            }
            assert!(shown.contains("Global options:\n      --env <NAME>"), "{name} --help:\n{shown}");
            let examples = cmd.get_before_long_help().map(ToString::to_string).unwrap_or_default();
            let reference = cmd.get_after_long_help().map(ToString::to_string).unwrap_or_default();
            for line in preformatted(&examples).chain(preformatted(&reference)) {
                assert!(lines.contains(&line.trim_end()), "{name} --help re-wrapped `{line}`:\n{shown}");
            }
            // The examples come before the options and the notes.
            let at = |text: &str| shown.find(text).unwrap_or(usize::MAX);
            assert!(at("Examples:") < at("Options:") || !shown.contains("Examples:"), "{name}:\n{shown}");
            assert!(at("Examples:") < at("Global options:"), "{name} --help has no examples first:\n{shown}");
        }
    }
}

/// `-h` of every command, at 80 columns: what a person sees first, on one screen (40 lines at most; `--help`
/// keeps the long form).
#[test]
fn every_command_has_short_help() {
    let env = TestEnv::new();
    for (path, _) in every_command() {
        let run = Run::of(env.command().env("COLUMNS", "80").args(&path).arg("-h"));
        assert_eq!(run.code, 0, "{run}");
        assert!(run.stdout.lines().count() <= 40, "`petstore {} -h` is longer than 40 lines:\n{run}", path.join(" "));
        let name =
            if path.is_empty() { "short_help_root".to_owned() } else { format!("short_help_{}", path.join("_")) };
        assert_run!(name, run);
    }
}

/// Issue 34, point 4: `petstore help agents` prints the short guide for AI assistants, for this version: at
/// most 6 KB, and every `petstore ...` command it shows is one this petstore parses.
#[test]
fn help_agents_is_a_short_guide_whose_commands_all_parse() {
    let env = TestEnv::new();
    let run = env.run(&["help", "agents"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert_eq!(run.stdout, petstore::startup::agents_guide_text());
    assert!(run.stdout.len() <= 6 * 1024, "{} bytes", run.stdout.len());
    assert!(run.stdout.starts_with(&format!("# petstore {}: ", env!("CARGO_PKG_VERSION"))), "{run}");
    // Global flags around it change nothing.
    assert_eq!(env.run(&["--env", "staging", "help", "agents", "--json"]).stdout, run.stdout);
    let commands: Vec<&str> = run
        .stdout
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|code| code.starts_with("petstore ") && !code.contains("NAME") && !code.contains("ID"))
        .collect();
    assert!(commands.len() >= 8, "{commands:?}");
    for command in commands {
        let words = shlex::split(command).unwrap();
        if words[1] == "help" {
            continue;
        }
        let parsed = petstore::cli::command().try_get_matches_from(&words);
        let help = parsed.as_ref().is_err_and(|err| err.kind() == clap::error::ErrorKind::DisplayHelp);
        assert!(parsed.is_ok() || help, "`{command}` does not parse: {}", parsed.unwrap_err().kind());
    }
}
