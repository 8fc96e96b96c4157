//! clap's own output (help, version and usage errors) under petstore's rules: coloured as `--color` and
//! `NO_COLOR` say (decided with the rest in `terminal`), and passed through [`safe`], since a usage error
//! quotes what was typed, which may hold an escape sequence.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::FromArgMatches;

use super::safe;
use super::terminal::{self, Terminals};
use crate::cli::{self, Cli};

/// The parsed command line; or, when clap answers instead (`--help`, `--version`, a usage error), what it
/// printed's exit code.
pub fn parse() -> Result<Cli, ExitCode> {
    let args: Vec<OsString> = std::env::args_os().collect();
    let choice = cli::color_from_args(args.iter().cloned());
    // An alias in command position becomes its words, before anything else reads them.
    let (args, alias) = match crate::commands::alias::expand(args) {
        Ok(expanded) => expanded,
        Err(err) => {
            let json = super::json_errors(cli::json_mode_from_args(std::env::args_os()));
            super::Output::fallback(choice, json).error(&err);
            return Err(ExitCode::from(err.exit_code()));
        }
    };
    let choice = cli::color_from_args(args.iter().cloned());
    // `help --json`, `CMD --help --json`: the command's node, never the text help.
    if let Some(request) = crate::help_json::request(&args) {
        return help_json(choice, request);
    }
    let terminals = Terminals::detect();
    let err = match parse_from(&args) {
        Ok(cli) => return Ok(cli),
        Err(err) => err,
    };
    let json_errors = super::json_errors(cli::json_mode_from_args(args.iter().cloned()));
    if json_errors && err.use_stderr() {
        super::Output::fallback(choice, true).error_document(&usage_document(&err));
        return Err(ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2)));
    }
    let (color, mut stream): (bool, Box<dyn Write>) = if err.use_stderr() {
        (terminal::use_color(choice, terminals.stderr), Box::new(io::stderr().lock()))
    } else {
        (terminal::use_color(choice, terminals.stdout), Box::new(io::stdout().lock()))
    };
    // A usage error quotes what was typed, and clap's styles cannot be told from an escape sequence in it:
    // the message comes from parsing the arguments again, each escaped by `safe`, so that what it quotes is
    // safe and the only sequences left are clap's own. (Should the escaped arguments parse, which an argument
    // that is not UTF-8 can make happen, the first message is shown plain and escaped.)
    let escaped: Vec<OsString> =
        args.iter().map(|arg| safe::message(&arg.to_string_lossy()).into_owned().into()).collect();
    let text = match parse_from(&escaped) {
        Err(shown) if shown.kind() == err.kind() && color => shown.render().ansi().to_string(),
        Err(shown) if shown.kind() == err.kind() => shown.render().to_string(),
        _ => safe::escape(&err.render().to_string(), safe::Newlines::Keep).into_owned(),
    };
    let mut written = stream.write_all(text.as_bytes());
    // A usage error in words the user did not type: say where they came from.
    if let Some(crate::commands::alias::Used { name, expansion }) = alias.filter(|_| err.use_stderr()) {
        let style = if color { super::HELP } else { anstyle::Style::new() };
        let note = format!("`petstore {name}` runs `petstore {expansion}`");
        written = written.and_then(|()| writeln!(stream, "{style}note:{style:#} {}", safe::message(&note)));
    }
    let written = written.and_then(|()| stream.flush());
    drop(stream);
    match written {
        // `--help` or `--version` to a stdout that cannot take it (`> /dev/full`) fails as every command
        // does; a reader that went away (`| head -1`) is no failure. A usage error that cannot be written
        // keeps its own code.
        Err(source) if !err.use_stderr() && source.kind() != io::ErrorKind::BrokenPipe => {
            let err = crate::Error::from(source);
            super::Output::fallback(choice, json_errors).error(&err);
            Err(ExitCode::from(err.exit_code()))
        }
        _ => Err(ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))),
    }
}

fn parse_from(args: &[OsString]) -> Result<Cli, clap::Error> {
    cli::command().try_get_matches_from(args).and_then(|matches| Cli::from_arg_matches(&matches))
}

/// A usage error clap found, as a program reads it: code `usage`, clap's first line as the message, its tip
/// (or where the arguments are listed) as the hint.
fn usage_document(err: &clap::Error) -> crate::error::ErrorDocument {
    let text = err.render().to_string();
    let mut lines = text.lines().map(str::trim).filter(|line| !line.is_empty());
    let message = lines.next().unwrap_or_default().trim_start_matches("error: ").to_owned();
    let hint = lines
        .find_map(|line| line.strip_prefix("tip: "))
        .map(str::to_owned)
        .unwrap_or_else(|| "`--help` lists the commands and their arguments".to_owned());
    let kind = crate::error::Kind::of_exit_code(u8::try_from(err.exit_code()).unwrap_or(2));
    crate::Error::new(&crate::error::code::USAGE, message).with_hint(hint).with_kind(kind).to_document()
}

/// Prints the node that `help --json` or `CMD --help --json` asks for; a `help` word that names no command is
/// a usage error (exit 2), as JSON.
fn help_json(choice: crate::output::ColorChoice, request: Result<Vec<String>, String>) -> Result<Cli, ExitCode> {
    let words = match request {
        Ok(words) => words,
        Err(word) => {
            let document = crate::Error::new(&crate::error::code::USAGE, format!("unrecognized subcommand '{word}'"))
                .with_hint("`petstore help --json` prints every command")
                .to_document();
            super::Output::fallback(choice, true).error_document(&document);
            return Err(ExitCode::from(crate::error::exit::USAGE));
        }
    };
    let path: Vec<&str> = words.iter().map(String::as_str).collect();
    let node = crate::help_json::find(&path).expect("a path of subcommands found in the same tree");
    let output = super::Output::fallback(choice, true);
    match output.document(&node) {
        Ok(()) => Err(ExitCode::SUCCESS),
        Err(err) if err.is_broken_pipe() => Err(ExitCode::SUCCESS),
        Err(err) => {
            output.error(&err);
            Err(ExitCode::from(err.exit_code()))
        }
    }
}
