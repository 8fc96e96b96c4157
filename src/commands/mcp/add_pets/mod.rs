//! `add_pets`: many animals in one call, as `pets add --file` adds a file's records. Every animal is checked
//! first, by the rules a file's record meets (`petstore_core::bulk::check_json`) and `add_pet`'s, and
//! nothing is sent if one is invalid: the error names each, by its index in `pets`. Where the environment's
//! writes are confirmed the person is asked once, for the whole batch, as `add_pet` asks. Then the batch goes
//! out through `petstore_core::batch`, as a file's does: a few requests at a time ([`AT_ONCE`]) within the
//! server's shared places, paused as a whole when the server limits the rate, stopped when every later record
//! would fail the same way or the server keeps failing; a record whose answer was lost is never sent again.
//! The result says what came of each animal, by index: created (with its pet), failed (with the error object,
//! whose `retry` says whether sending it again can help), unknown (it may exist: check first) and not sent.
//!
//! A cancelled call sends nothing more: the requests already out get the time a signal gives a file's batch
//! ([`petstore_core::batch::SIGNAL_GRACE`]), then count as unknown; what came of the batch is told as a
//! cancelled `add_pet`'s outcome is (in a log notification and the next result's `cancelledAdds`).

use std::convert::Infallible;
use std::sync::{Arc, PoisonError};

use rmcp::RoleServer;
use rmcp::service::RequestContext;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ledger::{CallId, Cancelled};
use super::question::{declined, question};
use super::results::{Confirmation, Failed, error_object};
use super::{MAX_REQUESTS_AT_ONCE, Server, Writing, schema};
use crate::context::Context;
use crate::error::{Error, Kind, code};
use crate::journal::Journalled;
use petstore_core::api::trace::RequestIds;
use petstore_core::api::{NewPet, PetStatus};
use petstore_core::batch::{self, Abandoned, End, Event, Hopeless, Limiter, MAX_REFUSALS, Release};
use petstore_core::bulk::{Problem, Record};
use petstore_core::journal::Via;

mod outcomes;
use outcomes::{BatchTool, CreatedAt, FailedAt};
pub(super) use outcomes::{CancelledBatch, Outcomes};

/// The most animals one `add_pets` call takes (docs/mcp.md). A batch past it belongs in a file, for `pets add
/// --file` at a terminal (which reads any number, one at a time): a call's animals are held whole, in the call
/// and in its result, and a person asked to confirm a thousand is asked enough.
pub const MAX_BATCH: usize = 1000;

/// How many of a batch's requests are out at once: half the server's places ([`MAX_REQUESTS_AT_ONCE`]), so that
/// the other calls keep theirs.
const AT_ONCE: usize = MAX_REQUESTS_AT_ONCE / 2;

/// How many request bodies the question shows; it counts the rest.
const SHOWN_BODIES: usize = 20;

/// How many invalid animals the error's message names; its `records` has every problem.
const SHOWN_INVALID: usize = 50;

/// `add_pets`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct AddPetsArgs {
    /// The animals to add, in this order, each with `name`, `categoryId` and optionally `status` as `add_pet`
    /// takes them: from 1 to 1000. Every one is checked before any is sent.
    #[schemars(with = "Vec<NewPetRecord>", length(min = 1, max = MAX_BATCH))]
    pets: Vec<Value>,
    /// Look every animal up first (one lookup for the batch), and send none that exists already (listed in
    /// `exists`) or whose existence cannot be told (`undecided`): a batch sent again after a lost answer adds
    /// nothing twice. True when omitted; false sends every animal whatever exists.
    #[serde(rename = "ifAbsent", default = "super::if_absent_default")]
    if_absent: bool,
}

/// An animal to add: the API's NewPet.
// Its schema only: `pets` holds JSON values, each read by the rules of a file's record.
#[derive(JsonSchema)]
#[schemars(deny_unknown_fields)]
#[expect(dead_code, reason = "the schema of an animal in `pets`, which holds JSON values read by the rules")]
struct NewPetRecord {
    /// The animal's name.
    name: String,
    /// The id of the category it belongs to.
    #[schemars(rename = "categoryId")]
    category_id: i64,
    /// Its availability; none is sent when omitted.
    status: Option<PetStatus>,
}

/// What `add_pets` returns.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(super) struct BatchResult {
    /// Whether every animal was created.
    complete: bool,
    #[serde(flatten)]
    outcomes: Outcomes,
    /// What the batch met on its way (a pause the server asked for, why it stopped sending) and, when it is
    /// not complete, what to do about each list.
    notes: Vec<String>,
    /// `accepted`: the user accepted the question in the client; `not_required`: the environment's writes are
    /// not confirmed.
    confirmation: Confirmation,
    /// As in `list_pets`'s result.
    #[serde(rename = "cancelledAdds", default, skip_serializing_if = "Vec::is_empty")]
    pub(super) cancelled_adds: Vec<Cancelled>,
}

