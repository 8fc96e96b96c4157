//! Confirmed writes: the question before a write to an environment with `confirm_writes`, answered in a real
//! pseudo-terminal (`script`) as a person would, and never asked of a script.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use crate::assert_run;
use crate::common::{Run, TestEnv};

/// The question's last words, after which the test types.
const QUESTION_END: &str = "[y/N] ";

/// A sandbox as environment `shop`, whose writes are confirmed.
fn shop() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!(
        "[environments.shop]\nbase_url = \"{}\"\nconfirm_writes = true\n",
        env.sandbox.base_url()
    ));
    env
}

/// `petstore --env shop ARGS` in a pseudo-terminal: stdin, stdout and stderr are the terminal.
fn in_a_pty(env: &TestEnv, args: &str) -> Command {
    let mut petstore = env.command();
    petstore.env_remove("PETSTORE_BASE_URL");
    let bin = env!("CARGO_BIN_EXE_petstore");
    shell_in_a_pty(&petstore, &format!("{bin} --env shop --color never {args}"))
}

/// `shell` run by `sh` in a pseudo-terminal, with the variables of `petstore` (a [`TestEnv::command`]).
fn shell_in_a_pty(petstore: &Command, shell: &str) -> Command {
    let mut cmd = Command::new("script");
    cmd.args(["-qec", shell, "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "dumb");
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    cmd
}

/// Runs `cmd`; once the question has appeared (when `answer` is given), types `answer`, as a person would.
/// What the terminal showed is stdout, CRLF made LF.
fn answering(mut cmd: Command, answer: Option<&str>) -> Run {
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut seen = Vec::new();
    if let Some(answer) = answer {
        let mut buf = [0; 256];
        while !String::from_utf8_lossy(&seen).contains(QUESTION_END) {
            let n = stdout.read(&mut buf).unwrap();
            assert!(n > 0, "no question came: {}", String::from_utf8_lossy(&seen));
            seen.extend_from_slice(&buf[..n]);
        }
        stdin.write_all(answer.as_bytes()).unwrap();
    }
    stdout.read_to_end(&mut seen).unwrap();
    drop(stdin);
    let mut output = child.wait_with_output().unwrap();
    output.stdout = seen;
    let mut run = Run::checked(output);
    run.stdout = run.stdout.replace("\r\n", "\n");
    run
}

const ADD: &str = "pets add --name Rex --category-id 1 --status available";

#[test]
fn no_sends_nothing() {
    let env = shop();
    let run = answering(in_a_pty(&env, ADD), Some("n\n"));
    assert_run!("confirm_no", run);
    // Ctrl-D, the end of input, is no answer either; the error starts on a line of its own.
    let run = answering(in_a_pty(&env, ADD), Some("\u{4}"));
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stdout.contains("[y/N] \nerror: not confirmed"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn yes_sends_once() {
    let env = shop();
    let run = answering(in_a_pty(&env, ADD), Some("y\n"));
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stdout.contains(&format!("`shop` ({})", env.sandbox.base_url())), "{run}");
    assert_eq!(env.sandbox.request_count(), 1);
    assert_eq!(env.sandbox.pets().len(), 6);
}

#[test]
fn the_yes_flag_answers_without_asking() {
    let env = shop();
    for flag in ["--yes", "-y"] {
        let run = answering(in_a_pty(&env, &format!("{ADD} {flag}")), None);
        assert_eq!(run.code, 0, "{run}");
        assert!(!run.stdout.contains(QUESTION_END), "{run}");
    }
    assert_eq!(env.sandbox.request_count(), 2);
}

#[test]
fn quiet_still_asks() {
    let env = shop();
    let run = answering(in_a_pty(&env, &format!("-q {ADD}")), Some("\n"));
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stdout.contains("add the animal `Rex` (category 1, status available). Send it? [y/N]"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn ctrl_c_at_the_question_sends_nothing() {
    let env = shop();
    let run = answering(in_a_pty(&env, ADD), Some("\u{3}"));
    assert_run!("confirm_ctrl_c", run);
    assert_eq!(env.sandbox.request_count(), 0);
}

/// Each write path, run where nobody can answer (stdin not a terminal; stderr a faked one, or not): refused
/// before anything is sent, exit 2, one error naming the environment and `--yes`.
#[test]
fn without_a_terminal_every_write_is_refused_and_nothing_sent() {
    let env = shop();
    let file = env.home().join("pets.ndjson");
    std::fs::write(&file, "{\"name\":\"A\",\"categoryId\":1}\n").unwrap();
    let file = file.to_str().unwrap();
    let writes: [&[&str]; 5] = [
        &["pets", "add", "--name", "Rex", "--category-id", "1"],
        &["pets", "add", "--file", file, "--progress", "none"],
        &["api", "POST", "/pets", "-f", "name=Rex", "-F", "categoryId=1"],
        &["api", "DELETE", "/pets/1"],
        &["api", "patch", "/pets/1", "-f", "name=Tom"],
    ];
    for write in writes {
        for terminal in [false, true] {
            let mut cmd = env.command();
            cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "shop"]).args(write);
            if terminal {
                cmd.env("PETSTORE_TEST_TERMINAL", "1").args(["--color", "never"]);
            }
            let run = Run::of(&mut cmd);
            assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (
                    2,
                    "",
                    "error: cannot ask before writing to `shop`: stdin and stderr are not both terminals, so nothing \
                     was sent\nhelp: pass `--yes` (or set `PETSTORE_YES=1`) to send without asking, or run it at a \
                     terminal to answer the question\n"
                ),
                "{write:?}: {run}"
            );
        }
        assert_eq!(env.sandbox.request_count(), 0, "{write:?}");
    }
    let run = {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "pets", "add", "--name", "Rex"]);
        Run::of(cmd.args(["--category-id", "1"]))
    };
    assert_run!("confirm_refused_without_terminal", run);
}

