//! `petstore auth ...`: logging in with the key from stdin or a hidden prompt, where it is stored, status per
//! key source, and logging out. The OS keyring is unreachable here by construction (see `TestEnv::command`);
//! `keyring.rs` runs against a real Secret Service.

use std::process::Command;

use crate::assert_run;
use crate::common::{KEY, Run, TestEnv};

/// A test env with an environment `local` pointing at its sandbox.
fn with_local_env() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    env
}

fn file_mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn login_from_stdin_into_the_file_store_is_explicit_and_private() {
    let env = with_local_env();
    let run = env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage"], &format!("{KEY}\n"));
    assert_run!("login_stdin_insecure", run);
    let credentials = env.config_dir().join("credentials.toml");
    assert_eq!(file_mode(&credentials), 0o600);
    assert_eq!(file_mode(&env.config_dir().join("config.toml")), 0o600);
    assert!(env.read_config().contains("key_storage = \"file\""), "{}", env.read_config());
    // One request checked the key; now the stored key works without the environment variable.
    assert_eq!(env.sandbox.request_count(), 1);
    let list = env.run_logged_in(&["--env", "local", "pets", "list", "--limit", "1"]);
    assert_eq!((list.code, list.stdout.as_str()), (0, "1\tRex\t1\tavailable\n"), "{list}");
}

#[test]
fn login_at_a_terminal_prompts_on_stderr_without_echo() {
    let env = with_local_env();
    // `script` gives petstore a real pseudo-terminal; what it prints is what the terminal showed.
    let mut petstore = env.command();
    petstore.env_remove("PETSTORE_API_KEY");
    let bin = env!("CARGO_BIN_EXE_petstore");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{bin} auth login --env local --insecure-storage --color never"), "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap());
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    let run = type_at_the_prompt(&mut cmd, "): ", &format!("{KEY}\n"));
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stdout.starts_with(&format!("API key for `local` ({}", env.sandbox.base_url())), "{run}");
    assert!(run.stdout.contains("logged in to `local`"), "{run}");
    assert!(std::fs::read_to_string(env.config_dir().join("credentials.toml")).unwrap().contains(KEY));
}

/// Runs `cmd`, and types `input` once `prompt` has appeared on its output, as a person would.
fn type_at_the_prompt(cmd: &mut Command, prompt: &str, input: &str) -> Run {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut buf = [0; 256];
    while !String::from_utf8_lossy(&seen).contains(prompt) {
        let n = stdout.read(&mut buf).unwrap();
        assert!(n > 0, "no prompt came: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    // rpassword turns echo off just after printing the prompt; a person's first keystroke comes later than
    // that, and so does this one: once petstore reads the terminal.
    crate::common::wait_until_petstore_reads(
        child.id(),
        std::time::Duration::from_secs(10),
        &format!("type_at_the_prompt: `{prompt}`"),
    );
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdout.read_to_end(&mut seen).unwrap();
    drop(stdin);
    let mut output = child.wait_with_output().unwrap();
    output.stdout = seen;
    Run::checked(output)
}

#[test]
fn a_refused_key_is_not_stored() {
    let env = with_local_env();
    assert_run!(
        "login_refused",
        env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage"], "wrong-key\n")
    );
    assert!(!env.config_dir().join("credentials.toml").exists());
    assert!(!env.read_config().contains("key_storage"));
}

#[test]
fn an_unreachable_api_stores_nothing_unless_no_verify() {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", crate::common::dead_base_url()));
    let run = env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage"], KEY);
    assert_run!("login_unreachable", run);
    assert!(!env.config_dir().join("credentials.toml").exists());
    let run = env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage", "--no-verify", "-q"], KEY);
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "", ""), "{run}");
    assert!(env.read_config().contains("key_storage = \"file\""));
}

#[test]
fn without_a_keyring_a_login_to_it_fails_in_plain_words_with_both_ways_out() {
    let env = with_local_env();
    let run = env.run_with_stdin(&["auth", "login", "--env", "local", "--storage", "keyring"], KEY);
    assert_run!("login_no_keyring", run);
    assert!(!env.config_dir().join("credentials.toml").exists(), "never plaintext without asking");
    assert!(!env.read_config().contains("key_storage"));
}

