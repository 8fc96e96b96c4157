//! The question before a write to an environment whose writes are confirmed (`confirm_writes`), and the
//! `--yes` that answers it.
//!
//! It is asked only when a person can answer: stdin and stderr both terminals, in the foreground
//! ([`crate::output::Output::cannot_ask`]). Where nobody can (a script, a cron job, an agent, a background job
//! `&`), the write is refused before anything is sent unless `--yes` or `PETSTORE_YES` says yes: an
//! environment whose writes are confirmed is never written to unasked. `--quiet` does not skip the question,
//! as it hides notes, not decisions; `--dry-run` never reaches it. A terminal that closes while the question waits ends the command as SIGHUP does.

use std::io::{BufRead, Read};

use crate::context::Context;
use crate::error::{Error, code};

/// `--yes`, shared by every command that writes.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct YesArgs {
    /// Answer yes to the question before a write
    ///
    /// The question comes before a write to an environment whose writes are confirmed (production, unless
    /// changed with `petstore env confirm-writes`); `--yes` is needed there when nobody can be asked (no
    /// terminal, a background job)
    // `PETSTORE_YES` in start-up's words (`startup::switch`), which have refused any other value by then.
    #[arg(short, long, env = YES_VAR, hide_env_values = true, value_parser = |value: &str| Ok::<_, std::convert::Infallible>(crate::startup::switch(YES_VAR, Some(value.as_ref())).is_ok_and(|on| on == Some(true))))]
    pub yes: bool,
}

/// The variable that says yes to every write, as `--yes` does.
pub const YES_VAR: &str = "PETSTORE_YES";

/// The longest answer read: `y` or `yes`, with room for a person's typing; the rest of a longer line is left.
const MAX_ANSWER_BYTES: u64 = 256;

/// Asks once, on stderr, before `what` is written to the target environment, if its writes are confirmed and
/// `--yes` was not given; where nobody can be asked, that is `cannot_ask` (exit 2). Anything but `y` or `yes`
/// is `not_confirmed`; a signal while waiting is [`Error::interrupted`]. Without a question, a
/// write to production is still warned about at a terminal, as before.
pub async fn confirm_write(ctx: &Context, yes: YesArgs, what: &str) -> Result<(), Error> {
    let target = ctx.target()?;
    // The environment by any spelling of its URL: `localhost` is asked about as production at `127.0.0.1`.
    let Some(env) = target.confirmed.filter(|_| !yes.yes) else {
        ctx.warn_before_writing_to_production()?;
        return Ok(());
    };
    if let Some(why) = ctx.output.cannot_ask() {
        return Err(cannot_ask(&env.name, &why));
    }
    let question = format!("{} [y/N] ", question(&env.name, target.base_url, what));
    let to = format!("to `{}`", env.name);
    if ask(ctx, &question, &to).await? {
        return Ok(());
    }
    Err(not_confirmed(&env.name))
}

/// Asks `question` (ending `[y/N] `) on stderr and reads the answer: whether it is `y` or `yes`. The caller has
/// made sure a person can be asked. A signal while waiting, or the terminal closing, is
/// [`Error::interrupted_unsent`] for the write `to` names (`to \`production\``).
pub async fn ask(ctx: &Context, question: &str, to: &str) -> Result<bool, Error> {
    let to = to.to_owned();
    crate::cleanup::registry().write_intended(to.clone());
    // Listening before the question shows, so that a Ctrl-C typed the moment it appears is not missed.
    let mut interrupts = crate::signals::subscribe();
    // Keys typed before the question showed are discarded there: `y⏎` typed ahead is no answer to it.
    let question = ctx.output.question(question);
    // Read on a blocking thread, so that a signal (a bulk add handles its own) ends the wait at once.
    let answer = tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        std::io::stdin().lock().take(MAX_ANSWER_BYTES).read_line(&mut line).map(|_| line)
    });
    let answer = tokio::select! {
        joined = answer => match joined {
            // A closed terminal ends the read as at the end of input, or with an error: as SIGHUP, which comes.
            Ok(_) if ctx.output.terminal_hung_up() => {
                question.answered(false);
                return Err(Error::interrupted_unsent(crate::signals::Signal::Hangup, &to));
            }
            Ok(answer) => answer.map_err(|source| Error::read_input("the answer", source))?,
            Err(err) => std::panic::resume_unwind(err.into_panic()),
        },
        signal = interrupts.recv() => {
            question.answered(false);
            return Err(Error::interrupted_unsent(signal, &to));
        }
    };
    // Ctrl-D ends the read without ending the line.
    question.answered(answer.ends_with('\n'));
    Ok(is_yes(&answer))
}

