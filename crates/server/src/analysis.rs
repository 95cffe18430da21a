//! The analysis board (docs/analysis.md): `GET /api/games/{id}/analysis`
//! asks the engine about any position of a finished or imported game: the
//! best action of each seat to act, the best line from there, the game's
//! evaluation at the end of that line, and for Knight Court the solved
//! table's exact value of every move. It runs on the bounded bot pool,
//! within a time cap, off the game's actor.

use crate::adapter::LiveGame;
use crate::app::AppState;
use crate::bots::Think;
use crate::error::{ApiError, ApiResult};
use crate::host::analysis::Position;
use crate::host::{Command, Role};
use crate::token::Bearer;
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The analysis route.
pub(crate) fn routes() -> axum::Router<AppState> {
    axum::Router::new().route("/api/games/{id}/analysis", axum::routing::get(analysis))
}

/// The default time cap of one analysis, and the bounds a request may ask.
pub const DEFAULT_CAP_MS: u64 = 2_000;
pub const MIN_CAP_MS: u64 = 100;
pub const MAX_CAP_MS: u64 = 10_000;
/// The longest best line shown.
const MAX_LINE: usize = 8;
/// The most ranked lines a request may ask for (`?lines=N`).
pub const MAX_LINES: usize = 5;
/// The engine's strength: the strongest bot, cut to the cap.
const LEVEL: u8 = crate::bots::MAX_LEVEL;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisQuery {
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default)]
    ms: Option<u64>,
    #[serde(default)]
    lines: Option<usize>,
}

/// `GET /api/games/{id}/analysis[?ply=N][&ms=CAP][&lines=K]` (token
/// optional).
pub async fn analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
    query: Result<Query<AnalysisQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(query) = query.map_err(|e| {
        ApiError::BadRequest(format!(
            "bad query string: {} (the analysis takes ?ply=N, ?ms=CAP and ?lines=K)",
            e.body_text()
        ))
    })?;
    let cap_ms = query.ms.unwrap_or(DEFAULT_CAP_MS);
    if !(MIN_CAP_MS..=MAX_CAP_MS).contains(&cap_ms) {
        return Err(ApiError::BadRequest(format!(
            "ms (the time cap) is {MIN_CAP_MS} to {MAX_CAP_MS}"
        )));
    }
    let lines = query.lines.unwrap_or(1);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::BadRequest(format!(
            "lines (the ranked lines asked for) is 1 to {MAX_LINES}"
        )));
    }
    let handle = state.game(&id).await?;
    let role = state.role(&handle, token).await?;
    let position = handle
        .ask(|r| Command::Position(role, query.ply, r))
        .await??;
    let viewer = match role {
        Role::Seat(k) => Some(k),
        _ => None,
    };
    let pool = state.pool().clone();
    // One thread of the bot pool, as a bot's move would take.
    pool.waiting
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let permit = pool.permits.clone().acquire_owned().await;
    pool.waiting
        .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    let permit = permit.map_err(|e| ApiError::Internal(e.to_string()))?;
    let cap = Duration::from_millis(cap_ms);
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        analyse(position, viewer, cap, lines)
    })
    .await
    .map_err(|e| ApiError::Internal(format!("analysis: {e}")))?;
    Ok(Json(answer))
}

/// Whether `viewer` may see the engine think for server seat `seat`: in a
/// game where that seat knows more than the spectators (Knight Control's
/// chips and items), its choices would tell of what it knows, so only the
/// seat itself may ask.
fn may_see(game: &dyn LiveGame, seat: usize, viewer: Option<usize>) -> bool {
    viewer == Some(seat) || game.view(Some(seat)) == game.view(None)
}

fn label(seat: usize) -> String {
    format!("P{}", seat + 1)
}

