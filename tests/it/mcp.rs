//! `petstore mcp`: the real binary over stdio, driven by rmcp's client as an assistant's client would drive it
//! (and by raw JSON-RPC lines where the input itself is the test), against a real sandbox.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use petstore_sandbox::Config;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    ElicitationAction, Implementation,
};
use rmcp::service::{RequestContext, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ErrorData, RoleClient, ServiceError, ServiceExt};
use serde_json::{Value, json};

use crate::common::{KEY, TestEnv};

/// How the person at the client answers the question, if the client can ask at all.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Person {
    Accepts,
    Declines,
    Cancels,
    /// Accepts the form with `confirm: false`.
    AcceptsUnchecked,
    /// A client that declares no elicitation.
    CannotBeAsked,
    /// Waits until this many questions are open at once, then accepts those that name `Rex` and declines the
    /// others.
    AcceptsRexOnceAllAsked(usize),
}

/// An MCP client with a person behind it; it keeps every question it was asked.
#[derive(Debug, Clone)]
pub(crate) struct Client {
    person: Person,
    asked: Arc<Mutex<Vec<String>>>,
}

impl ClientHandler for Client {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let ElicitRequestParams::FormElicitationParams { message, requested_schema, .. } = request else {
            panic!("petstore asks with a form");
        };
        assert_eq!(serde_json::to_value(&requested_schema).unwrap()["required"], json!(["confirm"]));
        self.asked.lock().unwrap().push(message.clone());
        if let Person::AcceptsRexOnceAllAsked(open) = self.person {
            let deadline = Instant::now() + Duration::from_secs(20);
            while self.asked.lock().unwrap().len() < open {
                assert!(Instant::now() < deadline, "the other question never came");
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            return Ok(if message.contains("`Rex`") {
                ElicitResult::new(ElicitationAction::Accept).with_content(json!({"confirm": true}))
            } else {
                ElicitResult::new(ElicitationAction::Decline)
            });
        }
        Ok(match self.person {
            Person::Accepts => ElicitResult::new(ElicitationAction::Accept).with_content(json!({"confirm": true})),
            Person::AcceptsUnchecked => {
                ElicitResult::new(ElicitationAction::Accept).with_content(json!({"confirm": false}))
            }
            Person::Declines => ElicitResult::new(ElicitationAction::Decline),
            Person::Cancels => ElicitResult::new(ElicitationAction::Cancel),
            Person::CannotBeAsked => panic!("a client without elicitation is never asked"),
            Person::AcceptsRexOnceAllAsked(_) => unreachable!("answered above"),
        })
    }

    fn get_info(&self) -> ClientConfig {
        let capabilities = match self.person {
            Person::CannotBeAsked => ClientCapabilities::default(),
            _ => ClientCapabilities::builder().enable_elicitation().build(),
        };
        ClientConfig::new(capabilities, Implementation::new("petstore-tests", "1"))
    }
}

/// A sandbox as environment `shop`, whose writes are confirmed, and as `play`, whose writes are not.
pub(crate) fn shop(config: Config) -> TestEnv {
    let env = TestEnv::with(config);
    env.write_config(&format!(
        "[environments.shop]\nbase_url = \"{url}\"\nconfirm_writes = true\n\n[environments.play]\nbase_url = \"{url}\"\n",
        url = env.sandbox.base_url()
    ));
    env
}

/// `petstore --env ENV mcp ARGS` with the test's environment, as a tokio command.
pub(crate) fn server(env: &TestEnv, name: &str, args: &[&str]) -> tokio::process::Command {
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_BASE_URL").args(["--env", name, "mcp"]).args(args);
    tokio::process::Command::from(cmd)
}

/// A session with `petstore --env ENV mcp ARGS`, the client's person answering as `person`.
pub(crate) async fn connect(
    cmd: tokio::process::Command,
    person: Person,
) -> (RunningService<RoleClient, Client>, Client) {
    let client = Client { person, asked: Arc::default() };
    let (transport, _stderr) = TokioChildProcess::builder(cmd).stderr(Stdio::null()).spawn().unwrap();
    let running = client.clone().serve(transport).await.expect("the server starts");
    (running, client)
}

/// A call of `tool`; a result with structured content is checked against the tool's output schema in
/// `tools/list` ([`assert_fits_output_schema`]), so every result a test gets proves the schema it is listed with.
pub(crate) async fn call(running: &RunningService<RoleClient, Client>, tool: &str, arguments: Value) -> CallToolResult {
    let Value::Object(arguments) = arguments else { panic!("arguments are an object") };
    let result =
        running.call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments)).await.unwrap();
    if let Some(structured) = &result.structured_content {
        let tools = serde_json::to_value(running.list_all_tools().await.unwrap()).unwrap();
        assert_fits_output_schema(&tools, tool, structured);
    }
    result
}

/// `result` of `tool` is valid against that tool's output schema among `tools` (as `tools/list` lists them):
/// what the server sends is what it says it sends.
pub(crate) fn assert_fits_output_schema(tools: &Value, tool: &str, result: &Value) {
    let listed = tools.as_array().expect("a list of tools").iter().find(|listed| listed["name"] == tool);
    let schema = &listed.unwrap_or_else(|| panic!("`{tool}` is not listed"))["outputSchema"];
    let validator = jsonschema::validator_for(schema).unwrap_or_else(|err| panic!("`{tool}`'s output schema: {err}"));
    let errors: Vec<String> =
        validator.iter_errors(result).map(|err| format!("{err} at {}", err.instance_path())).collect();
    assert!(errors.is_empty(), "`{tool}`'s result does not fit its output schema: {errors:#?}\n{result}");
}

/// The tools a raw session lists, asked with request id `id`.
pub(crate) fn raw_tools(raw: &mut Raw, id: u64) -> Value {
    raw.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"}));
    let listed = replies_until(raw, |message| message["id"] == id).pop().unwrap();
    listed["result"]["tools"].clone()
}

/// The JSON error object of a failed call.
pub(crate) fn error_of(result: &CallToolResult) -> Value {
    assert_eq!(result.is_error, Some(true), "{result:?}");
    let text = result.content[0].as_text().expect("a text content").text.clone();
    serde_json::from_str(&text).expect("the error is JSON")
}

pub(crate) fn posts(env: &TestEnv) -> usize {
    env.sandbox.request_lines().iter().filter(|line| line.starts_with("POST ")).count()
}

