//! Start-up, in one room: from the raw arguments to a command and what it runs with, each step once, in
//! order (as ripgrep's `flags/parse.rs` does):
//!
//! 1. the raw arguments: an alias in command position becomes its words (the config is read for it);
//! 2. `help --json` (`CMD --help --json`), which answers and ends;
//! 3. clap parses them; its help, version and usage errors are printed under petstore's rules (colour, escapes,
//!    JSON in a JSON mode) and end the run;
//! 4. what selects the target (`--base-url` > `--env` > `PETSTORE_BASE_URL` > `PETSTORE_ENV`), resolved once,
//!    and pinned to the scope of `petstore env run` or `env shell` (`PETSTORE_SCOPE`) when there is one;
//! 5. the config file, read once (the alias's read serves), when the environment's defaults may apply;
//! 6. the defaults fill in the flags left out;
//! 7. the output settings, the [`Output`], and the output flags the command cannot honour refused;
//! 8. the [`Context`], from plain settings: the selection, the timeout, the CA file, `--no-input`.
//!
//! What comes out is plain data: `output/`, `context.rs` and `error.rs` never see clap's types or a command.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::ErrorKind as ClapErrorKind;
use clap::{FromArgMatches, ValueEnum};
use petstore_core::config::{self, Config, DisplaySafeUrl};

use crate::cli::{self, Cli, Command, GlobalArgs};
use crate::commands::defaults::Key;
use crate::commands::pets::PetsCommand;
use crate::context::{Context, ContextSettings, Selection};
use crate::error::{Error, code};
use crate::output::terminal::{self, Terminals};
use crate::output::{self, ColorChoice, Output, OutputFormat, OutputSettings, safe};

/// Turns every default off for a run.
pub const NO_DEFAULTS_VAR: &str = "PETSTORE_NO_DEFAULTS";
/// Off: keep no journal of writes.
pub const JOURNAL_VAR: &str = "PETSTORE_JOURNAL";

/// The `PETSTORE_*` variables that turn something on or off, each read once, here, by [`switch`], and handed
/// down as plain values: nothing else reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switches {
    pub no_defaults: bool,
    /// On unless `PETSTORE_JOURNAL` says off.
    pub journal: bool,
    /// `PETSTORE_YES`, which `--yes` reads by the same words ([`switch`]); `petstore mcp` says it ignores it.
    pub yes: bool,
    /// `PETSTORE_AGENT`: whether an AI assistant runs petstore, when it says; else the assistants' own variables tell.
    pub agent: Option<bool>,
    /// `--no-input`, or `PETSTORE_NO_INPUT`.
    pub no_input: bool,
    /// `PETSTORE_ACCESSIBLE`, else `ACCESSIBLE` (another program's, so any value but an off word is on).
    pub accessible: bool,
}

impl Switches {
    /// The variables read by `var` (the process's environment, or a test's).
    pub fn read(var: impl Fn(&str) -> Option<OsString>) -> Result<Switches, Error> {
        let read = |name| switch(name, var(name).as_deref());
        Ok(Switches {
            no_defaults: read(NO_DEFAULTS_VAR)?.unwrap_or(false),
            journal: read(JOURNAL_VAR)?.unwrap_or(true),
            yes: read(crate::commands::confirm::YES_VAR)?.unwrap_or(false),
            agent: read(output::AGENT_VAR)?,
            no_input: read("PETSTORE_NO_INPUT")?.unwrap_or(false),
            accessible: read("PETSTORE_ACCESSIBLE")?
                .or_else(|| read("ACCESSIBLE").unwrap_or(Some(true)))
                .unwrap_or(false),
        })
    }
}

/// The one reading of an on/off variable `name` whose value is `value`, in any case, around spaces: `1`,
/// `true`, `yes`, `on` are on; `0`, `false`, `no`, `off` are off; unset or blank is `None`; anything else a
/// usage error naming the variable and the words.
pub fn switch(name: &str, value: Option<&std::ffi::OsStr>) -> Result<Option<bool>, Error> {
    let text = value.map(std::ffi::OsStr::to_string_lossy).unwrap_or_default();
    match text.trim().to_ascii_lowercase().as_str() {
        "" => Ok(None),
        "1" | "true" | "yes" | "on" => Ok(Some(true)),
        "0" | "false" | "no" | "off" => Ok(Some(false)),
        _ => Err(Error::invalid_value(format!("`{name}={text}`: neither on nor off")).with_hint(format!(
            "set `{name}` to 1, true, yes or on, or to 0, false, no or off (in any case), or unset it"
        ))),
    }
}

