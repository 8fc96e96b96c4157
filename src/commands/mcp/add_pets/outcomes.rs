//! What came of each animal of an `add_pets` batch, by its index in `pets`: in the tool's result, and in the
//! report of a batch the client cancelled or left while it was sending.

use schemars::JsonSchema;
use serde::Serialize;

use super::super::ledger::CallId;
use super::super::schema;
use crate::error::ErrorObject;
use petstore_core::api::Pet;

/// What came of each animal of a batch, by its index in `pets` (from 0), each list in that order.
#[derive(Debug, Clone, Default, Serialize, JsonSchema)]
pub(in super::super) struct Outcomes {
    /// The animals created, each with the id the service assigned.
    pub(super) created: Vec<CreatedAt>,
    /// The animals certainly not created, each with the error object that says why; its `retry` says whether
    /// sending it again can help.
    pub(super) failed: Vec<FailedAt>,
    /// The animals that may or may not have been created (no usable answer came): check with `find_pets` and
    /// the same `name` before sending one again.
    pub(super) unknown: Vec<FailedAt>,
    /// The indexes of the animals not sent, as the batch stopped first (`notes` say why): safe to send again.
    #[serde(rename = "notSent")]
    pub(super) not_sent: Vec<usize>,
    /// With `ifAbsent`: the animals not sent because one with the same name, categoryId and status exists, each
    /// with that animal.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub(super) exists: Vec<CreatedAt>,
    /// With `ifAbsent`: the animals not sent because whether one exists cannot be told (the API shows only the
    /// first 100 of a status): send them with `ifAbsent: false` only if you know they do not exist.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub(super) undecided: Vec<FailedAt>,
}

/// An animal created.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(super) struct CreatedAt {
    /// Its index in `pets`.
    pub(super) index: usize,
    /// The animal, with the id the service assigned.
    pub(super) pet: Pet,
}

/// An animal not created, or of unknown outcome.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(super) struct FailedAt {
    /// Its index in `pets`.
    pub(super) index: usize,
    /// Why, as a failed call's error object says it.
    #[schemars(with = "schema::ResultError")]
    pub(super) error: ErrorObject,
}

/// An `add_pets` call that the client cancelled after its first `POST /pets` went out, and what came of each
/// of its animals.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(in super::super) struct CancelledBatch {
    /// The id of the cancelled `tools/call` request.
    #[serde(rename = "requestId")]
    pub(super) request_id: CallId,
    /// `add_pets`.
    pub(super) tool: BatchTool,
    #[serde(flatten)]
    pub(super) outcomes: Outcomes,
}

/// The tool a cancelled batch's report is about.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub(super) enum BatchTool {
    #[serde(rename = "add_pets")]
    AddPets,
}

impl CancelledBatch {
    /// The report in words, on one line.
    pub(in super::super) fn message(&self) -> String {
        let id = self.request_id.words();
        let unknown = unknown_words(self.outcomes.unknown.len());
        let parts = self.parts(true, unknown);
        format!("`add_pets` (request {id}) was cancelled after its first `POST /pets` went out: {parts}")
    }

    /// The report of an `add_pets` whose client went away (stdin ended) while it was sending, for stderr: how
    /// many requests were out then (`out`, when the batch heard it before it ended), how many animals were
    /// created and which (by index in `pets`, with the id each got), how many may have been (their requests
    /// were out and got no answer in time), and how many were not sent.
    pub(in super::super) fn gone_message(&self, out: Option<usize>) -> String {
        let id = self.request_id.words();
        let unknown = &self.outcomes.unknown;
        let indexes: Vec<String> = unknown.iter().map(|unknown| format!("pets[{}]", unknown.index)).collect();
        let (requests, them) = if unknown.len() == 1 { ("its request", "it") } else { ("their requests", "them") };
        let unknown = format!(
            "{} may or may not have been created, {requests} in flight without an answer in time ({}: check with \
             `petstore pets find --name NAME` before adding {them} again)",
            unknown.len(),
            indexes.join(", ")
        );
        let out = match out {
            Some(1) => " with 1 request out (its outcome follows)".to_owned(),
            Some(out) => format!(" with {out} requests out (their outcomes follow)"),
            None => String::new(),
        };
        format!(
            "the MCP client went away while `add_pets` (request {id}) was sending{out}, so it sent no more: {}",
            self.parts(false, unknown)
        )
    }

