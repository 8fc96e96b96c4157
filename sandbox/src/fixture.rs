//! The sandbox as a test fixture: its first animals read from a file (`--seed-file`), its animals kept in a
//! file from one run to the next (`--state`), and where the request record goes (`--record`, src/record.rs).
//!
//! A seed file is in one of the formats `petstore pets add --file` reads, told by its extension as petstore
//! tells it: a JSON array of objects (`.json`), one object a line (`.ndjson`, `.jsonl`; blank lines skipped),
//! or CSV with a header row (`.csv`: the columns `name`, `categoryId`, optionally `status` and `id`, in any
//! order and any case, `,` or `;` between them). Each record is what `POST /v1/pets` takes, judged by the
//! same rules (src/wire.rs), plus optionally its `id`, so the output of `petstore pets list --all --json` is a
//! seed file as it is. Records without an id get the ids after the highest one given, in file order.
//!
//! This is the sandbox's own reader, not petstore-core's: the core reads NewPets for the client (it drops
//! `id`), and depending on it would pull the client's HTTP stack and keyrings into the sandbox.
//!
//! The state file is a JSON array of animals, written as the sandbox stops: atomically (a temporary file
//! beside it, renamed over it) and readable by its owner only. It is read back with the seed-file rules.

use std::collections::HashMap;
use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::value::RawValue;

use crate::number;
use crate::record::Recorder;
use crate::wire::{NAME_MAX_BYTES, NewPet, Pet, PetStatus, parse_new_pet};

/// The most animals a seed or state file may hold: what `--seed-pets` may build.
pub const SEED_RECORDS_MAX: usize = 1_000_000;

/// The largest seed or state file read (256 MiB), so that a wrong path (a disk image, `/dev/zero`) is refused
/// rather than read into memory.
pub const SEED_FILE_MAX_BYTES: u64 = 256 * 1024 * 1024;

/// The largest `id` a file may give: 2^53, the largest integer every JSON reader holds exactly, which leaves
/// the id counter room for every animal clients may add.
pub const ID_MAX: i64 = 1 << 53;

const BOM: &str = "\u{feff}";

/// What a run starts from and keeps: [`Fixture::load`] reads it before the sandbox listens, and
/// [`crate::Config::fixture`] hands it to the sandbox.
#[derive(Clone, Default)]
pub struct Fixture {
    /// The animals to start with, in ascending id order, instead of the `seed_pets` sample; `None` keeps it.
    pub(crate) pets: Option<Arc<Vec<Pet>>>,
    /// Where to save the animals when the sandbox stops.
    pub(crate) state_file: Option<PathBuf>,
    /// `FILE.lock` beside the state file, locked while the sandbox runs, so that two sandboxes never take the
    /// same state (each would overwrite the other's at its stop).
    pub(crate) state_lock: Option<Arc<std::fs::File>>,
    /// Where each request is written as it is answered.
    pub(crate) recorder: Option<Arc<Recorder>>,
}

impl fmt::Debug for Fixture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fixture")
            .field("pets", &self.pets.as_ref().map(|pets| pets.len()))
            .field("state_file", &self.state_file)
            .field("record", &self.recorder.is_some())
            .finish()
    }
}

