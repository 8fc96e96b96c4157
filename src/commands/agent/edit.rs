//! The `petstore` entry in an assistant's config file, read, set and taken out with every other byte of the
//! file kept: the other entries, their order, comments (where the client allows them), indentation and line
//! endings. JSON is edited on its syntax tree (jsonc-parser's), TOML with toml_edit.

use serde_json::{Map, Value, json};

use super::clients::Format;

/// The name of the entry `agent setup` writes.
pub const NAME: &str = "petstore";

/// A file's text that cannot be edited: why, in words that follow "cannot use `PATH`: ".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unusable(pub String);

/// The byte-order mark some editors begin a UTF-8 file with; kept where it was.
const BOM: char = '\u{feff}';

/// `text` without its byte-order mark, and whether it had one.
fn without_bom(text: &str) -> (&str, bool) {
    text.strip_prefix(BOM).map_or((text, false), |rest| (rest, true))
}

/// `out`, made from `text`, with `text`'s byte-order mark and, for TOML (which toml_edit writes with `\n`),
/// its CRLF line endings.
fn as_it_was(text: &str, had_bom: bool, format: Format, out: String) -> String {
    let out = if format == Format::Toml && text.contains("\r\n") {
        out.replace("\r\n", "\n").replace('\n', "\r\n")
    } else {
        out
    };
    if had_bom { format!("{BOM}{out}") } else { out }
}

/// The `petstore` entry in `text` (`None` when there is none), as JSON.
pub fn entry(text: &str, format: Format) -> Result<Option<Value>, Unusable> {
    let (text, _) = without_bom(text);
    match format {
        Format::Json { key, .. } => {
            let root = parse_json(text)?;
            let Some(servers) = json_servers(&root, key)? else { return Ok(None) };
            Ok(servers.get(NAME).and_then(|prop| prop.value()).and_then(|value| value.to_serde_value()))
        }
        Format::Toml => {
            let doc = parse_toml(text)?;
            let Some(servers) = toml_servers(&doc)? else { return Ok(None) };
            Ok(servers.get(NAME).map(toml_to_json))
        }
    }
}

/// `text` with the `petstore` entry set to `value` (added at the end of the servers, or replaced where it is).
pub fn set(full: &str, format: Format, value: &Value) -> Result<String, Unusable> {
    let (text, bom) = without_bom(full);
    let out = match format {
        Format::Json { key, .. } => {
            let root = parse_json(text)?;
            // Past `json_servers`, the root is an object or nothing, and its servers an object if they are there.
            let servers = match json_servers(&root, key)? {
                Some(servers) => servers,
                None => root.object_value_or_create().ok_or_else(not_an_object)?.object_value_or_set(key),
            };
            match servers.get(NAME) {
                Some(prop) => prop.set_value(cst_value(value)),
                None => {
                    servers.append(NAME, cst_value(value));
                }
            }
            let mut out = root.to_string();
            if !out.ends_with('\n') && (text.is_empty() || text.ends_with('\n')) {
                out.push('\n');
            }
            out
        }
        Format::Toml => {
            let mut doc = parse_toml(text)?;
            toml_servers(&doc)?;
            if doc.get("mcp_servers").is_none() {
                let mut table = toml_edit::Table::new();
                // `[mcp_servers.petstore]` alone, without an empty `[mcp_servers]` above it.
                table.set_implicit(true);
                doc.insert("mcp_servers", toml_edit::Item::Table(table));
            }
            let servers = doc["mcp_servers"].as_table_like_mut().expect("checked to be a table");
            let inline = toml_edit::Item::Value(toml_value(value));
            match servers.get_mut(NAME) {
                // An inline table stays inline, a table a table.
                Some(existing) if existing.is_inline_table() => *existing = inline,
                Some(existing) => *existing = table(inline),
                None => {
                    servers.insert(NAME, table(inline));
                }
            }
            doc.to_string()
        }
    };
    Ok(as_it_was(text, bom, format, out))
}

