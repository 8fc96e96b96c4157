//! `petstore schema`: the JSON Schema (2020-12) of what each command prints with `--json`, and of the error
//! object a failure prints in a JSON mode. Each is derived (schemars) from the very type that is serialised,
//! so a field cannot change without its schema. [`for_command`] is the one entry point, for `petstore schema`
//! and for any other face of petstore (an MCP server) that describes its documents.

use schemars::{JsonSchema, Schema, schema_for};
use serde_json::Value;

use crate::commands::{alias, auth, config, doctor, env, version};
use crate::context::Context;
use crate::error::{Error, ErrorDocument};
use petstore_core::api::Pet;

/// Print the JSON Schema of a command's `--json` output
///
/// Prints the JSON Schema (draft 2020-12) of exactly what COMMAND prints with `--json` (one document; `-o
/// ndjson` prints one of its array's items per line), or of the error object that a failure prints on stderr
/// in a JSON mode (`--for error`). `--list` lists the names it knows. `petstore api` prints the server's body
/// as it came, so it has none.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore schema --list
  petstore schema --for \"pets list\"
  petstore schema --for error")]
pub struct SchemaArgs {
    /// The command, as typed after `petstore` (`pets list`), or `error`
    #[arg(ignore_case = true, long = "for", value_name = "COMMAND", required_unless_present = "list", value_parser = crate::cli::one_of_names(NAMES))]
    pub command: Option<String>,

    /// List the names `--for` takes, one per line (a JSON array with `--json`)
    #[arg(long, conflicts_with = "command")]
    pub list: bool,
}

/// The names `--for` takes, each with the schema of what it prints: every command that prints a JSON document,
/// and `error`.
const SCHEMAS: [(&str, MakeSchema); 15] = [
    // `pets find` prints what `pets list` does: the matching animals, in the API's own fields.
    ("pets list", || schema_for!(Vec<Pet>)),
    ("pets find", || schema_for!(Vec<Pet>)),
    ("pets get", || schema_for!(Pet)),
    ("pets add", || schema_for!(Added)),
    ("auth status", || schema_for!(Vec<auth::status::KeyStatus>)),
    ("auth token", || schema_for!(auth::token::Token<'static>)),
    ("env list", || schema_for!(Vec<env::list::EnvLine<'static>>)),
    ("env current", || schema_for!(env::current::Current)),
    ("config path", || schema_for!(config::ConfigPath)),
    ("alias list", || schema_for!(Vec<alias::list::AliasLine<'static>>)),
    ("doctor", || schema_for!(doctor::Report)),
    ("version", || schema_for!(version::BuildInfo)),
    ("help", || schema_for!(crate::help_json::CommandNode)),
    ("agent setup", || schema_for!(crate::commands::agent::report::Report)),
    ("error", || schema_for!(ErrorDocument)),
];

/// Makes the schema of a command's document.
type MakeSchema = fn() -> Schema;

/// The names `--for` takes, in the order of `SCHEMAS`.
pub const NAMES: &[&str] = &{
    let mut names = [""; SCHEMAS.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = SCHEMAS[i].0;
        i += 1;
    }
    names
};

/// `pets add` prints the animal it added (with `--if-absent`, the one it added or found, and which), or with
/// `--file` the array of those it added.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum Added {
    One(Pet),
    Noted(crate::commands::pets::add::Noted<'static>),
    IfAbsent(crate::commands::pets::add::Checked<'static>),
    Many(Vec<Pet>),
}

/// The JSON Schema of what `name` (`pets list`, `error`) prints with `--json`, or `None` for a name that
/// prints no JSON document.
pub fn for_command(name: &str) -> Option<Value> {
    let schema = SCHEMAS.iter().find(|(known, _)| *known == name)?.1();
    let mut value = serde_json::to_value(schema).expect("a schema serialises");
    if let Some(object) = value.as_object_mut() {
        let title = if name == "error" { "petstore error".to_owned() } else { format!("petstore {name} --json") };
        object.insert("title".to_owned(), Value::String(title));
    }
    Some(value)
}

/// Prints the schema, or the list.
impl SchemaArgs {
    /// What `schema` says about itself: one JSON document, a value.
    pub fn about(&self) -> crate::commands::About<'_> {
        crate::commands::About::new("schema", crate::commands::formats::Prints::Value)
    }
}

pub fn run(ctx: &Context, args: &SchemaArgs) -> Result<(), Error> {
    match &args.command {
        Some(name) => {
            let schema = for_command(name).expect("clap allows only the names in NAMES");
            ctx.output.document(&schema)
        }
        None => ctx.output.value_lines(&NAMES, NAMES),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_a_2020_12_schema() {
        for name in NAMES {
            let schema = for_command(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema", "{name}");
        }
        assert_eq!(for_command("api"), None);
    }
}
