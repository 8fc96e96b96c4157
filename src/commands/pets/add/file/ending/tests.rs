//! Every ending of a bulk add, a row each: the facts a batch ends with, and the exit, the error's code, words
//! and hint, and the lines it says. [`ending`] does no I/O, so no row needs a server or a process.

use std::io;
use std::path::PathBuf;

use petstore_core::batch::{Stop, Tally};
use petstore_core::bulk::Invalid;

use super::*;
use crate::output::jq::Stopped;

/// The facts of a batch of `name` that ended with `tally`, nothing else having happened.
fn facts(tally: Tally) -> Facts<'static> {
    Facts {
        name: "pets.csv",
        counted: Counted::default(),
        tally,
        stop: None,
        signal: None,
        failed: None,
        unknown: None,
        undecided: None,
        unknown_lines: &[],
        undecided_lines: &[],
        not_shown: 0,
        output: Ok(Ok(())),
        json: false,
        quiet: false,
    }
}

fn tally(created: u64, failed: u64, unknown: u64, not_sent: u64) -> Tally {
    Tally { created, failed, unknown, not_sent, ..Tally::default() }
}

fn file(path: &str, count: u64) -> KeptFile {
    Some((PathBuf::from(path), count))
}

/// An ending, as a row compares it: the exit code, the error's code, message and hint (or the status line of
/// a success), and the lines said before.
#[derive(Debug, PartialEq)]
struct Seen {
    exit: u8,
    code: Option<String>,
    message: String,
    hint: Option<String>,
    lines: Vec<String>,
}

fn seen(ending: Ending) -> Seen {
    match ending.result {
        Ok(()) => {
            Seen { exit: 0, code: None, message: ending.status.unwrap_or_default(), hint: None, lines: ending.lines }
        }
        Err(err) => Seen {
            exit: err.exit_code(),
            code: Some(err.code().to_owned()),
            message: err.message().to_owned(),
            hint: err.hint().map(str::to_owned),
            lines: ending.lines,
        },
    }
}

fn expect(exit: u8, code: Option<&str>, message: &str, hint: Option<&str>, lines: &[&str]) -> Seen {
    Seen {
        exit,
        code: code.map(str::to_owned),
        message: message.to_owned(),
        hint: hint.map(str::to_owned),
        lines: lines.iter().map(|line| (*line).to_owned()).collect(),
    }
}

const WORDS_3_0: &str = "created 3 / failed 0 / unknown 0 / not sent 0";
const KEEP_FAILED: &str = "pass `--failed PATH` to keep the records that were not created, for a re-run";
const CHECK_UNKNOWN: &str =
    "check with `petstore pets find --name NAME` whether those of unknown outcome exist before sending them again";

