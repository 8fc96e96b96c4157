use super::*;

use crate::output::{Output, OutputSettings};

/// A check as the checklist makes it.
fn check(name: &'static str, status: Status, detail: &str) -> Check {
    Check { name, status, detail: detail.to_owned() }
}

#[test]
fn a_checklist_that_passed_is_printed_and_said_to_have_passed() {
    let (output, captured) = Output::captured(&OutputSettings::default());
    report(&output, vec![check("config", Status::Pass, "read `a`"), check("tls", Status::Skip, "needs a base URL")])
        .unwrap();
    assert_eq!(captured.stdout(), "config\tPASS\tread `a`\ntls\tSKIP\tneeds a base URL\n");
    assert_eq!(captured.stderr(), "all 2 checks passed\n");
}

#[test]
fn warnings_alone_do_not_fail_and_are_counted() {
    let (output, captured) = Output::captured(&OutputSettings::default());
    report(&output, vec![check("keyring", Status::Warn, "not needed now")]).unwrap();
    report(&output, vec![check("keyring", Status::Warn, "a"), check("clock", Status::Warn, "b")]).unwrap();
    assert_eq!(captured.stderr(), "no check failed; 1 warning\nno check failed; 2 warnings\n");
}

#[test]
fn a_failed_check_fails_the_command_after_the_whole_report_as_json() {
    let (output, captured) = Output::captured(&OutputSettings::json());
    let err = report(
        &output,
        vec![
            check("config", Status::Pass, "read `a`"),
            check("key", Status::Fail, "no key"),
            check("tls", Status::Warn, "w"),
        ],
    )
    .unwrap_err();
    assert!(err.is(&code::CHECKS_FAILED));
    assert_eq!(err.to_string(), "1 of 3 checks failed");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&captured.stdout()).unwrap(),
        serde_json::json!({ "ok": false, "checks": [
            { "name": "config", "status": "pass", "detail": "read `a`" },
            { "name": "key", "status": "fail", "detail": "no key" },
            { "name": "tls", "status": "warn", "detail": "w" },
        ]})
    );
    assert_eq!(captured.stderr(), "", "the error is main's to print");
}

/// The built-in environment `name`.
fn built_in(name: &str) -> Environment {
    config::built_in_environments().into_iter().find(|env| env.name == name).unwrap()
}

#[test]
fn a_placeholder_url_is_a_warning_and_a_bare_url_has_only_the_variable_for_a_key() {
    let production = built_in("production");
    let (status, detail) =
        environment(&Target { base_url: &production.base_url, env: Some(&production), confirmed: None });
    assert_eq!(status, Status::Warn);
    assert_eq!(
        detail,
        format!(
            "`production`: {} is a placeholder; set the real one with `petstore env set production --base-url URL`",
            production.base_url
        )
    );
    let sandbox = built_in("sandbox");
    let target = Target { base_url: &sandbox.base_url, env: Some(&sandbox), confirmed: None };
    assert_eq!(environment(&target), (Status::Pass, format!("`sandbox`: {}", sandbox.base_url)));
    let bare = Target { env: None, ..target };
    assert_eq!(
        environment(&bare),
        (
            Status::Pass,
            format!(
                "{}, which is not one of petstore's environments: only `{API_KEY_VAR}` gives it a key",
                sandbox.base_url
            )
        )
    );
}

#[test]
fn an_unreachable_keyring_fails_only_when_the_key_is_kept_there_uncached() {
    let sandbox = built_in("sandbox");
    let unreachable = Err(keyring::KeyringError::TimedOut { backend: "Secret Service", after: Duration::from_secs(3) });
    let why = "the Secret Service did not answer within 3 s";
    assert_eq!(keyring_check(&Ok(()), Some(Source::Keyring), Some(&sandbox), false).0, Status::Pass);
    assert_eq!(
        keyring_check(&unreachable, Some(Source::Keyring), Some(&sandbox), false),
        (
            Status::Fail,
            format!(
                "{why}; the key for `sandbox` is kept there; set `{API_KEY_VAR}`, or run `petstore auth login --env \
                 sandbox --storage kernel` (or `--storage file`)"
            )
        )
    );
    let (status, detail) = keyring_check(&unreachable, Some(Source::Keyring), Some(&sandbox), true);
    assert_eq!(status, Status::Warn);
    assert!(detail.contains("comes from the kernel's cached copy until that expires"), "{detail}");
    assert_eq!(
        keyring_check(&unreachable, Some(Source::EnvVar), None, false),
        (Status::Warn, format!("{why}; not needed now: the key comes from `{API_KEY_VAR}`"))
    );
    assert_eq!(
        keyring_check(&unreachable, Some(Source::BuiltIn), Some(&sandbox), false),
        (Status::Warn, format!("{why}; not needed now: `sandbox` has a built-in key"))
    );
}

