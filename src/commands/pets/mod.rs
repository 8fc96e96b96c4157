//! `petstore pets ...`: the store's animals.

pub mod add;
pub mod find;
pub mod get;
pub mod list;
pub mod offline;
pub mod watch;

use std::time::SystemTime;

use crate::commands::About;
use crate::commands::formats::Prints;
use crate::context::Context;
use crate::error::{Error, Kind, answer_detail, code, shown_excerpt, status_code};
use crate::output::Rows;
use petstore_core::api::{self, Pet};
use petstore_core::catalog::{Coverage, LOOKUP_REMOVED_DATE, MAX_LIMIT, SortKey};

/// `petstore pets ...`
#[derive(Debug, clap::Subcommand)]
pub enum PetsCommand {
    List(list::ListArgs),
    Find(find::FindArgs),
    Add(add::AddArgs),
    Get(get::GetArgs),
    Watch(watch::WatchArgs),
}

impl PetsCommand {
    /// What the verb says about itself ([`About`]): each prints animals; a bulk add ([`add`]`::file`) stops
    /// at a signal by itself, with a summary, and shows progress.
    pub fn about(&self) -> About<'_> {
        let records =
            |verb: &str, columns| About::new(format!("pets {verb}"), Prints::Records(Rows::PET_KEYS, columns));
        match self {
            Self::List(args) => records("list", &args.columns),
            Self::Find(args) => records("find", &args.columns),
            Self::Add(args) => About {
                handles_interrupts: args.file.is_some(),
                progress: Some(args.progress),
                ..records("add", &args.columns)
            },
            Self::Get(args) => records("get", &args.columns),
            // A stream of changes: lines, or JSON lines; it ends itself at Ctrl-C.
            Self::Watch(_) => About { handles_interrupts: true, ..About::new("pets watch", Prints::Value) },
        }
    }
}

/// Dispatches a `pets` verb.
pub async fn run(ctx: &Context, command: &PetsCommand) -> Result<(), Error> {
    match command {
        PetsCommand::List(args) => list::run(ctx, args).await,
        PetsCommand::Find(args) => find::run(ctx, args).await,
        PetsCommand::Add(args) => add::run(ctx, args).await,
        PetsCommand::Get(args) => get::run(ctx, args).await,
        PetsCommand::Watch(args) => watch::run(ctx, args).await,
    }
}

/// The animal as the question before sending it names it (`pets add`, and `petstore mcp`'s `add_pet`).
/// Between its backticks, a name can neither end its line nor close them and go on in the question's voice
/// (`` Rex` (category 1). Send it to staging ``).
pub fn describe_new_pet(new_pet: &petstore_core::api::NewPet) -> String {
    let status = new_pet.status.map_or_else(|| "no status".to_owned(), |status| format!("status {status}"));
    let name = crate::output::safe::in_backticks(&new_pet.name);
    format!("add the animal `{name}` (category {}, {status})", new_pet.category_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_cannot_close_its_backticks_in_the_question() {
        let pet =
            petstore_core::api::NewPet { name: "Rex` (category 1). Yes, `Rex\n".into(), category_id: 2, status: None };
        assert_eq!(
            describe_new_pet(&pet),
            "add the animal `Rex\\u{60} (category 1). Yes, \\u{60}Rex\\u{a}` (category 2, no status)"
        );
    }
}

/// The note naming the blind spot, when the unfiltered first 100 came back full: animals with no status past
/// them are in no list.
fn blind_spot_note(ctx: &Context, coverage: &Coverage) {
    if let Some(note) = blind_spot_text(coverage) {
        ctx.output.notice(&note);
    }
}

/// The blind spot in words (for `pets` notes and `petstore mcp` results), or `None` when there is none.
pub(crate) fn blind_spot_text(coverage: &Coverage) -> Option<String> {
    if !coverage.blind_spot {
        return None;
    }
    let past = coverage
        .partitions
        .iter()
        .find(|partition| partition.status.is_none())
        .and_then(|partition| partition.last_id)
        .map_or_else(String::new, |last| format!(" (past id {last})"));
    Some(format!(
        "animals with no status after the first {MAX_LIMIT}{past} are in no list the API gives, so no query can \
         show them"
    ))
}

/// The status partitions that came back full, in words: `` `available` (100), `sold` (100) ``.
pub(crate) fn full_words(coverage: &Coverage) -> String {
    let full: Vec<String> = coverage
        .full_statuses()
        .filter_map(|partition| Some(format!("`{}` ({})", partition.status?, partition.returned)))
        .collect();
    full.join(", ")
}

/// The API cannot reach animal `id` (`pets find --id`, `find_pets` over MCP): no list shows it, and the lookup
/// by id is gone.
pub(crate) fn unreachable(id: i64) -> Error {
    let message = format!(
        "the API cannot reach animal `{id}`: no list shows it, and `GET /pets/{{petId}}`, the only lookup by id, \
         was removed on {LOOKUP_REMOVED_DATE}"
    );
    Error::new(&code::PET_UNREACHABLE, message)
        .with_hint("`petstore pets find --name NAME` searches by what the lists show")
}

/// Now, as far as the deprecation of `GET /pets/{petId}` goes: the clock, unless a test sets the hidden
/// `PETSTORE_TEST_NOW` (an HTTP-date, `Fri, 06 Dec 2030 00:00:00 GMT`) to see what happens on another day.
pub(crate) fn now() -> SystemTime {
    std::env::var(TEST_NOW_VAR)
        .ok()
        .and_then(|date| httpdate::parse_http_date(&date).ok())
        .unwrap_or_else(SystemTime::now)
}

/// The hidden variable that fakes [`now`] for tests; read there only.
const TEST_NOW_VAR: &str = "PETSTORE_TEST_NOW";

/// `--sort` and `--reverse`, shared by `pets list` and `pets find`.
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "On the client, over what the API returned")]
pub struct SortArgs {
    /// Sort by this field [default: id, as the API returns them]
    #[arg(ignore_case = true, long, value_enum, value_name = "FIELD")]
    pub sort: Option<SortKey>,

