//! petstore: a command-line client for the Pet Store API.
//!
//! `main` parses the [`cli`] tree and resolves the global options once into a [`context::Context`], which
//! owns the [`output::Output`] and builds the [`api::Client`] on demand with a key from [`credentials`] and a
//! base URL from the flags or [`config`]. [`commands`] holds one file per verb; each calls the API layer,
//! which never prints and never sees clap, and hands models to `output`, which renders and never calls the
//! API. [`bulk`] reads and writes the record files of `pets add --file` (JSON array, NDJSON, CSV) one record at a
//! time, and never sends or prints. Every failure becomes an [`error::Error`], which carries its exit code and
//! one hint.

pub mod api;
pub mod bulk;
pub mod cli;
pub mod commands;
pub mod config;
pub mod context;
pub mod credentials;
pub mod error;
pub mod output;
pub mod signals;

pub use error::Error;

/// Runs a command to completion, or stops at Ctrl-C, SIGTERM or SIGHUP ([`signals`]): stdout is written only
/// once a whole answer is in, so an interruption never leaves half a document behind. A command that streams
/// (a bulk add) handles signals itself: it stops sending, lets what is in flight finish, and closes its output.
pub async fn run(ctx: &context::Context, command: &cli::Command) -> Result<(), Error> {
    signals::install()?;
    if commands::handles_interrupts(command) {
        return commands::run(ctx, command).await;
    }
    let mut signals = signals::subscribe();
    tokio::select! {
        result = commands::run(ctx, command) => result,
        signal = signals.recv() => Err(Error::Interrupted { signal }),
    }
}
