//! `petstore pets watch`

use std::path::PathBuf;
use std::time::Duration;

use serde::Serialize;

use crate::context::Context;
use crate::error::{Error, Retry, code};
use crate::output::{Output, duration_words, safe};
use crate::signals::Signal;
use petstore_core::api::Pet;
use petstore_core::catalog::{Catalog, Source};
use petstore_core::watch::{Change, Seen, State, StateError};

/// Print what arrives and changes in the store, looking again and again
///
/// The API has no events, so petstore looks at every animal it can reach, as `pets list --all` does (the
/// first 100 without a filter and the first 100 of each status), every `--interval`, one look at a time, and
/// prints what changed since the last: an animal added, changed (its status, name or category), or no
/// longer seen. The first look only says how many animals there are. At a terminal each change is a line;
/// piped, a tab-separated line (`added`, `changed` or `gone`, then the animal's id, name, category and
/// status); with `--json`, one JSON object per line (`{"event":"added","pet":{...}}`, `changed` with the
/// animal as it `was`, `gone`), and after each look a `{"event":"look",...}` line saying whether it was
/// complete.
///
/// A look is incomplete when a status has more than 100 animals, or animals with no status lie past the first
/// 100 (the blind spot): a note says so, new animals past them cannot be seen, and an animal that could be
/// hidden there is not reported gone. A look that fails (the network, a server refusing: 429, 503) is tried
/// again, waiting twice as long each time, up to 5 minutes; a refused key ends the watch (exit 4).
///
/// `--once --state FILE` looks once, compares with the animals FILE kept from the last run, prints the
/// changes and saves the new state in FILE whole (a temporary file renamed over it; through a symlink, the file
/// it leads to, keeping its mode): for cron jobs and assistants. FILE must be a regular file (or not exist yet,
/// in a directory that does) of at most 64 MiB; a signal ends `--once` with its exit code (130 for Ctrl-C). `--state` without `--once` starts from FILE and keeps it up to date. `--count N` ends after N
/// looks, `--for DURATION` after that long; Ctrl-C ends the watch (exit 0).
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore pets watch
  petstore pets watch --interval 1m --json | jq -c 'select(.event == \"added\")'
  petstore pets watch --once --state ~/.cache/petstore-watch.json   # in cron
  petstore --env staging pets watch --count 3 --interval 5s")]
pub struct WatchArgs {
    /// Time between looks: seconds, or 90s, 5m, 1h [default: 10s]
    #[arg(long, value_name = "DURATION", value_parser = crate::commands::values::parse_duration)]
    pub interval: Option<Duration>,

    /// Look once, compare with `--state`, save it, and end
    #[arg(long, requires = "state", conflicts_with_all = ["count", "duration"])]
    pub once: bool,

    /// Compare with, and keep, the animals seen in this file
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,

    /// End after N looks
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,

    /// End after this long: seconds, or 90s, 5m, 1h
    #[arg(long = "for", value_name = "DURATION", value_parser = crate::commands::values::parse_duration)]
    pub duration: Option<Duration>,
}

/// The interval when none is given.
pub(crate) const DEFAULT_INTERVAL: Duration = Duration::from_secs(10);

/// The longest wait after failed looks.
const MAX_BACKOFF: Duration = Duration::from_secs(300);

/// One line of `--json`.
#[derive(Debug, Serialize)]
#[serde(tag = "event", rename_all = "camelCase", rename_all_fields = "camelCase")]
enum Event<'a> {
    Added {
        pet: &'a Pet,
    },
    Changed {
        pet: &'a Pet,
        was: &'a Pet,
    },
    Gone {
        pet: &'a Pet,
    },
    /// After each look: when, how many animals are known, how many changed, and whether it saw them all.
    Look {
        at: &'a str,
        animals: usize,
        changes: usize,
        complete: bool,
        full_statuses: Vec<String>,
        blind_spot: bool,
    },
}

