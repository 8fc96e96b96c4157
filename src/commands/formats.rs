//! Which output flags each command takes, checked before it acts: `--columns` and `--header`/`--no-header`
//! for the commands that print records (with their columns), `--progress` for `pets add --file`, and
//! `--json`/`--output` refused, with exit 2, by the commands that have no records to print.

use super::pets::PetsCommand;
use crate::cli::{Command, GlobalArgs};
use crate::error::Error;
use crate::output::{Layout, Output, OutputFormat};

/// `--columns`, `--header` and `--no-header`, on every command that prints records.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(next_help_heading = "Columns")]
pub struct ColumnArgs {
    /// Print these columns, in this order: JSON field names, comma-separated (table, tsv and csv)
    #[arg(long, value_name = "LIST")]
    pub columns: Option<String>,

    /// Print a header row, even in tsv [default: a table and csv have one, tsv not]
    #[arg(long, overrides_with = "no_header")]
    pub header: bool,

    /// Print no header row, even in a table or csv
    #[arg(long, overrides_with = "header")]
    pub no_header: bool,
}

/// What a command prints on stdout, for `--json` and `--output`; each noun says it for its verbs (`prints`),
/// and [`configure`] applies the rules.
#[derive(Debug)]
pub enum Prints<'a> {
    /// Records under these columns.
    Records(&'static [&'static str], &'a ColumnArgs),
    /// One value: as a line, or as a JSON object with `--json`, `--output json|ndjson` or `--jq`.
    Value,
    /// Something that is not records (a completion script, an API answer as the server sent it), or
    /// nothing at all: `why`, `help`.
    Other(&'static str, &'static str),
}

/// Applies the command's output flags to `output`, or refuses what does not apply to it (exit 2), before the
/// command does anything.
pub fn configure(output: Output, global: &GlobalArgs, command: &Command) -> Result<Output, Error> {
    let name = command_name(command);
    let not_applicable =
        |flag: &str, why, help| Error::FlagNotApplicable { flag: flag.to_owned(), command: name.clone(), why, help };
    let format_flag = match (global.json, global.output) {
        (true, _) => Some("--json".to_owned()),
        (false, Some(format)) => Some(format!("--output {}", format_name(format))),
        (false, None) => None,
    };
    match prints(command) {
        Prints::Records(keys, args) => {
            let header = match (args.header, args.no_header) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            };
            let json = global.json
                || global.jq.is_some()
                || matches!(global.output, Some(OutputFormat::Json | OutputFormat::Ndjson));
            if json {
                let flag = if args.columns.is_some() {
                    Some("--columns")
                } else if header.is_some() {
                    Some(if args.header { "--header" } else { "--no-header" })
                } else {
                    None
                };
                if let Some(flag) = flag {
                    return Err(not_applicable(
                        flag,
                        "it shapes a table, tsv or csv, not JSON",
                        "leave it out, or pick fields from JSON with `--jq`",
                    ));
                }
            }
            if global.jq.is_some()
                && matches!(global.output, Some(OutputFormat::Table | OutputFormat::Tsv | OutputFormat::Csv))
            {
                return Err(not_applicable(
                    "--jq",
                    "it filters JSON",
                    "use `--output json` or `--output ndjson` with it, or leave `--output` out",
                ));
            }
            Ok(output.with_layout(Layout::new(args.columns.as_deref(), header, keys)?))
        }
        Prints::Value => match global.output {
            Some(OutputFormat::Table | OutputFormat::Csv) => Err(not_applicable(
                &format_flag.unwrap_or_default(),
                "it prints one value",
                "use `--json`, or leave `--output` out for the value alone",
            )),
            _ if global.jq.is_some() && global.output == Some(OutputFormat::Tsv) => {
                Err(not_applicable("--jq", "it filters JSON", "leave `--output` out"))
            }
            _ => Ok(output),
        },
        Prints::Other(why, help) => match format_flag {
            Some(flag) => Err(not_applicable(&flag, why, help)),
            None if global.jq.is_some() && !matches!(command, Command::Api(_)) => {
                Err(not_applicable("--jq", why, help))
            }
            None => Ok(output),
        },
    }
    .map(|output| match command {
        Command::Pets(PetsCommand::Add(add)) => output.with_progress(add.args.progress),
        _ => output,
    })
}

/// Whether `command` prints records (`None`: it does not), and if so whether `--columns`, `--header` or
/// `--no-header` was typed.
pub fn record_shape(command: &Command) -> Option<bool> {
    match prints(command) {
        Prints::Records(_, args) => Some(args.columns.is_some() || args.header || args.no_header),
        Prints::Value | Prints::Other(..) => None,
    }
}

/// Why a command that prints only a message on stderr refuses `--json` and `--output`.
pub const PRINTS_NOTHING: &str = "it prints no records, only a message on stderr";

/// What `command` prints: each noun answers for its verbs.
fn prints(command: &Command) -> Prints<'_> {
    match command {
        Command::Pets(verb) => verb.prints(),
        Command::Auth(verb) => verb.prints(),
        Command::Env(verb) => verb.prints(),
        Command::Config(verb) => verb.prints(),
        Command::Alias(verb) => verb.prints(),
        Command::Doctor(args) => Prints::Records(super::doctor::KEYS, &args.columns),
        Command::Version(args) => Prints::Records(super::version::KEYS, &args.columns),
        Command::Api(_) => Prints::Other(
            "the answer's body prints as the server sent it",
            "leave it out; `--jq` filters a JSON answer",
        ),
        Command::Completions(_) => Prints::Other("it prints a shell script", "leave it out"),
        Command::Schema(_) => Prints::Value,
        Command::Mcp(_) => Prints::Other("it speaks MCP on stdout", "leave it out"),
    }
}

/// `pets list`, `auth token`...: the command as typed, for messages; each noun names its verbs.
fn command_name(command: &Command) -> String {
    match command {
        Command::Pets(verb) => format!("pets {}", verb.name()),
        Command::Auth(verb) => format!("auth {}", verb.name()),
        Command::Env(verb) => format!("env {}", verb.name()),
        Command::Config(verb) => format!("config {}", verb.name()),
        Command::Alias(verb) => format!("alias {}", verb.name()),
        Command::Api(_) => "api".to_owned(),
        Command::Version(_) => "version".to_owned(),
        Command::Doctor(_) => "doctor".to_owned(),
        Command::Completions(_) => "completions".to_owned(),
        Command::Schema(_) => "schema".to_owned(),
        Command::Mcp(_) => "mcp".to_owned(),
    }
}

fn format_name(format: OutputFormat) -> String {
    use clap::ValueEnum;
    format.to_possible_value().map_or_else(String::new, |value| value.get_name().to_owned())
}
