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
    for (question, keys) in answers {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !String::from_utf8_lossy(&shown).contains(question) {
            let left = deadline.saturating_duration_since(Instant::now());
            match seen.recv_timeout(left) {
                Ok(bytes) => shown.extend(bytes),
                Err(_) => panic!("`{question}` was never asked: {}", String::from_utf8_lossy(&shown)),
            }
        }
        // A person types after the question is drawn; so does this, once the prompt reads the terminal.
        std::thread::sleep(Duration::from_millis(200));
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
    let answers = [("Name", "Rex the dog\r"), ("Category id", "1\r"), ("sold", "\x1b[B\r")];
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
/// wrong answer is refused as the flag would refuse it, in words, and asked again; a status in any case is read.
#[test]
fn plain_prompts_ask_line_by_line_and_validate_as_the_flags_do() {
    let env = TestEnv::new();
    let answers = [("Category id", "zz\r"), ("Category id (an integer): ", "2\r"), ("empty: none", "Sold\r")];
    let run = converse(&env, "dumb", "pets add --name Tom", &answers);
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
    assert_eq!(run.code, 130, "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
    let run =
        converse(&env, "xterm-256color", "pets add --name Rex --color never", &[("Category", "1\r"), ("sold", "\x03")]);
    assert_eq!(run.code, 130, "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}
