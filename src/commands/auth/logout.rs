//! `petstore auth logout`

use crate::context::Context;
use crate::error::Error;
use petstore_core::credentials::{self, Source, Wanted};

/// Remove an environment's stored API key
///
/// Deletes the key from wherever `auth login` stored it (the OS keyring or the credentials file). Logging out
/// when no key is stored is not an error.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore auth logout
  petstore auth logout --env staging")]
pub struct LogoutArgs {}

/// Deletes the selected environment's key: first the key, then its record in the config, under one lock. A
/// key that cannot be deleted (the keyring unreachable) keeps its record, so a later logout finds it again.
pub async fn run(ctx: &Context, _args: &LogoutArgs) -> Result<(), Error> {
    let name = ctx.environment()?.name.clone();
    // The config is written only when the record changed.
    let (removed, recorded) = crate::commands::config::edit(ctx, |config, lock| {
        let storage = config.environment(&name)?.key_storage;
        let removed = credentials::remove_stored(lock, &name, storage)?;
        if storage.is_some() {
            config.set_key_storage(&name, None)?;
        }
        Ok((removed, storage.is_some()))
    })
    .await?;
    ctx.output.status(&if removed || recorded {
        format!("logged out of `{name}`")
    } else {
        format!("no key stored for `{name}`; nothing to do")
    });
    let target = ctx.target()?;
    match credentials::source(Wanted::chosen(target.env, target.base_url)) {
        source @ (Source::EnvVar | Source::KeyFile) => {
            ctx.output.warning(&format!("`{}` is still set, and petstore still uses it", source.label()));
        }
        Source::Command => ctx.output.warning(&format!(
            "`{name}` still has a key command, which gives its key; `petstore env set {name} --no-key-command` \
             removes it"
        )),
        _ => {}
    }
    Ok(())
}