/// Every problem of the invalid animals of `pets`, in the error's `records`.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub(super) struct InvalidAnimals(Vec<InvalidAt>);

/// One problem of an invalid animal of `pets`, as `pets add --file`'s error lists a record's, by index.
#[derive(Debug, Clone, Serialize)]
struct InvalidAt {
    /// Its index in `pets`.
    index: usize,
    /// The field, as the API names it, or null for the animal as a whole.
    field: Option<&'static str>,
    message: String,
}

impl Server {
    pub(super) async fn add_pets(
        &self,
        ctx: &Context,
        args: AddPetsArgs,
        context: &RequestContext<RoleServer>,
    ) -> Result<Value, Failed> {
        let pets = checked(args.pets).map_err(|failed| *failed)?;
        let target = ctx.target()?;
        let client = self.client(ctx).await?;
        let confirmation = match target.confirmed {
            None => Confirmation::NotRequired,
            Some(env) => {
                let what = format!("add {} {}", pets.len(), if pets.len() == 1 { "animal" } else { "animals" });
                let heading = "The requests, one for each animal, in this order:";
                let message = question(&target, &client, &pets, &what, heading, SHOWN_BODIES);
                let by_hand = format!(
                    "petstore --env {} pets add --file ANIMALS.ndjson",
                    crate::output::suggested_shell_word(&env.name)
                );
                self.ask(&env.name, &by_hand, message, context).await?;
                Confirmation::Accepted
            }
        };
        // A call the client cancelled while the question was open is not sent.
        if context.ct.is_cancelled() {
            return Err(declined(target.confirmed.or(target.env).map_or("", |env| env.name.as_str())).into());
        }
        self.adds.lock().unwrap_or_else(PoisonError::into_inner).sending.insert(context.id.clone(), false);
        let count = pets.len();
        // One lookup for the batch, held until it ends, as `pets add --file --if-absent` does.
        let status = |text: &str| ctx.output.status(text);
        let (existing, _held) = crate::commands::pets::look_if_absent(&client, args.if_absent, status).await?;
        let ids = RequestIds::new();
        let collect = Collect { ctx, outcomes: Outcomes::default(), notes: Vec::new(), out_when_stopped: None };
        let mut sink = Journalled::new(ctx, &client, None, Via::Mcp, ids, collect);
        let shared = Arc::new(client);
        let create = |number: u64, pet: NewPet| {
            let (client, writing, id) = (Arc::clone(&shared), Writing::start(&self.writes), ids.of(number));
            async move {
                let answer = client.create_pet_paced_as(&pet, Some(&id)).await;
                drop(writing);
                answer
            }
        };
        // A record's `line` is its index in `pets`: the batch only hands it back. The source is a file's, as
        // `pets add --file` reads it, with nothing set aside (every animal was checked above).
        let records = pets
            .into_iter()
            .enumerate()
            .map(|(index, pet)| Ok(Ok(Record { line: index as u64, number: index as u64 + 1, pet })));
        let mut records = batch::Sift::new(records, std::collections::HashSet::new()).if_absent(existing, false);
        let mut cancellation = Cancellation { context, gone: self.gone.clone(), heard: false };
        let limiter = Limiter::fixed(AT_ONCE);
        batch::send(&mut records, count as u64, create, limiter, &mut cancellation, &mut sink).await;
        let Collect { mut outcomes, mut notes, out_when_stopped, .. } = sink.inner;
        outcomes.sort(count);
        // A call the client cancelled while it was sending: rmcp drops its answer, so what came of it is told
        // otherwise.
        let report = Cancelled::Batch(CancelledBatch {
            request_id: CallId::of(&context.id),
            tool: BatchTool::AddPets,
            outcomes: outcomes.clone(),
        });
        self.report_sent(context, report, out_when_stopped).await;
        let complete = outcomes.created.len() + outcomes.exists.len() == count;
        if !complete {
            notes.push(outcomes.next_steps(count));
        }
        let result = BatchResult { complete, outcomes, notes, confirmation, cancelled_adds: Vec::new() };
        Ok(serde_json::to_value(result).expect("a result serialises"))
    }
}

