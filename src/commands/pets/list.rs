//! `petstore pets list`

use crate::context::Context;
use crate::error::{Error, code};
use petstore_core::api::PetStatus;
use petstore_core::catalog::{self, DEFAULT_LIMIT, MAX_LIMIT, More};

/// List the store's animals
///
/// Prints animals in ascending id order: a table on a terminal; when piped, one tab-separated line per animal
/// (id, name, categoryId, status) with no header; with `--json`, the API's JSON array.
///
/// The API returns at most `--limit` animals (20 when not given, 100 at most) and has no further paging. When
/// the list is cut off, a note on stderr says so, terminal or not (`--quiet` silences it): below 100, petstore
/// asks for one animal more than `--limit`, so the note means that more exist; at 100 it means that more may
/// exist.
///
/// `--all` shows every animal the API can reach: the first 100 without a filter and the first 100 of each
/// status, together, each animal once. The API cannot page past the first 100 of a status: when one of those
/// comes back full, petstore names it and exits 6 (partial). Animals with no status after the first 100 are
/// in no list at all: a note names that blind spot, which no query can reach. With `--status`, `--all` is
/// that status's first 100 alone, under the same rule.
///
/// `--offline` answers from the last complete look at the store kept (`--all` without `--status`, `ui`,
/// `pets find`, `pets watch` each keep theirs), with the same filters and outputs, and a note on stderr of
/// when it was taken; with none kept, it exits 2.
///
/// `--category`, `--name-contains`, `--sort` and `--reverse` run on the client, over what the API returned: with
/// `--limit 20`, over those 20 animals; with `--all`, over every animal the API can reach.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore pets list
  petstore pets list --status available --limit 100
  petstore pets list --all --output ndjson
  petstore pets list --all --category 2 --sort name
  petstore pets list --json | jq -r '.[].name'
  petstore pets list | cut -f2          # names, one per line")]
pub struct ListArgs {
    /// Only animals with this status
    #[arg(ignore_case = true, long, value_enum, value_name = "STATUS")]
    pub status: Option<PetStatus>,

    /// At most this many animals, from 1 to 100 [default: 20]
    #[arg(long, value_name = "N", value_parser = crate::commands::values::parse_limit)]
    pub limit: Option<u8>,

    /// Every animal the API can reach, each once, by id; exit 6 when a status had more than the API shows
    #[arg(long, conflicts_with = "limit")]
    pub all: bool,

    /// Only animals in this category, among those the API returned
    #[arg(
        long,
        value_name = "ID",
        allow_negative_numbers = true,
        help_heading = "On the client, over what the API returned"
    )]
    pub category: Option<i64>,

    /// Only animals whose name contains this text (in any case), among those the API returned
    #[arg(long, value_name = "TEXT", help_heading = "On the client, over what the API returned")]
    pub name_contains: Option<String>,

    /// Answer from the last look kept, not the server (a note gives its age)
    #[arg(long)]
    pub offline: bool,

    #[command(flatten)]
    pub sort: super::SortArgs,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

impl ListArgs {
    /// Keeps the animals that `--category` and `--name-contains` ask for, sorted as `--sort` says.
    fn refine(&self, pets: &mut Vec<petstore_core::api::Pet>) {
        let criteria = catalog::Criteria {
            category_id: self.category,
            name_contains: self.name_contains.clone(),
            ..catalog::Criteria::default()
        };
        pets.retain(|pet| criteria.matches(pet));
        self.sort.apply(pets);
    }
}

/// Lists the animals and prints them, with a note when the list is cut off.
pub async fn run(ctx: &Context, args: &ListArgs) -> Result<(), Error> {
    let looking = super::offline::Looking::new(ctx, args.offline)?;
    let failed = |err| super::offline::or_offline(ctx, err);
    if args.all {
        let warn = |text: &str| ctx.output.warning(text);
        let mut catalog = super::offline::look(ctx, looking.source(), args.status, warn).await.map_err(failed)?;
        args.refine(&mut catalog.pets);
        ctx.output.pets(&catalog.pets)?;
        super::blind_spot_note(ctx, &catalog.coverage);
        if catalog.coverage.partial {
            let shown = !catalog.pets.is_empty();
            let err = Error::new(&code::LIST_PARTIAL, partial_words(&catalog.coverage)).with_hint(
                "the API has no way past its first 100 of a status; `petstore pets list --help` says what it reaches",
            );
            // Under the animals listed, a caveat rather than a failure; still exit 6 for a script.
            return Err(if shown { err.as_note() } else { err });
        }
        if catalog.pets.is_empty() {
            ctx.output.note("no animals found");
        }
        return Ok(());
    }
    let limit = args.limit.unwrap_or(DEFAULT_LIMIT);
    let mut page = looking.source().page(args.status, limit).await.map_err(failed)?;
    args.refine(&mut page.pets);
    ctx.output.pets(&page.pets)?;
    if let Some(note) = cut_off_note(args.status, limit, page.more, &FLAGS) {
        ctx.output.notice(&note);
    } else if page.pets.is_empty() {
        ctx.output.note("no animals found");
    }
    Ok(())
}

/// What a list of every animal the API can reach may miss, when a status's list came back full (`pets list
/// --all`, `petstore ui`).
pub(crate) fn partial_words(coverage: &catalog::Coverage) -> String {
    format!(
        "the list may be incomplete: {} came back with as many animals as the API returns at once, and more may \
         exist past them",
        super::full_words(coverage)
    )
}

/// How a face spells the ways to see more of a cut-off page: `limit` (before 100), `all`, and whether `all` is said
/// with a status (`pets list --all --status` is that status's first 100 alone).
pub(crate) struct MoreWords {
    pub limit: &'static str,
    pub all: &'static str,
    pub all_with_status: bool,
}

/// `pets list`'s words for seeing more.
const FLAGS: MoreWords = MoreWords { limit: "--limit ", all: "`--all`", all_with_status: false };

/// What to say of a page that is cut off, and how to see more, in `words`.
pub(crate) fn cut_off_note(status: Option<PetStatus>, limit: u8, more: More, words: &MoreWords) -> Option<String> {
    let animals = match status {
        Some(status) => format!("`{status}` animals"),
        None => "animals".to_owned(),
    };
    let MoreWords { limit: at_most, all, all_with_status } = words;
    Some(match more {
        More::No => return None,
        More::Yes => format!(
            "more {animals} exist past the first {limit}; `{at_most}{MAX_LIMIT}` shows up to {MAX_LIMIT}{}",
            if status.is_none() || *all_with_status {
                format!(", {all} every one the API can reach")
            } else {
                String::new()
            }
        ),
        More::Maybe if status.is_none() => format!(
            "these are the first {MAX_LIMIT} animals, the most the API returns at once, and more may exist; \
             {all} shows every one the API can reach"
        ),
        More::Maybe => format!(
            "these are the first {MAX_LIMIT} {animals}, the most the API returns at once, and more may exist past \
             them, which no query shows"
        ),
    })
}
