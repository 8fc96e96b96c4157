//! The journal of writes: every write petstore attempts (`pets add`, one or a batch; `api` with a method that
//! changes something; MCP's `add_pet` and `add_pets`), as JSON lines in `journal.ndjson`, so that what a run
//! could not settle is known to the next: a reply that was lost, an add that never went out.
//!
//! A write is two lines with the same `write` id: its **intent**, appended before the request goes out (the
//! environment, base URL, method, path, body and request id, who asked), and its **outcome** after it
//! (`created` with the pet's id, `exists`, `refused` with the code and status, `unknown`, `not_sent`; and later
//! the settlements of `journal reconcile`: `created`, `not_created`, `undecided`). A write with no outcome is
//! of unknown outcome: its process ended (a crash, SIGKILL) between the two. Readers fold the lines of a write
//! into one [`Entry`], its latest outcome winning.
//!
//! The file is made mode 0600 in a directory made 0700 ([`dir`]); each line is one `write(2)` of the whole line
//! to a file opened for appending, so several processes appending at once (two batches, an MCP server beside a
//! terminal) never interleave within a line. A file that ends part-way through a line (a full disk cut a write
//! short) gets a newline before the next line, so that the piece spoils no write but its own. It is bounded:
//! past [`MAX_BYTES`] it becomes `journal.1.ndjson` and a new one begins; the writes of the file before it that
//! are not settled (of unknown outcome, not sent, not created, undecided) are carried into the new one, so that
//! no rotation ever drops a write that `journal reconcile` or `journal send` still has to settle. Each write
//! checks that its open file is still the one at the path and reopens it if another run rotated it meanwhile.
//! The journal is a regular file of its owner's alone: one found readable by others is made 0600, and a
//! symbolic link is refused. It holds no key and no header: only what [`Intent`] and [`Outcome`] name.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use crate::api::{self, Pet};
use crate::batch::End;
use crate::catalog::Decision;

/// The journal's file in its directory.
pub const FILE: &str = "journal.ndjson";
/// The journal before the last rotation.
pub const PREVIOUS: &str = "journal.1.ndjson";
/// The lock taken to rotate.
const LOCK: &str = "journal.lock";
/// The size past which the journal is rotated: about 180,000 writes of an animal with a short name (a write is
/// two lines, about 370 bytes), so that a batch of 100,000 records and the writes before it fit.
pub const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Where the journal lives: inside `PETSTORE_CONFIG_DIR` when it is set (a run under `petstore-sandbox --
/// CMD` keeps its journal with its config), else the platform's state directory (`$XDG_STATE_HOME/petstore`,
/// by default `~/.local/state/petstore`, on Linux; the local data directory elsewhere).
pub fn dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(crate::config::CONFIG_DIR_VAR).filter(|dir| !dir.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let dirs = directories::ProjectDirs::from("", "", "petstore")?;
    Some(dirs.state_dir().unwrap_or_else(|| dirs.data_local_dir()).to_path_buf())
}

/// Who asked for a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Via {
    Cli,
    Mcp,
}

/// What a write was to do, written before its request goes out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Intent {
    /// The environment's name, when one was chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub env: Option<String>,
    pub base_url: String,
    pub method: String,
    /// The path under the base URL (`/pets`).
    pub path: String,
    /// The body sent: JSON as JSON (an animal's, for `POST /pets`), other text as a string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schemars", schemars(schema_with = "body_schema"))]
    pub body: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    pub via: Via,
    /// The assistant variable set in the environment, if one is (`CLAUDECODE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assistant: Option<String>,
    /// The records file of a batch, and the record's line in it (its index in an MCP batch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
}

/// The schema of a body sent: a JSON object (an animal's), or text as a string.
#[cfg(feature = "schemars")]
fn body_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "description": "The body sent: JSON as JSON (an animal's, for `POST /pets`), other text as a string.",
        "anyOf": [{"type": "object", "additionalProperties": true}, {"type": "string"}]
    })
}

/// How a write ended, or was settled later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The server created it (`petId`); or reconcile found it.
    Created,
    /// `--if-absent` found it on the server: not sent.
    Exists,
    /// The server refused it (`code`, `status`): certainly not created.
    Refused,
    /// The server answered 2xx (`status`) to a write that creates no animal (`petstore api`).
    Done,
    /// It may or may not have been created.
    Unknown,
    /// It never went out: the batch stopped first, or no connection could be made.
    NotSent,
    /// Reconcile found it was not created.
    NotCreated,
    /// Whether it exists cannot be told: no query reaches past the API's first 100 of its status.
    Undecided,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Created => "created",
            Outcome::Exists => "exists",
            Outcome::Refused => "refused",
            Outcome::Done => "done",
            Outcome::Unknown => "unknown",
            Outcome::NotSent => "not_sent",
            Outcome::NotCreated => "not_created",
            Outcome::Undecided => "undecided",
        }
    }
}

