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
use arbiter_search::alphabeta::MATE_BOUND;
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

mod line;
use line::{Line, MAX_LINE, MAX_REPLIES};

/// The analysis route.
pub(crate) fn routes() -> axum::Router<AppState> {
    axum::Router::new().route("/api/games/{id}/analysis", axum::routing::get(analysis))
}

/// The default time cap of one analysis, and the bounds a request may ask.
pub const DEFAULT_CAP_MS: u64 = 2_000;
pub const MIN_CAP_MS: u64 = 100;
pub const MAX_CAP_MS: u64 = 10_000;
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

/// Whether `score` is a result the search found (a win or loss in so many
/// plies), not an estimate.
fn is_found(score: Option<i32>) -> bool {
    score.is_some_and(|s| s.abs() > MATE_BOUND)
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
    // Where the engine ranks moves (the duels), one search gives the best
    // action, its score and the line it expects, so it has nine tenths of
    // the cap (shared by the seats to act) and the best line is its first
    // line; the rest carries on a line that leads to a result the search
    // found, where the search's own line stops short of it. Elsewhere half
    // the cap goes to the best actions now and the other half to a line of
    // each mover's best reply in turn.
    let ranking_share = cap * 9 / 10 / actors.len().max(1) as u32;
    // The boards of a line only where nobody knows more than a spectator
    // (not Knight Control): a line played from a position with secrets
    // could show them as it plays on (a trade reveals chip counts), even
    // to a seat whose own line it is.
    let open = (0..seats).all(|k| game.view(Some(k)) == game.view(None));
    let root_until = start + cap / 2;
    let share = (cap / 2) / actors.len().max(1) as u32;
    let mut best = Vec::new();
    // The first seat's ranked lines, for the best line.
    let mut first_ranked = None;
    for &seat in &actors {
        if !may_see(game.as_ref(), seat, viewer) {
            best.push(json!({ "seat": seat, "hidden": true }));
            continue;
        }
        // The bot ranks its best moves, and its first line is its choice
        // (the same search, so the best action, the first line and the
        // best line always agree). A bot that ranks none does so at once,
        // and then chooses as usual. The evaluation is the search's own
        // score of the position for the seat, where its search gives one;
        // else the game's static one.
        let ranked = game.bot_lines(
            seat,
            Think {
                level: LEVEL,
                until: Some(Instant::now() + ranking_share),
            },
            lines,
        );
        let (action, searched) = match ranked.first() {
            Some(first) => (Some(first.action.clone()), first.score),
            None => game.bot_scored(
                seat,
                Think {
                    level: LEVEL,
                    until: Some((Instant::now() + share).min(root_until)),
                },
            ),
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
        // Each ranked line played out as far as it is legal; a result
        // the search found is carried on where its line stops short of
        // it, the best line first, each sharing what is left of the cap.
        let mut played: Vec<Line> = ranked
            .iter()
            .enumerate()
            .map(|(i, l)| {
                // The first line is the best line, shown move by move.
                let mut line = Line::from(game.as_ref(), seats, position.at_ms, viewer)
                    .with_boards(open && i == 0);
                line.play(&l.line);
                line
            })
            .collect();
        let short: Vec<usize> = (0..ranked.len())
            .filter(|&i| is_found(ranked[i].score) && played[i].outcome().is_none())
            .collect();
        for (k, &i) in short.iter().enumerate() {
            let now = Instant::now();
            let left = (short.len() - k) as u32;
            played[i].carry_on(now + until.saturating_duration_since(now) / left, MAX_LINE);
        }
        if lines > 1 {
            entry["lines"] = ranked
                .iter()
                .zip(&played)
                .map(|(l, line)| {
                    json!({
                        "action": l.action,
                        "evaluation": l.score,
                        "line": line.entries,
                    })
                })
                .collect();
        }
        if first_ranked.is_none() {
            first_ranked = ranked
                .first()
                .map(|l| l.score)
                .zip(played.into_iter().next());
        }
        best.push(entry);
    }
    answer["seats"] = json!(best);
    let best_line = match (&actors[..], first_ranked) {
        // The search's own line (carried on to a result it found). Its end
        // is worth what the search scored the position now (that score
        // came from it), unless the line ends the game.
        ([first], Some((score, line))) => {
            let end = line.end(*first, score, "search");
            Some((line, end))
        }
        // The best action, then each mover's best reply in turn, with the
        // game's static evaluation at the end.
        ([first], None) => {
            let mut line =
                Line::from(game.as_ref(), seats, position.at_ms, viewer).with_boards(open);
            if let Some(best) = answer["seats"][0]["best"].as_str() {
                line.play(&[best.to_string()]);
            }
            line.carry_on(until, MAX_REPLIES);
            let end = line.end(*first, line.evaluation(*first), "static");
            Some((line, end))
        }
        // A simultaneous step shows only its actions.
        _ => None,
    };
    let (line, scenes, line_end) = match best_line {
        Some((line, end)) => (line.entries, line.scenes, end),
        None => (Vec::new(), Vec::new(), None),
    };
    answer["line"] = json!(line);
    answer["line_scenes"] = json!(scenes);
    answer["line_end"] = line_end.unwrap_or(Value::Null);
    answer
}
