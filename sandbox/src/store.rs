//! The animals the sandbox knows, in memory.
//!
//! Ids come from a counter and nothing is ever removed, so pushing keeps the list in ascending id
//! order. Lookup is a binary search, and a page costs its length whatever the store's size (a
//! per-status index serves filtered pages). Knows nothing of HTTP.
//!
//! What clients add is bounded ([`StoreLimits`]): a sandbox left running under a script must not
//! grow until the machine runs out of memory. The seeded animals are the operator's choice and
//! do not count.

use crate::wire::{NewPet, Pet, PetStatus};

/// Names for seeded animals; when `--seed-pets` asks for more, the list repeats with a number.
const SEED_NAMES: [&str; 12] =
    ["Rex", "Bella", "Milo", "Luna", "Charlie", "Daisy", "Max", "Coco", "Oscar", "Nala", "Pepper", "Simba"];

/// Seeded category ids cycle with a period (4) prime to the statuses' (3), so every
/// category/status pairing occurs and a filter on one never implies the other.
const SEED_CATEGORY_IDS: [i64; 4] = [1, 2, 3, 4];

/// Beyond this many, seeding reserves no capacity up front; the CLI caps `--seed-pets` below it.
const SEED_PREALLOCATE_MAX: u64 = 1 << 20;

/// How much clients may add: animals, and bytes of their names (the only unbounded part of an
/// animal; the rest is a few dozen bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StoreLimits {
    pub(crate) max_pets: usize,
    pub(crate) max_name_bytes: usize,
    /// The longest name one animal may have, in bytes.
    pub(crate) name_max: usize,
}

impl StoreLimits {
    #[cfg(test)]
    pub(crate) const UNBOUNDED: StoreLimits =
        StoreLimits { max_pets: usize::MAX, max_name_bytes: usize::MAX, name_max: usize::MAX };
}

/// Why [`Store::add`] refused an animal: the limit that adding it would pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StoreFull {
    Pets(usize),
    NameBytes(usize),
}

#[derive(Debug)]
pub(crate) struct Store {
    pets: Vec<Pet>,
    /// Positions in `pets` of the animals with each status, ascending. Without it, a filter that
    /// few animals match would scan the whole store under the lock: after a benchmark added a
    /// million animals, such a listing managed a few hundred pages per second.
    by_status: [Vec<usize>; PetStatus::ALL.len()],
    next_id: i64,
    limits: StoreLimits,
    /// How many animals clients added, and the bytes of their names.
    added: usize,
    added_name_bytes: usize,
}

impl Store {
    /// A store holding `count` sample animals with ids `1..=count`; the same count always gives the
    /// same animals.
    #[cfg(test)]
    pub(crate) fn seeded(count: u64) -> Store {
        Store::seeded_with(count, StoreLimits::UNBOUNDED)
    }

    /// A store as [`Store::seeded`], where clients may add at most what `limits` allow.
    pub(crate) fn seeded_with(count: u64, limits: StoreLimits) -> Store {
        let mut store = Store {
            pets: Vec::with_capacity(usize::try_from(count.min(SEED_PREALLOCATE_MAX)).unwrap_or(0)),
            by_status: Default::default(),
            next_id: 1,
            limits,
            added: 0,
            added_name_bytes: 0,
        };
        for index in 0..count {
            store.insert(seed_pet(index));
        }
        store
    }

    /// A store holding `pets` (ascending ids, each once: a seed or state file, src/fixture.rs); new animals get
    /// the ids after the highest.
    pub(crate) fn with_pets(pets: &[Pet], limits: StoreLimits) -> Store {
        let mut store = Store {
            pets: pets.to_vec(),
            by_status: Default::default(),
            next_id: pets.last().map_or(1, |pet| pet.id.saturating_add(1)),
            limits,
            added: 0,
            added_name_bytes: 0,
        };
        for (position, pet) in store.pets.iter().enumerate() {
            if let Some(status) = pet.status {
                store.by_status[status.index()].push(position);
            }
        }
        store
    }

    /// Adds a client's animal under a fresh id, unless that would pass a limit; a refusal uses up
    /// no id.
    /// The longest name one animal may have, in bytes.
    pub(crate) fn name_max(&self) -> usize {
        self.limits.name_max
    }

    pub(crate) fn add(&mut self, new: NewPet) -> Result<&Pet, StoreFull> {
        if self.added >= self.limits.max_pets {
            return Err(StoreFull::Pets(self.limits.max_pets));
        }
        let name_bytes = self.added_name_bytes.saturating_add(new.name.len());
        if name_bytes > self.limits.max_name_bytes {
            return Err(StoreFull::NameBytes(self.limits.max_name_bytes));
        }
        self.added += 1;
        self.added_name_bytes = name_bytes;
        Ok(self.insert(new))
    }

