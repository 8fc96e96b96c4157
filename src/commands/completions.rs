//! `petstore completions`: the static scripts; [`crate::man`] builds the man pages the same way.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;
use crate::context::Context;
use crate::error::Error;

/// Print the shell completion script for SHELL
///
/// The script completes commands, flags and fixed values such as `--status`; the bash script also completes
/// `--env` and the environment of `env use`, `env set`, `env remove` and `env confirm-writes` with your
/// environments' names, asking petstore as you type. The dynamic form (see the examples) completes more, in
/// every shell: the environments, your aliases as commands, `--columns`, and the store's own ids (`pets get`,
/// `pets find --id`, with each animal's name) and names (`pets find --name`), asked of the selected
/// environment within a second, with a key found without asking (never a key command or a locked keyring).
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
    #[arg(ignore_case = true, value_name = "SHELL")]
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
    match shell {
        Shell::Bash => with_environment_names(&String::from_utf8_lossy(&out)).into_bytes(),
        _ => out,
    }
}

/// The `env` verbs whose first argument names an environment that exists (not `env add`, which names a new
/// one).
const ENV_NAME_VERBS: [&str; 4] = ["use", "set", "remove", "confirm-writes"];

/// Asks the petstore being completed for the environments' names: `env list` reads the config file alone (no
/// network, no keyring), and its typed flags leave any defaults out.
const BASH_ENV_NAMES: &str = r#"# The configured environments' names, from the petstore being completed (the config file alone).
_petstore_env_names() {
    "${COMP_WORDS[0]}" env list --columns name --no-header --output tsv 2>/dev/null
}

"#;

/// The static bash script, completing `--env` and the environment argument of `env use`, `env set`,
/// `env remove` and `env confirm-writes` with the configured names, as the dynamic form
/// (`COMPLETE=bash petstore`) does. clap's static script completes them as file names.
fn with_environment_names(script: &str) -> String {
    let file_names = "                --env)\n                    COMPREPLY=($(compgen -f \"${cur}\"))";
    let env_names = "                --env)\n                    COMPREPLY=($(compgen -W \"$(_petstore_env_names)\" -- \"${cur}\"))";
    let mut script = BASH_ENV_NAMES.to_owned() + &script.replace(file_names, env_names);
    for verb in ENV_NAME_VERBS {
        let section = format!("        petstore__subcmd__env__subcmd__{})\n", verb.replace('-', "__subcmd__"));
        let first_test = "            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then\n";
        let Some(start) = script.find(&section) else { continue };
        let Some(offset) = script[start..].find(first_test) else { continue };
        let names = "            if [[ ${cur} != -* && ${COMP_CWORD} -eq 3 ]] ; then\n                COMPREPLY=( \
                     $(compgen -W \"$(_petstore_env_names)\" -- \"${cur}\") )\n                return 0\n            fi\n";
        script.insert_str(start + offset, names);
    }
    script
}
