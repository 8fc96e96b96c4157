//! Issue 21: lists that say when they are cut off, `pets list --all`, `pets find`: every animal the API can
//! show, and a word for what it cannot.

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::{Run, TestEnv};

/// A sandbox with `n` seeded animals (statuses rotate: available, pending, sold).
fn store(n: u64) -> TestEnv {
    TestEnv::with(Config::default().seed_pets(n))
}

/// Adds an animal with no status through petstore itself; gives its id.
fn add_without_status(env: &TestEnv, name: &str) -> i64 {
    let run = env.run(&["pets", "add", "--name", name, "--category-id", "9", "--json"]);
    assert_eq!(run.code, 0, "{run}");
    run.json()["id"].as_i64().unwrap()
}

/// The requests that used the deprecated `GET /pets/{petId}`.
fn deprecated_calls(env: &TestEnv) -> Vec<String> {
    env.sandbox.request_lines().into_iter().filter(|line| line.starts_with("GET /v1/pets/")).collect()
}

#[test]
fn a_full_page_says_more_exist_piped_and_at_a_terminal() {
    let env = store(25);
    let piped = env.run(&["pets", "list"]);
    assert_run!("cut_off_piped", piped);
    assert_eq!(piped.stdout.lines().count(), 20);
    let terminal = env.run_in_terminal(&["pets", "list", "--color", "never", "--limit", "3"]);
    assert_run!("cut_off_terminal", terminal);
    // One more than asked for, so that "more exist" is a fact.
    assert!(env.sandbox.request_lines().iter().any(|line| line == "GET /v1/pets?limit=21"));
    assert_run!("cut_off_json", env.run(&["pets", "list", "--json", "--limit", "2"]));
}

