//! `petstore ui`: the store at a glance, for a person at a terminal.

mod accessible;
mod app;
mod draw;

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use crate::commands::About;
use crate::commands::formats::Prints;
use crate::commands::journal::send::{Sent, outbox, send};
use crate::commands::pets::add::{Added, Says, Undecidable, add_one, at_terminal};
use crate::commands::pets::offline;
use crate::context::Context;
use crate::error::{Error, code};
use app::{Action, App, Queued, View};
use petstore_core::api::{NewPet, Pet};
use petstore_core::catalog::Catalog;
use petstore_core::catalog::Source;
use petstore_core::journal::{Entry, Outcome};
use petstore_core::watch::{Change, Seen};

/// Browse and add the store's animals on a full screen
///
/// A table of every animal the API can reach (as `pets list --all` reaches them), with the environment and its
/// URL on the status line (production marked). Arrows or `j`/`k` move, `/` filters by name as you type, `a`,
/// `p`, `s` and `*` show available, pending, sold or all animals, Enter shows one animal, `n` adds one (checked
/// as `pets add` checks it, and asked about first where writes are confirmed), `r` looks again, `?` lists the
/// keys, `q` leaves. New and changed animals show by themselves, marked for a moment: the store is looked at
/// again every `--interval`, as `pets watch` looks.
///
/// For a person only: off a terminal (stdin or stdout not one), or run by an AI assistant, it exits 2 and
/// names `pets list` and `pets add`, which do the same for scripts. Colour follows `--color` and `NO_COLOR`.
///
/// With `PETSTORE_ACCESSIBLE=1` (or `ACCESSIBLE=1`), for screen readers: no full screen, but numbered lines
/// and one question at a time, read in order, with the same actions.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore ui
  petstore --env staging ui --interval 30s")]
pub struct UiArgs {
    /// Time between looks: seconds, or 90s, 5m, 1h [default: 10s]
    #[arg(long, value_name = "DURATION", value_parser = crate::commands::values::parse_duration)]
    pub interval: Option<Duration>,
}

impl UiArgs {
    /// What `ui` says about itself: a screen, nothing that output flags could shape.
    pub fn about(&self) -> About<'_> {
        About::new("ui", Prints::Other("it draws a screen, for a person", "use `petstore pets list` in scripts"))
    }
}

/// How often the screen is drawn again with nothing happening: a mark fades by it.
const REDRAW: Duration = Duration::from_secs(1);

