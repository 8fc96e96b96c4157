//! `petstore env remove`

use crate::config;
use crate::context::Context;
use crate::credentials;
use crate::error::Error;

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
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::cli::complete_environment_names))]
    pub name: String,
}

/// Deletes the environment, then its key, under one lock: the config never names a key that is gone.
pub async fn run(ctx: &Context, args: &RemoveEnvArgs) -> Result<(), Error> {
    ctx.config()?;
    config::edit(|config, lock| {
        let env = config.environment(&args.name)?.clone();
        config.remove_environment(&env.name)?;
        config.save(lock)?;
        credentials::remove_stored(lock, &env.name, env.key_storage)
    })
    .await?;
    ctx.output.status(&format!("removed `{}`", args.name));
    Ok(())
}
