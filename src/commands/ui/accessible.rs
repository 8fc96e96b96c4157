//! `petstore ui` for a screen reader (`PETSTORE_ACCESSIBLE=1`, or `ACCESSIBLE=1`): no full screen, no cursor
//! movement; numbered lines on stdout and one question at a time on stderr, read in order, as gh's accessible
//! prompter asks. The same actions as the screen, each a word typed at the question; the animal added the same
//! way ([`add_one`]), the question before a write the one `pets add` asks.

use std::io::{BufRead, Read};

use super::app::{Form, Queued};
use crate::commands::confirm::{YesArgs, confirm_write};
use crate::commands::journal::send::send;
use crate::commands::pets::add::{Added, Says, Undecidable, add_one, at_terminal};
use crate::commands::pets::offline;
use crate::context::Context;
use crate::error::Error;
use petstore_core::api::NewPet;
use petstore_core::api::{Pet, PetStatus};
use petstore_core::catalog::Source;
use petstore_core::watch::{Change, Seen};

/// The question of each turn: every action, in words.
const ACTIONS: &str = "Type a number for an animal's details, l to list, / to filter by name, a, p, s or * for \
                       available, pending, sold or all, n to add, r to look again, q to leave:";

/// Lists, answers and adds until `q` (or the end of input).
pub async fn run(ctx: &Context, env: &str, url: &str, production: bool) -> Result<(), Error> {
    let client = ctx.client()?;
    let say = |text: &str| ctx.output.line(text).map_err(|err| Error::start("write the list", err));
    let production = if production { ", production" } else { "" };
    say(&format!("petstore ui: environment {env}{production}, {url}"))?;
    let look = || offline::look(ctx, Source::Server(&client), None, |text| ctx.output.warning(text));
    let mut catalog = match look().await {
        Ok(catalog) => catalog,
        // The server cannot be reached: the last look kept, said with its age.
        Err(err) if err.unreachable() && offline::kept(ctx).ok().flatten().is_some() => {
            ctx.output.error(&Error::from(err));
            offline::answer_from(ctx)?.catalog
        }
        Err(err) => return Err(offline::or_offline(ctx, err)),
    };
    let mut seen = Seen::of(&catalog);
    let mut queued = super::queued(ctx, &client, Vec::new());
    let mut leaving = false;
    let (mut filter, mut status) = (String::new(), None::<PetStatus>);
    let shown = |pets: &[Pet], filter: &str, status: Option<PetStatus>| -> Vec<Pet> {
        let filter = filter.to_lowercase();
        pets.iter()
            .filter(|pet| status.is_none() || pet.status == status)
            .filter(|pet| pet.name.to_lowercase().contains(&filter))
            .cloned()
            .collect()
    };
    let list = |pets: &[Pet], queued: &[Queued]| -> Result<(), Error> {
        say(&format!("{} animals", pets.len()))?;
        for (at, pet) in pets.iter().enumerate() {
            say(&format!("{}. {}", at + 1, describe(pet)))?;
        }
        for queued in queued {
            let NewPet { name, category_id, status } = queued.pet.clone();
            let pet = describe(&Pet { id: 0, name, category_id, status });
            let pet = pet.split_once(", ").map_or(pet.as_str(), |(_, rest)| rest).to_owned();
            say(&format!("{}: {pet}", queued.problem.as_deref().unwrap_or("queued, waits in the outbox")))?;
        }
        Ok(())
    };
    list(&shown(&catalog.pets, &filter, status), &queued)?;
    if let Some(caveat) = super::caveat(&catalog) {
        ctx.output.notice(&caveat);
    }
    loop {
        let Some(answer) = ask(ctx, ACTIONS).await? else { return Ok(()) };
        let pets = shown(&catalog.pets, &filter, status);
        let waiting = queued.iter().filter(|queued| queued.problem.is_none()).count();
        if matches!(answer.as_str(), "q" | "quit") && waiting > 0 && !std::mem::replace(&mut leaving, true) {
            ctx.output.notice(&super::app::leaving_words(waiting));
            continue;
        }
        leaving = false;
        match answer.as_str() {
            "q" | "quit" => return Ok(()),
            "l" | "" => list(&pets, &queued)?,
            "/" => {
                filter = ask(ctx, "Name contains (empty for every name):").await?.unwrap_or_default();
                list(&shown(&catalog.pets, &filter, status), &queued)?;
            }
            "a" | "p" | "s" | "*" => {
                status = match answer.as_str() {
                    "a" => Some(PetStatus::Available),
                    "p" => Some(PetStatus::Pending),
                    "s" => Some(PetStatus::Sold),
                    _ => None,
                };
                list(&shown(&catalog.pets, &filter, status), &queued)?;
            }
            "r" => match look().await {
                Ok(now) => {
                    let changes = seen.update(&now);
                    say(&format!("{} changes", changes.len()))?;
                    for change in &changes {
                        say(&change_words(change))?;
                    }
                    catalog = now;
                    // The server answers: what waits in the outbox is sent, once, as `journal send` sends it.
                    if waiting > 0 {
                        let outbox = queued.iter().filter(|queued| queued.problem.is_none());
                        let outbox = outbox.map(|queued| (queued.write.clone(), queued.pet.clone())).collect();
                        let (notice, status) =
                            (|text: &str| ctx.output.notice(text), |text: &str| ctx.output.status(text));
                        let says = Says { notice: &notice as &dyn Fn(&str), status: &status as &dyn Fn(&str) };
                        let confirm = async |what: &str| confirm_write(ctx, YesArgs::default(), what).await;
                        match send(ctx, client.clone(), outbox, confirm, says).await {
                            Ok(sent) => {
                                for entry in &sent.entries {
                                    say(&format!(
                                        "sent: {}, {}",
                                        entry.name.as_deref().unwrap_or(""),
                                        entry.outcome.as_str()
                                    ))?;
                                }
                                queued = super::queued(ctx, &client, sent.entries);
                            }
                            Err(err) => ctx.output.error(&err),
                        }
                    }
                }
                Err(err) => ctx.output.error(&offline::or_offline(ctx, err)),
            },
            "n" => {
                let Some(form) = ask_form(ctx).await? else { continue };
                let new_pet = match form.checked() {
                    Ok(new_pet) => new_pet,
                    Err(problems) => {
                        for problem in problems {
                            ctx.output.warning(&format!("{problem}: nothing was sent"));
                        }
                        continue;
                    }
                };
                let says =
                    Says { notice: |text: &str| ctx.output.notice(text), status: |text: &str| ctx.output.status(text) };
                let confirm = async |what: &str| confirm_write(ctx, YesArgs::default(), what).await;
                let if_absent = form.if_absent.then_some(Undecidable::Hold);
                match add_one(ctx, &client, &new_pet, if_absent, &says, at_terminal(ctx), confirm).await {
                    Ok(Added::Created { pet, .. }) => {
                        say(&format!("added: {}", describe(&pet)))?;
                        catalog.pets.push(pet);
                    }
                    Ok(Added::Exists(pet)) => say(&format!("exists already: {}", describe(&pet)))?,
                    Err(err) => {
                        ctx.output.error(&err);
                        queued = super::queued(ctx, &client, Vec::new());
                    }
                }
            }
            number => match number.parse::<usize>().ok().and_then(|n| pets.get(n.checked_sub(1)?)) {
                Some(pet) => say(&describe(pet))?,
                None => ctx.output.warning(&format!("`{number}` is no action and no number of the list")),
            },
        }
    }
}