/// An outcome line's fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ended {
    pub outcome: Outcome,
    /// The animal created, or found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pet_id: Option<i64>,
    /// petstore's error code, for a write that failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The HTTP status of the answer, if one came.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The request id, as the answer (or the request) gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// What settled it, when not the write itself: `reconcile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// The journal's `code` for a write that `--if-absent` could not decide: the CLI's error code of the same name.
pub const UNDECIDED_CODE: &str = "undecided";

impl Ended {
    pub fn new(outcome: Outcome) -> Ended {
        Ended { outcome, pet_id: None, code: None, status: None, request_id: None, by: None }
    }

    /// A write that created (or, `outcome` [`Outcome::Exists`], found) `pet`.
    pub fn of_pet(outcome: Outcome, pet: &Pet) -> Ended {
        Ended { pet_id: Some(pet.id), ..Ended::new(outcome) }
    }

    /// A write that failed with `err`: of unknown outcome when the server may have acted on it
    /// ([`api::Error::maybe_applied`]), refused when it answered that it did not, not sent when the request
    /// never reached it (no connection, a stream refused before it was taken). Its `code` is the caller's.
    pub fn of_failure(err: &api::Error) -> Ended {
        let outcome = match (err.maybe_applied(), err.status()) {
            (true, _) => Outcome::Unknown,
            (false, Some(_)) => Outcome::Refused,
            (false, None) => Outcome::NotSent,
        };
        Ended { status: err.status(), request_id: err.request_id().map(ToOwned::to_owned), ..Ended::new(outcome) }
    }

    /// How a batch's record ended, as the batch itself says ([`End`]); a failure's `code` is the caller's.
    pub fn of_end(end: &End<'_>) -> Ended {
        match end {
            End::Created(pet) => Ended::of_pet(Outcome::Created, pet),
            End::Failed(err) => Ended::of_failure(err),
            End::Unknown(err) => Ended { outcome: Outcome::Unknown, ..Ended::of_failure(err) },
            End::Abandoned(_) => Ended::new(Outcome::Unknown),
        }
    }

    /// What a look after a write of unknown outcome found (`journal reconcile`): created (the id found), not
    /// created, or undecided when no query can tell.
    pub fn of_lookup(decision: &Decision) -> Ended {
        match decision {
            Decision::Exists(pet) => Ended::of_pet(Outcome::Created, pet),
            Decision::Send => Ended::new(Outcome::NotCreated),
            Decision::Undecided => Ended::of_decision(decision).expect("undecided is an outcome"),
        }
    }

    /// What a look before a write decided, when it decided not to send: found, or undecided.
    pub fn of_decision(decision: &Decision) -> Option<Ended> {
        match decision {
            Decision::Exists(pet) => Some(Ended::of_pet(Outcome::Exists, pet)),
            Decision::Undecided => {
                Some(Ended { code: Some(UNDECIDED_CODE.to_owned()), ..Ended::new(Outcome::Undecided) })
            }
            Decision::Send => None,
        }
    }
}

/// One line of the journal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    /// When it was written, RFC 3339 in UTC.
    pub at: String,
    /// The write it belongs to.
    pub write: String,
    #[serde(flatten)]
    pub event: Event,
}

/// What a line says of its write.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Event {
    Intent(Intent),
    Outcome(Ended),
}

/// A write as the journal's lines say it: its intent, and its latest outcome (none: unknown).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    pub write: String,
    /// When its intent was written.
    pub at: String,
    /// The animal's name, for a write that adds one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(flatten)]
    pub intent: Intent,
    /// Its latest outcome; `unknown` when none was written.
    pub outcome: Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pet_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// When its latest outcome was written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settled_at: Option<String>,
    /// What settled it, when not the write itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settled_by: Option<String>,
}

impl Entry {
    /// The write as it stands once `ended` is written down for it `at` (RFC 3339).
    pub fn settle(&mut self, ended: Ended, at: String) {
        self.outcome = ended.outcome;
        self.pet_id = ended.pet_id.or(self.pet_id.filter(|_| ended.outcome == Outcome::Created));
        self.code = ended.code;
        self.status = ended.status;
        self.settled_at = Some(at);
        self.settled_by = ended.by;
        if let Some(id) = ended.request_id {
            self.intent.request_id = Some(id);
        }
    }
}