#[test]
#[cfg(target_os = "linux")]
fn a_kernel_keyring_that_answers_says_how_long_it_caches() {
    let sandbox = built_in("sandbox");
    assert_eq!(
        kernel_check(None, &Ok(()), Some(Source::Keyring), Some(&sandbox)),
        (
            Status::Pass,
            format!(
                "it answers; keys read from the {} are cached for 15 minutes (`key_cache_ttl`)",
                keyring::backend()
            )
        )
    );
    let (status, detail) = kernel_check(None, &Ok(()), Some(Source::Kernel), Some(&sandbox));
    assert_eq!(status, Status::Pass);
    assert!(detail.starts_with("it answers; the key for `sandbox` is kept there: no file holds it"), "{detail}");
}

/// An answer of `status`, now, without headers.
fn answered(status: StatusCode, result: Result<(), Error>) -> ProbeResult {
    ProbeResult::Answered(answer(None, None, None).with_status(status), result)
}

impl ServerAnswer {
    fn with_status(self, status: StatusCode) -> ServerAnswer {
        ServerAnswer { status, ..self }
    }
}

#[test]
fn tls_is_not_used_for_plain_http_and_fails_only_on_a_tls_error() {
    let https = Url::parse("https://api.example.com/v1").unwrap();
    let http = Url::parse("http://127.0.0.1:8080/v1").unwrap();
    let tls_error = || ProbeResult::Failed(Error::new(&code::TLS, "bad certificate").with_hint("pass --cacert"));
    assert_eq!(tls(None, &tls_error()), skip("needs a base URL"));
    assert_eq!(
        tls(Some(&http), &tls_error()),
        (Status::Pass, "not used: plain `http://` to a loopback address does not leave this machine".to_owned())
    );
    assert_eq!(tls(Some(&https), &tls_error()), (Status::Fail, "bad certificate; pass --cacert".to_owned()));
    assert_eq!(
        tls(Some(&https), &answered(StatusCode::OK, Ok(()))),
        (Status::Pass, "the certificate of `api.example.com` is valid and trusted".to_owned())
    );
    assert_eq!(tls(Some(&https), &ProbeResult::NotSent("needs an API key to send")), skip("needs an API key to send"));
    let refused = ProbeResult::Failed(Error::new(&code::SERVER_ERROR, "refused"));
    assert_eq!(tls(Some(&https), &refused), skip("needs a connection to the server"));
}

/// The error of a 401 answer.
fn refused() -> Error {
    Error::from(api::Error::Status {
        status: StatusCode::UNAUTHORIZED,
        body: None,
        excerpt: String::new(),
        request_id: None,
    })
}

#[test]
fn the_server_passes_when_it_answered_even_a_refused_key() {
    let request = "GET /v1/pets?limit=1";
    assert_eq!(
        server(&answered(StatusCode::OK, Ok(())), request),
        (Status::Pass, "`GET /v1/pets?limit=1` answered 200 OK".to_owned())
    );
    assert_eq!(
        server(&answered(StatusCode::UNAUTHORIZED, Err(refused())), request),
        (Status::Pass, "`GET /v1/pets?limit=1` answered 401 Unauthorized".to_owned())
    );
    let failed = Error::new(&code::SERVER_ERROR, "the server failed").with_hint("try later");
    assert_eq!(
        server(&answered(StatusCode::INTERNAL_SERVER_ERROR, Err(failed)), request),
        (Status::Fail, "the server failed; try later".to_owned())
    );
    assert_eq!(server(&ProbeResult::Failed(Error::new(&code::TLS, "bad")), request), skip("needs a TLS connection"));
    assert_eq!(server(&ProbeResult::NotSent("needs a base URL"), request), skip("needs a base URL"));
}