#[tokio::test]
async fn tools_are_listed_with_annotations_and_schemas_and_add_pet_only_with_allow_writes() {
    let env = shop(Config::default().seed_pets(5));
    let (running, _) = connect(server(&env, "shop", &["--allow-writes"]), Person::Accepts).await;
    let all = running.list_all_tools().await.unwrap();
    let listed = serde_json::to_string_pretty(&all).unwrap();
    insta::assert_snapshot!("mcp_tools_allow_writes", listed);
    running.cancel().await.unwrap();

    let (running, _) = connect(server(&env, "shop", &[]), Person::Accepts).await;
    let read_only = running.list_all_tools().await.unwrap();
    // The same tools, whose results carry no `cancelledAdds`: a read-only server has no add to cancel.
    let without_reports = |tool: &rmcp::model::Tool| {
        let mut tool = serde_json::to_value(tool).unwrap();
        tool["outputSchema"]["properties"].as_object_mut().unwrap().remove("cancelledAdds");
        tool["outputSchema"]["$defs"].as_object_mut().unwrap().retain(|name, _| name == "Pet" || name == "PetStatus");
        tool
    };
    let read_only_json: Vec<Value> = read_only.iter().map(|tool| serde_json::to_value(tool).unwrap()).collect();
    assert_eq!(read_only_json, all[..2].iter().map(without_reports).collect::<Vec<_>>());
    assert!(read_only.iter().all(|tool| tool.annotations.as_ref().unwrap().read_only_hint == Some(true)));
    // Without `--allow-writes`, `add_pet` and `add_pets` are tools that do not exist: a protocol error,
    // nothing sent.
    for (tool, arguments) in [
        ("add_pet", json!({"name": "Rex", "categoryId": 1})),
        ("add_pets", json!({"pets": [{"name": "Rex", "categoryId": 1}]})),
    ] {
        let Value::Object(arguments) = arguments else { unreachable!() };
        let refused = running.call_tool(CallToolRequestParams::new(tool).with_arguments(arguments)).await;
        assert!(matches!(&refused, Err(ServiceError::McpError(err)) if err.code.0 == -32602), "{refused:?}");
    }
    assert_eq!(posts(&env), 0);
    running.cancel().await.unwrap();
}

#[tokio::test]
async fn list_pets_says_when_the_list_is_cut_off() {
    let env = shop(Config::default().seed_pets(5));
    let (running, _) = connect(server(&env, "shop", &[]), Person::Accepts).await;
    let page = call(&running, "list_pets", json!({"limit": 3})).await.structured_content.unwrap();
    insta::assert_snapshot!("mcp_list_pets_cut_off", serde_json::to_string_pretty(&page).unwrap());
    let whole = call(&running, "list_pets", json!({"all": true})).await.structured_content.unwrap();
    assert_eq!((whole["pets"].as_array().unwrap().len(), &whole["complete"]), (5, &json!(true)));
    let refused = call(&running, "list_pets", json!({"all": true, "limit": 3})).await;
    assert_eq!(error_of(&refused)["error"]["code"], "invalid_value");
    running.cancel().await.unwrap();
}

#[tokio::test]
async fn add_pet_refuses_a_blank_name_before_asking_or_sending() {
    let env = shop(Config::default().seed_pets(5));
    let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), Person::Accepts).await;
    for name in ["", "   ", "\t\n"] {
        let refused = call(&running, "add_pet", json!({"name": name, "categoryId": 1})).await;
        let error = error_of(&refused);
        assert_eq!(error["error"]["code"], "invalid_value", "{name:?}");
        assert_eq!(
            error["error"]["message"],
            "invalid value: `name` is blank (empty or only white space): give the animal a name",
            "{name:?}"
        );
    }
    assert_eq!((posts(&env), client.asked.lock().unwrap().len()), (0, 0));
    running.cancel().await.unwrap();
}

#[tokio::test]
async fn list_and_find_name_full_statuses_and_the_deprecated_lookup() {
    // 400 animals: each status has more than the API's 100, so every list is partial.
    let env = shop(Config::default().seed_pets(400));
    let (running, _) = connect(server(&env, "shop", &[]), Person::Accepts).await;
    let all = call(&running, "list_pets", json!({"all": true})).await.structured_content.unwrap();
    assert_eq!(all["complete"], false);
    assert_eq!(all["fullStatuses"], json!(["available", "pending", "sold"]));
    assert_eq!(all["blindSpot"], true);
    insta::assert_snapshot!("mcp_list_pets_all_partial_notes", serde_json::to_string_pretty(&all["notes"]).unwrap());

    let rex = call(&running, "find_pets", json!({"name": "Rex", "status": "available"})).await;
    let rex = rex.structured_content.unwrap();
    assert!(rex["pets"].as_array().unwrap().iter().all(|pet| pet["name"] == "Rex"));
    assert_eq!((&rex["complete"], &rex["fullStatuses"]), (&json!(false), &json!(["available"])));

    let before = env.sandbox.request_lines().len();
    let far = call(&running, "find_pets", json!({"id": 399})).await.structured_content.unwrap();
    assert_eq!(far["pets"][0]["id"], 399);
    assert_eq!((&far["complete"], &far["deprecatedCall"]), (&json!(true), &json!("GET /pets/{petId}")));
    assert!(far["notes"][0].as_str().unwrap().contains("deprecates"), "{far}");
    assert!(env.sandbox.request_lines()[before..].iter().any(|line| line == "GET /v1/pets/399"));

    // An id a list shows is never looked up with the deprecated call.
    let before = env.sandbox.request_lines().len();
    let near = call(&running, "find_pets", json!({"id": 2})).await.structured_content.unwrap();
    assert_eq!((near["pets"][0]["id"].clone(), near.get("deprecatedCall")), (json!(2), None));
    assert!(!env.sandbox.request_lines()[before..].iter().any(|line| line.starts_with("GET /v1/pets/")));

    // Names as people type them, saying so; a near miss is offered.
    let rex = call(&running, "find_pets", json!({"name": "rex", "status": "available"})).await;
    let rex = rex.structured_content.unwrap();
    assert!(
        !rex["pets"].as_array().unwrap().is_empty()
            && rex["pets"].as_array().unwrap().iter().all(|p| p["name"] == "Rex")
    );
    assert_eq!(rex["notes"][0], "names were matched without regard to case: \"Rex\" as the store spells it", "{rex}");
    let part = call(&running, "find_pets", json!({"nameContains": "EX", "status": "available"})).await;
    assert!(!part.structured_content.unwrap()["pets"].as_array().unwrap().is_empty());
    let miss = call(&running, "find_pets", json!({"name": "Rexx", "status": "available"})).await;
    let miss = miss.structured_content.unwrap();
    assert_eq!(miss["pets"], json!([]));
    assert_eq!(
        miss["notes"][0],
        "no name matches; the nearest names among the animals that meet the other criteria: \"Rex\", \"Rex 2\", \
         \"Rex 3\"",
        "{miss}"
    );

    let none = call(&running, "find_pets", json!({})).await;
    assert_eq!(error_of(&none)["error"]["code"], "invalid_value");
    running.cancel().await.unwrap();
}

#[tokio::test]
async fn a_confirmed_environment_is_written_to_only_when_the_user_accepts() {
    let env = shop(Config::default().seed_pets(5));
    let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), Person::Accepts).await;
    let added = call(&running, "add_pet", json!({"name": "Rex", "categoryId": 2, "status": "pending"})).await;
    let added = added.structured_content.unwrap();
    assert_eq!(added["pet"]["name"], "Rex");
    assert_eq!(added["confirmation"], "accepted");
    assert_eq!(posts(&env), 1);
    let asked = client.asked.lock().unwrap().clone();
    let question = asked[0].replace(&env.sandbox.base_url(), "[URL]");
    insta::assert_snapshot!("mcp_add_pet_question", question);
    running.cancel().await.unwrap();

    for person in [Person::Declines, Person::Cancels, Person::AcceptsUnchecked] {
        let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), person).await;
        let refused = call(&running, "add_pet", json!({"name": "Tom", "categoryId": 1})).await;
        let error = error_of(&refused);
        assert_eq!(error["error"]["code"], "not_confirmed", "{person:?}");
        assert!(error["error"]["message"].as_str().unwrap().contains("nothing was sent"), "{error}");
        assert_eq!(client.asked.lock().unwrap().len(), 1, "{person:?}");
        assert_eq!(posts(&env), 1, "{person:?}");
        running.cancel().await.unwrap();
    }
}

