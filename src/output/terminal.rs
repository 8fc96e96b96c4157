//! Which streams are terminals, how wide stdout's is, and whether to colour them: decided here and nowhere
//! else. Also the terminal's settings, kept while a hidden prompt has changed them.

use std::io::IsTerminal;

/// `--color`: when to colour the output (each one's words for `--help` are in [`crate::cli`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

/// Whether stdout and stderr are terminals. (stdin is never faked: see `Output::stdin_is_terminal`.)
#[derive(Debug, Clone, Copy)]
pub struct Terminals {
    pub stdout: bool,
    pub stderr: bool,
    /// Faked by the test variable: a progress bar must draw on a pipe.
    pub faked: bool,
    /// The width of stdout's terminal in columns, or 80 when it is unknown (not a terminal,
    /// faked, or a terminal that says 0).
    pub stdout_width: usize,
    /// The width of stderr's terminal, which messages wrap to; `None` when stderr is no real terminal (piped,
    /// faked) or does not say: each message then stays one line.
    pub stderr_width: Option<usize>,
}

/// The width of a terminal that does not say.
pub const DEFAULT_WIDTH: usize = 80;

/// Tests set this to `1` to make petstore treat stdout and stderr as terminals. It is read here only.
const FAKE_TERMINAL_VAR: &str = "PETSTORE_TEST_TERMINAL";

impl Terminals {
    /// The real answer, or the faked one under test.
    pub fn detect() -> Terminals {
        // A terminal's width, unless it says 0.
        let width = |size: Option<(terminal_size::Width, terminal_size::Height)>| {
            size.map(|(width, _)| usize::from(width.0)).filter(|&width| width > 0)
        };
        let stdout_width = width(terminal_size::terminal_size_of(std::io::stdout())).unwrap_or(DEFAULT_WIDTH);
        if std::env::var_os(FAKE_TERMINAL_VAR).is_some_and(|v| v == "1") {
            return Terminals::faked(true, stdout_width);
        }
        let stderr = std::io::stderr().is_terminal();
        let stderr_width = width(terminal_size::terminal_size_of(std::io::stderr())).filter(|_| stderr);
        Terminals { stdout: std::io::stdout().is_terminal(), stderr, faked: false, stdout_width, stderr_width }
    }

    /// Both streams taken for terminals (`at_terminal`), as under test, or both for pipes; messages unwrapped.
    pub fn faked(at_terminal: bool, stdout_width: usize) -> Terminals {
        Terminals { stdout: at_terminal, stderr: at_terminal, faked: at_terminal, stdout_width, stderr_width: None }
    }
}

/// Whether a stream gets colour under `choice`. `--color always` beats `NO_COLOR`, as no-color.org asks; under
/// `auto`, `NO_COLOR` beats the `CLICOLOR` convention (bixense.com/clicolors), in which `CLICOLOR_FORCE` (set,
/// not `0`) turns colour on even when piped and `CLICOLOR=0` turns it off.
pub fn use_color(choice: ColorChoice, is_terminal: bool) -> bool {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if set("NO_COLOR").is_some() => false,
        ColorChoice::Auto if set("CLICOLOR_FORCE").is_some_and(|v| v != "0") => true,
        ColorChoice::Auto => {
            is_terminal
                && set("CLICOLOR").is_none_or(|v| v != "0")
                && std::env::var_os("TERM").is_none_or(|v| v != "dumb")
        }
    }
}

/// Whether petstore runs in the background of the terminal on stdin (`&` at a shell with job control): its
/// process group is not the terminal's foreground one, and reading the terminal would stop it (`SIGTTIN`).
/// False when stdin is not a terminal.
pub fn in_background() -> bool {
    #[cfg(unix)]
    if std::io::stdin().is_terminal() {
        let stdin = std::io::stdin();
        return rustix::termios::tcgetpgrp(&stdin).is_ok_and(|foreground| foreground != rustix::process::getpgrp());
    }
    false
}

/// Discards what was typed at the terminal on stdin and not read yet (`tcflush(TCIFLUSH)`), as sudo and ssh do
/// before they ask for a password: keys pressed before a question showed (`y⏎` typed ahead while a command
/// ran) are no answer to it. Nothing happens when stdin is not a terminal: piped answers are meant.
pub fn discard_typed_ahead() {
    #[cfg(unix)]
    if std::io::stdin().is_terminal() {
        // Failing to discard leaves the question as it was before; nothing else depends on it.
        let _ = rustix::termios::tcflush(std::io::stdin(), rustix::termios::QueueSelector::IFlush);
    }
}

/// Whether the terminal on stdin hung up (its window or SSH session closed): a read of it ends as if at the
/// end of input, and its settings can no longer be read (EIO). Tells that from Ctrl-D.
pub fn hung_up() -> bool {
    #[cfg(unix)]
    {
        let stdin = std::io::stdin();
        rustix::termios::tcgetattr(&stdin).err() == Some(rustix::io::Errno::IO)
    }
    #[cfg(not(unix))]
    false
}

/// The controlling terminal's settings from before a prompt changed them (no echo, no line editing, no
/// signals; the status list also hides the cursor). The prompt puts them back itself when it ends well; when
/// it fails, or a signal abandons it mid-read, [`TerminalSettings::restore`] does, so the shell does not go on
/// without echo or cursor ([`crate::output::Output::prompt`] keeps them in a [`crate::cleanup::CleanupGuard`]).
#[derive(Clone, Debug)]
pub struct TerminalSettings {
    #[cfg(unix)]
    settings: rustix::termios::Termios,
    /// The prompt may hide the cursor, which `restore` then shows again.
    cursor: bool,
}

/// Shows the cursor (DECTCEM), as a prompt that hid it does when it ends.
const SHOW_CURSOR: &str = "\x1b[?25h";

impl TerminalSettings {
    /// The terminal's current settings, or `None` when there is no controlling terminal to read them from;
    /// `cursor`: the prompt may hide the cursor.
    pub fn save(cursor: bool) -> Option<TerminalSettings> {
        #[cfg(unix)]
        {
            let tty = std::fs::File::open("/dev/tty").ok()?;
            let settings = rustix::termios::tcgetattr(&tty).ok()?;
            Some(TerminalSettings { settings, cursor })
        }
        #[cfg(not(unix))]
        Some(TerminalSettings { cursor })
    }

    /// Puts the settings back; the bytes that show the cursor again, if it may be hidden, go into `stderr`.
    pub fn restore(&self, stderr: &mut Vec<u8>) {
        #[cfg(unix)]
        if let Ok(tty) = std::fs::File::open("/dev/tty") {
            let _ = rustix::termios::tcsetattr(&tty, rustix::termios::OptionalActions::Now, &self.settings);
        }
        if self.cursor {
            stderr.extend_from_slice(SHOW_CURSOR.as_bytes());
        }
    }
}
