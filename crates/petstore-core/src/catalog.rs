//! What the API can show of the store, and how much of it that is.
//!
//! The API has no paging: `GET /pets` returns at most 100 animals, the first by id, and says nothing of the
//! rest. So every answer here carries its completeness as data ([`More`] for one page, [`Coverage`] for the
//! union of the partitions), serialisable, for the CLI to word and for other callers to pass on:
//! - one page ([`page`]): below 100, one more animal than asked for is requested, so that "more exist" is a
//!   fact rather than a guess; at 100 a full page only says that more may exist;
//! - every animal the API can reach ([`all`]): the union of the unfiltered first 100 and the first 100 of each
//!   status, by id. A status partition that came back full may hold more (partial); animals with no status
//!   after the unfiltered first 100 are in no partition at all: the blind spot, which no query reaches;
//! - a search ([`find`]) over those partitions, with the deprecated `GET /pets/{petId}` as the fallback for an
//!   id no partition shows, and only while the API still serves it ([`lookup_open`]);
//! - the records of a bulk add that already exist ([`Existing`]), from one [`all`] for the whole batch.
//!
//! Nothing here prints or words anything.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::api::models::LIST_LIMIT_MAX;
use crate::api::{self, Client, ListQuery, NewPet, Pet, PetStatus};

/// The server's page size when no limit is given (spec §4.1).
pub const DEFAULT_LIMIT: u8 = 20;
/// The largest page the API serves (spec §4.1).
pub const MAX_LIMIT: u8 = 100;
const _: () = assert!(MAX_LIMIT as usize == LIST_LIMIT_MAX);

/// When the API removes `GET /pets/{petId}` (spec §4.3: 5 December 2030), 2030-12-05T00:00:00Z.
pub const LOOKUP_REMOVED_UNIX: u64 = 1_922_659_200;
/// The same date, for messages.
pub const LOOKUP_REMOVED_DATE: &str = "2030-12-05";

/// Whether the API still serves the deprecated `GET /pets/{petId}` at `now`.
pub fn lookup_open(now: SystemTime) -> bool {
    now < UNIX_EPOCH + Duration::from_secs(LOOKUP_REMOVED_UNIX)
}

/// Whether more animals exist than a page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum More {
    /// The page is the whole answer.
    No,
    /// The server had more: it returned more than the page shows.
    Yes,
    /// The page is as long as the API goes (100): more may exist, and no query says.
    Maybe,
}

/// One `GET /pets`, and whether it was cut off.
#[derive(Debug, Clone, Serialize)]
pub struct Page {
    pub pets: Vec<Pet>,
    pub more: More,
}

/// The first `limit` animals (with `status`, if given), asking for one more below [`MAX_LIMIT`] so that
/// [`More::Yes`] is certain. A server that sends more than asked is cut to `limit`.
pub async fn page(client: &Client, status: Option<PetStatus>, limit: u8) -> Result<Page, api::Error> {
    let limit = limit.clamp(1, MAX_LIMIT);
    let asked = if limit < MAX_LIMIT { limit + 1 } else { limit };
    let mut pets = client.list_pets(&ListQuery { status, limit: Some(asked) }).await?;
    let shown = usize::from(limit);
    let more = if pets.len() > shown {
        pets.truncate(shown);
        More::Yes
    } else if pets.len() == shown && limit == MAX_LIMIT {
        More::Maybe
    } else {
        More::No
    };
    Ok(Page { pets, more })
}

/// One query of [`all`]: a status, or none (the unfiltered first 100).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partition {
    /// `None`: the unfiltered query.
    pub status: Option<PetStatus>,
    /// How many animals it returned.
    pub returned: usize,
    /// It returned as many as the API gives at once: more may exist past its last id.
    pub full: bool,
    /// The largest id it returned: past it, a full partition may hold animals no query shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_id: Option<i64>,
}

/// How much of the store an [`all`] saw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    /// Each query, in the order sent: the unfiltered one first, then each status.
    pub partitions: Vec<Partition>,
    /// A status partition was full: animals with that status past its first 100 may be missing.
    pub partial: bool,
    /// The unfiltered query was full: animals with no status past it may exist, and no query can show them.
    pub blind_spot: bool,
}

