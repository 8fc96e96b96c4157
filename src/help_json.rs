//! `petstore help --json` and `petstore CMD --help --json`: the command tree for programs, walked from the same
//! clap [`Cli`] as the man pages ([`crate::man`]) and the completion scripts, so that it cannot differ from
//! them. Each node holds the command's about, its arguments and options (names, value names, possible values,
//! defaults, environment variables, whether required or repeated), its examples and the exit codes.

use std::ffi::OsString;

use clap::CommandFactory;
use serde::Serialize;

use crate::cli::Cli;

/// One command: the root (`petstore`), a noun (`petstore pets`) or a verb (`petstore pets list`).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommandNode {
    /// The name as typed (`list`).
    pub name: String,
    /// The whole command line that runs it (`petstore pets list`).
    pub path: String,
    /// The first line of its help.
    pub about: Option<String>,
    /// The rest of its help, when it has more to say.
    pub long_about: Option<String>,
    /// Its arguments and options, the global ones included, in the order `--help` shows them.
    pub arguments: Vec<ArgumentNode>,
    /// Example command lines, from its help's "Examples" block.
    pub examples: Vec<String>,
    /// The exit codes every command documents (docs/exit-codes.md).
    pub exit_codes: Vec<ExitCodeNode>,
    /// Its subcommands (a noun's verbs).
    pub subcommands: Vec<CommandNode>,
}

/// One argument or option of a command.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArgumentNode {
    /// clap's id for it (`category_id`).
    pub id: String,
    /// `--long`, without the dashes; null for a positional argument.
    pub long: Option<String>,
    /// `-s`, without the dash.
    pub short: Option<String>,
    /// True for a positional argument (`pets get ID`).
    pub positional: bool,
    /// The names of the values it takes (`N`, `FILE`); empty for a flag that takes none.
    pub value_names: Vec<String>,
    /// Its help text.
    pub help: Option<String>,
    /// The only values it accepts, when they are a fixed set.
    pub possible_values: Vec<PossibleValueNode>,
    /// Its default values.
    pub defaults: Vec<String>,
    /// The environment variable that sets it, if one does.
    pub env: Option<String>,
    /// Whether the command needs it.
    pub required: bool,
    /// Whether it may be given more than once (or take several values).
    pub repeated: bool,
    /// Whether every subcommand takes it too.
    pub global: bool,
}

/// One of the values an argument accepts.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct PossibleValueNode {
    pub name: String,
    pub help: Option<String>,
}

/// One documented exit code.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ExitCodeNode {
    pub code: u8,
    pub meaning: String,
}

/// The whole tree, from the root.
pub fn tree() -> CommandNode {
    let root = built();
    node(&root, "petstore", &exit_codes(&root))
}

/// The node of the command at `path` (`["pets", "list"]`), or `None` when there is none.
pub fn find(path: &[&str]) -> Option<CommandNode> {
    let mut node = tree();
    for name in path {
        node = node.subcommands.into_iter().find(|sub| sub.name == *name)?;
    }
    Some(node)
}

/// The root command as `--help` shows it: globals propagated, the built-in `help` subcommand left out (its
/// node would only say what this one does).
pub(crate) fn built() -> clap::Command {
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    root
}

fn node(cmd: &clap::Command, path: &str, exit_codes: &[ExitCodeNode]) -> CommandNode {
    let about = cmd.get_about().map(ToString::to_string);
    let long_about = cmd.get_long_about().map(ToString::to_string).filter(|long| Some(long) != about.as_ref());
    CommandNode {
        name: cmd.get_name().to_owned(),
        path: path.to_owned(),
        about,
        long_about,
        arguments: cmd.get_arguments().filter(|arg| !arg.is_hide_set()).map(argument).collect(),
        examples: block(cmd, "Examples"),
        exit_codes: exit_codes.to_vec(),
        subcommands: cmd
            .get_subcommands()
            .filter(|sub| !sub.is_hide_set())
            .map(|sub| node(sub, &format!("{path} {}", sub.get_name()), exit_codes))
            .collect(),
    }
}

