//! `petstore alias ...`: names for command lines, kept in the config file's `[aliases]` table, and their
//! expansion into the arguments clap parses.
//!
//! An alias expands once, before clap parses: when the first word after the global options is no command of
//! petstore's but an alias, that word is replaced by the alias's words (split as a POSIX shell would, by
//! `shlex`, but never run by a shell: no variables, globs or pipes) and the words after it follow. An
//! alias's first word must be one of petstore's commands, so an alias never leads to another alias: nothing
//! recurses, nothing loops. A name that a command (or `help`) has cannot be an alias, so an alias never hides
//! a command.

pub mod list;
pub mod remove;
pub mod set;

use std::ffi::OsString;

use crate::commands::formats::{PRINTS_NOTHING, Prints};
use crate::error::{Error, code};
use petstore_core::config::Config;

/// `petstore alias ...`
#[derive(Debug, clap::Subcommand)]
pub enum AliasCommand {
    List(list::ListAliasArgs),
    Set(set::SetAliasArgs),
    Remove(remove::RemoveAliasArgs),
}

impl AliasCommand {
    /// What the verb says about itself ([`crate::commands::About`]).
    pub fn about(&self) -> crate::commands::About<'_> {
        use crate::commands::About;
        let nothing = Prints::Other(PRINTS_NOTHING, "leave it out; `petstore alias list --json` lists the aliases");
        match self {
            Self::List(args) => About::new("alias list", Prints::Records(list::KEYS, &args.columns)),
            Self::Set(_) => About::new("alias set", nothing),
            Self::Remove(_) => About::new("alias remove", nothing),
        }
    }
}

/// Dispatches an `alias` verb.
pub async fn run(ctx: &crate::context::Context, command: &AliasCommand) -> Result<(), Error> {
    match command {
        AliasCommand::List(args) => list::run(ctx, args),
        AliasCommand::Set(args) => set::run(ctx, args).await,
        AliasCommand::Remove(args) => remove::run(ctx, args).await,
    }
}

/// Whether `word` names one of petstore's commands (or one of their aliases), or is `help`. Asks the derived
/// enum, without building the clap tree: this runs before every command.
pub fn is_command(word: &str) -> bool {
    use clap::Subcommand;
    word == "help" || crate::cli::Command::has_subcommand(word)
}

/// The index in `args` (the program's name first) of the first word that is not a global option or its
/// value: where a command's name, or an alias's, stands. `None` when there is none, or when an option that
/// petstore does not know comes first (clap will say so).
fn command_word(args: &[OsString]) -> Option<usize> {
    // The global options alone, not the whole tree: this runs before every command.
    let root = <crate::cli::GlobalArgs as clap::Args>::augment_args(clap::Command::new("petstore"));
    let takes_value = |arg: Option<&clap::Arg>| arg.map(|arg| arg.get_action().takes_values());
    let mut index = 1;
    while let Some(word) = args.get(index) {
        let word = word.to_str()?;
        if word == "--" {
            return None;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, value) = long.split_once('=').map_or((long, None), |(name, value)| (name, Some(value)));
            let takes = takes_value(root.get_arguments().find(|arg| arg.get_long() == Some(name)))?;
            index += if takes && value.is_none() { 2 } else { 1 };
        } else if let Some(shorts) = word.strip_prefix('-').filter(|shorts| !shorts.is_empty()) {
            // A cluster (`-qo json`, `-qojson`): flags until the first that takes a value, which is the rest
            // of the word or, when nothing is left, the next word.
            let mut value_follows = false;
            for (at, short) in shorts.char_indices() {
                if takes_value(root.get_arguments().find(|arg| arg.get_short() == Some(short)))? {
                    value_follows = at + short.len_utf8() == shorts.len();
                    break;
                }
            }
            index += if value_follows { 2 } else { 1 };
        } else {
            return Some(index);
        }
    }
    None
}

/// `expansion`'s words, checked: it splits as a shell would, and its first word after any global options is one
/// of petstore's commands.
pub fn split(expansion: &str) -> Result<Vec<String>, String> {
    let words = shlex::split(expansion).ok_or_else(|| "its quotes are not closed".to_owned())?;
    let mut args = vec![OsString::from("petstore")];
    args.extend(words.iter().map(OsString::from));
    let Some(index) = command_word(&args) else {
        return Err("it names no command: it must start with one, e.g. `pets list --status available`".to_owned());
    };
    let first = args[index].to_string_lossy();
    if !is_command(&first) {
        return Err(format!(
            "`{first}` is not a command of petstore's: an alias expands to a command, never to another alias"
        ));
    }
    Ok(words)
}

