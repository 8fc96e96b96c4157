//! Every error response the sandbox sends, as the spec's Error body.
//!
//! Handlers and middleware return [`ApiError`]; nothing else in the crate builds an error response,
//! so no response can leave without the Error body or with a `status` that disagrees with HTTP. The
//! one exception is on purpose: the 502 page of the `fail` fault is HTML, as a proxy would send it.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::json_response;

/// A request the sandbox refuses. The variant decides the HTTP status and the `code`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ApiError {
    /// 401 `unauthorized`, with `WWW-Authenticate: Bearer`.
    Unauthorized(String),
    /// 400 `invalid_parameter`: a query parameter breaks its rule.
    InvalidParameter(String),
    /// 400 `invalid_body`: the request body is not a valid NewPet.
    InvalidBody(String),
    /// 404 `not_found`: no route, or no such animal.
    NotFound(String),
    /// 405 `method_not_allowed`, with `Allow` set to the route's methods.
    MethodNotAllowed { message: String, allow: &'static str },
    /// 413 `payload_too_large`.
    PayloadTooLarge(String),
    /// 408 `request_timeout`, with `Connection: close`: the body did not all arrive in time.
    RequestTimeout(String),
    /// 507 `storage_full`: the store holds all that clients may add.
    StorageFull(String),
    /// 500 `internal_error`; only from the `fail` fault.
    Internal(String),
    /// 503 `unavailable`, with `Retry-After`: from the `fail` fault, or to a connection over the
    /// connection cap.
    Unavailable { message: String, retry_after: HeaderValue },
    /// 429 `rate_limited`: from the `fail` fault (with `Retry-After`), or over `--rate-limit` (with it on
    /// request).
    RateLimited { message: String, retry_after: Option<HeaderValue> },
}

impl ApiError {
    pub(crate) fn status(&self) -> StatusCode {
        match self {
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::InvalidParameter(_) | Self::InvalidBody(_) => StatusCode::BAD_REQUEST,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            Self::StorageFull(_) => StatusCode::INSUFFICIENT_STORAGE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
        }
    }

    pub(crate) fn code(&self) -> &'static str {
        match self {
            Self::Unauthorized(_) => "unauthorized",
            Self::InvalidParameter(_) => "invalid_parameter",
            Self::InvalidBody(_) => "invalid_body",
            Self::NotFound(_) => "not_found",
            Self::MethodNotAllowed { .. } => "method_not_allowed",
            Self::PayloadTooLarge(_) => "payload_too_large",
            Self::RequestTimeout(_) => "request_timeout",
            Self::StorageFull(_) => "storage_full",
            Self::Internal(_) => "internal_error",
            Self::Unavailable { .. } => "unavailable",
            Self::RateLimited { .. } => "rate_limited",
        }
    }

    pub(crate) fn message(&self) -> &str {
        match self {
            Self::Unauthorized(message)
            | Self::InvalidParameter(message)
            | Self::InvalidBody(message)
            | Self::NotFound(message)
            | Self::MethodNotAllowed { message, .. }
            | Self::PayloadTooLarge(message)
            | Self::RequestTimeout(message)
            | Self::StorageFull(message)
            | Self::Internal(message)
            | Self::Unavailable { message, .. }
            | Self::RateLimited { message, .. } => message,
        }
    }
}

/// The spec's Error resource; field order is the wire order.
#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'static str,
    message: &'a str,
    status: u16,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = ErrorBody { code: self.code(), message: self.message(), status: status.as_u16() };
        let mut response = json_response(status, &body);
        let headers = response.headers_mut();
        match self {
            Self::Unauthorized(_) => {
                headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            Self::MethodNotAllowed { allow, .. } => {
                headers.insert(header::ALLOW, HeaderValue::from_static(allow));
            }
            Self::Unavailable { retry_after, .. } | Self::RateLimited { retry_after: Some(retry_after), .. } => {
                headers.insert(header::RETRY_AFTER, retry_after);
            }
            // The rest of the body may still be on its way: the connection cannot carry another
            // request, and saying so lets the client know before it sends one (RFC 9110, 15.5.9).
            Self::RequestTimeout(_) => {
                headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            _ => {}
        }
        response
    }
}
