//! The sandbox as a test fixture, as a script's author runs it: `--seed-file`, `--state` and `--record`
//! around `-- COMMAND`, then assertions on the files it leaves. Needs `curl`, as the other sandbox tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};

fn sandbox() -> Command {
    Command::new(env!("CARGO_BIN_EXE_petstore-sandbox"))
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[track_caller]
fn assert_ok(output: &Output) {
    assert!(output.status.success(), "{output:?}");
}

/// A script that lists, adds one animal (with its own request id), and fetches it, with curl.
const SCRIPT: &str = r#"set -e
auth="Authorization: Bearer $PETSTORE_API_KEY"
curl -sf -H "$auth" "$PETSTORE_BASE_URL/pets?status=sold&limit=5" >/dev/null
curl -sf -H "$auth" -H 'X-Request-Id: add-kit' -H 'Content-Type: application/json' \
  -d '{"name": "Kit", "categoryId": 9, "status": "pending"}' "$PETSTORE_BASE_URL/pets" >/dev/null
curl -sf -H "$auth" "$PETSTORE_BASE_URL/pets/42" >/dev/null
curl -s -o /dev/null -H "$auth" "$PETSTORE_BASE_URL/pets/999"
"#;

#[test]
fn a_script_runs_on_seeded_animals_and_leaves_its_state_and_record() {
    let dir = tempfile::tempdir().unwrap();
    let seed = dir.path().join("seed.csv");
    std::fs::write(&seed, "id,name,categoryId,status\n40,Rex,1,sold\n,Bella,2,\n").unwrap();
    let (state, record) = (dir.path().join("state.json"), dir.path().join("record.ndjson"));
    let run = || {
        let mut command = sandbox();
        command.arg("--seed-file").arg(&seed).arg("--state").arg(&state).arg("--record").arg(&record);
        command.args(["--api-key", "s3cret-key", "--", "sh", "-c", SCRIPT]).output().unwrap()
    };
    assert_ok(&run());
    assert_eq!(
        json(&state),
        json!([
            {"id": 40, "name": "Rex", "categoryId": 1, "status": "sold"},
            {"id": 41, "name": "Bella", "categoryId": 2},
            {"id": 42, "name": "Kit", "categoryId": 9, "status": "pending"},
        ]),
        "the seed's ids kept, the others after the highest, and the script's animal"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&state).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::metadata(&record).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let recorded = lines(&record);
    let fields = |key: &str| recorded.iter().map(|line| line[key].clone()).collect::<Vec<_>>();
    assert_eq!(fields("method"), ["GET", "POST", "GET", "GET"]);
    assert_eq!(fields("path"), ["/v1/pets", "/v1/pets", "/v1/pets/42", "/v1/pets/999"]);
    assert_eq!(fields("query"), [json!({"status": "sold", "limit": "5"}), json!({}), json!({}), json!({})]);
    assert_eq!(
        fields("body"),
        [Value::Null, json!({"name": "Kit", "categoryId": 9, "status": "pending"}), Value::Null, Value::Null]
    );
    assert_eq!(fields("status"), [200, 201, 200, 404]);
    assert_eq!(fields("fault"), [Value::Null, Value::Null, Value::Null, Value::Null]);
    assert_eq!(fields("requestId"), ["sandbox-1", "add-kit", "sandbox-3", "sandbox-4"]);
    for line in &recorded {
        let time = line["time"].as_str().unwrap();
        assert!(time.len() == 24 && time.ends_with('Z') && time.as_bytes()[10] == b'T', "{time}");
    }
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(!text.contains("s3cret-key") && !text.to_lowercase().contains("authorization"), "{text}");

    // A second run starts from the state (the seed is not read again) and records afresh.
    assert_ok(&run());
    let ids: Vec<i64> = json(&state).as_array().unwrap().iter().map(|pet| pet["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [40, 41, 42, 43]);
    assert_eq!(lines(&record).len(), 4, "the record is of this run only");
    assert_eq!(lines(&record)[1]["status"], 201);
}

#[test]
fn a_bad_seed_file_is_refused_before_listening_naming_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &str, &str); 4] = [
        (
            "seed.json",
            "[\n{\"name\": \"Rex\", \"categoryId\": 1},\n{\"name\": \"Bella\"}\n]",
            " line 3: `categoryId` is required",
        ),
        (
            "seed.ndjson",
            "{\"name\": \"Rex\", \"categoryId\": 1}\n\n{\"name\": \"Bella\", \"categoryId\": 1,}\n",
            " line 3: not valid JSON",
        ),
        (
            "seed.csv",
            "name,categoryId\nRex,1\nBella,one\n",
            " line 3: `categoryId` must be an int64 integer, not `one`",
        ),
        ("seed.txt", "", ": cannot tell its format from its extension"),
    ];
    for (name, text, expected) in cases {
        let seed = dir.path().join(name);
        std::fs::write(&seed, text).unwrap();
        let output = sandbox().arg("--seed-file").arg(&seed).args(["--addr", "127.0.0.1:0"]).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.starts_with(&format!("error: `{}`{expected}", seed.display())), "{name}: {stderr}");
        assert!(output.stdout.is_empty(), "no URL: it never listened");
    }
    let output = sandbox().args(["--seed-file", "seed.json", "--seed-pets", "3"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "--seed-file and --seed-pets are one choice");
    let output = sandbox().args(["--seed-file", "/nonexistent/seed.json", "--", "true"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
}

/// What `petstore pets list --all --json` writes is a seed file: seeding from a real environment in two steps,
/// as docs/sandbox.md shows (here the "real" environment is a sandbox of 30 sample animals).
#[cfg(unix)]
#[test]
fn a_listing_of_petstore_seeds_an_equal_sandbox() {
    let petstore = petstore_bin();
    let dir = tempfile::tempdir().unwrap();
    let seed = dir.path().join("seed.json");
    let list = |args: &[&str]| {
        let output = sandbox().args(args).arg("--").arg(&petstore).args(["pets", "list", "--all", "--json"]).output();
        let output = output.unwrap();
        assert_ok(&output);
        output.stdout
    };
    let listing = list(&["--seed-pets", "30"]);
    std::fs::write(&seed, &listing).unwrap();
    assert_eq!(list(&["--seed-file", seed.to_str().unwrap()]), listing);
}

#[cfg(unix)]
fn petstore_bin() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_petstore-sandbox")).with_file_name("petstore");
    assert!(bin.exists(), "{} is not built: run `cargo build -p petstore`", bin.display());
    bin
}

/// A sandbox serving on its own saves its state when SIGTERM or Ctrl-C stops it.
#[cfg(unix)]
#[test]
fn the_state_is_saved_on_sigterm_and_sigint() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    for signal in ["TERM", "INT"] {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state.json");
        let mut child = sandbox()
            .args(["--quiet", "--seed-pets", "1", "--addr", "127.0.0.1:0", "--state"])
            .arg(&state)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut url = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut url).unwrap();
        let added = Command::new("curl")
            .args(["-sf", "-H", "Authorization: Bearer sandbox", "-H", "Content-Type: application/json"])
            .args(["-d", r#"{"name": "Kit", "categoryId": 2}"#, &format!("{}/pets", url.trim())])
            .output()
            .unwrap();
        assert_ok(&added);
        assert!(!state.exists(), "saved at stop, not before");
        let pid = child.id().to_string();
        assert!(Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap().success());
        assert!(child.wait().unwrap().success());
        assert_eq!(
            json(&state),
            json!([{"id": 1, "name": "Rex", "categoryId": 1, "status": "available"}, {"id": 2, "name": "Kit", "categoryId": 2}]),
            "SIG{signal}"
        );
    }
}

/// A COMMAND that fails still gets its state saved, and its exit code kept.
#[test]
fn the_state_is_saved_when_the_command_fails() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let script = r#"curl -sf -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' \
  -d '{"name": "Kit", "categoryId": 2}' "$PETSTORE_BASE_URL/pets" >/dev/null; exit 5"#;
    let output = sandbox().args(["--seed-pets", "0", "--state"]).arg(&state).args(["--", "sh", "-c", script]).output();
    assert_eq!(output.unwrap().status.code(), Some(5));
    assert_eq!(json(&state), json!([{"id": 1, "name": "Kit", "categoryId": 2}]));
}

