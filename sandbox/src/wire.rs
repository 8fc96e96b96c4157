//! The sandbox's own reading of the spec's resources (PetStatus, NewPet, Pet) and how a request body
//! becomes a NewPet.
//!
//! Nothing here is shared with the `petstore` client on purpose: two independent readings of the
//! spec catch each other's mistakes. Must not know about HTTP beyond the `Content-Type` value.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::ApiError;
use crate::number;

/// An animal's availability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum PetStatus {
    Available,
    Pending,
    Sold,
}

impl PetStatus {
    /// Every value, in the spec's order.
    pub(crate) const ALL: [PetStatus; 3] = [Self::Available, Self::Pending, Self::Sold];

    /// How error messages list the allowed values.
    pub(crate) const ALLOWED: &str = "`available`, `pending`, `sold`";

    /// This status's position in [`PetStatus::ALL`].
    pub(crate) fn index(self) -> usize {
        match self {
            Self::Available => 0,
            Self::Pending => 1,
            Self::Sold => 2,
        }
    }

    pub(crate) fn parse(s: &str) -> Option<PetStatus> {
        match s {
            "available" => Some(Self::Available),
            "pending" => Some(Self::Pending),
            "sold" => Some(Self::Sold),
            _ => None,
        }
    }
}

/// A validated request to add an animal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NewPet {
    pub(crate) name: String,
    pub(crate) category_id: i64,
    pub(crate) status: Option<PetStatus>,
}

/// An animal as the service returns it. Field order is the wire order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pet {
    pub(crate) id: i64,
    pub(crate) name: String,
    pub(crate) category_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status: Option<PetStatus>,
}

/// The longest `name` accepted, in bytes of UTF-8. The spec sets none; this is an eighth of the
/// body cap, far beyond any real name, yet long enough for tests of how clients show long values.
/// With it a page of 100 animals stays under 13 MiB, where 1 MiB names would make it 100 MiB.
pub(crate) const NAME_MAX_BYTES: usize = 128 * 1024;

/// Whether a `Content-Type` value names JSON. Only `application/json` counts, in any case and with
/// any parameters: `application/*+json` and `text/json` are not what the spec says to send.
pub(crate) fn is_json_content_type(value: &[u8]) -> bool {
    let Ok(value) = std::str::from_utf8(value) else {
        return false;
    };
    let essence = value.split_once(';').map_or(value, |(essence, _params)| essence);
    essence.trim().eq_ignore_ascii_case("application/json")
}

/// Turns a request body already known to be declared as JSON into a NewPet, naming the first
/// offending field (in the order `name`, `categoryId`, `status`) when it is not one.
///
/// Field values are kept as their JSON text, so `categoryId` is judged on the number as written
/// (see [`crate::number`]) rather than on what a float makes of it.
pub(crate) fn parse_new_pet(body: &[u8]) -> Result<NewPet, ApiError> {
    if body.trim_ascii().is_empty() {
        return Err(ApiError::InvalidBody(
            "request body is empty: expected a JSON object with `name` and `categoryId`".into(),
        ));
    }
    let not_json = |err: serde_json::Error| ApiError::InvalidBody(format!("request body is not valid JSON: {err}"));
    // Read as a map straight away when it looks like one, so its syntax errors are worded as
    // serde_json words them for an object ("trailing comma", not "key must be a string").
    if body.trim_ascii_start().first() != Some(&b'{') {
        let value: Box<RawValue> = serde_json::from_slice(body).map_err(not_json)?;
        return Err(ApiError::InvalidBody(format!("request body must be a JSON object, not {}", kind_of(&value))));
    }
    // A repeated key keeps its last value, as serde_json's own maps do.
    let fields: Fields = serde_json::from_slice(body).map_err(not_json)?;
    Ok(NewPet { name: name_field(&fields)?, category_id: category_id_field(&fields)?, status: status_field(&fields)? })
}

type Fields = HashMap<String, Box<RawValue>>;

