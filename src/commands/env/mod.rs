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
use crate::config::{self, Environment};
use crate::context::Context;
use crate::error::{Error, code};

/// Whether `env` still has the built-in placeholder URL (production's and staging's, under `.example`) that
/// stands for a deployment the spec does not name.
pub fn is_placeholder(env: &Environment) -> bool {
    env.built_in && [config::PRODUCTION_BASE_URL, config::STAGING_BASE_URL].contains(&env.base_url.as_str())
}

/// Refuses an environment whose URL is a placeholder: no request to it can succeed.
pub fn require_real_url(env: &Environment) -> Result<(), Error> {
    if is_placeholder(env) {
        let (env, url) = (&env.name, &env.base_url);
        return Err(Error::new(
            &code::PLACEHOLDER_URL,
            format!("`{env}`'s base URL, {url}, is a placeholder: petstore does not know where `{env}` is"),
        )
        .with_hint(format!(
            "set it with `petstore env set {env} --base-url URL`, or try the local sandbox: run `petstore-sandbox`, \
             then `petstore --env sandbox ...`"
        )));
    }
    Ok(())
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
