//! One module per noun, one file per verb; this file only dispatches.

pub mod agent;
pub mod alias;
pub mod api;
pub mod auth;
pub mod completions;
pub mod config;
pub mod confirm;
pub mod defaults;
pub mod doctor;
pub mod dry_run;
pub mod env;
pub mod formats;
pub mod journal;
pub mod mcp;
pub mod pets;
pub mod schema;
pub mod ui;
pub mod values;
pub mod version;

use std::sync::Arc;

use crate::cli::Command;
use crate::context::Context;
use crate::error::Error;
use crate::output::Progress;
use formats::Prints;

/// What a command says about itself, in one place: its name as typed, what it prints on stdout (which
/// output flags apply: [`formats::configure`]), whether it stops at a signal by itself, and how it shows
/// progress. Each noun answers for its verbs in one match, each other command in its own file.
#[derive(Debug)]
pub struct About<'a> {
    /// The command as typed, for messages: `pets list`.
    pub name: String,
    /// What it prints on stdout, for `--json`, `--output`, `--columns` and `--jq`.
    pub prints: Prints<'a>,
    /// Whether it stops at a signal by itself, with a summary, rather than being dropped ([`crate::run`]).
    pub handles_interrupts: bool,
    /// `--progress`, for a command that shows progress.
    pub progress: Option<Progress>,
}

impl<'a> About<'a> {
    /// A command called `name` that prints `prints`, is dropped at a signal and shows no progress.
    pub fn new(name: impl Into<String>, prints: Prints<'a>) -> About<'a> {
        About { name: name.into(), prints, handles_interrupts: false, progress: None }
    }
}

impl Command {
    /// What the command says about itself ([`About`]).
    pub fn about(&self) -> About<'_> {
        match self {
            Command::Pets(verb) => verb.about(),
            Command::Auth(verb) => verb.about(),
            Command::Env(verb) => verb.about(),
            Command::Config(verb) => verb.about(),
            Command::Api(args) => args.about(),
            Command::Doctor(args) => args.about(),
            Command::Completions(args) => args.about(),
            Command::Version(args) => args.about(),
            Command::Schema(args) => args.about(),
            Command::Alias(verb) => verb.about(),
            Command::Mcp(args) => args.about(),
            Command::Journal(args) => args.about(),
            Command::Agent(verb) => verb.about(),
            Command::Ui(args) => args.about(),
        }
    }
}

/// Runs the command the user typed.
pub async fn run(ctx: &Arc<Context>, command: &Command) -> Result<(), Error> {
    match command {
        Command::Pets(command) => pets::run(ctx, command).await,
        Command::Api(args) => api::run(ctx, args).await,
        Command::Auth(command) => auth::run(ctx, command).await,
        Command::Env(command) => env::run(ctx, command).await,
        Command::Config(command) => config::run(ctx, command),
        Command::Alias(command) => alias::run(ctx, command).await,
        Command::Doctor(args) => doctor::run(ctx, args).await,
        Command::Completions(args) => completions::run(ctx, args),
        Command::Version(args) => version::run(ctx, args),
        Command::Schema(args) => schema::run(ctx, args),
        Command::Mcp(args) => mcp::run(ctx, args).await,
        Command::Journal(args) => journal::run(ctx, args).await,
        Command::Agent(command) => agent::run(ctx, command).await,
        Command::Ui(args) => ui::run(ctx, args).await,
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, FromArgMatches};

    use crate::cli::Cli;

    /// A value `arg` accepts: its first possible value, a URL for a URL, else `1`.
    fn value_for(arg: &clap::Arg) -> String {
        if let Some(value) = arg.get_possible_values().first() {
            return value.get_name().to_owned();
        }
        let url = arg.get_value_names().is_some_and(|names| names.iter().any(|name| name.contains("URL")));
        if url { "https://x.example/v1" } else { "1" }.to_owned()
    }

    /// `arg` on a command line, with a value.
    fn given(arg: &clap::Arg) -> Vec<String> {
        match arg.get_long() {
            Some(long) => vec![format!("--{long}"), value_for(arg)],
            None => vec![value_for(arg)],
        }
    }

    /// Every leaf of the command tree: its words after `petstore`, and the leaf.
    fn leaves(command: &clap::Command, path: &mut Vec<String>, found: &mut Vec<(Vec<String>, clap::Command)>) {
        if command.has_subcommands() {
            for sub in command.get_subcommands().filter(|sub| sub.get_name() != "help") {
                path.push(sub.get_name().to_owned());
                leaves(sub, path, found);
                path.pop();
            }
            return;
        }
        found.push((path.clone(), command.clone()));
    }

    /// `path` with a value for each argument the leaf requires (a required group, `pets find`'s criteria,
    /// gets its first member; what clap says is missing after that is added).
    fn parsed(path: &[String], leaf: &clap::Command) -> Cli {
        let firsts: Vec<&clap::Id> = leaf
            .get_groups()
            .filter(|group| group.is_required_set())
            .filter_map(|group| group.get_args().next())
            .collect();
        let mut args: Vec<String> = path.to_vec();
        for arg in leaf.get_arguments().filter(|arg| arg.is_required_set() || firsts.contains(&arg.get_id())) {
            args.extend(given(arg));
        }
        for _ in 0..3 {
            let line = std::iter::once("petstore".to_owned()).chain(args.iter().cloned());
            match Cli::command().try_get_matches_from(line) {
                Ok(matches) => return Cli::from_arg_matches(&matches).unwrap(),
                Err(err) if err.kind() == clap::error::ErrorKind::MissingRequiredArgument => {
                    let Some(clap::error::ContextValue::Strings(missing)) =
                        err.get(clap::error::ContextKind::InvalidArg)
                    else {
                        panic!("`petstore {}`: {err}", args.join(" "))
                    };
                    for missing in missing {
                        let long = missing.split_whitespace().next().unwrap_or_default().trim_start_matches("--");
                        let arg = leaf.get_arguments().find(|arg| arg.get_long() == Some(long));
                        args.extend(given(arg.unwrap_or_else(|| panic!("`{missing}` is not an option"))));
                    }
                }
                Err(err) => panic!("`petstore {}`: {err}", args.join(" ")),
            }
        }
        panic!("`petstore {}`: still missing arguments", args.join(" "))
    }

    #[test]
    fn every_command_names_itself_as_typed() {
        let mut found = Vec::new();
        leaves(&Cli::command(), &mut Vec::new(), &mut found);
        assert!(found.len() > 15, "{found:?}");
        for (path, leaf) in found {
            let cli = parsed(&path, &leaf);
            let about = cli.command.about();
            assert_eq!(about.name, path.join(" "));
            // The MCP server listens for signals itself, to say whether a write was in flight; a watch, to end
            // at Ctrl-C as it should.
            let own = ["mcp", "pets watch"].contains(&about.name.as_str());
            assert_eq!(about.handles_interrupts, own, "{}: only a bulk add, mcp and pets watch", about.name);
        }
    }

    #[test]
    fn a_bulk_add_handles_signals_itself_and_shows_progress() {
        let about = |line: &[&str]| {
            let cli = Cli::from_arg_matches(&Cli::command().get_matches_from(line)).unwrap();
            let about = cli.command.about();
            (about.name, about.handles_interrupts, about.progress)
        };
        use crate::output::Progress;
        assert_eq!(
            about(&["petstore", "pets", "add", "--file", "x.csv"]),
            ("pets add".to_owned(), true, Some(Progress::Auto))
        );
        assert!(!about(&["petstore", "pets", "add", "--name", "Rex", "--category-id", "1"]).1);
    }
}