impl Coverage {
    /// The status partitions that came back full.
    pub fn full_statuses(&self) -> impl Iterator<Item = &Partition> {
        self.partitions.iter().filter(|partition| partition.full && partition.status.is_some())
    }

    /// Whether an animal with `id` (and `status`, when known) could exist without any partition showing it.
    /// Ids come back in ascending order, so a full partition hides nothing up to its last id.
    pub fn could_hide(&self, id: i64, status: Option<Option<PetStatus>>) -> bool {
        self.partitions.iter().any(|partition| {
            let relevant = match status {
                None => true,
                Some(status) => partition.status.is_none() || partition.status == status,
            };
            relevant && partition.full && partition.last_id.is_none_or(|last| id > last)
        })
    }

    /// Whether an animal with `status` past what its partition showed could exist unseen: its status
    /// partition (or, for none, the unfiltered one) came back full.
    pub fn could_miss(&self, status: Option<PetStatus>) -> bool {
        self.partitions.iter().any(|partition| partition.full && partition.status == status)
    }
}

/// Every animal the API can show, by id, and how much of the store that is.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Catalog {
    pub pets: Vec<Pet>,
    pub coverage: Coverage,
}

impl Catalog {
    /// What a look at `status` alone would have seen of this complete look: its animals with that status, and
    /// that status's partition (`None`: all of it).
    pub fn of_status(&self, status: Option<PetStatus>) -> Catalog {
        let Some(status) = status else { return self.clone() };
        let pets = self.pets.iter().filter(|pet| pet.status == Some(status)).cloned().collect();
        let partitions: Vec<Partition> =
            self.coverage.partitions.iter().filter(|partition| partition.status == Some(status)).cloned().collect();
        let partial = partitions.iter().any(|partition| partition.full);
        Catalog { pets, coverage: Coverage { partitions, partial, blind_spot: false } }
    }
}

/// Where a look gets its animals: the server, or a complete look kept from before (`--offline`).
#[derive(Debug, Clone, Copy)]
pub enum Source<'a> {
    Server(&'a Client),
    Kept(&'a Catalog),
}

impl Source<'_> {
    /// [`all`], from the server or from what was kept.
    pub async fn all(self, status: Option<PetStatus>) -> Result<Catalog, api::Error> {
        match self {
            Source::Server(client) => all(client, status).await,
            Source::Kept(catalog) => Ok(catalog.of_status(status)),
        }
    }

    /// [`page`], from the server or from what was kept: there, the first `limit` in id order, and whether the
    /// look kept more.
    pub async fn page(self, status: Option<PetStatus>, limit: u8) -> Result<Page, api::Error> {
        match self {
            Source::Server(client) => page(client, status, limit).await,
            Source::Kept(catalog) => {
                let mut pets: Vec<Pet> =
                    catalog.pets.iter().filter(|pet| status.is_none() || pet.status == status).cloned().collect();
                let more = if pets.len() > usize::from(limit) { More::Yes } else { More::No };
                pets.truncate(usize::from(limit));
                Ok(Page { pets, more })
            }
        }
    }
}

/// The union of the unfiltered first 100 and the first 100 of each status, deduplicated by id, in id order;
/// with `status`, that partition alone. Four requests at most, sent at once.
pub async fn all(client: &Client, status: Option<PetStatus>) -> Result<Catalog, api::Error> {
    let query = |status| async move { client.list_pets(&ListQuery { status, limit: Some(MAX_LIMIT) }).await };
    let pages = match status {
        Some(status) => vec![(Some(status), query(Some(status)).await)],
        None => {
            let [available, pending, sold] = PetStatus::ALL;
            let (none, a, p, s) =
                tokio::join!(query(None), query(Some(available)), query(Some(pending)), query(Some(sold)));
            vec![(None, none), (Some(available), a), (Some(pending), p), (Some(sold), s)]
        }
    };
    let mut by_id = BTreeMap::new();
    let mut partitions = Vec::new();
    for (status, pets) in pages {
        let mut pets = pets?;
        pets.truncate(LIST_LIMIT_MAX);
        partitions.push(Partition {
            status,
            returned: pets.len(),
            full: pets.len() == LIST_LIMIT_MAX,
            last_id: pets.iter().map(|pet| pet.id).max(),
        });
        for pet in pets {
            by_id.entry(pet.id).or_insert(pet);
        }
    }
    let partial = partitions.iter().any(|p| p.full && p.status.is_some());
    let blind_spot = partitions.iter().any(|p| p.full && p.status.is_none());
    Ok(Catalog { pets: by_id.into_values().collect(), coverage: Coverage { partitions, partial, blind_spot } })
}

