//! Settings resolved once from flags, environment variables and the config file; the output; and the API
//! client on demand. Commands that only manage settings (`auth`, `env`, `config`) never build a client
//! through [`Context::client`]; they check keys with [`Context::client_with`].

use std::sync::OnceLock;

use reqwest::Url;

use crate::cleanup::{self, Ended, WriteInFlight};
use crate::error::{Error, Kind, code};
use crate::output::Output;
use petstore_core::api::client::{Client, Settings};
use petstore_core::config::{self, Config, DisplaySafeUrl, Environment};
use petstore_core::credentials::{self, ApiKey, Source, Wanted};

/// Names the base URL, below `--base-url` and `--env`.
pub const BASE_URL_VAR: &str = "PETSTORE_BASE_URL";

/// Set by `petstore env run NAME` and `env shell NAME` for what they run: petstore is pinned to NAME there
/// (read once, at start-up: [`crate::startup`]).
pub const SCOPE_VAR: &str = "PETSTORE_SCOPE";

/// Sets the time one attempt of a request may take, as `--timeout`.
pub const TIMEOUT_VAR: &str = "PETSTORE_TIMEOUT";

/// Names a PEM file of CA certificates to trust too, as `--cacert` (as curl has `CURL_CA_BUNDLE`):
/// `petstore-sandbox --tls -- CMD` sets it for CMD.
pub const CACERT_VAR: &str = "PETSTORE_CACERT";

/// Set by `petstore-sandbox -- CMD` for CMD (to the sandbox's base URL): CMD runs inside the wrapper, where
/// every command goes to the sandbox without `--env`, so a refusal's hint does not send it to the wrapper again.
pub const SANDBOX_VAR: &str = "PETSTORE_SANDBOX";

/// The certificates in a PEM file given to `--cacert` (`given` names where it came from), each checked now
/// ([`petstore_core::api::ca`]), so that a bad one is a usage error before anything is sent.
pub(crate) fn read_certificates(path: &std::path::Path, given: &str) -> Result<Vec<reqwest::Certificate>, Error> {
    petstore_core::api::ca::read_certificates(path).map_err(|err| {
        Error::invalid_value(format!("{given}: {err}")).with_hint(
            "give a PEM file of CA certificates, a regular file of at most 1 MiB, such as your CA's `ca.pem`",
        )
    })
}

/// What the flags and variables select, before the config is read: a base URL, or an environment's name, and
/// what chose it (resolved once, at start-up: [`crate::startup`]). Neither: the config's default environment,
/// else production.
#[derive(Debug, Clone)]
pub struct Selection {
    pub base_url: Option<DisplaySafeUrl>,
    pub env: Option<String>,
    pub selected_by: Option<&'static str>,
}

impl Selection {
    /// The environment selected in `config`, if the selection is one: a base URL is one when an environment
    /// has it.
    pub fn environment<'a>(&self, config: &'a Config) -> Option<&'a Environment> {
        match (&self.base_url, &self.env) {
            (Some(url), _) => config.environment_for_url(url),
            (None, Some(name)) => config.environment(name).ok(),
            (None, None) => config.environment(config.default_env_name()).ok(),
        }
    }
}

/// What start-up resolved for the [`Context`]: plain settings, no clap type.
#[derive(Debug, Clone)]
pub struct ContextSettings {
    pub selection: Selection,
    /// `--timeout`, else `PETSTORE_TIMEOUT`, else the default.
    pub timeout: std::time::Duration,
    /// The file of extra CA certificates, and where it was given (`` `--cacert FILE` ``) for its errors.
    pub cacert: Option<(std::path::PathBuf, String)>,
    /// The on/off variables, `no_input` with `--no-input` in it.
    pub switches: crate::startup::Switches,
    /// The environment `env run` or `env shell` pinned petstore to ([`SCOPE_VAR`]), if any.
    pub scope: Option<String>,
    /// `TRACEPARENT`: the trace every request joins (`api::trace`).
    pub traceparent: Option<String>,
}

