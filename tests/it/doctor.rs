//! `petstore doctor`: the checklist when all is well, and when the keyring, the key, the server, the clock or
//! the config is not. The OS keyring is unreachable here by construction (see `TestEnv::command`), so the
//! keyring check is a warning at best.

use std::time::{Duration, SystemTime};

use crate::assert_run;
use crate::common::canned::Canned;
use crate::common::proxy::Proxy;
use crate::common::tls::SelfSigned;
use crate::common::transport::Transport;
use crate::common::{KEY, Run, TestEnv, dead_base_url};

/// A test env whose config has an environment `local` at `base_url`.
fn with_local_env_at(base_url: &str) -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{base_url}\"\n"));
    env
}

/// A test env whose config has an environment `local` pointing at its sandbox.
fn with_local_env() -> TestEnv {
    let env = TestEnv::new();
    env.write_config(&format!("[environments.local]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    env
}

/// The snapshot name of a whole checklist, whose `tls` row follows the transport: over HTTPS (`h1`, `h2`) it
/// checks the sandbox's certificate (with a key to send the request), where plain `http://` to loopback has
/// none to check. So each has its own snapshot, and each is checked in full.
fn over_transport(name: &str) -> String {
    match Transport::current() {
        Transport::Http => name.to_owned(),
        Transport::H1 | Transport::H2 => format!("{name}_over_https"),
    }
}

/// Each check's name and status, from `--json`.
fn statuses(run: &Run) -> Vec<(String, String)> {
    run.json()["checks"]
        .as_array()
        .unwrap_or_else(|| panic!("no checks:\n{run}"))
        .iter()
        .map(|check| (check["name"].as_str().unwrap().to_owned(), check["status"].as_str().unwrap().to_owned()))
        .collect()
}

/// The status and detail of the check called `name`, from `--json`.
fn check(run: &Run, name: &str) -> (String, String) {
    let json = run.json();
    let check = json["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|check| check["name"] == name)
        .unwrap_or_else(|| panic!("no `{name}` check:\n{run}"));
    (check["status"].as_str().unwrap().to_owned(), check["detail"].as_str().unwrap().to_owned())
}

#[test]
fn with_a_file_stored_key_every_check_passes_but_the_keyring_warns_and_exit_is_0() {
    let env = with_local_env();
    let login = env.run_with_stdin(&["auth", "login", "--env", "local", "--insecure-storage", "-q"], KEY);
    assert_eq!(login.code, 0, "{login}");
    let before = env.sandbox.request_count();

    assert_run!(over_transport("doctor_passing_piped"), env.run_logged_in(&["--env", "local", "doctor"]));
    assert_eq!(env.sandbox.request_count(), before + 1, "one request, no more");
    assert_run!(
        over_transport("doctor_passing_terminal"),
        Run::of(
            env.command()
                .env_remove("PETSTORE_API_KEY")
                .env("PETSTORE_TEST_TERMINAL", "1")
                .args(["--env", "local", "doctor", "--color", "never"])
        )
    );
    assert_run!(
        over_transport("doctor_passing_colour"),
        Run::of(
            env.command()
                .env_remove("PETSTORE_API_KEY")
                .env("PETSTORE_TEST_TERMINAL", "1")
                .args(["--env", "local", "doctor"])
        )
    );
}

#[test]
fn with_the_key_in_the_environment_variable_the_keyring_is_not_needed() {
    let env = with_local_env();
    let run = env.run(&["--env", "local", "doctor", "--json"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.json()["ok"], true);
    let (status, detail) = check(&run, "keyring");
    assert_eq!(status, "warn");
    assert!(detail.ends_with("; not needed now: the key comes from `PETSTORE_API_KEY`"), "{detail}");
    assert_eq!(check(&run, "key").1, "from `PETSTORE_API_KEY`: ****a5b2");
    assert!(statuses(&run).iter().all(|(name, status)| status == "pass" || name == "keyring"), "{run}");
}

#[test]
fn a_key_kept_in_an_unreachable_keyring_fails_and_what_needs_the_key_is_skipped() {
    let env = with_local_env();
    env.write_config(&format!("{}key_storage = \"keyring\"\n", env.read_config()));
    assert_run!(over_transport("doctor_keyring_unreachable"), env.run_logged_in(&["--env", "local", "doctor"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_wrong_key_fails_key_accepted_and_exits_1() {
    let env = with_local_env();
    let run = Run::of(env.command().env("PETSTORE_API_KEY", "wrong-key").args(["--env", "local", "doctor"]));
    assert_run!(over_transport("doctor_wrong_key"), run);
    assert_eq!(env.sandbox.request_count(), 1, "a 401 is not retried");
}

#[test]
fn a_server_that_is_down_fails_server_and_skips_what_needs_an_answer() {
    let env = with_local_env_at(&dead_base_url());
    assert_run!("doctor_server_down", env.run(&["--env", "local", "doctor"]));
    let run = env.run(&["--env", "local", "doctor", "--json"]);
    assert_run!("doctor_server_down_json", run);
    assert_eq!(run.json()["ok"], false);
    let failed: Vec<_> = statuses(&run).into_iter().filter(|(_, status)| status == "fail").collect();
    assert_eq!(failed, [("server".to_owned(), "fail".to_owned())]);
}

#[test]
fn a_fresh_install_warns_about_the_placeholder_and_needs_a_login() {
    let env = TestEnv::new();
    let run = Run::of(env.command().env_remove("PETSTORE_API_KEY").env_remove("PETSTORE_BASE_URL").arg("doctor"));
    assert_run!("doctor_fresh_install", run);
}

#[test]
fn a_malformed_config_fails_config_and_skips_what_needs_it() {
    let env = TestEnv::new();
    env.write_config("[environments.local]\nbase_url = 3\n");
    assert_run!("doctor_config_malformed", env.run(&["doctor"]));
    assert_eq!(env.sandbox.request_count(), 0);
}

#[test]
fn a_clock_far_off_fails_and_a_deprecation_warns() {
    let env = TestEnv::new();
    let server = Canned::with_headers(
        "200 OK",
        &[
            ("Content-Type", "application/json"),
            ("Date", "Thu, 01 Jan 2015 00:00:00 GMT"),
            ("Deprecation", "@1767225600"),
            ("Sunset", "Wed, 01 Jan 2031 00:00:00 GMT"),
        ],
        "[]",
    );
    let run = env.run(&["--base-url", server.base_url(), "doctor", "--json"]);
    assert_eq!(run.code, 1, "{run}");
    assert_eq!(
        run.stderr,
        "{\"error\":{\"code\":\"checks_failed\",\"message\":\"1 of 13 checks failed\",\"status\":null,\"exitCode\":1,\
         \"hint\":null,\"retry\":\"never\"}}\n",
        "no second warning about the deprecation"
    );
    let (status, detail) = check(&run, "clock");
    assert_eq!(status, "fail");
    assert!(detail.starts_with("the local clock is ") && detail.contains(" days ahead of the server's"), "{detail}");
    assert_eq!(
        check(&run, "deprecation"),
        (
            "warn".to_owned(),
            "the API deprecates `GET /v1/pets?limit=1` since Thu, 01 Jan 2026 00:00:00 GMT and removes it after \
             Wed, 01 Jan 2031 00:00:00 GMT; look for a newer petstore"
                .to_owned()
        )
    );
    assert_eq!(server.requests(), 1);
}

#[test]
fn a_clock_a_little_off_only_warns_and_warnings_alone_exit_0() {
    let env = TestEnv::new();
    let ahead = httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(150));
    let server = Canned::with_headers("200 OK", &[("Content-Type", "application/json"), ("Date", &ahead)], "[]");
    let run = env.run(&["--base-url", server.base_url(), "doctor", "--json"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.json()["ok"], true);
    let (status, detail) = check(&run, "clock");
    assert_eq!(status, "warn");
    assert!(detail.starts_with("the local clock is 2 minutes behind the server's"), "{detail}");
    assert_eq!(run.stderr, "no check failed; 2 warnings\n", "the keyring and the clock");
}

#[test]
fn a_server_without_a_date_header_skips_the_clock() {
    let env = TestEnv::new();
    let server = Canned::start("200 OK", Some("application/json"), "[]");
    let run = env.run(&["--base-url", server.base_url(), "doctor", "--json"]);
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(check(&run, "clock"), ("skip".to_owned(), "the answer has no `Date` header to compare with".to_owned()));
}

#[test]
fn proxy_variables_are_shown_with_their_credentials_masked() {
    // Plain HTTP whatever the transport: the last check is plain HTTP's rule.
    let env = TestEnv::over_plain_http(petstore_sandbox::Config::default().seed_pets(5));
    // Nothing listens at either address: the request fails at the proxy, which is what the proxy row names.
    let proxy = dead_base_url().replace("http://", "http://alice:s3cret-proxy-pass@").replace("/v1", "");
    let base_url = dead_base_url().replace("http://", "https://");
    let run = Run::of(
        env.command().env("HTTPS_PROXY", &proxy).env("http_proxy", &proxy).env("NO_PROXY", "example.com").args([
            "--base-url",
            &base_url,
            "doctor",
        ]),
    );
    assert!(!run.to_string().contains("s3cret-proxy-pass") && !run.to_string().contains("alice"), "{run}");
    assert_run!("doctor_proxy_masked", run);
    // Plain `http://` (loopback) never goes through a proxy, whatever the variables say.
    let run = Run::of(env.command().env("HTTP_PROXY", &proxy).args(["doctor", "--json"]));
    assert_eq!(run.code, 0, "{run}");
    let (status, detail) = check(&run, "proxy");
    assert_eq!(status, "pass");
    assert!(
        detail.starts_with(
            "not used for plain `http://`: requests to `127.0.0.1` go direct; set: HTTP_PROXY=http://****@127.0.0.1:"
        ),
        "{detail}"
    );
}

/// Whatever the proxy variables say (upper and lower case, empty, unusable, `NO_PROXY` forms, CGI), the
/// `proxy` row says what the client then does: it names the proxy exactly when the request went through it.
/// The server's certificate is not trusted, so each run makes one handshake (not retried), through the proxy
/// (a `CONNECT`) or not.
#[test]
fn the_proxy_row_says_what_the_client_does_for_every_combination() {
    let server = SelfSigned::start();
    let env = TestEnv::new();
    let connect = format!("CONNECT localhost:{} HTTP/1.1", server.port());
    // `P` stands for the proxy's URL; `through` is what the client must do.
    let cases: &[(&[(&str, &str)], bool)] = &[
        (&[("HTTPS_PROXY", "P")], true),
        (&[("https_proxy", "P")], true),
        (&[("ALL_PROXY", "P")], true),
        (&[("all_proxy", "P")], true),
        (&[("HTTP_PROXY", "P")], false),
        (&[("http_proxy", "P")], false),
        (&[("HTTPS_PROXY", "P"), ("NO_PROXY", "localhost")], false),
        (&[("https_proxy", "P"), ("no_proxy", ".localhost")], false),
        (&[("ALL_PROXY", "P"), ("no_proxy", "example.com, localhost")], false),
        (&[("HTTPS_PROXY", "P"), ("NO_PROXY", "*")], false),
        // A name is never matched by an address, nor a host by a longer name.
        (&[("HTTPS_PROXY", "P"), ("NO_PROXY", "127.0.0.1")], true),
        (&[("HTTPS_PROXY", "P"), ("NO_PROXY", "calhost")], true),
        // The upper-case name wins when set, even empty.
        (&[("NO_PROXY", ""), ("no_proxy", "localhost"), ("HTTPS_PROXY", "P")], true),
        (&[("HTTPS_PROXY", ""), ("https_proxy", "P")], false),
        // An unusable `HTTPS_PROXY` gives way to `ALL_PROXY`; a value without a scheme is `http://`.
        (&[("HTTPS_PROXY", "ftp://127.0.0.1:9"), ("ALL_PROXY", "P")], true),
        (&[("HTTPS_PROXY", "P-without-scheme")], true),
        // CGI: `REQUEST_METHOD` turns every proxy variable off.
        (&[("REQUEST_METHOD", "GET"), ("HTTPS_PROXY", "P")], false),
    ];
    for (vars, through) in cases {
        let proxy = Proxy::start();
        let mut command = env.command();
        for (name, value) in *vars {
            let value = match *value {
                "P" => proxy.url(),
                "P-without-scheme" => proxy.url().replace("http://", ""),
                other => other.to_owned(),
            };
            command.env(name, value);
        }
        let run = Run::of(command.args(["--base-url", &server.base_url(), "doctor", "--json"]));
        let (status, detail) = check(&run, "proxy");
        assert_eq!(status, "pass", "{vars:?}: {run}");
        let went_through = !proxy.requests().is_empty();
        assert_eq!(went_through, *through, "{vars:?}: what the client did; doctor said: {detail}");
        if went_through {
            assert_eq!(proxy.requests(), std::slice::from_ref(&connect), "{vars:?}");
            let expected = format!("requests to `localhost` go through {}; set: ", proxy.url());
            assert!(detail.starts_with(&expected), "{vars:?}: {detail}");
        } else {
            assert!(detail.contains("requests go direct") || detail.contains("go direct; set: "), "{vars:?}: {detail}");
        }
        assert_eq!(check(&run, "tls").0, "fail", "{vars:?}: the handshake was made: {run}");
    }
}

/// Which variable exempts the host is named; the variables set are listed, credentials masked.
#[test]
fn no_proxy_is_named_when_it_exempts_the_base_url() {
    let server = SelfSigned::start();
    let env = TestEnv::new();
    let proxy = Proxy::start();
    let with_password = proxy.url().replace("http://", "http://bob:pw-s3cret@");
    let run =
        Run::of(env.command().env("https_proxy", &with_password).env("no_proxy", "example.com,localhost").args([
            "--base-url",
            &server.base_url(),
            "doctor",
            "--json",
        ]));
    assert_eq!(proxy.requests(), Vec::<String>::new(), "{run}");
    let (_, detail) = check(&run, "proxy");
    assert_eq!(
        detail,
        format!(
            "`no_proxy` exempts `localhost`: requests go direct; set: https_proxy={}, no_proxy=example.com,localhost",
            proxy.url().replace("http://", "http://****@")
        )
    );
    assert!(!run.to_string().contains("pw-s3cret"), "{run}");
}

/// A certificate the client does not trust fails `tls` with the hint of the TLS error, the one `pets list`
/// gives; `server` and what needs an answer are skipped; one handshake, not retried.
#[test]
fn an_untrusted_certificate_fails_tls_with_the_cacert_hint() {
    let server = SelfSigned::start();
    let env = TestEnv::new();
    let run = env.run(&["--base-url", &server.base_url(), "doctor"]);
    let mut filters = crate::common::filters();
    filters.push((r"localhost:\d+", "localhost:[PORT]"));
    insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("doctor_tls_untrusted", run.to_string());
    });
    let list = env.run(&["--base-url", &server.base_url(), "pets", "list"]);
    assert_eq!(list.code, 5, "{list}");
    let (_, detail) = check(&env.run(&["--base-url", &server.base_url(), "doctor", "--json"]), "tls");
    assert_eq!(detail, list.stderr.trim_end().replacen("error: ", "", 1).replacen("\nhelp: ", "; ", 1));
}

#[test]
fn the_key_is_never_shown_even_when_verbose() {
    let env = with_local_env();
    // `Run::of` fails the test if the key appears anywhere; `--verbose` shows the request's headers.
    let run = env.run(&["--env", "local", "--verbose", "doctor"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(run.stderr.contains("authorization: Bearer ****"), "{run}");
}