/// What `find` looks for; every criterion given must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Criteria {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// The whole name, without regard to case unless [`Criteria::exact`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Part of the name, without regard to case unless [`Criteria::exact`].
    #[serde(rename = "nameContains", skip_serializing_if = "Option::is_none")]
    pub name_contains: Option<String>,
    #[serde(rename = "categoryId", skip_serializing_if = "Option::is_none")]
    pub category_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<PetStatus>,
    /// Names as written, case included; otherwise `rex` finds Rex, as people type names.
    #[serde(skip)]
    pub exact: bool,
}

impl Criteria {
    /// Whether `pet` meets every criterion given.
    pub fn matches(&self, pet: &Pet) -> bool {
        self.id.is_none_or(|id| pet.id == id)
            && self.name.as_ref().is_none_or(|name| self.same(&pet.name, name))
            && self.name_contains.as_ref().is_none_or(|part| self.contains(&pet.name, part))
            && self.category_id.is_none_or(|category| pet.category_id == category)
            && self.status.is_none_or(|status| pet.status == Some(status))
    }

    /// Whether `pet`'s name meets the name criteria only as people type names, not as written: a match that
    /// [`Criteria::exact`] would have refused (`rex` for Rex).
    pub fn matched_without_case(&self, pet: &Pet) -> bool {
        !self.exact && !Criteria { exact: true, ..self.clone() }.matches(pet)
    }

    fn same(&self, name: &str, typed: &str) -> bool {
        if self.exact { name == typed } else { name_key(name) == name_key(typed) }
    }

    fn contains(&self, name: &str, part: &str) -> bool {
        if self.exact { name.contains(part) } else { name_key(name).contains(&name_key(part)) }
    }

    /// The criteria without the name's: what a name suggestion must still meet.
    fn but_the_name(&self) -> Criteria {
        Criteria { name: None, name_contains: None, ..self.clone() }
    }
}

/// A name as people mean it, for comparing names as `pets find --name` and `--if-absent` do: white space at
/// either end left out and each run of it inside taken as one space, Unicode's canonical composition (NFC: an
/// `é` typed as `e` and a combining accent is the same `é`), and no case (`rex` is Rex).
pub fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let spaced = name.split_whitespace().collect::<Vec<_>>().join(" ");
    spaced.nfc().collect::<String>().to_lowercase()
}

/// Up to `count` of `names` nearest to `typed`, nearest first: Jaro similarity above 0.7, ignoring case (the
/// measure and threshold clap uses for its own "did you mean"), and either what was typed begins the name
/// (`prod`, `production`) or no more than a third of the longer name's letters (at least one) change, so
/// that only a close name is offered (`nosuch` is not `Oscar`, though
/// their Jaro similarity is 0.7). Each name comes once.
pub fn nearest<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>, count: usize) -> Vec<&'a str> {
    let typed = typed.to_lowercase();
    let close = |name: &str| {
        let longer = typed.chars().count().max(name.chars().count());
        name.starts_with(&typed) || strsim::levenshtein(&typed, name) <= longer.div_ceil(3)
    };
    let mut scored: Vec<(f64, &str)> = names
        .into_iter()
        .map(|name| (name, name.to_lowercase()))
        .filter(|(_, lower)| close(lower))
        .map(|(name, lower)| (strsim::jaro(&typed, &lower), name))
        .filter(|(score, _)| *score > 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(count).map(|(_, name)| name).collect()
}

/// What a list is sorted by, on the client: the API only gives ascending ids.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum SortKey {
    #[default]
    Id,
    Name,
    Category,
    /// available, pending, sold, then none.
    Status,
}

