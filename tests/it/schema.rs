//! `petstore schema`: every JSON document in tests/ (each snapshot's stdout, each JSON error line on stderr)
//! and a live run of every command that prints JSON are valid against that command's schema, so a field
//! cannot drift from its schema unnoticed.

use serde_json::Value;

use crate::common::{Run, TestEnv};
use petstore::commands::schema::{NAMES, for_command};

/// The command each snapshot with a JSON document on stdout shows, by the snapshot's name; `None` for those
/// whose stdout is no `--json` document of petstore's (a server's body through `api`, a `--jq` result, ndjson
/// lines). A JSON snapshot missing here fails the test, so a new one is classified when it is added.
const SNAPSHOTS: &[(&str, Option<&str>)] = &[
    ("add_json", Some("pets add")),
    ("add_answered_with_a_mocks_example_json", Some("pets add")),
    ("if_absent_without_status_finds_any_status", Some("pets add")),
    ("doctor_server_down_json", Some("doctor")),
    ("env_list_json", Some("env list")),
    ("alias_list_json", Some("alias list")),
    ("defaults_env_list_json", Some("env list")),
    ("defaults_env_current_json", Some("env current")),
    ("defaults_pets_list_json", Some("pets list")),
    ("get_json", Some("pets get")),
    ("list_empty_json", Some("pets list")),
    ("cut_off_json", Some("pets list")),
    ("list_json_piped", Some("pets list")),
    ("offline_list_json", Some("pets list")),
    ("offline_list_notes_the_outbox_json", Some("pets list")),
    ("list_json_terminal", Some("pets list")),
    ("status_none", Some("auth status")),
    ("status_unreachable_json", Some("auth status")),
    ("terminal_safety_batch_created_json", Some("pets add")),
    ("terminal_safety_json", Some("pets list")),
    ("api_400", None),
    ("api_401", None),
    ("api_404", None),
    ("api_404_no_such_animal", None),
    ("defaults_pets_list_typed_columns", None),
    ("api_404_unknown_path", None),
    ("api_404_unserved_spec_path", None),
    ("api_404_unversioned_base_url", None),
    ("api_405", None),
    ("api_503", None),
    ("api_get_query", None),
    ("api_get_terminal", None),
    ("api_include", None),
    ("api_post_fields", None),
    ("api_post_input_stdin", None),
    ("terminal_safety_api_body", None),
    ("terminal_safety_include", None),
    ("default_ignorables_jq", None),
    ("jq_add_id", None),
    ("jq_get_object", None),
    ("jq_runtime_error", None),
    ("terminal_safety_jq_json", None),
    ("json_error_batch", None),
    ("output_ndjson", None),
    ("skip_existing_ndjson", None),
    ("terminal_safety_batch_created_ndjson", None),
    ("terminal_safety_ndjson", None),
];

fn validator(name: &str) -> jsonschema::Validator {
    let schema = for_command(name).unwrap_or_else(|| panic!("no schema for `{name}`"));
    jsonschema::validator_for(&schema).unwrap_or_else(|err| panic!("`{name}`'s schema is invalid: {err}"))
}

pub(crate) fn assert_valid(name: &str, document: &Value, what: &str) {
    let validator = validator(name);
    let errors: Vec<String> =
        validator.iter_errors(document).map(|err| format!("{err} at {}", err.instance_path())).collect();
    assert!(
        errors.is_empty(),
        "{what} is not valid against `petstore schema --for \"{name}\"`: {errors:#?}\n{document}"
    );
}

/// The stdout and stderr sections of a snapshot.
fn sections(snapshot: &str) -> Option<(&str, &str)> {
    let (_, rest) = snapshot.split_once("----- stdout -----\n")?;
    rest.split_once("----- stderr -----\n")
}