/// What every command runs with.
#[derive(Debug)]
pub struct Context {
    pub output: Output,
    base_url: Option<DisplaySafeUrl>,
    env: Option<String>,
    /// What chose `base_url` or `env`, for `env current`; `None` when neither was given.
    selected_by: Option<&'static str>,
    /// The on/off variables, `no_input` with `--no-input` in it.
    switches: crate::startup::Switches,
    /// The environment `env run` or `env shell` pinned petstore to, if any.
    scope: Option<String>,
    config: OnceLock<Config>,
    /// Whether what others could change of the config was warned about (on the config's first use).
    config_checked: std::sync::Once,
    /// The connections of every client made from this context and those made from it (see
    /// [`Context::with_config_reread`]), kept open and reused: `petstore mcp` makes a client for each call.
    connections: petstore_core::api::Connections,
    /// The time one attempt of a request may take.
    timeout: std::time::Duration,
    /// The file of extra CA certificates (`--cacert`, else `PETSTORE_CACERT`) and where it was given, for
    /// `--curl` to pass on and for the first client to read.
    cacert: Option<(std::path::PathBuf, String)>,
    traceparent: Option<String>,
    /// The certificates in `cacert`, read when the first client is made.
    ca_certificates: OnceLock<Vec<reqwest::Certificate>>,
    /// The journal of writes, opened at the first write (`crate::journal`).
    journal: OnceLock<petstore_core::journal::Journal>,
    /// The key every client is made with, given in place of one looked up: a unit test's, which touches no
    /// keyring and no variable. `None` in a run.
    key: Option<ApiKey>,
}

/// Where requests go: a base URL, and the environment it belongs to when it is one of petstore's.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub base_url: &'a DisplaySafeUrl,
    /// The environment whose base URL this is: its key is the one sent.
    pub env: Option<&'a Environment>,
    /// The environment whose writes are confirmed that a write here is asked about as, if any. An environment
    /// chosen by name keeps its own `confirm_writes`. A base URL is asked about as any environment with
    /// `confirm_writes` whose server it reaches, however it is spelled (`localhost` for `127.0.0.1`, `:443` or
    /// not, a trailing slash): a write is never sent unasked for being spelled another way.
    pub confirmed: Option<&'a Environment>,
}

impl<'a> Target<'a> {
    /// The environment `env`, chosen by name.
    fn named(env: &'a Environment) -> Target<'a> {
        Target { base_url: &env.base_url, env: Some(env), confirmed: Some(env).filter(|env| env.confirm_writes) }
    }

    /// The base URL `base_url`, given as one: the environment it is, if any, and the confirmed one it reaches.
    fn url(config: &'a Config, base_url: &'a DisplaySafeUrl) -> Target<'a> {
        let env = config.environment_for_url(base_url);
        let confirmed = env
            .filter(|env| env.confirm_writes)
            .or_else(|| config.environments_reached_by(base_url).find(|env| env.confirm_writes));
        Target { base_url, env, confirmed }
    }
}

impl Context {
    /// The file of extra CA certificates requests trust (`--cacert`, else `PETSTORE_CACERT`), if any.
    pub fn cacert(&self) -> Option<&std::path::Path> {
        self.cacert.as_ref().map(|(path, _)| path.as_path())
    }

    /// `--cacert FILE` as given on the command line (not from `PETSTORE_CACERT`): for `env set` and `env add`,
    /// the environment's own CA file.
    pub fn cacert_flag(&self) -> Option<&std::path::Path> {
        self.cacert.as_ref().filter(|(_, given)| given.starts_with("`--cacert ")).map(|(path, _)| path.as_path())
    }

    /// What every client is made with: the timeout, and the CA file's certificates, read (and each checked)
    /// the first time a client is made, then the target environment's own CA file's. A command that makes none
    /// (`env list`, `auth status`) never opens the files, so a CA file it cannot read cannot stop it.
    fn settings(&self) -> Result<Settings, Error> {
        let mut ca_certificates = match (&self.cacert, self.ca_certificates.get()) {
            (None, _) => Vec::new(),
            (Some(_), Some(read)) => read.clone(),
            (Some((path, given)), None) => {
                let read = read_certificates(path, given)?;
                self.ca_certificates.get_or_init(|| read).clone()
            }
        };
        if let Some(env) = self.target().ok().and_then(|target| target.env)
            && let Some(path) = &env.cacert
        {
            let given = format!("the `cacert` of environment `{}`", env.name);
            ca_certificates.extend(read_certificates(path, &given)?);
        }
        Ok(Settings { timeout: self.timeout, ca_certificates, traceparent: self.traceparent.clone() })
    }

