//! `petstore env ...`: the environments petstore can talk to.

pub mod add;
pub mod list;
pub mod remove;
pub mod select;

use crate::context::Context;
use crate::error::Error;

/// `petstore env ...`
#[derive(Debug, clap::Subcommand)]
pub enum EnvCommand {
    List(list::ListEnvArgs),
    Use(select::UseEnvArgs),
    Add(add::AddEnvArgs),
    Remove(remove::RemoveEnvArgs),
}

/// Dispatches an `env` verb.
pub async fn run(ctx: &Context, command: &EnvCommand) -> Result<(), Error> {
    match command {
        EnvCommand::List(args) => list::run(ctx, args),
        EnvCommand::Use(args) => select::run(ctx, args).await,
        EnvCommand::Add(args) => add::run(ctx, args).await,
        EnvCommand::Remove(args) => remove::run(ctx, args).await,
    }
}
