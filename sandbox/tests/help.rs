//! `petstore-sandbox --help` at a real pseudo-terminal 80 columns wide: its tables (routes, errors, bounds,
//! faults) keep their shape, every line fits, and its prose is wrapped by clap to the width.

use std::process::Command;

#[test]
fn the_help_keeps_its_tables_at_80_columns() {
    // `script` (util-linux) gives the sandbox a real terminal; `stty` sizes it before the sandbox asks.
    let bin = env!("CARGO_BIN_EXE_petstore-sandbox");
    let output = Command::new("script")
        .args(["-qec", &format!("stty cols 80 rows 50 && exec {bin} --help"), "/dev/null"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("TERM", "xterm-256color")
        .output()
        .expect("`script` runs: install bsdutils (util-linux)");
    assert!(output.status.success(), "{output:?}");
    let shown = String::from_utf8(output.stdout).unwrap().replace("\r\n", "\n");
    let mut plain = String::new();
    let mut chars = shown.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            plain.push(c);
        }
    }
    assert!(shown.contains('\x1b'), "no colour at a terminal:\n{shown}");
    for line in plain.lines() {
        assert!(line.chars().count() <= 80, "a line over 80 columns:\n{line}\n\n{plain}");
    }
    for row in [
        "  GET   /v1/pets/{petId}  one animal; deprecated: answers carry",
        "                          `Deprecation: @1767225600` (since 2026-01-01) and",
        "  429 rate_limited        with --fail-rate (carries `Retry-After`), or over",
        "  --max-stored-bytes BYTES  bytes the names of those animals may take in all",
        "  --latency MS|MIN..MAX  wait before answering: MS, or uniformly from MIN to",
        "  petstore-sandbox --fail-rate 0.2 --latency 0..300 -- ./my-import-script.sh",
    ] {
        assert!(plain.lines().any(|line| line.trim_end() == row), "`{row}` was re-wrapped:\n{plain}");
    }
}

#[test]
fn bad_flag_values_are_refused_in_plain_words() {
    let bin = env!("CARGO_BIN_EXE_petstore-sandbox");
    let refusal = |args: &[&str]| {
        let output = Command::new(bin).args(args).env_clear().output().expect("the sandbox runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        String::from_utf8(output.stderr).unwrap().lines().next().unwrap_or_default().to_owned()
    };
    let cases = [
        (
            &["--seed-pets", "x"][..],
            "'x' for '--seed-pets <N>': not a number: expected a whole number from 0 to 1000000",
        ),
        (&["--seed-pets", "-1"], "'-1' for '--seed-pets <N>': out of range: expected a whole number from 0 to 1000000"),
        (
            &["--max-connections", "0"],
            "'0' for '--max-connections <N>': out of range: expected a whole number from 1 to 1000000",
        ),
        (
            &["--max-connections", "2.5"],
            "'2.5' for '--max-connections <N>': not a whole number: expected a whole number from 1 to 1000000",
        ),
        (&["--max-pets", "many"], "'many' for '--max-pets <N>': not a number: expected a whole number, 0 or more"),
        (
            &["--fault-seed", "99999999999999999999999"],
            "'99999999999999999999999' for '--fault-seed <N>': out of range: expected a whole number, 0 or more",
        ),
        (
            &["--header-timeout", "-1"],
            "'-1' for '--header-timeout <SECS>': `-1` is not a number of seconds above 0, e.g. 10 or 0.5",
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(refusal(args), format!("error: invalid value {expected}"), "{args:?}");
    }
    // A whole number written as JSON writes it is a whole number.
    let output = Command::new(bin).args(["--seed-pets", "3.0", "--addr", "127.0.0.1:1", "--version"]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
}
