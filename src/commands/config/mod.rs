//! `petstore config ...`

use crate::commands::About;
use crate::commands::formats::Prints;
use crate::context::Context;
use crate::error::Error;
use petstore_core::config::{self, Config, DirLock};

/// `petstore config ...`
#[derive(Debug, clap::Subcommand)]
pub enum ConfigCommand {
    /// Print the config file's path
    ///
    /// With `--json`, `{"path": PATH}`. The file is TOML: `$PETSTORE_CONFIG_DIR/config.toml`, else
    /// `$XDG_CONFIG_HOME/petstore/config.toml`, else `~/.config/petstore/config.toml`. It may not exist yet:
    /// petstore writes it on the first change.
    #[command(after_long_help = "\
Examples:
  petstore config path
  cat \"$(petstore config path)\"")]
    Path,
}

impl ConfigCommand {
    /// What the verb says about itself ([`About`]).
    pub fn about(&self) -> About<'static> {
        match self {
            Self::Path => About::new("config path", Prints::Value),
        }
    }
}

/// Dispatches a `config` verb; `path` is the only one: one line, or `{"path": ...}` with `--json`.
pub fn run(ctx: &Context, command: &ConfigCommand) -> Result<(), Error> {
    match command {
        ConfigCommand::Path => {
            let path = config::config_dir()?.join("config.toml");
            ctx.output.value(&ConfigPath { path: path.to_string_lossy().into_owned() }, &path.display().to_string())
        }
    }
}

/// Loads the config (its warnings shown once, a broken file refused as every command refuses it), then makes
/// `change` and saves the config, all under the config directory's lock: every verb that
/// changes the file (`env`, `alias`, `auth logout`).
pub async fn edit<T>(
    ctx: &Context,
    change: impl FnOnce(&mut Config, &DirLock) -> Result<T, Error>,
) -> Result<T, Error> {
    ctx.config()?;
    petstore_core::config::edit(|config, lock| {
        let done = change(config, lock)?;
        config.save(lock)?;
        Ok(done)
    })
    .await
}

/// `config path --json`: where the config file is.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ConfigPath {
    pub path: String,
}
