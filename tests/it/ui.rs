//! Issue 47: `petstore ui`, driven as a person drives it: the real binary on a pseudo-terminal of 80x24 (its
//! controlling terminal, as under a terminal window's shell), keys typed on the master, and the screen read
//! back through a terminal emulator (vt100). Every wait is bounded (liveness), never a measure of speed.

use std::fs::File;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use petstore_sandbox::Config;

use crate::common::TestEnv;

/// How long anything here may take: generous, for a loaded machine.
const BOUND: Duration = Duration::from_secs(20);

/// `petstore ui` on a pseudo-terminal of 80x24, with stdin, stdout and stderr on it.
struct Screen {
    master: File,
    child: Child,
    /// Every byte petstore wrote.
    written: Vec<u8>,
    parser: vt100::Parser,
}

impl Screen {
    fn start(env: &TestEnv, args: &[&str], vars: &[(&str, &str)]) -> Screen {
        use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC).expect("a pseudo-terminal");
        grantpt(&master).unwrap();
        unlockpt(&master).unwrap();
        let size = rustix::termios::Winsize { ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0 };
        rustix::termios::tcsetwinsize(&master, size).unwrap();
        let name = PathBuf::from(ptsname(&master, Vec::new()).unwrap().into_string().unwrap());
        rustix::io::ioctl_fionbio(&master, true).unwrap();
        let child = {
            let slave = File::options().read(true).write(true).open(&name).unwrap();
            let mut cmd = Command::new("setsid");
            cmd.args(["--fork", "--wait", "--ctty", env!("CARGO_BIN_EXE_petstore")]).args(args);
            cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "xterm-256color");
            for (name, value) in env.command().get_envs() {
                if let Some(value) = value {
                    cmd.env(name, value);
                }
            }
            cmd.envs(vars.iter().copied());
            cmd.stdin(slave.try_clone().unwrap()).stdout(slave.try_clone().unwrap()).stderr(slave);
            cmd.spawn().expect("setsid (util-linux) runs")
        };
        Screen { master: File::from(master), child, written: Vec::new(), parser: vt100::Parser::new(24, 80, 0) }
    }

    /// Reads what petstore wrote so far, without waiting.
    fn pump(&mut self) {
        let mut buf = [0; 8192];
        loop {
            match self.master.read(&mut buf) {
                Ok(n) if n > 0 => {
                    self.written.extend_from_slice(&buf[..n]);
                    self.parser.process(&buf[..n]);
                }
                _ => return,
            }
        }
    }

    /// What the screen shows now.
    fn contents(&self) -> String {
        self.parser.screen().contents()
    }

    /// Waits until the screen shows `text`; returns the screen.
    fn wait_for(&mut self, text: &str) -> String {
        self.wait_until(&format!("`{text}` shows"), |screen| screen.contains(text))
    }

    fn wait_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + BOUND;
        loop {
            self.pump();
            let contents = self.contents();
            if self.settled() && done(&contents) {
                return contents;
            }
            assert!(Instant::now() < deadline, "timed out waiting until {what}; the screen:\n{contents}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether what was written ends where a frame ends (ratatui hides the cursor last), unless the full
    /// screen is not up: a screen read in the middle of a frame shows half of it.
    fn settled(&self) -> bool {
        let has = |sequence: &[u8]| self.written.windows(sequence.len()).any(|w| w == sequence);
        let full_screen = has(b"\x1b[?1049h") && !has(b"\x1b[?1049l");
        !full_screen || self.written.ends_with(b"\x1b[?25l")
    }

    fn keys(&mut self, keys: &str) {
        for key in keys.as_bytes().chunks(1) {
            self.master.write_all(key).unwrap();
            // One key at a time, as typed: Esc alone is Esc, not the start of a sequence.
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Waits (bounded) for petstore to end; its exit code and every byte it wrote, which holds no panic.
    fn exit(self) -> (i32, String) {
        let (code, written) = self.end();
        assert!(!written.contains("panicked"), "petstore panicked: {written}");
        (code, written)
    }

    /// Waits (bounded) for petstore to end; its exit code and every byte it wrote.
    fn end(mut self) -> (i32, String) {
        let deadline = Instant::now() + BOUND;
        let status = loop {
            self.pump();
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("petstore did not end within {BOUND:?}: {}", self.contents());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        self.pump();
        let written = String::from_utf8_lossy(&self.written).into_owned();
        (status.code().expect("setsid exits with petstore's code"), written)
    }
}

/// The sequences that put a terminal back: the alternate screen left, the cursor shown.
fn assert_restored(written: &str) {
    let left = written.rfind("\x1b[?1049l").expect("the alternate screen was left");
    let entered = written.rfind("\x1b[?1049h").expect("the alternate screen was entered");
    assert!(left > entered, "left after entering");
    assert!(written[left..].contains("\x1b[?25h") || written[..left].ends_with("\x1b[?25h"), "the cursor shown");
}

/// The last line of `shown` that is not blank, without the spaces at its end.
fn last_line(shown: &str) -> &str {
    shown.lines().rev().map(str::trim_end).find(|line| !line.is_empty()).unwrap_or_default()
}

/// A sandbox as environment `shop`, whose writes are confirmed.
fn shop(env: &TestEnv) {
    env.write_config(&format!(
        "[environments.shop]\nbase_url = \"{}\"\nconfirm_writes = true\n",
        env.sandbox.base_url()
    ));
}

#[test]
fn ui_shows_the_animals_and_q_leaves_with_the_terminal_restored() {
    let env = TestEnv::with(Config::default().seed_pets(5));
    shop(&env);
    let mut screen = Screen::start(&env, &["--env", "shop", "ui"], &[]);
    let shown = screen.wait_for("5 of 5");
    // The status bar's spaces fill the width left by the URL, whose length differs by transport and port.
    let shown: Vec<&str> = shown.lines().map(str::trim_end).collect();
    let shown = shown.join("\n").replace(&env.sandbox.base_url(), "[BASE_URL]");
    insta::assert_snapshot!("ui_at_80x24", shown);
    screen.keys("q");
    let (code, written) = screen.exit();
    assert_eq!(code, 0, "{written}");
    assert_restored(&written);
}

#[test]
fn ui_filters_by_name_and_status_and_shows_details() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    for (name, status) in [("Rex", "available"), ("Tom", "sold"), ("rexy", "pending")] {
        let run = env.run(&["pets", "add", "--name", name, "--category-id", "3", "--status", status]);
        assert_eq!(run.code, 0, "{run}");
    }
    let mut screen = Screen::start(&env, &["ui"], &[]);
    screen.wait_for("3 of 3");
    screen.keys("/REX");
    let shown = screen.wait_for("2 of 3");
    assert!(shown.contains("rexy") && !shown.contains("Tom"), "{shown}");
    screen.keys("\x1b");
    screen.wait_for("3 of 3");
    screen.keys("s");
    let shown = screen.wait_for("1 of 3 · sold");
    assert!(shown.contains("Tom") && !shown.contains("Rex"), "{shown}");
    screen.keys("\r");
    let shown = screen.wait_for("Esc: back");
    assert!(shown.contains("Name      Tom") && shown.contains("Status    sold"), "{shown}");
    screen.keys("\x1b*");
    screen.wait_for("3 of 3 · all");
    screen.keys("?");
    screen.wait_for("filter by name as you type");
    screen.keys("\x1b\x1b");
    let (code, written) = screen.exit();
    assert_eq!(code, 0, "Esc at the top leaves: {written}");
    assert_restored(&written);
}

#[test]
fn ui_adds_an_animal_after_the_question_of_a_confirmed_environment() {
    let env = TestEnv::with(Config::default().seed_pets(2));
    shop(&env);
    let mut screen = Screen::start(&env, &["--env", "shop", "ui"], &[]);
    screen.wait_for("2 of 2");
    // Checked as `pets add` checks it, before anything is sent.
    screen.keys("n\t1.5\r");
    screen.wait_for("not a whole number");
    screen.keys("\t\t\t");
    screen.keys("Maxi\t\x7f\x7f\x7f2\t \r");
    let shown = screen.wait_for("Send it?");
    let question =
        format!("`shop` ({}): add the animal `Maxi` (category 2, status available). Send it?", env.sandbox.base_url());
    let words = shown.replace('│', " ").split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(&question), "the question of `pets add`, word for word: {shown}");
    assert_eq!(env.sandbox.pets().len(), 2, "nothing sent before the answer");
    screen.keys("y");
    let shown = screen.wait_for("3 of 3");
    let selected = shown.lines().find(|line| line.contains('›')).unwrap_or_default();
    assert!(selected.contains("Maxi"), "the new animal is selected: {shown}");
    assert!(env.sandbox.pets().iter().any(|pet| pet["name"] == "Maxi"));
    // Answered no: nothing sent, and the screen says so.
    screen.keys("nOther\t4\r");
    screen.wait_for("Send it?");
    screen.keys("n");
    let shown = screen.wait_for("not confirmed, so nothing was sent to `shop`");
    assert!(!shown.contains("--yes") && !shown.contains("--dry-run"), "no flag ui takes not: {shown}");
    assert_eq!(env.sandbox.pets().len(), 3);
    screen.keys("q");
    let (code, written) = screen.exit();
    assert_eq!(code, 0, "{written}");
    assert_restored(&written);
}

#[test]
fn ui_ctrl_c_leaves_with_the_terminal_restored() {
    let env = TestEnv::new();
    let mut screen = Screen::start(&env, &["ui"], &[]);
    screen.wait_for("5 of 5");
    screen.keys("\x03");
    let (code, written) = screen.exit();
    assert_eq!(code, 130, "{written}");
    assert_restored(&written);
}

#[test]
fn ui_shows_new_animals_by_itself() {
    let env = TestEnv::with(Config::default().seed_pets(1));
    let mut screen = Screen::start(&env, &["ui", "--interval", "1"], &[]);
    screen.wait_for("1 of 1");
    let run = env.run(&["pets", "add", "--name", "Newcomer", "--category-id", "1"]);
    assert_eq!(run.code, 0, "{run}");
    let shown = screen.wait_for("Newcomer");
    // Marked: bold (and yellow, with colour), unlike the animal that was there.
    let row = |name: &str| shown.lines().position(|line| line.contains(name)).unwrap();
    let (new, old) = (row("Newcomer"), row("Rex"));
    let bold = |row: usize| screen.parser.screen().cell(u16::try_from(row).unwrap(), 30).is_some_and(|c| c.bold());
    assert!(bold(new) && !bold(old), "{shown}");
    screen.keys("q");
    assert_eq!(screen.exit().0, 0);
}

#[test]
fn ui_off_a_terminal_or_for_an_assistant_exits_2_naming_pets_list_and_pets_add() {
    let env = TestEnv::new();
    let run = env.run(&["ui"]);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("`petstore ui` needs a person at a terminal"), "{run}");
    assert!(run.stderr.contains("pets list") && run.stderr.contains("pets add"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
    let mut screen = Screen::start(&env, &["ui"], &[("CLAUDECODE", "1")]);
    let shown = screen.wait_for("pets add");
    assert!(shown.contains("`CLAUDECODE` is set"), "{shown}");
    let (code, written) = screen.exit();
    assert_eq!(code, 2, "{written}");
    assert!(!written.contains("\x1b[?1049h"), "no screen for an assistant");
}

#[test]
fn ui_accessible_lists_numbered_lines_and_adds_through_the_same_question() {
    let env = TestEnv::with(Config::default().seed_pets(2));
    shop(&env);
    let mut screen = Screen::start(&env, &["--env", "shop", "ui"], &[("PETSTORE_ACCESSIBLE", "1")]);
    let shown = screen.wait_for("q to leave:");
    assert!(shown.contains("2 animals") && shown.contains("1. id 1, Rex, category 1"), "{shown}");
    screen.keys("2\r");
    screen.wait_for("id 2, Bella, category 2, status pending");
    screen.keys("n\r");
    for (question, answer) in [("Name:", "Maxi\r"), ("Category id (an integer):", "2\r"), ("for none):", "\r")] {
        screen.wait_until(&format!("`{question}` is asked"), |shown| last_line(shown).ends_with(question));
        screen.keys(answer);
    }
    screen.wait_until("the last question", |shown| last_line(shown).ends_with("[y/N]"));
    screen.keys("\r");
    screen.wait_until("the question before the write", |shown| last_line(shown).ends_with("Send it? [y/N]"));
    assert_eq!(env.sandbox.pets().len(), 2, "nothing sent before the answer");
    screen.keys("y\r");
    screen.wait_for("added: id 3, Maxi, category 2, no status");
    screen.keys("q\r");
    let (code, written) = screen.exit();
    assert_eq!(code, 0, "{written}");
    assert!(!written.contains("\x1b[?1049h"), "no full screen: {written:?}");
}

#[test]
fn ui_with_no_color_draws_without_colour() {
    let env = TestEnv::new();
    let mut screen = Screen::start(&env, &["ui"], &[("NO_COLOR", "1")]);
    screen.wait_for("5 of 5");
    screen.keys("q");
    let (code, written) = screen.exit();
    assert_eq!(code, 0, "{written}");
    assert!(!written.contains("38;5;") && !written.contains("48;5;"), "{written:?}");
    let mut coloured = Screen::start(&env, &["ui"], &[]);
    coloured.wait_for("5 of 5");
    coloured.keys("q");
    let (_, written) = coloured.exit();
    assert!(written.contains("48;5;"), "colour without NO_COLOR: {written:?}");
}

#[test]
fn ui_sigterm_leaves_with_the_terminal_restored() {
    let env = TestEnv::new();
    let mut screen = Screen::start(&env, &["ui"], &[]);
    screen.wait_for("5 of 5");
    let setsid = screen.child.id();
    let children = std::fs::read_to_string(format!("/proc/{setsid}/task/{setsid}/children")).unwrap();
    let petstore: i32 = children.split_whitespace().next().expect("petstore runs under setsid").parse().unwrap();
    let pid = rustix::process::Pid::from_raw(petstore).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).unwrap();
    let (code, written) = screen.exit();
    assert_eq!(code, 143, "{written}");
    assert_restored(&written);
}

#[test]
fn ui_marks_production_on_the_status_line() {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.production]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let mut screen = Screen::start(&env, &["--env", "production", "ui"], &[]);
    let shown = screen.wait_for("5 of 5");
    let status = shown.lines().next().unwrap_or_default();
    assert!(status.contains("production (") && status.contains("PRODUCTION"), "{shown}");
    screen.keys("q");
    assert_eq!(screen.exit().0, 0);
}

#[test]
fn ui_an_add_without_an_answer_says_its_outcome_is_unknown_and_is_journalled() {
    // Every request is carried out and its answer lost: the looks fail, and the add may have gone through.
    let env = TestEnv::with(Config::default().seed_pets(0).lost_reply_rate(1.0).fault_seed(1));
    let mut screen = Screen::start(&env, &["ui"], &[]);
    screen.wait_for("q quit");
    screen.keys("nMaxi\t1\r");
    let shown = screen.wait_for("no complete answer to the POST");
    let words = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("check with `petstore pets find --name NAME`"), "the hint, how to check: {shown}");
    screen.keys("q");
    let (code, written) = screen.exit();
    assert_eq!(code, 0, "{written}");
    assert_restored(&written);
    let journal = env.run(&["journal", "--json"]);
    assert_eq!(journal.code, 0, "{journal}");
    let entries = journal.json();
    let outcomes: Vec<&str> = entries.as_array().unwrap().iter().map(|e| e["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, ["unknown"], "{journal}");
}

#[test]
fn ui_reflows_when_the_terminal_is_resized() {
    let env = TestEnv::new();
    let mut screen = Screen::start(&env, &["ui"], &[]);
    screen.wait_for("5 of 5");
    let size = rustix::termios::Winsize { ws_row: 30, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0 };
    rustix::termios::tcsetwinsize(&screen.master, size).unwrap();
    screen.parser.screen_mut().set_size(30, 120);
    let row = |screen: &Screen, at: usize| screen.parser.screen().rows(0, 120).nth(at).unwrap_or_default();
    let deadline = Instant::now() + BOUND;
    while !(row(&screen, 29).contains("q quit") && row(&screen, 1).trim_end().ends_with("STATUS")) {
        assert!(Instant::now() < deadline, "no reflow to 120x30:\n{}", screen.contents());
        std::thread::sleep(Duration::from_millis(20));
        screen.pump();
    }
    assert!(row(&screen, 1).trim_end().len() > 100, "the table uses the width: {}", row(&screen, 1));
    screen.keys("q");
    assert_eq!(screen.exit().0, 0);
}

#[test]
fn ui_says_when_more_animals_may_exist_than_the_api_shows() {
    let env = TestEnv::with(Config::default().seed_pets(400));
    let mut screen = Screen::start(&env, &["ui"], &[]);
    let words = |shown: &str| shown.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown = screen.wait_until("the caveat shows", |shown| words(shown).contains("more may exist past them"));
    assert!(words(&shown).contains("the list may be incomplete:"), "as `pets list --all` says it: {shown}");
    screen.keys("q");
    assert_eq!(screen.exit().0, 0);
}

#[test]
fn ui_add_if_absent_finds_the_animal_and_sends_nothing() {
    let env = TestEnv::new();
    let mut screen = Screen::start(&env, &["ui"], &[]);
    screen.wait_for("5 of 5");
    screen.keys("jj");
    screen.keys("nRex\t1\t\t \r");
    let shown = screen.wait_for("exists already, as id 1: nothing was sent");
    let selected = shown.lines().find(|line| line.contains('›')).unwrap_or_default();
    assert!(selected.contains("Rex"), "the animal found is selected: {shown}");
    assert_eq!(env.sandbox.pets().len(), 5);
    screen.keys("q");
    assert_eq!(screen.exit().0, 0);
}

/// A panic puts the terminal back before its message is printed, so that the message is read on the
/// terminal as it was (the panic is made on `!` in a debug build with `PETSTORE_TEST_PANIC` set).
#[test]
fn ui_a_panic_leaves_with_the_terminal_restored_before_its_message() {
    let env = TestEnv::new();
    let mut screen = Screen::start(&env, &["ui"], &[("PETSTORE_TEST_PANIC", "1")]);
    screen.wait_for("5 of 5");
    screen.keys("!");
    let (code, written) = screen.end();
    assert_eq!(code, 101, "{written}");
    assert_restored(&written);
    let left = written.rfind("\x1b[?1049l").unwrap();
    let message = written.find("a panic asked for with PETSTORE_TEST_PANIC").expect("the panic's message");
    assert!(left < message, "the terminal is put back first: {written:?}");
}

/// Ctrl-Z stops petstore as SIGTSTP does, with the terminal put back first; continued (`fg`, SIGCONT), the
/// screen comes back, drawn whole, and goes on as before. (Under `setsid`, with no shell to hold the job, the
/// process may be continued at once: the test sees it stopped, then the terminal put back and the screen
/// entered again, in that order.)
#[test]
fn ui_ctrl_z_stops_with_the_terminal_restored_and_continues() {
    let env = TestEnv::new();
    let mut screen = Screen::start(&env, &["ui"], &[]);
    screen.wait_for("5 of 5");
    let setsid = screen.child.id();
    let children = std::fs::read_to_string(format!("/proc/{setsid}/task/{setsid}/children")).unwrap();
    let petstore: i32 = children.split_whitespace().next().expect("petstore runs under setsid").parse().unwrap();
    let before = screen.written.len();
    screen.keys("\x1a");
    let stopped = || {
        let stat = std::fs::read_to_string(format!("/proc/{petstore}/stat")).unwrap_or_default();
        stat.rsplit(')').next().and_then(|rest| rest.split_whitespace().next()) == Some("T")
    };
    let has = |written: &[u8], sequence: &[u8]| written.windows(sequence.len()).position(|w| w == sequence);
    let deadline = Instant::now() + BOUND;
    // Stopped, or already continued by then: the screen left after the key.
    while !stopped() && has(&screen.written[before..], b"\x1b[?1049l").is_none() {
        assert!(Instant::now() < deadline, "petstore did not stop: {}", screen.contents());
        screen.pump();
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ =
        rustix::process::kill_process(rustix::process::Pid::from_raw(petstore).unwrap(), rustix::process::Signal::CONT);
    let deadline = Instant::now() + BOUND;
    loop {
        screen.pump();
        let after = &screen.written[before..];
        if let Some(left) = has(after, b"\x1b[?1049l")
            && has(&after[left..], b"\x1b[?1049h").is_some()
        {
            break;
        }
        assert!(Instant::now() < deadline, "the screen did not come back: {}", screen.contents());
        std::thread::sleep(Duration::from_millis(20));
    }
    screen.wait_for("5 of 5");
    screen.keys("q");
    let (code, written) = screen.exit();
    assert_eq!(code, 0, "{written}");
    let after = &written.as_bytes()[before..];
    let left = has(after, b"\x1b[?1049l\x1b[?25h").expect("the terminal put back at the stop");
    assert!(has(&after[left..], b"\x1b[?1049h").is_some(), "the screen entered again");
    assert_restored(&written);
}

/// Issue 54: `auth login` asks whether a person can be asked as every prompt does: under an assistant, at a
/// terminal of its own, it shows no hidden prompt but exits 2 at once, naming `--with-token`.
#[test]
fn auth_login_for_an_assistant_at_a_terminal_exits_2_naming_with_token() {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let args = ["--env", "local", "--color", "never", "auth", "login", "--no-verify", "--storage", "file"];
    let (code, written) = Screen::start(&env, &args, &[("CLAUDECODE", "1")]).exit();
    insta::assert_snapshot!("login_assistant_at_a_terminal", format!("exit={code}\n{}", written.replace("\r\n", "\n")));
    assert!(!env.config_dir().join("credentials.toml").exists());
}

/// Issue 55: the counter through an outage. The line drops: the screen keeps the last look, marked offline
/// with its age; an add waits as a row marked queued, and `q` says so first; the line comes back: the screen
/// looks again by itself and sends the queued add once, with no key pressed.
#[test]
fn ui_offline_keeps_the_last_look_queues_an_add_and_sends_it_once_when_the_line_is_back() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(3));
    let line = crate::common::line::Line::to(env.sandbox.addr());
    let url = line.base_url(&env.sandbox.base_url());
    env.write_config(&format!("[environments.counter]\nbase_url = \"{url}\"\n"));
    let vars = [("PETSTORE_BASE_URL", "")];
    let mut screen = Screen::start(&env, &["--env", "counter", "ui", "--interval", "1"], &vars);
    screen.wait_for("3 of 3");
    line.cut();
    let shown = screen.wait_for("offline · as of ");
    assert!(shown.contains("Rex") && shown.contains("3 of 3"), "the last look stays: {shown}");
    screen.keys("n");
    screen.wait_for("Add an animal");
    screen.keys("Parcel\t7\r");
    let shown = screen.wait_for("1 queued");
    let row = shown.lines().find(|line| line.contains("Parcel")).unwrap_or_else(|| panic!("a row: {shown}"));
    assert!(row.trim_start().starts_with("queued"), "{shown}");
    screen.keys("q");
    screen.wait_for("1 write waits in the outbox");
    assert!(screen.child.try_wait().unwrap().is_none(), "the first q does not leave");
    line.bring_back();
    // No key: the screen looks again, sends the outbox, and the row becomes the created animal.
    let shown = screen.wait_until("Parcel is created", |shown| {
        !shown.contains("queued") && !shown.contains("offline") && shown.contains("4 of 4")
    });
    assert!(shown.lines().any(|line| line.contains("Parcel") && line.contains(" 7 ")), "{shown}");
    assert!(!shown.contains("cannot connect"), "the failure is gone once the line is back: {shown}");
    assert_eq!(env.sandbox.pets().iter().filter(|pet| pet["name"] == "Parcel").count(), 1);
    screen.keys("q");
    let (code, written) = screen.exit();
    assert_eq!(code, 0);
    assert_restored(&written);
}

/// Two screens on one machine send one outbox: each write once.
#[test]
fn ui_two_screens_send_one_outbox_once() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(2));
    let line = crate::common::line::Line::to(env.sandbox.addr());
    let url = line.base_url(&env.sandbox.base_url());
    env.write_config(&format!("[environments.counter]\nbase_url = \"{url}\"\n"));
    line.cut();
    for name in ["First", "Second"] {
        let add = env.run(&["--base-url", &url, "pets", "add", "--name", name, "--category-id", "1"]);
        assert_eq!(add.code, 5, "{add}");
    }
    line.bring_back();
    let vars = [("PETSTORE_BASE_URL", "")];
    let mut screens: Vec<Screen> =
        (0..2).map(|_| Screen::start(&env, &["--env", "counter", "ui", "--interval", "1"], &vars)).collect();
    for screen in &mut screens {
        screen.wait_until("both sent", |shown| shown.contains("4 of 4") && !shown.contains("queued"));
    }
    for name in ["First", "Second"] {
        assert_eq!(env.sandbox.pets().iter().filter(|pet| pet["name"] == name).count(), 1, "{name}");
    }
    for mut screen in screens {
        screen.keys("q");
        assert_eq!(screen.exit().0, 0);
    }
}

