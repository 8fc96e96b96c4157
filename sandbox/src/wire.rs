//! The sandbox's own reading of the spec's resources (PetStatus, NewPet, Pet) and how a request body
//! becomes a NewPet.
//!
//! Nothing here is shared with the `petstore` client on purpose: two independent readings of the
//! spec catch each other's mistakes. Must not know about HTTP beyond the `Content-Type` value.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::ApiError;

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
pub(crate) fn parse_new_pet(body: &[u8]) -> Result<NewPet, ApiError> {
    if body.trim_ascii().is_empty() {
        return Err(ApiError::InvalidBody(
            "request body is empty: expected a JSON object with `name` and `categoryId`".into(),
        ));
    }
    let value: Value = serde_json::from_slice(body)
        .map_err(|err| ApiError::InvalidBody(format!("request body is not valid JSON: {err}")))?;
    let Value::Object(fields) = value else {
        return Err(ApiError::InvalidBody(format!("request body must be a JSON object, not {}", kind_of(&value))));
    };
    Ok(NewPet { name: name_field(&fields)?, category_id: category_id_field(&fields)?, status: status_field(&fields)? })
}

/// A field that is absent or `null` counts as not given: the spec marks `status` optional without
/// saying `null` is a value, and `null` is no name or category.
fn given<'a>(fields: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    fields.get(name).filter(|value| !value.is_null())
}

fn name_field(fields: &Map<String, Value>) -> Result<String, ApiError> {
    match given(fields, "name") {
        None => Err(ApiError::InvalidBody("`name` is required".into())),
        Some(Value::String(name)) => Ok(name.clone()),
        Some(other) => Err(ApiError::InvalidBody(format!("`name` must be a string, not {}", kind_of(other)))),
    }
}

fn category_id_field(fields: &Map<String, Value>) -> Result<i64, ApiError> {
    let value = given(fields, "categoryId").ok_or_else(|| ApiError::InvalidBody("`categoryId` is required".into()))?;
    // `as_i64` is `None` for floats (even `1.0`) and for integers beyond int64, which is the rule.
    value.as_i64().ok_or_else(|| {
        ApiError::InvalidBody(format!(
            "`categoryId` must be an integer from {} to {} (int64), not {}",
            i64::MIN,
            i64::MAX,
            kind_of(value)
        ))
    })
}

fn status_field(fields: &Map<String, Value>) -> Result<Option<PetStatus>, ApiError> {
    let Some(value) = given(fields, "status") else {
        return Ok(None);
    };
    value.as_str().and_then(PetStatus::parse).map(Some).ok_or_else(|| {
        ApiError::InvalidBody(format!("`status` must be one of {}, not {}", PetStatus::ALLOWED, kind_of(value)))
    })
}

/// Describes a JSON value in an error message without echoing large or sensitive input.
fn kind_of(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) if n.is_i64() || n.is_u64() => format!("the integer `{n}`"),
        // serde_json keeps such a number only as an f64, whose printing (`1000.0` for `1e3`,
        // `-9.223372036854776e+18`) would misquote what the client sent.
        Value::Number(_) => "a number with a fraction or exponent, or beyond int64".into(),
        Value::String(s) if s.chars().count() <= 32 => {
            format!("the string {}", Value::String(s.clone()))
        }
        Value::String(_) => "a string".into(),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
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
        let pet =
            parse_new_pet(br#"{"id": 99, "name": "", "categoryId": -9223372036854775808, "status": null, "x": [1]}"#)
                .unwrap();
        assert_eq!(pet, NewPet { name: String::new(), category_id: i64::MIN, status: None });
        let pet = parse_new_pet(br#"{"name":"Kit","categoryId":9223372036854775807,"status":"pending"}"#).unwrap();
        assert_eq!(pet.category_id, i64::MAX);
        assert_eq!(pet.status, Some(PetStatus::Pending));
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