/// A fresh write id.
pub fn new_write_id() -> String {
    crate::api::trace::new_request_id()
}

/// The time now, as the journal writes it: RFC 3339 in UTC, to the millisecond. Made once a millisecond a
/// thread: a batch writes thousands of lines in one.
pub fn now() -> String {
    thread_local! {
        static LAST: std::cell::RefCell<(i64, String)> = const { std::cell::RefCell::new((i64::MIN, String::new())) };
    }
    let now = jiff::Timestamp::now();
    let millisecond = now.as_millisecond();
    LAST.with_borrow_mut(|(at, text)| {
        if *at != millisecond {
            *at = millisecond;
            *text = jiff::Timestamp::from_millisecond(millisecond).unwrap_or(now).to_string();
        }
        text.clone()
    })
}

/// The journal, open for appending; or off. Cheap to clone: clones share the file.
#[derive(Debug, Clone, Default)]
pub struct Journal {
    open: Option<Arc<Open>>,
}

#[derive(Debug)]
struct Open {
    dir: PathBuf,
    file: Mutex<Appending>,
    max_bytes: u64,
}

/// The file appended to, and its size as this process knows it: what it was when opened, and what this process
/// wrote since (another process's lines make it larger; the bound is checked against the file when this one
/// passes it).
#[derive(Debug)]
struct Appending {
    file: File,
    size: u64,
    /// The file may end part-way through a line: the next write starts with a newline.
    torn: bool,
}

impl Appending {
    fn open(path: &Path) -> io::Result<Appending> {
        let mut file = open_append(path)?;
        let size = file.metadata()?.len();
        let torn = size > 0 && {
            let mut last = [0u8];
            io::Seek::seek(&mut file, io::SeekFrom::End(-1))?;
            io::Read::read_exact(&mut file, &mut last)?;
            last[0] != b'\n'
        };
        Ok(Appending { file, size, torn })
    }

    /// Appends `lines` in one `write(2)`, after a newline when the file may end part-way through a line.
    fn append(&mut self, lines: &[u8]) -> io::Result<()> {
        let result = match std::mem::take(&mut self.torn) {
            true => self.file.write_all(&[b"\n", lines].concat()),
            false => self.file.write_all(lines),
        };
        // A write that failed may have left part of a line.
        self.torn = result.is_err();
        result?;
        self.size += lines.len() as u64;
        Ok(())
    }
}

impl Journal {
    /// No journal: every write is dropped.
    pub fn off() -> Journal {
        Journal { open: None }
    }

    /// The journal in `dir` (made, 0700, if needed), opened for appending (made, 0600, if needed).
    pub fn open(dir: &Path) -> io::Result<Journal> {
        Journal::open_bounded(dir, MAX_BYTES)
    }

    /// [`Journal::open`], rotated past `max_bytes`.
    pub fn open_bounded(dir: &Path, max_bytes: u64) -> io::Result<Journal> {
        crate::config::files::create_private_dir(dir)?;
        let file = Appending::open(&dir.join(FILE))?;
        Ok(Journal { open: Some(Arc::new(Open { dir: dir.to_owned(), file: Mutex::new(file), max_bytes })) })
    }

    pub fn is_on(&self) -> bool {
        self.open.is_some()
    }

    /// The journal's file, when it is on.
    pub fn path(&self) -> Option<PathBuf> {
        self.open.as_ref().map(|open| open.dir.join(FILE))
    }

    /// Appends the intent of write `write`.
    pub fn intent(&self, write: &str, intent: &Intent) -> io::Result<()> {
        let mut text = Vec::new();
        encode_intent(&mut text, write, intent, intent.body.as_ref(), intent.request_id.as_deref(), intent.line);
        self.write_lines(&text)
    }

    /// Appends an outcome of write `write`.
    pub fn outcome(&self, write: &str, ended: Ended) -> io::Result<()> {
        let mut text = Vec::new();
        encode_outcome(&mut text, write, &ended);
        self.write_lines(&text)
    }