#[test]
fn an_empty_key_is_refused_before_anything_is_sent() {
    let env = with_local_env();
    // The file store: the keyring, absent here, would fail first (its check comes before the key is read).
    assert_run!("login_empty", env.run_with_stdin(&["auth", "login", "--env", "local", "--storage", "file"], "\n"));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn the_key_is_never_an_argument() {
    let env = with_local_env();
    assert_run!("login_key_argument", env.run(&["auth", "login", "--env", "local", "--key", "abc"]));
}

#[test]
fn logging_out_twice_is_not_an_error() {
    let env = with_local_env();
    env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage", "-q"], KEY);
    assert_run!("logout_first", env.run(&["auth", "logout", "--env", "local"]));
    assert_run!("logout_second", env.run_logged_in(&["auth", "logout", "--env", "local"]));
    assert!(!std::fs::read_to_string(env.config_dir().join("credentials.toml")).unwrap().contains(KEY));
    assert!(!env.read_config().contains("key_storage"));
    assert_run!("after_logout", env.run_logged_in(&["--env", "local", "pets", "list"]));
}

#[test]
fn status_shows_each_key_source() {
    let env = with_local_env();
    env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage", "-q"], KEY);
    // The sandbox environment's built-in key, sent to this sandbox (which accepts only the test key).
    env.write_config(&format!(
        "{}[environments.sandbox]\nbase_url = \"{}\"\n",
        env.read_config(),
        env.sandbox.base_url()
    ));
    assert_run!("status_env_var", env.run(&["auth", "status", "--env", "local"]));
    assert_run!("status_file", env.run_logged_in(&["auth", "status", "--env", "local"]));
    assert_run!("status_all", env.run_logged_in(&["auth", "status", "--all", "--env", "local"]));
    assert_run!("status_built_in_refused", env.run_logged_in(&["auth", "status", "--env", "sandbox"]));
    assert_run!("status_none", env.run_logged_in(&["auth", "status", "--env", "staging", "--json"]));
}

#[test]
fn a_recorded_keyring_that_is_unreachable_is_exit_4_with_the_ways_out() {
    let env = with_local_env();
    env.write_config(&format!("{}key_storage = \"keyring\"\n", env.read_config()));
    assert_run!("keyring_unreachable", env.run_logged_in(&["--env", "local", "pets", "list"]));
    // With the environment variable set, the keyring is never touched, so the same setup works.
    assert_eq!(env.run(&["--env", "local", "pets", "list"]).code, 0);
}

#[test]
fn token_prints_the_key_and_nothing_else() {
    let env = with_local_env();
    env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage", "-q"], KEY);
    let run =
        Run::printing_the_key(env.command().env_remove("PETSTORE_API_KEY").args(["auth", "token", "--env", "local"]));
    assert_eq!((run.code, run.stdout.clone(), run.stderr.as_str()), (0, format!("{KEY}\n"), ""), "{run}");
    assert_run!("token_not_logged_in", env.run_logged_in(&["auth", "token", "--env", "staging"]));
}

#[test]
fn the_sandbox_environment_needs_no_login() {
    let env = TestEnv::new();
    let run =
        Run::printing_the_key(env.command().env_remove("PETSTORE_API_KEY").args(["auth", "token", "--env", "sandbox"]));
    assert_eq!((run.code, run.stdout.as_str()), (0, "sandbox\n"));
}

#[test]
fn a_keyring_that_never_answers_gives_up_within_its_time_bound() {
    use std::time::{Duration, Instant};
    let env = with_local_env();
    env.write_config(&format!("{}key_storage = \"keyring\"\n", env.read_config()));
    let bus = crate::common::hung_bus(&env.home().join("hung-bus"));
    let started = Instant::now();
    let run = Run::of(
        env.command()
            .env_remove("PETSTORE_API_KEY")
            .env("DBUS_SESSION_BUS_ADDRESS", bus)
            .args(["--env", "local", "pets", "list"]),
    );
    let took = started.elapsed();
    assert!(took >= Duration::from_secs(3) && took < Duration::from_secs(10), "took {took:?}");
    assert_run!("keyring_hung", run);
}

/// A loopback API that records the `Authorization` header of every request and answers an empty list.
struct Recorder {
    base_url: String,
    seen: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Recorder {
    fn start() -> Recorder {
        use std::io::{BufRead, BufReader, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut authorization = String::from("(none)");
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                        break;
                    }
                    if let Some((name, value)) = line.split_once(':')
                        && name.eq_ignore_ascii_case("authorization")
                    {
                        authorization = value.trim().to_owned();
                    }
                }
                log.lock().unwrap().push(authorization);
                let body = "[]";
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            }
        });
        Recorder { base_url, seen }
    }

    fn seen(&self) -> Vec<String> {
        let mut seen = self.seen.lock().unwrap().clone();
        seen.sort();
        seen
    }
}

