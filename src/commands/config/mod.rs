//! `petstore config ...`

use crate::cli::ConfigCommand;
use crate::config;
use crate::context::Context;
use crate::error::Error;

/// Dispatches a `config` verb; `path` is the only one: one line, or `{"path": ...}` with `--json`.
pub fn run(ctx: &Context, command: &ConfigCommand) -> Result<(), Error> {
    match command {
        ConfigCommand::Path => {
            let path = config::config_dir()?.join("config.toml");
            ctx.output.value(&serde_json::json!({ "path": path.to_string_lossy() }), &path.display().to_string())
        }
    }
}
