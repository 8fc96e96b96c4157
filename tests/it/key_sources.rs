//! Issue 34, point 3: keys from where teams keep them. `PETSTORE_API_KEY_FILE` (the first line of a file others
//! cannot read) and an environment's key command (`env set NAME --key-command CMD`: its first line of stdout,
//! run without a terminal, its output never shown). `auth status`, `env current` and `doctor` name the source;
//! a failure is exit 4 naming the file or the command, never the key.

use std::os::unix::fs::PermissionsExt;

use crate::assert_run;
use crate::common::{KEY, Run, TestEnv};

/// A sandbox as environment `shop`, with no key stored.
fn shop() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.shop]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    env
}

/// `petstore --env shop ARGS` with neither the key variable nor a base URL, and with `vars`.
fn run(env: &TestEnv, vars: &[(&str, &std::path::Path)], args: &[&str]) -> Run {
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").args(["--env", "shop"]).args(args);
    Run::of(cmd.envs(vars.iter().copied()))
}

fn error_code(run: &Run) -> serde_json::Value {
    serde_json::from_str::<serde_json::Value>(&run.stderr).unwrap()["error"]["code"].clone()
}

#[test]
fn a_key_command_gives_the_key_and_its_failures_show_none_of_its_output() {
    let env = shop();
    let run = |args: &[&str]| run(&env, &[], args);
    // The key, where a password manager would keep it (never on the command line, where `env set` shows it).
    let vault = env.home().join("vault");
    std::fs::write(&vault, format!("{KEY}\n")).unwrap();
    let command = format!("cat {}; echo noise >&2", vault.display());
    let set = run(&["env", "set", "shop", "--key-command", &command]);
    assert_eq!((set.code, set.stderr), (0, format!("`shop`: key from `{command}`\n")));
    let list = run(&["pets", "list", "--limit", "2", "--json"]);
    assert_eq!(list.code, 0, "{list}");
    assert_eq!(list.json().as_array().map(Vec::len), Some(2));
    let current = run(&["env", "current"]);
    assert_eq!(current.stdout, format!("shop: {} (key: command)\n", env.sandbox.base_url()), "{current}");
    let status = run(&["auth", "status", "--json"]);
    assert_eq!(status.json()[0]["keySource"], "command", "{status}");
    let doctor = run(&["doctor"]);
    assert!(doctor.stdout.contains("from the environment's key command: ****"), "{doctor}");
    let mut token = env.command();
    token.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "auth", "token"]);
    assert_eq!(Run::printing_the_key(&mut token).stdout, format!("{KEY}\n"));

    // A command that fails: exit 4, the command named, nothing it printed shown (here the key itself).
    run(&["env", "set", "shop", "--key-command", "printf 'pk_%s' printed; printf 'pk_%s' stderr >&2; exit 3"]);
    let failed = run(&["pets", "list"]);
    assert_run!("key_command_failed", failed);
    assert!(!failed.stderr.contains("pk_printed") && !failed.stderr.contains("pk_stderr"));
    let failed = run(&["pets", "list", "--json"]);
    assert_eq!((failed.code, error_code(&failed)), (4, "key_command".into()), "{failed}");
    // No terminal to ask on, even at one.
    run(&["env", "set", "shop", "--key-command", &format!("read x </dev/tty && cat {}", vault.display())]);
    assert_eq!(run(&["pets", "list"]).code, 4);
    // Removed, the environment is not logged in again.
    let removed = run(&["env", "set", "shop", "--no-key-command"]);
    assert_eq!(removed.stderr, "`shop`: no key command\n");
    assert_eq!(run(&["pets", "list"]).code, 4);
    assert!(!env.read_config().contains("key_command"), "{}", env.read_config());
    let blank = run(&["env", "set", "shop", "--key-command", " "]);
    assert_eq!(blank.code, 2, "{blank}");
}

#[test]
fn a_key_file_gives_its_first_line_unless_others_can_read_it() {
    let env = shop();
    let path = env.home().join("key");
    std::fs::write(&path, format!("{KEY}\nnot the key\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let file = [("PETSTORE_API_KEY_FILE", path.as_path())];
    let list = run(&env, &file, &["pets", "list", "--limit", "1"]);
    assert_eq!(list.code, 0, "{list}");
    let status = run(&env, &file, &["auth", "status", "--json"]);
    assert_eq!(status.json()[0]["keySource"], "PETSTORE_API_KEY_FILE", "{status}");
    let current = run(&env, &file, &["env", "current"]);
    assert_eq!(current.stdout, format!("shop: {} (key: PETSTORE_API_KEY_FILE)\n", env.sandbox.base_url()));

    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let exposed = run(&env, &file, &["pets", "list"]);
    assert_run!("key_file_exposed", exposed);
    assert!(!exposed.stderr.contains(KEY));
    std::fs::write(&path, "\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let empty = run(&env, &file, &["pets", "list", "--json"]);
    assert_eq!((empty.code, error_code(&empty)), (4, "key_file".into()), "{empty}");
    // The key variable wins over the file, as over every other source.
    let mut cmd = env.command();
    cmd.env("PETSTORE_API_KEY_FILE", &path).env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "pets", "list"]);
    assert_eq!(Run::of(&mut cmd).code, 0);
    assert_eq!(run(&env, &[], &["pets", "list"]).code, 4, "shop has no key of its own");
}
