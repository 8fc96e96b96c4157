//! `petstore pets list`

use crate::api::{ListQuery, PetStatus};
use crate::context::Context;
use crate::error::Error;

/// The server's page size when `--limit` is not given (spec §4.1).
const DEFAULT_LIMIT: u8 = 20;
/// The largest page the API serves (spec §4.1).
const MAX_LIMIT: u8 = 100;
// The API layer sizes what it reads for the same number of animals.
const _: () = assert!(MAX_LIMIT as usize == crate::api::models::LIST_LIMIT_MAX);

/// List the store's animals
///
/// Prints animals in ascending id order: a table on a terminal; when piped, one tab-separated line per animal
/// (id, name, categoryId, status) with no header; with `--json`, the API's JSON array.
///
/// The API returns at most `--limit` animals (20 when not given, 100 at most) and has no further paging.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore pets list
  petstore pets list --status available --limit 100
  petstore pets list --json | jq -r '.[].name'
  petstore pets list | cut -f2          # names, one per line")]
pub struct ListArgs {
    /// Only animals with this status
    #[arg(long, value_enum, value_name = "STATUS")]
    pub status: Option<PetStatus>,

    /// At most this many animals, from 1 to 100 [default: 20]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_LIMIT)))]
    pub limit: Option<u8>,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// Lists the animals and prints them.
pub async fn run(ctx: &Context, args: &ListArgs) -> Result<(), Error> {
    let client = ctx.client()?;
    let pets = client.list_pets(&ListQuery { status: args.status, limit: args.limit }).await?;
    ctx.output.pets(&pets)?;
    let limit = args.limit.unwrap_or(DEFAULT_LIMIT);
    if pets.len() >= usize::from(limit) {
        ctx.output.note(&if limit < MAX_LIMIT {
            format!("showing the first {limit} animals; `--limit {MAX_LIMIT}` shows up to {MAX_LIMIT}")
        } else {
            format!("showing the first {MAX_LIMIT} animals, the most the API returns at once")
        });
    } else if pets.is_empty() {
        ctx.output.note("no animals found");
    }
    Ok(())
}
