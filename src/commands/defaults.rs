//! Per-environment defaults (`[environments.NAME.defaults]`): what a flag left out means for a command run
//! against that environment. Applied to the parsed command line once, before anything else reads it, so that
//! every later step (the output flags' checks, the command) sees them as if typed.
//!
//! Which command each applies to:
//! - `limit` and `status`: `pets list` (`--limit` is left alone with `--all`, which it conflicts with);
//! - `output`: every command that prints records (`pets list|find|get|add`, `env list`, `auth status`,
//!   `doctor`, `version`);
//! - `columns`: every command that prints animals (`pets list|find|get|add`).
//!
//! What was typed wins: a flag, and `--json`, `--jq` or `--output` over `output`; a default that would clash
//! with a typed flag (`output = "json"` with `--columns`, `columns` with `--json`) is left out rather than
//! refused. `PETSTORE_NO_DEFAULTS` (set, not `0`) leaves every default out, for scripts that must not depend
//! on a user's settings. A value edited by hand into the file is checked as the flag's would be when it applies.

use clap::ValueEnum;

use crate::api::PetStatus;
use crate::cli::{Cli, Command};
use crate::commands::pets::PetsCommand;
use crate::config::{Config, Defaults};
use crate::context::Selection;
use crate::error::{Error, code};
use crate::output::{Layout, OutputFormat, Rows};

/// Turns every default off for a run when set (and not `0`).
pub const NO_DEFAULTS_VAR: &str = "PETSTORE_NO_DEFAULTS";

/// A key of `[environments.NAME.defaults]`, as `env set --default KEY=VALUE` and `--unset-default KEY` take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Key {
    /// `--limit` of `pets list`
    Limit,
    /// `--status` of `pets list`
    Status,
    /// `--output` of every command that prints records
    Output,
    /// `--columns` of every command that prints animals
    Columns,
}

impl Key {
    /// Its name in the config file.
    pub fn as_str(self) -> &'static str {
        match self {
            Key::Limit => "limit",
            Key::Status => "status",
            Key::Output => "output",
            Key::Columns => "columns",
        }
    }

    /// `value` checked by the flag's own parser, as it is stored: `Sold` is `sold`, `100.0` is `100`.
    pub fn check(self, value: &str) -> Result<String, String> {
        match self {
            Key::Limit => crate::commands::values::parse_limit(value).map(|n| n.to_string()),
            Key::Status => PetStatus::from_str(value.trim(), true)
                .map(|status| status.as_str().to_owned())
                .map_err(|_| one_of(value, PetStatus::value_variants())),
            Key::Output => OutputFormat::from_str(value.trim(), true)
                .map(|format| format_name(format).to_owned())
                .map_err(|_| one_of(value, OutputFormat::value_variants())),
            Key::Columns => {
                let list: Vec<&str> = value.split(',').map(str::trim).collect();
                Layout::new(Some(value), None, Rows::PET_KEYS)
                    .map_err(|unknown| format!("unknown column `{}`: expected {}", unknown.name, unknown.known))?;
                Ok(list.join(","))
            }
        }
    }
}

fn one_of<T: ValueEnum>(value: &str, variants: &[T]) -> String {
    let names: Vec<String> =
        variants.iter().filter_map(|v| v.to_possible_value().map(|p| format!("`{}`", p.get_name()))).collect();
    format!("`{}` is not one of {}", value.trim(), names.join(", "))
}

fn format_name(format: OutputFormat) -> &'static str {
    match format {
        OutputFormat::Table => "table",
        OutputFormat::Tsv => "tsv",
        OutputFormat::Csv => "csv",
        OutputFormat::Json => "json",
        OutputFormat::Ndjson => "ndjson",
    }
}

/// `--default KEY=VALUE`: a known key and a value its flag accepts, as stored.
pub fn parse_assignment(text: &str) -> Result<(Key, String), String> {
    let Some((key, value)) = text.split_once('=') else {
        return Err("expected KEY=VALUE, e.g. `limit=50`; keys: `limit`, `status`, `output`, `columns`".to_owned());
    };
    let key = Key::from_str(key.trim(), true)
        .map_err(|_| format!("unknown key `{}`: expected `limit`, `status`, `output` or `columns`", key.trim()))?;
    let value = key.check(value).map_err(|why| format!("`{}`: {why}", key.as_str()))?;
    Ok((key, value))
}

/// The defaults as `limit=50 output=csv`, for a table or a line.
pub fn describe(defaults: &Defaults) -> String {
    defaults.entries().iter().map(|(key, value)| format!("{key}={value}")).collect::<Vec<_>>().join(" ")
}

/// The defaults as JSON shows them: `limit` a number, the others strings; unset ones left out.
#[derive(Debug, Default, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DefaultsView {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<String>,
}

