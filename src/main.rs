use std::process::ExitCode;

use clap::Parser;
use petstore::cli::Cli;
use petstore::context::Context;
use petstore::error::exit;
use petstore::output::Output;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let output = Output::new(&cli.global);
    let result = Context::new(&cli.global, output.clone()).and_then(|ctx| {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        runtime.block_on(petstore::run(&ctx, &cli.command))
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