/// Runs the screen until the user leaves it.
pub async fn run(ctx: &Arc<Context>, args: &UiArgs) -> Result<(), Error> {
    // Whether a person can be asked, as every prompt asks it; and on top of that, a screen needs stdout.
    let stdout = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let why = ctx.output.cannot_ask().map(|why| why.describe());
    if let Some(why) = why.or_else(|| (!stdout).then(|| "stdout is not a terminal".into())) {
        return Err(not_a_terminal(&why));
    }
    let client = ctx.client()?;
    let target = ctx.target()?;
    let production = target.env.is_some_and(|env| env.name == petstore_core::config::DEFAULT_ENV);
    let env = target.env.map_or_else(|| "(a base URL)".to_owned(), |env| env.name.clone());
    let mut app = App::new(env, target.base_url.to_string(), production);
    if ctx.switches().accessible {
        return accessible::run(ctx, &app.env, &app.url, production).await;
    }
    let colour = ctx.output.stdout_color();
    let interval = args.interval.unwrap_or(crate::commands::pets::watch::DEFAULT_INTERVAL);

    // Read before the screen is up: reading the journal may warn on stderr.
    app.queued = queued(ctx, &client, Vec::new());
    let mut screen = crate::output::screen::Screen::enter().map_err(|err| Error::start("draw the screen", err))?;
    // Read in raw mode only: a key at a time, Ctrl-C a key.
    let (mut keys, _reading) = read_keys();
    let (questions_tx, mut questions) = mpsc::unbounded_channel::<(String, oneshot::Sender<bool>)>();
    let mut answer: Option<oneshot::Sender<bool>> = None;
    let mut seen: Option<Seen> = None;
    type Pending<'a, T> = Option<Pin<Box<dyn Future<Output = T> + 'a>>>;
    let mut looking: Pending<'_, Result<Catalog, petstore_core::api::Error>> = None;
    let mut adding: Pending<'_, Result<Added, Error>> = None;
    let mut sending: Pending<'_, Result<Sent, Error>> = None;
    // What the add says on its way (an animal found, a created one that differs): shown when it ends.
    let notes = Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
    // A snapshot the screen cannot keep has no line of its own: offline, the age it shows tells.
    let look = || Box::pin(offline::look(ctx, Source::Server(&client), None, |_| {}));
    // The next look: an interval after the last one (a slow look is not caught up on); offline, 5 s after,
    // then twice as long each time, up to the interval.
    let mut next_look = tokio::time::Instant::now();
    let mut offline_wait: Option<Duration> = None;
    // The outbox is sent when the server answers: at the first look, and again each time it comes back.
    let mut send_due = true;
    let mut redraw = tokio::time::interval(REDRAW);
    #[cfg(unix)]
    let mut stops =
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::from_raw(rustix::process::Signal::TSTP.as_raw()))
            .map_err(|err| Error::start("listen for SIGTSTP", err))?;
    let ended = 'run: loop {
        let now = Instant::now();
        screen
            .draw(|frame| draw::draw(frame, &app, colour, now))
            .map_err(|err| Error::start("draw the screen", err))?;
        tokio::select! {
            event = keys.recv() => {
                let Some(event) = event else { break Ok(()) };
                // Every key already typed (a paste) is taken before the next frame is drawn: one frame a burst,
                // not one a character.
                let mut burst = vec![event];
                while let Ok(event) = keys.try_recv() {
                    burst.push(event);
                }
                for event in burst {
                    // A resize needs only the frame this loop draws next, at the new size.
                    let crossterm::event::Event::Key(key) = event else { continue };

                    // A panic on `!`, for the test of the panic's way out (tests/it/ui.rs): in a debug build, with
                    // `PETSTORE_TEST_PANIC` set; never in a build that ships.
                    #[cfg(debug_assertions)]
                    if key.code == crossterm::event::KeyCode::Char('!') && std::env::var_os("PETSTORE_TEST_PANIC").is_some() {
                        panic!("a panic asked for with PETSTORE_TEST_PANIC");
                    }
                    match app.key(key) {
                        Action::None => {}
                        Action::Quit => break 'run Ok(()),
                        Action::Interrupt => break 'run Err(Error::interrupted(crate::signals::Signal::Interrupt)),
                        Action::Suspend => {
                            #[cfg(unix)]
                            screen.suspend().map_err(|err| Error::start("draw the screen again", err))?;
                        }
                        Action::Refresh => {
                            if looking.is_none() {
                                app.message = None;
                                looking = Some(look());
                            }
                        }
                        Action::Send { pet, if_absent } => {
                            app.message = None;
                            let questions = questions_tx.clone();
                            let (ctx, client, notes) = (Arc::clone(ctx), client.clone(), Rc::clone(&notes));
                            let if_absent = if_absent.then_some(Undecidable::Hold);
                            adding = Some(Box::pin(async move {
                                let note = |text: &str| notes.borrow_mut().push(text.to_owned());
                                let says = Says { notice: note, status: note };
                                let confirm = async |what: &str| ask_in_screen(&ctx, &questions, what).await;
                                add_one(&ctx, &client, &pet, if_absent, &says, at_terminal(&ctx), confirm).await
                            }));
                        }
                        Action::Answer(yes) => {
                            if let Some(answer) = answer.take() {
                                let _ = answer.send(yes);
                            }
                        }
                    }
                }
            }
            _ = stopped(
                #[cfg(unix)]
                &mut stops,
            ) => {
                #[cfg(unix)]
                screen.suspend().map_err(|err| Error::start("draw the screen again", err))?;
            }
            Some((question, reply)) = questions.recv() => {
                app.view = View::Confirm(question);
                answer = Some(reply);
            }
            looked = async { looking.as_mut().expect("guarded").await }, if looking.is_some() => {
                looking = None;
                next_look = tokio::time::Instant::now() + interval;
                match looked {
                    Ok(catalog) => {
                        // Back online: the failure on the message line is over.
                        if app.offline.take().is_some() {
                            (offline_wait, send_due, app.message) = (None, true, None);
                        }
                        if send_due && sending.is_none() && app.waiting() > 0 {
                            send_due = false;
                            let outbox = app.queued.iter().filter(|queued| queued.problem.is_none());
                            let outbox = outbox.map(|queued| (queued.write.clone(), queued.pet.clone())).collect();
                            let questions = questions_tx.clone();
                            let (ctx, client, notes) = (Arc::clone(ctx), client.clone(), Rc::clone(&notes));
                            sending = Some(Box::pin(async move {
                                let note = |text: &str| notes.borrow_mut().push(text.to_owned());
                                let says = Says { notice: &note as &dyn Fn(&str), status: &note as &dyn Fn(&str) };
                                let confirm = async |what: &str| ask_in_screen(&ctx, &questions, what).await;
                                send(&ctx, client, outbox, confirm, says).await
                            }));
                        }
                        let changed: Vec<i64> = match &mut seen {
                            Some(seen) => seen.update(&catalog).iter().filter_map(changed_id).collect(),
                            None => {
                                seen = Some(Seen::of(&catalog));
                                Vec::new()
                            }
                        };
                        let caveat = caveat(&catalog);
                        app.looked(catalog.pets, &changed, caveat, Instant::now());
                    }
                    Err(err) if err.unreachable() => {
                        let wait = offline_wait.map_or(OFFLINE_WAIT, |wait| wait * 2).min(interval);
                        (offline_wait, next_look) = (Some(wait), tokio::time::Instant::now() + wait);
                        let kept = offline::kept(ctx).ok().flatten();
                        if let Some(kept) = kept.as_ref().filter(|_| !app.loaded) {
                            app.looked(kept.catalog.pets.clone(), &[], caveat(&kept.catalog), Instant::now());
                        }
                        app.offline = Some(kept.map_or_else(|| "nothing kept to show".to_owned(), |kept| as_of(&kept)));
                        app.message = Some(in_words(&Error::from(err)));
                    }
                    Err(err) => app.message = Some(in_words(&Error::from(err))),
                }
            }
            sent = async { sending.as_mut().expect("guarded").await }, if sending.is_some() => {
                sending = None;
                if matches!(app.view, View::Sending | View::Confirm(_)) {
                    app.view = View::Table;
                }
                notes.borrow_mut().clear();
                match sent {
                    Ok(sent) => {
                        for entry in &sent.entries {
                            if let (Outcome::Created | Outcome::Exists, Some(id)) = (entry.outcome, entry.pet_id)
                                && let Some(queued) = app.queued.iter().find(|queued| queued.write == entry.write)
                            {
                                let NewPet { name, category_id, status } = queued.pet.clone();
                                app.added(Pet { id, name, category_id, status }, Instant::now());
                            }
                        }
                        app.queued = queued(ctx, &client, sent.entries);
                        if let Some(signal) = sent.signal {
                            break 'run Err(Error::interrupted(signal));
                        }
                        looking = Some(look());
                    }
                    Err(err) => app.message = Some(in_words(&err)),
                }
            }
            added = async { adding.as_mut().expect("guarded").await }, if adding.is_some() => {
                adding = None;
                if matches!(app.view, View::Sending | View::Confirm(_)) {
                    app.view = View::Table;
                }
                let said = std::mem::take(&mut *notes.borrow_mut());
                match added {
                    Ok(Added::Created { pet, .. } | Added::Exists(pet)) => {
                        app.message = said.last().cloned();
                        app.added(pet, Instant::now());
                    }
                    Err(err) => {
                        app.message = Some(in_words(&err));
                        // An add that could not be sent waits in the outbox, a row of its own; a look at once
                        // tells whether the line is down.
                        app.queued = queued(ctx, &client, Vec::new());
                        next_look = tokio::time::Instant::now();
                    }
                }
            }
            _ = tokio::time::sleep_until(next_look), if looking.is_none() => {
                looking = Some(look());
            }
            _ = redraw.tick() => {
                // What an add on its way says (waiting for another `--if-absent` run) shows while it waits.
                if adding.is_some()
                    && let Some(last) = notes.borrow().last()
                {
                    app.message = Some(last.clone());
                }
            }
        }
    };
    drop(screen);
    if adding.is_some() || sending.is_some() {
        // Left with an add on its way: its outcome is unknown, as after a signal.
        return Err(ctx.interrupted(crate::signals::Signal::Interrupt));
    }
    ended
}

