//! `petstore env set`

use super::Switch;
use crate::commands::defaults;
use crate::context::Context;
use crate::error::{Error, code};

/// Change an environment's base URL, confirmation rule or defaults
///
/// Works on every environment, the built-in production and staging included: their base URLs are
/// placeholders until set here. `--base-url URL` (the global option, which here names no target) is the
/// environment's new base URL, with its version path. Only what is given changes; a key stored for the
/// environment stays stored.
///
/// `--key-command CMD` gives the environment's key from a command run on each use, its first line of output
/// (a password manager: `op read op://shop/petstore/key`, `pass show petstore`): it runs through the shell
/// with no terminal and 30 seconds to answer, none of its output is shown, and it wins over a stored key
/// (`PETSTORE_API_KEY` and `PETSTORE_API_KEY_FILE` win over it). `--no-key-command` removes it.
///
/// `--default KEY=VALUE` sets what a flag left out means for commands run against the environment; each value
/// is checked as its flag's would be. `limit` and `status`: `pets list`; `output`: every command that prints
/// records; `columns`: every command that prints animals. A flag typed on the command line wins, and
/// `PETSTORE_NO_DEFAULTS=1` leaves them all out for a run. `--unset-default KEY` removes one.
///
/// `--cacert FILE` (the global option, which here trusts nothing for this run) is the environment's own CA
/// file, kept as an absolute path and trusted by every command and `petstore mcp` that use it, as kubeconfig
/// keeps a cluster's CA; `--unset-cacert` removes it.
#[derive(Debug, clap::Args)]
#[command(
    override_usage = "petstore env set <NAME> [--base-url <URL>] [--confirm-writes <WHEN>]
       [--key-command <CMD> | --no-key-command] [--unset-cacert]
       [--default <KEY=VALUE>]... [--unset-default <KEY>]...",
    after_long_help = "\
Examples:
  petstore env set production --base-url https://api.your-store.example/v1
  petstore env set staging --base-url https://staging.your-store.example/v1
  petstore env set local --confirm-writes on
  petstore env set production --key-command 'op read op://shop/petstore/key'
  petstore env set staging --cacert ~/certs/staging-ca.pem
  petstore env set staging --default limit=50 --default output=csv
  petstore env set staging --unset-default output"
)]
pub struct SetEnvArgs {
    /// The environment's name
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::complete::environment_names))]
    pub name: String,

    /// Whether writes to it are asked about first at a terminal
    #[arg(ignore_case = true, long, value_name = "WHEN", value_enum)]
    pub confirm_writes: Option<Switch>,

    /// Take the key from this command's first line of output
    #[arg(long, value_name = "CMD", conflicts_with = "no_key_command", value_parser = parse_command)]
    pub key_command: Option<String>,

    /// Take the key from a stored login again, not a command
    #[arg(long)]
    pub no_key_command: bool,

    /// Set a default: `limit`, `status`, `output` or `columns` (repeatable)
    #[arg(long = "default", value_name = "KEY=VALUE", value_parser = defaults::parse_assignment)]
    pub defaults: Vec<(defaults::Key, String)>,

    /// Remove a default (repeatable)
    #[arg(ignore_case = true, long = "unset-default", value_name = "KEY", value_enum)]
    pub unset_defaults: Vec<defaults::Key>,

    /// Remove its own CA file (the global option sets one: see --help)
    #[arg(long)]
    pub unset_cacert: bool,
}

/// Records the changes in the config file, under its lock.
pub async fn run(ctx: &Context, args: &SetEnvArgs) -> Result<(), Error> {
    ctx.config()?;
    let url = ctx.base_url_flag();
    // Checked first: it fails only for a `--cacert FILE` given, which is a change.
    let cacert = own_cacert(ctx, args.unset_cacert)?;
    // The changes in words, in the order they are made.
    let changes: Vec<String> = [
        url.map(|url| format!("base URL {url}")),
        args.confirm_writes
            .map(|when| if when == Switch::On { "writes confirmed" } else { "writes sent without asking" }.to_owned()),
        args.key_command.as_ref().map(|command| format!("key from `{command}`")),
        args.no_key_command.then(|| "no key command".to_owned()),
        cacert
            .as_ref()
            .map(|path| path.as_ref().map_or("no CA file of its own".to_owned(), |path| format!("CA file {path}"))),
    ]
    .into_iter()
    .flatten()
    .chain(args.unset_defaults.iter().map(|key| format!("no default {}", key.as_str())))
    .chain(args.defaults.iter().map(|(key, value)| format!("default {}={value}", key.as_str())))
    .collect();
    if changes.is_empty() {
        return Err(Error::new(
            &code::NOTHING_TO_SET,
            format!("`petstore env set {}` was given nothing to change", args.name),
        )
        .with_hint("give `--base-url URL`, `--confirm-writes on|off`, `--key-command CMD` or `--default KEY=VALUE`"));
    }
    crate::commands::config::edit(ctx, |config, _| {
        if let Some(cacert) = &cacert {
            config.set_cacert(&args.name, cacert.as_deref())?;
        }
        if let Some(url) = url {
            config.set_base_url(&args.name, url)?;
        }
        if let Some(when) = args.confirm_writes {
            config.set_confirm_writes(&args.name, when == Switch::On)?;
        }
        if args.key_command.is_some() || args.no_key_command {
            config.set_key_command(&args.name, args.key_command.as_deref())?;
        }
        for key in &args.unset_defaults {
            config.unset_default(&args.name, key.as_str())?;
        }
        for (key, value) in &args.defaults {
            config.set_default(&args.name, key.as_str(), value)?;
        }
        Ok(())
    })
    .await?;
    if let Some(url) = url {
        super::warn_unversioned(ctx, url);
    }
    ctx.output.status(&format!("`{}`: {}", args.name, changes.join(", ")));
    Ok(())
}

/// `--key-command`: a command line, not a blank one.
fn parse_command(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        return Err("a command is needed; `--no-key-command` removes one".to_owned());
    }
    Ok(text.to_owned())
}

/// The environment's own CA file that `--cacert FILE` gives (`Some(Some(path))`, made absolute and checked as
/// `--cacert` is: a regular PEM file, bounded) or `--unset-cacert` removes (`Some(None)`); `None`: neither.
pub(super) fn own_cacert(ctx: &Context, unset: bool) -> Result<Option<Option<String>>, Error> {
    let Some(path) = ctx.cacert_flag() else { return Ok(unset.then_some(None)) };
    if unset {
        return Err(Error::invalid_value("`--cacert FILE` and `--unset-cacert` cannot be given together")
            .with_hint("give one of them"));
    }
    let given = format!("`--cacert {}`", path.display());
    let path = std::path::absolute(path).map_err(|err| Error::invalid_value(format!("{given}: {err}")))?;
    crate::context::read_certificates(&path, &given)?;
    let Some(text) = path.to_str() else {
        return Err(Error::invalid_value(format!("{given}: the path is not UTF-8, which the config file cannot hold"))
            .with_hint("move the file to a path of UTF-8 characters"));
    };
    Ok(Some(Some(text.to_owned())))
}