fn argument(arg: &clap::Arg) -> ArgumentNode {
    let takes_values = arg.get_num_args().is_some_and(|range| range.takes_values());
    let value_names = match arg.get_value_names() {
        Some(names) => names.iter().map(ToString::to_string).collect(),
        None if takes_values => vec![arg.get_id().as_str().to_uppercase()],
        None => Vec::new(),
    };
    let help = arg.get_long_help().or(arg.get_help()).map(ToString::to_string);
    // A flag's `true` and `false` are no values to give.
    let possible_values = arg
        .get_possible_values()
        .into_iter()
        .filter(|value| takes_values && !value.is_hide_set())
        .map(|value| PossibleValueNode {
            name: value.get_name().to_owned(),
            help: value.get_help().map(ToString::to_string),
        })
        .collect();
    let repeated = matches!(arg.get_action(), clap::ArgAction::Append | clap::ArgAction::Count)
        || arg.get_num_args().is_some_and(|range| range.max_values() > 1);
    ArgumentNode {
        id: arg.get_id().as_str().to_owned(),
        long: arg.get_long().map(str::to_owned),
        short: arg.get_short().map(String::from),
        positional: arg.is_positional(),
        value_names,
        help,
        possible_values,
        defaults: arg.get_default_values().iter().map(|value| value.to_string_lossy().into_owned()).collect(),
        env: arg.get_env().map(|name| name.to_string_lossy().into_owned()),
        required: arg.is_required_set(),
        repeated,
        global: arg.is_global_set(),
    }
}

/// The lines of a titled block (`Examples:`) of a command's long help, unindented.
fn block(cmd: &clap::Command, title: &str) -> Vec<String> {
    let lines = crate::man::help_blocks(cmd).remove(title).unwrap_or_default();
    lines.iter().map(|line| line.trim()).filter(|line| !line.is_empty()).map(str::to_owned).collect()
}

/// The root's "Exit codes" block, a code per line with its meaning continued on the lines below.
fn exit_codes(root: &clap::Command) -> Vec<ExitCodeNode> {
    let mut codes: Vec<ExitCodeNode> = Vec::new();
    for line in block(root, "Exit codes") {
        let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((&line, ""));
        match first.parse() {
            Ok(code) => codes.push(ExitCodeNode { code, meaning: rest.trim().to_owned() }),
            Err(_) => {
                if let Some(last) = codes.last_mut() {
                    last.meaning = format!("{} {line}", last.meaning);
                }
            }
        }
    }
    codes
}

/// What the raw arguments ask of the help: `petstore help [CMD...] --json` or `petstore [CMD...] --help --json`
/// (or `-h`, with any JSON mode) gives the path of the command whose node to print; `None` is no such request.
/// In the `help` form every word must name a command, else `Err` holds the word.
pub fn request(args: &[OsString]) -> Option<Result<Vec<String>, String>> {
    if !crate::cli::json_mode_from_args(args.iter().cloned()) {
        return None;
    }
    let walked = walk(args);
    if let Some(word) = walked.not_a_command {
        return Some(Err(word));
    }
    (walked.help_flag || walked.help_word).then_some(Ok(walked.path))
}

/// The subcommands the raw arguments name, as far as they go (`["pets", "add"]`): for a usage error's help to
/// name the command it is about.
pub fn command_path(args: &[OsString]) -> Vec<String> {
    walk(args).path
}

/// What a walk of the raw arguments through the command tree found.
struct Walked {
    path: Vec<String>,
    help_flag: bool,
    help_word: bool,
    /// After `help`, a word that names no command.
    not_a_command: Option<String>,
}