/// Sorts `pets` by `key`, ascending or, with `reverse`, descending; animals alike in `key` stay in id order.
pub fn sort(pets: &mut [Pet], key: SortKey, reverse: bool) {
    pets.sort_by(|a, b| {
        let by_key = match key {
            SortKey::Id => a.id.cmp(&b.id),
            SortKey::Name => a.name.cmp(&b.name),
            SortKey::Category => a.category_id.cmp(&b.category_id),
            SortKey::Status => status_rank(a.status).cmp(&status_rank(b.status)),
        };
        let by_key = if reverse { by_key.reverse() } else { by_key };
        by_key.then(a.id.cmp(&b.id))
    });
}

/// A status's place in a sort: the spec's order, none last.
fn status_rank(status: Option<PetStatus>) -> usize {
    status.map_or(PetStatus::ALL.len(), |status| PetStatus::ALL.iter().position(|s| *s == status).unwrap_or(0))
}

/// How `find` got to an id that no partition showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IdLookup {
    /// The partitions decided: the id was among them, or could not be past them.
    Lists,
    /// Through the deprecated `GET /pets/{petId}`, the only way to it.
    Deprecated,
    /// The id could be past every partition, and the API no longer serves `GET /pets/{petId}`: unknown.
    Unreachable,
}

/// What a search found, and how complete the answer is.
#[derive(Debug, Clone, Serialize)]
pub struct Found {
    pub pets: Vec<Pet>,
    pub coverage: Coverage,
    #[serde(rename = "idLookup")]
    pub id_lookup: IdLookup,
    /// When nothing matched a name: the nearest names among the animals that meet the other criteria, nearest
    /// first (at most three).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub near: Vec<String>,
}

impl Found {
    /// Whether other matches could exist unseen: with an id, only when it was unreachable (ids are unique);
    /// otherwise when a partition the criteria reach came back full.
    pub fn may_miss(&self, criteria: &Criteria) -> bool {
        if let Some(id) = criteria.id {
            return match self.id_lookup {
                IdLookup::Unreachable => true,
                IdLookup::Deprecated => false,
                // Without a lookup (a look kept from before), an id past a full list may exist unseen.
                IdLookup::Lists => self.pets.is_empty() && self.coverage.could_hide(id, criteria.status.map(Some)),
            };
        }
        match criteria.status {
            Some(status) => self.coverage.could_miss(Some(status)),
            None => self.coverage.partial,
        }
    }
}

/// Searches the partitions of [`all`] (only `criteria.status`'s, when given). An id that none shows, and that
/// could be past a full one, is fetched with the deprecated `GET /pets/{petId}` while `now` is before its
/// removal ([`lookup_open`]), after `before_deprecated` (where the caller warns); a 404 there is no match.
pub async fn find(
    client: &Client,
    criteria: &Criteria,
    now: SystemTime,
    before_deprecated: impl FnOnce(),
) -> Result<Found, api::Error> {
    let catalog = all(client, criteria.status).await?;
    find_in(&catalog, Some(client), criteria, now, before_deprecated).await
}

/// [`find`] over `catalog`, a look at `criteria.status`'s partition (or at all of them), the deprecated lookup
/// asked of `client`; without one (a look kept from before, `--offline`), the partitions alone decide.
pub async fn find_in(
    catalog: &Catalog,
    client: Option<&Client>,
    criteria: &Criteria,
    now: SystemTime,
    before_deprecated: impl FnOnce(),
) -> Result<Found, api::Error> {
    let pets: Vec<Pet> = catalog.pets.iter().filter(|pet| criteria.matches(pet)).cloned().collect();
    let near = match criteria.name.as_deref().or(criteria.name_contains.as_deref()) {
        Some(typed) if pets.is_empty() => {
            let others = criteria.but_the_name();
            let names = catalog.pets.iter().filter(|pet| others.matches(pet)).map(|pet| pet.name.as_str());
            nearest(typed, names, 3).into_iter().map(str::to_owned).collect()
        }
        _ => Vec::new(),
    };
    let mut found = Found { pets, coverage: catalog.coverage.clone(), id_lookup: IdLookup::Lists, near };
    let (Some(id), Some(client)) = (criteria.id, client) else { return Ok(found) };
    if !found.pets.is_empty() || !found.coverage.could_hide(id, criteria.status.map(Some)) {
        return Ok(found);
    }
    if !lookup_open(now) {
        found.id_lookup = IdLookup::Unreachable;
        return Ok(found);
    }
    before_deprecated();
    found.id_lookup = IdLookup::Deprecated;
    match client.get_pet(id).await {
        Ok(pet) if pet.id == id && criteria.matches(&pet) => found.pets.push(pet),
        Ok(_) => {}
        Err(api::Error::Status { status, .. }) if status.as_u16() == 404 => {}
        Err(err) => return Err(err),
    }
    Ok(found)
}

