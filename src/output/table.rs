//! Pets as rows: a comfy-table for terminals, tab-separated values for pipes.

use std::io::{self, Write};

use comfy_table::{Attribute, Cell, Color, ContentArrangement, Table, presets};

use crate::api::error::sanitise;
use crate::api::{Pet, PetStatus};

/// A table with a header, for a person at a terminal; nothing at all for no pets (a note on stderr says so). Text from the server is sanitised: no control
/// character or escape sequence reaches the terminal.
pub fn write_table(w: &mut impl Write, pets: &[Pet], color: bool) -> io::Result<()> {
    if pets.is_empty() {
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
    let header = ["ID", "NAME", "CATEGORY", "STATUS"];
    table.set_header(header.map(|h| if color { Cell::new(h).add_attribute(Attribute::Bold) } else { Cell::new(h) }));
    for pet in pets {
        let status = match pet.status {
            Some(status) => Cell::new(status),
            None => Cell::new("-"),
        };
        let status = match (color, pet.status) {
            (true, Some(PetStatus::Available)) => status.fg(Color::Green),
            (true, Some(PetStatus::Pending)) => status.fg(Color::Yellow),
            (true, Some(PetStatus::Sold)) => status.fg(Color::DarkGrey),
            _ => status,
        };
        table.add_row(vec![Cell::new(pet.id), Cell::new(sanitise(&pet.name)), Cell::new(pet.category_id), status]);
    }
    for column in table.column_iter_mut() {
        column.set_padding((0, 2));
    }
    writeln!(w, "{}", table.trim_fmt())
}

/// One line per pet, `id<TAB>name<TAB>categoryId<TAB>status`, no header, no colour: for `cut`, `awk` and
/// `while read`. A name's tab, newline, carriage return and backslash are escaped as `\t`, `\n`, `\r`, `\\`,
/// so every pet stays on one line with four fields; a pet without a status has an empty last field.
pub fn write_tsv(w: &mut impl Write, pets: &[Pet]) -> io::Result<()> {
    for pet in pets {
        let status = pet.status.map_or("", PetStatus::as_str);
        writeln!(w, "{}\t{}\t{}\t{}", pet.id, escape_tsv(&pet.name), pet.category_id, status)?;
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
        write_tsv(&mut out, &pets()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1\tRex\t2\tavailable\n2\tTab\\there\\\\n\\nx\t-3\t\n");
    }

    #[test]
    fn the_table_escapes_control_characters_from_the_server() {
        let mut out = Vec::new();
        let evil = Pet { id: 9, name: "\x1b]0;pwned\x07Rex".into(), category_id: 1, status: None };
        write_table(&mut out, &[evil], false).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(!out.contains('\x1b') && !out.contains('\x07'), "{out:?}");
        assert!(out.contains(r"\u{1b}]0;pwned\u{7}Rex"), "{out}");
    }
}
