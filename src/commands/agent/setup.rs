//! `petstore agent setup`: `petstore mcp` registered with the assistant clients, each entry checked by
//! starting it; `--status` reports, `--remove` takes out what it wrote, `--skill` adds the agent guide as a
//! skill, `--print-skill` prints it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use petstore_core::config::files;
use serde::Serialize;
use serde_json::{Value, json};

use super::clients::{self, Client, Dirs, Format, Place, Scope};
use super::edit::{self, Unusable};
use crate::context::Context;
use crate::error::{Error, code};

/// Register `petstore mcp` with AI assistant clients, and check that it starts
///
/// Merges one `petstore` entry into each client's own config file: this program's absolute path, then
/// `--env NAME mcp` (NAME is the environment in use: `--env`, `env use`, the scope of `env run`), with
/// `--allow-writes` if given; never a key or a key variable. Every other entry and the file's formatting stay.
/// Each entry is then started as the client would start it, and must answer MCP's `initialize` and
/// `tools/list`. Per client it reports `installed`, `unchanged` or `failed` with the reason; `skipped` for a
/// client not installed here (none of its files) unless named with `--client`. A file it cannot parse is left
/// alone. It asks before changing any file, where a person can answer; `--yes` answers for them
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore --env staging agent setup
  petstore agent setup --client claude-code --client codex --yes
  petstore agent setup --scope project --client vscode --allow-writes
  petstore agent setup --status --json
  petstore agent setup --remove --yes
  petstore agent setup --print-skill > SKILL.md")]
pub struct SetupArgs {
    /// The client to set up (repeat it, or separate with commas); without it, every client installed here
    #[arg(ignore_case = true, long, value_enum, value_name = "CLIENT", value_delimiter = ',')]
    pub client: Vec<Client>,

    /// The user's config (every project) or the current directory's project files
    #[arg(ignore_case = true, long, value_enum, value_name = "SCOPE", default_value_t = Scope::User)]
    pub scope: Scope,

    /// Let the assistant add animals: the entry starts `petstore mcp --allow-writes`
    #[arg(long, conflicts_with_all = ["status", "remove"])]
    pub allow_writes: bool,

    /// Report each client's entry (and skill, with `--skill`) without changing anything
    #[arg(long, conflicts_with = "remove")]
    pub status: bool,

    /// Take out the `petstore` entries (and skills, with `--skill`) that `agent setup` wrote
    #[arg(long)]
    pub remove: bool,

    /// Also install the agent guide as a skill where the client reads skills (Claude Code, Codex, Gemini)
    #[arg(long)]
    pub skill: bool,

    /// Print the agent guide as a skill (`SKILL.md`, with its front matter) and do nothing else
    #[arg(long, conflicts_with_all = ["client", "allow_writes", "status", "remove", "skill"])]
    pub print_skill: bool,

    /// Change the files without asking first (a question is asked only at a terminal; elsewhere, a change
    /// needs `--yes`)
    #[arg(short, long)]
    pub yes: bool,
}

/// What `agent setup` did, or would do, for one client, as `--json` prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The entry was written (or, with `--status`, is there as `agent setup` writes it) and it starts.
    Installed,
    /// The entry was already there as `agent setup` writes it, and it starts.
    Unchanged,
    /// With `--remove`: the entry (or skill) was taken out.
    Removed,
    /// There is no entry (or skill).
    Absent,
    /// With `--status`: an entry is there, but not the one `agent setup` would write now.
    Differs,
    /// The client is not installed here (none of its files), or has no file for this scope.
    Skipped,
    /// The client reads no skills (`--skill`).
    Unsupported,
    /// Something went wrong: `reason` says what.
    Failed,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Installed => "installed",
            Status::Unchanged => "unchanged",
            Status::Removed => "removed",
            Status::Absent => "absent",
            Status::Differs => "differs",
            Status::Skipped => "skipped",
            Status::Unsupported => "unsupported",
            Status::Failed => "failed",
        }
    }
}

/// `agent setup --json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct Report {
    /// `user` or `project`.
    pub scope: Scope,
    /// The environment the entry pins.
    pub env: String,
    /// The command each entry runs.
    pub command: String,
    pub args: Vec<String>,
    pub clients: Vec<ClientReport>,
}

