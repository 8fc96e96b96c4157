//! Asking a person at a terminal: the hidden prompt of `auth login`, the questions before a write, the prompts
//! of `pets add`; whether anyone can be asked at all ([`CannotAsk`]); and what a signal must put right when it
//! ends a command in the middle of one (the terminal's echo, the question's open line).

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::streams::Streams;
use super::{Output, TerminalSettings, safe, terminal};
use crate::cleanup::CleanupGuard;

impl Output {
    /// The hidden prompt of `auth login`: the prompt goes to stderr, the key is read from the terminal without
    /// echo. Ctrl-C there is an error of kind `Interrupted` (and a SIGINT); if another signal ends the command
    /// meanwhile, the [`crate::cleanup`] registry gives the terminal its echo back and ends the prompt's line.
    pub fn prompt_secret(&self, prompt: &str) -> io::Result<String> {
        // rpassword puts the settings back itself however the read ends: the guard is only for a signal. At
        // the Ctrl-C key rpassword ends the line and raises SIGINT itself; a SIGINT from elsewhere (`kill`)
        // finds the line open, so what it wrote last decides.
        let line_ended = Arc::new(AtomicBool::new(false));
        let _guard = TerminalSettings::save(false).map(|saved| guard_terminal(saved, Arc::clone(&line_ended)));
        rpassword::prompt_password_with_config(
            safe::message(prompt),
            rpassword::ConfigBuilder::new()
                .output_writer(LineEnds { inner: self.streams.stderr_owned(), line_ended })
                .build(),
        )
    }

    /// Runs a prompt that changes the terminal (dialoguer's: raw mode, and a hidden cursor when `cursor`),
    /// keeping its settings first: however the prompt ends (an answer, the Ctrl-C key, an error) they are put
    /// back and the cursor shown, and a signal meanwhile puts them back through the [`crate::cleanup`]
    /// registry.
    pub fn prompt<T>(&self, cursor: bool, prompt: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
        let saved = TerminalSettings::save(cursor);
        // dialoguer reads the Ctrl-C key itself (raw mode): a signal meanwhile comes from elsewhere and finds
        // the prompt's line open.
        let guard = saved.clone().map(|saved| guard_terminal(saved, Arc::new(AtomicBool::new(false))));
        let answer = prompt();
        // Unless a signal did it already, from the thread that reports it.
        if let (Some(saved), Some(guard)) = (saved, guard)
            && guard.disarm()
        {
            let mut bytes = Vec::new();
            saved.restore(&mut bytes);
            // Ctrl-C or Ctrl-D read as a key ends the prompt without ending its line: the error that follows
            // needs one of its own.
            if answer
                .as_ref()
                .is_err_and(|err| matches!(err.kind(), io::ErrorKind::Interrupted | io::ErrorKind::UnexpectedEof))
            {
                bytes.push(b'\n');
            }
            let mut stderr = self.streams.stderr();
            let _ = stderr.write_all(&bytes).and_then(|()| stderr.flush());
        }
        answer
    }

    /// Whether the terminal on stdin hung up (a closed window or SSH session), which ends a read of it as if
    /// at the end of input: a prompt or question that ends so is ended by the hangup, not by the user.
    pub fn terminal_hung_up(&self) -> bool {
        terminal::hung_up()
    }

    /// Why nobody can be asked, in words that follow "petstore ..."; `None` when a person can be: stdin and
    /// stderr are terminals, no AI assistant runs petstore, and it runs in the foreground of stdin's terminal
    /// (in the background, `&`, a read of the terminal would stop it). The one place that decides it: every
    /// prompt asks it (`pets add`'s, the question before a write, `auth login`'s key, `ui`).
    pub fn cannot_ask(&self) -> Option<CannotAsk> {
        if !self.stdin_is_terminal() || !self.stderr_is_terminal() {
            Some(CannotAsk::NoTerminal)
        } else if let Some(variable) = self.assistant() {
            Some(CannotAsk::Assistant(variable))
        } else if terminal::in_background() {
            Some(CannotAsk::Background)
        } else {
            None
        }
    }

    /// A question on stderr whose answer is typed on the same line (the one before a write): shown even with
    /// `--quiet`, which hides notes, not decisions. Until [`Question::answered`], a signal's error starts on a
    /// line of its own (the [`crate::cleanup`] registry ends the question's line). What was typed at the
    /// terminal before it shows is discarded first: only keys pressed after a person saw the question answer it.
    pub fn question(&self, question: &str) -> Question {
        terminal::discard_typed_ahead();
        self.next_question(question)
    }

    /// A question like [`Output::question`] that keeps what was typed ahead: one of a series a person answers
    /// in turn (`petstore ui`'s accessible mode), where typing the next answer early is no slip.
    pub fn next_question(&self, question: &str) -> Question {
        // Registered before the question shows: a Ctrl-C typed the moment it appears finds the line to end.
        let open = CleanupGuard::new(|_, stderr| stderr.push(b'\n'));
        let mut stderr = self.streams.stderr();
        // Wrapped as every message is; the answer is typed after the last line's closing space.
        let question = safe::message(question);
        let trimmed = question.trim_end();
        let _ = write!(stderr, "{}{}", self.wrapped("", trimmed), &question[trimmed.len()..]);
        let _ = stderr.flush();
        Question { open, streams: self.streams.clone() }
    }

