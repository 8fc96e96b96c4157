//! Issue 41, points 2, 3 and 10: a key command runs only from files only the user can write; it never blocks
//! `petstore mcp`, never outlives petstore, and is not waited on past its own end; a key file is its first
//! line exactly, or refused naming the file.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::assert_run;
use crate::common::{KEY, Run, TestEnv};

/// A sandbox as environment `shop`, with no key stored.
fn shop() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.shop]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    env
}

/// `petstore --env shop ARGS` with neither the key variable nor a base URL, and with `vars`.
fn run(env: &TestEnv, vars: &[(&str, &Path)], args: &[&str]) -> Run {
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").args(["--env", "shop"]).args(args);
    Run::of(cmd.envs(vars.iter().copied()))
}

fn write_private(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).unwrap();
}

#[test]
fn a_key_file_is_its_first_line_exactly_or_refused_naming_the_file() {
    let env = shop();
    let path = env.home().join("key");
    let file = [("PETSTORE_API_KEY_FILE", path.as_path())];
    // A byte-order mark, as Notepad writes one, is no part of the key.
    write_private(&path, format!("\u{feff}{KEY}\r\nnot the key\n").as_bytes());
    let list = run(&env, &file, &["pets", "list", "--limit", "1", "--json"]);
    assert_eq!(list.code, 0, "{list}");
    // Over 64 KiB: refused, not cut to its first 64 KiB.
    let mut long = format!("{KEY}\n").into_bytes();
    long.resize(64 * 1024 + 1, b'#');
    write_private(&path, &long);
    assert_run!("key_file_over_64_kib", run(&env, &file, &["pets", "list"]));
    // Not UTF-8: refused, not sent with U+FFFD in place of the bytes written.
    write_private(&path, b"pk_\xff\xfe\n");
    assert_run!("key_file_not_utf8", run(&env, &file, &["pets", "list"]));
    // A key that no header can carry: the file is named, not `PETSTORE_API_KEY`.
    write_private(&path, b"pk_a\x01b\n");
    assert_run!("key_file_control_character", run(&env, &file, &["pets", "list"]));
}

