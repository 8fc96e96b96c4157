//! What ties a request to the server's logs: an `X-Request-Id` made fresh for each request (the same on its
//! retries), and a W3C `traceparent` (<https://www.w3.org/TR/trace-context/>) whose trace id is the one in
//! `TRACEPARENT` when the environment gives one (OpenTelemetry's environment carrier), else a fresh one.
//!
//! Ids are random, not secret: they travel in headers and logs, so `fastrand` (already a dependency) makes
//! them rather than a cryptographic generator.

use std::fmt::Write as _;

use reqwest::header::{HeaderMap, HeaderName, HeaderValue};

/// The header that names a request, sent by petstore and, when the server names it otherwise, read back.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// The W3C trace context header.
pub const TRACEPARENT: HeaderName = HeaderName::from_static("traceparent");
/// The environment variable whose trace id petstore's requests join (OpenTelemetry's env-carrier name).
pub const TRACEPARENT_VAR: &str = "TRACEPARENT";
/// The longest request id a server's answer may give and still be shown; a longer one is ignored.
const SHOWN_ID_MAX_BYTES: usize = 200;
/// The length of a version-00 `traceparent`: `00-`, 32 hex digits, `-`, 16, `-`, 2.
const TRACEPARENT_LENGTH: usize = 55;

/// The trace a client's requests belong to: its trace id and flags, from `TRACEPARENT` or made fresh.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trace {
    trace_id: u128,
    flags: u8,
}

impl Trace {
    /// The trace of `TRACEPARENT`'s value when it is a valid version-00 (or later) `traceparent`, else a fresh
    /// one, sampled (flags `01`), so that a server which samples by its parent records what it is asked about.
    pub fn from_env_value(value: Option<&str>) -> Trace {
        value.and_then(parse_traceparent).unwrap_or_else(|| Trace { trace_id: nonzero_u128(), flags: 0x01 })
    }

    /// The `traceparent` value of one request of this trace: a fresh span id. Written into one string of the
    /// header's length, the trace id by the `uuid` crate's hex encoder: once per request of a batch, where
    /// `format!` of the whole was about a tenth of what petstore itself did for a record.
    fn header(&self) -> String {
        let mut trace_id = [0; uuid::fmt::Simple::LENGTH];
        let mut header = String::with_capacity(TRACEPARENT_LENGTH);
        header.push_str("00-");
        header.push_str(uuid::Uuid::from_u128(self.trace_id).simple().encode_lower(&mut trace_id));
        write!(header, "-{:016x}-{:02x}", nonzero_u64(), self.flags).expect("a String takes any text");
        header
    }
}

/// `version-traceid-parentid-flags`, lower-case hex, neither id all zeros; a version other than `ff` is read
/// for its first four fields, as the specification asks of a version it does not know.
fn parse_traceparent(value: &str) -> Option<Trace> {
    let value = value.trim();
    let mut fields = value.split('-');
    let (version, trace_id, parent_id, flags) = (fields.next()?, fields.next()?, fields.next()?, fields.next()?);
    let hex = |field: &str, len: usize| {
        field.len() == len && field.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
    };
    if !(hex(version, 2) && hex(trace_id, 32) && hex(parent_id, 16) && hex(flags, 2)) || version == "ff" {
        return None;
    }
    if version == "00" && fields.next().is_some() {
        return None;
    }
    let trace_id = u128::from_str_radix(trace_id, 16).ok().filter(|id| *id != 0)?;
    u64::from_str_radix(parent_id, 16).ok().filter(|id| *id != 0)?;
    Some(Trace { trace_id, flags: u8::from_str_radix(flags, 16).ok()? })
}

/// A fresh request id: a UUID version 4, as most servers and proxies make theirs.
pub fn new_request_id() -> String {
    uuid_v4(fastrand::u128(..))
}

/// `bits` as a UUID version 4 (its version and variant bits set), hyphenated in lower case.
fn uuid_v4(bits: u128) -> String {
    let bits = (bits & !(0xf << 76) & !(0x3 << 62)) | (0x4 << 76) | (0x2 << 62);
    let mut text = [0; uuid::fmt::Hyphenated::LENGTH];
    uuid::Uuid::from_u128(bits).hyphenated().encode_lower(&mut text).to_owned()
}

/// The request ids of a batch, one per record and the same each time the record goes again (after a 429): a
/// random base of the batch's own, with the record's number folded in.
#[derive(Debug, Clone, Copy)]
pub struct RequestIds {
    base: u128,
}

impl RequestIds {
    pub fn new() -> RequestIds {
        RequestIds { base: fastrand::u128(..) }
    }

