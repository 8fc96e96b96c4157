//! `petstore env ...` and `config path`: environments, selection, and the config file's rules.

use crate::assert_run;
use crate::common::{Run, TestEnv};

#[test]
fn list_shows_built_ins_and_the_active_one() {
    let env = TestEnv::new();
    assert_run!("env_list_terminal", env.run_in_terminal(&["env", "list", "--color", "never"]));
    assert_run!("env_list_json", env.run(&["env", "list", "--json"]));
}

#[test]
fn add_use_and_remove_edit_the_config_file() {
    let env = TestEnv::new();
    assert_run!("env_add", env.run(&["env", "add", "local", &env.sandbox.base_url()]));
    assert_run!("env_use", env.run(&["env", "use", "local"]));
    assert_run!("env_list_after_use", env.run_logged_in(&["env", "list"]));
    assert_eq!(
        env.read_config(),
        format!("default_env = \"local\"\n[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url())
    );
    // The default now sends requests to the sandbox, with the key from the environment variable.
    let run = Run::of(env.command().env_remove("PETSTORE_BASE_URL").args(["pets", "list", "--limit", "1"]));
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{run}");
    assert_run!("env_remove", env.run(&["env", "remove", "local"]));
    assert_eq!(env.read_config(), "");
}

#[test]
fn selection_follows_flag_then_variable_then_default() {
    let env = TestEnv::new();
    env.write_config("default_env = \"staging\"\n");
    let active = |cmd: &mut std::process::Command| {
        let run = Run::of(cmd.args(["env", "list"]));
        run.stdout.lines().find(|l| l.starts_with('*')).map(|l| l.split('\t').nth(1).unwrap().to_owned())
    };
    let no_url = |cmd: &mut std::process::Command| {
        cmd.env_remove("PETSTORE_BASE_URL");
    };
    let mut cmd = env.command();
    no_url(&mut cmd);
    assert_eq!(active(&mut cmd).as_deref(), Some("staging"));
    let mut cmd = env.command();
    no_url(&mut cmd);
    assert_eq!(active(cmd.env("PETSTORE_ENV", "sandbox")).as_deref(), Some("sandbox"));
    let mut cmd = env.command();
    no_url(&mut cmd);
    assert_eq!(active(cmd.env("PETSTORE_ENV", "sandbox").args(["--env", "production"])).as_deref(), Some("production"));
    // A base URL is an environment only if one has that URL; the variable beats `PETSTORE_ENV`, not `--env`.
    fn url(cmd: &mut std::process::Command) -> &mut std::process::Command {
        cmd.env("PETSTORE_BASE_URL", "http://127.0.0.1:4010/v1").env("PETSTORE_ENV", "staging")
    }
    assert_eq!(active(url(&mut env.command())).as_deref(), Some("sandbox"));
    assert_eq!(active(url(&mut env.command()).args(["--env", "production"])).as_deref(), Some("production"));
    assert_eq!(
        active(env.command().args(["--base-url", "http://127.0.0.1:4010/v1", "--env", "production"])).as_deref(),
        Some("sandbox")
    );
    let run = Run::of(env.command().args(["env", "list"]));
    assert!(!run.stdout.contains('*'), "an unknown base URL is no environment:\n{run}");
}

#[test]
fn an_unknown_environment_lists_the_known_ones() {
    let env = TestEnv::new();
    assert_run!("env_unknown", env.run_logged_in(&["--env", "prod", "pets", "list"]));
    assert_run!("env_use_unknown", env.run(&["env", "use", "prod"]));
}

#[test]
fn a_mistyped_environment_gets_a_suggestion() {
    let env = TestEnv::new();
    env.write_config("[environments.local]\nbase_url = \"http://127.0.0.1:4010/v1\"\n");
    assert_run!("env_typo_flag", env.run_logged_in(&["--env", "stagign", "pets", "list"]));
    for (args, typed, meant) in [
        (&["env", "use", "Staging"][..], "Staging", "staging"),
        (&["env", "remove", "locla"], "locla", "local"),
        (&["--env", "sandbx", "auth", "status"], "sandbx", "sandbox"),
    ] {
        let run = env.run(args);
        assert_eq!(run.code, 2, "{run}");
        assert!(run.stderr.contains(&format!("unknown environment `{typed}`")), "{run}");
        assert!(run.stderr.contains(&format!("help: did you mean `{meant}`?")), "{run}");
    }
    // Nothing close: how to add it.
    let run = env.run(&["env", "use", "qqqq"]);
    assert!(run.stderr.contains("help: add it with `petstore env add qqqq URL`"), "{run}");
    assert!(env.read_config().starts_with("[environments.local]"), "nothing was written");
}

#[test]
fn bad_names_urls_and_built_ins_are_refused() {
    let env = TestEnv::new();
    assert_run!("env_add_bad_name", env.run(&["env", "add", "my env", "https://x.example/v1"]));
    assert_run!("env_add_plain_http", env.run(&["env", "add", "eu", "http://eu.example.com/v1"]));
    assert_run!("env_add_exists", env.run(&["env", "add", "staging", "https://x.example/v1"]));
    assert_run!("env_remove_built_in", env.run(&["env", "remove", "production"]));
    assert_eq!(env.read_config(), "", "nothing was written");
}

#[test]
fn a_malformed_config_is_reported_at_its_line_and_never_overwritten() {
    let env = TestEnv::new();
    let broken = "default_env = \"staging\"\n[environments.eu\nbase_url = \"https://eu.example/v1\"\n";
    env.write_config(broken);
    assert_run!("config_malformed", env.run(&["--color", "never", "pets", "list"]));
    assert_run!("config_malformed_edit", env.run(&["--color", "never", "env", "add", "x", "https://x.example/v1"]));
    assert_eq!(env.read_config(), broken);
    env.write_config("[environments.eu]\nbase_url = \"http://10.1.2.3/v1\"\n");
    assert_run!("config_plain_http", env.run(&["--color", "never", "env", "list"]));
}

#[test]
fn config_path_prints_where_the_file_is() {
    let env = TestEnv::new();
    let run = env.run(&["config", "path"]);
    assert_eq!(run.stdout, format!("{}\n", env.config_dir().join("config.toml").display()));
    let xdg = Run::of(
        env.command().env_remove("PETSTORE_CONFIG_DIR").env("XDG_CONFIG_HOME", "/xdg").args(["config", "path"]),
    );
    assert_eq!(xdg.stdout, "/xdg/petstore/config.toml\n");
    let home = Run::of(env.command().env_remove("PETSTORE_CONFIG_DIR").args(["config", "path"]));
    assert_eq!(home.stdout, format!("{}\n", env.home().join(".config/petstore/config.toml").display()));
}

#[test]
fn adding_to_production_from_a_terminal_says_so_first() {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.production]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    // Production's writes are confirmed: where nobody can be asked, `--yes` sends, and a terminal on stderr is
    // still told.
    let args = ["pets", "add", "--name", "Rex", "--category-id", "1", "--color", "never", "--yes"];
    let terminal = Run::of(env.command().env_remove("PETSTORE_BASE_URL").env("PETSTORE_TEST_TERMINAL", "1").args(args));
    assert_run!("add_production_terminal", terminal);
    let piped = Run::of(env.command().env_remove("PETSTORE_BASE_URL").args(args));
    assert_eq!((piped.code, piped.stderr.as_str()), (0, ""), "{piped}");
    let unasked = Run::of(env.command().env_remove("PETSTORE_BASE_URL").args(&args[..args.len() - 1]));
    assert_eq!(unasked.code, 2, "{unasked}");
    assert_eq!(env.sandbox.request_count(), 2);
}

