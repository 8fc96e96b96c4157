//! `petstore journal send`: the outbox. Each write to this server that never went out (`not_sent`) or that
//! reconcile found not created (`not_created`) is sent once, each animal looked up first as `--if-absent`
//! looks, after the same question as `pets add` asks for an environment whose writes are confirmed. Its
//! outcome goes into the journal, so a second `journal send` sends nothing.

use petstore_core::catalog::{Decision, Existing};
use petstore_core::journal::{Ended, Entry, Outcome};

use crate::commands::confirm::{YesArgs, confirm_write};
use crate::context::Context;
use crate::error::{Error, code};

/// Send the writes that never went out, once each
///
/// Each `pets add` to this server (`--env`, `--base-url`, the default environment) that was not sent (the
/// network was down, the batch stopped) or that `journal reconcile` found not created is sent, the animal looked
/// up first as `--if-absent` looks: one that exists now is not sent again. Prints the writes with their new
/// outcome; a second `journal send` sends nothing
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore journal --not-sent
  petstore journal send
  petstore --env production journal send --yes")]
pub struct SendArgs {
    #[command(flatten)]
    pub yes: YesArgs,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// Sends this server's outbox.
pub async fn run(ctx: &Context, args: &SendArgs) -> Result<(), Error> {
    let (journal, entries) = super::read(ctx)?;
    let client = ctx.client()?;
    let (outbox, others) = super::for_this_server(&entries, &client, &[Outcome::NotSent, Outcome::NotCreated]);
    super::note_others(ctx, others, "writes not sent");
    let outbox: Vec<(&Entry, petstore_core::api::NewPet)> =
        outbox.into_iter().filter_map(|entry| Some((entry, super::new_pet_of(entry)?))).collect();
    if outbox.is_empty() {
        ctx.output.records(&Vec::<Entry>::new(), || super::rows(&[]))?;
        ctx.output.status("nothing to send");
        return Ok(());
    }
    let what =
        format!("send {} {} from the journal", outbox.len(), if outbox.len() == 1 { "animal" } else { "animals" });
    confirm_write(ctx, args.yes, &what).await?;
    let _held = crate::commands::pets::hold_if_absent_writes(ctx, &client).await?;
    let mut existing = Existing::fetch(&client).await?;
    let mut sent: Vec<Entry> = Vec::new();
    for (entry, pet) in outbox {
        let ended = match existing.decide(&pet) {
            Decision::Exists(found) => Ended { pet_id: Some(found.id), ..Ended::new(Outcome::Exists) },
            Decision::Undecided => {
                Ended { code: Some(code::UNDECIDED.name.to_owned()), ..Ended::new(Outcome::Undecided) }
            }
            Decision::Send => {
                let request_id = petstore_core::api::trace::new_request_id();
                match client.create_pet_as(&pet, Some(&request_id)).await {
                    Ok(created) => {
                        Ended { pet_id: Some(created.id), request_id: Some(request_id), ..Ended::new(Outcome::Created) }
                    }
                    Err(err) => {
                        let err = crate::commands::pets::write_error(err);
                        Ended { request_id: Some(request_id), ..crate::journal::ended_of(&err) }
                    }
                }
            }
        };
        let ended = Ended { by: Some("send".to_owned()), ..ended };
        journal.outcome(&entry.write, ended.clone()).map_err(|source| super::unwritable(&journal, source))?;
        let mut entry = entry.clone();
        entry.outcome = ended.outcome;
        entry.pet_id = ended.pet_id;
        entry.code = ended.code;
        entry.status = ended.status;
        entry.settled_at = Some(petstore_core::journal::now());
        entry.settled_by = ended.by;
        if let Some(id) = ended.request_id {
            entry.intent.request_id = Some(id);
        }
        sent.push(entry);
    }
    ctx.output.records(&sent, || super::rows(&sent))?;
    let count = |outcomes: &[Outcome]| sent.iter().filter(|entry| outcomes.contains(&entry.outcome)).count();
    let (created, exists) = (count(&[Outcome::Created]), count(&[Outcome::Exists]));
    let (unknown, undecided) = (count(&[Outcome::Unknown]), count(&[Outcome::Undecided]));
    let failed = sent.len() - created - exists - unknown - undecided;
    let words =
        format!("created {created} / exists {exists} / failed {failed} / unknown {unknown} / undecided {undecided}");
    if failed + unknown > 0 {
        return Err(Error::new(&code::JOURNAL_INCOMPLETE, format!("not every write was sent: {words}")).with_hint(
            "`petstore journal` lists each with its error; `petstore journal reconcile` settles those of unknown \
             outcome, and `petstore journal send` sends again those not sent",
        ));
    }
    if undecided > 0 {
        return Err(Error::new(&code::JOURNAL_UNDECIDED, format!("some writes stay undecided: {words}")).with_hint(
            "no query reaches past the API's first 100 of a status: send them with `petstore pets add \
             --if-absent=send` only if you know they do not exist",
        ));
    }
    ctx.output.status(&words);
    Ok(())
}
