//! `petstore completions`: the static scripts; [`crate::man`] builds the man pages the same way.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;
use crate::context::Context;
use crate::error::Error;

/// Print the shell completion script for SHELL
///
/// The script completes commands, flags and fixed values such as `--status`. To also complete your own
/// environment names, use the dynamic form instead, which asks petstore as you type (see the examples).
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore completions bash \\
      > ~/.local/share/bash-completion/completions/petstore
  petstore completions zsh > ~/.zfunc/_petstore   # fpath+=(~/.zfunc) in .zshrc
  petstore completions fish > ~/.config/fish/completions/petstore.fish
  source <(COMPLETE=bash petstore)                # dynamic, in ~/.bashrc
  source <(COMPLETE=zsh petstore)                 # dynamic, in ~/.zshrc
  COMPLETE=fish petstore | source                 # dynamic, in config.fish")]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

/// Writes the script to stdout.
impl CompletionsArgs {
    /// What `completions` says about itself: a shell script, no records.
    pub fn about(&self) -> crate::commands::About<'_> {
        crate::commands::About::new(
            "completions",
            crate::commands::formats::Prints::Other("it prints a shell script", "leave it out"),
        )
    }
}

pub fn run(ctx: &Context, args: &CompletionsArgs) -> Result<(), Error> {
    ctx.output.write_raw(&script(args.shell))?;
    Ok(())
}

/// The completion script for `shell`, as committed in `completions/`.
pub fn script(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "petstore", &mut out);
    out
}
