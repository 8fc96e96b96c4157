//! `petstore pets find`: a search over every animal the API can reach, the replacement for `pets get`.

use crate::context::Context;
use crate::error::{Error, code};
use crate::output::suggested_shell_word;
use petstore_core::api::PetStatus;
use petstore_core::catalog::{self, Criteria, IdLookup, LOOKUP_REMOVED_DATE};

/// Find animals by id, name or category
///
/// Searches every animal the API can reach, as `pets list --all` shows them: the first 100 without a filter
/// and the first 100 of each status (with `--status`, that status's alone). Every criterion given must hold.
/// Prints the matches as `pets list` does, in ascending id order unless `--sort` (on the client) says otherwise.
///
/// An id that no list shows, and that could lie past a full one, is looked up with the deprecated
/// `GET /pets/{petId}`, with its warning, until the API removes it on 2030-12-05; after that date petstore says
/// the API cannot reach that animal (exit 6). A list that suffices is never followed by that call.
///
/// Exit 0 when the answer is complete; 3 when nothing matches; 6 when it may be incomplete: a status the
/// search covers came back with as many animals as the API returns at once (100), so more may match past
/// them. Animals with no status after the first 100 are in no list at all: a note names that blind spot.
///
/// `--offline` searches the last complete look at the store kept (as `pets list --offline` lists it), with a
/// note on stderr of when it was taken, and never asks the server, not even for an id.
#[derive(Debug, clap::Args)]
#[command(
    // clap's own usage names every criterion with its value, 118 columns; the criteria are the options below.
    override_usage = "petstore pets find <CRITERIA>... [OPTIONS]",
    after_long_help = "\
Examples:
  petstore pets find --id 42
  petstore pets find --name rex              # finds Rex: names in any case
  petstore pets find --name Rex --exact
  petstore pets find --name-contains ex --category 2 --status available
  petstore pets find --name Rex --json | jq '.[].id'
  petstore pets find --category 2 --sort name --reverse"
)]
#[group(id = "criteria", required = true, multiple = true, args = ["id", "name", "name_contains", "category", "status"])]
pub struct FindArgs {
    /// The animal with this id
    #[arg(long, value_name = "ID", allow_negative_numbers = true,
        add = clap_complete::ArgValueCandidates::new(crate::complete::pet_ids))]
    pub id: Option<i64>,

    /// Animals with this name, in any case (`rex` finds Rex)
    #[arg(long, value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::complete::pet_names))]
    pub name: Option<String>,

    /// Animals whose name contains this text, in any case
    #[arg(long, value_name = "TEXT")]
    pub name_contains: Option<String>,

    /// Names exactly as written, case included
    #[arg(long)]
    pub exact: bool,

    /// Animals in this category
    #[arg(long, value_name = "ID", allow_negative_numbers = true)]
    pub category: Option<i64>,

    /// Animals with this status (searches that status's list alone)
    #[arg(ignore_case = true, long, value_enum, value_name = "STATUS")]
    pub status: Option<PetStatus>,

    /// Search the last look kept, not the server (a note gives its age)
    #[arg(long)]
    pub offline: bool,

    #[command(flatten)]
    pub sort: super::SortArgs,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

impl FindArgs {
    fn criteria(&self) -> Criteria {
        Criteria {
            id: self.id,
            name: self.name.clone(),
            name_contains: self.name_contains.clone(),
            category_id: self.category,
            status: self.status,
            exact: self.exact,
        }
    }

    /// The criteria as typed, for messages: `` `--name Rex --category 2` ``.
    fn words(&self) -> String {
        let words: Vec<String> = [
            self.id.map(|id| format!("--id {id}")),
            self.name.as_ref().map(|name| format!("--name {}", suggested_shell_word(name))),
            self.name_contains.as_ref().map(|part| format!("--name-contains {}", suggested_shell_word(part))),
            self.category.map(|category| format!("--category {category}")),
            self.status.map(|status| format!("--status {status}")),
            self.exact.then(|| "--exact".to_owned()),
        ]
        .into_iter()
        .flatten()
        .collect();
        format!("`{}`", words.join(" "))
    }
}

/// `` `Rex` ``, `` `Rex` or `Rox` ``, `` `Rex`, `Rox` or `Rux` ``: names as a question offers them.
fn or_list(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    crate::output::listed(&quoted, "or").unwrap_or_default()
}

/// The warning before the one deprecated call a search may make.
fn lookup_warning(id: i64) -> String {
    format!(
        "no list shows animal `{id}`, so `pets find` asks `GET /pets/{{petId}}`, which the API deprecates and \
         removes on {LOOKUP_REMOVED_DATE}"
    )
}

/// Searches and prints the matches; the exit says whether the answer is complete.
pub async fn run(ctx: &Context, args: &FindArgs) -> Result<(), Error> {
    let looking = super::offline::Looking::new(ctx, args.offline)?;
    let criteria = args.criteria();
    let failed = |err| super::offline::or_offline(ctx, err);
    let catalog = super::offline::look(ctx, looking.source(), criteria.status, |text| ctx.output.warning(text))
        .await
        .map_err(failed)?;
    let warn = || ctx.output.deprecation_warning(&lookup_warning(args.id.unwrap_or_default()));
    let mut found =
        catalog::find_in(&catalog, looking.client(), &criteria, super::now(), warn).await.map_err(failed)?;
    args.sort.apply(&mut found.pets);
    if let (IdLookup::Unreachable, Some(id)) = (found.id_lookup, criteria.id) {
        return Err(super::unreachable(id));
    }
    if !found.pets.is_empty() {
        ctx.output.pets(&found.pets)?;
    }
    // The blind spot matters to a search that animals with no status could meet.
    if criteria.id.is_none() && criteria.status.is_none() {
        super::blind_spot_note(ctx, &found.coverage);
    }
    if found.may_miss(&criteria) {
        let message = format!(
            "the search may be incomplete: {} came back with as many animals as the API returns at once",
            super::full_words(&found.coverage)
        );
        let err = Error::new(&code::FIND_PARTIAL, message).with_hint(
            "the API has no way past its first 100 of a status; `petstore pets find --help` says what it reaches",
        );
        // Under animals found, a caveat rather than a failure; still exit 6 for a script.
        return Err(if found.pets.is_empty() { err } else { err.as_note() });
    }
    if found.pets.is_empty() {
        let hint = match found.near.as_slice() {
            [] => "`petstore pets list --all` shows every animal the API can reach".to_owned(),
            near => format!("did you mean {}?", or_list(near)),
        };
        return Err(Error::new(&code::NO_MATCH, format!("no animal matches {}", args.words())).with_hint(hint));
    }
    Ok(())
}
