//! `petstore env run NAME -- CMD` and `env shell NAME` (issue 45, point 1): petstore pinned to one
//! environment for one command or one shell, whatever the default, and every way out refused.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use crate::common::{KEY, Run, TestEnv, dead_base_url, have_tool};

const PETSTORE: &str = env!("CARGO_BIN_EXE_petstore");

/// A sandbox as the environment `shop`, logged in with its own key (in the file store); the default is
/// `other`, whose server is gone.
fn shop() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!(
        "default_env = \"other\"\n[environments.other]\nbase_url = \"{}\"\n[environments.shop]\nbase_url = \"{}\"\n",
        dead_base_url(),
        env.sandbox.base_url()
    ));
    let login = Run::with_stdin(
        env.command().env_remove("PETSTORE_API_KEY").args([
            "--env",
            "shop",
            "auth",
            "login",
            "--storage",
            "file",
            "--no-verify",
        ]),
        KEY,
    );
    assert_eq!(login.code, 0, "{login}");
    env
}

/// The caller's petstore command, with a selection and a key meant for elsewhere that the scope must not
/// let in: `PETSTORE_ENV=other`, `PETSTORE_BASE_URL` of a dead server, and a key the sandbox refuses.
fn caller(env: &TestEnv) -> Command {
    let mut cmd = env.command();
    cmd.env("PETSTORE_ENV", "other").env("PETSTORE_BASE_URL", dead_base_url()).env("PETSTORE_API_KEY", "other-key");
    cmd
}

/// `petstore env run shop -- ARGS`, from [`caller`].
fn in_scope(env: &TestEnv, args: &[&str]) -> Run {
    Run::of(caller(env).args(["env", "run", "shop", "--"]).args(args))
}

#[test]
fn env_run_pins_every_petstore_inside_to_its_environment() {
    let env = shop();
    let run = in_scope(&env, &[PETSTORE, "pets", "list", "--limit", "1"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{run}");
    // The same environment, named or as its own server, stays in the scope.
    let url = env.sandbox.base_url();
    for args in [&["--env", "shop"][..], &["--base-url", &url]] {
        let run = in_scope(&env, &[&[PETSTORE][..], args, &["pets", "list", "--limit", "1"]].concat());
        assert_eq!(run.code, 0, "{args:?}: {run}");
    }
    assert_eq!(env.sandbox.request_count(), 3);
    // What the command sees: the pin, and none of the caller's selection or key.
    let run = in_scope(
        &env,
        &["sh", "-c", "echo \"$PETSTORE_SCOPE|${PETSTORE_ENV-}|${PETSTORE_BASE_URL-}|${PETSTORE_API_KEY-}\""],
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, "shop|||\n"), "{run}");
}

#[test]
fn every_way_out_of_the_scope_is_refused_and_nothing_is_sent() {
    let env = shop();
    let dead = dead_base_url();
    let inner_var = |var: &str, value: &str| format!("{var}={value}");
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("--env", vec![PETSTORE.into(), "--env".into(), "other".into(), "pets".into(), "list".into()]),
        ("--base-url", vec![PETSTORE.into(), "--base-url".into(), dead.clone(), "pets".into(), "list".into()]),
        (
            "PETSTORE_BASE_URL",
            vec!["env".into(), inner_var("PETSTORE_BASE_URL", &dead), PETSTORE.into(), "pets".into(), "list".into()],
        ),
        (
            "PETSTORE_ENV",
            vec!["env".into(), inner_var("PETSTORE_ENV", "other"), PETSTORE.into(), "pets".into(), "list".into()],
        ),
        ("env use", vec![PETSTORE.into(), "env".into(), "use".into(), "shop".into()]),
        (
            "a nested env run",
            vec![PETSTORE.into(), "env".into(), "run".into(), "other".into(), "--".into(), "true".into()],
        ),
        ("a nested env shell", vec![PETSTORE.into(), "env".into(), "shell".into(), "other".into()]),
    ];
    let mut shown = String::new();
    for (what, args) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = in_scope(&env, &args);
        assert_eq!(run.code, 2, "{what}: {run}");
        shown.push_str(&format!("## {what}\n{run}\n"));
    }
    let run = Run::of(caller(&env).env("PETSTORE_SCOPE", "shop").args(["--json", "--env", "other", "pets", "list"]));
    shown.push_str(&format!("## --env, as JSON\n{run}\n"));
    insta::with_settings!({ filters => crate::common::filters(), prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("env_scope_refusals", shown);
    });
    assert_eq!(env.sandbox.request_count(), 0);
    assert!(env.read_config().starts_with("default_env = \"other\"\n"), "env use changed nothing");
    // A scope of the same environment is no way out.
    let run = in_scope(&env, &[PETSTORE, "env", "run", "shop", "--", PETSTORE, "pets", "list", "--limit", "1"]);
    assert_eq!(run.code, 0, "{run}");
}

