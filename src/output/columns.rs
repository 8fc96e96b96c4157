//! `--columns` and `--header`/`--no-header`: which fields of a record the table, TSV and CSV show, in which
//! order, and whether a header row comes first (by default: table and CSV yes, TSV no).

use std::io::{self, Write};

use super::{Output, OutputFormat, Rows};
use crate::error::{Error, code};
use petstore_core::api::Pet;

/// `--columns` named `name`, which is none of the command's columns (`known`, listed in backquotes).
#[derive(Debug)]
pub struct UnknownColumn {
    pub name: String,
    pub known: String,
}

impl From<UnknownColumn> for Error {
    fn from(UnknownColumn { name, known }: UnknownColumn) -> Error {
        Error::new(&code::UNKNOWN_COLUMN, format!("unknown column `{name}`"))
            .with_hint(format!("`--columns` takes these, comma-separated: {known}"))
    }
}

/// The columns and header the user asked for, checked against the command's columns.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    /// Indexes into the command's columns, in the order given; `None`: all, in the command's order.
    columns: Option<Vec<usize>>,
    /// `--header` or `--no-header`; `None`: the format's default.
    header: Option<bool>,
}

impl Layout {
    /// Checks `--columns LIST` (JSON field names, comma-separated) against `known`, the command's columns.
    pub fn new(columns: Option<&str>, header: Option<bool>, known: &[&str]) -> Result<Layout, UnknownColumn> {
        let position = |name: &str| {
            let name = name.trim();
            known.iter().position(|known| *known == name).ok_or_else(|| UnknownColumn {
                name: name.to_owned(),
                known: known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "),
            })
        };
        let columns = columns.map(|list| list.split(',').map(position).collect()).transpose()?;
        Ok(Layout { columns, header })
    }

    /// Whether `--columns` chose the columns.
    pub fn chose_columns(&self) -> bool {
        self.columns.is_some()
    }

    /// The rows with the chosen columns, in the chosen order.
    fn project(&self, rows: Rows) -> Rows {
        let Some(columns) = &self.columns else { return rows };
        let pick = |values: &[&'static str]| columns.iter().filter_map(|&i| values.get(i).copied()).collect();
        Rows {
            header: pick(&rows.header),
            keys: pick(&rows.keys),
            fit: columns.iter().map(|&i| rows.fit.get(i).copied().unwrap_or_default()).collect(),
            rows: rows
                .rows
                .into_iter()
                .map(|row| columns.iter().filter_map(|&i| row.get(i).cloned()).collect())
                .collect(),
        }
    }
}

impl Output {
    /// The output with `--columns` and `--header`/`--no-header` applied.
    pub fn with_layout(mut self, layout: Layout) -> Output {
        self.layout = layout;
        self
    }

    /// A bulk add's next created pet as a row ([`Output::write_rows`]); as TSV with the default layout and no
    /// header due, written without building the rows.
    pub(super) fn write_pet_row(&self, w: &mut impl Write, pet: &Pet, first: bool) -> io::Result<()> {
        let header = first && self.layout.header == Some(true);
        if self.format == OutputFormat::Tsv && self.layout.columns.is_none() && !header {
            return super::table::write_pet_tsv(w, pet, self.terminals.stdout);
        }
        self.write_rows(w, Rows::pets(std::slice::from_ref(pet)), first)
    }

    /// Rows as a table, TSV or CSV, with the layout applied.
    pub(super) fn write_rows(&self, w: &mut impl Write, rows: Rows, first: bool) -> io::Result<()> {
        let mut rows = self.layout.project(rows);
        match self.format {
            OutputFormat::Table => {
                if self.layout.header == Some(false) {
                    rows.header.clear();
                }
                super::table::write_table(w, &rows, self.stdout_color, self.terminals.stdout_width)
            }
            OutputFormat::Csv => {
                super::csv::write_csv(w, &rows, first && self.layout.header != Some(false), self.terminals.stdout)
            }
            _ => {
                if first && self.layout.header == Some(true) {
                    writeln!(w, "{}", rows.keys.join("\t"))?;
                }
                super::table::write_tsv(w, &rows, self.terminals.stdout)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_columns_name_the_known_ones() {
        let err = Error::from(Layout::new(Some("name,colour"), None, Rows::PET_KEYS).unwrap_err());
        assert_eq!(err.to_string(), "unknown column `colour`");
        assert!(Layout::new(Some("status, id"), None, Rows::PET_KEYS).is_ok());
    }
}
