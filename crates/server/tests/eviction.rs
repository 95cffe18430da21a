//! The memory cache: finished and idle games leave it and come back by
//! replay, identical, on the next request; games in use stay.

mod common;

use arbiter_server::{router, AppState, Settings, Store};
use axum::http::StatusCode;
use common::*;
use serde_json::json;
use std::time::Duration;

fn evicting(finished_after_ms: u64, idle_after_ms: u64) -> Settings {
    Settings {
        evict_finished_after: Duration::from_millis(finished_after_ms),
        evict_idle_after: Duration::from_millis(idle_after_ms),
        // Sweeps are called by hand below.
        sweep_every: Duration::from_secs(3600),
        ..settings()
    }
}

async fn setup(s: Settings) -> (AppState, axum::Router) {
    let state = AppState::new(test_store().await, s);
    (state.clone(), router(state))
}

#[tokio::test]
async fn a_finished_game_is_evicted_and_served_identically_after() {
    let (cache, app) = setup(evicting(0, 3_600_000)).await;
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2,
               "bots": [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]}),
    )
    .await;
    let ongoing = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
    let over = wait_for(&app, &g.id, |s| s["status"] == "over").await;
    let plies = over["history"].as_array().unwrap().len();
    let replay_uri = |n: usize| format!("/api/games/{}/replay/{n}", g.id);
    let mut replays = Vec::new();
    for n in [0, 1, plies] {
        replays.push(get(&app, &replay_uri(n), None).await.1);
    }
    let seat_view = state_of(&app, &g.id, &g.seats[0]).await;
    assert_eq!(cache.cached_games().await, 2);
    // The finished game goes; the one still being played stays.
    assert_eq!(cache.sweep().await, 1);
    assert_eq!(cache.cached_games().await, 1);
    // Rebuilt by replay on the next request, exactly as it was.
    assert_eq!(state_of(&app, &g.id, &g.seats[0]).await, seat_view);
    assert_eq!(cache.cached_games().await, 2);
    assert_eq!(cache.sweep().await, 1);
    assert_eq!(state(&app, &g.id, None).await, over);
    for (k, n) in [0, 1, plies].into_iter().enumerate() {
        assert_eq!(get(&app, &replay_uri(n), None).await.1, replays[k]);
    }
    // It is still finished: no one may act in it.
    let (status, value) = act(&app, &g.id, &g.seats[0], "a1a2").await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    let _ = ongoing;
}

#[tokio::test]
async fn an_idle_game_is_evicted_and_play_goes_on_after() {
    let (cache, app) = setup(evicting(0, 0)).await;
    let g = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
    act_ok(&app, &g.id, &g.seats[0], "c8-b6").await;
    by_host(&app, &g, json!({"command": "pause"})).await;
    let before = state_of(&app, &g.id, &g.seats[1]).await;
    assert_eq!(cache.sweep().await, 1);
    assert_eq!(cache.cached_games().await, 0);
    assert_eq!(state_of(&app, &g.id, &g.seats[1]).await, before);
    assert_eq!(cache.sweep().await, 1);
    by_host(&app, &g, json!({"command": "resume"})).await;
    let value = act_ok(&app, &g.id, &g.seats[1], "e1-f3").await;
    assert_eq!(value["history"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn games_in_use_stay_in_the_cache() {
    // Not finished and recently used: stays.
    let (cache, app) = setup(evicting(0, 3_600_000)).await;
    let g = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
    assert_eq!(cache.sweep().await, 0);
    act_ok(&app, &g.id, &g.seats[0], "c8-b6").await;
    // A game waiting on a timer (here a claim's expiry) stays even with
    // no idle allowance at all, so the timer still fires in time.
    let (cache, app) = setup(evicting(0, 0)).await;
    let t = create(
        &app,
        json!({"game": "tilechess", "seats": 2, "claim_hold_secs": 600}),
    )
    .await;
    let join = state(&app, &t.id, Some(&t.seats[0])).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    act_ok(&app, &t.id, &t.seats[0], &join).await;
    let (status, value) = call(
        &app,
        "POST",
        &format!("/api/games/{}/claim", t.id),
        Some(&t.seats[1]),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(cache.sweep().await, 0);
    assert_eq!(cache.cached_games().await, 1);
}

async fn state_of(app: &axum::Router, id: &str, token: &str) -> serde_json::Value {
    state(app, id, Some(token)).await
}

/// After a restart every stored game is rebuilt at once, so its bots and
/// deadlines carry on without anyone opening the table.
#[tokio::test]
async fn a_restart_resumes_stored_games_without_a_request() {
    let (url, path) = temp_db("resume");
    let id;
    {
        let store = Store::open(&url).await.unwrap();
        let app = router(AppState::new(store.clone(), settings()));
        let g = create(&app, json!({"game": "knight-moves", "seats": 2})).await;
        id = g.id;
        // Both seats handed to bots while the server is down: written to the
        // log directly, so the old actor never sees them.
        for seat in 0..2 {
            let event = arbiter_server::host::Logged {
                seq: seat as i64,
                at_ms: arbiter_server::host::now_ms(),
                event: arbiter_server::host::Event::Bot { seat, level: 1 },
            };
            store.append(&id, &event).await.unwrap();
        }
    }
    let state_after = AppState::new(Store::open(&url).await.unwrap(), settings());
    assert_eq!(state_after.cached_games().await, 0);
    assert_eq!(state_after.resume_all().await.unwrap(), 1);
    assert_eq!(state_after.cached_games().await, 1);
    let app = router(state_after);
    let moved = wait_for(&app, &id, |s| {
        s["history"].as_array().is_some_and(|h| h.len() >= 4)
    })
    .await;
    assert_eq!(moved["seats"][0]["bot"], 1);
    remove_db(&path);
}
