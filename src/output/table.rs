//! Pets as rows: a comfy-table for terminals, tab-separated values for pipes.

use std::io::{self, Write};

use comfy_table::{Attribute, Cell, Color, ContentArrangement, Table, presets};

use crate::api::error::sanitise;
use crate::api::{Pet, PetStatus};

/// A value in a row: its text, and optionally a colour for terminals. A missing value shows as `-` in a table
/// and as an empty field in TSV.
#[derive(Debug, Clone)]
pub struct Field {
    text: Option<String>,
    color: Option<Color>,
}

impl Field {
    /// A value. Text from a server is sanitised when shown in a table.
    pub fn new(text: impl ToString) -> Field {
        Field { text: Some(text.to_string()), color: None }
    }

    /// No value.
    pub fn missing() -> Field {
        Field { text: None, color: None }
    }

    /// The value's text, as it came (not sanitised): for CSV and TSV.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// The same value, coloured on terminals.
    pub fn colored(self, color: Color) -> Field {
        Field { color: Some(color), ..self }
    }
}

/// Records as rows under a header: what `list`-like commands print without `--json`.
#[derive(Debug, Clone)]
pub struct Rows {
    /// The table's header (empty: none), one per column.
    pub header: Vec<&'static str>,
    /// Each column's JSON field name: what `--columns` names, and CSV's and TSV's header.
    pub keys: Vec<&'static str>,
    pub rows: Vec<Vec<Field>>,
}

impl Rows {
    /// A pet's columns, as the API names its fields.
    pub const PET_KEYS: &'static [&'static str] = &["id", "name", "categoryId", "status"];

    /// Pets as `ID NAME CATEGORY STATUS`, the status coloured by its meaning.
    pub fn pets(pets: &[Pet]) -> Rows {
        let rows = pets
            .iter()
            .map(|pet| {
                let status = match pet.status {
                    Some(status) => Field::new(status).colored(match status {
                        PetStatus::Available => Color::Green,
                        PetStatus::Pending => Color::Yellow,
                        PetStatus::Sold => Color::DarkGrey,
                    }),
                    None => Field::missing(),
                };
                vec![Field::new(pet.id), Field::new(&pet.name), Field::new(pet.category_id), status]
            })
            .collect();
        Rows { header: vec!["ID", "NAME", "CATEGORY", "STATUS"], keys: Rows::PET_KEYS.to_vec(), rows }
    }
}

/// A table with a header, for a person at a terminal; nothing at all for no rows (a note on stderr says so).
/// Text is sanitised: no control character or escape sequence reaches the terminal.
pub fn write_table(w: &mut impl Write, rows: &Rows, color: bool) -> io::Result<()> {
    if rows.rows.is_empty() {
        return Ok(());
    }
    let mut table = Table::new();
    // gh's and kubectl's look: no borders, an upper-case header, two spaces between columns.
    table.load_preset(presets::NOTHING).set_content_arrangement(ContentArrangement::Dynamic);
    if color {
        table.enforce_styling();
    } else {
        table.force_no_tty();
    }
    if !rows.header.is_empty() {
        table.set_header(
            rows.header.iter().map(|h| if color { Cell::new(h).add_attribute(Attribute::Bold) } else { Cell::new(h) }),
        );
    }
    for row in &rows.rows {
        table.add_row(row.iter().map(|field| {
            let cell = Cell::new(field.text.as_deref().map_or_else(|| "-".to_owned(), sanitise));
            match field.color {
                Some(fg) if color => cell.fg(fg),
                _ => cell,
            }
        }));
    }
    for column in table.column_iter_mut() {
        column.set_padding((0, 2));
    }
    writeln!(w, "{}", table.trim_fmt())
}

/// One line per record, tab-separated, no header, no colour: for `cut`, `awk` and `while read`. A field's
/// tab, newline, carriage return and backslash are escaped as `\t`, `\n`, `\r`, `\\`, so every record stays on
/// one line with all its fields; a missing value is an empty field.
pub fn write_tsv(w: &mut impl Write, rows: &Rows) -> io::Result<()> {
    for row in &rows.rows {
        let fields: Vec<_> = row.iter().map(|field| escape_tsv(field.text.as_deref().unwrap_or(""))).collect();
        writeln!(w, "{}", fields.join("\t"))?;
    }
    Ok(())
}

fn escape_tsv(field: &str) -> std::borrow::Cow<'_, str> {
    if !field.contains(['\t', '\n', '\r', '\\']) {
        return field.into();
    }
    let mut out = String::with_capacity(field.len() + 2);
    for c in field.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pets() -> Vec<Pet> {
        vec![
            Pet { id: 1, name: "Rex".into(), category_id: 2, status: Some(PetStatus::Available) },
            Pet { id: 2, name: "Tab\there\\n\nx".into(), category_id: -3, status: None },
        ]
    }

    #[test]
    fn tsv_keeps_one_record_per_line_and_four_fields() {
        let mut out = Vec::new();
        write_tsv(&mut out, &Rows::pets(&pets())).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1\tRex\t2\tavailable\n2\tTab\\there\\\\n\\nx\t-3\t\n");
    }

    #[test]
    fn the_table_escapes_control_characters_from_the_server() {
        let mut out = Vec::new();
        let evil = Pet { id: 9, name: "\x1b]0;pwned\x07Rex".into(), category_id: 1, status: None };
        write_table(&mut out, &Rows::pets(&[evil]), false).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(!out.contains('\x1b') && !out.contains('\x07'), "{out:?}");
        assert!(out.contains(r"\u{1b}]0;pwned\u{7}Rex"), "{out}");
    }
}
