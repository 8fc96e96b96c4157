//! `petstore pets ...`: the store's animals.

pub mod add;
pub mod get;
pub mod list;

use crate::cli::PetsCommand;
use crate::context::Context;
use crate::error::Error;

/// Dispatches a `pets` verb.
pub async fn run(ctx: &Context, command: &PetsCommand) -> Result<(), Error> {
    match command {
        PetsCommand::List(args) => list::run(ctx, args).await,
        PetsCommand::Add(args) => add::run(ctx, args).await,
        PetsCommand::Get(args) => get::run(ctx, args).await,
    }
}
