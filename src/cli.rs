//! The root of the clap command tree: [`Cli`], the global options and the top-level [`Command`]. Each noun's
//! verbs are listed in its own module (`commands::<noun>::<Noun>Command`), so adding a verb touches one noun.
//! No I/O happens here.
//!
//! House rules for flags:
//! - long names are kebab-case; every flag that takes a value has an upper-case `value_name`;
//! - global flags live in [`GlobalArgs`] (`global = true`) and are resolved once, into `Context`;
//! - a value with a fixed set of choices is a `ValueEnum` defined once, next to its model (`PetStatus`);
//! - values are checked here, by clap, so a bad one is refused before any request is made;
//! - a secret is never a flag: it would show in `ps` and in shell history.

use clap::{Args, Parser, Subcommand};

use crate::commands::agent::AgentCommand;
use crate::commands::alias::AliasCommand;
use crate::commands::api::ApiArgs;
use crate::commands::auth::AuthCommand;
use crate::commands::completions::CompletionsArgs;
use crate::commands::config::ConfigCommand;
use crate::commands::doctor::DoctorArgs;
use crate::commands::env::EnvCommand;
use crate::commands::journal::JournalArgs;
use crate::commands::mcp::McpArgs;
use crate::commands::pets::PetsCommand;
use crate::commands::schema::SchemaArgs;
use crate::commands::version::VersionArgs;
use crate::output::{ColorChoice, OutputFormat, Progress};

// Every line of the pre-formatted blocks below keeps to 80 columns, so that clap, which wraps help to the
// terminal, leaves their shape alone at 80 (tests/it/help_fit.rs checks it, and the man pages reuse them).
const AFTER_LONG_HELP: &str = "\
Examples:
  petstore pets list --status available --limit 5
  petstore pets add --name Rex --category-id 1 --status available
  petstore --json pets list | jq '.[].name'
  petstore auth login --env staging && petstore --env staging pets list
  petstore pets add --file pets.csv --failed failed.csv
  petstore help agents      # a short guide for AI assistants and scripts

Exit codes:
  0    success
  1    other failure: a server error (5xx), another 4xx answer, an unreadable
       response, a failed `doctor` check, a write not confirmed at the
       question (`confirm_writes`)
  2    usage or invalid input: a bad flag, a value refused locally, a 400 from
       the server
  3    not found (404), or `pets find` matched nothing
  4    authentication: no API key, the server refused it (401), or the keyring
       is unavailable
  5    network: cannot connect, timeout, TLS; or a write that got no answer
       (its outcome is unknown)
  6    partial: `pets list --all` or `pets find` may miss animals past the
       API's first 100 of a status; or a batch: `pets add --file` did not
       create every record (some failed, a server kept refusing, or stdout
       closed first)
  7    undecided: `pets add --if-absent` could not tell whether the animal
       exists, so sent nothing; a batch created or found every record but
       some whose existence no query can tell (see `--undecided`)
  126  `env run`: the command could not be run (not a program)
  127  `env run`: the command was not found
  129  the terminal hung up (SIGHUP)
  130  interrupted (Ctrl-C, SIGINT)
  143  terminated (SIGTERM: `timeout`, `kill`, a container or CI job stopped)

Environment variables:
  PETSTORE_API_KEY     the API key; when set, no stored key is read (for CI)
  PETSTORE_ENV         the environment to use, as `--env`
  PETSTORE_BASE_URL    the API's base URL, as `--base-url`
  PETSTORE_TIMEOUT     how long one attempt may take, as `--timeout`
  PETSTORE_CACERT      a PEM file of CA certificates to trust too, as `--cacert`
  PETSTORE_NO_INPUT    on: never ask for missing input, as `--no-input`
  PETSTORE_PROMPT      `plain`: ask one line at a time, no cursor movement
  PETSTORE_YES         on: as `--yes` on writes (on: 1/true/yes/on; off: 0/
                       false/no/off; anything else is an error)
  PETSTORE_ERROR_FORMAT  `json`: failures as one JSON line on stderr, any mode
  PETSTORE_NO_DEFAULTS  on: ignore the environment's defaults
  PETSTORE_PAGER       the pager for long help at a terminal (else PAGER, else
                       `less -FRX`); empty or `cat`: none
  PETSTORE_CONFIG_DIR  the config directory (else $XDG_CONFIG_HOME/petstore,
                       or ~/.config/petstore)
  NO_COLOR             when set and not empty, no colour unless `--color always`