/// The key in a file only the user can read, as a password manager keeps it, and `env set shop
/// --key-command` with `command` (`{vault}` in it standing for that file's path).
fn with_key_command(env: &TestEnv, command: &str) {
    let vault = env.home().join("vault");
    write_private(&vault, format!("{KEY}\n").as_bytes());
    let command = command.replace("{vault}", &vault.display().to_string());
    let set = run(env, &[], &["env", "set", "shop", "--key-command", &command]);
    assert_eq!(set.code, 0, "{set}");
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn a_key_command_is_not_run_from_a_config_that_others_can_write() {
    let env = shop();
    let marker = env.home().join("ran");
    with_key_command(&env, &format!("touch {}; cat {{vault}}", marker.display()));
    let config = env.config_dir().join("config.toml");
    // Its group can write it (umask 002): the group could run any command as the user. Not run.
    chmod(&config, 0o664);
    let refused = run(&env, &[], &["pets", "list"]);
    assert_run!("key_command_config_group_writable", refused);
    assert!(!marker.exists(), "the key command ran");
    let json = run(&env, &[], &["pets", "list", "--json"]);
    // After the warning about the file, the error's document.
    let document = json.stderr.lines().last().unwrap_or_default();
    let code = serde_json::from_str::<serde_json::Value>(document).unwrap()["error"]["code"].clone();
    assert_eq!((json.code, code), (4, "key_command_unsafe".into()), "{json}");
    // The config directory, or a directory above it, that its group can write: not run either.
    chmod(&config, 0o600);
    chmod(&env.config_dir(), 0o775);
    assert_run!("key_command_config_dir_group_writable", run(&env, &[], &["pets", "list"]));
    chmod(&env.config_dir(), 0o700);
    chmod(env.home(), 0o777);
    let above = run(&env, &[], &["pets", "list"]);
    assert_eq!(above.code, 4, "{above}");
    assert!(above.stderr.contains("above the config file"), "{above}");
    assert!(!marker.exists(), "the key command ran");
    // Only the user can write them: it runs.
    chmod(env.home(), 0o700);
    let list = run(&env, &[], &["pets", "list", "--limit", "1", "--json"]);
    assert_eq!(list.code, 0, "{list}");
    assert!(marker.exists(), "the key command did not run");
}

/// `petstore --env shop ARGS` started with its pipes, the key from its key command; waits until it handles
/// signals.
fn start(env: &TestEnv, args: &[&str]) -> std::process::Child {
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").args(["--env", "shop"]).args(args);
    crate::interrupts::start(&mut cmd)
}

/// Waits, `bound` at most, for `child` to end; its run, or `None` (then it is killed).
fn wait_for(mut child: std::process::Child, bound: std::time::Duration) -> Option<Run> {
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > bound {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Some(Run::checked(child.wait_with_output().unwrap()))
}

#[test]
fn a_key_command_that_leaves_a_child_holding_its_output_gives_its_key_once_it_ends() {
    let env = shop();
    // The child keeps the command's stdout open for a minute; the old code waited its 30 s for it to close.
    for command in ["cat {vault}; sleep 60 &", "(sleep 60 &); cat {vault}"] {
        with_key_command(&env, command);
        let child = start(&env, &["pets", "list", "--limit", "1", "--json"]);
        let run = wait_for(child, std::time::Duration::from_secs(20)).expect("the key within 20 s");
        assert_eq!(run.code, 0, "{command}: {run}");
    }
}

/// Whether process `pid` is gone (or a zombie nobody reaped yet).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.rsplit_once(')').is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_signal_ends_the_key_command_with_petstore() {
    use std::time::{Duration, Instant};
    let env = shop();
    let pid_file = env.home().join("pid");
    for (signal, code) in [("TERM", 143), ("INT", 130)] {
        let _ = std::fs::remove_file(&pid_file);
        with_key_command(&env, &format!("sleep 30 & echo $! > {}; wait", pid_file.display()));
        let child = start(&env, &["pets", "list"]);
        let deadline = Instant::now() + Duration::from_secs(20);
        let pid = loop {
            match std::fs::read_to_string(&pid_file) {
                Ok(pid) if pid.ends_with('\n') => break pid.trim().to_owned(),
                _ => assert!(Instant::now() < deadline, "the key command did not start"),
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut kill = std::process::Command::new("kill");
        assert!(kill.arg(format!("-{signal}")).arg(child.id().to_string()).status().unwrap().success());
        let run = wait_for(child, Duration::from_secs(10)).expect("petstore ends at the signal");
        assert_run!(format!("key_command_ended_by_sig{signal}"), run);
        assert_eq!(run.code, code);
        let deadline = Instant::now() + Duration::from_secs(5);
        while !gone(&pid) {
            assert!(Instant::now() < deadline, "the key command's `sleep 30` outlived petstore (SIG{signal})");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

mod mcp {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Child, Stdio};
    use std::sync::mpsc::Receiver;
    use std::time::{Duration, Instant};

    use serde_json::{Value, json};

    use super::{shop, with_key_command};
    use crate::common::{KEY, TestEnv};

    /// `petstore --env shop mcp`, its session begun, and its stdout line by line.
    fn start(env: &TestEnv) -> (Child, Receiver<Value>) {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "mcp"]);
        let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                assert!(!line.contains(KEY), "the key on stdout");
                let _ = sender.send(serde_json::from_str(&line).unwrap());
            }
        });
        send(
            &mut child,
            &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}),
        );
        lines.recv_timeout(Duration::from_secs(20)).expect("initialize answered");
        send(&mut child, &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        (child, lines)
    }

    fn send(child: &mut Child, message: &Value) {
        let stdin = child.stdin.as_mut().unwrap();
        writeln!(stdin, "{message}").unwrap();
        stdin.flush().unwrap();
    }

    fn list_pets(id: i64) -> Value {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "list_pets", "arguments": {"limit": 1}}})
    }

    /// The answer to request `id`, within 30 s, and the messages before it.
    fn answer(lines: &Receiver<Value>, id: i64) -> Value {
        loop {
            let message = lines.recv_timeout(Duration::from_secs(30)).expect("an answer within 30 s");
            if message["id"] == id {
                return message;
            }
        }
    }

    #[test]
    fn a_slow_key_command_blocks_no_other_request_and_runs_once_for_the_servers_life() {
        let env = shop();
        let runs = env.home().join("runs");
        with_key_command(&env, &format!("echo run >> {}; sleep 6; cat {{vault}}", runs.display()));
        let (mut child, lines) = start(&env);
        send(&mut child, &list_pets(1));
        std::thread::sleep(Duration::from_millis(500));
        let sent = Instant::now();
        send(&mut child, &json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}));
        let ping = lines.recv_timeout(Duration::from_secs(30)).expect("an answer");
        let took = sent.elapsed();
        assert_eq!(ping["id"], 2, "the ping was answered after the call: {ping}");
        assert!(took < Duration::from_secs(3), "the ping took {took:?}: the key command blocked the server");
        let first = answer(&lines, 1);
        assert_eq!(first["result"]["isError"], false, "{first}");
        send(&mut child, &list_pets(3));
        let second = answer(&lines, 3);
        assert_eq!(second["result"]["isError"], false, "{second}");
        assert_eq!(std::fs::read_to_string(&runs).unwrap(), "run\n", "the key command ran once");
        drop(child.stdin.take());
        assert!(child.wait().unwrap().success());
    }
}

/// Ctrl-C while a key command asks at the terminal with echo off (as pinentry does, on the terminal
/// `GPG_TTY` names: here `KEY_TTY`) ends petstore and the command, and the terminal has its echo again
/// (issue 53, point 12).
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_while_a_key_command_asks_gives_the_terminal_its_echo_back() {
    use std::io::{Read, Write};
    use std::time::{Duration, Instant};
    if !crate::common::have_tool("script", "bsdutils (util-linux)") {
        return;
    }
    let env = shop();
    let asking = env.home().join("asking");
    with_key_command(&env, &format!("stty -echo < \"$KEY_TTY\"; touch '{}'; sleep 30", asking.display()));
    let petstore = env.command();
    let shell = format!(
        "trap true INT; export KEY_TTY=$(tty); {} --env shop pets list; echo \"exit $?\"; stty -a < \"$KEY_TTY\" | \
         tr ' ;' '\\n\\n' | grep -x -- '-\\?echo'",
        env!("CARGO_BIN_EXE_petstore")
    );
    let mut cmd = std::process::Command::new("script");
    cmd.args(["-qec", &shell, "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "dumb");
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL");
    let mut child = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while !asking.exists() {
        assert!(Instant::now() < deadline, "the key command did not ask");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"\x03").unwrap();
    let mut shown = String::new();
    child.stdout.take().unwrap().read_to_string(&mut shown).unwrap();
    drop(stdin);
    child.wait().unwrap();
    let shown = shown.replace("\r\n", "\n");
    assert!(shown.contains("exit 130\n"), "{shown}");
    assert!(shown.ends_with("\necho\n"), "the terminal's echo is back: {shown}");
}