/// A command ready to run, and what it runs with.
#[derive(Debug)]
pub struct Started {
    pub command: Command,
    pub context: Context,
    /// The output the command's error is reported on.
    pub output: Output,
}

/// Everything before a command runs. `Err` is the exit code of a run that ended here: help, a version, a
/// usage error, a bad flag or setting (already reported).
pub fn start() -> Result<Started, ExitCode> {
    let args: Vec<OsString> = std::env::args_os().collect();
    // 1. An alias in command position becomes its words, before anything else reads them.
    let (args, alias, config) = crate::commands::alias::expand(args).map_err(|err| {
        let json = output::json_errors(cli::json_mode_from_args(std::env::args_os()));
        report(&Output::fallback(cli::color_from_args(std::env::args_os()), json), &err)
    })?;
    let choice = cli::color_from_args(args.iter().cloned());
    // 2. `help agents`: the short guide for AI assistants. `help --json`, `CMD --help --json`: the command's
    // node, never the text help.
    if asks_for_agents_guide(&args) {
        return Err(agents_guide(choice));
    }
    if let Some(request) = crate::help_json::request(&args) {
        return Err(help_json(choice, request));
    }
    // 3. The on/off variables (before clap, whose `--yes` reads `PETSTORE_YES` by the same words), then clap.
    let switches = Switches::read(|name| std::env::var_os(name)).map_err(|err| {
        report(&Output::fallback(choice, output::json_errors(cli::json_mode_from_args(args.iter().cloned()))), &err)
    })?;
    let mut cli = parse(&args, choice, alias)?;
    // 4 to 6. The selection, the config once, and the defaults.
    let settings = output_settings(&cli.global, switches);
    let fallback = || Output::fallback(settings.color, settings.json_errors);
    let scope = std::env::var(crate::context::SCOPE_VAR).ok().filter(|name| !name.is_empty());
    let selection = Selection::of(cli.global.base_url.clone(), cli.global.env.clone())
        .and_then(|selection| pin(selection, scope.as_deref(), &cli.command));
    let config = apply_defaults(&mut cli, selection.as_ref().ok().filter(|_| !switches.no_defaults), config)
        .map_err(|err| report(&fallback(), &err))?;
    // 7. The output, as the defaults leave the flags.
    let settings = output_settings(&cli.global, switches);
    // Without an `Output` (a bad `--jq`), report plainly, in the way the default one would.
    let output =
        Output::new(&settings).map_err(|err| report(&Output::fallback(settings.color, settings.json_errors), &err))?;
    let output = crate::commands::formats::configure(output.clone(), &settings, &cli.command.about())
        .map_err(|err| report(&output, &err))?;
    // 8. The context.
    let context = selection
        .and_then(|selection| context_settings(&cli.global, selection, scope, switches))
        .and_then(|settings| Context::new(settings, output.clone(), config));
    let context = context.map_err(|err| report(&output, &err))?;
    Ok(Started { command: cli.command, context, output })
}

/// Reports `err` on `output` and gives its exit code.
fn report(output: &Output, err: &Error) -> ExitCode {
    output.error(err);
    ExitCode::from(err.exit_code())
}

/// Whether JSON was asked for: `--json`, `--jq`, `--output json` or `--output ndjson`.
fn json_mode(global: &GlobalArgs) -> bool {
    global.json || global.jq.is_some() || matches!(global.output, Some(OutputFormat::Json | OutputFormat::Ndjson))
}

