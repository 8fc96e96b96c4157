use crate::assert_run;
use crate::common::TestEnv;

#[test]
fn it_prints_the_pet_and_warns_on_stderr_only() {
    let env = TestEnv::new();
    assert_run!("get_terminal", env.run_in_terminal(&["pets", "get", "2", "--color", "never"]));
    assert_run!("get_piped", env.run(&["pets", "get", "2"]));
    let run = env.run(&["pets", "get", "2", "--json"]);
    assert_run!("get_json", run);
    assert_eq!(&run.json(), &env.sandbox.pets()[1]);
}

#[test]
fn quiet_silences_the_deprecation_warning() {
    let env = TestEnv::new();
    assert_run!("get_quiet", env.run(&["pets", "get", "3", "-q"]));
}

#[test]
fn an_unknown_id_is_exit_3() {
    let env = TestEnv::new();
    assert_run!("get_404", env.run(&["pets", "get", "999"]));
    assert_run!("get_404_negative", env.run(&["pets", "get", "-4"]));
}

#[test]
fn an_id_that_is_not_an_integer_is_refused_locally() {
    let env = TestEnv::new();
    assert_run!("get_not_integer", env.run(&["pets", "get", "abc"]));
    assert_run!("get_missing_id", env.run(&["pets", "get"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn the_server_s_deprecation_headers_do_not_add_a_second_warning() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "get", "1"]);
    assert_eq!(run.stderr.matches("warning:").count(), 1, "{run}");
    assert!(run.stderr.contains("2030-12-05"), "{run}");
}
