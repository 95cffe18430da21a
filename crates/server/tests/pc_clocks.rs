//! Progressive Chess step clocks, reserve and the two-game match on the
//! host. Time is moved forward by the test clock (or given directly), never
//! slept through.

mod common;

use arbiter_core::{Game, Seat};
use arbiter_progressive_chess::{Session, SessionAction};
use arbiter_server::adapter::Hosted;
use arbiter_server::{router, AppState, Clock, Settings, Store};
use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};

/// A session from the lobby's options, made as the server's create path
/// makes it.
fn session(options: &Value) -> Result<Session, String> {
    let table = arbiter_registry::Table {
        seats: 2,
        seed: arbiter_core::Seed::from_u64(1),
    };
    arbiter_registry::create(options, &table)
}

fn first_legal(game: &Session, seat: u8) -> SessionAction {
    game.legal_actions(Seat(seat))[0]
}

fn clock_json(game: &Session) -> Value {
    serde_json::to_value(game.view(arbiter_core::Viewer::Spectator)).unwrap()["clock"].clone()
}

/// 2 s a step, 3 s reserve: the flag falls 1 ms after 5 s.
#[test]
fn the_flag_falls_one_ms_after_the_step_and_the_reserve_are_used() {
    let options = json!({"clock": {"step_secs": 2, "reserve_secs": 3}});
    let mut g = session(&options).unwrap();
    // The first turn is untimed: no clock runs yet.
    assert_eq!(g.wake_at(), None);
    let t = first_legal(&g, 0);
    g.act_at(Seat(0), &t, 1_000).unwrap();
    // Black's step started at 1000.
    assert_eq!(g.wake_at(), Some(1_000 + 2_000 + 3_000 + 1));
    let clock =
        serde_json::to_value(g.view(arbiter_core::Viewer::Spectator)).unwrap()["clock"].clone();
    assert_eq!(clock["running"], 1);
    assert_eq!(clock["step_started_ms"], 1_000);
    assert_eq!(clock["step_ends_ms"], 3_000);
    assert_eq!(clock["reserve_ms"], json!([3_000, 3_000]));
    // Exactly at the last moment: still in time.
    let mut late = g.clone();
    late.on_time(6_000).unwrap();
    assert_eq!(late.outcome(), None);
    late.on_time(6_001).unwrap();
    assert_eq!(late.outcome().unwrap().sole_winner(), Some(Seat(0)));
    // A turn sent exactly at the last moment counts, and costs the reserve.
    let mut just = g.clone();
    let t = first_legal(&just, 1);
    just.act_at(Seat(1), &t, 6_000).unwrap();
    let clock =
        serde_json::to_value(just.view(arbiter_core::Viewer::Spectator)).unwrap()["clock"].clone();
    assert_eq!(clock["reserve_ms"], json!([3_000, 0]));
    assert_eq!(clock["running"], 0);
    // One ms later it is refused: Black has lost on time.
    let mut too_late = g.clone();
    assert!(too_late.act_at(Seat(1), &t, 6_001).is_err());
    // Within the step the reserve is untouched; 700 ms over costs 700.
    let t = first_legal(&g, 1);
    g.act_at(Seat(1), &t, 2_500).unwrap();
    let t = first_legal(&g, 0);
    g.act_at(Seat(0), &t, 2_500 + 2_700).unwrap();
    let clock =
        serde_json::to_value(g.view(arbiter_core::Viewer::Spectator)).unwrap()["clock"].clone();
    assert_eq!(clock["reserve_ms"], json!([2_300, 3_000]));
    // A pause of 10 s moves Black's flag back by 10 s.
    assert_eq!(g.wake_at(), Some(5_200 + 5_000 + 1));
    g.extend(10_000);
    assert_eq!(g.wake_at(), Some(15_200 + 5_000 + 1));
}