    /// What came of the batch in words, `unknown` saying the animals of unknown outcome: to the client, each
    /// list named as the result names it; on stderr, the animals created named with the id each got.
    fn parts(&self, to_client: bool, unknown: String) -> String {
        let Outcomes { created, failed, unknown: unknowns, not_sent, .. } = &self.outcomes;
        let were = |count: usize| if count == 1 { "was" } else { "were" };
        let list = |name: &str| if to_client { format!(" (`{name}`)") } else { String::new() };
        let ids: Vec<String> =
            created.iter().map(|created| format!("pets[{}] as id {}", created.index, created.pet.id)).collect();
        let mut parts = vec![format!(
            "{} {} {} created{}",
            created.len(),
            if created.len() == 1 { "animal" } else { "animals" },
            were(created.len()),
            if to_client || created.is_empty() { String::new() } else { format!(" ({})", ids.join(", ")) }
        )];
        if !failed.is_empty() {
            parts.push(format!("{} {} not created{}", failed.len(), were(failed.len()), list("failed")));
        }
        if !unknowns.is_empty() {
            parts.push(unknown);
        }
        if !not_sent.is_empty() {
            parts.push(format!("{} {} not sent{}", not_sent.len(), were(not_sent.len()), list("notSent")));
        }
        crate::output::listed(&parts, "and").unwrap_or_default()
    }
}

/// The words for `count` animals of unknown outcome, to the client.
fn unknown_words(count: usize) -> String {
    format!(
        "{count} may or may not have been created (`unknown`: check with `find_pets` and the same `name` before \
         sending one again)"
    )
}

impl Outcomes {
    /// Each list in index order, and the animals that none holds as not sent.
    pub(super) fn sort(&mut self, count: usize) {
        self.created.sort_by_key(|created| created.index);
        self.failed.sort_by_key(|failed| failed.index);
        self.unknown.sort_by_key(|unknown| unknown.index);
        let mut ended = vec![false; count];
        self.exists.sort_by_key(|exists| exists.index);
        self.undecided.sort_by_key(|undecided| undecided.index);
        let indexes = self
            .created
            .iter()
            .chain(&self.exists)
            .map(|c| c.index)
            .chain(self.failed.iter().chain(&self.unknown).chain(&self.undecided).map(|f| f.index));
        for index in indexes {
            ended[index] = true;
        }
        self.not_sent = (0..count).filter(|index| !ended[*index]).collect();
    }

    /// What to do about a batch that is not complete, list by list.
    pub(super) fn next_steps(&self, count: usize) -> String {
        let mut steps = Vec::new();
        if !self.failed.is_empty() {
            steps.push(format!(
                "{} failed (`failed` says why, and its `retry` whether sending one again can help)",
                self.failed.len()
            ));
        }
        if !self.unknown.is_empty() {
            steps.push(unknown_words(self.unknown.len()));
        }
        if !self.not_sent.is_empty() {
            steps.push(format!(
                "{} {} not sent, as the batch stopped first (`notSent`: safe to send again)",
                self.not_sent.len(),
                if self.not_sent.len() == 1 { "was" } else { "were" }
            ));
        }
        if !self.undecided.is_empty() {
            steps.push(format!(
                "{} not sent, as whether each exists cannot be told (`undecided`: send them with `ifAbsent: false` \
                 only if you know they do not exist)",
                self.undecided.len()
            ));
        }
        let created = self.created.len();
        format!(
            "{created} of the {count} animals {} created; {}",
            if created == 1 { "was" } else { "were" },
            steps.join("; ")
        )
    }
}