Files:
  ~/.config/petstore/config.toml       environments and settings (`petstore
                                       config path`); the directory is
                                       $PETSTORE_CONFIG_DIR or
                                       $XDG_CONFIG_HOME/petstore when set
  ~/.config/petstore/credentials.toml  keys stored by `petstore auth login
                                       --insecure-storage` (mode 0600)

Where requests go, first match wins (flags beat variables; a URL beats a name):
  --base-url > --env > PETSTORE_BASE_URL > PETSTORE_ENV > `env use` > production
Built-in environments: production, staging, and sandbox
(http://127.0.0.1:4010/v1, no login needed).";

/// The line `-h` ends with, in place of the global options it leaves out (gh's "INHERITED FLAGS", kubectl's
/// `kubectl options`).
pub const GLOBAL_OPTIONS_NOTE: &str = "Global options (--env, --json, --output, --quiet, ...): see --help";

/// clap's layout with the examples (the long help's `before_help`) between the usage and the options.
const HELP_TEMPLATE: &str = "{about-with-newline}\n{usage-heading} {usage}\n\n{before-help}{all-args}{after-help}";

/// The clap tree as petstore shows it: complete, document and print help with this. (Parsing needs only
/// [`parsing_command`]'s, and builds this one only when it is to show help.)
///
/// `-h` is short: each command's own options, and [`GLOBAL_OPTIONS_NOTE`] for the rest. `--help` adds the
/// global options, and puts the examples right under the usage, before the long notes (the doc comment's
/// body) and the root's reference blocks (exit codes, variables, files), which follow the options.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    present(Cli::command())
}

/// The clap tree as parsing needs it: [`command`]'s, save the help's layout and text, which cost most of a
/// start-up to put in shape and which only `--help` shows. Parse with this; when clap answers with help, parse
/// again with [`command`] (`startup::parse_from` does).
pub fn parsing_command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command()
}

fn present(cmd: clap::Command) -> clap::Command {
    let names: Vec<String> = cmd.get_subcommands().map(|sub| sub.get_name().to_owned()).collect();
    let cmd = names.iter().fold(cmd, |cmd, name| cmd.mut_subcommand(name, present));
    // `ansi()`, not `Display`: the text is copied as it is, where `Display` strips escape sequences a character
    // at a time (most of the start-up's work, for a tree this size), and the derive's text holds none.
    let after = cmd.get_after_long_help().map(|text| text.ansi().to_string()).unwrap_or_default();
    let (examples, reference): (Vec<&str>, Vec<&str>) =
        after.split("\n\n").filter(|block| !block.is_empty()).partition(|block| block.starts_with("Examples:"));
    // The derive's long about is the whole doc comment: its first paragraph is the about line.
    let long_about = cmd.get_long_about().map(|text| text.ansi().to_string()).unwrap_or_default();
    let notes = long_about.split_once("\n\n").map(|(_, notes)| notes.trim().to_owned()).filter(|n| !n.is_empty());
    let after_long: Vec<String> = notes.into_iter().chain(reference.iter().map(|b| (*b).to_owned())).collect();
    let mut cmd = cmd
        .help_template(HELP_TEMPLATE)
        .long_about(None::<&str>)
        .after_help(GLOBAL_OPTIONS_NOTE)
        // Set even when empty: `--help` would fall back to `-h`'s `after_help`, the note.
        .after_long_help(after_long.join("\n\n"));
    if !examples.is_empty() {
        cmd = cmd.before_long_help(examples.join("\n\n"));
    }
    cmd
}

