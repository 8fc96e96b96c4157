//! `petstore agent`: petstore set up for AI assistants (`agent setup`).

pub mod clients;
pub mod edit;
pub mod plan;
pub mod report;
pub mod setup;
pub mod skill;
pub mod verify;

use crate::commands::formats::Prints;
use crate::context::Context;
use crate::error::Error;

/// Set petstore up for AI assistants
#[derive(Debug, clap::Subcommand)]
pub enum AgentCommand {
    Setup(setup::SetupArgs),
}

impl AgentCommand {
    /// What the verb says about itself ([`crate::commands::About`]).
    pub fn about(&self) -> crate::commands::About<'_> {
        use crate::commands::About;
        match self {
            Self::Setup(args) if args.print_skill => About::new(
                "agent setup",
                Prints::Other(
                    "it prints the skill's Markdown",
                    "leave it out; `petstore help agents` is the same guide",
                ),
            ),
            Self::Setup(_) => About::new("agent setup", Prints::Value),
        }
    }
}

/// Dispatches an `agent` verb.
pub async fn run(ctx: &Context, command: &AgentCommand) -> Result<(), Error> {
    match command {
        AgentCommand::Setup(args) => setup::run(ctx, args).await,
    }
}
