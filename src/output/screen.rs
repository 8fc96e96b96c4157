//! The full screen of `petstore ui`: raw mode and the alternate screen, drawn with ratatui on stdout, and the
//! terminal put back as it was however the screen ends: the [`Screen`] dropped (a key that leaves, an error),
//! a panic (a hook, before the panic's message), or a signal (a [`crate::cleanup`] guard). What is drawn comes
//! from the server: each name passes [`super::safe`] before it reaches a cell ([`cell`]).

use std::io::{self, Stdout};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::cleanup::CleanupGuard;

/// Whether a screen is up: what the panic hook reads to know whether there is a terminal to put back.
static UP: AtomicBool = AtomicBool::new(false);

/// The full screen, for as long as it lives.
#[derive(Debug)]
pub struct Screen {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    /// Puts the terminal back when a signal ends the command with the screen up.
    guard: Option<CleanupGuard>,
}

impl Screen {
    /// Raw mode on, the alternate screen entered, the cursor hidden.
    pub fn enter() -> io::Result<Screen> {
        static HOOK: Once = Once::new();
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
        });
        let terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        let guard = CleanupGuard::new(|_, _| restore());
        // From here on, however `enter` ends, dropping the screen puts the terminal back.
        let screen = Screen { terminal, guard: Some(guard) };
        take_over()?;
        Ok(screen)
    }

    /// Stops the process as SIGTSTP does (Ctrl-Z), with the terminal put back as it was while it is stopped;
    /// once continued (`fg`), enters the screen again, to be drawn whole at the next frame.
    #[cfg(unix)]
    pub fn suspend(&mut self) -> io::Result<()> {
        restore();
        // SIGSTOP, which nothing catches: SIGTSTP itself is this screen's to handle.
        let _ = rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::STOP);
        take_over()?;
        // Every cell drawn again, the terminal's size read again (it may have changed meanwhile).
        let size = self.terminal.size()?;
        self.terminal.resize(ratatui::layout::Rect::new(0, 0, size.width, size.height))
    }

    /// Draws one frame, at the terminal's size now (a resize reflows it).
    pub fn draw(&mut self, frame: impl FnOnce(&mut ratatui::Frame<'_>)) -> io::Result<()> {
        self.terminal.draw(frame).map(drop)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        // Unless a signal or a panic did it already.
        if self.guard.take().is_some_and(CleanupGuard::disarm) {
            restore();
        }
    }
}

/// Raw mode on (to be undone from now on), the alternate screen entered and cleared, the cursor hidden. Cleared
/// here rather than by ratatui's `clear`, which asks the terminal where its cursor is first: a question some
/// terminals never answer.
fn take_over() -> io::Result<()> {
    crossterm::terminal::enable_raw_mode()?;
    UP.store(true, Ordering::SeqCst);
    crossterm::execute!(
        io::stdout(),
        crossterm::terminal::EnterAlternateScreen,
        crossterm::cursor::Hide,
        crossterm::terminal::Clear(crossterm::terminal::ClearType::All)
    )
}

/// Raw mode off, the alternate screen left, the cursor shown: once, while the screen is up.
fn restore() {
    if UP.swap(false, Ordering::SeqCst) {
        let _ = crossterm::terminal::disable_raw_mode();
        leave_screen();
    }
}

/// The sequences that leave the alternate screen and show the cursor, written to stdout's file descriptor
/// itself, without the lock of `std::io::stdout`, which a thread a signal abandoned may hold (as
/// [`crate::cleanup::write_stderr`] does for stderr). Every frame is flushed as it is drawn, so nothing drawn
/// before can come after them.
#[cfg(unix)]
fn leave_screen() {
    use std::io::Write;
    use std::os::fd::AsFd;
    let mut bytes = Vec::new();
    let _ = crossterm::queue!(bytes, crossterm::terminal::LeaveAlternateScreen, crossterm::cursor::Show);
    if let Ok(owned) = io::stdout().as_fd().try_clone_to_owned() {
        let _ = std::fs::File::from(owned).write_all(&bytes);
    }
}

/// On Windows through crossterm, which speaks to a console that takes no escape sequences in its own way.
#[cfg(not(unix))]
fn leave_screen() {
    let _ = crossterm::execute!(io::stdout(), crossterm::terminal::LeaveAlternateScreen, crossterm::cursor::Show);
}

/// Text from the server or the user as a cell of the screen shows it: control, bidi and invisible characters
/// escaped, as every terminal output is.
pub fn cell(text: &str) -> String {
    super::safe::message(text).into_owned()
}