/// The table: one row per ending, each with the facts it starts from.
fn rows() -> Vec<(&'static str, Facts<'static>, Seen)> {
    let broken_pipe = || Error::from(io::Error::from(io::ErrorKind::BrokenPipe));
    vec![
        ("every record created", facts(tally(3, 0, 0, 0)), expect(0, None, WORDS_3_0, None, &[])),
        (
            "every record created, --quiet",
            Facts { quiet: true, ..facts(tally(3, 0, 0, 0)) },
            expect(0, None, "", None, &[]),
        ),
        (
            "created or found (--if-absent)",
            Facts {
                counted: Counted { if_absent: true, skip_invalid: false },
                ..facts(Tally { created: 2, exists: 1, ..Tally::default() })
            },
            expect(0, None, "created 2 / failed 0 / unknown 0 / not sent 0 / skipped 1 / undecided 0", None, &[]),
        ),
        (
            "every record created, stdout closed early (| head -1)",
            Facts { stop: Some(Stop::Sink(Halt::StdoutClosed)), ..facts(tally(3, 0, 0, 0)) },
            expect(0, None, "", None, &[]),
        ),
        (
            "every record created, the output failed",
            Facts {
                output: Err(Error::new(&code::IO, "cannot write to stdout: disk full")),
                ..facts(tally(3, 0, 0, 0))
            },
            expect(1, Some("io"), "cannot write to stdout: disk full", None, &[]),
        ),
        (
            "failed records, no --failed file",
            facts(tally(1, 2, 0, 0)),
            expect(
                6,
                Some("batch_incomplete"),
                "not every record was created: created 1 / failed 2 / unknown 0 / not sent 0",
                Some(KEEP_FAILED),
                &[],
            ),
        ),
        (
            "failed and not sent, kept in the --failed file",
            Facts { stop: Some(Stop::Hopeless), failed: file("f.csv", 5), ..facts(tally(1, 1, 0, 4)) },
            expect(
                6,
                Some("batch_incomplete"),
                "not every record was created: created 1 / failed 1 / unknown 0 / not sent 4",
                Some("the 5 records not created are in `f.csv`: `petstore pets add --file f.csv` sends them"),
                &[],
            ),
        ),
        (
            "unknown outcomes, no --unknown file",
            Facts { unknown_lines: &[2, 9], ..facts(tally(1, 0, 2, 0)) },
            expect(
                6,
                Some("batch_incomplete"),
                "not every record was created: created 1 / failed 0 / unknown 2 / not sent 0",
                Some(CHECK_UNKNOWN),
                &[
                    "2 records of `pets.csv` may or may not have been created: lines 2, 9; check with `petstore pets find \
                   --name NAME` before sending them again, or pass `--unknown PATH` to keep them",
                ],
            ),
        ),
        (
            "failed and unknown, each in its file: the help names both",
            Facts {
                failed: file("f.csv", 4),
                unknown: file("u.csv", 88),
                unknown_lines: &[7],
                ..facts(tally(8, 4, 88, 0))
            },
            expect(
                6,
                Some("batch_incomplete"),
                "not every record was created: created 8 / failed 4 / unknown 88 / not sent 0",
                Some(
                    "the 4 records not created are in `f.csv`: `petstore pets add --file f.csv` sends them; `petstore \
                      pets add --file u.csv --if-absent` sends those of unknown outcome that do not exist",
                ),
                &[
                    "88 records of `pets.csv` may or may not have been created, so they are not in `f.csv`: lines 7, and \
                   87 more; they are in `u.csv`: `petstore pets add --file u.csv --if-absent` sends those that do not \
                   exist",
                ],
            ),
        ),
        (
            "only undecided records left",
            Facts {
                counted: Counted { if_absent: true, skip_invalid: false },
                undecided: file("d.csv", 2),
                undecided_lines: &[4, 5],
                ..facts(Tally { created: 1, exists: 1, undecided: 2, ..Tally::default() })
            },
            expect(
                7,
                Some("batch_undecided"),
                "nothing left that can be decided: whether 2 records exist cannot be told (lines 4, 5), so they were \
                 not sent; every other record exists: created 1 / failed 0 / unknown 0 / not sent 0 / skipped 1 / \
                 undecided 2",
                Some(
                    "they are in `d.csv`: `petstore pets add --file d.csv` sends them without looking them up: first \
                      leave in it only those you know do not exist (docs/bulk.md, \"Undecided records\")",
                ),
                &[],
            ),
        ),
        (
            "undecided and failed: a re-run needs both files",
            Facts {
                counted: Counted { if_absent: true, skip_invalid: false },
                failed: file("f.csv", 1),
                undecided: file("d.csv", 1),
                ..facts(Tally { failed: 1, undecided: 1, ..Tally::default() })
            },
            expect(
                6,
                Some("batch_incomplete"),
                "not every record was created: created 0 / failed 1 / unknown 0 / not sent 0 / skipped 0 / undecided 1",
                Some(
                    "the 1 record not created is in `f.csv`: `petstore pets add --file f.csv` sends it; the 1 \
                      undecided record in `d.csv` can be sent with `petstore pets add --file d.csv`, which does not \
                      look them up: first leave in it only those you know do not exist",
                ),
                &[],
            ),
        ),
        (
            "invalid records set aside, the rest created",
            Facts {
                counted: Counted { if_absent: false, skip_invalid: true },
                failed: file("f.csv", 2),
                ..facts(Tally { created: 3, invalid: 2, ..Tally::default() })
            },
            expect(
                6,
                Some("batch_incomplete"),
                "not every record was created: created 3 / failed 0 / unknown 0 / not sent 0 / invalid 2",
                Some(
                    "the 2 records not created are in `f.csv` (put right the 2 invalid ones first): `petstore pets \
                      add --file f.csv` sends them",
                ),
                &[],
            ),
        ),
        (
            "a signal",
            Facts { signal: Some(Signal::Interrupt), stop: Some(Stop::Interrupted), ..facts(tally(1, 0, 0, 2)) },
            expect(
                130,
                Some("interrupted"),
                "interrupted",
                None,
                &["created 1 / failed 0 / unknown 0 / not sent 2", &format!("help: {KEEP_FAILED}")],
            ),
        ),
        (
            "a signal that stopped --jq",
            Facts {
                stop: Some(Stop::Sink(Halt::Filter(Stopped::Signal(Signal::Terminate)))),
                ..facts(tally(1, 0, 0, 2))
            },
            expect(
                143,
                Some("interrupted"),
                "terminated (SIGTERM)",
                None,
                &["created 1 / failed 0 / unknown 0 / not sent 2", &format!("help: {KEEP_FAILED}")],
            ),
        ),
        (
            "stdout closed before every record was created",
            Facts {
                stop: Some(Stop::Sink(Halt::StdoutClosed)),
                output: Err(broken_pipe()),
                ..facts(tally(1, 0, 0, 2))
            },
            expect(
                6,
                Some("batch_output_closed"),
                "stdout closed, so the batch stopped before every record was created: created 1 / failed 0 / unknown \
                 0 / not sent 2",
                Some(KEEP_FAILED),
                &[],
            ),
        ),
        (
            "the --failed file could not be written",
            Facts {
                stop: Some(Stop::Sink(Halt::Broken(Error::new(&code::FAILED_FILE, "cannot write to `f.csv`")))),
                ..facts(tally(1, 0, 0, 2))
            },
            expect(1, Some("failed_file"), "cannot write to `f.csv`", None, &[]),
        ),
        (
            "the records file could not be read again",
            Facts { stop: Some(Stop::Unreadable(io::Error::other("I/O error"))), ..facts(tally(1, 0, 0, 2)) },
            expect(2, Some("records_read"), "cannot read `pets.csv`: I/O error", None, &[]),
        ),
        (
            "the records file changed after the check pass",
            Facts {
                stop: Some(Stop::Changed(Invalid {
                    line: 3,
                    problems: vec![petstore_core::bulk::Problem {
                        field: Some("name"),
                        message: "is empty".to_owned(),
                    }],
                    raw: None,
                })),
                ..facts(tally(1, 0, 0, 2))
            },
            expect(
                2,
                Some("records_read"),
                "cannot read `pets.csv`: it changed after it was checked: line 3: is empty",
                None,
                &[],
            ),
        ),
        (
            "--jq did not show some created pets",
            Facts { not_shown: 2, ..facts(tally(3, 0, 0, 0)) },
            expect(
                6,
                Some("batch_jq"),
                "every record was created, but `--jq` did not show 2 of them: created 3 / failed 0 / unknown 0 / not sent 0",
                Some("send none of them again: the lines above name each one and its pet's id"),
                &[],
            ),
        ),
        (
            "--jq did not show the document of the created pets",
            Facts { output: Ok(Err(NotShown::Stopped(Stopped::TooLong))), ..facts(tally(3, 0, 0, 0)) },
            expect(
                6,
                Some("batch_jq"),
                &format!(
                    "every record was created, but none is shown (`--jq` was stopped on their document: {}): {WORDS_3_0}",
                    Stopped::TooLong.describe()
                ),
                Some("send none of them again; with `-o ndjson`, `--jq` runs on each pet and names any it cannot show"),
                &[],
            ),
        ),
    ]
}

