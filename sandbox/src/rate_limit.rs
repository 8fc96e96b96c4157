//! `--rate-limit`: a token bucket over every request, as the gateway in front of an API has one (nginx's
//! `limit_req`, API gateways). The bucket holds `burst` tokens and gains `rate` a second; a request takes
//! one, and one that finds none is answered 429 `rate_limited` at once, carrying nothing out: before routing,
//! the key check and any fault, as a front answers before the API sees the request. With `retry_after` the
//! answer carries `Retry-After`, the whole seconds until a token comes (at least 1, the header's unit);
//! without it, none, as nginx and most gateways send.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::time::Instant;

use crate::AppState;
use crate::error::ApiError;

/// The rate limit of a [`Config`](crate::Config): `rate` requests a second, `burst` at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateLimit {
    /// Requests a second, above 0.
    pub rate: f64,
    /// Requests at once after a quiet while: the bucket's size, at least 1.
    pub burst: u32,
    /// Whether a refusal carries `Retry-After`.
    pub retry_after: bool,
}

impl RateLimit {
    /// Why this limit cannot run, as a message for people.
    pub(crate) fn validate(&self) -> Result<(), String> {
        if !(self.rate.is_finite() && self.rate > 0.0) {
            return Err(format!("the rate limit must be a number of requests a second above 0, not {}", self.rate));
        }
        if self.burst == 0 {
            return Err("the rate limit's burst must be at least 1".into());
        }
        Ok(())
    }
}

/// The bucket, shared by every connection.
#[derive(Debug)]
pub(crate) struct Bucket {
    limit: RateLimit,
    /// Tokens, and when they were counted.
    tokens: Mutex<(f64, Instant)>,
    refused: AtomicU64,
}

impl Bucket {
    pub(crate) fn new(limit: RateLimit) -> Bucket {
        Bucket { limit, tokens: Mutex::new((f64::from(limit.burst), Instant::now())), refused: AtomicU64::new(0) }
    }

    /// Takes a token at `now`, or says how long until one comes.
    fn take(&self, now: Instant) -> Result<(), Duration> {
        let mut tokens = self.tokens.lock().unwrap_or_else(PoisonError::into_inner);
        let (count, at) = *tokens;
        let count = (count + now.saturating_duration_since(at).as_secs_f64() * self.limit.rate)
            .min(f64::from(self.limit.burst));
        if count >= 1.0 {
            *tokens = (count - 1.0, now);
            Ok(())
        } else {
            *tokens = (count, now);
            Err(Duration::from_secs_f64((1.0 - count) / self.limit.rate))
        }
    }

    /// How many requests were refused so far.
    pub(crate) fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }
}

/// The middleware, outside routing: a request that finds the bucket empty is answered 429 at once.
pub(crate) async fn limit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(bucket) = state.rate_limit() else {
        return next.run(request).await;
    };
    match bucket.take(Instant::now()) {
        Ok(()) => next.run(request).await,
        Err(wait) => {
            bucket.refused.fetch_add(1, Ordering::Relaxed);
            let retry_after = bucket.limit.retry_after.then(|| {
                let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
                HeaderValue::from(seconds)
            });
            let message = format!(
                "over the sandbox's rate limit of {} requests a second (burst {}); nothing was carried out",
                bucket.limit.rate, bucket.limit.burst
            );
            ApiError::RateLimited { message, retry_after }.into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_passes_its_burst_then_its_rate() {
        let bucket = Bucket::new(RateLimit { rate: 100.0, burst: 3, retry_after: false });
        let start = Instant::now();
        for _ in 0..3 {
            assert_eq!(bucket.take(start), Ok(()));
        }
        let wait = bucket.take(start).unwrap_err();
        assert_eq!(wait, Duration::from_millis(10));
        // 10 ms on, one more token; 25 ms on, the bucket never holds more than its burst.
        assert_eq!(bucket.take(start + Duration::from_millis(10)), Ok(()));
        assert!(bucket.take(start + Duration::from_millis(10)).is_err());
        let later = start + Duration::from_secs(60);
        for _ in 0..3 {
            assert_eq!(bucket.take(later), Ok(()));
        }
        assert!(bucket.take(later).is_err());
    }

    #[test]
    fn a_limit_needs_a_rate_and_a_burst() {
        let limit = RateLimit { rate: 150.0, burst: 10, retry_after: true };
        assert_eq!(limit.validate(), Ok(()));
        for rate in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(RateLimit { rate, ..limit }.validate().is_err(), "{rate}");
        }
        assert!(RateLimit { burst: 0, ..limit }.validate().is_err());
    }
}