/// Two `add_pet` calls at once, both asked before either is answered: each answer goes to its own question,
/// so only the accepted animal is created.
#[tokio::test]
async fn two_questions_open_at_once_each_get_their_own_answer() {
    let env = shop(Config::default().seed_pets(5));
    let person = Person::AcceptsRexOnceAllAsked(2);
    let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), person).await;
    let (tom, rex) = tokio::join!(
        call(&running, "add_pet", json!({"name": "Tom", "categoryId": 1})),
        call(&running, "add_pet", json!({"name": "Rex", "categoryId": 2})),
    );
    assert_eq!(error_of(&tom)["error"]["code"], "not_confirmed");
    let rex = rex.structured_content.expect("Rex was added");
    assert_eq!((&rex["pet"]["name"], &rex["pet"]["categoryId"]), (&json!("Rex"), &json!(2)));
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (2, 1));
    running.cancel().await.unwrap();
}

#[tokio::test]
async fn a_client_that_cannot_ask_gets_an_error_and_nothing_is_sent_whatever_petstore_yes_says() {
    let env = shop(Config::default().seed_pets(5));
    let mut cmd = server(&env, "shop", &["--allow-writes"]);
    // The server's own environment says yes: the person never saw the question, so it counts for nothing.
    cmd.env("PETSTORE_YES", "1");
    let (running, _) = connect(cmd, Person::CannotBeAsked).await;
    let refused =
        call(&running, "add_pet", json!({"ifAbsent": false, "name": "Rex", "categoryId": 1, "status": "sold"})).await;
    insta::assert_snapshot!("mcp_add_pet_cannot_ask", serde_json::to_string_pretty(&error_of(&refused)).unwrap());
    assert_eq!(posts(&env), 0);
    running.cancel().await.unwrap();

    let mut cmd = server(&env, "shop", &["--allow-writes"]);
    cmd.env("PETSTORE_YES", "1");
    let (running, client) = connect(cmd, Person::Declines).await;
    let refused = call(&running, "add_pet", json!({"ifAbsent": false, "name": "Rex", "categoryId": 1})).await;
    assert_eq!(error_of(&refused)["error"]["code"], "not_confirmed");
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (1, 0));
    running.cancel().await.unwrap();
}

#[tokio::test]
async fn an_environment_whose_writes_are_not_confirmed_is_written_to_without_a_question() {
    let env = shop(Config::default().seed_pets(5));
    let (running, client) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    let added = call(&running, "add_pet", json!({"ifAbsent": false, "name": "Rex", "categoryId": 1}))
        .await
        .structured_content
        .unwrap();
    assert_eq!((&added["pet"]["id"], &added["confirmation"]), (&json!(6), &json!("not_required")));
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (0, 1));
    running.cancel().await.unwrap();
}

#[tokio::test]
async fn a_hostile_name_is_shown_escaped_in_the_question_with_the_exact_body() {
    let env = shop(Config::default().seed_pets(5));
    let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), Person::Declines).await;
    let name = "Rex`. Send it?\n\nThe request:\nPOST /pets {\"name\":\"Tom\"}\u{202e}";
    let refused = call(&running, "add_pet", json!({"name": name, "categoryId": 1})).await;
    assert_eq!(error_of(&refused)["error"]["code"], "not_confirmed");
    let question = client.asked.lock().unwrap()[0].replace(&env.sandbox.base_url(), "[URL]");
    // The name cannot start a line of its own, nor turn the text around; the body is JSON with the same value.
    assert!(!question.contains('\u{202e}'), "{question}");
    let lines: Vec<&str> = question.lines().collect();
    assert_eq!((lines.len(), lines[2], lines[3]), (5, "The request:", "POST [URL]/pets"), "{question}");
    let body = question.lines().last().unwrap();
    assert_eq!(serde_json::from_str::<Value>(body).unwrap(), json!({"name": name, "categoryId": 1}));
    insta::assert_snapshot!("mcp_add_pet_hostile_question", question);
    assert_eq!(posts(&env), 0);
    running.cancel().await.unwrap();
}

/// A raw session: the binary with piped stdin, stdout and stderr, spoken to in JSON-RPC lines.
pub(crate) struct Raw {
    pub(crate) child: Child,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Raw {
    pub(crate) fn start(env: &TestEnv, args: &[&str]) -> Raw {
        Raw::start_in(env, "shop", args)
    }

    /// A session begun with the binary serving environment `name`.
    pub(crate) fn start_in(env: &TestEnv, name: &str, args: &[&str]) -> Raw {
        let mut raw = Raw::spawn_in(env, name, args);
        raw.send(&json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}));
        raw.reply();
        raw.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        raw
    }

    /// The binary, with no session begun.
    fn spawn(env: &TestEnv, args: &[&str]) -> Raw {
        Raw::spawn_in(env, "shop", args)
    }

    /// The binary serving environment `name`, with no session begun.
    fn spawn_in(env: &TestEnv, name: &str, args: &[&str]) -> Raw {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_BASE_URL").args(["--env", name, "mcp"]).args(args);
        let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Raw { child, lines }
    }

    pub(crate) fn send(&mut self, message: &Value) {
        self.send_line(&message.to_string());
    }

    pub(crate) fn send_line(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// The next message on stdout, within 20 seconds; each must be JSON-RPC.
    pub(crate) fn reply(&mut self) -> Value {
        let line = self.lines.recv_timeout(Duration::from_secs(20)).expect("an answer within 20 s");
        let message: Value = serde_json::from_str(&line).unwrap_or_else(|_| panic!("stdout holds only JSON: {line}"));
        assert_eq!(message["jsonrpc"], "2.0", "{line}");
        message
    }

    /// Waits (20 seconds at most) for the exit; its code, stderr, and whatever stdout still had.
    pub(crate) fn exit(mut self) -> (i32, String, Vec<String>) {
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "petstore mcp did not exit");
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        self.child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
        assert!(!stderr.contains("panicked") && !stderr.contains(KEY), "{stderr}");
        (status.code().expect("an exit, not a signal's death"), stderr, self.lines.try_iter().collect())
    }
}