fn walk(args: &[OsString]) -> Walked {
    let root = built();
    let mut cmd = &root;
    let mut path = Vec::new();
    let (mut help_flag, mut help_word, mut stopped) = (false, false, false);
    let mut words = args.iter().skip(1).map(|arg| arg.to_string_lossy().into_owned());
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, value) = long.split_once('=').map_or((long, None), |(name, value)| (name, Some(value)));
            if name == "help" {
                help_flag = true;
            } else if value.is_none() && takes_value(cmd.get_arguments().find(|arg| arg.get_long() == Some(name))) {
                words.next();
            }
        } else if let Some(shorts) = word.strip_prefix('-').filter(|shorts| !shorts.is_empty()) {
            let first = shorts.chars().next().unwrap_or_default();
            if first == 'h' {
                help_flag = true;
            } else if shorts.len() == 1 && takes_value(cmd.get_arguments().find(|arg| arg.get_short() == Some(first))) {
                words.next();
            }
        } else if stopped {
        } else if let Some(sub) = cmd.find_subcommand(&word) {
            path.push(sub.get_name().to_owned());
            cmd = sub;
        } else if word == "help" && path.is_empty() && !help_word {
            help_word = true;
        } else if help_word {
            return Walked { path, help_flag, help_word, not_a_command: Some(word) };
        } else {
            // A positional argument (`pets get 7 --help`): the command is the one named so far.
            stopped = true;
        }
    }
    Walked { path, help_flag, help_word, not_a_command: None }
}

fn takes_value(arg: Option<&clap::Arg>) -> bool {
    arg.is_some_and(|arg| arg.get_num_args().is_some_and(|range| range.takes_values()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request_of(args: &[&str]) -> Option<Result<Vec<String>, String>> {
        let args: Vec<OsString> = ["petstore"].iter().chain(args).map(Into::into).collect();
        request(&args)
    }

    #[test]
    fn help_requests_are_read_from_the_raw_arguments() {
        let path = |words: &[&str]| Some(Ok(words.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>()));
        assert_eq!(request_of(&["help", "--json"]), path(&[]));
        assert_eq!(request_of(&["help", "pets", "list", "--json"]), path(&["pets", "list"]));
        assert_eq!(request_of(&["--json", "pets", "list", "--help"]), path(&["pets", "list"]));
        assert_eq!(request_of(&["pets", "get", "7", "-h", "-o", "json"]), path(&["pets", "get"]));
        assert_eq!(request_of(&["--env", "pets", "--json", "env", "--help"]), path(&["env"]));
        assert_eq!(request_of(&["help", "nope", "--json"]), Some(Err("nope".to_owned())));
        assert_eq!(request_of(&["pets", "list", "--help"]), None);
        assert_eq!(request_of(&["--json", "pets", "list"]), None);
        assert_eq!(request_of(&["--json", "--jq", "--help", "pets", "list"]), None);
    }

    /// Every command and every visible argument of the clap tree is in the JSON tree, and nothing else.
    #[test]
    fn the_tree_is_the_clap_tree() {
        fn compare(cmd: &clap::Command, node: &CommandNode) {
            assert_eq!(cmd.get_name(), node.name);
            let args: Vec<&str> =
                cmd.get_arguments().filter(|arg| !arg.is_hide_set()).map(|arg| arg.get_id().as_str()).collect();
            let ids: Vec<&str> = node.arguments.iter().map(|arg| arg.id.as_str()).collect();
            assert_eq!(args, ids, "{}", node.path);
            let subs: Vec<&clap::Command> = cmd.get_subcommands().filter(|sub| !sub.is_hide_set()).collect();
            assert_eq!(subs.len(), node.subcommands.len(), "{}", node.path);
            for (sub, child) in subs.into_iter().zip(&node.subcommands) {
                compare(sub, child);
            }
            assert_eq!(node.exit_codes.len(), 13, "{}", node.path);
        }
        compare(&built(), &tree());
        let list = find(&["pets", "list"]).expect("pets list");
        assert_eq!(list.path, "petstore pets list");
        assert!(!list.examples.is_empty());
        let status = list.arguments.iter().find(|arg| arg.long.as_deref() == Some("status")).expect("--status");
        assert!(status.possible_values.iter().any(|value| value.name == "available"), "{status:?}");
        let env = list.arguments.iter().find(|arg| arg.long.as_deref() == Some("env")).expect("--env");
        assert!(env.global && env.value_names == ["NAME"], "{env:?}");
    }
}