/// The first wait before looking again when the server cannot be reached.
const OFFLINE_WAIT: Duration = Duration::from_secs(5);

/// The rows of writes that wait in the outbox of `client`'s server, then those of `sent` (a sending of the
/// screen's) that were not created, each with why.
fn queued(ctx: &Context, client: &petstore_core::api::Client, sent: Vec<Entry>) -> Vec<Queued> {
    let waiting = outbox(ctx, client).map(|(outbox, _)| outbox).unwrap_or_default();
    let waiting = waiting.into_iter().map(|(write, pet)| Queued { write, pet, problem: None });
    let failed = sent.into_iter().filter_map(|entry| {
        let problem = match entry.outcome {
            Outcome::Created | Outcome::Exists | Outcome::NotSent | Outcome::NotCreated => return None,
            Outcome::Unknown => "unknown: run `petstore journal reconcile`".to_owned(),
            outcome => format!("{}: {}", outcome.as_str(), entry.code.as_deref().unwrap_or("see `petstore journal`")),
        };
        let pet = serde_json::from_value(entry.intent.body?).ok()?;
        Some(Queued { write: entry.write, pet, problem: Some(problem) })
    });
    waiting.chain(failed).collect()
}

/// When the last look kept was, for the status line: `as of 14:02, 12 min ago`, in local time.
fn as_of(snapshot: &petstore_core::snapshot::Snapshot) -> String {
    let words = offline::as_of(snapshot);
    let ago = words.split_once(", ").map_or("", |(_, ago)| ago);
    let clock = snapshot.taken.parse::<jiff::Timestamp>().map_or_else(
        |_| snapshot.taken.clone(),
        |taken| taken.to_zoned(jiff::tz::TimeZone::system()).strftime("%H:%M").to_string(),
    );
    format!("as of {clock}, {ago}")
}

