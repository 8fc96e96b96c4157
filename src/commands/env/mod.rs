//! `petstore env ...`: the environments petstore can talk to.

pub mod add;
pub mod confirm_writes;
pub mod current;
pub mod list;
pub mod remove;
pub mod run;
pub mod select;
pub mod set;
pub mod shell;

use crate::commands::About;
use crate::commands::formats::{PRINTS_NOTHING, Prints};
use crate::context::Context;
use std::ffi::OsStr;

use crate::error::{Error, code};

/// `on` or `off`: `env confirm-writes` and `env set --confirm-writes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Switch {
    /// Ask before each write at a terminal
    On,
    /// Send writes without asking
    Off,
}

/// `petstore env ...`
#[derive(Debug, clap::Subcommand)]
pub enum EnvCommand {
    List(list::ListEnvArgs),
    Current(current::CurrentEnvArgs),
    Use(select::UseEnvArgs),
    Add(add::AddEnvArgs),
    Set(set::SetEnvArgs),
    Remove(remove::RemoveEnvArgs),
    ConfirmWrites(confirm_writes::ConfirmWritesArgs),
    Run(run::RunEnvArgs),
    Shell(shell::ShellEnvArgs),
}

impl EnvCommand {
    /// What the verb says about itself ([`About`]).
    pub fn about(&self) -> About<'_> {
        let nothing = Prints::Other(PRINTS_NOTHING, "leave it out; `petstore env list --json` lists the environments");
        match self {
            Self::List(args) => About::new("env list", Prints::Records(list::KEYS, &args.columns)),
            Self::Current(_) => About::new("env current", Prints::Value),
            Self::Use(_) => About::new("env use", nothing),
            Self::Add(_) => About::new("env add", nothing),
            Self::Set(_) => About::new("env set", nothing),
            Self::Remove(_) => About::new("env remove", nothing),
            Self::ConfirmWrites(_) => About::new("env confirm-writes", nothing),
            Self::Run(_) => About::new("env run", nothing),
            Self::Shell(_) => About::new("env shell", nothing),
        }
    }
}

/// Dispatches an `env` verb.
pub async fn run(ctx: &Context, command: &EnvCommand) -> Result<(), Error> {
    match command {
        EnvCommand::List(args) => list::run(ctx, args),
        EnvCommand::Current(args) => current::run(ctx, args),
        EnvCommand::Use(args) => select::run(ctx, args).await,
        EnvCommand::Add(args) => add::run(ctx, args).await,
        EnvCommand::Set(args) => set::run(ctx, args).await,
        EnvCommand::Remove(args) => remove::run(ctx, args).await,
        EnvCommand::ConfirmWrites(args) => confirm_writes::run(ctx, args).await,
        EnvCommand::Run(args) => run::run(ctx, args).await,
        EnvCommand::Shell(args) => shell::run(ctx, args).await,
    }
}

/// A warning when the base URL `env add` or `env set` was given has no version path (credentials masked).
fn warn_unversioned(ctx: &Context, url: &petstore_core::config::DisplaySafeUrl) {
    if !petstore_core::config::has_version_path(url) {
        let example = url.to_string().trim_end_matches('/').to_owned();
        ctx.output.warning(&format!(
            "`{url}` has no version path: the API's base URL usually ends with one, e.g. `{example}/v1`"
        ));
    }
}

/// `program`, to be run pinned to the environment `name` (`env run`, `env shell`): with `PETSTORE_SCOPE=name`,
/// and without the caller's selection and key variables, so that neither another target nor a key meant for
/// one reaches the scope. `name` must be an environment.
fn pinned(ctx: &Context, name: &str, program: &OsStr) -> Result<std::process::Command, Error> {
    ctx.config()?.environment(name)?;
    let mut command = std::process::Command::new(program);
    command.env(crate::context::SCOPE_VAR, name);
    for variable in [
        petstore_core::config::ENV_VAR,
        crate::context::BASE_URL_VAR,
        petstore_core::credentials::API_KEY_VAR,
        petstore_core::credentials::external::KEY_FILE_VAR,
    ] {
        command.env_remove(variable);
    }
    Ok(command)
}

/// Runs `command` in petstore's place (on Unix, petstore becomes it: its exit code, its signals, its
/// terminal), or fails as a shell does when it cannot: 127 for no such command, 126 for one that cannot be run.
fn exec(mut command: std::process::Command, shown: &str) -> Result<(), Error> {
    #[cfg(unix)]
    let err = std::os::unix::process::CommandExt::exec(&mut command);
    #[cfg(not(unix))]
    let err = match command.status() {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(err) => err,
    };
    Err(if err.kind() == std::io::ErrorKind::NotFound {
        Error::new(&code::COMMAND_NOT_FOUND, format!("`{shown}`: command not found"))
            .with_hint("check its name, or give its path")
    } else {
        Error::new(&code::COMMAND_NOT_RUNNABLE, format!("`{shown}` cannot be run: {err}"))
            .with_hint("check that it is an executable file")
    })
}