/// The global output flags, resolved once (ripgrep's high-level settings from its low-level arguments).
fn output_settings(global: &GlobalArgs, switches: Switches) -> OutputSettings {
    let json_mode = json_mode(global);
    OutputSettings {
        output: global.output,
        json: global.json,
        jq: global.jq.clone(),
        json_mode,
        json_errors: output::json_errors(json_mode),
        color: global.color,
        quiet: global.quiet,
        verbose: global.verbose,
        agent: switches.agent,
    }
}

/// What the context is made of, from the flags and their variables: the flag beats the variable.
fn context_settings(
    global: &GlobalArgs,
    selection: Selection,
    scope: Option<String>,
    switches: Switches,
) -> Result<ContextSettings, Error> {
    let var = |name| std::env::var(name).ok().filter(|v: &String| !v.is_empty());
    let timeout = match (global.timeout, var(crate::context::TIMEOUT_VAR)) {
        (Some(timeout), _) => timeout,
        (None, Some(text)) => cli::parse_timeout(&text)
            .map_err(|why| Error::invalid_value(format!("`{}`: {why}", crate::context::TIMEOUT_VAR)))?,
        (None, None) => petstore_core::api::client::REQUEST_TIMEOUT,
    };
    let traceparent = var(petstore_core::api::trace::TRACEPARENT_VAR);
    let cacert = cacert(global.cacert.as_ref());
    let switches = Switches { no_input: global.no_input || switches.no_input, ..switches };
    Ok(ContextSettings { selection, timeout, cacert, switches, scope, traceparent })
}

/// The CA file to trust too, and how it was given (for its errors): `--cacert` (`flag`), else
/// `PETSTORE_CACERT`. Completion asks it too, so that it trusts what the command would.
pub fn cacert(flag: Option<&std::path::PathBuf>) -> Option<(std::path::PathBuf, String)> {
    match (flag, std::env::var_os(crate::context::CACERT_VAR).filter(|v| !v.is_empty())) {
        (Some(path), _) => Some((path.clone(), format!("`--cacert {}`", path.display()))),
        (None, Some(path)) => {
            let path = std::path::PathBuf::from(path);
            let given = format!("`{}={}`", crate::context::CACERT_VAR, path.display());
            Some((path, given))
        }
        (None, None) => None,
    }
}

/// The selection inside the scope of `petstore env run NAME` or `env shell NAME` (`scope`, from
/// `PETSTORE_SCOPE`): NAME whatever the default is; `--env NAME`, `PETSTORE_ENV=NAME` or NAME's own server
/// given as a base URL as they are. Anything that would leave NAME is refused before anything is sent (exit
/// 2, `out_of_scope`): another environment or server, a scope of another environment, and what would change
/// more than the scope ([`changes_beyond`]).
fn pin(selection: Selection, scope: Option<&str>, command: &Command) -> Result<Selection, Error> {
    use crate::commands::env::EnvCommand;
    let Some(scope) = scope else { return Ok(selection) };
    let out_of_scope = |message: String| {
        Error::new(&code::OUT_OF_SCOPE, message).with_hint(format!(
            "leave the scope of `petstore env run {scope}` or `env shell {scope}` first (`exit` the shell, or end \
             the command)"
        ))
    };
    let refused = |what: String| {
        out_of_scope(format!("{what} would leave `{scope}`, which this scope is pinned to, so nothing was sent"))
    };
    if let Some(change) = changes_beyond(command, scope) {
        return Err(out_of_scope(format!("{change}, and this scope is pinned to `{scope}`, so nothing was changed")));
    }
    match command {
        Command::Env(EnvCommand::Run(args)) if args.name != scope => {
            return Err(refused(format!("`env run {}`", args.name)));
        }
        Command::Env(EnvCommand::Shell(args)) if args.name != scope => {
            return Err(refused(format!("`env shell {}`", args.name)));
        }
        _ => {}
    }
    let given = |by: Option<&str>, value: &str| match by {
        Some(flag) if flag.starts_with("--") => format!("`{flag} {value}`"),
        Some(var) => format!("`{var}={value}`"),
        None => format!("`{value}`"),
    };
    match (&selection.base_url, &selection.env) {
        (Some(url), _) => {
            let config = Config::load()?;
            if config.environment_for_url(url).is_some_and(|env| env.name == scope) {
                Ok(selection)
            } else {
                Err(refused(given(selection.selected_by, &url.to_string())))
            }
        }
        (None, Some(env)) if env == scope => Ok(selection),
        (None, Some(env)) => Err(refused(given(selection.selected_by, env))),
        (None, None) => {
            Ok(Selection { base_url: None, env: Some(scope.to_owned()), selected_by: Some(crate::context::SCOPE_VAR) })
        }
    }
}

