//! `petstore auth ...`: API keys per environment. These commands never use `Context::client`: they manage
//! the key that it reads.

pub mod login;
pub mod logout;
pub mod status;
pub mod token;

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
    /// The verb as typed, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Login(_) => "login",
            Self::Logout(_) => "logout",
            Self::Status(_) => "status",
            Self::Token(_) => "token",
        }
    }

    /// What the verb prints on stdout, for `--json` and `--output` ([`crate::commands::formats`]).
    pub fn prints(&self) -> Prints<'_> {
        match self {
            Self::Status(args) => Prints::Records(status::KEYS, &args.columns),
            Self::Token(_) => Prints::Value,
            Self::Login(_) | Self::Logout(_) => {
                Prints::Other(PRINTS_NOTHING, "leave it out; `petstore auth status --json` shows the keys")
            }
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