/// A move step (`MOVE+?`) ends the move step's clock and starts the
/// upgrade step's own; the whole turn then completes it.
#[test]
fn the_move_and_upgrade_steps_have_their_own_clocks() {
    let options = json!({"clock": {"step_secs": 2, "reserve_secs": 3}});
    let mut g = session(&options).unwrap();
    let parse = |g: &Session, text: &str| g.parse_action(Seat(0), text).unwrap();
    let t = parse(&g, "b1b2");
    g.act_at(Seat(0), &t, 1_000).unwrap();
    // Black's move step: 500 ms over its 2 s.
    let step = parse(&g, "c7c6+?");
    assert_eq!(step.to_string(), "c7c6+?");
    g.act_at(Seat(1), &step, 3_500).unwrap();
    let view = serde_json::to_value(g.view(arbiter_core::Viewer::Spectator)).unwrap();
    assert_eq!(view["pending_move"], "c7c6");
    assert_eq!(view["clock"]["reserve_ms"], json!([3_000, 2_500]));
    assert_eq!(view["clock"]["step_started_ms"], 3_500);
    // Only the turns completing c7c6 are legal now; the upgrade step's
    // flag falls after its own 2 s and the 2.5 s left.
    let legal: Vec<String> = g
        .legal_actions(Seat(1))
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert!(
        !legal.is_empty() && legal.iter().all(|t| t.starts_with("c7c6")),
        "{legal:?}"
    );
    assert_eq!(g.wake_at(), Some(3_500 + 2_000 + 2_500 + 1));
    for refused in ["a7a6", "a7a6+?", "c7c6+?"] {
        let action = parse(&g, refused);
        assert!(
            g.clone().act_at(Seat(1), &action, 4_000).is_err(),
            "{refused}"
        );
    }
    // A move step with an upgrade, or an illegal move, is refused.
    assert!(g.parse_action(Seat(1), "c7c6+c6=F+?").is_err());
    let mut fresh = session(&options).unwrap();
    let bad = parse(&fresh, "b1b3+?");
    assert!(fresh.act_at(Seat(0), &bad, 0).is_err());
    // The upgrade step, in time: Black's reserve stays 2.5 s.
    let done = parse(&g, "c7c6");
    g.act_at(Seat(1), &done, 4_500).unwrap();
    let clock = clock_json(&g);
    assert_eq!(clock["reserve_ms"], json!([3_000, 2_500]));
    assert_eq!(clock["running"], 0);
    assert_eq!(
        serde_json::to_value(g.view(arbiter_core::Viewer::Spectator)).unwrap()["pending_move"],
        Value::Null
    );
}

#[test]
fn bad_clock_and_match_options_are_refused() {
    for options in [
        json!({"clock": {"step_secs": 0}}),
        json!({"clock": {"step_secs": 1, "reserve": 3}}),
        json!({"clock": "fast"}),
        json!({"match": "yes"}),
        json!({"match": true, "position": "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1"}),
        json!({"draw_rules": 1}),
    ] {
        assert!(session(&options).is_err(), "{options}");
    }
}

async fn clocked_app(url: &str, clock: &Clock) -> axum::Router {
    let store = Store::open(url).await.unwrap();
    let settings = Settings {
        clock: clock.clone(),
        ..settings()
    };
    router(AppState::new(store, settings))
}

fn clock_of(s: &Value) -> Value {
    s["view"]["clock"].clone()
}

#[tokio::test]
async fn a_flag_falls_at_the_deadline_and_a_restart_replays_the_clocks_exactly() {
    for (url, _db) in backends("pcclock").await {
        flag_and_restart(&url).await;
    }
}