/// A command-line client for the Pet Store API
///
/// Lists, adds and looks up the store's animals. Results go to stdout (a table on a terminal, tab-separated
/// rows when piped, JSON with `--json`); warnings, progress and errors go to stderr.
#[derive(Debug, Parser)]
#[command(name = "petstore", version, after_long_help = AFTER_LONG_HELP, propagate_version = true)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// Options every command takes.
#[derive(Debug, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// The environment to use: production, staging, sandbox, or one added with `petstore env add`
    /// [env: PETSTORE_ENV]
    #[arg(long = "env", global = true, hide_short_help = true, value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::complete::environment_names))]
    pub env: Option<String>,

    /// The API's base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env`
    /// [env: PETSTORE_BASE_URL]
    #[arg(long, global = true, hide_short_help = true, value_name = "URL", value_parser = BaseUrlParser)]
    pub base_url: Option<petstore_core::config::DisplaySafeUrl>,

    /// Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m`
    /// [default: 30] [env: PETSTORE_TIMEOUT]
    #[arg(long, global = true, hide_short_help = true, value_name = "DURATION", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,

    /// Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified
    /// [env: PETSTORE_CACERT]
    #[arg(long, global = true, hide_short_help = true, value_name = "FILE")]
    pub cacert: Option<std::path::PathBuf>,

    /// Print JSON: the API's own documents and field names, nothing else on stdout (`--output json`)
    #[arg(long, global = true, hide_short_help = true)]
    pub json: bool,

    /// How to print records [default: table on a terminal, tsv when piped]
    #[arg(
        ignore_case = true,
        long,
        short = 'o',
        global = true,
        hide_short_help = true,
        value_enum,
        value_name = "FORMAT",
        conflicts_with = "json"
    )]
    pub output: Option<OutputFormat>,

    /// Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output
    /// ndjson`, once per record
    #[arg(long, global = true, hide_short_help = true, value_name = "EXPRESSION")]
    pub jq: Option<String>,

    /// When to use colour
    #[arg(ignore_case = true, long, global = true, hide_short_help = true, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Print no warnings or notes on stderr (errors still print)
    #[arg(short, long, global = true, hide_short_help = true)]
    pub quiet: bool,

    /// Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script
    /// [env: PETSTORE_NO_INPUT]
    #[arg(long, global = true, hide_short_help = true)]
    pub no_input: bool,

    /// Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]
    #[arg(long, global = true, hide_short_help = true)]
    pub no_pager: bool,

    /// Show each request and answer on stderr (the key is masked)
    #[arg(short, long, global = true, hide_short_help = true, conflicts_with = "quiet")]
    pub verbose: bool,
}

/// The top-level commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List, add and look up the store's animals
    #[command(
        subcommand,
        after_long_help = "\
Examples:
  petstore pets list --status available
  petstore pets add --name Rex --category-id 1
  petstore pets list --jq '.[].name'"
    )]
    Pets(PetsCommand),

    Ui(crate::commands::ui::UiArgs),

    Api(ApiArgs),

    /// Log in and out, and show which key each environment uses
    #[command(
        subcommand,
        after_long_help = "\
Examples:
  petstore auth login --env staging
  petstore auth status --all
  petstore auth logout --env staging"
    )]
    Auth(AuthCommand),

    /// List, add, remove and choose the environments petstore talks to
    #[command(
        subcommand,
        after_long_help = "\
Examples:
  petstore env list
  petstore env add eu https://eu.api.example.com/v1
  petstore env use eu"
    )]
    Env(EnvCommand),

    /// Show where petstore keeps its configuration
    #[command(
        subcommand,
        after_long_help = "\
Examples:
  petstore config path
  $EDITOR \"$(petstore config path)\""
    )]
    Config(ConfigCommand),

    /// Name command lines, and run them by that name
    #[command(
        subcommand,
        after_long_help = "\
Examples:
  petstore alias set avail 'pets list --status available'
  petstore avail --limit 5
  petstore alias list"
    )]
    Alias(AliasCommand),

    Journal(JournalArgs),

    Doctor(DoctorArgs),

    // `completion`, as gh and kubectl spell it, beside the plural.
    #[command(visible_alias = "completion")]
    Completions(CompletionsArgs),

    Version(VersionArgs),

    Schema(SchemaArgs),

    Mcp(McpArgs),

    /// Set petstore up for AI assistants: register `petstore mcp` with their clients
    #[command(
        subcommand,
        after_long_help = "\
Examples:
  petstore --env staging agent setup
  petstore agent setup --status
  petstore agent setup --print-skill"
    )]
    Agent(AgentCommand),
}

/// The values clap offers for a setting whose type is the output's (which names no clap type): each variant's
/// name as typed and its words in `--help`.
macro_rules! value_enum {
    ($type:ident { $($variant:ident => $name:literal, $help:literal;)* }) => {
        impl clap::ValueEnum for $type {
            fn value_variants<'a>() -> &'a [Self] {
                &[$($type::$variant),*]
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                Some(match self {
                    $($type::$variant => clap::builder::PossibleValue::new($name).help($help),)*
                })
            }
        }
    };
}

value_enum!(OutputFormat {
    Table => "table", "A table with a header, for people";
    Tsv => "tsv", "Tab-separated values, one record per line, no header unless `--header`";
    Csv => "csv", "Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`";
    Json => "json", "One JSON document: the API's own, with its field names";
    Ndjson => "ndjson", "One JSON object per line; `--jq` runs on each";
});

value_enum!(ColorChoice {
    Auto => "auto", "On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`";
    Always => "always", "Always, even when piped and despite `NO_COLOR`";
    Never => "never", "Never";
});

