//! The API's NewPet rules for a record of `pets add --file`: what makes a JSON text (an NDJSON line, an
//! element of an array) or a CSV row's values a NewPet, and what is wrong when they do not.

use std::io;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use super::Problem;
use crate::api::error::one_line;
use crate::api::{MAX_REQUEST_BODY_BYTES, NewPet, PetStatus};

/// A checked NewPet, unless the request body it makes is longer than the API takes. Only a CSV record can
/// grow on the way: a control character in a cell is one byte there and six (`\u0001`) in JSON.
pub(super) fn within_body_bound(pet: NewPet) -> Result<NewPet, String> {
    /// Counts bytes written, to size a body without building it.
    struct Count(usize);
    impl io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, &pet).expect("a NewPet always serialises");
    match count.0 {
        len if len > MAX_REQUEST_BODY_BYTES => Err(format!(
            "the record makes a request body of {len} bytes, longer than 1 MiB ({MAX_REQUEST_BODY_BYTES} bytes), \
             the largest the API takes"
        )),
        _ => Ok(pet),
    }
}

/// The UTF-8 byte order mark some editors put first in a file.
pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A JSON text (one NDJSON line, or one element of an array) checked as a NewPet by the API's rules
/// ([`new_pet_from_json`]). The common record, an object of exactly `name`, `categoryId` and maybe `status`,
/// each of the right type once, is read straight into a NewPet ([`plain_new_pet`]); any other text goes the
/// long way, through a [`Value`], which says what is wrong with it. Both ways give the same NewPet for the
/// texts the short way takes.
pub(super) fn new_pet_from_json_text(text: &[u8]) -> Result<NewPet, (u64, Vec<Problem>)> {
    match plain_new_pet(text) {
        Some(pet) => within_body_bound(pet).map_err(|message| (0, vec![Problem::whole(message)])),
        None => parse_json(text)
            .map_err(|(lines_in, message)| (lines_in, vec![Problem::whole(message)]))
            .and_then(|value| new_pet_from_json(text, value)),
    }
}

/// The short way of [`new_pet_from_json_text`]: the NewPet of a JSON object with `name` (a string),
/// `categoryId` (an integer written as one, within int64) and optionally `status` (one of the enumeration),
/// each once and nothing else; `None` for any other text, which the long way then reads and judges. The
/// long way ignores other fields, but reading them there also checks their numbers (`1e400` is no JSON
/// number serde_json takes), which skipping them here would not: so any other field sends a record the
/// long way.
pub(super) fn plain_new_pet(text: &[u8]) -> Option<NewPet> {
    /// `status` when present: a string, never `null` (which the long way refuses), and borrowed from the
    /// text (one written with escapes goes the long way).
    fn some_str<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<&'de str>, D::Error> {
        <&str>::deserialize(deserializer).map(Some)
    }
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Plain<'a> {
        name: String,
        #[serde(rename = "categoryId")]
        category_id: i64,
        #[serde(default, borrow, deserialize_with = "some_str")]
        status: Option<&'a str>,
    }
    // serde's derived structs also take an array of the values in order: only an object is a NewPet.
    if text.trim_ascii_start().first() != Some(&b'{') {
        return None;
    }
    // Duplicate fields, `null`, a `categoryId` of `3.0` or past int64: an error here, the long way then.
    let plain: Plain = serde_json::from_slice(text).ok()?;
    // A blank name goes the long way, which says so.
    if crate::api::models::name_problem(&plain.name).is_some() {
        return None;
    }
    let status = match plain.status {
        Some(status) => Some(parse_status(status)?),
        None => None,
    };
    Some(NewPet { name: plain.name, category_id: plain.category_id, status })
}

/// One JSON value, or why it is not one, with the number of lines into `text` where the mistake is.
pub(super) fn parse_json(text: &[u8]) -> Result<Value, (u64, String)> {
    serde_json::from_slice(text).map_err(|err| {
        let lines_in = err.line().saturating_sub(1) as u64;
        // serde_json ends its message with ` at line L column C`, counted within `text`: misleading here.
        let message = err.to_string();
        let message = match message.rfind(" at line ") {
            Some(at) if err.line() > 0 => &message[..at],
            _ => &message,
        };
        let column = if err.line() > 0 { format!(" (column {})", err.column()) } else { String::new() };
        (lines_in, format!("not valid JSON: {}{column}", one_line(message)))
    })
}

