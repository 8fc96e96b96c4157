//! `petstore api`: any request under the active environment's base URL, with its key, for what has no command.

use std::io::Read;
use std::path::{Path, PathBuf};

use reqwest::header::{CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue};
use reqwest::{Method, Url};
use serde_json::{Map, Value};

use crate::cleanup::WriteInFlight;
use crate::commands::dry_run;
use crate::context::Context;
use crate::journal::Write;
use petstore_core::api::MAX_REQUEST_BODY_BYTES;
use petstore_core::api::client::decode;
use petstore_core::api::retry::changes_nothing;
use petstore_core::api::{self, Client, Prepared};
use petstore_core::credentials::API_KEY_VAR;
use petstore_core::journal::{Ended, Outcome, Via};

use crate::error::{Error, code};

/// Send any request to the API and print the answer's body
///
/// Sends METHOD (GET when only PATH is given; `-X METHOD` names another) to PATH under the active environment's base URL (`--env`, `--base-url`) with its API key: for
/// operations petstore has no command for. PATH is relative to the base URL, which includes the version
/// path: `/pets` goes to `https://HOST/v1/pets`; the leading slash is optional, and a query (`?a=b`) is kept.
/// A full URL, or a PATH whose `..` climbs above the base URL, is refused: the key goes to the base URL alone.
///
/// `-f` and `-F` add parameters: to the query for GET and HEAD, else to a JSON object sent as the body.
/// `-f` values are strings. `-F` values `true`, `false`, `null` and numbers are JSON's, `@FILE` is the
/// file's text (`@-`: stdin's), anything else a string. Keys are taken as they are (no nesting). A key given
/// twice is repeated in a query; in a body the last wins, `-F` coming after `-f`. `--input` sends a file, or
/// stdin, as the body instead, byte for byte. A body goes as `Content-Type: application/json` unless `-H`
/// says otherwise; without `-f`, `-F` or `--input`, no body is sent. A body, or a `-F @FILE` value, larger than
/// 1 MiB is refused before anything is sent (exit 2).
///
/// The body of the answer goes to stdout: piped, byte for byte (a JSON body gets a final newline if it has
/// none); on a terminal, JSON indented and control characters escaped; `--output` and `--json` are refused
/// (exit 2), as they cannot change it. `--jq` filters a JSON body of a 2xx answer. `-i` prints the status and
/// headers on stderr. An answer that is not 2xx still prints its body, then fails with its class's exit code:
/// 400 is 2, 401 and 403 are 4, 404 is 3, any other is 1 (see `petstore --help`).
///
/// A 404's hint names the likely cause: the base URL when it has no version path, or when what answered was
/// not the API (no API error document); otherwise the path, which the API does not serve.
///
/// `--dry-run` prints the request instead of sending it, the key shown as `Bearer ****`; `--curl` prints it as
/// a curl command that reads the key from `"$PETSTORE_API_KEY"`. Before any other write, at a terminal, an
/// environment whose writes are confirmed (production, by default) asks first; `--yes` answers.
///
/// GET and HEAD are retried as `pets list` is (after timeouts, dropped connections, 429 and 5xx); any other
/// method only when it certainly did not reach the server, or after a 429, so a write is never sent twice.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore api /pets -f status=sold -F limit=5
  petstore api -X POST /pets -f name=Rex -F categoryId=3
  petstore api POST /pets -f name=Rex -F categoryId=3
  echo '{\"name\": \"Tom\", \"categoryId\": 2}' | petstore api POST /pets --input -
  petstore api GET /store/orders
  petstore api GET /pets --jq '.[] | select(.status == \"sold\") | .name'
  petstore api -i HEAD /pets")]
pub struct ApiArgs {
    /// The HTTP method, in any case (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS...), then PATH; or PATH
    /// alone, sent as GET or as `-X` says
    #[arg(value_name = "METHOD|PATH")]
    pub first: String,

    /// The path below the base URL, e.g. `/pets` or `/pets?status=sold`
    #[arg(value_name = "PATH")]
    pub second: Option<String>,

    /// The HTTP method, as with curl and gh (`-X POST`) [default: GET]
    #[arg(short = 'X', long = "method", value_name = "METHOD", value_parser = parse_method)]
    pub method: Option<Method>,

