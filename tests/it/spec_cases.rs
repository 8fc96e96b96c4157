//! One table of NewPet bodies with the verdict the spec gives each, run against both readings of the spec: the
//! client's bulk validation (the real binary, `pets add --file` with the body as a one-record NDJSON file) and
//! the sandbox (the body as a raw `POST /v1/pets` over TCP). Both must give the table's verdict, but for one
//! deliberate difference: petstore refuses a blank name, which the spec takes.
//!
//! The truth: the spec's NewPet is `name` (string, required), `categoryId` (integer, int64, required) and
//! `status` (PetStatus, optional), with types as JSON Schema reads them. So a number whose fraction is zero is
//! an integer (`3.0`, `3e0`, `30e-1` are 3) and `3.5` is not; `null` is of no type the spec names (the
//! enumeration has no `null`, and an optional field may be absent, not null); `"3"` is a string; int64 bounds
//! the integers; the spec sets no minimum length for `name` and no minimum for `categoryId`; fields the spec
//! does not name are allowed (JSON Schema's default) and ignored.

use std::io::{Read, Write};
use std::net::TcpStream;

use petstore_sandbox::Config;
use serde_json::Value;

use crate::common::{KEY, TestEnv};

/// What the spec says of a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// 201, creating a pet with this `categoryId` and `status`.
    Created(i64, Option<&'static str>),
    /// 400: a required field is missing, or a value is not of the spec's type.
    Refused,
    /// A blank `name` (empty or only white space) with `categoryId` 3: the spec takes it (the sandbox creates
    /// it), and petstore refuses it before sending on purpose (`api::models::name_problem`).
    BlankName,
}

impl Verdict {
    /// The verdict the client gives: the spec's, but for the blank names it refuses.
    fn clients(self) -> Verdict {
        if self == BlankName { Refused } else { self }
    }

    /// The verdict the sandbox gives: the spec's, to the letter.
    fn sandboxs(self) -> Verdict {
        if self == BlankName { Created(3, None) } else { self }
    }
}

use Verdict::{BlankName, Created, Refused};

