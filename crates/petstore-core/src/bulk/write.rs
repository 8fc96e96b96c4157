//! Records written back in the layout they were read in, so that `--file` reads them again: the `--failed`
//! file, checked before anything is sent (a regular file or nothing, in a writable directory), written to a
//! temporary file beside its destination (through a symbolic link) and renamed into place only when whole.
//! The temporary file is locked while its run lives, so that a later run can tell one left by a killed run
//! (SIGKILL, a crash, a power cut), which it removes, from one that is still being written, which it leaves.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{Column, Layout, Raw};
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
                // Flexible: an invalid row set aside as it was read may have another number of fields.
                let mut csv = Box::new(csv::WriterBuilder::new().flexible(true).from_writer(out));
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

    /// One invalid record as it was read ([`Raw`]): it reads back the same, and is refused the same until it
    /// is put right.
    pub fn write_raw(&mut self, raw: &Raw) -> io::Result<()> {
        match (&mut self.sink, raw) {
            (Sink::Json(out), Raw::Json(text)) => {
                out.write_all(if self.written == 0 { b"\n" } else { b",\n" })?;
                out.write_all(text)?;
            }
            (Sink::Ndjson(out), Raw::Json(text)) => {
                out.write_all(text)?;
                out.write_all(b"\n")?;
            }
            (Sink::Csv(csv, _), Raw::Cells(cells)) => csv.write_record(cells)?,
            _ => return Err(io::Error::other("a record cannot be written in another layout than it was read in")),
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

/// Why a `--failed` path cannot be used. Found before anything is sent, so that no record is left with
/// nowhere to go.
#[derive(Debug, thiserror::Error)]
pub enum Unusable {
    /// Something is there that petstore must not replace: a directory, a device, a FIFO, a socket, a
    /// symbolic link to nothing.
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
    /// What is there cannot be looked at (a component of the path is not a directory, no permission).
    #[error("cannot look at it: {0}")]
    Inaccessible(io::Error),
    /// No file can be created in its directory: it does not exist, or cannot be written.
    #[error("cannot create a file in `{}`: {source}", dir.display())]
    Directory { dir: PathBuf, source: io::Error },
}

impl Unusable {
    /// True when the path names something that must not be replaced, rather than a place that cannot be
    /// written.
    pub fn is_not_a_file(&self) -> bool {
        matches!(self, Unusable::NotAFile(_))
    }
}

/// How a temporary `--failed` file is named: `.petstore-failed-XXXXXX.partial`, a name no other file has, so
/// that a later run knows what it may remove. One kept after a failed rename loses the suffix, and is kept.
const TEMP_PREFIX: &str = ".petstore-failed-";
const TEMP_SUFFIX: &str = ".partial";

/// How long a temporary file must have gone unmodified, besides being unlocked, to count as left behind: a
/// run locks its file a moment after creating it, and must not lose it to another run in that moment.
pub const ORPHAN_AGE: Duration = Duration::from_secs(60);

/// The `--failed` file while it is being written: a temporary file in the destination's directory, renamed
/// over the destination by [`FailedFile::commit`], so that a reader never sees half of it and the file it
/// replaces (even the one being read, `--file F --failed F`) stays whole until then. A destination that is a
/// symbolic link is written through: the file it leads to is replaced, and the link stays.
#[derive(Debug)]
pub struct FailedFile {
    path: PathBuf,
    /// Where the records go: `path`, or the file its symbolic link leads to.
    target: PathBuf,
    stage: Stage,
}

#[derive(Debug)]
enum Stage {
    /// Checked, and the temporary file made; the layout is not known yet.
    Checked(tempfile::NamedTempFile),
    Writing(Writer<BufWriter<tempfile::NamedTempFile>>),
}

impl FailedFile {
    /// Checks `path` and creates the temporary file beside what it names, before anything is sent, so that no
    /// record is left with nowhere to go. Refuses anything but a regular file (following a symbolic link) or
    /// nothing: renaming over a directory fails late, and over a device, a FIFO or a socket it would replace
    /// the node itself (as root, `/dev/null`). That the temporary file exists proves the directory writable,
    /// whoever runs petstore. [`FailedFile::begin`] then starts the records.
    pub fn create(path: &Path) -> Result<FailedFile, Unusable> {
        let existing = match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => Some(meta),
            Ok(meta) => return Err(Unusable::NotAFile(crate::user_file::describe(&meta.file_type()))),
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                if std::fs::symlink_metadata(path).is_ok() {
                    return Err(Unusable::NotAFile("a symbolic link to nothing"));
                }
                None
            }
            Err(err) => return Err(Unusable::Inaccessible(err)),
        };
        let target = match existing {
            Some(_) => std::fs::canonicalize(path).map_err(Unusable::Inaccessible)?,
            None => path.to_owned(),
        };
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        remove_orphans(dir);
        let temp = tempfile::Builder::new()
            .prefix(TEMP_PREFIX)
            .suffix(TEMP_SUFFIX)
            .tempfile_in(dir)
            .map_err(|err| Unusable::Directory { dir: dir.to_owned(), source: without_temporary_name(err) })?;
        // Held until the file is renamed into place or this process ends, however it ends: the kernel drops
        // the lock of a killed process. On a file system without locks, locking fails here and in every
        // later run's `remove_orphans` alike, so nothing there is ever removed.
        let _ = temp.as_file().try_lock();
        if let Some(meta) = existing {
            // The replacement keeps the mode of the file it replaces, not the temporary file's 0600.
            temp.as_file().set_permissions(meta.permissions()).map_err(Unusable::Inaccessible)?;
        }
        Ok(FailedFile { path: path.to_owned(), target, stage: Stage::Checked(temp) })
    }

    /// Starts the records, in `layout` (a CSV header, a JSON array's `[`).
    pub fn begin(self, layout: &Layout) -> io::Result<FailedFile> {
        let stage = match self.stage {
            Stage::Checked(temp) => Stage::Writing(Writer::new(layout, BufWriter::new(temp))?),
            writing @ Stage::Writing(_) => writing,
        };
        Ok(FailedFile { stage, ..self })
    }

    /// One record that was not created.
    pub fn write(&mut self, pet: &NewPet) -> io::Result<()> {
        match &mut self.stage {
            Stage::Writing(writer) => writer.write(pet),
            Stage::Checked(_) => Err(io::Error::other("the failed file was not begun")),
        }
    }

    /// One invalid record, as it was read ([`Writer::write_raw`]).
    pub fn write_raw(&mut self, raw: &Raw) -> io::Result<()> {
        match &mut self.stage {
            Stage::Writing(writer) => writer.write_raw(raw),
            Stage::Checked(_) => Err(io::Error::other("the failed file was not begun")),
        }
    }

    /// Where the file goes, as the user named it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Finishes the file and moves it into place; gives how many records it holds. When it cannot be moved
    /// (something that is not a regular file appeared there meanwhile, or the rename fails), the temporary
    /// file is kept and the error names it: the records are never thrown away.
    pub fn commit(self) -> io::Result<u64> {
        let Stage::Writing(writer) = self.stage else {
            return Err(io::Error::other("the failed file was not begun"));
        };
        let written = writer.written();
        let temp = writer.finish()?.into_inner().map_err(io::IntoInnerError::into_error)?;
        temp.as_file().sync_all()?;
        let error = match std::fs::metadata(&self.target) {
            Ok(meta) if !meta.is_file() => {
                io::Error::other(Unusable::NotAFile(crate::user_file::describe(&meta.file_type())))
            }
            _ => match temp.persist(&self.target) {
                Ok(_) => return Ok(written),
                Err(err) => return Err(keep(err.file, err.error)),
            },
        };
        Err(keep(temp, error))
    }
}