    /// Add a string parameter (to the query for GET and HEAD, else to the JSON body)
    #[arg(short = 'f', long = "raw-field", value_name = "KEY=VALUE", value_parser = parse_field)]
    pub raw_fields: Vec<(String, String)>,

    /// Add a typed parameter: `true`, `false`, `null` and numbers as JSON, `@FILE` a file's text
    #[arg(short = 'F', long = "field", value_name = "KEY=VALUE", value_parser = parse_field)]
    pub fields: Vec<(String, String)>,

    /// Send this file as the body, as it is; `-` reads stdin
    #[arg(long, value_name = "FILE", conflicts_with_all = ["raw_fields", "fields"])]
    pub input: Option<PathBuf>,

    /// Add a request header (not `Authorization`: the key comes from the environment)
    #[arg(short = 'H', long = "header", value_name = "NAME: VALUE")]
    pub headers: Vec<String>,

    /// Print the answer's status and headers on stderr
    #[arg(short = 'i', long)]
    pub include: bool,

    #[command(flatten)]
    pub yes: crate::commands::confirm::YesArgs,

    #[command(flatten)]
    pub dry_run: crate::commands::dry_run::DryRunArgs,
}

/// Sends the request and prints the answer; a status that is not 2xx is an error after the body is printed.
impl ApiArgs {
    /// What `api` says about itself: the answer's body as the server sent it, which `--jq` may filter.
    pub fn about(&self) -> crate::commands::About<'_> {
        crate::commands::About::new(
            "api",
            crate::commands::formats::Prints::Body(
                "the answer's body prints as the server sent it",
                "leave it out; `--jq` filters a JSON answer",
            ),
        )
    }
}

/// The method and the path `args` ask for: `METHOD PATH`, or `PATH` with `-X METHOD` or as GET (as `gh api`
/// and curl take them). A write is never the default: without a method, nothing but a GET is sent.
fn method_and_path(args: &ApiArgs) -> Result<(Method, &str), Error> {
    match (&args.second, &args.method) {
        // `petstore api GET` lacks its path: a method's name in capitals is no path of the API's.
        (None, _) if ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].contains(&args.first.as_str()) => {
            Err(Error::new(&code::USAGE, format!("`petstore api {}` has no PATH", args.first))
                .with_hint(format!("give the path after the method: `petstore api {} /pets`", args.first)))
        }
        (None, method) => Ok((method.clone().unwrap_or(Method::GET), args.first.as_str())),
        (Some(path), None) => {
            let method = parse_method(&args.first).map_err(|why| {
                Error::invalid_value(format!("`{}` is {why}", args.first))
                    .with_hint("give `METHOD PATH`, or `PATH` alone for a GET (`-X METHOD` for another)")
            })?;
            Ok((method, path.as_str()))
        }
        (Some(path), Some(method)) => {
            Err(Error::invalid_value(format!("`{}` and `-X {method}` both name a method for `{path}`", args.first))
                .with_hint(format!(
                    "give one of them: `petstore api {method} {path}` or `petstore api -X {method} {path}`"
                )))
        }
    }
}

