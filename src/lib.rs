//! petstore: a command-line client for the Pet Store API.
//!
//! The domain lives in the `petstore-core` crate below this one ([`petstore_core::api`],
//! [`petstore_core::config`], [`petstore_core::credentials`], [`petstore_core::bulk`]): it never prints and
//! never sees clap, and each of its modules has its own error enum, which [`error`] turns into words, a hint
//! and an exit code; Cargo keeps the edge one way, and every use of it here says `petstore_core::`. [`startup`] is the one
//! room for everything before a command runs (aliases, `help --json`, the [`cli`] tree, the config read once,
//! the environment chosen once, its defaults, the output settings) and hands plain settings to a
//! [`context::Context`], which owns the [`output::Output`] and builds the API client on demand with a key
//! from the credentials and a base URL from the flags or the config; `main` only starts up, runs the command
//! and reports its error. [`commands`] holds one file per verb; each calls the API layer and hands
//! models to `output`, which renders and never calls the API. The core's `bulk` reads and writes the record files of
//! `pets add --file` (JSON array, NDJSON, CSV) one record at a time, and never sends or prints. Every failure
//! becomes an [`error::Error`], which carries its exit code and one hint. [`man`] builds the man pages from
//! the same tree as the completion scripts. [`run`] runs each command on a thread of its own, so that a
//! [`signals`] always ends it; what the abandoned thread leaves half-done (a terminal without echo, a
//! question's open line) is put right by the one [`cleanup`] registry, which also knows whether a write may
//! have reached the server. What each command prints and whether it handles signals itself, it says once
//! ([`commands::About`]).

pub mod cleanup;
pub mod cli;
pub mod commands;
pub mod complete;
pub mod context;
pub mod error;
pub mod help_json;
pub mod journal;
pub mod man;
pub mod output;
pub mod shell_words;
pub mod signals;
pub mod startup;
#[cfg(test)]
mod verb_tests;

use std::sync::Arc;

pub use error::Error;

/// The stack of the thread a command runs on: the main thread's usual 8 MiB, so that a deep `--jq` program
/// or document fares as it would there.
const COMMAND_STACK_BYTES: usize = 8 * 1024 * 1024;

/// Runs a command to completion, or stops at Ctrl-C, SIGTERM or SIGHUP ([`signals`]).
///
/// The command runs on a thread of its own, with a runtime of its own, while this task only waits for its
/// result or a signal: whatever the command blocks on (a read of stdin or of a prompt, a `--jq` program that
/// never ends, a table being rendered, a stdout nobody reads), a signal ends it at once, and the command's
/// thread is abandoned to the exit. stdout is written only once a whole answer is in, so an interruption
/// rarely leaves half a document behind. A write that may have reached the server when the signal came says
/// so ([`context::Context::interrupted`]); once this task has said that nothing was sent, the command's thread
/// can send nothing more ([`context::Context::write_started`]). A command that streams (a bulk add) handles signals itself: it stops
/// sending, lets what is in flight finish, and closes its output; this task then waits for it.
pub async fn run(ctx: Arc<context::Context>, command: cli::Command) -> Result<(), Error> {
    signals::install().map_err(|source| Error::start("install the signal handlers", source))?;
    let mut signals = signals::subscribe();
    let handles_interrupts = command.about().handles_interrupts;
    // Before any key command runs: one may turn the terminal's echo off to ask there (as pinentry does).
    let terminal = output::TerminalSettings::save(false);
    let (sender, result) = tokio::sync::oneshot::channel();
    let worker = {
        let ctx = Arc::clone(&ctx);
        std::thread::Builder::new()
            .name("command".to_owned())
            .stack_size(COMMAND_STACK_BYTES)
            .spawn(move || {
                let result = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|source| Error::start("build the runtime", source))
                    .and_then(|runtime| {
                        let result =
                            runtime.block_on(commands::run(&ctx, &command)).map_err(|err| ctx.with_true_hint(err));
                        runtime.shutdown_background();
                        result
                    });
                let _ = sender.send(result);
            })
            .map_err(|source| Error::start("start the command's thread", source))?
    };
    let finished = |result: Result<Result<(), Error>, _>| match result {
        Ok(result) => result,
        // The command's thread panicked, and said so on stderr: end as a panic would have on this thread.
        Err(_) => match worker.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the command's thread sends its result before it ends"),
        },
    };
    let result = if handles_interrupts {
        finished(result.await)
    } else {
        // A command that has finished wins over a signal that came at the same moment.
        tokio::select! {
            biased;
            result = result => finished(result),
            signal = signals.recv() => Err(ctx.interrupted(signal)),
        }
    };
    // A key command that a signal cut short would live on, re-parented, once the process ends; killed, it
    // cannot give the terminal its settings back, so they are put back here (not from the background, where
    // changing them would stop petstore).
    if petstore_core::credentials::external::stop_all()
        && let Some(terminal) = terminal.filter(|_| !output::terminal::in_background())
    {
        terminal.restore(&mut Vec::new());
    }
    result
}