    /// The context of a run, from what start-up resolved ([`crate::startup`]): where requests go, the
    /// timeout, the CA file, `--no-input`; and the config file when start-up read it, so that it is not read
    /// again (its first use still warns, as [`Context::config`] does). Nothing else is read until a command
    /// needs it. A CA file is read, and each certificate checked, when the first client is made: a bad one is
    /// a usage error before anything is sent.
    pub fn new(settings: ContextSettings, output: Output, config: Option<Config>) -> Result<Context, Error> {
        let ContextSettings {
            selection: Selection { base_url, env, selected_by },
            timeout,
            cacert,
            switches,
            scope,
            traceparent,
        } = settings;
        let loaded = OnceLock::new();
        if let Some(config) = config {
            let _ = loaded.set(config);
        }
        Ok(Context {
            output,
            base_url,
            env,
            selected_by,
            switches,
            scope,
            config: loaded,
            config_checked: std::sync::Once::new(),
            timeout,
            connections: petstore_core::api::Connections::default(),
            cacert,
            traceparent,
            ca_certificates: OnceLock::new(),
            journal: OnceLock::new(),
            key: None,
        })
    }

    /// A context for a unit test, with no process, keyring or variable: requests go to `base_url` with `key`,
    /// and the config and the journal are in `dir` (a test's temporary directory).
    #[cfg(test)]
    pub(crate) fn for_test(output: Output, base_url: &str, key: &str, dir: &std::path::Path) -> Context {
        let settings = ContextSettings {
            selection: Selection {
                base_url: Some(reqwest::Url::parse(base_url).expect("a URL").into()),
                env: None,
                selected_by: Some("--base-url"),
            },
            timeout: std::time::Duration::from_secs(30),
            cacert: None,
            switches: crate::startup::Switches::read(|_| None).expect("the defaults"),
            scope: None,
            traceparent: None,
        };
        let config = Config::load_from(dir.join("config")).expect("an empty config");
        let mut ctx = Context::new(settings, output, Some(config)).expect("a context");
        let journal = petstore_core::journal::Journal::open(&dir.join("state")).expect("a journal");
        ctx.journal.set(journal).expect("not opened yet");
        ctx.key = Some(ApiKey::new(key.to_owned()).expect("a key"));
        ctx
    }

    /// This context with the config file not read yet, for a command that runs on and acts again and again
    /// (`petstore mcp`): each of its calls reads the config as it is then, so that a change made meanwhile (an
    /// environment's `confirm_writes`, its base URL, where its key is kept) holds from the next call on. What
    /// the flags and variables chose stays as it was at start, and so does the environment the config's
    /// default chose then: a later `petstore env use` does not move a running server to another environment.
    /// The config directory's writers were warned about at start, and are not again. Its clients share this
    /// context's connections: one pool for the server's life.
    pub fn with_config_reread(&self) -> Result<Context, Error> {
        let env = match (&self.base_url, &self.env) {
            (None, None) => Some(self.env_name()?),
            _ => self.env.clone(),
        };
        let config_checked = std::sync::Once::new();
        config_checked.call_once(|| {});
        Ok(Context {
            output: self.output.clone(),
            base_url: self.base_url.clone(),
            env,
            selected_by: self.selected_by,
            switches: self.switches,
            scope: self.scope.clone(),
            config: OnceLock::new(),
            config_checked,
            timeout: self.timeout,
            connections: self.connections.clone(),
            cacert: self.cacert.clone(),
            traceparent: self.traceparent.clone(),
            ca_certificates: self.ca_certificates.clone(),
            journal: self.journal.clone(),
            key: self.key.clone(),
        })
    }