    /// The variable that says an AI assistant runs petstore, if one does: [`AGENT_VAR`] when set, else the first of
    /// [`ASSISTANT_VARS`] set and not empty (for a prefix, the first such variable by name). An assistant is asked
    /// nothing: what needs a person's answer needs the flag that gives it (`--yes`, `--name`), as off a terminal.
    pub fn assistant(&self) -> Option<String> {
        if let Some(on) = self.agent {
            return on.then(|| AGENT_VAR.to_owned());
        }
        ASSISTANT_VARS.into_iter().find_map(|name| match name.strip_suffix('*') {
            Some(prefix) => std::env::vars_os()
                .filter(|(_, value)| !value.is_empty())
                .filter_map(|(var, _)| var.into_string().ok())
                .filter(|var| var.starts_with(prefix))
                .min(),
            None => std::env::var_os(name).is_some_and(|value| !value.is_empty()).then(|| name.to_owned()),
        })
    }

    /// Whether stdin is a terminal (never faked: a test must not read a developer's terminal; never for a
    /// captured output, [`Output::captured`]).
    pub fn stdin_is_terminal(&self) -> bool {
        use std::io::IsTerminal;
        !self.streams.is_captured() && io::stdin().is_terminal()
    }
}

/// A question on stderr waiting for its answer on the same line ([`Output::question`]).
#[derive(Debug)]
#[must_use = "a question is answered"]
pub struct Question {
    /// Ends the question's line if a signal ends the command first.
    open: CleanupGuard,
    /// Where the question was asked.
    streams: Streams,
}

impl Question {
    /// The answer came; `ended_line` is false when it did not end the line itself (Ctrl-D, a signal), which
    /// is then ended here, unless a signal's cleanup did it already.
    pub fn answered(self, ended_line: bool) {
        if self.open.disarm() && !ended_line {
            to_stderr!(self.streams);
        }
    }
}

/// Registers `saved` to be put back if a signal abandons the prompt that changed the terminal; the error
/// that follows then starts on a line of its own, unless the prompt ended its line itself (`line_ended`,
/// whatever the signal: a SIGINT may come from the Ctrl-C key or from `kill`).
fn guard_terminal(saved: TerminalSettings, line_ended: Arc<AtomicBool>) -> CleanupGuard {
    CleanupGuard::new(move |_, stderr| {
        saved.restore(stderr);
        if !line_ended.load(Ordering::SeqCst) {
            stderr.push(b'\n');
        }
    })
}

/// A prompt's writer that keeps whether the last byte it wrote ended a line ([`guard_terminal`]).
struct LineEnds<W> {
    inner: W,
    line_ended: Arc<AtomicBool>,
}

impl<W: Write> Write for LineEnds<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes)?;
        if let Some(last) = bytes[..written].last() {
            self.line_ended.store(*last == b'\n', Ordering::SeqCst);
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The variables by which AI assistants mark the commands they run, even at a terminal of their own (a
/// pseudo-terminal is no person), each set and not empty: the one list, which docs/environments.md repeats. A
/// name ending in `*` is a prefix: Aider sets no variable of its own in the commands it runs, but it is
/// configured by `AIDER_*` variables, which its commands inherit.
pub const ASSISTANT_VARS: [&str; 12] = [
    "CLAUDECODE",             // Claude Code
    "CLAUDE_CODE_ENTRYPOINT", // Claude Code (`cli`, `sdk-ts`, ...)
    "CLINE_ACTIVE",           // Cline
    "CODEX_SANDBOX",          // OpenAI's Codex CLI, in its sandbox
    "CODEX_CI",               // Codex, non-interactive (`codex exec`)
    "CODEX_THREAD_ID",        // Codex, in every command of a session
    "CURSOR_AGENT",           // Cursor's agent
    "GEMINI_CLI",             // Google's Gemini CLI
    "OPENCODE",               // opencode
    "AIDER_*",                // Aider's own settings (`AIDER_MODEL`, ...)
    "AGENT",                  // the generic marker some agents set (`AGENT=amp`, ...)
    "AI_AGENT",               // the generic marker Vercel proposes (`AI_AGENT=claude-code`)
];

/// Overrides the guess from [`ASSISTANT_VARS`]: off when a person is at the terminal after all, on when an
/// assistant runs petstore without any of those variables (read at start-up, `startup::switch`).
pub const AGENT_VAR: &str = "PETSTORE_AGENT";

/// Why a person cannot be asked ([`Output::cannot_ask`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CannotAsk {
    /// stdin or stderr is not a terminal: a script, a pipe, a cron job, an agent.
    NoTerminal,
    /// An AI assistant runs petstore at a terminal of its own: the variable that says so.
    Assistant(String),
    /// petstore runs in the background of its terminal (`&`): reading the terminal would stop it.
    Background,
}

impl CannotAsk {
    /// Why, in words that follow "cannot ask before writing to `ENV`: ".
    pub fn describe(&self) -> String {
        match self {
            CannotAsk::NoTerminal => "stdin and stderr are not both terminals".to_owned(),
            CannotAsk::Assistant(variable) => format!("an AI assistant runs petstore (`{variable}` is set)"),
            CannotAsk::Background => "petstore runs in the background of its terminal".to_owned(),
        }
    }

    /// The other way to answer, for the hint.
    pub fn instead(&self) -> &'static str {
        match self {
            CannotAsk::NoTerminal => "run it at a terminal to answer the question",
            CannotAsk::Assistant(_) => "set `PETSTORE_AGENT=0` if a person is at this terminal to answer",
            CannotAsk::Background => "run it in the foreground to answer the question",
        }
    }
}
