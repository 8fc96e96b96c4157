//! `petstore pets add`

mod file;
pub(crate) use file::{event_line, undecided};
mod prompt;
#[cfg(test)]
mod tests;

use std::path::PathBuf;

use super::write_error;
use crate::cleanup::WriteInFlight;
use crate::commands::confirm::confirm_write;
use crate::commands::dry_run;
use crate::context::Context;
use crate::error::Error;
use crate::journal::Write;
use crate::output::Progress;
use crate::output::Rows;
use petstore_core::api::{Pet, PetStatus};
use petstore_core::bulk::Format;
use petstore_core::catalog::{Decision, Existing};
use petstore_core::journal::{Ended, Outcome, Via};

/// Add an animal to the store, or many from a file
///
/// Sends one `POST /pets` and prints the created animal with the id the service assigned: a table on a
/// terminal, a tab-separated line when piped, the API's JSON object with `--json`.
///
/// With `--file`, adds every record of a file (or of stdin, `-`): a JSON array of objects like the API's
/// NewPet (`{"name": "Rex", "categoryId": 1, "status": "available"}`), NDJSON (one such object per line), or
/// CSV with a header row (`name,categoryId,status`; `status` may be left out; an `id` column, as `-o csv`
/// writes, is ignored). Spreadsheet formulas: `-o csv` writes a text cell that starts with `=`, `+`, `-`,
/// `@`, a tab or a carriage return (a number aside) with a leading `'`, so a spreadsheet shows it as text and
/// runs nothing; a cell that starts with `'` before such a character gets one more (`'=x` is `''=x`). This
/// reads one such `'` back off, so `pets list -o csv` read here recreates the same names. Every record is checked
/// first; if any is invalid, each one is listed with its line and nothing is sent (exit 2). Records are then
/// sent `--concurrency` at a time (by default as many as the server takes, found as the batch goes). The
/// created pets print in input order (`--output ndjson`: as each completes, tagged with its input line); a record that was not created is reported with its line and the
/// server's reason, and `--failed` keeps every such record for a re-run. A record whose request went out but
/// got no usable answer (no answer at all, an unreadable one, or another 5xx) may exist: it is listed apart, never
/// sent again, and left out of the `--failed` file. Ctrl-C, SIGTERM or SIGHUP stops sending, waits up to 5
/// seconds for the requests in flight (a second signal stops waiting), puts the records not yet sent into the
/// `--failed` file and exits with the signal's code. A record refused with 429 (or 503 with `Retry-After`) is
/// sent again when the server asks; refusals in a row pause the whole batch, and a server that keeps refusing
/// ends it. Any record not created, a closed stdout included: exit 6; with `--if-absent` (`--skip-existing`),
/// only records whose existence cannot be told left (`--undecided`): exit 7.
///
/// `--if-absent` makes an add safe to repeat: the animal is looked up first (name, categoryId and status) and,
/// if it exists, printed instead of created again (exit 0; `"created": false` in JSON).
///
/// `--dry-run` checks the input and prints each `POST /pets` that would be sent (the key as `Bearer ****`),
/// `--curl` each as a curl command reading the key from `"$PETSTORE_API_KEY"`; neither sends anything. Before
/// sending, at a terminal, an environment whose writes are confirmed (production, by default) asks once, for
/// the animal or for the whole file; `--yes` answers.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore pets add --name Rex --category-id 1
  petstore pets add --name Tom --category-id 2 --status pending
  id=$(petstore pets add --name Rex --category-id 1 | cut -f1)
  petstore pets add --name Rex --category-id 1 --if-absent   # safe to repeat
  petstore pets add --file pets.csv --failed failed.csv
  petstore pets add --file failed.csv --failed failed.csv   # until none fails
  petstore pets add --file pets.csv --failed failed.csv --unknown unknown.csv
  petstore pets add --file unknown.csv --skip-existing --unknown unknown.csv
  petstore pets add --file again.csv --skip-existing --undecided undecided.csv
  jq -c '.[]' pets.json | petstore pets add --file - --format ndjson -o ndjson

CSV (the header names the columns, in any order; an empty status is none):
  name,categoryId,status
  Rex,1,available
  \"Tom, the cat\",2,")]
pub struct AddArgs {
    /// The animal's name
    #[arg(long, value_name = "NAME", conflicts_with = "file", value_parser = crate::commands::values::parse_name)]
    pub name: Option<String>,