#[test]
fn status_all_sends_the_variable_s_key_to_the_selected_environment_alone() {
    use petstore_sandbox::Config;
    // `a`: this test's sandbox, selected, its key from `PETSTORE_API_KEY`. `b`: another sandbox, which
    // accepts another key, stored for it. `c` and the built-in `sandbox`: a server that records what it gets;
    // `c` is logged in with its own key, `sandbox` has its built-in one. production and staging: no key.
    let env = TestEnv::new();
    let other = env.another_sandbox(Config::default().api_keys(["b-key-0123456789abcdef"]));
    let recorder = Recorder::start();
    env.write_config(&format!(
        "[environments.a]\nbase_url = \"{}\"\n[environments.b]\nbase_url = \"{}\"\n\
         [environments.c]\nbase_url = \"{}\"\n[environments.sandbox]\nbase_url = \"{}\"\n",
        env.sandbox.base_url(),
        other.base_url(),
        recorder.base_url,
        recorder.base_url
    ));
    for (name, key) in [("b", "b-key-0123456789abcdef"), ("c", "c-key")] {
        let run = Run::with_stdin(
            env.command().env_remove("PETSTORE_API_KEY").args([
                "-q",
                "auth",
                "login",
                "--insecure-storage",
                "--no-verify",
                "--env",
                name,
            ]),
            key,
        );
        assert_eq!(run.code, 0, "{run}");
    }
    let run = Run::of(env.command().env_remove("PETSTORE_BASE_URL").args(["auth", "status", "--all", "--env", "a"]));
    assert_run!("status_all_env_var_selected_only", run);
    assert_eq!(env.sandbox.request_count(), 1, "`a` was checked with the variable's key");
    assert_eq!(other.request_count(), 1, "`b` was checked with its own key");
    assert_eq!(recorder.seen(), ["Bearer c-key", "Bearer sandbox"], "the variable's key went nowhere else");
}

#[test]
fn login_reads_no_more_of_stdin_than_a_key_can_be() {
    let env = with_local_env();
    // `< /dev/zero` (or a wrong file) used to be read until memory ran out.
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let run = Run::of(env.command().args(["auth", "login", "--env", "local", "--insecure-storage"]).stdin(zero));
    assert_run!("login_stdin_too_long", run);
    assert_eq!(env.sandbox.request_count(), 0);
    assert!(!env.config_dir().join("credentials.toml").exists());
}

#[test]
fn a_key_with_a_newline_inside_is_named_as_the_key_not_the_url() {
    let env = TestEnv::new();
    let run = Run::of(env.command().env("PETSTORE_API_KEY", "first-line\nsecond-line").args(["pets", "list"]));
    assert_run!("key_with_a_newline", run);
    assert_eq!(env.sandbox.request_count(), 0);
}

/// A server that cannot be reached says nothing about the key: `auth status` says the server could not be
/// reached (exit 5), never that the key does not work.
#[test]
fn status_with_the_server_down_says_it_could_not_be_reached() {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", crate::common::dead_base_url()));
    assert_run!("status_unreachable", env.run(&["auth", "status", "--env", "local"]));
    assert_run!("status_unreachable_json", env.run(&["auth", "status", "--env", "local", "--json"]));
}

/// Issue 42, point 5: a key check that meets a server error keeps `key_unchecked`'s promise (4, or 5 when the
/// server cannot be reached): it exited 1.
#[test]
fn a_key_check_that_meets_a_server_error_exits_as_its_code_promises() {
    let env = TestEnv::new();
    let failing = crate::common::canned::Canned::start(
        "500 Internal Server Error",
        Some("application/json"),
        r#"{"code":"internal","message":"boom","status":500}"#,
    );
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", failing.base_url()));
    let mut cmd = env.command();
    cmd.env("PETSTORE_ERROR_FORMAT", "json").args(["auth", "login", "--env", "local", "--insecure-storage"]);
    let run = Run::with_stdin(&mut cmd, KEY);
    assert_eq!(run.code, 4, "{run}");
    assert!(run.stderr.contains(r#""code":"key_unchecked""#) && run.stderr.contains(r#""exitCode":4"#), "{run}");
    let down = crate::common::dead_base_url();
    env.write_config(&format!("[environments.local]\nbase_url = \"{down}\"\n"));
    let run = env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage"], KEY);
    assert_eq!(run.code, 5, "{run}");
}
