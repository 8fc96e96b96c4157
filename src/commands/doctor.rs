//! `petstore doctor`

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use comfy_table::Color;
use hyper_util::client::proxy::matcher::{Intercept, Matcher};
use reqwest::header::{DATE, HeaderMap};
use reqwest::{Method, StatusCode, Url};
use serde::Serialize;

use crate::commands::auth::shared::{Verdict, kernel_lifetime};
use crate::context::{Context, Target};
use crate::error::{Error, code};
use crate::output::{Field, Fit, Rows};
use petstore_core::api::{self, ListQuery, Observer};
use petstore_core::config::{self, Config, Environment};
use petstore_core::credentials::{self, API_KEY_VAR, ApiKey, Source, Wanted, kernel, keyring};

/// Beyond this, the local clock is worth a warning.
const CLOCK_WARN: Duration = Duration::from_secs(60);
/// Beyond this, the local clock is wrong enough to fail the check.
const CLOCK_FAIL: Duration = Duration::from_secs(5 * 60);
/// A difference this small is the `Date` header's one-second resolution and the round trip, not skew.
const CLOCK_RESOLUTION: Duration = Duration::from_secs(2);

/// Check that petstore can work here, one line per check
///
/// Reads the config file, resolves the environment and its base URL, asks the OS keyring whether it answers,
/// looks up the API key, lists the proxy variables in effect, and sends one request (`GET /pets?limit=1`, with
/// the usual retries) to check TLS, the key, the clock and deprecation notices. Each check ends PASS, WARN
/// (petstore works, but look at it) or FAIL; a check that needs one that failed is SKIP. The key is never
/// shown, and credentials in proxy URLs are masked.
///
/// Exits with 1 when a check fails, else 0: a warning alone does not fail, so that `petstore doctor` can gate
/// a script or CI job, where there is often no keyring at all. `--json` prints one document,
/// `{"ok": BOOL, "checks": [{"name": ..., "status": "pass"|"warn"|"fail"|"skip", "detail": ...}]}`, where
/// `ok` is true exactly when the exit code is 0.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Checks, in order:
  config        the config file can be read (no file is fine: built-in defaults
                apply)
  environment   the environment in use and its base URL; WARN for a built-in
                placeholder URL
  keyring       the OS keyring answers within 3 s; if not, FAIL when the key is
                in it, else WARN
  key           an API key is found, and where: PETSTORE_API_KEY, keyring, file
                or built-in
  proxy         the proxy variables set (credentials masked), and whether
                requests to the base URL go through one; always PASS
  tls           the server's certificate is valid and trusted; PASS without TLS
                for `http://` to a loopback address, which never leaves the
                machine
  server        `GET /pets?limit=1` gets an answer that is not an error (a
                refused key aside)
  key-accepted  the API accepts the key
  clock         the local clock against the server's `Date`: WARN beyond 60 s,
                FAIL beyond 5 min
  deprecation   WARN when the answer carries `Deprecation` or `Sunset` headers

Examples:
  petstore doctor
  petstore doctor --env staging
  petstore doctor --json | jq -r '.checks[] | select(.status != \"pass\") | .name'
  # exit 0 only when every check passed (a warning fails too):
  petstore doctor --json | jq -e 'all(.checks[]; .status == \"pass\")'")]
pub struct DoctorArgs {
    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// How a check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pass,
    /// petstore works, but something deserves attention.
    Warn,
    Fail,
    /// Not checked: something it needs failed, or there was nothing to check it against.
    Skip,
}

impl Status {
    fn field(self) -> Field {
        let (text, color) = match self {
            Status::Pass => ("PASS", Color::Green),
            Status::Warn => ("WARN", Color::Yellow),
            Status::Fail => ("FAIL", Color::Red),
            Status::Skip => ("SKIP", Color::DarkGrey),
        };
        Field::new(text).colored(color)
    }
}

/// The columns of the table, TSV and CSV, by their JSON names (`--columns`).
pub const KEYS: &[&str] = &["name", "status", "detail"];

/// One line of the checklist, as `--json` prints it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Check {
    name: &'static str,
    status: Status,
    detail: String,
}

/// The whole checklist, as `--json` prints it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Report {
    ok: bool,
    checks: Vec<Check>,
}

