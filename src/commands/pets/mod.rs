//! `petstore pets ...`: the store's animals.

pub mod add;
pub mod get;
pub mod list;

use crate::commands::formats::Prints;
use crate::context::Context;
use crate::error::Error;
use crate::output::Rows;

/// `petstore pets ...`
#[derive(Debug, clap::Subcommand)]
pub enum PetsCommand {
    List(list::ListArgs),
    Add(add::Add),
    Get(get::GetArgs),
}

impl PetsCommand {
    /// The verb as typed, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Self::List(_) => "list",
            Self::Add(_) => "add",
            Self::Get(_) => "get",
        }
    }

    /// What the verb prints on stdout, for `--json` and `--output` ([`crate::commands::formats`]).
    pub fn prints(&self) -> Prints<'_> {
        match self {
            Self::List(args) => Prints::Records(Rows::PET_KEYS, &args.columns),
            Self::Add(add) => Prints::Records(Rows::PET_KEYS, &add.args.columns),
            Self::Get(args) => Prints::Records(Rows::PET_KEYS, &args.columns),
        }
    }

    /// Whether the command stops at a signal by itself, with a summary, rather than being dropped: a bulk add
    /// ([`add`]`::file`) does.
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