/// Concurrent requests each get one whole line.
#[test]
fn concurrent_requests_are_recorded_one_whole_line_each() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("record.ndjson");
    let script = r#"i=0
while [ $i -lt 40 ]; do
  curl -s -o /dev/null -H "Authorization: Bearer $PETSTORE_API_KEY" -H "X-Request-Id: r$i" \
    -H 'Content-Type: application/json' -d "{\"name\": \"Pet $i $(printf '%0500d' 0)\", \"categoryId\": $i}" \
    "$PETSTORE_BASE_URL/pets" &
  i=$((i+1))
done
wait"#;
    let output = sandbox().arg("--record").arg(&record).args(["--", "sh", "-c", script]).output().unwrap();
    assert_ok(&output);
    let recorded = lines(&record);
    assert_eq!(recorded.len(), 40);
    let mut ids: Vec<String> = recorded.iter().map(|line| line["requestId"].as_str().unwrap().to_owned()).collect();
    ids.sort();
    let mut expected: Vec<String> = (0..40).map(|i| format!("r{i}")).collect();
    expected.sort();
    assert_eq!(ids, expected);
    for line in &recorded {
        let n: i64 = line["requestId"].as_str().unwrap()[1..].parse().unwrap();
        assert_eq!((&line["status"], &line["body"]["categoryId"]), (&json!(201), &json!(n)));
    }
}

