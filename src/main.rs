use std::process::ExitCode;
use std::sync::Arc;

use petstore::error::exit;
use petstore::startup::{self, Started};

fn main() -> ExitCode {
    // `COMPLETE=bash petstore` and the like: answer the shell's completion request, then exit.
    clap_complete::CompleteEnv::with_factory(petstore::complete::command).complete();
    // Everything before the command, once: arguments, aliases, clap, the config, defaults, output, context.
    let Started { command, context, output } = match startup::start() {
        Ok(started) => started,
        Err(code) => return code,
    };
    let result =
        tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(Into::into).and_then(|runtime| {
            let result = runtime.block_on(petstore::run(Arc::new(context), command));
            // A signal may have ended the command while its thread, or a blocking task, still runs (a read of
            // stdin, a `--jq` program): do not wait for them.
            runtime.shutdown_background();
            result
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is_broken_pipe() => ExitCode::from(exit::SUCCESS),
        Err(err) => {
            output.error(&err);
            ExitCode::from(err.exit_code())
        }
    }
}
