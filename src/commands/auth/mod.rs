//! `petstore auth ...`: API keys per environment. These commands never use `Context::client`: they manage
//! the key that it reads.

pub mod login;
pub mod logout;
pub mod status;
pub mod token;

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

/// Dispatches an `auth` verb.
pub async fn run(ctx: &Context, command: &AuthCommand) -> Result<(), Error> {
    match command {
        AuthCommand::Login(args) => login::run(ctx, args).await,
        AuthCommand::Logout(args) => logout::run(ctx, args).await,
        AuthCommand::Status(args) => status::run(ctx, args).await,
        AuthCommand::Token(args) => token::run(ctx, args),
    }
}
