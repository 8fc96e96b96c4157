//! `petstore env set`

use super::Switch;
use crate::commands::defaults;
use crate::context::Context;
use crate::error::{Error, code};
use petstore_core::config;

/// Change an environment's base URL, confirmation rule or defaults
///
/// Works on every environment, the built-in production and staging included: their base URLs are
/// placeholders until set here. `--base-url URL` (the global option, which here names no target) is the
/// environment's new base URL, with its version path. Only what is given changes; a key stored for the
/// environment stays stored.
///
/// `--default KEY=VALUE` sets what a flag left out means for commands run against the environment; each value
/// is checked as its flag's would be. `limit` and `status`: `pets list`; `output`: every command that prints
/// records; `columns`: every command that prints animals. A flag typed on the command line wins, and
/// `PETSTORE_NO_DEFAULTS=1` leaves them all out for a run. `--unset-default KEY` removes one.
#[derive(Debug, clap::Args)]
#[command(
    override_usage = "petstore env set <NAME> [--base-url <URL>] [--confirm-writes <WHEN>]
       [--default <KEY=VALUE>]... [--unset-default <KEY>]...",
    after_long_help = "\
Examples:
  petstore env set production --base-url https://api.your-store.example/v1
  petstore env set staging --base-url https://staging.your-store.example/v1
  petstore env set local --confirm-writes on
  petstore env set staging --default limit=50 --default output=csv
  petstore env set staging --unset-default output"
)]
pub struct SetEnvArgs {
    /// The environment's name
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::cli::complete_environment_names))]
    pub name: String,

    /// Whether writes to it are asked about first at a terminal
    #[arg(long, value_name = "WHEN", value_enum)]
    pub confirm_writes: Option<Switch>,

    /// Set a default: `limit`, `status`, `output` or `columns` (repeatable)
    #[arg(long = "default", value_name = "KEY=VALUE", value_parser = defaults::parse_assignment)]
    pub defaults: Vec<(defaults::Key, String)>,

    /// Remove a default (repeatable)
    #[arg(long = "unset-default", value_name = "KEY", value_enum)]
    pub unset_defaults: Vec<defaults::Key>,
}

/// Records the changes in the config file, under its lock.
pub async fn run(ctx: &Context, args: &SetEnvArgs) -> Result<(), Error> {
    ctx.config()?;
    let url = ctx.base_url_flag();
    if url.is_none() && args.confirm_writes.is_none() && args.defaults.is_empty() && args.unset_defaults.is_empty() {
        return Err(Error::new(
            &code::NOTHING_TO_SET,
            format!("`petstore env set {}` was given nothing to change", args.name),
        )
        .with_hint("give `--base-url URL`, `--confirm-writes on|off` or `--default KEY=VALUE`"));
    }
    config::edit(|config, lock| {
        if let Some(url) = url {
            config.set_base_url(&args.name, url)?;
        }
        if let Some(when) = args.confirm_writes {
            config.set_confirm_writes(&args.name, when == Switch::On)?;
        }
        for key in &args.unset_defaults {
            config.unset_default(&args.name, key.as_str())?;
        }
        for (key, value) in &args.defaults {
            config.set_default(&args.name, key.as_str(), value)?;
        }
        Ok::<_, Error>(config.save(lock)?)
    })
    .await?;
    let mut changes = Vec::new();
    if let Some(url) = url {
        changes.push(format!("base URL {url}"));
        if !config::has_version_path(url) {
            ctx.output.warning(&format!(
                "`{}` has no version path: the API's base URL usually ends with one, e.g. `{}v1`",
                url,
                url.to_string().trim_end_matches('/').to_owned() + "/"
            ));
        }
    }
    if let Some(when) = args.confirm_writes {
        changes.push(if when == Switch::On { "writes confirmed" } else { "writes sent without asking" }.to_owned());
    }
    for key in &args.unset_defaults {
        changes.push(format!("no default {}", key.as_str()));
    }
    for (key, value) in &args.defaults {
        changes.push(format!("default {}={value}", key.as_str()));
    }
    ctx.output.status(&format!("`{}`: {}", args.name, changes.join(", ")));
    Ok(())
}
