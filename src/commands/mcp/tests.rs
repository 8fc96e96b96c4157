use super::add_pet::AddResult;
use super::ledger::{CallId, Cancelled, CancelledAdd};
use super::list_writes::WritesResult;
use super::results::{Confirmation, error_object, pets_result};
use super::*;
use crate::error::code;
use petstore_core::api::{NewPet, Pet, PetStatus};
use petstore_core::catalog::{Coverage, Criteria};
use petstore_core::journal::{Outcome as JournalOutcome, Via};
use rmcp::model::NumberOrString;
use serde::Serialize;

#[test]
fn the_pets_property_is_the_schema_of_pets_list() {
    let mut expected = crate::commands::schema::for_command("pets list").unwrap();
    schema::portable(&mut expected);
    let ours = Value::Object((*schema::output::<PetsResult>()).clone());
    // The same `Pet`, derived once: its definition, and an array of it.
    assert_eq!(ours["$defs"]["Pet"], expected["$defs"]["Pet"]);
    let object = expected.as_object_mut().unwrap();
    for key in ["$schema", "title", "$defs"] {
        object.remove(key);
    }
    let mut pets = ours["properties"]["pets"].clone();
    pets.as_object_mut().unwrap().remove("description");
    assert_eq!(pets, expected);
}

#[test]
fn the_docs_give_the_bounds_on_requests_and_batches() {
    let docs = include_str!("../../../docs/mcp.md");
    assert!(docs.contains(&format!("at most {MAX_REQUESTS_AT_ONCE} requests")), "docs/mcp.md");
    assert!(docs.contains(&format!("up to **{MAX_BATCH} animals in one call**")), "docs/mcp.md");
    let [read_only, writes] = TOOLS_LIST_MOST_BYTES.map(|most| format!("{},{:03}", most / 1000, most % 1000));
    let words = format!("at most {read_only} bytes read-only and {writes} with `--allow-writes`");
    let lines_joined = docs.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(lines_joined.contains(&words), "docs/mcp.md: {words}");
}

#[test]
fn tools_list_takes_no_more_bytes_than_its_bound() {
    fn bytes(value: &impl Serialize) -> usize {
        serde_json::to_vec(value).expect("it serialises").len()
    }
    for (allow_writes, most) in [false, true].into_iter().zip(TOOLS_LIST_MOST_BYTES) {
        let listed = ListToolsResult::with_all_items(tools(allow_writes));
        let each: Vec<String> = listed
            .tools
            .iter()
            .map(|tool| format!("{} {} (output schema {})", tool.name, bytes(tool), bytes(&tool.output_schema)))
            .collect();
        let all = bytes(&listed);
        assert!(
            all <= most,
            "tools/list takes {all} bytes (allow_writes: {allow_writes}), past its {most}: {each:?}; make it \
             lighter, or raise TOOLS_LIST_MOST_BYTES and docs/mcp.md knowing why"
        );
    }
}

/// `arguments` as a call's JSON object.
fn arguments(arguments: Value) -> JsonObject {
    let Value::Object(arguments) = arguments else { panic!("an object") };
    arguments
}

#[test]
fn tools_list_has_the_read_tools_and_the_write_tools_only_with_allow_writes() {
    let names = |allow_writes| tools(allow_writes).into_iter().map(|tool| tool.name.to_string()).collect::<Vec<_>>();
    assert_eq!(names(false), ["list_pets", "find_pets"]);
    assert_eq!(names(true), ["list_pets", "find_pets", "add_pet", "add_pets", "list_writes"]);
    let read_only = |tool: &Tool| tool.annotations.as_ref().and_then(|annotations| annotations.read_only_hint);
    let hints: Vec<_> = tools(true).iter().map(read_only).collect();
    assert_eq!(hints, [Some(true), Some(true), Some(false), Some(false), Some(true)]);
}

#[test]
fn a_write_tool_without_allow_writes_is_an_unknown_tool() {
    let args = || arguments(serde_json::json!({ "name": "Rex", "categoryId": 1 }));
    for tool in ["add_pet", "add_pets"] {
        let err = read_call(tool, args(), false).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_ref()),
            (ErrorCode::INVALID_PARAMS, format!("unknown tool `{tool}`").as_str())
        );
    }
    let Ok(Ok(Call::Add(add))) = read_call("add_pet", args(), true) else { panic!("an add_pet call") };
    assert_eq!((add.name.as_str(), add.category_id, add.status), ("Rex", 1, None));
}