/// `env current` under each precedence rule, as JSON and as the line a shell prompt shows; with a recorded
/// keyring key whose keyring is unreachable (see `TestEnv::command`), and nothing sent.
#[test]
fn current_follows_every_precedence_rule_and_sends_nothing() {
    let env = TestEnv::new();
    let sandbox = env.sandbox.base_url();
    let mut report = String::new();
    let mut case = |label: &str, vars: &[(&str, &str)], args: &[&str]| {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_BASE_URL").env_remove("PETSTORE_API_KEY");
        for (name, value) in vars {
            cmd.env(name, value);
        }
        let run = Run::of(cmd.args(args).args(["env", "current"]));
        report.push_str(&format!("## {label}\n{run}\n"));
    };
    case("nothing set: production", &[], &[]);
    case("nothing set, --json", &[], &["--json"]);
    env.write_config(&format!(
        "default_env = \"local\"\n[environments.local]\nbase_url = \"{sandbox}\"\nkey_storage = \"keyring\"\n"
    ));
    case("the config's default_env", &[], &["--json"]);
    case("the config's default_env, as a line", &[], &[]);
    case("PETSTORE_API_KEY is where the key would come from", &[("PETSTORE_API_KEY", "secret")], &["--json"]);
    case("PETSTORE_ENV beats default_env", &[("PETSTORE_ENV", "staging")], &["--json"]);
    case(
        "PETSTORE_BASE_URL beats PETSTORE_ENV; its environment is the one with that URL",
        &[("PETSTORE_ENV", "staging"), ("PETSTORE_BASE_URL", &sandbox)],
        &["--json"],
    );
    case("--env beats PETSTORE_BASE_URL", &[("PETSTORE_BASE_URL", &sandbox)], &["--env", "production", "--json"]);
    case("--env, as a line", &[], &["--env", "production"]);
    case(
        "--base-url beats --env; a URL of no environment has no name and no stored key",
        &[("PETSTORE_ENV", "local")],
        &["--base-url", "https://other.example/v1", "--env", "local", "--json"],
    );
    case("a URL of no environment, as a line", &[], &["--base-url", "https://other.example/v1"]);
    case("--jq for a prompt", &[], &["--jq", ".name // .baseUrl"]);
    case("an unknown --env", &[], &["--env", "prod"]);
    assert_run!("env_current_precedence", report);
    assert_eq!(env.sandbox.request_count(), 0, "nothing was sent");
}