/// Each ending, row by row.
#[test]
fn every_ending_is_its_rows() {
    for (name, facts, expected) in rows() {
        assert_eq!(seen(ending(facts)), expected, "{name}");
    }
}

/// Every error an ending gives has an exit code its code promises (docs/errors.md).
#[test]
fn every_endings_exit_is_one_its_code_allows() {
    for (name, facts, _) in rows() {
        if let Err(err) = ending(facts).result {
            let code = crate::error::code::ALL.iter().find(|code| code.name == err.code()).expect("a listed code");
            let allowed: Vec<u8> = std::iter::once(code.kind)
                .chain(code.also.iter().copied())
                .map(crate::error::Kind::exit_code)
                .collect();
            assert!(allowed.contains(&err.exit_code()), "{name}: exit {} for `{}`", err.exit_code(), err.code());
        }
    }
}

/// In a JSON mode every line is a JSON document, and a batch that did not create every record ends with one
/// `summary` line whose figures are the tally's and whose hint is the error's.
#[test]
fn a_json_ending_says_a_summary_line_with_the_tallys_figures() {
    let facts = Facts {
        json: true,
        counted: Counted { if_absent: true, skip_invalid: true },
        failed: file("f.csv", 2),
        unknown_lines: &[6],
        ..facts(Tally { created: 4, failed: 1, unknown: 1, not_sent: 0, exists: 2, undecided: 0, invalid: 1 })
    };
    let ending = ending(facts);
    let lines: Vec<serde_json::Value> = ending.lines.iter().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0]["unknown"]["lines"], serde_json::json!([6]));
    let hint = ending.result.unwrap_err().hint().unwrap().to_owned();
    assert_eq!(
        lines[1],
        serde_json::json!({"summary": {
            "created": 4, "failed": 1, "unknown": 1, "notSent": 0, "skipped": 2, "undecided": 0, "invalid": 1,
            "notShown": 0, "hint": hint,
        }})
    );
    assert_eq!(
        hint,
        "the 2 records not created are in `f.csv` (put right the invalid one first): `petstore pets add --file \
         f.csv` sends them; check with `petstore pets find --name NAME` whether those of unknown outcome exist before \
         sending them again"
    );
}

