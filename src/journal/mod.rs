//! The CLI's side of the journal of writes (`petstore_core::journal`): the journal opened once a run, each
//! write's intent made from the context, and an outcome from each way a write can end. A journal that cannot be
//! written is said once, as a warning, and the write goes on: it is the record of writes, never a reason not to
//! make one.

pub mod open;

use petstore_core::api::trace::RequestIds;
use petstore_core::api::{Client, NewPet, Pet};
use petstore_core::batch::{self, End, Event, Kept, Release};
use petstore_core::bulk::Record;
use petstore_core::catalog::Decision;
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

/// The journal of a batch: an intent per record as it is first sent (its request id the batch's for its
/// number, [`RequestIds`], which is also its write id), written before the request goes out; and an outcome as
/// it ends, gathered and written with the next intent or flush (the sink's, every few milliseconds, and at the
/// end), so that a record costs about one `write(2)`. A record never sent (kept back, or not sent as the batch
/// stopped) is both at once. Killed before a flush, the batch leaves those records' outcomes unwritten: they
/// read as unknown, which `journal reconcile` settles.
#[derive(Debug)]
struct BatchJournal {
    journal: Journal,
    ids: RequestIds,
    writes: Writes,
    output: Output,
    /// Lines not written yet.
    pending: Vec<u8>,
}

/// Whose writes a batch's records are.
#[derive(Debug)]
enum Writes {
    /// New ones, each its intent written as it is first sent: every record's intent but its body, line and
    /// request id. Its write id is its request id.
    New(Box<Intent>),
    /// The outbox's (`journal send`): their intents are in the journal already, under these write ids, by
    /// record number (from 1); each outcome is said to be `send`'s, with the request id it went with.
    Outbox(Vec<String>),
}

/// How many bytes of outcomes wait before they are written.
const PENDING_BYTES: usize = 64 * 1024;

impl BatchJournal {
    fn add_intent(&mut self, record: &Record) {
        let Writes::New(template) = &self.writes else { return };
        let id = self.ids.of(record.number);
        petstore_core::journal::encode_intent(
            &mut self.pending,
            &id,
            template,
            Some(&record.pet),
            Some(&id),
            Some(record.line),
        );
    }

    fn ended(&mut self, record: &Record, ended: Ended) {
        let request_id = self.ids.of(record.number);
        let (write, ended) = match &self.writes {
            Writes::New(_) => (request_id, ended),
            Writes::Outbox(writes) => {
                let by = Some("send".to_owned());
                (writes[record.number as usize - 1].clone(), Ended { by, request_id: Some(request_id), ..ended })
            }
        };
        petstore_core::journal::encode_outcome(&mut self.pending, &write, &ended);
        if self.pending.len() >= PENDING_BYTES {
            self.flush();
        }
    }

    /// A record that was not sent, and why: its intent, then `ended`.
    fn kept(&mut self, record: &Record, ended: Ended) {
        self.add_intent(record);
        self.ended(record, ended);
    }