/// The animals of `pets` as NewPets ([`record`]), or the error that lists every problem of every invalid one
/// by its index: nothing is sent unless all are valid.
fn checked(pets: Vec<Value>) -> Result<Vec<NewPet>, Box<Failed>> {
    let mut valid = Vec::with_capacity(pets.len());
    let (mut invalid, mut problems, mut shown) = (0, Vec::new(), Vec::new());
    for (index, value) in pets.into_iter().enumerate() {
        match record(value) {
            Ok(pet) => valid.push(pet),
            Err(found) => {
                invalid += 1;
                if invalid <= SHOWN_INVALID {
                    shown.extend(found.iter().map(|problem| format!("pets[{index}]: {}", problem.message)));
                }
                problems.extend(found.into_iter().map(|problem| InvalidAt {
                    index,
                    field: problem.field,
                    message: problem.message,
                }));
            }
        }
    }
    if invalid == 0 {
        return Ok(valid);
    }
    if invalid > SHOWN_INVALID {
        shown.push(format!("… and {} more", invalid - SHOWN_INVALID));
    }
    let message = format!(
        "{invalid} invalid {} in `pets`, so nothing was sent: {}",
        if invalid == 1 { "animal" } else { "animals" },
        shown.join("; ")
    );
    let error = Error::new(&code::INVALID_RECORDS, message)
        .with_hint("put them right and call `add_pets` again: every animal is checked before any is sent");
    Err(Box::new(Failed { error, records: Some(Box::new(InvalidAnimals(problems))) }))
}

/// One animal of `pets` as a NewPet, or every problem it has: MCP's ways with an argument first (`categoryId`
/// may come as a string of its JSON text, `"2"`; a field the API does not have is refused, as a misspelt
/// `stauts` would otherwise be dropped), then the rules of a file's record (which refuse `"status": null`, a
/// status the enumeration lacks, and take a `null` name or category as none), then `add_pet`'s bound on a
/// name.
fn record(value: Value) -> Result<NewPet, Vec<Problem>> {
    let mut problems = Vec::new();
    let value = match value {
        Value::Object(mut fields) => {
            if let Some(Value::String(text)) = fields.get("categoryId")
                && let Some(id) = schema::integer_of_text(text)
            {
                fields.insert("categoryId".to_owned(), Value::from(id));
            }
            let unknown: Vec<String> = fields
                .keys()
                .filter(|name| !matches!(name.as_str(), "name" | "categoryId" | "status"))
                .cloned()
                .collect();
            if !unknown.is_empty() {
                let message = format!(
                    "unknown {} {}: an animal has `name`, `categoryId` and `status`",
                    if unknown.len() == 1 { "field" } else { "fields" },
                    schema::shown_names(&unknown)
                );
                problems.push(Problem { field: None, message });
            }
            Value::Object(fields)
        }
        other => other,
    };
    match petstore_core::bulk::check_json(value) {
        Err(found) => {
            problems.splice(0..0, found);
            Err(problems)
        }
        Ok(pet) if problems.is_empty() => Ok(pet),
        Ok(_) => Err(problems),
    }
}

/// The client's cancellation of the call, or its going away (stdin ended), as the batch hears a signal: it
/// stops sending, once.
struct Cancellation<'a> {
    context: &'a RequestContext<RoleServer>,
    gone: tokio::sync::watch::Receiver<bool>,
    heard: bool,
}

impl batch::Interrupts for Cancellation<'_> {
    type Signal = ();

    fn pending(&mut self) -> Option<()> {
        let heard = !self.heard && (self.context.ct.is_cancelled() || *self.gone.borrow());
        self.heard |= heard;
        heard.then_some(())
    }

    async fn recv(&mut self) {
        if self.heard {
            std::future::pending::<()>().await;
        }
        tokio::select! {
            () = self.context.ct.cancelled() => {}
            // A sender dropped would end the wait too: it lives as long as the transport that reads stdin.
            _ = self.gone.wait_for(|gone| *gone) => {}
        }
        self.heard = true;
    }
}

/// Where the batch's records end: every animal's outcome, and notes of what the batch met.
struct Collect<'a> {
    ctx: &'a Context,
    outcomes: Outcomes,
    notes: Vec<String>,
    /// The requests out when the batch heard that it was to stop (cancelled, or its client gone), if any were.
    out_when_stopped: Option<usize>,
}

