//! How a bulk add ends: [`finish`] commits the files and the output, [`ending`] decides what that means (the exit,
//! the error and its words, the lines for stderr and the JSON `summary` line) as a value from the tally, the
//! stop, the signal and the files, and [`finish`] prints it. `ending` does no I/O, so each ending is a row of
//! the table in `tests`.

use std::io;
use std::path::{Path, PathBuf};

use petstore_core::batch::{Stop, Summary, Tally};

use super::errors::{unreadable, unwritable};
use super::sink::{BatchLine, BatchOutput, Halt};
use crate::context::Context;
use crate::error::{Error, Retry, code};
use crate::output::jq::{Stopped, jq_message};
use crate::output::{NotShown, Shown, suggested_shell_word, thousands};
use crate::signals::Signal;

/// Which records kept back the summary counts in words: those a flag of the run can keep back.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Counted {
    /// `--if-absent`: skipped (they exist) and undecided.
    pub if_absent: bool,
    /// `--skip-invalid`: invalid.
    pub skip_invalid: bool,
}

/// A file of records the batch kept, committed: where, and how many records it holds.
pub(super) type KeptFile = Option<(PathBuf, u64)>;

/// What the end of a batch depends on, once its files are committed and its output finished.
pub(super) struct Facts<'a> {
    /// The records file, as messages name it (a path, or `stdin`).
    pub name: &'a str,
    pub counted: Counted,
    pub tally: Tally,
    /// The first reason the batch stopped early.
    pub stop: Option<Stop<Halt>>,
    /// The first signal the batch heard.
    pub signal: Option<Signal>,
    /// The `--failed`, `--unknown` and `--undecided` files.
    pub failed: KeptFile,
    pub unknown: KeptFile,
    pub undecided: KeptFile,
    /// The first lines of unknown outcome, and of undecided records.
    pub unknown_lines: &'a [u64],
    pub undecided_lines: &'a [u64],
    /// Created (or found) pets that `--jq` did not show, one by one.
    pub not_shown: u64,
    /// How the output ended: written, though `--jq` may not have shown the document of the pets; or failed.
    pub output: Result<Shown, Error>,
    /// A JSON mode: the lines are JSON documents.
    pub json: bool,
    /// `--quiet`: no summary when every record was created.
    pub quiet: bool,
}

/// How a batch ends, to print.
#[derive(Debug)]
pub(super) struct Ending {
    /// Lines for stderr after the progress, in order: prose, or JSON documents in a JSON mode.
    pub lines: Vec<String>,
    /// The summary of a batch that created every record, for a person (`Output::status`).
    pub status: Option<String>,
    /// The exit: the error, with its code, words and hint.
    pub result: Result<(), Error>,
}

/// Commits the `--failed`, `--unknown` and `--undecided` files and the output, then prints the ending and
/// gives the exit.
pub(super) fn finish(
    ctx: &Context,
    counted: Counted,
    out: BatchOutput,
    name: &str,
    summary: Summary<Signal, Halt>,
) -> Result<(), Error> {
    let BatchOutput {
        failed_file,
        unknown_file,
        unknown_error,
        undecided_file,
        undecided_lines,
        created,
        progress,
        unknown_lines,
        not_shown,
        json_errors,
        ..
    } = out;
    progress.finish();
    let commit = |file: Option<petstore_core::bulk::FailedFile>, code| match file {
        Some(file) => {
            let path = file.path().to_owned();
            let count = file.commit().map_err(|source| unwritable(code, &path, source))?;
            Ok::<_, Error>(Some((path, count)))
        }
        None => Ok(None),
    };
    let failed = commit(failed_file, &code::FAILED_FILE)?;
    // Written even after an error writing it, for what it holds: a record in it is one fewer to look for.
    let unknown = commit(unknown_file, &code::UNKNOWN_FILE)?;
    if let (Some(source), Some((path, _))) = (unknown_error, &unknown) {
        return Err(unwritable(&code::UNKNOWN_FILE, path, source));
    }
    let undecided = commit(undecided_file, &code::UNDECIDED_FILE)?;
    // Everything that says what happened to each record is written: now `--jq` may run on the document.
    let output = created.finish();
    let Summary { tally, stop, signal } = summary;
    let facts = Facts {
        name,
        counted,
        tally,
        stop,
        signal,
        failed,
        unknown,
        undecided,
        unknown_lines: &unknown_lines,
        undecided_lines: &undecided_lines,
        not_shown,
        output,
        json: json_errors,
        quiet: ctx.output.is_quiet(),
    };
    let Ending { lines, status, result } = ending(facts);
    for line in &lines {
        progress.after(line);
    }
    if let Some(status) = status {
        ctx.output.status(&status);
    }
    result
}

