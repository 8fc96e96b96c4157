use std::process::ExitCode;
use std::sync::Arc;

use petstore::context::Context;
use petstore::error::exit;
use petstore::output::{Output, OutputSettings};

fn main() -> ExitCode {
    // `COMPLETE=bash petstore` and the like: answer the shell's completion request, then exit.
    clap_complete::CompleteEnv::with_factory(petstore::cli::command).complete();
    // clap's help and usage errors follow `--color` and `NO_COLOR` and are escaped, like all petstore prints.
    let cli = match petstore::output::usage::parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // The selected environment's defaults fill in the flags left out, before anything reads them.
    let mut cli = cli;
    let config = match petstore::commands::defaults::apply(&mut cli) {
        Ok(config) => config,
        Err(err) => {
            let settings = OutputSettings::resolve(&cli.global);
            Output::fallback(settings.color, settings.json_errors).error(&err);
            return ExitCode::from(err.exit_code());
        }
    };
    // The global output flags, resolved once.
    let settings = OutputSettings::resolve(&cli.global);
    let output = match Output::new(&settings) {
        Ok(output) => output,
        Err(err) => {
            // Without an `Output` (a bad `--jq`), report plainly, in the way the default one would.
            Output::fallback(settings.color, settings.json_errors).error(&err);
            return ExitCode::from(err.exit_code());
        }
    };
    // Output flags the command cannot honour are refused before it acts.
    let output = match petstore::commands::formats::configure(output.clone(), &settings, &cli.command.about()) {
        Ok(configured) => configured,
        Err(err) => {
            output.error(&err);
            return ExitCode::from(err.exit_code());
        }
    };
    let result = Context::new(&cli.global, output.clone()).and_then(|ctx| {
        let ctx = match config {
            Some(config) => ctx.with_config(config),
            None => ctx,
        };
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        let result = runtime.block_on(petstore::run(Arc::new(ctx), cli.command));
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