/// Looks, compares and prints, until a bound or a signal ends it.
pub async fn run(ctx: &Context, args: &WatchArgs) -> Result<(), Error> {
    let mut interrupts = crate::signals::subscribe();
    let client = ctx.client()?;
    super::offline::note_outbox(ctx, &client);
    // A snapshot that cannot be kept is said once, not at every look.
    let warned = std::cell::Cell::new(false);
    let warn_once = |text: &str| {
        if !warned.replace(true) {
            ctx.output.warning(text);
        }
    };
    let base_url = ctx.target()?.base_url.to_string();
    let mut seen = match &args.state {
        Some(path) => State::load(path, &base_url).map_err(state_error)?.map(|(_, seen)| seen),
        None => None,
    };
    let interval = args.interval.unwrap_or(DEFAULT_INTERVAL);
    let end = args.duration.map(|duration| tokio::time::Instant::now() + duration);
    let (mut looks, mut wait, mut was_complete) = (0u64, interval, None);
    loop {
        let look = tokio::select! {
            look = super::offline::look(ctx, Source::Server(&client), None, warn_once) => look,
            signal = interrupts.recv() => return stopped(signal, args.once),
        };
        looks += 1;
        // The look's failure: a watch whose bound comes after a failed look ends with it.
        let failed = match look {
            Ok(catalog) => {
                let at = jiff::Timestamp::now().round(jiff::Unit::Second).unwrap_or_else(|_| jiff::Timestamp::now());
                let at = at.to_string();
                let changes = match &mut seen {
                    Some(seen) => seen.update(&catalog),
                    None => {
                        let first = Seen::of(&catalog);
                        if !ctx.output.is_json() {
                            ctx.output.status(&format!(
                                "{} animals at {base_url}{}",
                                first.len(),
                                if args.once {
                                    String::new()
                                } else {
                                    format!("; looking every {}", duration_words(interval))
                                }
                            ));
                        }
                        seen = Some(first);
                        Vec::new()
                    }
                };
                let seen = seen.as_ref().expect("set above");
                for change in &changes {
                    print_change(&ctx.output, change)?;
                }
                say_look(ctx, &at, seen.len(), changes.len(), &catalog, &mut was_complete)?;
                if let Some(path) = &args.state {
                    State::new(&base_url, at, seen).save(path).map_err(state_error)?;
                }
                wait = interval;
                None
            }
            Err(err) => {
                let err = Error::from(err);
                if args.once || err.retry() != Retry::Safe {
                    return Err(err);
                }
                wait = (wait * 2).min(MAX_BACKOFF);
                ctx.output.warning(&format!("the look failed: {err}; looking again in {}", duration_words(wait)));
                Some(err)
            }
        };
        let ended = move || failed.map_or(Ok(()), Err);
        if args.once || args.count.is_some_and(|count| looks >= count) {
            return ended();
        }
        let mut until = tokio::time::Instant::now() + wait;
        if let Some(end) = end {
            if end <= tokio::time::Instant::now() {
                return ended();
            }
            until = until.min(end);
        }
        tokio::select! {
            () = tokio::time::sleep_until(until) => {}
            signal = interrupts.recv() => return stopped(signal, args.once),
        }
        if end.is_some_and(|end| end <= tokio::time::Instant::now()) {
            return ended();
        }
    }
}

/// Ctrl-C is how a watch that goes on is ended: exit 0. Any other signal, and any signal before `--once` has
/// printed and saved its look, ends it as it ends every command (130 for Ctrl-C): a cron job must not take an
/// interrupted look for one with no changes.
fn stopped(signal: Signal, once: bool) -> Result<(), Error> {
    match signal {
        Signal::Interrupt if !once => Ok(()),
        other => Err(Error::interrupted(other)),
    }
}

/// One change on stdout: a JSON event in a JSON mode; else a line of words at a terminal, or of tab-separated
/// fields piped (the name's tabs and newlines made spaces, so that each change stays one line of five fields).
fn print_change(output: &Output, change: &Change) -> Result<(), Error> {
    if output.is_json() {
        let event = match change {
            Change::Added(pet) => Event::Added { pet },
            Change::Changed { was, now } => Event::Changed { pet: now, was },
            Change::Gone(pet) => Event::Gone { pet },
        };
        return output.event(&event);
    }
    let (word, pet) = match change {
        Change::Added(pet) => ("added", pet),
        Change::Changed { now, .. } => ("changed", now),
        Change::Gone(pet) => ("gone", pet),
    };
    let status = pet.status.map_or("", |status| status.as_str());
    let line = if output.stdout_is_terminal() {
        let what = match change {
            Change::Added(_) => format!("(category {}, {})", pet.category_id, words_of(pet.status)),
            Change::Changed { was, now } => differences(was, now),
            Change::Gone(_) => "(no longer seen)".to_owned(),
        };
        format!("{word:<8} {:>5}  `{}` {what}", pet.id, safe::in_backticks(&pet.name))
    } else {
        format!("{word}\t{}\t{}\t{}\t{status}", pet.id, pet.name.replace(['\t', '\n', '\r'], " "), pet.category_id)
    };
    Ok(output.line(&line)?)
}

/// What changed of an animal, in words: `status available → sold`.
fn differences(was: &Pet, now: &Pet) -> String {
    let mut words = Vec::new();
    if was.status != now.status {
        words.push(format!("status {} → {}", words_of(was.status), words_of(now.status)));
    }
    if was.category_id != now.category_id {
        words.push(format!("category {} → {}", was.category_id, now.category_id));
    }
    if was.name != now.name {
        words.push(format!("name `{}` → `{}`", safe::in_backticks(&was.name), safe::in_backticks(&now.name)));
    }
    words.join(", ")
}

fn words_of(status: Option<petstore_core::api::PetStatus>) -> &'static str {
    status.map_or("no status", |status| status.as_str())
}