/// Runs the checks in order, prints them, and fails when one failed.
impl DoctorArgs {
    /// What `doctor` says about itself: a record per check, under [`KEYS`].
    pub fn about(&self) -> crate::commands::About<'_> {
        crate::commands::About::new("doctor", crate::commands::formats::Prints::Records(KEYS, &self.columns))
    }
}

pub async fn run(ctx: &Context, _args: &DoctorArgs) -> Result<(), Error> {
    report(&ctx.output, checklist(ctx).await)
}

/// Prints the checklist as records, then on stderr how it came out; a failed check fails the command.
fn report(output: &crate::output::Output, checks: Vec<Check>) -> Result<(), Error> {
    let failed = checks.iter().filter(|check| check.status == Status::Fail).count();
    let warned = checks.iter().filter(|check| check.status == Status::Warn).count();
    let total = checks.len();
    let report = Report { ok: failed == 0, checks };
    output.records(&report, || Rows {
        header: vec!["CHECK", "STATUS", "DETAIL"],
        keys: KEYS.to_vec(),
        rows: report
            .checks
            .iter()
            .map(|check| vec![Field::new(check.name), check.status.field(), Field::new(&check.detail)])
            .collect(),
        // A detail is the reason of a warning: it wraps, never cut.
        fit: vec![Fit::cut(1, 0), Fit::cut(1, 0), Fit::wrap(0, 24)],
    })?;
    match (failed, warned) {
        (0, 0) => output.status(&format!("all {total} checks passed")),
        (0, 1) => output.status("no check failed; 1 warning"),
        (0, _) => output.status(&format!("no check failed; {warned} warnings")),
        _ => return Err(Error::new(&code::CHECKS_FAILED, format!("{failed} of {total} checks failed"))),
    }
    Ok(())
}

/// What the one request came to.
enum ProbeResult {
    /// It was not sent, for this reason (the skip reason of every check that needs it).
    NotSent(&'static str),
    /// No answer.
    Failed(Error),
    /// An answer, with its result in the user's terms (a refused key is a 401).
    Answered(ServerAnswer, Result<(), Error>),
}

/// The final answer's status, when it came by the local clock, and the headers that say something about the
/// deployment, each on one line.
#[derive(Debug, Clone)]
struct ServerAnswer {
    status: StatusCode,
    received: SystemTime,
    date: Option<String>,
    deprecation: Option<String>,
    sunset: Option<String>,
}

/// Keeps the last answer of the exchange (the final one: earlier ones were retried) and passes the rest on
/// to `--verbose`. Deprecation notices stop here: the `deprecation` check reports them.
struct Recorder {
    verbose: Arc<dyn Observer>,
    answer: Mutex<Option<ServerAnswer>>,
}

impl Observer for Recorder {
    fn request(&self, method: &Method, url: &Url, headers: &[(&str, String)]) {
        self.verbose.request(method, url, headers);
    }

    fn response(&self, status: StatusCode, headers: &HeaderMap, elapsed: Duration) {
        let text = |name: &str| {
            headers.get(name).map(|value| api::error::one_line(&String::from_utf8_lossy(value.as_bytes())))
        };
        let answer = ServerAnswer {
            status,
            received: SystemTime::now(),
            date: text(DATE.as_str()),
            deprecation: text("deprecation"),
            sunset: text("sunset"),
        };
        *self.answer.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(answer);
        self.verbose.response(status, headers, elapsed);
    }

    fn failed(&self, error: &api::Error, elapsed: Duration) {
        self.verbose.failed(error, elapsed);
    }

    fn retry(&self, attempt: u32, reason: &str, wait: Duration) {
        self.verbose.retry(attempt, reason, wait);
    }

