//! The shapes of the tools' results: the pets a read returns with its completeness, how a write came to be sent,
//! and a failed call, its error object with the hint in the tools' words.

use rmcp::model::{CallToolResult, ContentBlock};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::add_pets;
use super::ledger::Cancelled;
use crate::error::{Error, ErrorObject, code};
use petstore_core::api::{Pet, PetStatus};
use petstore_core::catalog::{Coverage, MAX_LIMIT};

/// What `list_pets` and `find_pets` return.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(super) struct PetsResult {
    /// The animals, in ascending id order, in the API's own fields (as `petstore pets list --json` prints them).
    pub(super) pets: Vec<Pet>,
    /// Whether `pets` is the whole answer. False when the list was cut off, when a status came back with as
    /// many animals as the API returns at once (100) so that more may exist, or when animals with no status
    /// may lie where no query reaches (the blind spot). `notes` say which.
    pub(super) complete: bool,
    /// What may be missing and how to see more; and the deprecated call a search made, if any.
    pub(super) notes: Vec<String>,
    /// The statuses whose first 100 came back full: more animals with them may exist, which no query shows.
    #[serde(rename = "fullStatuses")]
    pub(super) full_statuses: Vec<PetStatus>,
    /// Animals with no status past the unfiltered first 100 may exist, and no query can show them.
    #[serde(rename = "blindSpot")]
    pub(super) blind_spot: bool,
    /// `find_pets` with an id: `GET /pets/{petId}`, which the API deprecates, when the search had to use it.
    #[serde(rename = "deprecatedCall", skip_serializing_if = "Option::is_none")]
    pub(super) deprecated_call: Option<String>,
    /// `add_pet` and `add_pets` calls that the client cancelled after their first request went out, and what came
    /// of each: for an `add_pet`, the animal sent and its `outcome` (`created`, with `pet`; `not_created`: the
    /// server refused it or could not be reached; `unknown`: it may have been created), `error` saying why; for
    /// an `add_pets` (`tool`), its lists as its result has them. Each is told once, in the first result after
    /// it is known (and at once in a log notification). Absent when there are none.
    #[serde(rename = "cancelledAdds", default, skip_serializing_if = "Vec::is_empty")]
    pub(super) cancelled_adds: Vec<Cancelled>,
    /// `offline`: the last look kept, as of `asOf`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) stale: bool,
    #[serde(rename = "asOf", default, skip_serializing_if = "Option::is_none")]
    pub(super) as_of: Option<String>,
}

/// A result of `list_pets` or `find_pets` marked as answered from `snapshot` (`offline: true`), if it was.
pub(super) fn answered_from(mut value: Value, looking: &crate::commands::pets::offline::Looking) -> Value {
    if let crate::commands::pets::offline::Looking::Kept(snapshot) = looking {
        value["stale"] = Value::Bool(true);
        value["asOf"] = Value::String(snapshot.taken.clone());
    }
    value
}

/// How a write came to be sent.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum Confirmation {
    Accepted,
    NotRequired,
}

/// A result: `value` exactly as `structuredContent`, the API's data byte for byte, and beside it the same
/// JSON as text for the model to read, with tag characters, bidirectional controls and invisible characters
/// written as JSON escapes ([`crate::output::safe::escape_json`]): the same document, which shows what it
/// holds.
pub(super) fn structured_result(value: Value) -> CallToolResult {
    let text = crate::output::safe::escape_json(&value.to_string()).into_owned();
    let mut result = CallToolResult::structured(value);
    result.content = vec![ContentBlock::text(text)];
    result
}

/// A failed call: `isError`, with the JSON error object that `--json` modes print as its text (its hint in
/// the tools' words, [`tool_hint`]; for invalid animals of `add_pets`, their problems in `records`, each with
/// its `index` where a file's has its `line`), escaped as a result's text is.
pub(super) fn error_result(failed: &Failed) -> CallToolResult {
    let document = crate::error::ErrorDocument { error: error_object(&failed.error) };
    let mut document = serde_json::to_value(&document).expect("an error document serialises");
    if let Some(records) = &failed.records {
        document["error"]["records"] = serde_json::to_value(records).expect("problems serialise");
    }
    CallToolResult::error(vec![ContentBlock::text(
        crate::output::safe::escape_json(&document.to_string()).into_owned(),
    )])
}