/// `--yes`, `-y` and `PETSTORE_YES=1` say yes where nobody can; `PETSTORE_YES=0` does not.
#[test]
fn without_a_terminal_yes_sends() {
    let env = shop();
    let add = ["--env", "shop", "pets", "add", "--name", "Rex", "--category-id", "1"];
    let send = |extra: &[&str], yes: Option<&str>| {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_BASE_URL").args(add).args(extra);
        if let Some(yes) = yes {
            cmd.env("PETSTORE_YES", yes);
        }
        Run::of(&mut cmd)
    };
    for (extra, yes) in [(&["--yes"][..], None), (&["-y"], None), (&[], Some("1")), (&[], Some("true"))] {
        let run = send(extra, yes);
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{extra:?} {yes:?}: {run}");
    }
    assert_eq!(env.sandbox.request_count(), 4);
    let run = send(&[], Some("0"));
    assert_eq!(run.code, 2, "{run}");
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "api", "POST", "/pets", "-f", "name=Rex", "--yes"]);
    let run = Run::of(cmd.args(["-F", "categoryId=1"]));
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(env.sandbox.request_count(), 5);
}

/// `PETSTORE_YES` is read around spaces: `" 0"` and `"false "` are no, as a person reads them; `" 1 "` is yes.
#[test]
fn petstore_yes_is_read_without_its_spaces() {
    let env = shop();
    let send = |yes: &str| {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_BASE_URL").env("PETSTORE_YES", yes);
        Run::of(cmd.args(["--env", "shop", "pets", "add", "--name", "Rex", "--category-id", "1"]))
    };
    for no in [" 0", "0 ", " false", "\tno\n", " OFF ", "  "] {
        let run = send(no);
        assert_eq!(run.code, 2, "{no:?}: {run}");
        assert!(run.stderr.starts_with("error: cannot ask before writing to `shop`"), "{no:?}: {run}");
    }
    assert_eq!(env.sandbox.request_count(), 0, "nothing sent unasked");
    let run = send(" 1 ");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert_eq!(env.sandbox.request_count(), 1);
}