/// The lines an ending says, as prose or JSON.
struct Said {
    json: bool,
    lines: Vec<String>,
}

impl Said {
    fn say(&mut self, prose: String, line: BatchLine<'_>) {
        self.lines.push(if self.json { line.text() } else { prose });
    }

    /// The `{"summary": ...}` line, in a JSON mode only.
    fn summary(&mut self, tally: &Tally, counted: Counted, not_shown: u64, hint: Option<&str>) {
        if self.json {
            let line = BatchLine::Summary {
                created: tally.created,
                failed: tally.failed,
                unknown: tally.unknown,
                not_sent: tally.not_sent,
                skipped: counted.if_absent.then_some(tally.exists),
                undecided: counted.if_absent.then_some(tally.undecided),
                invalid: counted.skip_invalid.then_some(tally.invalid),
                not_shown,
                hint,
            };
            self.lines.push(line.text());
        }
    }
}

/// What the end of a batch means: see [`Facts`] and [`Ending`].
pub(super) fn ending(facts: Facts<'_>) -> Ending {
    let Facts { name, counted, tally, stop, signal, unknown_lines, not_shown, output, json, quiet, .. } = facts;
    let words = tally_words(&tally, counted);
    let mut said = Said { json, lines: Vec::new() };
    let stdout_closed =
        matches!(stop, Some(Stop::Sink(Halt::StdoutClosed))) || output.as_ref().is_err_and(Error::is_broken_pipe);
    let (output, document) = match output {
        Ok(shown) => (Ok(()), shown.err()),
        Err(err) => (Err(err), None),
    };
    // A signal that stopped `--jq`, on a pet or on the document, ends the batch as one the batch heard would
    // (it stopped before it could hear it).
    let signal = signal.or(match (&stop, &document) {
        (Some(Stop::Sink(Halt::Filter(Stopped::Signal(signal)))), _)
        | (_, Some(NotShown::Stopped(Stopped::Signal(signal)))) => Some(*signal),
        _ => None,
    });
    let not_shown = if document.is_some() { not_shown + tally.created } else { not_shown };
    let ending = |said: Said, status, result| Ending { lines: said.lines, status, result };
    if tally.unknown > 0 {
        let message = unknown_words(name, tally.unknown, unknown_lines, &facts.failed, &facts.unknown);
        let file = facts.unknown.as_ref().map(|(path, _)| path.display().to_string());
        let line = BatchLine::Unknown { count: tally.unknown, lines: unknown_lines, file, message: &message };
        said.say(message.clone(), line);
    }
    if signal.is_none()
        && tally.created + tally.exists == tally.total()
        && matches!(stop, None | Some(Stop::Sink(Halt::StdoutClosed | Halt::Filter(_))))
    {
        // Every record was created (or found): a reader that left early (`| head -1`) is no failure of it.
        if not_shown == 0 {
            let mut status = None;
            if !stdout_closed && !quiet {
                if json { said.summary(&tally, counted, not_shown, None) } else { status = Some(words) }
            }
            return ending(said, status, output);
        }
        // ... but `--jq` did not show them all: the animals exist, and must not be sent again.
        let (message, help) = match &document {
            Some(not_shown) => (
                format!("every record was created, but none is shown ({})", document_words(not_shown)),
                "send none of them again; with `-o ndjson`, `--jq` runs on each pet and names any it cannot show",
            ),
            None => (
                format!("every record was created, but `--jq` did not show {} of them", thousands(not_shown)),
                "send none of them again: the lines above name each one and its pet's id",
            ),
        };
        said.summary(&tally, counted, not_shown, Some(help));
        let err = Error::new(&code::BATCH_JQ, format!("{message}: {words}")).with_hint(help);
        return ending(said, None, output.and(Err(err)));
    }
    if let Some(not_shown) = &document {
        let message =
            format!("none of the {} created pets is shown: {}", thousands(tally.created), document_words(not_shown));
        said.say(message.clone(), BatchLine::Note { message: &message });
    }
    let help = next_steps(&tally, &facts.failed, &facts.unknown, &facts.undecided);
    // Past this point the batch fails whatever stdout did: a closed stdout must not make it exit 0.
    let output = if stdout_closed { Ok(()) } else { output };
    // Every record created or found, but for those whose existence cannot be told: a re-run would only meet
    // them again, so the batch says so apart from a partial one, for a reconciling loop to stop (docs/bulk.md).
    if signal.is_none()
        && stop.is_none()
        && tally.undecided > 0
        && tally.created + tally.exists + tally.undecided == tally.total()
    {
        if let Err(err) = output {
            return ending(said, None, Err(err));
        }
        let err = undecided_error(&words, tally.undecided, facts.undecided_lines, facts.undecided.as_ref());
        said.summary(&tally, counted, not_shown, err.hint());
        return ending(said, None, Err(err));
    }
    let stopped = match stop {
        Some(Stop::Sink(Halt::Broken(err))) => Some(err),
        // Read again for sending, after some records may have been created.
        Some(Stop::Unreadable(source)) => Some(unreadable(name, source).with_retry(Retry::CheckFirst)),
        Some(Stop::Changed(invalid)) => {
            let changed = io::Error::other(format!("it changed after it was checked: {invalid}"));
            Some(unreadable(name, changed).with_retry(Retry::CheckFirst))
        }
        _ => None,
    };
    if let Some(err) = stopped {
        return ending(said, None, Err(err));
    }
    said.summary(&tally, counted, not_shown, Some(&help));
    if let Some(signal) = signal {
        if !json {
            said.lines.push(words);
            said.lines.push(format!("help: {help}"));
        }
        return ending(said, None, output.and(Err(Error::interrupted(signal))));
    }
    let err = if stdout_closed {
        let message = format!("stdout closed, so the batch stopped before every record was created: {words}");
        Error::new(&code::BATCH_OUTPUT_CLOSED, message)
    } else {
        Error::new(&code::BATCH_INCOMPLETE, format!("not every record was created: {words}"))
    };
    ending(said, None, output.and(Err(err.with_hint(help))))
}

