//! What a signal must undo or say when it ends a command whose thread is then abandoned: one registry for
//! the process (jj keeps one so in `cli/src/cleanup_guard.rs`).
//!
//! A command that leaves something half-done while it waits registers a [`CleanupGuard`]: a prompt that
//! turned the terminal's echo off, a question whose line waits for its answer. When the command's own path
//! ends the wait, the owner puts things right itself and drops the guard ([`CleanupGuard::disarm`] says
//! whether it still may: once a signal has run the guard, the abandoned thread must not do it twice). When
//! a signal ends the command instead, [`Registry::end`] runs every guard still registered, once, on the
//! thread that reports the signal. Unlike jj's, a guard does not run when dropped: what a signal must do
//! differs from the normal path (the error that follows needs a line of its own).
//!
//! The registry also holds the one fact a signal's message depends on: whether a write may have reached the
//! server ([`Registry::write_started`]). Its decision and [`Registry::end`] share one lock, so a request never
//! leaves after petstore said that nothing was sent.
//!
//! What the guards write, and the last message after a signal, go to stderr's file descriptor directly
//! ([`write_stderr`]): the abandoned thread may hold the lock of `std::io::stderr` for ever (a terminal
//! stopped with Ctrl-S, a stderr pipe nobody reads), and the process must still end.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};

use crate::signals::Signal;

/// What a guard does when a signal ends the command: it may write bytes for stderr into the buffer (all the
/// guards' bytes are written at once).
type Undo = Box<dyn FnOnce(Signal, &mut Vec<u8>) + Send>;

/// The guards of one process, and what a signal must say about writes.
pub struct Registry {
    state: Mutex<State>,
}

struct State {
    next: u64,
    guards: BTreeMap<u64, Undo>,
    writes: Writes,
}

/// What a signal must say about writes, decided under the registry's lock.
#[derive(Debug, Clone)]
enum Writes {
    /// Nothing was sent that may change anything.
    None,
    /// Nothing was sent yet, but a write is on its way: its question is asked, or answered yes. A signal now
    /// says that nothing was sent to its target (`to `shop``).
    Intended(String),
    /// A write may have reached the server: its request was allowed out. It stays so for the rest of the run,
    /// answered or not, since a signal after its answer may still come before the result is shown.
    Started(WriteInFlight),
    /// A signal ended the command, which said that nothing was sent: nothing may be sent from now on.
    Stopped(Signal),
}

/// A request that may change something on the server, for as long as its outcome is not known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteInFlight {
    /// `POST /pets`
    pub request: String,
    /// What may have happened, e.g. "the animal may have been created".
    pub outcome: &'static str,
    /// How to find out, naming a command.
    pub check: String,
}

/// How a signal ended the command, for its error ([`Registry::end`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// Nothing that may change anything was sent, and nothing will be; `Signal` is the first signal.
    NothingSent(Signal),
    /// The write that was on its way ([`Registry::write_intended`]) was not sent, nor anything else: `to` says
    /// where it would have gone.
    NotSent { signal: Signal, to: String },
    /// This write may have reached the server.
    MaybeApplied(WriteInFlight),
}

static REGISTRY: Registry = Registry::new();

/// The process's registry.
pub fn registry() -> &'static Registry {
    &REGISTRY
}

impl Registry {
    /// An empty registry (the process has one, [`registry`]; tests make their own).
    const fn new() -> Registry {
        Registry { state: Mutex::new(State { next: 0, guards: BTreeMap::new(), writes: Writes::None }) }
    }

    /// Registers `undo`, to run if a signal ends the command before the guard is dropped.
    pub fn guard(&'static self, undo: impl FnOnce(Signal, &mut Vec<u8>) + Send + 'static) -> CleanupGuard {
        let mut state = self.lock();
        let slot = state.next;
        state.next += 1;
        state.guards.insert(slot, Box::new(undo));
        CleanupGuard { registry: self, slot: Some(slot) }
    }