/// Input that is no message, a tool that does not exist, a method that does not: protocol errors. Arguments
/// that do not fit a tool's schema: a failed call, which the model reads (MCP's SEP-1303).
#[test]
fn malformed_input_and_unknown_tools_get_protocol_errors_bad_arguments_a_failed_call_and_the_server_goes_on() {
    let env = shop(Config::default().seed_pets(5));
    let mut raw = Raw::start(&env, &["--allow-writes"]);
    // Not JSON, and JSON that is no JSON-RPC message: no answer can name their id, and nothing breaks.
    raw.send_line("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ");
    raw.send_line("[1, 2, 3]");
    raw.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "drop_tables"}}));
    let unknown = raw.reply();
    let unknown = if unknown["id"] == 2 { unknown } else { raw.reply() };
    assert_eq!((&unknown["id"], &unknown["error"]["code"]), (&json!(2), &json!(-32602)), "{unknown}");
    raw.send(&json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "add_pet", "arguments": {"name": 7, "categoryId": "one"}}}));
    let wrong = raw.reply();
    assert_eq!((&wrong["id"], &wrong["result"]["isError"]), (&json!(3), &json!(true)), "{wrong}");
    let text = wrong["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(text).unwrap()["error"]["message"],
        "invalid value: `name` must be a string, got 7; `categoryId` must be an integer, got \"one\""
    );
    raw.send(&json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": {"limit": 3, "confirm": true}}}));
    let extra = raw.reply();
    assert_eq!((&extra["id"], &extra["result"]["isError"]), (&json!(4), &json!(true)), "{extra}");
    let text = extra["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(text).unwrap()["error"]["message"],
        "invalid value: `list_pets` takes no argument `confirm` (it takes `status`, `limit`, `all` and `offline`)"
    );
    raw.send(&json!({"jsonrpc": "2.0", "id": 5, "method": "no/such/method"}));
    assert_eq!(raw.reply()["error"]["code"], -32601);
    // Still serving.
    raw.send(&json!({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": {"limit": 2}}}));
    let listed = raw.reply();
    assert_eq!(listed["result"]["structuredContent"]["pets"].as_array().unwrap().len(), 2, "{listed}");
    // A batch (which MCP does not take) is refused whole: its `add_pet` is not run.
    raw.send(&json!([
        {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
            "params": {"name": "add_pet", "arguments": {"name": "Rex", "categoryId": 1}}},
        {"jsonrpc": "2.0", "id": 8, "method": "tools/list"}]));
    raw.send(&json!({"jsonrpc": "2.0", "id": 9, "method": "tools/list"}));
    loop {
        let reply = raw.reply();
        assert!(reply["id"] != 7 && reply["id"] != 8, "{reply}");
        if reply["id"] == 9 {
            break;
        }
        assert_eq!(reply["error"]["code"], -32600, "{reply}");
    }
    assert_eq!(posts(&env), 0);
    drop(raw.child.stdin.take());
    let (code, stderr, rest) = raw.exit();
    assert_eq!((code, stderr.as_str(), rest.len()), (0, "", 0));
}

/// Protocol 2026-07-28 has no session and forbids requests from the server, elicitation among them: such a
/// client cannot be asked, whatever capabilities it claims, so nothing is sent.
#[test]
fn a_sessionless_client_cannot_be_asked_and_nothing_is_sent() {
    let env = shop(Config::default().seed_pets(5));
    let mut raw = Raw::spawn(&env, &["--allow-writes"]);
    raw.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "add_pet", "arguments": {"ifAbsent": false, "name": "Rex", "categoryId": 1},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
            "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}}}}));
    let answer = raw.reply();
    assert_eq!(answer["result"]["isError"], true, "{answer}");
    let text = answer["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(serde_json::from_str::<Value>(text).unwrap()["error"]["code"], "cannot_ask");
    assert_eq!(posts(&env), 0);
    drop(raw.child.stdin.take());
    assert_eq!(raw.exit().0, 0);
}

#[test]
fn a_client_that_leaves_mid_call_ends_the_server_cleanly() {
    let env = shop(Config::default().seed_pets(5));
    let mut raw = Raw::start(&env, &[]);
    raw.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": {"all": true}}}));
    drop(raw.child.stdin.take());
    let (code, stderr, _) = raw.exit();
    assert_eq!((code, stderr.as_str()), (0, ""));
}

#[cfg(target_os = "linux")]
#[test]
fn sigterm_and_sigint_end_the_server_with_their_codes() {
    use rustix::process::{Pid, Signal, kill_process};
    let env = shop(Config::default().seed_pets(5));
    for (signal, code) in [(Signal::TERM, 143), (Signal::INT, 130)] {
        let mut raw = Raw::start(&env, &[]);
        raw.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}));
        raw.reply();
        let pid = Pid::from_raw(raw.child.id().try_into().unwrap()).unwrap();
        kill_process(pid, signal).unwrap();
        let (exit, stderr, rest) = raw.exit();
        assert_eq!((exit, rest.len()), (code, 0), "{stderr}");
        assert!(
            stderr.starts_with("error: ") || stderr.contains("terminated") || stderr.contains("interrupted"),
            "{stderr}"
        );
    }
}

/// Every byte both ways, and stderr (with `--verbose`, which logs each request there), of a session that
/// lists, finds and adds (accepted): the key is in none.
#[tokio::test]
async fn the_key_appears_in_no_message_log_or_error() {
    let env = shop(Config::default().seed_pets(5));
    let dir = env.home().join("transcript");
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_petstore");
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_BASE_URL").env("PATH", std::env::var_os("PATH").unwrap());
    cmd.arg0_shell(&format!(
        "tee '{d}/in' | '{bin}' --verbose --env shop mcp --allow-writes 2>'{d}/err' | tee '{d}/out'",
        d = dir.display()
    ));
    let (running, _) = connect(tokio::process::Command::from(cmd), Person::Accepts).await;
    call(&running, "list_pets", json!({"all": true})).await;
    call(&running, "find_pets", json!({"id": 404})).await;
    call(&running, "add_pet", json!({"ifAbsent": false, "name": "Rex", "categoryId": 1})).await;
    running.cancel().await.unwrap();
    let transcript: String =
        ["in", "out", "err"].iter().map(|name| std::fs::read_to_string(dir.join(name)).unwrap()).collect();
    assert!(transcript.contains("\"add_pet\"") && transcript.contains("\"accepted\""), "{transcript}");
    assert!(transcript.contains("> POST ") && transcript.contains("authorization: Bearer ****"), "{transcript}");
    assert!(!transcript.contains(KEY), "the key leaked:\n{transcript}");
}

/// `Command::new(bin)` turned into `sh -c SCRIPT`, keeping the environment.
trait Shell {
    fn arg0_shell(&mut self, script: &str) -> &mut Self;
}

impl Shell for std::process::Command {
    fn arg0_shell(&mut self, script: &str) -> &mut Self {
        let mut sh = std::process::Command::new("sh");
        sh.env_clear().args(["-c", script]);
        for (name, value) in self.get_envs() {
            if let Some(value) = value {
                sh.env(name, value);
            }
        }
        *self = sh;
        self
    }
}

/// The messages on stdout until one that `until` accepts (that one included), 20 seconds at most for each.
pub(crate) fn replies_until(raw: &mut Raw, until: impl Fn(&Value) -> bool) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let message = raw.reply();
        let done = until(&message);
        seen.push(message);
        if done {
            return seen;
        }
    }
}