// Only an absent field counts as not given: `null` is a value, and no field's type (string,
// integer, the PetStatus enumeration) includes it.

fn name_field(fields: &Fields) -> Result<String, ApiError> {
    let value = fields.get("name").ok_or_else(|| ApiError::InvalidBody("`name` is required".into()))?;
    let name = match string(value) {
        Some(name) => name,
        None => {
            return Err(not_text("name", value)
                .unwrap_or_else(|| ApiError::InvalidBody(format!("`name` must be a string, not {}", kind_of(value)))));
        }
    };
    if name.len() > NAME_MAX_BYTES {
        return Err(ApiError::InvalidBody(format!(
            "`name` must be at most {NAME_MAX_BYTES} bytes (128 KiB) of UTF-8, not {}",
            name.len()
        )));
    }
    Ok(name)
}

fn category_id_field(fields: &Fields) -> Result<i64, ApiError> {
    let value = fields.get("categoryId").ok_or_else(|| ApiError::InvalidBody("`categoryId` is required".into()))?;
    number::int64(value.get()).ok_or_else(|| {
        ApiError::InvalidBody(format!(
            "`categoryId` must be an integer from {} to {} (int64), not {}",
            i64::MIN,
            i64::MAX,
            kind_of(value)
        ))
    })
}

fn status_field(fields: &Fields) -> Result<Option<PetStatus>, ApiError> {
    let Some(value) = fields.get("status") else {
        return Ok(None);
    };
    string(value).as_deref().and_then(PetStatus::parse).map(Some).ok_or_else(|| {
        not_text("status", value).unwrap_or_else(|| {
            ApiError::InvalidBody(format!("`status` must be one of {}, not {}", PetStatus::ALLOWED, kind_of(value)))
        })
    })
}

/// The refusal of a string `field` whose escapes name no Unicode text: a `\u` escape of half a
/// UTF-16 surrogate pair without its other half (`"\ud800"`), which JSON's grammar lets through
/// but no string can hold. `None` when `value` is not such a string.
fn not_text(field: &str, value: &RawValue) -> Option<ApiError> {
    let escape = unpaired_surrogate(value.get())?;
    Some(ApiError::InvalidBody(format!(
        "`{field}` must be Unicode text, but it holds `{escape}`, half of a UTF-16 surrogate pair without the other half"
    )))
}

/// The first `\uXXXX` escape in the JSON string `text` that is a surrogate without its pair, as
/// written.
fn unpaired_surrogate(text: &str) -> Option<&str> {
    let surrogate = |at: usize| {
        let hex = text.get(at..at + 6).filter(|escape| escape.starts_with("\\u"))?;
        let unit = u16::from_str_radix(&hex[2..], 16).ok()?;
        Some((hex, unit))
    };
    let mut at = 0;
    while let Some(offset) = text.get(at..)?.find('\\') {
        at += offset;
        match surrogate(at) {
            Some((_, 0xD800..=0xDBFF)) if matches!(surrogate(at + 6), Some((_, 0xDC00..=0xDFFF))) => at += 12,
            Some((escape, 0xD800..=0xDFFF)) => return Some(escape),
            // Any other escape is two characters at least; skipping both keeps `\\u` from being
            // read as the start of a `\u` escape.
            _ => at += 2,
        }
    }
    None
}

/// The text of a JSON string value, unescaped; `None` for any other kind of value.
fn string(value: &RawValue) -> Option<String> {
    if value.get().starts_with('"') { serde_json::from_str(value.get()).ok() } else { None }
}

