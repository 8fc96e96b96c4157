//! One module per noun, one file per verb; this file only dispatches.

pub mod alias;
pub mod api;
pub mod auth;
pub mod completions;
pub mod config;
pub mod confirm;
pub mod defaults;
pub mod doctor;
pub mod dry_run;
pub mod env;
pub mod formats;
pub mod mcp;
pub mod pets;
pub mod schema;
pub mod values;
pub mod version;

use std::sync::Arc;

use crate::cli::Command;
use crate::context::Context;
use crate::error::Error;

impl Command {
    /// Whether the command stops at a signal by itself, with a summary, rather than being dropped; each noun
    /// answers for its verbs.
    pub fn handles_interrupts(&self) -> bool {
        match self {
            Command::Pets(command) => command.handles_interrupts(),
            // The server listens for signals itself, to say whether a write was in flight.
            Command::Mcp(_) => true,
            Command::Api(_)
            | Command::Auth(_)
            | Command::Env(_)
            | Command::Config(_)
            | Command::Alias(_)
            | Command::Doctor(_)
            | Command::Completions(_)
            | Command::Version(_)
            | Command::Schema(_) => false,
        }
    }
}

/// Runs the command the user typed.
pub async fn run(ctx: &Arc<Context>, command: &Command) -> Result<(), Error> {
    match command {
        Command::Pets(command) => pets::run(ctx, command).await,
        Command::Api(args) => api::run(ctx, args).await,
        Command::Auth(command) => auth::run(ctx, command).await,
        Command::Env(command) => env::run(ctx, command).await,
        Command::Config(command) => config::run(ctx, command),
        Command::Alias(command) => alias::run(ctx, command).await,
        Command::Doctor(args) => doctor::run(ctx, args).await,
        Command::Completions(args) => completions::run(ctx, args),
        Command::Version(args) => version::run(ctx, args),
        Command::Schema(args) => schema::run(ctx, args),
        Command::Mcp(args) => mcp::run(ctx, args).await,
    }
}
