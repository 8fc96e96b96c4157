use std::collections::{BTreeMap, BTreeSet};

use reqwest::StatusCode;

use super::*;

/// The codes in [`exit`], read from `error.rs`, so that a code added there cannot be left out here.
pub(crate) fn exit_codes() -> BTreeSet<u8> {
    let source = include_str!("../error.rs");
    let start = source.find("pub mod exit {").expect("the exit module");
    let block = &source[start..start + source[start..].find("\n}").expect("its end")];
    let codes: BTreeSet<u8> = block
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub const ")?.split_once("= ")?.1.strip_suffix(';'))
        .map(|value| value.parse().expect("a number"))
        .collect();
    assert!(codes.len() >= 10, "{codes:?}");
    codes
}

/// The codes in the exit-code table of `docs/exit-codes.md`: each row `| N | ... |`.
fn codes_in_docs() -> BTreeSet<u8> {
    let doc = include_str!("../../docs/exit-codes.md");
    doc.lines().filter_map(|line| line.strip_prefix("| ")?.split(' ').next()?.parse().ok()).collect()
}

#[test]
fn every_exit_code_is_documented_in_the_docs_and_no_other() {
    assert_eq!(codes_in_docs(), exit_codes(), "docs/exit-codes.md lists other codes than error::exit");
    let signals = [Signal::Interrupt, Signal::Terminate, Signal::Hangup].map(Signal::exit_code);
    assert_eq!(signals, [exit::INTERRUPTED, exit::TERMINATED, exit::HANGUP]);
}

/// The rows of docs/errors.md's table of codes: name, exit codes, retry, meaning.
fn documented_codes() -> Vec<(String, BTreeSet<u8>, String, String)> {
    let doc = include_str!("../../docs/errors.md");
    let section = doc.split("## petstore's codes").nth(1).expect("the codes' section");
    section
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.strip_prefix("| `")?.strip_suffix(" |")?.splitn(4, " | ").collect();
            let [name, exits, retry, meaning] = cells[..] else { return None };
            let exits = exits.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
            let retry = retry.strip_prefix('`')?.strip_suffix('`')?.to_owned();
            Some((name.strip_suffix('`')?.to_owned(), exits, retry, meaning.to_owned()))
        })
        .collect()
}

/// The table of codes is docs/errors.md's, row for row: the names, in order, the exit codes each may end
/// with, the retry advice, and the meaning, word for word.
#[test]
fn the_code_table_is_the_documented_one() {
    let table: Vec<(String, BTreeSet<u8>, String, String)> = code::ALL
        .iter()
        .map(|code| {
            let exits = std::iter::once(code.kind).chain(code.also.iter().copied()).map(Kind::exit_code).collect();
            let retry = serde_json::to_value(code.retry).unwrap().as_str().unwrap().to_owned();
            (code.name.to_owned(), exits, retry, code.meaning.to_owned())
        })
        .collect();
    assert_eq!(table, documented_codes());
    let documented = exit_codes();
    for code in code::ALL {
        assert!(documented.contains(&code.kind.exit_code()), "{} exits with an undocumented code", code.name);
        let names = code::ALL.iter().filter(|other| other.name == code.name).count();
        assert_eq!(names, 1, "`{}` has more than one row", code.name);
    }
}

