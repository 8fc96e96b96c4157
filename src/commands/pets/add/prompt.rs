//! Asks at a terminal for what `pets add` was not given (`--name`, `--category-id`, then the status from a
//! list), checks each answer as the flag would be checked, and then prints on stderr the one command that would
//! have done the same, so that people learn the flags.
//!
//! Prompts use dialoguer: it is console-rs's, like indicatif, which petstore already uses, so it adds
//! `console` no second time; it writes to stderr, validates as the user types and has a list picker. inquire
//! pulls in crossterm, cliclack a whole visual style. A plain mode (`TERM=dumb`, or `PETSTORE_PROMPT=plain`
//! for screen readers) asks one line at a time with no cursor movement: a question, then the answer read as
//! a line. Nothing is ever asked unless stdin and stderr are terminals and petstore runs in the foreground
//! (not `&`), nor with `--no-input` or `PETSTORE_NO_INPUT=1`: the missing flags are then a usage error. Ctrl-C
//! at a prompt ends the command with 130 before anything is sent, a closed terminal with 129; either way the
//! terminal gets back its echo, line editing and cursor.

use std::io::{self, BufRead, Write};

use crate::context::Context;
use crate::error::{Error, code};
use crate::output::{CannotAsk, Output};
use crate::signals::Signal;
use petstore_core::api::{NewPet, PetStatus};

/// `plain`: one line at a time, no cursor movement (screen readers); `TERM=dumb` does the same.
pub const PROMPT_VAR: &str = "PETSTORE_PROMPT";

/// The animal `pets add` should create: what the flags gave, the rest asked for; or a usage error when
/// something is missing and nobody can be asked.
pub fn complete(
    ctx: &Context,
    name: Option<&str>,
    category_id: Option<i64>,
    status: Option<PetStatus>,
) -> Result<NewPet, Error> {
    if let (Some(name), Some(category_id)) = (name, category_id) {
        return Ok(NewPet { name: name.to_owned(), category_id, status });
    }
    let cannot_ask = ctx.output.cannot_ask();
    if ctx.switches().no_input || cannot_ask.is_some() {
        let needs = missing(name, category_id);
        let hint = match cannot_ask {
            // An assistant is told what to pass, not that it could be asked: it never will be.
            Some(CannotAsk::Assistant(variable)) => format!(
                "an AI assistant runs petstore (`{variable}` is set), so nothing is asked: pass {needs}, and `--yes` \
                 where writes are confirmed"
            ),
            _ => "pass the missing flags; at a terminal, petstore asks for them unless `--no-input` or \
                  `PETSTORE_NO_INPUT` is set"
                .to_owned(),
        };
        return Err(Error::new(&code::MISSING_INPUT, format!("`pets add` needs {needs}, or `--file`")).with_hint(hint));
    }
    let plain =
        std::env::var("TERM").is_ok_and(|t| t == "dumb") || std::env::var(PROMPT_VAR).is_ok_and(|v| v == "plain");
    let output = &ctx.output;
    let interrupted = |err| interrupted(output, err);
    let asked = |result: io::Result<String>| result.map_err(interrupted);
    let name = match name {
        Some(name) => name.to_owned(),
        None => asked(ask_text(output, plain, "Name", check_name))?,
    };
    let category_id = match category_id {
        Some(id) => id,
        None => asked(ask_text(output, plain, "Category id (an integer)", |text| parse_category(text).map(drop)))
            .and_then(|text| parse_category(&text).map_err(Error::invalid_value))?,
    };
    let status = match status {
        Some(status) => Some(status),
        None => ask_status(output, plain).map_err(interrupted)?,
    };
    let mut command: Vec<String> = std::env::args().collect();
    command[0] = "petstore".to_owned();
    let given = |command: &[String], flag: &str| {
        command.iter().any(|arg| arg == flag || arg.strip_prefix(flag).is_some_and(|rest| rest.starts_with('=')))
    };
    for (flag, value) in [("--name", name.clone()), ("--category-id", category_id.to_string())] {
        if !given(&command, flag) {
            command.extend([flag.to_owned(), value]);
        }
    }
    if let Some(status) = status.filter(|_| !given(&command, "--status")) {
        command.extend(["--status".to_owned(), status.to_string()]);
    }
    // shlex refuses only a NUL, which no argument and no answer at a terminal can hold.
    if let Ok(line) = shlex::try_join(command.iter().map(String::as_str)) {
        ctx.output.note(&format!("the same without questions: {line}"));
    }
    Ok(NewPet { name, category_id, status })
}