#[test]
fn an_unknown_tool_is_named_cut_to_64_characters_and_escaped() {
    let long = format!("x\n{}", "y".repeat(100));
    let err = read_call(&long, JsonObject::new(), true).unwrap_err();
    assert_eq!(err.message, format!("unknown tool `x\\n{}`", "y".repeat(62)));
}

#[test]
fn arguments_that_do_not_fit_are_a_failed_call_not_a_protocol_error() {
    let call = read_call("list_pets", arguments(serde_json::json!({ "colour": "red" })), false).unwrap();
    let err = call.unwrap_err();
    assert!(err.is(&code::INVALID_VALUE), "{err:?}");
    assert!(err.to_string().contains("`list_pets` takes no argument `colour`"), "{err}");
    let Ok(Ok(Call::List(list))) =
        read_call("list_pets", arguments(serde_json::json!({ "limit": "5", "status": "sold" })), false)
    else {
        panic!("a list_pets call")
    };
    assert_eq!((list.limit, list.status, list.all), (Some(5), Some(PetStatus::Sold), false));
}

#[test]
fn find_pets_needs_one_criterion_and_matches_names_in_any_case() {
    assert_eq!(
        none_args().criteria().unwrap_err().to_string(),
        "invalid value: `find_pets` needs at least one of `id`, `name`, `nameContains`, `categoryId` and `status`"
    );
    let rex = find_args(serde_json::json!({ "name": "rex" }));
    assert_eq!(rex.criteria().unwrap(), Criteria { name: Some("rex".into()), exact: false, ..Criteria::default() });
}

/// `find_pets`'s arguments as a call gives them.
fn find_args(given: Value) -> FindPetsArgs {
    let Ok(Ok(Call::Find(find))) = read_call("find_pets", arguments(given), false) else { panic!("a find_pets call") };
    find
}

/// `find_pets` with no argument.
fn none_args() -> FindPetsArgs {
    find_args(serde_json::json!({}))
}

#[test]
fn add_pet_refuses_a_name_it_could_not_read_back_before_sending() {
    let add = |name: String| {
        let arguments = arguments(serde_json::json!({ "name": name, "categoryId": 2, "status": "pending" }));
        let Ok(Ok(Call::Add(add))) = read_call("add_pet", arguments, true) else { panic!("an add_pet call") };
        add.new_pet()
    };
    assert_eq!(
        add("Rex".into()).unwrap(),
        NewPet { name: "Rex".into(), category_id: 2, status: Some(PetStatus::Pending) }
    );
    let most = petstore_core::api::models::NAME_MAX_BYTES;
    assert!(add("x".repeat(most)).is_ok());
    assert_eq!(
        add("x".repeat(most + 1)).unwrap_err().to_string(),
        format!("invalid value: `name` is longer than {most} bytes")
    );
    let empty = add(String::new()).unwrap_err();
    assert!(empty.is(&code::INVALID_VALUE), "{empty:?}");
}

#[test]
fn params_that_do_not_fit_a_known_method_are_invalid_params() {
    assert_eq!(params_problem("pets/eat", None), None);
    assert_eq!(
        params_problem("tools/call", Some(&serde_json::json!({ "name": "list_pets", "arguments": [1] }))).unwrap(),
        "invalid params: `arguments` of `tools/call` must be an object of the tool's argument names, got an array"
    );
    let no_name = params_problem("tools/call", Some(&serde_json::json!({ "arguments": {} }))).unwrap();
    assert!(no_name.starts_with("invalid params of `tools/call`: missing field `name`"), "{no_name}");
    assert_eq!(
        params_problem("tools/list", Some(&Value::Bool(true))).unwrap(),
        "invalid params: they do not fit `tools/list`"
    );
}