    /// A write to `to` (`` to `shop` ``) is on its way, not sent yet (its question is being asked): a signal
    /// from now until [`Registry::write_started`] ends the command saying that nothing was sent there.
    pub fn write_intended(&self, to: String) {
        let mut state = self.lock();
        if matches!(state.writes, Writes::None) {
            state.writes = Writes::Intended(to);
        }
    }

    /// Asks leave to send `write`, just before its request can go out (after everything local was checked
    /// and read). From then on a signal ends the command with [`Ended::MaybeApplied`]. Once a signal has ended
    /// it with [`Ended::NothingSent`], leave is refused with that first signal.
    pub fn write_started(&self, write: WriteInFlight) -> Result<(), Signal> {
        let mut state = self.lock();
        match state.writes {
            Writes::Stopped(signal) => Err(signal),
            Writes::None | Writes::Intended(_) | Writes::Started(_) => {
                state.writes = Writes::Started(write);
                Ok(())
            }
        }
    }

    /// `signal` ends the command: runs every guard still registered (in the order they were made) and writes
    /// what they have to say to stderr ([`write_stderr`]); says what the error must tell. After
    /// [`Ended::NothingSent`], no write may start.
    pub fn end(&self, signal: Signal) -> Ended {
        let (ended, guards) = {
            let mut state = self.lock();
            let ended = match &state.writes {
                Writes::Started(write) => Ended::MaybeApplied(write.clone()),
                Writes::Stopped(first) => Ended::NothingSent(*first),
                Writes::None => Ended::NothingSent(signal),
                Writes::Intended(to) => Ended::NotSent { signal, to: to.clone() },
            };
            // Nothing was sent: nothing may be, from now on.
            if let Writes::None | Writes::Intended(_) = state.writes {
                state.writes = Writes::Stopped(signal);
            }
            (ended, std::mem::take(&mut state.guards))
        };
        // Run outside the lock: a guard may take its time (a terminal's settings), and none may register
        // another from here.
        let mut bytes = Vec::new();
        for undo in guards.into_values() {
            undo(signal, &mut bytes);
        }
        if !bytes.is_empty() {
            write_stderr(&bytes);
        }
        ended
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A guard never runs under the lock, so a poisoned lock holds consistent state.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = self.lock();
        f.debug_struct("Registry").field("guards", &state.guards.len()).field("writes", &state.writes).finish()
    }
}

/// Something a signal must undo, registered in a [`Registry`] until dropped.
#[derive(Debug)]
#[must_use = "a guard is unregistered when dropped"]
pub struct CleanupGuard {
    registry: &'static Registry,
    slot: Option<u64>,
}

impl CleanupGuard {
    /// Registers `undo` in the process's registry ([`Registry::guard`]).
    pub fn new(undo: impl FnOnce(Signal, &mut Vec<u8>) + Send + 'static) -> CleanupGuard {
        registry().guard(undo)
    }

    /// Unregisters the guard without running it; says whether it was still registered, i.e. whether the
    /// owner should put things right itself (false once a signal has run it).
    pub fn disarm(mut self) -> bool {
        self.take()
    }

    fn take(&mut self) -> bool {
        match self.slot.take() {
            Some(slot) => self.registry.lock().guards.remove(&slot).is_some(),
            None => false,
        }
    }
}

impl Drop for CleanupGuard {
    fn drop(&mut self) {
        self.take();
    }
}

