//! Dynamic shell completion (`source <(COMPLETE=bash petstore)`, zsh and fish alike): clap_complete asks
//! these functions for the values of an argument as the user presses Tab.
//!
//! What they offer: the environments' names (`--env`, the `env` verbs); the store's ids with each animal's
//! name (`pets get`, `pets find --id`) and its names (`pets find --name`), from the environment the command
//! line (or the variables, or `env use`) selects; the columns of the command's records (`--columns`, one
//! comma-separated item at a time); and the user's aliases beside the commands.
//!
//! A completion must never hold up the prompt, ask for anything or print: the store is asked once, within
//! [`STORE_BOUND`], with a key found without asking anyone (the variables, a stored file or kernel key, the
//! kernel's cached copy of a keyring key; never a key command or a locked keyring), and any failure offers
//! nothing. The bound holds whatever the system does: the look runs on a thread of its own that is abandoned
//! to the process's exit when the bound passes (a resolver that never answers holds a thread of the runtime
//! in `getaddrinfo`, which nothing can cancel), and a key file or CA file that is not a regular file (a FIFO
//! would wait for a writer) is not opened. Nothing here writes to the terminal: the candidates are
//! clap_complete's to print, and none of them holds a character a terminal would act on or not show
//! ([`crate::output::safe::is_unsafe`]: controls, bidi overrides, invisible and tag characters).

use std::ffi::{OsStr, OsString};
use std::time::Duration;

use clap_complete::CompletionCandidate;

use crate::context::Selection;
use petstore_core::api::Pet;
use petstore_core::config::Config;
use petstore_core::credentials::{self, Wanted};

/// How long a completion may wait for the store: after it, nothing is offered. Below a second, so that a Tab,
/// start-up included, answers within one.
pub const STORE_BOUND: Duration = Duration::from_millis(800);

/// The clap tree completion walks: petstore's, with the user's aliases beside the commands, each described by
/// what it runs.
pub fn command() -> clap::Command {
    let mut command = crate::cli::command();
    if let Ok(config) = Config::load() {
        // A hand-edited config could hold anything: only names a shell takes as they are, and expansions
        // escaped, reach the shell's menu.
        for (name, expansion) in config.aliases().iter().filter(|(name, _)| is_plain_word(name)) {
            command = command.subcommand(
                clap::Command::new(name.clone())
                    .about(format!("alias: petstore {}", crate::output::safe::message(expansion)))
                    .allow_external_subcommands(true),
            );
        }
    }
    command
}

/// The environments' names, with their base URLs as descriptions. A config that does not load gives the
/// built-in ones.
pub fn environment_names() -> Vec<CompletionCandidate> {
    let environments = Config::load()
        .map_or_else(|_| petstore_core::config::built_in_environments(), |config| config.environments().to_vec());
    environments
        .into_iter()
        .filter(|env| !env.name.chars().any(crate::output::safe::is_unsafe))
        .map(|env| CompletionCandidate::new(env.name).help(Some(env.base_url.to_string().into())))
        .collect()
}

/// The store's ids, each with its animal's name.
pub fn pet_ids() -> Vec<CompletionCandidate> {
    store_pets()
        .into_iter()
        .map(|pet| {
            CompletionCandidate::new(pet.id.to_string())
                .help(Some(crate::output::safe::message(&pet.name).into_owned().into()))
        })
        .collect()
}

/// The store's names, each once, as shell words: a name the shell would split or read (`Rex the dog`,
/// `$(x)`) quoted, and one with a character a terminal would act on or not show (a control character could
/// drive the terminal from the shell's menu; a bidi override or an invisible one would make it another name
/// than it looks, inserted into the command line as it is) left out.
pub fn pet_names() -> Vec<CompletionCandidate> {
    let mut names: Vec<String> = store_pets()
        .into_iter()
        .map(|pet| pet.name)
        .filter(|name| !name.is_empty() && !name.chars().any(crate::output::safe::is_unsafe))
        .map(|name| crate::output::suggested_shell_word(&name))
        .collect();
    names.sort();
    names.dedup();
    names.into_iter().map(CompletionCandidate::new).collect()
}