/// The environments `expansion` names with `--env NAME` or `-e NAME` (`--env=NAME`, `-eNAME`, `-e=NAME`),
/// wherever they stand (a global option may follow the command): where the alias runs, from any terminal.
pub fn environments_named(expansion: &str) -> Vec<String> {
    let mut words = shlex::split(expansion).unwrap_or_default().into_iter().take_while(|word| word != "--");
    let mut named = Vec::new();
    while let Some(word) = words.next() {
        if word == "--env" || word == "-e" {
            named.extend(words.next());
        } else if let Some(name) = word.strip_prefix("--env=") {
            named.push(name.to_owned());
        } else if let Some(name) = word.strip_prefix("-e").filter(|_| !word.starts_with("--")) {
            named.push(name.strip_prefix('=').unwrap_or(name).to_owned());
        }
    }
    named
}

/// An alias that [`expand`] used: its name and the command line it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Used {
    pub name: String,
    pub expansion: String,
}

/// The command line with an alias in command position replaced by its words, the alias used, and the config
/// when it was read to look for one (for start-up to use rather than read it again); unchanged, and `None`,
/// when there is none. A word that is no command, with a config that does not load, is the config's error.
#[expect(clippy::type_complexity, reason = "three plain results, named in the line above")]
pub fn expand(args: Vec<OsString>) -> Result<(Vec<OsString>, Option<Used>, Option<Config>), Error> {
    let Some(index) = command_word(&args) else { return Ok((args, None, None)) };
    let Some(word) = args[index].to_str() else { return Ok((args, None, None)) };
    if is_command(word) {
        return Ok((args, None, None));
    }
    // A config that does not load is the error to show: it may hold the alias.
    let config = Config::load()?;
    let Some(expansion) = config.alias(word) else { return Ok((args, None, Some(config))) };
    let words = split(expansion).map_err(|why| {
        let message = format!("alias `{word}` in `{}` cannot be used: {why}", config.path().display());
        Error::new(&code::CONFIG_VALUE, message).with_hint(format!(
            "set it again with `petstore alias set {word} 'COMMAND'`, or `petstore alias remove {word}`"
        ))
    })?;
    let mut expanded = args[..index].to_vec();
    expanded.extend(words.into_iter().map(OsString::from));
    expanded.extend(args[index + 1..].iter().cloned());
    let used = Used { name: word.to_owned(), expansion: expansion.to_owned() };
    Ok((expanded, Some(used), Some(config)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_command_word_comes_after_the_global_options() {
        assert_eq!(command_word(&os(&["petstore", "avail", "--limit", "5"])), Some(1));
        assert_eq!(command_word(&os(&["petstore", "--env", "staging", "-q", "avail"])), Some(4));
        assert_eq!(command_word(&os(&["petstore", "--env=staging", "-ojson", "avail"])), Some(3));
        assert_eq!(command_word(&os(&["petstore", "-o", "json", "avail"])), Some(3));
        assert_eq!(command_word(&os(&["petstore", "-qo", "json", "avail"])), Some(3));
        assert_eq!(command_word(&os(&["petstore", "-vqo", "json", "avail"])), Some(3));
        assert_eq!(command_word(&os(&["petstore", "-qojson", "avail"])), Some(2));
        assert_eq!(command_word(&os(&["petstore", "-oq", "avail"])), Some(2), "`q` is `-o`'s value");
        assert_eq!(command_word(&os(&["petstore", "-qv", "avail"])), Some(2));
        assert_eq!(command_word(&os(&["petstore", "-qx", "avail"])), None);
        assert_eq!(command_word(&os(&["petstore", "--nope", "avail"])), None);
        assert_eq!(command_word(&os(&["petstore", "--", "avail"])), None);
        assert_eq!(command_word(&os(&["petstore", "--json"])), None);
    }

    #[test]
    fn the_environments_an_expansion_names_are_found_in_every_form() {
        assert_eq!(environments_named("--env prod pets add --yes"), ["prod"]);
        assert_eq!(environments_named("pets list -e prod"), ["prod"]);
        assert_eq!(environments_named("-q --env=prod pets list -eqa -e=dev"), ["prod", "qa", "dev"]);
        assert!(environments_named("pets list --status available").is_empty());
        assert!(environments_named("api /pets -- --env prod").is_empty());
    }

    #[test]
    fn an_expansion_must_start_with_a_command() {
        assert_eq!(split("pets list --status 'available'").unwrap(), ["pets", "list", "--status", "available"]);
        assert_eq!(split("--env staging pets list").unwrap(), ["--env", "staging", "pets", "list"]);
        assert!(split("avail --limit 5").unwrap_err().contains("never to another alias"));
        assert!(split("pets list 'open").unwrap_err().contains("quotes"));
        assert!(split("").unwrap_err().contains("names no command"));
        assert!(split("--json").unwrap_err().contains("names no command"));
    }
}
