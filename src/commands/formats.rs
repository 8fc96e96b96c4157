//! Which output flags each command takes, checked before it acts: `--columns` and `--header`/`--no-header`
//! for the commands that print records (with their columns), `--progress` for `pets add --file`, and
//! `--json`/`--output` refused, with exit 2, by the commands that have no records to print.

use super::About;
use crate::error::{Error, code};
use crate::output::{Layout, Output, OutputFormat, OutputSettings};

/// `--columns`, `--header` and `--no-header`, on every command that prints records.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(next_help_heading = "Columns")]
pub struct ColumnArgs {
    /// Print these columns, in this order (JSON field names)
    ///
    /// The names are comma-separated; in a table, tsv and csv
    #[arg(long, value_name = "LIST", add = clap_complete::ArgValueCompleter::new(crate::complete::columns))]
    pub columns: Option<String>,

    /// Print a header row, even in tsv
    ///
    /// [default: a table and csv have one, tsv not]
    #[arg(long, overrides_with = "no_header")]
    pub header: bool,

    /// Print no header row, even in a table or csv
    #[arg(long, overrides_with = "header")]
    pub no_header: bool,
}

/// What a command prints on stdout, for `--json` and `--output`; each command says it in its
/// [`About`], and [`configure`] applies the rules.
#[derive(Debug)]
pub enum Prints<'a> {
    /// Records under these columns.
    Records(&'static [&'static str], &'a ColumnArgs),
    /// One value: as a line, or as a JSON object with `--json`, `--output json|ndjson` or `--jq`.
    Value,
    /// An answer's body as the server sent it, which `--jq` may filter; `--json` and `--output` do not apply:
    /// `why`, `help`.
    Body(&'static str, &'static str),
    /// Something that is not records (a completion script), or nothing at all: `why`, `help`.
    Other(&'static str, &'static str),
}

/// Applies the command's output flags to `output`, or refuses what does not apply to it (exit 2), before the
/// command does anything; `about` says what the command prints.
pub fn configure(output: Output, settings: &OutputSettings, about: &About<'_>) -> Result<Output, Error> {
    let not_applicable = |flag: &str, why: &str, help: &str| {
        let message = format!("`{flag}` does not apply to `petstore {}`: {why}", about.name);
        Error::new(&code::FLAG_NOT_APPLICABLE, message).with_hint(help)
    };
    let format_flag = settings.format_flag();
    match &about.prints {
        Prints::Records(keys, args) => {
            let header = args.header.then_some(true).or(args.no_header.then_some(false));
            if settings.json_mode {
                let given =
                    [(args.columns.is_some(), "--columns"), (args.header, "--header"), (args.no_header, "--no-header")];
                if let Some(flag) = given.into_iter().find_map(|(given, flag)| given.then_some(flag)) {
                    return Err(not_applicable(
                        flag,
                        "it shapes a table, tsv or csv, not JSON",
                        "leave it out, or pick fields from JSON with `--jq`",
                    ));
                }
            }
            if settings.jq.is_some()
                && matches!(settings.output, Some(OutputFormat::Table | OutputFormat::Tsv | OutputFormat::Csv))
            {
                return Err(not_applicable(
                    "--jq",
                    "it filters JSON",
                    "use `--output json` or `--output ndjson` with it, or leave `--output` out",
                ));
            }
            Ok(output.with_layout(Layout::new(args.columns.as_deref(), header, keys)?))
        }
        Prints::Value => match settings.output {
            Some(OutputFormat::Table | OutputFormat::Csv) => Err(not_applicable(
                &format_flag.unwrap_or_default(),
                "it prints one value",
                "use `--json`, or leave `--output` out for the value alone",
            )),
            _ if settings.jq.is_some() && settings.output == Some(OutputFormat::Tsv) => {
                Err(not_applicable("--jq", "it filters JSON", "leave `--output` out"))
            }
            _ => Ok(output),
        },
        // `--jq` may filter a body, not anything else.
        Prints::Body(why, help) | Prints::Other(why, help) => match format_flag {
            Some(flag) => Err(not_applicable(&flag, why, help)),
            None if settings.jq.is_some() && matches!(about.prints, Prints::Other(..)) => {
                Err(not_applicable("--jq", why, help))
            }
            None => Ok(output),
        },
    }
    .map(|output| match about.progress {
        Some(progress) => output.with_progress(progress),
        None => output,
    })
}

