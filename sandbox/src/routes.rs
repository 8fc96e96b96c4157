//! The HTTP surface: which routes exist, the order in which a request is checked (route, method,
//! API key, then its parameters or body), where the fault layer sits, and the handlers.
//!
//! Every refusal is an [`ApiError`]; no axum extractor that could answer with its own bare
//! rejection (400/413/415/422 without the Error body) is used.

use std::sync::LazyLock;
use std::time::{Duration, Instant, UNIX_EPOCH};

use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::rejection::PathRejection;
use axum::extract::{Extension, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{Next, from_fn_with_state, map_response};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use http_body_util::{BodyExt, LengthLimitError, Limited};

use crate::AppState;
use crate::error::ApiError;
use crate::faults::{self, Fault, FaultKind, Injected};
use crate::json_response;
use crate::log::Entry;
use crate::number;
use crate::record;
use crate::store::StoreFull;
use crate::wire::{PetStatus, is_json_content_type, parse_new_pet};

/// The methods of `/v1/pets`, as the `Allow` header of its 405 lists them.
const PETS_ALLOW: &str = "GET, HEAD, POST";
/// The methods of `/v1/pets/{petId}`.
const PET_ALLOW: &str = "GET, HEAD";

/// The largest request body read; the spec sets none, this keeps a stray upload from eating memory.
pub(crate) const BODY_LIMIT: usize = 1024 * 1024;

const LIMIT_DEFAULT: usize = 20;
const LIMIT_MAX: usize = 100;

/// When the deprecation of `GET /v1/pets/{petId}` took effect (RFC 9745): 2026-01-01T00:00:00Z.
/// The spec gives no such date, only that the operation is deprecated; a date in the past says
/// "deprecated now".
pub(crate) const DEPRECATED_SINCE_UNIX: u64 = 1_767_225_600;
/// When `GET /v1/pets/{petId}` goes away (RFC 8594), as the spec states: 2030-12-05T00:00:00Z.
pub(crate) const SUNSET_UNIX: u64 = 1_922_659_200;

static DEPRECATION: LazyLock<HeaderValue> =
    LazyLock::new(|| HeaderValue::try_from(format!("@{DEPRECATED_SINCE_UNIX}")).expect("ASCII digits"));
static SUNSET: LazyLock<HeaderValue> = LazyLock::new(|| {
    let date = httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_secs(SUNSET_UNIX));
    HeaderValue::try_from(date).expect("an HTTP-date is ASCII")
});

/// The sandbox's routes over `state`, ready to serve or to call with `tower::ServiceExt::oneshot`.
pub fn router(state: AppState) -> Router {
    let require_key = from_fn_with_state(state.clone(), require_api_key);
    let mut pets = get(list_pets).post(create_pet);
    let mut pet = get(get_pet);
    // Inside the key check, so routing and authentication never meet a fault; left out entirely
    // when there are none, so the requests of a plain sandbox never pass through it.
    if state.fault_injector().is_some() {
        let inject_faults = from_fn_with_state(state.clone(), faults::inject);
        pets = pets.route_layer(inject_faults.clone());
        pet = pet.route_layer(inject_faults);
    }
    // `route_layer` guards the methods but not the method fallback, so a wrong method gets its
    // 405 without a key: routing is decided before authentication.
    let pets = pets
        .route_layer(require_key.clone())
        .fallback(|method: Method, uri: Uri| async move { method_not_allowed(&method, &uri, PETS_ALLOW) });
    let pet = pet
        .route_layer(require_key)
        // Outside the key check, so a 401 or 404 of `GET` is marked too; not on the method fallback: a 405
        // answers a method that is not the deprecated operation, and says nothing of `GET`'s future.
        .route_layer(map_response(mark_deprecated))
        .fallback(|method: Method, uri: Uri| async move { method_not_allowed(&method, &uri, PET_ALLOW) });
    let router = Router::new().route("/v1/pets", pets).route("/v1/pets/{petId}", pet).fallback(no_route);
    // Outside routing and the key check, as a gateway's limit is; left out when there is none.
    let router = match state.rate_limit() {
        Some(_) => router.layer(from_fn_with_state(state.clone(), crate::rate_limit::limit)),
        None => router,
    };
    let router = router.layer(from_fn_with_state(state.clone(), observe));
    // Outermost, so it sees every request and its answer as sent; left out when there is no record.
    let router = if state.recorder().is_some() {
        router.layer(from_fn_with_state(state.clone(), record::record))
    } else {
        router
    };
    router.with_state(state)
}

