use super::*;
use serde_json::json;

#[derive(Debug, serde::Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
struct Sample {
    /// A number,
    /// over two lines.
    #[schemars(range(min = 1, max = 100))]
    limit: Option<u8>,
    id: Option<i64>,
    #[serde(default)]
    all: bool,
    status: Option<petstore_core::api::PetStatus>,
    name: String,
}

fn read_sample(arguments: Value) -> Result<Sample, String> {
    let Value::Object(arguments) = arguments else { unreachable!() };
    read("sample", &input::<Sample>(), arguments).map_err(|err| err.to_string())
}

#[test]
fn an_input_schema_is_plain() {
    let schema = Value::Object((*input::<Sample>()).clone());
    assert_eq!(
        schema,
        json!({
            "additionalProperties": false,
            "type": "object",
            "properties": {
                "limit": {"description": "A number, over two lines.", "type": "integer", "minimum": 1, "maximum": 100},
                "id": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
                "all": {"type": "boolean", "default": false},
                "status": {"description": "An animal's availability (spec §2, `PetStatus`).", "type": "string",
                    "enum": ["available", "pending", "sold"]},
                "name": {"type": "string"}
            },
            "required": ["name"]
        })
    );
}

#[test]
fn an_output_schema_says_what_is_sent_in_the_fewest_words() {
    /// The result.
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Out {
        /// Sent, and may be null.
        status: Option<u16>,
        /// Left out when there is none.
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<String>,
        /// How it went.
        how: How,
        #[schemars(with = "Option<ResultError>")]
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<ErrorObject>,
    }
    /// An enumeration whose values have doc comments.
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    enum How {
        /// Well.
        Well,
        /// Badly.
        Badly,
    }
    let schema = Value::Object((*output::<Out>()).clone());
    let error = schema["$defs"]["ErrorObject"].clone();
    assert_eq!(
        schema,
        json!({
            "$defs": {"How": {"type": "string", "enum": ["Well", "Badly"]}, "ErrorObject": error, "Retry": {
                "type": "string", "enum": ["safe", "check-first", "never"]}},
            "type": "object",
            "properties": {
                "status": {"description": "Sent, and may be null.",
                    "anyOf": [{"type": "integer", "minimum": 0, "maximum": 65535}, {"type": "null"}]},
                "code": {"description": "Left out when there is none.", "type": "string"},
                "how": {"description": "How it went.", "$ref": "#/$defs/How"},
                "error": {"$ref": "#/$defs/ErrorObject"}
            },
            "required": ["status", "how"]
        })
    );
    // An error object sends `status` and `hint` always, as `null` when there is none; never `records`.
    assert_eq!(error["required"], json!(["code", "message", "status", "exitCode", "hint", "retry"]));
    assert_eq!(error["properties"].get("records"), None);
    assert_eq!(error["properties"]["requestId"], json!({"type": "string"}));
    assert!(!error.to_string().contains("description"), "{error}");
}

#[test]
fn integers_and_booleans_may_come_as_strings_of_their_json_text() {
    let read = read_sample(json!({"limit": "3", "id": "-9223372036854775808", "all": "true", "name": "Rex"}));
    assert_eq!(
        read.unwrap(),
        Sample { limit: Some(3), id: Some(i64::MIN), all: true, status: None, name: "Rex".into() }
    );
    let read = read_sample(json!({"limit": 3.0, "id": 1e2, "all": "false", "status": null, "name": "Rex"}));
    assert_eq!(read.unwrap(), Sample { limit: Some(3), id: Some(100), all: false, status: None, name: "Rex".into() });
}

#[test]
fn anything_else_is_refused_naming_each_argument_in_the_schemas_words() {
    for (arguments, message) in [
        (json!({"limit": "03", "name": "Rex"}), "`limit` must be an integer from 1 to 100, got \"03\""),
        (json!({"limit": 0, "name": "Rex"}), "`limit` must be an integer from 1 to 100, got 0"),
        (json!({"limit": 300, "name": "Rex"}), "`limit` must be an integer from 1 to 100, got 300"),
        (json!({"limit": 2.5, "name": "Rex"}), "`limit` must be an integer from 1 to 100, got 2.5"),
        (json!({"id": " 3", "name": "Rex"}), "`id` must be an integer, got \" 3\""),
        (json!({"id": "-0", "name": "Rex"}), "`id` must be an integer, got \"-0\""),
        (json!({"id": "+3", "name": "Rex"}), "`id` must be an integer, got \"+3\""),
        (
            json!({"id": 18446744073709551615_u64, "name": "Rex"}),
            "`id` must be an integer from -9223372036854775808 to 9223372036854775807, got 18446744073709551615",
        ),
        (
            json!({"id": 1e300, "name": "Rex"}),
            "`id` must be an integer from -9223372036854775808 to 9223372036854775807, got 1e+300",
        ),
        (json!({"id": "99999999999999999999", "name": "Rex"}), "`id` must be an integer, got \"99999999999999999999\""),
        (json!({"all": "yes", "name": "Rex"}), "`all` must be true or false, got \"yes\""),
        (json!({"all": "True", "name": "Rex"}), "`all` must be true or false, got \"True\""),
        (json!({"all": 1, "name": "Rex"}), "`all` must be true or false, got 1"),
        (
            json!({"status": "Sold", "name": "Rex"}),
            "`status` must be one of `available`, `pending` and `sold`, got \"Sold\"",
        ),
        (json!({"name": 7}), "`name` must be a string, got 7"),
        (json!({}), "`name` is required"),
        (json!({"name": null}), "`name` is required"),
        (
            json!({"name": "Rex", "confirm\u{202e}": true}),
            "`sample` takes no argument `confirm\\u{202e}` (it takes `limit`, `id`, `all`, `status` and `name`)",
        ),
        (
            json!({"name": "Rex", "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7}),
            "`sample` takes no arguments `a`, `b`, `c`, `d`, `e` and 2 more (it takes `limit`, `id`, `all`, \
             `status` and `name`)",
        ),
        (
            json!({"limit": "x", "all": [1]}),
            "`limit` must be an integer from 1 to 100, got \"x\"; `all` must be true or false, got an array; \
             `name` is required",
        ),
    ] {
        let refused = read_sample(arguments.clone()).unwrap_err();
        assert_eq!(refused, format!("invalid value: {message}"), "{arguments}");
        for rust in ["u8", "i64", "u64", "Option", "expected"] {
            assert!(!refused.contains(rust), "{refused}");
        }
    }
}
