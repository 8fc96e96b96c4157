//! A real pseudo-terminal of a given width (`script`, from util-linux), for what only a terminal shows: colour
//! chosen by `--color auto`, the width a table must keep to, help wrapped to the terminal.

use std::process::Command;

use super::{Run, TestEnv, have_tool};

/// `petstore ARGS` as [`TestEnv::command`] runs it, in a pseudo-terminal `columns` wide, with colour as a terminal that can show it gets it
/// (`TERM=xterm-256color`, no `NO_COLOR`). stdout and stderr are the terminal: both come back as stdout, CRLF
/// made LF. `None` when `script` is missing and the developer chose to skip such tests ([`have_tool`]).
pub fn run_at_width(env: &TestEnv, args: &[&str], columns: u16) -> Option<Run> {
    run_command_at_width(&env.command(), args, columns)
}

/// Like [`run_at_width`], with the environment variables of `petstore` (a [`TestEnv::command`] changed).
pub fn run_command_at_width(petstore: &Command, args: &[&str], columns: u16) -> Option<Run> {
    if !have_tool("script", "bsdutils (util-linux)") {
        return None;
    }
    let bin = env!("CARGO_BIN_EXE_petstore");
    let argv = shlex::try_join(std::iter::once(bin).chain(args.iter().copied())).expect("no NUL in arguments");
    // `stty` sizes the terminal `script` made before petstore asks how wide it is.
    let shell = format!("stty cols {columns} rows 50 && exec {argv}");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &shell, "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "xterm-256color");
    for (name, value) in petstore.get_envs() {
        match value {
            Some(value) => cmd.env(name, value),
            None => cmd.env_remove(name),
        };
    }
    let mut run = Run::checked(cmd.stdin(std::process::Stdio::null()).output().expect("script runs"));
    run.stdout = run.stdout.replace("\r\n", "\n");
    Some(run)
}

/// `text` without its SGR escape sequences (`ESC [ ... m`): what the terminal shows.
pub fn strip_color(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' && chars.clone().next() == Some('[') {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            plain.push(c);
        }
    }
    plain
}

/// Fails unless every line of `text`, as shown, fits in `columns`; returns the widest line's width.
pub fn assert_fits(text: &str, columns: usize) -> usize {
    let plain = strip_color(text);
    assert!(!plain.contains('\x1b'), "an escape sequence other than colour:\n{text:?}");
    let widest = plain.lines().map(unicode_width::UnicodeWidthStr::width).max().unwrap_or(0);
    for line in plain.lines() {
        let width = unicode_width::UnicodeWidthStr::width(line);
        assert!(width <= columns, "a line of {width} columns at a terminal of {columns}:\n{line}\n\n{plain}");
    }
    widest
}