/// The analysis of `position` as `viewer` may see it, within `cap`, with
/// the `lines` best moves ranked when more than one is asked for.
pub fn analyse(position: Position, viewer: Option<usize>, cap: Duration, lines: usize) -> Value {
    let start = Instant::now();
    let until = start + cap;
    let game = position.game;
    let seats = position.seats;
    let base = json!({
        "ply": position.ply,
        "entries": position.entries,
        "cap_ms": cap.as_millis() as u64,
        // Each server seat's name at this point, in the game's words (in a
        // Progressive Chess match the colours swap for the second game).
        "seat_names": (0..seats).map(|k| game.seat_name(k)).collect::<Vec<_>>(),
    });
    let mut answer = base;
    if let Some(outcome) = game.outcome() {
        answer["over"] = json!(true);
        answer["outcome"] = json!(outcome);
        answer["to_act"] = json!([]);
        return answer;
    }
    answer["over"] = json!(false);
    let actors = game.actors(seats);
    answer["to_act"] = json!(actors);
    // Half the cap for the best actions now, shared by the seats to act.
    let root_until = start + cap / 2;
    let share = (cap / 2) / actors.len().max(1) as u32;
    let mut best = Vec::new();
    for &seat in &actors {
        if !may_see(game.as_ref(), seat, viewer) {
            best.push(json!({ "seat": seat, "hidden": true }));
            continue;
        }
        let think = Think {
            level: LEVEL,
            until: Some((Instant::now() + share).min(root_until)),
        };
        // With several lines asked for, the bot ranks its best moves, and
        // its first line is its choice (the same search, so the best action
        // and the first line always agree); a bot that ranks none chooses
        // as usual. The evaluation is the search's own score of the
        // position for the seat, where its search gives one; else the
        // game's static one.
        let ranked = if lines > 1 {
            game.bot_lines(seat, think, lines)
        } else {
            Vec::new()
        };
        let (action, searched) = match ranked.first() {
            Some(first) => (Some(first.action.clone()), first.score),
            None => game.bot_scored(seat, think),
        };
        let (evaluation, by) = match searched {
            Some(score) => (Some(score), "search"),
            None => (game.evaluation(seat), "static"),
        };
        let exact = game.exact_values(seat).map(|moves| {
            json!({
                "value": moves.first().map(|(_, v)| v.clone()),
                "moves": moves
                    .iter()
                    .map(|(a, v)| json!({ "action": a, "value": v }))
                    .collect::<Vec<_>>(),
            })
        });
        let mut entry = json!({
            "seat": seat,
            "best": action,
            "evaluation": evaluation,
            "evaluation_by": evaluation.map(|_| by),
            "exact": exact,
        });
        if lines > 1 {
            let played = |actions: &[String]| {
                played_line(game.as_ref(), seats, actions, position.at_ms, viewer)
            };
            entry["lines"] = ranked
                .iter()
                .map(|l| {
                    json!({
                        "action": l.action,
                        "evaluation": l.score,
                        "line": played(&l.line),
                    })
                })
                .collect();
        }
        best.push(entry);
    }
    answer["seats"] = json!(best);
    // The best line: in turn games, each mover's best reply in turn, for as
    // long as the cap allows; a simultaneous step shows only its actions.
    let mut line = Vec::new();
    let mut leaf_evaluation = None;
    if let [first] = actors[..] {
        let mut game = game.boxed_clone();
        let mut at_ms = position.at_ms;
        let first_move = answer["seats"][0]["best"].as_str().map(String::from);
        let mut next = first_move.map(|a| (first, a));
        while let Some((seat, action)) = next.take() {
            at_ms += 1;
            let Ok(played) = game.act(seat, &action, at_ms) else {
                break;
            };
            line.push(format!("{}: {played}", label(seat)));
            if line.len() >= MAX_LINE || game.outcome().is_some() {
                break;
            }
            let now = Instant::now();
            if now >= until {
                break;
            }
            let movers = game.actors(seats);
            let [mover] = movers[..] else { break };
            if !may_see(game.as_ref(), mover, viewer) {
                break;
            }
            let plies_left = (MAX_LINE - line.len()) as u32;
            let think = Think {
                level: LEVEL,
                until: Some(now + (until - now) / plies_left),
            };
            next = game.bot_action(mover, think).map(|a| (mover, a));
        }
        leaf_evaluation = match game.outcome() {
            Some(outcome) => Some(json!({ "seat": first, "outcome": outcome })),
            None => game
                .evaluation(first)
                .map(|score| json!({ "seat": first, "score": score })),
        };
    }
    answer["line"] = json!(line);
    answer["line_end"] = leaf_evaluation.unwrap_or(Value::Null);
    answer
}

/// `actions` played in turn from `game`, each labelled with its mover as the
/// game words it (`P1: …`), for as long as each is legal, the game goes on,
/// one seat moves at a time and `viewer` may see that seat think; at most
/// [`MAX_LINE`] entries.
fn played_line(
    game: &dyn LiveGame,
    seats: usize,
    actions: &[String],
    mut at_ms: i64,
    viewer: Option<usize>,
) -> Vec<String> {
    let mut game = game.boxed_clone();
    let mut line = Vec::new();
    for action in actions.iter().take(MAX_LINE) {
        if game.outcome().is_some() {
            break;
        }
        let [mover] = game.actors(seats)[..] else {
            break;
        };
        if !may_see(game.as_ref(), mover, viewer) {
            break;
        }
        at_ms += 1;
        let Ok(played) = game.act(mover, action, at_ms) else {
            break;
        };
        line.push(format!("{}: {played}", label(mover)));
    }
    line
}
