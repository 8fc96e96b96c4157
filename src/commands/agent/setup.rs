//! `petstore agent setup`: `petstore mcp` registered with the assistant clients, each entry checked by
//! starting it; `--status` reports, `--remove` takes out what it wrote, `--skill` adds the agent guide as a
//! skill, `--print-skill` prints it.

use std::path::{Path, PathBuf};

use super::clients::{self, Client, Dirs, Scope};
use super::edit::{self, CONFIG_DIR_VAR, Entry, differs};
use super::plan::{Mode, Plan, Started, apply, plan, plan_failed, read};
use super::report::{Report, Status, words};
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
    let entry_args = ["--env", &env.name, "mcp"].into_iter().chain(args.allow_writes.then_some("--allow-writes"));
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
    let entry = Entry { command, args: entry_args.map(str::to_owned).collect(), env: env_vars };
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

    // The files to change, each as the question names it.
    let changes: Vec<String> = plans
        .iter()
        .filter_map(|plan| Some((plan, plan.place.as_ref()?)))
        .flat_map(|(plan, place)| {
            let replacing = plan.replaces.as_ref().map(|runs| format!(" (replacing the entry that runs `{runs}`)"));
            let config =
                plan.config.as_ref().map(|_| clients::shown(&place.path, &dirs) + &replacing.unwrap_or_default());
            [config, plan.skill.as_ref().and(place.skill.as_deref()).map(|path| clients::shown(path, &dirs))]
        })
        .flatten()
        .collect();
    if !changes.is_empty() && !args.yes {
        let files = changes.join(", ");
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
    // `..` taken out by the kernel's reading (canonicalize), the links on the way kept.
    let by_name = by_name.filter(|path| {
        path.is_absolute()
            && !path.components().any(|part| part == std::path::Component::ParentDir)
            && std::fs::canonicalize(path).is_ok_and(|found| found == real)
    });
    Ok((by_name.unwrap_or(exe), real))
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
        if let Ok(real) = clients::real(path)
            && !real.starts_with(&root)
        {
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
