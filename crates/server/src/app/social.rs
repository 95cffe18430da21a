//! The between-players routes (docs/server.md#between-players): resign,
//! draw offers, chat, mutes and the rematch. Each asks the game's actor,
//! which checks and logs; every answer but the rematch's is the asker's
//! snapshot, as after an action.

use crate::app::parse_body;
use crate::error::ApiResult;
use crate::extract::{GameRequest, RawBody};
use crate::host::social::{ChatBody, DrawBody, MuteBody};
use crate::host::Command;
use axum::Json;
use serde_json::{json, Value};

/// The between-players routes.
pub(super) fn routes() -> axum::Router<crate::app::AppState> {
    use axum::routing::post;
    axum::Router::new()
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/games/{id}/mute", post(mute))
        .route("/api/games/{id}/rematch", post(rematch))
}

/// The body of a request that takes none: nothing, or `{}` (what the page
/// sends). Anything else is refused, as an unknown field is elsewhere.
fn no_body(body: &[u8]) -> ApiResult<()> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Nothing {}
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    parse_body::<Nothing>(body).map(|_| ())
}

pub(crate) async fn resign(game: GameRequest, RawBody(body): RawBody) -> ApiResult<Json<Value>> {
    let asker = game
        .open_with_token("resigning needs your seat link's token")
        .await?;
    no_body(&body)?;
    asker.ask(Command::Resign).await??;
    asker.snapshot().await
}

pub(crate) async fn draw(game: GameRequest, RawBody(body): RawBody) -> ApiResult<Json<Value>> {
    let asker = game
        .open_with_token("a draw offer needs your seat link's token")
        .await?;
    let DrawBody { step } = parse_body(&body)?;
    asker.ask(|role, r| Command::Draw(role, step, r)).await??;
    asker.snapshot().await
}

/// Chat: a link's token speaks as its seat or the host; no token speaks as
/// a spectator, under the `name` given.
pub(crate) async fn chat(game: GameRequest, RawBody(body): RawBody) -> ApiResult<Json<Value>> {
    let asker = game.open().await?;
    let request: ChatBody = parse_body(&body)?;
    asker
        .ask(|role, r| Command::Chat(role, request, r))
        .await??;
    asker.snapshot().await
}

pub(crate) async fn mute(game: GameRequest, RawBody(body): RawBody) -> ApiResult<Json<Value>> {
    let asker = game
        .open_with_token("muting needs the host link's token")
        .await?;
    let request: MuteBody = parse_body(&body)?;
    asker
        .ask(|role, r| Command::Mute(role, request, r))
        .await??;
    asker.snapshot().await
}

/// `{"id": NEW, "link": "/table/NEW"}`: the asker's own token (in the
/// link's `#` part, which the page keeps) opens the new game.
pub(crate) async fn rematch(game: GameRequest, RawBody(body): RawBody) -> ApiResult<Json<Value>> {
    let asker = game
        .open_with_token("a rematch needs a seat's or the host's link")
        .await?;
    no_body(&body)?;
    let new = asker.ask(Command::Rematch).await??;
    Ok(Json(json!({ "id": new, "link": format!("/table/{new}") })))
}
