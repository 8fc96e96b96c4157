//! Per-environment defaults (`[environments.NAME.defaults]`): what a flag left out means for a command run
//! against that environment. Start-up applies them to the parsed command line once, before anything else reads
//! it ([`crate::startup`]), so that every later step (the output flags' checks, the command) sees them as if
//! typed; here are the keys, their checks and their words, for that and for the `env` verbs.
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

use crate::output::{Layout, OutputFormat, Rows};
use petstore_core::api::PetStatus;
use petstore_core::config::Defaults;

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
                .map(|format| format.as_str().to_owned())
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
