//! `pets add` asking at a real pseudo-terminal (`script`) for what its flags did not give: the animal is
//! created and the equivalent command printed; `--no-input`, `PETSTORE_NO_INPUT` or no terminal make a
//! missing flag a usage error; Ctrl-C at a prompt sends nothing.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::assert_run;
use crate::common::{Run, TestEnv};
use crate::terminal_safety::in_a_pty;

/// `petstore ARGS` in a pseudo-terminal with `TERM=term`, answering each question as it appears: for each
/// `(question, keys)`, waits until `question` has shown, then types `keys`.
fn converse(env: &TestEnv, term: &str, args: &str, answers: &[(&str, &str)]) -> Run {
    let petstore = env.command();
    let bin = env!("CARGO_BIN_EXE_petstore");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{bin} {args}"), "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap());
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    cmd.env("TERM", term);
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (sender, seen) = std::sync::mpsc::channel::<Vec<u8>>();
    let reader = std::thread::spawn(move || {
        let mut buf = [0; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || sender.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    // Where the terminal's output since the last keys typed begins: a question asked again is looked for there.
    let mut from = 0;
    for (question, keys) in answers {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !String::from_utf8_lossy(&shown[from..]).contains(question) {
            let left = deadline.saturating_duration_since(Instant::now());
            match seen.recv_timeout(left) {
                Ok(bytes) => shown.extend(bytes),
                Err(_) => panic!("`{question}` was never asked: {}", String::from_utf8_lossy(&shown)),
            }
        }
        // A person types after the question is drawn; so does this, once the prompt reads the terminal.
        crate::common::wait_until_petstore_reads(
            child.id(),
            Duration::from_secs(10),
            &format!("converse: `{question}`"),
        );
        from = shown.len();
        stdin.write_all(keys.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }
    let status = child.wait().unwrap();
    drop(stdin);
    reader.join().unwrap();
    shown.extend(seen.try_iter().flatten());
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    Run::checked(std::process::Output { status, stdout: shown, stderr: stderr.into_bytes() })
}

#[test]
fn prompts_create_the_animal_and_print_the_equivalent_command() {
    let env = TestEnv::new();
    // A blank name (three spaces) is refused where it is typed, and the question stays for another answer.
    let answers = [("Name", "   \r"), ("is blank", "Rex the dog\r"), ("Category id", "1\r"), ("sold", "\x1b[B\r")];
    let run = converse(&env, "xterm-256color", "pets add --color never", &answers);
    assert_eq!(run.code, 0, "{run}");
    assert!(
        run.stdout.contains(
            "the same without questions: petstore pets add --color never --name 'Rex the dog' --category-id 1 \
             --status available\r\n"
        ),
        "{run}"
    );
    let created: Vec<_> = env.sandbox.pets().into_iter().filter(|pet| pet["name"] == "Rex the dog").collect();
    assert_eq!(created.len(), 1, "{created:?}");
    assert_eq!((created[0]["categoryId"].as_i64(), created[0]["status"].as_str()), (Some(1), Some("available")));
}

/// `TERM=dumb` (and `PETSTORE_PROMPT=plain`, for screen readers): a question a line, no cursor movement; a
/// wrong answer (a blank name, a category that is no number) is refused as the flag would refuse it, in words,
/// and asked again; a status in any case is read.
#[test]
fn plain_prompts_ask_line_by_line_and_validate_as_the_flags_do() {
    let env = TestEnv::new();
    let answers = [
        ("Name: ", " \t \r"),
        ("Name: ", "Tom\r"),
        ("Category id", "zz\r"),
        ("Category id (an integer): ", "2\r"),
        ("empty: none", "Sold\r"),
    ];
    let run = converse(&env, "dumb", "pets add", &answers);
    assert_run!("prompts_plain", run);
    assert_eq!(env.sandbox.request_count(), 1);
    assert!(
        env.sandbox.pets().iter().any(|pet| pet["name"] == "Tom" && pet["categoryId"] == 2 && pet["status"] == "sold")
    );
}

#[test]
fn no_input_or_no_terminal_makes_a_missing_flag_a_usage_error() {
    let env = TestEnv::new();
    assert_run!("prompts_no_input_flag", in_a_pty(&env, "pets add --name Rex --no-input --color never"));
    let mut run = env.command();
    let run = Run::of(run.env("PETSTORE_NO_INPUT", "1").args(["pets", "add"]));
    assert_run!("prompts_not_a_terminal", run);
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn ctrl_c_at_a_prompt_sends_nothing_and_exits_130() {
    let env = TestEnv::new();
    let run = converse(&env, "xterm-256color", "pets add --color never", &[("Name", "\x03")]);
    // The prompt raises SIGINT without ending its line: the error starts on a line of its own.
    assert_run!("prompts_ctrl_c_name", run);
    assert_eq!(env.sandbox.request_count(), 0);
    let run =
        converse(&env, "xterm-256color", "pets add --name Rex --color never", &[("Category", "1\r"), ("sold", "\x03")]);
    assert_eq!(run.code, 130, "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
    // Esc leaves the status list as Ctrl-C does.
    let run =
        converse(&env, "xterm-256color", "pets add --name Rex --color never", &[("Category", "1\r"), ("sold", "\x1b")]);
    assert_eq!(run.code, 130, "{run}");
    assert!(run.stdout.contains("error: interrupted"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

/// `petstore ARGS` in a pseudo-terminal (`script`), inside a shell that records the terminal's settings before
/// and after and reports petstore's exit code; for each `(question, keys)` of `answers`, types `keys` once the
/// question has shown; then, once `question` has shown, `then` acts on petstore's pid. Returns all the terminal
/// showed.
fn signalled_at_a_prompt(
    env: &TestEnv,
    args: &str,
    answers: &[(&str, &str)],
    question: &str,
    then: impl FnOnce(u32),
) -> String {
    let bin = env!("CARGO_BIN_EXE_petstore");
    let shell = format!(
        "before=$(stty -g); {bin} {args} </dev/tty & echo \"pid=$!\"; wait $!; code=$?; after=$(stty -g); \
         echo \"exit=$code\"; if [ \"$before\" = \"$after\" ]; then echo 'terminal: as before'; \
         else echo 'terminal: changed'; fi"
    );
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &shell, "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "xterm-256color");
    for (name, value) in env.command().get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (sender, seen) = std::sync::mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || sender.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    // Waits until `until` shows past `from`, which then moves past it: each text is looked for after the last.
    let receive = |shown: &mut Vec<u8>, from: &mut usize, until: &str| {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(at) = shown[*from..].windows(until.len()).position(|window| window == until.as_bytes()) {
                *from += at + until.len();
                return;
            }
            match seen.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(bytes) => shown.extend(bytes),
                Err(_) => panic!("`{until}` never showed: {}", String::from_utf8_lossy(shown)),
            }
        }
    };
    let mut from = 0;
    let mut stdin = child.stdin.take().unwrap();
    for (asked, keys) in answers {
        receive(&mut shown, &mut from, asked);
        crate::common::wait_until_petstore_reads(
            child.id(),
            Duration::from_secs(10),
            &format!("signalled_at_a_prompt: `{asked}`"),
        );
        from = shown.len();
        stdin.write_all(keys.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }
    receive(&mut shown, &mut from, question);
    let text = String::from_utf8_lossy(&shown).into_owned();
    let pid: u32 = text.split("pid=").nth(1).unwrap().lines().next().unwrap().trim().parse().unwrap();
    // The prompt reads the terminal a moment after it is drawn.
    crate::common::wait_until_petstore_reads(
        pid,
        Duration::from_secs(10),
        &format!("signalled_at_a_prompt: `{question}`"),
    );
    then(pid);
    receive(&mut shown, &mut from, "terminal: ");
    receive(&mut shown, &mut from, "\n");
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "script did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
    String::from_utf8_lossy(&shown).into_owned()
}

/// A signal at a dialoguer prompt (the name, the status list), which reads the terminal in raw mode, gives the
/// terminal back its echo, line editing and signals (`stty -g` is as before), and the list its cursor: the
/// last thing petstore did to the cursor is to show it.
#[test]
fn a_signal_at_a_prompt_gives_the_terminal_back() {
    let env = TestEnv::new();
    let cases = [
        ("Name", "TERM", 143),
        ("Name", "HUP", 129),
        ("sold", "TERM", 143),
        ("sold", "INT", 130),
        ("sold", "HUP", 129),
    ];
    let args = "pets add --color never --name Rex";
    for (question, signal, code) in cases {
        let (args, answers): (&str, &[(&str, &str)]) =
            if question == "Name" { ("pets add --color never", &[]) } else { (args, &[("Category", "1\r")]) };
        let shown = signalled_at_a_prompt(&env, args, answers, question, |pid| {
            assert!(Command::new("kill").args([&format!("-{signal}"), &pid.to_string()]).status().unwrap().success());
        });
        assert!(shown.contains(&format!("exit={code}")), "{args} SIG{signal}: {shown:?}");
        assert!(shown.contains("terminal: as before"), "{args} SIG{signal}: {shown:?}");
        assert!(!shown.contains("panicked"), "{shown}");
        if let Some(hidden) = shown.rfind("\x1b[?25l") {
            assert!(shown[hidden..].contains("\x1b[?25h"), "{args} SIG{signal}: the cursor stays hidden: {shown:?}");
        }
        if question == "sold" {
            assert!(shown.contains("\x1b[?25l"), "the list hides the cursor: {shown:?}");
        }
    }
    assert_eq!(env.sandbox.request_count(), 0);
}

/// The Ctrl-C key at the status list (read by the list, not a signal) also shows the cursor again.
#[test]
fn ctrl_c_at_the_status_list_shows_the_cursor_again() {
    let env = TestEnv::new();
    let run =
        converse(&env, "xterm-256color", "pets add --name Rex --color never", &[("Category", "1\r"), ("sold", "\x03")]);
    assert_eq!(run.code, 130, "{run}");
    let hidden = run.stdout.rfind("\x1b[?25l").expect("the list hides the cursor");
    assert!(run.stdout[hidden..].contains("\x1b[?25h"), "the cursor stays hidden: {:?}", run.stdout);
}