/// One client's line of the report.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct ClientReport {
    pub client: &'static str,
    /// The client's config file; `null` for a scope it has none for.
    pub path: Option<PathBuf>,
    pub status: Status,
    /// The tools the entry listed when started (empty when it was not started).
    pub tools: Vec<String>,
    /// Why it failed, was skipped or differs; `null` otherwise.
    pub reason: Option<String>,
    /// With `--skill`: the skill's file and what became of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill: Option<SkillReport>,
    /// What the client still asks of its user before it runs the entry (an approval, a trusted folder);
    /// `null` when nothing, or when there is no working entry.
    pub next: Option<&'static str>,
}

/// What became of a client's skill.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct SkillReport {
    pub path: Option<PathBuf>,
    pub status: Status,
    pub reason: Option<String>,
}

/// What is done to one file once the question is answered.
#[derive(Debug)]
enum Change {
    /// Write `text` to the file (read as `before`).
    Write { before: Option<String>, text: String },
    /// Remove the file (it held nothing else); a symlink's target gets `empty` instead, the link kept.
    Delete { before: String, empty: &'static str },
}

/// The work for one client: its place, its line of the report, the file changes it needs, and the entry to
/// start once they are made (the one written, or with `--status` the one found).
#[derive(Debug)]
struct Plan {
    place: Option<Place>,
    report: ClientReport,
    config: Option<Change>,
    skill: Option<Change>,
    start: Option<Entry>,
    /// What an entry it replaces runs, for the question.
    replaces: Option<String>,
}

/// What `agent setup` does: set up, report, or remove.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Setup,
    Status,
    Remove,
}

/// The variable that moves petstore's config directory: a user entry carries it whenever the directory is not
/// the default one, so that a server started without the shell's variables finds the same environments.
const CONFIG_DIR_VAR: &str = "PETSTORE_CONFIG_DIR";

/// The server an entry starts: the command, its arguments and the variables it sets (never a key).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Entry {
    pub command: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
}

impl Entry {
    /// The entry as `format` writes it.
    fn value(&self, format: Format) -> Value {
        let mut value = match format {
            Format::Json { typed: true, .. } => json!({"type": "stdio", "command": self.command, "args": self.args}),
            _ => json!({"command": self.command, "args": self.args}),
        };
        if !self.env.is_empty() {
            let env: serde_json::Map<String, Value> =
                self.env.iter().map(|(name, value)| (name.clone(), Value::String(value.clone()))).collect();
            value["env"] = Value::Object(env);
        }
        value
    }

    /// The entry `value` holds, if it is one `agent setup` writes: `petstore ... --env NAME mcp
    /// [--allow-writes]`, of type stdio if typed, setting no variable but petstore's config directory.
    /// `--remove` takes out only those, `--status` calls them installed, and setup replaces only those.
    fn written_by_setup(value: &Value) -> Option<Entry> {
        let object = value.as_object()?;
        if !object.keys().all(|key| ["type", "command", "args", "env"].contains(&key.as_str())) {
            return None;
        }
        if object.get("type").is_some_and(|kind| kind != "stdio") {
            return None;
        }
        let command = object.get("command")?.as_str()?;
        // The file's name after either separator: a Windows path is read the same on any system.
        let name = command.rsplit(['/', '\\']).next().unwrap_or(command);
        if name != "petstore" && !name.eq_ignore_ascii_case("petstore.exe") {
            return None;
        }
        let args: Vec<&str> = object.get("args")?.as_array()?.iter().map(Value::as_str).collect::<Option<_>>()?;
        if !matches!(args.as_slice(), ["--env", _, "mcp"] | ["--env", _, "mcp", "--allow-writes"]) {
            return None;
        }
        let env = match object.get("env") {
            None => Vec::new(),
            Some(Value::Object(env)) => {
                let dir = env.get(CONFIG_DIR_VAR).and_then(Value::as_str);
                match (env.len(), dir) {
                    (1, Some(dir)) => vec![(CONFIG_DIR_VAR.to_owned(), dir.to_owned())],
                    _ => return None,
                }
            }
            Some(_) => return None,
        };
        Some(Entry { command: command.to_owned(), args: args.iter().map(|arg| (*arg).to_owned()).collect(), env })
    }

    /// The entry as a command line, for reasons: `petstore --env staging mcp`.
    fn line(&self) -> String {
        std::iter::once(self.command.as_str()).chain(self.args.iter().map(String::as_str)).collect::<Vec<_>>().join(" ")
    }
}