    /// The id of the category it belongs to (an integer)
    #[arg(
        long,
        value_name = "ID",
        allow_negative_numbers = true,
        value_parser = crate::commands::values::parse_int64,
        conflicts_with = "file"
    )]
    pub category_id: Option<i64>,

    /// Its availability; none is sent when omitted
    ///
    /// The API states no default.
    #[arg(ignore_case = true, long, value_enum, value_name = "STATUS", conflicts_with = "file")]
    pub status: Option<PetStatus>,

    /// Add every record of this file instead; `-` reads stdin
    #[arg(long, value_name = "PATH", help_heading = "Adding from a file")]
    pub file: Option<PathBuf>,

    /// json, ndjson or csv (by default, from its extension)
    ///
    /// The file's format; required for stdin. [default: from its extension: .json, .ndjson or .jsonl, .csv]
    #[arg(
        ignore_case = true,
        long,
        value_enum,
        hide_possible_values = true,
        value_name = "FORMAT",
        requires = "file",
        conflicts_with_all = SINGLE,
        required_if_eq("file", "-"),
        help_heading = "Adding from a file"
    )]
    pub format: Option<Format>,

    /// Requests in flight at once, 1 to 256 (by default, found as the batch goes)
    ///
    /// Without it, the batch finds how many as it goes, from 8 up to 256, backing off when the server refuses
    /// (429, 503) or slows down
    #[arg(
        long,
        value_name = "N",
        value_parser = crate::commands::values::parse_concurrency,
        requires = "file",
        conflicts_with_all = SINGLE,
        help_heading = "Adding from a file"
    )]
    pub concurrency: Option<u16>,

    /// Write the records not created to this file, for a re-run
    ///
    /// Every record that was not created (failed, or not sent), in the input's format, so that `--file PATH`
    /// sends exactly those; the file is replaced whole, even when empty
    #[arg(long, value_name = "PATH", requires = "file",
        conflicts_with_all = SINGLE, help_heading = "Adding from a file")]
    pub failed: Option<PathBuf>,

    /// Send the valid records, and set the invalid ones aside
    ///
    /// Without it, one invalid record stops the whole file and nothing is sent. With it, each invalid record is
    /// reported with its line and problems and written as it was read to the `--failed` file, to be put right
    /// and sent again, while the valid ones are sent; the batch then exits 6, the invalid records counted apart
    /// in the summary (`invalid N`). A flaw that is no record of its own (a header, a NUL byte, a record over
    /// 1 MiB) still stops the file
    #[arg(long, requires = "file", conflicts_with_all = SINGLE, help_heading = "Adding from a file")]
    pub skip_invalid: bool,

    /// Write the records of unknown outcome to this file
    ///
    /// Every record whose request went out without a usable answer (it may or may not have been created), in
    /// the input's format, as `--failed` does for the others; replaced whole, even when empty. Such records
    /// are never sent again by themselves: `--file PATH --skip-existing` sends those that do not exist
    #[arg(long, value_name = "PATH", requires = "file",
        conflicts_with_all = SINGLE, help_heading = "Adding from a file")]
    pub unknown: Option<PathBuf>,

    /// Add it only if it does not exist yet: safe to repeat (`=send`: also when unsure)
    ///
    /// The animal (with `--file`, each record) is looked up first, by name, categoryId and status, in every
    /// animal the API can reach (fetched once). One that exists is not sent: a single add prints the existing
    /// animal (exit 0; in JSON with `"created": false`), a batch counts it as skipped. When its status's list
    /// comes back full (100; with no status, the unfiltered list), whether it exists cannot be told: UNSURE
    /// says what then, `hold` (the default) sending nothing (exit 7; a batch puts such records in
    /// `--undecided` and goes on), `send` sending it anyway. `--skip-existing` is the same flag, as batches
    /// have spelled it
    #[arg(ignore_case = true, long, value_enum, value_name = "UNSURE", num_args = 0..=1, require_equals = true,
        default_missing_value = "hold", alias = "skip-existing", hide_possible_values = true)]
    pub if_absent: Option<Undecidable>,

    /// Write the records left undecided to this file
    ///
    /// Every record that `--if-absent` (`--skip-existing`) could not decide (not sent: whether it exists cannot
    /// be told), in the input's format, as `--failed` does for the others; replaced whole, even when empty
    #[arg(long, value_name = "PATH", requires = "if_absent",
        conflicts_with_all = SINGLE, help_heading = "Adding from a file")]
    pub undecided: Option<PathBuf>,

    /// How to show the progress on stderr
    ///
    /// A bar at a terminal (auto), a line at a time with no cursor
    /// movement (plain, for screen readers and CI logs, even when not a terminal), or none
    #[arg(ignore_case = true, long, value_enum, value_name = "WHEN", default_value_t = Progress::Auto, requires = "file",
        conflicts_with_all = SINGLE, help_heading = "Adding from a file")]
    pub progress: Progress,

    #[command(flatten)]
    pub yes: crate::commands::confirm::YesArgs,

    #[command(flatten)]
    pub dry_run: crate::commands::dry_run::DryRunArgs,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// What `--if-absent` does with an animal whose existence cannot be told (its status's list came back full).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Undecidable {
    /// Send nothing: exit 7 (a batch: the `--undecided` file)
    Hold,
    /// Send it anyway
    Send,
}

