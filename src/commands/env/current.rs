//! `petstore env current`: where a command would send its requests now, for people and shell prompts.
//! Reads the flags, the variables and the config file only: never the keyring, never the network.

use serde::Serialize;

use crate::commands::defaults::{self, DefaultsView};
use crate::context::Context;
use crate::error::Error;
use petstore_core::credentials::{self, Wanted};

/// Show the environment commands would use now
///
/// Prints the environment's name and base URL (only the base URL, when `--base-url` or `PETSTORE_BASE_URL`
/// names no environment), where its key comes from (never the key), `writes confirmed` when writes to it ask
/// first, and its defaults (`env set --default`): `staging: https://HOST/v1 (key: keyring; writes confirmed)`.
/// It follows the same rules as every command: `--base-url` > `--env` > `PETSTORE_BASE_URL` >
/// `PETSTORE_ENV` > `petstore env use` > production; inside `env run NAME` or `env shell NAME`, NAME, and it says
/// so (`PETSTORE_SCOPE`). With `--json`: its name, base URL, what selected it,
/// where its key would come from (`PETSTORE_API_KEY`, keyring, file, built-in, none; as the config records
/// it, without reading the keyring), whether writes are confirmed, and its defaults. Nothing is sent, so it is fast enough for a shell prompt.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore env current
  petstore env current --json
  PS1='[$(petstore env current --jq \".name // .baseUrl\" 2>/dev/null)] \\$ '")]
pub struct CurrentEnvArgs {}

/// `env current --json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct Current {
    /// `None` for a base URL that is no environment's.
    name: Option<String>,
    base_url: String,
    selected_by: &'static str,
    key_source: &'static str,
    confirm_writes: bool,
    /// What flags left out mean against it (`env set NAME --default KEY=VALUE`).
    defaults: DefaultsView,
    /// Its own CA file (`env set NAME --cacert FILE`); absent when it has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    cacert: Option<String>,
    /// The environment `petstore env run` or `env shell` pinned this run to; absent outside a scope.
    #[serde(skip_serializing_if = "Option::is_none")]
    scope: Option<String>,
}

/// Prints the environment in use.
pub fn run(ctx: &Context, _args: &CurrentEnvArgs) -> Result<(), Error> {
    let target = ctx.target()?;
    let current = Current {
        name: target.env.map(|env| env.name.clone()),
        base_url: target.base_url.to_string(),
        selected_by: ctx.selected_by()?,
        // A bare base URL gets no stored key (see `Context::client`): only the variable's, if set.
        key_source: credentials::source(Wanted::chosen(target.env, target.base_url)).label(),
        confirm_writes: target.env.is_some_and(|env| env.confirm_writes),
        defaults: target.env.map(|env| DefaultsView::from(&env.defaults)).unwrap_or_default(),
        cacert: target.env.and_then(|env| env.cacert.as_ref()).map(|path| path.display().to_string()),
        scope: ctx.scope().map(str::to_owned),
    };
    let defaults = target.env.filter(|env| !env.defaults.is_empty()).map(|env| defaults::describe(&env.defaults));
    ctx.output.value(&current, &words(&current, defaults.as_deref()))
}

/// The line printed without JSON: the name (if any) and base URL, then the key's source, whether writes are
/// confirmed, the `defaults` in words (if any) and the scope, in parentheses.
fn words(current: &Current, defaults: Option<&str>) -> String {
    let mut text = match &current.name {
        Some(name) => format!("{name}: {}", current.base_url),
        None => current.base_url.clone(),
    };
    let notes: Vec<String> = [
        Some(format!("key: {}", current.key_source)),
        current.confirm_writes.then(|| "writes confirmed".to_owned()),
        defaults.map(|defaults| format!("defaults: {defaults}")),
        current.cacert.as_ref().map(|cacert| format!("CA file: {cacert}")),
        current.scope.as_ref().map(|scope| format!("pinned to `{scope}` by `petstore env run` or `env shell`")),
    ]
    .into_iter()
    .flatten()
    .collect();
    text.push_str(&format!(" ({})", notes.join("; ")));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::{Output, OutputSettings};

    /// `production`, selected by the config, its writes confirmed.
    fn production() -> Current {
        Current {
            name: Some("production".to_owned()),
            base_url: "https://api.example.com/v1".to_owned(),
            selected_by: "config",
            key_source: "keyring",
            confirm_writes: true,
            defaults: DefaultsView::default(),
            cacert: None,
            scope: None,
        }
    }

    #[test]
    fn the_line_names_the_environment_and_what_holds_for_it() {
        assert_eq!(
            words(&production(), None),
            "production: https://api.example.com/v1 (key: keyring; writes confirmed)"
        );
        let scoped = Current { scope: Some("production".to_owned()), ..production() };
        assert_eq!(
            words(&scoped, Some("limit=5")),
            "production: https://api.example.com/v1 (key: keyring; writes confirmed; defaults: limit=5; pinned to \
             `production` by `petstore env run` or `env shell`)"
        );
        let bare = Current { name: None, key_source: "none", confirm_writes: false, ..production() };
        assert_eq!(words(&bare, None), "https://api.example.com/v1 (key: none)");
    }

    #[test]
    fn json_is_the_whole_document_and_text_the_line() {
        let (output, captured) = Output::captured(&OutputSettings::json());
        let current = production();
        output.value(&current, &words(&current, None)).unwrap();
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&captured.stdout()).unwrap(),
            serde_json::json!({
                "name": "production",
                "baseUrl": "https://api.example.com/v1",
                "selectedBy": "config",
                "keySource": "keyring",
                "confirmWrites": true,
                "defaults": {},
            })
        );
        let (output, captured) = Output::captured(&OutputSettings::default());
        output.value(&current, &words(&current, None)).unwrap();
        assert_eq!(captured.stdout(), "production: https://api.example.com/v1 (key: keyring; writes confirmed)\n");
    }
}
