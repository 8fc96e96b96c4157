//! Issue 24 point 5: per-environment defaults (`env set --default`) and aliases (`alias set`).

use crate::assert_run;
use crate::common::{Run, TestEnv};

/// A test env whose sandbox is the environment `local` (selected by its URL in `PETSTORE_BASE_URL`).
fn with_local() -> TestEnv {
    let env = TestEnv::new();
    let run = env.run(&["env", "add", "local", &env.sandbox.base_url()]);
    assert_eq!(run.code, 0, "{run}");
    env
}

#[test]
fn defaults_fill_in_what_was_not_typed_and_typed_flags_win() {
    let env = with_local();
    let run = env.run(&[
        "env",
        "set",
        "local",
        "--default",
        "limit=2",
        "--default",
        "status=Available",
        "--default",
        "columns=name, id",
    ]);
    assert_run!("defaults_set", run);
    assert_eq!(
        env.read_config(),
        format!(
            "[environments.local]\nbase_url = \"{}\"\n\n[environments.local.defaults]\nlimit = 2\nstatus = \
             \"available\"\ncolumns = \"name,id\"\n",
            env.sandbox.base_url()
        )
    );
    assert_run!("defaults_pets_list", env.run(&["pets", "list"]));
    // Typed flags win, each on its own.
    assert_run!("defaults_pets_list_typed", env.run(&["pets", "list", "--limit", "1", "--status", "pending"]));
    assert_run!("defaults_pets_list_typed_columns", env.run(&["pets", "list", "--columns", "id"]));
    // `columns` does not apply to JSON: left out, not refused.
    assert_run!("defaults_pets_list_json", env.run(&["pets", "list", "--json"]));
    // `PETSTORE_NO_DEFAULTS` leaves them all out.
    let run = Run::of(env.command().env("PETSTORE_NO_DEFAULTS", "1").args(["pets", "list"]));
    assert_eq!(run.stdout.lines().count(), 5, "{run}");
    // `PETSTORE_NO_DEFAULTS=false` keeps them: an on/off variable, read by one set of words (issue 54).
    let kept = Run::of(env.command().env("PETSTORE_NO_DEFAULTS", "false").args(["pets", "list"]));
    assert_eq!((kept.code, kept.stdout.as_str()), (0, env.run(&["pets", "list"]).stdout.as_str()), "{kept}");
    assert_eq!(kept.stdout.lines().count(), 2, "{kept}");
    // Another environment's defaults do not follow a base URL that is not its own.
    let run = Run::of(env.command().args(["--env", "sandbox", "env", "current", "--json"]));
    assert_eq!(run.json()["defaults"], serde_json::json!({}), "{run}");
    assert_run!("defaults_env_list", env.run(&["env", "list"]));
    assert_run!("defaults_env_list_json", env.run(&["env", "list", "--json"]));
    assert_run!("defaults_env_current", env.run(&["env", "current"]));
    assert_run!("defaults_env_current_json", env.run(&["env", "current", "--json"]));
}

