//! The tools' schemas, in JSON Schema that every MCP client reads, and a call's arguments read by them.
//!
//! Clients differ in how much JSON Schema they take: some map a tool's input schema onto a single-`type`
//! dialect (Gemini's function declarations, an OpenAPI subset), some show a form with one box per argument
//! and no `$ref` to follow. So an input schema is plain: each property's `type` is one name, an integer has
//! its bounds as `minimum` and `maximum` (never a `format` such as schemars' `uint8`, which no validator
//! knows), an optional argument is simply left out of `required` (never `["integer", "null"]`), the status's
//! enumeration is written in place (no `$defs`), and descriptions are the doc comments' sentences. An output
//! schema keeps its `$defs` and says where a value may be `null` with `anyOf`, one `type` in each branch.
//!
//! An output schema is as short as it can be while saying exactly what the server sends: a client gets every
//! tool's schemas whole (`tools/list`), and each repeats the definitions it shares with the others (an animal,
//! an error object, a cancelled add's report), as no client follows a `$ref` from one tool's schema into
//! another's. So it is derived from how the result is serialised (a field always sent is `required`, `null`
//! or not); a field left out when it has no value (`skip_serializing_if`, here always of a `None` or an empty
//! list) has no `null` branch; an enumeration whose values have doc comments is an `enum`, not a `oneOf` of
//! described constants; only the result's own fields are described (the tool's description says the rest,
//! and a definition's doc comment speaks of the Rust type); and a definition no `$ref` reaches is left out.
//!
//! A call's arguments are read by the tool's own input schema ([`read`]) before serde sees them, so that
//! the schema a client reads is the rule the server keeps, and every argument that does not fit is named in
//! one message in the schema's words (never serde's `expected u8`). Some clients send every argument as a
//! string (forms with a text box each; the MCP Inspector's `--tool-arg limit=3` in its older releases): an
//! integer or boolean argument given as a string holding exactly its JSON text (`"3"`, `"-2"`, `"true"`,
//! `"false"`) is that value, as nothing else could be meant. Any other string is refused: `" 3"`, `"+3"`,
//! `"03"`, `"3.0"`, `"1e2"`, `"yes"`, `"True"`, `"1"` for a boolean. A number with a zero fraction (`3.0`)
//! is the integer it equals, as JSON Schema has it, up to 2^53, past which no client can write one exactly.
//! `null` is an argument left out. A refusal is a failed call (`isError`, code `invalid_value`), which the
//! model reads and can act on (MCP's SEP-1303), not a protocol error, which clients keep from the model.

use std::sync::Arc;

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorObject};

/// The largest integer every client can write exactly as a number with a fraction (`3.0`): 2^53, the last
/// of the integers a double holds one by one.
const EXACT_FLOAT_INTEGERS: f64 = 9_007_199_254_740_992.0;

/// How many characters of a value a message quotes.
const SHOWN_CHARS: usize = 40;

/// How many unknown names (of arguments, of an animal's fields) a message lists; it counts the rest.
const SHOWN_NAMES: usize = 5;

/// The input schema of `T` (a tool's arguments), plain (see the module's words).
pub(super) fn input<T: JsonSchema>() -> Arc<JsonObject> {
    let mut settings = schemars::generate::SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    settings.meta_schema = None;
    let schema = settings.into_generator().into_root_schema_for::<T>();
    let mut value = serde_json::to_value(schema).expect("a schema serialises");
    plain(&mut value, Nulls::LeftOut);
    object(value)
}

/// The output schema of `T` (a tool's result) as `T` is serialised: its `$defs` kept, a `null` allowed where
/// the value may be one, and no more words than its own fields' (see the module's words).
pub(super) fn output<T: JsonSchema>() -> Arc<JsonObject> {
    let generator = schemars::generate::SchemaSettings::draft2020_12().for_serialize().into_generator();
    let mut value = serde_json::to_value(generator.into_root_schema_for::<T>()).expect("a schema serialises");
    portable(&mut value);
    object(value)
}