pub async fn run(ctx: &Context, args: &ApiArgs) -> Result<(), Error> {
    // Everything the user typed is checked before the key is looked up or anything is sent.
    let (method, path) = method_and_path(args)?;
    let mut headers = parse_headers(&args.headers)?;
    let mut url = resolve(ctx.target()?.base_url, path)?;
    let params = params(args)?;
    let body = match &args.input {
        // `--input FILE`: the body, byte for byte.
        Some(path) => Some(read(path, &|| format!("`--input {}`", path.display()))?),
        None => place(&method, &mut url, params)?,
    };

    // Here too, not only in the client: a dry run must refuse what would not be sent.
    api::client::check_url(&url)?;
    if args.dry_run.on() {
        let request = ctx.display_client()?.prepare(method.clone(), url, &headers, body);
        return dry_run::print(ctx, args.dry_run, [request]);
    }
    let client = ctx.client()?;
    crate::commands::pets::offline::note_outbox(ctx, &client);
    // A write is confirmed, then written down in the journal before it goes out, under its request id (the
    // caller's `-H X-Request-Id` when given).
    let write = if changes_nothing(&method) {
        None
    } else {
        let size = body.as_ref().map_or(String::new(), |body| format!(" with a {}-byte body", body.len()));
        crate::commands::confirm::confirm_write(ctx, args.yes, &format!("send `{method} {path}`{size}")).await?;
        let id = match headers.get(api::trace::REQUEST_ID).and_then(|value| value.to_str().ok()) {
            Some(given) => given.to_owned(),
            None => {
                let id = api::trace::new_request_id();
                headers.insert(api::trace::REQUEST_ID, id.parse().expect("a UUID is a valid header value"));
                id
            }
        };
        // A JSON object as JSON; anything else as its text.
        let body = body.as_deref().map(|body| match serde_json::from_slice(body) {
            Ok(object @ serde_json::Value::Object(_)) => object,
            _ => serde_json::Value::String(String::from_utf8_lossy(body).into_owned()),
        });
        let intent = crate::journal::intent(ctx, &client, method.as_str(), path, body, Via::Cli, &id);
        let write = Write::begin(ctx, &intent);
        ctx.write_started(WriteInFlight {
            request: format!("{method} {path}"),
            outcome: "it may have taken effect",
            check: format!("check whether it took effect (`petstore api GET {path}`) before sending it again"),
        })?;
        Some(write)
    };
    let request = client.prepare(method.clone(), url, &headers, body);
    send(ctx, &client, args, &request, write.as_ref()).await
}

/// Puts the `-f` and `-F` parameters where `method` takes them: in `url`'s query for GET and HEAD, else in a
/// JSON object, the body returned (the last of a key given twice wins); no parameters, no body.
fn place(method: &Method, url: &mut Url, params: Vec<(String, Param)>) -> Result<Option<Vec<u8>>, Error> {
    if params.is_empty() {
        return Ok(None);
    }
    if changes_nothing(method) {
        url.query_pairs_mut().extend_pairs(params.iter().map(|(key, param)| (key, &param.text)));
        return Ok(None);
    }
    let object: Map<String, Value> = params.into_iter().map(|(key, param)| (key, param.json)).collect();
    let body = serde_json::to_vec(&object).expect("a JSON object serialises");
    if body.len() > MAX_REQUEST_BODY_BYTES {
        return Err(too_large("the JSON body of `-f` and `-F`"));
    }
    Ok(Some(body))
}

/// Sends, prints the answer, and turns a status that is not 2xx into the error any other command would make
/// of it: one mapping to messages and exit codes.
async fn send(
    ctx: &Context,
    client: &Client,
    args: &ApiArgs,
    request: &Prepared,
    write: Option<&Write>,
) -> Result<(), Error> {
    let (method, path) = method_and_path(args)?;
    let blame = |err| {
        if let Some(write) = write {
            let _ = write.answered(Err(&err));
        }
        not_found_hint(request_error(&method, err), ctx, path)
    };
    let response = client.request(request).await.map_err(blame)?;
    let success = response.status.is_success();
    if let Some(write) = write
        && success
    {
        // A creation of an animal (`POST /pets`) is one as `pets add`'s is; any other 2xx is done.
        match serde_json::from_slice::<api::Pet>(&response.body) {
            Ok(pet) if method == Method::POST => {
                let _ = write.answered(Ok(&pet));
            }
            _ => write.ended(Ended {
                status: Some(response.status.as_u16()),
                request_id: response.request_id.clone(),
                ..Ended::new(Outcome::Done)
            }),
        }
    }
    if args.include {
        ctx.output.response_head(response.status, &response.headers);
    }
    ctx.output.response_body(&response.body, success)?;
    if success {
        return Ok(());
    }
    decode::<serde::de::IgnoredAny>(response.status, response.headers.get(CONTENT_TYPE), &response.body)
        .map(drop)
        .map_err(|err| blame(err.with_request_id(response.request_id.as_deref())))
}

