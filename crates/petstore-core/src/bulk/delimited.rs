//! CSV with a header row. The header must name exactly the columns `name` and `categoryId`, and optionally
//! `status` and `id` (ignored: the server assigns ids, and `-o csv` writes one), in any order. A cell guarded
//! against spreadsheet formulas loses its `'` ([`super::formula`]). Records are read with `csv-core`, the state machine under the `csv` crate, because
//! `csv::Reader` holds a whole record however long: here a record's values are kept only up to
//! [`MAX_RECORD_BYTES`], and a longer record is read to its end and dropped. Reading feeds the machine from the
//! input's buffer, so each record is numbered by the file line its text starts on (blank lines are skipped).

use std::io::{self, BufRead};

use super::{
    BOM, Invalid, MAX_RECORD_BYTES, Parsed, Problem, Raw, Record, allowed_statuses, int64_of_json_number, not_text,
    parse_status, quoted, too_long, within_body_bound,
};
use crate::api::NewPet;

/// A column of the CSV format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// What `-o csv` writes first; read and ignored.
    Id,
    Name,
    CategoryId,
    Status,
}

impl Column {
    /// The header's name for it, the API's field name.
    pub fn header(self) -> &'static str {
        match self {
            Column::Id => "id",
            Column::Name => "name",
            Column::CategoryId => "categoryId",
            Column::Status => "status",
        }
    }

    /// The column a header cell names, in any case and with or without `_`, `-` or spaces between words
    /// (`CategoryID`, `category_id`), as a spreadsheet's user may have typed it.
    fn from_header(text: &str) -> Option<Column> {
        let folded = |text: &str| -> String {
            text.chars().filter(|c| !matches!(c, '_' | '-' | ' ')).flat_map(char::to_lowercase).collect()
        };
        let text = folded(text);
        [Column::Id, Column::Name, Column::CategoryId, Column::Status]
            .into_iter()
            .find(|column| folded(column.header()) == text)
    }
}

/// How many of a record's values are kept: one more than the columns there are, enough to name the first
/// unknown or repeated column of a header; the values past them are only counted.
const FIELDS_KEPT: usize = 5;

/// The records of a CSV file after its header.
pub(super) struct CsvRecords<R> {
    rows: Rows<R>,
    /// The header's columns in order, or why the header is refused (reported once, as the only record).
    header: Result<Vec<Column>, Option<Invalid>>,
}

impl<R: BufRead> CsvRecords<R> {
    /// Reads the header row now.
    pub(super) fn new(mut input: R) -> io::Result<CsvRecords<R>> {
        if input.fill_buf()?.starts_with(BOM) {
            input.consume(BOM.len());
        }
        let delimiter = delimiter_of(input.fill_buf()?);
        let mut rows = Rows {
            input,
            machine: Box::new(csv_core::ReaderBuilder::new().delimiter(delimiter).build()),
            line: 1,
            fields: Vec::new(),
            clean: 0,
            done: false,
        };
        let header = match rows.next()? {
            Row::Values { line, .. } => columns(&rows.fields).map_err(|message| Some(Invalid::whole(line, message))),
            Row::End => {
                Err(Some(Invalid::whole(1, "the file is empty: expected a header row, `name,categoryId,status`")))
            }
            Row::TooLong { line } => Err(Some(Invalid::whole(
                line,
                format!("the header row is longer than 1 MiB ({MAX_RECORD_BYTES} bytes)"),
            ))),
            Row::NotText { line } => Err(Some(not_text(line))),
        };
        Ok(CsvRecords { rows, header })
    }

    /// The header's columns, in its order; the canonical order when the header was refused.
    pub(super) fn columns(&self) -> Vec<Column> {
        match &self.header {
            Ok(columns) => columns.clone(),
            Err(_) => vec![Column::Name, Column::CategoryId, Column::Status],
        }
    }

    pub(super) fn next(&mut self) -> Option<io::Result<Parsed>> {
        let columns = match &mut self.header {
            Ok(columns) => columns,
            Err(flaw) => return flaw.take().map(|invalid| Ok(Err(invalid))),
        };
        let row = match self.rows.next() {
            Ok(row) => row,
            Err(err) => return Some(Err(err)),
        };
        Some(Ok(match row {
            Row::End => return None,
            Row::Values { line, count } => {
                new_pet(columns, &self.rows.fields, count).map(|pet| Record::new(line, pet)).map_err(|problems| {
                    let cells = self.rows.fields.iter().take(count).cloned().collect();
                    Invalid { line, problems, raw: Some(Raw::Cells(cells)) }
                })
            }
            Row::TooLong { line } => Err(too_long(line)),
            Row::NotText { line } => Err(not_text(line)),
        }))
    }
}

