//! `petstore auth logout`

use crate::config::{Config, KeyStorage};
use crate::context::Context;
use crate::credentials::{self, file, keyring};
use crate::error::Error;

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

/// Deletes the selected environment's key.
pub fn run(ctx: &Context, _args: &LogoutArgs) -> Result<(), Error> {
    let env = ctx.environment()?.clone();
    let mut config = Config::load()?;
    let removed = remove_key(&config, &env.name, env.key_storage)?;
    if env.key_storage.is_some() {
        config.set_key_storage(&env.name, None)?;
        config.save()?;
    }
    ctx.output.status(&if removed || env.key_storage.is_some() {
        format!("logged out of `{}`", env.name)
    } else {
        format!("no key stored for `{}`; nothing to do", env.name)
    });
    if credentials::from_env().is_some() {
        ctx.output.warning(&format!("`{}` is still set, and petstore still uses it", credentials::API_KEY_VAR));
    }
    Ok(())
}

/// Deletes `env`'s key from the file, and from the keyring when the key was recorded there. Returns whether
/// anything was deleted.
pub fn remove_key(config: &Config, env: &str, storage: Option<KeyStorage>) -> Result<bool, Error> {
    let from_file = file::delete(config.dir(), env)?;
    let from_keyring = match storage {
        Some(KeyStorage::Keyring) => {
            keyring::delete(env, keyring::TIMEOUT).map_err(|source| Error::Keyring { action: "delete", source })?
        }
        _ => false,
    };
    Ok(from_file || from_keyring)
}
