//! `petstore env ...`: the environments petstore can talk to.

pub mod add;
pub mod list;
pub mod remove;
pub mod select;

use crate::cli::EnvCommand;
use crate::context::Context;
use crate::error::Error;

/// Dispatches an `env` verb.
pub async fn run(ctx: &Context, command: &EnvCommand) -> Result<(), Error> {
    match command {
        EnvCommand::List(args) => list::run(ctx, args),
        EnvCommand::Use(args) => select::run(ctx, args).await,
        EnvCommand::Add(args) => add::run(ctx, args).await,
        EnvCommand::Remove(args) => remove::run(ctx, args).await,
    }
}