/// A 404's hint, by what most likely caused it. A base URL without a version path: the base URL. Else, when
/// the server answered with the API's own error document (it has a `code`), that server is the API: a path the
/// spec does not name is the path's fault, and one it names is not there (an animal that does not exist, an
/// operation this deployment does not serve). A 404 that is not the API's document comes from something else
/// at that address (a proxy, a web server, another service): the base URL again.
fn not_found_hint(err: Error, ctx: &Context, path: &str) -> Error {
    if !err.is(&code::NOT_FOUND) {
        return err;
    }
    let versioned = ctx.target().is_ok_and(|target| petstore_core::config::has_version_path(target.base_url));
    let hint = not_found_words(err.server_code().is_some(), versioned, path);
    err.with_hint(hint)
}

/// The hint of a 404 for `path`, by whether the answer was the API's own error document (`api_error`) and
/// whether the base URL has a version path ([`not_found_hint`]).
fn not_found_words(api_error: bool, versioned: bool, path: &str) -> String {
    match (api_error, versioned, spec_path(path)) {
        (_, false, _) => crate::error::NOT_FOUND_HINT.to_owned(),
        (true, true, Some(SpecPath::Pet)) => {
            format!("the API has no animal at `{path}`; `petstore pets list` shows the animals there are")
        }
        (true, true, Some(SpecPath::Other)) => format!(
            "the API answered, so the base URL is right; this deployment does not serve `{path}`, which the spec \
             names"
        ),
        (true, true, None) => format!(
            "`{path}` is not a path the API defines (`/pets`, `/pets/{{petId}}`, `/store/orders`); the API \
             answered, so the base URL is right"
        ),
        (false, true, _) => "the answer is not the API's own error, so something else answered: check the base URL \
                             (`petstore env current`)"
            .to_owned(),
    }
}

/// A path below the base URL that the spec names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SpecPath {
    /// `/pets/{petId}`: one animal.
    Pet,
    /// `/pets`, or `/store/orders`, which the spec names without describing it.
    Other,
}

/// Which path of the spec's `path` (below the base URL) is, if any.
fn spec_path(path: &str) -> Option<SpecPath> {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let segments: Vec<&str> = path.split('/').filter(|segment| !segment.is_empty()).collect();
    match segments.as_slice() {
        ["pets", _] => Some(SpecPath::Pet),
        ["pets"] | ["store", "orders"] => Some(SpecPath::Other),
        _ => None,
    }
}

/// A failed request in the user's terms. One that may change something (not GET or HEAD) and may have taken
/// effect ([`api::Error::maybe_applied`]) gets a hint that says so: the usual one ("try again later", "check
/// with `pets list`") fits `pets` only.
fn request_error(method: &Method, err: api::Error) -> Error {
    let maybe_applied = !changes_nothing(method) && err.maybe_applied();
    let err = Error::from(err);
    if !maybe_applied {
        return err;
    }
    Error::maybe_applied(
        err.to_string(),
        "check whether it took effect (`petstore api GET PATH`) before sending it again",
        err.kind(),
    )
    .with_request_id(err.request_id())
}

/// METHOD: any HTTP token, upper-cased; not CONNECT, which opens a tunnel, nor TRACE, whose answer echoes the
/// request, key included.
fn parse_method(value: &str) -> Result<Method, String> {
    let method = Method::from_bytes(value.to_ascii_uppercase().as_bytes())
        .map_err(|_| "not an HTTP method (e.g. GET, POST, PUT, PATCH, DELETE, HEAD)".to_owned())?;
    match method {
        Method::CONNECT => Err("CONNECT opens a tunnel; it is not an API operation".to_owned()),
        Method::TRACE => Err("TRACE would echo the request, API key included, in the answer".to_owned()),
        method => Ok(method),
    }
}

/// `KEY=VALUE`, split at the first `=`; the key may not be empty, the value may.
fn parse_field(value: &str) -> Result<(String, String), String> {
    match value.split_once('=') {
        Some((key, value)) if !key.is_empty() => Ok((key.to_owned(), value.to_owned())),
        _ => Err("expected KEY=VALUE, e.g. `name=Rex`".to_owned()),
    }
}

/// `what` is larger than [`petstore_core::api::MAX_REQUEST_BODY_BYTES`] (1 MiB); nothing was sent.
fn too_large(what: &str) -> Error {
    let message = format!("{what} is larger than 1 MiB, the most petstore sends in one request: nothing was sent");
    Error::new(&code::BODY_TOO_LARGE, message).with_hint("send a smaller body")
}