#[test]
fn every_json_snapshot_is_valid_against_its_commands_schema() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots");
    let (mut documents, mut errors) = (0, 0);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let Some((stdout, stderr)) = sections(&text) else { continue };
        for line in stderr.lines().filter(|line| line.starts_with("{\"error\"")) {
            let document: Value = serde_json::from_str(line).unwrap_or_else(|err| panic!("{name}: {err}: {line}"));
            assert_valid("error", &document, &format!("{name}'s stderr"));
            errors += 1;
        }
        let Ok(document) = serde_json::from_str::<Value>(stdout) else {
            let lines: Vec<&str> = stdout.lines().filter(|line| !line.is_empty()).collect();
            let ndjson = !lines.is_empty() && lines.iter().all(|line| serde_json::from_str::<Value>(line).is_ok());
            assert!(!ndjson || SNAPSHOTS.iter().any(|(known, _)| *known == name), "{name}: ndjson, not in SNAPSHOTS");
            continue;
        };
        let command = SNAPSHOTS
            .iter()
            .find(|(known, _)| *known == name)
            .unwrap_or_else(|| panic!("{name} has JSON on stdout: name its command in SNAPSHOTS"))
            .1;
        if let Some(command) = command {
            assert_valid(command, &document, &name);
            documents += 1;
        }
    }
    assert!(documents >= 11 && errors >= 10, "{documents} documents, {errors} errors");
}

/// Every command that prints JSON, run for real against the sandbox, and a failure: each valid.
#[test]
fn a_live_run_of_every_command_is_valid_against_its_schema() {
    let env = TestEnv::new();
    // An environment of its own, as `auth` commands need one.
    env.write_config(&format!("[environments.shop]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let petstore = |args: &[&str]| {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "shop"]).args(args);
        // `auth token` prints the key: that is its job.
        if args.contains(&"token") { Run::printing_the_key(&mut cmd) } else { Run::of(&mut cmd) }
    };
    let file = env.home().join("pets.ndjson");
    std::fs::write(&file, "{\"name\":\"A\",\"categoryId\":1}\n").unwrap();
    let file = file.to_str().unwrap();
    let runs: &[(&str, &[&str])] = &[
        ("pets list", &["--json", "pets", "list"]),
        ("pets find", &["--json", "pets", "find", "--name", "Rex"]),
        ("pets get", &["--json", "pets", "get", "1"]),
        ("pets add", &["--json", "pets", "add", "--name", "Rex", "--category-id", "1"]),
        ("pets add", &["--json", "pets", "add", "--file", file]),
        ("auth status", &["--json", "auth", "status"]),
        ("auth token", &["--json", "auth", "token"]),
        ("env list", &["--json", "env", "list"]),
        ("env current", &["--json", "env", "current"]),
        ("config path", &["--json", "config", "path"]),
        ("alias list", &["--json", "alias", "list"]),
        ("doctor", &["--json", "doctor"]),
        ("version", &["--json", "version"]),
        ("help", &["help", "--json"]),
        ("help", &["pets", "add", "--help", "--json"]),
        ("agent setup", &["--json", "agent", "setup", "--status"]),
    ];
    assert_eq!(petstore(&["alias", "set", "avail", "pets list --status available"]).code, 0);
    let mut covered: Vec<&str> = Vec::new();
    for (name, args) in runs {
        let run = petstore(args);
        assert!(!run.stdout.is_empty(), "{args:?}: {run}");
        assert_valid(name, &run.json(), &format!("{args:?}"));
        covered.push(name);
    }
    // The schema as `petstore schema` prints it is the one checked here.
    let run = env.run(&["schema", "--for", "pets list"]);
    assert_eq!((run.code, run.json()), (0, for_command("pets list").unwrap()), "{run}");
    // A name in any case, as every fixed set of values is read, is that name (it once panicked).
    let run = env.run(&["schema", "--for", "Pets LIST"]);
    assert_eq!((run.code, run.json()), (0, for_command("pets list").unwrap()), "{run}");
    // A failure's one line, and each field of the schema against a document that breaks it.
    let run = petstore(&["--json", "pets", "get", "999"]);
    let last: Value = serde_json::from_str(run.stderr.lines().last().unwrap()).unwrap();
    assert_valid("error", &last, "a 404");
    covered.push("error");
    let mut broken = last.clone();
    broken["error"]["exitCode"] = "3".into();
    assert!(!validator("error").is_valid(&broken));
    let mut extra = petstore(&["--json", "pets", "get", "1"]).json();
    extra["colour"] = "brown".into();
    assert!(!validator("pets get").is_valid(&extra), "a field the type does not have is refused");
    for name in NAMES {
        assert!(covered.contains(name), "no live run of `{name}`");
    }
    let run = env.run(&["schema", "--list"]);
    assert_eq!(run.stdout, NAMES.iter().map(|name| format!("{name}\n")).collect::<String>());
}