/// A word a shell takes as it is: letters, digits, `-`, `_`, `.`.
fn is_plain_word(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// `--columns`: the command's columns not yet in the list that start as typed, each offered after what was
/// typed up to its last comma (`id,na` offers `id,name`).
pub fn columns(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    let (done, _) = current.rsplit_once(',').unwrap_or(("", &current));
    let chosen: Vec<&str> = done.split(',').filter(|column| !column.is_empty()).collect();
    let prefix = if done.is_empty() { String::new() } else { format!("{done},") };
    columns_of_command()
        .iter()
        .filter(|column| !chosen.contains(column))
        .map(|column| format!("{prefix}{column}"))
        .filter(|candidate| candidate.starts_with(&*current))
        .map(CompletionCandidate::new)
        .collect()
}

/// The words being completed, as the shell passed them after `--` (`petstore --env staging pets get 7`).
fn words() -> Vec<OsString> {
    std::env::args_os().skip_while(|arg| arg != "--").skip(1).collect()
}

/// The columns of the command being completed: its words parsed with the value being completed set to a
/// column that is always there; the animals' when they do not parse.
fn columns_of_command() -> &'static [&'static str] {
    let mut words = words();
    if let Some(last) = words.last_mut() {
        *last = "id".into();
    }
    let parsed = crate::cli::command()
        .try_get_matches_from(&words)
        .and_then(|matches| <crate::cli::Cli as clap::FromArgMatches>::from_arg_matches(&matches));
    match parsed.as_ref().map(|cli| cli.command.about().prints) {
        Ok(crate::commands::formats::Prints::Records(keys, _)) => keys,
        _ => crate::output::Rows::PET_KEYS,
    }
}

/// `--env NAME` and `--base-url URL` among the words, as the command line would select.
fn selection() -> Option<Selection> {
    let (mut env, mut base_url) = (None, None);
    let mut words = words().into_iter().map(|word| word.to_string_lossy().into_owned());
    while let Some(word) = words.next() {
        let (flag, value) = match word.split_once('=') {
            Some((flag, value)) => (flag.to_owned(), Some(value.to_owned())),
            None => (word, None),
        };
        match flag.as_str() {
            "--env" => env = value.or_else(|| words.next()),
            "--base-url" => base_url = value.or_else(|| words.next()),
            _ => {}
        }
    }
    let base_url = base_url.map(|url| petstore_core::config::parse_base_url(&url)).transpose().ok()?;
    Selection::of(base_url, env).ok()
}

/// Every animal the API shows the selected environment, or none when that cannot be had within
/// [`STORE_BOUND`]: the look runs on a thread of its own, left to the process's exit if it takes longer.
fn store_pets() -> Vec<Pet> {
    let (sender, receiver) = std::sync::mpsc::channel();
    // A thread that cannot be spawned drops the sender with it: the receiver then gives up at once.
    let _ = std::thread::Builder::new().name("completion".to_owned()).spawn(move || {
        let _ = sender.send(fetch());
    });
    receiver.recv_timeout(STORE_BOUND).ok().flatten().unwrap_or_default()
}

/// Whether the variable `var` names something that is there and is not a regular file: a FIFO would hold an
/// open for reading up until someone writes to it, so completion does not open it. Looked at without opening
/// it.
fn names_a_special_file(var: &str) -> bool {
    std::env::var_os(var)
        .filter(|path| !path.is_empty())
        .is_some_and(|path| std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file()))
}

fn fetch() -> Option<Vec<Pet>> {
    if names_a_special_file(credentials::external::KEY_FILE_VAR) || names_a_special_file(crate::context::CACERT_VAR) {
        return None;
    }
    let selection = selection()?;
    let config = Config::load().ok()?;
    let env = selection.environment(&config);
    let base_url = match (&selection.base_url, env) {
        (Some(url), _) => url.clone(),
        (None, Some(env)) if !env.is_placeholder() => env.base_url.clone(),
        _ => return None,
    };
    let (key, _) = credentials::resolve(&config, Wanted::chosen(env, &base_url).unattended()).ok()?;
    // The client as a command gets it, from a context made as start-up makes one (its CA file, its client),
    // quiet and bounded by STORE_BOUND.
    let settings = crate::context::ContextSettings {
        selection,
        timeout: STORE_BOUND,
        cacert: crate::startup::cacert(None),
        switches: crate::startup::Switches { no_input: true, ..crate::startup::Switches::read(|_| None).ok()? },
        scope: None,
        traceparent: std::env::var(petstore_core::api::trace::TRACEPARENT_VAR).ok(),
    };
    let output = crate::output::Output::fallback(crate::output::ColorChoice::Never, false);
    let ctx = crate::context::Context::new(settings, output, Some(config)).ok()?;
    let client = ctx.client_with(base_url.url(), &key).ok()?;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
    let catalog =
        runtime.block_on(async { tokio::time::timeout(STORE_BOUND, petstore_core::catalog::all(&client, None)).await });
    // Abandoned requests are dropped with the runtime, and a resolver's thread is not waited for (dropping the
    // runtime would wait for it: 10 s with a resolver that never answers), whether the look ended or not.
    runtime.shutdown_background();
    Some(catalog.ok()?.ok()?.pets)
}
