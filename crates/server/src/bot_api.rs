//! The bot API (docs/bot-api.md), shaped like the lichess Bot API: with its
//! seat's token a program streams its seat's events as newline-delimited
//! JSON and submits actions over HTTP.
//!
//! Every event line is the seat's own snapshot, exactly what its WebSocket
//! receives (`Command::Snapshot`): `gameFull` first, then `gameState` after
//! each change the seat can see. A change the seat cannot see (another
//! seat's secret submission) sends nothing, as on the WebSocket. An empty
//! line keeps the connection alive; the stream ends after the state that
//! shows the game finished.

use crate::error::{ApiError, ApiResult};
use crate::extract::{Asker, GameRequest, RawBody};
use crate::host::{Command, GameHandle, Role};
use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};

/// The bot API's routes.
pub(crate) fn routes() -> axum::Router<crate::app::AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/api/bot/game/stream/{id}", get(stream))
        .route("/api/bot/game/{id}/move", post(act))
}

/// The seat behind a bot request's token; any other role is refused.
async fn seat_of(game: GameRequest) -> ApiResult<(GameHandle, Role)> {
    let Asker { handle, role } = game
        .open_with_token("the bot API needs your seat link's token")
        .await?;
    match role {
        Role::Seat(_) => Ok((handle, role)),
        _ => Err(ApiError::Forbidden(
            "the bot API is for seats: use a seat link's token".into(),
        )),
    }
}

fn line(kind: &str, snapshot: Value) -> Bytes {
    let mut event = json!({ "type": kind });
    if let (Some(map), Value::Object(fields)) = (event.as_object_mut(), snapshot) {
        map.extend(fields);
    }
    let mut text = event.to_string();
    text.push('\n');
    Bytes::from(text)
}

fn finished(snapshot: &Value) -> bool {
    matches!(snapshot["status"].as_str(), Some("over" | "ended"))
}

/// `GET /api/bot/game/stream/{id}`: the seat's events as NDJSON.
pub(crate) async fn stream(game: GameRequest) -> ApiResult<Response> {
    let keep_alive = game.state().keep_alive();
    let (handle, role) = seat_of(game).await?;
    let changes = handle.ask(Command::Subscribe).await?;
    let first = handle.ask(|r| Command::Snapshot(role, r)).await?;
    let (tx, rx) = mpsc::channel::<Bytes>(16);
    tokio::spawn(feed(handle, role, changes, first, tx, keep_alive));
    let body = Body::from_stream(futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv()
            .await
            .map(|bytes| (Ok::<Bytes, std::convert::Infallible>(bytes), rx))
    }));
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

/// Sends the seat's lines until the game finishes or the reader leaves.
async fn feed(
    handle: GameHandle,
    role: Role,
    mut changes: broadcast::Receiver<Arc<crate::frame::Frame>>,
    first: Value,
    tx: mpsc::Sender<Bytes>,
    keep_alive: Duration,
) {
    let mut last = first.to_string();
    let done = finished(&first);
    if tx.send(line("gameFull", first)).await.is_err() || done {
        return;
    }
    let start = tokio::time::Instant::now() + keep_alive;
    let mut ping = tokio::time::interval_at(start, keep_alive);
    loop {
        tokio::select! {
            change = changes.recv() => match change {
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    let Ok(snapshot) = handle.ask(|r| Command::Snapshot(role, r)).await else {
                        return;
                    };
                    let text = snapshot.to_string();
                    if text == last {
                        continue;
                    }
                    last = text;
                    let done = finished(&snapshot);
                    if tx.send(line("gameState", snapshot)).await.is_err() || done {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = ping.tick() => {
                if tx.send(Bytes::from_static(b"\n")).await.is_err() {
                    return;
                }
            }
            _ = tx.closed() => return,
        }
    }
}

/// `POST /api/bot/game/{id}/move`: plays an action for the token's seat.
/// The body is the action as plain text, or `{"action": "..."}`.
pub(crate) async fn act(
    game: GameRequest,
    headers: axum::http::HeaderMap,
    RawBody(body): RawBody,
) -> ApiResult<Response> {
    let (handle, role) = seat_of(game).await?;
    let text = std::str::from_utf8(&body)
        .map_err(|_| ApiError::BadRequest("the action is not UTF-8 text".into()))?;
    let action = if text.trim_start().starts_with('{') {
        // The same body, and the same refusals, as `POST /api/games/{id}/actions`.
        crate::app::parse_body::<crate::app::ActBody>(&body)?.action
    } else {
        text.to_string()
    };
    let submission = crate::host::Submission::Act(action.clone());
    let reply = crate::host::Reply::Ok;
    let keyed = crate::idempotency::submit(
        &handle, role, &headers, "bot-move", &body, submission, reply,
    );
    if let Some(answer) = keyed.await? {
        return Ok(answer);
    }
    handle.ask(|r| Command::Act(role, action, r)).await??;
    Ok(Json(json!({ "ok": true })).into_response())
}
