//! clap's own output (help, version and usage errors) under petstore's rules: coloured as `--color` and
//! `NO_COLOR` say (decided with the rest in `terminal`), and passed through [`safe`], since a usage error
//! quotes what was typed, which may hold an escape sequence.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use super::safe;
use super::terminal::{self, Terminals};
use crate::cli::{self, Cli};

/// The parsed command line; or, when clap answers instead (`--help`, `--version`, a usage error), what it
/// printed's exit code.
pub fn parse() -> Result<Cli, ExitCode> {
    let args: Vec<OsString> = std::env::args_os().collect();
    let choice = cli::color_from_args(args.iter().cloned());
    let terminals = Terminals::detect();
    let err = match parse_from(&args) {
        Ok(cli) => return Ok(cli),
        Err(err) => err,
    };
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
    let written = stream.write_all(text.as_bytes()).and_then(|()| stream.flush());
    drop(stream);
    match written {
        // `--help` or `--version` to a stdout that cannot take it (`> /dev/full`) fails as every command
        // does; a reader that went away (`| head -1`) is no failure. A usage error that cannot be written
        // keeps its own code.
        Err(source) if !err.use_stderr() && source.kind() != io::ErrorKind::BrokenPipe => {
            let err = crate::Error::Io(source);
            super::Output::fallback(choice).error(&err);
            Err(ExitCode::from(err.exit_code()))
        }
        _ => Err(ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))),
    }
}

fn parse_from(args: &[OsString]) -> Result<Cli, clap::Error> {
    Cli::command().try_get_matches_from(args).and_then(|matches| Cli::from_arg_matches(&matches))
}
