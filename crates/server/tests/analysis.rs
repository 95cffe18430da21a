//! The analysis board (docs/analysis.md): Knight Court's values equal the
//! solved table's, read through the table's own index rather than the
//! server's path; every other game's engine answers a legal best action
//! within its cap; an unfinished game is refused; a seat's secrets stay
//! its own.

mod common;

use arbiter_core::PositionSpace;
use arbiter_knight_court::{KnightCourt, KnightCourtSpace, Move};
use arbiter_search::retrograde::Value as Solved;
use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};

/// A small deterministic stream to pick actions with.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// One action played: who, the spectators' history length before it,
/// and what that seat could play then.
struct Played {
    seat: usize,
    ply: usize,
    legal: Vec<String>,
}

/// Pseudo-random legal actions for up to `cap` actions, then the host ends
/// the game if it still runs.
async fn play(app: &Router, g: &Created, cap: usize, seed: u64) -> Vec<Played> {
    let mut rng = Lcg(seed);
    let mut played = Vec::new();
    'outer: while played.len() < cap {
        let mut acted = false;
        for (seat, token) in g.seats.iter().enumerate() {
            let s = state(app, &g.id, Some(token)).await;
            if s["status"] != "playing" {
                break 'outer;
            }
            let legal: Vec<String> = s["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap().to_string())
                .collect();
            if legal.is_empty() {
                continue;
            }
            let ply = s["history"].as_array().unwrap().len();
            let action = legal[rng.below(legal.len())].clone();
            let (status, body) = act(app, &g.id, token, &action).await;
            assert_eq!(status, StatusCode::OK, "{action}: {body}");
            played.push(Played { seat, ply, legal });
            acted = true;
        }
        assert!(acted, "nobody could act");
    }
    if state(app, &g.id, None).await["status"] == "playing" {
        let (status, body) = call(
            app,
            "POST",
            &format!("/api/games/{}/host", g.id),
            Some(&g.host),
            Some(json!({"command": "end"}).to_string()),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    played
}

async fn analysis(app: &Router, id: &str, token: Option<&str>, query: &str) -> Value {
    let (status, v) = call(
        app,
        "GET",
        &format!("/api/games/{id}/analysis{query}"),
        token,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{query}: {v}");
    v
}

/// The table's value of each move, for the mover: the value of the
/// position it leads to, looked up by the table's own index, seen from
/// the other side.
fn expected_values(game: &KnightCourt) -> Vec<(String, String)> {
    let table = arbiter_search::knight_court::table();
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut after = game.clone();
            after.play(mv).unwrap();
            let child = table
                .value(KnightCourtSpace.index(after.position()))
                .unwrap();
            let mover = match child {
                Solved::Win(d) => format!("loss in {}", d + 1),
                Solved::Loss(d) => format!("win in {}", d + 1),
                Solved::Draw => "draw".to_string(),
            };
            (mv.to_string(), mover)
        })
        .collect()
}

/// How good a value is for the mover, by hand: quick wins first, then
/// draws, then slow losses.
fn rank(value: &str) -> i64 {
    let plies = |prefix: &str| {
        value
            .strip_prefix(prefix)
            .map(|d| d.parse::<i64>().unwrap())
    };
    if let Some(d) = plies("win in ") {
        1_000 - d
    } else if let Some(d) = plies("loss in ") {
        -1_000 + d
    } else {
        assert_eq!(value, "draw");
        0
    }
}

#[tokio::test]
async fn knight_court_values_are_the_solved_tables_and_the_engine_takes_a_mate_in_one() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    // Analysis is for finished games only.
    let (status, v) = get(&app, &format!("/api/games/{}/analysis", g.id), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    play(&app, &g, 14, 7).await;
    let history = state(&app, &g.id, None).await["history"]
        .as_array()
        .unwrap()
        .clone();
    let mut game = KnightCourt::new();
    for ply in 0..=history.len() {
        let v = analysis(&app, &g.id, None, &format!("?ply={ply}&ms=200")).await;
        assert_eq!(v["ply"], ply);
        if game.legal_moves().is_empty() {
            assert_eq!(v["over"], true, "{v}");
        } else {
            let seat = &v["seats"][0];
            let moves: Vec<(String, String)> = seat["exact"]["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    (
                        m["action"].as_str().unwrap().to_string(),
                        m["value"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            let mut got = moves.clone();
            got.sort();
            let mut want = expected_values(&game);
            want.sort();
            assert_eq!(got, want, "ply {ply}");
            // Best first.
            for pair in moves.windows(2) {
                assert!(rank(&pair[0].1) >= rank(&pair[1].1), "{moves:?}");
            }
            assert_eq!(seat["exact"]["value"], moves[0].1.as_str());
            // The engine is the strongest bot: a search under the
            // repetition ban that asks the table at its leaves. The table
            // ignores the ban, so its values can differ from the search's
            // along a real game's history (a drawing or even a winning line
            // may need a position already seen): only what no history can
            // change is checked against it.
            let best = seat["best"].as_str().unwrap();
            let best_value = &moves.iter().find(|(a, _)| a == best).unwrap().1;
            assert_eq!(seat["evaluation_by"], "search", "ply {ply}");
            let evaluation = seat["evaluation"].as_i64().unwrap();
            // A mate in one is found by any search: it is played, and
            // scores 1000000 - 1.
            if moves[0].1 == "win in 1" {
                assert_eq!(best_value, "win in 1", "ply {ply}");
                assert_eq!(evaluation, 999_999, "ply {ply}");
            }
            // A win in 1 ends the game at once with the mover winning.
            for (action, value) in &moves {
                if value == "win in 1" {
                    let mut after = game.clone();
                    after.play(action.parse::<Move>().unwrap()).unwrap();
                    assert!(
                        after.outcome().is_some(),
                        "{action} wins in 1 but the game goes on"
                    );
                }
            }
        }
        if let Some(entry) = history.get(ply) {
            let mv: Move = entry["action"].as_str().unwrap().parse().unwrap();
            game.play(mv).unwrap();
        }
    }
}

#[tokio::test]
async fn every_other_game_answers_a_legal_best_action_within_its_cap() {
    let app = app().await;
    for (kind, seats) in [
        ("knight-moves", 2),
        ("tilechess", 2),
        ("progressive-chess", 2),
    ] {
        let g = create(&app, json!({"game": kind, "seats": seats})).await;
        let played = play(&app, &g, 6, 11).await;
        for p in played.iter().take(3) {
            let v = analysis(&app, &g.id, None, &format!("?ply={}&ms=300", p.ply)).await;
            assert_eq!(v["cap_ms"], 300);
            let entry = v["seats"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["seat"] == p.seat)
                .unwrap_or_else(|| panic!("{kind} ply {}: {v}", p.ply));
            let best = entry["best"].as_str().unwrap();
            assert!(
                p.legal.iter().any(|a| a == best),
                "{kind}: {best} not in {:?}",
                p.legal
            );
            // Tilechess: any seat may take the next turn, so there is no
            // one line, and a seat not yet at the table has no evaluation.
            if v["to_act"].as_array().unwrap().len() == 1 {
                let joined = kind != "tilechess" || p.ply > 1;
                assert!(entry["evaluation"].is_i64() || !joined, "{kind}: {v}");
                // The evaluation comes from the search, not the static one.
                if joined {
                    assert_eq!(entry["evaluation_by"], "search", "{kind}: {v}");
                }
                let end = &v["line_end"];
                assert!(
                    end["score"].is_i64() || end["outcome"].is_object(),
                    "{kind}: {v}"
                );
                let line = v["line"].as_array().unwrap();
                // The search's own line in the duels; each mover's reply in
                // turn, each searched on its own, in Tilechess.
                let most = if kind == "tilechess" { 8 } else { 16 };
                assert!(!line.is_empty() && line.len() <= most, "{kind}: {v}");
                assert!(line[0]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("P{}: ", p.seat + 1)));
            }
        }
    }
}

#[tokio::test]
async fn knight_control_analysis_is_for_the_seat_itself() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-control", "seats": 2})).await;
    play(&app, &g, 4, 3).await;
    let v = analysis(&app, &g.id, Some(&g.seats[0]), "?ply=0&ms=500").await;
    let seats = v["seats"].as_array().unwrap();
    let mine = seats.iter().find(|s| s["seat"] == 0).unwrap();
    let best = mine["best"].as_str().unwrap();
    // Its legal actions are not all listed (a bid is any permutation), so
    // a fresh game at the same first step checks it: the opening bid does
    // not depend on the seed.
    let fresh = create(&app, json!({"game": "knight-control", "seats": 2})).await;
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/games/{}/check", fresh.id),
        Some(&fresh.seats[0]),
        Some(json!({ "action": best }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{best}: {body}");
    // The other seat knows things seat 0 does not: its best is not shown.
    if let Some(other) = seats.iter().find(|s| s["seat"] == 1) {
        assert_eq!(other["hidden"], true, "{v}");
    }
    let spectator = analysis(&app, &g.id, None, "?ply=0&ms=500").await;
    for s in spectator["seats"].as_array().unwrap() {
        assert_eq!(s["hidden"], true, "{spectator}");
    }
    // No board of a line is drawn where seats hold secrets, for anyone.
    assert_eq!(v["line_scenes"], json!([]), "{v}");
    assert_eq!(spectator["line_scenes"], json!([]), "{spectator}");
    // Bad caps are refused.
    let (status, _) = get(&app, &format!("/api/games/{}/analysis?ms=5", g.id), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_analysis_page_is_served() {
    let app = app().await;
    let (status, v) = call(&app, "GET", "/analysis/abc", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(v["raw"].as_str().unwrap().contains("/analysis.js"), "{v}");
    let (status, v) = call(&app, "GET", "/analysis.js", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(v["raw"].as_str().unwrap().contains("/analysis?ply="), "{v}");
}

/// The moves that mate at once: played by the rules alone, each ends the
/// game with the mover its only winner.
fn mates_in_one(game: &KnightCourt) -> Vec<String> {
    let arbiter_core::Phase::Turn(mover) = arbiter_core::Game::phase(game) else {
        return Vec::new();
    };
    game.legal_moves()
        .into_iter()
        .filter(|&mv| {
            let mut after = game.clone();
            after.play(mv).unwrap();
            after.outcome().is_some_and(|o| o.winners() == vec![mover])
        })
        .map(|mv| mv.to_string())
        .collect()
}

/// The `lines` of the seat to act: (first action, evaluation, line).
fn ranked(v: &Value) -> Vec<(String, Option<i64>, Vec<String>)> {
    v["seats"][0]["lines"]
        .as_array()
        .unwrap_or_else(|| panic!("no lines: {v}"))
        .iter()
        .map(|l| {
            let line = l["line"].as_array().unwrap();
            (
                l["action"].as_str().unwrap().to_string(),
                l["evaluation"].as_i64(),
                line.iter()
                    .map(|e| e.as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect()
}

/// Distinct legal first actions, each line led by the mover and then
/// alternating seats, at most 16 entries, scores that never rise from the
/// line `sorted_from` on (Knight Court's first line is its player's choice,
/// which its proofs may keep though another move is proved to lose more
/// slowly).
fn check_ranked(
    lines: &[(String, Option<i64>, Vec<String>)],
    legal: &[String],
    mover: usize,
    sorted_from: usize,
) {
    for (i, (action, _, line)) in lines.iter().enumerate() {
        assert!(legal.contains(action), "{action} is not legal: {legal:?}");
        assert!(lines[..i].iter().all(|(a, _, _)| a != action), "{lines:?}");
        assert!(!line.is_empty() && line.len() <= 16, "{lines:?}");
        for (k, entry) in line.iter().enumerate() {
            let by = if k % 2 == 0 { mover } else { 1 - mover };
            assert!(entry.starts_with(&format!("P{}: ", by + 1)), "{lines:?}");
        }
        assert_eq!(line[0], format!("P{}: {action}", mover + 1));
    }
    for pair in lines[sorted_from.min(lines.len())..].windows(2) {
        if let (Some(a), Some(b)) = (pair[0].1, pair[1].1) {
            assert!(a >= b, "{lines:?}");
        }
    }
}

/// The positions of a finished game's history, each before its entry.
fn positions(history: &[Value]) -> Vec<KnightCourt> {
    let mut game = KnightCourt::new();
    let mut before = Vec::new();
    for entry in history {
        before.push(game.clone());
        let mv: Move = entry["action"].as_str().unwrap().parse().unwrap();
        game.play(mv).unwrap();
    }
    before
}

/// The first ranked line is the engine's best action, with its evaluation,
/// and the best line is that line; where it stops short of the game's end,
/// its end is the search's score of it, the evaluation now (not the
/// static evaluation where it stops); where it ends the game, the mover
/// wins exactly when the evaluation says so.
fn check_leads(v: &Value, lines: &[(String, Option<i64>, Vec<String>)]) {
    let seat = &v["seats"][0];
    assert_eq!(seat["best"], lines[0].0.as_str(), "{v}");
    // An unscored first line (no iteration finished) leaves the static
    // evaluation in its place.
    if let Some(score) = lines[0].1 {
        assert_eq!(seat["evaluation"].as_i64(), Some(score), "{v}");
        assert_eq!(seat["evaluation_by"], "search", "{v}");
    }
    assert_eq!(v["line"], json!(lines[0].2), "{v}");
    // The board after each entry, for the page to show on a click.
    let scenes = v["line_scenes"].as_array().unwrap();
    assert_eq!(scenes.len(), lines[0].2.len(), "{v}");
    assert!(scenes.iter().all(|s| s["cells"].is_array()), "{v}");
    let end = &v["line_end"];
    assert_eq!(end["seat"], seat["seat"], "{v}");
    match end["outcome"].as_object() {
        None => {
            assert_eq!(end["by"], "search", "{v}");
            assert_eq!(end["score"].as_i64(), lines[0].1, "{v}");
        }
        Some(outcome) => {
            let mover = seat["seat"].as_u64().unwrap() as usize;
            let won = outcome["results"][mover]["rank"] == 1
                && outcome["results"].as_array().unwrap().len() == 2
                && outcome["results"][1 - mover]["rank"] == 2;
            let score = lines[0].1.expect("a line that ends the game was scored");
            assert_eq!(won, score > 0, "{v}");
        }
    }
}

#[tokio::test]
async fn ranked_lines_put_every_mate_in_one_first() {
    let app = app().await;
    // The first seeded random game that offers a mate in one somewhere
    // (found by the rules alone).
    let (g, history) = 'found: {
        for seed in 1..=40 {
            let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
            play(&app, &g, 40, seed).await;
            let history = state(&app, &g.id, None).await["history"]
                .as_array()
                .unwrap()
                .clone();
            if positions(&history)
                .iter()
                .any(|p| !mates_in_one(p).is_empty())
            {
                break 'found (g, history);
            }
        }
        panic!("no seeded game offered a mate in one");
    };
    // Without `lines` the answer has none; out of range is refused.
    let plain = analysis(&app, &g.id, None, "?ply=0&ms=100").await;
    assert!(plain["seats"][0].get("lines").is_none(), "{plain}");
    for bad in ["0", "6", "-1", "x"] {
        let uri = format!("/api/games/{}/analysis?lines={bad}", g.id);
        let (status, body) = get(&app, &uri, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }
    let mut mates_seen = 0;
    for (ply, game) in positions(&history).iter().enumerate() {
        let mates = mates_in_one(game);
        // The first few positions, and every one with a mate.
        if ply >= 4 && mates.is_empty() {
            continue;
        }
        let arbiter_core::Phase::Turn(mover) = arbiter_core::Game::phase(game) else {
            unreachable!("a history entry is a move");
        };
        let v = analysis(&app, &g.id, None, &format!("?ply={ply}&ms=600&lines=3")).await;
        let lines = ranked(&v);
        let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(lines.len(), legal.len().min(3), "ply {ply}: {v}");
        check_ranked(&lines, &legal, mover.index(), 1);
        check_leads(&v, &lines);
        // Every search finds a mate in one: the first lines are mates, as
        // many as there are (up to 3), each scored 1000000 - 1.
        mates_seen += mates.len();
        for (action, evaluation, _) in lines.iter().take(mates.len()) {
            assert!(
                mates.contains(action),
                "ply {ply}: {action} is no mate: {lines:?}"
            );
            assert_eq!(*evaluation, Some(999_999), "ply {ply}");
        }
        for (action, _, _) in lines.iter().skip(mates.len()) {
            assert!(!mates.contains(action), "ply {ply}: {lines:?}");
        }
    }
    assert!(mates_seen > 0);
}

#[tokio::test]
async fn ranked_lines_in_the_other_duels_are_distinct_legal_moves() {
    let app = app().await;
    for kind in ["knight-moves", "progressive-chess"] {
        let g = create(&app, json!({"game": kind, "seats": 2})).await;
        let played = play(&app, &g, 4, 5).await;
        for p in played.iter().take(2) {
            let query = format!("?ply={}&ms=800&lines=3", p.ply);
            let v = analysis(&app, &g.id, None, &query).await;
            assert_eq!(v["to_act"], json!([p.seat]), "{kind}: {v}");
            let lines = ranked(&v);
            assert_eq!(lines.len(), p.legal.len().min(3), "{kind}: {v}");
            check_ranked(&lines, &p.legal, p.seat, 0);
            check_leads(&v, &lines);
        }
    }
}