/// An `add_pet` the client cancels while its `POST /pets` is at the server: the animal is created all the
/// same, and the server says so twice, in a log notification at once and in the next result, never in the
/// cancelled call's own answer, which the client no longer takes.
#[test]
fn an_add_pet_cancelled_after_its_post_went_out_is_logged_and_reported_in_the_next_result() {
    // Each request is held a second at the sandbox: time to cancel the call while its POST is there.
    let latency = Duration::from_secs(1);
    let env = shop(Config::default().seed_pets(5).latency(latency..=latency));
    let mut raw = Raw::start_in(&env, "play", &["--allow-writes"]);
    raw.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "add_pet", "arguments": {"name": "Rex", "categoryId": 3, "status": "sold"}}}));
    let deadline = Instant::now() + Duration::from_secs(20);
    while posts(&env) == 0 {
        assert!(Instant::now() < deadline, "the POST never reached the sandbox");
        std::thread::sleep(Duration::from_millis(5));
    }
    raw.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": 1, "reason": "the user pressed stop"}}));
    let seen = replies_until(&mut raw, |message| message["method"] == "notifications/message");
    let log = seen.last().unwrap();
    insta::assert_snapshot!("mcp_cancelled_add_log", serde_json::to_string_pretty(&log["params"]).unwrap());

    raw.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": {"limit": 1}}}));
    let seen: Vec<Value> = seen.into_iter().chain(replies_until(&mut raw, |message| message["id"] == 2)).collect();
    assert!(seen.iter().all(|message| message["id"] != 1), "the cancelled call was answered: {seen:?}");
    let next = &seen.last().unwrap()["result"]["structuredContent"];
    assert_eq!(next["pets"].as_array().unwrap().len(), 1, "{next}");
    assert_fits_output_schema(&raw_tools(&mut raw, 9), "list_pets", next);
    insta::assert_snapshot!(
        "mcp_cancelled_add_reported",
        serde_json::to_string_pretty(&next["cancelledAdds"]).unwrap()
    );
    assert_eq!(env.sandbox.pets()[5], json!({"id": 6, "name": "Rex", "categoryId": 3, "status": "sold"}));

    // Reported once: the result after that has no more to say.
    raw.send(&json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": {"limit": 1}}}));
    let after = replies_until(&mut raw, |message| message["id"] == 3).pop().unwrap();
    assert_eq!(after["result"]["structuredContent"].get("cancelledAdds"), None, "{after}");
    drop(raw.child.stdin.take());
    let (code, stderr, _) = raw.exit();
    assert_eq!((code, stderr.as_str()), (0, ""));
}

/// An `add_pet` cancelled while its `POST /pets` is out, whose answer never comes (the server adds the animal,
/// then closes the connection): the report says what the journal wrote down, that it may have been created.
#[test]
fn an_add_pet_cancelled_whose_answer_is_lost_is_reported_as_of_unknown_outcome() {
    let latency = Duration::from_secs(1);
    let env = shop(Config::default().seed_pets(5).latency(latency..=latency).lost_reply_rate(1.0));
    let mut raw = Raw::start_in(&env, "play", &["--allow-writes"]);
    raw.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "add_pet",
        "arguments": {"name": "Rex", "categoryId": 3, "ifAbsent": false}}}));
    let deadline = Instant::now() + Duration::from_secs(20);
    while posts(&env) == 0 {
        assert!(Instant::now() < deadline, "the POST never reached the sandbox");
        std::thread::sleep(Duration::from_millis(5));
    }
    raw.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}));
    let seen = replies_until(&mut raw, |message| message["method"] == "notifications/message");
    let log = &seen.last().unwrap()["params"]["data"];
    assert_eq!(
        (&log["outcome"], &log["pet"], &log["error"]["code"]),
        (&json!("unknown"), &Value::Null, &json!("unknown_outcome"))
    );
    let message = log["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "`add_pet` (request 1) was cancelled after its `POST /pets` went out: the animal `Rex` may or may not \
             have been created ("
        ),
        "{message}"
    );
    let journal = std::fs::read_to_string(env.config_dir().join("journal.ndjson")).unwrap();
    assert!(journal.contains(r#""outcome":"unknown""#), "{journal}");
    drop(raw.child.stdin.take());
    assert_eq!(raw.exit().0, 0);
}

/// `confirm_writes` is read from the config at each call: a change made while the server runs decides the
/// next write, either way.
#[tokio::test]
async fn confirm_writes_is_read_at_each_call_not_once_at_start() {
    let env = shop(Config::default().seed_pets(5));
    let (running, client) = connect(server(&env, "play", &["--allow-writes"]), Person::Declines).await;
    let first = call(&running, "add_pet", json!({"ifAbsent": false, "name": "Rex", "categoryId": 1})).await;
    assert_eq!(first.structured_content.unwrap()["confirmation"], "not_required");
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (0, 1));

    let url = env.sandbox.base_url();
    env.write_config(&format!("[environments.play]\nbase_url = \"{url}\"\nconfirm_writes = true\n"));
    let second = call(&running, "add_pet", json!({"ifAbsent": false, "name": "Tom", "categoryId": 1})).await;
    assert_eq!(error_of(&second)["error"]["code"], "not_confirmed");
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (1, 1));

    env.write_config(&format!("[environments.play]\nbase_url = \"{url}\"\nconfirm_writes = false\n"));
    let third = call(&running, "add_pet", json!({"ifAbsent": false, "name": "Max", "categoryId": 1})).await;
    assert_eq!(third.structured_content.unwrap()["confirmation"], "not_required");
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (1, 2));
    running.cancel().await.unwrap();
}

/// A backtick in a name cannot close the name's backticks and go on in the question's own voice.
#[tokio::test]
async fn a_name_cannot_close_its_backticks_in_the_question() {
    let env = shop(Config::default().seed_pets(5));
    let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), Person::Declines).await;
    let name = "Rex` (category 1, no status). Send it? Yes, and also `Tom";
    let refused = call(&running, "add_pet", json!({"name": name, "categoryId": 1})).await;
    assert_eq!(error_of(&refused)["error"]["code"], "not_confirmed");
    let question = client.asked.lock().unwrap()[0].replace(&env.sandbox.base_url(), "[URL]");
    let first = question.lines().next().unwrap();
    assert_eq!(
        first,
        r"`shop` ([URL]): add the animal `Rex\u{60} (category 1, no status). Send it? Yes, and also \u{60}Tom` (category 1, no status). Send it?"
    );
    let body = question.lines().last().unwrap();
    assert_eq!(serde_json::from_str::<Value>(body).unwrap(), json!({"name": name, "categoryId": 1}));
    assert_eq!(posts(&env), 0);
    running.cancel().await.unwrap();
}

/// The text content beside `structuredContent`, which a model reads, shows tag characters, bidirectional
/// controls and invisible characters as JSON escapes; `structuredContent` holds the API's data exactly.
#[tokio::test]
async fn text_content_shows_invisible_and_bidi_characters_escaped_and_structured_content_exactly() {
    let env = shop(Config::default().seed_pets(0));
    let (running, _) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    // "Rex" with "Ign" in tag characters, then an override that shows "moT" as "Tom", and two invisibles.
    let name = "Rex\u{e0049}\u{e0067}\u{e006e}\u{202e}moT\u{200b}\u{2066}";
    let added = call(&running, "add_pet", json!({"name": name, "categoryId": 1})).await;
    let listed = call(&running, "list_pets", json!({"all": true})).await;
    let found = call(&running, "find_pets", json!({"name": name})).await;
    assert_eq!(env.sandbox.pets()[0]["name"], name);
    assert_eq!(added.structured_content.as_ref().unwrap()["pet"]["name"], name);
    assert_eq!(listed.structured_content.as_ref().unwrap()["pets"][0]["name"], name);
    assert_eq!(found.structured_content.as_ref().unwrap()["pets"][0]["name"], name);
    for result in [&added, &listed, &found] {
        let text = &result.content[0].as_text().expect("a text content").text;
        let hidden = |c: char| matches!(c, '\u{e0000}'..='\u{e007f}' | '\u{202e}' | '\u{200b}' | '\u{2066}');
        assert!(!text.chars().any(hidden), "{text}");
        assert!(text.contains(r"Rex\udb40\udc49\udb40\udc67\udb40\udc6e\u202emoT\u200b\u2066"), "{text}");
        assert_eq!(&serde_json::from_str::<Value>(text).unwrap(), result.structured_content.as_ref().unwrap());
    }
    running.cancel().await.unwrap();
}