/// `schema` as [`output`] gives a tool's result: plain, `null` allowed with `anyOf` where a value may be one,
/// enumerations as `enum`, descriptions on the result's own fields only, no definition left unused.
pub(super) fn portable(schema: &mut Value) {
    plain(schema, Nulls::AnyOf);
    never_null_when_left_out(schema);
    enums(schema);
    if let Value::Object(object) = schema {
        object.remove("description");
        if let Some(Value::Object(definitions)) = object.get_mut("$defs") {
            definitions.values_mut().for_each(undescribed);
        }
    }
    unused_definitions_out(schema);
}

/// `schema`, an output schema, without its property `name` (`cancelledAdds` where no result can carry it), and
/// without the definitions only that property used.
pub(super) fn without(schema: &JsonObject, name: &str) -> Arc<JsonObject> {
    let mut value = Value::Object(schema.clone());
    if let Some(Value::Object(properties)) = value.get_mut("properties") {
        properties.remove(name);
    }
    if let Some(Value::Array(required)) = value.get_mut("required") {
        required.retain(|required| required != name);
    }
    unused_definitions_out(&mut value);
    object(value)
}

/// `value` as the object MCP takes, without the keywords a tool's schema has no use for.
fn object(value: Value) -> Arc<JsonObject> {
    let Value::Object(mut object) = value else { unreachable!("schemars gives an object") };
    object.remove("$schema");
    object.remove("title");
    Arc::new(object)
}

/// What [`plain`] makes of a schema that allows `null`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Nulls {
    /// An input: `null` is dropped. An optional argument is one left out of `required`, and [`read`] takes a
    /// `null` as left out all the same.
    LeftOut,
    /// An output: `anyOf` the value's schema and `{"type": "null"}`, one `type` each.
    AnyOf,
}

/// Makes `schema` and every schema in it plain: one `type` name each, bounds for Rust's integer formats and no
/// `format`, `null` as `nulls` says, descriptions as sentences (a doc comment's line breaks are spaces).
fn plain(schema: &mut Value, nulls: Nulls) {
    let Value::Object(object) = schema else { return };
    if let Some(Value::String(format)) = object.remove("format") {
        let (minimum, maximum): (Value, Value) = match format.as_str() {
            "int8" => (i8::MIN.into(), i8::MAX.into()),
            "int16" => (i16::MIN.into(), i16::MAX.into()),
            "int32" => (i32::MIN.into(), i32::MAX.into()),
            "int64" | "int" => (i64::MIN.into(), i64::MAX.into()),
            "uint8" => (0.into(), u8::MAX.into()),
            "uint16" => (0.into(), u16::MAX.into()),
            "uint32" => (0.into(), u32::MAX.into()),
            "uint64" | "uint" => (0.into(), u64::MAX.into()),
            _ => (Value::Null, Value::Null),
        };
        for (keyword, bound) in [("minimum", minimum), ("maximum", maximum)] {
            if !bound.is_null() {
                object.entry(keyword).or_insert(bound);
            }
        }
    }
    if let Some(Value::String(description)) = object.get_mut("description") {
        *description = sentences(description);
    }
    // `"type": ["integer", "null"]`: the one type, and `null` as `nulls` says.
    if let Some(Value::Array(types)) = object.get("type") {
        let named: Vec<Value> = types.iter().filter(|name| *name != "null").cloned().collect();
        if let ([one], true) = (named.as_slice(), named.len() < types.len()) {
            object.insert("type".to_owned(), one.clone());
            // An optional enumeration lists `null` among its values too.
            if let Some(Value::Array(values)) = object.get_mut("enum") {
                values.retain(|value| !value.is_null());
            }
            if nulls == Nulls::AnyOf {
                // The value's own keywords go with its branch; what describes the property stays.
                let mut branch = Map::new();
                for key in object.keys().cloned().collect::<Vec<_>>() {
                    if !matches!(key.as_str(), "description" | "title" | "default") {
                        branch.insert(key.clone(), object.remove(&key).expect("a key just listed"));
                    }
                }
                let null = serde_json::json!({"type": "null"});
                object.insert("anyOf".to_owned(), Value::Array(vec![Value::Object(branch), null]));
            }
        }
    }
    // `"anyOf": [SCHEMA, {"type": "null"}]` in an input: SCHEMA itself, in place, the property's own
    // description first.
    if nulls == Nulls::LeftOut
        && let Some(Value::Array(branches)) = object.get("anyOf")
        && branches.iter().any(|branch| branch.get("type").is_some_and(|name| name == "null"))
    {
        let mut kept: Vec<Value> =
            branches.iter().filter(|branch| branch.get("type").is_none_or(|name| name != "null")).cloned().collect();
        if let [Value::Object(only)] = kept.as_mut_slice() {
            object.remove("anyOf");
            for (key, value) in std::mem::take(only) {
                object.entry(key).or_insert(value);
            }
        } else {
            object.insert("anyOf".to_owned(), Value::Array(kept));
        }
    }
    children(object, |child| plain(child, nulls));
}

