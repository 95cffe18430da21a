//! The between-players routes (docs/server.md#between-players): resign,
//! draw offers, chat, mutes and the rematch. Each asks the game's actor,
//! which checks and logs; every answer but the rematch's is the asker's
//! snapshot, as after an action.

use crate::app::{parse_body, with_token, AppState};
use crate::error::ApiResult;
use crate::host::social::{ChatBody, DrawBody, MuteBody};
use crate::host::Command;
use crate::token::Bearer;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::Json;
use serde_json::{json, Value};

pub(crate) async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
) -> ApiResult<Json<Value>> {
    let (handle, role) =
        with_token(&state, &id, token, "resigning needs your seat link's token").await?;
    handle.ask(|r| Command::Resign(role, r)).await??;
    Ok(Json(handle.ask(|r| Command::Snapshot(role, r)).await?))
}

pub(crate) async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
    body: Result<axum::body::Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let body = body?;
    let (handle, role) = with_token(
        &state,
        &id,
        token,
        "a draw offer needs your seat link's token",
    )
    .await?;
    let request: DrawBody = parse_body(&body)?;
    handle
        .ask(|r| Command::Draw(role, request.step, r))
        .await??;
    Ok(Json(handle.ask(|r| Command::Snapshot(role, r)).await?))
}

/// Chat: a link's token speaks as its seat or the host; no token speaks as
/// a spectator, under the `name` given.
pub(crate) async fn chat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
    body: Result<axum::body::Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let body = body?;
    let handle = state.game(&id).await?;
    let role = state.role(&handle, token).await?;
    let request: ChatBody = parse_body(&body)?;
    handle.ask(|r| Command::Chat(role, request, r)).await??;
    Ok(Json(handle.ask(|r| Command::Snapshot(role, r)).await?))
}

pub(crate) async fn mute(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
    body: Result<axum::body::Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let body = body?;
    let (handle, role) =
        with_token(&state, &id, token, "muting needs the host link's token").await?;
    let request: MuteBody = parse_body(&body)?;
    handle.ask(|r| Command::Mute(role, request, r)).await??;
    Ok(Json(handle.ask(|r| Command::Snapshot(role, r)).await?))
}

/// `{"id": NEW, "link": "/table/NEW"}`: the asker's own token (in the
/// link's `#` part, which the page keeps) opens the new game.
pub(crate) async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
) -> ApiResult<Json<Value>> {
    let (handle, role) = with_token(
        &state,
        &id,
        token,
        "a rematch needs a seat's or the host's link",
    )
    .await?;
    let new = handle.ask(|r| Command::Rematch(role, r)).await??;
    Ok(Json(json!({ "id": new, "link": format!("/table/{new}") })))
}
