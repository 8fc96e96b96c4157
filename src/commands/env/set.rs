//! `petstore env set`

use crate::commands::env::confirm_writes::Switch;
use crate::config;
use crate::context::Context;
use crate::error::Error;

/// Change an environment's base URL or its confirmation rule
///
/// Works on every environment, the built-in production and staging included: their base URLs are
/// placeholders until set here. `--base-url URL` (the global option, which here names no target) is the
/// environment's new base URL, with its version path. Only what is given changes; a key stored for the
/// environment stays stored.
#[derive(Debug, clap::Args)]
#[command(
    override_usage = "petstore env set <NAME> [--base-url <URL>] [--confirm-writes <WHEN>]",
    after_long_help = "\
Examples:
  petstore env set production --base-url https://api.your-store.example/v1
  petstore env set staging --base-url https://staging.your-store.example/v1
  petstore env set local --confirm-writes on"
)]
pub struct SetEnvArgs {
    /// The environment's name
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::cli::complete_environment_names))]
    pub name: String,

    /// Whether writes to it are asked about first at a terminal
    #[arg(long, value_name = "WHEN", value_enum)]
    pub confirm_writes: Option<Switch>,
}

/// Records the changes in the config file, under its lock.
pub async fn run(ctx: &Context, args: &SetEnvArgs) -> Result<(), Error> {
    ctx.config()?;
    let url = ctx.base_url_flag();
    if url.is_none() && args.confirm_writes.is_none() {
        return Err(Error::NothingToSet { name: args.name.clone() });
    }
    config::edit(|config, lock| {
        if let Some(url) = url {
            config.set_base_url(&args.name, url)?;
        }
        if let Some(when) = args.confirm_writes {
            config.set_confirm_writes(&args.name, when == Switch::On)?;
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
    ctx.output.status(&format!("`{}`: {}", args.name, changes.join(", ")));
    Ok(())
}
