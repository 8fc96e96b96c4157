//! The cancellation ledger: the write calls whose first `POST /pets` went out, and what came of those the
//! client cancelled (or left), told in a log notification, in the next result's `cancelledAdds`, or on stderr.

use std::collections::{HashMap, VecDeque};
use std::sync::PoisonError;
use std::sync::atomic::Ordering;

use rmcp::RoleServer;
use rmcp::model::{NumberOrString, RequestId};
use rmcp::service::{Peer, RequestContext};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::results::error_object;
use super::{SERVER_NAME, Server, add_pets, level_rank, schema};
use crate::error::{Error, ErrorObject};
use petstore_core::api::{NewPet, Pet, PetStatus};
use petstore_core::journal;

/// The most answered calls kept in [`Adds::answered`].
const ANSWERED_KEPT: usize = 64;

/// The most reports kept for the next result ([`Adds::pending`]); past it, the oldest goes to stderr.
const PENDING_KEPT: usize = 100;

/// The write calls (`add_pet`, `add_pets`) whose first `POST /pets` went out, and the reports of those the
/// client cancelled.
///
/// rmcp does not stop a call the client cancels; it drops its answer. So the call, or the cancellation,
/// whichever comes second, tells what came of it: a call that ends after its cancellation tells it at once;
/// a cancellation that comes after the call was answered (the answer crossing the notification, an answer
/// the client then ignores) finds the call among the answered ones and tells it then. A report goes out in a
/// log notification and waits for the next result whose call is not cancelled; a cancellation of the call
/// whose answer carried it puts it back.
#[derive(Debug, Default)]
pub(super) struct Adds {
    /// On the wire: whether the client cancelled the call meanwhile.
    pub(super) sending: HashMap<RequestId, bool>,
    /// Calls answered lately, newest last, [`ANSWERED_KEPT`] at most, with what their answer said that a
    /// cancellation would lose.
    answered: VecDeque<Answered>,
    /// Reports not yet in a result, oldest first: [`PENDING_KEPT`] at most.
    pub(super) pending: VecDeque<Cancelled>,
}

/// A call whose answer went out, and what the answer told that a cancellation would lose.
#[derive(Debug)]
pub(super) struct Answered {
    id: RequestId,
    /// A write call's own outcome.
    pub(super) own: Option<Cancelled>,
    /// The reports of earlier cancelled calls that the answer carried.
    pub(super) carried: Vec<Cancelled>,
}

impl Adds {
    /// A cancellation of `id`: what its answer told, if the call had already been answered.
    pub(super) fn cancel(&mut self, id: &RequestId) -> Option<Answered> {
        if let Some(cancelled) = self.sending.get_mut(id) {
            *cancelled = true;
            return None;
        }
        let at = self.answered.iter().position(|answered| answered.id == *id)?;
        self.answered.remove(at)
    }

    /// The write call `id` got its answer, `report`, `cancelled` meanwhile or not: the report to tell now, or
    /// none, keeping it for a cancellation still to come.
    pub(super) fn sent(&mut self, id: &RequestId, cancelled: bool, report: Cancelled) -> Option<Cancelled> {
        if self.sending.remove(id).unwrap_or(false) || cancelled {
            return Some(report);
        }
        self.answered(id).own = Some(report);
        None
    }

    /// The reports for the answer to call `id`: all that wait, unless the client cancelled the call.
    pub(super) fn for_result(&mut self, id: &RequestId, cancelled: bool) -> Vec<Cancelled> {
        if cancelled || self.pending.is_empty() {
            return Vec::new();
        }
        let reports: Vec<Cancelled> = self.pending.drain(..).collect();
        self.answered(id).carried.extend(reports.iter().cloned());
        reports
    }

    /// Keeps `report` for the next result; the report it pushes out, if any.
    fn keep(&mut self, report: Cancelled) -> Option<Cancelled> {
        let pushed_out = if self.pending.len() == PENDING_KEPT { self.pending.pop_front() } else { None };
        self.pending.push_back(report);
        pushed_out
    }

    /// The entry of call `id` among the answered ones, made if need be.
    fn answered(&mut self, id: &RequestId) -> &mut Answered {
        let at = match self.answered.iter().position(|answered| answered.id == *id) {
            Some(at) => at,
            None => {
                if self.answered.len() == ANSWERED_KEPT {
                    self.answered.pop_front();
                }
                self.answered.push_back(Answered { id: id.clone(), own: None, carried: Vec::new() });
                self.answered.len() - 1
            }
        };
        &mut self.answered[at]
    }
}

/// An `add_pet` call that the client cancelled after its `POST /pets` went out, and what came of it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(super) struct CancelledAdd {
    /// The id of the cancelled `tools/call` request.
    #[serde(rename = "requestId")]
    request_id: CallId,
    /// The animal's name, as sent.
    name: String,
    /// Its category, as sent.
    #[serde(rename = "categoryId")]
    category_id: i64,
    /// Its status, as sent; absent when none was.
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<PetStatus>,
    /// `created`; `not_created`: the server refused it, or could not be reached; `unknown`: it may have been
    /// created (no complete answer, or a server error while adding).
    outcome: Outcome,
    /// The animal created, with the id the service assigned: with `created`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pet: Option<Pet>,
    /// Why it was not created, or may not have been, as a failed call's error object says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<schema::ResultError>")]
    error: Option<ErrorObject>,
}