/// `PETSTORE_YES` neither on nor off is a usage error naming it and the words, before anything is sent
/// (issue 54: it read as yes).
#[test]
fn petstore_yes_neither_on_nor_off_is_a_usage_error_naming_it() {
    let env = shop();
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_BASE_URL").env("PETSTORE_YES", "maybe");
    assert_run!(
        "petstore_yes_maybe",
        Run::of(cmd.args(["--env", "shop", "pets", "add", "--name", "Rex", "--category-id", "1"]))
    );
    assert_eq!(env.sandbox.request_count(), 0);
}

/// `--dry-run` sends nothing, so it is never refused; reads are never asked about.
#[test]
fn without_a_terminal_dry_runs_and_reads_are_not_refused() {
    let env = shop();
    for args in [
        &["pets", "add", "--name", "Rex", "--category-id", "1", "--dry-run"][..],
        &["api", "POST", "/pets", "-f", "name=Rex", "--dry-run"],
        &["api", "DELETE", "/pets/1", "--curl"],
        &["api", "GET", "/pets"],
        &["api", "HEAD", "/pets"],
        &["pets", "list"],
    ] {
        let mut cmd = env.command();
        let run = Run::of(cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "shop"]).args(args));
        assert_eq!(run.code, 0, "{args:?}: {run}");
    }
    assert_eq!(env.sandbox.request_count(), 3);
}

