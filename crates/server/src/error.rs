//! The crate's one error type. Every refusal becomes `{ "error": "..." }`
//! with a 4xx status; internal failures are logged and shown only as
//! "internal error".

use arbiter_core::ActionError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ApiError {
    /// The request itself is malformed (bad JSON shape, unknown game, ...).
    #[error("{0}")]
    BadRequest(String),
    /// No token, or a token that opens nothing here.
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// The address exists but does not take this method.
    #[error("{0}")]
    MethodNotAllowed(String),
    /// The action is fine in form but not allowed now (out of turn, paused,
    /// game over).
    #[error("{0}")]
    Conflict(String),
    /// The game's rules refused the action.
    #[error("{0}")]
    Refused(String),
    /// The body is larger than [`crate::BODY_LIMIT`].
    #[error("{0}")]
    TooLarge(String),
    /// Another writer took this place in the game's log first (an
    /// optimistic append lost its race): the writer's copy is behind and
    /// must catch up from the log before trying again (docs/instances.md).
    #[error("{0}")]
    Stale(String),
    /// The database cannot be reached now: nothing was changed, and the
    /// request may be tried again.
    #[error("{0}")]
    Unavailable(String),
    /// Too many requests of one kind in a short time (chat).
    #[error("{0}")]
    TooManyRequests(String),
    #[error("internal: {0}")]
    Internal(String),
}

impl From<ActionError> for ApiError {
    fn from(e: ActionError) -> ApiError {
        match e {
            ActionError::Malformed { .. } => ApiError::BadRequest(e.to_string()),
            ActionError::Illegal { .. } => ApiError::Refused(e.to_string()),
            ActionError::NotYourTurn { .. } | ActionError::GameOver { .. } => {
                ApiError::Conflict(e.to_string())
            }
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        match &e {
            // The database went away or is restarting: the transaction did
            // not commit, so the request changed nothing and may be retried.
            sqlx::Error::Io(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed
            | sqlx::Error::Tls(_)
            | sqlx::Error::Protocol(_) => {
                tracing::warn!("database unavailable: {e}");
                ApiError::Unavailable(UNAVAILABLE.into())
            }
            sqlx::Error::Database(db) if db.code().as_deref().is_some_and(is_shutdown_code) => {
                tracing::warn!("database unavailable: {e}");
                ApiError::Unavailable(UNAVAILABLE.into())
            }
            _ => ApiError::Internal(format!("database: {e}")),
        }
    }
}

/// The answer while the database cannot be reached.
pub const UNAVAILABLE: &str =
    "the database is unavailable just now; nothing was changed, try again in a moment";

/// PostgreSQL's codes for a server shutting down or not accepting
/// connections yet (class 57P: operator intervention; 08: connection).
fn is_shutdown_code(code: &str) -> bool {
    code.starts_with("57P") || code.starts_with("08")
}

impl From<sqlx::migrate::MigrateError> for ApiError {
    fn from(e: sqlx::migrate::MigrateError) -> ApiError {
        ApiError::Internal(format!("migration: {e}"))
    }
}

impl From<axum::extract::rejection::BytesRejection> for ApiError {
    fn from(e: axum::extract::rejection::BytesRejection) -> ApiError {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(format!(
                "the request body is larger than {} bytes",
                crate::BODY_LIMIT
            ))
        } else {
            ApiError::BadRequest(format!("unreadable request body: {}", e.body_text()))
        }
    }
}

impl ApiError {
    /// The HTTP status this error is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Stale(_) | ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = match &self {
            ApiError::Internal(detail) => {
                tracing::error!("{detail}");
                "internal error".to_string()
            }
            other => other.to_string(),
        };
        let mut response = (status, Json(serde_json::json!({ "error": message }))).into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("1"),
            );
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
