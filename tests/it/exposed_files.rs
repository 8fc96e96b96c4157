//! The files that hold the key or decide where it goes, when someone else can change them (or read the key):
//! a `config.toml` any user can write (refused) or its group can write (a warning), a `credentials.toml` others
//! can read (its keys not used), a config directory or file of another user's, and a `config.toml` linked into a
//! directory any user can write (a warning). Each says the `chmod` or `chown` that ends it.

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;

use crate::assert_run;
use crate::common::{KEY, Run, TestEnv};

/// `nobody`, whom a test run as root gives a file to.
const NOBODY: u32 = 65534;

fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// Environment `shop` (the sandbox), its key in `credentials.toml`: `pets list --env shop`, without
/// `PETSTORE_API_KEY`, reads it.
fn shop_with_a_key_file() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!(
        "[environments.shop]\nbase_url = \"{}\"\nkey_storage = \"file\"\n",
        env.sandbox.base_url()
    ));
    let credentials = env.config_dir().join("credentials.toml");
    fs::write(&credentials, format!("[keys]\nshop = \"{KEY}\"\n")).unwrap();
    chmod(&credentials, 0o600);
    env
}

fn list_shop(env: &TestEnv) -> Run {
    let mut cmd = env.command();
    Run::of(cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "pets", "list"]))
}

/// Whether the tests run as root, which alone can give a file to another user; says so past the harness's
/// capture when not, naming the test that skips.
fn root_or_skip() -> bool {
    if rustix::process::geteuid().is_root() {
        return true;
    }
    use std::io::Write;
    let test = std::thread::current().name().unwrap_or("a test").to_owned();
    let _ = writeln!(std::io::stderr().lock(), "skipped: {test}: only root can give a file to another user");
    false
}

#[test]
fn a_config_file_any_user_can_write_is_refused() {
    let env = shop_with_a_key_file();
    let config = env.config_dir().join("config.toml");
    chmod(&config, 0o666);
    let run = list_shop(&env);
    assert_run!("exposed_config_world_writable", run);
    // Whatever the command: nothing is read from it.
    let run = env.run(&["env", "list"]);
    assert_eq!(run.code, 1, "{run}");
    let run = env.run(&["env", "add", "x", "https://x.example/v1"]);
    assert_eq!(run.code, 1, "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
    chmod(&config, 0o600);
    let run = list_shop(&env);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
}

#[test]
fn a_config_file_its_group_can_write_is_warned_about() {
    let env = shop_with_a_key_file();
    chmod(&env.config_dir().join("config.toml"), 0o664);
    assert_run!("exposed_config_group_writable", list_shop(&env));
    // Readable by others is no harm: it holds no key.
    chmod(&env.config_dir().join("config.toml"), 0o644);
    let run = list_shop(&env);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
}

#[test]
fn a_credentials_file_others_can_read_is_not_used() {
    let env = shop_with_a_key_file();
    let credentials = env.config_dir().join("credentials.toml");
    chmod(&credentials, 0o644);
    assert_run!("exposed_credentials_world_readable", list_shop(&env));
    chmod(&credentials, 0o640);
    assert_run!("exposed_credentials_group_readable", list_shop(&env));
    chmod(&credentials, 0o620);
    let run = list_shop(&env);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("can be written by its group, who could have changed its keys"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
    // The key of `PETSTORE_API_KEY` does not come from the file, which is then not used.
    let run = Run::of(env.command().env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "pets", "list"]));
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    // A new login writes a private file again.
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL");
    let run = Run::with_stdin(cmd.args(["--env", "shop", "auth", "login", "--storage", "file"]), &format!("{KEY}\n"));
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(fs::metadata(&credentials).unwrap().permissions().mode() & 0o777, 0o600);
    let run = list_shop(&env);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
}

#[test]
fn a_config_directory_another_user_owns_is_warned_about() {
    if !root_or_skip() {
        return;
    }
    let env = shop_with_a_key_file();
    std::os::unix::fs::chown(env.config_dir(), Some(NOBODY), Some(NOBODY)).unwrap();
    assert_run!("exposed_config_dir_of_another_user", list_shop(&env));
}

#[test]
fn a_config_or_credentials_file_another_user_owns_is_refused() {
    if !root_or_skip() {
        return;
    }
    let env = shop_with_a_key_file();
    let config = env.config_dir().join("config.toml");
    std::os::unix::fs::chown(&config, Some(NOBODY), None).unwrap();
    assert_run!("exposed_config_of_another_user", list_shop(&env));
    std::os::unix::fs::chown(&config, Some(0), None).unwrap();
    std::os::unix::fs::chown(env.config_dir().join("credentials.toml"), Some(NOBODY), None).unwrap();
    assert_run!("exposed_credentials_of_another_user", list_shop(&env));
    assert_eq!(env.sandbox.request_count(), 0);
}

/// `config.toml` a link into a directory any user can write: they could replace what it leads to. Warned
/// about (a file they put there instead is theirs, and refused); a directory of the user's own is not.
#[test]
fn a_config_file_linked_into_a_directory_any_user_can_write_is_warned_about() {
    let env = shop_with_a_key_file();
    let shared = env.home().join("shared");
    fs::create_dir(&shared).unwrap();
    chmod(&shared, 0o777);
    let config = env.config_dir().join("config.toml");
    fs::rename(&config, shared.join("petstore.toml")).unwrap();
    symlink(shared.join("petstore.toml"), &config).unwrap();
    assert_run!("exposed_config_linked_into_world_writable_dir", list_shop(&env));
    chmod(&shared, 0o755);
    let run = list_shop(&env);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    // So is a directory a linked credentials file leads into.
    let keys = env.home().join("keys");
    fs::create_dir(&keys).unwrap();
    chmod(&keys, 0o770);
    let credentials = env.config_dir().join("credentials.toml");
    fs::rename(&credentials, keys.join("petstore.toml")).unwrap();
    symlink(keys.join("petstore.toml"), &credentials).unwrap();
    let run = list_shop(&env);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (
            0,
            format!(
                "warning: the directory `{0}`, which `credentials.toml` links into, can be written by its group, who \
                 could replace your keys; run `chmod go-w {0}`\n",
                keys.display()
            )
            .as_str()
        ),
        "{run}"
    );
}
