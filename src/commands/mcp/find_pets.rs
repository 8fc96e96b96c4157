//! `find_pets`: the animals that meet every criterion given, among every animal the API can reach.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::Server;
use super::results::{answered_from, pets_result};
use crate::context::Context;
use crate::error::Error;
use petstore_core::api::PetStatus;
use petstore_core::catalog::{self, Criteria, IdLookup, LOOKUP_REMOVED_DATE};

/// `find_pets`'s arguments: every criterion given must hold; at least one is needed.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct FindPetsArgs {
    /// The animal with this id.
    id: Option<i64>,
    /// Animals with this name, in any case (`rex` finds Rex).
    name: Option<String>,
    /// Animals whose name contains this text, in any case.
    #[serde(rename = "nameContains")]
    name_contains: Option<String>,
    /// Animals in this category.
    #[serde(rename = "categoryId")]
    category_id: Option<i64>,
    /// Animals with this status (searches that status's list alone).
    status: Option<PetStatus>,
    /// The last look kept, not the server: `stale`, with `asOf`.
    #[serde(default)]
    offline: bool,
}

impl FindPetsArgs {
    /// The search's criteria, names matched in any case; refused when there is none.
    pub(super) fn criteria(self) -> Result<Criteria, Error> {
        let criteria = Criteria {
            id: self.id,
            name: self.name,
            name_contains: self.name_contains,
            category_id: self.category_id,
            status: self.status,
            exact: false,
        };
        if criteria == Criteria::default() {
            return Err(Error::invalid_value(
                "`find_pets` needs at least one of `id`, `name`, `nameContains`, `categoryId` and `status`",
            ));
        }
        Ok(criteria)
    }
}

impl Server {
    pub(super) async fn find_pets(&self, ctx: &Context, args: FindPetsArgs) -> Result<Value, Error> {
        let looking = self.looking(ctx, args.offline).await?;
        let criteria = args.criteria()?;
        let failed = |err| crate::commands::pets::offline::or_offline(ctx, err);
        let catalog = crate::commands::pets::offline::look(ctx, looking.source(), criteria.status, |_| {})
            .await
            .map_err(failed)?;
        let now = crate::commands::pets::now();
        let found = catalog::find_in(&catalog, looking.client(), &criteria, now, || {}).await.map_err(failed)?;
        if let (IdLookup::Unreachable, Some(id)) = (found.id_lookup, criteria.id) {
            return Err(crate::commands::pets::unreachable(id));
        }
        let mut notes = Vec::new();
        // A model that asked for `rex` should know that Rex is not the name it typed.
        let unlike: Vec<&str> =
            found.pets.iter().filter(|pet| criteria.matched_without_case(pet)).map(|pet| pet.name.as_str()).collect();
        if !unlike.is_empty() {
            notes.push(format!(
                "names were matched without regard to case: {} as the store spells {}",
                quoted(&unlike),
                if unlike.len() == 1 { "it" } else { "them" }
            ));
        }
        if !found.near.is_empty() {
            notes.push(format!(
                "no name matches; the nearest names among the animals that meet the other criteria: {}",
                quoted(&found.near)
            ));
        }
        let mut deprecated_call = None;
        if found.id_lookup == IdLookup::Deprecated {
            deprecated_call = Some("GET /pets/{petId}".to_owned());
            notes.push(format!(
                "no list shows animal `{}`, so `find_pets` asked `GET /pets/{{petId}}`, which the API deprecates and \
                 removes on {LOOKUP_REMOVED_DATE}",
                criteria.id.unwrap_or_default()
            ));
        }
        // As `pets find`: the blind spot matters to a search that animals with no status could meet, and only a
        // full status partition that the criteria reach can hide matches.
        let full: Vec<PetStatus> = if found.may_miss(&criteria) {
            found
                .coverage
                .full_statuses()
                .filter_map(|p| p.status)
                .filter(|s| criteria.status.is_none_or(|c| c == *s))
                .collect()
        } else {
            Vec::new()
        };
        let blind_spot = found.coverage.blind_spot && criteria.id.is_none() && criteria.status.is_none();
        let result = pets_result(found.pets, &found.coverage, full, blind_spot, notes, deprecated_call);
        Ok(answered_from(result, &looking))
    }
}

/// Names as JSON strings, exact and escaped, separated by commas.
fn quoted(names: &[impl serde::Serialize]) -> String {
    let quoted: Vec<String> =
        names.iter().map(|name| serde_json::to_string(name).expect("a string serialises")).collect();
    quoted.join(", ")
}
