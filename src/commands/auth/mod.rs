//! `petstore auth ...`: API keys per environment. These commands never use `Context::client`: they manage
//! the key that it reads.

pub mod login;
pub mod logout;
pub mod shared;
pub mod status;
pub mod token;

use crate::commands::About;
use crate::commands::formats::{PRINTS_NOTHING, Prints};
use crate::context::Context;
use crate::error::Error;

/// `petstore auth ...`
#[derive(Debug, clap::Subcommand)]
pub enum AuthCommand {
    Login(login::LoginArgs),
    Logout(logout::LogoutArgs),
    Status(status::StatusArgs),
    Token(token::TokenArgs),
}

impl AuthCommand {
    /// What the verb says about itself ([`About`]).
    pub fn about(&self) -> About<'_> {
        let nothing = Prints::Other(PRINTS_NOTHING, "leave it out; `petstore auth status --json` shows the keys");
        match self {
            Self::Login(_) => About::new("auth login", nothing),
            Self::Logout(_) => About::new("auth logout", nothing),
            Self::Status(args) => About::new("auth status", Prints::Records(status::KEYS, &args.columns)),
            Self::Token(_) => About::new("auth token", Prints::Value),
        }
    }
}

/// Dispatches an `auth` verb.
pub async fn run(ctx: &Context, command: &AuthCommand) -> Result<(), Error> {
    match command {
        AuthCommand::Login(args) => login::run(ctx, args).await,
        AuthCommand::Logout(args) => logout::run(ctx, args).await,
        AuthCommand::Status(args) => status::run(ctx, args).await,
        AuthCommand::Token(args) => token::run(ctx, args),
    }
}