/// Describes a JSON value in an error message without echoing large or sensitive input.
fn kind_of(value: &RawValue) -> String {
    let text = value.get();
    match text.as_bytes().first() {
        Some(b'{') => "an object".into(),
        Some(b'[') => "an array".into(),
        Some(b'"') => match string(value) {
            Some(s) if s.chars().count() <= 32 => format!("the string {}", Value::String(s)),
            _ => "a string".into(),
        },
        Some(b'n') => "null".into(),
        Some(b't' | b'f') => format!("`{text}`"),
        // A number, quoted as sent (short ones only): a float's printing of it could misquote it.
        _ if text.len() <= 32 => format!("the number `{text}`"),
        _ => "a number".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pet_serializes_in_wire_order_without_absent_status() {
        let pet = Pet { id: 7, name: "Rex".into(), category_id: -1, status: None };
        assert_eq!(serde_json::to_string(&pet).unwrap(), r#"{"id":7,"name":"Rex","categoryId":-1}"#);
        let pet = Pet { status: Some(PetStatus::Sold), ..pet };
        assert_eq!(serde_json::to_string(&pet).unwrap(), r#"{"id":7,"name":"Rex","categoryId":-1,"status":"sold"}"#);
    }

    #[test]
    fn status_parses_only_the_exact_values() {
        for status in PetStatus::ALL {
            let text = serde_json::to_value(status).unwrap();
            assert_eq!(PetStatus::parse(text.as_str().unwrap()), Some(status));
            assert_eq!(PetStatus::ALL[status.index()], status);
        }
        assert_eq!(PetStatus::parse("Available"), None);
        assert_eq!(PetStatus::parse(""), None);
    }

    #[test]
    fn content_type_must_be_application_json() {
        for ok in [
            "application/json",
            "Application/JSON",
            "application/json; charset=utf-8",
            "application/json ;charset=UTF-8",
            " application/json ",
        ] {
            assert!(is_json_content_type(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            "text/json",
            "application/problem+json",
            "application/jsonx",
            "text/plain",
            "application/x-www-form-urlencoded",
        ] {
            assert!(!is_json_content_type(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn new_pet_accepts_extremes_and_ignores_unknown_fields() {
        let pet = parse_new_pet(br#"{"id": 99, "name": "", "categoryId": -9223372036854775808, "x": [1e400, null]}"#)
            .unwrap();
        assert_eq!(pet, NewPet { name: String::new(), category_id: i64::MIN, status: None });
        let pet = parse_new_pet(br#"{"name":"Kit","categoryId":9223372036854775807,"status":"pending"}"#).unwrap();
        assert_eq!(pet.category_id, i64::MAX);
        assert_eq!(pet.status, Some(PetStatus::Pending));
        let pet = parse_new_pet(br#"{"name":"Kit","categoryId":9223372036854775807.0e0}"#).unwrap();
        assert_eq!(pet.category_id, i64::MAX);
    }

    #[test]
    fn a_repeated_field_keeps_its_last_value() {
        let pet = parse_new_pet(br#"{"name":"A","categoryId":1,"name":"B","status":null,"status":"sold"}"#).unwrap();
        assert_eq!(pet, NewPet { name: "B".into(), category_id: 1, status: Some(PetStatus::Sold) });
    }

    #[test]
    fn unpaired_surrogates_are_found_as_written() {
        for (text, escape) in [
            (r#""\ud800""#, Some(r"\ud800")),
            (r#""a\uDC00b""#, Some(r"\uDC00")),
            (r#""\ud83d\ude00 \uD800x""#, Some(r"\uD800")),
            (r#""\ud83d\u0041""#, Some(r"\ud83d")),
            (r#""\ud83d\ude00""#, None),
            (r#""\\ud800""#, None),
            (r#""\\\ud800""#, Some(r"\ud800")),
            (r#""\u00e9\n""#, None),
        ] {
            assert_eq!(unpaired_surrogate(text), escape, "{text}");
        }
    }

    #[test]
    fn long_strings_are_not_echoed() {
        let long = "x".repeat(100);
        let body = format!(r#"{{"name":"Rex","categoryId":"{long}"}}"#);
        let ApiError::InvalidBody(message) = parse_new_pet(body.as_bytes()).unwrap_err() else {
            panic!("expected invalid_body");
        };
        assert!(!message.contains(&long), "{message}");
        assert!(message.ends_with("not a string"), "{message}");
    }
}
