//! The config file and the environments it names. Reads and edits TOML; never prints, never holds a key.
//!
//! The file is `config.toml` in [`config_dir`]. It is edited in place with `toml_edit`, so a user's comments
//! and layout survive `petstore env add`; every edit is one read-modify-write under the directory's lock
//! ([`edit`], [`files`]), written atomically at a symlink's target with mode 0600; and a file that does not
//! parse is never written over. The rules for a base URL live in [`base_url`], once for every entry.
//!
//! ```toml
//! default_env = "staging"              # `petstore env use staging`
//! key_cache_ttl = 900                  # seconds a key read from the OS keyring stays in the kernel's cache; 0: off
//!
//! [environments.production]
//! base_url = "https://api.example.com/v1"   # overrides the built-in placeholder
//! key_storage = "keyring"             # where `auth login` put the key: "keyring", "kernel" or "file"
//! confirm_writes = true               # ask before each write at a terminal (default: on for production only)
//! key_command = "op read op://shop/petstore/key"   # its first line of output is the key (`env set --key-command`)
//! cacert = "/etc/ssl/shop-ca.pem"     # a PEM file of CA certificates its server is trusted by (`env set --cacert`)
//!
//! [environments.production.defaults]   # `petstore env set production --default limit=50`
//! limit = 50                          # what a flag left out means there: `limit`, `status`, `output`, `columns`
//!
//! [environments.local]                 # `petstore env add local http://127.0.0.1:8080/v1`
//! base_url = "http://127.0.0.1:8080/v1"
//!
//! [aliases]                            # `petstore alias set avail 'pets list --status available'`
//! avail = "pets list --status available"
//! ```

mod error;
pub mod exposure;
pub mod files;
mod schema;

use std::path::{Path, PathBuf};
use std::time::Duration;

use reqwest::Url;
use toml_edit::{DocumentMut, Item, Table, value};

pub use self::error::{Error, line_column};
pub use self::exposure::Exposure;
pub use self::files::DirLock;
use self::schema::{Settings, Span, read};
pub use crate::api::base_url::{self, DisplaySafeUrl, parse_base_url};

/// Overrides where the config directory is.
pub const CONFIG_DIR_VAR: &str = "PETSTORE_CONFIG_DIR";
/// Names the environment to use, below `--env` and above the config's `default_env`.
pub const ENV_VAR: &str = "PETSTORE_ENV";

/// The spec names a production and a staging deployment with the same interface but not their addresses
/// (`{base_url}`). These placeholders, under the reserved `.example` domain, say so honestly; the config
/// file overrides them (`base_url` under `[environments.production]`).
pub const PRODUCTION_BASE_URL: &str = "https://api.petstore.example/v1";
/// See [`PRODUCTION_BASE_URL`].
pub const STAGING_BASE_URL: &str = "https://staging.api.petstore.example/v1";
/// Where `petstore-sandbox` listens by default.
pub const SANDBOX_BASE_URL: &str = "http://127.0.0.1:4010/v1";
/// The key `petstore-sandbox` accepts unless told otherwise; not a secret.
pub const SANDBOX_KEY: &str = "sandbox";

/// The environment used when nothing selects one.
pub const DEFAULT_ENV: &str = "production";

/// The environments every installation has, with their default base URLs and built-in keys.
const BUILT_IN: [(&str, &str, Option<&str>); 3] = [
    ("production", PRODUCTION_BASE_URL, None),
    ("staging", STAGING_BASE_URL, None),
    ("sandbox", SANDBOX_BASE_URL, Some(SANDBOX_KEY)),
];

const FILE_NAME: &str = "config.toml";
/// The credentials file's name (`credentials::file`), whose links are looked at with the config's.
const KEYS_FILE_NAME: &str = "credentials.toml";

/// Where `auth login` stored an environment's key; the values of its `--storage`, whose help the doc comments
/// are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum KeyStorage {
    /// The OS keyring, cached in the kernel's keyring on Linux
    Keyring,
    /// Linux's kernel keyring (persistent keyring): no file; it survives logging out, not a reboot
    Kernel,
    /// A plain-text file, mode 0600, in the config directory
    File,
}

