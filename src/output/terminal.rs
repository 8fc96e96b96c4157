//! Which streams are terminals, how wide stdout's is, and whether to colour them: decided here and nowhere
//! else. Also the terminal's settings, kept while a hidden prompt has changed them.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};

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
    /// The width of stdout's terminal in columns, or 80 when it is unknown (not a terminal,
    /// faked, or a terminal that says 0).
    pub stdout_width: usize,
}

/// The width of a terminal that does not say.
pub const DEFAULT_WIDTH: usize = 80;

/// Tests set this to `1` to make petstore treat stdout and stderr as terminals. It is read here only.
const FAKE_TERMINAL_VAR: &str = "PETSTORE_TEST_TERMINAL";

impl Terminals {
    /// The real answer, or the faked one under test.
    pub fn detect() -> Terminals {
        let stdout_width = terminal_size::terminal_size_of(std::io::stdout())
            .map(|(width, _)| usize::from(width.0))
            .filter(|&width| width > 0)
            .unwrap_or(DEFAULT_WIDTH);
        if std::env::var_os(FAKE_TERMINAL_VAR).is_some_and(|v| v == "1") {
            return Terminals { stdout: true, stderr: true, faked: true, stdout_width };
        }
        Terminals {
            stdout: std::io::stdout().is_terminal(),
            stderr: std::io::stderr().is_terminal(),
            faked: false,
            stdout_width,
        }
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
/// it fails, or a signal abandons it mid-read, [`SavedTerminal::restore`] does, so the shell does not go on
/// without echo or cursor.
#[derive(Debug, Clone, Default)]
pub struct SavedTerminal {
    #[cfg(unix)]
    saved: Arc<Mutex<Option<(rustix::termios::Termios, bool)>>>,
    #[cfg(not(unix))]
    saved: Arc<Mutex<Option<((), bool)>>>,
}

/// Shows the cursor (DECTCEM), as a prompt that hid it does when it ends.
const SHOW_CURSOR: &str = "\x1b[?25h";

impl SavedTerminal {
    /// Keeps the terminal's current settings, until [`SavedTerminal::forget`] or [`SavedTerminal::restore`];
    /// `cursor`: the prompt may hide the cursor, which `restore` then shows again.
    pub fn save(&self, cursor: bool) {
        #[cfg(unix)]
        if let Ok(tty) = std::fs::File::open("/dev/tty")
            && let Ok(settings) = rustix::termios::tcgetattr(&tty)
        {
            *self.lock() = Some((settings, cursor));
        }
        #[cfg(not(unix))]
        {
            *self.lock() = Some(((), cursor));
        }
    }

    /// The prompt ended and put the settings back itself.
    pub fn forget(&self) {
        *self.lock() = None;
    }

    /// Puts the saved settings back (and shows the cursor), if a prompt is still under way; says whether one
    /// was.
    pub fn restore(&self) -> bool {
        let Some((settings, cursor)) = self.lock().take() else { return false };
        #[cfg(unix)]
        if let Ok(tty) = std::fs::File::open("/dev/tty") {
            let _ = rustix::termios::tcsetattr(&tty, rustix::termios::OptionalActions::Now, &settings);
        }
        #[cfg(not(unix))]
        let () = settings;
        if cursor {
            use std::io::Write;
            let mut stderr = std::io::stderr().lock();
            let _ = stderr.write_all(SHOW_CURSOR.as_bytes()).and_then(|()| stderr.flush());
        }
        true
    }

    #[cfg(unix)]
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(rustix::termios::Termios, bool)>> {
        self.saved.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    #[cfg(not(unix))]
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<((), bool)>> {
        self.saved.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
