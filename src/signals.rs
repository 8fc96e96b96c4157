//! The signals that end a command: Ctrl-C (SIGINT), SIGTERM (`timeout`, a container stop, a CI cancel) and
//! SIGHUP (a closed terminal). Once [`install`]ed they no longer kill the process: every command listens
//! through a [`Signals`] and stops in its own way (most are dropped at once by [`crate::run`]; a batch stops
//! sending, writes down what it did not finish, and closes its output). Each signal has its own exit code,
//! 128 plus its number, as shells report it. This module never prints.

use std::sync::OnceLock;

use tokio::sync::watch;

/// A signal that asks petstore to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// SIGINT: Ctrl-C.
    Interrupt,
    /// SIGTERM: `timeout`, `kill`, a container or a CI job being stopped.
    Terminate,
    /// SIGHUP: the terminal went away.
    Hangup,
}

impl Signal {
    /// 128 plus the signal's number (130, 143, 129), as a shell reports a process the signal ended.
    pub fn exit_code(self) -> u8 {
        match self {
            Signal::Interrupt => 130,
            Signal::Terminate => 143,
            Signal::Hangup => 129,
        }
    }

    /// What a person would call it, for messages: "interrupted", "terminated", "hung up".
    pub fn describe(self) -> &'static str {
        match self {
            Signal::Interrupt => "interrupted",
            Signal::Terminate => "terminated (SIGTERM)",
            Signal::Hangup => "the terminal hung up (SIGHUP)",
        }
    }
}

/// How many signals came, and the last one.
type Seen = (u64, Option<Signal>);

static SENDER: OnceLock<watch::Sender<Seen>> = OnceLock::new();

/// Takes over SIGINT, SIGTERM and SIGHUP for the rest of the process (on Windows, Ctrl-C and Ctrl-Break).
/// Call once, inside the Tokio runtime, before the command starts; later calls do nothing.
pub fn install() -> std::io::Result<()> {
    if SENDER.get().is_some() {
        return Ok(());
    }
    let (sender, _) = watch::channel((0, None));
    let mut streams = os::Streams::new()?;
    if SENDER.set(sender).is_err() {
        return Ok(());
    }
    tokio::spawn(async move {
        loop {
            let signal = streams.next().await;
            if let Some(sender) = SENDER.get() {
                sender.send_modify(|(count, last)| {
                    *count += 1;
                    *last = Some(signal);
                });
            }
        }
    });
    Ok(())
}

/// How many signals have come since [`install`], and the last one, read at once, from any thread: what a
/// computation that does not wait on a [`Signals`] (a `--jq` filter's watch) checks from time to time.
pub fn seen() -> (u64, Option<Signal>) {
    SENDER.get().map_or((0, None), |sender| *sender.borrow())
}

/// Listens for signals (see [`subscribe`]).
#[derive(Debug, Clone)]
pub struct Signals {
    receiver: Option<watch::Receiver<Seen>>,
}

/// A listener for the signals since [`install`]: a signal that came before it was made is heard at once (the
/// last one), so that a command that begins to listen only once it runs (a bulk add, on its own thread) does
/// not miss one that came while it was starting; petstore ends at the first signal anyway. Before [`install`]
/// it never hears one.
pub fn subscribe() -> Signals {
    let receiver = SENDER.get().map(|sender| {
        let mut receiver = sender.subscribe();
        if receiver.borrow().0 > 0 {
            receiver.mark_changed();
        }
        receiver
    });
    Signals { receiver }
}

impl Signals {
    /// The next signal. Never returns when no signal can come.
    pub async fn recv(&mut self) -> Signal {
        if let Some(receiver) = &mut self.receiver {
            while receiver.changed().await.is_ok() {
                if let (_, Some(signal)) = *receiver.borrow_and_update() {
                    return signal;
                }
            }
        }
        std::future::pending().await
    }

    /// A signal that came since the last `recv` or `pending`, consuming it.
    pub fn pending(&mut self) -> Option<Signal> {
        let receiver = self.receiver.as_mut()?;
        if receiver.has_changed().unwrap_or(false) { receiver.borrow_and_update().1 } else { None }
    }
}

#[cfg(unix)]
mod os {
    use tokio::signal::unix::{Signal as Stream, SignalKind, signal};

    use super::Signal;

    pub struct Streams {
        interrupt: Stream,
        terminate: Stream,
        hangup: Stream,
    }

    impl Streams {
        pub fn new() -> std::io::Result<Streams> {
            Ok(Streams {
                interrupt: signal(SignalKind::interrupt())?,
                terminate: signal(SignalKind::terminate())?,
                hangup: signal(SignalKind::hangup())?,
            })
        }

        pub async fn next(&mut self) -> Signal {
            tokio::select! {
                Some(()) = self.interrupt.recv() => Signal::Interrupt,
                Some(()) = self.terminate.recv() => Signal::Terminate,
                Some(()) = self.hangup.recv() => Signal::Hangup,
                else => std::future::pending().await,
            }
        }
    }
}

#[cfg(windows)]
mod os {
    use tokio::signal::windows::{CtrlBreak, CtrlC, ctrl_break, ctrl_c};

    use super::Signal;

    pub struct Streams {
        interrupt: CtrlC,
        terminate: CtrlBreak,
    }

    impl Streams {
        pub fn new() -> std::io::Result<Streams> {
            Ok(Streams { interrupt: ctrl_c()?, terminate: ctrl_break()? })
        }

        pub async fn next(&mut self) -> Signal {
            tokio::select! {
                Some(()) = self.interrupt.recv() => Signal::Interrupt,
                Some(()) = self.terminate.recv() => Signal::Terminate,
                else => std::future::pending().await,
            }
        }
    }
}
