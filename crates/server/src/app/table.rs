//! The table's routes: a viewer's snapshot, actions, claims, host commands,
//! checks and replays. Each asks the game's actor, which checks and logs.

use super::parse_body;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Asker, GameRequest, RawBody};
use crate::host::{Command, HostCommand, Reply, Role, Submission};
use crate::idempotency;
use axum::extract::Path;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::oneshot;

/// The table's routes.
pub(super) fn routes() -> axum::Router<crate::app::AppState> {
    Router::new()
        .route("/api/games/{id}", get(snapshot))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/check", post(check))
        .route("/api/games/{id}/host", post(host_command))
        .route("/api/games/{id}/replay/{ply}", get(replay))
}

async fn snapshot(game: GameRequest) -> ApiResult<Json<Value>> {
    game.open().await?.snapshot().await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActBody {
    pub(crate) action: String,
}

/// A submission that may carry an `Idempotency-Key` (docs/server.md):
/// with one it goes through [`idempotency::submit`], which answers a
/// retry as the first try was answered; without one the actor is asked
/// `command` and the answer is the asker's snapshot.
async fn submit(
    asker: Asker,
    headers: &HeaderMap,
    endpoint: &str,
    body: &[u8],
    submission: Submission,
    command: impl FnOnce(Role, oneshot::Sender<ApiResult<()>>) -> Command,
) -> ApiResult<Response> {
    let once = idempotency::submit(
        &asker.handle,
        asker.role,
        headers,
        endpoint,
        body,
        submission,
        Reply::Snapshot,
    );
    if let Some(answer) = once.await? {
        return Ok(answer);
    }
    asker.ask(command).await??;
    Ok(asker.snapshot().await?.into_response())
}

async fn act(game: GameRequest, headers: HeaderMap, RawBody(body): RawBody) -> ApiResult<Response> {
    let asker = game
        .open_with_token("playing needs your seat link's token")
        .await?;
    let ActBody { action } = parse_body(&body)?;
    let submission = Submission::Act(action.clone());
    let play = |role, r| Command::Act(role, action, r);
    submit(asker, &headers, "actions", &body, submission, play).await
}

async fn claim(game: GameRequest, headers: HeaderMap) -> ApiResult<Response> {
    let asker = game
        .open_with_token("claiming needs your seat link's token")
        .await?;
    submit(
        asker,
        &headers,
        "claim",
        b"",
        Submission::Claim,
        Command::Claim,
    )
    .await
}

async fn host_command(
    game: GameRequest,
    headers: HeaderMap,
    RawBody(body): RawBody,
) -> ApiResult<Response> {
    let asker = game
        .open_with_token("host commands need the host link's token")
        .await?;
    let command: HostCommand = parse_body(&body)?;
    let submission = Submission::Host(command.clone());
    let run = |role, r| Command::Host(role, command, r);
    submit(asker, &headers, "host", &body, submission, run).await
}

async fn replay(
    game: GameRequest,
    Path((_, ply)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let ply: usize = ply
        .parse()
        .map_err(|_| ApiError::BadRequest(format!("'{ply}' is not a move number")))?;
    let asker = game.open().await?;
    Ok(Json(
        asker.ask(|role, r| Command::Replay(role, ply, r)).await??,
    ))
}

/// Checks an action without playing it: `{ "ok": true, ... }` with what
/// the game says about it (Knight Control: its cost), or the refusal.
async fn check(game: GameRequest, RawBody(body): RawBody) -> ApiResult<Json<Value>> {
    let asker = game
        .open_with_token("checking needs your seat link's token")
        .await?;
    let request: ActBody = parse_body(&body)?;
    let preview = asker
        .ask(|role, r| Command::Check(role, request.action, r))
        .await??;
    Ok(Json(json!({ "ok": true, "preview": preview })))
}
