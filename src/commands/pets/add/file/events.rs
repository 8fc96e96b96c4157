//! What a batch says of each [`Event`] as it happens (`pets add --file`, `journal send`): a note, or why it
//! stops (`reason`, one word a program can match) and the words.

use std::time::Duration;

use petstore_core::batch::{Event, Hopeless, MAX_REFUSALS, MAX_SERVER_FAILURES, PAUSE_CAP, SIGNAL_GRACE};

use super::sink::BatchLine;
use crate::output::duration_words;

/// The line `event` is said in, as prose or (`json`) a JSON document; `None` for one the batch does not say
/// in a line (the concurrency, which the progress shows). Why the sink stopped the batch is the sink's to say
/// (`stopped`: the reason and the words, or `None` for a stop another line says).
pub(crate) fn line<E>(
    event: &Event<'_, E>,
    json: bool,
    stopped: impl FnOnce(&E) -> Option<(&'static str, &'static str)>,
) -> Option<String> {
    let (reason, message) = match event {
        Event::SinkStopped(stop) => stopped(stop).map(|(reason, words)| (Some(reason), words.to_owned()))?,
        event => words(event)?,
    };
    Some(match (reason, json) {
        (None, true) => BatchLine::Note { message: &message }.text(),
        (Some(reason), true) => BatchLine::Stopping { reason, message: &message }.text(),
        (None, false) => message,
        (Some(_), false) => format!("stopping: {message}"),
    })
}

/// The reason (for a stop) and the words of `event`.
fn words<E>(event: &Event<'_, E>) -> Option<(Option<&'static str>, String)> {
    let words = match *event {
        Event::Paused { pause, refusals } => (
            None,
            format!(
                "the server is limiting requests: every request pauses for {} (refusal {refusals} of \
                 {MAX_REFUSALS} in a row)",
                duration_words(pause)
            ),
        ),
        Event::PauseTooLong { pause, asked } => {
            let pause = if pause == Duration::MAX {
                "more seconds than petstore counts".to_owned()
            } else {
                duration_words(pause)
            };
            let cap = duration_words(PAUSE_CAP);
            let words = if asked {
                format!("the server asked for a pause of {pause}, longer than the {cap} a batch waits")
            } else {
                format!(
                    "the server kept refusing without saying how long to wait, and petstore's own wait, {pause}, is \
                     longer than the {cap} a batch waits"
                )
            };
            (Some("pause_too_long"), words)
        }
        Event::KeptRefusing => (
            Some("kept_refusing"),
            format!("the server refused {MAX_REFUSALS} times in a row with nothing created between"),
        ),
        Event::KeptFailing => (
            Some("kept_failing"),
            format!(
                "the server failed {MAX_SERVER_FAILURES} times in a row with nothing created; the rest is not \
                 sent"
            ),
        ),
        Event::Hopeless(Hopeless::SameFailure) => {
            (Some("same_failure"), "every other record would fail the same way".to_owned())
        }
        Event::Hopeless(Hopeless::StoreFull) => {
            (Some("store_full"), "the store is full, so every other record would be refused too".to_owned())
        }
        Event::SinkStopped(_) => return None,
        Event::Waiting { in_flight } => (
            Some("signal"),
            format!(
                "waiting for the {in_flight} requests in flight (at most {}; a second signal, such as Ctrl-C, \
                 stops waiting)",
                duration_words(SIGNAL_GRACE)
            ),
        ),
        Event::GraceOver { in_flight } => (
            Some("grace_over"),
            format!(
                "{in_flight} requests still in flight {} after the signal are abandoned",
                duration_words(SIGNAL_GRACE)
            ),
        ),
        Event::Concurrency(_) => return None,
        Event::Paced => (
            None,
            "the server is limiting requests: the rest goes at the rate it accepts, refused records again".to_owned(),
        ),
    };
    Some(words)
}