    /// Adds an animal under a fresh id; ids are never reused.
    fn insert(&mut self, new: NewPet) -> &Pet {
        let id = self.next_id;
        // 2^63 insertions cannot happen within a process lifetime; saturating keeps this panic-free.
        self.next_id = self.next_id.saturating_add(1);
        if let Some(status) = new.status {
            self.by_status[status.index()].push(self.pets.len());
        }
        self.pets.push(Pet { id, name: new.name, category_id: new.category_id, status: new.status });
        self.pets.last().expect("just pushed")
    }

    pub(crate) fn get(&self, id: i64) -> Option<&Pet> {
        self.pets.binary_search_by_key(&id, |pet| pet.id).ok().map(|index| &self.pets[index])
    }

    /// At most `limit` animals in ascending id order, only those with `status` when it is given.
    pub(crate) fn list(&self, status: Option<PetStatus>, limit: usize) -> Vec<&Pet> {
        match status {
            None => self.pets.iter().take(limit).collect(),
            Some(status) => {
                self.by_status[status.index()].iter().take(limit).map(|&position| &self.pets[position]).collect()
            }
        }
    }

    pub(crate) fn all(&self) -> &[Pet] {
        &self.pets
    }
}

fn seed_pet(index: u64) -> NewPet {
    let names = SEED_NAMES.len() as u64;
    let base = SEED_NAMES[(index % names) as usize];
    let round = index / names;
    let name = if round == 0 { base.to_owned() } else { format!("{base} {}", round + 1) };
    NewPet {
        name,
        category_id: SEED_CATEGORY_IDS[(index % SEED_CATEGORY_IDS.len() as u64) as usize],
        status: Some(PetStatus::ALL[(index % PetStatus::ALL.len() as u64) as usize]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeding_is_deterministic_and_wraps_names_with_a_number() {
        let store = Store::seeded(14);
        assert_eq!(store.all(), Store::seeded(14).all());
        let summary: Vec<(i64, &str, i64, Option<PetStatus>)> =
            store.all().iter().map(|p| (p.id, p.name.as_str(), p.category_id, p.status)).collect();
        use PetStatus::{Available as A, Pending as P, Sold as S};
        assert_eq!(
            summary,
            [
                (1, "Rex", 1, Some(A)),
                (2, "Bella", 2, Some(P)),
                (3, "Milo", 3, Some(S)),
                (4, "Luna", 4, Some(A)),
                (5, "Charlie", 1, Some(P)),
                (6, "Daisy", 2, Some(S)),
                (7, "Max", 3, Some(A)),
                (8, "Coco", 4, Some(P)),
                (9, "Oscar", 1, Some(S)),
                (10, "Nala", 2, Some(A)),
                (11, "Pepper", 3, Some(P)),
                (12, "Simba", 4, Some(S)),
                (13, "Rex 2", 1, Some(A)),
                (14, "Bella 2", 2, Some(P)),
            ]
        );
    }

    #[test]
    fn ids_continue_after_the_seed_and_lookup_finds_them() {
        let mut store = Store::seeded(3);
        let id = store.insert(NewPet { name: "Kit".into(), category_id: 9, status: None }).id;
        assert_eq!(id, 4);
        assert_eq!(store.get(4).map(|p| p.name.as_str()), Some("Kit"));
        assert_eq!(store.get(0), None);
        assert_eq!(store.get(5), None);
        assert_eq!(Store::seeded(0).all(), []);
    }

    #[test]
    fn clients_add_up_to_the_limits_and_the_seed_does_not_count() {
        let kit = |name: &str| NewPet { name: name.into(), category_id: 1, status: None };
        let mut store = Store::seeded_with(5, StoreLimits { max_pets: 3, max_name_bytes: 10, name_max: usize::MAX });
        assert_eq!(store.add(kit("abcd")).map(|p| p.id), Ok(6));
        assert_eq!(store.add(kit("efghijk")).map(|p| p.id), Err(StoreFull::NameBytes(10)));
        assert_eq!(store.add(kit("efghij")).map(|p| p.id), Ok(7));
        assert_eq!(store.add(kit("")).map(|p| p.id), Ok(8));
        assert_eq!(store.add(kit("")).map(|p| p.id), Err(StoreFull::Pets(3)));
        assert_eq!(store.all().len(), 8);
    }

    #[test]
    fn listing_filters_limits_and_skips_animals_without_status() {
        let mut store = Store::seeded(9);
        store.insert(NewPet { name: "Nameless".into(), category_id: 1, status: None });
        let ids = |status, limit| -> Vec<i64> { store.list(status, limit).iter().map(|p| p.id).collect() };
        assert_eq!(ids(Some(PetStatus::Sold), 100), [3, 6, 9]);
        assert_eq!(ids(Some(PetStatus::Sold), 2), [3, 6]);
        assert_eq!(ids(None, 100), (1..=10).collect::<Vec<_>>());
        assert_eq!(ids(None, 1), [1]);
    }
}