/// A success in a JSON mode says its summary line (not with `--quiet`), and no status line.
#[test]
fn a_json_success_says_only_its_summary_line() {
    let ending = ending(Facts { json: true, ..facts(tally(3, 0, 0, 0)) });
    assert_eq!(ending.status, None);
    assert_eq!(
        ending.lines,
        [r#"{"summary":{"created":3,"failed":0,"unknown":0,"notSent":0,"notShown":0,"hint":null}}"#]
    );
    assert!(super::ending(Facts { json: true, quiet: true, ..facts(tally(3, 0, 0, 0)) }).lines.is_empty());
}

/// Issue 42: the closing help counts every file a re-run needs, never only one.
#[test]
fn the_help_names_every_file_a_re_run_needs() {
    let all = Tally { created: 1, failed: 4, unknown: 88, undecided: 3, ..Tally::default() };
    let help = next_steps(&all, &file("f.csv", 4), &file("u.csv", 88), &file("d.csv", 3));
    for named in ["`f.csv`", "u.csv --if-absent", "`d.csv`"] {
        assert!(help.contains(named), "{named} in {help}");
    }
    let none = next_steps(&all, &None, &None, &None);
    assert_eq!(
        none,
        format!("{KEEP_FAILED}; {CHECK_UNKNOWN}; pass `--undecided PATH` to keep the undecided records in a file")
    );
    assert_eq!(next_steps(&tally(3, 0, 0, 0), &None, &None, &None), "every record was created: send none again");
}