#[test]
fn a_refused_key_says_to_log_in_again_where_login_keeps_it_else_to_check_the_variable() {
    let sandbox = built_in("sandbox");
    assert_eq!(key_accepted(Ok(&Ok(())), Some(Source::EnvVar), None), (Status::Pass, "accepted".to_owned()));
    assert_eq!(key_accepted(Err("needs a base URL"), None, None), skip("needs a base URL"));
    let (status, detail) = key_accepted(Ok(&Err(refused())), Some(Source::Keyring), Some(&sandbox));
    assert_eq!(status, Status::Fail);
    assert!(detail.starts_with("refused (HTTP 401): "), "{detail}");
    assert!(detail.ends_with("; run `petstore auth login --env sandbox` again"), "{detail}");
    let (_, detail) = key_accepted(Ok(&Err(refused())), Some(Source::EnvVar), Some(&sandbox));
    assert!(detail.ends_with(&format!("; check `{API_KEY_VAR}`")), "{detail}");
    let unknown = Err(Error::new(&code::SERVER_ERROR, "boom"));
    assert_eq!(
        key_accepted(Ok(&unknown), Some(Source::Keyring), Some(&sandbox)),
        skip("needs an answer about the key (see `server`)")
    );
}

#[test]
fn a_proxy_is_shown_with_its_credentials_masked() {
    let uri = "https://api.example.com/v1".parse().unwrap();
    let through = |proxy: &str| shown_proxy(&Matcher::builder().all(proxy).build().intercept(&uri).unwrap());
    assert_eq!(
        through("http://user:s3cret@proxy.local:3128"),
        format!("http://{}@proxy.local:3128", config::base_url::MASKED_USERINFO)
    );
    assert_eq!(through("http://proxy.local:3128"), "http://proxy.local:3128");
}

#[test]
fn proxy_credentials_are_masked_in_every_form() {
    assert_eq!(mask_proxy("http://user:s3cret@proxy:3128"), "http://****@proxy:3128");
    assert_eq!(mask_proxy("http://user:p@ss@proxy:3128/x"), "http://****@proxy:3128/x");
    assert_eq!(mask_proxy("user:s3cret@proxy:3128"), "****@proxy:3128");
    assert_eq!(mask_proxy("socks5h://tok@proxy"), "socks5h://****@proxy");
    assert_eq!(mask_proxy("http://proxy:3128/a@b"), "http://proxy:3128/a@b");
    assert_eq!(mask_proxy("http://proxy:3128"), "http://proxy:3128");
}

fn answer(date: Option<String>, deprecation: Option<&str>, sunset: Option<&str>) -> ServerAnswer {
    ServerAnswer {
        status: StatusCode::OK,
        received: SystemTime::now(),
        date,
        deprecation: deprecation.map(str::to_owned),
        sunset: sunset.map(str::to_owned),
    }
}

#[test]
fn clock_skew_warns_beyond_a_minute_and_fails_beyond_five() {
    let off_by = |secs: i64| {
        let now = SystemTime::now();
        let server = if secs >= 0 {
            now - Duration::from_secs(secs.unsigned_abs())
        } else {
            now + Duration::from_secs(secs.unsigned_abs())
        };
        clock(&answer(Some(httpdate::fmt_http_date(server)), None, None))
    };
    assert_eq!(off_by(0).0, Status::Pass);
    // The `Date` header has whole seconds, so 30 s and a little reads as 30 s.
    let (status, detail) = off_by(30);
    assert_eq!(status, Status::Pass);
    assert!(detail.starts_with("the local clock is 30 s ahead of the server's (`Date: "), "{detail}");
    assert_eq!(off_by(-90).0, Status::Warn);
    assert!(off_by(-90).1.contains("behind"));
    assert_eq!(off_by(400).0, Status::Fail);
    assert_eq!(clock(&answer(None, None, None)).0, Status::Skip);
    assert_eq!(clock(&answer(Some("yesterday".into()), None, None)).0, Status::Skip);
}

#[test]
fn deprecation_headers_are_a_warning_in_words() {
    let request = "GET /v1/pets?limit=1";
    assert_eq!(deprecation(&answer(None, None, None), request).0, Status::Pass);
    let (status, detail) =
        deprecation(&answer(None, Some("@1767225600"), Some("Wed, 01 Jan 2031 00:00:00 GMT")), request);
    assert_eq!(status, Status::Warn);
    assert_eq!(
        detail,
        "the API deprecates `GET /v1/pets?limit=1` since Thu, 01 Jan 2026 00:00:00 GMT and removes it after \
         Wed, 01 Jan 2031 00:00:00 GMT; look for a newer petstore"
    );
    let (_, detail) = deprecation(&answer(None, Some("true"), Some("Sun, 01 Jan 2017 00:00:00 GMT")), request);
    assert!(
        detail.contains("(`Deprecation: true`) and removes it after Sun, 01 Jan 2017 00:00:00 GMT, which has passed"),
        "{detail}"
    );
}
