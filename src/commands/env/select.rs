//! `petstore env use`

use crate::context::Context;
use crate::error::Error;
use petstore_core::config;

/// Make an environment the default
///
/// Commands then use it unless `--env`, `PETSTORE_ENV` or `--base-url` says otherwise.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore env use staging
  petstore env use production")]
pub struct UseEnvArgs {
    /// The environment's name
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::complete::environment_names))]
    pub name: String,
}

/// Records the default in the config file.
pub async fn run(ctx: &Context, args: &UseEnvArgs) -> Result<(), Error> {
    crate::commands::config::edit(ctx, |config, _| Ok(config.set_default_env(&args.name)?)).await?;
    ctx.output.status(&format!("now using `{}` by default", args.name));
    if let Some(other) = std::env::var(config::ENV_VAR).ok().filter(|v| !v.is_empty() && *v != args.name) {
        ctx.output.warning(&format!("`{}` is set to `{other}`, which takes precedence in this shell", config::ENV_VAR));
    }
    Ok(())
}