/// A JSON value (parsed from `text`) checked as a NewPet by the API's rules, with every problem it has: `name`
/// a string and `categoryId` an int64, both required (`null` is no value); `status`, when present, one of the
/// enumeration (not `null`, which the enumeration lacks); other fields are ignored, as the API ignores them.
/// Number types are JSON Schema's: `3.0`, `3e0` and `30e-1` are the integer 3; `3.5` is no integer.
pub(super) fn new_pet_from_json(text: &[u8], value: Value) -> Result<NewPet, (u64, Vec<Problem>)> {
    let Value::Object(mut fields) = value else {
        let message = format!("expected a JSON object with `name` and `categoryId`, got {}", shown(&value));
        return Err((0, vec![Problem::whole(message)]));
    };
    let mut problems = Vec::new();
    let name = match fields.remove("name") {
        None | Some(Value::Null) => {
            problems.push(Problem::of("name", "`name` is required"));
            None
        }
        Some(Value::String(name)) => match crate::api::models::name_problem(&name) {
            Some(problem) => {
                problems.push(Problem::of("name", problem));
                None
            }
            None => Some(name),
        },
        Some(other) => {
            problems.push(Problem::of("name", format!("`name` must be a string, got {}", shown(&other))));
            None
        }
    };
    let category_id = match fields.get("categoryId") {
        None | Some(Value::Null) => {
            problems.push(Problem::of("categoryId", "`categoryId` is required"));
            None
        }
        Some(Value::Number(number)) => match number.as_i64() {
            Some(id) => Some(id),
            // serde_json keeps `3.0` or `1e2` only as an f64, which cannot say whether `9007199254740993.0`
            // is an integer: its text can.
            None => {
                let number = category_id_text(text).unwrap_or_default();
                let id = int64_of_json_number(&number);
                if let Err(why) = id {
                    let message = format!("`categoryId` must be an integer, got {}{why}", cut(&number));
                    problems.push(Problem::of("categoryId", message));
                }
                id.ok()
            }
        },
        Some(other) => {
            problems.push(Problem::of("categoryId", format!("`categoryId` must be an integer, got {}", shown(other))));
            None
        }
    };
    let status = match fields.get("status") {
        None => None,
        Some(value) => {
            let status = value.as_str().and_then(parse_status);
            if status.is_none() {
                let message = format!("`status` must be one of {}, got {}", allowed_statuses(), shown(value));
                problems.push(Problem::of("status", message));
            }
            status
        }
    };
    match (name, category_id) {
        (Some(name), Some(category_id)) if problems.is_empty() => {
            within_body_bound(NewPet { name, category_id, status })
                .map_err(|message| (0, vec![Problem::whole(message)]))
        }
        _ => Err((0, problems)),
    }
}

/// The text of a JSON object's `categoryId` as written, the last one when it appears twice (as
/// `serde_json::Value` keeps the last).
pub(super) fn category_id_text(object: &[u8]) -> Option<String> {
    struct Last(Option<String>);
    impl<'de> Deserialize<'de> for Last {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Last, D::Error> {
            deserializer.deserialize_map(Last(None))
        }
    }
    impl<'de> Visitor<'de> for Last {
        type Value = Last;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a JSON object")
        }
        fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Last, A::Error> {
            while let Some(key) = map.next_key::<String>()? {
                if key == "categoryId" {
                    self.0 = Some(map.next_value::<&RawValue>()?.get().trim().to_owned());
                } else {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            Ok(self)
        }
    }
    serde_json::from_slice::<Last>(object).ok()?.0
}

/// A JSON number's text as an int64, exactly, by JSON Schema's rule that a number is an integer when its
/// fraction is zero: `3.0`, `3e0`, `30e-1` and `0.3e1` are 3. The error says why not, to follow the number.
pub fn int64_of_json_number(text: &str) -> Result<i64, &'static str> {
    const NOT_A_NUMBER: &str = "";
    const FRACTION: &str = "";
    const BEYOND: &str = ", which is beyond int64";
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (unsigned, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if !digits(whole) || (whole.len() > 1 && whole.starts_with('0')) || (mantissa.contains('.') && !digits(fraction)) {
        return Err(NOT_A_NUMBER);
    }
    // The exponent, saturated: past a trillion, a nonzero significand is beyond int64 or below 1 anyway.
    let mut power: i64 = 0;
    if let Some(exponent) = exponent {
        let (sign, magnitude) = match exponent.as_bytes().first() {
            Some(b'-') => (-1, &exponent[1..]),
            Some(b'+') => (1, &exponent[1..]),
            _ => (1, exponent),
        };
        if !digits(magnitude) {
            return Err(NOT_A_NUMBER);
        }
        let magnitude =
            magnitude.bytes().fold(0i64, |n, byte| (n * 10 + i64::from(byte - b'0')).min(1_000_000_000_000));
        power = sign * magnitude;
    }
    // The number is `significand × 10^power`, with the significand's zeros at both ends taken off.
    let significand = format!("{whole}{fraction}");
    let significand = significand.trim_start_matches('0');
    let trimmed = significand.trim_end_matches('0');
    if trimmed.is_empty() {
        return Ok(0);
    }
    power = power - fraction.len() as i64 + (significand.len() - trimmed.len()) as i64;
    if power < 0 {
        return Err(FRACTION);
    }
    if trimmed.len() as i64 + power > 19 {
        return Err(BEYOND);
    }
    let magnitude = trimmed.parse::<i128>().expect("at most 19 digits") * 10i128.pow(power as u32);
    let value = if negative { -magnitude } else { magnitude };
    i64::try_from(value).map_err(|_| BEYOND)
}

/// A status by its wire name, exactly (`available`, not `Available`).
pub(super) fn parse_status(text: &str) -> Option<PetStatus> {
    PetStatus::ALL.into_iter().find(|status| status.as_str() == text)
}

/// "`available`, `pending`, `sold`", from the enumeration itself.
pub(super) fn allowed_statuses() -> String {
    PetStatus::ALL.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", ")
}

/// How many characters of a value a message quotes.
pub(super) const SHOWN_CHARS: usize = 40;

/// A value as a message quotes it: what kind it is, and the value itself when short. Numbers that are not
/// int64 are described, not printed: serde_json keeps them as floats, which would misquote `1e3` as `1000.0`.
pub(super) fn shown(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) if n.is_i64() => n.to_string(),
        Value::Number(n) if n.is_u64() => format!("{n}, which is beyond int64"),
        Value::Number(_) => "a number with a fraction or an exponent".to_owned(),
        Value::String(text) => quoted(text),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

/// A number's text as a message quotes it, cut to [`SHOWN_CHARS`].
pub(super) fn cut(text: &str) -> String {
    let mut cut: String = text.chars().take(SHOWN_CHARS).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

/// A string as JSON writes it (so control characters are escaped), cut to [`SHOWN_CHARS`].
pub(super) fn quoted(text: &str) -> String {
    let mut cut: String = text.chars().take(SHOWN_CHARS).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    Value::String(cut).to_string()
}