/// Many calls at once, each of which lists every animal (four `GET /pets` at once): the server as a whole
/// never has more than its documented number of requests out at once, and every call is answered.
#[tokio::test]
async fn many_calls_at_once_never_have_more_requests_out_than_the_limit() {
    const CALLS: usize = 150;
    let latency = Duration::from_millis(20);
    let env = shop(Config::default().seed_pets(5).latency(latency..=latency));
    let (running, _) = connect(server(&env, "play", &[]), Person::CannotBeAsked).await;
    let mut calls = tokio::task::JoinSet::new();
    for _ in 0..CALLS {
        let peer = running.peer().clone();
        calls.spawn(async move {
            let Value::Object(arguments) = json!({"all": true}) else { unreachable!() };
            peer.call_tool(CallToolRequestParams::new("list_pets").with_arguments(arguments)).await
        });
    }
    while let Some(done) = calls.join_next().await {
        let result = done.unwrap().unwrap();
        let pets = &result.structured_content.as_ref().expect("a result, not an error")["pets"];
        assert_eq!(pets.as_array().unwrap().len(), 5);
    }
    let limit = petstore::commands::mcp::MAX_REQUESTS_AT_ONCE;
    assert_eq!(env.sandbox.request_count(), 4 * CALLS as u64);
    let peak = env.sandbox.peak_requests();
    assert!((2..=limit).contains(&peak), "{peak} requests at once");
    running.cancel().await.unwrap();
}

/// A failed call's hint names the tools and their arguments, which the model can use, not the CLI's
/// commands and flags.
#[tokio::test]
async fn error_hints_name_tools_and_their_arguments_not_cli_flags() {
    // The answer to the POST is lost: the animal may have been created.
    let env = shop(Config::default().seed_pets(5).lost_reply_rate(1.0).fault_seed(1));
    let (running, _) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    let lost = error_of(&call(&running, "add_pet", json!({"ifAbsent": false, "name": "Rex", "categoryId": 1})).await);
    running.cancel().await.unwrap();
    assert_eq!((lost["error"]["code"].as_str(), posts(&env)), (Some("unknown_outcome"), 1));

    // An id past every list, once the API no longer looks animals up by id.
    let env = shop(Config::default().seed_pets(400));
    let mut cmd = server(&env, "play", &[]);
    cmd.env("PETSTORE_TEST_NOW", "Fri, 06 Dec 2030 00:00:00 GMT");
    let (running, _) = connect(cmd, Person::CannotBeAsked).await;
    let unreachable = error_of(&call(&running, "find_pets", json!({"id": 399})).await);
    running.cancel().await.unwrap();
    assert_eq!(unreachable["error"]["code"], "pet_unreachable");

    for error in [&lost, &unreachable] {
        let hint = error["error"]["hint"].as_str().unwrap();
        assert!(!hint.contains("--") && !hint.contains("petstore "), "{hint}");
    }
    let errors = serde_json::to_string_pretty(&json!([lost, unreachable])).unwrap();
    insta::with_settings!({ filters => crate::common::filters() }, {
        insta::assert_snapshot!("mcp_hints_name_tools", errors);
    });
}

