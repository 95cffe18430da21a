//! The lobby's routes: the games on offer, and creating a game with its
//! links (docs/server.md).

use super::{parse_body, AppState};
use crate::adapter::{self, KINDS};
use crate::error::{ApiError, ApiResult};
use crate::host::{self, GameConfig};
use crate::pages;
use crate::storage::GameRecord;
use crate::token;
use arbiter_core::Seed;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

/// The lobby's routes.
pub(super) fn routes() -> axum::Router<AppState> {
    Router::new()
        .route("/api/kinds", get(kinds))
        .route("/api/games", post(create))
}

async fn kinds(State(state): State<AppState>) -> Json<Value> {
    // Each game's entry, with its seats' names for the lobby's labels.
    let kinds: Vec<Value> = KINDS
        .iter()
        .map(|kind| {
            let mut entry = json!(kind);
            entry["seat_names"] = json!(kind.seat_names());
            entry
        })
        .collect();
    Json(json!({
        "kinds": kinds,
        "max_bot_level": crate::bots::MAX_LEVEL,
        "public_url": state.public_url(),
        "about": pages::ABOUT,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateGame {
    game: String,
    seats: usize,
    #[serde(default)]
    options: Value,
    /// Seats played by bots, with their level.
    #[serde(default)]
    bots: Vec<BotSeat>,
    /// How long a claim on the next turn holds (claim-based games).
    #[serde(default)]
    claim_hold_secs: Option<u64>,
    /// The deadline per turn or step, in seconds.
    #[serde(default)]
    deadline_secs: Option<u64>,
    /// Chat webhooks to post to (docs/webhooks.md).
    #[serde(default)]
    webhooks: Vec<crate::app::webhooks::HookBody>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BotSeat {
    seat: usize,
    /// Any whole number: [`crate::bots::checked_level`] refuses the rest.
    level: u64,
}

async fn create(
    State(state): State<AppState>,
    body: Result<axum::body::Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let body = body?;
    let request: CreateGame = parse_body(&body)?;
    let options = match request.options {
        Value::Null => json!({}),
        Value::Object(map) => Value::Object(map),
        _ => return Err(ApiError::BadRequest("options must be a JSON object".into())),
    };
    // The registry refuses an unknown game (naming the known ones), and
    // options the game does not take or out of their bounds.
    let kind = adapter::kind(&request.game).map_err(ApiError::BadRequest)?;
    kind.check_options(&options).map_err(ApiError::BadRequest)?;
    kind.check_moments_after(&options, state.now_ms())
        .map_err(ApiError::BadRequest)?;
    let seed = Seed::random();
    let deadline_secs = request.deadline_secs.or(kind.default_deadline_secs);
    if let Some(secs) = deadline_secs {
        if !(1..=host::MAX_DEADLINE_SECS).contains(&secs) {
            return Err(ApiError::BadRequest(format!(
                "deadline_secs is 1 to {} (a week)",
                host::MAX_DEADLINE_SECS
            )));
        }
    }
    // Building the game checks the seat count and what the game itself
    // makes of the options (a position string, a layout file).
    let creation = adapter::Creation {
        seats: request.seats,
        seed,
        deadline_ms: deadline_secs.map(|s| s as i64 * 1000),
    };
    adapter::create(&request.game, &options, &creation).map_err(ApiError::BadRequest)?;
    let mut bots = vec![None; request.seats];
    for bot in &request.bots {
        if bot.seat >= request.seats {
            return Err(ApiError::BadRequest(format!(
                "a bot's 'seat' is {}, but with {} seats the values are 0 to {} \
                 (seats 1 to {} on the page)",
                bot.seat,
                request.seats,
                request.seats.saturating_sub(1),
                request.seats
            )));
        }
        let level = crate::bots::checked_level(bot.level)?;
        if bots[bot.seat].is_some() {
            return Err(ApiError::BadRequest(format!(
                "seat {} is given a bot twice (seat {} on the page); give each seat at most one",
                bot.seat,
                bot.seat + 1
            )));
        }
        bots[bot.seat] = Some(level);
    }
    let fresh = || token::fresh().map_err(ApiError::Internal);
    let id = fresh()?[..12].to_string();
    let host_token = fresh()?;
    let seat_tokens = (0..request.seats)
        .map(|_| fresh())
        .collect::<ApiResult<Vec<_>>>()?;
    if let Some(secs) = request.claim_hold_secs {
        // Refused as an option the game does not take is.
        if !kind.growing {
            return Err(ApiError::BadRequest(format!(
                "claim_hold_secs is for games of claimed turns (Tilechess); {} has none",
                kind.name
            )));
        }
        if secs > host::MAX_CLAIM_HOLD_SECS {
            return Err(ApiError::BadRequest(format!(
                "claim_hold_secs is at most {} (24 hours)",
                host::MAX_CLAIM_HOLD_SECS
            )));
        }
    }
    crate::app::webhooks::check_all(&request.webhooks, state.webhooks()).await?;
    let config = GameConfig {
        options,
        bots,
        claim_hold_secs: request.claim_hold_secs,
        deadline_secs,
        rematch_of: None,
    };
    let record = GameRecord {
        id: id.clone(),
        kind: request.game.clone(),
        config: serde_json::to_string(&config).map_err(|e| ApiError::Internal(e.to_string()))?,
        seed: seed.to_string(),
        commitment: seed.commitment().to_string(),
        host_hash: token::hash(&host_token),
        seat_hashes: seat_tokens.iter().map(|t| token::hash(t)).collect(),
        created_ms: state.now_ms(),
    };
    state.store().insert_game(&record).await?;
    // Stored before the game opens, which loads them.
    for hook in &request.webhooks {
        hook.store(&state, &id).await?;
    }
    state.game(&id).await?;
    let base = state.public_url().unwrap_or("");
    Ok(Json(json!({
        "id": id,
        "game": request.game,
        "commitment": record.commitment,
        "host": { "token": host_token, "link": format!("{base}/table/{id}#{host_token}") },
        "seats": seat_tokens.iter().enumerate().map(|(k, t)| json!({
            "seat": k,
            "bot": config.bots[k],
            "token": t,
            "link": format!("{base}/table/{id}#{t}"),
        })).collect::<Vec<_>>(),
        "spectator": { "link": format!("{base}/table/{id}") },
    })))
}