/// The flags of a single add, which the file flags conflict with. (`requires = "file"` alone is not enough:
/// clap lets a required argument be missing when a present one conflicts with it.)
const SINGLE: [&str; 3] = ["name", "category_id", "status"];

/// Creates the animal and prints it, or every record of a file.
pub async fn run(ctx: &Context, args: &AddArgs) -> Result<(), Error> {
    // What is missing of a single add is asked for at a terminal, or refused.
    let new_pet = match &args.file {
        Some(file) => return file::run(ctx, args, file).await,
        None => &prompt::complete(ctx, args.name.as_deref(), args.category_id, args.status)?,
    };
    if args.dry_run.on() {
        let request = ctx.display_client()?.prepare_create_pet(new_pet);
        return dry_run::print(ctx, args.dry_run, [request]);
    }
    let client = ctx.client()?;
    crate::commands::pets::offline::note_outbox(ctx, &client);
    let says = Says { notice: |text: &str| ctx.output.notice(text), status: |text: &str| ctx.output.status(text) };
    let confirm = async |what: &str| confirm_write(ctx, args.yes, what).await;
    match add_one(ctx, &client, new_pet, args.if_absent, &says, at_terminal(ctx), confirm).await? {
        Added::Exists(pet) => checked(ctx, &pet, false),
        Added::Created { pet, note, .. } => match (args.if_absent, note) {
            (Some(_), note) => ctx
                .output
                .records(&Checked { pet: &pet, created: true, note }, || Rows::pets(std::slice::from_ref(&pet))),
            (None, Some(note)) => {
                ctx.output.records(&Noted { pet: &pet, note }, || Rows::pets(std::slice::from_ref(&pet)))
            }
            (None, None) => ctx.output.pet(&pet),
        },
    }
}

/// How a single add ended ([`add_one`]).
#[derive(Debug)]
pub enum Added {
    /// Created, as the server answered to request `request_id`; `note` says how it differs from what was sent,
    /// if it does.
    Created { pet: Pet, note: Option<String>, request_id: String },
    /// `--if-absent` found it: nothing was sent.
    Exists(Pet),
}

/// Where [`add_one`] says what a person should know on the way: as `pets add` says it on stderr, or on
/// `petstore ui`'s screen.
#[derive(Debug)]
pub struct Says<N, S> {
    /// A note that counts (an animal found, a send despite doubt, a created animal that differs).
    pub notice: N,
    /// What it is doing (waiting for another `--if-absent` run).
    pub status: S,
}

/// What differs between the faces that add one animal ([`add_one`]): who asked, when the question comes, what
/// to do about an animal whose existence cannot be told, and what goes on around the request.
#[derive(Debug)]
pub struct Face<W, A = fn(Outcome)> {
    pub via: Via,
    /// A question may come before the write that a person answers elsewhere (MCP's, in the client): the animal
    /// is looked up before it too, so that nobody is asked about one that exists, and the look that decides
    /// comes after the answer, under the hold, which is never held while a person answers.
    pub asks_first: bool,
    /// The hint of the error for an animal whose existence cannot be told.
    pub undecided_hint: &'static str,
    /// Called as the request goes out; what it gives is kept until the answer is in.
    pub sending: W,
    /// Told how the write ended, as the journal writes it down, once its answer is in.
    pub answered: A,
}

/// The face of a terminal (`pets add`, `petstore ui`): a signal while the request is out says that the animal
/// may have been created.
pub fn at_terminal(ctx: &Context) -> Face<impl FnOnce() -> Result<(), Error> + '_> {
    Face {
        via: Via::Cli,
        asks_first: false,
        undecided_hint: "no query reaches past the first 100: pass `--if-absent=send` to add it anyway if you know \
                         it does not exist",
        sending: move || {
            ctx.write_started(WriteInFlight {
                request: "POST /pets".to_owned(),
                outcome: "the animal may have been created",
                check: "check with `petstore pets find --name NAME` whether it was created before adding it again"
                    .to_owned(),
            })
        },
        answered: |_| {},
    }
}

