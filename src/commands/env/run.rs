//! `petstore env run`

use std::ffi::OsString;

use crate::context::Context;
use crate::error::Error;

/// Run one command with petstore pinned to an environment
///
/// Runs COMMAND with `PETSTORE_SCOPE=NAME` in its environment: every petstore it starts talks to NAME, whatever
/// the default, and refuses another environment or server (`--env`, `--base-url`, `PETSTORE_ENV`,
/// `PETSTORE_BASE_URL`), `env use`, a scope of another environment, and a change to another (`env set`, `env
/// remove`, `env confirm-writes`, an alias naming it) (exit 2, `out_of_scope`, nothing sent).
/// The caller's `PETSTORE_ENV`, `PETSTORE_BASE_URL`, `PETSTORE_API_KEY` and `PETSTORE_API_KEY_FILE` are not
/// passed on: inside, NAME's own key is used. Exits as COMMAND does (127: not found, 126: cannot be run). A
/// guard against mistakes, not a sandbox: a process that clears its environment leaves the scope.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore env run staging -- petstore pets list
  petstore env run staging -- ./restock.sh --dry-run")]
pub struct RunEnvArgs {
    /// The environment to pin petstore to
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::complete::environment_names))]
    pub name: String,
    /// The command to run, and its arguments
    #[arg(value_name = "COMMAND", required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub command: Vec<OsString>,
}

/// Replaces petstore with COMMAND, pinned to NAME.
pub async fn run(ctx: &Context, args: &RunEnvArgs) -> Result<(), Error> {
    let (program, rest) = args.command.split_first().expect("clap requires COMMAND");
    let mut command = super::pinned(ctx, &args.name, program)?;
    command.args(rest);
    super::exec(command, &program.to_string_lossy())
}
