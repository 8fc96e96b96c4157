//! `petstore alias remove`

use crate::context::Context;
use crate::error::{Error, code};

/// Remove an alias
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore alias remove avail")]
pub struct RemoveAliasArgs {
    /// The alias's name
    #[arg(value_name = "NAME")]
    pub name: String,
}

/// Removes the alias from the config file, under its lock.
pub async fn run(ctx: &Context, args: &RemoveAliasArgs) -> Result<(), Error> {
    let removed = crate::commands::config::edit(ctx, |config, _| Ok(config.remove_alias(&args.name)?)).await?;
    if !removed {
        return Err(Error::new(&code::UNKNOWN_ALIAS, format!("no alias `{}`", args.name))
            .with_hint("`petstore alias list` lists the aliases"));
    }
    ctx.output.status(&format!("removed alias `{}`", args.name));
    Ok(())
}