impl From<&Defaults> for DefaultsView {
    fn from(defaults: &Defaults) -> DefaultsView {
        DefaultsView {
            limit: defaults.limit,
            status: defaults.status.clone(),
            output: defaults.output.clone(),
            columns: defaults.columns.clone(),
        }
    }
}

/// Whether `PETSTORE_NO_DEFAULTS` turns the defaults off.
fn turned_off() -> bool {
    std::env::var_os(NO_DEFAULTS_VAR).is_some_and(|value| !value.is_empty() && value != "0")
}

/// The command's `--columns`, when it prints animals.
fn pet_columns(command: &mut Command) -> Option<&mut crate::commands::formats::ColumnArgs> {
    match command {
        Command::Pets(PetsCommand::List(args)) => Some(&mut args.columns),
        Command::Pets(PetsCommand::Find(args)) => Some(&mut args.columns),
        Command::Pets(PetsCommand::Get(args)) => Some(&mut args.columns),
        Command::Pets(PetsCommand::Add(add)) => Some(&mut add.args.columns),
        _ => None,
    }
}

/// Fills in what the selected environment's defaults say for the flags `cli` leaves out. A config that does
/// not load, or a selection that names no environment, changes nothing here: the command says what is wrong.
/// The config, when it was read, is returned for the command's [`crate::context::Context`], so that a run
/// reads it once.
pub fn apply(cli: &mut Cli) -> Result<Option<Config>, Error> {
    let shape = crate::commands::formats::record_shape(&cli.command);
    let prints_records = shape.is_some();
    let pets_list = matches!(cli.command, Command::Pets(PetsCommand::List(_)));
    if !(prints_records || pets_list) || turned_off() {
        return Ok(None);
    }
    let Ok(selection) = Selection::of(&cli.global) else { return Ok(None) };
    let Ok(config) = Config::load() else { return Ok(None) };
    let Some(env) = selection.environment(&config) else { return Ok(Some(config)) };
    let defaults = &env.defaults;
    let checked = |key: Key, value: &str| {
        key.check(value).map_err(|why| {
            let message = format!(
                "`environments.{}.defaults.{}` in `{}`: {why}",
                env.name,
                key.as_str(),
                config.path().display()
            );
            Error::new(&code::CONFIG_VALUE, message).with_hint(format!(
                "set it with `petstore env set {} --default {}=VALUE`, or remove it with `--unset-default {}`",
                env.name,
                key.as_str(),
                key.as_str()
            ))
        })
    };
    if let Command::Pets(PetsCommand::List(args)) = &mut cli.command {
        if let Some(limit) = defaults.limit
            && args.limit.is_none()
            && !args.all
        {
            args.limit =
                Some(crate::commands::values::parse_limit(&checked(Key::Limit, &limit.to_string())?).expect("checked"));
        }
        if let Some(status) = &defaults.status
            && args.status.is_none()
        {
            args.status = Some(PetStatus::from_str(&checked(Key::Status, status)?, true).expect("checked"));
        }
    }
    let global = &mut cli.global;
    let typed_json = global.json || global.jq.is_some();
    if let Some(output) = &defaults.output
        && prints_records
        && global.output.is_none()
        && !typed_json
    {
        let format = OutputFormat::from_str(&checked(Key::Output, output)?, true).expect("checked");
        let json = matches!(format, OutputFormat::Json | OutputFormat::Ndjson);
        if !(json && shape == Some(true)) {
            global.output = Some(format);
        }
    }
    let json = cli.global.json
        || cli.global.jq.is_some()
        || matches!(cli.global.output, Some(OutputFormat::Json | OutputFormat::Ndjson));
    if let Some(columns) = &defaults.columns
        && !json
        && let Some(args) = pet_columns(&mut cli.command)
        && args.columns.is_none()
    {
        args.columns = Some(checked(Key::Columns, columns)?);
    }
    Ok(Some(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_by_the_flags_rules_and_stored_plain() {
        assert_eq!(parse_assignment("limit=100.0"), Ok((Key::Limit, "100".to_owned())));
        assert_eq!(parse_assignment("Status=Sold"), Ok((Key::Status, "sold".to_owned())));
        assert_eq!(parse_assignment("output=CSV"), Ok((Key::Output, "csv".to_owned())));
        assert_eq!(parse_assignment("columns=name, id"), Ok((Key::Columns, "name,id".to_owned())));
        assert_eq!(
            parse_assignment("limit=0").unwrap_err(),
            "`limit`: out of range: expected a whole number from 1 to 100"
        );
        assert_eq!(
            parse_assignment("status=lost").unwrap_err(),
            "`status`: `lost` is not one of `available`, `pending`, `sold`"
        );
        assert!(parse_assignment("colour=red").unwrap_err().starts_with("unknown key `colour`"));
        assert!(parse_assignment("limit").unwrap_err().starts_with("expected KEY=VALUE"));
        assert!(parse_assignment("columns=id,colour").unwrap_err().contains("unknown column `colour`"));
    }
}