/// An animal in one line, each field named.
fn describe(pet: &Pet) -> String {
    let status = pet.status.map_or_else(|| "no status".to_owned(), |status| format!("status {status}"));
    format!("id {}, {}, category {}, {status}", pet.id, pet.name, pet.category_id)
}

fn change_words(change: &Change) -> String {
    match change {
        Change::Added(pet) => format!("new: {}", describe(pet)),
        Change::Changed { now, .. } => format!("changed: {}", describe(now)),
        Change::Gone(pet) => format!("gone: {}", describe(pet)),
    }
}

/// The form's fields, one question each.
async fn ask_form(ctx: &Context) -> Result<Option<Form>, Error> {
    let Some(name) = ask(ctx, "Name:").await? else { return Ok(None) };
    let Some(category) = ask(ctx, "Category id (an integer):").await? else { return Ok(None) };
    let Some(status) = ask(ctx, "Status (available, pending, sold, or empty for none):").await? else {
        return Ok(None);
    };
    let status = match PetStatus::ALL.into_iter().find(|known| known.as_str() == status) {
        found @ Some(_) => found,
        None if status.is_empty() => None,
        None => {
            ctx.output.warning(&format!("`{status}` is no status: nothing was sent"));
            return Ok(None);
        }
    };
    let Some(if_absent) = ask(ctx, "Only if it does not exist yet? [y/N]").await? else { return Ok(None) };
    let if_absent = matches!(if_absent.to_ascii_lowercase().as_str(), "y" | "yes");
    Ok(Some(Form { name, category, status, if_absent, ..Form::default() }))
}

/// The longest answer taken: far more than any name. A longer line is read to its end and dropped, so that
/// none of it answers the next question.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// Asks `question` on stderr and reads the answer's line, trimmed; `None` at the end of input, and for an
/// answer that cannot be taken (longer than [`MAX_ANSWER_BYTES`], or not UTF-8), which is said in a warning:
/// the form it belongs to ends with nothing sent.
async fn ask(ctx: &Context, question: &str) -> Result<Option<String>, Error> {
    let question = ctx.output.next_question(&format!("{question} "));
    let answer = tokio::task::spawn_blocking(|| -> std::io::Result<(usize, Vec<u8>, bool)> {
        let mut stdin = std::io::stdin().lock();
        let mut line = Vec::new();
        let read = (&mut stdin).take(MAX_ANSWER_BYTES as u64 + 1).read_until(b'\n', &mut line)?;
        let too_long = line.len() > MAX_ANSWER_BYTES && !line.ends_with(b"\n");
        if too_long {
            // The rest of the line, dropped a piece at a time.
            let mut rest = Vec::new();
            loop {
                rest.clear();
                let read = (&mut stdin).take(64 * 1024).read_until(b'\n', &mut rest)?;
                if read == 0 || rest.ends_with(b"\n") {
                    line.push(b'\n');
                    break;
                }
            }
        }
        Ok((read, line, too_long))
    })
    .await
    .unwrap_or_else(|err| std::panic::resume_unwind(err.into_panic()));
    let (read, line, too_long) = answer.map_err(|source| Error::read_input("the answer", source))?;
    question.answered(line.ends_with(b"\n"));
    if read == 0 {
        return Ok(None);
    }
    if too_long {
        ctx.output.warning(&format!("the answer is longer than {} KiB, so it was dropped", MAX_ANSWER_BYTES / 1024));
        return Ok(None);
    }
    match String::from_utf8(line) {
        Ok(line) => Ok(Some(line.trim().to_owned())),
        Err(_) => {
            ctx.output.warning("the answer is not UTF-8 text, so it was dropped");
            Ok(None)
        }
    }
}
