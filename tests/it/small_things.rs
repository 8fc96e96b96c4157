//! Issue 24 point 8: small things that cost trust.

use crate::assert_run;
use crate::common::canned::Canned;
use crate::common::{KEY, Run, TestEnv};

#[test]
fn login_checks_the_keyring_before_it_reads_the_key() {
    let env = TestEnv::new();
    assert_eq!(env.run(&["env", "add", "local", &env.sandbox.base_url()]).code, 0);
    // No Secret Service on this test's bus: the keyring fails before the key is read or checked.
    let login = ["auth", "login", "--env", "local", "--storage", "keyring"];
    let run = Run::with_stdin(env.command().env_remove("PETSTORE_API_KEY").args(login), KEY);
    assert_eq!(run.code, 4, "{run}");
    assert!(run.stderr.starts_with("error: cannot store the key: the Secret Service cannot be reached"), "{run}");
    assert_eq!(env.sandbox.request_count(), 0, "the key was never checked against the API");
    // The file store needs no check: an empty key is what it refuses.
    let run = env.run_with_stdin(&["auth", "login", "--env", "local", "--storage", "file"], "\n");
    assert_eq!(run.code, 2, "{run}");
}

#[test]
fn curl_says_how_to_export_a_stored_key() {
    let env = TestEnv::new();
    assert_eq!(env.run(&["env", "add", "local", &env.sandbox.base_url()]).code, 0);
    let args = ["--env", "local", "pets", "add", "--name", "Rex", "--category-id", "1", "--curl"];
    let mut cmd = env.command();
    cmd.env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").args(args);
    assert_run!("curl_export_hint", Run::of(&mut cmd));
    // With the variable set, the command runs as printed: nothing to say.
    let run = Run::of(env.command().env_remove("PETSTORE_BASE_URL").args(args));
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    // A base URL that is no environment's has no stored key to export.
    let run = Run::of(
        env.command().env_remove("PETSTORE_API_KEY").args(["--base-url", "http://127.0.0.1:9/v1"]).args(&args[2..]),
    );
    assert!(run.stderr.starts_with("note: the command reads the key from `PETSTORE_API_KEY`"), "{run}");
    assert!(run.stderr.contains("set it first to the key for `http://127.0.0.1:"), "{run}");
}

#[test]
fn api_blames_the_base_url_for_a_404_only_when_it_is_the_likely_cause() {
    let env = TestEnv::new();
    // The API answered with its own error: the path is at fault, not the base URL.
    assert_run!("api_404_unknown_path", env.run(&["api", "GET", "/nothing/here"]));
    assert_run!("api_404_unserved_spec_path", env.run(&["api", "GET", "/store/orders"]));
    assert_run!("api_404_no_such_animal", env.run(&["api", "GET", "/pets/999"]));
    // A base URL without its version path: the base URL.
    let root = env.sandbox.base_url().trim_end_matches("/v1").to_owned();
    assert_run!("api_404_unversioned_base_url", env.run(&["--base-url", &root, "api", "GET", "/pets"]));
    // Something that is not the API answered (no API error document): the base URL again.
    let other = Canned::start("404 Not Found", Some("text/html"), "<h1>Not Found</h1>");
    let base = format!("{}/v1", other.base_url().trim_end_matches('/'));
    assert_run!("api_404_not_the_api", env.run(&["--base-url", &base, "api", "GET", "/pets"]));
}

#[test]
fn a_piped_json_body_ends_with_a_newline() {
    let env = TestEnv::new();
    let run = env.run(&["api", "GET", "/pets?limit=1"]);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "[{\"id\":1,\"name\":\"Rex\",\"categoryId\":1,\"status\":\"available\"}]\n"),
        "{run}"
    );
    let run = env.run(&["api", "GET", "/pets/999"]);
    assert!(run.stdout.ends_with("}\n"), "{run}");
    // Any other body is written as it came.
    let other = Canned::start("200 OK", Some("text/plain"), "no newline");
    let base = format!("{}/v1", other.base_url().trim_end_matches('/'));
    let run = env.run(&["--base-url", &base, "api", "GET", "/x"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "no newline"), "{run}");
}

#[test]
fn the_packaged_bash_completion_completes_environment_names() {
    if !crate::common::have_tool("bash", "bash") {
        return;
    }
    let env = TestEnv::new();
    assert_eq!(env.run(&["env", "add", "eu-west", "https://eu.example/v1"]).code, 0);
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("completions/petstore.bash");
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_petstore")).parent().unwrap().to_owned();
    let complete = |words: &str| {
        let program = format!(
            "source {}; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
             _petstore petstore \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; \
             echo \"${{COMPREPLY[*]}}\"",
            script.display()
        );
        let output = std::process::Command::new("bash")
            .args(["--noprofile", "--norc", "-c", &program])
            .env_clear()
            .env("PATH", format!("{}:/usr/bin:/bin", bin_dir.display()))
            .env("HOME", env.home())
            .env("PETSTORE_CONFIG_DIR", env.config_dir())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap().trim_end().to_owned()
    };
    assert_eq!(complete("petstore --env ''"), "production staging sandbox eu-west");
    assert_eq!(complete("petstore pets list --env s"), "staging sandbox");
    assert_eq!(complete("petstore env use e"), "eu-west");
    assert_eq!(complete("petstore env set ''"), "production staging sandbox eu-west");
    assert_eq!(complete("petstore env remove eu"), "eu-west");
    assert_eq!(complete("petstore env confirm-writes p"), "production");
    // Options still complete where an option is typed; `env add` names a new environment.
    assert_eq!(complete("petstore env use --jso"), "--json");
    assert_eq!(complete("petstore env add e"), "");
}