impl Fixture {
    /// Reads what a run starts from: the animals of `state_file` when it exists, else those of `seed_file`
    /// when one is given (else the sandbox keeps its sample animals); and creates `record_file` (emptied if it
    /// was there) for the request record. `state_file` need not exist, but its directory must, so that the
    /// animals can be saved at the end.
    pub fn load(
        seed_file: Option<&Path>,
        state_file: Option<&Path>,
        record_file: Option<&Path>,
    ) -> Result<Fixture, FixtureError> {
        let mut fixture = Fixture::default();
        if let Some(path) = state_file {
            check_state_path(path)?;
            fixture.state_lock = Some(Arc::new(lock_state(path)?));
            if let Some(bytes) = read_file(path, true)? {
                let pets =
                    pets_of(Format::Json, &bytes).map_err(|(line, message)| FixtureError::at(path, line, message))?;
                fixture.pets = Some(Arc::new(pets));
            }
            fixture.state_file = Some(path.to_owned());
        }
        if let (Some(path), None) = (seed_file, &fixture.pets) {
            let format = Format::of(path).ok_or_else(|| {
                FixtureError::whole(
                    path,
                    "cannot tell its format from its extension: name it `.json` (a JSON array), `.ndjson` or \
                     `.jsonl` (one object a line), or `.csv`",
                )
            })?;
            let bytes = read_file(path, false)?.expect("a missing file is an error here");
            let pets = pets_of(format, &bytes).map_err(|(line, message)| FixtureError::at(path, line, message))?;
            fixture.pets = Some(Arc::new(pets));
        }
        if let Some(path) = record_file {
            let recorder =
                Recorder::create(path).map_err(|err| FixtureError::whole(path, format!("cannot create it: {err}")))?;
            fixture.recorder = Some(Arc::new(recorder));
        }
        Ok(fixture)
    }

    /// A fixture that starts from the animals of `text`, read as a file in `format` would be: for tests.
    #[cfg(test)]
    pub(crate) fn from_text(format: Format, text: &str) -> Result<Fixture, (u64, String)> {
        Ok(Fixture { pets: Some(Arc::new(pets_of(format, text.as_bytes())?)), ..Fixture::default() })
    }
}

/// Why a fixture file cannot be used: the file, the line when the fault is on one, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixtureError {
    path: PathBuf,
    line: Option<u64>,
    message: String,
}

impl FixtureError {
    fn at(path: &Path, line: u64, message: impl Into<String>) -> FixtureError {
        FixtureError { path: path.to_owned(), line: Some(line), message: message.into() }
    }

    fn whole(path: &Path, message: impl Into<String>) -> FixtureError {
        FixtureError { path: path.to_owned(), line: None, message: message.into() }
    }

    /// The line of the file at fault, when there is one (1-based).
    pub fn line(&self) -> Option<u64> {
        self.line
    }
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "`{}` line {line}: {}", self.path.display(), self.message),
            None => write!(f, "`{}`: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for FixtureError {}

/// The formats of a seed file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Json,
    Ndjson,
    Csv,
}

impl Format {
    /// As petstore tells it: by the extension, in any case.
    fn of(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "json" => Some(Format::Json),
            "ndjson" | "jsonl" => Some(Format::Ndjson),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }
}

/// The state file's directory must exist now, or the animals could not be saved at the end; and the file
/// itself, if there, must be a file.
fn check_state_path(path: &Path) -> Result<(), FixtureError> {
    if let Ok(metadata) = std::fs::metadata(path)
        && !metadata.is_file()
    {
        return Err(FixtureError::whole(path, "not a regular file, so it cannot hold the state"));
    }
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    // A link loop is no missing directory: it is said as the system says it.
    match std::fs::metadata(dir) {
        Ok(metadata) if metadata.is_dir() => Ok(()),
        Err(err) if err.kind() != io::ErrorKind::NotFound => Err(FixtureError::whole(
            path,
            format!("its directory cannot be looked at ({err}), so the state could not be saved"),
        )),
        _ => Err(FixtureError::whole(path, "its directory does not exist, so the state could not be saved")),
    }
}

/// Locks `FILE.lock` beside the state file `path`, or says that another sandbox holds it. The lock file is left
/// in place afterwards: removing it could race a sandbox that has just opened it.
fn lock_state(path: &Path) -> Result<std::fs::File, FixtureError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .map_err(|err| FixtureError::whole(&lock_path, format!("cannot create the state's lock file: {err}")))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(FixtureError::whole(
            path,
            "another petstore-sandbox is using this state file; stop it first, or give this one another `--state`",
        )),
        Err(std::fs::TryLockError::Error(err)) => {
            Err(FixtureError::whole(&lock_path, format!("cannot lock the state's lock file: {err}")))
        }
    }
}

