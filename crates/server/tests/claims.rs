//! Claims on the next turn (Tilechess): a claim reserves it for the host's
//! hold time, acting ends it, and it comes back after a restart.

mod common;

use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};

async fn claim(app: &Router, id: &str, token: &str) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/games/{id}/claim"),
        Some(token),
        None,
    )
    .await
}

fn tilechess(seats: usize, claim_hold_secs: u64) -> Value {
    json!({"game": "tilechess", "seats": seats, "claim_hold_secs": claim_hold_secs})
}

/// A three-seat Tilechess game whose first two seats have joined (by their
/// first legal action): the game and the third seat's join.
async fn two_joined(app: &Router, claim_hold_secs: u64) -> (Created, String) {
    let g = create(app, tilechess(3, claim_hold_secs)).await;
    play_first(app, &g.id, &g.seats[0]).await;
    play_first(app, &g.id, &g.seats[1]).await;
    let join = state(app, &g.id, Some(&g.seats[2])).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    (g, join)
}

fn a_move(s: &Value) -> String {
    s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .find(|m| !m.contains("join"))
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_claim_reserves_the_next_turn_until_its_holder_acts() {
    let app = app().await;
    let (g, join) = two_joined(&app, 600).await;
    // Seat 1 just acted, so seats 0 and 2 (a newcomer) may claim.
    let (status, value) = claim(&app, &g.id, &g.seats[1]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    let (status, value) = claim(&app, &g.id, &g.seats[0]).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["claim"]["seat"], 0);
    let until = value["claim"]["until_ms"].clone();
    // Others may neither claim nor act while it holds.
    let (status, value) = claim(&app, &g.id, &g.seats[2]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    assert!(value["error"].as_str().unwrap().contains("claimed"));
    let (status, value) = act(&app, &g.id, &g.seats[2], &join).await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    // Claiming again keeps the first expiry.
    let (status, value) = claim(&app, &g.id, &g.seats[0]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(value["claim"]["until_ms"], until);
    // The holder acts; the claim is used up.
    let mv = a_move(&state(&app, &g.id, Some(&g.seats[0])).await);
    let value = act_ok(&app, &g.id, &g.seats[0], &mv).await;
    assert!(value["claim"].is_null());
    act_ok(&app, &g.id, &g.seats[2], &join).await;
}

#[tokio::test]
async fn claims_are_refused_in_fixed_turn_games_and_holds_are_bounded() {
    let app = app().await;
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    let (status, value) = claim(&app, &g.id, &g.seats[0]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{value}");
    let (status, value) = claim(&app, &g.id, &g.host).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{value}");
    let (status, value) = try_create(&app, tilechess(2, 86401)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
}

#[tokio::test]
async fn a_claim_survives_a_restart_and_then_expires() {
    let (url, path) = temp_db("claim");
    let open = || async {
        arbiter_server::router(arbiter_server::AppState::new(
            arbiter_server::Store::open(&url).await.unwrap(),
            settings(),
        ))
    };
    let app = open().await;
    let (g, join) = two_joined(&app, 1).await;
    let (status, before) = claim(&app, &g.id, &g.seats[0]).await;
    assert_eq!(status, StatusCode::OK, "{before}");
    drop(app);

    let app = open().await;
    let after = state(&app, &g.id, None).await;
    assert_eq!(after["claim"], before["claim"]);
    // The newcomer is offered nothing while the claim holds.
    assert_eq!(
        state(&app, &g.id, Some(&g.seats[2])).await["legal"],
        json!([])
    );
    assert_eq!(
        act(&app, &g.id, &g.seats[2], &join).await.0,
        StatusCode::CONFLICT
    );
    // After the hold, the claim lapses and anyone allowed may act.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert!(state(&app, &g.id, None).await["claim"].is_null());
    act_ok(&app, &g.id, &g.seats[2], &join).await;
    remove_db(&path);
}

#[tokio::test]
async fn the_host_ending_tilechess_ranks_by_the_leaderboard() {
    let app = app().await;
    let g = create(&app, json!({"game": "tilechess", "seats": 2})).await;
    play_first(&app, &g.id, &g.seats[0]).await;
    play_first(&app, &g.id, &g.seats[1]).await;
    let mv = a_move(&state(&app, &g.id, Some(&g.seats[0])).await);
    act_ok(&app, &g.id, &g.seats[0], &mv).await;
    let value = host_ok(&app, &g, json!({"command": "end"})).await;
    assert_eq!(value["status"], "ended");
    // The game's own result: the leader ranks first.
    let leader = value["view"]["leaderboard"][0]["seat"].as_u64().unwrap() as usize;
    assert_eq!(value["outcome"]["results"][leader]["rank"], 1);
}
