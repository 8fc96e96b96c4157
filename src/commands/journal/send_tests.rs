//! `journal send` without a process: a context over captured output and a sandbox started here.

use clap::Parser;
use petstore_core::api::{NewPet, PetStatus};
use petstore_core::journal::{Ended, Outcome, Via};
use serde_json::json;

use super::send::{SendArgs, run};
use crate::journal::{Write, intent, pet_body};
use crate::verb_tests::Verb;

#[derive(clap::Parser)]
struct Send {
    #[command(flatten)]
    args: SendArgs,
}

/// `journal send`'s flags: none given.
fn args() -> SendArgs {
    Send::parse_from(["send"]).args
}

/// A write of `name` to the verb's sandbox, written down as never sent.
fn not_sent(verb: &Verb, name: &str) {
    let ctx = &verb.ctx;
    let client = ctx.client().unwrap();
    let pet = NewPet { name: name.to_owned(), category_id: 2, status: Some(PetStatus::Pending) };
    let id = petstore_core::api::trace::new_request_id();
    Write::begin(ctx, &intent(ctx, &client, "POST", "/pets", pet_body(&pet), Via::Cli, &id))
        .ended(Ended::new(Outcome::NotSent));
}

/// The journal's entry of an animal written down as not sent, ended `outcome` (`petId` 1 when created).
fn entry(name: &str, ended: serde_json::Value) -> serde_json::Value {
    let mut entry = json!({
        "name": name,
        "method": "POST",
        "path": "/pets",
        "body": { "name": name, "categoryId": 2, "status": "pending" },
        "via": "cli",
    });
    entry.as_object_mut().unwrap().extend(ended.as_object().unwrap().clone());
    entry
}

/// Rows on stdout with their time (`AT`) and write id (`WRITE`) put aside.
fn rows(stdout: &str) -> String {
    stdout
        .lines()
        .map(|line| {
            let mut fields: Vec<&str> = line.split('\t').collect();
            let last = fields.len() - 1;
            (fields[0], fields[last]) = ("AT", "WRITE");
            fields.join("\t") + "\n"
        })
        .collect()
}

#[tokio::test]
async fn the_outbox_is_sent_once_and_the_journal_says_created() {
    let verb = Verb::empty();
    not_sent(&verb, "Rex");
    not_sent(&verb, "Tom");
    assert_eq!(verb.sandbox.request_count(), 0);
    run(&verb.ctx, &args()).await.unwrap();
    let mut pets = verb.pets();
    pets.sort_by(|a, b| a.1.cmp(&b.1));
    assert_eq!(pets.iter().map(|(_, name)| name.as_str()).collect::<Vec<_>>(), ["Rex", "Tom"]);
    let id_of = |name: &str| pets.iter().find(|(_, pet)| pet == name).unwrap().0;
    let journal = verb.journal();
    assert_eq!(
        journal,
        [
            entry("Rex", json!({ "outcome": "created", "petId": id_of("Rex"), "settledBy": "send" })),
            entry("Tom", json!({ "outcome": "created", "petId": id_of("Tom"), "settledBy": "send" })),
        ]
    );
    assert_eq!(
        rows(&verb.captured.stdout()),
        format!("AT\t\tcli\tRex\tcreated\t{}\tWRITE\nAT\t\tcli\tTom\tcreated\t{}\tWRITE\n", id_of("Rex"), id_of("Tom"))
    );
    assert_eq!(verb.captured.stderr(), "created 2 / exists 0 / failed 0 / unknown 0 / undecided 0\n");

    // A second send finds nothing to send, and sends nothing.
    let requests = verb.sandbox.request_count();
    run(&verb.ctx, &args()).await.unwrap();
    assert_eq!(verb.sandbox.request_count(), requests);
    assert_eq!(verb.journal(), journal);
    assert_eq!(rows(&verb.captured.stdout()).lines().count(), 2, "nothing more on stdout");
    assert_eq!(verb.captured.stderr(), "created 2 / exists 0 / failed 0 / unknown 0 / undecided 0\nnothing to send\n");
}