    /// The journal of writes, opened (or found off) at the first write of the run.
    pub fn journal(&self) -> &petstore_core::journal::Journal {
        self.journal.get_or_init(|| crate::journal::open::open(&self.output, self.switches.journal))
    }

    /// The config file, read once; what others could change of it (a config directory or `config.toml` they
    /// can write, a directory its links lead into) is warned about on first use, once per run.
    pub fn config(&self) -> Result<&Config, Error> {
        let config = match self.config.get() {
            Some(config) => config,
            None => {
                let config = Config::load()?;
                self.config.get_or_init(|| config)
            }
        };
        self.config_checked.call_once(|| self.warn_of_exposures(config));
        Ok(config)
    }

    fn warn_of_exposures(&self, config: &Config) {
        let commands = config.environments().iter().any(|env| env.key_command.is_some());
        for exposure in config.exposures() {
            let (message, fix) = crate::error::exposure_words(exposure, commands);
            self.output.warning(&format!("{message}; {fix}"));
        }
    }

    /// The selected environment's name: `--env` > `PETSTORE_ENV` > the config's default > production.
    pub fn env_name(&self) -> Result<String, Error> {
        Ok(match &self.env {
            Some(name) => name.clone(),
            None => self.config()?.default_env_name().to_owned(),
        })
    }

    /// The environment `petstore env run` or `env shell` pinned this run to, if any ([`SCOPE_VAR`]).
    pub fn scope(&self) -> Option<&str> {
        self.scope.as_deref()
    }

    /// The on/off variables as start-up read them; `no_input` with `--no-input` in it.
    pub fn switches(&self) -> crate::startup::Switches {
        self.switches
    }

    /// `--base-url URL` as given on the command line (not from `PETSTORE_BASE_URL`): for `env set`, the
    /// environment's new base URL.
    pub fn base_url_flag(&self) -> Option<&DisplaySafeUrl> {
        self.base_url.as_ref().filter(|_| self.selected_by == Some("--base-url"))
    }

    /// The environment named by `--env` or `PETSTORE_ENV`, if one was: `petstore journal`'s filter.
    pub fn env_given(&self) -> Option<&str> {
        self.env.as_deref().filter(|_| matches!(self.selected_by, Some("--env" | "PETSTORE_ENV")))
    }

