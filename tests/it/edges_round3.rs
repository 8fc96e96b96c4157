//! Issue 19's third round of edges: `--jq` programs that recurse or nest without end, and the environment a
//! filter sees; what `--curl` and `--dry-run` show of a body; exports of what the API accepts; text a terminal
//! would not show.

use crate::assert_run;
use crate::common::TestEnv;

/// Each program that would overflow the stack ends with a usage error and a message, not an abort.
#[test]
fn jq_programs_that_recurse_or_nest_without_end_fail_with_a_message() {
    let env = TestEnv::new();
    for (name, program) in [
        ("jq_deep_reduce", "reduce range(100000) as $i (.; [.])"),
        ("jq_deep_object", "reduce range(100000) as $i (.; {a: .})"),
        ("jq_recursive_constructor", "def f: [f]; f"),
        ("jq_recursive_sum", "def f: 1 + f; f"),
    ] {
        let run = env.run(&["pets", "list", "--jq", program]);
        assert_eq!(run.code, 2, "{program}: {run}");
        assert_run!(name, run);
    }
    // A deep recursion that ends is fine, as is a result exactly as deep as the bound.
    let run = env.run(&["pets", "list", "--jq", "def f(n): if n == 0 then 0 else 1 + f(n - 1) end; f(1000)"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "1000\n"), "{run}");
    let run = env.run(&["pets", "list", "--jq", "reduce range(9999) as $i (0; [.]) | tojson | length"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "19999\n"), "{run}");
    let run = env.run(&["pets", "list", "--jq", "[recurse] | length"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "26\n"), "{run}");
}

/// Neither `env` nor `$ENV` hands a filter the API key; the rest of the environment is there.
#[test]
fn a_filter_cannot_read_the_api_key_from_the_environment() {
    let env = TestEnv::new();
    for program in ["env.PETSTORE_API_KEY", "$ENV.PETSTORE_API_KEY", "env | has(\"PETSTORE_API_KEY\")"] {
        let run = env.run(&["pets", "list", "--jq", program]);
        assert_eq!(run.code, 0, "{program}: {run}");
        assert!(run.stdout == "null\n" || run.stdout == "false\n", "{program}: {run}");
    }
    let run = Run::of(env.command().env("EXTRA_VAR", "seen").args(["pets", "list", "--jq", "[env.EXTRA_VAR, $ENV.EXTRA_VAR]"]));
    assert_eq!(run.stdout, "[\"seen\",\"seen\"]\n", "{run}");
}

use crate::common::Run;
