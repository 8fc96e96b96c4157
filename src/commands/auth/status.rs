//! `petstore auth status`

use serde::Serialize;

use crate::commands::auth::shared::{Verdict, kernel_lifetime};
use crate::context::Context;
use crate::error::{Error, code, exit};
use crate::output::{Field, Fit, Rows};
use petstore_core::api::ListQuery;
use petstore_core::config::Environment;
use petstore_core::credentials::{self, NoKey, Source, Wanted};

/// Show each environment's key: where it comes from and whether the API accepts it
///
/// For the selected environment (or every one with `--all`): its base URL, where its key comes from
/// (`PETSTORE_API_KEY`, keyring, kernel cache: the kernel's copy of the keyring's key, kernel, file, built-in,
/// none), the key masked, and whether the API accepts it (a list of one animal). Exits with 4 when the selected environment has no working key, 5 when its API cannot be reached
/// (which says nothing about the key). `PETSTORE_API_KEY` is the selected environment's key alone: with `--all`,
/// every other environment is checked with its own stored key, so the variable's key never goes to another
/// server.
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

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// The columns of the table, TSV and CSV, by their JSON names (`--columns`).
pub const KEYS: &[&str] = &["active", "env", "baseUrl", "keySource", "key", "check"];

/// One environment's line of `auth status`, as `--json` prints it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct KeyStatus {
    env: String,
    base_url: String,
    active: bool,
    key_source: &'static str,
    key: Option<String>,
    check: String,
    #[serde(skip)]
    exit: u8,
    /// Why the key could not be checked, when the server could not be reached.
    #[serde(skip)]
    reason: String,
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
    report(&ctx.output, &statuses)
}

/// Prints the statuses, notes on stderr how long a key in the kernel's keyring lasts, and fails by the
/// selected environment's result: 4 without a working key, 5 when its server could not be reached.
fn report(output: &crate::output::Output, statuses: &[KeyStatus]) -> Result<(), Error> {
    output.records(statuses, || Rows {
        header: vec!["ACTIVE", "ENV", "BASE URL", "SOURCE", "KEY", "CHECK"],
        keys: KEYS.to_vec(),
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
        // The check says what to do next: it wraps rather than lose the command. Then names give way, then the
        // key's source, then the base URL.
        fit: vec![Fit::cut(3, 0), Fit::cut(1, 8), Fit::cut(3, 20), Fit::cut(2, 6), Fit::cut(2, 0), Fit::wrap(0, 24)],
    })?;
    for status in statuses.iter().filter(|s| s.key_source == Source::Kernel.label()) {
        output.status(&format!(
            "the key for `{}` is in the kernel's persistent keyring: {}",
            status.env,
            kernel_lifetime()
        ));
    }
    match statuses.iter().find(|s| s.active) {
        Some(s) if s.exit == exit::NETWORK => Err(Error::new(
            &code::KEY_NOT_CHECKED,
            format!("`{}`'s key was not checked: the server could not be reached: {}", s.env, s.reason),
        )
        .with_hint("check that the server is running and the base URL is right (`petstore env current`)")),
        Some(s) if s.exit != exit::SUCCESS => {
            // Its row's kind and advice (4, never the same again): the server was reached, or the arm above
            // would have taken it.
            Err(Error::new(&code::NO_WORKING_KEY, format!("`{}` has no working key: {}", s.env, s.check)))
        }
        _ => Ok(()),
    }
}

/// Checks `env`'s key. Only the `active` (selected) environment may use `PETSTORE_API_KEY`: the user chose
/// it for the variable's key; any other is checked with its own key, or not at all.
async fn check(ctx: &Context, env: &Environment, active: bool) -> KeyStatus {
    let mut status = KeyStatus {
        env: env.name.clone(),
        base_url: env.base_url.to_string(),
        active,
        key_source: Source::None.label(),
        key: None,
        check: String::new(),
        exit: exit::SUCCESS,
        reason: String::new(),
    };
    let config = ctx.config().expect("loaded by the caller");
    let wanted = if active { Wanted::chosen(Some(env), &env.base_url) } else { Wanted::own(env) };
    let (mut key, source) = match credentials::resolve(config, wanted) {
        Ok(found) => found,
        Err(NoKey { source, error }) => {
            let err = Error::from(error);
            status.key_source = source.label();
            status.check = if err.is(&code::NOT_LOGGED_IN) {
                format!("not logged in: run `{}`", crate::error::login_command(&env.name))
            } else {
                err.to_string()
            };
            status.exit = err.exit_code();
            return status;
        }
    };
    status.key_source = source.label();
    // The API asked for one animal; and the key that replaced `key` if the API refused it and the client found
    // a newer one where it came from.
    let (result, fresh) = match ctx.client_for(&env.base_url, Some(env), &key, source) {
        Ok(client) => {
            let result = client.list_pets(&ListQuery { status: None, limit: Some(1) }).await.map(drop);
            (result.map_err(Error::from), client.rekeyed().cloned())
        }
        Err(err) => (Err(err), None),
    };
    // A cached copy the API refused may be out of date: the client then sent the keyring's own key, which is
    // what counts.
    if let Some(fresh) = fresh {
        key = fresh;
        status.key_source = Source::Keyring.label();
    }
    status.key = Some(key.masked());
    (status.exit, status.check, status.reason) = checked(&result);
    status
}

