//! `petstore alias list`

use serde::Serialize;

use crate::context::Context;
use crate::error::Error;
use crate::output::{Field, Fit, Rows};

/// List the aliases and what each runs
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore alias list
  petstore alias list --json")]
pub struct ListAliasArgs {
    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// The columns of the table, TSV and CSV, by their JSON names (`--columns`).
pub const KEYS: &[&str] = &["name", "command"];

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct AliasLine<'a> {
    name: &'a str,
    /// What it expands to, as set: the words that replace its name.
    command: &'a str,
}

/// Prints the aliases, by name.
pub fn run(ctx: &Context, _args: &ListAliasArgs) -> Result<(), Error> {
    let config = ctx.config()?;
    let lines: Vec<AliasLine<'_>> =
        config.aliases().iter().map(|(name, command)| AliasLine { name, command }).collect();
    ctx.output.records(&lines, || Rows {
        header: vec!["NAME", "COMMAND"],
        keys: KEYS.to_vec(),
        rows: lines.iter().map(|line| vec![Field::new(line.name), Field::new(line.command)]).collect(),
        // The command wraps rather than lose a word.
        fit: vec![Fit::cut(0, 10), Fit::wrap(1, 20)],
    })?;
    if lines.is_empty() {
        ctx.output.note("no aliases; `petstore alias set NAME 'COMMAND'` makes one");
    }
    Ok(())
}
