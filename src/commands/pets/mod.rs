//! `petstore pets ...`: the store's animals.

pub mod add;
pub mod find;
pub mod get;
pub mod list;

use std::time::SystemTime;

use crate::api::Pet;
use crate::catalog::{Coverage, LOOKUP_REMOVED_DATE, MAX_LIMIT, SortKey};
use crate::commands::About;
use crate::commands::formats::Prints;
use crate::context::Context;
use crate::error::{Error, code};
use crate::output::Rows;

/// `petstore pets ...`
#[derive(Debug, clap::Subcommand)]
pub enum PetsCommand {
    List(list::ListArgs),
    Find(find::FindArgs),
    Add(add::Add),
    Get(get::GetArgs),
}

impl PetsCommand {
    /// What the verb says about itself ([`About`]): each prints animals; a bulk add ([`add`]`::file`) stops
    /// at a signal by itself, with a summary, and shows progress.
    pub fn about(&self) -> About<'_> {
        let records =
            |verb: &str, columns| About::new(format!("pets {verb}"), Prints::Records(Rows::PET_KEYS, columns));
        match self {
            Self::List(args) => records("list", &args.columns),
            Self::Find(args) => records("find", &args.columns),
            Self::Add(add) => About {
                handles_interrupts: add.handles_interrupts(),
                progress: Some(add.args.progress),
                ..records("add", &add.args.columns)
            },
            Self::Get(args) => records("get", &args.columns),
        }
    }
}

/// Dispatches a `pets` verb.
pub async fn run(ctx: &Context, command: &PetsCommand) -> Result<(), Error> {
    match command {
        PetsCommand::List(args) => list::run(ctx, args).await,
        PetsCommand::Find(args) => find::run(ctx, args).await,
        PetsCommand::Add(args) => add::run(ctx, args).await,
        PetsCommand::Get(args) => get::run(ctx, args).await,
    }
}

/// The animal as the question before sending it names it (`pets add`, and `petstore mcp`'s `add_pet`).
/// Between its backticks, a name can neither end its line nor close them and go on in the question's voice
/// (`` Rex` (category 1). Send it to staging ``).
pub fn describe_new_pet(new_pet: &crate::api::NewPet) -> String {
    let status = new_pet.status.map_or_else(|| "no status".to_owned(), |status| format!("status {status}"));
    let name = crate::output::safe::in_backticks(&new_pet.name);
    format!("add the animal `{name}` (category {}, {status})", new_pet.category_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_cannot_close_its_backticks_in_the_question() {
        let pet = crate::api::NewPet { name: "Rex` (category 1). Yes, `Rex\n".into(), category_id: 2, status: None };
        assert_eq!(
            describe_new_pet(&pet),
            "add the animal `Rex\\u{60} (category 1). Yes, \\u{60}Rex\\u{a}` (category 2, no status)"
        );
    }
}

/// The note naming the blind spot, when the unfiltered first 100 came back full: animals with no status past
/// them are in no list.
fn blind_spot_note(ctx: &Context, coverage: &Coverage) {
    if let Some(note) = blind_spot_text(coverage) {
        ctx.output.notice(&note);
    }
}

/// The blind spot in words (for `pets` notes and `petstore mcp` results), or `None` when there is none.
pub(crate) fn blind_spot_text(coverage: &Coverage) -> Option<String> {
    if !coverage.blind_spot {
        return None;
    }
    let past = coverage
        .partitions
        .iter()
        .find(|partition| partition.status.is_none())
        .and_then(|partition| partition.last_id)
        .map_or_else(String::new, |last| format!(" (past id {last})"));
    Some(format!(
        "animals with no status after the first {MAX_LIMIT}{past} are in no list the API gives, so no query can \
         show them"
    ))
}

/// The status partitions that came back full, in words: `` `available` (100), `sold` (100) ``.
fn full_words(coverage: &Coverage) -> String {
    let full: Vec<String> = coverage
        .full_statuses()
        .filter_map(|partition| Some(format!("`{}` ({})", partition.status?, partition.returned)))
        .collect();
    full.join(", ")
}

/// The API cannot reach animal `id` (`pets find --id`, `find_pets` over MCP): no list shows it, and the lookup
/// by id is gone.
pub(crate) fn unreachable(id: i64) -> Error {
    let message = format!(
        "the API cannot reach animal `{id}`: no list shows it, and `GET /pets/{{petId}}`, the only lookup by id, \
         was removed on {LOOKUP_REMOVED_DATE}"
    );
    Error::new(&code::PET_UNREACHABLE, message)
        .with_hint("`petstore pets find --name NAME` searches by what the lists show")
}

/// Now, as far as the deprecation of `GET /pets/{petId}` goes: the clock, unless a test sets the hidden
/// `PETSTORE_TEST_NOW` (an HTTP-date, `Fri, 06 Dec 2030 00:00:00 GMT`) to see what happens on another day.
pub(crate) fn now() -> SystemTime {
    std::env::var(TEST_NOW_VAR)
        .ok()
        .and_then(|date| httpdate::parse_http_date(&date).ok())
        .unwrap_or_else(SystemTime::now)
}

/// The hidden variable that fakes [`now`] for tests; read there only.
const TEST_NOW_VAR: &str = "PETSTORE_TEST_NOW";

/// `--sort` and `--reverse`, shared by `pets list` and `pets find`.
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "On the client, over what the API returned")]
pub struct SortArgs {
    /// Sort by this field [default: id, as the API returns them]
    #[arg(long, value_enum, value_name = "FIELD")]
    pub sort: Option<SortKey>,

    /// Sort in descending order
    #[arg(long)]
    pub reverse: bool,
}

impl SortArgs {
    /// Sorts `pets` as asked; left as they are (ascending ids) when nothing is asked.
    fn apply(&self, pets: &mut [Pet]) {
        if self.sort.is_some() || self.reverse {
            crate::catalog::sort(pets, self.sort.unwrap_or_default(), self.reverse);
        }
    }
}
