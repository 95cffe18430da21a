//! The router: lobby, table, host and live routes over the live games.
//! Each feature's routes are in its own module under `app/`, merged here.

use crate::error::{ApiError, ApiResult};
use crate::{assets, pages};
use axum::extract::{DefaultBodyLimit, State};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};

mod live;
mod lobby;
mod preview;
pub(crate) mod records;
pub(crate) mod social;
mod state;
mod table;
pub(crate) mod webhooks;

pub use state::{AppState, Settings, DEFAULT_WS_PING_SECS};
pub(crate) use table::ActBody;

/// Parses a JSON body ourselves so a bad one gets our JSON error shape;
/// every route that takes a body reads it with this.
///
/// Every body is a JSON object: well-formed JSON of another shape (an
/// array, a string) is told so, instead of what serde makes of it ("invalid
/// type: integer `1`, expected a string" for `[1,2]`).
pub(crate) fn parse_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> ApiResult<T> {
    serde_json::from_slice(body).map_err(|e| {
        let shape = match serde_json::from_slice::<serde_json::Value>(body) {
            Ok(serde_json::Value::Array(_)) => Some("an array"),
            Ok(serde_json::Value::String(_)) => Some("a string"),
            Ok(serde_json::Value::Number(_)) => Some("a number"),
            Ok(serde_json::Value::Bool(_)) => Some("true or false"),
            Ok(serde_json::Value::Null) => Some("null"),
            Ok(serde_json::Value::Object(_)) | Err(_) => None,
        };
        ApiError::BadRequest(match shape {
            Some(shape) => format!("bad request body: expected a JSON object, not {shape}"),
            None => format!("bad request body: {e}"),
        })
    })
}

/// The largest request body accepted.
pub const BODY_LIMIT: usize = 16 * 1024;

/// Every route: each feature's, merged, with the layers all share.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(lobby::routes())
        .merge(table::routes())
        .merge(preview::routes())
        .merge(social::routes())
        .merge(live::routes())
        .merge(records::routes())
        .merge(webhooks::routes())
        .merge(crate::analysis::routes())
        .merge(crate::bot_api::routes())
        .merge(assets::router())
        .merge(pages::router())
        .fallback(|| async { ApiError::NotFound("no such page or endpoint".into()) })
        .method_not_allowed_fallback(|method: axum::http::Method| async move {
            ApiError::MethodNotAllowed(format!("this address does not take {method}"))
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(compression())
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            answer_a_panic,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::forward::to_owner,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            stamp_server_time,
        ))
        .with_state(state)
}

/// Answers gzipped for clients that accept it (every browser): a table's
/// state, its pages and scripts shrink several times over (a long
/// Tilechess game's state from about 90 KB to a tenth of that), which is
/// what a phone on a slow network waits for. Pictures that are compressed
/// already (PNG) and the bot API's event stream, whose lines must go out
/// as they come, are left alone. Inside the forwarding layer, so an
/// answer passed on from a game's owner is compressed once, by the owner.
fn compression() -> tower_http::compression::CompressionLayer<impl Predicate> {
    let predicate =
        DefaultPredicate::new().and(NotForContentType::const_new("application/x-ndjson"));
    tower_http::compression::CompressionLayer::new().compress_when(predicate)
}

/// A handler that panicked (a bug) still answers: 500 with the usual JSON
/// error, and the panic in the log, not a connection closed without a word.
fn answer_a_panic(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let what = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    ApiError::Internal(format!("a request's handler panicked: {what}")).into_response()
}

/// Every answer carries the server's time (`x-server-now-ms`, unix ms), so
/// a page counts deadlines down from the server's clock, not its own. It
/// is a header, not a snapshot field: a snapshot stays the same while its
/// viewer's game does (the live socket sends nothing then).
async fn stamp_server_time(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let mut response = next.run(request).await;
    let now = state.now_ms();
    response
        .headers_mut()
        .insert("x-server-now-ms", axum::http::HeaderValue::from(now));
    response
}

#[cfg(test)]
mod panics {
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use axum::routing::get;
    use axum::Router;
    use tower::ServiceExt;

    async fn boom() -> &'static str {
        panic!("the secret is 42")
    }

    #[tokio::test]
    async fn a_panicking_handler_answers_500_with_a_json_error() {
        let app = Router::new().route("/boom", get(boom)).layer(
            tower_http::catch_panic::CatchPanicLayer::custom(super::answer_a_panic),
        );
        let response = app
            .oneshot(Request::get("/boom").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        // The panic's words go to the log, never to the client.
        assert_eq!(&body[..], br#"{"error":"internal error"}"#);
    }
}
