//! [`add_one`] without a process: a context over captured output and a sandbox started here.

use std::cell::RefCell;

use petstore_core::api::{NewPet, PetStatus};
use serde_json::json;

use super::*;
use crate::verb_tests::Verb;

fn rex(name: &str) -> NewPet {
    NewPet { name: name.to_owned(), category_id: 1, status: Some(PetStatus::Available) }
}

/// `add_one` at a terminal's face, saying what it says on the captured stderr; the questions it asked, in
/// `asked`, each answered yes.
async fn add(
    verb: &Verb,
    new_pet: &NewPet,
    if_absent: Option<Undecidable>,
    asked: &RefCell<Vec<String>>,
) -> Result<Added, Error> {
    let ctx = &verb.ctx;
    let client = ctx.client()?;
    let says = Says { notice: |text: &str| ctx.output.notice(text), status: |text: &str| ctx.output.status(text) };
    let confirm = async |what: &str| {
        asked.borrow_mut().push(what.to_owned());
        Ok(())
    };
    add_one(ctx, &client, new_pet, if_absent, &says, at_terminal(ctx), confirm).await
}

#[tokio::test]
async fn an_animal_is_created_asked_about_and_journalled() {
    let verb = Verb::empty();
    let asked = RefCell::new(Vec::new());
    let Added::Created { pet, note, request_id } = add(&verb, &rex("Rex"), None, &asked).await.unwrap() else {
        panic!("created")
    };
    assert_eq!((pet.id, pet.name.as_str(), note), (1, "Rex", None));
    assert_eq!(verb.sandbox.request_ids(), [Some(request_id)]);
    assert_eq!(asked.into_inner(), ["add the animal `Rex` (category 1, status available)"]);
    assert_eq!(verb.pets(), [(1, "Rex".to_owned())]);
    assert_eq!((verb.captured.stdout(), verb.captured.stderr()), (String::new(), String::new()));
    assert_eq!(
        verb.journal(),
        [json!({
            "name": "Rex",
            "method": "POST",
            "path": "/pets",
            "body": { "name": "Rex", "categoryId": 1, "status": "available" },
            "via": "cli",
            "outcome": "created",
            "petId": 1,
        })]
    );
}

#[tokio::test]
async fn if_absent_finds_the_animal_and_sends_nothing() {
    let verb = Verb::empty();
    let asked = RefCell::new(Vec::new());
    add(&verb, &rex("Rex"), None, &asked).await.unwrap();
    let requests = verb.sandbox.request_lines().len();
    let found = add(&verb, &rex("Rex"), Some(Undecidable::Hold), &asked).await.unwrap();
    let Added::Exists(pet) = found else { panic!("found: {found:?}") };
    assert_eq!((pet.id, pet.name.as_str()), (1, "Rex"));
    let sent: Vec<String> = verb.sandbox.request_lines().split_off(requests);
    assert!(sent.iter().all(|line| line.starts_with("GET ")), "only looked: {sent:?}");
    assert_eq!(verb.pets(), [(1, "Rex".to_owned())]);
    // Asked once, for the first: nobody is asked about an animal that exists.
    assert_eq!(asked.into_inner().len(), 1);
    assert_eq!(verb.captured.stderr(), "note: `Rex` exists already, as id 1: nothing was sent\n");
    assert_eq!(verb.captured.stdout(), "");
    let journal = verb.journal();
    assert_eq!(journal.len(), 2, "{journal:?}");
    assert_eq!(
        journal[1],
        json!({
            "name": "Rex",
            "method": "POST",
            "path": "/pets",
            "body": { "name": "Rex", "categoryId": 1, "status": "available" },
            "via": "cli",
            "outcome": "exists",
            "petId": 1,
        })
    );
}

#[tokio::test]
async fn a_name_the_server_refuses_ends_refused_and_journalled() {
    let verb = Verb::new(petstore_sandbox::Config::default().seed_pets(0).name_max_bytes(4));
    let asked = RefCell::new(Vec::new());
    let err = add(&verb, &rex("Rexford"), None, &asked).await.unwrap_err();
    assert_eq!(
        (err.code(), err.exit_code(), err.to_string().as_str()),
        (
            "invalid_body",
            2,
            "the server refused the request (HTTP 400): `name` must be at most 4 bytes of UTF-8, not 7 (`invalid_body`)"
        )
    );
    assert_eq!(verb.pets(), []);
    assert_eq!(
        verb.journal(),
        [json!({
            "name": "Rexford",
            "method": "POST",
            "path": "/pets",
            "body": { "name": "Rexford", "categoryId": 1, "status": "available" },
            "via": "cli",
            "outcome": "refused",
            "code": "invalid_body",
            "status": 400,
        })]
    );
}