/// Runs `agent setup`.
pub async fn run(ctx: &Context, args: &SetupArgs) -> Result<(), Error> {
    if args.print_skill {
        let text = super::skill::text();
        return Ok(ctx.output.lines(&text.lines().collect::<Vec<_>>())?);
    }
    let mode = match (args.status, args.remove) {
        (true, _) => Mode::Status,
        (_, true) => Mode::Remove,
        _ => Mode::Setup,
    };
    let dirs = Dirs::from_env().ok_or_else(|| {
        Error::new(&code::AGENT_SETUP_FAILED, "cannot find the home directory")
            .with_hint("set `HOME` to the home directory")
    })?;
    if args.scope == Scope::Project && dirs.project.as_os_str().is_empty() {
        return Err(Error::new(&code::AGENT_SETUP_FAILED, "the current directory is gone, so it has no project files")
            .with_hint("run it from the project's directory"));
    }
    let target = ctx.target()?;
    let Some(env) = target.env else {
        return Err(Error::new(
            &code::NOT_AN_ENVIRONMENT,
            format!("`agent setup` pins an environment by name, and `{}` is no environment's URL", target.base_url),
        )
        .with_hint("add it with `petstore env add NAME --base-url URL`, then pass `--env NAME`"));
    };
    if args.scope == Scope::Project && args.client.contains(&Client::ClaudeDesktop) {
        return Err(Error::new(
            &code::INVALID_VALUE,
            "Claude Desktop has no project config: `--scope project` cannot set it up",
        )
        .with_hint("leave out `--client claude-desktop`, or use `--scope user`"));
    }
    let (program, real) = program()
        .map_err(|err| Error::new(&code::AGENT_SETUP_FAILED, format!("cannot tell where this program is: {err}")))?;
    let Some(command) = program.to_str().map(str::to_owned) else {
        return Err(Error::new(
            &code::AGENT_SETUP_FAILED,
            format!("this program's path `{}` is not UTF-8, which no client's config can hold", program.display()),
        )
        .with_hint("install petstore under a path of UTF-8 characters"));
    };
    let mut entry_args = vec!["--env".to_owned(), env.name.clone(), "mcp".to_owned()];
    if args.allow_writes {
        entry_args.push("--allow-writes".to_owned());
    }
    let env_vars = match config_dir_var() {
        Some((var, dir)) if args.scope == Scope::Project && mode == Mode::Setup => {
            let dir = clients::shown(Path::new(&dir), &dirs);
            return Err(Error::new(
                &code::INVALID_VALUE,
                format!(
                    "a project's files are for committing, so `--scope project` writes no `{var}`, and without it \
                     the server would not read `{dir}`"
                ),
            )
            .with_hint(format!(
                "use `--scope user`, or run it without `{var}` (the server then reads ~/.config/petstore)"
            )));
        }
        Some((_, dir)) if args.scope == Scope::User => vec![(CONFIG_DIR_VAR.to_owned(), dir)],
        _ => Vec::new(),
    };
    let entry = Entry { command, args: entry_args, env: env_vars };
    let skill = args.skill.then(super::skill::text);

    let named: Vec<Client> =
        if args.client.is_empty() || args.client.contains(&Client::All) { Vec::new() } else { args.client.clone() };
    let mut plans: Vec<Plan> = Client::EACH
        .iter()
        .filter(|client| named.is_empty() || named.contains(client))
        .map(|&client| plan(client, mode, args.scope, &dirs, !named.is_empty(), &entry, skill.as_deref()))
        .collect();
    if args.scope == Scope::Project {
        in_the_project(&plans, &dirs)?;
    }
    share_skills(&mut plans, mode, args.scope, &dirs);

    // The entry is started before any file is changed: one that cannot start is written nowhere.
    let mut started = Started::new();
    if mode == Mode::Setup && plans.iter().any(|plan| plan.start.is_some()) {
        let tools = super::verify::tools(&real, &entry).await;
        if let Err(why) = &tools {
            for plan in plans.iter_mut().filter(|plan| plan.start.is_some()) {
                plan.report.status = Status::Failed;
                plan.report.reason = Some(format!("left alone: `{}` does not start: {why}", entry.line()));
                plan.config = None;
                plan.start = None;
            }
        }
        started.insert(entry.clone(), tools);
    }
    for plan in plans.iter_mut().filter(|_| mode == Mode::Status) {
        if let Some(why) = plan.start.as_ref().and_then(|found| not_started(found, &real, args.scope)) {
            plan.report.status = Status::Differs;
            plan.report.reason = Some(why);
            plan.start = None;
        }
    }

    let changes: Vec<(&Path, Option<&str>)> = plans
        .iter()
        .flat_map(|plan| {
            let place = plan.place.as_ref();
            let config = plan.config.as_ref().and(place.map(|place| (place.path.as_path(), plan.replaces.as_deref())));
            let skill =
                plan.skill.as_ref().and(place.and_then(|place| place.skill.as_deref())).map(|path| (path, None));
            [config, skill]
        })
        .flatten()
        .collect();
    if !changes.is_empty() && !args.yes {
        let files = changes
            .iter()
            .map(|(path, replaces)| match replaces {
                Some(runs) => format!("{} (replacing the entry that runs `{runs}`)", clients::shown(path, &dirs)),
                None => clients::shown(path, &dirs),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let what = match mode {
            Mode::Remove => format!("take petstore out of {files}"),
            _ => format!("write petstore into {files}"),
        };
        if let Some(why) = ctx.output.cannot_ask() {
            return Err(Error::new(
                &code::CANNOT_ASK,
                format!("cannot ask before changing the assistants' files: {}, so no file was changed", why.describe()),
            )
            .with_hint(format!("pass `--yes` to {what}, or {}", why.instead())));
        }
        let question = format!("{}{}? [y/N] ", what[..1].to_uppercase(), &what[1..]);
        if !crate::commands::confirm::ask(ctx, &question, "to any assistant's file").await? {
            return Err(Error::new(&code::NOT_CONFIRMED, "not confirmed, so no file was changed")
                .with_hint("answer `y` to change them, or pass `--yes`; `--status` shows where each client stands"));
        }
    }

    for plan in &mut plans {
        apply(plan, &mut started, &real).await;
    }

    for plan in &mut plans {
        if matches!(plan.report.status, Status::Installed | Status::Unchanged) {
            plan.report.next = next_step(plan.report.client, args.scope);
            if mode == Mode::Setup
                && let Some(warning) = other_scope(plan, args.scope, &dirs, &entry)
            {
                ctx.output.warning(&warning);
            }
        }
    }
    let failed = plans.iter().filter(|plan| plan_failed(plan)).count();
    let counted = plans.iter().filter(|plan| plan.report.status != Status::Skipped).count();
    let Entry { command, args: entry_args, .. } = entry;
    let report = Report {
        scope: args.scope,
        env: env.name.clone(),
        command,
        args: entry_args,
        clients: plans.into_iter().map(|plan| plan.report).collect(),
    };
    ctx.output.value_lines(&report, &words(&report, &dirs))?;
    if failed > 0 {
        return Err(Error::new(
            &code::AGENT_SETUP_FAILED,
            format!("{failed} of {counted} {} failed", if counted == 1 { "client" } else { "clients" }),
        )
        .with_hint("each failed line says why; fix that and run it again"));
    }
    Ok(())
}

/// This program's absolute path as its user reaches it: the name it was started by, found on `PATH` (or made
/// absolute, for a path), when that leads to this very file. A package manager's link (`/opt/homebrew/bin`,
/// `~/.cargo/bin`, a Nix profile) outlives an upgrade, where the versioned file behind it does not. Otherwise
/// the running program's own path. Then the running program's canonical path: the only file `agent setup` ever
/// starts.
fn program() -> std::io::Result<(PathBuf, PathBuf)> {
    let exe = std::env::current_exe()?;
    let real = std::fs::canonicalize(&exe)?;
    let by_name = std::env::args_os().next().and_then(|name| {
        let path = Path::new(&name);
        if path.components().count() > 1 { std::path::absolute(path).ok() } else { which::which(path).ok() }
    });
    match by_name {
        // `..` taken out by the kernel's reading (canonicalize), the links on the way kept.
        Some(path) if path.is_absolute() && !path.components().any(|part| part == std::path::Component::ParentDir) => {
            if std::fs::canonicalize(&path).is_ok_and(|found| found == real) {
                Ok((path, real))
            } else {
                Ok((exe, real))
            }
        }
        _ => Ok((exe, real)),
    }
}

/// Why `--status` does not start the entry `found` in `scope`, if it does not: it starts this program alone
/// (`real`), named by an absolute path, and never with the variables a project's file sets.
fn not_started(found: &Entry, real: &Path, scope: Scope) -> Option<String> {
    let command = Path::new(&found.command);
    if !command.is_absolute() || !std::fs::canonicalize(command).is_ok_and(|path| path == real) {
        return Some(format!("it runs `{}`, which is not this program, so it was not started", found.line()));
    }
    (scope == Scope::Project && !found.env.is_empty()).then(|| {
        format!("it runs `{}` with `env`, which a project's file does not choose, so it was not started", found.line())
    })
}

/// An error when a file that project scope would read or write (a client's file, or its skill) is really
/// outside the project's directory: a link (`.codex` to `~/.codex`, a dangling `.mcp.json`) would have it
/// change the user's own files, or make one elsewhere.
fn in_the_project(plans: &[Plan], dirs: &Dirs) -> Result<(), Error> {
    let root = clients::real(&dirs.project).unwrap_or_else(|_| dirs.project.clone());
    let places = plans.iter().filter(|plan| plan.report.status != Status::Skipped).filter_map(|plan| {
        let place = plan.place.as_ref()?;
        Some([Some(&place.path), place.skill.as_ref().filter(|_| plan.report.skill.is_some())])
    });
    for path in places.flatten().flatten() {
        match clients::real(path) {
            Ok(real) if !real.starts_with(&root) => {
                return Err(Error::new(
                    &code::AGENT_SETUP_FAILED,
                    format!(
                        "`{}` leads outside the project `{}`, to `{}`, which project scope leaves alone",
                        clients::shown(path, dirs),
                        clients::shown(&root, dirs),
                        clients::shown(&real, dirs)
                    ),
                )
                .with_hint("make it the project's own file or directory rather than a link, or use `--scope user`"));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The variable that moves petstore's config directory away from the one a server started with only `HOME`
/// finds (`PETSTORE_CONFIG_DIR`, or `XDG_CONFIG_HOME`), and that directory, absolute; `None` when it is the
/// default one.
fn config_dir_var() -> Option<(&'static str, String)> {
    use petstore_core::config;
    let dir = std::path::absolute(config::config_dir().ok()?).ok()?;
    if config::default_config_dir().is_ok_and(|default| default == dir) {
        return None;
    }
    let set = std::env::var_os(CONFIG_DIR_VAR).is_some_and(|value| !value.is_empty());
    Some((if set { CONFIG_DIR_VAR } else { "XDG_CONFIG_HOME" }, dir.display().to_string()))
}

/// One change per skill file, where clients read one (Codex and Gemini, `.agents/skills`): the first plan
/// makes it. `--remove` keeps a skill that an installed client left out of this run still reads, and says so.
fn share_skills(plans: &mut [Plan], mode: Mode, scope: Scope, dirs: &Dirs) {
    let in_run: Vec<&str> =
        plans.iter().filter(|plan| plan.report.status != Status::Skipped).map(|plan| plan.report.client).collect();
    let mut seen = Vec::new();
    for plan in plans.iter_mut().filter(|plan| plan.skill.is_some()) {
        let Some(path) = plan.place.as_ref().and_then(|place| place.skill.clone()) else { continue };
        if seen.contains(&path) {
            plan.skill = None;
            continue;
        }
        seen.push(path.clone());
        let reader = Client::EACH.into_iter().find(|other| {
            !in_run.contains(&other.name())
                && clients::place(*other, scope, dirs)
                    .is_some_and(|place| place.installed() && place.skill.as_ref() == Some(&path))
        });
        if let (Mode::Remove, Some(reader), Some(report)) = (mode, reader, plan.report.skill.as_mut()) {
            plan.skill = None;
            report.status = Status::Unchanged;
            report.reason = Some(format!("kept: {} reads it too", reader.name()));
        }
    }
}

/// What `client` asks of its user before it runs an entry in `scope`. Never done for them: the approval and
/// the trust are the user's to give, in the client.
fn next_step(client: &str, scope: Scope) -> Option<&'static str> {
    match (client, scope) {
        ("claude-code", Scope::Project) => {
            Some("approve `petstore` in Claude Code: it holds a project's servers until then")
        }
        ("codex", Scope::Project) => {
            Some("trust the project in Codex: it reads `.codex/config.toml` only in a trusted project")
        }
        ("gemini", _) => Some("trust the folder in Gemini CLI: it disables servers in a folder it does not trust"),
        _ => None,
    }
}

/// A warning when the client's other scope has a `petstore` entry other than `entry`: the client then has one
/// name in two scopes and runs one of them (Claude Code reports "Conflicting scopes").
fn other_scope(plan: &Plan, scope: Scope, dirs: &Dirs, entry: &Entry) -> Option<String> {
    let place = plan.place.as_ref()?;
    let client = Client::EACH.into_iter().find(|client| client.name() == plan.report.client)?;
    let other_scope = if scope == Scope::User { Scope::Project } else { Scope::User };
    let other = clients::place(client, other_scope, dirs)?;
    if clients::real(&other.path).ok()? == clients::real(&place.path).ok()? {
        return None;
    }
    let found = edit::entry(&read(&other.path).ok()??, other.format).ok()??;
    (found != entry.value(other.format)).then(|| {
        format!(
            "{}: `{}` has a `petstore` entry of its own ({}), and `{}` another: the client runs one of them",
            client.name(),
            clients::shown(&other.path, dirs),
            differs(&found),
            clients::shown(&place.path, dirs)
        )
    })
}

/// Whether a client's line, or its skill's, failed.
fn plan_failed(plan: &Plan) -> bool {
    plan.report.status == Status::Failed
        || plan.report.skill.as_ref().is_some_and(|skill| skill.status == Status::Failed)
}

/// The text of the file at `path`, `None` when there is none.
fn read(path: &Path) -> Result<Option<String>, String> {
    files::read_regular(path).map_err(|err| err.to_string())
}

/// Whether the file at `path` (where its links lead) is read-only: its owner's wish that it not change.
fn read_only(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|meta| meta.permissions().readonly())
}

/// What to do for `client`: its line of the report as far as it is known before anything is written.
fn plan(
    client: Client,
    mode: Mode,
    scope: Scope,
    dirs: &Dirs,
    named: bool,
    entry: &Entry,
    skill: Option<&str>,
) -> Plan {
    let report = |path: Option<PathBuf>, status, reason: Option<String>| ClientReport {
        client: client.name(),
        path,
        status,
        tools: Vec::new(),
        reason,
        skill: None,
        next: None,
    };
    let nothing =
        |place: Option<Place>, report| Plan { place, report, config: None, skill: None, start: None, replaces: None };
    let Some(place) = clients::place(client, scope, dirs) else {
        let reason = format!("{} has no project config", client.name());
        return nothing(None, report(None, Status::Skipped, Some(reason)));
    };
    if !named && !place.installed() {
        let reason = format!("not installed here (no {})", clients::shown(&place.sign, dirs));
        return nothing(Some(place.clone()), report(Some(place.path), Status::Skipped, Some(reason)));
    }
    let wanted = entry.value(place.format);
    let left_alone = |why: String| (Status::Failed, Some(format!("left alone: {why}")), None, None, None);
    let (status, reason, config, start, replaces) = match read(&place.path) {
        Err(why) => (Status::Failed, Some(why), None, None, None),
        Ok(before) => {
            let text = before.clone().unwrap_or_default();
            let writable = before.is_none() || !read_only(&place.path);
            match (mode, edit::entry(&text, place.format)) {
                (_, Err(Unusable(why))) => left_alone(why),
                (Mode::Status, Ok(None)) => (Status::Absent, None, None, None, None),
                (Mode::Status, Ok(Some(found))) => match Entry::written_by_setup(&found) {
                    Some(found) => (Status::Installed, None, None, Some(found), None),
                    None => (Status::Differs, Some(differs(&found)), None, None, None),
                },
                (Mode::Setup, Ok(Some(found))) if found == wanted => {
                    (Status::Unchanged, None, None, Some(entry.clone()), None)
                }
                (Mode::Setup | Mode::Remove, Ok(_)) if !writable => left_alone("it is read-only".to_owned()),
                (Mode::Setup, Ok(found)) => {
                    let replaces = match found.as_ref().map(|found| (found, Entry::written_by_setup(found))) {
                        None => None,
                        Some((_, Some(ours))) => Some(ours.line()),
                        Some((found, None)) => {
                            return nothing(
                                Some(place.clone()),
                                report(
                                    Some(place.path),
                                    Status::Failed,
                                    Some(format!(
                                        "left alone: its `petstore` entry was not written by `agent setup` ({}); take \
                                         it out by hand to have it replaced",
                                        differs(found)
                                    )),
                                ),
                            );
                        }
                    };
                    match edit::set(&text, place.format, &wanted) {
                        Ok(text) => {
                            let reason = replaces.as_ref().map(|runs| format!("replaced the entry that ran `{runs}`"));
                            (
                                Status::Installed,
                                reason,
                                Some(Change::Write { before, text }),
                                Some(entry.clone()),
                                replaces,
                            )
                        }
                        Err(Unusable(why)) => left_alone(why),
                    }
                }
                (Mode::Remove, Ok(None)) => (Status::Absent, None, None, None, None),
                (Mode::Remove, Ok(Some(found))) if Entry::written_by_setup(&found).is_none() => {
                    left_alone(format!("its `petstore` entry was not written by `agent setup` ({})", differs(&found)))
                }
                (Mode::Remove, Ok(Some(_))) => match edit::remove(&text, place.format) {
                    Ok(Some(text)) => (Status::Removed, None, Some(Change::Write { before, text }), None, None),
                    Ok(None) => {
                        let empty = if place.format == Format::Toml { "" } else { "{}\n" };
                        (Status::Removed, None, Some(Change::Delete { before: text, empty }), None, None)
                    }
                    Err(Unusable(why)) => left_alone(why),
                },
            }
        }
    };
    let mut report = report(Some(place.path.clone()), status, reason);
    let mut skill_change = None;
    if let Some(skill) = skill {
        let (skill_report, change) = plan_skill(&place, mode, skill);
        report.skill = Some(skill_report);
        skill_change = change;
    }
    Plan { place: Some(place), report, config, skill: skill_change, start, replaces }
}

/// What the entry found runs, for a reason: `it runs `CMD ARGS``.
fn differs(found: &Value) -> String {
    let command = found.get("command").and_then(Value::as_str).unwrap_or("(no command)");
    let args: Vec<&str> = found
        .get("args")
        .and_then(Value::as_array)
        .map(|args| args.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let line = std::iter::once(command).chain(args).collect::<Vec<_>>().join(" ");
    let extra: Vec<&str> = found
        .as_object()
        .map(|object| {
            object.keys().map(String::as_str).filter(|key| !["type", "command", "args"].contains(key)).collect()
        })
        .unwrap_or_default();
    match extra.as_slice() {
        [] => format!("it runs `{line}`"),
        _ => format!("it runs `{line}`, with `{}`", extra.join("`, `")),
    }
}

/// What to do with a client's skill file.
fn plan_skill(place: &Place, mode: Mode, skill: &str) -> (SkillReport, Option<Change>) {
    let Some(path) = &place.skill else {
        return (
            SkillReport { path: None, status: Status::Unsupported, reason: Some("it reads no skills".into()) },
            None,
        );
    };
    let report = |status, reason| SkillReport { path: Some(path.clone()), status, reason };
    let before = match read(path) {
        Ok(before) => before,
        Err(why) => return (report(Status::Failed, Some(why)), None),
    };
    let ours = |text: &str| text.starts_with(super::skill::FRONT_MATTER_START);
    match (mode, before) {
        (Mode::Status, None) | (Mode::Remove, None) => (report(Status::Absent, None), None),
        (Mode::Status, Some(text)) if text == skill => (report(Status::Installed, None), None),
        (Mode::Status, Some(_)) => (report(Status::Differs, Some("it is not this version's guide".into())), None),
        (Mode::Setup, Some(text)) if text == skill => (report(Status::Unchanged, None), None),
        (Mode::Setup, Some(text)) if !ours(&text) => (
            report(
                Status::Failed,
                Some("left alone: a skill named petstore that `agent setup` did not write is there".into()),
            ),
            None,
        ),
        (Mode::Setup, before) => {
            (report(Status::Installed, None), Some(Change::Write { before, text: skill.to_owned() }))
        }
        (Mode::Remove, Some(text)) if !ours(&text) => {
            (report(Status::Failed, Some("left alone: `agent setup` did not write this skill".into())), None)
        }
        (Mode::Remove, Some(text)) => (report(Status::Removed, None), Some(Change::Delete { before: text, empty: "" })),
    }
}

/// Each entry started, and the tools it listed or why it did not: one start for the clients that share an
/// entry.
type Started = HashMap<Entry, Result<Vec<String>, String>>;

/// Makes a plan's changes, then reports the tools of the entry it wrote (started before anything was written)
/// or, with `--status`, starts the entry it found.
async fn apply(plan: &mut Plan, started: &mut Started, real: &Path) {
    let Some(place) = plan.place.clone() else { return };
    if let Some(change) = plan.config.take()
        && let Err(why) = make(&place.path, change)
    {
        plan.report.status = Status::Failed;
        plan.report.reason = Some(why);
        return;
    }
    if let (Some(change), Some(path), Some(skill)) = (plan.skill.take(), &place.skill, plan.report.skill.as_mut())
        && let Err(why) = make(path, change)
    {
        skill.status = Status::Failed;
        skill.reason = Some(why);
    }
    let Some(entry) = plan.start.take() else { return };
    if !started.contains_key(&entry) {
        let tools = super::verify::tools(real, &entry).await;
        started.insert(entry.clone(), tools);
    }
    match &started[&entry] {
        Ok(tools) => plan.report.tools = tools.clone(),
        Err(why) => {
            plan.report.status = Status::Failed;
            plan.report.reason = Some(format!("it does not start: {why}"));
        }
    }
}

/// Makes `change` to the file at `path`, unless the file changed since it was read (another program wrote
/// it: say so rather than undo that). The file is read again at the last moment, just before the new one
/// takes its place.
fn make(path: &Path, change: Change) -> Result<(), String> {
    let before = match &change {
        Change::Write { before, .. } => before.clone(),
        Change::Delete { before, .. } => Some(before.clone()),
    };
    let changed = || "it changed while `agent setup` ran; run it again".to_owned();
    let unchanged = || -> std::io::Result<()> {
        match read(path) {
            Ok(now) if now == before => Ok(()),
            Ok(_) => Err(std::io::Error::other(changed())),
            Err(why) => Err(std::io::Error::other(why)),
        }
    };
    unchanged().map_err(|err| err.to_string())?;
    match change {
        Change::Write { text, .. } => {
            if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|err| format!("cannot make `{}`: {err}", dir.display()))?;
            }
            files::replace_checked(path, text.as_bytes(), files::Mode::Kept, &unchanged).map_err(|err| err.to_string())
        }
        Change::Delete { empty, .. } if std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_symlink()) => {
            files::replace_checked(path, empty.as_bytes(), files::Mode::Kept, &unchanged).map_err(|err| err.to_string())
        }
        Change::Delete { .. } => {
            std::fs::remove_file(path).map_err(|err| format!("cannot remove `{}`: {err}", path.display()))?;
            // The skill's own directory, when nothing else is in it.
            if path.file_name().is_some_and(|name| name == "SKILL.md")
                && let Some(dir) = path.parent()
            {
                let _ = std::fs::remove_dir(dir);
            }
            Ok(())
        }
    }
}

/// The report in words: a line per client, `claude-code: installed ~/.claude.json (4 tools)`, and one for its
/// skill.
fn words(report: &Report, dirs: &Dirs) -> Vec<String> {
    let line = |what: String, path: &Option<PathBuf>, tools: usize, reason: &Option<String>| {
        let path = path.as_deref().map(|path| format!(" {}", clients::shown(path, dirs))).unwrap_or_default();
        let tools = match tools {
            0 => String::new(),
            n => format!(" ({n} {})", if n == 1 { "tool" } else { "tools" }),
        };
        let reason = reason.as_deref().map(|reason| format!(": {reason}")).unwrap_or_default();
        format!("{what}{path}{tools}{reason}")
    };
    let mut lines = Vec::new();
    for client in &report.clients {
        let name = client.client;
        lines.push(line(
            format!("{name}: {}", client.status.as_str()),
            &client.path,
            client.tools.len(),
            &client.reason,
        ));
        lines.extend(client.next.map(|next| format!("{name}: next: {next}")));
        if let Some(skill) = &client.skill {
            lines.push(line(format!("{name}: skill {}", skill.status.as_str()), &skill.path, 0, &skill.reason));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours(value: &Value) -> bool {
        Entry::written_by_setup(value).is_some()
    }

    #[test]
    fn only_the_entries_setup_writes_are_its_own() {
        let found = json!({"type": "stdio", "command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"]});
        let entry = Entry::written_by_setup(&found).unwrap();
        assert_eq!(entry.line(), "/usr/bin/petstore --env staging mcp");
        assert_eq!(entry.value(Format::Json { key: "servers", typed: true }), found);
        assert!(ours(&json!({"command": "C:\\bin\\petstore.exe", "args": ["--env", "p", "mcp", "--allow-writes"]})));
        let pinned =
            json!({"command": "/p/petstore", "args": ["--env", "p", "mcp"], "env": {"PETSTORE_CONFIG_DIR": "/c"}});
        assert_eq!(
            Entry::written_by_setup(&pinned).unwrap().env,
            [("PETSTORE_CONFIG_DIR".to_owned(), "/c".to_owned())]
        );
        for other in [
            json!({"command": "petstore", "args": ["mcp"]}),
            json!({"command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"], "env": {"PETSTORE_API_KEY": "x"}}),
            json!({"command": "/usr/bin/petstore", "args": ["--env", "s", "mcp"], "env": {"PETSTORE_CONFIG_DIR": "/c", "A": "b"}}),
            json!({"command": "/usr/bin/npx", "args": ["--env", "staging", "mcp"]}),
            json!({"type": "http", "command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"]}),
            json!({"command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"], "timeout": 5}),
            json!("petstore"),
        ] {
            assert!(!ours(&other), "{other}");
        }
        assert_eq!(differs(&json!({"command": "petstore", "args": ["mcp"]})), "it runs `petstore mcp`");
        assert_eq!(
            differs(&json!({"command": "petstore", "args": ["mcp"], "env": {"K": "v"}})),
            "it runs `petstore mcp`, with `env`"
        );
    }
}