async fn flag_and_restart(url: &str) {
    let url = url.to_string();
    let clock = Clock::stopped();
    let app = clocked_app(&url, &clock).await;
    let g = create(
        &app,
        json!({"game": "progressive-chess", "seats": 2,
               "options": {"clock": {"step_secs": 60, "reserve_secs": 30}}}),
    )
    .await;
    let s = state(&app, &g.id, None).await;
    assert_eq!(
        clock_of(&s)["running"],
        Value::Null,
        "the first turn is untimed"
    );
    assert_eq!(clock_of(&s)["reserve_ms"], json!([30_000, 30_000]));
    act_ok(&app, &g.id, &g.seats[0], "b1b2+b2=F").await;
    let s = state(&app, &g.id, None).await;
    let t0 = s["history"][0]["at_ms"].as_i64().unwrap();
    let c = clock_of(&s);
    assert_eq!(c["running"], 1);
    assert_eq!(c["step_started_ms"], t0);
    assert_eq!(c["step_ends_ms"], t0 + 60_000);
    assert_eq!(c["flag_at_ms"], t0 + 90_001);
    assert!(clock.now_ms() >= t0);
    // Black takes 70 s over its move step (10 s from the reserve), sent
    // alone; then its upgrade step, at once.
    clock.advance(70_000);
    let value = act_ok(&app, &g.id, &g.seats[1], "c7c6+?").await;
    assert_eq!(value["view"]["pending_move"], "c7c6");
    let legal = value["legal"].as_array().unwrap();
    assert!(legal
        .iter()
        .all(|t| t.as_str().unwrap().starts_with("c7c6")));
    assert_eq!(value["view"]["clock"]["running"], 1);
    act_ok(&app, &g.id, &g.seats[1], "c7c6").await;
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["history"][1]["action"], "c7c6+?");
    assert_eq!(s["history"][2]["action"], "c7c6");
    let t1 = s["history"][1]["at_ms"].as_i64().unwrap();
    assert!(t1 - t0 >= 70_000);
    let c = clock_of(&s);
    assert_eq!(
        c["reserve_ms"],
        json!([30_000, 30_000 - (t1 - t0 - 60_000)])
    );
    assert_eq!(c["running"], 0);
    // White pauses for 100 s (the host), which the clock does not count.
    by_host(&app, &g, json!({"command": "pause"})).await;
    clock.advance(100_000);
    by_host(&app, &g, json!({"command": "resume"})).await;
    let before = state(&app, &g.id, Some(&g.seats[0])).await;
    let flag_at = clock_of(&before)["flag_at_ms"].as_i64().unwrap();
    assert!(flag_at >= t1 + 90_001 + 100_000, "{before}");
    // A second server on the same database rebuilds the same clocks.
    drop(app);
    let app = clocked_app(&url, &clock).await;
    let after = state(&app, &g.id, Some(&g.seats[0])).await;
    assert_eq!(after["view"], before["view"]);
    assert_eq!(after["history"], before["history"]);
    // Just before the flag: still playing. After: White has lost on time.
    let now = clock.now_ms();
    clock.advance(flag_at - now - 2_000);
    assert_eq!(state(&app, &g.id, None).await["status"], "playing");
    clock.advance(2_500);
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["status"], "over", "{s}");
    assert_eq!(s["outcome"]["reason"], "time", "{s}");
    assert_eq!(s["outcome"]["results"][1]["rank"], 1, "{s}");
    let last = s["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["action"], "deadline");
    assert!(last["at_ms"].as_i64().unwrap() >= flag_at);
    assert_eq!(clock_of(&s)["flagged"], 0);
    let (status, value) = act(&app, &g.id, &g.seats[0], "a1a2").await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    // And a third server agrees on the finished game too.
    drop(app);
    let app = clocked_app(&url, &clock).await;
    assert_eq!(state(&app, &g.id, None).await["view"], s["view"]);
}

/// Kings step out and back: the draw rules make the third repetition a
/// draw, which starts game 2 with the colours swapped.
#[tokio::test]
async fn a_drawn_first_game_starts_the_second_with_colours_swapped() {
    let app = app().await;
    let g = create(
        &app,
        json!({"game": "progressive-chess", "seats": 2,
               "options": {"match": true, "draw_rules": true}}),
    )
    .await;
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["view"]["match"]["game"], 1);
    assert_eq!(s["view"]["seat_colours"], json!([0, 1]));
    let shuffle = [(0, "d1d2"), (1, "d7d6"), (0, "d2d1"), (1, "d6d7")];
    'outer: for _ in 0..3 {
        for (seat, turn) in shuffle {
            let value = act_ok(&app, &g.id, &g.seats[seat], turn).await;
            if value["view"]["match"]["game"] == 2 {
                break 'outer;
            }
        }
    }
    let s = state(&app, &g.id, Some(&g.seats[1])).await;
    let m = &s["view"]["match"];
    assert_eq!(m["game"], 2, "{s}");
    assert_eq!(m["results"], json!([[0.5, 0.5]]));
    assert_eq!(m["score"], json!([0.5, 0.5]));
    assert_eq!(m["winner"], Value::Null);
    assert_eq!(
        m["between"],
        json!(["Game 1 is drawn (threefold repetition): game 2 begins, the colours swapped"])
    );
    // Player 1 now has White and moves first.
    assert_eq!(s["view"]["seat_colours"], json!([1, 0]));
    assert_eq!(s["status"], "playing");
    assert_eq!(s["to_act"], json!([1]));
    assert!(!s["legal"].as_array().unwrap().is_empty());
    assert_eq!(
        s["view"]["position"],
        "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1"
    );
    let (status, value) = act(&app, &g.id, &g.seats[0], "c7c6").await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    act_ok(&app, &g.id, &g.seats[1], "b1b2").await;
    // Player 0 answers with Black.
    act_ok(&app, &g.id, &g.seats[0], "c7c6").await;
    // Replays cross the games: after 8 turns game 1 is drawn, after 9 the
    // second game's first turn is on the board.
    let uri = |n: usize| format!("/api/games/{}/replay/{n}", g.id);
    let (status, r) = get(&app, &uri(8), None).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["view"]["match"]["game"], 2);
    assert_eq!(r["view"]["turns"], json!([]));
    // Its board is the one the drawing move left, with the announcement.
    assert_eq!(
        r["scene"]["status"],
        json!(["Game 1 is drawn (threefold repetition): game 2 begins, the colours swapped"])
    );
    assert_eq!(
        r["scene"]["last"]["cells"],
        json!(["d6", "d7"]),
        "{}",
        r["scene"]
    );
    let (_, r) = get(&app, &uri(9), None).await;
    assert_eq!(r["scene"]["status"][0], "Black to move", "{}", r["scene"]);
    let (_, r) = get(&app, &uri(10), None).await;
    assert_eq!(r["view"], state(&app, &g.id, None).await["view"]);
    first_game_entries_keep_their_colours(&app, &g).await;
}