fn missing(name: Option<&str>, category_id: Option<i64>) -> String {
    match (name, category_id) {
        (None, None) => "`--name` and `--category-id`",
        (None, Some(_)) => "`--name`",
        _ => "`--category-id`",
    }
    .to_owned()
}

/// As `--name` is checked: a blank answer (most likely a slip of the Enter key) is asked again.
fn check_name(text: &str) -> Result<(), String> {
    crate::commands::values::parse_name(text).map(drop)
}

/// As clap parses `--category-id`.
fn parse_category(text: &str) -> Result<i64, String> {
    crate::commands::values::parse_int64(text).map_err(|why| format!("`{}` is {why}", text.trim()))
}

/// Ctrl-C at a prompt: the prompt reads the key itself (raw mode), so no SIGINT came; end as if one had. A
/// closed terminal ends the read too: as SIGHUP, which also comes.
fn interrupted(output: &Output, err: io::Error) -> Error {
    if output.terminal_hung_up() {
        return Error::interrupted(Signal::Hangup);
    }
    match err.kind() {
        io::ErrorKind::Interrupted | io::ErrorKind::UnexpectedEof => Error::interrupted(Signal::Interrupt),
        _ => Error::start("read the answer at the prompt", err),
    }
}

fn ask_text(
    output: &Output,
    plain: bool,
    question: &str,
    check: impl Fn(&str) -> Result<(), String>,
) -> io::Result<String> {
    if plain {
        loop {
            let answer = plain_line(&format!("{question}: "))?;
            match check(&answer) {
                Ok(()) => return Ok(answer),
                Err(why) => writeln!(io::stderr(), "{why}")?,
            }
        }
    }
    output.prompt(false, || {
        dialoguer::Input::<String>::new()
            .with_prompt(question)
            .validate_with(|text: &String| check(text))
            .interact_text()
            .map_err(|dialoguer::Error::IO(err)| err)
    })
}

const STATUSES: [(&str, Option<PetStatus>); 4] = [
    ("none", None),
    ("available", Some(PetStatus::Available)),
    ("pending", Some(PetStatus::Pending)),
    ("sold", Some(PetStatus::Sold)),
];

fn ask_status(output: &Output, plain: bool) -> io::Result<Option<PetStatus>> {
    let labels: Vec<&str> = STATUSES.iter().map(|(label, _)| *label).collect();
    if plain {
        loop {
            let answer = plain_line(&format!("Status ({}; empty: none): ", labels.join(", ")))?;
            let answer = if answer.trim().is_empty() { "none".to_owned() } else { answer.trim().to_owned() };
            match STATUSES.iter().find(|(label, _)| label.eq_ignore_ascii_case(&answer)) {
                Some((_, status)) => return Ok(*status),
                None => writeln!(io::stderr(), "`{answer}` is not one of {}", labels.join(", "))?,
            }
        }
    }
    // The list hides the cursor while it is drawn. Esc (or `q`) leaves it as Ctrl-C does: nothing is sent.
    let index = output.prompt(true, || {
        dialoguer::Select::new()
            .with_prompt("Status")
            .items(&labels)
            .default(0)
            .interact_opt()
            .map_err(|dialoguer::Error::IO(err)| err)?
            .ok_or_else(|| io::Error::from(io::ErrorKind::Interrupted))
    })?;
    Ok(STATUSES[index].1)
}

/// A question on stderr and a line from stdin; end of input is taken as giving up.
fn plain_line(question: &str) -> io::Result<String> {
    let mut stderr = io::stderr();
    write!(stderr, "{question}")?;
    stderr.flush()?;
    let mut line = String::new();
    if io::stdin().lock().read_line(&mut line)? == 0 {
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    Ok(line.trim_end_matches(['\n', '\r']).to_owned())
}
