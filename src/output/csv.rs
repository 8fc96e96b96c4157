//! `--output csv`: RFC 4180 comma-separated values (CRLF line ends, fields quoted when they need it) with a
//! header row of JSON field names, for spreadsheets. Text that a spreadsheet would run as a formula is
//! written with a leading `'` ([`petstore_core::bulk::formula`]), which `pets add --file` reads back off.

use std::io::{self, Write};

use super::Rows;
use super::table::Field;
use petstore_core::bulk::formula;

/// The rows as CSV, under a header of their JSON field names when `header`; a missing value is an empty
/// field. Nothing at all for no rows and no header. At a `terminal`, each value passes [`super::safe`] (a
/// newline inside a quoted value is CSV's own and stays).
pub fn write_csv(w: &mut impl Write, rows: &Rows, header: bool, terminal: bool) -> io::Result<()> {
    let mut csv = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(w);
    if header {
        csv.write_record(&rows.keys)?;
    }
    if let Some(what) = unwritable(rows) {
        // `Output` checks first; a record streamed as it is created (`pets add --file`) stops the output here.
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("`--output csv` cannot hold {what}")));
    }
    for row in &rows.rows {
        csv.write_record(row.iter().map(|field| {
            let text = formula::protect(field.text().unwrap_or("")).into_owned();
            if terminal { super::safe::escape(&text, super::safe::Newlines::Keep).into_owned() } else { text }
        }))?;
    }
    csv.flush()
}

/// The first value that CSV cannot hold, in words: a NUL character, which no CSV text holds (`pets add --file`
/// refuses a file with one, as a sign that it is not text). The record is named by its first column (a pet's
/// id). Checked before anything is written, so that a refused export writes nothing.
pub fn unwritable(rows: &Rows) -> Option<String> {
    rows.rows.iter().find_map(|row| {
        let column = row.iter().position(|field| field.text().is_some_and(|text| text.contains('\0')))?;
        let key = |column: usize| rows.keys.get(column).copied().unwrap_or("?");
        Some(format!(
            "the NUL character in the `{}` of the record with `{}` `{}`",
            key(column),
            key(0),
            row.first().and_then(Field::text).unwrap_or("-")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use petstore_core::api::{Pet, PetStatus};

    #[test]
    fn csv_quotes_what_needs_it_and_guards_formulas() {
        let pets = [
            Pet { id: 1, name: "Tom, \"the cat\"".into(), category_id: -2, status: Some(PetStatus::Sold) },
            Pet { id: 2, name: "=1+1\nsecond line".into(), category_id: 3, status: None },
        ];
        let mut out = Vec::new();
        write_csv(&mut out, &Rows::pets(&pets), true, false).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "id,name,categoryId,status\r\n1,\"Tom, \"\"the cat\"\"\",-2,sold\r\n2,\"'=1+1\nsecond line\",3,\r\n"
        );
    }
}
