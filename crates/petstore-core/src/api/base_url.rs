//! The rules a base URL obeys wherever it enters (`--base-url`, `PETSTORE_BASE_URL`, `env add`, a `base_url`
//! in the config file, the client itself): where the API key may travel, and how a URL, or text that may hold
//! one, is shown without its credentials ([`DisplaySafeUrl`], [`mask_userinfo`]: one rule, the whole user info
//! as `****@`). The one place these rules live; `config` and `cli` use them. Never prints.

use std::fmt;

use reqwest::Url;

/// A URL that shows itself with its user info masked (`****@`: the password, and the user name too, which is
/// often a token), in `Display` and `Debug` alike, so that no message, table or log line can show one by accident.
/// It dereferences to the [`Url`] it holds, which requests use whole (uv-redacted's `DisplaySafeUrl`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct DisplaySafeUrl(Url);

impl DisplaySafeUrl {
    /// The URL itself, credentials and all: for sending, never for showing.
    pub fn url(&self) -> &Url {
        &self.0
    }

    /// The URL itself, credentials and all.
    pub fn into_url(self) -> Url {
        self.0
    }

    /// `url`, shown safely.
    pub fn show(url: &Url) -> String {
        DisplaySafeUrl(url.clone()).to_string()
    }
}

impl From<Url> for DisplaySafeUrl {
    fn from(url: Url) -> DisplaySafeUrl {
        DisplaySafeUrl(url)
    }
}

impl std::ops::Deref for DisplaySafeUrl {
    type Target = Url;

    fn deref(&self) -> &Url {
        &self.0
    }
}

impl fmt::Display for DisplaySafeUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.username().is_empty() && self.0.password().is_none() {
            return fmt::Display::fmt(&self.0, f);
        }
        let mut shown = self.0.clone();
        // Only a cannot-be-a-base URL refuses these, and it has no user info to hide.
        let _ = shown.set_password(None);
        let _ = shown.set_username(MASKED_USERINFO);
        fmt::Display::fmt(&shown, f)
    }
}

impl fmt::Debug for DisplaySafeUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DisplaySafeUrl({self})")
    }
}

/// A base URL is an absolute URL with a host that may carry the API key (`https://`, or `http://` to a
/// loopback address; see [`url_may_carry_key`], which also refuses a user name or
/// password), with no query or fragment. The error is a phrase that follows the value's name: "is not a
/// URL (...)", "cannot be used: ...", "takes no query or fragment".
pub fn parse_base_url(text: &str) -> Result<DisplaySafeUrl, String> {
    let url = Url::parse(text).map_err(|err| format!("is not a URL ({err}); expected e.g. `https://HOST/v1`"))?;
    if let Err(reason) = url_may_carry_key(&url) {
        return Err(format!("cannot be used: {reason}"));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err("takes no query or fragment".into());
    }
    Ok(DisplaySafeUrl(url))
}

/// Why `url` cannot carry the API key, if it cannot: it must be `https://`, or `http://` to a loopback
/// address, with a host and without user info. The one place this rule lives.
pub fn url_may_carry_key(url: &Url) -> Result<(), &'static str> {
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err("it has no host");
    }
    // reqwest would send it as Basic credentials beside the key, and every message that shows the URL
    // would show the password.
    if !url.username().is_empty() || url.password().is_some() {
        return Err(
            "a user name or password (`USER:PASSWORD@`) does not belong in it: petstore sends the API key itself",
        );
    }
    match url.scheme() {
        "https" => Ok(()),
        "http" if is_loopback(url) => Ok(()),
        "http" => Err("plain `http://` would expose the API key; only loopback addresses may use it"),
        _ => Err("the scheme must be `https` (or `http` for a loopback address)"),
    }
}

/// True for `localhost`, `127.0.0.0/8` and `[::1]`.
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// Whether `a` and `b` are one base URL as the client connects to it: the same scheme, host (its letter case
/// and a final dot aside), port (the scheme's default written or not) and path (a trailing or doubled slash,
/// `.` and `..` segments and the spelling of percent-escapes aside). The key of an environment whose base URL
/// is `a` may go to `b`: every difference left aside reaches the same socket and the same resource.
pub fn same_base_url(a: &Url, b: &Url) -> bool {
    Endpoint::of(a, Loopback::AsWritten) == Endpoint::of(b, Loopback::AsWritten)
}

