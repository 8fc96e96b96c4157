//! Which streams are terminals, and whether to colour them: decided here and nowhere else.

use std::io::IsTerminal;

/// `--color`: when to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`
    Auto,
    /// Always, even when piped and despite `NO_COLOR`
    Always,
    /// Never
    Never,
}

/// Whether stdout and stderr are terminals. (stdin is never faked: see `Output::stdin_is_terminal`.)
#[derive(Debug, Clone, Copy)]
pub struct Terminals {
    pub stdout: bool,
    pub stderr: bool,
    /// Faked by the test variable: a progress bar must draw on a pipe.
    pub faked: bool,
}

/// Tests set this to `1` to make petstore treat stdout and stderr as terminals. It is read here only.
const FAKE_TERMINAL_VAR: &str = "PETSTORE_TEST_TERMINAL";

impl Terminals {
    /// The real answer, or the faked one under test.
    pub fn detect() -> Terminals {
        if std::env::var_os(FAKE_TERMINAL_VAR).is_some_and(|v| v == "1") {
            return Terminals { stdout: true, stderr: true, faked: true };
        }
        Terminals { stdout: std::io::stdout().is_terminal(), stderr: std::io::stderr().is_terminal(), faked: false }
    }
}

/// Whether a stream gets colour under `choice`. `--color always` beats `NO_COLOR`, as no-color.org asks.
pub fn use_color(choice: ColorChoice, is_terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            is_terminal
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var_os("TERM").is_none_or(|v| v != "dumb")
        }
    }
}