#[test]
fn add_warns_about_a_base_url_without_a_version_path_and_adds_it() {
    let env = TestEnv::new();
    assert_run!("env_add_no_version_path", env.run(&["env", "add", "eu", "https://eu.example.com/api/"]));
    assert_eq!(env.read_config(), "[environments.eu]\nbase_url = \"https://eu.example.com/api/\"\n");
    let run = env.run(&["env", "add", "us", "https://us.example.com/api/v2"]);
    assert_eq!((run.code, run.stderr.contains("warning")), (0, false), "{run}");
}

/// A configured environment that cannot be reached is fixed in the config file: the hint says so, and
/// names `--base-url` only when that (or `PETSTORE_BASE_URL`) chose the URL.
#[test]
fn an_unreachable_configured_environment_names_its_base_url_in_the_config() {
    let env = TestEnv::new();
    let dead = crate::common::dead_base_url();
    env.write_config(&format!("default_env = \"local\"\n[environments.local]\nbase_url = \"{dead}\"\n"));
    let unset = |mut cmd: std::process::Command| {
        cmd.env_remove("PETSTORE_BASE_URL");
        cmd
    };
    assert_run!("env_unreachable_by_name", Run::of(unset(env.command()).args(["--env", "local", "pets", "list"])));
    assert_run!("env_unreachable_by_default", Run::of(unset(env.command()).args(["pets", "get", "1"])));
    assert_run!("env_unreachable_by_url", Run::of(unset(env.command()).args(["--base-url", &dead, "pets", "list"])));
}

