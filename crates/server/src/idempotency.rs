//! The `Idempotency-Key` header on submissions (docs/server.md#idempotency-keys):
//! a retry with the same key from the same link gets the first answer, and
//! the action is applied once. The game's actor looks the key up and
//! stores it with the event it causes, in one transaction
//! (`host/once.rs`, `storage/keys.rs`); this module reads the header and
//! turns a stored answer back into a response.

use crate::error::{ApiError, ApiResult};
use crate::host::{Command, GameHandle, Reply, Role, Submission};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The header's name.
pub const HEADER: &str = "idempotency-key";

/// The longest key accepted (a UUID is 36).
pub const MAX_KEY_BYTES: usize = 200;

/// One keyed submission: who sent it, its key, and what it asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    /// The link that sent it (`seat 0`, `host`): keys are per link.
    pub role: String,
    pub key: String,
    /// SHA-256 of the endpoint and the body: the same key used for a
    /// different request is refused rather than answered.
    pub request: [u8; 32],
}

impl Key {
    pub fn new(role: Role, key: String, endpoint: &str, body: &[u8]) -> Key {
        let mut hash = Sha256::new();
        hash.update(endpoint.as_bytes());
        hash.update([0]);
        hash.update(body);
        Key {
            role: match role {
                Role::Host => "host".into(),
                Role::Seat(k) => format!("seat {k}"),
                Role::Spectator => "spectator".into(),
            },
            key,
            request: hash.finalize().into(),
        }
    }
}

/// The request's `Idempotency-Key`, if it has one: 1 to 200 visible ASCII
/// characters (a UUID, say), or a 400 that says what is wrong.
pub fn key_of(headers: &HeaderMap) -> ApiResult<Option<String>> {
    let mut values = headers.get_all(HEADER).iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err(ApiError::BadRequest(
            "send one Idempotency-Key header, not several".into(),
        ));
    }
    let text = value
        .to_str()
        .ok()
        .filter(|t| !t.is_empty() && t.len() <= MAX_KEY_BYTES)
        .filter(|t| t.bytes().all(|b| b.is_ascii_graphic()))
        .ok_or_else(|| {
            ApiError::BadRequest(format!(
                "an Idempotency-Key is 1 to {MAX_KEY_BYTES} visible ASCII characters \
                 (a UUID, say), without spaces"
            ))
        })?;
    Ok(Some(text.to_string()))
}

/// The answer to a keyed submission: the first one, stored or just made.
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    /// Whether this is a stored answer to an earlier request.
    pub replayed: bool,
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::OK);
        let mut response = (status, Json(self.body)).into_response();
        if self.replayed {
            // Says the answer is the stored one, for clients and tests.
            response.headers_mut().insert(
                "idempotent-replayed",
                axum::http::HeaderValue::from_static("true"),
            );
        }
        response
    }
}

/// Runs `submission` through the game's actor under the request's
/// `Idempotency-Key`, if it has one: `Some` with the answer (stored or new),
/// or `None` when the request has no key and runs the usual way.
pub async fn submit(
    handle: &GameHandle,
    role: Role,
    headers: &HeaderMap,
    endpoint: &str,
    body: &[u8],
    submission: Submission,
    reply: Reply,
) -> ApiResult<Option<Response>> {
    let Some(key) = key_of(headers)? else {
        return Ok(None);
    };
    let key = Key::new(role, key, endpoint, body);
    let answer = handle
        .ask(|r| Command::Once(role, key, submission, reply, r))
        .await??;
    Ok(Some(answer.into_response()))
}