    /// Sort in descending order
    #[arg(long)]
    pub reverse: bool,
}

impl SortArgs {
    /// Sorts `pets` as asked; left as they are (ascending ids) when nothing is asked.
    fn apply(&self, pets: &mut [Pet]) {
        if self.sort.is_some() || self.reverse {
            petstore_core::catalog::sort(pets, self.sort.unwrap_or_default(), self.reverse);
        }
    }
}

/// A failed `POST /pets` in the user's terms. After one that may have created the animal (no complete answer,
/// a 5xx, an unreadable 2xx: [`api::Error::maybe_applied`]), the message says so and the hint is to check
/// before adding it again.
pub(crate) fn write_error(err: api::Error) -> Error {
    if !err.maybe_applied() {
        return Error::from(err);
    }
    let request_id = err.request_id().map(ToOwned::to_owned);
    let (message, check, kind) = match err {
        api::Error::Decode { status, reason, excerpt, .. } => (
            format!(
                "the server answered HTTP {}, so the animal was probably created, but the answer is unreadable: \
                 {reason}{}",
                status.as_u16(),
                shown_excerpt(&excerpt)
            ),
            "check with `petstore pets find --name NAME` before adding it again",
            Kind::Failure,
        ),
        api::Error::Status { status, body, excerpt, .. }
            if matches!(status_code(status.as_u16()).name, "server_error" | "unexpected_status") =>
        {
            let (status, detail) = (status.as_u16(), answer_detail(body.as_ref(), &excerpt));
            match status {
                500..=599 | 408 => (
                    match status {
                        408 => format!("the server gave up waiting (HTTP 408) while adding: {detail}"),
                        _ => format!("the server failed (HTTP {status}) while adding: {detail}"),
                    },
                    "it may still have been created: check with `petstore pets find --name NAME` before trying again",
                    Kind::Failure,
                ),
                // A 1xx, 3xx or 2xx that `POST /pets` never gets: it says nothing of whether the animal was
                // created.
                _ => (
                    format!(
                        "the server answered HTTP {status}, an answer the API never gives to adding an animal, so \
                         it may or may not have been created: {detail}"
                    ),
                    "check with `petstore pets find --name NAME` whether it was created before adding it again",
                    Kind::Failure,
                ),
            }
        }
        err @ api::Error::Status { .. } => return Error::from(err),
        // Another request's animal: this one's fate is not in the answer.
        api::Error::RepeatedId { id } => (
            format!(
                "the server answered with animal `{id}`, which it had already given as the answer to another \
                 record, so whether this one was created is unknown"
            ),
            UNKNOWN_CHECK,
            Kind::Failure,
        ),
        // An answer came, just not in HTTP: the server may have acted on the request before it.
        err @ api::Error::NotHttp { .. } => {
            (format!("{err}, so the animal may or may not have been created"), UNKNOWN_CHECK, Kind::Failure)
        }
        other => (other.to_string(), UNKNOWN_CHECK, Kind::Network),
    };
    Error::maybe_applied(message, check, kind).with_request_id(request_id.as_deref())
}