/// What `command` would change for every terminal beyond the scope of `scope`, in words: the default (`env
/// use`, even to `scope`), or another environment (`env set`, `env remove`, `env confirm-writes`, an alias
/// whose command line names one). `scope` itself may change. `auth login` and `logout` change the selected
/// environment, which [`pin`] keeps to `scope`.
fn changes_beyond(command: &Command, scope: &str) -> Option<String> {
    use crate::commands::alias::AliasCommand;
    use crate::commands::env::EnvCommand;
    let other = |verb: &str, name: &str| {
        (name != scope).then(|| format!("`{verb} {name}` would change `{name}` for every terminal"))
    };
    match command {
        Command::Env(EnvCommand::Use(args)) => {
            Some(format!("`env use {}` would change the default of every terminal", args.name))
        }
        Command::Env(EnvCommand::Set(args)) => other("env set", &args.name),
        Command::Env(EnvCommand::Remove(args)) => other("env remove", &args.name),
        Command::Env(EnvCommand::ConfirmWrites(args)) => other("env confirm-writes", &args.name),
        Command::Alias(AliasCommand::Set(args)) => crate::commands::alias::environments_named(&args.command)
            .into_iter()
            .find(|name| name != scope)
            .map(|name| format!("alias `{}` would run in `{name}` from every terminal", args.name)),
        _ => None,
    }
}

impl Selection {
    /// `--base-url` > `--env` > `PETSTORE_BASE_URL` > `PETSTORE_ENV`: flags beat variables, and at each level a
    /// URL beats a name.
    pub(crate) fn of(base_url: Option<DisplaySafeUrl>, env: Option<String>) -> Result<Selection, Error> {
        let var = |name| std::env::var(name).ok().filter(|v: &String| !v.is_empty());
        let (base_url, env, selected_by) = match (base_url, env) {
            (Some(url), _) => (Some(url), None, Some("--base-url")),
            (None, Some(env)) => (None, Some(env), Some("--env")),
            (None, None) => match var(crate::context::BASE_URL_VAR) {
                Some(url) => {
                    let url = config::parse_base_url(&url)
                        .map_err(|why| Error::invalid_value(format!("`{}`: it {why}", crate::context::BASE_URL_VAR)))?;
                    (Some(url), None, Some(crate::context::BASE_URL_VAR))
                }
                None => {
                    let env = var(config::ENV_VAR);
                    let selected_by = env.as_ref().map(|_| config::ENV_VAR);
                    (None, env, selected_by)
                }
            },
        };
        Ok(Selection { base_url, env, selected_by })
    }
}

/// The command's `--columns`, when it prints animals.
fn pet_columns(command: &mut Command) -> Option<&mut crate::commands::formats::ColumnArgs> {
    match command {
        Command::Pets(PetsCommand::List(args)) => Some(&mut args.columns),
        Command::Pets(PetsCommand::Find(args)) => Some(&mut args.columns),
        Command::Pets(PetsCommand::Get(args)) => Some(&mut args.columns),
        Command::Pets(PetsCommand::Add(add)) => Some(&mut add.columns),
        _ => None,
    }
}

