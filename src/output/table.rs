//! Pets as rows: a comfy-table for terminals, tab-separated values for pipes.

use std::io::{self, Write};

use comfy_table::{Attribute, Cell, Color, ContentArrangement, Table, presets};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::safe;
use crate::api::{Pet, PetStatus};

/// A value in a row: its text, and optionally a colour for terminals. A missing value shows as `-` in a table
/// and as an empty field in TSV.
#[derive(Debug, Clone)]
pub struct Field {
    text: Option<String>,
    color: Option<Color>,
}

impl Field {
    /// A value. Text from a server is escaped by [`safe`] where a terminal would see it.
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
/// Every cell passes [`safe`], piped or not (a table is for people): no control character or escape sequence
/// reaches the terminal. Each row keeps to one line of `width` columns: the widest values are cut, ending in
/// `…`, until the table fits (a column keeps at least its header's width); before that, every cell is bounded
/// by bytes and graphemes ([`safe::bounded_cell`]), which no display width does for a pile of combining marks. Cutting happens before comfy-table
/// sees a value, so rendering costs time in proportion to the values' lengths, not their squares.
pub fn write_table(w: &mut impl Write, rows: &Rows, color: bool, width: usize) -> io::Result<()> {
    if rows.rows.is_empty() {
        return Ok(());
    }
    let texts: Vec<Vec<String>> = rows
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|field| {
                    field
                        .text
                        .as_deref()
                        .map_or_else(|| "-".to_owned(), |text| safe::bounded_cell(&safe::data(text, true)).into_owned())
                })
                .collect()
        })
        .collect();
    let caps = column_caps(&rows.header, &texts, width);
    let mut table = Table::new();
    // gh's and kubectl's look: no borders, an upper-case header, two spaces between columns.
    table.load_preset(presets::NOTHING).set_content_arrangement(ContentArrangement::Disabled);
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
    for (row, texts) in rows.rows.iter().zip(texts) {
        table.add_row(row.iter().zip(texts).zip(&caps).map(|((field, text), &cap)| {
            let cell = Cell::new(cut(&text, cap));
            match field.color {
                Some(fg) if color => cell.fg(fg),
                _ => cell,
            }
        }));
    }
    for column in table.column_iter_mut() {
        column.set_padding((0, GAP as u16));
    }
    writeln!(w, "{}", table.trim_fmt())
}

/// The spaces between two columns.
const GAP: usize = 2;

/// The most columns each column may take so that a row fits in `width`: a column that fits keeps its own
/// width; the widest share what is left, each down to its header's width (or 2: a character and `…`).
fn column_caps(header: &[&str], texts: &[Vec<String>], width: usize) -> Vec<usize> {
    // `--no-header` leaves the header empty: the rows say how many columns there are.
    let count = texts.first().map_or(0, Vec::len).max(header.len());
    let header_width = |column: usize| header.get(column).map_or(0, |h| h.width());
    let natural: Vec<usize> = (0..count)
        .map(|column| {
            texts
                .iter()
                .map(|row| row.get(column).map_or(0, |text| text.width()))
                .fold(header_width(column), usize::max)
        })
        .collect();
    let floors: Vec<usize> =
        natural.iter().enumerate().map(|(column, &n)| n.min(header_width(column).max(2))).collect();
    let room = width.saturating_sub(GAP * count.saturating_sub(1));
    let used = |cap: usize| -> usize { natural.iter().zip(&floors).map(|(&n, &f)| n.min(cap.max(f))).sum() };
    if used(usize::MAX) <= room {
        return natural;
    }
    // The largest cap that fits, by bisection: `used` grows with `cap`.
    let (mut fits, mut too_wide) = (0, natural.iter().copied().max().unwrap_or(0));
    while too_wide - fits > 1 {
        let middle = fits + (too_wide - fits) / 2;
        if used(middle) <= room { fits = middle } else { too_wide = middle }
    }
    natural.iter().zip(&floors).map(|(&n, &f)| n.min(fits.max(f))).collect()
}

/// `text` in at most `cap` columns: whole when it fits, else its start and `…`. Looks no further than it keeps.
fn cut(text: &str, cap: usize) -> std::borrow::Cow<'_, str> {
    if text.len() <= cap || text.width() <= cap {
        return text.into();
    }
    let mut kept = String::with_capacity(cap + 3);
    let mut columns = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if columns + w > cap.saturating_sub(1) {
            break;
        }
        columns += w;
        kept.push(c);
    }
    kept.push('…');
    kept.into()
}

/// One line per record, tab-separated, no header, no colour: for `cut`, `awk` and `while read`. A field's
/// tab, newline, carriage return and backslash are escaped as `\t`, `\n`, `\r`, `\\`, so every record stays on
/// one line with all its fields; a missing value is an empty field. At a `terminal`, [`safe`] escapes the
/// other control characters too; piped, the rest of each value is as the server sent it.
pub fn write_tsv(w: &mut impl Write, rows: &Rows, terminal: bool) -> io::Result<()> {
    for row in &rows.rows {
        let fields: Vec<_> = row
            .iter()
            .map(|field| safe::data(&escape_tsv(field.text.as_deref().unwrap_or(""))[..], terminal).into_owned())
            .collect();
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
        write_tsv(&mut out, &Rows::pets(&pets()), false).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1\tRex\t2\tavailable\n2\tTab\\there\\\\n\\nx\t-3\t\n");
    }

    #[test]
    fn the_table_escapes_control_characters_from_the_server() {
        let mut out = Vec::new();
        let evil = Pet { id: 9, name: "\x1b]0;pwned\x07Rex".into(), category_id: 1, status: None };
        write_table(&mut out, &Rows::pets(&[evil]), false, 80).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(!out.contains('\x1b') && !out.contains('\x07'), "{out:?}");
        assert!(out.contains(r"\u{1b}]0;pwned\u{7}Rex"), "{out}");
    }

    #[test]
    fn values_are_cut_by_display_width_with_an_ellipsis() {
        assert_eq!(cut("Rex", 3), "Rex");
        assert_eq!(cut("Rexford", 4), "Rex…");
        // A wide character takes two columns and is never split.
        assert_eq!(cut("猫猫猫", 4), "猫…");
        assert_eq!(cut("猫猫猫", 5), "猫猫…");
    }

    #[test]
    fn the_widest_columns_give_way_down_to_their_headers() {
        let row = |name: &str| vec!["1".to_owned(), name.to_owned(), "7".to_owned()];
        let header = ["ID", "NAME", "CATEGORY"];
        // Fits: every column keeps its width.
        assert_eq!(column_caps(&header, &[row("Rex")], 80), vec![2, 4, 8]);
        // Too wide: NAME shrinks so that 2 + 2 + NAME + 2 + 8 = 30.
        assert_eq!(column_caps(&header, &[row(&"n".repeat(1000))], 30), vec![2, 16, 8]);
        // Narrower than the headers: no column goes below its header.
        assert_eq!(column_caps(&header, &[row(&"n".repeat(1000))], 5), vec![2, 4, 8]);
    }
}
