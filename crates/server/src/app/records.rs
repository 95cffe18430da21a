//! The record routes (docs/records.md): `GET /api/games/{id}/record` and
//! `POST /api/games/import`.

use crate::adapter;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{GameRequest, Parsed, QueryHelp};
use crate::host::record::{replay, RecordError};
use crate::host::{Command, Event, Logged};
use crate::records::Record;
use crate::storage::GameRecord;
use crate::token;
use arbiter_core::Seed;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

/// The routes of records and pictures, and the import of a record (with
/// its own, larger, body limit).
pub(super) fn routes() -> axum::Router<AppState> {
    use axum::extract::DefaultBodyLimit;
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/board.svg", get(board_svg))
        .route("/api/games/{id}/board.png", get(board_png))
        .route(
            "/api/games/import",
            post(import).layer(DefaultBodyLimit::max(IMPORT_LIMIT)),
        )
}

/// The largest record an import takes.
pub const IMPORT_LIMIT: usize = 4 * 1024 * 1024;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordQuery {
    #[serde(default)]
    format: Option<String>,
}

impl QueryHelp for RecordQuery {
    const TAKES: &'static str = "the record takes ?format=json or ?format=text";
}

/// The game's record as the asking seat (or a spectator; the host sees
/// what spectators see) may see it, in JSON or text.
pub(crate) async fn record(
    game: GameRequest,
    Parsed(query): Parsed<RecordQuery>,
) -> ApiResult<Response> {
    let record = game.open().await?.ask(Command::Record).await??;
    match query.format.as_deref() {
        None | Some("json") => Ok(Json(record).into_response()),
        Some("text") => Ok((
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            record.to_text(),
        )
            .into_response()),
        Some(other) => Err(ApiError::BadRequest(format!(
            "format '{other}' is neither 'json' nor 'text'"
        ))),
    }
}

fn refused(e: RecordError) -> ApiError {
    ApiError::BadRequest(format!("the record does not replay: {e}"))
}

/// Makes a finished, read-only table from a record (JSON or text): the
/// record is replayed and checked entry by entry first, then stored as a
/// new game whose log is the record's entries; a game the record leaves
/// unfinished is ended by the host's `end` at its last entry's time.
pub async fn import(
    State(state): State<AppState>,
    body: Result<axum::body::Bytes, BytesRejection>,
) -> ApiResult<Json<serde_json::Value>> {
    let body = body.map_err(|e| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(format!("a record is at most {IMPORT_LIMIT} bytes"))
        } else {
            ApiError::from(e)
        }
    })?;
    let text = std::str::from_utf8(&body)
        .map_err(|_| ApiError::BadRequest("a record is UTF-8 text".into()))?;
    let record = Record::parse(text).map_err(ApiError::BadRequest)?;
    // The same checks as creating a game: the record is someone's file.
    let kind = adapter::kind(&record.game).map_err(ApiError::BadRequest)?;
    kind.check_options(&record.config.options)
        .map_err(ApiError::BadRequest)?;
    record
        .config
        .check_bounds()
        .map_err(|e| ApiError::BadRequest(format!("the record's configuration: {e}")))?;
    if let Some(seed) = record.seed {
        if !record.commitment.verify(&seed) {
            return Err(ApiError::BadRequest(
                "the record's seed does not match its commitment".into(),
            ));
        }
    }
    let replayed = tokio::task::spawn_blocking({
        let record = record.clone();
        move || replay(&record, |_, _| {}).map(|r| (r.log, r.status))
    })
    .await
    .map_err(|e| ApiError::Internal(format!("replaying a record: {e}")))?;
    let (mut log, status) = replayed.map_err(refused)?;
    let finished = status.finished();
    if !finished {
        let at_ms = log.last().map_or(record.created_ms, |e| e.at_ms);
        log.push(Logged {
            seq: log.len() as i64,
            at_ms,
            event: Event::End,
        });
    }
    // A record of a game still under way holds no seed: the table gets a
    // fresh one (the replay has shown the game does not need the old one).
    let seed = record.seed.unwrap_or_else(Seed::random);
    let fresh = || token::fresh().map_err(ApiError::Internal);
    let id = fresh()?[..12].to_string();
    // Nobody holds these links: the table is read-only.
    let host_hash = token::hash(&fresh()?);
    let seat_hashes = (0..record.config.bots.len())
        .map(|_| fresh().map(|t| token::hash(&t)))
        .collect::<ApiResult<Vec<_>>>()?;
    let stored = GameRecord {
        id: id.clone(),
        kind: record.game.clone(),
        config: serde_json::to_string(&record.config)
            .map_err(|e| ApiError::Internal(e.to_string()))?,
        seed: seed.to_string(),
        commitment: seed.commitment().to_string(),
        host_hash,
        seat_hashes,
        created_ms: record.created_ms,
    };
    // The game and its log at once: a failure stores nothing.
    state.store().insert_game_with_log(&stored, &log).await?;
    state.game(&id).await?;
    Ok(Json(json!({
        "id": id,
        "game": record.game,
        "imported_from": record.id,
        "entries": record.entries.len(),
        "status": if finished { status.name() } else { "ended" },
        "spectator": { "link": format!("/table/{id}") },
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PictureQuery {
    #[serde(default)]
    ply: Option<usize>,
    /// Knight Control: the board as published after round R.
    #[serde(default)]
    round: Option<u32>,
}

impl QueryHelp for PictureQuery {
    const TAKES: &'static str = "a picture takes ?ply=N or ?round=R";
}

async fn picture(game: GameRequest, query: PictureQuery) -> ApiResult<String> {
    let asker = game.open().await?;
    let ply = match (query.ply, query.round) {
        (Some(_), Some(_)) => {
            return Err(ApiError::BadRequest(
                "a picture takes ?ply=N or ?round=R, not both".into(),
            ))
        }
        (_, Some(round)) => Some(
            asker
                .ask(|role, r| Command::RoundPly(role, round, r))
                .await??,
        ),
        (ply, None) => ply,
    };
    let p = asker
        .ask(|role, r| Command::Picture(role, ply, r))
        .await??;
    Ok(crate::pictures::svg(&p.title, &p.scene, &p.caption))
}

/// `GET /api/games/{id}/board.svg[?ply=N]`: the board the asker may see.
pub(crate) async fn board_svg(
    game: GameRequest,
    Parsed(query): Parsed<PictureQuery>,
) -> ApiResult<Response> {
    let svg = picture(game, query).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// `GET /api/games/{id}/board.png[?ply=N]`: the same picture as PNG.
pub(crate) async fn board_png(
    game: GameRequest,
    Parsed(query): Parsed<PictureQuery>,
) -> ApiResult<Response> {
    let svg = picture(game, query).await?;
    let png = crate::pictures::png_off_thread(svg)
        .await
        .map_err(ApiError::Internal)?;
    Ok(([(header::CONTENT_TYPE, "image/png")], png).into_response())
}
