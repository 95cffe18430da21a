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
        ApiError::Internal(format!("database: {e}"))
    }
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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let message = match &self {
            ApiError::Internal(detail) => {
                tracing::error!("{detail}");
                "internal error".to_string()
            }
            other => other.to_string(),
        };
        (status, Json(serde_json::json!({ "error": message }))).into_response()
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