/// A JSON-RPC request id: a number or a string.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub(super) enum CallId {
    Number(i64),
    Text(String),
}

impl CallId {
    /// The id of the call `id`.
    pub(super) fn of(id: &RequestId) -> CallId {
        match id {
            NumberOrString::Number(number) => CallId::Number(*number),
            NumberOrString::String(text) => CallId::Text(text.to_string()),
        }
    }

    /// The id as a report's words name it: a number as it is, a string in backticks, escaped.
    pub(super) fn words(&self) -> String {
        match self {
            CallId::Number(number) => number.to_string(),
            CallId::Text(text) => format!("`{}`", crate::output::safe::in_backticks(text)),
        }
    }
}

/// A write call that the client cancelled after its first `POST /pets` went out, and what came of it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub(super) enum Cancelled {
    /// An `add_pet`.
    Add(CancelledAdd),
    /// An `add_pets`.
    Batch(add_pets::CancelledBatch),
}

impl Cancelled {
    /// The report in words, on one line, names escaped as in the question.
    pub(super) fn message(&self) -> String {
        match self {
            Cancelled::Add(add) => add.message(),
            Cancelled::Batch(batch) => batch.message(),
        }
    }

    /// The report of a call whose client went away while it was sending, for stderr; `out` as the batch heard.
    fn gone_message(&self, out: Option<usize>) -> String {
        match self {
            Cancelled::Add(add) => add.gone_message(),
            Cancelled::Batch(batch) => batch.gone_message(out),
        }
    }
}

/// What came of a request that went out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum Outcome {
    Created,
    NotCreated,
    Unknown,
}

impl CancelledAdd {
    /// The report of the `add_pet` call `id`, which sent `new_pet`, got `result`, and ended as the journal says
    /// (`ended`).
    pub(super) fn of(
        id: &RequestId,
        new_pet: &NewPet,
        ended: journal::Outcome,
        result: Result<&Pet, &Error>,
    ) -> CancelledAdd {
        let outcome = match ended {
            journal::Outcome::Created => Outcome::Created,
            journal::Outcome::Unknown => Outcome::Unknown,
            _ => Outcome::NotCreated,
        };
        let (pet, error) = match result {
            Ok(pet) => (Some(pet.clone()), None),
            Err(err) => (None, Some(error_object(err))),
        };
        CancelledAdd {
            request_id: CallId::of(id),
            name: new_pet.name.clone(),
            category_id: new_pet.category_id,
            status: new_pet.status,
            outcome,
            pet,
            error,
        }
    }

    /// The report in words, on one line, the name escaped as in the question.
    fn message(&self) -> String {
        let id = self.request_id.words();
        format!("`add_pet` (request {id}) was cancelled after its `POST /pets` went out: {}", self.outcome_words())
    }

    /// The report of an `add_pet` whose client went away while its request was out.
    fn gone_message(&self) -> String {
        let id = self.request_id.words();
        format!("the MCP client went away while `add_pet` (request {id}) was adding: {}", self.outcome_words())
    }

    /// What came of the animal, in words.
    fn outcome_words(&self) -> String {
        let name = crate::output::safe::in_backticks(&self.name);
        let why = self
            .error
            .as_ref()
            .map_or_else(String::new, |error| crate::output::safe::message(&error.message).into_owned());
        match (self.outcome, &self.pet) {
            (Outcome::Created, Some(pet)) => {
                format!("the animal `{name}` was created all the same, with id {}", pet.id)
            }
            (Outcome::Created | Outcome::Unknown, _) => format!(
                "the animal `{name}` may or may not have been created ({why}); check with `find_pets` and the same \
                 `name` before adding it again"
            ),
            (Outcome::NotCreated, _) => format!("the animal `{name}` was not created: {why}"),
        }
    }
}

impl Server {
    /// Tells what came of the write call of `context`, which sent (`report`): on stderr when the client has
    /// gone (stdin ended), as no answer or notification can reach it (`out`: the requests out when the call
    /// heard it); else at once when the client cancelled the call, whose answer rmcp drops, or later, should
    /// it cancel the call before its answer is read.
    pub(super) async fn report_sent(
        &self,
        context: &RequestContext<RoleServer>,
        report: Cancelled,
        out: Option<usize>,
    ) {
        let report = {
            let mut adds = self.adds.lock().unwrap_or_else(PoisonError::into_inner);
            if *self.gone.borrow() {
                adds.sending.remove(&context.id);
                drop(adds);
                return self.ctx.output.warning(&report.gone_message(out));
            }
            adds.sent(&context.id, context.ct.is_cancelled(), report)
        };
        if let Some(report) = report {
            self.tell(report, &context.peer).await;
        }
    }