/// What reading one row found.
enum Row {
    /// A row of `count` values starting on `line`; the first [`FIELDS_KEPT`] are in [`Rows::fields`].
    Values {
        line: u64,
        count: usize,
    },
    /// A row longer than [`MAX_RECORD_BYTES`], read to its end and dropped.
    TooLong {
        line: u64,
    },
    /// A NUL byte on `line`: nothing more is read.
    NotText {
        line: u64,
    },
    End,
}

/// Rows of CSV, each read by feeding `csv_core` from the input's buffer.
struct Rows<R> {
    input: R,
    /// Boxed: its transition table is a kilobyte, the other formats' readers a few words.
    machine: Box<csv_core::Reader>,
    /// The line of the next byte to read.
    line: u64,
    /// The values of the row just read, the first [`FIELDS_KEPT`] of them.
    fields: Vec<Vec<u8>>,
    /// How many bytes at the front of the input's buffer are known to hold no NUL.
    clean: usize,
    done: bool,
}

impl<R: BufRead> Rows<R> {
    fn next(&mut self) -> io::Result<Row> {
        self.fields.clear();
        if self.done {
            return Ok(Row::End);
        }
        let mut field = Vec::new();
        // The row's length: its values' bytes and the commas between them.
        let (mut count, mut len, mut start) = (0usize, 0usize, None);
        let mut out = [0u8; 8192];
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            // The buffer is searched for a NUL once, not on each of the many values it may hold.
            if self.clean == 0 {
                let nul = available.iter().position(|&byte| byte == 0);
                if nul == Some(0) {
                    self.done = true;
                    return Ok(Row::NotText { line: self.line });
                }
                self.clean = nul.unwrap_or(available.len());
            }
            let text = &available[..self.clean];
            let at_end = available.is_empty();
            let (result, read, written) = self.machine.read_field(text, &mut out);
            for &byte in &text[..read] {
                if start.is_none() && byte != b'\r' && byte != b'\n' {
                    start = Some(self.line);
                }
                if byte == b'\n' {
                    self.line += 1;
                }
            }
            self.input.consume(read);
            self.clean -= read;
            len += written;
            if len <= MAX_RECORD_BYTES {
                field.extend_from_slice(&out[..written]);
            }
            match result {
                csv_core::ReadFieldResult::InputEmpty | csv_core::ReadFieldResult::OutputFull => {
                    if at_end && read == 0 && written == 0 && result == csv_core::ReadFieldResult::InputEmpty {
                        // At the end of the input the machine must end the row or say End; never loop on it.
                        return Ok(Row::End);
                    }
                }
                csv_core::ReadFieldResult::Field { record_end } => {
                    count += 1;
                    let value = std::mem::take(&mut field);
                    if self.fields.len() < FIELDS_KEPT && len <= MAX_RECORD_BYTES {
                        self.fields.push(value);
                    }
                    let line = start.unwrap_or(self.line);
                    if record_end {
                        return Ok(if len > MAX_RECORD_BYTES {
                            self.fields.clear();
                            Row::TooLong { line }
                        } else {
                            Row::Values { line, count }
                        });
                    }
                    len += 1;
                }
                csv_core::ReadFieldResult::End => return Ok(Row::End),
            }
        }
    }
}

/// The header's columns, or why it is refused.
fn columns(header: &[Vec<u8>]) -> Result<Vec<Column>, String> {
    let expected =
        "expected the header `name,categoryId` or `name,categoryId,status` (and optionally `id`), in any order";
    let mut columns = Vec::new();
    for field in header {
        let text = String::from_utf8_lossy(field);
        let Some(column) = Column::from_header(text.trim()) else {
            return Err(format!("unknown column {} in the header: {expected}", quoted(&text)));
        };
        if columns.contains(&column) {
            return Err(format!("column `{}` appears twice in the header", column.header()));
        }
        columns.push(column);
    }
    for required in [Column::Name, Column::CategoryId] {
        if !columns.contains(&required) {
            return Err(format!("the header has no `{}` column: {expected}", required.header()));
        }
    }
    Ok(columns)
}

/// `;` when the header row (its first line, as far as the input's buffer holds it) has more semicolons than
/// commas, as the spreadsheets of countries whose decimal separator is a comma write CSV; else `,`.
fn delimiter_of(start: &[u8]) -> u8 {
    let header = start.split(|&byte| byte == b'\n').next().unwrap_or_default();
    let count = |wanted: u8| header.iter().filter(|&&byte| byte == wanted).count();
    if count(b';') > count(b',') { b';' } else { b',' }
}

