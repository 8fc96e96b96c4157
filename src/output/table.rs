//! Pets as rows: a comfy-table for terminals, tab-separated values for pipes.

use std::io::{self, Write};

use comfy_table::{Attribute, Cell, Color, ContentArrangement, Table, presets};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::safe;
use petstore_core::api::{Pet, PetStatus};

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

/// How a column of a table gives way when the table is wider than the terminal. Columns give way tier by tier,
/// the lowest first: every column of a tier shrinks together (the widest first) down to its least width before
/// the next tier gives anything. A column that is cut ends in `…`; a column that wraps goes on, word by word,
/// on continuation lines, and loses nothing (free text that says what to do next). The default: cut with the
/// first tier, down to the header's width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fit {
    tier: u8,
    /// The fewest columns it keeps when it gives way (never more than its values need, never less than its header).
    least: u16,
    wrap: bool,
}

impl Fit {
    /// Cut in tier `tier`, keeping at least `least` columns.
    pub const fn cut(tier: u8, least: u16) -> Fit {
        Fit { tier, least, wrap: false }
    }

    /// Wrapped onto continuation lines in tier `tier`, keeping at least `least` columns.
    pub const fn wrap(tier: u8, least: u16) -> Fit {
        Fit { tier, least, wrap: true }
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
    /// How each column gives way in a table too wide for the terminal; a column not named here: [`Fit::default`].
    pub fit: Vec<Fit>,
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
        Rows {
            header: vec!["ID", "NAME", "CATEGORY", "STATUS"],
            keys: Rows::PET_KEYS.to_vec(),
            rows,
            // The name gives way; ids are cut only when nothing else is left to cut.
            fit: vec![Fit::cut(1, 0), Fit::cut(0, 0), Fit::cut(1, 0), Fit::cut(1, 0)],
        }
    }
}

/// A table with a header, for a person at a terminal; nothing at all for no rows (a note on stderr says so).
/// Every cell passes [`safe`], piped or not (a table is for people): no control character or escape sequence
/// reaches the terminal. Each line keeps to `width` columns: the columns give way as their [`Fit`] says, cut
/// values ending in `…`, wrapped ones going on below. Before that, every cell is bounded by bytes and graphemes
/// ([`safe::bounded_cell`]), which no display width does for a pile of combining marks. Cutting and wrapping
/// happen before comfy-table sees a value, so rendering costs time in proportion to the values' lengths, not
/// their squares. Colour covers the text only, never the padding, so that a coloured line is exactly as wide
/// as a plain one.
pub fn write_table(w: &mut impl Write, rows: &Rows, color: bool, width: usize) -> io::Result<()> {
    if rows.rows.is_empty() {
        return Ok(());
    }
    let cell = |field: &Field| {
        field.text.as_deref().map_or("-".into(), |text| safe::bounded_cell(&safe::data(text, true)).into_owned())
    };
    let texts: Vec<Vec<String>> = rows.rows.iter().map(|row| row.iter().map(cell).collect()).collect();
    let count = texts.first().map_or(0, Vec::len).max(rows.header.len());
    let fits: Vec<Fit> = (0..count).map(|column| rows.fit.get(column).copied().unwrap_or_default()).collect();
    let caps = column_caps(&rows.header, &texts, &fits, width);
    let mut table = Table::new();
    // gh's and kubectl's look: no borders, an upper-case header, two spaces between columns.
    table.load_preset(presets::NOTHING).set_content_arrangement(ContentArrangement::Disabled);
    if color {
        table.enforce_styling();
        // Padding inside a colour span is not trailing space, and `trim_fmt` would leave it: two columns too many.
        table.style_text_only();
    } else {
        table.force_no_tty();
    }
    if !rows.header.is_empty() {
        table.set_header(
            rows.header.iter().map(|h| if color { Cell::new(h).add_attribute(Attribute::Bold) } else { Cell::new(h) }),
        );
    }
    for (row, texts) in rows.rows.iter().zip(texts) {
        table.add_row(row.iter().zip(texts).zip(caps.iter().zip(&fits)).map(|((field, text), (&cap, fit))| {
            let cell = Cell::new(if fit.wrap { wrap(&text, cap).into() } else { cut(&text, cap) });
            match field.color {
                Some(fg) if color => cell.fg(fg),
                _ => cell,
            }
        }));
    }
    let last = table.column_count().saturating_sub(1);
    for (index, column) in table.column_iter_mut().enumerate() {
        column.set_padding((0, if index == last { 0 } else { GAP as u16 }));
    }
    writeln!(w, "{}", table.trim_fmt())
}

