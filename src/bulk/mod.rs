//! Records in, records out, for `petstore pets add --file`: reads a file of NewPets (a JSON array, NDJSON, or
//! CSV with a header row) one record at a time, each checked by the API's rules and tagged with the line it
//! starts on, and writes records back in the same format (the `--failed` file). Nothing here holds more than
//! one record, so memory stays flat however long the file. It never sends a request and never prints.

mod array;
mod delimited;
pub mod formula;
mod write;

use std::io::{self, BufRead};
use std::path::Path;

use serde_json::Value;

use crate::api::error::sanitise;
use crate::api::{NewPet, PetStatus};

pub use delimited::Column;
pub use write::{FailedFile, Writer};

/// `--format`: how a file of records is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A JSON array of NewPet objects (`.json`)
    Json,
    /// One NewPet JSON object per line; blank lines are skipped (`.ndjson`, `.jsonl`)
    Ndjson,
    /// Comma-separated with a header row: `name`, `categoryId` and optionally `status`, in any order (`.csv`)
    Csv,
}

impl Format {
    /// The format a file's extension names, in any case: `.json`; `.ndjson` or `.jsonl`; `.csv`.
    pub fn from_extension(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "json" => Some(Format::Json),
            "ndjson" | "jsonl" => Some(Format::Ndjson),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }

    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Ndjson => "ndjson",
            Format::Csv => "csv",
        }
    }
}

/// A record that passed the checks, and the line of the file it starts on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub line: u64,
    pub pet: NewPet,
}

/// A record that did not pass, or a flaw in the file around the records, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub line: u64,
    pub message: String,
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One record as read: checked, or refused with its reason.
pub type Parsed = Result<Record, Invalid>;

/// How records are laid out, to write others the same way: the format, and for CSV the header's column order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    Json,
    Ndjson,
    Csv(Vec<Column>),
}

/// Reads records one at a time from a file in one of the [`Format`]s. Each item is a checked record or the
/// reason one is refused; an `Err` is an I/O failure, after which nothing more is read. A flaw that leaves the
/// rest of the file unreadable (a CSV header, the JSON array's brackets and commas) is one last `Invalid`.
pub struct Reader<R> {
    kind: Kind<R>,
}

enum Kind<R> {
    Ndjson(Ndjson<R>),
    Json(array::Elements<R>),
    Csv(delimited::CsvRecords<R>),
}