    /// What chose the target, as a user would name it: `--base-url`, `--env`, `PETSTORE_BASE_URL`,
    /// `PETSTORE_ENV`, `default_env` (`petstore env use`) or `built-in default` (production).
    pub fn selected_by(&self) -> Result<&'static str, Error> {
        Ok(match self.selected_by {
            Some(by) => by,
            None if self.config()?.default_env().is_some() => "default_env",
            None => "built-in default",
        })
    }

    /// `err` with a hint that is true of where the request went: a server that cannot be reached, for an
    /// environment chosen by name, is fixed in the config file, not with `--base-url`.
    pub fn with_true_hint(&self, err: Error) -> Error {
        let Some(petstore_core::api::Error::Connect { origin, reason }) = err.source_as::<petstore_core::api::Error>()
        else {
            return err;
        };
        match self.environment() {
            Ok(env) if self.base_url.is_none() => {
                // A built-in environment at its built-in URL has no section in the config file to point at.
                let at_built_in_url = env.built_in
                    && petstore_core::config::built_in_environments()
                        .iter()
                        .any(|built_in| built_in.name == env.name && built_in.base_url == env.base_url);
                let hint = if at_built_in_url && env.built_in_key.is_some() {
                    "is the sandbox running? start it with `petstore-sandbox &` (or run a command inside \
                     `petstore-sandbox -- COMMAND`)"
                        .to_owned()
                } else if at_built_in_url {
                    format!(
                        "check that the server is running; `petstore env set {} --base-url URL` says where it is",
                        env.name
                    )
                } else {
                    format!(
                        "check that the server is running and that `base_url` under `[environments.{}]` in the \
                         config file (`petstore config path`) is right",
                        env.name
                    )
                };
                let env = &env.name;
                // What was said beyond the default hint (`--offline`, the outbox) stays.
                let beyond = err.hint().and_then(|said| said.strip_prefix(crate::error::domain::CONNECT_HINT));
                Error::new(&code::NETWORK, format!("cannot connect to `{origin}` (environment `{env}`): {reason}"))
                    .with_hint(format!("{hint}{}", beyond.unwrap_or_default()))
            }
            _ => err,
        }
    }

    /// The environment commands act on. With `--base-url`, the environment with that base URL, if any.
    pub fn environment(&self) -> Result<&Environment, Error> {
        match &self.base_url {
            Some(url) => self.config()?.environment_for_url(url).ok_or_else(|| not_an_environment(url)),
            None => Ok(self.config()?.environment(&self.env_name()?)?),
        }
    }

    /// Where requests go. `--base-url` wins over every environment setting; its key is then a configured
    /// environment's only when the URL is that environment's, so a stray base URL never receives a stored key.
    pub fn target(&self) -> Result<Target<'_>, Error> {
        match &self.base_url {
            Some(base_url) => Ok(Target::url(self.config()?, base_url)),
            None => Ok(Target::named(self.environment()?)),
        }
    }

    /// The target, unless its URL is a placeholder: a first run goes to production, whose URL is one until set,
    /// and is told so, not "not logged in".
    fn real_target(&self) -> Result<Target<'_>, Error> {
        let target = self.target()?;
        target.env.map_or(Ok(()), require_real_url)?;
        Ok(target)
    }

    /// A client for the target with the user's key; fails with a hint naming the login command when there
    /// is no key. A script with `PETSTORE_API_KEY` set never touches the keyring.
    ///
    /// A key from the kernel's cache that the API refuses (401) is looked up once more in the OS keyring, where
    /// it may have been changed since it was cached, and the request is sent again with the keyring's key.
    pub fn client(&self) -> Result<Client, Error> {
        let target = self.real_target()?;
        let (key, source) = match &self.key {
            Some(key) => (key.clone(), Source::None),
            None => credentials::resolve(self.config()?, Wanted::chosen(target.env, target.base_url))?,
        };
        self.client_for(target.base_url, target.env, &key, source)
    }

    /// A client as [`Context::client`] gives, for a command that serves for long (`petstore mcp`): a key
    /// command's key is read off the runtime's thread, so that the command does not block what else the runtime
    /// does, and only once: it is kept in `kept` for the rest of the run (a password manager would ask anew each
    /// time). A failed command keeps nothing, and is run again next time.
    pub async fn client_keeping_command_key(&self, kept: &tokio::sync::OnceCell<ApiKey>) -> Result<Client, Error> {
        let target = self.real_target()?;
        let config = self.config()?;
        let wanted = Wanted::chosen(target.env, target.base_url);
        if kept.get().is_none() && credentials::key_command(config, wanted)?.is_none() {
            return self.client();
        }
        let key = kept
            .get_or_try_init(|| async {
                let command = credentials::key_command(config, wanted)?.unwrap_or_default().to_owned();
                tokio::task::spawn_blocking(move || credentials::external::from_command(&command))
                    .await
                    .unwrap_or_else(|join| std::panic::resume_unwind(join.into_panic()))
                    .map_err(|err| Error::from(credentials::Error::from(err)))
            })
            .await?;
        self.client_for(target.base_url, target.env, key, Source::Command)
    }

    /// A client for `base_url` (environment `env`, if it is one) with `key`, found in `source`. When that was the
    /// kernel's cached copy of the OS keyring's key and the API refuses it, the client asks the keyring once
    /// for a newer one ([`Client::rekeyed`] says whether it found one).
    pub fn client_for(
        &self,
        base_url: &Url,
        env: Option<&Environment>,
        key: &ApiKey,
        source: Source,
    ) -> Result<Client, Error> {
        let client = self.client_with(base_url, key)?;
        let rekey = match env {
            Some(env) => credentials::rekey(self.config()?, env, source, key),
            None => None,
        };
        Ok(match rekey {
            Some(rekey) => client.with_rekey(rekey),
            None => client,
        })
    }

    /// Says so on stderr, at a terminal, before a command writes to production (or to a base URL that reaches
    /// its server, however spelled): nobody should add animals there by accident. Scripts (stderr not a
    /// terminal) are not nagged.
    pub fn warn_before_writing_to_production(&self) -> Result<(), Error> {
        let target = self.target()?;
        let production = target.env.is_some_and(|env| env.name == config::DEFAULT_ENV)
            || (self.base_url.is_some()
                && self.config()?.environments_reached_by(target.base_url).any(|env| env.name == config::DEFAULT_ENV));
        if self.output.stderr_is_terminal() && production {
            self.output.warning(&format!("writing to production ({})", target.base_url));
        }
        Ok(())
    }

    /// A client for the target that holds `****` as its key, for `--dry-run` and `--curl`: it prepares the
    /// requests that would be sent ([`Client::prepare`]), and is never given a request to send. No key is
    /// looked up for it.
    pub fn display_client(&self) -> Result<Client, Error> {
        let masked = ApiKey::new("****".to_owned()).expect("not blank");
        Ok(Client::with_settings(self.target()?.base_url.url().clone(), &masked, self.settings()?)?)
    }

    /// A client for `base_url` with `key`, reporting to `--verbose`.
    pub fn client_with(&self, base_url: &Url, key: &ApiKey) -> Result<Client, Error> {
        Ok(Client::with_connections(base_url.clone(), key, self.settings()?, &self.connections)?
            .with_observer(self.output.request_observer()))
    }

    /// Asks leave to send `write`, just before its request can go out (after everything local was checked
    /// and read). From then on, for the rest of the run, a signal ends the command with an error that says the
    /// write may have taken effect. Once a signal has ended the command with a plain "interrupted" (nothing
    /// sent), leave is refused with that signal's [`Error::interrupted`]: the decision and the mark share the
    /// [`cleanup`] registry's lock, so a request never leaves after petstore said that nothing was sent.
    pub fn write_started(&self, write: WriteInFlight) -> Result<(), Error> {
        cleanup::registry().write_started(write).map_err(Error::interrupted)
    }

    /// The error for a command that `signal` ended, once the [`cleanup`] registry has undone what the
    /// abandoned command left (a terminal without echo, a question's open line): plain
    /// [`Error::interrupted`], after which no write may start ([`Context::write_started`]), unless a write was
    /// let out, whose outcome is then unknown.
    pub fn interrupted(&self, signal: crate::signals::Signal) -> Error {
        match cleanup::registry().end(signal) {
            Ended::MaybeApplied(WriteInFlight { request, outcome, check }) => Error::maybe_applied(
                format!("{} while `{request}` was in flight: {outcome}", signal.describe()),
                check,
                Kind::Interrupted(signal),
            ),
            Ended::NothingSent(first) => Error::interrupted(first),
            Ended::NotSent { signal, to } => Error::interrupted_unsent(signal, &to),
        }
    }
}

