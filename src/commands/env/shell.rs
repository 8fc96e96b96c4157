//! `petstore env shell`

use std::ffi::OsString;

use crate::context::Context;
use crate::error::Error;

/// Start a shell with petstore pinned to an environment
///
/// Starts `$SHELL` (else `/bin/sh`) as `env run NAME` runs a command: every petstore in it talks to NAME and
/// refuses to leave it (exit 2, `out_of_scope`); `exit` leaves the scope. `PETSTORE_SCOPE` holds NAME for a
/// prompt to show, and `PS1` starts with `(petstore:NAME)`, which a shell whose start-up file sets its own
/// prompt replaces. A guard against mistakes, not a sandbox.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore env shell staging
  PS1='${PETSTORE_SCOPE:+(petstore:$PETSTORE_SCOPE) }'\"$PS1\"  # ~/.bashrc")]
pub struct ShellEnvArgs {
    /// The environment to pin petstore to
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(crate::complete::environment_names))]
    pub name: String,
}

/// Replaces petstore with the user's shell, pinned to NAME.
pub async fn run(ctx: &Context, args: &ShellEnvArgs) -> Result<(), Error> {
    let shell = std::env::var_os("SHELL").filter(|shell| !shell.is_empty()).unwrap_or_else(|| "/bin/sh".into());
    let mut command = super::pinned(ctx, &args.name, &shell)?;
    let mut prompt = OsString::from(format!("(petstore:{}) ", args.name));
    prompt.push(std::env::var_os("PS1").unwrap_or_else(|| "$ ".into()));
    command.env("PS1", prompt);
    ctx.output.status(&format!("petstore is pinned to `{}` in this shell; `exit` leaves it", args.name));
    super::exec(command, &shell.to_string_lossy())
}