/// Applies `visit` to every object and array element among `object`'s values: the schemas (and values) in it.
fn children(object: &mut Map<String, Value>, mut visit: impl FnMut(&mut Value)) {
    for value in object.values_mut() {
        match value {
            Value::Object(_) => visit(value),
            Value::Array(items) => items.iter_mut().for_each(&mut visit),
            _ => {}
        }
    }
}

/// Takes the `null` branch out of every property that is not `required` in an output schema: under the
/// serialize contract that is a field left out when it has no value, never sent as `null`.
fn never_null_when_left_out(schema: &mut Value) {
    let Value::Object(object) = schema else { return };
    let required: Vec<Value> = object.get("required").and_then(Value::as_array).cloned().unwrap_or_default();
    if let Some(Value::Object(properties)) = object.get_mut("properties") {
        for (name, property) in properties.iter_mut() {
            let Value::Object(property) = property else { continue };
            if required.iter().any(|required| required == name.as_str()) {
                continue;
            }
            let Some(Value::Array(branches)) = property.get("anyOf") else { continue };
            let null = serde_json::json!({"type": "null"});
            let (nulls, others): (Vec<&Value>, Vec<&Value>) = branches.iter().partition(|branch| **branch == null);
            let ([_], [Value::Object(kept)]) = (&nulls[..], &others[..]) else { continue };
            let kept = kept.clone();
            property.remove("anyOf");
            for (key, value) in kept {
                property.entry(key).or_insert(value);
            }
        }
    }
    children(object, never_null_when_left_out);
}

/// Makes every `oneOf` of string constants (an enumeration whose values have doc comments) an `enum` of them:
/// the same values, without a schema and a description for each.
fn enums(schema: &mut Value) {
    let Value::Object(object) = schema else { return };
    let constants: Option<Vec<Value>> = object.get("oneOf").and_then(Value::as_array).and_then(|branches| {
        branches
            .iter()
            .map(|branch| match (branch.get("type"), branch.get("const")) {
                (Some(kind), Some(constant @ Value::String(_))) if kind == "string" => Some(constant.clone()),
                _ => None,
            })
            .collect()
    });
    if let Some(constants) = constants {
        object.remove("oneOf");
        object.insert("type".to_owned(), Value::from("string"));
        object.insert("enum".to_owned(), Value::Array(constants));
    }
    children(object, enums);
}

/// `schema` and every schema in it without a `description`.
fn undescribed(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            // A property named `description` holds a schema, not words.
            if object.get("description").is_some_and(Value::is_string) {
                object.remove("description");
            }
            // Values are data, not schemas.
            for (key, value) in object.iter_mut() {
                if !matches!(key.as_str(), "enum" | "const" | "default") {
                    undescribed(value);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(undescribed),
        _ => {}
    }
}

/// Leaves out of `$defs` every definition that no `$ref` reaches from the schema's root.
fn unused_definitions_out(schema: &mut Value) {
    let Value::Object(object) = schema else { return };
    let Some(Value::Object(definitions)) = object.remove("$defs") else { return };
    let mut reached = std::collections::HashSet::new();
    let mut to_visit = references(&Value::Object(object.clone()));
    while let Some(name) = to_visit.pop() {
        if let Some(definition) = definitions.get(&name)
            && reached.insert(name)
        {
            to_visit.extend(references(definition));
        }
    }
    let kept: Map<String, Value> = definitions.into_iter().filter(|(name, _)| reached.contains(name)).collect();
    if !kept.is_empty() {
        object.insert("$defs".to_owned(), Value::Object(kept));
    }
}

/// The names of the definitions that `schema`'s `$ref`s point at (`#/$defs/NAME`).
fn references(schema: &Value) -> Vec<String> {
    match schema {
        Value::Object(object) => {
            let own = object.get("$ref").and_then(Value::as_str).and_then(|to| to.strip_prefix("#/$defs/"));
            own.map(str::to_owned).into_iter().chain(object.values().flat_map(references)).collect()
        }
        Value::Array(items) => items.iter().flat_map(references).collect(),
        _ => Vec::new(),
    }
}

/// The schema of an error object in a result (a failed animal's in `add_pets`, a cancelled add's):
/// [`ErrorObject`]'s without `records`, which only `pets add --file` fills (`error_object` makes sure).
pub(super) struct ResultError;

impl JsonSchema for ResultError {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        ErrorObject::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = ErrorObject::json_schema(generator);
        if let Some(Value::Object(properties)) = schema.get_mut("properties") {
            properties.remove("records");
        }
        schema
    }
}