value_enum!(Progress {
    Auto => "auto", "A bar that redraws in place, when stderr is a terminal and without `--quiet`";
    Plain => "plain", "A line at most once a second and one at the end, with no cursor movement (screen readers, CI logs)";
    None => "none", "Nothing";
});

/// The `--color` the command line asks for, read from the raw arguments: clap needs the answer before it
/// parses them, to colour its own help and usage errors (or not) like everything else petstore prints. The
/// last `--color WHEN` or `--color=WHEN` before `--` counts, as it does for clap; none, or a value clap will
/// refuse, is `auto`.
pub fn color_from_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> ColorChoice {
    use clap::ValueEnum;
    let mut choice = ColorChoice::Auto;
    let mut args = args.into_iter().skip(1);
    while let Some(arg) = args.next() {
        let value = match arg.to_str() {
            Some("--") => break,
            Some("--color") => args.next(),
            Some(arg) => arg.strip_prefix("--color=").map(Into::into),
            None => None,
        };
        if let Some(value) = value {
            choice = value.to_str().and_then(|v| ColorChoice::from_str(v, false).ok()).unwrap_or(ColorChoice::Auto);
        }
    }
    choice
}

/// Whether the raw arguments ask for a JSON mode (`--json`, `--jq`, `--output json|ndjson`, `-o json|ndjson`),
/// read before clap parses them, as [`color_from_args`] is: a usage error is then written as JSON too. Before
/// `--` only; a value clap will refuse does not count.
pub fn json_mode_from_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> bool {
    let mut args = args.into_iter().skip(1);
    let is_json = |value: Option<std::ffi::OsString>| value.is_some_and(|value| value == "json" || value == "ndjson");
    let mut json = false;
    while let Some(arg) = args.next() {
        let Some(text) = arg.to_str() else { continue };
        json |= match text {
            "--" => break,
            "--json" | "--jq" => true,
            "--output" | "-o" => is_json(args.next()),
            _ if text.starts_with("--jq=") => true,
            _ => ["--output=", "-o=", "-o"]
                .iter()
                .find_map(|prefix| text.strip_prefix(prefix))
                .is_some_and(|value| value == "json" || value == "ndjson"),
        };
    }
    json
}

/// A value from `names`, read in any case as every fixed set of values is (`ignore_case`), and given back as
/// `names` spells it: clap gives back what was typed, which code that compares names would then miss.
pub fn one_of_names(names: &'static [&'static str]) -> impl clap::builder::TypedValueParser<Value = String> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(names).map(move |typed| {
        names.iter().find(|name| name.eq_ignore_ascii_case(&typed)).map_or(typed, |name| (*name).to_owned())
    })
}

/// A base URL (`--base-url`, `env add`) is checked as it is parsed, by the rules every entry shares
/// ([`petstore_core::api::base_url::parse_base_url`]), so a bad one is a usage error before anything else happens. clap's
/// error repeats the value; this one repeats it with any password masked.
#[derive(Debug, Clone, Copy)]
pub struct BaseUrlParser;

impl clap::builder::TypedValueParser for BaseUrlParser {
    type Value = petstore_core::config::DisplaySafeUrl;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<petstore_core::config::DisplaySafeUrl, clap::Error> {
        let parse = |text: &str| petstore_core::api::base_url::parse_base_url(text).map_err(|why| format!("it {why}"));
        parse.parse_ref(cmd, arg, value).map_err(|mut err| {
            let shown = petstore_core::api::base_url::mask_userinfo(&value.to_string_lossy()).text;
            err.insert(clap::error::ContextKind::InvalidValue, clap::error::ContextValue::String(shown));
            err
        })
    }
}