    /// Keeps `report` for the next result; one pushed out of [`PENDING_KEPT`] goes to stderr.
    pub(super) fn keep(&self, report: Cancelled) {
        let pushed_out = self.adds.lock().unwrap_or_else(PoisonError::into_inner).keep(report);
        if let Some(old) = pushed_out {
            self.ctx.output.warning(&format!("{}; no later result told the MCP client", old.message()));
        }
    }

    /// Tells the client what came of an `add_pet` or `add_pets` it cancelled: in a log notification now (unless it asked for
    /// none so mild), and in the next result.
    #[expect(deprecated, reason = "MCP logging (SEP-2577) is the one notification clients show of a cancelled add")]
    pub(super) async fn tell(&self, report: Cancelled, peer: &Peer<RoleServer>) {
        use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
        let mut data = serde_json::Map::new();
        data.insert("message".to_owned(), Value::String(report.message()));
        if let Value::Object(fields) = serde_json::to_value(&report).expect("a report serialises") {
            data.extend(fields);
        }
        self.keep(report);
        if self.log_level.load(Ordering::SeqCst) <= level_rank(LoggingLevel::Warning) {
            let mut notification = LoggingMessageNotificationParam::new(LoggingLevel::Warning, Value::Object(data));
            notification.logger = Some(SERVER_NAME.to_owned());
            // A client that is gone reads nothing; the next result, or stderr at the end, still tells.
            let _ = peer.notify_logging_message(notification).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Kind;

    /// The report of an `add_pet` that created `name` with id `id`.
    fn created(id: i64, name: &str) -> Cancelled {
        let new_pet = NewPet { name: name.to_owned(), category_id: 1, status: None };
        let pet = Pet { id, name: name.to_owned(), category_id: 1, status: None };
        Cancelled::Add(CancelledAdd::of(&NumberOrString::Number(id), &new_pet, journal::Outcome::Created, Ok(&pet)))
    }

    /// The name of the animal an `add_pet` report is about.
    fn name(report: &Cancelled) -> &str {
        match report {
            Cancelled::Add(add) => &add.name,
            Cancelled::Batch(_) => panic!("an add_pet report"),
        }
    }

    #[test]
    fn a_cancellation_told_whichever_comes_second_the_answer_or_it() {
        let mut adds = Adds::default();
        let [one, two, three, four] = [1, 2, 3, 4].map(NumberOrString::Number);
        // Cancelled while its request is out: told when the answer comes.
        adds.sending.insert(one.clone(), false);
        assert!(adds.cancel(&one).is_none());
        assert_eq!(name(&adds.sent(&one, false, created(6, "Rex")).unwrap()), "Rex");
        // Answered before the cancellation came: told when it comes, once.
        adds.sending.insert(two.clone(), false);
        assert!(adds.sent(&two, false, created(7, "Tom")).is_none());
        let answered = adds.cancel(&two).unwrap();
        assert_eq!((name(&answered.own.unwrap()), answered.carried.len()), ("Tom", 0));
        assert!(adds.cancel(&two).is_none());
        // A report waits for an answer the client takes: not a cancelled call's, and back if its call is
        // cancelled after it was answered.
        assert!(adds.keep(created(8, "Max")).is_none());
        assert!(adds.for_result(&three, true).is_empty());
        assert_eq!(adds.for_result(&four, false).len(), 1);
        assert!(adds.pending.is_empty());
        let answered = adds.cancel(&four).unwrap();
        assert_eq!((answered.own.is_none(), name(&answered.carried[0])), (true, "Max"));
    }

    #[test]
    fn what_is_kept_of_cancellations_is_bounded() {
        let mut adds = Adds::default();
        for id in 0..1000 {
            let id = NumberOrString::Number(id);
            adds.sent(&id, false, created(1, "Rex"));
        }
        assert_eq!(adds.answered.len(), ANSWERED_KEPT);
        for id in 0..PENDING_KEPT {
            assert!(adds.keep(created(i64::try_from(id).unwrap(), "Rex")).is_none());
        }
        let Some(Cancelled::Add(pushed_out)) = adds.keep(created(1000, "Tom")) else { panic!("a report pushed out") };
        assert_eq!(pushed_out.pet.unwrap().id, 0);
        assert_eq!(adds.pending.len(), PENDING_KEPT);
    }

    #[test]
    fn a_report_says_what_came_of_the_add_with_the_name_escaped() {
        assert_eq!(
            created(6, "Rex`\u{202e}").message(),
            r"`add_pet` (request 6) was cancelled after its `POST /pets` went out: the animal `Rex\u{60}\u{202e}` was created all the same, with id 6"
        );
        let new_pet = NewPet { name: "Rex".to_owned(), category_id: 1, status: None };
        let lost = Error::maybe_applied("no complete answer", "", Kind::Network);
        let unknown =
            CancelledAdd::of(&NumberOrString::String("a".into()), &new_pet, journal::Outcome::Unknown, Err(&lost));
        assert_eq!(unknown.outcome, Outcome::Unknown);
        assert!(unknown.message().starts_with("`add_pet` (request `a`) was cancelled"), "{}", unknown.message());
        assert!(unknown.error.unwrap().hint.unwrap().contains("`find_pets`"));
    }
}