/// The error without the temporary file's name, which tempfile adds (` at path "…"`) and the user never asked
/// for.
fn without_temporary_name(err: io::Error) -> io::Error {
    let text = err.to_string();
    match text.split_once(" at path ") {
        Some((reason, _)) => io::Error::new(err.kind(), reason.to_owned()),
        None => err,
    }
}

/// Keeps the temporary file that could not be moved into place, and says where it is: renamed without the
/// temporary suffix, so that no later run takes it for one left behind.
fn keep(temp: tempfile::NamedTempFile, error: io::Error) -> io::Error {
    match temp.keep() {
        Ok((_, kept)) => {
            let name = kept.file_name().and_then(|name| name.to_str()).and_then(|name| name.strip_suffix(TEMP_SUFFIX));
            let kept = match name.map(|name| kept.with_file_name(name)) {
                Some(renamed) if std::fs::rename(&kept, &renamed).is_ok() => renamed,
                _ => kept,
            };
            io::Error::new(error.kind(), format!("{error}; the records are in `{}`", kept.display()))
        }
        Err(_) => error,
    }
}

/// Removes from `dir` the temporary `--failed` files that runs killed before they could finish left behind:
/// a regular file named as [`FailedFile::create`] names them, unmodified for [`ORPHAN_AGE`], and not locked
/// (a live run holds the lock of its own). Anything else, and any file it cannot open or lock, is left. Its
/// records were never the `--failed` file: a killed run's batch is sent again whole.
fn remove_orphans(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !name.starts_with(TEMP_PREFIX) || !name.ends_with(TEMP_SUFFIX) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
        let age = meta.modified().ok().and_then(|modified| modified.elapsed().ok());
        if !meta.is_file() || age.is_none_or(|age| age < ORPHAN_AGE) {
            continue;
        }
        let Ok(file) = open_for_lock(&path) else { continue };
        if file.metadata().is_ok_and(|opened| opened.is_file()) && file.try_lock().is_ok() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Opens a file only to lock it: never through a symbolic link, and never waiting (on a FIFO put there since
/// it was looked at).
fn open_for_lock(path: &Path) -> io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Reader};
    use super::*;
    use crate::api::PetStatus;

    fn pets() -> Vec<NewPet> {
        vec![
            NewPet { name: "Rex, \"the dog\"\nof lines".into(), category_id: -1, status: Some(PetStatus::Sold) },
            NewPet { name: " x\t".into(), category_id: i64::MAX, status: None },
            NewPet { name: "=1+1".into(), category_id: 2, status: None },
            NewPet { name: "'@x".into(), category_id: 3, status: Some(PetStatus::Pending) },
        ]
    }

    /// An invalid record set aside as it was read ([`Writer::write_raw`]) reads back as the same invalid
    /// record, beside valid ones written as records, in every format; each problem names its field.
    #[test]
    fn invalid_records_written_as_read_read_back_as_the_same_problems() {
        for (format, text) in [
            (
                Format::Json,
                "[{\"name\":\"\",\"categoryId\":1},\n {\"name\": 7,\n \"status\": \"x\"}, [1], {\"name\":\"ok\",\"categoryId\":2}]",
            ),
            (Format::Ndjson, "{\"name\":\"  \",\"categoryId\":1}\n{\"name\":\"ok\",\"categoryId\":2}\nnot json\n"),
            (Format::Csv, "categoryId,name,status\n1,,\n2,ok,\nx,'=y,lost\n3,too,many,fields\n"),
        ] {
            let records: Vec<_> = Reader::new(format, text.as_bytes()).unwrap().map(Result::unwrap).collect();
            let layout = Reader::new(format, text.as_bytes()).unwrap().layout();
            let mut writer = Writer::new(&layout, Vec::new()).unwrap();
            for record in &records {
                match record {
                    Ok(record) => writer.write(&record.pet).unwrap(),
                    Err(invalid) => writer.write_raw(invalid.raw.as_ref().expect("a record is kept")).unwrap(),
                }
            }
            let out = writer.finish().unwrap();
            let back: Vec<_> = Reader::new(format, out.as_slice()).unwrap().map(Result::unwrap).collect();
            let problems = |records: &[super::super::Parsed]| -> Vec<_> {
                records
                    .iter()
                    .map(|record| match record {
                        Ok(record) => Ok(record.pet.clone()),
                        Err(invalid) => Err(invalid.problems.clone()),
                    })
                    .collect()
            };
            assert_eq!(problems(&back), problems(&records), "{format:?}:\n{}", String::from_utf8_lossy(&out));
            assert_eq!(records.iter().filter(|r| r.is_err()).count(), 2 + usize::from(format != Format::Ndjson));
        }
        let fields: Vec<_> = Reader::new(Format::Ndjson, &b"{\"name\":\"\",\"categoryId\":\"1\",\"status\":1}\n"[..])
            .unwrap()
            .flat_map(|r| r.unwrap().unwrap_err().problems)
            .map(|problem| problem.field)
            .collect();
        assert_eq!(fields, [Some("name"), Some("categoryId"), Some("status")]);
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
            "[\n{\"name\":\" x\\t\",\"categoryId\":9223372036854775807},\n{\"name\":\" x\\t\",\"categoryId\":9223372036854775807}\n]\n"
        );
    }

    #[test]
    fn the_failed_file_appears_only_when_committed_and_replaces_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("failed.ndjson");
        std::fs::write(&path, "old\n").unwrap();
        let mut file = FailedFile::create(&path).unwrap().begin(&Layout::Ndjson).unwrap();
        file.write(&pets()[1]).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(file.commit().unwrap(), 1);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"name\":\" x\\t\",\"categoryId\":9223372036854775807}\n"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
    }

    /// Sets a file's modification time `ORPHAN_AGE` and a bit in the past.
    fn age(path: &Path) {
        let file = std::fs::File::options().write(true).open(path).unwrap();
        file.set_modified(std::time::SystemTime::now() - ORPHAN_AGE - Duration::from_secs(5)).unwrap();
    }

    #[test]
    fn only_temporary_files_left_behind_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("failed.ndjson");
        let live = FailedFile::create(&path).unwrap();
        let Stage::Checked(temp) = &live.stage else { unreachable!() };
        let live_temp = temp.path().to_owned();
        age(&live_temp);
        let orphan = dir.path().join(".petstore-failed-AbC123.partial");
        let fresh = dir.path().join(".petstore-failed-XyZ789.partial");
        let kept = dir.path().join(".petstore-failed-Kept00");
        let other = dir.path().join("notes.partial");
        for file in [&orphan, &fresh, &kept, &other] {
            std::fs::write(file, "x").unwrap();
        }
        for file in [&orphan, &kept, &other] {
            age(file);
        }
        let second = FailedFile::create(&dir.path().join("other.ndjson")).unwrap();
        assert!(!orphan.exists(), "old, unlocked: left by a killed run");
        assert!(live_temp.exists(), "old, but locked: a live run's");
        assert!(fresh.exists(), "unlocked but new: maybe a run about to lock it");
        assert!(kept.exists() && other.exists(), "not named as a temporary file");
        drop((live, second));
    }
}