/// The error object of a failed call, its hint in the tools' words ([`tool_hint`]).
pub(super) fn error_object(err: &Error) -> ErrorObject {
    let mut object = err.to_document().error;
    // Only `pets add --file` gives an error records; a result's schema has none (`schema::ResultError`).
    debug_assert!(object.records.is_empty(), "an MCP error with records: {object:?}");
    if let Some(hint) = tool_hint(err) {
        object.hint = Some(hint.to_owned());
    }
    object
}

/// The hint of a failed call in the words of the tools, where the CLI's names a command or flag that stands
/// for one (`petstore pets find --name NAME`: `find_pets` with `name`): the model reads it, and has tools and
/// arguments, not a terminal. `None` keeps the error's own hint: no hint, or a step that only the person can
/// take, at a terminal (logging in, fixing the config file), with the command they run there.
fn tool_hint(err: &Error) -> Option<&'static str> {
    let is = |code| err.is(code);
    let connect =
        matches!(err.source_as::<petstore_core::api::Error>(), Some(petstore_core::api::Error::Connect { .. }));
    Some(match () {
        // A write's answer never came whole, or said the server failed.
        () if is(&code::UNKNOWN_OUTCOME) => {
            "the animal may have been created: check with `find_pets` and the same `name` before adding it again"
        }
        () if is(&code::PET_UNREACHABLE) => {
            "`find_pets` with `name`, `categoryId` or `status` searches what the lists show"
        }
        () if is(&code::PET_NOT_FOUND) || is(&code::NO_MATCH) => {
            "`find_pets` searches every animal the API can reach, and `list_pets` with `all: true` lists them"
        }
        () if is(&code::LIST_PARTIAL) || is(&code::FIND_PARTIAL) => {
            "the API has no way past its first 100 of a status; a result's `notes` say what it may miss"
        }
        () if is(&code::STORAGE_FULL) => {
            "nothing more can be added until the store has room; `list_pets` with `all: true` shows what it holds"
        }
        () if is(&code::SERVER_ERROR) => "try the call again later",
        () if is(&code::NOT_CONFIRMED) => "add it again only if the user asks for it again",
        () if is(&code::TIMEOUT) => {
            "try the call again later; the user can give requests longer where their MCP client starts `petstore \
             mcp` (its `--timeout SECONDS`)"
        }
        () if connect => {
            "check that the API's server is running and that the base URL `petstore mcp` was started with is right"
        }
        () if is(&code::TLS) => {
            "if the server's certificate comes from a private CA, the user can pass that CA where their MCP client \
             starts `petstore mcp` (its `--cacert FILE`)"
        }
        _ => return None,
    })
}

/// A failed call: the error, and for `add_pets` every problem of its invalid animals, by index (boxed: few
/// failures have any).
#[derive(Debug)]
pub(super) struct Failed {
    pub(super) error: Error,
    pub(super) records: Option<Box<add_pets::InvalidAnimals>>,
}

impl From<Error> for Failed {
    fn from(error: Error) -> Failed {
        Failed { error, records: None }
    }
}

/// A result of every animal the API can reach (or a search over them), with its completeness: the statuses
/// that came back full and matter to the answer, and whether the blind spot does.
pub(super) fn pets_result(
    pets: Vec<Pet>,
    coverage: &Coverage,
    full_statuses: Vec<PetStatus>,
    blind_spot: bool,
    mut notes: Vec<String>,
    deprecated_call: Option<String>,
) -> Value {
    if !full_statuses.is_empty() {
        let words: Vec<String> = full_statuses.iter().map(|status| format!("`{status}`")).collect();
        notes.push(format!(
            "the API returns at most {MAX_LIMIT} animals of a status, and {} came back full: more may exist past \
             them, which no query shows",
            words.join(", ")
        ));
    }
    if blind_spot {
        notes.extend(crate::commands::pets::blind_spot_text(coverage));
    }
    let result = PetsResult {
        pets,
        complete: full_statuses.is_empty() && !blind_spot,
        notes,
        full_statuses,
        blind_spot,
        deprecated_call,
        cancelled_adds: Vec::new(),
        stale: false,
        as_of: None,
    };
    serde_json::to_value(result).expect("a result serialises")
}

