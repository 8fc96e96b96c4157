//! `-o csv` and its round trip, `--columns`, `--header`/`--no-header`, `--jq` errors, `-o ndjson --jq`, jq's
//! format strings, `--json` for one-value commands and its refusal elsewhere, and `--progress`.

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::{Run, TestEnv};

/// Names a spreadsheet or a naive CSV writer gets wrong.
const AWKWARD: [&str; 9] = [
    "Tom, the cat",
    "Say \"cheese\"",
    "two\nlines",
    "=HYPERLINK(\"http://x\")",
    "+1+1",
    "-x",
    "@SUM(A1)",
    "'=quoted",
    "-3",
];

/// The animals of a sandbox, ids aside, in a stable order.
fn animals(env: &TestEnv) -> Vec<serde_json::Value> {
    let mut pets: Vec<_> = env
        .sandbox
        .pets()
        .into_iter()
        .map(|mut pet| {
            pet.as_object_mut().unwrap().remove("id");
            pet
        })
        .collect();
    pets.sort_by_key(|pet| pet.to_string());
    pets
}

#[test]
fn csv_from_one_sandbox_recreates_the_same_animals_in_another() {
    let from = TestEnv::with(Config::default().seed_pets(0));
    for (i, name) in AWKWARD.iter().enumerate() {
        let status = ["available", "pending", "sold"][i % 3];
        let name = format!("--name={name}");
        let mut args = vec!["pets", "add", name.as_str(), "--category-id", "7"];
        if i % 4 != 0 {
            args.extend(["--status", status]);
        }
        let run = from.run(&args);
        assert_eq!(run.code, 0, "{run}");
    }
    let csv = from.run(&["pets", "list", "--limit", "100", "-o", "csv"]);
    assert_eq!(csv.code, 0, "{csv}");
    assert!(csv.stdout.starts_with("id,name,categoryId,status\r\n"), "{csv}");
    assert!(csv.stdout.contains("\"'=HYPERLINK(\"\"http://x\"\")\"") && csv.stdout.contains(",''=quoted,"), "{csv}");
    assert!(csv.stdout.contains(",-3,") && csv.stdout.contains(",'-x,"), "{csv}");
    let file = from.home().join("animals.csv");
    std::fs::write(&file, &csv.stdout).unwrap();

    let to = TestEnv::with(Config::default().seed_pets(0));
    let run = to.run(&["pets", "add", "--file", file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(animals(&to), animals(&from));
    assert_eq!(to.sandbox.pets().len(), AWKWARD.len());
}

#[test]
fn csv_prints_every_command_that_prints_records() {
    let env = TestEnv::new();
    assert_run!("csv_pets_list", env.run(&["pets", "list", "--limit", "2", "-o", "csv"]));
    assert_run!("csv_pets_get", env.run(&["pets", "get", "1", "-q", "-o", "csv"]));
    assert_run!("csv_pets_add", env.run(&["pets", "add", "--name", "=cmd", "--category-id", "1", "-o", "csv"]));
    let run = env.run_with_stdin(
        &["pets", "add", "--file", "-", "--format", "csv", "-o", "csv", "--concurrency", "1"],
        "name,categoryId\n@a,1\nb,2\n",
    );
    assert_eq!(run.stdout, "id,name,categoryId,status\r\n7,'@a,1,\r\n8,b,2,\r\n", "{run}");
    let run = env.run(&["env", "list", "-o", "csv", "--columns", "name,baseUrl"]);
    assert!(run.stdout.starts_with("name,baseUrl\r\nproduction,https://"), "{run}");
}

#[test]
fn columns_choose_and_order_the_fields_in_each_format() {
    let env = TestEnv::new();
    let list = ["pets", "list", "--limit", "2", "--columns", "status,name"];
    assert_run!("columns_table", env.run_in_terminal(&[&list[..], &["--color", "never"]].concat()));
    assert_run!("columns_tsv", env.run(&list));
    assert_run!("columns_csv", env.run(&[&list[..], &["-o", "csv"]].concat()));
    let run = env.run(&["auth", "status", "--columns", "env,check"]);
    assert!(run.stdout.ends_with("\taccepted\n") || run.code != 0, "{run}");
}

#[test]
fn an_unknown_column_is_exit_2_before_any_request() {
    let env = TestEnv::new();
    assert_run!("columns_unknown", env.run(&["pets", "list", "--columns", "name,colour"]));
    assert_run!("columns_with_json", env.run(&["pets", "list", "--json", "--columns", "name"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn header_flags_override_each_formats_default() {
    let env = TestEnv::new();
    let list = ["pets", "list", "--limit", "1"];
    let run = |extra: &[&str]| env.run(&[&list[..], extra].concat()).stdout;
    assert_eq!(run(&["--header"]), "id\tname\tcategoryId\tstatus\n1\tRex\t1\tavailable\n");
    assert_eq!(run(&["-o", "csv", "--no-header"]), "1,Rex,1,available\r\n");
    assert_eq!(run(&["-o", "csv", "--no-header", "--header"]), "id,name,categoryId,status\r\n1,Rex,1,available\r\n");
    let table = env.run_in_terminal(&[&list[..], &["--no-header", "--color", "never"]].concat());
    assert_eq!(table.stdout, "1  Rex  1  available\n", "{table}");
}

#[test]
fn a_jq_error_is_two_lines() {
    let env = TestEnv::new();
    assert_run!("jq_error_two_lines", env.run(&["--color", "never", "pets", "list", "--jq", ".[] | .name |"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn ndjson_runs_jq_on_each_record() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "list", "--limit", "3", "-o", "ndjson", "--jq", "length"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "4\n4\n4\n"), "{run}");
    let run = env.run_with_stdin(
        &["pets", "add", "--file", "-", "--format", "ndjson", "-o", "ndjson", "--jq", "\"\\(.line) \\(.pet.name)\""],
        "{\"name\":\"A\",\"categoryId\":1}\n",
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, "1 A\n"), "{run}");
}

#[test]
fn jq_format_strings_work() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    assert_eq!(env.run(&["pets", "add", "--name", "Tom, \"the\"\tcat\\", "--category-id", "2"]).code, 0);
    let jq = |expression: &str| {
        let run = env.run(&["pets", "list", "--jq", expression]);
        assert_eq!(run.code, 0, "{run}");
        run.stdout
    };
    assert_eq!(jq(".[] | [.id, .name, .status] | @csv"), "1,\"Tom, \"\"the\"\"\tcat\\\",\n");
    assert_eq!(jq(".[] | [.id, .name] | @tsv"), "1\tTom, \"the\"\\tcat\\\\\n");
    assert_eq!(jq(".[0].name | @sh"), "'Tom, \"the\"\tcat\\'\n");
    assert_eq!(jq(".[0] | {id} | @json"), "{\"id\":1}\n");
    assert_eq!(jq(".[0].id | @text"), "1\n");
    assert_eq!(jq(".[0].name | @base64"), "VG9tLCAidGhlIgljYXRc\n");
    assert_eq!(jq(".[0].name | @base64 | @base64d"), "Tom, \"the\"\tcat\\\n");
    assert_eq!(jq(".[0].name | @uri"), "Tom%2C%20%22the%22%09cat%5C\n");
    assert_eq!(jq(".[0].name | @html"), "Tom, &quot;the&quot;\tcat\\\n");
}

#[test]
fn one_value_commands_honour_json() {
    let env = TestEnv::new();
    let run = env.run(&["config", "path", "--json"]);
    assert_eq!(run.code, 0, "{run}");
    let path = env.config_dir().join("config.toml");
    assert_eq!(run.json(), serde_json::json!({ "path": path.to_str().unwrap() }));
    let run = Run::printing_the_key(env.command().args(["auth", "token", "--env", "sandbox", "--json"]));
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.json(), serde_json::json!({ "env": "sandbox", "key": crate::common::KEY }));
    let run = Run::printing_the_key(env.command().args(["auth", "token", "--env", "sandbox", "--jq", ".key"]));
    assert_eq!(run.stdout, format!("{}\n", crate::common::KEY), "{run}");
}

#[test]
fn flags_a_command_cannot_honour_are_exit_2_before_it_acts() {
    let env = TestEnv::new();
    assert_run!("json_refused_by_env_add", env.run(&["env", "add", "eu", "https://eu.example.com/v1", "--json"]));
    assert!(!env.config_dir().join("config.toml").exists(), "nothing was written");
    assert_eq!(env.run(&["config", "path", "-o", "table"]).code, 2);
    assert_eq!(env.run(&["completions", "bash", "-o", "csv"]).code, 2);
    assert_eq!(env.run(&["api", "GET", "/pets", "--json"]).code, 2);
    assert_eq!(env.run(&["pets", "list", "-o", "csv", "--jq", "."]).code, 2);
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn plain_progress_writes_lines_without_cursor_movement() {
    let env = TestEnv::new();
    let run = Run::with_stdin(
        env.command().env("PETSTORE_TEST_TERMINAL", "1").args([
            "--color",
            "never",
            "pets",
            "add",
            "--file",
            "-",
            "--format",
            "csv",
            "--progress",
            "plain",
            "-o",
            "tsv",
        ]),
        "name,categoryId\nA,1\nB,2\n",
    );
    assert_eq!(run.code, 0, "{run}");
    assert!(!run.stderr.contains('\x1b') && !run.stderr.contains('\r'), "{run}");
    assert!(run.stderr.contains("progress: 2 of 2 done (100%), "), "{run}");
    let run = Run::with_stdin(
        env.command().env("PETSTORE_TEST_TERMINAL", "1").args([
            "pets",
            "add",
            "--file",
            "-",
            "--format",
            "csv",
            "--progress",
            "none",
            "-o",
            "tsv",
        ]),
        "name,categoryId\nC,1\n",
    );
    assert!(!run.stderr.contains('\x1b') && !run.stderr.contains("progress"), "{run}");
}

#[test]
fn a_bulk_add_prints_its_pets_with_the_columns_and_header_asked_for() {
    let env = TestEnv::new();
    let add = ["pets", "add", "--file", "-", "--format", "csv", "--concurrency", "1"];
    let run =
        env.run_with_stdin(&[&add[..], &["--columns", "name,id", "--header"]].concat(), "name,categoryId\nA,1\nB,2\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "name\tid\nA\t6\nB\t7\n"), "{run}");
    // Nothing created: the CSV is its header alone, so a spreadsheet still gets its columns.
    let run = env.run_with_stdin(&[&add[..], &["-o", "csv", "--columns", "id"]].concat(), "id,name,categoryId\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "id\r\n"), "{run}");
    let file = env.home().join("more.csv");
    std::fs::write(&file, "name,categoryId\nC,1\n").unwrap();
    let run = env.run(&["pets", "add", "--file", file.to_str().unwrap(), "--columns", "nope"]);
    assert_eq!(run.code, 2, "{run}");
    assert_eq!(env.sandbox.pets().len(), 7, "nothing more was created");
}

#[test]
fn plain_progress_adds_a_line_as_the_batch_goes_on() {
    let slow = std::time::Duration::from_millis(400);
    let env = TestEnv::with(Config::default().seed_pets(0).latency(slow..=slow));
    let file = env.home().join("four.csv");
    std::fs::write(&file, "name,categoryId\nA,1\nB,1\nC,1\nD,1\n").unwrap();
    let run = env.run(&[
        "pets",
        "add",
        "--file",
        file.to_str().unwrap(),
        "--concurrency",
        "1",
        "--progress",
        "plain",
        "-o",
        "tsv",
    ]);
    assert_eq!(run.code, 0, "{run}");
    // Piped, and still shown: the lines are for logs as much as for people.
    let lines: Vec<_> = run.stderr.lines().filter(|line| line.starts_with("progress: ")).collect();
    assert!(lines.len() >= 2, "a line during the batch and one at its end: {run}");
    assert!(lines.last().unwrap().starts_with("progress: 4 of 4 done (100%), "), "{run}");
    assert!(!run.stderr.contains('\x1b') && !run.stderr.contains('\r'), "{run}");
}
