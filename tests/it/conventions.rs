//! Issue 46, points 4 to 10: the conventions users bring from gh, kubectl, xh and curl, each of which exited 2
//! before: `completion` in the singular, `--timeout 5s`, `CLICOLOR` and `CLICOLOR_FORCE`, `api PATH` as a GET
//! and `-X METHOD`, `auth login --with-token`, long help through a pager, `env add NAME --base-url URL`, and a
//! hint that asks whether the sandbox is running.

use crate::assert_run;
use crate::common::{KEY, Run, TestEnv};

#[test]
fn completion_in_the_singular_is_completions() {
    let env = TestEnv::new();
    for shell in ["bash", "zsh", "fish"] {
        let singular = env.run(&["completion", shell]);
        let plural = env.run(&["completions", shell]);
        assert_eq!(singular.code, 0, "{singular}");
        assert_eq!(singular.stdout, plural.stdout, "{shell}");
    }
}

#[test]
fn a_timeout_takes_a_unit_and_a_bare_number_stays_seconds() {
    let env = TestEnv::new();
    for timeout in ["5s", "1500ms", "2m", "30", "2.5"] {
        let run = env.run(&["--timeout", timeout, "pets", "list", "--limit", "1"]);
        assert_eq!(run.code, 0, "{timeout}: {run}");
    }
    let run = Run::of(env.command().env("PETSTORE_TIMEOUT", "750ms").args(["pets", "list", "--limit", "1"]));
    assert_eq!(run.code, 0, "{run}");
    assert_run!("timeout_with_an_unknown_unit", env.run(&["--timeout", "5 parsecs", "pets", "list"]));
}

/// `CLICOLOR=0` turns colour off at a terminal, `CLICOLOR_FORCE=1` turns it on when piped, and `NO_COLOR`
/// wins over both.
#[test]
fn clicolor_and_clicolor_force_are_honoured_and_no_color_wins() {
    let env = TestEnv::new();
    let at_terminal = |vars: &[(&str, &str)]| {
        let mut cmd = env.command();
        cmd.env("PETSTORE_TEST_TERMINAL", "1").args(["pets", "list", "--limit", "2"]);
        for (name, value) in vars {
            cmd.env(name, value);
        }
        Run::of(&mut cmd)
    };
    assert!(at_terminal(&[]).stdout.contains('\x1b'), "coloured at a terminal by default");
    assert!(!at_terminal(&[("CLICOLOR", "0")]).stdout.contains('\x1b'));
    assert!(at_terminal(&[("CLICOLOR", "1")]).stdout.contains('\x1b'));
    // Piped, an error's label is coloured only when forced.
    let piped = |vars: &[(&str, &str)]| {
        let mut cmd = env.command();
        cmd.args(["pets", "find", "--id", "424242"]);
        for (name, value) in vars {
            cmd.env(name, value);
        }
        Run::of(&mut cmd)
    };
    assert!(!piped(&[]).stderr.contains('\x1b'));
    assert!(!piped(&[("CLICOLOR_FORCE", "0")]).stderr.contains('\x1b'));
    let forced = piped(&[("CLICOLOR_FORCE", "1")]);
    assert!(forced.stderr.starts_with("\x1b["), "{forced}");
    assert!(!piped(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]).stderr.contains('\x1b'));
    assert!(!piped(&[("CLICOLOR_FORCE", "1"), ("CLICOLOR", "0"), ("NO_COLOR", "1")]).stderr.contains('\x1b'));
}

/// `petstore api /pets` is a GET, as `gh api` takes it; `-X METHOD` names another; `METHOD PATH` still works;
/// two methods are refused before anything is sent.
#[test]
fn api_takes_a_path_alone_as_a_get_and_x_for_another_method() {
    let env = TestEnv::new();
    let alone = env.run(&["api", "/pets", "-F", "limit=2"]);
    let named = env.run(&["api", "GET", "/pets", "-F", "limit=2"]);
    assert_eq!((alone.code, &alone.stdout), (0, &named.stdout), "{alone}");
    let flagged = env.run(&["api", "-X", "get", "/pets", "-F", "limit=2"]);
    assert_eq!(flagged.stdout, named.stdout, "{flagged}");
    let before = env.sandbox.pets().len();
    let created = env.run(&["api", "-X", "POST", "/pets", "-f", "name=Rex", "-F", "categoryId=3"]);
    assert_eq!(created.code, 0, "{created}");
    assert_eq!(env.sandbox.pets().len(), before + 1);
    assert_run!("api_two_methods", env.run(&["api", "GET", "/pets", "-X", "POST"]));
    assert_run!("api_not_a_method", env.run(&["api", "G@T", "/pets"]));
    assert_eq!(env.sandbox.pets().len(), before + 1, "nothing more was sent");
}

/// `auth login --with-token` reads the key from stdin without a prompt, as gh does; an empty one is refused.
#[test]
fn login_with_token_reads_stdin_and_refuses_an_empty_key() {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let login = ["auth", "login", "--env", "local", "--insecure-storage", "--with-token"];
    assert_run!("login_with_token_empty", env.run_with_stdin(&login, "\n"));
    let run = env.run_with_stdin(&login, &format!("{KEY}\n"));
    assert_eq!(run.code, 0, "{run}");
    let listed = Run::of(env.command().env_remove("PETSTORE_API_KEY").args(["--env", "local", "pets", "list"]));
    assert_eq!(listed.code, 0, "{listed}");
}