#[test]
fn a_default_output_applies_to_every_command_that_prints_records_and_yields_to_typed_ones() {
    let env = with_local();
    let run = env.run(&["env", "set", "local", "--default", "output=csv"]);
    assert_eq!(run.code, 0, "{run}");
    assert_run!("defaults_output_csv", env.run(&["pets", "list", "--limit", "2"]));
    assert_run!("defaults_output_env_list", env.run(&["env", "list", "--columns", "name,defaults"]));
    let run = env.run(&["pets", "get", "1", "--output", "tsv"]);
    assert_eq!(run.stdout, "1\tRex\t1\tavailable\n", "{run}");
    let run = env.run(&["--jq", ".[0].name", "pets", "list"]);
    assert_eq!(run.stdout, "Rex\n", "{run}");
    // `output=json` with a typed `--columns` is left out, not an error.
    let run = env.run(&["env", "set", "local", "--default", "output=json"]);
    assert_eq!(run.code, 0, "{run}");
    let run = env.run(&["pets", "list", "--limit", "1", "--columns", "name"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "Rex\n"), "{run}");
    // A command that prints no records ignores it.
    let run = env.run(&["env", "current"]);
    let line = format!("local: {} (key: PETSTORE_API_KEY; defaults: output=json)\n", env.sandbox.base_url());
    assert_eq!((run.code, run.stdout), (0, line));
    let run = env.run(&["env", "set", "local", "--unset-default", "output"]);
    assert_run!("defaults_unset", run);
    assert_eq!(env.read_config(), format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
}

#[test]
fn a_bad_default_is_refused_in_one_line_and_nothing_is_written() {
    let env = with_local();
    let before = env.read_config();
    assert_run!("defaults_bad_limit", env.run(&["env", "set", "local", "--default", "limit=1000"]));
    assert_run!("defaults_bad_key", env.run(&["env", "set", "local", "--default", "colour=red"]));
    assert_run!("defaults_bad_status", env.run(&["env", "set", "local", "--default", "status=lost"]));
    assert_run!("defaults_bad_columns", env.run(&["env", "set", "local", "--default", "columns=id,colour"]));
    assert_run!("defaults_unknown_env", env.run(&["env", "set", "stagign", "--default", "limit=5"]));
    assert_eq!(env.read_config(), before);
    // One edited by hand is refused when it applies, naming its place and the command that fixes it.
    env.write_config(&format!(
        "[environments.local]\nbase_url = \"{}\"\n[environments.local.defaults]\nlimit = 500\n",
        env.sandbox.base_url()
    ));
    assert_run!("defaults_bad_by_hand", env.run(&["pets", "list"]));
    // ...and not by a command it does not apply to.
    assert_eq!(env.run(&["env", "current"]).code, 0);
}

#[test]
fn an_alias_runs_its_command_with_the_words_after_it() {
    let env = TestEnv::new();
    assert_run!("alias_list_empty", env.run(&["alias", "list"]));
    assert_run!("alias_set", env.run(&["alias", "set", "avail", "pets list --status 'available'"]));
    assert_eq!(env.read_config(), "[aliases]\navail = \"pets list --status 'available'\"\n");
    assert_run!("alias_run", env.run(&["avail", "--limit", "2"]));
    // Global options may come before it; its `--help` is its command's.
    let run = env.run(&["--json", "avail", "--limit", "1"]);
    assert_eq!(run.json()[0]["name"], "Rex", "{run}");
    let run = env.run(&["avail", "--help"]);
    assert!(run.stdout.starts_with("List the store's animals\n"), "{run}");
    assert_run!("alias_set_again", env.run(&["alias", "set", "avail", "pets list --status sold"]));
    assert_run!("alias_list", env.run(&["alias", "list"]));
    assert_run!("alias_list_json", env.run(&["alias", "list", "--json"]));
    assert_run!("alias_remove", env.run(&["alias", "remove", "avail"]));
    assert_eq!(env.read_config(), "", "the empty `[aliases]` table goes too");
    assert_run!("alias_remove_unknown", env.run(&["alias", "remove", "avail"]));
    assert_run!("alias_gone", env.run(&["avail"]));
}

#[test]
fn an_alias_cannot_hide_a_command_or_lead_to_another_alias() {
    let env = TestEnv::new();
    assert_run!("alias_shadow", env.run(&["alias", "set", "pets", "pets list"]));
    assert_run!("alias_shadow_help", env.run(&["alias", "set", "help", "pets list"]));
    assert_eq!(env.run(&["alias", "set", "avail", "pets list --status available"]).code, 0);
    assert_run!("alias_to_alias", env.run(&["alias", "set", "loop", "avail --limit 1"]));
    assert_run!("alias_unclosed", env.run(&["alias", "set", "x", "pets list --name-contains 'a"]));
    assert_run!("alias_bad_name", env.run(&["alias", "set", "a b", "pets list"]));
    // No shell runs it: `$(...)` and `;` are words like any other, refused by the command they reach.
    assert_eq!(env.run(&["alias", "set", "odd", "pets get '$(touch pwned)'; rm -rf x"]).code, 0);
    let run = env.run(&["odd"]);
    assert_eq!(run.code, 2, "{run}");
    assert!(!env.home().join("pwned").exists() && !std::path::Path::new("pwned").exists());
    // One edited by hand to point at another alias expands to nothing and says why.
    env.write_config("[aliases]\nloop = \"loop\"\n");
    assert_run!("alias_loop_by_hand", env.run(&["loop"]));
}

/// The help's own example: an alias whose command line starts with a global option. Called with another
/// `--env`, the two are refused together rather than one silently winning.
#[test]
fn an_alias_may_start_with_a_global_option_and_never_silently_changes_the_typed_env() {
    let env = with_local();
    let run = env.run(&["alias", "set", "stg-list", "--env local pets list --limit 1"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(env.read_config().lines().last(), Some("stg-list = \"--env local pets list --limit 1\""));
    let run = env.run(&["--json", "stg-list"]);
    assert_eq!((run.code, run.json()[0]["name"].as_str()), (0, Some("Rex")), "{run}");
    assert_run!("alias_env_twice", env.run(&["--env", "production", "stg-list"]));
}

/// A short option's value is no command word, even in a cluster: with an alias named `json`, `-qo json` is
/// `-q -o json`, and the command is the one after it; `-qojson` too; the alias still runs in command position.
#[test]
fn a_clustered_short_options_value_is_not_taken_for_an_alias() {
    let env = TestEnv::new();
    assert_eq!(env.run(&["alias", "set", "json", "pets list --status sold"]).code, 0);
    for args in [&["-qo", "json", "pets", "list", "--limit", "1"][..], &["-qojson", "pets", "list", "--limit", "1"]] {
        let run = env.run(args);
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{args:?}: {run}");
        assert_eq!(run.json()[0]["name"], "Rex", "{args:?}: {run}");
    }
    let run = env.run(&["-qo", "json", "json"]);
    assert_eq!((run.code, run.json()[0]["status"].as_str()), (0, Some("sold")), "{run}");
}

/// Start-up reads the config file once, alias or not, defaults or not (it was read twice with an alias):
/// counted with strace, which sees every `openat` of `config.toml`.
#[test]
fn the_config_is_read_once_per_run_alias_or_not() {
    if !crate::common::have_tool("strace", "strace") {
        return;
    }
    let env = TestEnv::new();
    env.write_config(&format!(
        "[aliases]\navail = \"pets list --status available\"\n[environments.local]\nbase_url = \"{}\"\n\
         [environments.local.defaults]\nlimit = 2\n",
        env.sandbox.base_url()
    ));
    for args in
        [&["--env", "local", "avail"][..], &["--env", "local", "pets", "list"], &["--env", "local", "env", "current"]]
    {
        let trace = env.home().join("trace");
        let cmd = env.command();
        let program = cmd.get_program().to_owned();
        let mut traced = std::process::Command::new("strace");
        traced.args(["-f", "-qq", "-e", "trace=openat", "-o"]).arg(&trace).arg(program).args(args);
        traced.env_clear().envs(cmd.get_envs().filter_map(|(name, value)| Some((name, value?))));
        let run = Run::of(&mut traced);
        assert_eq!(run.code, 0, "{args:?}: {run}");
        let opened = std::fs::read_to_string(&trace).unwrap().lines().filter(|l| l.contains("config.toml\"")).count();
        assert_eq!(opened, 1, "`petstore {}` opened config.toml {opened} times", args.join(" "));
    }
}
