//! CSV with a header row, read with the `csv` crate one record at a time. The header must name exactly the
//! columns `name` and `categoryId`, and optionally `status` and `id` (ignored: the server assigns ids, and
//! `-o csv` writes one), in any order. A cell guarded against spreadsheet formulas loses its `'`
//! ([`super::formula`]). Each record is numbered by the file line it starts on, which the crate does not
//! quite know (it counts blank lines late), so a small wrapper around the input notes where each non-blank
//! line starts.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};

use super::{Invalid, Parsed, Record, allowed_statuses, parse_status, quoted};
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

    fn from_header(text: &str) -> Option<Column> {
        [Column::Id, Column::Name, Column::CategoryId, Column::Status]
            .into_iter()
            .find(|column| column.header() == text)
    }
}

/// The records of a CSV file after its header.
pub(super) struct CsvRecords<R> {
    reader: csv::Reader<LineIndex<R>>,
    /// The header's columns in order, or why the header is refused (reported once, as the only record).
    header: Result<Vec<Column>, Option<Invalid>>,
    record: csv::ByteRecord,
}

impl<R: BufRead> CsvRecords<R> {
    /// Reads the header row now.
    pub(super) fn new(input: R) -> io::Result<CsvRecords<R>> {
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(LineIndex {
            input,
            offset: 0,
            line: 1,
            at_line_start: true,
            lines: VecDeque::new(),
        });
        let mut record = csv::ByteRecord::new();
        let header = match reader.read_byte_record(&mut record) {
            Ok(true) => {
                let line = line_of(&mut reader, &record);
                columns(&record).map_err(|message| Some(Invalid { line, message }))
            }
            Ok(false) => Err(Some(Invalid {
                line: 1,
                message: "the file is empty: expected a header row, `name,categoryId,status`".to_owned(),
            })),
            Err(err) => Err(Some(csv_error(err)?)),
        };
        Ok(CsvRecords { reader, header, record })
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
        match self.reader.read_byte_record(&mut self.record) {
            Ok(false) => None,
            Ok(true) => {
                let line = line_of(&mut self.reader, &self.record);
                Some(Ok(new_pet(columns, &self.record)
                    .map(|pet| Record { line, pet })
                    .map_err(|message| Invalid { line, message })))
            }
            Err(err) => Some(csv_error(err).map(Err)),
        }
    }
}

/// The line a record just read starts on.
fn line_of<R: Read>(reader: &mut csv::Reader<LineIndex<R>>, record: &csv::ByteRecord) -> u64 {
    let byte = record.position().map_or(0, csv::Position::byte);
    reader.get_mut().line_at(byte)
}

