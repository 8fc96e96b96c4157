use super::*;
use crate::api::{Pet, PetStatus};
use crate::catalog::{Coverage, Partition};

fn pet(id: i64, name: &str) -> Pet {
    Pet { id, name: name.to_owned(), category_id: 1, status: Some(PetStatus::Available) }
}

fn catalog(pets: Vec<Pet>, statuses: &[Option<PetStatus>]) -> Catalog {
    let partitions = statuses
        .iter()
        .map(|status| Partition { status: *status, returned: pets.len(), full: false, last_id: None })
        .collect();
    Catalog { pets, coverage: Coverage { partitions, partial: false, blind_spot: false } }
}

fn complete(pets: Vec<Pet>) -> Catalog {
    let [a, p, s] = PetStatus::ALL;
    catalog(pets, &[None, Some(a), Some(p), Some(s)])
}

fn kept(dir: &Path, env: &str, pets: Vec<Pet>) -> bool {
    Snapshot::of(&complete(pets), URL).unwrap().keep(dir, env).unwrap()
}

fn pets_of(dir: &Path, env: &str) -> Vec<Pet> {
    Snapshot::read(dir, env, URL).unwrap().unwrap().catalog.pets
}

const URL: &str = "https://petstore.example/v1/";

#[test]
fn a_complete_look_is_kept_private_and_read_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let snapshot = Snapshot::of(&complete(vec![pet(1, "Rex"), pet(2, "Tom")]), URL).unwrap();
    assert!(snapshot.keep(dir.path(), "shop").unwrap());
    let read = Snapshot::read(dir.path(), "shop", URL).unwrap().unwrap();
    assert_eq!(read.catalog.pets, snapshot.catalog.pets);
    assert_eq!(read.catalog.coverage, snapshot.catalog.coverage);
    assert_eq!((read.taken.as_str(), read.base_url.as_str()), (snapshot.taken.as_str(), URL));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir.path().join(DIR)), 0o700);
        assert_eq!(mode(&Snapshot::path(dir.path(), "shop")), 0o600);
    }
    // The one file, and no temporary one beside it.
    let names: Vec<_> = std::fs::read_dir(dir.path().join(DIR)).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["shop.json"]);
}

#[test]
fn a_look_at_one_status_is_no_snapshot() {
    assert!(Snapshot::of(&catalog(vec![pet(1, "Rex")], &[Some(PetStatus::Sold)]), URL).is_none());
}

#[test]
fn each_environment_has_its_own_and_another_base_url_has_none() {
    let dir = tempfile::tempdir().unwrap();
    kept(dir.path(), "shop", vec![pet(1, "Rex")]);
    kept(dir.path(), "staging", vec![pet(2, "Tom")]);
    assert_eq!(pets_of(dir.path(), "shop"), [pet(1, "Rex")]);
    assert_eq!(pets_of(dir.path(), "staging"), [pet(2, "Tom")]);
    assert!(Snapshot::read(dir.path(), "shop", "https://elsewhere.example/v1/").unwrap().is_none());
    assert!(Snapshot::read(dir.path(), "other", URL).unwrap().is_none());
}

#[test]
fn a_later_look_replaces_the_one_before() {
    let dir = tempfile::tempdir().unwrap();
    kept(dir.path(), "shop", vec![pet(1, "Rex")]);
    kept(dir.path(), "shop", vec![pet(1, "Rex"), pet(3, "Kit")]);
    assert_eq!(pets_of(dir.path(), "shop"), [pet(1, "Rex"), pet(3, "Kit")]);
}

#[test]
fn one_too_large_is_not_kept_and_the_one_before_stays() {
    let dir = tempfile::tempdir().unwrap();
    kept(dir.path(), "shop", vec![pet(1, "Rex")]);
    assert!(!kept(dir.path(), "shop", (0..80).map(|id| pet(id, &"x".repeat(128 * 1024))).collect()));
    assert_eq!(pets_of(dir.path(), "shop"), [pet(1, "Rex")]);
}

#[test]
fn a_name_no_environment_has_is_never_a_path() {
    let dir = tempfile::tempdir().unwrap();
    assert!(!kept(dir.path(), "../escape", vec![pet(1, "Rex")]));
    assert!(!dir.path().join("escape.json").exists() && !dir.path().join(DIR).exists());
    assert!(Snapshot::read(dir.path(), "../escape", URL).unwrap().is_none());
}

#[test]
fn a_file_that_is_not_a_snapshot_is_said_to_be_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(DIR)).unwrap();
    let path = Snapshot::path(dir.path(), "shop");
    std::fs::write(&path, b"{\"taken\": 1").unwrap();
    let err = Snapshot::read(dir.path(), "shop", URL).unwrap_err().to_string();
    assert!(err.starts_with(&format!("`{}` is not a snapshot petstore wrote: ", path.display())), "{err}");
}

#[test]
fn its_age_counts_from_when_it_was_taken() {
    let mut snapshot = Snapshot::of(&complete(vec![]), URL).unwrap();
    snapshot.taken = "2026-11-29T14:02:00Z".to_owned();
    assert_eq!(snapshot.age_seconds("2026-11-29T14:14:30Z".parse().unwrap()), 750);
    assert_eq!(snapshot.age_seconds("2026-11-29T14:00:00Z".parse().unwrap()), 0);
}

#[test]
fn a_snapshot_is_named_after_its_environment_or_else_its_url() {
    assert_eq!(Snapshot::name(Some("staging"), "https://staging.example/v1"), "staging");
    assert_eq!(Snapshot::name(None, "http://127.0.0.1:4010/v1"), "url-127-0-0-1-4010-v1");
    assert_eq!(Snapshot::name(None, &format!("https://{}", "a".repeat(200))).len(), 104);
}
