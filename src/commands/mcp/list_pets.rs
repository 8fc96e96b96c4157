//! `list_pets`: the first `limit` animals, or with `all` every one the API can reach.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::Server;
use super::results::{PetsResult, answered_from, pets_result};
use crate::commands::pets::list::{MoreWords, cut_off_note};
use crate::context::Context;
use crate::error::Error;
use petstore_core::api::PetStatus;
use petstore_core::catalog::{DEFAULT_LIMIT, MAX_LIMIT, More};

/// `list_pets`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ListPetsArgs {
    /// Only animals with this status.
    pub(super) status: Option<PetStatus>,
    /// At most this many animals, 1 to 100 (20 when not given). Not with `all`.
    #[schemars(range(min = 1, max = MAX_LIMIT))]
    pub(super) limit: Option<u8>,
    /// Every animal the API can reach, each once, by id: the first 100 without a filter and the first 100 of
    /// each status (with `status`, that status's first 100).
    #[serde(default)]
    pub(super) all: bool,
    /// The last look kept, not the server: `stale`, with `asOf`.
    #[serde(default)]
    pub(super) offline: bool,
}

impl ListPetsArgs {
    /// Refuses what the schema lets through but the API cannot do: a `limit` out of range, or one with `all`.
    fn check(&self) -> Result<(), Error> {
        if self.limit.is_some_and(|limit| !(1..=MAX_LIMIT).contains(&limit)) {
            return Err(Error::invalid_value(format!("`limit` must be from 1 to {MAX_LIMIT}")));
        }
        if self.all && self.limit.is_some() {
            return Err(Error::invalid_value("`limit` and `all` cannot be used together"));
        }
        Ok(())
    }
}

impl Server {
    pub(super) async fn list_pets(&self, ctx: &Context, args: ListPetsArgs) -> Result<Value, Error> {
        args.check()?;
        let looking = self.looking(ctx, args.offline).await?;
        let failed = |err| crate::commands::pets::offline::or_offline(ctx, err);
        if args.all {
            let catalog = crate::commands::pets::offline::look(ctx, looking.source(), args.status, |_| {})
                .await
                .map_err(failed)?;
            let full = catalog.coverage.full_statuses().filter_map(|partition| partition.status).collect();
            let blind_spot = catalog.coverage.blind_spot;
            let result = pets_result(catalog.pets, &catalog.coverage, full, blind_spot, Vec::new(), None);
            return Ok(answered_from(result, &looking));
        }
        let limit = args.limit.unwrap_or(DEFAULT_LIMIT);
        let page = looking.source().page(args.status, limit).await.map_err(failed)?;
        let note = cut_off_note(args.status, limit, page.more, &ARGUMENTS);
        let result = PetsResult {
            pets: page.pets,
            complete: page.more == More::No,
            notes: note.into_iter().collect(),
            full_statuses: Vec::new(),
            blind_spot: false,
            deprecated_call: None,
            cancelled_adds: Vec::new(),
            stale: false,
            as_of: None,
        };
        Ok(answered_from(serde_json::to_value(result).expect("a result serialises"), &looking))
    }
}

/// `list_pets`'s words for seeing more: its argument names.
const ARGUMENTS: MoreWords = MoreWords { limit: "limit: ", all: "`all: true`", all_with_status: true };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_off_page_says_how_to_see_more_in_the_tools_words() {
        assert_eq!(cut_off_note(None, 20, More::No, &ARGUMENTS), None);
        assert_eq!(
            cut_off_note(None, 20, More::Yes, &ARGUMENTS).unwrap(),
            "more animals exist past the first 20; `limit: 100` shows up to 100, `all: true` every one the API can reach"
        );
        assert_eq!(
            cut_off_note(Some(PetStatus::Sold), 5, More::Yes, &ARGUMENTS).unwrap(),
            "more `sold` animals exist past the first 5; `limit: 100` shows up to 100, `all: true` every one the API \
             can reach"
        );
        assert_eq!(
            cut_off_note(None, 100, More::Maybe, &ARGUMENTS).unwrap(),
            "these are the first 100 animals, the most the API returns at once, and more may exist; `all: true` shows \
             every one the API can reach"
        );
        assert_eq!(
            cut_off_note(Some(PetStatus::Available), 100, More::Maybe, &ARGUMENTS).unwrap(),
            "these are the first 100 `available` animals, the most the API returns at once, and more may exist past \
             them, which no query shows"
        );
    }

    #[test]
    fn list_pets_refuses_a_limit_out_of_range_or_with_all() {
        let check = |limit, all| {
            ListPetsArgs { status: None, limit, all, offline: false }.check().map_err(|err| err.to_string())
        };
        assert_eq!(check(None, false), Ok(()));
        assert_eq!(check(Some(100), false), Ok(()));
        assert_eq!(check(None, true), Ok(()));
        assert_eq!(check(Some(0), false), Err("invalid value: `limit` must be from 1 to 100".to_owned()));
        assert_eq!(check(Some(101), false), Err("invalid value: `limit` must be from 1 to 100".to_owned()));
        assert_eq!(check(Some(5), true), Err("invalid value: `limit` and `all` cannot be used together".to_owned()));
    }
}