    /// The id of record `number` ([`crate::bulk::Record::number`]).
    pub fn of(&self, number: u64) -> String {
        // The number goes into bits the version and variant leave alone.
        uuid_v4(self.base ^ u128::from(number))
    }
}

impl Default for RequestIds {
    fn default() -> RequestIds {
        RequestIds::new()
    }
}

fn nonzero_u128() -> u128 {
    fastrand::u128(1..)
}

fn nonzero_u64() -> u64 {
    fastrand::u64(1..)
}

/// Adds a fresh `X-Request-Id` and a `traceparent` of `trace` to `headers`, unless the caller set them already
/// (`petstore api -H`): once per request, before its first attempt, so that every retry carries the same.
/// Returns the request id sent.
pub(crate) fn identify(headers: &mut HeaderMap, trace: &Trace) -> Option<String> {
    // A request id given already goes after the `traceparent`, where a fresh one would.
    let given = headers.remove(REQUEST_ID);
    if !headers.contains_key(TRACEPARENT) {
        headers.insert(TRACEPARENT, HeaderValue::try_from(trace.header()).expect("hex is a valid header value"));
    }
    if let Some(given) = given {
        let id = given.to_str().ok().map(ToOwned::to_owned);
        headers.insert(REQUEST_ID, given);
        return id;
    }
    let id = new_request_id();
    headers.insert(REQUEST_ID, HeaderValue::try_from(id.as_str()).expect("a UUID is a valid header value"));
    Some(id)
}

/// The request id to show for an answer with `headers` to a request sent as `sent`: the server's own when it
/// gave one that can be shown (printable ASCII, not too long), else the one sent.
pub(crate) fn shown_id(headers: &HeaderMap, sent: Option<String>) -> Option<String> {
    let answered = headers.get(REQUEST_ID).and_then(|value| value.to_str().ok()).map(str::trim).filter(|id| {
        !id.is_empty() && id.len() <= SHOWN_ID_MAX_BYTES && id.bytes().all(|byte| byte.is_ascii_graphic())
    });
    answered.map(ToOwned::to_owned).or(sent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batchs_request_ids_are_one_per_record_and_the_same_again() {
        let ids = RequestIds::new();
        assert_eq!(ids.of(7), ids.of(7));
        assert_ne!(ids.of(7), ids.of(8));
        assert_ne!(ids.of(7), RequestIds::new().of(7));
        assert_eq!(&ids.of(3)[14..15], "4");
    }

    #[test]
    fn a_uuid_is_its_bits_in_hyphenated_lower_case_hex_with_version_4_and_the_rfc_variant() {
        assert_eq!(uuid_v4(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef), "01234567-89ab-4def-8123-456789abcdef");
        assert_eq!(uuid_v4(u128::MAX), "ffffffff-ffff-4fff-bfff-ffffffffffff");
        assert_eq!(uuid_v4(0), "00000000-0000-4000-8000-000000000000");
    }

    #[test]
    fn request_ids_are_uuid_v4_and_differ() {
        let (a, b) = (new_request_id(), new_request_id());
        assert_ne!(a, b);
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "4", "{a}");
        assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"), "{a}");
    }

    #[test]
    fn an_inherited_trace_id_and_flags_are_kept_with_a_new_span() {
        let given = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        let trace = Trace::from_env_value(Some(given));
        let header = trace.header();
        assert!(header.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-"), "{header}");
        assert!(header.ends_with("-01") && !header.contains("00f067aa0ba902b7"), "{header}");
    }

    #[test]
    fn an_invalid_traceparent_starts_a_new_trace() {
        for bad in [
            "",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
        ] {
            let header = Trace::from_env_value(Some(bad)).header();
            assert!(!header.contains("4bf92f3577b34da6a3ce929d0e0e4736"), "{bad}: {header}");
            assert_eq!(header.len(), 55, "{header}");
        }
    }

    #[test]
    fn a_callers_ids_are_kept_and_the_servers_is_shown() {
        let trace = Trace::from_env_value(None);
        let mut headers = HeaderMap::new();
        headers.insert(REQUEST_ID, HeaderValue::from_static("mine"));
        assert_eq!(identify(&mut headers, &trace).as_deref(), Some("mine"));
        assert!(headers.contains_key(TRACEPARENT));
        let mut answer = HeaderMap::new();
        assert_eq!(shown_id(&answer, Some("mine".to_owned())).as_deref(), Some("mine"));
        answer.insert(REQUEST_ID, HeaderValue::from_static("srv-1"));
        assert_eq!(shown_id(&answer, Some("mine".to_owned())).as_deref(), Some("srv-1"));
    }
}