#[test]
fn list_and_current_show_the_confirm_writes_the_config_records() {
    let env = TestEnv::new();
    let confirmed = |run: &Run| -> Vec<(String, bool)> {
        run.json()
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["name"].as_str().unwrap().to_owned(), e["confirmWrites"].as_bool().unwrap()))
            .collect()
    };
    let defaults = confirmed(&env.run(&["env", "list", "--json"]));
    assert!(defaults.contains(&("production".to_owned(), true)) && defaults.contains(&("staging".to_owned(), false)));
    // Switched in the config, both ways: the list and `env current` follow the file, not the defaults.
    assert_eq!(env.run(&["env", "confirm-writes", "staging", "on"]).code, 0);
    assert_eq!(env.run(&["env", "confirm-writes", "production", "off"]).code, 0);
    let switched = confirmed(&env.run(&["env", "list", "--json"]));
    assert!(switched.contains(&("production".to_owned(), false)), "{switched:?}");
    assert!(switched.contains(&("staging".to_owned(), true)), "{switched:?}");
    let current = env.run(&["--env", "staging", "env", "current", "--json"]).json();
    assert_eq!(current["confirmWrites"], true, "{current}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn set_changes_a_built_in_s_url_and_keeps_its_key() {
    let env = TestEnv::new();
    let url = env.sandbox.base_url();
    let unset = |args: &[&str]| {
        Run::of(env.command().env_remove("PETSTORE_BASE_URL").env_remove("PETSTORE_API_KEY").args(args))
    };
    assert_run!("env_set_nothing", unset(&["env", "set", "production"]));
    let run = unset(&["env", "set", "production", "--base-url", &url, "--confirm-writes", "off"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.stderr, format!("`production`: base URL {url}, writes sent without asking\n"));
    let login = Run::with_stdin(
        env.command().env_remove("PETSTORE_BASE_URL").env_remove("PETSTORE_API_KEY").args([
            "auth",
            "login",
            "--insecure-storage",
        ]),
        &format!("{}\n", crate::common::KEY),
    );
    assert_eq!(login.code, 0, "{login}");
    // Changing only the rule leaves the URL and the stored key alone.
    assert_eq!(unset(&["env", "set", "production", "--confirm-writes", "ON"]).code, 0);
    let config = env.read_config();
    assert!(config.contains(&format!("base_url = \"{url}\"")) && config.contains("confirm_writes = true"), "{config}");
    assert!(config.contains("key_storage = \"file\""), "{config}");
    let list = unset(&["pets", "list", "--limit", "1"]);
    assert_eq!((list.code, list.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{list}");
    // A typo gets a suggestion, as everywhere.
    assert!(
        unset(&["env", "set", "prodcution", "--confirm-writes", "on"]).stderr.contains("did you mean `production`?")
    );
}

#[test]
fn a_placeholder_url_says_so_and_how_to_set_it() {
    let env = TestEnv::new();
    // A first run: production, whose URL is a placeholder; no key anywhere.
    let first =
        Run::of(env.command().env_remove("PETSTORE_BASE_URL").env_remove("PETSTORE_API_KEY").args(["pets", "list"]));
    assert_run!("env_placeholder_first_run", first);
    let login = Run::with_stdin(
        env.command().env_remove("PETSTORE_BASE_URL").args(["auth", "login", "--env", "staging"]),
        "key\n",
    );
    assert_eq!(login.code, 2, "{login}");
    assert!(
        login.stderr.contains("is a placeholder") && login.stderr.contains("petstore env set staging --base-url URL")
    );
    assert!(!login.stderr.contains("--no-verify"), "{login}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn removing_the_default_environment_says_which_is_the_default_now() {
    let env = TestEnv::new();
    assert_eq!(env.run(&["env", "add", "local", &env.sandbox.base_url()]).code, 0);
    assert_eq!(env.run(&["env", "use", "local"]).code, 0);
    assert_run!("env_remove_default", env.run(&["env", "remove", "local"]));
    assert_eq!(env.read_config(), "");
}

/// Issue 41, point 12: inside `petstore-sandbox -- CMD` (which sets `PETSTORE_SANDBOX` for CMD), a refused
/// `--env` was told to start `petstore-sandbox`, which is running already: it is told to leave `--env` out.
#[test]
fn inside_the_sandbox_wrapper_a_placeholder_environment_is_told_to_leave_env_out() {
    let env = TestEnv::new();
    let mut cmd = env.command();
    cmd.env("PETSTORE_SANDBOX", env.sandbox.base_url()).args(["--env", "production", "pets", "list"]);
    assert_run!("placeholder_env_inside_the_sandbox_wrapper", Run::of(&mut cmd));
}
