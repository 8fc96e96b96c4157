//! `--output csv`: RFC 4180 comma-separated values (CRLF line ends, fields quoted when they need it) with a
//! header row of JSON field names, for spreadsheets. Text that a spreadsheet would run as a formula is
//! written with a leading `'` ([`crate::bulk::formula`]), which `pets add --file` reads back off.

use std::io::{self, Write};

use super::Rows;
use crate::bulk::formula;

/// The rows as CSV, under a header of their JSON field names when `header`; a missing value is an empty
/// field. Nothing at all for no rows and no header. At a `terminal`, each value passes [`super::safe`] (a
/// newline inside a quoted value is CSV's own and stays).
pub fn write_csv(w: &mut impl Write, rows: &Rows, header: bool, terminal: bool) -> io::Result<()> {
    let mut csv = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(w);
    if header {
        csv.write_record(&rows.keys)?;
    }
    for row in &rows.rows {
        csv.write_record(row.iter().map(|field| {
            let text = formula::protect(field.text().unwrap_or("")).into_owned();
            if terminal { super::safe::escape(&text, super::safe::Newlines::Keep).into_owned() } else { text }
        }))?;
    }
    csv.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Pet, PetStatus};

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