/// `auth` commands work on environments, and `--base-url` gave `url`, which is none.
fn not_an_environment(url: &DisplaySafeUrl) -> Error {
    Error::new(&code::NOT_AN_ENVIRONMENT, format!("`auth` commands work on environments, and `{url}` is not one"))
        .with_hint(format!("add it with `petstore env add NAME {url}`, then use `--env NAME`"))
}

/// Refuses an environment whose URL is a placeholder ([`Environment::is_placeholder`]): no request to it can
/// succeed.
pub fn require_real_url(env: &Environment) -> Result<(), Error> {
    if env.is_placeholder() {
        let (env, url) = (&env.name, &env.base_url);
        return Err(Error::new(
            &code::PLACEHOLDER_URL,
            format!("`{env}`'s base URL, {url}, is a placeholder: petstore does not know where `{env}` is"),
        )
        .with_hint(if std::env::var_os(SANDBOX_VAR).is_some_and(|url| !url.is_empty()) {
            format!(
                "inside `petstore-sandbox -- COMMAND` every command goes to the sandbox: leave out `--env {env}` \
                 (and `PETSTORE_ENV`)"
            )
        } else {
            format!(
                "set it with `petstore env set {env} --base-url URL`, or try the local sandbox: run \
                 `petstore-sandbox`, then `petstore --env sandbox ...`"
            )
        }));
    }
    Ok(())
}