    fn flush(&mut self) {
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

/// Any batch's sink, with the journal of its writes: every face that sends a batch (`pets add --file`, MCP's
/// `add_pets`, `journal send`) wraps its own sink in it, and holds no journal code of its own. Each record's
/// outcome is the batch's own ending ([`Ended::of_end`]) or its source's decision ([`Ended::of_decision`]).
#[derive(Debug)]
pub struct Journalled<S> {
    pub inner: S,
    journal: Option<BatchJournal>,
}

impl<S> Journalled<S> {
    /// `inner`, journalled as a batch of `file`'s records (none for MCP's batch) to `client`'s server, asked
    /// for `via`, each record's write id its request id of `ids`; `inner` alone when the journal is off.
    pub fn new(ctx: &Context, client: &Client, file: Option<&str>, via: Via, ids: RequestIds, inner: S) -> Self {
        let mut template = intent(ctx, client, "POST", "/pets", None, via, "");
        template.request_id = None;
        template.file = file.map(ToOwned::to_owned);
        Journalled::of(ctx, ids, Writes::New(Box::new(template)), inner)
    }

    /// `inner`, journalled as a batch of the outbox's writes `writes` (record `n` is `writes[n - 1]`), each
    /// outcome written down as `journal send`'s.
    pub fn outbox(ctx: &Context, writes: Vec<String>, ids: RequestIds, inner: S) -> Self {
        Journalled::of(ctx, ids, Writes::Outbox(writes), inner)
    }

    fn of(ctx: &Context, ids: RequestIds, writes: Writes, inner: S) -> Self {
        let journal = ctx.journal().clone();
        let journal = journal.is_on().then(|| BatchJournal {
            journal,
            ids,
            writes,
            output: ctx.output.clone(),
            pending: Vec::new(),
        });
        Journalled { inner, journal }
    }

    fn write(&mut self, record: &Record, ended: impl FnOnce() -> Ended) {
        if let Some(journal) = &mut self.journal {
            journal.ended(record, ended());
        }
    }
}

impl<S: batch::Sink> batch::Sink for Journalled<S> {
    type Error = S::Error;

    fn sending(&mut self, record: &Record) {
        if let Some(journal) = &mut self.journal {
            journal.add_intent(record);
        }
        self.inner.sending(record);
    }

    /// The intents of the records about to go are written before they go.
    fn about_to_send(&mut self) {
        if let Some(journal) = &mut self.journal {
            journal.flush();
        }
        self.inner.about_to_send();
    }

    fn ended(&mut self, record: &Record, end: End<'_>) -> Result<(), S::Error> {
        self.write(record, || {
            let ended = Ended::of_end(&end);
            let code = match &end {
                End::Created(_) => None,
                End::Failed(err) | End::Unknown(err) => Some(code_of(&ended, err)),
                End::Abandoned(_) => Some(code::UNKNOWN_OUTCOME.name.to_owned()),
            };
            Ended { code, ..ended }
        });
        self.inner.ended(record, end)
    }

    fn kept(&mut self, kept: &Kept) -> Result<(), S::Error> {
        if let Some(journal) = &mut self.journal {
            let decided = match kept {
                Kept::Exists(record, pet) => Some((record, Decision::Exists(pet.clone()))),
                Kept::Undecided(record) => Some((record, Decision::Undecided)),
                Kept::Invalid(_) => None,
            };
            if let Some((record, decision)) = decided
                && let Some(ended) = Ended::of_decision(&decision)
            {
                journal.kept(record, ended);
            }
        }
        self.inner.kept(kept)
    }

    /// With a journal, the records not sent are handed over, to be written down (`not_sent`, for `journal
    /// send`).
    fn wants_the_rest(&self) -> bool {
        self.journal.is_some() || self.inner.wants_the_rest()
    }

    fn release(&mut self, release: Release) -> Result<(), S::Error> {
        if let (Release::NotSent(record), Some(journal)) = (&release, &mut self.journal) {
            journal.kept(record, Ended::new(Outcome::NotSent));
        }
        self.inner.release(release)
    }

    fn flush(&mut self) -> Result<(), S::Error> {
        if let Some(journal) = &mut self.journal {
            journal.flush();
        }
        self.inner.flush()
    }

    fn event(&mut self, event: Event<'_, S::Error>) {
        self.inner.event(event);
    }
}

/// The journal's `code` of a write that failed with `err` and ended as `ended`: `unknown_outcome` when it may
/// have been applied, else the code the error is said with.
fn code_of(ended: &Ended, err: &petstore_core::api::Error) -> String {
    match ended.outcome {
        Outcome::Unknown => code::UNKNOWN_OUTCOME.name.to_owned(),
        _ => Error::from(err.clone()).code().to_owned(),
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

    /// It was answered with `answer`: created, or failed as [`Ended::of_failure`] says. Returns how it ended,
    /// and whether it now waits in the outbox (not sent, and the journal is on).
    pub fn answered(&self, answer: Result<&Pet, &petstore_core::api::Error>) -> (Outcome, bool) {
        let ended = match answer {
            Ok(pet) => Ended::of_pet(Outcome::Created, pet),
            Err(err) => {
                let ended = Ended::of_failure(err);
                Ended { code: Some(code_of(&ended, err)), ..ended }
            }
        };
        let (outcome, queued) = (ended.outcome, ended.outcome == Outcome::NotSent && self.journal.is_on());
        self.ended(ended);
        (outcome, queued)
    }

    fn failed(&self, err: &std::io::Error) {
        let path = self.journal.path().map(|path| path.display().to_string()).unwrap_or_default();
        warn(&self.output, &format!("`{path}` cannot be written: {err}"));
    }
}
