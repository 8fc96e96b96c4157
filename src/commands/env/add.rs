//! `petstore env add`

use petstore_core::config::DisplaySafeUrl;

use crate::context::Context;
use crate::error::{Error, code};
use petstore_core::config;

/// Add an environment: a name for a base URL
///
/// The base URL includes the API's version path (`/v1`). It must be `https://`, or `http://` to a loopback
/// address, with no user name or password, query or fragment; `--base-url URL` gives it too, as `env set`
/// takes it. `--cacert FILE` is its own CA file, as `env set` takes it. Then log in with `petstore auth login
/// --env NAME` and use it with `--env NAME`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore env add eu https://eu.api.example.com/v1
  petstore env add local http://127.0.0.1:4010/v1
  petstore env add eu-live https://eu.api.example.com/v1 --confirm-writes")]
pub struct AddEnvArgs {
    /// A name: letters, digits, `-` and `_`
    #[arg(value_name = "NAME", value_parser = parse_name)]
    pub name: String,

    /// Its base URL, with the version path (or `--base-url URL`)
    // Not `base_url`: that id belongs to the global `--base-url`, and clap would merge the two.
    #[arg(value_name = "BASE_URL", value_parser = crate::cli::BaseUrlParser)]
    pub url: Option<DisplaySafeUrl>,

    /// Ask before each write to it at a terminal, as for production (`petstore env confirm-writes` changes it)
    #[arg(long)]
    pub confirm_writes: bool,
}

fn parse_name(name: &str) -> Result<String, String> {
    config::check_name(name).map(|()| name.to_owned())
}

/// Adds the environment to the config file.
pub async fn run(ctx: &Context, args: &AddEnvArgs) -> Result<(), Error> {
    let url = match (&args.url, ctx.base_url_flag()) {
        (Some(url), None) | (None, Some(url)) => url,
        (Some(url), Some(flag)) if url == flag => url,
        (Some(url), Some(flag)) => {
            return Err(Error::invalid_value(format!(
                "`petstore env add {}` was given two base URLs, `{url}` and `--base-url {flag}`",
                args.name
            ))
            .with_hint("give one of them"));
        }
        (None, None) => {
            return Err(Error::new(&code::USAGE, format!("`petstore env add {}` needs a base URL", args.name))
                .with_hint(format!("give it after the name: `petstore env add {} https://HOST/v1`", args.name)));
        }
    };
    ctx.config()?;
    let cacert = super::set::own_cacert(ctx, false)?.flatten();
    crate::commands::config::edit(ctx, |config, _| {
        config.add_environment(&args.name, url, args.confirm_writes)?;
        Ok(config.set_cacert(&args.name, cacert.as_deref())?)
    })
    .await?;
    super::warn_unversioned(ctx, url);
    ctx.output.status(&format!("added `{}` ({url}); log in with `petstore auth login --env {}`", args.name, args.name));
    Ok(())
}
