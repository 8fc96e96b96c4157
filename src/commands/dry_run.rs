//! `--dry-run` and `--curl`: the requests a write would send, shown on stdout instead of sent. Each is the
//! client's own [`Prepared`] request, built by `Client::prepare` as `send` builds it, so what is shown is what
//! would go.
//!
//! The key is never looked up, let alone shown: the client that prepares them holds `****` as its key
//! ([`Context::display_client`]), which `--dry-run` prints as `Authorization: Bearer ****`, and `--curl` reads
//! the key from `"$PETSTORE_API_KEY"` when the command runs, so the printed command holds no secret.

use reqwest::header::AUTHORIZATION;

use crate::context::Context;
use crate::error::Error;
use crate::output::safe;
use petstore_core::api::Prepared;
use petstore_core::credentials::{self, API_KEY_VAR, Source, Wanted};

/// `--dry-run` and `--curl`, shared by every command that writes.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct DryRunArgs {
    /// Print each request that would be sent; send nothing
    ///
    /// The input is checked, and each request printed on stdout: method, URL, headers with the key masked,
    /// body
    #[arg(long, help_heading = "Sending nothing")]
    pub dry_run: bool,

    /// As `--dry-run`, as curl commands
    ///
    /// Each request is an equivalent curl command that reads the key from `"$PETSTORE_API_KEY"`
    #[arg(long, help_heading = "Sending nothing")]
    pub curl: bool,
}

impl DryRunArgs {
    /// Whether nothing is to be sent.
    pub fn on(self) -> bool {
        self.dry_run || self.curl
    }
}

/// Prints `requests` on stdout, as `--dry-run` or `--curl` says, each after the one before; sends nothing.
/// Piped, a body is written byte for byte (a CRLF stays a CRLF); at a terminal it passes [`safe`].
pub fn print(ctx: &Context, args: DryRunArgs, requests: impl IntoIterator<Item = Prepared>) -> Result<(), Error> {
    let terminal = ctx.output.stdout_is_terminal();
    let each = requests.into_iter().map(|request| match args.curl {
        true => curl(&request, ctx.cacert(), terminal),
        false => Ok(shown(&request, terminal)),
    });
    // An empty line between two requests as HTTP shows them; a curl command is a line of its own.
    let text = each.collect::<Result<Vec<_>, _>>()?.join(if args.curl { "" } else { "\n" });
    ctx.output.write_raw(text.as_bytes())?;
    if args.curl {
        export_hint(ctx);
    }
    Ok(())
}

/// When `PETSTORE_API_KEY` is not set here, the curl command would send an empty key: says how to set it from
/// the stored one, on stderr (`auth token` prints it; the shell, not this note, holds it).
fn export_hint(ctx: &Context) {
    let Ok(target) = ctx.target() else { return };
    // Where the key would come from, as the credentials say: the variable, or a store it must be taken from.
    if credentials::source(Wanted::chosen(target.env, target.base_url)) == Source::EnvVar {
        return;
    }
    let how = match target.env {
        Some(env) => format!("with `export {API_KEY_VAR}=\"$(petstore --env {} auth token)\"`", env.name),
        None => format!("to the key for `{}`", target.base_url),
    };
    ctx.output
        .notice(&format!("the command reads the key from `{API_KEY_VAR}`, which is not set here; set it first {how}"));
}

/// The request as HTTP shows it: a request line, the headers, and after an empty line the body, if any.
fn shown(request: &Prepared, terminal: bool) -> String {
    let mut text = format!("{} {}\n", request.method, safe::data(request.url.as_str(), terminal));
    for (name, value) in &request.headers {
        let value = value.to_str().unwrap_or("(binary)");
        text.push_str(&format!("{}: {}\n", title_case(name.as_str()), safe::data(value, terminal)));
    }
    if let Some(body) = &request.body {
        text.push('\n');
        match std::str::from_utf8(body) {
            Ok(body) if terminal => text.push_str(&safe::body_text(body)),
            Ok(body) => text.push_str(body),
            Err(_) => text.push_str(&format!("({} bytes that are not UTF-8 text)", body.len())),
        }
        text.push('\n');
    }
    text
}