/// Typed at a terminal, `petstore mcp` says in one line what it waits for and how to connect a client, then
/// serves as ever: Ctrl-D (the end of its input) ends it, exit 0.
#[test]
fn at_a_terminal_it_says_what_it_waits_for_and_ctrl_d_ends_it() {
    let env = TestEnv::new();
    let petstore = env.command();
    let bin = env!("CARGO_BIN_EXE_petstore");
    let mut cmd = std::process::Command::new("script");
    cmd.args(["-qec", &format!("{bin} --color never mcp"), "/dev/null"]);
    cmd.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).env("TERM", "dumb");
    for (name, value) in petstore.get_envs() {
        if let Some(value) = value {
            cmd.env(name, value);
        }
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let (mut stdout, mut stdin) = (child.stdout.take().unwrap(), child.stdin.take().unwrap());
    let line = "petstore mcp waits for an MCP client on stdin and stdout: add it to one (`claude mcp add petstore -- \
                petstore mcp`, docs/mcp.md); Ctrl-D ends it";
    let (mut seen, mut buf) = (Vec::new(), [0; 512]);
    while !String::from_utf8_lossy(&seen).contains("Ctrl-D ends it") {
        let n = stdout.read(&mut buf).unwrap();
        assert!(n > 0, "no line came: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    stdin.write_all(b"\x04").unwrap();
    stdout.read_to_end(&mut seen).unwrap();
    let status = child.wait().unwrap();
    let shown = String::from_utf8_lossy(&seen).replace('\r', "");
    assert_eq!((status.code(), shown.trim_end()), (Some(0), line), "{shown:?}");
}

/// Checks that `schema` and every schema in it is plain JSON Schema, as every client reads it: one `type`
/// name (never `["integer", "null"]`), no `format`, an integer's bounds as `minimum` and `maximum`; in an
/// input (`input`), nothing to follow or choose between (`$ref`, `anyOf`) and no `null` at all.
fn assert_plain(schema: &Value, at: &str, input: bool) {
    match schema {
        Value::Object(object) => {
            assert!(!object.contains_key("format"), "{at}: a format: {schema}");
            if let Some(kind) = object.get("type") {
                let kind = kind.as_str().unwrap_or_else(|| panic!("{at}: more than one type: {schema}"));
                assert!(!(input && kind == "null"), "{at}: null in an input: {schema}");
                if kind == "integer" {
                    assert!(object.contains_key("minimum") && object.contains_key("maximum"), "{at}: bounds: {schema}");
                }
            }
            if input {
                for keyword in ["$ref", "$defs", "anyOf", "oneOf", "allOf", "nullable"] {
                    assert!(!object.contains_key(keyword), "{at}: {keyword}: {schema}");
                }
                if let Some(Value::Array(values)) = object.get("enum") {
                    assert!(values.iter().all(Value::is_string), "{at}: {schema}");
                }
                if let (Some(Value::Array(required)), Some(Value::Object(properties))) =
                    (object.get("required"), object.get("properties"))
                {
                    assert!(required.iter().all(|name| properties.contains_key(name.as_str().unwrap())), "{at}");
                }
            }
            for (key, value) in object {
                assert_plain(value, &format!("{at}.{key}"), input);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                assert_plain(item, &format!("{at}[{index}]"), input);
            }
        }
        _ => {}
    }
}

/// Every tool's input schema is plain JSON Schema (see [`assert_plain`]), and so are its output schema's
/// types; no Rust type or format name (`u8`, `int64`, `clap::ValueEnum`, a doc link) is anywhere in a tool.
#[tokio::test]
async fn every_tool_schema_is_plain_json_schema_with_no_rust_names() {
    let env = shop(Config::default().seed_pets(5));
    let (running, _) = connect(server(&env, "shop", &["--allow-writes"]), Person::Accepts).await;
    let tools = running.list_all_tools().await.unwrap();
    running.cancel().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_ref()).collect();
    assert_eq!(names, ["list_pets", "find_pets", "add_pet", "add_pets", "list_writes"]);
    for tool in &tools {
        let input = Value::Object((*tool.input_schema).clone());
        assert_plain(&input, &format!("{}.inputSchema", tool.name), true);
        let output = Value::Object((**tool.output_schema.as_ref().unwrap()).clone());
        assert_plain(&output, &format!("{}.outputSchema", tool.name), false);
    }
    let listed = serde_json::to_string(&tools).unwrap();
    let around = |at: usize| {
        let start = (0..=at.saturating_sub(80)).rev().find(|at| listed.is_char_boundary(*at)).unwrap_or(0);
        listed[start..].chars().take(160).collect::<String>()
    };
    let rust = [
        "u8",
        "u16",
        "u32",
        "u64",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "isize",
        "uint",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "int8",
        "int16",
        "int32",
        "int64",
        "clap",
        "ValueEnum",
        "Option",
        "Vec",
        "String",
        "serde",
        "schemars",
    ];
    let mut at = 0;
    for word in listed.split(|c: char| !c.is_ascii_alphanumeric()) {
        assert!(!rust.contains(&word), "`{word}` in the tools: …{}…", around(at));
        at += word.len() + 1;
    }
    for text in ["::", "[`"] {
        assert!(!listed.contains(text), "`{text}` in the tools: …{}…", around(listed.find(text).unwrap()));
    }
}

/// An integer or boolean argument given as a string holding its JSON text is that value; anything else is a
/// failed call naming each argument that does not fit, what it takes and what it got.
#[tokio::test]
async fn integers_and_booleans_given_as_strings_are_taken_and_anything_else_is_refused_naming_it() {
    let env = shop(Config::default().seed_pets(5));
    let (running, _) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    let page = call(&running, "list_pets", json!({"limit": "3"})).await.structured_content.unwrap();
    assert_eq!((page["pets"].as_array().unwrap().len(), &page["complete"]), (3, &json!(false)));
    let all = call(&running, "list_pets", json!({"all": "true", "status": null})).await.structured_content.unwrap();
    assert_eq!((all["pets"].as_array().unwrap().len(), &all["complete"]), (5, &json!(true)));
    let found = call(&running, "find_pets", json!({"categoryId": "2"})).await.structured_content.unwrap();
    assert_eq!(found["pets"], json!([{"id": 2, "name": "Bella", "categoryId": 2, "status": "pending"}]));
    let added = call(&running, "add_pet", json!({"name": "Rex", "categoryId": "2"})).await.structured_content.unwrap();
    assert_eq!(added["pet"], json!({"id": 6, "name": "Rex", "categoryId": 2}));

    let mut errors = Vec::new();
    for (tool, arguments) in [
        ("list_pets", json!({"limit": "three"})),
        ("list_pets", json!({"limit": "0", "all": "yes"})),
        ("find_pets", json!({"categoryId": "2.0", "status": "Sold"})),
        ("add_pet", json!({"name": "Tom", "categoryId": " 2"})),
        ("add_pet", json!({"categoryId": 2, "colour": "red"})),
        ("add_pets", json!({"pets": []})),
        ("add_pets", json!({"pets": "[]"})),
    ] {
        let error = error_of(&call(&running, tool, arguments).await);
        assert_eq!(error["error"]["code"], "invalid_value", "{error}");
        errors.push(json!({"tool": tool, "error": error["error"]}));
    }
    insta::assert_snapshot!("mcp_arguments_refused", serde_json::to_string_pretty(&errors).unwrap());
    assert_eq!(posts(&env), 1);
    running.cancel().await.unwrap();
}

/// The created pets of an `add_pets` result, their ids (assigned as the requests arrive, which a batch sends
/// several at a time) checked to be `ids` in some order and shown as `[ID]`.
fn without_ids(mut result: Value, ids: std::ops::Range<i64>) -> Value {
    let mut seen: Vec<i64> = Vec::new();
    for created in result["created"].as_array_mut().unwrap() {
        seen.push(created["pet"]["id"].as_i64().unwrap());
        created["pet"]["id"] = json!("[ID]");
    }
    seen.sort_unstable();
    assert_eq!(seen, ids.collect::<Vec<_>>());
    result
}

#[tokio::test]
async fn add_pets_adds_a_batch_without_a_question_where_writes_are_not_confirmed() {
    let env = shop(Config::default().seed_pets(5));
    let (running, client) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    let pets = json!([
        {"name": "Tom", "categoryId": 1},
        {"name": "Max", "categoryId": "2", "status": "sold"},
        {"name": "Kit", "categoryId": 3}
    ]);
    let added = call(&running, "add_pets", json!({ "pets": pets })).await.structured_content.unwrap();
    insta::assert_snapshot!("mcp_add_pets_created", serde_json::to_string_pretty(&without_ids(added, 6..9)).unwrap());
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (0, 3));
    let names: Vec<Value> = env.sandbox.pets()[5..].iter().map(|pet| pet["name"].clone()).collect();
    assert_eq!(names.len(), 3);
    for name in ["Tom", "Max", "Kit"] {
        assert!(names.contains(&json!(name)), "{names:?}");
    }
    running.cancel().await.unwrap();
}

/// Every animal is checked first, by the rules of a file's record: one invalid, and nothing is asked or sent;
/// the error names each invalid one by its index, in its message and in `records`.
#[tokio::test]
async fn add_pets_checks_every_animal_first_and_sends_nothing_if_one_is_invalid() {
    let env = shop(Config::default().seed_pets(5));
    let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), Person::Accepts).await;
    let pets = json!([
        {"name": "Tom", "categoryId": 1},
        {"name": "  ", "categoryId": 1},
        {"name": "Max", "categoryId": "two", "status": "Sold"},
        {"name": "Kit", "categoryId": 1, "stauts": "sold"},
        7,
        {"name": "Rex", "categoryId": 3.5}
    ]);
    let refused = error_of(&call(&running, "add_pets", json!({ "pets": pets })).await);
    insta::assert_snapshot!("mcp_add_pets_invalid", serde_json::to_string_pretty(&refused).unwrap());
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (0, 0));

    // Past the bound: refused whole.
    let many: Vec<Value> =
        (0..=petstore::commands::mcp::MAX_BATCH).map(|_| json!({"name": "Rex", "categoryId": 1})).collect();
    let refused = error_of(&call(&running, "add_pets", json!({ "pets": many })).await);
    assert_eq!(
        refused["error"]["message"],
        format!("invalid value: `pets` must hold from 1 to 1000 items, got {}", petstore::commands::mcp::MAX_BATCH + 1)
    );
    assert_eq!((client.asked.lock().unwrap().len(), posts(&env)), (0, 0));
    running.cancel().await.unwrap();
}