/// Counts every request that reaches the router and, unless quiet, logs it once answered, with the
/// faults injected into it, if any, and its `X-Request-Id`, which the answer repeats.
async fn observe(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    // The request line and the request's id are logged: no other header, so never the API key.
    let target = request.uri().path_and_query().map_or_else(|| request.uri().path().to_owned(), ToString::to_string);
    let request_id = crate::log::request_id(request.headers()).map(ToOwned::to_owned);
    state.count_request(&method, &target, request_id.clone());
    let _in_flight = state.request_started();
    let started = Instant::now();
    let mut response = next.run(request).await;
    if let Some(id) = request_id.as_deref().and_then(|id| HeaderValue::from_str(id).ok()) {
        response.headers_mut().entry("x-request-id").or_insert(id);
    }
    if !state.log().is_on() {
        return response;
    }
    let injected = response.extensions().get::<Injected>().copied().unwrap_or_default();
    state.log().request(&Entry {
        method: &method,
        target: &target,
        // A connection closed without an answer sent no status to log.
        status: injected.fault.is_none_or(FaultKind::answers).then(|| response.status()),
        fault: injected.fault.map(FaultKind::name),
        latency: injected.latency,
        elapsed: started.elapsed(),
        request_id: request_id.as_deref(),
    });
    response
}

async fn require_api_key(State(state): State<AppState>, request: Request, next: Next) -> Response {
    match state.authorize(request.headers()) {
        Ok(()) => next.run(request).await,
        Err(err) => err.into_response(),
    }
}

async fn mark_deprecated(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert("deprecation", DEPRECATION.clone());
    headers.insert("sunset", SUNSET.clone());
    response
}

async fn no_route(uri: Uri) -> ApiError {
    ApiError::NotFound(format!("no route for `{}`; the sandbox serves `/v1/pets` and `/v1/pets/{{petId}}`", uri.path()))
}

fn method_not_allowed(method: &Method, uri: &Uri, allow: &'static str) -> ApiError {
    ApiError::MethodNotAllowed {
        message: format!("method `{method}` is not allowed on `{}`; allowed: {allow}", uri.path()),
        allow,
    }
}

/// `GET /v1/pets`.
async fn list_pets(State(state): State<AppState>, uri: Uri) -> Result<Response, ApiError> {
    let query = ListQuery::from_uri(&uri)?;
    let store = state.store();
    Ok(json_response(StatusCode::OK, &store.list(query.status, query.limit)))
}

#[derive(Debug, PartialEq, Eq)]
struct ListQuery {
    limit: usize,
    status: Option<PetStatus>,
}

impl ListQuery {
    /// Reads `limit` and `status`; other parameters are ignored, as a server that grows new
    /// optional parameters must let old clients' extras through.
    fn from_uri(uri: &Uri) -> Result<ListQuery, ApiError> {
        let Ok(Query(pairs)) = Query::<Vec<(String, String)>>::try_from_uri(uri) else {
            return Err(ApiError::InvalidParameter("the query string could not be decoded".into()));
        };
        let (mut limit, mut status) = (None, None);
        for (name, value) in pairs {
            let slot = match name.as_str() {
                "limit" => &mut limit,
                "status" => &mut status,
                _ => continue,
            };
            // Which of two values would win is a guess either way; refusing tells the client.
            if slot.replace(value).is_some() {
                return Err(ApiError::InvalidParameter(format!("`{name}` must be given at most once")));
            }
        }
        let limit = match limit {
            None => LIMIT_DEFAULT,
            // An integer as the body's `categoryId` is one: `3.0` is 3, `3.5` is refused.
            Some(text) => number::int64(&text)
                .and_then(|n| usize::try_from(n).ok())
                .filter(|n| (1..=LIMIT_MAX).contains(n))
                .ok_or_else(|| {
                    ApiError::InvalidParameter(format!("`limit` must be an integer from 1 to {LIMIT_MAX}"))
                })?,
        };
        let status = match status {
            None => None,
            Some(text) => Some(PetStatus::parse(&text).ok_or_else(|| {
                ApiError::InvalidParameter(format!("`status` must be one of {}", PetStatus::ALLOWED))
            })?),
        };
        Ok(ListQuery { limit, status })
    }
}

