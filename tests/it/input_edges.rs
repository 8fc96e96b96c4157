//! Bulk input at its edges: a record past the 1 MiB bound in each format is refused with its line, the rest is
//! still read, and nothing is sent; a file that is not text (`/dev/zero`) ends the reading at once; a
//! `categoryId` with a zero fraction is the integer in every format.

use std::io::Read;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use petstore_sandbox::Config;

use crate::assert_run;
use crate::common::{Run, TestEnv};

/// Far above what a run here takes (tens of milliseconds), far below "grows until it aborts".
const GENEROUS: Duration = Duration::from_secs(30);

/// Runs `petstore pets add --file PATH --format FORMAT`, killing it and failing when it outlasts [`GENEROUS`].
fn add_file(env: &TestEnv, path: &Path, format: &str) -> Run {
    run_bounded(env.command().args(["pets", "add", "--file", path.to_str().unwrap(), "--format", format]))
}

/// Runs `cmd` to its end, killing it and failing when it outlasts [`GENEROUS`].
fn run_bounded(cmd: &mut std::process::Command) -> Run {
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // Read while waiting: a child whose output fills the pipe would otherwise never end.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).unwrap();
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > GENEROUS {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{cmd:?} still ran after {GENEROUS:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run::checked(Output { status, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap() })
}

#[test]
fn dev_zero_is_not_a_text_file_in_any_format() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    for format in ["ndjson", "json", "csv"] {
        assert_run!(format!("input_edges_dev_zero_{format}"), add_file(&env, Path::new("/dev/zero"), format));
    }
    assert_eq!(env.sandbox.request_count(), 0);
}

/// 2 MiB of name: twice the bound.
fn long_name() -> String {
    "x".repeat(2 * 1024 * 1024)
}

#[test]
fn a_record_past_1_mib_is_refused_with_its_line_and_nothing_is_sent() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let name = long_name();
    for (file, text) in [
        (
            "long.ndjson",
            format!(
                "{{\"name\":\"Rex\",\"categoryId\":1}}\n{{\"name\":\"{name}\",\"categoryId\":1}}\n{{\"name\":\"Kit\",\"categoryId\":3}}\n{{\"name\":7}}\n"
            ),
        ),
        (
            "long.json",
            format!(
                "[\n{{\"name\":\"Rex\",\"categoryId\":1}},\n{{\"name\":\"{name}\",\n\"categoryId\":1}},\n{{\"name\":\"Kit\",\"categoryId\":3}},\n{{\"name\":7}}\n]"
            ),
        ),
        ("long.csv", format!("name,categoryId\nRex,1\n\"{name}\n\",1\nKit,3\nTom,x\n")),
    ] {
        let path = env.home().join(file);
        std::fs::write(&path, text).unwrap();
        let format = file.rsplit('.').next().unwrap();
        assert_run!(format!("input_edges_long_record_{format}"), add_file(&env, &path, format));
    }
    assert_eq!(env.sandbox.request_count(), 0);
}

/// A name of exactly the API's 128 KiB is sent and kept; one byte more is refused before anything is sent
/// (`journal::a_record_whose_name_is_past_the_bound_is_refused_before_anything_is_sent`).
#[test]
fn a_record_whose_name_is_exactly_128_kib_is_sent() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let name = "x".repeat(128 * 1024);
    let path = env.home().join("edge.ndjson");
    std::fs::write(&path, format!("{{\"name\":\"{name}\",\"categoryId\":1}}\n")).unwrap();
    let run = add_file(&env, &path, "ndjson");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(env.sandbox.request_count(), 1, "{}", run.stderr);
}

#[test]
fn a_category_id_with_a_zero_fraction_is_sent_as_the_integer_in_every_format() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    for (file, text) in [
        ("zero.csv", "name,categoryId\nRex,3.0\nTom, 30e-1 \n"),
        ("zero.json", "[{\"name\":\"Kit\",\"categoryId\":3e0}]"),
        ("zero.ndjson", "{\"name\":\"Bo\",\"categoryId\":-7.000}\n"),
    ] {
        let path = env.home().join(file);
        std::fs::write(&path, text).unwrap();
        let run = add_file(&env, &path, file.rsplit('.').next().unwrap());
        assert_eq!(run.code, 0, "{file}: {}", run.stderr);
    }
    // The records of one file go at once, so the server may store them in either order: compared by name.
    let mut stored: Vec<_> =
        env.sandbox.pets().iter().map(|pet| (pet["name"].to_string(), pet["categoryId"].to_string())).collect();
    stored.sort();
    let mut expected = [("\"Rex\"", "3"), ("\"Tom\"", "3"), ("\"Kit\"", "3"), ("\"Bo\"", "-7")]
        .map(|(name, id)| (name.to_owned(), id.to_owned()));
    expected.sort();
    assert_eq!(stored, expected);
}

#[test]
fn endless_input_that_is_not_records_ends_after_10_000_invalid_ones() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    // `yes` writes `y` lines for ever: no NUL to stop at, and every line an invalid record.
    let mut yes = std::process::Command::new("yes").stdout(Stdio::piped()).spawn().unwrap();
    let run = run_bounded(
        env.command()
            .args(["pets", "add", "--file", "-", "--format", "ndjson"])
            .stdin(Stdio::from(yes.stdout.take().unwrap())),
    );
    yes.kill().unwrap();
    yes.wait().unwrap();
    assert_eq!(run.code, 2, "{run}");
    let stderr = &run.stderr;
    assert!(stderr.starts_with("error: 10000 invalid records in `stdin`, so nothing was sent:\n  line 1: "), "{run}");
    assert!(stderr.contains("  … and 9,950 more; reading stopped after 10,000 invalid records\n"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0);
}