/// The bytes of `path`, at most [`SEED_FILE_MAX_BYTES`] of them; `None` when there is no such file and
/// `missing_ok`.
fn read_file(path: &Path, missing_ok: bool) -> Result<Option<Vec<u8>>, FixtureError> {
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == io::ErrorKind::NotFound && missing_ok => return Ok(None),
        Err(err) => return Err(FixtureError::whole(path, format!("cannot read it: {err}"))),
    };
    let mut bytes = Vec::new();
    file.take(SEED_FILE_MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| FixtureError::whole(path, format!("cannot read it: {err}")))?;
    if bytes.len() as u64 > SEED_FILE_MAX_BYTES {
        return Err(FixtureError::whole(path, "larger than 256 MiB, the most the sandbox reads"));
    }
    Ok(Some(bytes))
}

/// A record as read: its line, its id if it gave one, the animal.
struct Seed {
    line: u64,
    id: Option<i64>,
    pet: NewPet,
}

/// The animals of a file in `format`, in ascending id order, or the first line at fault and why.
fn pets_of(format: Format, bytes: &[u8]) -> Result<Vec<Pet>, (u64, String)> {
    let text = std::str::from_utf8(bytes).map_err(|err| {
        let line = 1 + bytes[..err.valid_up_to()].iter().filter(|&&b| b == b'\n').count() as u64;
        (line, "not UTF-8 text".to_owned())
    })?;
    let text = text.strip_prefix(BOM).unwrap_or(text);
    let seeds = match format {
        Format::Json => json_array(text)?,
        Format::Ndjson => ndjson(text)?,
        Format::Csv => csv_rows(text)?,
    };
    with_ids(seeds)
}

/// Gives each record without an id the next one after the highest given, in file order; refuses an id
/// given twice.
fn with_ids(seeds: Vec<Seed>) -> Result<Vec<Pet>, (u64, String)> {
    let mut first_line = HashMap::new();
    for seed in &seeds {
        if let Some(id) = seed.id
            && let Some(first) = first_line.insert(id, seed.line)
        {
            return Err((seed.line, format!("`id` {id} is given twice (first on line {first})")));
        }
    }
    let mut next = seeds.iter().filter_map(|seed| seed.id).max().unwrap_or(0) + 1;
    let mut pets: Vec<Pet> = seeds
        .into_iter()
        .map(|Seed { id, pet, .. }| {
            let id = id.unwrap_or_else(|| {
                next += 1;
                next - 1
            });
            Pet { id, name: pet.name, category_id: pet.category_id, status: pet.status }
        })
        .collect();
    pets.sort_unstable_by_key(|pet| pet.id);
    Ok(pets)
}

fn too_many(line: u64) -> (u64, String) {
    (line, format!("more than {SEED_RECORDS_MAX} animals, the most the sandbox starts with"))
}

/// A JSON array of animal objects, as `petstore pets list --all --json` writes it.
fn json_array(text: &str) -> Result<Vec<Seed>, (u64, String)> {
    let start = text.len() - text.trim_start().len();
    let first_line = 1 + line_breaks(&text[..start]);
    if !text[start..].starts_with('[') {
        return Err((
            first_line,
            "expected a JSON array of animals, `[{\"name\": ..., \"categoryId\": ...}, ...]`".into(),
        ));
    }
    let elements: Vec<&RawValue> = serde_json::from_str(text)
        .map_err(|err| (err.line() as u64, format!("not valid JSON: {}", without_position(&err))))?;
    if elements.len() > SEED_RECORDS_MAX {
        return Err(too_many(first_line));
    }
    let (mut line, mut counted) = (1, 0);
    let mut seeds = Vec::with_capacity(elements.len());
    for element in elements {
        // Each element borrows from `text`, so its offset there gives its line.
        let offset = element.get().as_ptr() as usize - text.as_ptr() as usize;
        line += line_breaks(&text[counted..offset]);
        counted = offset;
        seeds.push(seed(line, element.get())?);
    }
    Ok(seeds)
}