/// `POST /v1/pets`.
async fn create_pet(
    State(state): State<AppState>,
    fault: Option<Extension<Fault>>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    // Checked before reading, so a wrong type never waits for (or triggers `100 Continue` for) a
    // body that would be refused anyway.
    let declared_json = headers.get(header::CONTENT_TYPE).is_some_and(|value| is_json_content_type(value.as_bytes()));
    if !declared_json {
        return Err(ApiError::InvalidBody("`Content-Type` must be `application/json`".into()));
    }
    let body = read_body(body, state.connection_limits().body_timeout).await?;
    let new_pet = parse_new_pet(&body)?;
    // Checked after the body, so a bad one still gets its 400 under any fault; the only route
    // with an effect is the only one that must stop here.
    if fault.is_some_and(|Extension(fault)| fault.skips_work()) {
        return Ok(faults::work_skipped());
    }
    let mut store = state.store();
    let max = store.name_max();
    if new_pet.name.len() > max {
        let len = new_pet.name.len();
        return Err(ApiError::InvalidBody(format!("`name` must be at most {max} bytes of UTF-8, not {len}")));
    }
    let pet = store.add(new_pet).map_err(storage_full)?;
    let location =
        HeaderValue::try_from(format!("/v1/pets/{}", pet.id)).expect("a path of digits is a valid header value");
    let mut response = json_response(StatusCode::CREATED, pet);
    drop(store);
    response.headers_mut().insert(header::LOCATION, location);
    Ok(response)
}

fn storage_full(full: StoreFull) -> ApiError {
    ApiError::StorageFull(match full {
        StoreFull::Pets(max) => {
            format!("the sandbox holds the {max} animals clients may add; restart it to start over")
        }
        StoreFull::NameBytes(max) => format!(
            "the names of the animals clients added would pass {max} bytes, all the sandbox may hold; restart it to start over"
        ),
    })
}

/// The whole body, if it is at most [`BODY_LIMIT`] bytes and all arrives within `timeout`. A client
/// that stalls mid-body must not hold its connection, and what it sent so far, for ever: past the
/// timeout the part read is dropped, and the 408 closes the connection.
async fn read_body(body: Body, timeout: Duration) -> Result<Bytes, ApiError> {
    let too_large = || ApiError::PayloadTooLarge(format!("request body must be at most {BODY_LIMIT} bytes (1 MiB)"));
    // A declared `Content-Length` over the cap is refused without reading anything.
    if body.size_hint().lower() > BODY_LIMIT as u64 {
        return Err(too_large());
    }
    let Ok(read) = tokio::time::timeout(timeout, Limited::new(body, BODY_LIMIT).collect()).await else {
        return Err(ApiError::RequestTimeout(format!(
            "the request body did not all arrive within {} of its head",
            seconds(timeout)
        )));
    };
    match read {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(err) if err.is::<LengthLimitError>() => Err(too_large()),
        // The client broke off mid-body; it will not see this answer, but it must not be a 5xx.
        Err(_) => Err(ApiError::InvalidBody("request body could not be read to its end".into())),
    }
}

/// A duration as people write it in seconds: `10 s`, `0.2 s`.
fn seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

/// `GET /v1/pets/{petId}` (deprecated).
async fn get_pet(
    State(state): State<AppState>,
    uri: Uri,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let not_found = |id: &str| ApiError::NotFound(format!("no pet with id `{id}`"));
    // An id whose percent-decoding is not UTF-8 cannot name an int64 either.
    let Ok(Path(id)) = id else {
        let raw = uri.path().rsplit('/').next().unwrap_or_default();
        return Err(not_found(raw));
    };
    let store = state.store();
    // The spec types `petId` as `categoryId` is typed, so `1.0` names animal 1 too.
    let pet = number::int64(&id).and_then(|id| store.get(id)).ok_or_else(|| not_found(&id))?;
    Ok(json_response(StatusCode::OK, pet))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(q: &str) -> Result<ListQuery, ApiError> {
        ListQuery::from_uri(&format!("/v1/pets?{q}").parse().unwrap())
    }

    #[test]
    fn list_query_defaults_and_decoding() {
        let default = ListQuery { limit: 20, status: None };
        assert_eq!(query(""), Ok(default));
        assert_eq!(
            query("limit=%35&status=s%6Fld&sort=name&limit2=x"),
            Ok(ListQuery { limit: 5, status: Some(PetStatus::Sold) })
        );
    }

    #[test]
    fn sunset_is_the_spec_date_as_an_http_date() {
        assert_eq!(SUNSET.to_str().unwrap(), "Thu, 05 Dec 2030 00:00:00 GMT");
        assert_eq!(DEPRECATION.to_str().unwrap(), "@1767225600");
        assert_eq!(
            httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_secs(DEPRECATED_SINCE_UNIX)),
            "Thu, 01 Jan 2026 00:00:00 GMT"
        );
    }
}