    /// Appends `lines`, whole lines each ending in a newline ([`encode_intent`], [`encode_outcome`]): one
    /// `write(2)` for them all, so that they stay whole beside other writers.
    pub fn write_lines(&self, lines: &[u8]) -> io::Result<()> {
        let Some(open) = &self.open else { return Ok(()) };
        if lines.is_empty() {
            return Ok(());
        }
        let mut appending = open.file.lock().unwrap_or_else(PoisonError::into_inner);
        let path = open.dir.join(FILE);
        // Another run rotated the journal since: what is written goes to the file at the path.
        if !same_file(&appending.file, &path) {
            *appending = Appending::open(&path)?;
        }
        appending.append(lines)?;
        if appending.size > open.max_bytes {
            *appending = open.rotate(&appending.file)?;
        }
        drop(appending);
        let marks = |outcome: &Outcome| format!("\"outcome\":\"{}\"", outcome.as_str());
        if OUTBOX.iter().any(|outcome| memchr::memmem::find(lines, marks(outcome).as_bytes()).is_some()) {
            // After the line, so that a reader that took the mark away before reading sees the line or the mark.
            let _ = private_file(&open.dir.join(OUTBOX_MARK));
        }
        Ok(())
    }
}

/// The mark that a write may wait in an outbox: made whenever the journal writes an outcome of [`OUTBOX`], so
/// that a command can tell that none waits anywhere with one look at the directory ([`waiting`]).
pub const OUTBOX_MARK: &str = "outbox.mark";

/// How many writes wait in the outbox of the server at `base_url`, by the journal in `dir`. With no
/// [`OUTBOX_MARK`] none waits anywhere, and nothing is read; the mark is taken away when no write waits for
/// any server (the mark goes first, then the journal is read: a write that ends meanwhile marks again).
pub fn waiting(dir: &Path, base_url: &str) -> usize {
    let mark = dir.join(OUTBOX_MARK);
    if fs::remove_file(&mark).is_err() {
        return 0;
    }
    let Ok(read) = read(dir) else {
        let _ = private_file(&mark);
        return 0;
    };
    if read.entries.iter().any(|entry| OUTBOX.contains(&entry.outcome)) {
        let _ = private_file(&mark);
    }
    to_server(&read.entries, base_url, &OUTBOX).0.len()
}

fn private_file(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// An intent's line, as written: `intent`'s fields, but for the body, request id and line given apart (a
/// batch's records share the rest), without copying them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct IntentLine<'a, B> {
    at: &'a str,
    write: &'a str,
    event: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    env: Option<&'a str>,
    base_url: &'a str,
    method: &'a str,
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<&'a B>,
    #[serde(skip_serializing_if = "Option::is_none")]
    request_id: Option<&'a str>,
    via: Via,
    #[serde(skip_serializing_if = "Option::is_none")]
    assistant: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
}

/// Appends to `out` the intent line of write `write`: `intent`'s fields with `body`, `request_id` and `line`.
pub fn encode_intent<B: Serialize>(
    out: &mut Vec<u8>,
    write: &str,
    intent: &Intent,
    body: Option<&B>,
    request_id: Option<&str>,
    line: Option<u64>,
) {
    let at = now();
    let line = IntentLine {
        at: &at,
        write,
        event: "intent",
        env: intent.env.as_deref(),
        base_url: &intent.base_url,
        method: &intent.method,
        path: &intent.path,
        body,
        request_id,
        via: intent.via,
        assistant: intent.assistant.as_deref(),
        file: intent.file.as_deref(),
        line,
    };
    serde_json::to_writer(&mut *out, &line).expect("an intent serialises");
    out.push(b'\n');
}

/// An outcome's line, as written.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutcomeLine<'a> {
    at: &'a str,
    write: &'a str,
    event: &'static str,
    outcome: Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    pet_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    request_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<&'a str>,
}

/// Appends to `out` the outcome line of write `write`.
pub fn encode_outcome(out: &mut Vec<u8>, write: &str, ended: &Ended) {
    let at = now();
    let line = OutcomeLine {
        at: &at,
        write,
        event: "outcome",
        outcome: ended.outcome,
        pet_id: ended.pet_id,
        code: ended.code.as_deref(),
        status: ended.status,
        request_id: ended.request_id.as_deref(),
        by: ended.by.as_deref(),
    };
    serde_json::to_writer(&mut *out, &line).expect("an outcome serialises");
    out.push(b'\n');
}