/// After a drawn first game, player 0 plays Black and player 1 White: the
/// first game's eight entries still name who played them (player 0 was
/// White, player 1 Black, by hand from the moves played), in the history,
/// the pictures' captions and the analysis board; the second game's need
/// no name of their own.
async fn first_game_entries_keep_their_colours(app: &axum::Router, g: &Created) {
    let s = state(app, &g.id, None).await;
    let sides: Vec<Value> = (s["history"].as_array().unwrap().iter())
        .map(|h| h["side"].clone())
        .collect();
    let mut expected: Vec<Value> = (0..8).map(|k| json!(["White", "Black"][k % 2])).collect();
    expected.extend([Value::Null, Value::Null]);
    assert_eq!(sides, expected, "{s}");
    let caption = |ply: usize| {
        let uri = format!("/api/games/{}/board.svg?ply={ply}", g.id);
        async move { String::from_utf8(get_raw(app, &uri, None).await.2).unwrap() }
    };
    // The move that drew game 1 was Black's, shown on the board it left;
    // game 2's first, White's.
    let drawn = caption(8).await;
    assert!(drawn.contains("last: Black: d6d7"), "{drawn}");
    assert!(
        drawn.contains("Game 1 is drawn (threefold repetition)"),
        "{drawn}"
    );
    assert!(caption(9).await.contains("last: White: b1b2"));
    assert!(caption(10).await.contains("last: Black: c7c6"));
    host_ok(app, g, json!({"command": "end"})).await;
    let names = |ply: usize| {
        let uri = format!("/api/games/{}/analysis?ply={ply}&ms=100", g.id);
        async move { get_ok(app, &uri).await["seat_names"].clone() }
    };
    assert_eq!(names(3).await, json!(["White", "Black"]));
    assert_eq!(names(9).await, json!(["Black", "White"]));
}

#[tokio::test]
async fn a_match_won_in_game_one_on_time_is_decided_and_a_bot_answers_in_it() {
    let (app, clock) = app_with_clock().await;
    let g = create(
        &app,
        json!({"game": "progressive-chess", "seats": 2,
               "options": {"match": true, "clock": {"step_secs": 5, "reserve_secs": 5}},
               "bots": [{"seat": 1, "level": 1}]}),
    )
    .await;
    act_ok(&app, &g.id, &g.seats[0], "b1b2").await;
    // The bot (Black) answers, then White lets the flag fall.
    let s = wait_for(&app, &g.id, |s| s["history"].as_array().unwrap().len() == 2).await;
    assert_eq!(s["view"]["clock"]["running"], 0);
    clock.advance(10_100);
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["status"], "over", "{s}");
    let m = &s["view"]["match"];
    assert_eq!(m["winner"], 1, "{s}");
    assert_eq!(m["results"], json!([[0.0, 1.0]]));
    assert_eq!(m["score"], json!([0.0, 1.0]));
    assert_eq!(m["game"], 1);
    assert_eq!(s["view"]["clock"]["flagged"], 0);
}
