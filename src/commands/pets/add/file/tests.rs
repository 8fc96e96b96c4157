//! `pets add --file` without a process, through its sink: a context over captured output and a sandbox
//! started here.

use clap::Parser;
use petstore_core::api::NewPet;
use serde_json::json;

use super::run;
use crate::commands::pets::add::AddArgs;
use crate::verb_tests::Verb;

#[derive(clap::Parser)]
struct Add {
    #[command(flatten)]
    args: AddArgs,
}

/// The journal's entry of the record on `line` of `file`, ended as `ended` says.
fn entry(file: &str, line: u64, name: &str, ended: serde_json::Value) -> serde_json::Value {
    let mut entry = json!({
        "name": name,
        "method": "POST",
        "path": "/pets",
        "body": { "name": name, "categoryId": 1 },
        "via": "cli",
        "file": file,
        "line": line,
    });
    entry.as_object_mut().unwrap().extend(ended.as_object().unwrap().clone());
    entry
}

#[tokio::test]
async fn each_record_ends_on_stdout_stderr_and_in_the_journal() {
    // Names of at most 6 bytes: the third record's is one petstore sends and the server refuses.
    let verb = Verb::new(petstore_sandbox::Config::default().seed_pets(0).name_max_bytes(6));
    let tom = NewPet { name: "Tom".to_owned(), category_id: 1, status: None };
    verb.ctx.client().unwrap().create_pet(&tom).await.unwrap();
    let path = verb.dir.path().join("animals.ndjson");
    let records = ["Rex", "Tom", "Rexford"].map(|name| json!({ "name": name, "categoryId": 1 }).to_string() + "\n");
    std::fs::write(&path, records.concat()).unwrap();
    let file = path.display().to_string();
    let args = Add::parse_from(["add", "--file", &file, "--if-absent"]).args;

    let err = run(&verb.ctx, &args, &path).await.unwrap_err();

    assert_eq!(
        (err.code(), err.exit_code(), err.to_string().as_str()),
        (
            "batch_incomplete",
            6,
            "not every record was created: created 1 / failed 1 / unknown 0 / not sent 0 / skipped 1 / undecided 0"
        )
    );
    assert_eq!(verb.pets(), [(1, "Tom".to_owned()), (2, "Rex".to_owned())]);
    assert_eq!(verb.captured.stdout(), "2\tRex\t1\t\n");
    let stderr = verb.captured.stderr();
    let (said, request_id) = stderr.split_once(" (request id `").expect("a request id");
    assert_eq!(
        said,
        "line 3: not created: the server refused the request (HTTP 400): `name` must be at most 6 bytes of UTF-8, \
         not 7 (`invalid_body`)"
    );
    assert!(request_id.len() == 36 + 3 && request_id.ends_with("`)\n"), "{stderr}");
    let mut journal = verb.journal();
    journal.sort_by_key(|entry| entry["line"].as_u64());
    assert_eq!(
        journal,
        [
            entry(&file, 1, "Rex", json!({ "outcome": "created", "petId": 2 })),
            entry(&file, 2, "Tom", json!({ "outcome": "exists", "petId": 1 })),
            entry(&file, 3, "Rexford", json!({ "outcome": "refused", "code": "invalid_body", "status": 400 })),
        ]
    );
}