/// The headers of `-H 'NAME: VALUE'`. A value is never repeated in a message: it may be a secret.
fn parse_headers(given: &[String]) -> Result<HeaderMap, Error> {
    let mut headers = HeaderMap::new();
    for text in given {
        let Some((name, value)) = text.split_once(':') else {
            return Err(Error::invalid_value("`-H` takes `NAME: VALUE`, and one has no `:`".to_owned()));
        };
        let name = name.trim();
        let name = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| Error::invalid_value(format!("`-H`: `{name}` is not a header name")))?;
        // A header name is lower case.
        let refusal = match name.as_str() {
            "authorization" => {
                Some(format!("the API key comes from the credential store (`petstore auth login`) or `{API_KEY_VAR}`"))
            }
            "host" => Some("requests go to the base URL's host, the only one the key may go to".to_owned()),
            "content-length" | "transfer-encoding" => Some("petstore frames the body itself".to_owned()),
            _ => None,
        };
        if let Some(why) = refusal {
            return Err(Error::invalid_value(format!(
                "`-H {}` is refused: {why}",
                crate::commands::dry_run::title_case(name.as_str())
            )));
        }
        let value = HeaderValue::from_str(value.trim()).map_err(|_| {
            Error::invalid_value(format!("`-H {name}`: the value holds a character no header may carry"))
        })?;
        headers.append(name, value);
    }
    Ok(headers)
}