/// Where the environment's writes are confirmed, the screen asks on the screen before it sends the outbox;
/// a write the server refuses stays as a row that says why, and the one it creates becomes its animal.
#[test]
fn ui_asks_before_sending_the_outbox_of_a_confirmed_environment_and_shows_a_refusal() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(2).name_max_bytes(12));
    let line = crate::common::line::Line::to(env.sandbox.addr());
    let url = line.base_url(&env.sandbox.base_url());
    env.write_config(&format!("[environments.counter]\nbase_url = \"{url}\"\nconfirm_writes = true\n"));
    line.cut();
    for name in ["Kept", "A name far too long"] {
        let add = env.run(&["--env", "counter", "pets", "add", "--name", name, "--category-id", "1", "--yes"]);
        assert_eq!(add.code, 5, "{add}");
    }
    line.bring_back();
    let vars = [("PETSTORE_BASE_URL", "")];
    let mut screen = Screen::start(&env, &["--env", "counter", "ui", "--interval", "1"], &vars);
    let shown = screen.wait_for("y: send");
    assert!(shown.contains("send 2 animals from the"), "{shown}");
    assert_eq!(env.sandbox.pets().len(), 2, "nothing sent before the answer");
    screen.keys("y");
    let shown = screen.wait_until("the outbox is sent", |shown| shown.contains("3 of 3") && !shown.contains("y: send"));
    let refused = shown.lines().find(|line| line.contains("A name far")).unwrap_or_else(|| panic!("{shown}"));
    assert!(refused.trim_start().starts_with("refused"), "{shown}");
    let kept = shown.lines().find(|line| line.contains("Kept")).unwrap_or_else(|| panic!("{shown}"));
    assert!(kept.trim_start_matches(['›', ' ']).starts_with("3 "), "created as pet 3: {shown}");
    assert_eq!(env.sandbox.pets().iter().filter(|pet| pet["name"] == "Kept").count(), 1);
    // A refused write waits for nothing: `q` leaves at once.
    screen.keys("q");
    assert_eq!(screen.exit().0, 0);
}