/// The header's columns, or why it is refused.
fn columns(header: &csv::ByteRecord) -> Result<Vec<Column>, String> {
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

/// A record's cells checked as a NewPet, with every problem they have. `name` is taken as it is; `categoryId`
/// and `status` are trimmed; an empty `status` cell means none; `id` is ignored. Text cells lose the `'` that
/// guards a formula.
fn new_pet(columns: &[Column], record: &csv::ByteRecord) -> Result<NewPet, String> {
    if record.len() != columns.len() {
        return Err(format!("expected {} fields, as in the header, found {}", columns.len(), record.len()));
    }
    let (mut name, mut category_id, mut status) = (None, None, None);
    let mut problems = Vec::new();
    for (&column, cell) in columns.iter().zip(record) {
        let Ok(cell) = std::str::from_utf8(cell) else {
            problems.push(format!("`{}` is not valid UTF-8", column.header()));
            continue;
        };
        let cell = super::formula::unprotect(cell);
        match column {
            Column::Id => {}
            Column::Name => name = Some(cell.to_owned()),
            Column::CategoryId => match cell.trim() {
                "" => problems.push("`categoryId` is required".to_owned()),
                text => match text.parse::<i64>() {
                    Ok(id) => category_id = Some(id),
                    Err(_) => problems.push(format!("`categoryId` must be an integer, got {}", quoted(text))),
                },
            },
            Column::Status => match cell.trim() {
                "" => {}
                text => match parse_status(text) {
                    Some(parsed) => status = Some(parsed),
                    None => {
                        problems.push(format!("`status` must be one of {}, got {}", allowed_statuses(), quoted(text)))
                    }
                },
            },
        }
    }
    match (name, category_id) {
        (Some(name), Some(category_id)) if problems.is_empty() => Ok(NewPet { name, category_id, status }),
        _ => Err(problems.join("; ")),
    }
}

/// A CSV error that is about the text (reported as an invalid record), or the I/O failure it wraps.
fn csv_error(err: csv::Error) -> io::Result<Invalid> {
    let line = err.position().map_or(0, csv::Position::line);
    match err.into_kind() {
        csv::ErrorKind::Io(err) => Err(err),
        kind => Ok(Invalid { line, message: format!("not valid CSV: {kind:?}") }),
    }
}

/// The input, noting the offset and number of each line that has something on it, so that a record's byte
/// offset (which may point at blank lines before it) gives the line its text starts on. It keeps only the
/// lines the CSV reader has buffered ahead and not yet asked about.
struct LineIndex<R> {
    input: R,
    offset: u64,
    line: u64,
    at_line_start: bool,
    /// (offset, line) of each line start with something other than `\r` or `\n` on it, oldest first.
    lines: VecDeque<(u64, u64)>,
}

impl<R> LineIndex<R> {
    /// The first non-blank line at or after byte `offset`: a record's offset is where its text starts, or
    /// where the blank lines before it start. Lines before it are forgotten.
    fn line_at(&mut self, offset: u64) -> u64 {
        while self.lines.front().is_some_and(|&(start, _)| start < offset) {
            self.lines.pop_front();
        }
        self.lines.front().map_or(self.line, |&(_, line)| line)
    }
}

impl<R: Read> Read for LineIndex<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        for &byte in &buf[..n] {
            match byte {
                b'\n' => {
                    self.line += 1;
                    self.at_line_start = true;
                }
                b'\r' => {}
                _ if self.at_line_start => {
                    self.lines.push_back((self.offset, self.line));
                    self.at_line_start = false;
                }
                _ => {}
            }
            self.offset += 1;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{invalid, pet, read};
    use super::super::{Format, Layout, Reader, Record};
    use super::Column;
    use crate::api::PetStatus;

    #[test]
    fn columns_come_in_any_order_and_status_is_optional() {
        let text = "status,categoryId,name\npending,1,Rex\n,2,\"Tom, \"\"the cat\"\"\"\n";
        let reader = Reader::new(Format::Csv, text.as_bytes()).unwrap();
        assert_eq!(reader.layout(), Layout::Csv(vec![Column::Status, Column::CategoryId, Column::Name]));
        assert_eq!(
            reader.map(Result::unwrap).collect::<Vec<_>>(),
            vec![
                Ok(Record { line: 2, pet: pet("Rex", 1, Some(PetStatus::Pending)) }),
                Ok(Record { line: 3, pet: pet("Tom, \"the cat\"", 2, None) }),
            ]
        );
        assert_eq!(
            read(Format::Csv, "categoryId,name\n -4 , Kit \n"),
            vec![Ok(Record { line: 2, pet: pet(" Kit ", -4, None) })]
        );
    }

    #[test]
    fn lines_are_the_files_even_with_blank_lines_and_quoted_newlines() {
        let text = "\u{feff}name,categoryId\r\n\r\nRex,1\r\n\n\n\"two\nlines\",2\nKit,x\n\nTom,4";
        assert_eq!(
            read(Format::Csv, text),
            vec![
                Ok(Record { line: 3, pet: pet("Rex", 1, None) }),
                Ok(Record { line: 6, pet: pet("two\nlines", 2, None) }),
                invalid(8, "`categoryId` must be an integer, got \"x\""),
                Ok(Record { line: 10, pet: pet("Tom", 4, None) }),
            ]
        );
    }

    #[test]
    fn each_bad_record_says_why() {
        let text = "name,categoryId,status\nRex,1.5,\n,,lost\nKit\nTom,1,sold,extra\nOk,9223372036854775807,Sold\n";
        assert_eq!(
            read(Format::Csv, text),
            vec![
                invalid(2, "`categoryId` must be an integer, got \"1.5\""),
                invalid(
                    3,
                    "`categoryId` is required; `status` must be one of `available`, `pending`, `sold`, got \"lost\""
                ),
                invalid(4, "expected 3 fields, as in the header, found 1"),
                invalid(5, "expected 3 fields, as in the header, found 4"),
                invalid(6, "`status` must be one of `available`, `pending`, `sold`, got \"Sold\""),
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
}