/// After a look: with `--json`, its `look` line; else a note when it was incomplete, on the first look and
/// whenever that changes.
fn say_look(
    ctx: &Context,
    at: &str,
    animals: usize,
    changes: usize,
    catalog: &Catalog,
    was_complete: &mut Option<bool>,
) -> Result<(), Error> {
    let coverage = &catalog.coverage;
    let complete = !coverage.partial && !coverage.blind_spot;
    if ctx.output.is_json() {
        let full_statuses =
            coverage.full_statuses().filter_map(|partition| partition.status).map(|s| s.to_string()).collect();
        let look = Event::Look { at, animals, changes, complete, full_statuses, blind_spot: coverage.blind_spot };
        return ctx.output.event(&look);
    }
    if *was_complete != Some(complete) {
        if complete && was_complete.is_some() {
            ctx.output.notice("this look saw every animal again");
        } else if !complete {
            let mut why = Vec::new();
            if coverage.partial {
                why.push(format!("{} came back full", super::full_words(coverage)));
            }
            if let Some(blind) = super::blind_spot_text(coverage) {
                why.push(blind);
            }
            ctx.output.notice(&format!(
                "the looks are incomplete: {}; animals added there cannot be seen, and none there is reported gone",
                why.join("; ")
            ));
        }
        *was_complete = Some(complete);
    }
    Ok(())
}

/// A state file that cannot be used, in the user's terms.
fn state_error(err: StateError) -> Error {
    let message = err.to_string();
    match err {
        StateError::OtherStore { .. } => {
            Error::new(&code::WATCH_STATE, message).with_hint("give each environment a state file of its own")
        }
        StateError::Malformed { .. } => Error::new(&code::WATCH_STATE, message)
            .with_hint("give `--state` a file of its own: petstore writes it, and reads back only what it wrote"),
        StateError::Refused { refused: petstore_core::user_file::Refused::TooLarge { .. }, .. } => {
            Error::new(&code::WATCH_STATE, message)
                .with_hint("give `--state` a file of its own: petstore writes it, and reads back only what it wrote")
        }
        StateError::Refused { .. } => Error::new(&code::WATCH_STATE, message)
            .with_hint("give `--state` the path of a regular file, which petstore replaces, or of one to create"),
        StateError::NoDirectory { .. } => Error::new(&code::WATCH_STATE, message)
            .with_hint("create the directory first, or give `--state` a path in one that exists"),
        StateError::Read { source, .. } | StateError::Write { source, .. } => {
            Error::new(&code::WATCH_STATE, message).with_kind(crate::error::Kind::Failure).with_source(source)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::OutputSettings;
    use petstore_core::api::PetStatus;

    fn pet(id: i64, name: &str, status: Option<PetStatus>) -> Pet {
        Pet { id, name: name.to_owned(), category_id: 2, status }
    }

    /// Every kind of change, one after another.
    fn changes() -> [Change; 3] {
        [
            Change::Added(pet(7, "Rex", None)),
            Change::Changed {
                was: pet(8, "Tom", Some(PetStatus::Available)),
                now: pet(8, "Tom\tII", Some(PetStatus::Sold)),
            },
            Change::Gone(pet(9, "Max", Some(PetStatus::Pending))),
        ]
    }

    #[test]
    fn piped_each_change_is_one_line_of_five_fields() {
        let (output, captured) = Output::captured(&OutputSettings::default());
        for change in &changes() {
            print_change(&output, change).unwrap();
        }
        assert_eq!(captured.stdout(), "added\t7\tRex\t2\t\nchanged\t8\tTom II\t2\tsold\ngone\t9\tMax\t2\tpending\n");
        assert_eq!(captured.stderr(), "");
    }

    #[test]
    fn at_a_terminal_each_change_says_what_changed_in_words() {
        let (output, captured) = Output::captured_with(&OutputSettings::default(), true);
        for change in &changes() {
            print_change(&output, change).unwrap();
        }
        assert_eq!(
            captured.stdout(),
            "added        7  `Rex` (category 2, no status)\n\
             changed      8  `Tom\\u{9}II` status available → sold, name `Tom` → `Tom\\u{9}II`\n\
             gone         9  `Max` (no longer seen)\n"
        );
    }

    #[test]
    fn in_a_json_mode_each_change_is_an_event() {
        let (output, captured) = Output::captured(&OutputSettings::json());
        for change in &changes() {
            print_change(&output, change).unwrap();
        }
        let events: Vec<serde_json::Value> =
            captured.stdout().lines().map(|line| serde_json::from_str(line).unwrap()).collect();
        assert_eq!(events.len(), 3);
        assert_eq!(
            events[0],
            serde_json::json!({ "event": "added", "pet": { "id": 7, "name": "Rex", "categoryId": 2 } })
        );
        assert_eq!(events[1]["was"]["status"], "available");
        assert_eq!(events[1]["pet"]["status"], "sold");
        assert_eq!(events[2]["event"], "gone");
    }

    #[test]
    fn ctrl_c_ends_a_watch_that_goes_on_well_and_anything_else_as_a_signal_does() {
        assert!(stopped(Signal::Interrupt, false).is_ok());
        for (signal, once) in [(Signal::Interrupt, true), (Signal::Terminate, false), (Signal::Hangup, false)] {
            let err = stopped(signal, once).unwrap_err();
            assert!(err.is(&code::INTERRUPTED), "{signal:?} {once}: {err:?}");
        }
    }
}
