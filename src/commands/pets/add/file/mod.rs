//! `petstore pets add --file`: a check pass over the whole file, then a send pass that reads it again and
//! sends records as many at a time as `--concurrency` says (without it, as many as the batch finds the server
//! takes: `petstore_core::batch::limiter`) over one client (so over reused connections). Neither pass holds
//! the file: records come one at a time from [`petstore_core::bulk`], and results leave through a window of at most
//! `WINDOW` records, in input order. Stdin is copied to a temporary file during the check pass, which runs on
//! a blocking thread so that a signal ends it even while stdin is silent. The `--failed` path is checked
//! before either pass.
//!
//! The sending itself, its pace and when it stops, is `petstore_core::batch`'s, and so is which records it
//! keeps back (`petstore_core::batch::Sift`: those `--if-absent` finds or cannot decide, the invalid ones
//! `--skip-invalid` set aside): every record of the input ends one way in the batch's tally. The verb's jobs
//! part here:
//! - this file runs it: checks the flags and files, confirms, looks up, and hands the batch a `create` (the
//!   client's `POST /pets`), the signals and a sink;
//! - `check`: the check pass;
//! - `sink`: each record's end as it happens (progress and lines on stderr) and in input order (created pets on
//!   stdout, records certainly not created in the `--failed` file: failed, not sent, invalid), and the
//!   `--unknown` and `--undecided` files. A record of unknown outcome may exist, so it is listed apart and kept
//!   out of the `--failed` file, which must never cause a duplicate;
//! - `ending`: what the batch's end means (exit, error, words), a value computed from the tally, the stop, the
//!   signal and the files, then printed.

mod check;
mod ending;
mod errors;
mod events;
mod sink;
#[cfg(test)]
mod tests;

use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;

use petstore_core::batch::{self, Limiter, Sift};

use super::{AddArgs, Undecidable};
use crate::context::Context;
use crate::error::{Code, Error, code};
use crate::journal::Journalled;
use crate::output::thousands;
use crate::signals;
pub(crate) use errors::{undecidable_why, undecided};
use errors::{unreadable, unwritable};
pub(crate) use events::line as event_line;
use petstore_core::api::trace::RequestIds;
use petstore_core::bulk::{FailedFile, Format, Reader};
use petstore_core::journal::Via;
use sink::BatchOutput;

