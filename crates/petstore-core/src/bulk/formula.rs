//! The spreadsheet-formula rule of petstore's CSV (OWASP "CSV injection"), in one place for the writers
//! (`-o csv`, the `--failed` file) and the reader (`pets add --file`).
//!
//! A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula (and
//! some do after leading spaces, no-break spaces, line breaks, zero-width characters or a soft hyphen),
//! so a pet named `=HYPERLINK(...)` would act when the file is opened. petstore writes such a cell with a
//! leading `'`, which spreadsheets take as "this is text" and do not show, and reads one leading `'` back off
//! such a cell. So that this stays exact, a cell that already starts with `'` before such a character gets
//! one more: `'=x` is written `''=x` and read back as `'=x`. A number (`-3`, `+1.5`) is not a formula and
//! stays as it is.

use std::borrow::Cow;

/// What a spreadsheet takes as the start of a formula, at the very start of a cell.
const TRIGGERS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// What a formula may start with after [`BLANKS`].
const FORMULA_STARTS: [char; 4] = ['=', '+', '-', '@'];

/// What a spreadsheet (or a person) may skip before a formula's first character: spaces, the no-break space,
/// line breaks, tab, the zero-width characters and the soft hyphen.
const BLANKS: [char; 10] = [' ', '\u{a0}', '\n', '\r', '\t', '\u{200b}', '\u{200c}', '\u{200d}', '\u{feff}', '\u{ad}'];

/// Whether `text` (with its leading `'`s removed) would run as a formula: it starts with a trigger, or its
/// first character after blanks starts a formula; a number is not one.
fn formula_like(text: &str) -> bool {
    let rest = text.trim_start_matches(BLANKS);
    (text.starts_with(TRIGGERS) && !is_number(text)) || (rest.starts_with(FORMULA_STARTS) && !is_number(rest))
}

/// A plain decimal number, signed: what a spreadsheet reads as a value, not a formula.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && !(digits.contains('.') && fraction.is_empty())
}

/// The cell as petstore writes it: one more leading `'` when, after its own leading `'`s, it would run as
/// a formula.
pub fn protect(cell: &str) -> Cow<'_, str> {
    if formula_like(cell.trim_start_matches('\'')) { format!("'{cell}").into() } else { cell.into() }
}

/// The cell as it was before [`protect`]: one leading `'` removed when what follows the `'`s would run as a
/// formula; anything else as it is.
pub fn unprotect(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if formula_like(rest.trim_start_matches('\'')) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{pet, read};
    use super::super::{Format, Record};
    use super::*;
    use crate::api::PetStatus;

    #[test]
    fn the_csv_reader_ignores_id_and_reads_the_guard_off() {
        let text = "id,name,categoryId,status\r\n1,'=1+1,-2,sold\r\n2,''@x,3,\r\n3,'plain,4,\r\n";
        assert_eq!(
            read(Format::Csv, text),
            vec![
                Ok(Record::new(2, pet("=1+1", -2, Some(PetStatus::Sold)))),
                Ok(Record::new(3, pet("'@x", 3, None))),
                Ok(Record::new(4, pet("'plain", 4, None))),
            ]
        );
    }

    #[test]
    fn formulas_are_quoted_and_come_back_exact() {
        for (cell, written) in [
            ("Rex", "Rex"),
            ("=1+1", "'=1+1"),
            ("+SUM(A1)", "'+SUM(A1)"),
            ("-x", "'-x"),
            ("@cmd", "'@cmd"),
            ("\tTab", "'\tTab"),
            ("\rCR", "'\rCR"),
            ("'=x", "''=x"),
            ("''@x", "'''@x"),
            ("'plain", "'plain"),
            ("'", "'"),
            ("-3", "-3"),
            ("+1.5", "+1.5"),
            ("-", "'-"),
            ("-1.", "'-1."),
            ("", ""),
            ("a=b", "a=b"),
            (" =1+1", "' =1+1"),
            ("\u{a0}@SUM(A1)", "'\u{a0}@SUM(A1)"),
            ("\n+x", "'\n+x"),
            ("\u{200b}=x", "'\u{200b}=x"),
            ("\u{ad}-x", "'\u{ad}-x"),
            ("\u{feff} \u{200d}=x", "'\u{feff} \u{200d}=x"),
            ("'\u{a0}=x", "''\u{a0}=x"),
            (" -3", " -3"),
            (" Rex", " Rex"),
        ] {
            assert_eq!(protect(cell), written, "{cell:?}");
            assert_eq!(unprotect(written), cell, "{written:?}");
        }
    }
}
