//! `petstore config ...`

use crate::cli::ConfigCommand;
use crate::config;
use crate::context::Context;
use crate::error::Error;

/// Dispatches a `config` verb; `path` is the only one, and is one line.
pub fn run(ctx: &Context, command: &ConfigCommand) -> Result<(), Error> {
    match command {
        ConfigCommand::Path => {
            ctx.output.line(&config::config_dir()?.join("config.toml").display().to_string())?;
            Ok(())
        }
    }
}