#[test]
#[expect(deprecated, reason = "MCP logging (SEP-2577) is the one notification clients show of a cancelled add")]
fn the_writes_in_flight_and_log_levels_are_counted_right() {
    assert_eq!(in_flight(1), "`POST /pets` was in flight: the animal may have been created");
    assert_eq!(in_flight(3), "3 `POST /pets` requests were in flight: the animals may have been created");
    use rmcp::model::LoggingLevel;
    let ranks = [LoggingLevel::Debug, LoggingLevel::Warning, LoggingLevel::Emergency].map(level_rank);
    assert_eq!(ranks, [0, 3, 7]);
    assert_eq!(CallId::of(&NumberOrString::String("a`b".into())).words(), r"`a\u{60}b`");
    assert_eq!(CallId::of(&NumberOrString::Number(42)).words(), "42");
}

/// A result of each tool with every field it can have, and every kind of report of a cancelled add: an
/// `add_pet` that created its animal, one of unknown outcome, one refused, and an `add_pets` with an
/// animal in each list.
fn results_of_every_kind() -> Vec<(&'static str, Value)> {
    let pet = Pet { id: 7, name: "Rex".into(), category_id: 2, status: Some(PetStatus::Sold) };
    let unsorted = Pet { id: 8, status: None, ..pet.clone() };
    let new_pet = NewPet { name: "Rex".into(), category_id: 2, status: None };
    let lost = || Error::maybe_applied("no complete answer", "", Kind::Network).with_request_id(Some("r-2"));
    let refused = || Error::new(&code::SERVER_ERROR, "boom").with_status(Some(500)).with_hint("later");
    let outcomes = add_pets::samples::outcomes(&pet, &error_object(&refused()), &error_object(&lost()));
    let sold = NewPet { status: Some(PetStatus::Sold), ..new_pet.clone() };
    let [one, two, four] = [1, 2, 4].map(NumberOrString::Number);
    let reports = vec![
        Cancelled::Add(CancelledAdd::of(&one, &new_pet, JournalOutcome::Created, Ok(&pet))),
        Cancelled::Add(CancelledAdd::of(&two, &sold, JournalOutcome::Unknown, Err(&lost()))),
        Cancelled::Add(CancelledAdd::of(
            &NumberOrString::String("3".into()),
            &new_pet,
            JournalOutcome::Refused,
            Err(&refused()),
        )),
        Cancelled::Batch(add_pets::samples::cancelled(&four, outcomes.clone())),
    ];
    let coverage = Coverage { partitions: Vec::new(), partial: true, blind_spot: true };
    let pets = pets_result(
        vec![pet.clone(), unsorted],
        &coverage,
        vec![PetStatus::Sold],
        true,
        vec!["a note".into()],
        Some("GET /pets/{petId}".into()),
    );
    let mut reported = pets.clone();
    reported["cancelledAdds"] = serde_json::to_value(&reports).unwrap();
    let add = AddResult {
        pet: pet.clone(),
        created: true,
        request_id: Some("r-1".into()),
        note: Some("the server normalised the name".into()),
        confirmation: Confirmation::Accepted,
        cancelled_adds: reports.clone(),
    };
    let intent = petstore_core::journal::Intent {
        env: Some("shop".into()),
        base_url: "https://shop.example/v1".into(),
        method: "POST".into(),
        path: "/pets".into(),
        body: Some(serde_json::json!({ "name": "Rex", "categoryId": 2 })),
        request_id: Some("r-1".into()),
        via: Via::Mcp,
        assistant: Some("CLAUDECODE".into()),
        file: Some("add_pets".into()),
        line: Some(3),
    };
    let settled = petstore_core::journal::Entry {
        write: "w-1".into(),
        at: "2026-01-02T03:04:05.006Z".into(),
        name: Some("Rex".into()),
        intent: intent.clone(),
        outcome: JournalOutcome::Refused,
        pet_id: Some(7),
        code: Some("invalid_input".into()),
        status: Some(400),
        settled_at: Some("2026-01-02T03:04:06.006Z".into()),
        settled_by: Some("reconcile".into()),
    };
    let bare = petstore_core::journal::Entry {
        write: "w-2".into(),
        name: None,
        intent: petstore_core::journal::Intent {
            env: None,
            body: Some(Value::String("not json".into())),
            request_id: None,
            assistant: None,
            file: None,
            line: None,
            ..intent
        },
        outcome: JournalOutcome::Unknown,
        pet_id: None,
        code: None,
        status: None,
        settled_at: None,
        settled_by: None,
        ..settled.clone()
    };
    let writes = WritesResult { writes: vec![settled, bare], complete: false, cancelled_adds: reports.clone() };
    vec![
        ("list_pets", pets.clone()),
        ("list_pets", reported.clone()),
        ("find_pets", pets),
        ("find_pets", reported),
        ("add_pet", serde_json::to_value(add).unwrap()),
        ("add_pets", serde_json::to_value(add_pets::samples::result(outcomes, reports)).unwrap()),
        ("list_writes", serde_json::to_value(writes).unwrap()),
    ]
}