impl Open {
    /// The journal grew past its bound: under the rotation lock, the file at the path becomes the previous one,
    /// unless another process rotated it already, and the writes of the previous one that are not settled are
    /// carried into the new one; gives the file to append to from now on.
    fn rotate(&self, current: &File) -> io::Result<Appending> {
        let lock = OpenOptions::new().create(true).truncate(false).write(true).open(self.dir.join(LOCK))?;
        lock.lock()?;
        let path = self.dir.join(FILE);
        if !(same_file(current, &path) && current.metadata()?.len() > self.max_bytes) {
            return Appending::open(&path);
        }
        let carried = unsettled(&self.dir, self.max_bytes / 2)?;
        fs::rename(&path, self.dir.join(PREVIOUS))?;
        let mut next = Appending::open(&path)?;
        if !carried.is_empty() {
            next.append(&carried)?;
        }
        Ok(next)
    }
}

/// Whether a write whose latest outcome is `outcome` (`None`: none written) still has to be settled.
fn unsettled_outcome(outcome: Option<Outcome>) -> bool {
    matches!(outcome, None | Some(Outcome::Unknown | Outcome::NotSent | Outcome::NotCreated | Outcome::Undecided))
}

/// The lines that carry over a rotation: for each write whose intent is in the previous file and which is not
/// settled, its intent and its latest outcome, as they were written. Bounded by `max` bytes, so that a journal
/// of nothing but unsettled writes still rotates: past it, the newest are kept.
fn unsettled(dir: &Path, max: u64) -> io::Result<Vec<u8>> {
    /// Just what a line says of its write.
    #[derive(Deserialize)]
    struct Peek {
        write: String,
        event: String,
        #[serde(default)]
        outcome: Option<Outcome>,
    }
    let lines = |name: &str| -> io::Result<Vec<String>> {
        match File::open(dir.join(name)) {
            Ok(file) => BufReader::new(file).lines().collect(),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(err) => Err(err),
        }
    };
    let (previous, current) = (lines(PREVIOUS)?, lines(FILE)?);
    /// A write of the previous file: the index of its intent there, and its latest outcome and that line.
    type Found<'a> = (usize, Option<(Outcome, &'a str)>);
    let mut writes: HashMap<String, Found> = HashMap::new();
    for (from_previous, texts) in [(true, &previous), (false, &current)] {
        for (index, text) in texts.iter().enumerate() {
            let Ok(peek) = serde_json::from_str::<Peek>(text) else { continue };
            match (peek.event.as_str(), peek.outcome) {
                ("intent", _) if from_previous => {
                    writes.insert(peek.write, (index, None));
                }
                ("outcome", Some(outcome)) => {
                    if let Some((_, latest)) = writes.get_mut(&peek.write) {
                        *latest = Some((outcome, text.as_str()));
                    }
                }
                _ => {}
            }
        }
    }
    let mut carried: Vec<(usize, Option<&str>)> = writes
        .into_values()
        .filter(|(_, latest)| unsettled_outcome(latest.map(|(outcome, _)| outcome)))
        .map(|(index, latest)| (index, latest.map(|(_, text)| text)))
        .collect();
    carried.sort_unstable_by_key(|(index, _)| std::cmp::Reverse(*index));
    let mut kept: Vec<String> = Vec::new();
    let mut bytes = 0;
    for (index, outcome) in carried {
        let lines: String =
            std::iter::once(previous[index].as_str()).chain(outcome).map(|text| format!("{text}\n")).collect();
        bytes += lines.len() as u64;
        if bytes > max {
            break;
        }
        kept.push(lines);
    }
    Ok(kept.into_iter().rev().collect::<String>().into_bytes())
}

