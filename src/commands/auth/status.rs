//! `petstore auth status`

use serde::Serialize;

use crate::api::ListQuery;
use crate::config::Environment;
use crate::context::Context;
use crate::credentials::{self, Source};
use crate::error::{Error, exit};
use crate::output::{Field, Rows};

/// Show each environment's key: where it comes from and whether the API accepts it
///
/// For the selected environment (or every one with `--all`): its base URL, where its key comes from
/// (`PETSTORE_API_KEY`, keyring, file, built-in, none), the key masked, and whether the API accepts it (a
/// list of one animal). Exits with 4 when the selected environment has no working key, 5 when its API cannot
/// be reached.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore auth status
  petstore auth status --all
  petstore auth status --env staging --json")]
pub struct StatusArgs {
    /// Every environment, not only the selected one
    #[arg(long)]
    pub all: bool,
}

/// One environment's line of `auth status`, as `--json` prints it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct KeyStatus {
    env: String,
    base_url: String,
    active: bool,
    key_source: &'static str,
    key: Option<String>,
    check: String,
    #[serde(skip)]
    exit: u8,
}

/// Looks up and checks the keys, prints them, and exits by the selected environment's result.
pub async fn run(ctx: &Context, args: &StatusArgs) -> Result<(), Error> {
    let selected = ctx.environment()?.name.clone();
    let config = ctx.config()?;
    let envs: Vec<&Environment> =
        if args.all { config.environments().iter().collect() } else { vec![ctx.environment()?] };
    let mut statuses = Vec::new();
    for env in envs {
        statuses.push(check(ctx, env, env.name == selected).await);
    }
    ctx.output.records(&statuses, || Rows {
        header: &["ACTIVE", "ENV", "BASE URL", "SOURCE", "KEY", "CHECK"],
        rows: statuses
            .iter()
            .map(|s| {
                vec![
                    Field::new(if s.active { "*" } else { "" }),
                    Field::new(&s.env),
                    Field::new(&s.base_url),
                    Field::new(s.key_source),
                    s.key.as_ref().map_or_else(Field::missing, Field::new),
                    Field::new(&s.check),
                ]
            })
            .collect(),
    })?;
    match statuses.iter().find(|s| s.active) {
        Some(s) if s.exit != exit::SUCCESS => {
            Err(Error::NoWorkingKey { env: s.env.clone(), check: s.check.clone(), code: s.exit })
        }
        _ => Ok(()),
    }
}

async fn check(ctx: &Context, env: &Environment, active: bool) -> KeyStatus {
    let mut status = KeyStatus {
        env: env.name.clone(),
        base_url: env.base_url.to_string(),
        active,
        key_source: Source::None.label(),
        key: None,
        check: String::new(),
        exit: exit::SUCCESS,
    };
    let key = match credentials::lookup(ctx.config().expect("loaded by the caller"), env) {
        Ok(Some((key, source))) => {
            status.key_source = source.label();
            status.key = Some(key.masked());
            key
        }
        Ok(None) => {
            status.check = format!("not logged in: run `{}`", credentials::login_command(&env.name));
            status.exit = exit::AUTH;
            return status;
        }
        Err(err) => {
            status.key_source = credentials::source_of(env).label();
            status.check = err.to_string();
            status.exit = err.exit_code();
            return status;
        }
    };
    let result = match ctx.client_with(&env.base_url, &key) {
        Ok(client) => client.list_pets(&ListQuery { status: None, limit: Some(1) }).await.map_err(Error::from),
        Err(err) => Err(err),
    };
    match result {
        Ok(_) => status.check = "accepted".to_owned(),
        Err(err) => {
            status.check = match &err {
                Error::Unauthorized { status, .. } => format!("refused (HTTP {status})"),
                other => format!("unknown: {other}"),
            };
            status.exit = err.exit_code();
        }
    }
    status
}
