use std::process::ExitCode;

use clap::Parser;
use petstore::cli::Cli;
use petstore::context::Context;
use petstore::error::exit;
use petstore::output::Output;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ctx = Context::new(&cli.global, Output::new(&cli.global));
    let result = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime.block_on(petstore::run(&ctx, &cli.command)),
        Err(err) => Err(petstore::Error::Io(err)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is_broken_pipe() => ExitCode::from(exit::SUCCESS),
        Err(err) => {
            ctx.output.error(&err);
            ExitCode::from(err.exit_code())
        }
    }
}