/// `text` without the `petstore` entry, and without the servers' object or table if it is left empty;
/// `None` when nothing is left of the file but an empty object or table (the file can go).
pub fn remove(full: &str, format: Format) -> Result<Option<String>, Unusable> {
    let (text, bom) = without_bom(full);
    let out = match format {
        Format::Json { key, .. } => {
            let root = parse_json(text)?;
            if let Some(servers) = json_servers(&root, key)? {
                if let Some(prop) = servers.get(NAME) {
                    prop.remove();
                }
                if servers.properties().is_empty()
                    && servers.to_string().chars().all(|c| "{}".contains(c) || c.is_whitespace())
                    && let Some(prop) = root.object_value().and_then(|object| object.get(key))
                {
                    prop.remove();
                }
            }
            let out = root.to_string();
            let empty = out.chars().filter(|c| !c.is_whitespace()).collect::<String>() == "{}";
            (!empty).then_some(out)
        }
        Format::Toml => {
            let mut doc = parse_toml(text)?;
            if toml_servers(&doc)?.is_some() {
                let servers = doc["mcp_servers"].as_table_like_mut().expect("checked to be a table");
                servers.remove(NAME);
                if servers.is_empty() {
                    doc.remove("mcp_servers");
                }
            }
            let out = doc.to_string();
            (!out.trim().is_empty()).then_some(out)
        }
    };
    Ok(out.map(|out| as_it_was(text, bom, format, out)))
}

/// The text of a new file's, or an empty one's, root.
fn parse_json(text: &str) -> Result<jsonc_parser::cst::CstRootNode, Unusable> {
    jsonc_parser::cst::CstRootNode::parse(text, &jsonc_parser::ParseOptions::default())
        .map_err(|err| Unusable(format!("it is not JSON: {err}")))
}

fn not_an_object() -> Unusable {
    Unusable("it is not a JSON object".to_owned())
}

/// An error when `name` is a property of `object` more than once: clients read the last, and an edit of one of
/// them would not be what the client runs.
fn once(object: &jsonc_parser::cst::CstObject, name: &str, within: Option<&str>) -> Result<(), Unusable> {
    let count = object
        .properties()
        .iter()
        .filter(|prop| prop.name().and_then(|name| name.decoded_value().ok()).as_deref() == Some(name))
        .count();
    if count < 2 {
        return Ok(());
    }
    let within = within.map_or("it".to_owned(), |within| format!("its `{within}`"));
    Err(Unusable(format!("`{name}` is in {within} {count} times")))
}

/// The servers' object under `key`, if there is one.
fn json_servers(
    root: &jsonc_parser::cst::CstRootNode,
    key: &str,
) -> Result<Option<jsonc_parser::cst::CstObject>, Unusable> {
    use jsonc_parser::cst::{CstContainerNode, CstNode};
    let object = match root.value() {
        None => return Ok(None),
        Some(CstNode::Container(CstContainerNode::Object(object))) => object,
        Some(_) => return Err(not_an_object()),
    };
    once(&object, key, None)?;
    let Some(prop) = object.get(key) else { return Ok(None) };
    match prop.value() {
        Some(CstNode::Container(CstContainerNode::Object(servers))) => {
            once(&servers, NAME, Some(key))?;
            Ok(Some(servers))
        }
        _ => Err(Unusable(format!("its `{key}` is not an object"))),
    }
}

/// `value` as jsonc-parser inserts it.
fn cst_value(value: &Value) -> jsonc_parser::cst::CstInputValue {
    use jsonc_parser::cst::CstInputValue;
    match value {
        Value::Null => CstInputValue::Null,
        Value::Bool(flag) => CstInputValue::Bool(*flag),
        Value::Number(number) => CstInputValue::Number(number.to_string()),
        Value::String(text) => CstInputValue::String(text.clone()),
        Value::Array(items) => CstInputValue::Array(items.iter().map(cst_value).collect()),
        Value::Object(object) => {
            CstInputValue::Object(object.iter().map(|(key, value)| (key.clone(), cst_value(value))).collect())
        }
    }
}

fn parse_toml(text: &str) -> Result<toml_edit::DocumentMut, Unusable> {
    text.parse::<toml_edit::DocumentMut>().map_err(|err| {
        // toml_edit's message: where, the line with a caret under the place, then what is wrong.
        let text = err.to_string();
        let lines: Vec<&str> = text.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
        let wrong = lines.last().copied().unwrap_or_default();
        let at = lines.first().copied().unwrap_or_default().trim_start_matches("TOML parse error ");
        Unusable(format!("it is not TOML {at}: {wrong}"))
    })
}

/// The `mcp_servers` table, if there is one.
fn toml_servers(doc: &toml_edit::DocumentMut) -> Result<Option<&dyn toml_edit::TableLike>, Unusable> {
    let servers = doc.get("mcp_servers").map(|item| item.as_table_like());
    servers.map(|table| table.ok_or_else(|| Unusable("its `mcp_servers` is not a table".to_owned()))).transpose()
}

/// An entry (an object of strings and arrays of strings), made an inline table by [`toml_value`], as a table.
fn table(inline: toml_edit::Item) -> toml_edit::Item {
    toml_edit::Item::Table(inline.into_table().expect("an entry is a table"))
}