/// A record's identity for [`Existing`]: its name as people mean it ([`name_key`]) and its category; the status
/// is matched apart, as a record sent without one matches an animal of any status.
type Key = (String, i64);

/// What a bulk add with `--skip-existing` decides for a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// An animal with its name, category and status exists: this one, not sent.
    Exists(Pet),
    /// None was seen, and none could be unseen: send it.
    Send,
    /// None was seen, but its partition came back full, so one may exist past it: neither sent nor skipped.
    Undecided,
}

/// The animals of the store by name, category and status, fetched once for a whole batch. Names compare as
/// [`name_key`] says (`Rex`, `rex` and ` Rex ` are one name); a record with a status matches an animal with
/// that status, and one without a status an animal with any (a server that fills one in, `available`, made
/// three `Rex` of three runs). Each existing animal accounts for one record: two records alike meet two
/// animals before either is skipped, so an input that holds the same animal twice keeps both, as long as the
/// store holds fewer.
#[derive(Debug)]
pub struct Existing {
    by_key: HashMap<Key, Vec<Pet>>,
    coverage: Coverage,
}

impl Existing {
    /// One [`all`] for the batch.
    pub async fn fetch(client: &Client) -> Result<Existing, api::Error> {
        Ok(Existing::from_catalog(all(client, None).await?))
    }

    /// From what [`all`] gave.
    pub fn from_catalog(catalog: Catalog) -> Existing {
        let mut by_key: HashMap<Key, Vec<Pet>> = HashMap::new();
        // Highest id last, so the oldest animal is taken first.
        for pet in catalog.pets.into_iter().rev() {
            by_key.entry((name_key(&pet.name), pet.category_id)).or_default().push(pet);
        }
        Existing { by_key, coverage: catalog.coverage }
    }

    /// How much of the store the lookup saw.
    pub fn coverage(&self) -> &Coverage {
        &self.coverage
    }