/// Adds every record of `file` (`-` for stdin).
pub async fn run(ctx: &Context, args: &AddArgs, file: &Path) -> Result<(), Error> {
    // Listening from now on: a signal during the check pass stops the batch before anything is sent.
    let mut interrupts = signals::subscribe();
    let stdin = file == Path::new("-");
    let name = if stdin { "stdin".to_owned() } else { file.display().to_string() };
    // clap requires `--format` for stdin.
    let format = match (args.format, Format::from_extension(file)) {
        (Some(format), _) | (None, Some(format)) => format,
        (None, None) => {
            return Err(Error::new(&code::RECORDS_FORMAT, format!("cannot tell the format of `{name}` from its name"))
                .with_hint("name it `.json`, `.ndjson` or `.csv`, or pass `--format json|ndjson|csv`"));
        }
    };
    // Each file is replaced whole at the end: two flags naming one file would lose one's records.
    let files =
        [("failed", args.failed.as_ref()), ("unknown", args.unknown.as_ref()), ("undecided", args.undecided.as_ref())];
    for (at, &(first, path)) in files.iter().enumerate() {
        for &(flag, other) in &files[at + 1..] {
            if let (Some(path), Some(other)) = (path, other)
                && same_file(path, other)
            {
                return Err(unusable(
                    flag,
                    other,
                    &format!("it is the `--{first}` file too, and each replaces the other"),
                    format!("give `--{first}` and `--{flag}` two different files"),
                ));
            }
        }
    }
    let failed_file = args.failed.as_deref().map(|path| records_file("failed", path)).transpose()?;
    let unknown_file = args.unknown.as_deref().map(|path| records_file("unknown", path)).transpose()?;
    let undecided_file = args.undecided.as_deref().map(|path| records_file("undecided", path)).transpose()?;

    // The check pass, on a blocking thread: reading stdin, or a file on a slow disk, must not keep a signal
    // from ending the command. An abandoned read does not hold the exit (`main` shuts the runtime down
    // without waiting for it).
    let check_pass = tokio::task::spawn_blocking({
        let (name, file) = (name.clone(), file.to_owned());
        let skip_invalid = args.skip_invalid;
        move || check::check_pass(&name, &file, format, stdin, skip_invalid)
    });
    let (checked, input) = tokio::select! {
        joined = check_pass => match joined {
            Ok(checked) => checked?,
            Err(err) => std::panic::resume_unwind(err.into_panic()),
        },
        signal = interrupts.recv() => return Err(Error::interrupted(signal)),
    };

    if args.dry_run.on() {
        return dry_run(ctx, args, format, input, &name);
    }
    let check::Checked { valid, set_aside } = checked;
    // Every record the batch meets: the invalid ones set aside end in its tally too.
    let total = valid + set_aside.len() as u64;
    let client = ctx.client()?;
    crate::commands::pets::offline::note_outbox(ctx, &client);
    let mut what = format!("add {valid} {} from `{name}`", if valid == 1 { "animal" } else { "animals" });
    if !set_aside.is_empty() {
        what.push_str(&format!(" (setting aside {} invalid)", thousands(set_aside.len() as u64)));
    }
    crate::commands::confirm::confirm_write(ctx, args.yes, &what).await?;
    // One lookup for the whole batch, before anything is sent, under the hold on this server's `--if-absent`
    // writes until the batch ends.
    let status = |text: &str| ctx.output.status(text);
    let (existing, _held) = super::super::look_if_absent(&client, args.if_absent.is_some(), status).await?;
    let read_error = |source| unreadable(&name, source);
    let reader = Reader::new(format, input).map_err(read_error)?;
    let begin = |file: Option<FailedFile>, code: &'static Code| match file {
        Some(file) => {
            let path = file.path().to_owned();
            file.begin(&reader.layout()).map(Some).map_err(|source| unwritable(code, &path, source))
        }
        None => Ok(None),
    };
    let failed_file = begin(failed_file, &code::FAILED_FILE)?;
    let unknown_file = begin(unknown_file, &code::UNKNOWN_FILE)?;
    let undecided_file = begin(undecided_file, &code::UNDECIDED_FILE)?;
    let send_undecided = args.if_absent == Some(Undecidable::Send);
    let mut records = Sift::new(reader, set_aside).if_absent(existing, send_undecided);
    // Each record's request id, the same each time it goes, and the one the journal writes down.
    let ids = RequestIds::new();
    let out = BatchOutput::new(ctx, total, [failed_file, unknown_file, undecided_file]);
    let mut out = Journalled::new(ctx, &client, Some(&name), Via::Cli, ids, out);
    // Shared, not cloned, by the request of each record.
    let shared = Arc::new(client);
    let create = |number: u64, pet: petstore_core::api::NewPet| {
        let (client, id) = (Arc::clone(&shared), ids.of(number));
        async move { client.create_pet_paced_as(&pet, Some(&id)).await }
    };
    let limiter = match args.concurrency {
        Some(n) => Limiter::fixed(n.into()),
        // Over HTTP/2 it starts faster, once the first answer says so.
        None => Limiter::remembered(&shared),
    };
    let summary = batch::send(&mut records, total, create, limiter, &mut interrupts, &mut out).await;
    let counted = ending::Counted { if_absent: args.if_absent.is_some(), skip_invalid: args.skip_invalid };
    ending::finish(ctx, counted, out.inner, &name, summary)
}

/// The `--failed` or `--unknown` file (`flag`), checked and begun beside `path` before anything is sent.
fn records_file(flag: &'static str, path: &Path) -> Result<FailedFile, Error> {
    FailedFile::create(path).map_err(|err| {
        let help = if err.is_not_a_file() {
            format!("give `--{flag}` the path of a regular file, which is replaced, or of one to create")
        } else {
            format!("create the directory, or give `--{flag}` a path in a directory you can write")
        };
        unusable(flag, path, &err.to_string(), help)
    })
}

/// `--failed PATH` (or `--unknown`, `--undecided`: `flag`) names something petstore must not replace, or a
/// place it cannot write: found before anything is sent.
fn unusable(flag: &str, path: &Path, reason: &str, help: String) -> Error {
    let message = format!("`--{flag} {}` cannot be used, so nothing was sent: {reason}", path.display());
    Error::new(&code::FAILED_FILE_UNUSABLE, message).with_hint(help)
}

/// Whether two paths name one file: the same directory (links followed) and name, or one existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(a), Ok(b)) = (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        return a == b;
    }
    let place = |path: &Path| {
        let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
        Some((std::fs::canonicalize(dir).ok()?, path.file_name()?.to_owned()))
    };
    place(a).is_some_and(|a| place(b) == Some(a))
}

/// `--dry-run` and `--curl`: every checked record as the `POST /pets` it would be.
fn dry_run(
    ctx: &Context,
    args: &AddArgs,
    format: Format,
    input: Box<dyn BufRead + Send>,
    name: &str,
) -> Result<(), Error> {
    let read_error = |source| unreadable(name, source);
    let client = ctx.display_client()?;
    let mut requests = Vec::new();
    for parsed in Reader::new(format, input).map_err(read_error)? {
        if let Ok(record) = parsed.map_err(read_error)? {
            requests.push(client.prepare_create_pet(&record.pet));
        }
    }
    crate::commands::dry_run::print(ctx, args.dry_run, requests)
}
