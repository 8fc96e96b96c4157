//! `petstore journal reconcile`: each write of unknown outcome to this server, looked up as `--if-absent` looks
//! (name, category and status), and settled in the journal: `created` (with the id found), `not_created`, or
//! `undecided` when no query can tell. It sends nothing.

use petstore_core::catalog::Existing;
use petstore_core::journal::{Ended, Entry, Outcome};

use crate::context::Context;
use crate::error::{Error, code};

/// Settle the writes of unknown outcome by looking each animal up; send nothing
///
/// Each write to this server (`--env`, `--base-url`, the default environment) that may or may not have been
/// created is looked up by its name, category and status, as `pets add --if-absent` looks: found, it is
/// `created` (with the id found); not found, `not_created` (then `petstore journal send` sends it); past the
/// API's first 100 of its status, `undecided`. Each animal found settles one write. Prints the writes it
/// settled; exit 0 when none is left unknown, 7 when some stay undecided
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore journal reconcile
  petstore --env staging journal reconcile --json")]
pub struct ReconcileArgs {
    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// Settles this server's writes of unknown outcome.
pub async fn run(ctx: &Context, _args: &ReconcileArgs) -> Result<(), Error> {
    let (journal, entries) = super::read(ctx)?;
    let client = ctx.client()?;
    let (unknown, others) =
        petstore_core::journal::to_server(&entries, client.base_url().as_str(), &[Outcome::Unknown]);
    super::note_others(ctx, others, "writes of unknown outcome");
    let mut settled: Vec<Entry> = Vec::new();
    let mut not_a_pet = 0;
    if !unknown.is_empty() {
        let mut existing = Existing::fetch(&client).await?;
        for entry in unknown {
            let Some(pet) = super::new_pet_of(entry) else {
                not_a_pet += 1;
                continue;
            };
            let ended = Ended { by: Some("reconcile".to_owned()), ..Ended::of_lookup(&existing.decide(&pet)) };
            journal.outcome(&entry.write, ended.clone()).map_err(|source| super::unwritable(&journal, source))?;
            let mut entry = entry.clone();
            entry.settle(ended, petstore_core::journal::now());
            settled.push(entry);
        }
    }
    ctx.output.records(&settled, || super::rows(&settled))?;
    let count = |outcome| settled.iter().filter(|entry| entry.outcome == outcome).count();
    let (created, not_created, undecided) =
        (count(Outcome::Created), count(Outcome::NotCreated), count(Outcome::Undecided));
    let words = format!("created {created} / not created {not_created} / undecided {undecided}");
    if not_a_pet > 0 {
        let (writes, are, them) = if not_a_pet == 1 { ("write", "is", "it") } else { ("writes", "are", "them") };
        ctx.output.notice(&format!(
            "{not_a_pet} {writes} of unknown outcome {are} not an animal's `POST /pets` and no lookup can settle \
             {them}: check by hand (`petstore journal --unknown` lists {them})"
        ));
    }
    if undecided > 0 {
        return Err(Error::new(&code::JOURNAL_UNDECIDED, format!("some writes stay undecided: {words}")).with_hint(
            "no query reaches past the API's first 100 of a status: look for them by hand (`petstore pets find \
             --name NAME`), or send them with `petstore pets add --if-absent=send` only if you know they do not exist",
        ));
    }
    if settled.is_empty() && not_a_pet == 0 {
        ctx.output.status("nothing of unknown outcome to settle");
    } else {
        let next = if not_created > 0 { "; `petstore journal send` sends those not created" } else { "" };
        ctx.output.status(&format!("settled {}: {words}{next}", settled.len()));
    }
    Ok(())
}
