//! `--output` and `--jq`: every command that prints records prints them the same ways.

use crate::assert_run;
use crate::common::TestEnv;

#[test]
fn output_formats_for_a_list() {
    let env = TestEnv::new();
    assert_run!("output_ndjson", env.run(&["pets", "list", "--limit", "2", "--output", "ndjson"]));
    assert_run!("output_table_piped", env.run(&["pets", "list", "--limit", "2", "-o", "table"]));
    assert_run!("output_tsv_terminal", env.run_in_terminal(&["pets", "list", "--limit", "2", "-o", "tsv"]));
    let json = env.run(&["pets", "list", "--limit", "2", "-o", "json"]);
    assert_eq!(json.stdout, env.run(&["pets", "list", "--limit", "2", "--json"]).stdout);
}

#[test]
fn ndjson_for_one_record_is_one_line() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "2", "-o", "ndjson"]);
    assert_eq!(run.stdout, "{\"id\":6,\"name\":\"Rex\",\"categoryId\":2}\n", "{run}");
    let run = env.run(&["env", "list", "-o", "ndjson"]);
    assert_eq!(run.stdout.lines().count(), 3, "{run}");
}

#[test]
fn jq_filters_list_add_and_get() {
    let env = TestEnv::new();
    assert_run!("jq_list_names", env.run(&["pets", "list", "--jq", r#".[] | select(.status=="pending") | .name"#]));
    assert_run!("jq_add_id", env.run(&["pets", "add", "--name", "Rex", "--category-id", "2", "--jq", ".id"]));
    assert_run!("jq_get_object", env.run(&["pets", "get", "2", "-q", "--jq", "{name, status}"]));
    let run = env.run(&["env", "list", "--jq", "map(.name) | join(\",\")"]);
    assert_eq!(run.stdout, "production,staging,sandbox\n", "{run}");
}

#[test]
fn a_bad_jq_expression_is_exit_2_before_any_request() {
    let env = TestEnv::new();
    assert_run!("jq_parse_error", env.run(&["--color", "never", "pets", "list", "--jq", ".[] | select(.status ==)"]));
    assert_run!("jq_undefined", env.run(&["--color", "never", "pets", "list", "--jq", "nosuch(.)"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_jq_runtime_error_is_exit_2_after_what_came_before_it() {
    let env = TestEnv::new();
    assert_run!("jq_runtime_error", env.run(&["pets", "list", "--jq", ".[] | .id, (.name | tonumber)"]));
}

#[test]
fn contradictory_format_flags_are_refused() {
    let env = TestEnv::new();
    assert_eq!(env.run(&["pets", "list", "--json", "-o", "table"]).code, 2);
    assert_eq!(env.run(&["pets", "list", "-o", "tsv", "--jq", "."]).code, 2);
    assert_eq!(env.sandbox.request_count(), 0);
}