/// `created 3 / failed 1 / unknown 0 / not sent 2`; with `--if-absent`, `/ skipped N / undecided N`; with
/// `--skip-invalid`, `/ invalid N`.
fn tally_words(tally: &Tally, counted: Counted) -> String {
    let mut words = format!(
        "created {} / failed {} / unknown {} / not sent {}",
        thousands(tally.created),
        thousands(tally.failed),
        thousands(tally.unknown),
        thousands(tally.not_sent)
    );
    if counted.if_absent {
        words.push_str(&format!(" / skipped {} / undecided {}", thousands(tally.exists), thousands(tally.undecided)));
    }
    if counted.skip_invalid {
        words.push_str(&format!(" / invalid {}", thousands(tally.invalid)));
    }
    words
}

/// `n` and the noun for one or many: `1 record`, `2 records`.
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// A path as a shell word for a command to copy.
fn shell_path(path: &Path) -> String {
    suggested_shell_word(&path.to_string_lossy())
}

/// The first `lines` of `count` records: `3, 5, and 2 more`.
fn line_list(count: u64, lines: &[u64]) -> String {
    let mut shown: Vec<String> = lines.iter().map(u64::to_string).collect();
    if count > lines.len() as u64 {
        shown.push(format!("and {} more", thousands(count - lines.len() as u64)));
    }
    shown.join(", ")
}

/// The line about the records of unknown outcome: how many, which lines, and what to do about them.
fn unknown_words(name: &str, unknown: u64, lines: &[u64], failed: &KeptFile, kept: &KeptFile) -> String {
    let one = unknown == 1;
    let left_out = match failed {
        Some((path, _)) => format!(", so {} not in `{}`", if one { "it is" } else { "they are" }, path.display()),
        None => String::new(),
    };
    let next = match kept {
        Some((path, _)) => format!(
            "{} in `{}`: `petstore pets add --file {} --if-absent` sends {}",
            if one { "it is" } else { "they are" },
            path.display(),
            shell_path(path),
            if one { "it if it does not exist" } else { "those that do not exist" },
        ),
        None => format!(
            "check with `petstore pets find --name NAME` before sending {} again, or pass `--unknown PATH` to keep \
             them",
            if one { "it" } else { "them" }
        ),
    };
    format!(
        "{} of `{name}` may or may not have been created{left_out}: {} {}; {next}",
        count(unknown, "record", "records"),
        if one { "line" } else { "lines" },
        line_list(unknown, lines),
    )
}

