//! A complete answer read into the document the spec promises, or into a typed error: the status, the content
//! type, the body; whether the answer to `POST /pets` is a creation, and how its animal differs from the one sent.

use reqwest::StatusCode;
use reqwest::header::HeaderValue;
use serde::de::DeserializeOwned;

use super::error::{Error, excerpt, one_line};
use super::models::{NewPet, Pet};

/// Turns a complete answer into the promised document or a typed error; never panics, whatever the bytes.
pub fn decode<T: DeserializeOwned>(
    status: StatusCode,
    content_type: Option<&HeaderValue>,
    bytes: &[u8],
) -> Result<T, Error> {
    if !status.is_success() {
        let body = serde_json::from_slice::<super::models::Error>(bytes).ok().map(|mut body| {
            body.message = one_line(&body.message);
            body.code = one_line(&body.code);
            body
        });
        return Err(Error::Status { status, body, excerpt: excerpt(bytes), request_id: None });
    }
    if let Some(content_type) = content_type
        && (!is_json(content_type) || is_problem(content_type))
    {
        return Err(Error::Decode {
            status,
            reason: format!(
                "expected `application/json`, got `{}`",
                one_line(&String::from_utf8_lossy(content_type.as_bytes()))
            ),
            excerpt: excerpt(bytes),
            request_id: None,
        });
    }
    serde_json::from_slice(bytes).map_err(|err| Error::Decode {
        status,
        reason: if bytes.is_empty() { "the body is empty".to_owned() } else { one_line(&err.to_string()) },
        excerpt: excerpt(bytes),
        request_id: None,
    })
}

/// The animal a `POST /pets` created for `sent`, from the whole answer; else why the answer does not say so.
///
/// The spec promises 201 with the created animal; 200 is taken too, as many servers send it. Any other 2xx (a
/// 202 that only queued it, a 204 without it) says the server acted without saying it created this record,
/// so it is an error whose outcome is unknown, as a 1xx or 3xx is ([`Error::maybe_applied`]). A 201 is the
/// server's word that it created an animal, so its animal is taken even when it differs from the one sent (a
/// server that trims or normalises names, a mock that answers with its example): [`differences`] says how,
/// for a note. A mix-up that can be proven (the same id answered for two records) is the batch's to catch.
pub fn created(status: StatusCode, content_type: Option<&HeaderValue>, bytes: &[u8]) -> Result<Pet, Error> {
    if status.is_success() && status != StatusCode::CREATED && status != StatusCode::OK {
        return Err(Error::Status { status, body: None, excerpt: excerpt(bytes), request_id: None });
    }
    decode(status, content_type, bytes)
}

/// How the animal the server created differs from the one `sent`, on one line (`None` when it carries the
/// `name`, byte for byte, the `categoryId` and the `status` sent). A record sent without a status may come back
/// with any, since the spec states no default.
pub fn differences(sent: &NewPet, pet: &Pet) -> Option<String> {
    let mut differences = Vec::new();
    if pet.name != sent.name {
        differences.push(difference("name", &pet.name, &sent.name));
    }
    if pet.category_id != sent.category_id {
        differences.push(difference("categoryId", &pet.category_id, &sent.category_id));
    }
    if let Some(sent_status) = sent.status
        && pet.status != Some(sent_status)
    {
        differences.push(difference("status", &pet.status, &sent_status));
    }
    (!differences.is_empty()).then(|| differences.join("; "))
}

/// One field of an answer that differs from what was sent, its values as JSON (so that a name that differs
/// only in its spaces or quotes shows how), each cut to [`super::error::EXCERPT_CHARS`] characters.
fn difference(field: &str, got: &impl serde::Serialize, sent: &impl serde::Serialize) -> String {
    format!("`{field}` is `{}`, not the `{}` sent", shown_json(got), shown_json(sent))
}

/// `value` as JSON, cut to [`super::error::EXCERPT_CHARS`] characters.
fn shown_json(value: &impl serde::Serialize) -> String {
    let json = serde_json::to_string(value).unwrap_or_default();
    let mut shown: String = json.chars().take(super::error::EXCERPT_CHARS).collect();
    if shown.len() < json.len() {
        shown.push('…');
    }
    shown
}

