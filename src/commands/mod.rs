//! One module per noun, one file per verb; this file only dispatches.

pub mod pets;

use crate::cli::Command;
use crate::context::Context;
use crate::error::Error;

/// Runs the command the user typed.
pub async fn run(ctx: &Context, command: &Command) -> Result<(), Error> {
    match command {
        Command::Pets(command) => pets::run(ctx, command).await,
    }
}