impl<R> std::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader").finish_non_exhaustive()
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`. For CSV the header row is read now, so [`Reader::layout`] knows the columns.
    pub fn new(format: Format, input: R) -> io::Result<Reader<R>> {
        let kind = match format {
            Format::Ndjson => Kind::Ndjson(Ndjson { input, line: 0, buf: Vec::new() }),
            Format::Json => Kind::Json(array::Elements::new(input)),
            Format::Csv => Kind::Csv(delimited::CsvRecords::new(input)?),
        };
        Ok(Reader { kind })
    }

    /// How to write records so that this reader would read them back.
    pub fn layout(&self) -> Layout {
        match &self.kind {
            Kind::Ndjson(_) => Layout::Ndjson,
            Kind::Json(_) => Layout::Json,
            Kind::Csv(records) => Layout::Csv(records.columns()),
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Parsed>;

    fn next(&mut self) -> Option<io::Result<Parsed>> {
        match &mut self.kind {
            Kind::Ndjson(records) => records.next(),
            Kind::Json(records) => records.next(),
            Kind::Csv(records) => records.next(),
        }
    }
}

/// NDJSON: one object per line; the line number is the file's; blank lines are skipped.
struct Ndjson<R> {
    input: R,
    line: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> Ndjson<R> {
    fn next(&mut self) -> Option<io::Result<Parsed>> {
        loop {
            self.buf.clear();
            match self.input.read_until(b'\n', &mut self.buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(err) => return Some(Err(err)),
            }
            self.line += 1;
            let mut text = self.buf.as_slice();
            if self.line == 1 {
                text = text.strip_prefix(BOM).unwrap_or(text);
            }
            if text.trim_ascii().is_empty() {
                continue;
            }
            let line = self.line;
            return Some(Ok(parse_json(text)
                .and_then(new_pet_from_json)
                .map(|pet| Record { line, pet })
                .map_err(|(offset, message)| Invalid { line: line + offset, message })));
        }
    }
}

/// The UTF-8 byte order mark some editors put first in a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One JSON value, or why it is not one, with the number of lines into `text` where the mistake is.
fn parse_json(text: &[u8]) -> Result<Value, (u64, String)> {
    serde_json::from_slice(text).map_err(|err| {
        let lines_in = err.line().saturating_sub(1) as u64;
        // serde_json ends its message with ` at line L column C`, counted within `text`: misleading here.
        let message = err.to_string();
        let message = match message.rfind(" at line ") {
            Some(at) if err.line() > 0 => &message[..at],
            _ => &message,
        };
        let column = if err.line() > 0 { format!(" (column {})", err.column()) } else { String::new() };
        (lines_in, format!("not valid JSON: {}{column}", sanitise(message)))
    })
}

/// A JSON value checked as a NewPet by the API's rules, with every problem it has: `name` a string and
/// `categoryId` an int64, both required; `status` one of the enumeration when given; `null` counts as absent;
/// other fields are ignored, as the API ignores them.
fn new_pet_from_json(value: Value) -> Result<NewPet, (u64, String)> {
    let Value::Object(mut fields) = value else {
        return Err((0, format!("expected a JSON object with `name` and `categoryId`, got {}", shown(&value))));
    };
    let mut problems = Vec::new();
    let name = match fields.remove("name") {
        None | Some(Value::Null) => {
            problems.push("`name` is required".to_owned());
            None
        }
        Some(Value::String(name)) => Some(name),
        Some(other) => {
            problems.push(format!("`name` must be a string, got {}", shown(&other)));
            None
        }
    };
    let category_id = match fields.get("categoryId") {
        None | Some(Value::Null) => {
            problems.push("`categoryId` is required".to_owned());
            None
        }
        Some(value) => {
            let id = value.as_i64();
            if id.is_none() {
                problems.push(format!("`categoryId` must be an integer, got {}", shown(value)));
            }
            id
        }
    };
    let status = match fields.get("status") {
        None | Some(Value::Null) => None,
        Some(value) => {
            let status = value.as_str().and_then(parse_status);
            if status.is_none() {
                problems.push(format!("`status` must be one of {}, got {}", allowed_statuses(), shown(value)));
            }
            status
        }
    };
    match (name, category_id) {
        (Some(name), Some(category_id)) if problems.is_empty() => Ok(NewPet { name, category_id, status }),
        _ => Err((0, problems.join("; "))),
    }
}

/// A status by its wire name, exactly (`available`, not `Available`).
fn parse_status(text: &str) -> Option<PetStatus> {
    use clap::ValueEnum;
    PetStatus::value_variants().iter().copied().find(|status| status.as_str() == text)
}

/// "`available`, `pending`, `sold`", from the enumeration itself.
fn allowed_statuses() -> String {
    use clap::ValueEnum;
    PetStatus::value_variants().iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", ")
}

/// How many characters of a value a message quotes.
const SHOWN_CHARS: usize = 40;

/// A value as a message quotes it: what kind it is, and the value itself when short. Numbers that are not
/// int64 are described, not printed: serde_json keeps them as floats, which would misquote `1e3` as `1000.0`.
fn shown(value: &Value) -> String {
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

/// A string as JSON writes it (so control characters are escaped), cut to [`SHOWN_CHARS`].
fn quoted(text: &str) -> String {
    let mut cut: String = text.chars().take(SHOWN_CHARS).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    Value::String(cut).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn read(format: Format, text: &str) -> Vec<Parsed> {
        Reader::new(format, text.as_bytes()).unwrap().map(Result::unwrap).collect()
    }

    pub(super) fn pet(name: &str, category_id: i64, status: Option<PetStatus>) -> NewPet {
        NewPet { name: name.to_owned(), category_id, status }
    }

    pub(super) fn invalid(line: u64, message: &str) -> Parsed {
        Err(Invalid { line, message: message.to_owned() })
    }

    #[test]
    fn formats_come_from_extensions() {
        assert_eq!(Format::from_extension(Path::new("a/pets.JSON")), Some(Format::Json));
        assert_eq!(Format::from_extension(Path::new("pets.jsonl")), Some(Format::Ndjson));
        assert_eq!(Format::from_extension(Path::new("pets.ndjson")), Some(Format::Ndjson));
        assert_eq!(Format::from_extension(Path::new("pets.csv")), Some(Format::Csv));
        assert_eq!(Format::from_extension(Path::new("pets.txt")), None);
        assert_eq!(Format::from_extension(Path::new("pets")), None);
    }

    #[test]
    fn ndjson_numbers_records_by_file_line_and_skips_blank_lines() {
        let text = "\u{feff}{\"name\":\"Rex\",\"categoryId\":1}\n\n  \r\n{\"name\":\"Tom\",\"categoryId\":-2,\"status\":\"sold\",\"x\":[1]}\r\n{\"name\":\"Kit\",\"categoryId\":3,\"status\":null}";
        assert_eq!(
            read(Format::Ndjson, text),
            vec![
                Ok(Record { line: 1, pet: pet("Rex", 1, None) }),
                Ok(Record { line: 4, pet: pet("Tom", -2, Some(PetStatus::Sold)) }),
                Ok(Record { line: 5, pet: pet("Kit", 3, None) }),
            ]
        );
    }

    #[test]
    fn ndjson_says_what_is_wrong_with_each_record() {
        let text = concat!(
            "{\"name\":\"Rex\",\"categoryId\":\"x\"}\n",
            "{\"categoryId\":1,\"status\":\"lost\"}\n",
            "{\"name\":5,\"categoryId\":1.5}\n",
            "{\"name\":\"a\",\"categoryId\":9223372036854775808}\n",
            "{\"name\":\"a\",\"categoryId\":1,\"status\":\"Available\"}\n",
            "[1]\n",
            "{\"name\":\"a\" \"categoryId\":1}\n",
            "{\"name\":null,\"categoryId\":null}\n",
            "{\"name\":\"a\",\"categoryId\":1,\"status\":7}\n",
        );
        assert_eq!(
            read(Format::Ndjson, text),
            vec![
                invalid(1, "`categoryId` must be an integer, got \"x\""),
                invalid(2, "`name` is required; `status` must be one of `available`, `pending`, `sold`, got \"lost\""),
                invalid(
                    3,
                    "`name` must be a string, got 5; `categoryId` must be an integer, got a number with a fraction or an exponent"
                ),
                invalid(4, "`categoryId` must be an integer, got 9223372036854775808, which is beyond int64"),
                invalid(5, "`status` must be one of `available`, `pending`, `sold`, got \"Available\""),
                invalid(6, "expected a JSON object with `name` and `categoryId`, got an array"),
                invalid(7, "not valid JSON: expected `,` or `}` (column 13)"),
                invalid(8, "`name` is required; `categoryId` is required"),
                invalid(9, "`status` must be one of `available`, `pending`, `sold`, got 7"),
            ]
        );
    }

    #[test]
    fn long_or_hostile_values_are_cut_and_escaped() {
        let long = "x".repeat(100);
        let text =
            format!("{{\"name\":\"a\",\"categoryId\":\"{long}\"}}\n{{\"name\":\"a\",\"categoryId\":\"\\u001b[31m\"}}");
        let messages: Vec<_> = read(Format::Ndjson, &text).into_iter().map(|r| r.unwrap_err().message).collect();
        assert_eq!(messages[0], format!("`categoryId` must be an integer, got \"{}…\"", "x".repeat(40)));
        assert_eq!(messages[1], "`categoryId` must be an integer, got \"\\u001b[31m\"");
    }

    #[test]
    fn invalid_utf8_is_an_invalid_record_not_a_failure() {
        let mut text = b"{\"name\":\"\xff\",\"categoryId\":1}\n".to_vec();
        text.extend_from_slice(b"{\"name\":\"ok\",\"categoryId\":1}\n");
        let parsed: Vec<_> = Reader::new(Format::Ndjson, text.as_slice()).unwrap().map(Result::unwrap).collect();
        assert!(parsed[0].as_ref().unwrap_err().message.starts_with("not valid JSON"), "{parsed:?}");
        assert_eq!(parsed[1], Ok(Record { line: 2, pet: pet("ok", 1, None) }));
    }
}
