//! The spec's wire types (`Pet`, `NewPet`, `PetStatus`, `Error`), with the API's own field names.
//!
//! These are the client's reading of the spec; the sandbox keeps its own, so each catches the other's mistakes.

use serde::{Deserialize, Serialize};

/// The longest `name` the API holds, in bytes of UTF-8: the spec states no limit; the sandbox's is 128 KiB, and
/// what petstore can read back is sized for it ([`MAX_LIST_BODY_BYTES`]).
pub const NAME_MAX_BYTES: usize = 128 * 1024;

/// Why `name` can be no animal's name, if it cannot: the spec requires `name` and says nothing of what it
/// holds, but a name that is empty or only white space makes an animal nobody can find by name or tell apart
/// in a list, and is almost always a slip (an empty CSV cell, Enter pressed at the prompt); and one longer than
/// [`NAME_MAX_BYTES`] could not be read back in a list. The one home of the name's rules: petstore refuses such
/// a name before anything is sent, wherever it comes from (`--name`, the prompt, a file's record, `ui`, MCP).
pub fn name_problem(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        return Some("`name` is blank (empty or only white space): give the animal a name".to_owned());
    }
    (name.len() > NAME_MAX_BYTES).then(|| format!("`name` is longer than {NAME_MAX_BYTES} bytes"))
}

/// The most animals one `GET /pets` returns (spec: `limit` at most 100).
pub const LIST_LIMIT_MAX: usize = 100;

/// The largest list body petstore reads: [`LIST_LIMIT_MAX`] animals with names of [`NAME_MAX_BYTES`], each
/// byte written the longest way JSON can (`\u001f`, 6 bytes, for a control character), plus each record's
/// other fields and punctuation.
pub const MAX_LIST_BODY_BYTES: usize = LIST_LIMIT_MAX * (NAME_MAX_BYTES * JSON_ESCAPE_BYTES + RECORD_OVERHEAD_BYTES);

/// The longest JSON spelling of one byte of a string.
const JSON_ESCAPE_BYTES: usize = "\\u001f".len();

/// A record's bytes besides its name, generously: `{"id":-9223372036854775808,"name":"","categoryId":…,
/// "status":"available"}` with room for whitespace and an extra field or two.
const RECORD_OVERHEAD_BYTES: usize = 1024;

/// An animal's availability (spec §2, `PetStatus`).
// It derives `clap::ValueEnum` here so the allowed values exist in one place only; a comment, not a doc
// comment, as the doc comment is the description in every JSON Schema of it (`petstore schema`, MCP's tools).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum PetStatus {
    Available,
    Pending,
    Sold,
}

impl PetStatus {
    /// Every status, in the spec's order.
    pub const ALL: [PetStatus; 3] = [PetStatus::Available, PetStatus::Pending, PetStatus::Sold];

    /// The wire value, as in the spec's enumeration.
    pub fn as_str(self) -> &'static str {
        match self {
            PetStatus::Available => "available",
            PetStatus::Pending => "pending",
            PetStatus::Sold => "sold",
        }
    }
}

impl std::fmt::Display for PetStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An animal as the service returns it.
///
/// Unknown extra fields are ignored when decoding; `status` is omitted when the animal has none, because the
/// spec states no default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema), schemars(deny_unknown_fields))]
pub struct Pet {
    pub id: i64,
    pub name: String,
    #[serde(rename = "categoryId")]
    pub category_id: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<PetStatus>,
}

/// The body of `POST /pets`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPet {
    pub name: String,
    #[serde(rename = "categoryId")]
    pub category_id: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<PetStatus>,
}

/// The spec's `Error` schema: what the service sends with a non-2xx status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Error {
    pub code: String,
    pub message: String,
    pub status: u16,
}

/// Query parameters of `GET /pets`. `None` leaves the server's default in force.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListQuery {
    pub status: Option<PetStatus>,
    pub limit: Option<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pet_uses_the_api_field_names_and_omits_a_missing_status() {
        let pet = Pet { id: 7, name: "Rex".into(), category_id: 2, status: None };
        assert_eq!(serde_json::to_string(&pet).unwrap(), r#"{"id":7,"name":"Rex","categoryId":2}"#);
        let pet = Pet { status: Some(PetStatus::Sold), ..pet };
        assert_eq!(serde_json::to_string(&pet).unwrap(), r#"{"id":7,"name":"Rex","categoryId":2,"status":"sold"}"#);
    }

    #[test]
    fn pet_decoding_ignores_unknown_fields_and_accepts_null_status() {
        let pet: Pet = serde_json::from_str(r#"{"id":1,"name":"a","categoryId":3,"status":null,"tags":[]}"#).unwrap();
        assert_eq!(pet, Pet { id: 1, name: "a".into(), category_id: 3, status: None });
    }

    #[test]
    fn pet_decoding_rejects_a_status_outside_the_enumeration() {
        let err = serde_json::from_str::<Pet>(r#"{"id":1,"name":"a","categoryId":3,"status":"lost"}"#);
        assert!(err.unwrap_err().to_string().contains("unknown variant `lost`"));
    }
}