/// `pets add --help` is over 200 lines: at a terminal it goes through the pager (`PETSTORE_PAGER`), never
/// when piped or with `--no-pager`, and not when it fits.
#[test]
fn long_help_at_a_terminal_goes_through_the_pager() {
    let env = TestEnv::new();
    let paged = env.home().join("paged.txt");
    let mut cmd = env.command();
    cmd.env("PETSTORE_PAGER", format!("cat > '{}'", paged.display()));
    let Some(run) = crate::common::pty::run_command_at_width(&cmd, &["pets", "add", "--help"], 80) else { return };
    assert_eq!(run.code, 0, "{run}");
    let text = std::fs::read_to_string(&paged).expect("the pager got the help");
    assert!(text.contains("Examples:") && text.lines().count() > 100, "{text}");
    assert!(!run.stdout.contains("Examples:"), "not printed beside the pager: {run}");
    std::fs::remove_file(&paged).unwrap();

    for args in [&["pets", "add", "--help", "--no-pager"][..], &["pets", "list", "-h"]] {
        let run = crate::common::pty::run_command_at_width(&cmd, args, 80).unwrap();
        assert_eq!(run.code, 0, "{run}");
        assert!(!paged.exists(), "{args:?}: no pager");
        assert!(run.stdout.contains("Usage:"), "{run}");
    }
    let piped = Run::of(cmd.args(["pets", "add", "--help"]));
    assert!(!paged.exists() && piped.stdout.contains("Examples:"), "piped, never paged: {piped}");
}

/// A pager that cannot run (not found, not executable) or fails before it reads does not swallow the help
/// (issue 53, point 9): the help is printed straight to the terminal, after one line that says why.
#[test]
fn a_pager_that_cannot_run_leaves_the_help_printed() {
    let env = TestEnv::new();
    let not_executable = env.home().join("pager.txt");
    std::fs::write(&not_executable, "not a program\n").unwrap();
    for pager in ["/nonexistent/pager", not_executable.to_str().unwrap(), "exit 3"] {
        let mut cmd = env.command();
        cmd.env("PETSTORE_PAGER", pager);
        let Some(run) = crate::common::pty::run_command_at_width(&cmd, &["pets", "add", "--help"], 80) else { return };
        assert_eq!(run.code, 0, "{pager}: {run}");
        assert!(run.stdout.contains("Examples:") && run.stdout.contains("Usage:"), "{pager}: the help: {run}");
        let why = format!("the pager `{pager}` failed");
        assert_eq!(run.stdout.matches(&why).count(), 1, "{pager}: one line says why: {run}");
    }
}

/// `env add NAME --base-url URL`, as `env set` takes it, and one base URL only.
#[test]
fn env_add_takes_the_base_url_as_a_flag_too() {
    let env = TestEnv::new();
    let run = env.run(&["env", "add", "eu", "--base-url", "https://eu.api.example.com/v1"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(env.read_config().contains("https://eu.api.example.com/v1"), "{}", env.read_config());
    assert_run!(
        "env_add_two_base_urls",
        env.run(&["env", "add", "us", "https://us.api.example.com/v1", "--base-url", "https://other.example.com/v1"])
    );
    assert_run!("env_add_no_base_url", env.run(&["env", "add", "us"]));
}

/// `petstore` as `cmd` runs it, where nothing listens on the built-in sandbox's address, whatever runs on this
/// machine (README's `petstore-sandbox &` listens there): `cmd` itself when the port is closed, else `cmd` in a
/// network namespace of its own (`unshare`), whose loopback has nothing on it. `None`, the skip said, when the
/// port is taken and no namespace can be made.
fn with_the_built_in_sandbox_closed(cmd: std::process::Command) -> Option<std::process::Command> {
    let built_in = std::net::SocketAddr::from(([127, 0, 0, 1], 4010));
    if std::net::TcpStream::connect_timeout(&built_in, std::time::Duration::from_secs(2)).is_err() {
        return Some(cmd);
    }
    let unshare = ["--user", "--map-root-user", "--net"];
    if !std::process::Command::new("unshare").args(unshare).arg("true").status().is_ok_and(|status| status.success()) {
        crate::common::skip_without(
            "unshare",
            "127.0.0.1:4010 is taken: stop what listens there, or install util-linux with user namespaces allowed",
        );
        return None;
    }
    let mut unshared = std::process::Command::new("unshare");
    unshared.args(unshare).arg(cmd.get_program()).args(cmd.get_args()).env_clear().stdin(std::process::Stdio::null());
    for (name, value) in cmd.get_envs() {
        if let Some(value) = value {
            unshared.env(name, value);
        }
    }
    Some(unshared)
}

/// After README's `kill %1`, the next command to the built-in sandbox asks whether it is running, rather than
/// pointing at a config section that does not exist.
#[test]
fn the_built_in_sandbox_not_running_is_asked_about() {
    let env = TestEnv::new();
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "sandbox", "pets", "list"]);
    let Some(mut cmd) = with_the_built_in_sandbox_closed(cmd) else { return };
    let run = Run::of(&mut cmd);
    assert_eq!(run.code, 5, "{run}");
    assert!(run.stderr.ends_with("help: is the sandbox running? start it with `petstore-sandbox &` (or run a command inside `petstore-sandbox -- COMMAND`)\n"), "{run}");
}
