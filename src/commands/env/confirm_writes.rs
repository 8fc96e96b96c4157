//! `petstore env confirm-writes`

use super::Switch;
use crate::context::Context;
use crate::error::Error;

/// Turn the question before each write to an environment on or off
///
/// With it on, `pets add` (one animal, or once for a whole file) and `petstore api` with a method other than
/// GET or HEAD ask on stderr, naming the environment, its base URL and what would be written, before
/// anything is sent, when stdin and stderr are terminals. Where nobody can answer (a script, a cron job, an
/// agent, a background job), such a write is refused, exit 2, unless `--yes` or `PETSTORE_YES=1` is given;
/// `--dry-run` is never refused. It is on for production and off for the others until changed here (or with
/// `env add --confirm-writes`); it is kept as `confirm_writes` in the config file.
///
/// Upgrade note: earlier versions sent a write from a script to production unasked. It is now refused unless
/// the script passes `--yes` (or sets `PETSTORE_YES=1`), or production's writes are switched off here.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore env confirm-writes staging on
  petstore env confirm-writes production off")]
pub struct ConfirmWritesArgs {
    /// The environment's name
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::complete::environment_names))]
    pub name: String,

    /// Whether writes to it are asked about first
    #[arg(ignore_case = true, value_name = "WHEN", value_enum)]
    pub when: Switch,
}

/// Records the choice in the config file.
pub async fn run(ctx: &Context, args: &ConfirmWritesArgs) -> Result<(), Error> {
    let on = args.when == Switch::On;
    crate::commands::config::edit(ctx, |config, _| Ok(config.set_confirm_writes(&args.name, on)?)).await?;
    ctx.output.status(&if on {
        format!("writes to `{}` are now confirmed at a terminal", args.name)
    } else {
        format!("writes to `{}` are now sent without asking", args.name)
    });
    Ok(())
}