/// One JSON object a line; blank lines are skipped.
fn ndjson(text: &str) -> Result<Vec<Seed>, (u64, String)> {
    let mut seeds = Vec::new();
    for (index, content) in text.split('\n').enumerate() {
        let line = index as u64 + 1;
        let content = content.strip_suffix('\r').unwrap_or(content);
        if content.trim().is_empty() {
            continue;
        }
        if seeds.len() == SEED_RECORDS_MAX {
            return Err(too_many(line));
        }
        seeds.push(seed(line, content)?);
    }
    Ok(seeds)
}

/// One animal as a JSON object: what `POST /v1/pets` takes, by the same rules, plus optionally `id` (`null`
/// counts as none, as it may stand in a listing).
fn seed(line: u64, json: &str) -> Result<Seed, (u64, String)> {
    if !json.trim_start().starts_with('{') {
        let kind = match serde_json::from_str::<serde_json::Value>(json) {
            Ok(serde_json::Value::Array(_)) => "an array",
            Ok(serde_json::Value::String(_)) => "a string",
            Ok(serde_json::Value::Number(_)) => "a number",
            Ok(serde_json::Value::Bool(_)) => "a boolean",
            Ok(serde_json::Value::Null) => "null",
            Ok(serde_json::Value::Object(_)) => "an object",
            Err(err) => return Err((line, format!("not valid JSON: {}", without_position(&err)))),
        };
        return Err((line, format!("expected a JSON object for an animal, not {kind}")));
    }
    let fields: HashMap<String, Box<RawValue>> =
        serde_json::from_str(json).map_err(|err| (line, format!("not valid JSON: {}", without_position(&err))))?;
    let id = match fields.get("id").map(|value| value.get()) {
        None | Some("null") => None,
        Some(text) => Some(id(text).map_err(|message| (line, message))?),
    };
    let pet = parse_new_pet(json.as_bytes()).map_err(|err| (line, err.message().to_owned()))?;
    Ok(Seed { line, id, pet })
}

fn id(text: &str) -> Result<i64, String> {
    number::int64(text.trim())
        .filter(|id| (1..=ID_MAX).contains(id))
        .ok_or_else(|| format!("`id` must be an integer from 1 to {ID_MAX}, not `{}`", text.trim()))
}