/// A timeout: a number of seconds (fractions allowed), or a duration with its unit as people write it (`5s`,
/// `1500ms`, `2m`, `1h 30m`: [`crate::commands::values::with_unit`]), above 0 and at most a day.
pub fn parse_timeout(value: &str) -> Result<std::time::Duration, String> {
    let text = value.trim();
    let duration = match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 => {
            Some(std::time::Duration::from_secs_f64(seconds.min(1e9)))
        }
        Ok(_) => None,
        Err(_) => crate::commands::values::with_unit(text),
    };
    match duration {
        Some(duration) if !duration.is_zero() && duration <= std::time::Duration::from_secs(86_400) => Ok(duration),
        _ => Err(format!(
            "`{value}` is not a timeout above 0 and at most a day: a number of seconds (`30`, `2.5`) or a duration \
             (`5s`, `1500ms`, `2m`)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_tree_is_consistent() {
        Cli::command().debug_assert();
        command().debug_assert();
    }

    /// Values from a fixed set are read in any case (`--status Sold`), as the prompts read them: each such
    /// argument says so in its derive, since the tree that parses is the derive's ([`parsing_command`]). A
    /// `ValueEnum` then gives its variant; a list of names needs [`one_of_names`] to give the listed spelling.
    #[test]
    fn every_value_from_a_fixed_set_is_read_in_any_case() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                if arg.get_action().takes_values() && !arg.get_possible_values().is_empty() && !arg.is_ignore_case_set()
                {
                    missing.push(format!("{path} {}", arg.get_id()));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&parsing_command(), "petstore", &mut missing);
        assert!(missing.is_empty(), "add `ignore_case = true` to: {missing:#?}");
    }

    /// Issue 46: `--timeout 5s`, `1500ms` and `2m` as users bring them from other tools; a bare number stays
    /// seconds.
    #[test]
    fn a_timeout_is_seconds_or_a_duration_with_its_unit() {
        use std::time::Duration;
        for (text, expected) in [
            ("30", Duration::from_secs(30)),
            ("2.5", Duration::from_millis(2500)),
            ("5s", Duration::from_secs(5)),
            ("1500ms", Duration::from_millis(1500)),
            ("2m", Duration::from_secs(120)),
            (" 1h 30m ", Duration::from_secs(5400)),
            ("24h", Duration::from_secs(86_400)),
        ] {
            assert_eq!(parse_timeout(text), Ok(expected), "{text}");
        }
        for text in ["0", "0s", "-1", "25h", "5 parsecs", "", "NaN", "inf", "1e400"] {
            assert!(parse_timeout(text).is_err(), "{text}");
        }
    }

    #[test]
    fn the_color_choice_is_read_before_clap_parses() {
        let choice = |args: &[&str]| color_from_args(["petstore"].iter().chain(args).map(Into::into));
        assert_eq!(choice(&["pets", "list"]), ColorChoice::Auto);
        assert_eq!(choice(&["--color", "never", "pets", "lst"]), ColorChoice::Never);
        assert_eq!(choice(&["pets", "--color=always", "--nope"]), ColorChoice::Always);
        assert_eq!(choice(&["--color=never", "--color", "always"]), ColorChoice::Always);
        assert_eq!(choice(&["--color", "purple"]), ColorChoice::Auto);
        assert_eq!(choice(&["api", "GET", "/", "--", "--color", "never"]), ColorChoice::Auto);
    }

    #[test]
    fn a_json_mode_is_read_before_clap_parses() {
        let json = |args: &[&str]| json_mode_from_args(["petstore"].iter().chain(args).map(Into::into));
        for args in [
            &["--json", "pets", "lst"][..],
            &["pets", "list", "-o", "ndjson", "--nope"],
            &["-ojson", "x"],
            &["--output=json"],
            &["--jq", ".[]", "pets"],
            &["--jq=.", "pets"],
        ] {
            assert!(json(args), "{args:?}");
        }
        for args in [&["pets", "list"][..], &["-o", "csv"], &["api", "GET", "/", "--", "--json"], &["-o"]] {
            assert!(!json(args), "{args:?}");
        }
    }

    #[test]
    fn base_urls_are_checked_when_parsed_and_passwords_not_repeated() {
        let parse = |url: &str| Cli::try_parse_from(["petstore", "--base-url", url, "env", "list"]);
        assert!(parse("https://api.example.com/v1").is_ok());
        assert!(parse("api.example.com/v1").is_err());
        assert!(parse("https://example.com/v1?x=1").is_err());
        let err = parse("https://me:hunter2@api.example.com/v1").unwrap_err().to_string();
        assert!(err.contains("'https://****@api.example.com/v1'") && !err.contains("hunter2"), "{err}");
    }

    /// The codes listed under "Exit codes:" in `petstore --help` are the documented ones ([`crate::error::exit`]):
    /// each line of that block that starts with a number.
    #[test]
    fn the_help_lists_every_exit_code_and_no_other() {
        use clap::CommandFactory;
        let help = Cli::command().get_after_long_help().expect("the root's long help").to_string();
        let block = help.split_once("Exit codes:\n").expect("an `Exit codes` block").1;
        let block = block.split("\n\n").next().unwrap_or_default();
        let listed: std::collections::BTreeSet<u8> =
            block.lines().filter_map(|line| line.split_whitespace().next()?.parse().ok()).collect();
        assert_eq!(listed, crate::error::tests::exit_codes(), "`petstore --help` lists other codes than error::exit");
    }
}