    fn deprecated(&self, _: &Method, _: &Url, _: Option<&str>, _: Option<&str>) {}
}

/// `GET /pets?limit=1` through the client, as any command sends it (retries included, and the keyring's newer
/// key after a 401 to the kernel's copy of it); gives the key that replaced `key`, when one did.
async fn send(ctx: &Context, target: Target<'_>, key: &ApiKey, source: Source) -> (ProbeResult, Option<ApiKey>) {
    let recorder = Arc::new(Recorder { verbose: ctx.output.request_observer(), answer: Mutex::new(None) });
    let client = match ctx.client_for(target.base_url, target.env, key, source) {
        Ok(client) => client.with_observer(recorder.clone()),
        Err(error) => return (ProbeResult::Failed(error), None),
    };
    let result = client.list_pets(&ListQuery { status: None, limit: Some(1) }).await.map(drop);
    let answer = recorder.answer.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take();
    let outcome = match (result, answer) {
        (Ok(()), Some(answer)) => ProbeResult::Answered(answer, Ok(())),
        (Err(error @ (api::Error::Status { .. } | api::Error::Decode { .. })), Some(answer)) => {
            ProbeResult::Answered(answer, Err(error.into()))
        }
        (Err(error), _) => ProbeResult::Failed(error.into()),
        (Ok(()), None) => unreachable!("the client reports every answer to its observer"),
    };
    (outcome, client.rekeyed().cloned())
}

/// Every check, in order; a check that needs an earlier one that failed is skipped with the reason.
async fn checklist(ctx: &Context) -> Vec<Check> {
    let mut checks = Vec::new();
    let mut check = |name, (status, detail): (Status, String)| checks.push(Check { name, status, detail });

    let (row, config) = settled(ctx.config(), |config| (Status::Pass, config_found(config)));
    check("config", row);

    let (row, target) = match config {
        Some(_) => settled(ctx.target(), environment),
        None => (skip("needs a readable config file"), None),
    };
    check("environment", row);
    let env = target.and_then(|target| target.env);

    // The stores' health, as the credentials tell it; the checks below word it.
    let health = credentials::health(config, target.map(|target| Wanted::chosen(target.env, target.base_url)));
    let (source, cached) = (health.source, health.cached);
    let keyring_probe = health.keyring;
    check("keyring", keyring_check(&keyring_probe, source, env, cached));
    check("kernel-keyring", kernel_check(config, &health.kernel, source, env));

    let (row, found) = match (config, target) {
        // Asking again would only wait for the keyring's time bound a second time; only the kernel's copy can
        // give the key now.
        (Some(_), Some(_)) if source == Some(Source::Keyring) && keyring_probe.is_err() && !cached => {
            (skip(&format!("needs the {}, where the key is kept", keyring::backend())), None)
        }
        (Some(config), Some(target)) => settled(
            credentials::resolve(config, Wanted::chosen(target.env, target.base_url)).map_err(Error::from),
            |(key, source)| (Status::Pass, key_found(key, *source)),
        ),
        _ => (skip("needs an environment"), None),
    };
    check("key", row);

    let base_url = target.map(|target| target.base_url.url());
    check("proxy", (Status::Pass, proxies(base_url)));

    // One request, and only with a key: the client never sends one without.
    let (outcome, fresh) = match (target, &found) {
        (None, _) => (ProbeResult::NotSent("needs a base URL"), None),
        (Some(target), Some((key, source))) => send(ctx, target, key, *source).await,
        (Some(_), None) => (ProbeResult::NotSent("needs an API key to send"), None),
    };
    // A cached copy the API refused may be out of date, as any command would find: the client then sent the
    // keyring's own key, which is what counts.
    let found_in = if fresh.is_some() { Some(Source::Keyring) } else { found.as_ref().map(|(_, source)| *source) };
    let request = target.map(|target| format!("GET {}/pets?limit=1", target.base_url.path().trim_end_matches('/')));
    let request = request.as_deref().unwrap_or_default();

    let own_ca = target.and_then(|target| target.env).and_then(|env| Some((&env.name, env.cacert.as_ref()?)));
    let (status, mut detail) = ca_store(base_url, ctx.cacert().is_some() || own_ca.is_some());
    if let Some((name, path)) = own_ca {
        detail.push_str(&format!("; environment `{name}` trusts its own CA file `{}` too", path.display()));
    }
    check("ca-store", (status, detail));

    check("tls", tls(base_url, &outcome));

    check("server", server(&outcome, request));

    let answer = match &outcome {
        ProbeResult::NotSent(why) => Err(*why),
        ProbeResult::Failed(_) => Err("needs an answer from the server"),
        ProbeResult::Answered(answer, result) => Ok((answer, result)),
    };

    check("key-accepted", key_accepted(answer.map(|(_, result)| result), found_in.or(source), env));

    check("clock", answer.map_or_else(skip, |(answer, _)| clock(answer)));
    check("deprecation", answer.map_or_else(skip, |(answer, _)| deprecation(answer, request)));
    check("outbox", target.map_or_else(|| skip("needs a base URL"), |target| outbox(ctx, target)));

    if let Some(fresh) = fresh
        && let Some(key) = checks.iter_mut().find(|check| check.name == "key")
    {
        let words = key_found(&fresh, Source::Keyring);
        key.detail = format!("{words}; the API refused the kernel's older copy, which now holds this one");
    }
    checks
}

/// The writes that wait to be sent to the target's server, and the look `--offline` answers from.
fn outbox(ctx: &Context, target: Target<'_>) -> (Status, String) {
    use crate::commands::pets::offline;
    let snapshot = match offline::kept(ctx) {
        Ok(Some(snapshot)) => format!("`--offline` answers from the store as of {}", offline::as_of(&snapshot)),
        Ok(None) => "no look at the store kept for `--offline` yet".to_owned(),
        Err(err) => describe(&err),
    };
    match offline::queued(ctx, target.base_url.as_str()) {
        0 => (Status::Pass, format!("no write waits to be sent; {snapshot}")),
        n => (Status::Warn, format!("{n} not sent, waiting: `petstore journal send` sends them; {snapshot}")),
    }
}

/// The server, as the one request found it: a refused key is the next check's business, as the server did
/// answer.
fn server(outcome: &ProbeResult, request: &str) -> (Status, String) {
    match outcome {
        ProbeResult::NotSent(why) => skip(why),
        ProbeResult::Failed(error) if error.is(&code::TLS) => skip("needs a TLS connection"),
        ProbeResult::Failed(error) => (Status::Fail, describe(error)),
        ProbeResult::Answered(answer, result) => match result {
            Err(err) if !err.is(&code::UNAUTHORIZED) => (Status::Fail, describe(err)),
            Ok(()) | Err(_) => (Status::Pass, format!("`{request}` answered {}", answer.status)),
        },
    }
}

/// Whether the API accepted the key, from the answer's result (or why there is none); a refused key's fix
/// depends on where it was found (`source`).
fn key_accepted(
    result: Result<&Result<(), Error>, &str>,
    source: Option<Source>,
    env: Option<&Environment>,
) -> (Status, String) {
    let result = match result {
        Err(why) => return skip(why),
        Ok(result) => result,
    };
    match Verdict::of(result) {
        verdict @ Verdict::Accepted => (Status::Pass, verdict.to_string()),
        ref verdict @ Verdict::Refused { ref detail, .. } => {
            let fix = match (source, env) {
                (Some(Source::Keyring | Source::KernelCache | Source::Kernel | Source::File), Some(env)) => {
                    format!("run `{}` again", crate::error::login_command(&env.name))
                }
                _ => format!("check `{API_KEY_VAR}`"),
            };
            (Status::Fail, format!("{verdict}: {detail}; {fix}"))
        }
        Verdict::Unknown(_) => skip("needs an answer about the key (see `server`)"),
    }
}

/// A check on what `result` holds: `pass` words what it found; a failure fails the check, with the error's words.
fn settled<T>(result: Result<T, Error>, pass: impl FnOnce(&T) -> (Status, String)) -> ((Status, String), Option<T>) {
    match result {
        Ok(value) => (pass(&value), Some(value)),
        Err(err) => ((Status::Fail, describe(&err)), None),
    }
}

fn skip(why: &str) -> (Status, String) {
    (Status::Skip, why.to_owned())
}

/// An error as one line: its message, then its hint.
fn describe(err: &Error) -> String {
    match err.hint() {
        Some(help) => format!("{err}; {help}"),
        None => err.to_string(),
    }
}

fn config_found(config: &Config) -> String {
    let path = config.path();
    if path.exists() {
        format!("read `{}`", path.display())
    } else {
        format!("no file at `{}`: built-in defaults apply", path.display())
    }
}

/// The environment in use. The built-in production and staging URLs are placeholders (`.example`) until the
/// config file names the real ones.
fn environment(target: &Target<'_>) -> (Status, String) {
    match target.env {
        Some(env) if env.is_placeholder() => (
            Status::Warn,
            format!(
                "`{}`: {} is a placeholder; set the real one with `petstore env set {} --base-url URL`",
                env.name, env.base_url, env.name
            ),
        ),
        Some(env) => (Status::Pass, format!("`{}`: {}", env.name, env.base_url)),
        None => (
            Status::Pass,
            format!(
                "{}, which is not one of petstore's environments: only `{API_KEY_VAR}` gives it a key",
                target.base_url
            ),
        ),
    }
}

fn key_found(key: &ApiKey, source: Source) -> String {
    let from = match source {
        Source::EnvVar => format!("`{API_KEY_VAR}`"),
        Source::KeyFile => format!("the file `{}` names", credentials::external::KEY_FILE_VAR),
        Source::Command => "the environment's key command".to_owned(),
        Source::Keyring => format!("the {}", keyring::backend()),
        Source::KernelCache => format!("the kernel's cache of the {}'s key", keyring::backend()),
        Source::Kernel => "the kernel's persistent keyring".to_owned(),
        Source::File => "the credentials file".to_owned(),
        Source::BuiltIn => "the environment's built-in key".to_owned(),
        Source::None => "nowhere".to_owned(),
    };
    format!("from {from}: {}", key.masked())
}

/// The keyring fails the checklist only when the key is kept there and the kernel has no copy of it;
/// otherwise its absence is a warning, since `petstore auth login` without `--storage` would need it.
fn keyring_check(
    probe: &Result<(), keyring::KeyringError>,
    source: Option<Source>,
    env: Option<&Environment>,
    cached: bool,
) -> (Status, String) {
    let Err(err) = probe else {
        return (Status::Pass, format!("the {} answers", keyring::backend()));
    };
    let name = env.map_or("NAME", |env| env.name.as_str());
    let not_needed = |how: String| (Status::Warn, format!("not needed now: {how}"));
    let (status, consequence) = match source {
        Some(Source::Keyring) if cached => (
            Status::Warn,
            format!(
                "the key for `{name}` is kept there, and comes from the kernel's cached copy until that expires; then \
                 {}",
                kept_elsewhere(name, "kernel")
            ),
        ),
        Some(Source::Keyring | Source::KernelCache) => {
            (Status::Fail, format!("the key for `{name}` is kept there; {}", kept_elsewhere(name, "kernel")))
        }
        Some(Source::EnvVar) => not_needed(format!("the key comes from `{API_KEY_VAR}`")),
        Some(Source::KeyFile) => {
            not_needed(format!("the key comes from the file `{}` names", credentials::external::KEY_FILE_VAR))
        }
        Some(Source::Command) => not_needed(format!("the key for `{name}` comes from its key command")),
        Some(Source::File) => not_needed(format!("the key for `{name}` is in the credentials file")),
        Some(Source::Kernel) => not_needed(format!("the key for `{name}` is in the kernel's persistent keyring")),
        Some(Source::BuiltIn) => not_needed(format!("`{name}` has a built-in key")),
        // Where nothing answers at all, `auth login` keeps the key in the kernel's keyring by itself.
        Some(Source::None) | None
            if matches!(err, keyring::KeyringError::Unreachable { .. }) && cfg!(target_os = "linux") =>
        {
            (
                Status::Warn,
                "`petstore auth login` keeps keys in the kernel's keyring instead (lost at reboot), or in a 0600 file \
             with `--storage file`"
                    .to_owned(),
            )
        }
        Some(Source::None) | None => (
            Status::Warn,
            "`petstore auth login` needs it, or `--storage kernel` (no file) or `--storage file` to keep the key \
             elsewhere"
                .to_owned(),
        ),
    };
    (status, format!("{err}; {consequence}"))
}

/// How to have the key for `name` without the store it is kept in: the variable, or `auth login` into
/// `storage` (or the file).
fn kept_elsewhere(name: &str, storage: &str) -> String {
    format!(
        "set `{API_KEY_VAR}`, or run `{} --storage {storage}` (or `--storage file`)",
        crate::error::login_command(name)
    )
}

/// The kernel's keyring, where keys from the OS keyring are cached and `--storage kernel` keeps them. It fails
/// the checklist only when the key is kept there: without it, the cache is simply not used.
fn kernel_check(
    config: Option<&Config>,
    probe: &Result<(), kernel::KernelError>,
    source: Option<Source>,
    env: Option<&Environment>,
) -> (Status, String) {
    if !cfg!(target_os = "linux") {
        return skip("only Linux has one");
    }
    let ttl = config.map_or(config::DEFAULT_KEY_CACHE_TTL, Config::key_cache_ttl);
    let Err(err) = probe else {
        if let (Some(Source::Kernel), Some(env)) = (source, env) {
            return (
                Status::Pass,
                format!("it answers; the key for `{}` is kept there: {}", env.name, kernel_lifetime()),
            );
        }
        let cache = if ttl.is_zero() {
            "the cache is off (`key_cache_ttl = 0`)".to_owned()
        } else {
            format!(
                "keys read from the {} are cached for {} (`key_cache_ttl`)",
                keyring::backend(),
                crate::output::duration_words(ttl)
            )
        };
        return (Status::Pass, format!("it answers; {cache}"));
    };
    let name = env.map_or("NAME", |env| env.name.as_str());
    match source {
        Some(Source::Kernel) => {
            (Status::Fail, format!("{err}; the key for `{name}` is kept there; {}", kept_elsewhere(name, "keyring")))
        }
        _ => (
            Status::Warn,
            format!(
                "{err}; keys are read from the {} every time, and `--storage kernel` cannot be used",
                keyring::backend()
            ),
        ),
    }
}

/// The proxy variables set, credentials masked, and the proxy (if any) that requests to `base_url` go
/// through. The choice is reqwest's, asked of the same `Matcher` its client asks (hyper-util's
/// `Matcher::from_system`), so that it cannot drift from what the client does; the one rule of petstore's own
/// is that plain `http://` (loopback only) never goes through a proxy (`Client::with_settings`).
fn proxies(base_url: Option<&Url>) -> String {
    let set: Vec<String> = PROXY_VARS
        .into_iter()
        .filter_map(|name| std::env::var(name).ok().map(|value| format!("{name}={}", mask_proxy(&value))))
        .collect();
    if set.is_empty() {
        return "none set: requests go straight to the server".to_owned();
    }
    let set = set.join(", ");
    let Some(url) = base_url else { return format!("set: {set}") };
    let host = url.host_str().unwrap_or_default();
    if url.scheme() == "http" {
        return format!("not used for plain `http://`: requests to `{host}` go direct; set: {set}");
    }
    let Ok(uri) = url.as_str().parse() else { return format!("set: {set}") };
    if let Some(proxy) = Matcher::from_system().intercept(&uri) {
        return format!("requests to `{host}` go through {}; set: {set}", shown_proxy(&proxy));
    }
    // Why not, when `NO_PROXY` is the reason: asked of a matcher that would otherwise send everything
    // through a proxy.
    let no_proxy = ["NO_PROXY", "no_proxy"].into_iter().find_map(|name| Some((name, std::env::var(name).ok()?)));
    match no_proxy {
        Some((name, list))
            if Matcher::builder().all("http://proxy.invalid").no(&list).build().intercept(&uri).is_none() =>
        {
            format!("`{name}` exempts `{host}`: requests go direct; set: {set}")
        }
        _ => format!("none applies to `https://` URLs: requests to `{host}` go direct; set: {set}"),
    }
}

/// The variables that name proxies, as `Matcher::from_env` documents them, in the order they are shown.
const PROXY_VARS: [&str; 8] =
    ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy", "NO_PROXY", "no_proxy"];

/// The proxy a request goes through, its credentials (if any) masked.
fn shown_proxy(proxy: &Intercept) -> String {
    let uri = proxy.uri();
    let credentials = if proxy.basic_auth().is_some() || proxy.raw_auth().is_some() {
        format!("{}@", config::base_url::MASKED_USERINFO)
    } else {
        String::new()
    };
    let scheme = uri.scheme_str().unwrap_or("http");
    format!("{scheme}://{credentials}{}", uri.authority().map_or("", |authority| authority.as_str()))
}

/// A proxy variable's value with its user info masked, by the one rule every URL follows
/// ([`config::base_url::mask_userinfo`]). A value without a scheme is one (reqwest reads it as `http://`).
fn mask_proxy(value: &str) -> String {
    if value.contains("://") {
        return config::base_url::mask_userinfo(value).text;
    }
    let masked = config::base_url::mask_userinfo(&format!("http://{value}")).text;
    masked.strip_prefix("http://").unwrap_or(&masked).to_owned()
}

/// The system's CA certificates, which HTTPS checks servers' certificates with: how many and where from; none
/// fails for an HTTPS base URL without `--cacert` (`cacert`), and is a warning otherwise.
#[cfg(all(unix, not(target_os = "macos")))]
fn ca_store(base_url: Option<&Url>, cacert: bool) -> (Status, String) {
    let roots = petstore_core::api::roots::system_roots();
    let places: Vec<String> = roots.from.iter().map(|path| format!("`{}`", path.display())).collect();
    let places = crate::output::listed(&places, "or")
        .unwrap_or_else(|| "the places OpenSSL looks (there are none on this system)".to_owned());
    let count = roots.certificates.len();
    if count > 0 {
        return (Status::Pass, format!("{count} CA certificates, read from {places}"));
    }
    let https = base_url.is_some_and(|url| url.scheme() == "https");
    let detail = format!(
        "no CA certificates in {places}: install the system's (Debian and Ubuntu: `apt install ca-certificates`), \
         or give `--cacert FILE`"
    );
    if https && !cacert { (Status::Fail, detail) } else { (Status::Warn, detail) }
}

/// The platform's own verifier (the Keychain, the Windows certificate store) checks servers' certificates.
#[cfg(not(all(unix, not(target_os = "macos"))))]
fn ca_store(_base_url: Option<&Url>, _cacert: bool) -> (Status, String) {
    (Status::Pass, "the platform's certificate store, through its own verifier".to_owned())
}

/// TLS to the base URL, as the request found it.
fn tls(base_url: Option<&Url>, outcome: &ProbeResult) -> (Status, String) {
    let Some(base_url) = base_url else { return skip("needs a base URL") };
    if base_url.scheme() == "http" {
        // `url_may_carry_key` lets plain HTTP through to loopback addresses only.
        return (
            Status::Pass,
            "not used: plain `http://` to a loopback address does not leave this machine".to_owned(),
        );
    }
    match outcome {
        ProbeResult::NotSent(why) => skip(why),
        ProbeResult::Answered(..) => (
            Status::Pass,
            format!("the certificate of `{}` is valid and trusted", base_url.host_str().unwrap_or_default()),
        ),
        ProbeResult::Failed(error) if error.is(&code::TLS) => (Status::Fail, describe(error)),
        ProbeResult::Failed(_) => skip("needs a connection to the server"),
    }
}

/// The local clock against the server's `Date`.
fn clock(answer: &ServerAnswer) -> (Status, String) {
    let Some(date) = &answer.date else {
        return skip("the answer has no `Date` header to compare with");
    };
    let Ok(server) = httpdate::parse_http_date(date) else {
        return (Status::Skip, format!("the answer's `Date` header is not a date: `{date}`"));
    };
    let (skew, direction) = match answer.received.duration_since(server) {
        Ok(ahead) => (ahead, "ahead of"),
        Err(behind) => (behind.duration(), "behind"),
    };
    if skew <= CLOCK_RESOLUTION {
        return (Status::Pass, format!("the local clock is within {} s of the server's", CLOCK_RESOLUTION.as_secs()));
    }
    let text =
        format!("the local clock is {} {direction} the server's (`Date: {date}`)", crate::output::duration_words(skew));
    if skew > CLOCK_FAIL {
        (Status::Fail, format!("{text}; set it right (e.g. turn on NTP)"))
    } else if skew > CLOCK_WARN {
        (Status::Warn, format!("{text}; dates from the server (`Retry-After`, `Sunset`) read wrong against it"))
    } else {
        (Status::Pass, text)
    }
}

/// Deprecation notices (RFC 9745 `Deprecation`, RFC 8594 `Sunset`) on the answer.
fn deprecation(answer: &ServerAnswer, request: &str) -> (Status, String) {
    if answer.deprecation.is_none() && answer.sunset.is_none() {
        return (Status::Pass, format!("none announced for `{request}`"));
    }
    let since = match answer.deprecation.as_deref() {
        // A structured-field date: `@` and seconds since the epoch.
        Some(value) => match value.strip_prefix('@').and_then(|secs| secs.parse::<u64>().ok()) {
            Some(secs) => format!(" since {}", httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_secs(secs))),
            None => format!(" (`Deprecation: {value}`)"),
        },
        None => String::new(),
    };
    let sunset = match answer.sunset.as_deref() {
        Some(date) => {
            let past = httpdate::parse_http_date(date).is_ok_and(|date| date < SystemTime::now());
            format!(" and removes it after {date}{}", if past { ", which has passed" } else { "" })
        }
        None => String::new(),
    };
    (Status::Warn, format!("the API deprecates `{request}`{since}{sunset}; look for a newer petstore"))
}

#[cfg(test)]
mod tests;