/// The request as a curl command on one line, every word shell-quoted ([`safe::exact_shell_word`]); the key is the
/// variable's, expanded by the shell that runs it. `cacert`, the CA file petstore trusts too, is passed on as
/// curl's `--cacert`, so the command reaches a server with a private CA as petstore does.
fn curl(request: &Prepared, cacert: Option<&std::path::Path>, terminal: bool) -> Result<String, Error> {
    let quote = |word: &str, body: bool| {
        safe::exact_shell_word(word, terminal, body)
            .ok_or_else(|| Error::invalid_value("`--curl`: the request holds a NUL character, which no shell word can"))
    };
    let cannot_hold =
        |what: String| Error::invalid_value(format!("`--curl`: {what}, which a command line cannot hold"));
    let mut words = vec!["curl".to_owned()];
    if let Some(path) = cacert {
        let path = path.to_str().ok_or_else(|| cannot_hold("the `--cacert` path is not UTF-8 text".into()))?;
        words.extend(["--cacert".to_owned(), quote(path, false)?]);
    }
    words.extend(["-X".to_owned(), quote(request.method.as_str(), false)?]);
    for (name, value) in &request.headers {
        let name = title_case(name.as_str());
        if name == title_case(AUTHORIZATION.as_str()) {
            // Double quotes, so that the shell expands the variable, and only the variable.
            words.extend(["-H".to_owned(), format!("\"{name}: Bearer ${API_KEY_VAR}\"")]);
            continue;
        }
        let value = value.to_str().map_err(|_| cannot_hold(format!("the `{name}` header is not text")))?;
        words.extend(["-H".to_owned(), quote(&format!("{name}: {value}"), false)?]);
    }
    if let Some(body) = &request.body {
        let body = std::str::from_utf8(body).map_err(|_| cannot_hold("the body is not UTF-8 text".into()))?;
        words.extend(["--data-binary".to_owned(), quote(body, true)?]);
    }
    words.push(quote(request.url.as_str(), false)?);
    Ok(words.join(" ") + "\n")
}

/// `content-type` as `Content-Type`, as people write header names.
pub fn title_case(name: &str) -> String {
    name.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curl_quotes_every_word_and_expands_only_the_key() {
        use reqwest::header::{HeaderMap, HeaderValue};
        use reqwest::{Method, Url};

        let base = Url::parse("http://127.0.0.1:4010/v1").unwrap();
        let key = petstore_core::api::ApiKey::new("k-secret".to_owned()).unwrap();
        let client = petstore_core::api::Client::with_settings(base, &key, Default::default()).unwrap();
        let url = Url::parse("http://127.0.0.1:4010/v1/pets").unwrap();
        let mut extra = HeaderMap::new();
        extra.insert("x-note", HeaderValue::from_static("it's $HOME"));
        let body = br#"{"name":"O'Brien $(rm -rf ~)"}"#;
        let request = client.prepare(Method::POST, url, &extra, Some(body.to_vec()));
        let line = curl(&request, None, false).unwrap();
        assert!(line.contains(r#"-H "Authorization: Bearer $PETSTORE_API_KEY""#), "{line}");
        assert!(!line.contains("k-secret"), "{line}");
        // The shell gives back exactly the header and the body, unexpanded.
        let words = shlex::split(line.trim_end()).unwrap();
        assert!(words.iter().any(|word| word == "X-Note: it's $HOME"), "{line}");
        assert_eq!(words[words.len() - 2], std::str::from_utf8(body).unwrap());
        assert_eq!(words.last().unwrap(), "http://127.0.0.1:4010/v1/pets");
    }

    #[test]
    fn curl_trusts_the_ca_file_petstore_trusts() {
        let base = reqwest::Url::parse("https://127.0.0.1:4010/v1").unwrap();
        let key = petstore_core::api::ApiKey::new("k".to_owned()).unwrap();
        let client = petstore_core::api::Client::with_settings(base, &key, Default::default()).unwrap();
        let url = reqwest::Url::parse("https://127.0.0.1:4010/v1/pets").unwrap();
        let request = client.prepare(reqwest::Method::GET, url, &Default::default(), None);
        let ca = std::path::Path::new("/tmp/my ca.pem");
        let words = shlex::split(curl(&request, Some(ca), false).unwrap().trim_end()).unwrap();
        assert_eq!(words[..3], ["curl", "--cacert", "/tmp/my ca.pem"]);
    }
}