/// The id of an animal that is new or changed.
fn changed_id(change: &Change) -> Option<i64> {
    match change {
        Change::Added(pet) | Change::Changed { now: pet, .. } => Some(pet.id),
        Change::Gone(_) => None,
    }
}

/// What a look could not reach, as `pets list --all` says it: more may exist past a full list, and the blind
/// spot.
fn caveat(catalog: &Catalog) -> Option<String> {
    let coverage = &catalog.coverage;
    if coverage.partial {
        return Some(crate::commands::pets::list::partial_words(coverage));
    }
    crate::commands::pets::blind_spot_text(coverage)
}

/// An error on the screen's message line: its message and its hint.
fn in_words(err: &Error) -> String {
    match err.hint() {
        // Its hint is the command line's (`--yes`, `--dry-run`), which this screen takes neither of.
        Some(_) if err.is(&crate::error::code::NOT_CONFIRMED) => err.to_string(),
        Some(hint) => format!("{err} ({hint})"),
        None => err.to_string(),
    }
}

/// The question before a write, asked on the screen where the environment's writes are confirmed, in the words
/// of [`crate::commands::confirm::question`]; anything but `y` sends nothing (`not_confirmed`).
async fn ask_in_screen(
    ctx: &Context,
    questions: &mpsc::UnboundedSender<(String, oneshot::Sender<bool>)>,
    what: &str,
) -> Result<(), Error> {
    let target = ctx.target()?;
    let Some(env) = target.confirmed else { return Ok(()) };
    let question = crate::commands::confirm::question(&env.name, target.base_url, what);
    crate::cleanup::registry().write_intended(format!("to `{}`", env.name));
    let (reply, answered) = oneshot::channel();
    let _ = questions.send((question, reply));
    match answered.await {
        Ok(true) => Ok(()),
        _ => Err(crate::commands::confirm::not_confirmed(&env.name)),
    }
}

/// Stops the thread of [`read_keys`] when dropped, however the screen ends.
#[derive(Debug)]
struct Reading(Arc<AtomicBool>);

impl Drop for Reading {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The keys pressed and the terminal's resizes, read on a thread of their own (crossterm reads blocking) for
/// as long as the [`Reading`] lives.
fn read_keys() -> (mpsc::UnboundedReceiver<crossterm::event::Event>, Reading) {
    let (tx, rx) = mpsc::unbounded_channel();
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    std::thread::spawn(move || {
        use crossterm::event::{Event, KeyEventKind, poll, read};
        while !stopped.load(Ordering::SeqCst) {
            match poll(Duration::from_millis(100)) {
                Ok(false) => {}
                Ok(true) => match read() {
                    Ok(event @ (Event::Key(_) | Event::Resize(..))) => {
                        // Windows reports releases too.
                        if matches!(event, Event::Key(key) if key.kind == KeyEventKind::Release) {
                            continue;
                        }
                        if tx.send(event).is_err() {
                            return;
                        }
                    }
                    Ok(_) => {}
                    Err(_) => return,
                },
                Err(_) => return,
            }
        }
    });
    (rx, Reading(stop))
}

fn not_a_terminal(why: &str) -> Error {
    Error::new(&code::NOT_A_TERMINAL, format!("`petstore ui` needs a person at a terminal: {why}"))
        .with_hint("`petstore pets list --all` lists the animals and `petstore pets add` adds one, without a screen")
}

/// SIGTSTP from elsewhere (`kill -TSTP`; the terminal's Ctrl-Z is a key in raw mode); never on Windows.
#[cfg(unix)]
async fn stopped(stops: &mut tokio::signal::unix::Signal) {
    stops.recv().await;
}

#[cfg(not(unix))]
async fn stopped() {
    std::future::pending::<()>().await;
}