impl KeyStorage {
    /// Its name in the config file and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            KeyStorage::Keyring => "keyring",
            KeyStorage::Kernel => "kernel",
            KeyStorage::File => "file",
        }
    }
}

/// How long a key read from the OS keyring stays in the kernel's cache unless `key_cache_ttl` says otherwise:
/// a quarter of an hour, so that a person at work pays the Secret Service's milliseconds once in a while, and a
/// key changed or removed elsewhere is read again soon (at once, after a 401).
pub const DEFAULT_KEY_CACHE_TTL: Duration = Duration::from_secs(15 * 60);

/// A deployment petstore can talk to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Environment {
    pub name: String,
    /// Shown with any password masked (none can get in: [`parse_base_url`] refuses them).
    pub base_url: DisplaySafeUrl,
    /// One of production, staging, sandbox: these cannot be removed.
    pub built_in: bool,
    /// Where `auth login` stored its key, if it did.
    pub key_storage: Option<KeyStorage>,
    /// A command whose first line of output is the key (`env set NAME --key-command CMD`): it wins over a
    /// stored key ([`crate::credentials::external`]).
    pub key_command: Option<String>,
    /// A PEM file of CA certificates, an absolute path, that its requests trust as `--cacert` is trusted
    /// (`env set NAME --cacert FILE`): the environment's own private CA, wherever petstore is started.
    pub cacert: Option<PathBuf>,
    /// A key that needs no login (the sandbox's).
    pub built_in_key: Option<&'static str>,
    /// Whether a write to it is asked about first at a terminal (`confirm_writes`; default: production only).
    pub confirm_writes: bool,
    /// What a flag left out means for commands run against it (`[environments.NAME.defaults]`).
    pub defaults: Defaults,
}

impl Environment {
    /// Whether it still has the built-in placeholder URL (production's and staging's, under `.example`) that
    /// stands for a deployment the spec does not name: no request to it can succeed.
    pub fn is_placeholder(&self) -> bool {
        self.built_in && [PRODUCTION_BASE_URL, STAGING_BASE_URL].contains(&self.base_url.as_str())
    }
}

/// The keys `[environments.NAME.defaults]` knows, in the order they are shown. Others are ignored, as
/// unknown keys are everywhere in the file, so that an older petstore reads a newer file.
pub const DEFAULT_KEYS: [&str; 4] = ["limit", "status", "output", "columns"];

/// An environment's defaults for flags left out: their types are checked here; what their values may be
/// (a limit from 1 to 100, a known status, format and columns) is the command line's to say, with the
/// same parsers as the flags.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Defaults {
    /// `--limit` of `pets list`.
    pub limit: Option<i64>,
    /// `--status` of `pets list`.
    pub status: Option<String>,
    /// `--output` of every command that prints records.
    pub output: Option<String>,
    /// `--columns` of every command that prints animals.
    pub columns: Option<String>,
}

impl Defaults {
    /// The defaults that are set, as `(key, value)` in [`DEFAULT_KEYS`] order, the value as typed after
    /// `--default KEY=`.
    pub fn entries(&self) -> Vec<(&'static str, String)> {
        let mut entries = Vec::new();
        if let Some(limit) = self.limit {
            entries.push(("limit", limit.to_string()));
        }
        for (key, value) in [("status", &self.status), ("output", &self.output), ("columns", &self.columns)] {
            if let Some(value) = value {
                entries.push((key, value.clone()));
            }
        }
        entries
    }

    /// Whether none is set.
    pub fn is_empty(&self) -> bool {
        self.entries().is_empty()
    }
}

/// The config directory: `$PETSTORE_CONFIG_DIR`, else `$XDG_CONFIG_HOME/petstore`, else `~/.config/petstore`
/// on Unix, macOS included (CLI users dislike `~/Library/Application Support`); the platform's config
/// directory on Windows.
pub fn config_dir() -> Result<PathBuf, Error> {
    if let Some(dir) = std::env::var_os(CONFIG_DIR_VAR).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    if let Some(xdg) = std::env::var_os("XDG_CONFIG_HOME").filter(|d| !d.is_empty() && !cfg!(windows)) {
        return Ok(PathBuf::from(xdg).join("petstore"));
    }
    default_config_dir()
}

