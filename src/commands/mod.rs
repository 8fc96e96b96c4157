//! One module per noun, one file per verb; this file only dispatches.

pub mod auth;
pub mod completions;
pub mod config;
pub mod doctor;
pub mod env;
pub mod pets;

use crate::cli::Command;
use crate::context::Context;
use crate::error::Error;

/// Runs the command the user typed.
pub async fn run(ctx: &Context, command: &Command) -> Result<(), Error> {
    match command {
        Command::Pets(command) => pets::run(ctx, command).await,
        Command::Auth(command) => auth::run(ctx, command).await,
        Command::Env(command) => env::run(ctx, command),
        Command::Config(command) => config::run(ctx, command),
        Command::Doctor(args) => doctor::run(ctx, args).await,
        Command::Completions(args) => completions::run(ctx, args),
    }
}
