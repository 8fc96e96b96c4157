//! `petstore pets add`

use std::path::PathBuf;

use crate::api::{NewPet, PetStatus};
use crate::bulk::Format;
use crate::context::{Context, WriteInFlight};
use crate::error::Error;
use crate::output::Progress;

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
/// sent `--concurrency` at a time. The created pets print in input order (`--output ndjson`: as each
/// completes, tagged with its input line); a record that was not created is reported with its line and the
/// server's reason, and `--failed` keeps every such record for a re-run. A record whose request went out but
/// got no usable answer (no answer at all, an unreadable one, or a 5xx) may exist: it is listed apart, never
/// sent again, and left out of the `--failed` file. Ctrl-C, SIGTERM or SIGHUP stops sending, waits up to 5
/// seconds for the requests in flight (a second signal stops waiting), puts the records not yet sent into the
/// `--failed` file and exits with the signal's code. A server that answers 429 (or 503 with `Retry-After`)
/// pauses the whole batch; one that keeps refusing ends it. Any record not created, a closed stdout
/// included: exit 6.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore pets add --name Rex --category-id 1
  petstore pets add --name Tom --category-id 2 --status pending
  id=$(petstore pets add --name Rex --category-id 1 | cut -f1)
  petstore pets add --file pets.csv --failed failed.csv
  petstore pets add --file failed.csv --failed failed.csv   # again, until nothing fails
  jq -c '.[]' pets.json | petstore pets add --file - --format ndjson --output ndjson

CSV (the header names the columns, in any order; an empty status is none):
  name,categoryId,status
  Rex,1,available
  \"Tom, the cat\",2,")]
pub struct AddArgs {
    /// The animal's name
    #[arg(long, value_name = "NAME", required_unless_present = "file", conflicts_with = "file")]
    pub name: Option<String>,

    /// The id of the category it belongs to (an integer)
    #[arg(
        long,
        value_name = "ID",
        allow_negative_numbers = true,
        required_unless_present = "file",
        conflicts_with = "file"
    )]
    pub category_id: Option<i64>,

    /// Its availability; the API states no default, so none is sent when omitted
    #[arg(long, value_enum, value_name = "STATUS", conflicts_with = "file")]
    pub status: Option<PetStatus>,

    /// Add every record of this file instead; `-` reads stdin
    #[arg(long, value_name = "PATH", help_heading = "Adding from a file")]
    pub file: Option<PathBuf>,

    /// The file's format [default: from its extension: .json, .ndjson or .jsonl, .csv; required for stdin]
    #[arg(
        long,
        value_enum,
        value_name = "FORMAT",
        requires = "file",
        conflicts_with_all = SINGLE,
        required_if_eq("file", "-"),
        help_heading = "Adding from a file"
    )]
    pub format: Option<Format>,

    /// How many requests may be in flight at once, 1 to 256
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_CONCURRENCY,
        value_parser = clap::value_parser!(u16).range(1..=256),
        requires = "file",
        conflicts_with_all = SINGLE,
        help_heading = "Adding from a file"
    )]
    pub concurrency: u16,

    /// Write every record that was not created (failed, or not sent) to this file, in the input's format, so
    /// that `--file PATH` sends exactly those; replaced whole, even when empty
    #[arg(long, value_name = "PATH", requires = "file",
        conflicts_with_all = SINGLE, help_heading = "Adding from a file")]
    pub failed: Option<PathBuf>,

    /// How to show the progress on stderr: a bar at a terminal (auto), a line at a time with no cursor
    /// movement (plain, for screen readers and CI logs, even when not a terminal), or none
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = Progress::Auto, requires = "file",
        conflicts_with_all = SINGLE, help_heading = "Adding from a file")]
    pub progress: Progress,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// The flags of a single add, which the file flags conflict with. (`requires = "file"` alone is not enough:
/// clap lets a required argument be missing when a present one conflicts with it.)
const SINGLE: [&str; 3] = ["name", "category_id", "status"];

/// The default `--concurrency`: where the rate stops growing against a local server (see the README).
pub const DEFAULT_CONCURRENCY: u16 = 8;

/// `pets add` as parsed: its flags ([`AddArgs`], which clap checks) and what they ask for, one animal or a
/// file, decided once here so that neither path has to look at the other's flags.
#[derive(Debug)]
pub struct Add {
    pub args: AddArgs,
    pub input: AddInput,
}

/// What `pets add` adds.
#[derive(Debug)]
pub enum AddInput {
    /// One animal, from `--name`, `--category-id` and `--status`.
    One(NewPet),
    /// Every record of this file (`-`: stdin), through [`super::add_file`].
    File(PathBuf),
}

impl Add {
    /// A bulk add stops at a signal by itself, with a summary and its `--failed` file; a single add is dropped.
    pub fn handles_interrupts(&self) -> bool {
        matches!(self.input, AddInput::File(_))
    }
}

impl clap::FromArgMatches for Add {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let args = AddArgs::from_arg_matches(matches)?;
        let input = match (&args.file, &args.name, args.category_id) {
            (Some(file), _, _) => AddInput::File(file.clone()),
            (None, Some(name), Some(category_id)) => {
                AddInput::One(NewPet { name: name.clone(), category_id, status: args.status })
            }
            // clap's own checks (`required_unless_present`) refuse this first, with its usual message.
            (None, _, _) => {
                return Err(clap::Error::raw(
                    clap::error::ErrorKind::MissingRequiredArgument,
                    "`--name` and `--category-id`, or `--file`, are required",
                ));
            }
        };
        Ok(Self { args, input })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for Add {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        AddArgs::augment_args(cmd)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        AddArgs::augment_args_for_update(cmd)
    }
}

/// Creates the animal and prints it, or every record of a file.
pub async fn run(ctx: &Context, add: &Add) -> Result<(), Error> {
    let new_pet = match &add.input {
        AddInput::File(file) => return super::add_file::run(ctx, &add.args, file).await,
        AddInput::One(new_pet) => new_pet,
    };
    let client = ctx.client()?;
    ctx.warn_before_writing_to_production()?;
    let in_flight = ctx.write_started(WriteInFlight {
        request: "POST /pets".to_owned(),
        outcome: "the animal may have been created",
        check: "check with `petstore pets list` whether it was created before adding it again".to_owned(),
    });
    let pet = client.create_pet(new_pet).await.map_err(write_error)?;
    drop(in_flight);
    ctx.output.pet(&pet)?;
    Ok(())
}

/// A failed `POST /pets` in the user's terms. A 5xx and an unreadable 2xx come after the server may have
/// acted, so they say the user must check before adding again.
pub fn write_error(err: crate::api::Error) -> Error {
    match Error::from(err) {
        Error::ServerError { status, detail } => Error::ServerErrorOnWrite { status, detail },
        Error::Unreadable { status, reason, excerpt } if (200..300).contains(&status) => {
            Error::UnreadableAfterWrite { status, reason, excerpt }
        }
        other => other,
    }
}