/// Each body, on one line, with its verdict and why.
const CASES: &[(&str, Verdict, &str)] = &[
    (r#"{"name":"Rex","categoryId":3}"#, Created(3, None), "both required fields"),
    (r#"{"categoryId":3}"#, Refused, "`name` is required"),
    (r#"{"name":"","categoryId":3}"#, BlankName, "the spec sets no minimum length; petstore refuses it"),
    (r#"{"name":"  ","categoryId":3}"#, BlankName, "only spaces: the spec takes it; petstore refuses it"),
    (r#"{"name":"\t\r\n","categoryId":3}"#, BlankName, "only white space: the same"),
    (r#"{"name":"\u00a0\u3000","categoryId":3}"#, BlankName, "Unicode white space: the same"),
    (r#"{"name":" x ","categoryId":3}"#, Created(3, None), "a name with white space around it is a name"),
    (r#"{"name":null,"categoryId":3}"#, Refused, "null is not a string"),
    (r#"{"name":7,"categoryId":3}"#, Refused, "a number is not a string"),
    (r#"{"name":["Rex"],"categoryId":3}"#, Refused, "an array is not a string"),
    (r#"{"name":"Rex"}"#, Refused, "`categoryId` is required"),
    (r#"{"name":"Rex","categoryId":null}"#, Refused, "null is not an integer"),
    (r#"{"name":"Rex","categoryId":3.0}"#, Created(3, None), "JSON Schema: a zero fraction is an integer"),
    (r#"{"name":"Rex","categoryId":3e0}"#, Created(3, None), "3e0 is 3"),
    (r#"{"name":"Rex","categoryId":30e-1}"#, Created(3, None), "30e-1 is 3"),
    (r#"{"name":"Rex","categoryId":0.3E+1}"#, Created(3, None), "0.3E+1 is 3"),
    (r#"{"name":"Rex","categoryId":3.5}"#, Refused, "3.5 is not an integer"),
    (r#"{"name":"Rex","categoryId":1e-1}"#, Refused, "0.1 is not an integer"),
    (r#"{"name":"Rex","categoryId":"3"}"#, Refused, "a string is not an integer"),
    (r#"{"name":"Rex","categoryId":true}"#, Refused, "a boolean is not an integer"),
    (r#"{"name":"Rex","categoryId":-1}"#, Created(-1, None), "the spec sets no minimum"),
    (r#"{"name":"Rex","categoryId":-0}"#, Created(0, None), "-0 is the integer 0"),
    (r#"{"name":"Rex","categoryId":9223372036854775807}"#, Created(i64::MAX, None), "int64's largest"),
    (r#"{"name":"Rex","categoryId":-9223372036854775808}"#, Created(i64::MIN, None), "int64's smallest"),
    (r#"{"name":"Rex","categoryId":9223372036854775808}"#, Refused, "beyond int64"),
    (r#"{"name":"Rex","categoryId":-9223372036854775809}"#, Refused, "beyond int64"),
    (r#"{"name":"Rex","categoryId":1e19}"#, Refused, "1e19 is beyond int64"),
    (r#"{"name":"Rex","categoryId":1e400}"#, Refused, "beyond int64 (and beyond an f64)"),
    (
        r#"{"name":"Rex","categoryId":9007199254740993.0}"#,
        Created(9_007_199_254_740_993, None),
        "an integer an f64 cannot hold: it must not become 9007199254740992",
    ),
    (
        r#"{"name":"Rex","categoryId":9223372036854775807.0}"#,
        Created(i64::MAX, None),
        "int64's largest, written with a zero fraction",
    ),
    (r#"{"name":"Rex","categoryId":3,"status":"available"}"#, Created(3, Some("available")), "in the enumeration"),
    (r#"{"name":"Rex","categoryId":3,"status":"pending"}"#, Created(3, Some("pending")), "in the enumeration"),
    (r#"{"name":"Rex","categoryId":3,"status":"sold"}"#, Created(3, Some("sold")), "in the enumeration"),
    (r#"{"name":"Rex","categoryId":3,"status":null}"#, Refused, "the enumeration has no null"),
    (r#"{"name":"Rex","categoryId":3,"status":"lost"}"#, Refused, "outside the enumeration"),
    (r#"{"name":"Rex","categoryId":3,"status":"Available"}"#, Refused, "the enumeration is case-sensitive"),
    (r#"{"name":"Rex","categoryId":3,"status":1}"#, Refused, "a number is not a PetStatus"),
    (r#"{"name":"Rex","categoryId":3,"tags":["a"]}"#, Created(3, None), "unknown fields are allowed and ignored"),
    (r#"{"id":99,"name":"Rex","categoryId":3}"#, Created(3, None), "NewPet has no `id`: ignored, the service assigns"),
    (r#"["Rex",3]"#, Refused, "not an object"),
    (r#""Rex""#, Refused, "not an object"),
];

/// One disagreement with the table, as a line of the failure message.
fn disagreement(body: &str, verdict: Verdict, why: &str, got: String) -> String {
    format!("  {body}\n    expected {verdict:?} ({why}), got {got}")
}

/// The pet just created: its `categoryId` and `status`.
fn created(pet: &Value) -> Verdict {
    let status = match pet["status"].as_str() {
        Some("available") => Some("available"),
        Some("pending") => Some("pending"),
        Some("sold") => Some("sold"),
        _ => None,
    };
    Created(pet["categoryId"].as_i64().expect("an int64 categoryId"), status)
}

#[test]
fn the_clients_bulk_validation_gives_the_specs_verdicts() {
    let env = TestEnv::with(Config::default().seed_pets(0));
    let path = env.home().join("case.ndjson");
    let mut wrong = Vec::new();
    for &(body, verdict, why) in CASES {
        std::fs::write(&path, format!("{body}\n")).unwrap();
        let (requests, pets) = (env.sandbox.request_count(), env.sandbox.pets().len());
        let run = env.run(&["pets", "add", "--file", path.to_str().unwrap(), "--format", "ndjson"]);
        let got = match run.code {
            0 => match env.sandbox.pets().get(pets) {
                Some(pet) => created(pet),
                None => {
                    wrong.push(disagreement(body, verdict, why, format!("exit 0 and no pet:\n{run}")));
                    continue;
                }
            },
            2 if env.sandbox.request_count() == requests => Refused,
            _ => {
                wrong.push(disagreement(body, verdict, why, format!("this run:\n{run}")));
                continue;
            }
        };
        if got != verdict.clients() {
            wrong.push(disagreement(body, verdict.clients(), why, format!("{got:?}:\n{}", run.stderr)));
        }
    }
    assert!(wrong.is_empty(), "the client's bulk validation disagrees with the spec on:\n{}", wrong.join("\n"));
}

#[test]
fn the_sandbox_gives_the_specs_verdicts() {
    // Plain HTTP whatever the transport: `post` writes its request to the socket by hand.
    let env = TestEnv::over_plain_http(Config::default().seed_pets(0));
    let mut wrong = Vec::new();
    for &(body, verdict, why) in CASES {
        let (status, answer) = post(&env, body);
        let got = match status {
            201 => created(&serde_json::from_str(&answer).expect("a Pet")),
            400 => Refused,
            _ => {
                wrong.push(disagreement(body, verdict, why, format!("{status} {answer}")));
                continue;
            }
        };
        if got != verdict.sandboxs() {
            wrong.push(disagreement(body, verdict.sandboxs(), why, format!("{got:?}: {status} {answer}")));
        }
    }
    assert!(wrong.is_empty(), "the sandbox disagrees with the spec on:\n{}", wrong.join("\n"));
}

/// `POST /v1/pets` with `body` as it is, written by hand so that nothing between reformats it: the status
/// code and the answer's body.
fn post(env: &TestEnv, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(env.sandbox.addr()).unwrap();
    write!(
        stream,
        "POST /v1/pets HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {KEY}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        env.sandbox.addr(),
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.split(' ').nth(1).and_then(|code| code.parse().ok()).expect("an HTTP status line");
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    (status, body.to_owned())
}