/// The config directory when neither `PETSTORE_CONFIG_DIR` nor `XDG_CONFIG_HOME` is set: the one a program
/// started with only `HOME` finds.
pub fn default_config_dir() -> Result<PathBuf, Error> {
    if cfg!(windows) {
        return directories::ProjectDirs::from("", "", "petstore")
            .map(|dirs| dirs.config_dir().to_path_buf())
            .ok_or(Error::NoConfigDir);
    }
    directories::BaseDirs::new().map(|dirs| dirs.home_dir().join(".config").join("petstore")).ok_or(Error::NoConfigDir)
}

/// The config file, loaded (or empty when there is none yet).
#[derive(Debug)]
pub struct Config {
    dir: PathBuf,
    doc: DocumentMut,
    /// The text as it was read or last written, so that an edit that changes nothing writes nothing.
    saved: String,
    environments: Vec<Environment>,
    default_env: Option<String>,
    key_cache_ttl: Duration,
    aliases: Vec<(String, String)>,
    /// Who else can change what decides where the key goes, found when it was loaded: warnings.
    exposures: Vec<Exposure>,
}

impl Config {
    /// Loads `config.toml` from [`config_dir`]. A missing file is an empty config; a file that does not parse
    /// or holds a wrong value is an error pointing at the line and column.
    pub fn load() -> Result<Config, Error> {
        Config::load_from(config_dir()?)
    }

    /// Loads `config.toml` from `dir`. A file that any user can write, or that another user owns, is not read
    /// ([`Error::Exposed`]); what else others can change is kept for [`Config::exposures`].
    pub fn load_from(dir: PathBuf) -> Result<Config, Error> {
        let path = dir.join(FILE_NAME);
        let mut exposures = exposure::of_dir(&dir, exposure::Place::ConfigDir);
        exposures.extend(exposure::of_linked_dirs(&dir, &[FILE_NAME, KEYS_FILE_NAME]));
        let text = match files::read_regular_file(&path)? {
            Some((text, metadata)) => {
                for found in exposure::of_file(&path, &metadata, exposure::Place::ConfigFile) {
                    if found.refused() {
                        return Err(Error::Exposed(found));
                    }
                    exposures.push(found);
                }
                text
            }
            None => String::new(),
        };
        // The error shows the file around the mistake: never a password that a URL in it may hold.
        let mistake = |span: Span, message: String| {
            let masked = base_url::mask_userinfo(&text);
            let span = masked.map(span.start)..masked.map(span.end);
            Error::Syntax { path: path.clone(), text: masked.text.clone(), span, message }
        };
        // `Document` keeps the spans that point an error at its line; `DocumentMut` is for editing.
        let parsed = toml_edit::Document::parse(text.as_str())
            .map_err(|err| mistake(err.span().unwrap_or(0..0), err.message().trim().to_owned()))?;
        let Settings { environments, default_env, key_cache_ttl, aliases } =
            read(parsed.as_table()).map_err(|(span, message)| mistake(span.unwrap_or(0..0), message))?;
        let config = Config {
            dir,
            doc: parsed.into_mut(),
            saved: text.clone(),
            environments,
            default_env,
            key_cache_ttl,
            aliases,
            exposures,
        };
        if let Some(name) = &config.default_env {
            config.environment(name)?;
        }
        Ok(config)
    }

    /// The directory the config file (and the credentials file) live in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Who else could change where the key goes, as found when the config was loaded (a directory others can
    /// write, a `config.toml` its group can write...): for the caller to warn about. Empty but on Unix.
    pub fn exposures(&self) -> &[Exposure] {
        &self.exposures
    }

    /// Who else can change which key command petstore runs, checked now ([`exposure::of_key_command`]):
    /// while there is anyone, no key command is run.
    pub fn key_command_exposures(&self) -> Vec<Exposure> {
        exposure::of_key_command(&self.dir, FILE_NAME)
    }

    /// The config file's path.
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// How long a key read from the OS keyring stays in the kernel's cache (`key_cache_ttl`); zero: not at all.
    pub fn key_cache_ttl(&self) -> Duration {
        self.key_cache_ttl
    }

