//! Records in, records out, for `petstore pets add --file`: reads a file of NewPets (a JSON array, NDJSON, or
//! CSV with a header row) one record at a time, each checked by the API's rules and tagged with the line it
//! starts on, and writes records back in the same format (the `--failed` file). Nothing here holds more than
//! one record, and no record past [`MAX_RECORD_BYTES`] is held whole, so memory stays flat however long the
//! file or its lines. It never sends a request and never prints.

mod array;
mod delimited;
pub mod formula;
mod ndjson;
mod record;
mod write;

use std::io::{self, BufRead};
use std::path::Path;

use crate::api::{MAX_REQUEST_BODY_BYTES, NewPet};

pub use delimited::Column;
use ndjson::Ndjson;
pub use record::int64_of_json_number;
use record::{BOM, allowed_statuses, new_pet_from_json_text, parse_status, quoted, within_body_bound};
pub use write::{FailedFile, Writer};

/// `--format`: how a file of records is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// A record that passed the checks, the line of the file it starts on (1-based), and its number among the
/// records read (1-based): the record's own where a line holds several (a one-line JSON array), so that its
/// request id and its write in the journal are its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub line: u64,
    pub number: u64,
    pub pet: NewPet,
}

impl Record {
    /// The record of `line`, numbered as the [`Reader`] reads it (0 until then).
    pub fn new(line: u64, pet: NewPet) -> Record {
        Record { line, number: 0, pet }
    }
}

/// A record that did not pass, or a flaw in the file around the records: the line, what is wrong, and for a
/// record whose bounds are known its content as read ([`Raw`]), so that it can be set aside whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub line: u64,
    /// Every problem found, at least one.
    pub problems: Vec<Problem>,
    /// `None` for a flaw around the records (a header, the array's brackets), a NUL byte, or a record too long
    /// to hold.
    pub raw: Option<Raw>,
}

/// One thing wrong with a record: the field it is in, as the API names it (`name`, `categoryId`, `status`),
/// or `None` when it is the record as a whole (not JSON, not an object, too long, the wrong number of fields).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: Option<&'static str>,
    pub message: String,
}

impl Problem {
    pub(crate) fn of(field: &'static str, message: impl Into<String>) -> Problem {
        Problem { field: Some(field), message: message.into() }
    }

    pub(crate) fn whole(message: impl Into<String>) -> Problem {
        Problem { field: None, message: message.into() }
    }
}

/// An invalid record as it was read, to be written back in its file's layout: a JSON text (an NDJSON line,
/// an array's element) as it was, or a CSV row's cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Raw {
    Json(Vec<u8>),
    Cells(Vec<Vec<u8>>),
}

impl Invalid {
    /// A flaw that is no record of its own, or a record that cannot be held: one problem, no [`Raw`].
    pub(crate) fn whole(line: u64, message: impl Into<String>) -> Invalid {
        Invalid { line, problems: vec![Problem::whole(message)], raw: None }
    }

    /// Its problems in words, one after another.
    pub fn message(&self) -> String {
        self.problems.iter().map(|problem| problem.message.as_str()).collect::<Vec<_>>().join("; ")
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message())
    }
}

/// A record given as a JSON value rather than read from a file (`petstore mcp`'s `add_pets`), checked by the
/// rules a file's JSON record meets: the NewPet, or every problem it has.
pub fn check_json(value: serde_json::Value) -> Result<NewPet, Vec<Problem>> {
    // The rules read a `categoryId` such as `3.0` from its text, which a value gives back as JSON writes it.
    let text = serde_json::to_vec(&value).expect("a JSON value serialises");
    record::new_pet_from_json(&text, value).map_err(|(_, problems)| problems)
}

/// One record as read: checked, or refused with its reason.
pub type Parsed = Result<Record, Invalid>;

/// The longest record: the longest request body the API takes (see [`MAX_REQUEST_BODY_BYTES`]). A record's
/// length is its text: an NDJSON line without its line ending, a JSON array element, or a CSV row's values
/// and separators. A longer record is skipped over while it is read, holding at most this much of it.
pub const MAX_RECORD_BYTES: usize = MAX_REQUEST_BODY_BYTES;

/// Why a record longer than [`MAX_RECORD_BYTES`] is refused.
fn too_long(line: u64) -> Invalid {
    Invalid::whole(
        line,
        format!("the record is longer than 1 MiB ({MAX_RECORD_BYTES} bytes), the largest request body the API takes"),
    )
}