/// An environment whose writes are not confirmed (the sandbox by URL, staging-like names) is written to from a
/// script as before.
#[test]
fn without_a_terminal_unconfirmed_environments_are_unchanged() {
    let env = TestEnv::new();
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    env.write_config(&format!("[environments.shop]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "shop", "api", "POST", "/pets", "-f", "name=Tom"]);
    let run = Run::of(cmd.args(["-F", "categoryId=1"]));
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert_eq!(env.sandbox.request_count(), 2);
}

#[test]
fn a_file_is_asked_about_once_with_its_count() {
    let env = shop();
    let file = env.home().join("pets.ndjson");
    std::fs::write(&file, "{\"name\":\"A\",\"categoryId\":1}\n{\"name\":\"B\",\"categoryId\":2}\n").unwrap();
    let add = format!("pets add --file {} --progress none", file.display());
    let run = answering(in_a_pty(&env, &add), Some("no\n"));
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stdout.contains(&format!("add 2 animals from `{}`. Send it? [y/N]", file.display())), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
    let run = answering(in_a_pty(&env, &add), Some("\u{3}"));
    assert_eq!(run.code, 130, "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
    let run = answering(in_a_pty(&env, &add), Some("yes\n"));
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.stdout.matches(QUESTION_END).count(), 1, "{run}");
    assert_eq!(env.sandbox.request_count(), 2);
}

#[test]
fn api_writes_are_asked_about_and_reads_are_not() {
    let env = shop();
    let run = answering(in_a_pty(&env, "api POST /pets -f name=Rex -F categoryId=1"), Some("n\n"));
    assert_run!("confirm_api_no", run);
    assert_eq!(env.sandbox.request_count(), 0);
    let run = answering(in_a_pty(&env, "api GET /pets"), None);
    assert_eq!(run.code, 0, "{run}");
    assert!(!run.stdout.contains(QUESTION_END), "{run}");
    assert_eq!(env.sandbox.request_count(), 1);
}

#[test]
fn confirm_writes_is_switched_per_environment() {
    let env = TestEnv::new();
    let url = env.sandbox.base_url();
    let run = env.run(&["env", "add", "shop", &url, "--confirm-writes"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(env.read_config().contains("confirm_writes = true"), "{}", env.read_config());
    // Asked now...
    let run = answering(in_a_pty(&env, ADD), Some("n\n"));
    assert_eq!(run.code, 1, "{run}");
    // ...and not once switched off.
    let run = env.run(&["env", "confirm-writes", "shop", "off"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, "writes to `shop` are now sent without asking\n"), "{run}");
    let run = answering(in_a_pty(&env, ADD), None);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(env.sandbox.request_count(), 1);
    // Production is confirmed by default, and can be switched off too.
    let run = env.run(&["env", "confirm-writes", "production", "off"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(env.read_config().contains("[environments.production]\nconfirm_writes = false"), "{}", env.read_config());
}

/// A write to a confirmed environment from a background job (`&` at a shell with job control) cannot be asked
/// about: reading the terminal there would stop petstore for good. It is refused at once, exit 2, nothing sent;
/// `--yes` sends it.
#[test]
fn a_background_job_is_not_asked_and_its_write_is_refused() {
    let env = shop();
    let mut petstore = env.command();
    petstore.env_remove("PETSTORE_BASE_URL");
    let shown = in_background(&petstore, "--env shop --color never pets add --name Rex --category-id 1");
    assert_eq!(
        shown,
        "error: cannot ask before writing to `shop`: petstore runs in the background of its terminal, so nothing \
         was sent\nhelp: pass `--yes` (or set `PETSTORE_YES=1`) to send without asking, or run it in the \
         foreground to answer the question\nexit=2\n"
    );
    assert_eq!(env.sandbox.request_count(), 0);
    let shown = in_background(&petstore, "--env shop --color never pets add --name Rex --category-id 1 --yes");
    assert!(shown.ends_with("exit=0\n"), "{shown}");
    assert_eq!(env.sandbox.request_count(), 1);
}

/// An AI assistant at a terminal of its own is no person: under each of the variables assistants set (the one
/// list, `ASSISTANT_VARS`, which docs/environments.md repeats; `AIDER_*` by one of Aider's settings), a write
/// to a confirmed environment is refused as off a terminal, naming the variable, and `pets add` without its
/// flags is not asked for them but told to pass them and `--yes`; nothing is sent. `PETSTORE_AGENT=0` says a
/// person is there after all, `PETSTORE_AGENT=1` says an assistant is when none of the variables is set.
#[test]
fn an_assistant_at_a_terminal_is_not_asked() {
    let env = shop();
    let with = |vars: &[(&str, &str)], args: &str| {
        let mut cmd = in_a_pty(&env, args);
        cmd.envs(vars.iter().copied());
        cmd
    };
    let listed = petstore::output::ASSISTANT_VARS.iter().map(|name| name.replace('*', "MODEL"));
    for variable in listed.chain(["PETSTORE_AGENT".to_owned()]) {
        let run = answering(with(&[(&variable, "1")], ADD), None);
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (
                2,
                format!(
                    "error: cannot ask before writing to `shop`: an AI assistant runs petstore (`{variable}` is set), \
                     so nothing was sent\nhelp: pass `--yes` (or set `PETSTORE_YES=1`) to send without asking, or \
                     set `PETSTORE_AGENT=0` if a person is at this terminal to answer\n"
                )
                .as_str()
            ),
            "{run}"
        );
        let run = answering(with(&[(&variable, "1")], "pets add --name Rex"), None);
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (
                2,
                format!(
                    "error: `pets add` needs `--category-id`, or `--file`\nhelp: an AI assistant runs petstore \
                     (`{variable}` is set), so nothing is asked: pass `--category-id`, and `--yes` where writes are \
                     confirmed\n"
                )
                .as_str()
            ),
            "{run}"
        );
    }
    assert_eq!(env.sandbox.request_count(), 0);

    let run = answering(with(&[("CLAUDECODE", "1")], &format!("{ADD} --yes")), None);
    assert_eq!(run.code, 0, "{run}");
    for person in [
        &[("CLAUDECODE", "1"), ("PETSTORE_AGENT", "0")][..],
        &[("AIDER_MODEL", "x"), ("PETSTORE_AGENT", "0")],
        &[("CLAUDECODE", "")],
    ] {
        let run = answering(with(person, ADD), Some("n\n"));
        assert_eq!(run.code, 1, "{run}");
        assert!(run.stdout.contains("Send it? [y/N] n\nerror: not confirmed"), "{person:?}: {run}");
    }
    assert_eq!(env.sandbox.request_count(), 1);
}

/// `auth login` in the background of its terminal cannot ask for the key either: it says so, stores nothing,
/// and is not stopped on tty input.
#[test]
fn a_background_login_is_not_asked_and_stores_nothing() {
    let env = shop();
    let mut petstore = env.command();
    petstore.env_remove("PETSTORE_BASE_URL").env_remove("PETSTORE_API_KEY");
    // The file store, which needs no check: the keyring, absent here, would fail before the key is asked for.
    let shown = in_background(&petstore, "--env shop --color never auth login --no-verify --storage file");
    assert_eq!(
        shown,
        "error: cannot ask for the key of `shop`: petstore runs in the background of its terminal, so nothing was \
         stored\nhelp: pipe the key on stdin (`printf %s \"$KEY\" | petstore auth login`), or run it in the \
         foreground\nexit=2\n"
    );
    let status = Run::of(petstore.args(["--env", "shop", "auth", "status"]));
    assert!(status.stdout.contains("not logged in") || status.stderr.contains("not logged in"), "{status}");
}

/// Runs petstore with `args` (split on spaces) as a background job (`&`) of an interactive shell at a real
/// pseudo-terminal, its stdin the terminal, and returns what the terminal showed, ending in `exit=CODE`.
fn in_background(petstore: &Command, args: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_petstore");
    // `set -m`: job control, as at an interactive shell, so the job has a process group of its own.
    let shell = format!("set -m; {bin} {args} </dev/tty & echo \"pid=$!\"; wait $!; echo \"exit=$?\"");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &shell, "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "dumb");
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut shown = Vec::new();
        let _ = stdout.read_to_end(&mut shown);
        String::from_utf8_lossy(&shown).replace("\r\n", "\n")
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = Command::new("pkill").args(["-KILL", "-P", &child.id().to_string()]).status();
            let _ = child.kill();
            panic!("the background job never ended (stopped on tty input?)");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let shown = reader.join().unwrap();
    assert!(!shown.contains("panicked"), "{shown}");
    shown.lines().filter(|line| !line.starts_with("pid=")).map(|line| format!("{line}\n")).collect::<String>()
}

/// What a write to production says where nobody can answer: exit 2, nothing sent.
const REFUSED_FOR_PRODUCTION: &str = "error: cannot ask before writing to `production`: stdin and stderr are not both \
                                      terminals, so nothing was sent\nhelp: pass `--yes` (or set `PETSTORE_YES=1`) \
                                      to send without asking, or run it at a terminal to answer the question\n";

/// Production at `production_url` (`{PORT}` the sandbox's port), and `pets add` sent through `--base-url` with
/// each of `spellings` of it, stdin `/dev/null`, `PETSTORE_API_KEY` set: each is refused as a write to
/// production is, and nothing reaches the sandbox.
fn refused_as_production(production_url: &str, spellings: &[&str]) {
    let env = TestEnv::new();
    let port = env.sandbox.base_url().split(':').nth(2).unwrap().split('/').next().unwrap().to_owned();
    let url = |text: &str| text.replace("{PORT}", &port);
    env.write_config(&format!("[environments.production]\nbase_url = \"{}\"\n", url(production_url)));
    for spelling in spellings {
        let run = env.run(&["--base-url", &url(spelling), "pets", "add", "--name", "Rex", "--category-id", "1"]);
        assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (2, "", REFUSED_FOR_PRODUCTION), "{spelling}");
    }
    assert_eq!(env.sandbox.request_count(), 0);
}

/// The report's case: production at `127.0.0.1`, the write spelled `localhost`.
#[test]
fn a_loopback_name_for_production_s_address_is_asked_about() {
    refused_as_production("http://127.0.0.1:{PORT}/v1", &["http://localhost:{PORT}/v1", "http://LOCALHOST:{PORT}/v1/"]);
    refused_as_production("http://localhost:{PORT}/v1", &["http://127.0.0.1:{PORT}/v1"]);
    let env = TestEnv::new();
    let spelled = env.sandbox.base_url().replace("127.0.0.1", "localhost");
    env.write_config(&format!("[environments.production]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let run = env.run(&["--base-url", &spelled, "pets", "add", "--name", "Rex", "--category-id", "1"]);
    assert_run!("confirm_production_spelled_localhost", run);
}

#[test]
fn the_ipv6_loopback_address_for_production_s_is_asked_about() {
    refused_as_production(
        "http://127.0.0.1:{PORT}/v1",
        &["http://[::1]:{PORT}/v1", "http://[0:0:0:0:0:0:0:1]:{PORT}/v1"],
    );
}

#[test]
fn another_127_address_for_production_s_is_asked_about() {
    refused_as_production(
        "http://127.0.0.1:{PORT}/v1",
        &["http://127.0.0.2:{PORT}/v1", "http://127.255.0.9:{PORT}/v1"],
    );
}

/// `LOCALHOST.`: the name in capitals, and fully qualified (https: plain http is for loopback addresses and
/// `localhost` as written).
#[test]
fn localhost_in_capitals_with_a_final_dot_is_asked_about() {
    refused_as_production("https://127.0.0.1:{PORT}/v1", &["https://LOCALHOST.:{PORT}/v1"]);
    refused_as_production("https://localhost:{PORT}/v1", &["https://LOCALHOST.:{PORT}/v1"]);
}

#[test]
fn a_default_port_written_or_not_and_the_host_s_case_are_asked_about() {
    refused_as_production(
        "https://shop.petstore.test/v1",
        &["https://shop.petstore.test:443/v1", "https://SHOP.Petstore.TEST./v1", "https://Shop.Petstore.Test.:443/v1"],
    );
    refused_as_production("http://127.0.0.1:80/v1", &["http://localhost/v1"]);
}

#[test]
fn another_spelling_of_production_s_path_is_asked_about() {
    refused_as_production(
        "https://shop.petstore.test/v1",
        &[
            "https://shop.petstore.test/v1/",
            "https://shop.petstore.test//v1",
            "https://shop.petstore.test/v1//",
            "https://shop.petstore.test/./v1/.",
            "https://shop.petstore.test/x/../v1",
            "https://shop.petstore.test/%76%31",
        ],
    );
    refused_as_production("https://shop.petstore.test/%7eshop/v1", &["https://shop.petstore.test/%7Eshop/v1"]);
    refused_as_production("https://shop.petstore.test/~shop/v1", &["https://shop.petstore.test/%7Eshop/v1"]);
}

/// A base URL that is another spelling of a confirmed environment's is asked about even where another
/// environment has exactly that URL without `confirm_writes`; that environment, chosen by name, keeps its own
/// setting (`confirm_writes` is per environment).
#[test]
fn a_base_url_is_asked_about_as_the_confirmed_environment_it_reaches() {
    let env = TestEnv::new();
    let spelled = env.sandbox.base_url().replace("127.0.0.1", "localhost");
    env.write_config(&format!(
        "[environments.production]\nbase_url = \"{}\"\n[environments.local]\nbase_url = \"{spelled}\"\n",
        env.sandbox.base_url()
    ));
    let add = ["pets", "add", "--name", "Rex", "--category-id", "1"];
    let run = env.run(&[&["--base-url", spelled.as_str()][..], &add[..]].concat());
    assert_eq!((run.code, run.stderr.as_str()), (2, REFUSED_FOR_PRODUCTION), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
    let mut cmd = env.command();
    let run = Run::of(cmd.env_remove("PETSTORE_BASE_URL").args(["--env", "local"]).args(add));
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert_eq!(env.sandbox.request_count(), 1);
}

/// Another port, path or scheme is another server: sent without asking, as before.
#[test]
fn another_server_than_production_is_not_asked_about() {
    let env = TestEnv::new();
    let port: u16 = env.sandbox.base_url().split(':').nth(2).unwrap().split('/').next().unwrap().parse().unwrap();
    env.write_config(&format!(
        "[environments.production]\nbase_url = \"http://localhost:{}/v1\"\n",
        if port == u16::MAX { port - 1 } else { port + 1 }
    ));
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    env.write_config(&format!("[environments.production]\nbase_url = \"http://localhost:{port}/v2\"\n"));
    let run = env.run(&["pets", "add", "--name", "Rex", "--category-id", "1"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert_eq!(env.sandbox.request_count(), 2);
}

/// At a terminal, the question names production and shows the URL as given.
#[test]
fn the_question_names_production_by_any_spelling() {
    let env = TestEnv::new();
    let spelled = env.sandbox.base_url().replace("127.0.0.1", "localhost");
    env.write_config(&format!("[environments.production]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let bin = env!("CARGO_BIN_EXE_petstore");
    let cmd = shell_in_a_pty(&env.command(), &format!("{bin} --base-url {spelled} --color never {ADD}"));
    let run = answering(cmd, Some("n\n"));
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stdout.contains(&format!("`production` ({spelled}): add the animal `Rex`")), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

/// `y⏎` typed before the question shows (while petstore starts) is discarded: it does not answer the question,
/// which waits for keys typed after it, here `n⏎`.
#[test]
fn an_answer_typed_before_the_question_shows_is_not_taken() {
    let env = shop();
    let gate = env.home().join("gate");
    let bin = env!("CARGO_BIN_EXE_petstore");
    // petstore starts once the test has seen the terminal echo the keys typed ahead: they wait in its input.
    let shell =
        format!("while [ ! -e '{}' ]; do sleep 0.01; done; exec {bin} --env shop --color never {ADD}", gate.display());
    let mut petstore = env.command();
    petstore.env_remove("PETSTORE_BASE_URL");
    let mut child = shell_in_a_pty(&petstore, &shell)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut seen = Vec::new();
    let mut read_until = |seen: &mut Vec<u8>, text: &str| {
        let mut buf = [0; 256];
        while !String::from_utf8_lossy(seen).contains(text) {
            let n = stdout.read(&mut buf).unwrap();
            assert!(n > 0, "`{text}` never showed: {}", String::from_utf8_lossy(seen));
            seen.extend_from_slice(&buf[..n]);
        }
    };
    stdin.write_all(b"y\n").unwrap();
    stdin.flush().unwrap();
    read_until(&mut seen, "y\r\n");
    std::fs::write(&gate, "").unwrap();
    read_until(&mut seen, QUESTION_END);
    crate::common::wait_until_petstore_reads(child.id(), std::time::Duration::from_secs(10), "the question");
    stdin.write_all(b"n\n").unwrap();
    stdin.flush().unwrap();
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    seen.extend(rest);
    drop(stdin);
    let mut output = child.wait_with_output().unwrap();
    output.stdout = seen;
    let run = Run::checked(output);
    assert_eq!(run.code, 1, "the answer typed ahead was taken: {run}");
    assert!(run.stdout.contains("error: not confirmed"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}

/// Issue 35, point 1: at an 80-column terminal with colour on, messages wrap between words with continuation
/// lines under the text (a span in backticks kept whole): the deprecation warning, the placeholder URL's error
/// and its help, and the question before a write to a confirmed environment. Piped, each stays one line.
#[test]
fn messages_wrap_between_words_at_an_80_column_terminal() {
    use crate::common::pty::{assert_fits, run_at_width, strip_color};
    let env = shop();
    let Some(warning) = run_at_width(&env, &["pets", "get", "1"], 80) else { return };
    let Some(placeholder) = run_at_width(&env, &["--env", "production", "pets", "list"], 80) else { return };
    assert!(warning.stdout.contains("\u{1b}["), "in colour: {warning}");
    let bin = env!("CARGO_BIN_EXE_petstore");
    let mut petstore = env.command();
    petstore.env_remove("PETSTORE_BASE_URL");
    let shell = format!(
        "stty cols 80 rows 50 && exec {bin} --env shop --color always pets add --name 'Rex the dog' --category-id 1 --status available"
    );
    let question = answering(shell_in_a_pty(&petstore, &shell), Some("n\n"));
    let shown = [&warning.stdout, &placeholder.stdout, &question.stdout].map(|text| strip_color(text));
    for text in &shown {
        assert_fits(text, 80);
    }
    insta::assert_snapshot!("messages_at_80_columns", shown.join("----\n").replace(&env.sandbox.base_url(), "[URL]"));
    // Piped, one line each.
    let piped = env.run(&["--env", "production", "pets", "list"]);
    assert_eq!(piped.stderr.lines().count(), 2, "{piped}");
}