/// Whether `a` and `b` reach the same server, taking every spelling of this machine as one host (`localhost`,
/// `*.localhost`, `127.0.0.0/8`, `[::1]`, `[::ffff:127.0.0.1]`, `0.0.0.0`, a final dot), beside what
/// [`same_base_url`] leaves aside. A write to `b` is asked about whenever one to `a` is, however it is spelled.
/// Broader than [`same_base_url`], and for that alone: a key never follows it (two loopback addresses on one
/// port may be two servers).
pub fn same_server(a: &Url, b: &Url) -> bool {
    Endpoint::of(a, Loopback::AsOne) == Endpoint::of(b, Loopback::AsOne)
}

/// Whether the loopback spellings of a host count as one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Loopback {
    AsWritten,
    AsOne,
}

/// A base URL as the connection sees it. `Url::parse` has already lower-cased the scheme and the host, read
/// every IPv4 spelling (`127.1`, `0x7f.0.0.1`) as its address, dropped a default port and resolved `.`, `..`
/// and `%2e` segments; what it keeps as written is evened out here.
#[derive(Debug, PartialEq, Eq)]
struct Endpoint {
    scheme: String,
    host: Option<EndpointHost>,
    port: Option<u16>,
    /// The path's segments, percent-decoded, without the empty ones (a trailing or doubled slash): `%7E`,
    /// `%7e` and `~` are one byte, and a `%2F` stays inside its segment.
    segments: Vec<Vec<u8>>,
}

#[derive(Debug, PartialEq, Eq)]
enum EndpointHost {
    Domain(String),
    Ip(std::net::IpAddr),
    /// Any spelling of this machine, under [`Loopback::AsOne`].
    ThisMachine,
}

impl Endpoint {
    fn of(url: &Url, loopback: Loopback) -> Endpoint {
        let host = url.host().map(|host| {
            let host = match host {
                url::Host::Domain(domain) => {
                    EndpointHost::Domain(domain.strip_suffix('.').unwrap_or(domain).to_ascii_lowercase())
                }
                url::Host::Ipv4(ip) => EndpointHost::Ip(ip.into()),
                // `[::ffff:127.0.0.1]` is 127.0.0.1.
                url::Host::Ipv6(ip) => EndpointHost::Ip(ip.to_canonical()),
            };
            match (loopback, &host) {
                (Loopback::AsOne, EndpointHost::Domain(domain))
                    if domain == "localhost" || domain.ends_with(".localhost") =>
                {
                    EndpointHost::ThisMachine
                }
                (Loopback::AsOne, EndpointHost::Ip(ip)) if ip.is_loopback() || ip.is_unspecified() => {
                    EndpointHost::ThisMachine
                }
                _ => host,
            }
        });
        let segments = url
            .path_segments()
            .into_iter()
            .flatten()
            .filter(|segment| !segment.is_empty())
            .map(|segment| percent_encoding::percent_decode_str(segment).collect())
            .collect();
        Endpoint { scheme: url.scheme().to_owned(), host, port: url.port_or_known_default(), segments }
    }
}

/// What user info shows as, wherever a URL is shown: the user name with the password.
pub const MASKED_USERINFO: &str = "****";

/// Text with the user info of every `SCHEME://USER:PASSWORD@HOST` in it masked as [`DisplaySafeUrl`] masks a
/// URL's: `****@`, the user name with the password (a user name is often a token). For text
/// that is not a URL: a value that does not parse, a whole file (keeping track of what moved, so that an
/// error's span can follow).
pub fn mask_userinfo(text: &str) -> Masked {
    let mut masked = Masked { text: String::with_capacity(text.len()), edits: Vec::new() };
    let mut rest = 0;
    let mut search = 0;
    while let Some(found) = text[search..].find("://") {
        let authority_start = search + found + 3;
        let authority_len = text[authority_start..]
            .find(|c: char| matches!(c, '/' | '?' | '#' | '"' | '\'' | '<' | '>' | '`' | '\\') || c.is_whitespace())
            .unwrap_or(text.len() - authority_start);
        let authority = &text[authority_start..authority_start + authority_len];
        if let Some(at) = authority.rfind('@') {
            let replacement = MASKED_USERINFO;
            masked.text.push_str(&text[rest..authority_start]);
            masked.text.push_str(replacement);
            masked.edits.push(Edit { at: authority_start, old_len: at, new_len: replacement.len() });
            rest = authority_start + at;
        }
        search = authority_start + authority_len;
    }
    masked.text.push_str(&text[rest..]);
    masked
}

