//! `petstore auth token`

use crate::context::Context;
use crate::error::Error;
use petstore_core::credentials::{self, Wanted};

/// Print the API key petstore would use, for scripts that need it
///
/// Prints the key for the selected environment to stdout, and nothing else; with `--json`,
/// `{"env": NAME, "key": KEY}`. It follows the same lookup as
/// every command: `PETSTORE_API_KEY`, then the stored key, then a built-in one (the sandbox's). A key in the
/// OS keyring is read from the keyring itself, not from the kernel's cached copy, which may be out of date.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  curl -H \"Authorization: Bearer $(petstore auth token)\" https://HOST/v1/pets
  petstore auth token --env staging")]
pub struct TokenArgs {}

/// Prints the key.
pub fn run(ctx: &Context, _args: &TokenArgs) -> Result<(), Error> {
    let env = ctx.environment()?;
    let (key, _) = credentials::resolve(ctx.config()?, Wanted::chosen(Some(env), &env.base_url).uncached())?;
    ctx.output.value(&Token { env: &env.name, key: key.expose() }, key.expose())
}

/// `auth token --json`: the environment and its key.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Token<'a> {
    pub env: &'a str,
    pub key: &'a str,
}
