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
    #[arg(ignore_case = true, long, value_name = "VIA", value_parser = crate::cli::one_of_names(&["cli", "mcp"]))]
    pub via: Option<String>,

    /// Only the writes since this long ago (`90m`, `12h`, `7d`) or this time (RFC 3339)
    #[arg(long, value_name = "WHEN", value_parser = parse_since)]
    pub since: Option<jiff::Timestamp>,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// `--since`: a duration ago (with `d` for days of 24 hours), or an RFC 3339 time.
pub fn parse_since(text: &str) -> Result<jiff::Timestamp, String> {
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

/// Which writes to list: `petstore journal`'s flags, and MCP's `list_writes`.
#[derive(Debug, Default)]
pub struct Filter<'a> {
    pub unknown: bool,
    pub not_sent: bool,
    pub via: Option<&'a str>,
    pub env: Option<&'a str>,
    /// Only writes to this base URL.
    pub base_url: Option<&'a str>,
    pub since: Option<jiff::Timestamp>,
}

impl<'a> Filter<'a> {
    /// The filter of `petstore journal`'s flags, for the environment `env` named.
    pub fn of(args: &'a ListJournalArgs, env: Option<&'a str>) -> Filter<'a> {
        Filter {
            unknown: args.unknown,
            not_sent: args.not_sent,
            via: args.via.as_deref(),
            env,
            base_url: None,
            since: args.since,
        }
    }
}

/// Whether `entry` passes `filter`.
pub fn wanted(filter: &Filter<'_>, entry: &Entry) -> bool {
    let args = filter;
    let env = filter.env;
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
    let base_url = |wanted: &str| entry.intent.base_url.trim_end_matches('/') == wanted.trim_end_matches('/');
    outcome_wanted
        && args.via.is_none_or(|wanted| wanted == via)
        && args.base_url.is_none_or(base_url)
        && env.is_none_or(|env| entry.intent.env.as_deref() == Some(env))
        && since
}

/// Prints the writes that pass the filters.
pub fn run(ctx: &Context, args: &ListJournalArgs) -> Result<(), Error> {
    let (_, entries) = super::read(ctx)?;
    let env = ctx.env_given();
    let filter = Filter::of(args, env);
    let entries: Vec<Entry> = entries.into_iter().filter(|entry| wanted(&filter, entry)).collect();
    ctx.output.records(&entries, || super::rows(&entries))?;
    if entries.is_empty() {
        ctx.output.note("no writes match");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use petstore_core::journal::{Intent, Outcome, Via};

    use super::*;

    fn entry(at: &str, env: &str, via: Via, outcome: Outcome) -> Entry {
        Entry {
            write: "w".to_owned(),
            at: at.to_owned(),
            name: Some("Rex".to_owned()),
            intent: Intent {
                env: Some(env.to_owned()),
                base_url: "https://api.example.com/v1/".to_owned(),
                method: "POST".to_owned(),
                path: "/pets".to_owned(),
                body: None,
                request_id: None,
                via,
                assistant: None,
                file: None,
                line: None,
            },
            outcome,
            pet_id: None,
            code: None,
            status: None,
            settled_at: None,
            settled_by: None,
        }
    }

    #[test]
    fn since_takes_a_duration_ago_days_included_or_a_time() {
        let now = jiff::Timestamp::now();
        let ago = |text: &str| now.as_second() - parse_since(text).unwrap().as_second();
        assert!((7 * 86_400..7 * 86_400 + 5).contains(&ago("7d")));
        assert!((5_400..5_405).contains(&ago("90m")));
        assert_eq!(parse_since("2026-11-27T10:00:00Z").unwrap().to_string(), "2026-11-27T10:00:00Z");
        assert_eq!(
            parse_since("soon").unwrap_err(),
            "`soon` is neither a duration (`90m`, `12h`, `7d`) nor an RFC 3339 time"
        );
    }

    #[test]
    fn each_filter_keeps_only_what_it_names() {
        let entries = [
            entry("2026-11-27T10:00:00Z", "shop", Via::Cli, Outcome::Created),
            entry("2026-11-27T11:00:00Z", "shop", Via::Mcp, Outcome::Unknown),
            entry("2026-11-27T12:00:00Z", "staging", Via::Cli, Outcome::NotSent),
            entry("2026-11-27T13:00:00Z", "shop", Via::Cli, Outcome::NotCreated),
        ];
        let kept = |filter: Filter<'_>| -> Vec<usize> {
            entries.iter().enumerate().filter(|(_, entry)| wanted(&filter, entry)).map(|(at, _)| at).collect()
        };
        assert_eq!(kept(Filter::default()), [0, 1, 2, 3]);
        assert_eq!(kept(Filter { unknown: true, ..Filter::default() }), [1]);
        assert_eq!(kept(Filter { not_sent: true, ..Filter::default() }), [2, 3]);
        assert_eq!(kept(Filter { unknown: true, not_sent: true, ..Filter::default() }), [1, 2, 3]);
        assert_eq!(kept(Filter { via: Some("mcp"), ..Filter::default() }), [1]);
        assert_eq!(kept(Filter { env: Some("staging"), ..Filter::default() }), [2]);
        let since = "2026-11-27T11:30:00Z".parse().ok();
        assert_eq!(kept(Filter { since, ..Filter::default() }), [2, 3]);
        assert_eq!(kept(Filter { base_url: Some("https://api.example.com/v1"), ..Filter::default() }), [0, 1, 2, 3]);
        assert!(kept(Filter { base_url: Some("https://other.example.com/v1"), ..Filter::default() }).is_empty());
    }
}