#[test]
fn env_current_inside_says_it_is_pinned() {
    let env = shop();
    let url = env.sandbox.base_url();
    let run = in_scope(&env, &[PETSTORE, "env", "current"]);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, format!("shop: {url} (key: file; pinned to `shop` by `petstore env run` or `env shell`)\n").as_str()),
        "{run}"
    );
    let json = in_scope(&env, &[PETSTORE, "env", "current", "--json"]).json();
    assert_eq!(json["name"], "shop");
    assert_eq!(json["selectedBy"], "PETSTORE_SCOPE");
    assert_eq!(json["keySource"], "file");
    assert_eq!(json["scope"], "shop");
    // Outside a scope there is no `scope`.
    let outside = Run::of(env.command().args(["env", "current", "--json"])).json();
    assert!(outside.get("scope").is_none(), "{outside}");
}

#[test]
fn env_run_exits_as_its_command_does() {
    let env = shop();
    let run = in_scope(&env, &["sh", "-c", "exit 42"]);
    assert_eq!(run.code, 42, "{run}");
    let run = in_scope(&env, &["no-such-command-petstore"]);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (127, "error: `no-such-command-petstore`: command not found\nhelp: check its name, or give its path\n"),
        "{run}"
    );
    let run = in_scope(&env, &["/"]);
    assert_eq!(run.code, 126, "{run}");
    assert!(run.stderr.starts_with("error: `/` cannot be run: "), "{run}");
    // An environment that does not exist starts nothing.
    let run = Run::of(caller(&env).args(["env", "run", "nowhere", "--", "sh", "-c", "exit 42"]));
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("nowhere"), "{run}");
}

/// `env shell shop` at a real pseudo-terminal, `SHELL=/bin/sh`, commands typed on it: the prompt carries the
/// marker, petstore inside is pinned, a way out is refused, and `exit` leaves with the shell's exit code.
#[test]
fn env_shell_at_a_terminal_is_pinned_until_exit() {
    if !have_tool("script", "bsdutils (util-linux)") {
        return;
    }
    let env = shop();
    let petstore = caller(&env);
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{PETSTORE} env shell shop"), "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "dumb");
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    cmd.env("SHELL", "/bin/sh").env_remove("PS1");
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let typed =
        format!("{PETSTORE} env current\n{PETSTORE} --env other pets list\necho \"scope=$PETSTORE_SCOPE\"\nexit 7\n");
    stdin.write_all(typed.as_bytes()).unwrap();
    let mut shown = String::new();
    child.stdout.take().unwrap().read_to_string(&mut shown).unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    let shown = shown.replace("\r\n", "\n");
    let url = env.sandbox.base_url();
    assert!(shown.contains("petstore is pinned to `shop` in this shell; `exit` leaves it"), "{shown}");
    assert!(shown.contains("(petstore:shop) $ "), "{shown}");
    assert!(shown.contains(&format!("shop: {url} (key: file; pinned to `shop`")), "{shown}");
    assert!(shown.contains("error: `--env other` would leave `shop`"), "{shown}");
    assert!(shown.contains("scope=shop\n"), "{shown}");
    assert_eq!(status.code(), Some(7), "{shown}");
    assert_eq!(env.sandbox.request_count(), 0);
}

/// Inside the scope of `shop`, what would change another environment for every terminal is refused as
/// `env use` is (issue 53, point 7): its settings, its key, its removal, and an alias that runs in it.
/// `shop` itself may change.
#[test]
fn changes_to_another_environment_are_refused_in_a_scope() {
    let env = shop();
    let config = env.read_config();
    let cases: &[(&str, &[&str])] = &[
        ("env set --confirm-writes", &["env", "set", "other", "--confirm-writes", "off"]),
        ("env set --key-command", &["env", "set", "other", "--key-command", "echo key"]),
        ("env set --default", &["env", "set", "other", "--default", "status=sold"]),
        ("env confirm-writes", &["env", "confirm-writes", "other", "off"]),
        ("env remove", &["env", "remove", "other"]),
        ("auth login --env", &["--env", "other", "auth", "login", "--no-verify"]),
        ("auth logout --env", &["--env", "other", "auth", "logout"]),
        ("alias set --env", &["alias", "set", "otheradd", "--env other pets add --yes"]),
        ("alias set -e", &["alias", "set", "otheradd", "pets list -e other"]),
        ("alias set --env=", &["alias", "set", "otheradd", "-q --env=other pets list"]),
    ];
    let mut shown = String::new();
    for (what, args) in cases {
        let run = in_scope(&env, &[&[PETSTORE][..], args].concat());
        assert_eq!(run.code, 2, "{what}: {run}");
        shown.push_str(&format!("## {what}\n{run}\n"));
    }
    insta::with_settings!({ filters => crate::common::filters(), prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("env_scope_other_environments_kept", shown);
    });
    assert_eq!(env.read_config(), config, "nothing changed");
    // The scoped environment itself, and an alias that names it or none, may change.
    for args in [
        &["env", "set", "shop", "--default", "status=sold"][..],
        &["env", "confirm-writes", "shop", "on"],
        &["alias", "set", "shoplist", "--env shop pets list"],
        &["alias", "set", "avail", "pets list --status available"],
    ] {
        let run = in_scope(&env, &[&[PETSTORE][..], args].concat());
        assert_eq!(run.code, 0, "{args:?}: {run}");
    }
    assert_eq!(env.sandbox.request_count(), 0);
}
