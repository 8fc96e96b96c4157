//! `petstore env remove`

use crate::context::Context;
use crate::error::{Error, code};
use petstore_core::config;
use petstore_core::credentials;

/// Remove an environment you added, and its stored key
///
/// The built-in environments (production, staging, sandbox) cannot be removed. The key stored for the
/// environment, if any, is deleted too, so no secret is left behind.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore env remove local")]
pub struct RemoveEnvArgs {
    /// The environment's name
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::complete::environment_names))]
    pub name: String,
}

/// Deletes the environment's key, then the environment, under one lock: a key that cannot be deleted (the
/// keyring unreachable) leaves the environment and its record in place, for a later try.
pub async fn run(ctx: &Context, args: &RemoveEnvArgs) -> Result<(), Error> {
    let was_default = crate::commands::config::edit(ctx, |config, lock| {
        let env = config.environment(&args.name)?.clone();
        if env.built_in {
            return Err(Error::new(
                &code::BUILT_IN_ENVIRONMENT,
                format!("`{}` is built in and cannot be removed", env.name),
            ));
        }
        let was_default = config.default_env() == Some(env.name.as_str());
        credentials::remove_stored(lock, &env.name, env.key_storage)?;
        config.remove_environment(&env.name)?;
        Ok(was_default)
    })
    .await?;
    if was_default {
        ctx.output.status(&format!(
            "removed `{}`, the default environment: `{}` is the default now (change it with `petstore env use NAME`)",
            args.name,
            config::DEFAULT_ENV
        ));
    } else {
        ctx.output.status(&format!("removed `{}`", args.name));
    }
    Ok(())
}
