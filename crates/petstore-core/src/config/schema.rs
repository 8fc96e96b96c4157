//! The config file's schema: what a `config.toml` document sets, read into typed settings, or the span and
//! words of what is wrong in it. Nothing here reads or writes a file ([`super::Config`] does).

use std::time::Duration;

use toml_edit::{Item, Table};

use super::*;

pub(super) type Span = std::ops::Range<usize>;
/// What is wrong in a document, and where, when its parser knows.
pub(super) type Problem = (Option<Span>, String);

/// What a document sets.
pub(super) struct Settings {
    pub(super) environments: Vec<Environment>,
    pub(super) default_env: Option<String>,
    pub(super) key_cache_ttl: Duration,
    pub(super) aliases: Vec<(String, String)>,
}

/// The settings a document describes, or the span and text of what is wrong.
pub(super) fn read(doc: &Table) -> Result<Settings, Problem> {
    let default_env = match doc.get("default_env") {
        None => None,
        Some(item) => {
            Some(item.as_str().map(str::to_owned).ok_or((item.span(), "`default_env` must be a string".to_owned()))?)
        }
    };
    let key_cache_ttl = match doc.get("key_cache_ttl") {
        None => DEFAULT_KEY_CACHE_TTL,
        Some(item) => item
            .as_integer()
            .and_then(|seconds| u32::try_from(seconds).ok())
            .map(|seconds| Duration::from_secs(seconds.into()))
            .ok_or((
                item.span(),
                "`key_cache_ttl` must be a whole number of seconds, 0 or more (0 turns the cache off)".to_owned(),
            ))?,
    };
    let mut environments: Vec<Environment> = BUILT_IN
        .iter()
        .map(|&(name, url, key)| Environment {
            name: name.to_owned(),
            base_url: Url::parse(url).expect("built-in base URLs parse").into(),
            built_in: true,
            key_storage: None,
            key_command: None,
            cacert: None,
            built_in_key: key,
            confirm_writes: name == DEFAULT_ENV,
            defaults: Defaults::default(),
        })
        .collect();
    let mut user_defined = Vec::new();
    if let Some(item) = doc.get("environments") {
        let table = item.as_table_like().ok_or((item.span(), "`environments` must be a table".to_owned()))?;
        for (name, item) in table.iter() {
            check_name(name).map_err(|message| (item.span(), message))?;
            let env_table =
                item.as_table_like().ok_or((item.span(), format!("`environments.{name}` must be a table")))?;
            let base_url = match env_table.get("base_url") {
                Some(url) => Some(parse_url(url, name)?),
                None => None,
            };
            let key_storage = match env_table.get("key_storage") {
                None => None,
                Some(storage) => Some(match storage.as_str() {
                    Some("keyring") => KeyStorage::Keyring,
                    Some("kernel") => KeyStorage::Kernel,
                    Some("file") => KeyStorage::File,
                    _ => {
                        return Err((
                            storage.span(),
                            format!("`environments.{name}.key_storage` must be \"keyring\", \"kernel\" or \"file\""),
                        ));
                    }
                }),
            };
            let key_command = match env_table.get("key_command") {
                None => None,
                Some(item) => Some(
                    item.as_str()
                        .filter(|command| !command.trim().is_empty())
                        .ok_or_else(|| {
                            (item.span(), format!("`environments.{name}.key_command` must be a command, as a string"))
                        })?
                        .to_owned(),
                ),
            };
            let cacert = match env_table.get("cacert") {
                None => None,
                Some(item) => {
                    Some(item.as_str().map(std::path::PathBuf::from).filter(|path| path.is_absolute()).ok_or_else(
                        || (item.span(), format!("`environments.{name}.cacert` must be a file's absolute path")),
                    )?)
                }
            };
            let confirm_writes = match env_table.get("confirm_writes") {
                None => None,
                Some(item) => Some(item.as_bool().ok_or_else(|| {
                    (item.span(), format!("`environments.{name}.confirm_writes` must be true or false"))
                })?),
            };
            let defaults = match env_table.get("defaults") {
                None => Defaults::default(),
                Some(item) => read_defaults(item, name)?,
            };
            match environments.iter_mut().find(|env| env.name == name) {
                Some(built_in) => {
                    if let Some(base_url) = base_url {
                        built_in.base_url = base_url;
                    }
                    built_in.key_storage = key_storage;
                    built_in.key_command = key_command;
                    built_in.cacert = cacert;
                    if let Some(confirm_writes) = confirm_writes {
                        built_in.confirm_writes = confirm_writes;
                    }
                    built_in.defaults = defaults;
                }
                None => user_defined.push(Environment {
                    name: name.to_owned(),
                    base_url: base_url.ok_or((item.span(), format!("`environments.{name}` needs a `base_url`")))?,
                    built_in: false,
                    key_storage,
                    key_command,
                    cacert,
                    built_in_key: None,
                    confirm_writes: confirm_writes.unwrap_or(false),
                    defaults,
                }),
            }
        }
    }
    user_defined.sort_by(|a, b| a.name.cmp(&b.name));
    environments.extend(user_defined);
    let mut aliases = Vec::new();
    if let Some(item) = doc.get("aliases") {
        let table = item.as_table_like().ok_or((item.span(), "`aliases` must be a table".to_owned()))?;
        for (name, item) in table.iter() {
            let expansion =
                item.as_str().ok_or((item.span(), format!("`aliases.{name}` must be a string (the command)")))?;
            aliases.push((name.to_owned(), expansion.to_owned()));
        }
    }
    aliases.sort();
    Ok(Settings { environments, default_env, key_cache_ttl, aliases })
}

/// `[environments.NAME.defaults]`: `limit` a whole number, the others strings; other keys are ignored.
fn read_defaults(item: &Item, name: &str) -> Result<Defaults, Problem> {
    let table = item.as_table_like().ok_or((item.span(), format!("`environments.{name}.defaults` must be a table")))?;
    let string = |key: &str| -> Result<Option<String>, Problem> {
        match table.get(key) {
            None => Ok(None),
            Some(item) => item
                .as_str()
                .map(|text| Some(text.to_owned()))
                .ok_or((item.span(), format!("`environments.{name}.defaults.{key}` must be a string"))),
        }
    };
    let limit = match table.get("limit") {
        None => None,
        Some(item) => Some(
            item.as_integer()
                .ok_or((item.span(), format!("`environments.{name}.defaults.limit` must be a whole number")))?,
        ),
    };
    Ok(Defaults { limit, status: string("status")?, output: string("output")?, columns: string("columns")? })
}

fn parse_url(item: &Item, name: &str) -> Result<DisplaySafeUrl, Problem> {
    let wrong = |why: String| (item.span(), format!("`environments.{name}.base_url` {why}"));
    let text = item.as_str().ok_or_else(|| wrong("must be a string".to_owned()))?;
    parse_base_url(text).map_err(wrong)
}
