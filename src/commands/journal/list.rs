//! `petstore journal`: the writes petstore made, oldest first, each with its latest outcome.

use petstore_core::journal::{Entry, Outcome, Via};

use crate::context::Context;
use crate::error::Error;

/// List the writes petstore made, oldest first, each with its latest outcome
///
/// Every write is there: `pets add` (one, or a line per record of a batch), `api` with a method that changes
/// something, and MCP's `add_pet` and `add_pets`. `unknown` is a write that may or may not have been created:
/// `petstore journal reconcile` settles it; `not_sent` never went out: `petstore journal send` sends it
#[derive(Debug, clap::Args)]
pub struct ListJournalArgs {
    /// Only the writes of unknown outcome
    #[arg(long)]
    pub unknown: bool,

    /// Only the writes that never went out (and those reconcile found not created): what `journal send` sends
    #[arg(long)]
    pub not_sent: bool,

    /// Only the writes made through this face of petstore
    #[arg(long, value_name = "VIA", value_parser = ["cli", "mcp"])]
    pub via: Option<String>,

    /// Only the writes since this long ago (`90m`, `12h`, `7d`) or this time (RFC 3339)
    #[arg(long, value_name = "WHEN", value_parser = parse_since)]
    pub since: Option<jiff::Timestamp>,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// `--since`: a duration ago (with `d` for days of 24 hours), or an RFC 3339 time.
fn parse_since(text: &str) -> Result<jiff::Timestamp, String> {
    let text = text.trim();
    if let Ok(at) = text.parse::<jiff::Timestamp>() {
        return Ok(at);
    }
    let ago = match text.strip_suffix('d').and_then(|days| days.trim().parse::<u64>().ok()) {
        Some(days) => days.checked_mul(86_400).map(std::time::Duration::from_secs),
        None => crate::commands::values::with_unit(text),
    };
    let ago = ago.ok_or_else(|| format!("`{text}` is neither a duration (`90m`, `12h`, `7d`) nor an RFC 3339 time"))?;
    jiff::SignedDuration::try_from(ago)
        .ok()
        .and_then(|ago| jiff::Timestamp::now().checked_sub(ago).ok())
        .ok_or_else(|| format!("`{text}` reaches back further than a time can"))
}

/// Whether `entry` passes the filters of `args`.
pub(super) fn wanted(args: &ListJournalArgs, env: Option<&str>, entry: &Entry) -> bool {
    let outcome_wanted = match (args.unknown, args.not_sent) {
        (false, false) => true,
        (unknown, not_sent) => {
            (unknown && entry.outcome == Outcome::Unknown)
                || (not_sent && matches!(entry.outcome, Outcome::NotSent | Outcome::NotCreated))
        }
    };
    let via = match entry.intent.via {
        Via::Cli => "cli",
        Via::Mcp => "mcp",
    };
    let since = args.since.is_none_or(|since| entry.at.parse::<jiff::Timestamp>().is_ok_and(|at| at >= since));
    outcome_wanted
        && args.via.as_deref().is_none_or(|wanted| wanted == via)
        && env.is_none_or(|env| entry.intent.env.as_deref() == Some(env))
        && since
}

/// Prints the writes that pass the filters.
pub fn run(ctx: &Context, args: &ListJournalArgs) -> Result<(), Error> {
    let (_, entries) = super::read(ctx)?;
    let env = ctx.env_given();
    let entries: Vec<Entry> = entries.into_iter().filter(|entry| wanted(args, env, entry)).collect();
    ctx.output.records(&entries, || super::rows(&entries))?;
    if entries.is_empty() {
        ctx.output.note("no writes match");
    }
    Ok(())
}