/// The accessible mode, the line down: the last look kept and the write waiting, each a line; `q` says what
/// waits first.
#[test]
fn ui_accessible_offline_lists_the_last_look_and_the_queued_writes() {
    let env = TestEnv::over_plain_http(Config::default().seed_pets(2));
    let line = crate::common::line::Line::to(env.sandbox.addr());
    let url = line.base_url(&env.sandbox.base_url());
    env.write_config(&format!("[environments.counter]\nbase_url = \"{url}\"\n"));
    let look = env.run(&["--env", "counter", "pets", "list", "--all"]);
    assert_eq!(look.code, 0, "{look}");
    line.cut();
    let add = env.run(&["--env", "counter", "pets", "add", "--name", "Parcel", "--category-id", "7"]);
    assert_eq!(add.code, 5, "{add}");
    let vars = [("PETSTORE_ACCESSIBLE", "1"), ("PETSTORE_BASE_URL", "")];
    let mut screen = Screen::start(&env, &["--env", "counter", "ui"], &vars);
    let shown = screen.wait_for("q to leave:");
    assert!(shown.contains("offline: the store as of "), "{shown}");
    assert!(shown.contains("2 animals") && shown.contains("1. id 1, Rex, category 1"), "{shown}");
    assert!(shown.contains("queued, waits in the outbox: Parcel, category 7, no status"), "{shown}");
    screen.keys("q\r");
    screen.wait_for("1 write waits in the outbox");
    screen.keys("q\r");
    assert_eq!(screen.exit().0, 0);
}