/// The URL that PATH names below `base`. PATH is appended to the base path, so that the request stays on
/// the base URL's host; a full URL is refused rather than followed, and so is a `..` that would climb
/// above the base path (in any spelling the URL parser would resolve: `%2e`, backslashes).
fn resolve(base: &Url, path: &str) -> Result<Url, Error> {
    let scheme_end = path.find("://").filter(|&end| {
        end > 0 && path[..end].chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    if scheme_end.is_some() || path.starts_with("//") {
        return Err(Error::invalid_value(format!(
            "`{path}` is a full URL; give the path below the base URL, e.g. `/pets`, and choose the server with \
             `--env` or `--base-url`: the key goes to that base URL alone"
        )));
    }
    let relative = path.strip_prefix('/').unwrap_or(path);
    let relative = relative.split_once('#').map_or(relative, |(before, _)| before);
    let (path_part, query) = match relative.split_once('?') {
        Some((path_part, query)) => (path_part, Some(query)),
        None => (relative, None),
    };
    let mut depth = 0usize;
    for segment in path_part.split(['/', '\\']) {
        match segment.to_ascii_lowercase().as_str() {
            "." | "%2e" => {}
            ".." | ".%2e" | "%2e." | "%2e%2e" => {
                depth = depth.checked_sub(1).ok_or_else(|| {
                    Error::invalid_value(format!(
                        "`{path}` climbs above the base URL `{base}`; the key goes to that URL alone"
                    ))
                })?;
            }
            _ => depth += 1,
        }
    }
    let mut url = base.clone();
    url.set_path(&format!("{}/{path_part}", base.path().trim_end_matches('/')));
    url.set_query(query);
    Ok(url)
}

/// One `-f` or `-F` parameter: its text for a query, its value for a JSON body.
#[derive(Debug)]
struct Param {
    text: String,
    json: Value,
}

/// The `-f` then the `-F` parameters, in the order given; `@FILE` values read.
fn params(args: &ApiArgs) -> Result<Vec<(String, Param)>, Error> {
    let mut params = Vec::new();
    for (key, text) in &args.raw_fields {
        params.push((key.clone(), Param { text: text.clone(), json: Value::String(text.clone()) }));
    }
    let mut stdin_read = false;
    for (key, text) in &args.fields {
        let param = match text.strip_prefix('@') {
            Some(file) => {
                if file == "-" && std::mem::replace(&mut stdin_read, true) {
                    return Err(Error::invalid_value(format!("`-F {key}=@-`: stdin can be read only once")));
                }
                let text = read_text(Path::new(file), || format!("`-F {key}=@{file}`"))?;
                Param { json: Value::String(text.clone()), text }
            }
            None => Param { text: text.clone(), json: typed(text) },
        };
        params.push((key.clone(), param));
    }
    Ok(params)
}

/// A `-F` value as JSON: `true`, `false`, `null` and JSON numbers are themselves, anything else a string.
fn typed(text: &str) -> Value {
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        "null" => Value::Null,
        _ => number(text).map_or_else(|| Value::String(text.to_owned()), Value::Number),
    }
}

/// `text` as a JSON number, when it is exactly one (`3`, `-1.5`, `2e3`; not ` 3`, `03`, `inf`), and an
/// integer fits in 64 bits rather than coming back rounded.
fn number(text: &str) -> Option<serde_json::Number> {
    if text.trim() != text {
        return None;
    }
    let number = serde_json::from_str::<serde_json::Number>(text).ok()?;
    (!number.is_f64() || text.contains(['.', 'e', 'E'])).then_some(number)
}

/// A file's text, or stdin's for `-`.
fn read_text(path: &Path, what: impl Fn() -> String) -> Result<String, Error> {
    String::from_utf8(read(path, &what)?).map_err(|_| Error::invalid_value(format!("{}: it is not UTF-8 text", what())))
}

/// At most [`MAX_REQUEST_BODY_BYTES`] of a file, or of stdin for `-`: one byte more is enough to refuse it,
/// so `/dev/zero` costs no more memory than a body that fits.
fn read(path: &Path, what: &dyn Fn() -> String) -> Result<Vec<u8>, Error> {
    let limit = MAX_REQUEST_BODY_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    let result = if path == Path::new("-") {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(limit).read_to_end(&mut bytes)).map(drop)
    };
    result.map_err(|err| Error::invalid_value(format!("{}: cannot read it: {err}", what())))?;
    if bytes.len() > MAX_REQUEST_BODY_BYTES {
        return Err(too_large(&what()));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Url {
        Url::parse("https://api.example.com/v1").unwrap()
    }

    /// `petstore api ARGS...` as clap reads it.
    fn parsed(args: &[&str]) -> ApiArgs {
        #[derive(clap::Parser)]
        struct Api {
            #[command(flatten)]
            args: ApiArgs,
        }
        use clap::Parser as _;
        Api::try_parse_from(std::iter::once("api").chain(args.iter().copied())).unwrap().args
    }

    #[test]
    fn a_method_is_given_first_or_with_x_and_a_write_is_never_the_default() {
        let method_and_path = |args: &[&str]| {
            let args = parsed(args);
            method_and_path(&args)
                .map(|(method, path)| (method, path.to_owned()))
                .map_err(|err| (err.to_string(), err.hint().map(str::to_owned)))
        };
        assert_eq!(method_and_path(&["/pets"]), Ok((Method::GET, "/pets".to_owned())));
        assert_eq!(method_and_path(&["post", "/pets"]), Ok((Method::POST, "/pets".to_owned())));
        assert_eq!(method_and_path(&["-X", "delete", "/pets/1"]), Ok((Method::DELETE, "/pets/1".to_owned())));
        assert_eq!(
            method_and_path(&["POST"]),
            Err((
                "`petstore api POST` has no PATH".to_owned(),
                Some("give the path after the method: `petstore api POST /pets`".to_owned())
            ))
        );
        assert_eq!(
            method_and_path(&["-X", "PUT", "GET", "/pets"]),
            Err((
                "invalid value: `GET` and `-X PUT` both name a method for `/pets`".to_owned(),
                Some("give one of them: `petstore api PUT /pets` or `petstore api -X PUT /pets`".to_owned())
            ))
        );
        let (message, hint) = method_and_path(&["TRACE", "/pets"]).unwrap_err();
        assert_eq!(message, "invalid value: `TRACE` is TRACE would echo the request, API key included, in the answer");
        assert_eq!(hint.unwrap(), "give `METHOD PATH`, or `PATH` alone for a GET (`-X METHOD` for another)");
    }

    #[test]
    fn parameters_go_in_the_query_of_a_read_and_in_a_json_body_of_a_write() {
        let args = parsed(&["/pets", "-f", "status=sold", "-F", "limit=5", "-F", "all=true", "-f", "n=3"]);
        let mut url = base();
        assert_eq!(place(&Method::GET, &mut url, params(&args).unwrap()).unwrap(), None);
        assert_eq!(url.as_str(), "https://api.example.com/v1?status=sold&n=3&limit=5&all=true");
        let mut url = base();
        let body = place(&Method::POST, &mut url, params(&args).unwrap()).unwrap().unwrap();
        assert_eq!(url, base(), "a write's parameters stay out of the URL");
        assert_eq!(
            serde_json::from_slice::<Value>(&body).unwrap(),
            serde_json::json!({ "status": "sold", "n": "3", "limit": 5, "all": true })
        );
        let mut url = base();
        assert_eq!(place(&Method::POST, &mut url, Vec::new()).unwrap(), None, "no parameters, no body");
    }

    #[test]
    fn a_typed_parameter_reads_a_file_as_text_and_a_key_given_twice_keeps_the_last() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("name.txt");
        std::fs::write(&file, "Rex\n").unwrap();
        let field = format!("name=@{}", file.display());
        let args = parsed(&["POST", "/pets", "-f", "name=Tom", "-F", &field]);
        let mut url = base();
        let body = place(&Method::POST, &mut url, params(&args).unwrap()).unwrap().unwrap();
        assert_eq!(String::from_utf8(body).unwrap(), r#"{"name":"Rex\n"}"#);
        let missing = format!("name=@{}", dir.path().join("none").display());
        let err = params(&parsed(&["POST", "/pets", "-F", &missing])).unwrap_err();
        assert!(err.is(&code::INVALID_VALUE), "{err:?}");
        assert!(err.to_string().starts_with(&format!("invalid value: `-F {missing}`: cannot read it: ")), "{err}");
    }

    #[test]
    fn a_404_blames_the_base_url_or_the_path_by_what_answered() {
        assert_eq!(not_found_words(true, false, "/pets/1"), crate::error::NOT_FOUND_HINT);
        assert_eq!(
            not_found_words(true, true, "/pets/7?x=1"),
            "the API has no animal at `/pets/7?x=1`; `petstore pets list` shows the animals there are"
        );
        assert_eq!(
            not_found_words(true, true, "/store/orders"),
            "the API answered, so the base URL is right; this deployment does not serve `/store/orders`, which the \
             spec names"
        );
        assert_eq!(
            not_found_words(true, true, "/owners"),
            "`/owners` is not a path the API defines (`/pets`, `/pets/{petId}`, `/store/orders`); the API answered, \
             so the base URL is right"
        );
        assert_eq!(
            not_found_words(false, true, "/pets"),
            "the answer is not the API's own error, so something else answered: check the base URL (`petstore env \
             current`)"
        );
        assert_eq!(spec_path("pets/"), Some(SpecPath::Other));
        assert_eq!(spec_path("/pets/1/owner"), None);
    }

    #[test]
    fn an_answer_is_printed_as_the_server_sent_it_and_its_head_on_stderr() {
        use crate::output::{Output, OutputSettings};
        let (output, captured) = Output::captured(&OutputSettings::default());
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        output.response_head(reqwest::StatusCode::CREATED, &headers);
        output.response_body(br#"{"id":1}"#, true).unwrap();
        output.response_body(b"plain\x1b[31m", true).unwrap();
        output.response_body(b"", true).unwrap();
        assert_eq!(captured.stdout(), "{\"id\":1}\nplain\x1b[31m", "piped: byte for byte, JSON ended by a newline");
        assert_eq!(captured.stderr(), "HTTP 201 Created\ncontent-type: application/json\n\n");
    }

    #[test]
    fn paths_are_appended_to_the_base_path() {
        let resolved = |path| resolve(&base(), path).map(|url| url.to_string());
        assert_eq!(resolved("/pets").unwrap(), "https://api.example.com/v1/pets");
        assert_eq!(resolved("pets/3").unwrap(), "https://api.example.com/v1/pets/3");
        assert_eq!(resolved("/pets?status=sold").unwrap(), "https://api.example.com/v1/pets?status=sold");
        assert_eq!(resolved("/store/orders#x").unwrap(), "https://api.example.com/v1/store/orders");
        assert_eq!(resolved("/a/../pets").unwrap(), "https://api.example.com/v1/pets");
        assert_eq!(resolved("/pets/a b").unwrap(), "https://api.example.com/v1/pets/a%20b");
        let slash = Url::parse("https://api.example.com/v1/").unwrap();
        assert_eq!(resolve(&slash, "/pets").unwrap().as_str(), "https://api.example.com/v1/pets");
    }

    #[test]
    fn full_urls_and_climbing_out_are_refused() {
        for path in [
            "https://evil.example/v1/pets",
            "http://api.example.com/v1/pets",
            "//evil.example/pets",
            "..",
            "/../v2/pets",
            "/pets/../../x",
            "/%2e%2E/x",
            "/.%2e/x",
            "/pets\\..\\..\\x",
        ] {
            assert!(resolve(&base(), path).is_err(), "{path}");
        }
    }

    #[test]
    fn typed_values_follow_json() {
        assert_eq!(typed("true"), Value::Bool(true));
        assert_eq!(typed("null"), Value::Null);
        assert_eq!(typed("3"), serde_json::json!(3));
        assert_eq!(typed("-1.5"), serde_json::json!(-1.5));
        assert_eq!(typed("2e3"), serde_json::json!(2000.0));
        for text in ["True", " 3", "03", "+1", "inf", "NaN", "1e400", "99999999999999999999", "", "Rex"] {
            assert_eq!(typed(text), Value::String(text.to_owned()), "{text}");
        }
        assert_eq!(typed("18446744073709551615"), serde_json::json!(u64::MAX));
    }

    #[test]
    fn headers_are_parsed_and_the_credential_refused_without_echoing_it() {
        let headers = parse_headers(&["Accept: text/plain".into(), "X-Trace:a:b".into()]).unwrap();
        assert_eq!(headers["accept"], "text/plain");
        assert_eq!(headers["x-trace"], "a:b");
        for text in ["authorization: Bearer s3cret", "AUTHORIZATION:s3cret", "Host: evil", "No colon s3cret"] {
            let err = parse_headers(&[text.into()]).unwrap_err().to_string();
            assert!(!err.contains("s3cret") && !err.contains("evil"), "{err}");
        }
        let err = parse_headers(&["authorization: x".into()]).unwrap_err().to_string();
        assert!(err.contains("`-H Authorization` is refused") && err.contains(API_KEY_VAR), "{err}");
        assert!(parse_headers(&["Bad Name: x".into()]).is_err());
    }

    #[test]
    fn methods_are_upper_cased_tokens() {
        assert_eq!(parse_method("get").unwrap(), Method::GET);
        assert_eq!(parse_method("Purge").unwrap().as_str(), "PURGE");
        assert!(parse_method("GE T").is_err());
        assert!(parse_method("trace").is_err());
        assert!(parse_method("CONNECT").is_err());
    }

    #[test]
    fn only_a_write_that_may_have_been_applied_gets_the_check_hint() {
        let failed = || api::Error::Status {
            status: reqwest::StatusCode::BAD_GATEWAY,
            body: None,
            excerpt: String::new(),
            request_id: None,
        };
        let err = request_error(&Method::DELETE, failed());
        assert_eq!(err.to_string(), "the server failed (HTTP 502): no details: the body was empty");
        assert_eq!(
            err.hint().unwrap(),
            "check whether it took effect (`petstore api GET PATH`) before sending it again"
        );
        assert_eq!(err.exit_code(), crate::error::exit::FAILURE);
        let err = request_error(&Method::GET, failed());
        assert!(err.is(&code::SERVER_ERROR) && err.http_status() == Some(502), "{err:?}");
        let lost =
            api::Error::OutcomeUnknown { method: "PUT".into(), reason: "reset".into(), cut: true, request_id: None };
        assert_eq!(request_error(&Method::PUT, lost).exit_code(), crate::error::exit::NETWORK);
        let refused = api::Error::Status {
            status: reqwest::StatusCode::CONFLICT,
            body: None,
            excerpt: String::new(),
            request_id: None,
        };
        let err = request_error(&Method::POST, refused);
        assert!(err.is(&code::UNEXPECTED_STATUS) && err.http_status() == Some(409), "{err:?}");
    }
}