/// The refusal of a write to `env`, whose writes are confirmed, when nobody can be asked (`why`).
fn cannot_ask(env: &str, why: &crate::output::CannotAsk) -> Error {
    Error::new(
        &code::CANNOT_ASK,
        format!("cannot ask before writing to `{env}`: {}, so nothing was sent", why.describe()),
    )
    .with_hint(format!("pass `--yes` (or set `PETSTORE_YES=1`) to send without asking, or {}", why.instead()))
}

/// The refusal of a write to `env` whose question was answered with anything but yes.
pub(crate) fn not_confirmed(env: &str) -> Error {
    Error::new(&code::NOT_CONFIRMED, format!("not confirmed, so nothing was sent to `{env}`"))
        .with_hint("answer `y` to send it, or pass `--yes`; `--dry-run` shows what it would send")
}

/// The question before a write, without the answers it takes: `` `production` (https://…/v1): add the animal
/// `Rex` (category 1, no status). Send it? `` The terminal adds `[y/N]`; `petstore mcp` asks it through the
/// person's MCP client, with the request body after it.
pub fn question(env: &str, base_url: &petstore_core::config::DisplaySafeUrl, what: &str) -> String {
    format!("`{env}` ({base_url}): {what}. Send it?")
}

/// `y` or `yes`, in any case, around spaces.
fn is_yes(answer: &str) -> bool {
    matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::{CannotAsk, Output, OutputSettings};

    #[test]
    fn the_question_names_the_environment_its_url_and_the_write() {
        let url = petstore_core::config::parse_base_url("https://api.example.com/v1").unwrap();
        assert_eq!(
            question("production", &url, "add the animal `Rex` (category 1, no status)"),
            "`production` (https://api.example.com/v1): add the animal `Rex` (category 1, no status). Send it?"
        );
    }

    #[test]
    fn nobody_can_be_asked_through_a_captured_output() {
        let (output, captured) = Output::captured_with(&OutputSettings::default(), true);
        assert!(matches!(output.cannot_ask(), Some(CannotAsk::NoTerminal)), "stdin is never a terminal");
        assert_eq!((captured.stdout(), captured.stderr()), (String::new(), String::new()));
    }

    #[test]
    fn a_refusal_says_why_nobody_was_asked_and_the_other_way_to_answer() {
        let err = cannot_ask("production", &CannotAsk::NoTerminal);
        assert!(err.is(&code::CANNOT_ASK));
        assert_eq!(
            err.to_string(),
            "cannot ask before writing to `production`: stdin and stderr are not both terminals, so nothing was sent"
        );
        assert_eq!(
            err.hint(),
            Some(
                "pass `--yes` (or set `PETSTORE_YES=1`) to send without asking, or run it at a terminal to answer the question"
            )
        );
        let err = cannot_ask("staging", &CannotAsk::Assistant("CLAUDECODE".into()));
        assert_eq!(
            err.to_string(),
            "cannot ask before writing to `staging`: an AI assistant runs petstore (`CLAUDECODE` is set), so nothing was sent"
        );
        assert!(err.hint().unwrap().ends_with("or set `PETSTORE_AGENT=0` if a person is at this terminal to answer"));
        let err = not_confirmed("production");
        assert!(err.is(&code::NOT_CONFIRMED));
        assert_eq!(err.to_string(), "not confirmed, so nothing was sent to `production`");
    }

    #[test]
    fn only_y_or_yes_is_yes() {
        for answer in ["y\n", "Y\n", " yes \n", "YES"] {
            assert!(is_yes(answer), "{answer}");
        }
        for answer in ["", "\n", "n\n", "no\n", "yy\n", "yes please\n", "oui\n"] {
            assert!(!is_yes(answer), "{answer}");
        }
    }
}