/// A record's `count` cells checked as a NewPet, with every problem they have. `name` is taken as it is;
/// `categoryId` and `status` are trimmed; an empty `status` cell means none; `id` is ignored; text cells lose
/// the `'` that guards a formula. `categoryId` is an int64 written
/// as Rust reads one (`+3`, `007`) or as a JSON number that is an integer (`3.0`, `3e0`).
fn new_pet(columns: &[Column], cells: &[Vec<u8>], count: usize) -> Result<NewPet, Vec<Problem>> {
    if count != columns.len() {
        return Err(vec![Problem::whole(format!(
            "expected {} fields, as in the header, found {count}",
            columns.len()
        ))]);
    }
    let (mut name, mut category_id, mut status) = (None, None, None);
    let mut problems = Vec::new();
    for (&column, cell) in columns.iter().zip(cells) {
        let Ok(cell) = std::str::from_utf8(cell) else {
            problems.push(Problem::of(column.header(), format!("`{}` is not valid UTF-8", column.header())));
            continue;
        };
        let cell = super::formula::unprotect(cell);
        match column {
            Column::Id => {}
            Column::Name => match crate::api::models::name_problem(cell) {
                Some(problem) => problems.push(Problem::of("name", problem)),
                None => name = Some(cell.to_owned()),
            },
            Column::CategoryId => match cell.trim() {
                "" => problems.push(Problem::of("categoryId", "`categoryId` is required")),
                text => match text.parse::<i64>().map_err(|_| int64_of_json_number(text)) {
                    Ok(id) | Err(Ok(id)) => category_id = Some(id),
                    Err(Err(why)) => problems.push(Problem::of(
                        "categoryId",
                        format!("`categoryId` must be an integer, got {}{why}", quoted(text)),
                    )),
                },
            },
            Column::Status => match cell.trim() {
                "" => {}
                text => match parse_status(&text.to_ascii_lowercase()) {
                    Some(parsed) => status = Some(parsed),
                    None => problems.push(Problem::of(
                        "status",
                        format!("`status` must be one of {}, got {}", allowed_statuses(), quoted(text)),
                    )),
                },
            },
        }
    }
    match (name, category_id) {
        (Some(name), Some(category_id)) if problems.is_empty() => {
            within_body_bound(NewPet { name, category_id, status }).map_err(|message| vec![Problem::whole(message)])
        }
        _ => Err(problems),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{invalid, pet, read, too_long_at};
    use super::super::{Format, Layout, MAX_RECORD_BYTES, Reader, Record};
    use super::Column;
    use crate::api::PetStatus;

    #[test]
    fn a_header_in_any_case_and_semicolons_are_read() {
        let text = "Name;Category_ID;STATUS\nRex;1;Sold\n\"Tom; the cat\";2;\n";
        let reader = Reader::new(Format::Csv, text.as_bytes()).unwrap();
        assert_eq!(reader.layout(), Layout::Csv(vec![Column::Name, Column::CategoryId, Column::Status]));
        assert_eq!(
            reader.map(Result::unwrap).collect::<Vec<_>>(),
            vec![
                Ok(Record { number: 1, ..Record::new(2, pet("Rex", 1, Some(PetStatus::Sold))) }),
                Ok(Record { number: 2, ..Record::new(3, pet("Tom; the cat", 2, None)) }),
            ]
        );
        // A comma file whose names hold semicolons stays a comma file.
        let text = "name,categoryId\n\"a;b;c\",1\n";
        let pets: Vec<_> = Reader::new(Format::Csv, text.as_bytes()).unwrap().map(Result::unwrap).collect();
        assert_eq!(pets, vec![Ok(Record { number: 1, ..Record::new(2, pet("a;b;c", 1, None)) })]);
    }

    #[test]
    fn columns_come_in_any_order_and_status_is_optional() {
        let text = "status,categoryId,name\npending,1,Rex\n,2,\"Tom, \"\"the cat\"\"\"\n";
        let reader = Reader::new(Format::Csv, text.as_bytes()).unwrap();
        assert_eq!(reader.layout(), Layout::Csv(vec![Column::Status, Column::CategoryId, Column::Name]));
        assert_eq!(
            reader.map(Result::unwrap).collect::<Vec<_>>(),
            vec![
                Ok(Record { number: 1, ..Record::new(2, pet("Rex", 1, Some(PetStatus::Pending))) }),
                Ok(Record { number: 2, ..Record::new(3, pet("Tom, \"the cat\"", 2, None)) }),
            ]
        );
        assert_eq!(
            read(Format::Csv, "categoryId,name\n -4 , Kit \n"),
            vec![Ok(Record::new(2, pet(" Kit ", -4, None)))]
        );
    }

    #[test]
    fn lines_are_the_files_even_with_blank_lines_and_quoted_newlines() {
        let text = "\u{feff}name,categoryId\r\n\r\nRex,1\r\n\n\n\"two\nlines\",2\nKit,x\n\nTom,4";
        assert_eq!(
            read(Format::Csv, text),
            vec![
                Ok(Record::new(3, pet("Rex", 1, None))),
                Ok(Record::new(6, pet("two\nlines", 2, None))),
                invalid(8, "`categoryId` must be an integer, got \"x\""),
                Ok(Record::new(10, pet("Tom", 4, None))),
            ]
        );
    }

    #[test]
    fn each_bad_record_says_why() {
        let text = "name,categoryId,status\nRex,1.5,\n,,lost\nKit\nTom,1,sold,extra\nOk,9223372036854775807,Sould\n";
        assert_eq!(
            read(Format::Csv, text),
            vec![
                invalid(2, "`categoryId` must be an integer, got \"1.5\""),
                invalid(
                    3,
                    "`name` is blank (empty or only white space): give the animal a name; `categoryId` is required; \
                     `status` must be one of `available`, `pending`, `sold`, got \"lost\""
                ),
                invalid(4, "expected 3 fields, as in the header, found 1"),
                invalid(5, "expected 3 fields, as in the header, found 4"),
                invalid(6, "`status` must be one of `available`, `pending`, `sold`, got \"Sould\""),
            ]
        );
    }

    #[test]
    fn the_header_is_checked() {
        let expected =
            "expected the header `name,categoryId` or `name,categoryId,status` (and optionally `id`), in any order";
        for (text, message) in [
            ("", "the file is empty: expected a header row, `name,categoryId,status`".to_owned()),
            ("name,category\nRex,1\n", format!("unknown column \"category\" in the header: {expected}")),
            ("Rex,1\n", format!("unknown column \"Rex\" in the header: {expected}")),
            ("name,status\nRex,sold\n", format!("the header has no `categoryId` column: {expected}")),
            ("name,categoryId,name\n", "column `name` appears twice in the header".to_owned()),
        ] {
            assert_eq!(read(Format::Csv, text), vec![invalid(1, &message)], "{text:?}");
        }
        assert_eq!(read(Format::Csv, "\n\nname,categoryId\n"), vec![], "blank lines before the header are skipped");
    }

    #[test]
    fn category_ids_with_a_zero_fraction_are_integers() {
        let text = "name,categoryId\na,3.0\nb,3e0\nc, 30e-1 \nd,+3\ne,3.5\nf,1e19\n";
        assert_eq!(
            read(Format::Csv, text),
            vec![
                Ok(Record::new(2, pet("a", 3, None))),
                Ok(Record::new(3, pet("b", 3, None))),
                Ok(Record::new(4, pet("c", 3, None))),
                Ok(Record::new(5, pet("d", 3, None))),
                invalid(6, "`categoryId` must be an integer, got \"3.5\""),
                invalid(7, "`categoryId` must be an integer, got \"1e19\", which is beyond int64"),
            ]
        );
    }

    #[test]
    fn a_row_past_the_bound_is_refused_and_reading_goes_on() {
        // A row's length is its values and commas, with quotes and line ending left out. The longest name that
        // fits is the one whose request body, `{"name":"…","categoryId":1}`, is 1 MiB.
        let fits = format!("\"{}\",1", "x".repeat(MAX_RECORD_BYTES - 26));
        let over = format!("{},1", "x".repeat(MAX_RECORD_BYTES - 1));
        let many_commas = ",".repeat(3 * MAX_RECORD_BYTES);
        let quoted_lines = format!("\"{}\",1", "a\n".repeat(MAX_RECORD_BYTES));
        let text = format!("name,categoryId\n{fits}\r\n{over}\n{many_commas}\n{quoted_lines}\nok,2\n");
        let parsed = read(Format::Csv, &text);
        assert_eq!(parsed.len(), 5);
        // Read whole at the bound; what is wrong with it is its name, past the API's bound on a name.
        let name_past = "`name` is longer than 131072 bytes".to_owned();
        assert_eq!(parsed[0].as_ref().map_err(|invalid| (invalid.line, invalid.message())).err(), Some((2, name_past)));
        let last = 6 + MAX_RECORD_BYTES as u64;
        assert_eq!(
            parsed[1..],
            [too_long_at(3), too_long_at(4), too_long_at(5), Ok(Record::new(last, pet("ok", 2, None)))]
        );
        let header = format!("name,categoryId,{}\nRex,1\n", "s".repeat(MAX_RECORD_BYTES));
        let message = format!("the header row is longer than 1 MiB ({MAX_RECORD_BYTES} bytes)");
        assert_eq!(read(Format::Csv, &header), vec![invalid(1, &message)]);
    }

    #[test]
    fn a_control_character_cell_that_makes_a_body_past_the_bound_is_refused() {
        let text = format!("name,categoryId\n{},1\n", "\u{1}".repeat(MAX_RECORD_BYTES / 6 + 1));
        let parsed = read(Format::Csv, &text);
        assert_eq!(parsed, vec![invalid(2, "`name` is longer than 131072 bytes")]);
    }
}