/// The closing `help:`: every file a re-run needs, each with its command, or the flag that would have kept
/// its records.
fn next_steps(tally: &Tally, failed: &KeptFile, unknown: &KeptFile, undecided: &KeptFile) -> String {
    let mut steps = Vec::new();
    match failed {
        Some((path, n)) if *n > 0 => steps.push(format!(
            "the {} not created {} in `{}`{}: `petstore pets add --file {}` sends {}",
            count(*n, "record", "records"),
            if *n == 1 { "is" } else { "are" },
            path.display(),
            match tally.invalid {
                0 => String::new(),
                1 => " (put right the invalid one first)".to_owned(),
                n => format!(" (put right the {} invalid ones first)", thousands(n)),
            },
            shell_path(path),
            if *n == 1 { "it" } else { "them" },
        )),
        None if tally.failed + tally.not_sent + tally.invalid > 0 => {
            steps.push("pass `--failed PATH` to keep the records that were not created, for a re-run".to_owned());
        }
        _ => {}
    }
    if tally.unknown > 0 {
        steps.push(match unknown {
            Some((path, _)) => format!(
                "`petstore pets add --file {} --if-absent` sends those of unknown outcome that do not exist",
                shell_path(path)
            ),
            None => "check with `petstore pets find --name NAME` whether those of unknown outcome exist before \
                     sending them again"
                .to_owned(),
        });
    }
    if tally.undecided > 0 {
        steps.push(match undecided {
            Some((path, _)) => format!(
                "the {} in `{}` can be sent with `petstore pets add --file {}`, which does not look them up: first \
                 leave in it only those you know do not exist",
                count(tally.undecided, "undecided record", "undecided records"),
                path.display(),
                shell_path(path),
            ),
            None => "pass `--undecided PATH` to keep the undecided records in a file".to_owned(),
        });
    }
    match (steps.is_empty(), tally.exists) {
        (false, _) => steps.join("; "),
        (true, 0) => "every record was created: send none again".to_owned(),
        (true, _) => "every record was created or exists: send none again".to_owned(),
    }
}

/// The end of a batch that left only undecided records: how many, which lines, and where they are.
fn undecided_error(summary: &str, undecided: u64, lines: &[u64], kept: Option<&(PathBuf, u64)>) -> Error {
    let one = undecided == 1;
    let help = match kept {
        Some((path, _)) => format!(
            "{} in `{}`: `petstore pets add --file {}` sends {} without looking {} up: {} (docs/bulk.md, \
             \"Undecided records\")",
            if one { "it is" } else { "they are" },
            path.display(),
            shell_path(path),
            if one { "it" } else { "them" },
            if one { "it" } else { "them" },
            if one {
                "do that only if you know it does not exist"
            } else {
                "first leave in it only those you know do not exist"
            },
        ),
        None => {
            "pass `--undecided PATH` to keep such records in a file (docs/bulk.md, \"Undecided records\")".to_owned()
        }
    };
    let summary = format!(
        "whether {} {} cannot be told ({} {}), so {} not sent; every other record exists: {summary}",
        thousands(undecided),
        if one { "record exists" } else { "records exist" },
        if one { "line" } else { "lines" },
        line_list(undecided, lines),
        if one { "it was" } else { "they were" },
    );
    Error::new(&code::BATCH_UNDECIDED, format!("nothing left that can be decided: {summary}")).with_hint(help)
}

/// Why `--jq` did not show the document of the created pets, in words that follow "every record was created,
/// but ".
fn document_words(not_shown: &NotShown) -> String {
    match not_shown {
        NotShown::Failed(err) => format!("`--jq` failed on their document: {}", jq_message(err)),
        NotShown::Stopped(stopped) => format!("`--jq` was stopped on their document: {}", stopped.describe()),
        NotShown::StoppedBefore => "`--jq` was stopped".to_owned(),
    }
}

#[cfg(test)]
mod tests;