/// Two sandboxes never share a state file: the second is refused before it listens.
#[test]
fn a_state_file_in_use_is_refused() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let mut first = sandbox()
        .args(["--quiet", "--addr", "127.0.0.1:0", "--state"])
        .arg(&state)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut url = String::new();
    BufReader::new(first.stdout.take().unwrap()).read_line(&mut url).unwrap();
    let second = sandbox().arg("--state").arg(&state).args(["--", "true"]).output().unwrap();
    first.kill().unwrap();
    first.wait().unwrap();
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("another petstore-sandbox is using this state file"), "{stderr}");
}

/// Over HTTPS and HTTP/2 the record holds the same: the body read from its DATA frames, the request id.
#[test]
fn requests_over_http2_are_recorded_too() {
    let dir = tempfile::tempdir().unwrap();
    let (record, state) = (dir.path().join("record.ndjson"), dir.path().join("state.json"));
    let script = r#"set -e
curl -sf --http2 --cacert "$PETSTORE_CACERT" -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'X-Request-Id: h2' \
  -H 'Content-Type: application/json' -d '{"name": "Kit", "categoryId": 2}' -o /dev/null \
  -w '%{http_version}' "$PETSTORE_BASE_URL/pets""#;
    let output = sandbox()
        .args(["--tls", "--seed-pets", "0", "--record"])
        .arg(&record)
        .arg("--state")
        .arg(&state)
        .args(["--", "sh", "-c", script])
        .output()
        .unwrap();
    assert_ok(&output);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2", "over HTTP/2");
    let line = &lines(&record)[0];
    assert_eq!(
        (&line["body"], &line["status"], &line["requestId"]),
        (&json!({"name": "Kit", "categoryId": 2}), &json!(201), &json!("h2"))
    );
    assert_eq!(json(&state), json!([{"id": 1, "name": "Kit", "categoryId": 2}]));
}

/// Two requests, each answered, with curl.
const LIST_TWICE: &str = r#"set -e
for _ in 1 2; do curl -sf -H "Authorization: Bearer $PETSTORE_API_KEY" "$PETSTORE_BASE_URL/pets" >/dev/null; done
"#;

/// A record file that cannot be written (`/dev/full`) is said at the first failed write, once, and fails the
/// run once COMMAND is over, though COMMAND succeeded (issue 53, point 11).
#[cfg(target_os = "linux")]
#[test]
fn a_record_that_cannot_be_written_is_said_and_fails_the_run() {
    let output = sandbox().args(["--record", "/dev/full", "--", "sh", "-c", LIST_TWICE]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.matches("cannot write to the record `/dev/full`").count(), 1, "{stderr}");
}

/// A state file in a directory that is a link loop is refused as the loop it is, not as a directory that
/// does not exist (issue 53, point 13).
#[cfg(unix)]
#[test]
fn a_state_directory_in_a_link_loop_is_said_to_be_one() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("b", dir.path().join("a")).unwrap();
    std::os::unix::fs::symlink("a", dir.path().join("b")).unwrap();
    let output = sandbox().arg("--state").arg(dir.path().join("a/state.json")).args(["--", "true"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("its directory cannot be looked at (Too many levels of symbolic links"), "{stderr}");
}