/// CSV with a header row naming `name`, `categoryId` and optionally `status` and `id` (any order, any case,
/// with or without `_`, `-` or spaces between words); `;` between fields when the header has more of them
/// than commas, as spreadsheets in some countries write. An empty `status` or `id` cell means none.
fn csv_rows(text: &str) -> Result<Vec<Seed>, (u64, String)> {
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Column {
        Id,
        Name,
        CategoryId,
        Status,
    }
    let header_line = text.split('\n').next().unwrap_or_default();
    let delimiter = if header_line.matches(';').count() > header_line.matches(',').count() { b';' } else { b',' };
    let mut reader =
        csv::ReaderBuilder::new().delimiter(delimiter).flexible(true).has_headers(false).from_reader(text.as_bytes());
    let mut records = reader.records();
    let expected = "expected the header `name,categoryId`, with `status` and `id` if wanted, in any order";
    let header = match records.next() {
        None => return Err((1, format!("the file is empty: {expected}"))),
        Some(Err(err)) => return Err((1, format!("not valid CSV: {err}"))),
        Some(Ok(header)) => header,
    };
    let folded = |text: &str| -> String {
        text.trim().chars().filter(|c| !matches!(c, '_' | '-' | ' ')).flat_map(char::to_lowercase).collect()
    };
    let mut columns = Vec::new();
    for cell in &header {
        let column = match folded(cell).as_str() {
            "id" => Column::Id,
            "name" => Column::Name,
            "categoryid" => Column::CategoryId,
            "status" => Column::Status,
            _ => return Err((1, format!("unknown column `{}` in the header: {expected}", cell.trim()))),
        };
        if columns.contains(&column) {
            return Err((1, format!("column `{}` appears twice in the header", cell.trim())));
        }
        columns.push(column);
    }
    if !columns.contains(&Column::Name) || !columns.contains(&Column::CategoryId) {
        return Err((1, format!("the header lacks `name` or `categoryId`: {expected}")));
    }
    let mut seeds = Vec::new();
    for record in records {
        let record = record.map_err(|err| {
            let line = err.position().map_or(1, csv::Position::line);
            (line, format!("not valid CSV: {err}"))
        })?;
        let line = record.position().map_or(1, csv::Position::line);
        if record.len() == 1 && record[0].trim().is_empty() {
            continue;
        }
        if record.len() != columns.len() {
            return Err((line, format!("expected {} fields, as in the header, found {}", columns.len(), record.len())));
        }
        if seeds.len() == SEED_RECORDS_MAX {
            return Err(too_many(line));
        }
        let (mut id, mut name, mut category_id, mut status) = (None, String::new(), 0, None);
        for (&column, cell) in columns.iter().zip(&record) {
            let fail = |message: String| (line, message);
            match column {
                Column::Id if cell.trim().is_empty() => {}
                Column::Id => id = Some(self::id(cell).map_err(fail)?),
                Column::Name => name = unprotect(cell).to_owned(),
                Column::CategoryId => {
                    category_id = number::int64(cell.trim())
                        .ok_or_else(|| fail(format!("`categoryId` must be an int64 integer, not `{}`", cell.trim())))?;
                }
                Column::Status if cell.trim().is_empty() => {}
                Column::Status => {
                    status = Some(PetStatus::parse(cell.trim()).ok_or_else(|| {
                        fail(format!("`status` must be one of {}, not `{}`", PetStatus::ALLOWED, cell.trim()))
                    })?);
                }
            }
        }
        if name.len() > NAME_MAX_BYTES {
            return Err((line, format!("`name` must be at most {NAME_MAX_BYTES} bytes (128 KiB)")));
        }
        seeds.push(Seed { line, id, pet: NewPet { name, category_id, status } });
    }
    Ok(seeds)
}

/// A name cell as petstore reads it back: one leading `'` removed when what follows would start a
/// spreadsheet formula (`'=SUM(1)` is `=SUM(1)`); petstore writes such cells so.
fn unprotect(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.trim_start_matches('\'').starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
        _ => cell,
    }
}

fn line_breaks(text: &str) -> u64 {
    text.bytes().filter(|&b| b == b'\n').count() as u64
}