fn toml_value(value: &Value) -> toml_edit::Value {
    match value {
        Value::Bool(flag) => (*flag).into(),
        Value::Number(number) => match number.as_i64() {
            Some(int) => int.into(),
            None => number.as_f64().unwrap_or_default().into(),
        },
        Value::Array(items) => toml_edit::Value::Array(items.iter().map(toml_value).collect()),
        Value::Object(object) => {
            let mut table = toml_edit::InlineTable::new();
            for (key, value) in object {
                table.insert(key, toml_value(value));
            }
            toml_edit::Value::InlineTable(table)
        }
        Value::String(text) => text.as_str().into(),
        // TOML has no null; an entry never holds one.
        Value::Null => "".into(),
    }
}

/// A TOML item as JSON, to compare with the entry `agent setup` writes: a table as an inline one, an array of
/// tables as an array.
fn toml_to_json(item: &toml_edit::Item) -> Value {
    item.clone().into_value().map_or(Value::Null, |value| toml_value_to_json(&value))
}

fn toml_value_to_json(value: &toml_edit::Value) -> Value {
    match value {
        toml_edit::Value::String(text) => Value::String(text.value().clone()),
        toml_edit::Value::Integer(int) => Value::from(*int.value()),
        toml_edit::Value::Float(float) => Value::from(*float.value()),
        toml_edit::Value::Boolean(flag) => Value::Bool(*flag.value()),
        toml_edit::Value::Datetime(at) => Value::String(at.value().to_string()),
        toml_edit::Value::Array(items) => Value::Array(items.iter().map(toml_value_to_json).collect()),
        toml_edit::Value::InlineTable(table) => Value::Object(
            table.iter().map(|(key, value)| (key.to_owned(), toml_value_to_json(value))).collect::<Map<_, _>>(),
        ),
    }
}

/// The variable that moves petstore's config directory: a user entry carries it whenever the directory is not
/// the default one, so that a server started without the shell's variables finds the same environments.
pub const CONFIG_DIR_VAR: &str = "PETSTORE_CONFIG_DIR";

/// The server an entry starts: the command, its arguments and the variables it sets (never a key).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Entry {
    pub command: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
}

impl Entry {
    /// The entry as `format` writes it.
    pub fn value(&self, format: Format) -> Value {
        let mut value = match format {
            Format::Json { typed: true, .. } => json!({"type": "stdio", "command": self.command, "args": self.args}),
            _ => json!({"command": self.command, "args": self.args}),
        };
        if !self.env.is_empty() {
            let env: serde_json::Map<String, Value> =
                self.env.iter().map(|(name, value)| (name.clone(), Value::String(value.clone()))).collect();
            value["env"] = Value::Object(env);
        }
        value
    }

    /// The entry `value` holds, if it is one `agent setup` writes: `petstore ... --env NAME mcp
    /// [--allow-writes]`, of type stdio if typed, setting no variable but petstore's config directory.
    /// `--remove` takes out only those, `--status` calls them installed, and setup replaces only those.
    pub fn written_by_setup(value: &Value) -> Option<Entry> {
        let object = value.as_object()?;
        if !object.keys().all(|key| ["type", "command", "args", "env"].contains(&key.as_str())) {
            return None;
        }
        if object.get("type").is_some_and(|kind| kind != "stdio") {
            return None;
        }
        let command = object.get("command")?.as_str()?;
        // The file's name after either separator: a Windows path is read the same on any system.
        let name = command.rsplit(['/', '\\']).next().unwrap_or(command);
        if name != "petstore" && !name.eq_ignore_ascii_case("petstore.exe") {
            return None;
        }
        let args: Vec<&str> = object.get("args")?.as_array()?.iter().map(Value::as_str).collect::<Option<_>>()?;
        if !matches!(args.as_slice(), ["--env", _, "mcp"] | ["--env", _, "mcp", "--allow-writes"]) {
            return None;
        }
        // No variable, or the config directory's alone.
        let dir =
            object.get("env").map(|env| env.as_object().filter(|env| env.len() == 1)?.get(CONFIG_DIR_VAR)?.as_str());
        let env = match dir {
            None => Vec::new(),
            Some(dir) => vec![(CONFIG_DIR_VAR.to_owned(), dir?.to_owned())],
        };
        Some(Entry { command: command.to_owned(), args: args.iter().map(|arg| (*arg).to_owned()).collect(), env })
    }

    /// The entry as a command line, for reasons: `petstore --env staging mcp`.
    pub fn line(&self) -> String {
        std::iter::once(self.command.as_str()).chain(self.args.iter().map(String::as_str)).collect::<Vec<_>>().join(" ")
    }
}

