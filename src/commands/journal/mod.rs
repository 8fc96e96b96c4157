//! `petstore journal`: the journal of writes (`petstore_core::journal`), listed (`journal`), its unknown outcomes
//! settled (`journal reconcile`) and its writes that never went out sent (`journal send`, the outbox).
//!
//! `reconcile` and `send` act on the writes to the server petstore is pointed at (`--env`, `--base-url`, the
//! default environment), with that server's key: a write to another server is left for a run pointed there.

pub mod list;
pub mod reconcile;
pub mod send;
#[cfg(test)]
mod send_tests;

use petstore_core::api::NewPet;
use petstore_core::journal::{Entry, Journal};

use crate::commands::formats::Prints;
use crate::context::Context;
use crate::error::{Error, code};
use crate::output::{Field, Fit, Rows};

/// List, reconcile and resend the writes petstore made
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_long_help = "\
Examples:
  petstore journal --unknown
  petstore journal --since 1d --json
  petstore journal reconcile
  petstore journal send --yes"
)]
pub struct JournalArgs {
    #[command(subcommand)]
    pub command: Option<JournalCommand>,
    #[command(flatten)]
    pub list: list::ListJournalArgs,
}

/// `petstore journal ...`
#[derive(Debug, clap::Subcommand)]
pub enum JournalCommand {
    Reconcile(reconcile::ReconcileArgs),
    Send(send::SendArgs),
}

impl JournalArgs {
    /// What the verb says about itself ([`crate::commands::About`]).
    pub fn about(&self) -> crate::commands::About<'_> {
        use crate::commands::About;
        match &self.command {
            None => About::new("journal", Prints::Records(KEYS, &self.list.columns)),
            Some(JournalCommand::Reconcile(args)) => {
                About::new("journal reconcile", Prints::Records(KEYS, &args.columns))
            }
            Some(JournalCommand::Send(args)) => About::new("journal send", Prints::Records(KEYS, &args.columns)),
        }
    }
}

/// Dispatches a `journal` verb.
pub async fn run(ctx: &Context, args: &JournalArgs) -> Result<(), Error> {
    match &args.command {
        None => list::run(ctx, &args.list),
        Some(JournalCommand::Reconcile(args)) => reconcile::run(ctx, args).await,
        Some(JournalCommand::Send(args)) => send::run(ctx, args).await,
    }
}

/// The columns of the table, TSV and CSV, by their JSON names (`--columns`).
pub const KEYS: &[&str] = &["at", "env", "via", "name", "outcome", "petId", "requestId"];

/// Entries as `AT ENV VIA NAME OUTCOME PET ID REQUEST ID`.
fn rows(entries: &[Entry]) -> Rows {
    let rows = entries
        .iter()
        .map(|entry| {
            vec![
                Field::new(&entry.at),
                Field::new(entry.intent.env.as_deref().unwrap_or("")),
                Field::new(match entry.intent.via {
                    petstore_core::journal::Via::Cli => "cli",
                    petstore_core::journal::Via::Mcp => "mcp",
                }),
                Field::new(
                    entry.name.clone().unwrap_or_else(|| format!("{} {}", entry.intent.method, entry.intent.path)),
                ),
                Field::new(entry.outcome.as_str()),
                Field::new(entry.pet_id.map(|id| id.to_string()).unwrap_or_default()),
                Field::new(entry.intent.request_id.as_deref().unwrap_or("")),
            ]
        })
        .collect();
    Rows {
        header: vec!["AT", "ENV", "VIA", "NAME", "OUTCOME", "PET ID", "REQUEST ID"],
        keys: KEYS.to_vec(),
        rows,
        fit: vec![Fit::cut(0, 36), Fit::cut(1, 8), Fit::cut(2, 10), Fit::cut(3, 10)],
    }
}

/// The animal a write adds: a `POST /pets` whose body is a NewPet.
fn new_pet_of(entry: &Entry) -> Option<NewPet> {
    let path = entry.intent.path.trim_end_matches('/');
    if entry.intent.method != "POST" || !(path == "/pets" || path.ends_with("/pets")) {
        return None;
    }
    serde_json::from_value(entry.intent.body.clone()?).ok()
}

/// The journal, read; an error when it cannot be.
pub(crate) fn read(ctx: &Context) -> Result<(Journal, Vec<Entry>), Error> {
    let journal = ctx.journal().clone();
    let Some(path) = journal.path() else {
        return Err(Error::new(&code::JOURNAL_OFF, "the journal of writes is off, so there is nothing to read")
            .with_hint(format!("unset `{}` (docs/journal.md)", crate::startup::JOURNAL_VAR)));
    };
    let dir = path.parent().unwrap_or(&path).to_owned();
    let read = petstore_core::journal::read(&dir).map_err(|source| {
        Error::new(&code::JOURNAL_READ, format!("cannot read the journal `{}`: {source}", path.display()))
    })?;
    if read.unreadable > 0 {
        let (lines, are, were) = if read.unreadable == 1 { ("line", "is", "was") } else { ("lines", "are", "were") };
        ctx.output.warning(&format!(
            "{} {lines} of `{}` {are} not the journal's and {were} skipped",
            read.unreadable,
            path.display()
        ));
    }
    Ok((journal, read.entries))
}

/// Says how many writes to other servers were left, and how to reach them.
fn note_others(ctx: &Context, others: usize, what: &str) {
    if others > 0 {
        ctx.output.notice(&format!(
            "{others} {what} to other servers {} left: run again with `--env NAME` (or `--base-url URL`) for each \
             (`petstore journal` lists them)",
            if others == 1 { "was" } else { "were" }
        ));
    }
}

/// The journal could not be written at `journal`'s file.
fn unwritable(journal: &Journal, source: std::io::Error) -> Error {
    let path = journal.path().map(|path| path.display().to_string()).unwrap_or_default();
    Error::new(&code::JOURNAL_WRITE, format!("cannot write to the journal `{path}`: {source}"))
}