#[test]
fn an_error_exits_by_its_kind_and_a_program_reads_the_server_s_code_first() {
    let err = Error::new(&code::INVALID_VALUE, "x");
    assert_eq!((err.exit_code(), err.code(), err.hint(), err.http_status()), (2, "invalid_value", None, None));
    let err = Error::maybe_applied("gone", "look first", Kind::Interrupted(Signal::Terminate));
    assert_eq!((err.exit_code(), err.code(), err.hint()), (143, "unknown_outcome", Some("look first")));
    let err = Error::new(&code::NOT_FOUND, "x").with_server_code(Some("pet_missing".to_owned()));
    assert_eq!((err.code(), err.is(&code::NOT_FOUND)), ("pet_missing", true));
    let by_kind: BTreeMap<u8, Kind> = [
        Kind::Failure,
        Kind::Usage,
        Kind::NotFound,
        Kind::Auth,
        Kind::Network,
        Kind::Partial,
        Kind::Undecided,
        Kind::Interrupted(Signal::Interrupt),
        Kind::Interrupted(Signal::Hangup),
        Kind::Interrupted(Signal::Terminate),
        Kind::NotRunnable,
        Kind::CommandNotFound,
    ]
    .into_iter()
    .map(|kind| (kind.exit_code(), kind))
    .collect();
    let mut exits: BTreeSet<u8> = by_kind.keys().copied().collect();
    exits.insert(exit::SUCCESS);
    assert_eq!(exits, exit_codes(), "every exit code but 0 is a kind's");
}

#[test]
fn a_broken_pipe_on_stdout_is_no_failure_worth_a_message() {
    assert!(Error::from(std::io::Error::from(std::io::ErrorKind::BrokenPipe)).is_broken_pipe());
    assert!(!Error::from(std::io::Error::other("full")).is_broken_pipe());
    let read = Error::read_input("stdin", std::io::Error::from(std::io::ErrorKind::BrokenPipe));
    assert!(!read.is_broken_pipe(), "a read is not stdout");
}

#[test]
fn api_errors_become_these_user_errors() {
    let origin = || "http://127.0.0.1:4010".to_owned();
    let api_body = |status: u16, code: &str, message: &str| {
        Some(api::models::Error { code: code.to_owned(), message: message.to_owned(), status })
    };
    let status = |status: u16, body, excerpt: &str| api::Error::Status {
        status: StatusCode::from_u16(status).unwrap(),
        body,
        excerpt: excerpt.to_owned(),
        request_id: None,
    };
    let table: Vec<(api::Error, &str, &str, u8)> = vec![
        (
            api::Error::InvalidBaseUrl { url: "ftp://x".to_owned(), reason: "it is not http(s)" },
            "`ftp://x` is not a usable base URL: it is not http(s)",
            "invalid_base_url",
            exit::USAGE,
        ),
        (
            api::Error::Connect { origin: origin(), reason: "connection refused".to_owned() },
            "cannot connect to `http://127.0.0.1:4010`: connection refused",
            "network",
            exit::NETWORK,
        ),
        (
            api::Error::Timeout { origin: origin() },
            "no answer from `http://127.0.0.1:4010` in time",
            "timeout",
            exit::NETWORK,
        ),
        (
            api::Error::Transport { origin: origin(), reason: "reset".to_owned() },
            "request to `http://127.0.0.1:4010` failed: reset",
            "network",
            exit::NETWORK,
        ),
        (
            api::Error::NotHttp { origin: origin(), reason: "invalid HTTP version parsed".to_owned() },
            "the server at `http://127.0.0.1:4010` did not answer in HTTP: invalid HTTP version parsed",
            "not_http",
            exit::FAILURE,
        ),
        (
            api::Error::UrlTooLong { length: 100_030, limit: 8192 },
            "the request URL is 100030 bytes long, over petstore's limit of 8192 bytes: nothing was sent",
            "url_too_long",
            exit::USAGE,
        ),
        (
            api::Error::OutcomeUnknown {
                method: "POST".to_owned(),
                reason: "reset".to_owned(),
                cut: true,
                request_id: None,
            },
            "no complete answer to the POST, so it may or may not have taken effect: reset",
            "unknown_outcome",
            exit::NETWORK,
        ),
        (
            api::Error::BrokenAnswer { status: StatusCode::OK, reason: "eof".to_owned(), request_id: None },
            "the answer (HTTP 200) broke off: eof",
            "broken_answer",
            exit::NETWORK,
        ),
        (
            api::Error::Decode {
                status: StatusCode::OK,
                reason: "expected an array".to_owned(),
                excerpt: "{}".to_owned(),
                request_id: None,
            },
            "unreadable response from the server (HTTP 200): expected an array; the body began `{}`",
            "unreadable_response",
            exit::FAILURE,
        ),
        (
            status(400, api_body(400, "invalid_request", "name is required"), ""),
            "the server refused the request (HTTP 400): name is required (`invalid_request`)",
            "invalid_request",
            exit::USAGE,
        ),
        (
            status(401, api_body(401, "unauthorized", "bad key"), ""),
            "the server refused the API key (HTTP 401): bad key (`unauthorized`)",
            "unauthorized",
            exit::AUTH,
        ),
        (
            status(403, None, ""),
            "the server refused the API key (HTTP 403): no details: the body was empty",
            "unauthorized",
            exit::AUTH,
        ),
        (
            status(404, None, "<html>"),
            "not found (HTTP 404): the body was not an API error: `<html>`",
            "not_found",
            exit::NOT_FOUND,
        ),
        (
            status(429, api_body(429, "slow_down", "slow down"), ""),
            "the server is limiting requests (HTTP 429): slow down (`slow_down`)",
            "slow_down",
            exit::FAILURE,
        ),
        (
            status(507, None, ""),
            "the store is full (HTTP 507), so nothing was stored: no details: the body was empty",
            "storage_full",
            exit::FAILURE,
        ),
        (
            status(503, None, ""),
            "the server failed (HTTP 503): no details: the body was empty",
            "server_error",
            exit::FAILURE,
        ),
        (
            status(409, api_body(409, "conflict", "exists"), ""),
            "unexpected answer from the server (HTTP 409): exists (`conflict`)",
            "conflict",
            exit::FAILURE,
        ),
    ];
    for (api_error, message, code, exit_code) in table {
        let shown = format!("{api_error:?}");
        let err = Error::from(api_error);
        assert_eq!((err.to_string().as_str(), err.code(), err.exit_code()), (message, code, exit_code), "{shown}");
    }
}