/// Fills in what the selected environment's defaults say for the flags `cli` leaves out (which apply to
/// which command: [`crate::commands::defaults`]). A config that does not load, or no selection (none that
/// names an environment, or `PETSTORE_NO_DEFAULTS`), changes nothing here:
/// the command says what is wrong. The config, when read (by the alias's expansion, or here), is given back for
/// the command's [`Context`], so that a run reads it once.
fn apply_defaults(cli: &mut Cli, selection: Option<&Selection>, read: Option<Config>) -> Result<Option<Config>, Error> {
    let shape = crate::commands::formats::record_shape(&cli.command);
    let prints_records = shape.is_some();
    let pets_list = matches!(cli.command, Command::Pets(PetsCommand::List(_)));
    if !(prints_records || pets_list) {
        return Ok(read);
    }
    let Some(selection) = selection else { return Ok(read) };
    let config = match read {
        Some(config) => config,
        None => match Config::load() {
            Ok(config) => config,
            Err(_) => return Ok(None),
        },
    };
    let Some(env) = selection.environment(&config) else { return Ok(Some(config)) };
    let defaults = &env.defaults;
    let checked = |key: Key, value: &str| {
        key.check(value).map_err(|why| {
            let message = format!(
                "`environments.{}.defaults.{}` in `{}`: {why}",
                env.name,
                key.as_str(),
                config.path().display()
            );
            Error::new(&code::CONFIG_VALUE, message).with_hint(format!(
                "set it with `petstore env set {} --default {}=VALUE`, or remove it with `--unset-default {}`",
                env.name,
                key.as_str(),
                key.as_str()
            ))
        })
    };
    if let Command::Pets(PetsCommand::List(args)) = &mut cli.command {
        if let Some(limit) = defaults.limit
            && args.limit.is_none()
            && !args.all
        {
            args.limit =
                Some(crate::commands::values::parse_limit(&checked(Key::Limit, &limit.to_string())?).expect("checked"));
        }
        if let Some(status) = &defaults.status
            && args.status.is_none()
        {
            let status = checked(Key::Status, status)?;
            args.status = Some(petstore_core::api::PetStatus::from_str(&status, true).expect("checked"));
        }
    }
    let global = &mut cli.global;
    let typed_json = global.json || global.jq.is_some();
    if let Some(output) = &defaults.output
        && prints_records
        && global.output.is_none()
        && !typed_json
    {
        let format = OutputFormat::from_str(&checked(Key::Output, output)?, true).expect("checked");
        let json = matches!(format, OutputFormat::Json | OutputFormat::Ndjson);
        if !(json && shape == Some(true)) {
            global.output = Some(format);
        }
    }
    if let Some(columns) = &defaults.columns
        && !json_mode(&cli.global)
        && let Some(args) = pet_columns(&mut cli.command)
        && args.columns.is_none()
    {
        args.columns = Some(checked(Key::Columns, columns)?);
    }
    Ok(Some(config))
}

/// The parsed command line; or, when clap answers instead (`--help`, `--version`, a usage error), the exit
/// code of what it printed. clap's output follows `--color` and `NO_COLOR` and passes through [`safe`], since a
/// usage error quotes what was typed, which may hold an escape sequence.
fn parse(args: &[OsString], choice: ColorChoice, alias: Option<crate::commands::alias::Used>) -> Result<Cli, ExitCode> {
    let terminals = Terminals::detect();
    let err = match parse_from(args) {
        Ok(cli) => return Ok(cli),
        Err(err) => err,
    };
    let json_errors = output::json_errors(cli::json_mode_from_args(args.iter().cloned()));
    // A usage error quotes what was typed, and clap's styles cannot be told from an escape sequence in it:
    // the message comes from parsing the arguments again, each escaped by `safe`, so that what it quotes is
    // shown, escaped, and the only sequences left are clap's own. (Should the escaped arguments parse, which
    // an argument that is not UTF-8 can make happen, the first message is shown plain and escaped.)
    let escaped: Vec<OsString> =
        args.iter().map(|arg| safe::message(&arg.to_string_lossy()).into_owned().into()).collect();
    let shown = match err.kind() {
        // The version quotes nothing typed (not even the program's name).
        ClapErrorKind::DisplayVersion => None,
        kind if shows_help(kind) => parse_with(cli::command(), &escaped).err(),
        _ => parse_from(&escaped).err(),
    }
    .filter(|shown| shown.kind() == err.kind());
    if err.use_stderr() && err.kind() != clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // A usage error in petstore's own shape (`error:` and `help:`, or one JSON line), clap's tips kept.
        let output = Output::fallback(choice, json_errors);
        output.error(&usage_error(shown.as_ref().unwrap_or(&err), &crate::help_json::command_path(args)));
        // A usage error in words the user did not type: say where they came from.
        if let Some(crate::commands::alias::Used { name, expansion }) = alias.filter(|_| !json_errors) {
            output.notice(&format!("`petstore {name}` runs `petstore {expansion}`"));
        }
        return Err(ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2)));
    }
    let (color, mut stream): (bool, Box<dyn Write>) = if err.use_stderr() {
        (terminal::use_color(choice, terminals.stderr), Box::new(io::stderr().lock()))
    } else {
        (terminal::use_color(choice, terminals.stdout), Box::new(io::stdout().lock()))
    };
    let text = match shown {
        Some(shown) if color => shown.render().ansi().to_string(),
        Some(shown) => shown.render().to_string(),
        None => safe::escape(&err.render().to_string(), safe::Newlines::Keep).into_owned(),
    };
    // Long help at a terminal goes through a pager (`output::pager`), unless `--no-pager`.
    let paged = (err.kind() == clap::error::ErrorKind::DisplayHelp && !output::pager::no_pager_from_args(args))
        .then(|| output::pager::page(&text, |why| Output::fallback(choice, json_errors).warning(why)))
        .flatten();
    let written = match paged {
        Some(paged) => paged,
        None => stream.write_all(text.as_bytes()).and_then(|()| stream.flush()),
    };
    drop(stream);
    match written {
        // `--help` or `--version` to a stdout that cannot take it (`> /dev/full`) fails as every command
        // does; a reader that went away (`| head -1`) is no failure. A usage error that cannot be written
        // keeps its own code.
        Err(source) if !err.use_stderr() && source.kind() != io::ErrorKind::BrokenPipe => {
            Err(report(&Output::fallback(choice, json_errors), &Error::from(source)))
        }
        _ => Err(ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))),
    }
}

