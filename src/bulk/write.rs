//! Records written back in the layout they were read in, so that `--file` reads them again: the `--failed`
//! file, written to a temporary file beside its destination and renamed into place only when whole.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::{Column, Layout};
use crate::api::NewPet;

/// Writes records one at a time in a [`Layout`].
pub struct Writer<W: Write> {
    sink: Sink<W>,
    written: u64,
}

enum Sink<W: Write> {
    Json(W),
    Ndjson(W),
    Csv(Box<csv::Writer<W>>, Vec<Column>),
}

impl<W: Write> std::fmt::Debug for Writer<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Writer").field("written", &self.written).finish_non_exhaustive()
    }
}

impl<W: Write> Writer<W> {
    /// Starts the file: a CSV header, or a JSON array's `[`.
    pub fn new(layout: &Layout, mut out: W) -> io::Result<Writer<W>> {
        let sink = match layout {
            Layout::Json => {
                out.write_all(b"[")?;
                Sink::Json(out)
            }
            Layout::Ndjson => Sink::Ndjson(out),
            Layout::Csv(columns) => {
                let mut csv = Box::new(csv::Writer::from_writer(out));
                csv.write_record(columns.iter().map(|column| column.header()))?;
                Sink::Csv(csv, columns.clone())
            }
        };
        Ok(Writer { sink, written: 0 })
    }

    /// One record.
    pub fn write(&mut self, pet: &NewPet) -> io::Result<()> {
        match &mut self.sink {
            Sink::Json(out) => {
                out.write_all(if self.written == 0 { b"\n" } else { b",\n" })?;
                serde_json::to_writer(&mut *out, pet)?;
            }
            Sink::Ndjson(out) => {
                serde_json::to_writer(&mut *out, pet)?;
                out.write_all(b"\n")?;
            }
            Sink::Csv(csv, columns) => {
                let category_id = pet.category_id.to_string();
                // The same formula rule as `-o csv`, so that the file reads back exactly.
                csv.write_record(columns.iter().map(|column| {
                    match column {
                        Column::Id => "".into(),
                        Column::Name => super::formula::protect(&pet.name),
                        Column::CategoryId => category_id.as_str().into(),
                        Column::Status => pet.status.map_or("", |status| status.as_str()).into(),
                    }
                    .into_owned()
                }))?;
            }
        }
        self.written += 1;
        Ok(())
    }

    /// How many records were written.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Ends the file (a JSON array's `]`) and gives back the writer, flushed.
    pub fn finish(self) -> io::Result<W> {
        let mut out = match self.sink {
            Sink::Json(mut out) => {
                out.write_all(if self.written == 0 { b"]\n" } else { b"\n]\n" })?;
                out
            }
            Sink::Ndjson(out) => out,
            Sink::Csv(csv, _) => csv.into_inner().map_err(|err| io::Error::other(err.to_string()))?,
        };
        out.flush()?;
        Ok(out)
    }
}

/// The `--failed` file while it is being written: a temporary file in the destination's directory, renamed
/// over the destination by [`FailedFile::commit`], so that a reader never sees half of it and the file it
/// replaces (even the one being read, `--file F --failed F`) stays whole until then.
#[derive(Debug)]
pub struct FailedFile {
    path: PathBuf,
    writer: Writer<BufWriter<tempfile::NamedTempFile>>,
}

impl FailedFile {
    /// Creates the temporary file beside `path`.
    pub fn create(path: &Path, layout: &Layout) -> io::Result<FailedFile> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let temp = tempfile::Builder::new().prefix(".petstore-failed-").tempfile_in(dir)?;
        Ok(FailedFile { path: path.to_owned(), writer: Writer::new(layout, BufWriter::new(temp))? })
    }

    /// One record that was not created.
    pub fn write(&mut self, pet: &NewPet) -> io::Result<()> {
        self.writer.write(pet)
    }

    /// Where the file goes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Finishes the file and moves it into place; gives how many records it holds.
    pub fn commit(self) -> io::Result<u64> {
        let written = self.writer.written();
        let temp = self.writer.finish()?.into_inner().map_err(io::IntoInnerError::into_error)?;
        temp.as_file().sync_all()?;
        temp.persist(&self.path).map_err(|err| err.error)?;
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Reader};
    use super::*;
    use crate::api::PetStatus;

    fn pets() -> Vec<NewPet> {
        vec![
            NewPet { name: "Rex, \"the dog\"\nof lines".into(), category_id: -1, status: Some(PetStatus::Sold) },
            NewPet { name: String::new(), category_id: i64::MAX, status: None },
            NewPet { name: "=1+1".into(), category_id: 2, status: None },
            NewPet { name: "'@x".into(), category_id: 3, status: Some(PetStatus::Pending) },
        ]
    }

    /// Whatever is written reads back as the same records.
    #[test]
    fn records_written_read_back_the_same_in_every_format() {
        for (format, text) in [
            (Format::Json, "[{\"name\":\"x\",\"categoryId\":1}]"),
            (Format::Ndjson, "{\"name\":\"x\",\"categoryId\":1}"),
            (Format::Csv, "categoryId,status,name\n1,,x\n"),
            (Format::Csv, "categoryId,name\n1,x\n"),
            (Format::Csv, "id,name,categoryId,status\n7,x,1,\n"),
        ] {
            let layout = Reader::new(format, text.as_bytes()).unwrap().layout();
            for count in [0, 1, 2, 4] {
                let mut writer = Writer::new(&layout, Vec::new()).unwrap();
                let pets: Vec<_> = pets().into_iter().take(count).collect();
                // Without a status column, only records without a status can be written.
                let pets: Vec<_> = pets
                    .into_iter()
                    .map(|pet| match &layout {
                        Layout::Csv(columns) if !columns.contains(&Column::Status) => NewPet { status: None, ..pet },
                        _ => pet,
                    })
                    .collect();
                for pet in &pets {
                    writer.write(pet).unwrap();
                }
                let out = writer.finish().unwrap();
                let back: Vec<_> =
                    Reader::new(format, out.as_slice()).unwrap().map(|r| r.unwrap().unwrap().pet).collect();
                assert_eq!(back, pets, "{format:?} {layout:?}:\n{}", String::from_utf8_lossy(&out));
            }
        }
    }

    #[test]
    fn the_layout_is_kept() {
        let layout = Reader::new(Format::Csv, "status,name,categoryId\n".as_bytes()).unwrap().layout();
        let mut writer = Writer::new(&layout, Vec::new()).unwrap();
        writer.write(&pets()[0]).unwrap();
        let out = String::from_utf8(writer.finish().unwrap()).unwrap();
        assert_eq!(out, "status,name,categoryId\nsold,\"Rex, \"\"the dog\"\"\nof lines\",-1\n");
        let mut writer = Writer::new(&Layout::Json, Vec::new()).unwrap();
        writer.write(&pets()[1]).unwrap();
        writer.write(&pets()[1]).unwrap();
        let out = String::from_utf8(writer.finish().unwrap()).unwrap();
        assert_eq!(
            out,
            "[\n{\"name\":\"\",\"categoryId\":9223372036854775807},\n{\"name\":\"\",\"categoryId\":9223372036854775807}\n]\n"
        );
    }

    #[test]
    fn the_failed_file_appears_only_when_committed_and_replaces_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("failed.ndjson");
        std::fs::write(&path, "old\n").unwrap();
        let mut file = FailedFile::create(&path, &Layout::Ndjson).unwrap();
        file.write(&pets()[1]).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(file.commit().unwrap(), 1);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"name\":\"\",\"categoryId\":9223372036854775807}\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
    }
}