/// Whether `command` prints records (`None`: it does not), and if so whether `--columns`, `--header` or
/// `--no-header` was typed.
pub fn record_shape(command: &crate::cli::Command) -> Option<bool> {
    match command.about().prints {
        Prints::Records(_, args) => Some(args.columns.is_some() || args.header || args.no_header),
        Prints::Value | Prints::Body(..) | Prints::Other(..) => None,
    }
}

/// Why a command that prints only a message on stderr refuses `--json` and `--output`.
pub const PRINTS_NOTHING: &str = "it prints no records, only a message on stderr";

#[cfg(test)]
mod tests {
    use super::*;
    use petstore_core::api::{Pet, PetStatus};

    /// What `configure` makes of `settings` for a command called `name` that prints `prints`: the refusal's
    /// message and hint, or what a pet then prints as.
    fn configured(settings: &OutputSettings, prints: Prints<'_>) -> Result<String, (String, String)> {
        let (output, captured) = Output::captured(settings);
        let about = About::new("pets list", prints);
        match configure(output, settings, &about) {
            Ok(output) => {
                output.pet(&Pet { id: 7, name: "Rex".into(), category_id: 2, status: Some(PetStatus::Sold) }).unwrap();
                Ok(captured.stdout())
            }
            Err(err) => Err((err.to_string(), err.hint().unwrap_or_default().to_owned())),
        }
    }

    fn columns(columns: Option<&str>, header: bool) -> ColumnArgs {
        ColumnArgs { columns: columns.map(str::to_owned), header, no_header: false }
    }

    #[test]
    fn records_take_their_columns_and_header() {
        let args = columns(Some("name,id"), true);
        assert_eq!(
            configured(&OutputSettings::default(), Prints::Records(&["id", "name"], &args)),
            Ok("name\tid\nRex\t7\n".to_owned())
        );
        let args = columns(Some("colour"), false);
        assert_eq!(
            configured(&OutputSettings::default(), Prints::Records(&["id", "name"], &args)).unwrap_err().0,
            "unknown column `colour`"
        );
    }

    #[test]
    fn columns_and_header_do_not_shape_json() {
        for (args, flag) in [(columns(Some("name"), false), "--columns"), (columns(None, true), "--header")] {
            assert_eq!(
                configured(&OutputSettings::json(), Prints::Records(&["id", "name"], &args)),
                Err((
                    format!("`{flag}` does not apply to `petstore pets list`: it shapes a table, tsv or csv, not JSON"),
                    "leave it out, or pick fields from JSON with `--jq`".to_owned()
                ))
            );
        }
    }

    #[test]
    fn jq_filters_json_only() {
        let settings = OutputSettings {
            output: Some(OutputFormat::Csv),
            jq: Some(".[].name".into()),
            json_mode: true,
            json_errors: true,
            ..OutputSettings::default()
        };
        let args = ColumnArgs::default();
        assert_eq!(
            configured(&settings, Prints::Records(&["id"], &args)),
            Err((
                "`--jq` does not apply to `petstore pets list`: it filters JSON".to_owned(),
                "use `--output json` or `--output ndjson` with it, or leave `--output` out".to_owned()
            ))
        );
        let tsv = OutputSettings { output: Some(OutputFormat::Tsv), ..settings };
        assert_eq!(
            configured(&tsv, Prints::Value),
            Err((
                "`--jq` does not apply to `petstore pets list`: it filters JSON".to_owned(),
                "leave `--output` out".to_owned()
            ))
        );
    }

    #[test]
    fn a_value_is_no_table_and_a_body_or_script_takes_no_format() {
        let table = OutputSettings { output: Some(OutputFormat::Table), ..OutputSettings::default() };
        assert_eq!(
            configured(&table, Prints::Value),
            Err((
                "`--output table` does not apply to `petstore pets list`: it prints one value".to_owned(),
                "use `--json`, or leave `--output` out for the value alone".to_owned()
            ))
        );
        assert_eq!(
            configured(&OutputSettings::json(), Prints::Body("it prints the body", "leave it out")),
            Err((
                "`--json` does not apply to `petstore pets list`: it prints the body".to_owned(),
                "leave it out".to_owned()
            ))
        );
        let jq = OutputSettings { jq: Some(".".into()), ..OutputSettings::default() };
        assert_eq!(
            configured(&jq, Prints::Other(PRINTS_NOTHING, "leave it out")),
            Err((
                format!("`--jq` does not apply to `petstore pets list`: {PRINTS_NOTHING}"),
                "leave it out".to_owned()
            ))
        );
        assert_eq!(
            configured(&OutputSettings::default(), Prints::Other(PRINTS_NOTHING, "")),
            Ok("7\tRex\t2\tsold\n".to_owned())
        );
    }
}
