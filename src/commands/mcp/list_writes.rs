//! `list_writes`: the journal's writes to this server, as `petstore journal --json` prints them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ledger::Cancelled;
use crate::context::Context;
use crate::error::Error;

/// `list_writes`'s arguments: the journal's filters.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ListWritesArgs {
    /// Only the writes of unknown outcome (they may or may not have been created).
    #[serde(default)]
    unknown: bool,
    /// Only the writes that never went out, and those reconcile found not created.
    #[serde(rename = "notSent", default)]
    not_sent: bool,
    /// Only the writes made through this face of petstore: `cli` or `mcp`.
    via: Option<WritesVia>,
    /// Only the writes since this long ago (`90m`, `12h`, `7d`) or this time (RFC 3339).
    since: Option<String>,
    /// The most recent writes to return, 50 when omitted (1 to 1000).
    #[schemars(range(min = 1, max = 1000))]
    limit: Option<u16>,
}

/// `list_writes`'s `via`.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum WritesVia {
    Cli,
    Mcp,
}

/// What `list_writes` returns.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(super) struct WritesResult {
    /// The writes to this server, oldest first, each with its latest `outcome`: as `petstore journal --json`
    /// prints them.
    pub(super) writes: Vec<petstore_core::journal::Entry>,
    /// False when older writes that match were left out for `limit`.
    pub(super) complete: bool,
    /// As in `list_pets`'s result.
    #[serde(rename = "cancelledAdds", default, skip_serializing_if = "Vec::is_empty")]
    pub(super) cancelled_adds: Vec<Cancelled>,
}

/// `list_writes`: the journal's writes to this server that pass the filters, the latest `limit`.
pub(super) fn list_writes(ctx: &Context, args: &ListWritesArgs) -> Result<Value, Error> {
    let since = match &args.since {
        Some(since) => Some(
            crate::commands::journal::list::parse_since(since)
                .map_err(|why| Error::invalid_value(format!("`since`: {why}")))?,
        ),
        None => None,
    };
    let target = ctx.target()?;
    let base_url = target.base_url.to_string();
    let filter = crate::commands::journal::list::Filter {
        unknown: args.unknown,
        not_sent: args.not_sent,
        via: args.via.map(|via| match via {
            WritesVia::Cli => "cli",
            WritesVia::Mcp => "mcp",
        }),
        env: None,
        base_url: Some(&base_url),
        since,
    };
    let (_, entries) = crate::commands::journal::read(ctx)?;
    let mut writes: Vec<_> =
        entries.into_iter().filter(|entry| crate::commands::journal::list::wanted(&filter, entry)).collect();
    let limit = usize::from(args.limit.unwrap_or(50).clamp(1, 1000));
    let complete = writes.len() <= limit;
    writes.drain(..writes.len().saturating_sub(limit));
    let result = WritesResult { writes, complete, cancelled_adds: Vec::new() };
    Ok(serde_json::to_value(result).expect("a result serialises"))
}