fn parse_from(args: &[OsString]) -> Result<Cli, clap::Error> {
    match parse_with(cli::parsing_command(), args) {
        // Help shows the tree as `cli::command` lays it out.
        Err(err) if shows_help(err.kind()) => parse_with(cli::command(), args),
        parsed => parsed,
    }
}

fn parse_with(command: clap::Command, args: &[OsString]) -> Result<Cli, clap::Error> {
    command.try_get_matches_from(args).and_then(|matches| Cli::from_arg_matches(&matches))
}

/// Whether clap answers with a command's help.
fn shows_help(kind: ClapErrorKind) -> bool {
    matches!(kind, ClapErrorKind::DisplayHelp | ClapErrorKind::DisplayHelpOnMissingArgumentOrSubcommand)
}

/// A usage error clap found, as petstore words its own: code `usage`; clap's first paragraph, on one line, as
/// the message (what was typed is escaped where it is printed, as every message is); its tips (a similar
/// command, value or flag) as the hint, else the help that lists the command's arguments.
fn usage_error(err: &clap::Error, path: &[String]) -> Error {
    let text = err.render().to_string();
    let (first, rest) = text.split_once("\n\n").unwrap_or((&text, ""));
    let message = first.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    let message = message.trim_start_matches("error: ").to_owned();
    let tips: Vec<&str> = rest.lines().filter_map(|line| line.trim().strip_prefix("tip: ")).collect();
    let hint = if tips.is_empty() && path.is_empty() {
        "`petstore --help` lists the commands".to_owned()
    } else if tips.is_empty() {
        format!("`petstore {} --help` lists its arguments", path.join(" "))
    } else {
        tips.join("; ")
    };
    let kind = crate::error::Kind::of_exit_code(u8::try_from(err.exit_code()).unwrap_or(2));
    Error::new(&code::USAGE, message).with_hint(hint).with_kind(kind)
}

/// The guide `petstore help agents` prints, for this version: how an AI assistant reads, writes safely, reads
/// failures and finds machine help. At most 6 KB (a test holds it there); every command in it parses.
pub fn agents_guide_text() -> String {
    include_str!("agents.md").replace("{VERSION}", env!("CARGO_PKG_VERSION"))
}

