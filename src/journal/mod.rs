//! The CLI's side of the journal of writes (`petstore_core::journal`): the journal opened once a run, each
//! write's intent made from the context, and an outcome from each way a write can end. A journal that cannot be
//! written is said once, as a warning, and the write goes on: it is the record of writes, never a reason not to
//! make one.

pub mod open;

use petstore_core::api::trace::RequestIds;
use petstore_core::api::{Client, NewPet, Pet};
use petstore_core::bulk::Record;
use petstore_core::journal::{Ended, Intent, Journal, Outcome, Via};

use crate::context::Context;
use crate::error::{Error, code};
use crate::output::Output;
use open::warn;

/// What a write to `client`'s server is: `method` on `path` with `body`, asked for `via` the CLI or MCP, named
/// `request_id`.
pub fn intent(
    ctx: &Context,
    client: &Client,
    method: &str,
    path: &str,
    body: Option<serde_json::Value>,
    via: Via,
    request_id: &str,
) -> Intent {
    let env = ctx.target().ok().and_then(|target| target.env.map(|env| env.name.clone()));
    Intent {
        env,
        base_url: client.base_url().to_string(),
        method: method.to_owned(),
        path: path.to_owned(),
        body,
        request_id: Some(request_id.to_owned()),
        via,
        assistant: ctx.output.assistant(),
        file: None,
        line: None,
    }
}

/// The body of `POST /pets` for `pet`, as the journal keeps it.
pub fn pet_body(pet: &NewPet) -> Option<serde_json::Value> {
    serde_json::to_value(pet).ok()
}

/// The journal of a batch: an intent per record as it is first sent (its request id the batch's for its line,
/// [`RequestIds`], which is also its write id), written before the request goes out; and an outcome as it
/// ends, gathered and written with the next intent or flush (the sink's, every few milliseconds, and at the
/// end), so that a record costs about one `write(2)`. A record never sent (kept back, or not sent as the batch
/// stopped) is both at once. Killed before a flush, the batch leaves those records' outcomes unwritten: they
/// read as unknown, which `journal reconcile` settles.
#[derive(Debug)]
pub struct BatchJournal {
    journal: Journal,
    ids: RequestIds,
    /// Every record's intent but its body, line and request id.
    template: Intent,
    output: Output,
    /// Lines not written yet.
    pending: Vec<u8>,
}

/// How many bytes of outcomes wait before they are written.
const PENDING_BYTES: usize = 64 * 1024;

impl BatchJournal {
    /// The journal of a batch of `file`'s records (none for MCP's batch) to `client`'s server, asked for `via`;
    /// `None` when the journal is off.
    pub fn new(ctx: &Context, client: &Client, file: Option<&str>, via: Via, ids: RequestIds) -> Option<BatchJournal> {
        let journal = ctx.journal().clone();
        if !journal.is_on() {
            return None;
        }
        let mut template = intent(ctx, client, "POST", "/pets", None, via, "");
        template.request_id = None;
        template.file = file.map(ToOwned::to_owned);
        Some(BatchJournal { journal, ids, template, output: ctx.output.clone(), pending: Vec::new() })
    }

    /// The intent of `record`, about to be sent: written, with the outcomes gathered before it, by
    /// [`BatchJournal::flush`] before it goes.
    pub fn sending(&mut self, record: &Record) {
        self.add_intent(record);
    }

    fn add_intent(&mut self, record: &Record) {
        let id = self.ids.of(record.number);
        petstore_core::journal::encode_intent(
            &mut self.pending,
            &id,
            &self.template,
            Some(&record.pet),
            Some(&id),
            Some(record.line),
        );
    }

    /// How `record` ended.
    pub fn ended(&mut self, record: &Record, ended: Ended) {
        petstore_core::journal::encode_outcome(&mut self.pending, &self.ids.of(record.number), &ended);
        if self.pending.len() >= PENDING_BYTES {
            self.flush();
        }
    }

    /// A record that was not sent, and why: its intent, then `ended`.
    pub fn kept(&mut self, record: &Record, ended: Ended) {
        self.add_intent(record);
        self.ended(record, ended);
    }

    /// Writes what waits.
    pub fn flush(&mut self) {
        let result = self.journal.write_lines(&self.pending);
        self.pending.clear();
        if let Err(err) = result {
            let path = self.journal.path().map(|path| path.display().to_string()).unwrap_or_default();
            warn(&self.output, &format!("`{path}` cannot be written: {err}"));
        }
    }
}

impl Drop for BatchJournal {
    fn drop(&mut self) {
        self.flush();
    }
}

/// One write in the journal: its intent is written when it begins.
#[derive(Debug)]
pub struct Write {
    journal: Journal,
    id: String,
    output: Output,
}

impl Write {
    /// Writes `intent` down, before its request goes out; its request id is its write id.
    pub fn begin(ctx: &Context, intent: &Intent) -> Write {
        let journal = ctx.journal().clone();
        let id = intent.request_id.clone().unwrap_or_else(petstore_core::journal::new_write_id);
        let write = Write { journal, id, output: ctx.output.clone() };
        if let Err(err) = write.journal.intent(&write.id, intent) {
            write.failed(&err);
        }
        write
    }

    /// Writes down how it ended.
    pub fn ended(&self, ended: Ended) {
        if let Err(err) = self.journal.outcome(&self.id, ended) {
            self.failed(&err);
        }
    }

    /// It created `pet`.
    pub fn created(&self, pet: &Pet) {
        self.ended(Ended { pet_id: Some(pet.id), ..Ended::new(Outcome::Created) });
    }

    /// `--if-absent` found it as `pet`: nothing was sent.
    pub fn exists(&self, pet: &Pet) {
        self.ended(Ended { pet_id: Some(pet.id), ..Ended::new(Outcome::Exists) });
    }

    /// It failed with `err` (as `pets::write_error` words a write's failure).
    pub fn failed_with(&self, err: &Error) {
        self.ended(ended_of(err));
    }

    fn failed(&self, err: &std::io::Error) {
        let path = self.journal.path().map(|path| path.display().to_string()).unwrap_or_default();
        warn(&self.output, &format!("`{path}` cannot be written: {err}"));
    }
}

/// How a write that failed with `err` ended: of unknown outcome when the server may have acted on it, refused
/// when it answered that it did not, not sent when the request never reached it (no connection, a stream the
/// server refused before taking it, a check before sending).
pub fn ended_of(err: &Error) -> Ended {
    let outcome = match err.http_status() {
        _ if err.is(&code::UNKNOWN_OUTCOME) => Outcome::Unknown,
        _ if err.is(&code::UNDECIDED) => Outcome::Undecided,
        Some(_) => Outcome::Refused,
        None => Outcome::NotSent,
    };
    Ended {
        code: Some(err.code().to_owned()),
        status: err.http_status(),
        request_id: err.request_id().map(ToOwned::to_owned),
        ..Ended::new(outcome)
    }
}
