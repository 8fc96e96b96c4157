//! `petstore env ...`: the environments petstore can talk to.

pub mod add;
pub mod confirm_writes;
pub mod current;
pub mod list;
pub mod remove;
pub mod select;
pub mod set;

use crate::commands::About;
use crate::commands::formats::{PRINTS_NOTHING, Prints};
use crate::context::Context;
use crate::error::Error;

/// `on` or `off`: `env confirm-writes` and `env set --confirm-writes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Switch {
    /// Ask before each write at a terminal
    On,
    /// Send writes without asking
    Off,
}

/// `petstore env ...`
#[derive(Debug, clap::Subcommand)]
pub enum EnvCommand {
    List(list::ListEnvArgs),
    Current(current::CurrentEnvArgs),
    Use(select::UseEnvArgs),
    Add(add::AddEnvArgs),
    Set(set::SetEnvArgs),
    Remove(remove::RemoveEnvArgs),
    ConfirmWrites(confirm_writes::ConfirmWritesArgs),
}

impl EnvCommand {
    /// What the verb says about itself ([`About`]).
    pub fn about(&self) -> About<'_> {
        let nothing = Prints::Other(PRINTS_NOTHING, "leave it out; `petstore env list --json` lists the environments");
        match self {
            Self::List(args) => About::new("env list", Prints::Records(list::KEYS, &args.columns)),
            Self::Current(_) => About::new("env current", Prints::Value),
            Self::Use(_) => About::new("env use", nothing),
            Self::Add(_) => About::new("env add", nothing),
            Self::Set(_) => About::new("env set", nothing),
            Self::Remove(_) => About::new("env remove", nothing),
            Self::ConfirmWrites(_) => About::new("env confirm-writes", nothing),
        }
    }
}

/// Dispatches an `env` verb.
pub async fn run(ctx: &Context, command: &EnvCommand) -> Result<(), Error> {
    match command {
        EnvCommand::List(args) => list::run(ctx, args),
        EnvCommand::Current(args) => current::run(ctx, args),
        EnvCommand::Use(args) => select::run(ctx, args).await,
        EnvCommand::Add(args) => add::run(ctx, args).await,
        EnvCommand::Set(args) => set::run(ctx, args).await,
        EnvCommand::Remove(args) => remove::run(ctx, args).await,
        EnvCommand::ConfirmWrites(args) => confirm_writes::run(ctx, args).await,
    }
}