impl batch::Sink for Collect<'_> {
    type Error = Infallible;

    fn ended(&mut self, record: &Record, end: End<'_>) -> Result<(), Infallible> {
        let index = usize::try_from(record.line).expect("an index in `pets`");
        let unknown = match end {
            End::Created(pet) => {
                self.outcomes.created.push(CreatedAt { index, pet: pet.clone() });
                return Ok(());
            }
            End::Failed(err) => {
                let err = self.ctx.with_true_hint(Error::from(err));
                self.outcomes.failed.push(FailedAt { index, error: error_object(&err) });
                return Ok(());
            }
            End::Unknown(err) => crate::commands::pets::write_error(err),
            End::Abandoned(why) => {
                let reason = match why {
                    Abandoned::Interrupted => "given up on while waiting for the answer",
                    Abandoned::NoAnswerInTime => "no answer in time after the call was cancelled",
                };
                Error::maybe_applied(reason, "", Kind::Network)
            }
        };
        self.outcomes.unknown.push(FailedAt { index, error: error_object(&unknown) });
        Ok(())
    }

    /// Each list is put in index order at the end.
    fn release(&mut self, _: Release) -> Result<(), Infallible> {
        Ok(())
    }

    /// An animal `ifAbsent` found, or could not decide: listed.
    fn kept(&mut self, kept: &batch::Kept) -> Result<(), Infallible> {
        match kept {
            batch::Kept::Exists(record, pet) => {
                let index = usize::try_from(record.line).expect("an index in `pets`");
                self.outcomes.exists.push(CreatedAt { index, pet: pet.clone() });
            }
            batch::Kept::Undecided(record) => {
                let index = usize::try_from(record.line).expect("an index in `pets`");
                let err = crate::commands::pets::add::undecided(record.pet.status);
                self.outcomes.undecided.push(FailedAt { index, error: error_object(&err) });
            }
            batch::Kept::Invalid(_) => {}
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Infallible> {
        Ok(())
    }

    fn event(&mut self, event: Event<'_, Infallible>) {
        let note = match event {
            Event::Paused { pause, refusals } => format!(
                "the server limited requests: the batch paused for {} (refusal {refusals} of {MAX_REFUSALS} in a row)",
                crate::output::duration_words(pause)
            ),
            Event::PauseTooLong { asked: true, .. } => {
                "the server asked for a pause longer than a batch waits, so the rest was not sent".to_owned()
            }
            Event::PauseTooLong { asked: false, .. } => "the server kept refusing without saying how long to wait, \
                                                         and petstore's own wait grew longer than a batch waits, so \
                                                         the rest was not sent"
                .to_owned(),
            Event::KeptRefusing => format!(
                "the server refused {MAX_REFUSALS} times in a row with nothing created between, so the rest was not \
                 sent"
            ),
            Event::KeptFailing => "the server kept failing with nothing created, so the rest was not sent".to_owned(),
            Event::Hopeless(Hopeless::SameFailure) => {
                "every other animal would have failed the same way, so the rest was not sent".to_owned()
            }
            Event::Hopeless(Hopeless::StoreFull) => "the store is full, so the rest was not sent".to_owned(),
            Event::Waiting { in_flight } => {
                self.out_when_stopped = Some(in_flight);
                format!(
                    "the call was cancelled: nothing more was sent, and the {in_flight} requests out were given {} to be \
                 answered",
                    crate::output::duration_words(batch::SIGNAL_GRACE)
                )
            }
            Event::GraceOver { in_flight } => {
                format!("{in_flight} requests out were given up on: their outcome is unknown")
            }
            Event::SinkStopped(never) => match *never {},
            Event::Concurrency(_) => return,
            Event::Paced => {
                "the server limited requests: the batch went at the rate it accepted, refused animals again".to_owned()
            }
        };
        self.notes.push(note);
    }
}

/// Results and reports of a batch with every list filled, for the tests of the tools' output schemas.
#[cfg(test)]
pub(super) mod samples {
    use super::*;
    use crate::error::ErrorObject;
    use petstore_core::api::Pet;

    /// What came of a batch of six, an animal in each list: created, failed, unknown, not sent, exists and
    /// undecided.
    pub(in super::super) fn outcomes(pet: &Pet, failed: &ErrorObject, unknown: &ErrorObject) -> Outcomes {
        Outcomes {
            created: vec![CreatedAt { index: 0, pet: pet.clone() }],
            failed: vec![FailedAt { index: 1, error: failed.clone() }],
            unknown: vec![FailedAt { index: 2, error: unknown.clone() }],
            not_sent: vec![3],
            exists: vec![CreatedAt { index: 4, pet: pet.clone() }],
            undecided: vec![FailedAt { index: 5, error: unknown.clone() }],
        }
    }

    /// A batch's result with `outcomes`, a note, and the reports `cancelled_adds`.
    pub(in super::super) fn result(outcomes: Outcomes, cancelled_adds: Vec<Cancelled>) -> BatchResult {
        let notes = vec!["the store is full, so the rest was not sent".to_owned()];
        BatchResult { complete: false, outcomes, notes, confirmation: Confirmation::Accepted, cancelled_adds }
    }

    /// The report of the batch `id`, cancelled with `outcomes`.
    pub(in super::super) fn cancelled(id: &rmcp::model::RequestId, outcomes: Outcomes) -> CancelledBatch {
        CancelledBatch { request_id: CallId::of(id), tool: BatchTool::AddPets, outcomes }
    }
}