#[test]
fn quiet_silences_the_note() {
    let env = store(25);
    let run = env.run(&["pets", "list", "-q"]);
    assert_eq!((run.code, run.stdout.lines().count(), run.stderr.as_str()), (0, 20, ""), "{run}");
    let run = env.run_in_terminal(&["pets", "list", "--quiet", "--color", "never"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
}

#[test]
fn exactly_the_limit_or_fewer_gets_no_note() {
    let env = store(20);
    let run = env.run(&["pets", "list"]);
    assert_eq!((run.code, run.stdout.lines().count(), run.stderr.as_str()), (0, 20, ""), "{run}");
    let run = env.run_in_terminal(&["pets", "list", "--color", "never"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    let run = env.run(&["pets", "list", "--limit", "30"]);
    assert_eq!((run.code, run.stdout.lines().count(), run.stderr.as_str()), (0, 20, ""), "{run}");
    let run = env.run(&["pets", "list", "--status", "sold", "--limit", "7"]);
    assert_eq!((run.code, run.stdout.lines().count(), run.stderr.as_str()), (0, 6, ""), "{run}");
}

#[test]
fn a_page_of_100_says_more_may_exist() {
    let env = store(150);
    assert_run!("cut_off_at_100", env.run(&["pets", "list", "--limit", "100", "-o", "json"]).stderr_only());
    let env = store(400);
    assert_run!(
        "cut_off_at_100_status",
        env.run(&["pets", "list", "--limit", "100", "--status", "sold"]).stderr_only()
    );
    let env = store(100);
    let run = env.run(&["pets", "list", "--status", "sold", "--limit", "33"]);
    assert_eq!((run.code, run.stdout.lines().count(), run.stderr.as_str()), (0, 33, ""), "{run}");
}

#[test]
fn all_below_the_caps_is_the_whole_store_and_exit_0() {
    let env = store(60);
    let run = env.run(&["pets", "list", "--all", "--json"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert_eq!(run.json(), serde_json::Value::Array(env.sandbox.pets()));
    let mut lines = env.sandbox.request_lines();
    lines.sort();
    assert_eq!(
        lines,
        [
            "GET /v1/pets?limit=100",
            "GET /v1/pets?status=available&limit=100",
            "GET /v1/pets?status=pending&limit=100",
            "GET /v1/pets?status=sold&limit=100"
        ]
    );
}

#[test]
fn all_past_the_unfiltered_cap_names_the_blind_spot() {
    let env = store(150);
    let hidden = add_without_status(&env, "Ghost");
    let run = env.run(&["pets", "list", "--all"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.stdout.lines().count(), 150, "every seeded animal has a status, so each is reached");
    assert!(!run.stdout.contains("Ghost"), "{run}");
    assert_run!("all_blind_spot", run.stderr_only());
    assert!(hidden > 150);
    // ndjson: one animal a line, in id order.
    let run = env.run(&["pets", "list", "--all", "-o", "ndjson", "-q"]);
    let ids: Vec<i64> = run
        .stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, (1..=150).collect::<Vec<_>>(), "{run}");
    assert_eq!(run.stderr, "");
}

#[test]
fn all_past_the_status_caps_is_partial_exit_6() {
    let env = store(400);
    let run = env.run(&["pets", "list", "--all"]);
    assert_eq!(run.stdout.lines().count(), 300, "ids 1 to 300: the first 100 of each status");
    assert_run!("all_partial", run.stderr_only());
    let run = env.run(&["pets", "list", "--all", "--status", "pending"]);
    assert_eq!(run.stdout.lines().count(), 100);
    assert_run!("all_partial_one_status", run.stderr_only());
    let env = store(150);
    let run = env.run(&["pets", "list", "--all", "--status", "pending", "--json"]);
    assert_eq!((run.code, run.json().as_array().unwrap().len(), run.stderr.as_str()), (0, 50, ""), "{run}");
}

#[test]
fn all_and_limit_do_not_go_together() {
    let env = store(5);
    assert_run!("all_with_limit", env.run(&["pets", "list", "--all", "--limit", "5"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn find_by_each_criterion_without_the_deprecated_call() {
    let env = store(150);
    assert_run!("find_id", env.run(&["pets", "find", "--id", "149"]));
    assert_run!("find_name", env.run(&["pets", "find", "--name", "Luna 3", "-q"]));
    assert_run!("find_name_contains", env.run(&["pets", "find", "--name-contains", "la 1", "-q"]));
    assert_run!(
        "find_category",
        env.run(&["pets", "find", "--category", "3", "--status", "sold", "--name-contains", "Milo"])
    );
    let run = env.run(&["pets", "find", "--category", "4", "--json", "-q"]);
    assert_eq!(run.json().as_array().unwrap().len(), 37, "{run}");
    assert_eq!(deprecated_calls(&env), Vec::<String>::new());
}

#[test]
fn find_with_nothing_matching_is_exit_3() {
    let env = store(150);
    assert_run!("find_no_match_name", env.run(&["pets", "find", "--name", "Nobody"]));
    // An id below the last one of the unfiltered list is decided by it: no deprecated call.
    assert_run!("find_no_match_id", env.run(&["pets", "find", "--id", "0"]));
    assert_run!("find_no_match_combined", env.run(&["pets", "find", "--id", "1", "--category", "2"]));
    assert_eq!(deprecated_calls(&env), Vec::<String>::new());
    let env = store(10);
    assert_run!("find_no_match_small_store", env.run(&["pets", "find", "--id", "11"]));
    assert_eq!(deprecated_calls(&env), Vec::<String>::new());
}

#[test]
fn names_are_found_as_people_type_them_and_a_near_miss_is_suggested() {
    let env = store(150);
    let run = env.run(&["pets", "find", "--name", "luna 3", "-q", "-o", "tsv", "--columns", "name"]);
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "Luna 3\n", ""), "{run}");
    let run = env.run(&["pets", "find", "--name-contains", "LUNA 3", "-q", "-o", "tsv", "--columns", "name"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "Luna 3\n"), "{run}");
    assert_run!("find_name_exact_no_match", env.run(&["pets", "find", "--name", "luna 3", "--exact", "-q"]));
    assert_run!("find_name_near_miss", env.run(&["pets", "find", "--name", "Lunna 3", "-q"]));
    let run = env.run(&["pets", "find", "--name", "Lunna 3", "--json"]);
    let error: serde_json::Value = serde_json::from_str(run.stderr.lines().last().unwrap()).unwrap();
    assert_eq!(
        (run.code, error["error"]["hint"].as_str()),
        (3, Some("did you mean `Luna 3`, `Luna 13` or `Luna`?")),
        "{run}"
    );
}

#[test]
fn find_needs_a_criterion() {
    let env = store(5);
    assert_run!("find_no_criterion", env.run(&["pets", "find"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn an_id_no_list_shows_falls_back_to_the_deprecated_lookup_before_its_removal() {
    let env = store(150);
    let id = add_without_status(&env, "Ghost");
    let run = env.run(&["pets", "find", "--id", &id.to_string()]);
    assert_run!("find_fallback", run);
    assert_eq!(deprecated_calls(&env), [format!("GET /v1/pets/{id}")]);
    // One past every animal: the lookup is asked, and its 404 is no match.
    let run = env.run(&["pets", "find", "--id", &(id + 1).to_string()]);
    assert_eq!(run.code, 3, "{run}");
    assert_eq!(deprecated_calls(&env).len(), 2);
}

#[test]
fn after_the_removal_date_the_api_cannot_reach_that_animal() {
    let env = store(150);
    let id = add_without_status(&env, "Ghost");
    let later = |date: &str| {
        Run::of(env.command().env("PETSTORE_TEST_NOW", date).args(["pets", "find", "--id", &id.to_string()]))
    };
    assert_run!("find_after_removal", later("Thu, 05 Dec 2030 00:00:00 GMT"));
    assert_eq!(deprecated_calls(&env), Vec::<String>::new());
    let run = later("Wed, 04 Dec 2030 23:59:59 GMT");
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(deprecated_calls(&env).len(), 1);
}

#[test]
fn find_past_a_full_status_is_partial_exit_6() {
    let env = store(400);
    assert_run!("find_partial", env.run(&["pets", "find", "--name-contains", "Rex 3"]));
    // An id is unique: found in a list, the answer is complete.
    let run = env.run(&["pets", "find", "--id", "7"]);
    assert_eq!(run.code, 0, "{run}");
}

#[test]
fn get_and_the_hints_point_at_find() {
    let env = store(5);
    let run = env.run(&["pets", "get", "2"]);
    assert!(run.stderr.contains("use `petstore pets find --id ID` instead"), "{run}");
}

impl Run {
    /// The run without its stdout, for snapshots of what a person or script is told.
    fn stderr_only(self) -> Run {
        Run { stdout: format!("[{} lines]\n", self.stdout.lines().count()), ..self }
    }
}

#[test]
fn sort_and_filters_run_on_the_client_over_what_the_api_returned() {
    let env = store(150);
    assert_run!("list_sort_name", env.run(&["pets", "list", "--limit", "6", "--sort", "name", "-q"]));
    assert_run!(
        "list_sort_status_reverse",
        env.run(&["pets", "list", "--limit", "6", "--sort", "status", "--reverse", "-q"])
    );
    // Filters narrow the page the API returned, not the store: the note still says the page was cut off.
    assert_run!("list_filter_page", env.run(&["pets", "list", "--category", "2", "--name-contains", "a"]));
    let run = env.run(&["pets", "list", "--all", "--category", "2", "--sort", "category", "--reverse", "--json", "-q"]);
    let pets = run.json();
    let ids: Vec<i64> = pets.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, (1..=150).filter(|id| (id - 1) % 4 == 1).collect::<Vec<_>>(), "ties stay in id order");
    assert_run!("find_sorted", env.run(&["pets", "find", "--name-contains", "Rex 1", "--sort", "name", "--reverse"]));
    // The filters and sort never reach the server.
    assert!(env.sandbox.request_lines().iter().all(|line| !line.contains("sort") && !line.contains("category")));
}
