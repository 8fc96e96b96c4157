//! `petstore journal send`: the outbox. Each write to this server that never went out (`not_sent`) or that
//! reconcile found not created (`not_created`) is sent once, as a batch (`petstore_core::batch`): each animal
//! looked up first as `--if-absent` looks, after the same question as `pets add` asks for an environment whose
//! writes are confirmed, then as many at a time as the server takes, paced, stopped and interrupted as `pets
//! add --file` is, the same answer twice taken for a mix-up. Each outcome goes into the journal under the
//! write's own id, so a second `journal send` sends nothing.

use std::convert::Infallible;
use std::sync::Arc;

use petstore_core::api::trace::RequestIds;
use petstore_core::api::{Client, NewPet};
use petstore_core::batch::{self, End, Limiter, Release, Sift};
use petstore_core::bulk::Record;
use petstore_core::journal::{Entry, OUTBOX, Outcome};

use crate::commands::confirm::{YesArgs, confirm_write};
use crate::commands::pets::add::Says;
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
    let client = ctx.client()?;
    let (outbox, others) = outbox(ctx, &client)?;
    super::note_others(ctx, others, "writes not sent");
    if outbox.is_empty() {
        ctx.output.records(&Vec::<Entry>::new(), || super::rows(&[]))?;
        ctx.output.status("nothing to send");
        return Ok(());
    }
    let confirm = async |what: &str| confirm_write(ctx, args.yes, what).await;
    let (notice, status) = (|text: &str| ctx.output.notice(text), |text: &str| ctx.output.status(text));
    let says = Says { notice: &notice as &dyn Fn(&str), status: &status as &dyn Fn(&str) };
    let sent = send(ctx, client, outbox, confirm, says).await?;
    ctx.output.records(&sent.entries, || super::rows(&sent.entries))?;
    if let Some(signal) = sent.signal {
        return Err(Error::interrupted(signal));
    }
    let count = |outcomes: &[Outcome]| sent.entries.iter().filter(|entry| outcomes.contains(&entry.outcome)).count();
    let (created, exists) = (count(&[Outcome::Created]), count(&[Outcome::Exists]));
    let (unknown, undecided) = (count(&[Outcome::Unknown]), count(&[Outcome::Undecided]));
    let failed = sent.entries.len() - created - exists - unknown - undecided;
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

/// The writes that wait in the outbox of `client`'s server, each with its animal, and how many wait for others.
pub fn outbox(ctx: &Context, client: &Client) -> Result<(Vec<(String, NewPet)>, usize), Error> {
    let (_, entries) = super::read(ctx)?;
    let (outbox, others) = petstore_core::journal::to_server(&entries, client.base_url().as_str(), &OUTBOX);
    let outbox =
        outbox.into_iter().filter_map(|entry| Some((entry.write.clone(), super::new_pet_of(entry)?))).collect();
    Ok((outbox, others))
}

/// Where sending says what it waits for and an animal created other than as sent.
pub type SaysTo<'a> = Says<&'a dyn Fn(&str), &'a dyn Fn(&str)>;

/// What one sending of an outbox did.
#[derive(Debug, Default)]
pub struct Sent {
    /// Each write sent, as the journal now has it.
    pub entries: Vec<Entry>,
    /// The signal that stopped it, if one did.
    pub signal: Option<crate::signals::Signal>,
}

/// Sends `outbox` (from [`outbox`]) once: `confirm`ed first as a write is, then under the server's lock of
/// `--if-absent` writes what still waits (another run may have sent some while this one waited for the lock),
/// each animal looked up first, the rest sent as a batch.
pub async fn send(
    ctx: &Context,
    client: Client,
    outbox: Vec<(String, NewPet)>,
    confirm: impl AsyncFnOnce(&str) -> Result<(), Error>,
    says: SaysTo<'_>,
) -> Result<Sent, Error> {
    let mut interrupts = crate::signals::subscribe();
    let count = outbox.len();
    confirm(&format!("send {count} {} from the journal", if count == 1 { "animal" } else { "animals" })).await?;
    let (existing, _held) = crate::commands::pets::look_if_absent(&client, true, says.status).await?;
    let still: Vec<String> = self::outbox(ctx, &client)?.0.into_iter().map(|(write, _)| write).collect();
    let outbox: Vec<(String, NewPet)> = outbox.into_iter().filter(|(write, _)| still.contains(write)).collect();
    let (count, writes): (u64, Vec<String>) =
        (outbox.len() as u64, outbox.iter().map(|(write, _)| write.clone()).collect());
    // Record `n` is the outbox's write `n - 1`; its line, too, for the words of a note.
    let records = outbox
        .into_iter()
        .enumerate()
        .map(|(at, (_, pet))| Ok(Ok(Record { line: at as u64 + 1, number: at as u64 + 1, pet })));
    let mut records = Sift::new(records, Default::default()).if_absent(existing, false);
    let ids = RequestIds::new();
    let mut sink = Journalled::outbox(ctx, writes.clone(), ids, Noted { says, json: ctx.output.json_errors() });
    let shared = Arc::new(client);
    let create = |number: u64, pet: NewPet| {
        let (client, id) = (Arc::clone(&shared), ids.of(number));
        async move { client.create_pet_paced_as(&pet, Some(&id)).await }
    };
    let limiter = Limiter::remembered(&shared);
    let summary = batch::send(&mut records, count, create, limiter, &mut interrupts, &mut sink).await;
    drop(sink);
    // What was sent, as the journal now has it.
    let (_, entries) = super::read(ctx)?;
    let entries = entries.into_iter().filter(|entry| writes.contains(&entry.write)).collect();
    Ok(Sent { entries, signal: summary.signal })
}

/// What `journal send` says as its writes end, beside the journal's record of them: an animal the server
/// created other than as sent, and what the batch meets on its way (a pause, why it stops), as `pets add
/// --file` says them.
struct Noted<'a> {
    says: SaysTo<'a>,
    json: bool,
}

impl batch::Sink for Noted<'_> {
    type Error = Infallible;

    fn ended(&mut self, record: &Record, end: End<'_>) -> Result<(), Infallible> {
        if let End::Created(pet) = end
            && let Some(differences) = petstore_core::api::client::differences(&record.pet, pet)
        {
            (self.says.notice)(&format!(
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

    fn event(&mut self, event: batch::Event<'_, Infallible>) {
        if let Some(line) = crate::commands::pets::add::event_line(&event, self.json, |never| match *never {}) {
            (self.says.status)(&line);
        }
    }
}
