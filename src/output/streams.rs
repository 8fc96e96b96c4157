//! Where [`super::Output`] writes: the process's stdout and stderr, or two buffers in memory that a unit test
//! reads back (as gh's `iostreams.Test()`), so that a verb's output is tested without a process.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// The two streams an [`super::Output`] writes to. Cloning it shares them.
#[derive(Debug, Clone)]
pub(super) enum Streams {
    /// The process's own stdout and stderr.
    Process,
    /// Buffers in memory, shared with the [`Captured`] that reads them back.
    Captured(Captured),
}

impl Streams {
    /// A pair of buffers, and the handle that reads them back.
    pub(super) fn captured() -> (Streams, Captured) {
        let captured = Captured::default();
        (Streams::Captured(captured.clone()), captured)
    }

    /// Whether the streams are buffers.
    pub(super) fn is_captured(&self) -> bool {
        matches!(self, Streams::Captured(_))
    }

    /// stdout, locked for as long as the writer lives (the process's), or its buffer.
    pub(super) fn stdout(&self) -> Box<dyn Write> {
        match self {
            Streams::Process => Box::new(io::stdout().lock()),
            Streams::Captured(captured) => Box::new(captured.stdout.clone()),
        }
    }

    /// stderr, locked for as long as the writer lives (the process's), or its buffer.
    pub(super) fn stderr(&self) -> Box<dyn Write> {
        match self {
            Streams::Process => Box::new(io::stderr().lock()),
            Streams::Captured(captured) => Box::new(captured.stderr.clone()),
        }
    }

    /// stdout as a writer that may move to another thread and outlive this call, unlocked between writes.
    pub(super) fn stdout_owned(&self) -> Box<dyn Write + Send> {
        match self {
            Streams::Process => Box::new(io::stdout()),
            Streams::Captured(captured) => Box::new(captured.stdout.clone()),
        }
    }

    /// stderr as [`Streams::stdout_owned`] gives stdout.
    pub(super) fn stderr_owned(&self) -> Box<dyn Write + Send> {
        match self {
            Streams::Process => Box::new(io::stderr()),
            Streams::Captured(captured) => Box::new(captured.stderr.clone()),
        }
    }

    /// `bytes` on stderr at once: for the process, straight to its descriptor without the lock of
    /// `std::io::stderr` ([`crate::cleanup::write_stderr`]).
    pub(super) fn stderr_unlocked(&self, bytes: &[u8]) {
        match self {
            Streams::Process => crate::cleanup::write_stderr(bytes),
            Streams::Captured(captured) => captured.stderr.append(bytes),
        }
    }
}

/// Bytes in memory, shared by every clone: one stream of a captured output.
#[derive(Debug, Clone, Default)]
pub(super) struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Buffer {
    /// Appends `bytes`.
    fn append(&self, bytes: &[u8]) {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).extend_from_slice(bytes);
    }

    /// What was written so far, as text (lossily, should it not be UTF-8).
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())).into_owned()
    }
}

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.append(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What a captured [`super::Output`] wrote ([`super::Output::captured`]).
#[derive(Debug, Clone, Default)]
pub struct Captured {
    stdout: Buffer,
    stderr: Buffer,
}

impl Captured {
    /// Everything written to stdout so far.
    pub fn stdout(&self) -> String {
        self.stdout.text()
    }

    /// Everything written to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.text()
    }
}