/// A doc comment's text as sentences: a line break within a paragraph is a space; paragraphs stay apart.
fn sentences(text: &str) -> String {
    text.split("\n\n")
        .map(|paragraph| paragraph.split('\n').collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A call's `arguments` to `tool` as `T`, read by the tool's input `schema` (see the module's words): each
/// argument a property of the schema, of its type and within its bounds, every required one given. Every
/// argument that does not fit is named, with what it takes and what it got, in one `invalid_value` error.
pub(super) fn read<T: DeserializeOwned>(tool: &str, schema: &JsonObject, arguments: JsonObject) -> Result<T, Error> {
    let empty = Map::new();
    let properties = schema.get("properties").and_then(Value::as_object).unwrap_or(&empty);
    let (mut problems, mut unknown) = (Vec::new(), Vec::new());
    let mut read = Map::new();
    for (name, value) in arguments {
        let Some(property) = properties.get(&name) else {
            unknown.push(name);
            continue;
        };
        if value.is_null() {
            continue;
        }
        match value_of(&name, property, value) {
            Ok(value) => {
                read.insert(name, value);
            }
            Err(problem) => problems.push(problem),
        }
    }
    if !unknown.is_empty() {
        let takes: Vec<String> = properties.keys().map(|name| format!("`{name}`")).collect();
        let argument = if unknown.len() == 1 { "argument" } else { "arguments" };
        problems
            .insert(0, format!("`{tool}` takes no {argument} {} (it takes {})", shown_names(&unknown), words(&takes)));
    }
    let required = schema.get("required").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    for name in required.iter().filter_map(Value::as_str) {
        let named = problems.iter().any(|problem| problem.starts_with(&format!("`{name}` ")));
        if !read.contains_key(name) && !named {
            problems.push(format!("`{name}` is required"));
        }
    }
    if !problems.is_empty() {
        return Err(Error::invalid_value(problems.join("; ")).with_hint(format!(
            "call `{tool}` again with its arguments as its input schema in `tools/list` gives them"
        )));
    }
    // Read by the schema, which the arguments' type derives: serde takes what it let through.
    serde_json::from_value(Value::Object(read))
        .map_err(|err| Error::invalid_value(format!("the arguments of `{tool}` cannot be read: {err}")))
}

/// `value` for argument `name` as its `property` schema takes it, or why not.
fn value_of(name: &str, property: &Value, value: Value) -> Result<Value, String> {
    let bound = |keyword: &str| property.get(keyword).and_then(Value::as_i64);
    match property.get("type").and_then(Value::as_str) {
        Some("integer") => {
            let integer = match &value {
                Value::Number(number) => integer_of_number(number),
                Value::String(text) => integer_of_text(text),
                _ => None,
            };
            let (minimum, maximum) = (bound("minimum").unwrap_or(i64::MIN), bound("maximum").unwrap_or(i64::MAX));
            match integer {
                Some(integer) if (minimum..=maximum).contains(&integer) => Ok(Value::from(integer)),
                // Any integer petstore can send: its bounds would only be noise.
                None if (minimum, maximum) == (i64::MIN, i64::MAX) && !value.is_number() => {
                    Err(format!("`{name}` must be an integer, got {}", shown(&value)))
                }
                _ => Err(format!("`{name}` must be an integer from {minimum} to {maximum}, got {}", shown(&value))),
            }
        }
        Some("boolean") => match &value {
            Value::Bool(_) => Ok(value),
            Value::String(text) if text == "true" || text == "false" => Ok(Value::Bool(text == "true")),
            _ => Err(format!("`{name}` must be true or false, got {}", shown(&value))),
        },
        Some("string") => {
            let allowed = property.get("enum").and_then(Value::as_array);
            match (&value, allowed) {
                (Value::String(_), None) => Ok(value),
                (Value::String(_), Some(allowed)) if allowed.contains(&value) => Ok(value),
                (_, Some(allowed)) => {
                    let allowed: Vec<String> = allowed.iter().map(|value| format!("`{}`", value_text(value))).collect();
                    Err(format!("`{name}` must be one of {}, got {}", words(&allowed), shown(&value)))
                }
                _ => Err(format!("`{name}` must be a string, got {}", shown(&value))),
            }
        }
        // An array's items are its tool's to check, each with its place (`add_pets`).
        Some("array") => {
            let (fewest, most) = (bound("minItems").unwrap_or(0), bound("maxItems").unwrap_or(i64::MAX));
            match &value {
                Value::Array(items) if (fewest..=most).contains(&i64::try_from(items.len()).unwrap_or(i64::MAX)) => {
                    Ok(value)
                }
                Value::Array(items) => {
                    Err(format!("`{name}` must hold from {fewest} to {most} items, got {}", items.len()))
                }
                _ => Err(format!("`{name}` must be an array, got {}", shown(&value))),
            }
        }
        _ => Ok(value),
    }
}

/// A JSON number as an integer: one written as an integer, or with a zero fraction (`3.0`, `1e2`) up to 2^53.
fn integer_of_number(number: &serde_json::Number) -> Option<i64> {
    if let Some(integer) = number.as_i64() {
        return Some(integer);
    }
    let float = number.as_f64()?;
    // Exact: a zero fraction, and within ±2^53, where the double is the number written.
    (float.fract() == 0.0 && float.abs() <= EXACT_FLOAT_INTEGERS).then_some(float as i64)
}

/// A string holding exactly an integer's JSON text (`"3"`, `"-2"`; not `"03"`, `"+3"`, `" 3"`, `"-0"`), as
/// that integer.
pub(super) fn integer_of_text(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|byte| byte.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0";
    if canonical { text.parse().ok() } else { None }
}

/// A value as a message quotes it: a string as JSON writes it, cut to [`SHOWN_CHARS`]; a number or `true`
/// as written; what kind an array or object is.
fn shown(value: &Value) -> String {
    match value {
        Value::String(text) => {
            let mut cut: String = text.chars().take(SHOWN_CHARS).collect();
            if cut.len() < text.len() {
                cut.push('…');
            }
            Value::String(cut).to_string()
        }
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
        other => other.to_string(),
    }
}

/// An argument's name as a message quotes it: in backticks, escaped, cut to 64 characters.
fn shown_name(name: &str) -> String {
    let cut: String = name.chars().take(64).collect();
    format!("`{}`", crate::output::safe::in_backticks(&cut))
}

/// Names as a message lists them ([`shown_name`]): the first [`SHOWN_NAMES`], and how many more, so that a
/// call with thousands of them gets a message of a few lines.
pub(super) fn shown_names(names: &[String]) -> String {
    let mut shown: Vec<String> = names.iter().take(SHOWN_NAMES).map(|name| shown_name(name)).collect();
    if names.len() > SHOWN_NAMES {
        shown.push(format!("{} more", names.len() - SHOWN_NAMES));
    }
    words(&shown)
}

/// An enumeration's value as its message lists it.
fn value_text(value: &Value) -> String {
    value.as_str().map_or_else(|| value.to_string(), str::to_owned)
}

/// `a`, `a and b`, `a, b and c`.
fn words(items: &[String]) -> String {
    crate::output::listed(items, "and").unwrap_or_else(|| "none".to_owned())
}

#[cfg(test)]
mod tests;