    /// Every environment: the built-in ones first, then the user's, by name.
    pub fn environments(&self) -> &[Environment] {
        &self.environments
    }

    /// The environment called `name`, or an error listing the known ones.
    pub fn environment(&self, name: &str) -> Result<&Environment, Error> {
        self.environments.iter().find(|env| env.name == name).ok_or_else(|| Error::UnknownEnvironment {
            name: name.to_owned(),
            known: self.environments.iter().map(|env| env.name.clone()).collect(),
        })
    }

    /// The environment `env use` made the default, if any.
    pub fn default_env(&self) -> Option<&str> {
        self.default_env.as_deref()
    }

    /// The environment a command uses when neither a flag nor a variable names one: the default chosen with
    /// `petstore env use`, else [`DEFAULT_ENV`]. The one place that decides it.
    pub fn default_env_name(&self) -> &str {
        self.default_env().unwrap_or(DEFAULT_ENV)
    }

    /// The environment whose base URL is `url`, however it is spelled ([`base_url::same_base_url`]), if one
    /// is: its key may go there.
    pub fn environment_for_url(&self, url: &Url) -> Option<&Environment> {
        self.environments.iter().find(|env| base_url::same_base_url(&env.base_url, url))
    }

    /// The environments whose server `url` reaches, by any spelling of its host, this machine's included
    /// ([`base_url::same_server`]): what a write there is asked and warned about as. Never for choosing a key.
    pub fn environments_reached_by<'a>(&'a self, url: &'a Url) -> impl Iterator<Item = &'a Environment> + 'a {
        self.environments.iter().filter(move |env| base_url::same_server(&env.base_url, url))
    }

    /// Makes `name` the default environment.
    pub fn set_default_env(&mut self, name: &str) -> Result<(), Error> {
        self.environment(name)?;
        self.doc["default_env"] = value(name);
        self.reload()
    }

    /// Adds a user-defined environment; `confirm_writes` is written only when on (off is the default).
    pub fn add_environment(&mut self, name: &str, base_url: &Url, confirm_writes: bool) -> Result<(), Error> {
        if let Ok(existing) = self.environment(name) {
            return Err(Error::EnvironmentExists { name: name.to_owned(), built_in: existing.built_in });
        }
        self.env_table(name)["base_url"] = value(base_url.as_str());
        if confirm_writes {
            self.env_table(name)["confirm_writes"] = value(true);
        }
        self.reload()
    }

    /// Turns the question before each write to `name` on or off, written out even when it is the default, so
    /// that the file says what was chosen.
    pub fn set_confirm_writes(&mut self, name: &str, on: bool) -> Result<(), Error> {
        self.environment(name)?;
        self.env_table(name)["confirm_writes"] = value(on);
        self.reload()
    }

    /// Sets `name`'s base URL, a built-in's too (it then overrides the placeholder). Nothing else of it
    /// changes: its stored key stays.
    pub fn set_base_url(&mut self, name: &str, base_url: &Url) -> Result<(), Error> {
        self.environment(name)?;
        self.env_table(name)["base_url"] = value(base_url.as_str());
        self.reload()
    }

    /// Removes a user-defined environment. Its stored key must be removed first (`auth logout`).
    pub fn remove_environment(&mut self, name: &str) -> Result<(), Error> {
        let env = self.environment(name)?;
        if env.built_in {
            return Err(Error::BuiltInEnvironment { name: name.to_owned() });
        }
        if let Some(environments) = self.doc.get_mut("environments").and_then(Item::as_table_like_mut) {
            environments.remove(name);
        }
        if self.default_env.as_deref() == Some(name) {
            self.doc.remove("default_env");
        }
        self.reload()
    }

    /// Sets `name`'s default for `key` (one of [`DEFAULT_KEYS`], already checked) to `value`: an integer for
    /// `limit`, a string otherwise.
    pub fn set_default(&mut self, name: &str, key: &str, value: &str) -> Result<(), Error> {
        self.environment(name)?;
        let item = match key {
            "limit" => value.parse::<i64>().map(toml_edit::value).map_err(|_| Error::Edit {
                message: format!("`environments.{name}.defaults.limit` must be a whole number"),
            })?,
            _ => toml_edit::value(value),
        };
        let env = self.env_table(name);
        let defaults = &mut env["defaults"];
        if defaults.is_none() {
            *defaults = Item::Table(Table::new());
        }
        defaults[key] = item;
        self.reload()
    }

    /// Removes `name`'s default for `key`; the `defaults` table too once it is empty.
    pub fn unset_default(&mut self, name: &str, key: &str) -> Result<(), Error> {
        self.environment(name)?;
        if let Some(env) =
            self.doc.get_mut("environments").and_then(|e| e.get_mut(name)).and_then(Item::as_table_like_mut)
        {
            let empty = match env.get_mut("defaults").and_then(Item::as_table_like_mut) {
                Some(defaults) => {
                    defaults.remove(key);
                    defaults.is_empty()
                }
                None => false,
            };
            if empty {
                env.remove("defaults");
            }
        }
        self.reload()
    }

    /// The aliases (`[aliases]`), by name: what each expands to, as typed.
    pub fn aliases(&self) -> &[(String, String)] {
        &self.aliases
    }

    /// The alias called `name`'s expansion, if there is one.
    pub fn alias(&self, name: &str) -> Option<&str> {
        self.aliases.iter().find(|(alias, _)| alias == name).map(|(_, expansion)| expansion.as_str())
    }

    /// Sets the alias `name` to `expansion` (both checked by the caller), replacing one of that name.
    pub fn set_alias(&mut self, name: &str, expansion: &str) -> Result<(), Error> {
        let aliases = self.doc.entry("aliases").or_insert_with(|| Item::Table(Table::new()));
        aliases[name] = value(expansion);
        self.reload()
    }

    /// Removes the alias `name`, and the `[aliases]` table once it is empty; `false` when there was none.
    pub fn remove_alias(&mut self, name: &str) -> Result<bool, Error> {
        let (removed, empty) = match self.doc.get_mut("aliases").and_then(Item::as_table_like_mut) {
            Some(aliases) => (aliases.remove(name).is_some(), aliases.is_empty()),
            None => (false, false),
        };
        if empty {
            self.doc.remove("aliases");
        }
        self.reload()?;
        Ok(removed)
    }

    /// Records where `auth login` stored `name`'s key (`None` after `auth logout`).
    pub fn set_key_storage(&mut self, name: &str, storage: Option<KeyStorage>) -> Result<(), Error> {
        self.environment(name)?;
        match storage {
            Some(storage) => self.env_table(name)["key_storage"] = value(storage.as_str()),
            None => {
                if let Some(table) =
                    self.doc.get_mut("environments").and_then(|e| e.get_mut(name)).and_then(Item::as_table_like_mut)
                {
                    table.remove("key_storage");
                }
            }
        }
        self.reload()
    }

    /// Sets `name`'s key command (`None`: removes it).
    pub fn set_key_command(&mut self, name: &str, command: Option<&str>) -> Result<(), Error> {
        self.set_or_remove(name, "key_command", command)
    }

    /// Sets `name`'s CA file (an absolute path, checked by the caller), or removes it.
    pub fn set_cacert(&mut self, name: &str, path: Option<&str>) -> Result<(), Error> {
        self.set_or_remove(name, "cacert", path)
    }

    fn set_or_remove(&mut self, name: &str, key: &str, text: Option<&str>) -> Result<(), Error> {
        self.environment(name)?;
        match text {
            Some(text) => self.env_table(name)[key] = value(text),
            None => {
                if let Some(table) =
                    self.doc.get_mut("environments").and_then(|e| e.get_mut(name)).and_then(Item::as_table_like_mut)
                {
                    table.remove(key);
                }
            }
        }
        self.reload()
    }

    /// Writes the file under `lock` (see [`files::write_private`]) if it changed since it was loaded or
    /// last saved. Take the lock before loading ([`edit`]), or what is written may undo another's edit.
    pub fn save(&mut self, lock: &DirLock) -> Result<(), Error> {
        debug_assert_eq!(lock.dir(), self.dir, "the lock is on this config's directory");
        let text = self.doc.to_string();
        if text != self.saved {
            files::write_private(lock, &self.path(), text.as_bytes())?;
            self.saved = text;
        }
        Ok(())
    }

    fn env_table(&mut self, name: &str) -> &mut Item {
        let environments = self.doc.entry("environments").or_insert_with(|| {
            let mut table = Table::new();
            table.set_implicit(true);
            Item::Table(table)
        });
        let env = &mut environments[name];
        if env.is_none() {
            // Implicit: a table that holds only `defaults` needs no header of its own.
            let mut table = Table::new();
            table.set_implicit(true);
            *env = Item::Table(table);
        }
        env
    }

    /// Re-reads the edited document so that what we hold is what we will write.
    fn reload(&mut self) -> Result<(), Error> {
        let settings = read(self.doc.as_table()).map_err(|(_, message)| Error::Edit { message })?;
        self.environments = settings.environments;
        self.default_env = settings.default_env;
        self.key_cache_ttl = settings.key_cache_ttl;
        self.aliases = settings.aliases;
        Ok(())
    }
}

