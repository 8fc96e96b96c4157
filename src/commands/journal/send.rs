//! `petstore journal send`: the outbox. Each write to this server that never went out (`not_sent`) or that
//! reconcile found not created (`not_created`) is sent once, as a batch (`petstore_core::batch`): each animal
//! looked up first as `--if-absent` looks, after the same question as `pets add` asks for an environment whose
//! writes are confirmed, then as many at a time as the server takes, paced, stopped and interrupted as `pets
//! add --file` is, the same answer twice taken for a mix-up. Each outcome goes into the journal under the
//! write's own id, so a second `journal send` sends nothing.

use std::convert::Infallible;
use std::sync::Arc;

use petstore_core::api::trace::RequestIds;
use petstore_core::batch::{self, End, Limiter, Release, Sift};
use petstore_core::bulk::Record;
use petstore_core::journal::{Entry, Outcome};

use crate::commands::confirm::{YesArgs, confirm_write};
use crate::context::Context;
use crate::error::{Error, code};
use crate::journal::Journalled;

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
    let mut interrupts = crate::signals::subscribe();
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
    let count = outbox.len();
    let what = format!("send {count} {} from the journal", if count == 1 { "animal" } else { "animals" });
    confirm_write(ctx, args.yes, &what).await?;
    let (existing, _held) = crate::commands::pets::look_if_absent(&client, |text| ctx.output.status(text)).await?;
    let writes: Vec<String> = outbox.iter().map(|(entry, _)| entry.write.clone()).collect();
    // Record `n` is the outbox's write `n - 1`; its line, too, for the words of a note.
    let records = outbox
        .into_iter()
        .enumerate()
        .map(|(at, (_, pet))| Ok(Ok(Record { line: at as u64 + 1, number: at as u64 + 1, pet })));
    let mut records = Sift::new(records, Default::default()).if_absent(existing, false);
    let ids = RequestIds::new();
    let mut sink = Journalled::outbox(ctx, writes.clone(), ids, Noted { ctx });
    let shared = Arc::new(client);
    let create = |number: u64, pet: petstore_core::api::NewPet| {
        let (client, id) = (Arc::clone(&shared), ids.of(number));
        async move { client.create_pet_paced_as(&pet, Some(&id)).await }
    };
    let limiter = Limiter::remembered(&shared);
    let summary = batch::send(&mut records, count as u64, create, limiter, &mut interrupts, &mut sink).await;
    drop(sink);
    // What was sent, as the journal now has it.
    let dir = journal.path().and_then(|path| Some(path.parent()?.to_owned())).unwrap_or_default();
    let read = petstore_core::journal::read(&dir).map_err(|source| super::unwritable(&journal, source))?;
    let sent: Vec<Entry> = read.entries.into_iter().filter(|entry| writes.contains(&entry.write)).collect();
    ctx.output.records(&sent, || super::rows(&sent))?;
    if let Some(signal) = summary.signal {
        return Err(Error::interrupted(signal));
    }
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

/// What `journal send` says as its writes end, beside the journal's record of them: an animal the server
/// created other than as sent, as a batch says it.
struct Noted<'a> {
    ctx: &'a Context,
}

impl batch::Sink for Noted<'_> {
    type Error = Infallible;

    fn ended(&mut self, record: &Record, end: End<'_>) -> Result<(), Infallible> {
        if let End::Created(pet) = end
            && let Some(differences) = petstore_core::api::client::differences(&record.pet, pet)
        {
            self.ctx.output.notice(&format!(
                "`{}`: created as pet `{}`; {}",
                crate::output::safe::in_backticks(&record.pet.name),
                pet.id,
                crate::commands::pets::add::differs_note(&differences)
            ));
        }
        Ok(())
    }

    fn release(&mut self, _: Release) -> Result<(), Infallible> {
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Infallible> {
        Ok(())
    }

    fn event(&mut self, _: batch::Event<'_, Infallible>) {}
}