#[test]
fn retry_advice_is_spelled_as_the_json_error_and_the_docs_spell_it() {
    let spelled = [Retry::Safe, Retry::CheckFirst, Retry::Never].map(|retry| serde_json::to_value(retry).unwrap());
    assert_eq!(spelled, ["safe", "check-first", "never"]);
    let err = Error::maybe_applied("gone", "look", Kind::Network);
    assert_eq!(err.to_document().error.retry, Retry::CheckFirst);
    let err = Error::new(&code::NO_WORKING_KEY, "x").with_kind(Kind::Network).with_retry(Retry::Safe);
    assert_eq!((err.exit_code(), err.retry()), (exit::NETWORK, Retry::Safe));
}

/// Issue 42, point 5: an error keeps its code's promise. `auth login` whose key check met a 500 exited 1 with
/// `key_unchecked`, whose row promises 4 or 5: a kind the code does not list is not taken.
#[test]
fn an_error_never_takes_a_kind_its_code_does_not_list() {
    let unchecked = Error::new(&code::KEY_UNCHECKED, "x");
    assert_eq!(unchecked.exit_code(), exit::AUTH);
    assert_eq!(Error::new(&code::KEY_UNCHECKED, "x").with_kind(Kind::Network).exit_code(), exit::NETWORK);
    assert_eq!(Error::new(&code::KEY_UNCHECKED, "x").with_kind(Kind::Failure).exit_code(), exit::AUTH);
    for code in code::ALL {
        for kind in
            [Kind::Failure, Kind::Usage, Kind::NotFound, Kind::Auth, Kind::Network, Kind::Partial, Kind::Undecided]
        {
            let err = Error::new(code, "x").with_kind(kind);
            assert!(err.kind() == code.kind || code.also.contains(&err.kind()), "{}: {kind:?}", code.name);
        }
    }
}