    /// Decides `record`, taking the animal it matches so that it matches no other record.
    pub fn decide(&mut self, record: &NewPet) -> Decision {
        let key = (name_key(&record.name), record.category_id);
        if let Some(pets) = self.by_key.get_mut(&key)
            // The oldest is last.
            && let Some(at) = pets.iter().rposition(|pet| record.status.is_none_or(|status| pet.status == Some(status)))
        {
            return Decision::Exists(pets.remove(at));
        }
        let could_miss = match record.status {
            // An animal of any status matches: any full partition may hide one.
            None => self.coverage.partitions.iter().any(|partition| partition.full),
            status => self.coverage.could_miss(status),
        };
        if could_miss { Decision::Undecided } else { Decision::Send }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pet(id: i64, name: &str, category_id: i64, status: Option<PetStatus>) -> Pet {
        Pet { id, name: name.to_owned(), category_id, status }
    }

    fn partition(status: Option<PetStatus>, returned: usize, last_id: i64) -> Partition {
        Partition { status, returned, full: returned == LIST_LIMIT_MAX, last_id: Some(last_id) }
    }

    #[test]
    fn the_lookup_is_open_until_the_removal_date() {
        let removal = UNIX_EPOCH + Duration::from_secs(LOOKUP_REMOVED_UNIX);
        assert!(lookup_open(removal - Duration::from_secs(1)));
        assert!(!lookup_open(removal));
        assert!(!lookup_open(removal + Duration::from_secs(86_400)));
        // The constant is the spec's date.
        assert_eq!(httpdate::fmt_http_date(removal), "Thu, 05 Dec 2030 00:00:00 GMT");
    }

    #[test]
    fn criteria_all_hold() {
        let rex = pet(7, "Rex", 2, Some(PetStatus::Sold));
        assert!(Criteria::default().matches(&rex));
        assert!(Criteria { name: Some("Rex".into()), category_id: Some(2), ..Criteria::default() }.matches(&rex));
        assert!(!Criteria { name: Some("Re".into()), ..Criteria::default() }.matches(&rex));
        assert!(Criteria { name_contains: Some("e".into()), ..Criteria::default() }.matches(&rex));
        // As people type names: without regard to case, unless exact.
        let typed = |name: &str, exact| Criteria { name: Some(name.into()), exact, ..Criteria::default() };
        assert!(typed("rex", false).matches(&rex) && typed("REX", false).matches(&rex));
        assert!(typed("rex", false).matched_without_case(&rex) && !typed("Rex", false).matched_without_case(&rex));
        assert!(!typed("rex", true).matches(&rex) && typed("Rex", true).matches(&rex));
        assert!(Criteria { name_contains: Some("E".into()), ..Criteria::default() }.matches(&rex));
        assert!(!Criteria { name_contains: Some("E".into()), exact: true, ..Criteria::default() }.matches(&rex));
        assert!(!Criteria { id: Some(7), category_id: Some(3), ..Criteria::default() }.matches(&rex));
        assert!(!Criteria { status: Some(PetStatus::Pending), ..Criteria::default() }.matches(&rex));
    }

    #[test]
    fn sorting_keeps_id_order_among_equals_and_puts_no_status_last() {
        let mut pets = vec![
            pet(1, "b", 2, None),
            pet(2, "a", 1, Some(PetStatus::Sold)),
            pet(3, "b", 1, Some(PetStatus::Available)),
        ];
        let ids = |pets: &[Pet]| pets.iter().map(|p| p.id).collect::<Vec<_>>();
        sort(&mut pets, SortKey::Name, false);
        assert_eq!(ids(&pets), [2, 1, 3]);
        sort(&mut pets, SortKey::Name, true);
        assert_eq!(ids(&pets), [1, 3, 2]);
        sort(&mut pets, SortKey::Status, false);
        assert_eq!(ids(&pets), [3, 2, 1]);
        sort(&mut pets, SortKey::Category, true);
        assert_eq!(ids(&pets), [1, 2, 3]);
        sort(&mut pets, SortKey::Id, true);
        assert_eq!(ids(&pets), [3, 2, 1]);
    }

    #[test]
    fn a_full_partition_hides_only_ids_past_its_last() {
        let coverage = Coverage {
            partitions: vec![
                partition(None, 100, 150),
                partition(Some(PetStatus::Available), 100, 300),
                partition(Some(PetStatus::Pending), 40, 120),
                partition(Some(PetStatus::Sold), 10, 30),
            ],
            partial: true,
            blind_spot: true,
        };
        assert!(!coverage.could_hide(150, None));
        assert!(coverage.could_hide(151, None));
        assert!(coverage.could_hide(301, Some(Some(PetStatus::Available))));
        // Pending is not full, but the unfiltered query could still hide it... only past 150.
        assert!(coverage.could_hide(200, Some(Some(PetStatus::Pending))));
        assert!(!coverage.could_hide(149, Some(Some(PetStatus::Pending))));
        assert!(coverage.could_miss(Some(PetStatus::Available)));
        assert!(!coverage.could_miss(Some(PetStatus::Pending)));
        assert!(coverage.could_miss(None));
        assert_eq!(coverage.full_statuses().count(), 1);
    }

    /// Issue 41: `nosuch` was offered `Oscar` (Jaro 0.7); only a close name is offered now.
    #[test]
    fn only_close_names_are_suggested() {
        let names = ["Oscar", "Rex", "Charly", "Bella", "Tim", "Bud"];
        assert_eq!(nearest("nosuch", names, 3), Vec::<&str>::new());
        assert_eq!(nearest("rexx", names, 3), ["Rex"]);
        assert_eq!(nearest("charlie", names, 3), ["Charly"]);
        assert_eq!(nearest("BELA", names, 3), ["Bella"]);
        assert_eq!(nearest("tom", names, 3), ["Tim"]);
        assert_eq!(nearest("buddy", names, 3), ["Bud"]);
        assert_eq!(nearest("prod", ["production", "staging"], 3), ["production"]);
    }

    #[test]
    fn each_existing_animal_accounts_for_one_record() {
        let full_sold = Coverage {
            partitions: vec![partition(None, 3, 3), partition(Some(PetStatus::Sold), 100, 400)],
            partial: true,
            blind_spot: false,
        };
        let catalog = Catalog {
            pets: vec![
                pet(1, "Rex", 1, Some(PetStatus::Available)),
                pet(2, "Rex", 1, Some(PetStatus::Available)),
                pet(3, "Tom", 2, None),
            ],
            coverage: full_sold,
        };
        let mut existing = Existing::from_catalog(catalog);
        let record = |name: &str, category_id, status| NewPet { name: name.to_owned(), category_id, status };
        let rex = record("Rex", 1, Some(PetStatus::Available));
        assert_eq!(existing.decide(&rex), Decision::Exists(pet(1, "Rex", 1, Some(PetStatus::Available))));
        assert_eq!(existing.decide(&rex), Decision::Exists(pet(2, "Rex", 1, Some(PetStatus::Available))));
        assert_eq!(existing.decide(&rex), Decision::Send);
        assert_eq!(existing.decide(&record("Tom", 2, Some(PetStatus::Pending))), Decision::Send);
        assert_eq!(existing.decide(&record("Tom", 2, None)), Decision::Exists(pet(3, "Tom", 2, None)));
        assert_eq!(existing.decide(&record("Kit", 2, Some(PetStatus::Sold))), Decision::Undecided);
        // Without a status, any animal of that name and category matches, and a full partition may hide one.
        assert_eq!(existing.decide(&record("Kit", 2, None)), Decision::Undecided);
    }

    /// Issue 41: a record sent without a status matches an animal of its name and category whatever its
    /// status (a server that fills in `available` made three `Rex` of three runs); names compare as people mean
    /// them: any case, NFC or NFD, stray spaces.
    #[test]
    fn a_record_matches_an_animal_whatever_its_status_when_it_has_none_and_names_as_people_mean_them() {
        let complete = Coverage { partitions: vec![partition(None, 4, 4)], partial: false, blind_spot: false };
        let catalog = Catalog {
            pets: vec![
                pet(1, "Rex", 1, Some(PetStatus::Available)),
                pet(2, "Zo\u{e9}", 1, Some(PetStatus::Sold)),
                pet(3, "Big  Tom", 2, None),
                pet(4, "Kit", 3, Some(PetStatus::Pending)),
            ],
            coverage: complete,
        };
        let mut existing = Existing::from_catalog(catalog);
        let record = |name: &str, category_id, status| NewPet { name: name.to_owned(), category_id, status };
        assert_eq!(
            existing.decide(&record("rex", 1, None)),
            Decision::Exists(pet(1, "Rex", 1, Some(PetStatus::Available)))
        );
        assert_eq!(
            existing.decide(&record(" ZOE\u{301} ", 1, None)),
            Decision::Exists(pet(2, "Zo\u{e9}", 1, Some(PetStatus::Sold)))
        );
        assert_eq!(existing.decide(&record("big tom", 2, None)), Decision::Exists(pet(3, "Big  Tom", 2, None)));
        // A status given must be the animal's; another category is another animal.
        assert_eq!(existing.decide(&record("Kit", 3, Some(PetStatus::Sold))), Decision::Send);
        assert_eq!(existing.decide(&record("Kit", 4, None)), Decision::Send);
        assert_eq!(
            existing.decide(&record("KIT", 3, Some(PetStatus::Pending))),
            Decision::Exists(pet(4, "Kit", 3, Some(PetStatus::Pending)))
        );
        assert_eq!(name_key("  Zoe\u{301}\tthe  Cat "), "zo\u{e9} the cat");
    }
}