/// Why `result` does not fit the output schema of `tool` among `tools`; empty when it fits.
fn misfits(tools: &[Tool], tool: &str, result: &Value) -> Vec<String> {
    let listed = tools.iter().find(|listed| listed.name == tool).unwrap_or_else(|| panic!("`{tool}` listed"));
    let schema = Value::Object((**listed.output_schema.as_ref().unwrap()).clone());
    let validator = jsonschema::validator_for(&schema).unwrap_or_else(|err| panic!("`{tool}`: {err}"));
    validator.iter_errors(result).map(|err| format!("{err} at {}", err.instance_path())).collect()
}

#[test]
fn a_result_of_every_kind_fits_its_tools_output_schema() {
    let tools = tools(true);
    for (tool, result) in results_of_every_kind() {
        let misfits = misfits(&tools, tool, &result);
        assert!(misfits.is_empty(), "`{tool}`: {misfits:#?}\n{result:#}");
    }
}

#[test]
fn a_read_only_servers_results_have_no_cancelled_adds() {
    let (read_only, writes) = (tools(false), tools(true));
    let results = results_of_every_kind().into_iter().filter(|(tool, _)| matches!(*tool, "list_pets" | "find_pets"));
    for (tool, result) in results {
        let reports = result.get("cancelledAdds").is_some();
        assert_eq!(misfits(&read_only, tool, &result).is_empty(), !reports, "{tool}: {result:#}");
        assert!(misfits(&writes, tool, &result).is_empty(), "{tool}: {result:#}");
    }
    // The same schema, but for `cancelledAdds` and the definitions only it used.
    let mut schema = Value::Object((**writes[0].output_schema.as_ref().unwrap()).clone());
    schema["properties"].as_object_mut().unwrap().remove("cancelledAdds");
    schema["$defs"].as_object_mut().unwrap().retain(|name, _| name == "Pet" || name == "PetStatus");
    assert_eq!(Value::Object((**read_only[0].output_schema.as_ref().unwrap()).clone()), schema);
}

#[test]
fn an_output_schema_refuses_what_no_result_holds() {
    let tools = tools(true);
    let results = results_of_every_kind();
    let of = |tool: &str| results.iter().find(|(name, _)| *name == tool).unwrap().1.clone();
    let mut refused = Vec::new();
    let mut null_status = of("list_pets");
    null_status["pets"][1]["status"] = Value::Null;
    refused.push(("list_pets", null_status));
    let mut null_call = of("find_pets");
    null_call["deprecatedCall"] = Value::Null;
    refused.push(("find_pets", null_call));
    let mut unknown_field = of("add_pet");
    unknown_field["colour"] = Value::from("red");
    refused.push(("add_pet", unknown_field));
    let mut records = of("add_pets");
    records["failed"][0]["error"]["records"] = serde_json::json!([]);
    refused.push(("add_pets", records));
    let mut report_field = of("list_writes");
    report_field["cancelledAdds"][3]["colour"] = Value::from("red");
    refused.push(("list_writes", report_field));
    let mut no_hint = of("add_pets");
    no_hint["cancelledAdds"][1]["error"].as_object_mut().unwrap().remove("hint");
    refused.push(("add_pets", no_hint));
    for (tool, result) in refused {
        assert!(!misfits(&tools, tool, &result).is_empty(), "`{tool}` takes {result:#}");
    }
}

#[test]
fn every_tool_has_object_schemas_and_no_data_in_its_words() {
    for tool in tools(true) {
        assert_eq!(tool.input_schema["type"], "object", "{}", tool.name);
        assert_eq!(tool.output_schema.as_ref().unwrap()["type"], "object", "{}", tool.name);
    }
    assert_eq!(tools(false).len(), 2);
}
