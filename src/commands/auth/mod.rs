//! `petstore auth ...`: API keys per environment. These commands never use `Context::client`: they manage
//! the key that it reads.

pub mod login;
pub mod logout;
pub mod status;
pub mod token;

use crate::commands::About;
use crate::commands::formats::{PRINTS_NOTHING, Prints};
use crate::context::Context;
use crate::error::{Error, code, exit};

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

/// What the API's answer to a list of one animal says about the key it was sent with. `auth status` and
/// `doctor` word it alike.
#[derive(Debug)]
pub enum Verdict<'a> {
    Accepted,
    /// A 401 or 403, with the server's explanation.
    Refused {
        status: u16,
        detail: String,
    },
    /// The answer says nothing about the key (no answer, a 5xx, a 404 for a wrong base URL...).
    Unknown(&'a Error),
}

impl<'a> Verdict<'a> {
    pub fn of(result: &'a Result<(), Error>) -> Verdict<'a> {
        match result {
            Ok(()) => Verdict::Accepted,
            Err(err) if err.is(&code::UNAUTHORIZED) => Verdict::Refused {
                status: err.http_status().unwrap_or_default(),
                detail: err.server_detail().unwrap_or_default(),
            },
            Err(other) => Verdict::Unknown(other),
        }
    }

    /// The exit code `auth status` gives for it.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Accepted => exit::SUCCESS,
            Verdict::Refused { .. } => exit::AUTH,
            Verdict::Unknown(err) => err.exit_code(),
        }
    }
}

impl std::fmt::Display for Verdict<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("accepted"),
            Verdict::Refused { status, .. } => write!(f, "refused (HTTP {status})"),
            Verdict::Unknown(err) => write!(f, "unknown: {err}"),
        }
    }
}

/// What a key stored with `--storage kernel` lasts, in words for `auth login`, `auth status` and `doctor`.
pub fn kernel_lifetime() -> String {
    let unused = crate::credentials::kernel::persistent_expiry()
        .map_or_else(|| "the kernel's persistent_keyring_expiry".to_owned(), crate::output::duration_words);
    format!("no file holds it; it survives logging out, is gone after {unused} unused, and does not survive a reboot")
}