/// Writes `bytes` to stderr's file descriptor (handle, on Windows) itself, without the lock of
/// `std::io::stderr`, which an abandoned thread may hold for ever. A stderr that is closed or gone is
/// ignored: there is nowhere left to say anything. `std::io::Stderr` buffers nothing, so nothing written
/// before through it can come after these bytes.
pub fn write_stderr(bytes: &[u8]) {
    use std::io::Write;
    #[cfg(unix)]
    let owned = {
        use std::os::fd::AsFd;
        std::io::stderr().as_fd().try_clone_to_owned()
    };
    #[cfg(windows)]
    let owned = {
        use std::os::windows::io::AsHandle;
        std::io::stderr().as_handle().try_clone_to_owned()
    };
    if let Ok(owned) = owned {
        let _ = std::fs::File::from(owned).write_all(bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry() -> &'static Registry {
        Box::leak(Box::new(Registry::new()))
    }

    fn write(request: &str) -> WriteInFlight {
        WriteInFlight { request: request.to_owned(), outcome: "it may have happened", check: "look".to_owned() }
    }

    #[test]
    fn a_signal_runs_each_registered_guard_once_and_a_disarmed_one_never() {
        let registry = registry();
        let ran = std::sync::Arc::new(Mutex::new(Vec::new()));
        let guard = |name: &'static str| {
            let ran = ran.clone();
            registry.guard(move |signal, _| ran.lock().unwrap().push((name, signal)))
        };
        let (first, second, third) = (guard("first"), guard("second"), guard("third"));
        assert!(second.disarm(), "nothing ran it yet");
        drop(third);
        assert_eq!(registry.end(Signal::Terminate), Ended::NothingSent(Signal::Terminate));
        assert_eq!(*ran.lock().unwrap(), [("first", Signal::Terminate)]);
        assert!(!first.disarm(), "the signal ran it: its owner must not do it again");
        registry.end(Signal::Hangup);
        assert_eq!(ran.lock().unwrap().len(), 1, "a guard runs once");
    }

    #[test]
    fn a_signal_after_a_write_started_says_it_may_have_been_applied() {
        let registry = registry();
        assert_eq!(registry.write_started(write("POST /pets")), Ok(()));
        assert_eq!(registry.end(Signal::Interrupt), Ended::MaybeApplied(write("POST /pets")));
        assert_eq!(registry.end(Signal::Hangup), Ended::MaybeApplied(write("POST /pets")));
        assert_eq!(registry.write_started(write("POST /pets")), Ok(()), "a batch may send on");
    }

    #[test]
    fn a_signal_at_a_write_s_question_says_nothing_was_sent_there_and_none_may_start() {
        let registry = registry();
        registry.write_intended("to `shop`".to_owned());
        let to = "to `shop`".to_owned();
        assert_eq!(registry.end(Signal::Interrupt), Ended::NotSent { signal: Signal::Interrupt, to });
        assert_eq!(registry.write_started(write("POST /pets")), Err(Signal::Interrupt));
        let registry = self::registry();
        registry.write_intended("to `shop`".to_owned());
        assert_eq!(registry.write_started(write("POST /pets")), Ok(()), "answered yes: sent");
        assert_eq!(registry.end(Signal::Interrupt), Ended::MaybeApplied(write("POST /pets")));
    }

    #[test]
    fn after_a_signal_said_nothing_was_sent_no_write_may_start() {
        let registry = registry();
        assert_eq!(registry.end(Signal::Hangup), Ended::NothingSent(Signal::Hangup));
        assert_eq!(registry.write_started(write("POST /pets")), Err(Signal::Hangup));
        assert_eq!(registry.end(Signal::Interrupt), Ended::NothingSent(Signal::Hangup), "the first signal");
    }

    #[test]
    fn guards_registered_and_dropped_from_many_threads_run_at_most_once() {
        let registry = registry();
        let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let count = count.clone();
                std::thread::spawn(move || {
                    let mut disarmed = 0;
                    for _ in 0..200 {
                        let count = count.clone();
                        let guard = registry.guard(move |_, _| {
                            count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        });
                        disarmed += usize::from(guard.disarm());
                    }
                    disarmed
                })
            })
            .collect();
        registry.end(Signal::Interrupt);
        let disarmed: usize = threads.into_iter().map(|thread| thread.join().unwrap()).sum();
        assert_eq!(disarmed + count.load(std::sync::atomic::Ordering::SeqCst), 8 * 200);
    }
}