/// serde_json's message without its ` at line L column C`: the caller names the line.
fn without_position(err: &serde_json::Error) -> String {
    let text = err.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Writes `pets` to `path` as a JSON array, one animal a line, atomically: a temporary file beside it (0600),
/// synced, then renamed over it, so a reader (or a crash) sees the old file or the whole new one. A symbolic
/// link is followed, its target written so; anything but a regular file is refused, never replaced.
pub(crate) fn save_state(path: &Path, pets: &[Pet]) -> io::Result<()> {
    let target = match std::fs::canonicalize(path) {
        Ok(target) => target,
        Err(err) if err.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
        Err(err) => return Err(err),
    };
    if let Ok(metadata) = std::fs::metadata(&target)
        && !metadata.is_file()
    {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"));
    }
    let dir = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut text = String::from("[");
    for (index, pet) in pets.iter().enumerate() {
        text.push_str(if index == 0 { "\n" } else { ",\n" });
        text.push_str(&serde_json::to_string(pet).expect("a Pet always serializes"));
    }
    text.push_str(if pets.is_empty() { "]\n" } else { "\n]\n" });
    // tempfile creates it 0600 on Unix: the state is the user's data.
    let mut file = tempfile::Builder::new().prefix(".petstore-sandbox-state-").tempfile_in(dir)?;
    file.write_all(text.as_bytes())?;
    file.as_file().sync_all()?;
    file.persist(&target).map_err(|err| err.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    type Summary = Vec<(i64, String, i64, Option<PetStatus>)>;

    fn pets(format: Format, text: &str) -> Result<Summary, (u64, String)> {
        Ok(pets_of(format, text.as_bytes())?
            .into_iter()
            .map(|pet| (pet.id, pet.name, pet.category_id, pet.status))
            .collect())
    }

    fn error(format: Format, text: &str) -> (u64, String) {
        pets(format, text).expect_err("refused")
    }

    use PetStatus::{Available, Sold};

    #[test]
    fn a_json_array_keeps_its_ids_and_gives_the_others_the_next_ones() {
        let text = r#"[
  {"name": "Rex", "categoryId": 1},
  {"id": 7, "name": "Bella", "categoryId": 2, "status": "sold", "extra": true},
  {"name": "Milo", "categoryId": 3.0, "status": "available", "id": null}
]"#;
        assert_eq!(
            pets(Format::Json, text).unwrap(),
            [(7, "Bella".into(), 2, Some(Sold)), (8, "Rex".into(), 1, None), (9, "Milo".into(), 3, Some(Available))]
        );
        assert_eq!(pets(Format::Json, "\u{feff} []").unwrap(), []);
    }

    #[test]
    fn what_petstore_pets_list_json_writes_is_a_seed_file() {
        let listing =
            r#"[{"id":1,"name":"Rex","categoryId":1,"status":"available"},{"id":2,"name":"Bella","categoryId":2}]"#;
        assert_eq!(
            pets(Format::Json, listing).unwrap(),
            [(1, "Rex".into(), 1, Some(Available)), (2, "Bella".into(), 2, None)]
        );
    }

    #[test]
    fn a_bad_json_record_is_refused_naming_its_line() {
        let text = "[\n  {\"name\": \"Rex\", \"categoryId\": 1},\n  {\"name\": \"Bella\", \"categoryId\": 2.5}\n]";
        let (line, message) = error(Format::Json, text);
        assert_eq!(line, 3, "{message}");
        assert!(message.contains("categoryId"), "{message}");
        assert_eq!(error(Format::Json, "[\n{\"categoryId\": 1}]"), (2, "`name` is required".into()));
        assert_eq!(error(Format::Json, "\n\n{\"name\": \"x\"}").0, 3, "not an array");
        assert_eq!(error(Format::Json, "[\n{\"name\": \"x\", \"categoryId\": 1},\n]").0, 3, "a trailing comma");
        assert_eq!(error(Format::Json, "[\n1]"), (2, "expected a JSON object for an animal, not a number".into()));
        let (line, message) = error(Format::Json, "[\n{\"id\": 0, \"name\": \"x\", \"categoryId\": 1}]");
        assert_eq!(line, 2);
        assert!(message.starts_with("`id` must be an integer from 1 to"), "{message}");
        let (line, message) = error(
            Format::Json,
            "[{\"id\": 2, \"name\": \"x\", \"categoryId\": 1},\n{\"id\": 2.0, \"name\": \"y\", \"categoryId\": 1}]",
        );
        assert_eq!((line, message.as_str()), (2, "`id` 2 is given twice (first on line 1)"));
        assert_eq!(error(Format::Json, "").0, 1);
    }

    #[test]
    fn ndjson_skips_blank_lines_and_names_the_bad_one() {
        let text = "{\"name\": \"Rex\", \"categoryId\": 1, \"id\": 3}\r\n\n{\"name\": \"Bella\", \"categoryId\": 2}\n";
        assert_eq!(pets(Format::Ndjson, text).unwrap(), [(3, "Rex".into(), 1, None), (4, "Bella".into(), 2, None)]);
        let (line, message) = error(
            Format::Ndjson,
            "{\"name\": \"Rex\", \"categoryId\": 1}\n\n{\"name\": \"Bella\", \"status\": \"lost\", \"categoryId\": 1}",
        );
        assert_eq!(line, 3);
        assert!(message.contains("`status`"), "{message}");
        assert_eq!(error(Format::Ndjson, "{\"name\": \"Rex\",\n").0, 1);
    }

    #[test]
    fn csv_reads_its_header_in_any_order_and_case() {
        let text = "Status;category_id;Name;ID\nsold;2;'=Rex;\n;3.0;Bella, the cat;1\n";
        assert_eq!(
            pets(Format::Csv, text).unwrap(),
            [(1, "Bella, the cat".into(), 3, None), (2, "=Rex".into(), 2, Some(Sold))]
        );
        let text = "name,categoryId\nRex,1\n\"Two\nlines\",2\n";
        assert_eq!(pets(Format::Csv, text).unwrap(), [(1, "Rex".into(), 1, None), (2, "Two\nlines".into(), 2, None)]);
    }

    #[test]
    fn a_bad_csv_file_is_refused_naming_its_line() {
        assert_eq!(error(Format::Csv, "").0, 1);
        assert!(error(Format::Csv, "name,colour\n").1.starts_with("unknown column `colour`"));
        assert!(error(Format::Csv, "name,status\n").1.starts_with("the header lacks"));
        assert_eq!(
            error(Format::Csv, "name,categoryId\nRex,1\nBella,x\n"),
            (3, "`categoryId` must be an int64 integer, not `x`".into())
        );
        assert_eq!(
            error(Format::Csv, "name,categoryId\n\"a\nb\",1\nBella\n").0,
            4,
            "a record's line counts quoted line breaks"
        );
        assert_eq!(error(Format::Csv, "name,categoryId,status\nRex,1,lost\n").0, 2);
    }

    #[test]
    fn the_state_is_saved_as_a_json_array_it_can_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        let pets = pets_of(
            Format::Json,
            br#"[{"id": 4, "name": "Rex", "categoryId": 1, "status": "sold"}, {"name": "Kit", "categoryId": 2}]"#,
        )
        .unwrap();
        save_state(&path, &pets).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "[\n{\"id\":4,\"name\":\"Rex\",\"categoryId\":1,\"status\":\"sold\"},\n{\"id\":5,\"name\":\"Kit\",\"categoryId\":2}\n]\n"
        );
        assert_eq!(pets_of(Format::Json, text.as_bytes()).unwrap(), pets);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        save_state(&path, &[]).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[]\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left behind");
        assert!(save_state(dir.path(), &[]).is_err(), "a directory is never replaced");
    }

    #[test]
    fn load_prefers_an_existing_state_to_the_seed_file() {
        let dir = tempfile::tempdir().unwrap();
        let seed = dir.path().join("seed.ndjson");
        std::fs::write(&seed, "{\"name\": \"Seed\", \"categoryId\": 1}\n").unwrap();
        let state = dir.path().join("state.json");
        let fixture = Fixture::load(Some(&seed), Some(&state), None).unwrap();
        assert_eq!(fixture.pets.as_ref().unwrap()[0].name, "Seed", "no state yet: the seed");
        drop(fixture);
        std::fs::write(&state, "[{\"id\": 9, \"name\": \"Kept\", \"categoryId\": 1}]").unwrap();
        let fixture = Fixture::load(Some(&seed), Some(&state), None).unwrap();
        assert_eq!(fixture.pets.as_ref().unwrap()[0].name, "Kept");
        let err = Fixture::load(Some(&dir.path().join("seed.txt")), None, None).unwrap_err();
        assert!(err.to_string().contains("cannot tell its format from its extension"), "{err}");
        let err = Fixture::load(None, Some(&state), None).unwrap_err();
        assert!(err.to_string().contains("another petstore-sandbox is using this state file"), "{err}");
        drop(fixture);
        assert!(Fixture::load(None, Some(&state), None).is_ok(), "free again once the first is gone");
        let err = Fixture::load(None, Some(&dir.path().join("nowhere/state.json")), None).unwrap_err();
        assert!(err.to_string().contains("its directory does not exist"), "{err}");
        std::fs::write(&seed, "{\"name\": \"Seed\", \"categoryId\": 1}\n\n{}\n").unwrap();
        let err = Fixture::load(Some(&seed), None, None).unwrap_err();
        assert_eq!(err.line(), Some(3));
        assert_eq!(err.to_string(), format!("`{}` line 3: `name` is required", seed.display()));
    }
}