/// `petstore help agents`, whatever global flags come with it.
fn asks_for_agents_guide(args: &[OsString]) -> bool {
    let words: Vec<_> = args.iter().skip(1).filter(|arg| !arg.to_string_lossy().starts_with('-')).collect();
    words.len() >= 2 && words[words.len() - 2] == "help" && words[words.len() - 1] == "agents"
}

fn agents_guide(choice: ColorChoice) -> ExitCode {
    let output = Output::fallback(choice, false);
    match output.write_raw(agents_guide_text().as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => report(&output, &err.into()),
    }
}

/// Prints the node that `help --json` or `CMD --help --json` asks for; a `help` word that names no command is
/// a usage error (exit 2), as JSON.
fn help_json(choice: ColorChoice, request: Result<Vec<String>, String>) -> ExitCode {
    let words = match request {
        Ok(words) => words,
        Err(word) => {
            let document = Error::new(&code::USAGE, format!("unrecognized subcommand '{word}'"))
                .with_hint("`petstore help --json` prints every command")
                .to_document();
            Output::fallback(choice, true).error_document(&document);
            return ExitCode::from(crate::error::exit::USAGE);
        }
    };
    let path: Vec<&str> = words.iter().map(String::as_str).collect();
    let node = crate::help_json::find(&path).expect("a path of subcommands found in the same tree");
    let output = Output::fallback(choice, true);
    match output.document(&node) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is_broken_pipe() => ExitCode::SUCCESS,
        Err(err) => report(&output, &err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_on_off_variable_is_read_by_one_set_of_words() {
        let cases: &[(&str, Option<bool>)] = &[
            ("", None),
            ("  ", None),
            ("1", Some(true)),
            ("true", Some(true)),
            ("Yes", Some(true)),
            (" ON ", Some(true)),
            ("0", Some(false)),
            ("FALSE", Some(false)),
            (" no", Some(false)),
            ("Off\n", Some(false)),
        ];
        for (value, read) in cases {
            let got = switch("PETSTORE_YES", Some(std::ffi::OsStr::new(value))).unwrap();
            assert_eq!(got, *read, "{value:?}");
        }
        assert_eq!(switch("PETSTORE_YES", None).unwrap(), None);
        for value in ["maybe", "y", "n", "2", "enabled", "of f"] {
            let err = switch("PETSTORE_YES", Some(std::ffi::OsStr::new(value))).unwrap_err();
            assert!(err.is(&code::INVALID_VALUE), "{value:?}");
            assert_eq!(err.exit_code(), 2);
            assert_eq!(err.to_string(), format!("invalid value: `PETSTORE_YES={value}`: neither on nor off"));
            assert!(err.hint().unwrap().contains("1, true, yes or on, or to 0, false, no or off"));
        }
    }

    #[test]
    fn each_switch_reads_its_own_variable_with_its_own_default() {
        let env = |set: &'static [(&'static str, &'static str)]| {
            Switches::read(|name| set.iter().find(|(n, _)| *n == name).map(|(_, v)| OsString::from(v)))
        };
        let none = env(&[]).unwrap();
        assert_eq!(
            (none.no_defaults, none.journal, none.yes, none.agent, none.no_input, none.accessible),
            (false, true, false, None, false, false)
        );
        let set = env(&[
            ("PETSTORE_NO_DEFAULTS", "false"),
            ("PETSTORE_JOURNAL", "no"),
            ("PETSTORE_YES", "on"),
            ("PETSTORE_AGENT", "0"),
            ("PETSTORE_NO_INPUT", "1"),
            ("ACCESSIBLE", "anything"),
        ])
        .unwrap();
        assert_eq!(
            (set.no_defaults, set.journal, set.yes, set.agent, set.no_input, set.accessible),
            (false, false, true, Some(false), true, true)
        );
        assert!(env(&[("ACCESSIBLE", "0")]).is_ok_and(|read| !read.accessible));
        assert!(env(&[("PETSTORE_ACCESSIBLE", "off"), ("ACCESSIBLE", "1")]).is_ok_and(|read| !read.accessible));
        assert!(env(&[("PETSTORE_JOURNAL", "sometimes")]).unwrap_err().to_string().contains("PETSTORE_JOURNAL"));
    }
}
