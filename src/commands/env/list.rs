//! `petstore env list`

use serde::Serialize;

use crate::commands::defaults::{self, DefaultsView};
use crate::context::Context;
use crate::credentials::{self, Wanted};
use crate::error::Error;
use crate::output::{Field, Fit, Rows};

/// List the environments, and which one is in use
///
/// Shows each environment's name, base URL, where its key would come from (`PETSTORE_API_KEY`, keyring,
/// file, built-in, none), whether writes to it ask first (`CONFIRM`: yes for production unless the config says
/// otherwise), what flags left out mean there (`DEFAULTS`: `env set NAME --default KEY=VALUE`) and which one
/// commands use now (`*`). No keyring is read: `auth status` checks keys.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore env list
  petstore env list --json")]
pub struct ListEnvArgs {
    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// The columns of the table, TSV and CSV, by their JSON names (`--columns`).
pub const KEYS: &[&str] = &["active", "name", "baseUrl", "keySource", "confirmWrites", "defaults"];

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct EnvLine<'a> {
    name: &'a str,
    base_url: &'a str,
    key_source: &'static str,
    confirm_writes: bool,
    active: bool,
    built_in: bool,
    /// What flags left out mean against it (`env set NAME --default KEY=VALUE`).
    defaults: DefaultsView,
    #[serde(skip)]
    #[schemars(skip)]
    defaults_text: String,
}

/// Prints the environments.
pub fn run(ctx: &Context, _args: &ListEnvArgs) -> Result<(), Error> {
    let active = ctx.target()?.env.map(|env| env.name.clone());
    let config = ctx.config()?;
    let urls: Vec<String> = config.environments().iter().map(|env| env.base_url.to_string()).collect();
    let lines: Vec<EnvLine<'_>> = config
        .environments()
        .iter()
        .zip(&urls)
        .map(|(env, url)| EnvLine {
            name: &env.name,
            base_url: url,
            key_source: credentials::source(Wanted::chosen(Some(env), &env.base_url)).label(),
            confirm_writes: env.confirm_writes,
            active: active.as_deref() == Some(env.name.as_str()),
            built_in: env.built_in,
            defaults: DefaultsView::from(&env.defaults),
            defaults_text: defaults::describe(&env.defaults),
        })
        .collect();
    // The table leaves out `DEFAULTS` while no environment has any, so that its base URLs keep their room.
    let defaults_column = !(ctx.output.default_table() && lines.iter().all(|line| line.defaults_text.is_empty()));
    ctx.output.records(&lines, || {
        let mut rows = Rows {
        header: vec!["ACTIVE", "NAME", "BASE URL", "KEY", "CONFIRM", "DEFAULTS"],
        keys: KEYS.to_vec(),
        rows: lines
            .iter()
            .map(|line| {
                vec![
                    Field::new(if line.active { "*" } else { "" }),
                    Field::new(line.name),
                    Field::new(line.base_url),
                    Field::new(line.key_source),
                    Field::new(if line.confirm_writes { "yes" } else { "no" }),
                    Field::new(&line.defaults_text),
                ]
            })
            .collect(),
        // Names give way before key sources, and both before the base URLs this list exists to show; defaults
        // wrap onto continuation lines rather than lose a value.
        fit: vec![Fit::cut(3, 0), Fit::cut(0, 10), Fit::cut(2, 24), Fit::cut(1, 8), Fit::cut(3, 0), Fit::wrap(1, 12)],
        };
        if !defaults_column {
            rows.header.pop();
            rows.keys.pop();
            rows.fit.pop();
            for row in &mut rows.rows {
                row.pop();
            }
        }
        rows
    })?;
    Ok(())
}