/// What the entry found runs, for a reason: `it runs `CMD ARGS``.
pub fn differs(found: &Value) -> String {
    let command = found.get("command").and_then(Value::as_str).unwrap_or("(no command)");
    let args: Vec<&str> = found
        .get("args")
        .and_then(Value::as_array)
        .map(|args| args.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let line = std::iter::once(command).chain(args).collect::<Vec<_>>().join(" ");
    let extra: Vec<&str> = found
        .as_object()
        .map(|object| {
            object.keys().map(String::as_str).filter(|key| !["type", "command", "args"].contains(key)).collect()
        })
        .unwrap_or_default();
    match extra.as_slice() {
        [] => format!("it runs `{line}`"),
        _ => format!("it runs `{line}`, with `{}`", extra.join("`, `")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const JSON: Format = Format::Json { key: "mcpServers", typed: false };

    fn entry_value() -> Value {
        json!({"command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"]})
    }

    #[test]
    fn a_json_entry_is_added_keeping_comments_order_and_indentation() {
        let text = "{\n    // mine\n    \"theme\": \"dark\",\n    \"mcpServers\": {\n        \"other\": {\"command\": \"x\"}\n    }\n}\n";
        let out = set(text, JSON, &entry_value()).unwrap();
        assert_eq!(
            out,
            "{\n    // mine\n    \"theme\": \"dark\",\n    \"mcpServers\": {\n        \"other\": {\"command\": \"x\"},\n        \"petstore\": {\n            \"command\": \"/usr/bin/petstore\",\n            \"args\": [\"--env\", \"staging\", \"mcp\"]\n        }\n    }\n}\n"
        );
        assert_eq!(entry(&out, JSON).unwrap(), Some(entry_value()));
        // Set again: the same text.
        assert_eq!(set(&out, JSON, &entry_value()).unwrap(), out);
        // Taken out: the file as it was.
        assert_eq!(remove(&out, JSON).unwrap().as_deref(), Some(text));
    }

    #[test]
    fn a_new_json_file_gets_the_servers_object_and_goes_when_emptied() {
        let out = set("", JSON, &entry_value()).unwrap();
        assert_eq!(
            out,
            "{\n  \"mcpServers\": {\n    \"petstore\": {\n      \"command\": \"/usr/bin/petstore\",\n      \"args\": [\"--env\", \"staging\", \"mcp\"]\n    }\n  }\n}\n"
        );
        assert_eq!(remove(&out, JSON).unwrap(), None);
        assert_eq!(remove("{}", JSON).unwrap(), None);
        assert_eq!(entry("", JSON).unwrap(), None);
    }

    #[test]
    fn json_that_cannot_hold_servers_is_refused() {
        assert!(set("[1]", JSON, &entry_value()).unwrap_err().0.contains("not a JSON object"));
        assert_eq!(
            set("{\"mcpServers\": 3}", JSON, &entry_value()).unwrap_err().0,
            "its `mcpServers` is not an object"
        );
        assert!(entry("{\"a\": ", JSON).unwrap_err().0.starts_with("it is not JSON"));
    }

    #[test]
    fn a_byte_order_mark_and_crlf_line_endings_stay() {
        let text = "\u{feff}{\r\n  \"a\": 1\r\n}\r\n";
        let out = set(text, JSON, &entry_value()).unwrap();
        assert!(out.starts_with('\u{feff}') && !out.replace("\r\n", "").contains('\n'), "{out:?}");
        assert_eq!(entry(&out, JSON).unwrap(), Some(entry_value()));
        assert_eq!(remove(&out, JSON).unwrap().as_deref(), Some(text));
        let toml = "\u{feff}model = \"o3\"\r\n\r\n[mcp_servers.other]\r\ncommand = \"x\"\r\n";
        let out = set(toml, Format::Toml, &entry_value()).unwrap();
        assert!(out.starts_with('\u{feff}') && !out.replace("\r\n", "").contains('\n'), "{out:?}");
        assert_eq!(remove(&out, Format::Toml).unwrap().as_deref(), Some(toml));
    }

    #[test]
    fn a_key_given_twice_is_refused_as_clients_read_the_last() {
        let twice = "{\"mcpServers\": {\"petstore\": {}}, \"mcpServers\": {\"other\": {}}}";
        assert_eq!(entry(twice, JSON).unwrap_err().0, "`mcpServers` is in it 2 times");
        assert_eq!(set(twice, JSON, &entry_value()).unwrap_err().0, "`mcpServers` is in it 2 times");
        let inside = "{\"mcpServers\": {\"petstore\": {}, \"pet\\u0073tore\": {\"command\": \"evil\"}}}";
        assert_eq!(remove(inside, JSON).unwrap_err().0, "`petstore` is in its `mcpServers` 2 times");
    }

    #[test]
    fn an_inline_toml_entry_stays_inline_and_a_table_a_table() {
        let inline = "[mcp_servers]\npetstore = { command = \"old\" }\nother = { command = \"x\" }\n";
        assert_eq!(
            set(inline, Format::Toml, &entry_value()).unwrap(),
            "[mcp_servers]\npetstore = { command = \"/usr/bin/petstore\", args = [\"--env\", \"staging\", \"mcp\"] }\nother = { command = \"x\" }\n"
        );
        let table = "[mcp_servers.petstore]\ncommand = \"old\"\n";
        assert_eq!(
            set(table, Format::Toml, &entry_value()).unwrap(),
            "[mcp_servers.petstore]\ncommand = \"/usr/bin/petstore\"\nargs = [\"--env\", \"staging\", \"mcp\"]\n"
        );
    }

    #[test]
    fn a_toml_entry_is_added_keeping_the_rest_and_removed_cleanly() {
        let text = "# my codex\nmodel = \"o3\"\n\n[mcp_servers.other]\ncommand = \"x\"\n";
        let out = set(text, Format::Toml, &entry_value()).unwrap();
        assert_eq!(
            out,
            "# my codex\nmodel = \"o3\"\n\n[mcp_servers.other]\ncommand = \"x\"\n\n[mcp_servers.petstore]\ncommand = \"/usr/bin/petstore\"\nargs = [\"--env\", \"staging\", \"mcp\"]\n"
        );
        assert_eq!(entry(&out, Format::Toml).unwrap(), Some(entry_value()));
        assert_eq!(set(&out, Format::Toml, &entry_value()).unwrap(), out);
        assert_eq!(remove(&out, Format::Toml).unwrap().as_deref(), Some(text));
        let alone = set("", Format::Toml, &entry_value()).unwrap();
        assert_eq!(
            alone,
            "[mcp_servers.petstore]\ncommand = \"/usr/bin/petstore\"\nargs = [\"--env\", \"staging\", \"mcp\"]\n"
        );
        assert_eq!(remove(&alone, Format::Toml).unwrap(), None);
        assert!(set("mcp_servers = 1", Format::Toml, &entry_value()).unwrap_err().0.contains("not a table"));
        let refused = entry("a = 1\n[x", Format::Toml).unwrap_err().0;
        assert!(refused.starts_with("it is not TOML at line 2, column 3: "), "{refused}");
    }

    fn ours(value: &Value) -> bool {
        Entry::written_by_setup(value).is_some()
    }

    #[test]
    fn only_the_entries_setup_writes_are_its_own() {
        let found = json!({"type": "stdio", "command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"]});
        let entry = Entry::written_by_setup(&found).unwrap();
        assert_eq!(entry.line(), "/usr/bin/petstore --env staging mcp");
        assert_eq!(entry.value(Format::Json { key: "servers", typed: true }), found);
        assert!(ours(&json!({"command": "C:\\bin\\petstore.exe", "args": ["--env", "p", "mcp", "--allow-writes"]})));
        let pinned =
            json!({"command": "/p/petstore", "args": ["--env", "p", "mcp"], "env": {"PETSTORE_CONFIG_DIR": "/c"}});
        assert_eq!(
            Entry::written_by_setup(&pinned).unwrap().env,
            [("PETSTORE_CONFIG_DIR".to_owned(), "/c".to_owned())]
        );
        for other in [
            json!({"command": "petstore", "args": ["mcp"]}),
            json!({"command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"], "env": {"PETSTORE_API_KEY": "x"}}),
            json!({"command": "/usr/bin/petstore", "args": ["--env", "s", "mcp"], "env": {"PETSTORE_CONFIG_DIR": "/c", "A": "b"}}),
            json!({"command": "/usr/bin/npx", "args": ["--env", "staging", "mcp"]}),
            json!({"type": "http", "command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"]}),
            json!({"command": "/usr/bin/petstore", "args": ["--env", "staging", "mcp"], "timeout": 5}),
            json!("petstore"),
        ] {
            assert!(!ours(&other), "{other}");
        }
        assert_eq!(differs(&json!({"command": "petstore", "args": ["mcp"]})), "it runs `petstore mcp`");
        assert_eq!(
            differs(&json!({"command": "petstore", "args": ["mcp"], "env": {"K": "v"}})),
            "it runs `petstore mcp`, with `env`"
        );
    }
}