/// The spaces between two columns.
const GAP: usize = 2;

/// The most columns each column may take so that a row fits in `width`: when all fit, each keeps its own
/// width; else the columns give way tier by tier ([`Fit`]), each tier's widest first, down to their least.
fn column_caps(header: &[&str], texts: &[Vec<String>], fits: &[Fit], width: usize) -> Vec<usize> {
    // `--no-header` leaves the header empty: the rows say how many columns there are.
    let count = fits.len();
    let header_width = |column: usize| header.get(column).map_or(0, |h| h.width());
    let natural: Vec<usize> = (0..count)
        .map(|column| {
            texts
                .iter()
                .map(|row| row.get(column).map_or(0, |text| text.width()))
                .fold(header_width(column), usize::max)
        })
        .collect();
    let floors: Vec<usize> = (0..count)
        .map(|column| natural[column].min(header_width(column).max(2).max(usize::from(fits[column].least))))
        .collect();
    let room = width.saturating_sub(GAP * count.saturating_sub(1));
    let mut caps = natural.clone();
    let mut tiers: Vec<u8> = fits.iter().map(|fit| fit.tier).collect();
    tiers.sort_unstable();
    tiers.dedup();
    for tier in tiers {
        if caps.iter().sum::<usize>() <= room {
            break;
        }
        let in_tier = |column: usize| fits[column].tier == tier;
        let used = |cap: usize| -> usize {
            (0..count).map(|c| if in_tier(c) { natural[c].min(cap.max(floors[c])) } else { caps[c] }).sum()
        };
        // The largest cap that fits, by bisection: `used` grows with `cap`. When none fits, the floors.
        let (mut fits_cap, mut too_wide) = (0, natural.iter().copied().max().unwrap_or(0));
        while too_wide - fits_cap > 1 {
            let middle = fits_cap + (too_wide - fits_cap) / 2;
            if used(middle) <= room { fits_cap = middle } else { too_wide = middle }
        }
        for column in (0..count).filter(|&c| in_tier(c)) {
            caps[column] = natural[column].min(fits_cap.max(floors[column]));
        }
    }
    caps
}

/// `text` on lines of at most `cap` columns, broken between words; a word longer than a line is broken where
/// the line ends.
fn wrap(text: &str, cap: usize) -> String {
    if text.width() <= cap {
        return text.to_owned();
    }
    let cap = cap.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut line_width = 0;
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        let word_width = word.width();
        if line_width > 0 && line_width + 1 + word_width <= cap {
            line.push(' ');
            line.push_str(word);
            line_width += 1 + word_width;
            continue;
        }
        if line_width > 0 {
            lines.push(std::mem::take(&mut line));
            line_width = 0;
        }
        for c in word.chars() {
            let w = c.width().unwrap_or(0);
            if line_width + w > cap && line_width > 0 {
                lines.push(std::mem::take(&mut line));
                line_width = 0;
            }
            line.push(c);
            line_width += w;
        }
    }
    lines.push(line);
    lines.join("\n")
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
        // Field by field into `w` (a bulk add writes a row per record).
        for (i, field) in row.iter().enumerate() {
            if i > 0 {
                w.write_all(b"\t")?;
            }
            w.write_all(safe::data(&escape_tsv(field.text.as_deref().unwrap_or("")), terminal).as_bytes())?;
        }
        w.write_all(b"\n")?;
    }
    Ok(())
}