/// Why reading stops at a NUL byte. No JSON or CSV text holds one (JSON allows no raw control character; a
/// CSV file is text), so a NUL means the file is something else, `/dev/zero` or a binary, and reading on
/// would only read on through it.
fn not_text(line: u64) -> Invalid {
    Invalid::whole(
        line,
        "the file has a NUL byte here, so it is not a text file (JSON and CSV text never hold one); nothing after \
         it was read",
    )
}

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
    /// The records read so far.
    records: u64,
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
            Format::Ndjson => Kind::Ndjson(Ndjson::new(input)),
            Format::Json => Kind::Json(array::Elements::new(input)),
            Format::Csv => Kind::Csv(delimited::CsvRecords::new(input)?),
        };
        Ok(Reader { kind, records: 0 })
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
        let mut next = match &mut self.kind {
            Kind::Ndjson(records) => records.next(),
            Kind::Json(records) => records.next(),
            Kind::Csv(records) => records.next(),
        };
        if let Some(Ok(Ok(record))) = &mut next {
            self.records += 1;
            record.number = self.records;
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use proptest::strategy::Strategy as _;

    use super::record::{new_pet_from_json, parse_json, plain_new_pet};
    use super::*;
    use crate::api::PetStatus;

    /// The records of `text`, the invalid ones without their [`Raw`] (tested apart), for [`invalid`].
    pub(super) fn read(format: Format, text: &str) -> Vec<Parsed> {
        let parsed = Reader::new(format, text.as_bytes()).unwrap().map(Result::unwrap);
        // Numbers are tested apart.
        let parsed = parsed.map(|parsed| parsed.map(|record| Record { number: 0, ..record }));
        parsed.map(|parsed| parsed.map_err(|invalid| Invalid { raw: None, ..invalid })).collect()
    }

    pub(super) fn pet(name: &str, category_id: i64, status: Option<PetStatus>) -> NewPet {
        NewPet { name: name.to_owned(), category_id, status }
    }

    /// An invalid record (without its [`Raw`]) from its message: its problems, each `; ` apart, in the field
    /// named first in backticks when that is one of the API's.
    pub(super) fn invalid(line: u64, message: &str) -> Parsed {
        let problem = |text: &str| {
            let field = ["name", "categoryId", "status"].into_iter().find(|f| text.starts_with(&format!("`{f}`")));
            Problem { field, message: text.to_owned() }
        };
        Err(Invalid { line, problems: message.split("; ").map(problem).collect(), raw: None })
    }

    /// The long way alone, as every record was read before the short way.
    fn long_way(text: &str) -> Result<NewPet, (u64, Vec<Problem>)> {
        parse_json(text.as_bytes())
            .map_err(|(lines_in, message)| (lines_in, vec![Problem::whole(message)]))
            .and_then(|value| new_pet_from_json(text.as_bytes(), value))
    }

    #[test]
    fn a_json_value_is_checked_as_a_file_record_is() {
        let value = serde_json::json!({"name": "Rex", "categoryId": 3.0, "status": "sold"});
        assert_eq!(check_json(value), Ok(pet("Rex", 3, Some(PetStatus::Sold))));
        let value = serde_json::json!({"name": " ", "categoryId": "two", "status": "Sold"});
        let fields: Vec<_> = check_json(value).unwrap_err().into_iter().map(|problem| problem.field).collect();
        assert_eq!(fields, [Some("name"), Some("categoryId"), Some("status")]);
        let whole = check_json(serde_json::json!([1])).unwrap_err();
        assert_eq!(
            (whole[0].field, whole[0].message.as_str()),
            (None, "expected a JSON object with `name` and `categoryId`, got an array")
        );
    }

    #[test]
    fn the_short_way_takes_only_plain_records_and_reads_them_as_the_long_way_does() {
        let taken = [
            r#"{"name":"Rex","categoryId":1}"#,
            r#" {"categoryId":-2, "status":"sold", "name":"Tom"} "#,
            r#"{"name":"K\u00e9\"t\n","categoryId":9223372036854775807,"status":"pending"}"#,
            r#"{"name":"Z","categoryId":-9223372036854775808}"#,
        ];
        for text in taken {
            let short = plain_new_pet(text.as_bytes()).unwrap_or_else(|| panic!("not taken: {text}"));
            assert_eq!(Ok(short), long_way(text), "{text}");
        }
        // A status written with an escape is the long way's, and reads the same.
        let escaped = r#"{"name":"Rex","categoryId":1,"status":"\u0073old"}"#;
        assert_eq!(plain_new_pet(escaped.as_bytes()), None);
        assert_eq!(new_pet_from_json_text(escaped.as_bytes()), Ok(pet("Rex", 1, Some(PetStatus::Sold))));
        // `-0` is an integer to one reader and a float to another: either way, the same NewPet.
        let text = r#"{"name":"Rex","categoryId":-0}"#;
        assert_eq!(new_pet_from_json_text(text.as_bytes()), long_way(text));
        // Each of these the long way reads or refuses in its own words: `null`, a number written as a float or
        // past int64, a field twice (the last counts), another field (its number `1e400` is refused), an
        // array, a status outside the enumeration, a name of the wrong type, trailing text.
        let left = [
            r#"{"name":"Rex","categoryId":1,"status":null}"#,
            r#"{"name":null,"categoryId":1}"#,
            r#"{"name":"Rex","categoryId":null}"#,
            r#"{"name":"Rex","categoryId":3.0}"#,
            r#"{"name":"Rex","categoryId":1e2}"#,
            r#"{"name":"Rex","categoryId":9223372036854775808}"#,
            r#"{"name":"Rex","categoryId":1,"categoryId":2}"#,
            r#"{"name":"Rex","name":"Tom","categoryId":1}"#,
            r#"{"name":"Rex","categoryId":1,"x":1e400}"#,
            r#"{"name":"Rex","categoryId":1,"x":1}"#,
            r#"["Rex",1]"#,
            r#"{"name":"Rex","categoryId":1,"status":"lost"}"#,
            r#"{"name":"Rex","categoryId":1,"status":"Sold"}"#,
            r#"{"name":1,"categoryId":1}"#,
            r#"{"name":"Rex","categoryId":"1"}"#,
            r#"{"name":"Rex"}"#,
            r#"{"name":"Rex","categoryId":1} x"#,
            r#"{"name":"Rex","categoryId":1"#,
            "",
        ];
        for text in left {
            assert_eq!(plain_new_pet(text.as_bytes()), None, "{text}");
            assert_eq!(new_pet_from_json_text(text.as_bytes()), long_way(text), "{text}");
        }
    }

    proptest::proptest! {
        /// Whatever a record's fields, the short way and the long way give the same NewPet or the same words.
        #[test]
        fn both_ways_agree(
            name in proptest::prop_oneof![
                proptest::string::string_regex("\\PC{0,12}").unwrap().prop_map(|s| serde_json::to_string(&s).unwrap()),
                proptest::strategy::Just("null".to_owned()),
                proptest::strategy::Just("7".to_owned()),
            ],
            id in proptest::prop_oneof![
                proptest::num::i64::ANY.prop_map(|n| n.to_string()),
                proptest::strategy::Just("3.0".to_owned()),
                proptest::strategy::Just("1e2".to_owned()),
                proptest::strategy::Just("18446744073709551615".to_owned()),
                proptest::strategy::Just("\"1\"".to_owned()),
            ],
            status in proptest::option::of(proptest::prop_oneof![
                proptest::strategy::Just("\"available\"".to_owned()),
                proptest::strategy::Just("\"sold\"".to_owned()),
                proptest::strategy::Just("\"gone\"".to_owned()),
                proptest::strategy::Just("null".to_owned()),
            ]),
            extra in proptest::bool::ANY,
            order in 0..3usize,
        ) {
            let mut fields = vec![format!(r#""name":{name}"#), format!(r#""categoryId":{id}"#)];
            if let Some(status) = status {
                fields.push(format!(r#""status":{status}"#));
            }
            if extra {
                fields.push(r#""x":[1,{"y":null}]"#.to_owned());
            }
            let len = fields.len();
            fields.rotate_left(order % len);
            let text = format!("{{{}}}", fields.join(","));
            proptest::prop_assert_eq!(new_pet_from_json_text(text.as_bytes()), long_way(&text), "{}", text);
        }
    }

    #[test]
    fn each_record_has_a_number_of_its_own_where_a_line_holds_several() {
        let text =
            "[{\"name\":\"a\",\"categoryId\":1},{\"name\":\"b\",\"categoryId\":1},\n{\"name\":\"c\",\"categoryId\":1}]";
        let numbered: Vec<(u64, u64)> = Reader::new(Format::Json, text.as_bytes())
            .unwrap()
            .map(|parsed| parsed.unwrap().map(|record| (record.line, record.number)).unwrap())
            .collect();
        assert_eq!(numbered, [(1, 1), (1, 2), (2, 3)]);
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
        let text = "\u{feff}{\"name\":\"Rex\",\"categoryId\":1}\n\n  \r\n{\"name\":\"Tom\",\"categoryId\":-2,\"status\":\"sold\",\"x\":[1]}\r\n{\"name\":\"Kit\",\"categoryId\":3.0,\"status\":\"pending\"}";
        assert_eq!(
            read(Format::Ndjson, text),
            vec![
                Ok(Record::new(1, pet("Rex", 1, None))),
                Ok(Record::new(4, pet("Tom", -2, Some(PetStatus::Sold)))),
                Ok(Record::new(5, pet("Kit", 3, Some(PetStatus::Pending)))),
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
            "{\"name\":\"a\",\"categoryId\":1,\"status\":null}\n",
        );
        assert_eq!(
            read(Format::Ndjson, text),
            vec![
                invalid(1, "`categoryId` must be an integer, got \"x\""),
                invalid(2, "`name` is required; `status` must be one of `available`, `pending`, `sold`, got \"lost\""),
                invalid(3, "`name` must be a string, got 5; `categoryId` must be an integer, got 1.5"),
                invalid(4, "`categoryId` must be an integer, got 9223372036854775808, which is beyond int64"),
                invalid(5, "`status` must be one of `available`, `pending`, `sold`, got \"Available\""),
                invalid(6, "expected a JSON object with `name` and `categoryId`, got an array"),
                invalid(7, "not valid JSON: expected `,` or `}` (column 13)"),
                invalid(8, "`name` is required; `categoryId` is required"),
                invalid(9, "`status` must be one of `available`, `pending`, `sold`, got 7"),
                invalid(10, "`status` must be one of `available`, `pending`, `sold`, got null"),
            ]
        );
    }

    #[test]
    fn long_or_hostile_values_are_cut_and_escaped() {
        let long = "x".repeat(100);
        let text =
            format!("{{\"name\":\"a\",\"categoryId\":\"{long}\"}}\n{{\"name\":\"a\",\"categoryId\":\"\\u001b[31m\"}}");
        let messages: Vec<_> = read(Format::Ndjson, &text).into_iter().map(|r| r.unwrap_err().message()).collect();
        assert_eq!(messages[0], format!("`categoryId` must be an integer, got \"{}…\"", "x".repeat(40)));
        assert_eq!(messages[1], "`categoryId` must be an integer, got \"\\u001b[31m\"");
    }

    #[test]
    fn invalid_utf8_is_an_invalid_record_not_a_failure() {
        let mut text = b"{\"name\":\"\xff\",\"categoryId\":1}\n".to_vec();
        text.extend_from_slice(b"{\"name\":\"ok\",\"categoryId\":1}\n");
        let parsed: Vec<_> = Reader::new(Format::Ndjson, text.as_slice()).unwrap().map(Result::unwrap).collect();
        assert!(parsed[0].as_ref().unwrap_err().message().starts_with("not valid JSON"), "{parsed:?}");
        assert_eq!(parsed[1], Ok(Record { number: 1, ..Record::new(2, pet("ok", 1, None)) }));
    }

    #[test]
    fn a_json_number_with_a_zero_fraction_is_an_integer_exactly() {
        for (text, expected) in [
            ("3", Ok(3)),
            ("3.0", Ok(3)),
            ("3e0", Ok(3)),
            ("30e-1", Ok(3)),
            ("0.3E+1", Ok(3)),
            ("-3.000", Ok(-3)),
            ("-0.0", Ok(0)),
            ("0e999999999999999999999", Ok(0)),
            ("9223372036854775807.0", Ok(i64::MAX)),
            ("-9223372036854775808e0", Ok(i64::MIN)),
            // An f64 reads both as 9007199254740992.
            ("9007199254740993.0", Ok(9_007_199_254_740_993)),
            ("3.5", Err("")),
            ("3.0000000000000000001", Err("")),
            ("1e-1", Err("")),
            ("9223372036854775808.0", Err(", which is beyond int64")),
            ("-9223372036854775809", Err(", which is beyond int64")),
            ("1e19", Err(", which is beyond int64")),
            ("1e999999999999999999999", Err(", which is beyond int64")),
            ("03", Err("")),
            ("+3", Err("")),
            ("3.", Err("")),
            ("3e", Err("")),
            ("", Err("")),
        ] {
            assert_eq!(int64_of_json_number(text), expected, "{text}");
        }
    }

    #[test]
    fn ndjson_category_ids_follow_json_schema_and_null_is_no_status() {
        let text = concat!(
            "{\"name\":\"a\",\"categoryId\":3.0}\n",
            "{\"name\":\"b\",\"categoryId\":3e0}\n",
            "{\"name\":\"c\",\"categoryId\":30e-1}\n",
            "{\"name\":\"d\",\"categoryId\":3.5}\n",
            "{\"name\":\"e\",\"categoryId\":1e19}\n",
            "{\"name\":\"f\",\"categoryId\":9007199254740993.0}\n",
            "{\"name\":\"g\",\"categoryId\":2.5,\"categoryId\":2.0}\n",
            "{\"name\":\"h\",\"categoryId\":1,\"status\":null}\n",
        );
        assert_eq!(
            read(Format::Ndjson, text),
            vec![
                Ok(Record::new(1, pet("a", 3, None))),
                Ok(Record::new(2, pet("b", 3, None))),
                Ok(Record::new(3, pet("c", 3, None))),
                invalid(4, "`categoryId` must be an integer, got 3.5"),
                invalid(5, "`categoryId` must be an integer, got 1e19, which is beyond int64"),
                Ok(Record::new(6, pet("f", 9_007_199_254_740_993, None))),
                Ok(Record::new(7, pet("g", 2, None))),
                invalid(8, "`status` must be one of `available`, `pending`, `sold`, got null"),
            ]
        );
    }

    /// A record of exactly `len` bytes: `{"name":"xx…","categoryId":1}`.
    pub(super) fn record_of(len: usize) -> String {
        let frame = "{\"name\":\"\",\"categoryId\":1}".len();
        format!("{{\"name\":\"{}\",\"categoryId\":1}}", "x".repeat(len - frame))
    }

    pub(super) fn too_long_at(line: u64) -> Parsed {
        Err(too_long(line))
    }

    #[test]
    fn an_ndjson_line_past_the_bound_is_refused_and_reading_goes_on() {
        let text = format!(
            "{}\r\n{}\n{}\n{{\"name\":\"ok\",\"categoryId\":2}}",
            record_of(MAX_RECORD_BYTES),
            record_of(MAX_RECORD_BYTES + 1),
            "x".repeat(5 * MAX_RECORD_BYTES)
        );
        let mut reader = Reader::new(Format::Ndjson, text.as_bytes()).unwrap();
        let parsed: Vec<_> = reader.by_ref().map(Result::unwrap).collect();
        assert_eq!(parsed.len(), 4);
        // Read whole at the bound; what is wrong with it is its name, past the API's bound on a name.
        let name_past = "`name` is longer than 131072 bytes".to_owned();
        assert_eq!(parsed[0].as_ref().map_err(|invalid| (invalid.line, invalid.message())).err(), Some((1, name_past)));
        assert_eq!(
            parsed[1..],
            [too_long_at(2), too_long_at(3), Ok(Record { number: 1, ..Record::new(4, pet("ok", 2, None)) })]
        );
        let Kind::Ndjson(ndjson) = &reader.kind else { unreachable!() };
        assert!(ndjson.capacity() < 2 * MAX_RECORD_BYTES + 16, "{}", ndjson.capacity());
    }

    #[test]
    fn a_nul_byte_ends_the_reading_in_every_format() {
        let ok = |line| Ok(Record::new(line, pet("Rex", 1, None)));
        let nul = |line| Err(not_text(line));
        assert_eq!(
            read(Format::Ndjson, "{\"name\":\"Rex\",\"categoryId\":1}\n\n{\"na\0me\"}\n{}"),
            vec![ok(1), nul(3)]
        );
        assert_eq!(read(Format::Ndjson, "\0"), vec![nul(1)]);
        assert_eq!(read(Format::Json, "\0["), vec![nul(1)]);
        assert_eq!(read(Format::Json, "[{\"name\":\"Rex\",\"categoryId\":1},\n{\"n\0\"},{}]"), vec![ok(1), nul(2)]);
        assert_eq!(read(Format::Json, "[{\"name\":\"Rex\",\"categoryId\":1}\n\n\0]"), vec![ok(1), nul(3)]);
        assert_eq!(read(Format::Csv, "\0name,categoryId\n"), vec![nul(1)]);
        assert_eq!(read(Format::Csv, "name,categoryId\nRex,1\nTom\0,2\nKit,3\n"), vec![ok(2), nul(3)]);
        let endless = std::io::BufReader::new(std::io::repeat(0));
        let parsed: Vec<_> = Reader::new(Format::Ndjson, endless).unwrap().map(Result::unwrap).collect();
        assert_eq!(parsed, vec![nul(1)]);
    }
}