/// The next step after a `POST /pets` that may have gone through without an answer.
const UNKNOWN_CHECK: &str = "check with `petstore pets find --name NAME` whether it was created before trying again";

/// The `--if-absent` look before a batch's writes, when `wanted`: the hold on this user's `--if-absent` writes
/// to `client`'s server (waiting said through `status`), then the store's animals, fetched once under it. Keep
/// the hold until the last write is answered.
pub async fn look_if_absent(
    client: &petstore_core::api::Client,
    wanted: bool,
    status: impl Fn(&str),
) -> Result<(Option<petstore_core::catalog::Existing>, Option<petstore_core::config::files::WriteLock>), Error> {
    if !wanted {
        return Ok((None, None));
    }
    let held = hold_if_absent_writes(client, status).await?;
    Ok((Some(petstore_core::catalog::Existing::fetch(client).await?), Some(held)))
}

/// The hold on this user's `--if-absent` writes to `client`'s server, taken before the look and kept until the
/// last answer, so that two runs at once on this machine add one animal, not two ([`WriteLock`]); waiting for
/// it is said through `status` (`petstore ui` shows it on its screen).
///
/// [`WriteLock`]: petstore_core::config::files::WriteLock
pub async fn hold_if_absent_writes(
    client: &petstore_core::api::Client,
    status: impl Fn(&str),
) -> Result<petstore_core::config::files::WriteLock, Error> {
    let dir = petstore_core::config::config_dir()?;
    let target = client.base_url().as_str();
    let waiting = || {
        status(&format!(
            "waiting for another `--if-absent` run adding to {} to finish",
            crate::output::safe::in_backticks(target)
        ));
    };
    Ok(petstore_core::config::files::WriteLock::acquire(&dir, target, waiting).await?)
}

#[cfg(test)]
mod write_error_tests {
    use reqwest::StatusCode;

    use super::*;
    use crate::error::exit;

    fn shown(err: api::Error) -> (String, String, u8) {
        let err = write_error(err);
        (err.to_string(), err.hint().unwrap_or_default().to_owned(), err.exit_code())
    }

    #[test]
    fn a_write_that_may_have_been_applied_says_so_and_how_to_check() {
        let failed = api::Error::Status {
            status: StatusCode::BAD_GATEWAY,
            body: None,
            excerpt: String::new(),
            request_id: None,
        };
        assert_eq!(
            shown(failed),
            (
                "the server failed (HTTP 502) while adding: no details: the body was empty".to_owned(),
                "it may still have been created: check with `petstore pets find --name NAME` before trying again"
                    .to_owned(),
                exit::FAILURE
            )
        );
        let garbled = api::Error::Decode {
            status: StatusCode::CREATED,
            reason: "EOF".into(),
            excerpt: "{".into(),
            request_id: None,
        };
        assert_eq!(
            shown(garbled),
            (
                "the server answered HTTP 201, so the animal was probably created, but the answer is unreadable: EOF; \
                 the body began `{`"
                    .to_owned(),
                "check with `petstore pets find --name NAME` before adding it again".to_owned(),
                exit::FAILURE
            )
        );
        let lost =
            api::Error::OutcomeUnknown { method: "POST".into(), reason: "reset".into(), cut: true, request_id: None };
        let (message, check, code) = shown(lost);
        assert!(message.starts_with("no complete answer to the POST"), "{message}");
        assert_eq!((check.as_str(), code), (UNKNOWN_CHECK, exit::NETWORK));
    }

    #[test]
    fn a_write_the_server_refused_keeps_its_usual_error() {
        let refused = api::Error::Status {
            status: StatusCode::BAD_REQUEST,
            body: None,
            excerpt: String::new(),
            request_id: None,
        };
        let err = write_error(refused);
        assert!(err.is(&crate::error::code::REJECTED) && err.http_status() == Some(400), "{err:?}");
    }
}