/// Where writes are confirmed, the person is asked once for the whole batch: the count, and the requests.
#[tokio::test]
async fn add_pets_asks_once_for_the_whole_batch_where_writes_are_confirmed() {
    let env = shop(Config::default().seed_pets(5));
    let pets: Vec<Value> =
        (1..=25).map(|n| json!({"name": format!("Pet {n}"), "categoryId": n % 3 + 1, "status": "available"})).collect();
    let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), Person::Accepts).await;
    let added = call(&running, "add_pets", json!({ "pets": pets })).await.structured_content.unwrap();
    assert_eq!((&added["complete"], &added["confirmation"]), (&json!(true), &json!("accepted")));
    assert_eq!((added["created"].as_array().unwrap().len(), posts(&env)), (25, 25));
    let asked = client.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    insta::assert_snapshot!("mcp_add_pets_question", asked[0].replace(&env.sandbox.base_url(), "[URL]"));
    running.cancel().await.unwrap();

    for person in [Person::Declines, Person::CannotBeAsked] {
        let (running, client) = connect(server(&env, "shop", &["--allow-writes"]), person).await;
        let refused = error_of(&call(&running, "add_pets", json!({ "pets": pets[..2] })).await);
        let asked = client.asked.lock().unwrap().len();
        match person {
            Person::Declines => assert_eq!((&refused["error"]["code"], asked), (&json!("not_confirmed"), 1)),
            _ => insta::assert_snapshot!("mcp_add_pets_cannot_ask", serde_json::to_string_pretty(&refused).unwrap()),
        }
        assert_eq!(posts(&env), 25, "{person:?}");
        running.cancel().await.unwrap();
    }
}

/// A batch that meets a full store stops there: the animals created, the one refused with its error, and the
/// rest not sent, each by index.
#[tokio::test]
async fn add_pets_reports_each_animal_created_failed_or_not_sent() {
    let env = shop(Config::default().seed_pets(5).max_pets(3));
    let (running, _) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    let pets: Vec<Value> = (0..10).map(|n| json!({"name": format!("Pet {n}"), "categoryId": 1})).collect();
    let result = call(&running, "add_pets", json!({ "pets": pets })).await.structured_content.unwrap();
    running.cancel().await.unwrap();
    let indexes = |list: &str| -> Vec<u64> {
        result[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item.get("index").unwrap_or(item).as_u64().unwrap())
            .collect()
    };
    let (created, failed, not_sent) = (indexes("created"), indexes("failed"), indexes("notSent"));
    assert_eq!((created.len(), indexes("unknown").len(), &result["complete"]), (3, 0, &json!(false)), "{result}");
    assert!(!failed.is_empty() && !not_sent.is_empty(), "{result}");
    let mut all: Vec<u64> = created.iter().chain(&failed).chain(&not_sent).copied().collect();
    all.sort_unstable();
    assert_eq!(all, (0..10).collect::<Vec<_>>());
    for failure in result["failed"].as_array().unwrap() {
        let error = &failure["error"];
        assert_eq!(
            (&error["code"], &error["status"], &error["retry"]),
            (&json!("storage_full"), &json!(507), &json!("never"))
        );
        assert!(error["hint"].as_str().unwrap().contains("`list_pets`"), "{error}");
    }
    let notes = result["notes"].as_array().unwrap();
    assert_eq!(notes[0], "the store is full, so the rest was not sent", "{result}");
    assert_eq!(
        notes.last().unwrap().as_str().unwrap(),
        format!(
            "3 of the 10 animals were created; {} failed (`failed` says why, and its `retry` whether sending one \
             again can help); {} were not sent, as the batch stopped first (`notSent`: safe to send again)",
            failed.len(),
            not_sent.len()
        )
    );
    assert_eq!(env.sandbox.pets().len(), 8);
}

/// Answers that never come whole: each such animal is of unknown outcome (it was created, unseen), never sent
/// again. (How many are sent before the batch stops for a server that keeps failing depends on the transport:
/// over HTTP/2 the requests one broken connection takes with it count as one failure.)
#[tokio::test]
async fn add_pets_reports_animals_of_unknown_outcome_and_sends_none_again() {
    let env = shop(Config::default().seed_pets(5).lost_reply_rate(1.0).fault_seed(1));
    let (running, _) = connect(server(&env, "play", &["--allow-writes"]), Person::CannotBeAsked).await;
    let pets: Vec<Value> = (0..30).map(|n| json!({"name": format!("Pet {n}"), "categoryId": 1})).collect();
    let result =
        call(&running, "add_pets", json!({ "pets": pets, "ifAbsent": false })).await.structured_content.unwrap();
    running.cancel().await.unwrap();
    let unknown = result["unknown"].as_array().unwrap();
    assert_eq!((result["created"].as_array().unwrap().len(), &result["complete"]), (0, &json!(false)), "{result}");
    let not_sent = result["notSent"].as_array().unwrap().len();
    assert!(!unknown.is_empty() && unknown.len() + not_sent == 30, "{result}");
    for entry in unknown {
        let error = &entry["error"];
        assert_eq!((&error["code"], &error["retry"]), (&json!("unknown_outcome"), &json!("check-first")), "{error}");
        assert!(error["hint"].as_str().unwrap().contains("`find_pets`"), "{error}");
    }
    // Each went out once, and was carried out: none was sent again.
    let sent = unknown.len() + result["failed"].as_array().unwrap().len();
    assert_eq!((posts(&env), env.sandbox.pets().len()), (sent, 5 + unknown.len()));
}

/// An `add_pets` the client cancels while its requests are out: nothing more is sent, and what came of each
/// animal is told in a log notification and in the next result, never in the cancelled call's answer.
#[test]
fn an_add_pets_cancelled_while_sending_sends_no_more_and_says_what_came_of_each() {
    let latency = Duration::from_millis(500);
    let env = shop(Config::default().seed_pets(5).latency(latency..=latency));
    let mut raw = Raw::start_in(&env, "play", &["--allow-writes"]);
    let pets: Vec<Value> = (0..20).map(|n| json!({"name": format!("Pet {n}"), "categoryId": 1})).collect();
    raw.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "add_pets", "arguments": {"pets": pets}}}));
    let deadline = Instant::now() + Duration::from_secs(20);
    while posts(&env) == 0 {
        assert!(Instant::now() < deadline, "no POST reached the sandbox");
        std::thread::sleep(Duration::from_millis(5));
    }
    raw.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": 1, "reason": "the user pressed stop"}}));
    let seen = replies_until(&mut raw, |message| message["method"] == "notifications/message");
    let log = seen.last().unwrap()["params"]["data"].clone();
    let created: Vec<&Value> = log["created"].as_array().unwrap().iter().map(|created| &created["index"]).collect();
    assert_eq!(created, [0, 1, 2, 3], "{log}");
    assert_eq!((&log["tool"], &log["notSent"]), (&json!("add_pets"), &json!((4..20).collect::<Vec<_>>())), "{log}");
    assert_eq!(
        log["message"],
        "`add_pets` (request 1) was cancelled after its first `POST /pets` went out: 4 animals were created and 16 \
         were not sent (`notSent`)"
    );

    raw.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "list_pets", "arguments": {"limit": 1}}}));
    let seen: Vec<Value> = seen.into_iter().chain(replies_until(&mut raw, |message| message["id"] == 2)).collect();
    assert!(seen.iter().all(|message| message["id"] != 1), "the cancelled call was answered: {seen:?}");
    let next = &seen.last().unwrap()["result"]["structuredContent"];
    assert_fits_output_schema(&raw_tools(&mut raw, 9), "list_pets", next);
    let reported = &next["cancelledAdds"];
    assert_eq!((&reported[0]["requestId"], &reported[0]["created"]), (&json!(1), &log["created"]), "{reported}");
    assert_eq!((posts(&env), env.sandbox.pets().len()), (4, 9));
    drop(raw.child.stdin.take());
    let (code, stderr, _) = raw.exit();
    assert_eq!((code, stderr.as_str()), (0, ""));
}
