//! Turn deadlines on an alternating game: when one passes, the level-1 bot
//! plays for the seat; the host extends; a pause stops the clock. Time is
//! moved with the server's test clock, never waited for.

mod common;

use axum::http::StatusCode;
use common::*;
use serde_json::json;

#[tokio::test]
async fn a_passed_turn_deadline_is_played_by_the_level_one_bot() {
    let (app, clock) = app_with_clock().await;
    let g = create(
        &app,
        json!({"game": "knight-court", "seats": 2, "deadline_secs": 60}),
    )
    .await;
    let s = state(&app, &g.id, None).await;
    let first = s["deadline_ms"].as_i64().unwrap();
    assert_eq!(s["deadline_secs"], 60);
    // Not yet due: nothing happens.
    clock.advance(59_000);
    assert_eq!(state(&app, &g.id, None).await["history"], json!([]));
    // The host extends by 30 s: the deadline moves, still nothing happens.
    let (status, v) = by_host(&app, &g, json!({"command": "extend", "seconds": 30})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["deadline_ms"].as_i64().unwrap(), first + 30_000);
    clock.advance(20_000);
    assert_eq!(state(&app, &g.id, None).await["history"], json!([]));
    // A pause stops the clock: an hour paused, then resumed, still 10 s left.
    host_ok(&app, &g, json!({"command": "pause"})).await;
    clock.advance(3_600_000);
    assert_eq!(state(&app, &g.id, None).await["history"], json!([]));
    let (_, v) = by_host(&app, &g, json!({"command": "resume"})).await;
    let deadline = v["deadline_ms"].as_i64().unwrap();
    assert!(deadline >= first + 30_000 + 3_600_000, "{v}");
    clock.advance(11_000);
    let s = wait_for(&app, &g.id, |s| s["history"].as_array().unwrap().len() == 1).await;
    assert_eq!(s["history"][0]["seat"], 0);
    // The history says the move was played for the seat on time, to all.
    let said = s["history"][0]["action"].as_str().unwrap();
    assert!(said.ends_with(" (time: played for P1)"), "{said}");
    let seat = state(&app, &g.id, Some(g.seats[0].as_str())).await;
    assert_eq!(seat["history"][0]["action"], said);
    // The move restarted the clock for the other seat.
    assert!(s["deadline_ms"].as_i64().unwrap() > deadline);
    // Extensions need a deadline, and a sane size.
    let (status, _) = by_host(&app, &g, json!({"command": "extend", "seconds": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn deadlines_are_refused_out_of_range_and_absent_by_default() {
    let app = app().await;
    let (status, _) = try_create(
        &app,
        json!({"game": "knight-court", "seats": 2, "deadline_secs": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let g = create(&app, json!({"game": "knight-court", "seats": 2})).await;
    assert_eq!(state(&app, &g.id, None).await["deadline_ms"], json!(null));
    let (status, _) = by_host(&app, &g, json!({"command": "extend", "seconds": 10})).await;
    assert_eq!(status, StatusCode::CONFLICT);
}
