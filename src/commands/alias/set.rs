//! `petstore alias set`

use crate::context::Context;
use crate::error::Error;
use petstore_core::config;

/// Name a command line, to run it by that name
///
/// `COMMAND` is split into words as a shell would split it, but no shell runs it: no variables, globs or
/// pipes. It must start with one of petstore's commands (global options may come first), so an alias never
/// leads to another alias. `petstore NAME ARGS...` then runs `petstore COMMAND ARGS...`: the words after the
/// alias follow its own, and global options may come before it. `petstore NAME --help` shows the help of the
/// command it runs. A name cannot be a command's: aliases never hide one. Setting an alias that exists
/// replaces it. Shell completion completes commands, not alias names.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore alias set avail 'pets list --status available'
  petstore avail --limit 5
  petstore alias set stg-list '--env staging pets list --all'")]
pub struct SetAliasArgs {
    /// The alias's name: letters, digits, `-` and `_`
    #[arg(value_name = "NAME")]
    pub name: String,

    /// The command line it stands for, quoted as one argument
    // It may start with a global option (`--env staging pets list`): a value here, not an option of `set`'s.
    #[arg(value_name = "COMMAND", allow_hyphen_values = true)]
    pub command: String,
}

/// Records the alias in the config file, under its lock.
pub async fn run(ctx: &Context, args: &SetAliasArgs) -> Result<(), Error> {
    ctx.config()?;
    let invalid = |why: String| Error::invalid_value(format!("alias `{}`: {why}", args.name));
    config::check_name(&args.name)
        .map_err(|why| Error::invalid_value(why.replace("environment name", "alias name")))?;
    if super::is_command(&args.name) {
        return Err(invalid(format!("`{}` is a command of petstore's, which an alias may not hide", args.name)));
    }
    super::split(&args.command).map_err(invalid)?;
    let replaced = crate::commands::config::edit(ctx, |config, _| {
        let replaced = config.alias(&args.name).is_some();
        config.set_alias(&args.name, &args.command)?;
        Ok(replaced)
    })
    .await?;
    let verb = if replaced { "now runs" } else { "runs" };
    ctx.output.status(&format!("`petstore {}` {verb} `petstore {}`", args.name, args.command));
    Ok(())
}