/// One animal added, the same way for every face that adds one (`pets add`, `petstore ui`'s form, MCP's
/// `add_pet`): the `--if-absent` hold and look, the question before a write (`confirm`, given what the write
/// does, in the words of [`super::describe_new_pet`]), the journal before and after, and the request. `new_pet`
/// was checked by the name's rules ([`petstore_core::api::models::name_problem`]). What a person should know on
/// the way goes to `says`, which the face shows as it can; what differs between faces is `face`'s.
pub async fn add_one<G>(
    ctx: &Context,
    client: &petstore_core::api::Client,
    new_pet: &petstore_core::api::NewPet,
    if_absent: Option<Undecidable>,
    says: &Says<impl Fn(&str), impl Fn(&str)>,
    face: Face<impl FnOnce() -> Result<G, Error>, impl FnOnce(Outcome)>,
    confirm: impl AsyncFnOnce(&str) -> Result<(), Error>,
) -> Result<Added, Error> {
    let notice = &says.notice;
    // The request's id, named in the journal before it goes out.
    let request_id = petstore_core::api::trace::new_request_id();
    let body = crate::journal::pet_body(new_pet);
    let intent = || crate::journal::intent(ctx, client, "POST", "/pets", body.clone(), face.via, &request_id);
    // A read, asked about nothing; the question, when there is one, comes only before a write.
    let look = async || -> Result<Option<Added>, Error> {
        let Some(undecidable) = if_absent else { return Ok(None) };
        let decision = Existing::fetch(client).await?.decide(new_pet);
        // Undecided and sent all the same, it is a write like any other.
        let sent_anyway = decision == Decision::Undecided && undecidable == Undecidable::Send;
        if let Some(ended) = Ended::of_decision(&decision).filter(|_| !sent_anyway) {
            Write::begin(ctx, &intent()).ended(ended);
        }
        match decision {
            Decision::Exists(pet) => {
                notice(&format!(
                    "`{}` exists already, as id {}: nothing was sent",
                    crate::output::safe::in_backticks(&pet.name),
                    pet.id
                ));
                Ok(Some(Added::Exists(pet)))
            }
            Decision::Undecided if !sent_anyway => Err(file::undecided(new_pet.status).with_hint(face.undecided_hint)),
            Decision::Undecided => {
                notice(&format!(
                    "whether it exists cannot be told, as {}: sending it, as `--if-absent=send` says",
                    file::undecidable_why(new_pet.status)
                ));
                Ok(None)
            }
            Decision::Send => Ok(None),
        }
    };
    let hold = async || match if_absent {
        Some(_) => super::hold_if_absent_writes(client, &says.status).await.map(Some),
        None => Ok(None),
    };
    let mut _held = None;
    if !face.asks_first {
        _held = hold().await?;
    }
    if let Some(found) = look().await? {
        return Ok(found);
    }
    confirm(&super::describe_new_pet(new_pet)).await?;
    if face.asks_first && if_absent.is_some() {
        _held = hold().await?;
        if let Some(found) = look().await? {
            return Ok(found);
        }
    }
    let sending = (face.sending)()?;
    let write = Write::begin(ctx, &intent());
    let created = client.create_pet_as(new_pet, Some(&request_id)).await;
    drop(sending);
    let (outcome, queued) = write.answered(created.as_ref());
    (face.answered)(outcome);
    let pet = created.map_err(|err| match write_error(err) {
        err if queued => super::offline::with_hint_too(err, super::offline::QUEUED),
        err => err,
    })?;
    // A 201 is the server's word that it created the animal, even one that differs from what was sent (a name
    // it trimmed, a mock's example): said in a note, never taken for a failure.
    let note = petstore_core::api::client::differences(new_pet, &pet).map(|differences| differs_note(&differences));
    if let Some(note) = &note {
        notice(&format!("created as pet `{}`; {note}", pet.id));
    }
    Ok(Added::Created { pet, note, request_id })
}

/// The note for an animal created other than as sent, from its [`differences`](petstore_core::api::client::differences).
pub fn differs_note(differences: &str) -> String {
    format!("the server's animal differs from the one sent: {differences}")
}

/// What `pets add` prints when the animal created differs from the one sent: the animal, and how it differs.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Noted<'a> {
    #[serde(flatten)]
    pub pet: &'a Pet,
    /// How the animal the server created differs from the one sent (a name it normalised, a mock's example).
    pub note: String,
}

/// What `pets add --if-absent` prints: the animal, created or found, and in JSON which of the two.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Checked<'a> {
    #[serde(flatten)]
    pub pet: &'a Pet,
    /// `false` when an animal with this name, categoryId and status existed already, and nothing was sent.
    pub created: bool,
    /// How the animal the server created differs from the one sent, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn checked(ctx: &Context, pet: &Pet, created: bool) -> Result<(), Error> {
    ctx.output.records(&Checked { pet, created, note: None }, || Rows::pets(std::slice::from_ref(pet)))
}
