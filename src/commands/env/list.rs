//! `petstore env list`

use serde::Serialize;

use crate::commands::defaults::{self, DefaultsView};
use crate::context::Context;
use crate::error::Error;
use crate::output::{Field, Fit, Rows};
use petstore_core::credentials::{self, Wanted};

/// List the environments, and which one is in use
///
/// Shows each environment's name, base URL, where its key would come from (`PETSTORE_API_KEY`, keyring,
/// file, built-in, none), whether writes to it ask first (`CONFIRM`: yes for production unless the config says
/// otherwise) and which one commands use now (`*`). What flags left out mean in an environment (`env set NAME
/// --default KEY=VALUE`) follows in a table of its own, so that the base URLs keep their room; TSV, CSV and
/// `--columns` have a `defaults` column, JSON a `defaults` object. No keyring is read: `auth status` checks keys.
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
    base_url: String,
    key_source: &'static str,
    confirm_writes: bool,
    active: bool,
    built_in: bool,
    /// What flags left out mean against it (`env set NAME --default KEY=VALUE`).
    defaults: DefaultsView,
    /// Its own CA file (`env set NAME --cacert FILE`); absent when it has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    cacert: Option<String>,
    #[serde(skip)]
    #[schemars(skip)]
    defaults_text: String,
}

/// Prints the environments.
pub fn run(ctx: &Context, _args: &ListEnvArgs) -> Result<(), Error> {
    let active = ctx.target()?.env.map(|env| env.name.clone());
    let config = ctx.config()?;
    let lines: Vec<EnvLine<'_>> = config
        .environments()
        .iter()
        .map(|env| EnvLine {
            name: &env.name,
            base_url: env.base_url.to_string(),
            key_source: credentials::source(Wanted::chosen(Some(env), &env.base_url)).label(),
            confirm_writes: env.confirm_writes,
            active: active.as_deref() == Some(env.name.as_str()),
            built_in: env.built_in,
            defaults: DefaultsView::from(&env.defaults),
            cacert: env.cacert.as_ref().map(|path| path.display().to_string()),
            defaults_text: defaults::describe(&env.defaults),
        })
        .collect();
    print(&ctx.output, &lines)
}

/// Prints the environments' lines. A table for people keeps its room for the base URLs: the defaults follow
/// it in a table of their own. TSV, CSV, JSON and `--columns` have them in a column.
fn print(output: &crate::output::Output, lines: &[EnvLine<'_>]) -> Result<(), Error> {
    let separate = output.default_table();
    // Without the last column, DEFAULTS, when the defaults have a table of their own.
    let columns = if separate { KEYS.len() - 1 } else { KEYS.len() };
    output.records(lines, || Rows {
        header: ["ACTIVE", "NAME", "BASE URL", "KEY", "CONFIRM", "DEFAULTS"][..columns].to_vec(),
        keys: KEYS[..columns].to_vec(),
        rows: lines
            .iter()
            .map(|line| {
                let row = [
                    Field::new(if line.active { "*" } else { "" }),
                    Field::new(line.name),
                    Field::new(&line.base_url),
                    Field::new(line.key_source),
                    Field::new(if line.confirm_writes { "yes" } else { "no" }),
                    Field::new(&line.defaults_text),
                ];
                row.into_iter().take(columns).collect()
            })
            .collect(),
        // Names give way before key sources, and both before the base URLs this list exists to show;
        // defaults wrap onto continuation lines rather than lose a value.
        fit: [Fit::cut(3, 0), Fit::cut(0, 10), Fit::cut(2, 24), Fit::cut(1, 8), Fit::cut(3, 0), Fit::wrap(1, 12)]
            [..columns]
            .to_vec(),
    })?;
    let with_defaults: Vec<&EnvLine<'_>> = lines.iter().filter(|line| !line.defaults_text.is_empty()).collect();
    if separate && !with_defaults.is_empty() {
        output.line("")?;
        output.records(lines, || Rows {
            header: vec!["NAME", "DEFAULTS"],
            keys: vec!["name", "defaults"],
            rows: with_defaults
                .iter()
                .map(|line| vec![Field::new(line.name), Field::new(&line.defaults_text)])
                .collect(),
            // Every default stays whole: they wrap, between entries where they can.
            fit: vec![Fit::cut(0, 10), Fit::wrap(1, 20)],
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::{Output, OutputSettings};

    /// The line of `name`, its defaults `defaults_text`.
    fn line<'a>(name: &'a str, base_url: &str, active: bool, defaults_text: &str) -> EnvLine<'a> {
        EnvLine {
            name,
            base_url: base_url.to_owned(),
            key_source: "built-in",
            confirm_writes: !active,
            active,
            built_in: true,
            defaults: DefaultsView::default(),
            cacert: None,
            defaults_text: defaults_text.to_owned(),
        }
    }

    #[test]
    fn piped_the_defaults_are_a_column_of_each_line() {
        let (output, captured) = Output::captured(&OutputSettings::default());
        let lines =
            [line("sandbox", "http://127.0.0.1:8080/v1", true, "limit=5"), line("staging", "https://s/v1", false, "")];
        print(&output, &lines).unwrap();
        assert_eq!(
            captured.stdout(),
            "*\tsandbox\thttp://127.0.0.1:8080/v1\tbuilt-in\tno\tlimit=5\n\tstaging\thttps://s/v1\tbuilt-in\tyes\t\n"
        );
    }

    #[test]
    fn a_table_for_people_has_the_defaults_in_a_table_of_their_own() {
        let (output, captured) = Output::captured_with(&OutputSettings::default(), true);
        let lines =
            [line("sandbox", "http://127.0.0.1:8080/v1", true, "limit=5"), line("staging", "https://s/v1", false, "")];
        print(&output, &lines).unwrap();
        let stdout = captured.stdout();
        let tables: Vec<&str> = stdout.split("\n\n").collect();
        assert_eq!(tables.len(), 2, "{stdout}");
        assert!(!tables[0].contains("DEFAULTS") && tables[0].contains("staging"), "{stdout}");
        assert!(tables[1].contains("DEFAULTS") && tables[1].contains("limit=5"), "{stdout}");
        assert!(!tables[1].contains("staging"), "only the environments with defaults: {stdout}");
        let (output, captured) = Output::captured_with(&OutputSettings::default(), true);
        print(&output, &[line("staging", "https://s/v1", false, "")]).unwrap();
        assert!(
            !captured.stdout().contains("\n\n") && !captured.stdout().contains("DEFAULTS"),
            "{}",
            captured.stdout()
        );
    }
}