/// `pet` as the row [`write_tsv`] writes for `Rows::pets(&[pet])`, without building the rows: a bulk add
/// writes one per record. The numbers and the status need no escaping; the name gets what any field gets.
pub fn write_pet_tsv(w: &mut impl Write, pet: &Pet, terminal: bool) -> io::Result<()> {
    write!(w, "{}\t", pet.id)?;
    w.write_all(safe::data(&escape_tsv(&pet.name), terminal).as_bytes())?;
    write!(w, "\t{}\t", pet.category_id)?;
    w.write_all(pet.status.map_or("", PetStatus::as_str).as_bytes())?;
    w.write_all(b"\n")
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
    fn a_pet_written_alone_is_the_row_of_the_rows() {
        let mut all = pets();
        all.push(Pet {
            id: -7,
            name: "\x1b]0;pwned\x07R\r\u{85}é".into(),
            category_id: 0,
            status: Some(PetStatus::Sold),
        });
        for pet in &all {
            for terminal in [false, true] {
                let (mut alone, mut rows) = (Vec::new(), Vec::new());
                write_pet_tsv(&mut alone, pet, terminal).unwrap();
                write_tsv(&mut rows, &Rows::pets(std::slice::from_ref(pet)), terminal).unwrap();
                assert_eq!(String::from_utf8(alone).unwrap(), String::from_utf8(rows).unwrap(), "{pet:?} {terminal}");
            }
        }
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
        let fits = [Fit::default(); 3];
        // Fits: every column keeps its width.
        assert_eq!(column_caps(&header, &[row("Rex")], &fits, 80), vec![2, 4, 8]);
        // Too wide: NAME shrinks so that 2 + 2 + NAME + 2 + 8 = 30.
        assert_eq!(column_caps(&header, &[row(&"n".repeat(1000))], &fits, 30), vec![2, 16, 8]);
        // Narrower than the headers: no column goes below its header.
        assert_eq!(column_caps(&header, &[row(&"n".repeat(1000))], &fits, 5), vec![2, 4, 8]);
    }

    #[test]
    fn a_lower_tier_gives_way_first_down_to_its_least() {
        let header = ["NAME", "URL"];
        let texts = [vec!["n".repeat(40), "u".repeat(40)]];
        let fits = [Fit::cut(0, 8), Fit::cut(1, 0)];
        // 40 + 2 + 40 = 82 > 80: the name alone gives two columns.
        assert_eq!(column_caps(&header, &texts, &fits, 80), vec![38, 40]);
        // At 30, the name is down to its least, and the URL takes what is left.
        assert_eq!(column_caps(&header, &texts, &fits, 30), vec![8, 20]);
    }

    #[test]
    fn wrapped_text_breaks_between_words_and_inside_words_too_long() {
        assert_eq!(wrap("run petstore auth login", 11), "run\npetstore\nauth login");
        assert_eq!(wrap("abcdefghij xy", 4), "abcd\nefgh\nij\nxy");
        assert_eq!(wrap("猫猫猫", 4), "猫猫\n猫");
        assert_eq!(wrap("fits", 4), "fits");
    }

    /// `line` without its SGR sequences (`ESC [ ... m`).
    fn strip_ansi(line: &str) -> String {
        let mut plain = String::new();
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                chars.by_ref().find(|&c| c == 'm');
            } else {
                plain.push(c);
            }
        }
        plain
    }

    #[test]
    fn coloured_and_wrapped_lines_keep_to_the_width() {
        let rows = Rows {
            header: vec!["CHECK", "DETAIL"],
            keys: vec!["name", "detail"],
            rows: vec![vec![Field::new("keyring"), Field::new("word ".repeat(40)).colored(Color::Yellow)]],
            fit: vec![Fit::cut(1, 0), Fit::wrap(0, 20)],
        };
        for color in [false, true] {
            let mut out = Vec::new();
            write_table(&mut out, &rows, color, 40).unwrap();
            let out = String::from_utf8(out).unwrap();
            assert_eq!(out.lines().count(), 8, "{out}");
            for line in out.lines() {
                let plain = strip_ansi(line);
                assert!(!plain.contains('\x1b') && plain.width() <= 40 && !plain.ends_with(' '), "{line:?}");
            }
        }
    }
}