/// Whether `file` is the one at `path`.
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// The journal's file at `path`, opened (made 0600 if needed) for appending, and for reading its last byte. A
/// symbolic link or anything but a regular file is refused, and a file others may read is made 0600.
fn open_append(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.create(true).append(true).read(true);
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        // Not a FIFO's wait for a reader either: a regular file never blocks.
        options.mode(0o600).custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    let refused = |what: &str| {
        io::Error::other(format!("it is {what}, and the journal is only ever a regular file (docs/journal.md)"))
    };
    let file = match options.open(path) {
        Ok(file) => file,
        Err(err) if fs::symlink_metadata(path).is_ok_and(|found| found.file_type().is_symlink()) => {
            return Err(io::Error::new(err.kind(), refused("a symbolic link").to_string()));
        }
        Err(err) => return Err(err),
    };
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(refused("not a regular file"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if metadata.permissions().mode() & 0o077 != 0 {
            file.set_permissions(fs::Permissions::from_mode(0o600))?;
        }
    }
    Ok(file)
}

/// The journal's lines in `dir`, the previous file's first, folded into one entry per write, in the order their
/// intents were written. A line that is not the journal's (cut short by a full disk, say) is skipped and
/// counted.
pub fn read(dir: &Path) -> io::Result<Read> {
    let mut read = Read::default();
    let mut at: HashMap<String, usize> = HashMap::new();
    for name in [PREVIOUS, FILE] {
        let file = match File::open(dir.join(name)) {
            Ok(file) => file,
            Err(err) if err.kind() == io::ErrorKind::NotFound => continue,
            Err(err) => return Err(err),
        };
        for text in BufReader::new(file).lines() {
            let text = text?;
            if text.trim().is_empty() {
                continue;
            }
            let Ok(line) = serde_json::from_str::<Line>(&text) else {
                read.unreadable += 1;
                continue;
            };
            match line.event {
                Event::Intent(intent) => {
                    at.insert(line.write.clone(), read.entries.len());
                    let name = intent.body.as_ref().and_then(|body| body.get("name")?.as_str()).map(ToOwned::to_owned);
                    read.entries.push(Entry {
                        write: line.write,
                        at: line.at,
                        name,
                        intent,
                        outcome: Outcome::Unknown,
                        pet_id: None,
                        code: None,
                        status: None,
                        settled_at: None,
                        settled_by: None,
                    });
                }
                Event::Outcome(ended) => {
                    // An outcome whose intent went with an older file: nothing to fold it into.
                    let Some(&index) = at.get(&line.write) else { continue };
                    read.entries[index].settle(ended, line.at);
                }
            }
        }
    }
    Ok(read)
}

/// The journal as [`read`] found it.
#[derive(Debug, Default)]
pub struct Read {
    pub entries: Vec<Entry>,
    /// Lines that are not the journal's.
    pub unreadable: u64,
}

/// The outcomes of the writes that wait in the outbox: never sent, or found not created.
pub const OUTBOX: [Outcome; 2] = [Outcome::NotSent, Outcome::NotCreated];

/// The writes of `entries` to the server at `base_url` with any of `outcomes`, and how many to other servers
/// have one.
pub fn to_server<'a>(entries: &'a [Entry], base_url: &str, outcomes: &[Outcome]) -> (Vec<&'a Entry>, usize) {
    let here = base_url.trim_end_matches('/');
    let wanted = entries.iter().filter(|entry| outcomes.contains(&entry.outcome));
    let (mine, others): (Vec<&Entry>, Vec<&Entry>) =
        wanted.partition(|entry| entry.intent.base_url.trim_end_matches('/') == here);
    (mine, others.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn intent(name: &str) -> Intent {
        Intent {
            env: Some("shop".to_owned()),
            base_url: "https://api.example.com/v1/".to_owned(),
            method: "POST".to_owned(),
            path: "/pets".to_owned(),
            body: Some(serde_json::json!({"name": name, "categoryId": 1})),
            request_id: Some(format!("id-{name}")),
            via: Via::Cli,
            assistant: None,
            file: None,
            line: None,
        }
    }

    #[test]
    fn a_write_is_its_intent_and_its_latest_outcome_and_none_is_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let journal = Journal::open(dir.path()).unwrap();
        journal.intent("a", &intent("Rex")).unwrap();
        journal.intent("b", &intent("Tom")).unwrap();
        journal.outcome("a", Ended { pet_id: Some(7), ..Ended::new(Outcome::Created) }).unwrap();
        journal.intent("c", &intent("Ada")).unwrap();
        journal.outcome("c", Ended::new(Outcome::NotSent)).unwrap();
        journal
            .outcome("c", Ended { by: Some("send".to_owned()), pet_id: Some(9), ..Ended::new(Outcome::Created) })
            .unwrap();
        let read = read(dir.path()).unwrap();
        let seen: Vec<(&str, Outcome, Option<i64>)> =
            read.entries.iter().map(|entry| (entry.write.as_str(), entry.outcome, entry.pet_id)).collect();
        assert_eq!(
            seen,
            [("a", Outcome::Created, Some(7)), ("b", Outcome::Unknown, None), ("c", Outcome::Created, Some(9))]
        );
        assert_eq!(read.entries[2].settled_by.as_deref(), Some("send"));
        assert_eq!(read.unreadable, 0);
    }

    #[test]
    fn the_outbox_of_a_server_is_its_writes_not_sent_or_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let journal = Journal::open(dir.path()).unwrap();
        let elsewhere = Intent { base_url: "https://other.example/v1/".to_owned(), ..intent("Kit") };
        for (write, intent, outcome) in [
            ("a", intent("Rex"), Outcome::NotSent),
            ("b", intent("Tom"), Outcome::Created),
            ("c", intent("Ada"), Outcome::NotCreated),
            ("d", elsewhere, Outcome::NotSent),
        ] {
            journal.intent(write, &intent).unwrap();
            journal.outcome(write, Ended::new(outcome)).unwrap();
        }
        let read = read(dir.path()).unwrap();
        // The same server with or without its last slash.
        for here in ["https://api.example.com/v1/", "https://api.example.com/v1"] {
            let (mine, others) = to_server(&read.entries, here, &OUTBOX);
            let writes: Vec<&str> = mine.iter().map(|entry| entry.write.as_str()).collect();
            assert_eq!((writes, others), (vec!["a", "c"], 1));
        }
    }

    #[test]
    fn a_write_left_in_the_outbox_marks_it_until_none_waits() {
        let dir = tempfile::tempdir().unwrap();
        let journal = Journal::open(dir.path()).unwrap();
        let here = "https://api.example.com/v1/";
        journal.intent("a", &intent("Rex")).unwrap();
        journal.outcome("a", Ended { pet_id: Some(1), ..Ended::new(Outcome::Created) }).unwrap();
        assert!(!dir.path().join(OUTBOX_MARK).exists(), "a created write marks nothing");
        assert_eq!(waiting(dir.path(), here), 0);
        journal.intent("b", &intent("Tom")).unwrap();
        journal.outcome("b", Ended::new(Outcome::NotSent)).unwrap();
        assert_eq!((waiting(dir.path(), here), waiting(dir.path(), "https://other.example/v1/")), (1, 0));
        assert!(dir.path().join(OUTBOX_MARK).exists(), "kept while a write waits");
        journal.outcome("b", Ended { pet_id: Some(2), ..Ended::new(Outcome::Created) }).unwrap();
        assert_eq!(waiting(dir.path(), here), 0);
        assert!(!dir.path().join(OUTBOX_MARK).exists(), "gone once none waits");
    }

    #[cfg(unix)]
    #[test]
    fn the_file_is_only_its_owners() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let journal = Journal::open(&dir.path().join("state")).unwrap();
        journal.intent("a", &intent("Rex")).unwrap();
        let mode = |path: PathBuf| fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(dir.path().join("state").join(FILE)), 0o600);
        assert_eq!(mode(dir.path().join("state")), 0o700);
    }

    #[test]
    fn past_its_bound_the_journal_rotates_and_keeps_the_previous_file() {
        let dir = tempfile::tempdir().unwrap();
        let journal = Journal::open_bounded(dir.path(), 2_000).unwrap();
        for i in 0..30 {
            journal.intent(&format!("w{i}"), &intent(&format!("pet {i}"))).unwrap();
            journal.outcome(&format!("w{i}"), Ended { pet_id: Some(i), ..Ended::new(Outcome::Created) }).unwrap();
        }
        let previous = fs::metadata(dir.path().join(PREVIOUS)).unwrap().len();
        assert!(previous > 2_000 && previous < 3_200, "{previous}");
        assert!(fs::metadata(dir.path().join(FILE)).unwrap().len() <= 2_300);
        let read = read(dir.path()).unwrap();
        let last = read.entries.last().unwrap();
        assert_eq!(last.write, "w29");
        // Bounded: what went before the previous file is gone.
        assert!(read.entries.len() < 30, "{}", read.entries.len());
    }

    #[test]
    fn a_rotation_carries_every_write_not_settled_and_drops_the_settled() {
        let dir = tempfile::tempdir().unwrap();
        let journal = Journal::open_bounded(dir.path(), 16_000).unwrap();
        let settled = |i: usize| !i.is_multiple_of(25) && i % 25 != 5;
        for i in 0..300 {
            let write = format!("w{i}");
            journal.intent(&write, &intent(&format!("pet {i}"))).unwrap();
            if i % 25 == 5 {
                journal.outcome(&write, Ended::new(Outcome::NotSent)).unwrap();
            } else if settled(i) {
                journal.outcome(&write, Ended { pet_id: Some(i as i64), ..Ended::new(Outcome::Created) }).unwrap();
            }
        }
        // Written after several rotations: it folds onto its carried intent.
        journal.outcome("w5", Ended { pet_id: Some(5), ..Ended::new(Outcome::Created) }).unwrap();
        let read = read(dir.path()).unwrap();
        assert_eq!(read.unreadable, 0);
        let mut unsettled: Vec<(String, Outcome)> = read
            .entries
            .iter()
            .filter(|entry| entry.outcome != Outcome::Created)
            .map(|entry| (entry.write.clone(), entry.outcome))
            .collect();
        unsettled.sort_by(|a, b| a.0.cmp(&b.0));
        let mut expected: Vec<(String, Outcome)> = (0..300)
            .filter(|i| !settled(*i) && *i != 5)
            .map(|i| (format!("w{i}"), if i % 25 == 5 { Outcome::NotSent } else { Outcome::Unknown }))
            .collect();
        expected.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(unsettled, expected);
        assert_eq!(
            read.entries.iter().find(|entry| entry.write == "w5").map(|entry| entry.outcome),
            Some(Outcome::Created)
        );
        // Bounded all the same: most settled writes are gone.
        assert!(read.entries.len() < 150, "{}", read.entries.len());
    }

    #[test]
    fn a_write_after_another_run_rotated_goes_to_the_file_at_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let mine = Journal::open_bounded(dir.path(), 1_000).unwrap();
        let other = Journal::open_bounded(dir.path(), 1_000).unwrap();
        mine.intent("mine", &intent("Rex")).unwrap();
        // The other run pads the journal past its bound twice: the file `mine` opened is gone.
        for i in 0..12 {
            other.intent(&format!("o{i}"), &intent(&format!("pad {i}"))).unwrap();
            other.outcome(&format!("o{i}"), Ended { pet_id: Some(i), ..Ended::new(Outcome::Created) }).unwrap();
        }
        mine.outcome("mine", Ended { pet_id: Some(1), ..Ended::new(Outcome::Created) }).unwrap();
        let read = read(dir.path()).unwrap();
        let found = read.entries.iter().find(|entry| entry.write == "mine").expect("carried");
        assert_eq!((found.outcome, found.pet_id), (Outcome::Created, Some(1)));
    }

    #[test]
    fn a_torn_last_line_spoils_no_write_after_it() {
        let dir = tempfile::tempdir().unwrap();
        Journal::open(dir.path()).unwrap().intent("a", &intent("Rex")).unwrap();
        let mut file = OpenOptions::new().append(true).open(dir.path().join(FILE)).unwrap();
        file.write_all(b"{\"at\":\"2026-11-28T10:00:00Z\",\"write\":\"b\",\"event\":\"int").unwrap();
        Journal::open(dir.path()).unwrap().intent("c", &intent("Tom")).unwrap();
        let read = read(dir.path()).unwrap();
        let writes: Vec<&str> = read.entries.iter().map(|entry| entry.write.as_str()).collect();
        assert_eq!((writes, read.unreadable), (vec!["a", "c"], 1));
    }

    #[cfg(unix)]
    #[test]
    fn a_journal_others_may_read_is_made_private_and_a_link_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE);
        fs::write(&path, "").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        Journal::open(dir.path()).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);

        let linked = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(&path, linked.path().join(FILE)).unwrap();
        let err = Journal::open(linked.path()).unwrap_err();
        assert!(err.to_string().starts_with("it is a symbolic link"), "{err}");
    }

    #[test]
    fn lines_stay_whole_with_many_writers_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let writers: Vec<_> = (0..8)
            .map(|writer| {
                // Each its own open file, as separate processes have.
                let journal = Journal::open(dir.path()).unwrap();
                std::thread::spawn(move || {
                    for i in 0..200 {
                        let mut long = intent(&"x".repeat(5_000 + i));
                        long.line = Some(i as u64);
                        journal.intent(&format!("{writer}-{i}"), &long).unwrap();
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let read = read(dir.path()).unwrap();
        assert_eq!((read.entries.len(), read.unreadable), (1_600, 0));
    }

    #[test]
    fn a_line_that_is_not_the_journals_is_skipped_and_counted() {
        let dir = tempfile::tempdir().unwrap();
        let journal = Journal::open(dir.path()).unwrap();
        journal.intent("a", &intent("Rex")).unwrap();
        let mut file = OpenOptions::new().append(true).open(dir.path().join(FILE)).unwrap();
        file.write_all(b"{\"at\":\"2026-\n").unwrap();
        journal.intent("b", &intent("Tom")).unwrap();
        let read = read(dir.path()).unwrap();
        assert_eq!((read.entries.len(), read.unreadable), (2, 1));
    }
}
