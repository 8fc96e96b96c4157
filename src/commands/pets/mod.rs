//! `petstore pets ...`: the store's animals.

pub mod add;
pub mod add_file;
pub mod get;
pub mod list;

use crate::context::Context;
use crate::error::Error;

/// `petstore pets ...`
#[derive(Debug, clap::Subcommand)]
pub enum PetsCommand {
    List(list::ListArgs),
    Add(add::Add),
    Get(get::GetArgs),
}

impl PetsCommand {
    /// Whether the command stops at a signal by itself, with a summary, rather than being dropped: a bulk add
    /// ([`add_file`]) does.
    pub fn handles_interrupts(&self) -> bool {
        matches!(self, Self::Add(add) if add.handles_interrupts())
    }
}

/// Dispatches a `pets` verb.
pub async fn run(ctx: &Context, command: &PetsCommand) -> Result<(), Error> {
    match command {
        PetsCommand::List(args) => list::run(ctx, args).await,
        PetsCommand::Add(args) => add::run(ctx, args).await,
        PetsCommand::Get(args) => get::run(ctx, args).await,
    }
}