#[cfg(test)]
mod tests {
    use super::super::question::declined;
    use super::*;
    use crate::error::Kind;
    use petstore_core::catalog;

    #[test]
    fn a_result_is_complete_without_full_statuses_or_the_blind_spot() {
        let coverage = |blind_spot| Coverage {
            partitions: vec![catalog::Partition { status: None, returned: 100, full: true, last_id: Some(250) }],
            partial: false,
            blind_spot,
        };
        let pet = Pet { id: 1, name: "Rex".into(), category_id: 1, status: None };
        let whole = pets_result(vec![pet.clone()], &coverage(false), Vec::new(), false, Vec::new(), None);
        assert_eq!(
            whole,
            serde_json::json!({
                "pets": [{ "id": 1, "name": "Rex", "categoryId": 1 }],
                "complete": true,
                "notes": [],
                "fullStatuses": [],
                "blindSpot": false,
            })
        );
        let partial = pets_result(
            Vec::new(),
            &coverage(true),
            vec![PetStatus::Sold],
            true,
            vec!["first".into()],
            Some("GET /pets/{petId}".into()),
        );
        assert_eq!(
            partial,
            serde_json::json!({
                "pets": [],
                "complete": false,
                "notes": [
                    "first",
                    "the API returns at most 100 animals of a status, and `sold` came back full: more may exist past \
                     them, which no query shows",
                    "animals with no status after the first 100 (past id 250) are in no list the API gives, so no \
                     query can show them",
                ],
                "fullStatuses": ["sold"],
                "blindSpot": true,
                "deprecatedCall": "GET /pets/{petId}",
            })
        );
    }

    #[test]
    fn a_failed_call_is_an_error_result_with_the_hint_in_the_tools_words() {
        let err = Error::new(&code::PET_NOT_FOUND, "no animal has id `9`").with_hint("run `petstore pets list`");
        let result = serde_json::to_value(error_result(&Failed::from(err))).unwrap();
        assert_eq!(result["isError"], true);
        let text: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(
            text,
            serde_json::json!({ "error": {
                "code": "pet_not_found",
                "message": "no animal has id `9`",
                "status": null,
                "exitCode": 3,
                "hint": "`find_pets` searches every animal the API can reach, and `list_pets` with `all: true` lists them",
                "retry": "never",
            }})
        );
    }

    #[test]
    fn a_hint_stays_the_errors_own_when_the_tools_have_no_better_words() {
        let hint = |err: Error| tool_hint(&err);
        assert_eq!(hint(Error::new(&code::SERVER_ERROR, "boom")), Some("try the call again later"));
        assert_eq!(hint(declined("production")), Some("add it again only if the user asks for it again"));
        assert_eq!(hint(Error::invalid_value("`limit` must be from 1 to 100")), None);
        let lost = Error::maybe_applied("no complete answer", "", Kind::Network);
        assert_eq!(
            hint(lost),
            Some("the animal may have been created: check with `find_pets` and the same `name` before adding it again")
        );
    }

    #[test]
    fn a_result_shows_the_data_exactly_and_escapes_its_text() {
        let value = serde_json::json!({ "pets": [{ "name": "Rex\u{202e}" }] });
        let result = serde_json::to_value(structured_result(value.clone())).unwrap();
        assert_eq!(result["structuredContent"], value);
        assert_eq!(result["content"][0]["text"], r#"{"pets":[{"name":"Rex\u202e"}]}"#);
        assert_eq!(result.get("isError").cloned().unwrap_or(Value::Bool(false)), false);
    }
}