/// The environments every installation has, as they are with no config file.
pub fn built_in_environments() -> Vec<Environment> {
    read(&Table::new()).map(|settings| settings.environments).unwrap_or_default()
}

/// Whether `url`'s path names an API version (a segment `v1`, `v2`...): the spec's base URLs end with one,
/// and without it every request is "not found".
pub fn has_version_path(url: &Url) -> bool {
    url.path_segments().into_iter().flatten().any(|segment| {
        segment.strip_prefix('v').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Environment names become keyring entries and TOML keys: keep them plain.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && name.starts_with(|c: char| c.is_ascii_alphanumeric());
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{name}` is not a valid environment name: use letters, digits, `-` and `_`, starting with a letter or digit"
        ))
    }
}

/// One read-modify-write of the config directory's files: takes its lock (waiting for another petstore's
/// edit to finish), loads the config as it is now, and runs `change`, which saves what it changed
/// ([`Config::save`]) and edits the credentials file under the same lock. The lock is released when it
/// returns. `change` is not async: nothing can stop it half-way but a crash, which the next edit mends.
pub async fn edit<T, E: From<Error>>(change: impl FnOnce(&mut Config, &DirLock) -> Result<T, E>) -> Result<T, E> {
    let lock = DirLock::acquire(&config_dir()?).await?;
    let mut config = Config::load_from(lock.dir().to_owned())?;
    change(&mut config, &lock)
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    fn load(text: &str) -> Result<Config, Error> {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(FILE_NAME), text).unwrap();
        Config::load_from(dir.path().to_owned())
    }

    #[test]
    fn built_ins_exist_without_a_file_and_can_be_overridden() {
        let config = load("[environments.staging]\nbase_url = \"https://staging.internal/v1\"\n").unwrap();
        let names: Vec<_> = config.environments().iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["production", "staging", "sandbox"]);
        assert_eq!(config.environment("staging").unwrap().base_url.as_str(), "https://staging.internal/v1");
        assert_eq!(config.environment("sandbox").unwrap().built_in_key, Some("sandbox"));
    }

    #[tokio::test]
    async fn edits_keep_the_user_s_comments() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(FILE_NAME), "# mine\ndefault_env = \"staging\" # keep\n").unwrap();
        let lock = DirLock::acquire(dir.path()).await.unwrap();
        let mut config = Config::load_from(dir.path().to_owned()).unwrap();
        config.add_environment("local", &Url::parse("http://127.0.0.1:8080/v1").unwrap(), false).unwrap();
        config.set_key_storage("local", Some(KeyStorage::File)).unwrap();
        config.save(&lock).unwrap();
        let text = fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
        assert_eq!(
            text,
            "# mine\ndefault_env = \"staging\" # keep\n\n[environments.local]\nbase_url = \"http://127.0.0.1:8080/v1\"\nkey_storage = \"file\"\n"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(FILE_NAME)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn writes_are_confirmed_for_production_unless_the_file_says_otherwise() {
        let confirmed = |text: &str| -> Vec<(String, bool)> {
            load(text).unwrap().environments().iter().map(|env| (env.name.clone(), env.confirm_writes)).collect()
        };
        let pairs = |list: &[(&str, bool)]| -> Vec<(String, bool)> {
            list.iter().map(|&(name, on)| (name.to_owned(), on)).collect()
        };
        assert_eq!(confirmed(""), pairs(&[("production", true), ("staging", false), ("sandbox", false)]));
        let text = "[environments.production]\nconfirm_writes = false\n[environments.staging]\nconfirm_writes = true\n\
                    [environments.eu]\nbase_url = \"https://eu.example/v1\"\n";
        assert_eq!(
            confirmed(text),
            pairs(&[("production", false), ("staging", true), ("sandbox", false), ("eu", false)])
        );
        let err = load("[environments.staging]\nconfirm_writes = \"yes\"\n").unwrap_err();
        assert!(err.to_string().ends_with("`environments.staging.confirm_writes` must be true or false"), "{err}");
    }

    #[tokio::test]
    async fn defaults_and_aliases_are_read_written_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(FILE_NAME), "[environments.staging]\nfuture = 1\n").unwrap();
        let lock = DirLock::acquire(dir.path()).await.unwrap();
        let mut config = Config::load_from(dir.path().to_owned()).unwrap();
        config.set_default("staging", "limit", "50").unwrap();
        config.set_default("staging", "output", "csv").unwrap();
        config.set_alias("avail", "pets list --status available").unwrap();
        config.save(&lock).unwrap();
        let text = fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
        assert_eq!(
            text,
            "[environments.staging]\nfuture = 1\n\n[environments.staging.defaults]\nlimit = 50\noutput = \"csv\"\n\n\
             [aliases]\navail = \"pets list --status available\"\n"
        );
        let config = Config::load_from(dir.path().to_owned()).unwrap();
        let staging = config.environment("staging").unwrap();
        assert_eq!(staging.defaults.entries(), [("limit", "50".to_owned()), ("output", "csv".to_owned())]);
        assert_eq!(config.alias("avail"), Some("pets list --status available"));
        let mut config = Config::load_from(dir.path().to_owned()).unwrap();
        config.unset_default("staging", "limit").unwrap();
        config.unset_default("staging", "output").unwrap();
        assert!(config.remove_alias("avail").unwrap());
        assert!(!config.remove_alias("avail").unwrap());
        config.save(&lock).unwrap();
        let text = fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
        assert_eq!(text, "[environments.staging]\nfuture = 1\n");
        let err = load("[environments.staging.defaults]\nlimit = \"many\"\n").unwrap_err();
        assert!(
            err.to_string().ends_with("2:9: `environments.staging.defaults.limit` must be a whole number"),
            "{err}"
        );
        let unknown = load("[environments.staging.defaults]\ncolour = \"red\"\n").unwrap();
        assert!(unknown.environment("staging").unwrap().defaults.is_empty());
    }

    #[test]
    fn wrong_values_point_at_their_place() {
        let err = load("[environments.x]\nbase_url = 3\n").unwrap_err();
        assert!(err.to_string().ends_with("config.toml:2:12: `environments.x.base_url` must be a string"), "{err}");
        let err = load("default_env = \"nowhere\"\n").unwrap_err();
        assert!(matches!(err, Error::UnknownEnvironment { .. }), "{err:?}");
        let err = load("[environments.\"bad name\"]\nbase_url = \"https://x/v1\"\n").unwrap_err();
        assert!(err.to_string().contains("not a valid environment name"), "{err}");
    }

    #[test]
    fn a_password_in_the_file_is_refused_and_never_shown() {
        let err =
            load("# http://me:hunter2@x.example/\n[environments.x]\nbase_url = \"https://me:hunter2@x.example/v1\"\n")
                .unwrap_err();
        assert!(err.to_string().ends_with("config.toml:3:12: `environments.x.base_url` cannot be used: a user name or password (`USER:PASSWORD@`) does not belong in it: petstore sends the API key itself"), "{err}");
        assert!(!format!("{err:?}").contains("hunter2"), "{err:?}");
    }
}