/// Text with its user info masked, and where it changed.
#[derive(Debug)]
pub struct Masked {
    pub text: String,
    edits: Vec<Edit>,
}

#[derive(Debug)]
struct Edit {
    at: usize,
    old_len: usize,
    new_len: usize,
}

impl Masked {
    /// Where a byte offset of the original text lands in the masked one (an offset inside a masked part
    /// lands at its start).
    pub fn map(&self, offset: usize) -> usize {
        let mut shift: isize = 0;
        for edit in &self.edits {
            if offset >= edit.at + edit.old_len {
                shift += edit.new_len as isize - edit.old_len as isize;
            } else if offset > edit.at {
                return edit.at.saturating_add_signed(shift);
            }
        }
        offset.saturating_add_signed(shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_are_checked_once_for_every_entry() {
        assert!(parse_base_url("https://api.example.com/v1").is_ok());
        assert!(parse_base_url("http://127.0.0.1:4010/v1").is_ok());
        assert!(parse_base_url("api.example.com/v1").unwrap_err().starts_with("is not a URL"));
        assert!(parse_base_url("ftp://example.com/v1").is_err());
        assert_eq!(parse_base_url("https://example.com/v1?x=1").unwrap_err(), "takes no query or fragment");
        assert_eq!(parse_base_url("https://example.com/v1#top").unwrap_err(), "takes no query or fragment");
        for userinfo in
            ["https://user:pass@example.com/v1", "http://user:pass@127.0.0.1/v1", "https://tok@x.example/v1"]
        {
            let err = parse_base_url(userinfo).unwrap_err();
            assert!(err.contains("user name or password"), "{err}");
            assert!(!err.contains("pass@") && !err.contains("tok"), "{err}");
        }
    }

    /// Each row: two spellings, whether they are one base URL (a key may follow), and whether they reach one
    /// server (a write to one is asked about as a write to the other).
    #[test]
    fn spellings_of_one_server_compare_as_the_client_connects() {
        let table: &[(&str, &str, bool, bool)] = &[
            // The same text, and a trailing slash.
            ("http://127.0.0.1:4010/v1", "http://127.0.0.1:4010/v1", true, true),
            ("http://127.0.0.1:4010/v1", "http://127.0.0.1:4010/v1/", true, true),
            // Loopback names and addresses: one server, not one base URL.
            ("http://127.0.0.1:4010/v1", "http://localhost:4010/v1", false, true),
            ("http://127.0.0.1:4010/v1", "http://LOCALHOST:4010/v1", false, true),
            ("http://127.0.0.1:4010/v1", "http://LOCALHOST.:4010/v1", false, true),
            ("http://127.0.0.1:4010/v1", "http://api.localhost:4010/v1", false, true),
            ("http://127.0.0.1:4010/v1", "http://[::1]:4010/v1", false, true),
            ("http://127.0.0.1:4010/v1", "http://[0:0:0:0:0:0:0:1]:4010/v1", false, true),
            ("http://127.0.0.1:4010/v1", "http://[::ffff:127.0.0.1]:4010/v1", true, true),
            ("http://127.0.0.1:4010/v1", "http://127.0.0.2:4010/v1", false, true),
            ("http://127.0.0.1:4010/v1", "http://127.255.254.253:4010/v1", false, true),
            ("http://127.0.0.1:4010/v1", "http://127.1:4010/v1", true, true),
            ("http://127.0.0.1:4010/v1", "http://0x7f.0.0.1:4010/v1", true, true),
            ("http://127.0.0.1:4010/v1", "http://2130706433:4010/v1", true, true),
            ("http://127.0.0.1:4010/v1", "http://0.0.0.0:4010/v1", false, true),
            ("https://localhost/v1", "https://LOCALHOST./v1", true, true),
            // Default ports, written or implied.
            ("http://localhost/v1", "http://localhost:80/v1", true, true),
            ("https://api.example.com/v1", "https://api.example.com:443/v1", true, true),
            ("https://api.example.com:8443/v1", "https://api.example.com:0443/v1", false, false),
            // Host case and a final dot.
            ("https://api.example.com/v1", "https://API.Example.COM/v1", true, true),
            ("https://api.example.com/v1", "https://api.example.com./v1", true, true),
            // Paths: doubled slashes, dot segments, escapes in either case.
            ("https://api.example.com/v1", "https://api.example.com//v1", true, true),
            ("https://api.example.com/v1", "https://api.example.com/x/../v1", true, true),
            ("https://api.example.com/v1", "https://api.example.com/./v1/.", true, true),
            ("https://api.example.com/v1", "https://api.example.com/%2e/v1/%2E%2E/v1", true, true),
            ("https://api.example.com/v1", "https://api.example.com/%761", true, true),
            ("https://api.example.com/~a/v1", "https://api.example.com/%7Ea/v1", true, true),
            ("https://api.example.com/%7ea/v1", "https://api.example.com/%7Ea/v1", true, true),
            ("https://api.example.com/a%2Fb", "https://api.example.com/a%2fb", true, true),
            // What does change the server or the resource.
            ("https://api.example.com/a%2Fb", "https://api.example.com/a/b", false, false),
            ("https://api.example.com/v1", "https://api.example.com/v2", false, false),
            ("https://api.example.com/v1", "https://api.example.com/V1", false, false),
            ("https://api.example.com/v1", "https://api.example.com/", false, false),
            ("https://api.example.com/v1", "http://api.example.com/v1", false, false),
            ("https://localhost:4010/v1", "http://localhost:4010/v1", false, false),
            ("https://api.example.com/v1", "https://api.example.com:8443/v1", false, false),
            ("https://api.example.com/v1", "https://example.com/v1", false, false),
            ("https://api.example.com/v1", "https://api.example.com.evil.example/v1", false, false),
            ("http://127.0.0.1:4010/v1", "http://127.0.0.1:4011/v1", false, false),
            ("http://127.0.0.1:4010/v1", "http://localhost:4011/v1", false, false),
            ("http://localhost:4010/v1", "http://localhost.evil.example:4010/v1", false, false),
            ("http://localhost:4010/v1", "http://notlocalhost:4010/v1", false, false),
            ("https://10.0.0.1/v1", "https://127.0.0.1/v1", false, false),
        ];
        for &(a, b, base_url, server) in table {
            let (a, b) = (Url::parse(a).unwrap(), Url::parse(b).unwrap());
            assert_eq!(same_base_url(&a, &b), base_url, "same_base_url({a}, {b})");
            assert_eq!(same_base_url(&b, &a), base_url, "same_base_url({b}, {a})");
            assert_eq!(same_server(&a, &b), server, "same_server({a}, {b})");
            assert_eq!(same_server(&b, &a), server, "same_server({b}, {a})");
        }
    }

    #[test]
    fn user_info_is_masked_wherever_it_is() {
        let shown = |text: &str| mask_userinfo(text).text;
        assert_eq!(shown("http://user:s3cret@127.0.0.1/v1"), "http://****@127.0.0.1/v1");
        assert_eq!(shown("https://tok3n@h.example/v1?q#f"), "https://****@h.example/v1?q#f");
        assert_eq!(shown("https://h.example/v1/a@b"), "https://h.example/v1/a@b");
        assert_eq!(shown("no url here"), "no url here");
        assert_eq!(
            shown("a = \"http://u:p@x/\"\nb = \"https://v:q@y/\""),
            "a = \"http://****@x/\"\nb = \"https://****@y/\""
        );
        assert_eq!(shown("http://u:p@ss@x/v1"), "http://****@x/v1");
        let url = |text: &str| DisplaySafeUrl::from(Url::parse(text).unwrap());
        assert_eq!(url("http://ü:pässword@127.0.0.1/v1").to_string(), "http://****@127.0.0.1/v1");
        assert_eq!(format!("{:?}", url("https://tok3n@h.example/v1")), "DisplaySafeUrl(https://****@h.example/v1)");
        assert_eq!(url("https://h.example/v1").to_string(), "https://h.example/v1");
        // The same rule for a URL and for text: a URL's shown form is its text, masked.
        for text in ["http://user:s3cret@127.0.0.1/v1", "https://tok3n@h.example/v1", "https://h.example/v1"] {
            assert_eq!(url(text).to_string(), shown(text), "{text}");
        }
        assert_eq!(url("http://user:s3cret@127.0.0.1/v1").url().password(), Some("s3cret"), "sent whole");
    }

    #[test]
    fn spans_follow_the_masking() {
        let text = "x = \"http://user:longpassword@h/\"\ny = 1\n";
        let masked = mask_userinfo(text);
        let y = text.find("y =").unwrap();
        assert_eq!(&masked.text[masked.map(y)..masked.map(y) + 3], "y =");
        assert_eq!(masked.map(4), 4);
        let inside = text.find("longpassword").unwrap();
        assert_eq!(masked.map(inside), text.find("user").unwrap());
    }
}