/// `application/json` and its `+json` relatives, with any parameters.
fn is_json(content_type: &HeaderValue) -> bool {
    let Ok(value) = content_type.to_str() else { return false };
    // Compared in any case, without a lower-case copy: this runs for every answer of a batch.
    let essence = value.split(';').next().unwrap_or("").trim().as_bytes();
    let (prefix, suffix) = (b"application/".len(), b"+json".len());
    essence.eq_ignore_ascii_case(b"application/json")
        || (essence.len() >= prefix + suffix
            && essence[..prefix].eq_ignore_ascii_case(b"application/")
            && essence[essence.len() - suffix..].eq_ignore_ascii_case(b"+json"))
}

/// `application/problem+json` (RFC 9457): a report of a failure, whatever the status says, so never the
/// document a 2xx promises, even when its JSON happens to fit (`[]`).
fn is_problem(content_type: &HeaderValue) -> bool {
    let Ok(value) = content_type.to_str() else { return false };
    value.split(';').next().unwrap_or("").trim().eq_ignore_ascii_case("application/problem+json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_keeps_the_error_body_and_survives_other_shapes() {
        let json = HeaderValue::from_static("application/json");
        let err = decode::<Pet>(
            StatusCode::NOT_FOUND,
            Some(&json),
            br#"{"code":"not_found","message":"no pet","status":404}"#,
        )
        .unwrap_err();
        assert!(matches!(err, Error::Status { body: Some(ref b), .. } if b.code == "not_found"), "{err:?}");

        let html = HeaderValue::from_static("text/html");
        let err = decode::<Pet>(StatusCode::BAD_GATEWAY, Some(&html), b"<html>bad gateway</html>").unwrap_err();
        assert!(matches!(err, Error::Status { body: None, ref excerpt, .. } if excerpt == "<html>bad gateway</html>"));

        let problem = HeaderValue::from_static("application/problem+json");
        let err = decode::<Pet>(StatusCode::BAD_REQUEST, Some(&problem), br#"{"title":"x"}"#).unwrap_err();
        assert!(matches!(err, Error::Status { body: None, .. }));

        let err = decode::<Pet>(StatusCode::INTERNAL_SERVER_ERROR, None, b"").unwrap_err();
        assert!(matches!(err, Error::Status { body: None, ref excerpt, .. } if excerpt.is_empty()));
    }

    proptest::proptest! {
        /// Whatever the status, content type and bytes, decoding gives a document or a typed error, and an
        /// error's text is one line (escaping it is `output::safe`'s job).
        #[test]
        fn decode_never_panics(status in 100u16..600, content_type in proptest::option::of("[ -~]{0,40}"), body in proptest::collection::vec(proptest::num::u8::ANY, 0..300)) {
            let status = StatusCode::from_u16(status).unwrap();
            let content_type = content_type.and_then(|c| HeaderValue::from_str(&c).ok());
            match decode::<Vec<Pet>>(status, content_type.as_ref(), &body) {
                Ok(_) => proptest::prop_assert!(status.is_success()),
                Err(err) => proptest::prop_assert!(!err.to_string().contains(['\n', '\r']), "{err}"),
            }
        }
    }

    #[test]
    fn a_201_is_a_creation_whatever_its_animal_and_differences_name_each_field_that_differs() {
        use crate::api::PetStatus;
        let json = HeaderValue::from_static("application/json");
        let sent = NewPet { name: "Rex".into(), category_id: 3, status: Some(PetStatus::Sold) };
        let rex = r#"{"id":7,"name":"Rex","categoryId":3,"status":"sold","tags":[]}"#;
        let pet = created(StatusCode::CREATED, Some(&json), rex.as_bytes()).unwrap();
        assert_eq!(pet, Pet { id: 7, name: "Rex".into(), category_id: 3, status: Some(PetStatus::Sold) });
        assert_eq!(differences(&sent, &pet), None);

        // An OpenAPI mock's example animal is still the server's word that it created one.
        let example = r#"{"id":0,"name":"string","categoryId":-9007199254740991,"status":"available"}"#;
        let pet = created(StatusCode::CREATED, Some(&json), example.as_bytes()).unwrap();
        assert_eq!(
            differences(&sent, &pet).unwrap(),
            r#"`name` is `"string"`, not the `"Rex"` sent; `categoryId` is `-9007199254740991`, not the `3` sent; `status` is `"available"`, not the `"sold"` sent"#
        );
        let differ = |body: &str| differences(&sent, &serde_json::from_str(body).unwrap());
        // Byte for byte: spaces, case and Unicode normalisation are differences to tell.
        for name in ["Rex ", "rex", "Rex\\u200b"] {
            let body = format!(r#"{{"id":8,"name":"{name}","categoryId":3,"status":"sold"}}"#);
            assert!(differ(&body).unwrap().starts_with("`name` is"), "{name}");
        }
        assert_eq!(
            differ(r#"{"id":8,"name":"Rex","categoryId":3}"#).unwrap(),
            r#"`status` is `null`, not the `"sold"` sent"#
        );
        // A long name is shown cut, on one line.
        let long = "n\\n".repeat(300);
        let shown = differ(&format!(r#"{{"id":8,"name":"{long}","categoryId":3,"status":"sold"}}"#)).unwrap();
        assert!(shown.chars().count() < 300 && shown.contains("…") && !shown.contains('\n'), "{shown}");

        // Sent without a status, any status the server fills in is the record's: the spec states no default.
        let no_status = NewPet { status: None, ..sent.clone() };
        for body in [
            rex,
            r#"{"id":7,"name":"Rex","categoryId":3,"status":"available"}"#,
            r#"{"id":7,"name":"Rex","categoryId":3}"#,
        ] {
            assert_eq!(differences(&no_status, &serde_json::from_str(body).unwrap()), None, "{body}");
        }
    }

    #[test]
    fn a_post_is_answered_by_a_201_or_a_200_and_any_other_2xx_leaves_it_unknown() {
        let json = HeaderValue::from_static("application/json");
        let answer =
            |status: u16, body: &str| created(StatusCode::from_u16(status).unwrap(), Some(&json), body.as_bytes());
        let rex = r#"{"id":7,"name":"Rex","categoryId":3,"status":"sold"}"#;
        assert_eq!(answer(201, rex).unwrap().id, 7);
        assert_eq!(answer(200, rex).unwrap().id, 7, "200 is taken too");
        // Any other 2xx did something it does not name: its outcome is unknown, whatever its body.
        for code in [202, 203, 204, 206, 299] {
            let err = answer(code, rex).unwrap_err();
            assert!(matches!(err, Error::Status { .. }) && err.maybe_applied(), "{code}: {err:?}");
        }
        // Answers that are not 2xx keep their status.
        let err = answer(303, "").unwrap_err();
        assert!(matches!(err, Error::Status { status, .. } if status == StatusCode::SEE_OTHER) && err.maybe_applied());
        assert!(!answer(400, r#"{"code":"invalid_body","message":"no","status":400}"#).unwrap_err().maybe_applied());
    }

    #[test]
    fn decode_refuses_a_2xx_that_is_not_the_promised_document() {
        let json = HeaderValue::from_static("application/json; charset=utf-8");
        let err = decode::<Pet>(StatusCode::OK, Some(&json), b"").unwrap_err();
        assert_eq!(err.to_string(), "unreadable response (HTTP 200 OK): the body is empty");
        let err = decode::<Pet>(StatusCode::OK, Some(&json), br#"{"id":"x"}"#).unwrap_err();
        assert!(err.to_string().contains("invalid type"), "{err}");
        let html = HeaderValue::from_static("text/html");
        let err = decode::<Pet>(StatusCode::OK, Some(&html), b"<p>").unwrap_err();
        assert!(err.to_string().contains("expected `application/json`, got `text/html`"), "{err}");
        // A problem report is no list, even one whose JSON would read as an empty list.
        let problem = HeaderValue::from_static("Application/Problem+JSON; charset=utf-8");
        let err = decode::<Vec<Pet>>(StatusCode::OK, Some(&problem), b"[]").unwrap_err();
        assert!(err.to_string().contains("got `Application/Problem+JSON; charset=utf-8`"), "{err}");
        let vendor = HeaderValue::from_static("application/vnd.petstore+json");
        assert!(decode::<Vec<Pet>>(StatusCode::OK, Some(&vendor), b"[]").unwrap().is_empty());
        // JSON in any case, and only JSON.
        for (value, json) in [
            ("APPLICATION/JSON", true),
            (" Application/Vnd.X+JSON ; q=1", true),
            ("application/+json", true),
            ("application/jsonx", false),
            ("application/json+", false),
            ("text/+json", false),
            ("+json", false),
            ("", false),
        ] {
            assert_eq!(is_json(&HeaderValue::from_str(value).unwrap()), json, "{value}");
        }
    }
}