/// What the API's answer says of a key: the exit code it gives, the words of the `check` column, and, when
/// the server could not be reached, why.
fn checked(result: &Result<(), Error>) -> (u8, String, String) {
    let verdict = Verdict::of(result);
    match (&verdict, verdict.exit_code()) {
        (Verdict::Unknown(err), exit::NETWORK) => {
            (exit::NETWORK, format!("unknown: server unreachable: {err}"), err.to_string())
        }
        (_, code) => (code, verdict.to_string(), String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::{Output, OutputSettings};

    /// The line of `env`, its key from `source` checked with `result`.
    fn status(env: &str, active: bool, source: Source, result: &Result<(), Error>) -> KeyStatus {
        let (exit, check, reason) = checked(result);
        KeyStatus {
            env: env.to_owned(),
            base_url: format!("https://{env}.example/v1"),
            active,
            key_source: source.label(),
            key: Some("****abcd".to_owned()),
            check,
            exit,
            reason,
        }
    }

    /// A 401 answer's error.
    fn refused() -> Error {
        Error::from(petstore_core::api::Error::Status {
            status: reqwest::StatusCode::UNAUTHORIZED,
            body: None,
            excerpt: String::new(),
            request_id: None,
        })
    }

    #[test]
    fn an_answer_is_accepted_refused_or_says_nothing_of_the_key() {
        assert_eq!(checked(&Ok(())), (exit::SUCCESS, "accepted".to_owned(), String::new()));
        let (code, check, reason) = checked(&Err(refused()));
        assert_eq!((code, reason.as_str()), (exit::AUTH, ""));
        assert!(check.starts_with("refused (HTTP 401)"), "{check}");
        let down = Error::new(&code::NETWORK, "cannot connect to `127.0.0.1:9`");
        assert_eq!(
            checked(&Err(down)),
            (
                exit::NETWORK,
                "unknown: server unreachable: cannot connect to `127.0.0.1:9`".to_owned(),
                "cannot connect to `127.0.0.1:9`".to_owned()
            )
        );
        let failed = Error::new(&code::SERVER_ERROR, "the server failed (HTTP 500)");
        assert_eq!(
            checked(&Err(failed)),
            (exit::FAILURE, "unknown: the server failed (HTTP 500)".to_owned(), String::new())
        );
    }

    #[test]
    fn every_line_is_printed_and_only_the_selected_environment_decides_the_exit() {
        let (output, captured) = Output::captured(&OutputSettings::default());
        let statuses = [
            status("staging", false, Source::Keyring, &Err(refused())),
            status("sandbox", true, Source::BuiltIn, &Ok(())),
        ];
        report(&output, &statuses).unwrap();
        let stdout = captured.stdout();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{stdout}");
        assert!(
            lines[0].starts_with("\tstaging\thttps://staging.example/v1\tkeyring\t****abcd\trefused (HTTP 401)"),
            "{stdout}"
        );
        assert_eq!(lines[1], "*\tsandbox\thttps://sandbox.example/v1\tbuilt-in\t****abcd\taccepted");
        assert_eq!(captured.stderr(), "");
    }

    #[test]
    fn a_selected_environment_without_a_working_key_fails_by_why() {
        let (output, _) = Output::captured(&OutputSettings::default());
        let err = report(&output, &[status("sandbox", true, Source::File, &Err(refused()))]).unwrap_err();
        assert!(err.is(&code::NO_WORKING_KEY));
        assert_eq!(err.exit_code(), exit::AUTH);
        assert!(err.to_string().starts_with("`sandbox` has no working key: refused (HTTP 401)"), "{err}");
        let down = Err(Error::new(&code::NETWORK, "cannot connect"));
        let err = report(&output, &[status("sandbox", true, Source::File, &down)]).unwrap_err();
        assert!(err.is(&code::KEY_NOT_CHECKED));
        assert_eq!(err.exit_code(), exit::NETWORK);
        assert_eq!(err.to_string(), "`sandbox`'s key was not checked: the server could not be reached: cannot connect");
    }

    #[test]
    fn a_key_in_the_kernels_keyring_gets_a_note_of_how_long_it_lasts() {
        let (output, captured) = Output::captured(&OutputSettings::json());
        report(&output, &[status("sandbox", true, Source::Kernel, &Ok(()))]).unwrap();
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&captured.stdout()).unwrap(),
            serde_json::json!([{
                "env": "sandbox",
                "baseUrl": "https://sandbox.example/v1",
                "active": true,
                "keySource": "kernel",
                "key": "****abcd",
                "check": "accepted",
            }])
        );
        assert_eq!(
            captured.stderr(),
            format!("the key for `sandbox` is in the kernel's persistent keyring: {}\n", kernel_lifetime())
        );
    }
}
