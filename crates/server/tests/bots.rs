//! Bots at the table: every bot seat of a claim game gets its turns in a
//! fair order, a person's claim beats every bot, bots answer every step
//! before its deadline, and Tilechess's house rules end all-bot games.
//! Time is moved with the server's test clock, never waited for.

mod common;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};

/// Tilechess for `seats` ended by the house rule after `turn_limit`
/// actions, with level-1 bots in `bot_seats`.
fn tilechess(seats: usize, turn_limit: usize, bot_seats: &[usize]) -> Value {
    json!({
        "game": "tilechess",
        "seats": seats,
        "options": {"turn_limit": turn_limit},
        "bots": bots(bot_seats, 1),
    })
}

fn history(s: &Value) -> Vec<Value> {
    s["history"].as_array().unwrap().clone()
}

/// Each seat's rank in the outcome, in seat order.
fn ranks(s: &Value) -> Vec<i64> {
    s["outcome"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rank"].as_i64().unwrap())
        .collect()
}

fn is_over(s: &Value) -> bool {
    s["status"] == "over"
}

#[tokio::test]
async fn four_tilechess_bots_all_join_and_take_turns_in_a_fair_order() {
    let app = app().await;
    let g = create(&app, tilechess(4, 14, &[0, 1, 2, 3])).await;
    let s = wait_for(&app, &g.id, is_over).await;
    let seats: Vec<i64> = history(&s)
        .iter()
        .map(|h| h["seat"].as_i64().unwrap())
        .collect();
    // Every seat joins in turn, then the one that has waited longest acts:
    // round and round (the last to act may not act again).
    assert_eq!(seats, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
    for h in &history(&s)[..4] {
        assert!(h["action"].as_str().unwrap().contains("join"), "{h}");
    }
    // The turn limit ended it, and the leaderboard ranked all four.
    assert_eq!(
        s["outcome"]["reason"],
        "the turn limit was reached (house rule)"
    );
    let ranks = ranks(&s);
    assert_eq!(ranks.len(), 4);
    assert!(ranks.contains(&1), "{ranks:?}");
}

#[tokio::test]
async fn a_persons_claim_beats_every_bot() {
    let app = app().await;
    let mut body = tilechess(4, 30, &[1, 2, 3]);
    body["claim_hold_secs"] = json!(600);
    let g = create(&app, body).await;
    // The bots play until the person claims; then nobody else acts.
    wait_for(&app, &g.id, |s| history(s).len() >= 3).await;
    let person = &g.seats[0];
    let (status, v) = call(
        &app,
        "POST",
        &format!("/api/games/{}/claim", g.id),
        Some(person),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let held = history(&state(&app, &g.id, None).await).len();
    for _ in 0..20 {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        assert_eq!(history(&state(&app, &g.id, None).await).len(), held);
    }
    let s = state(&app, &g.id, Some(person)).await;
    let join = s["legal"][0].as_str().unwrap().to_string();
    act_ok(&app, &g.id, person, &join).await;
    // The claim is spent: the bots carry on, and all three of them act.
    let s = wait_for(&app, &g.id, |s| history(s).len() >= held + 4).await;
    let after: Vec<i64> = history(&s)[held + 1..]
        .iter()
        .map(|h| h["seat"].as_i64().unwrap())
        .collect();
    for bot in [1, 2, 3] {
        assert!(after.contains(&bot), "{after:?}");
    }
}

#[tokio::test]
async fn eleven_top_level_knight_control_bots_answer_every_step_of_five_seconds() {
    let (app, clock) = app_with_clock().await;
    let mut body = knight_control(11, 2);
    body["bots"] = bots(&(0..11).collect::<Vec<_>>(), 3);
    body["deadline_secs"] = json!(5);
    let g = create(&app, body).await;
    // Each step's five seconds pass at once on the test clock, so every
    // bot still thinking is out of time: the bots must answer all the same.
    let mut steps = 0;
    loop {
        let s = state(&app, &g.id, None).await;
        if is_over(&s) {
            break;
        }
        clock.advance(5_000);
        steps += 1;
        assert!(steps < 500, "the game does not end: {s}");
    }
    let s = state(&app, &g.id, None).await;
    let history = history(&s);
    // No step closed at its deadline: every seat answered every step.
    assert!(history.iter().all(|h| !h["seat"].is_null()), "{history:?}");
    // The replay to the end is the live view, though the last steps were
    // private (for a spectator and for a seat).
    for token in [None, Some(g.seats[0].as_str())] {
        let live = state(&app, &g.id, token).await;
        let n = live["history"].as_array().unwrap().len();
        let (status, replay) = get(&app, &format!("/api/games/{}/replay/{n}", g.id), token).await;
        assert_eq!(status, StatusCode::OK, "{replay}");
        assert_eq!(replay["view"], live["view"]);
    }
    for (said, per_seat) in [("submitted a bid", 1), ("submitted orders", 2)] {
        for seat in 0..11 {
            let count = history
                .iter()
                .filter(|h| h["seat"] == seat && h["action"] == said)
                .count();
            assert_eq!(count, per_seat, "seat {seat}: {said}");
        }
    }
}

#[tokio::test]
async fn a_tilechess_game_ends_at_its_set_time_and_is_ranked() {
    let (app, clock) = app_with_clock().await;
    let end = clock.now_ms() + 60_000;
    let g = create(
        &app,
        json!({
            "game": "tilechess",
            "seats": 2,
            "options": {"end_at_ms": end},
        }),
    )
    .await;
    for token in &g.seats {
        let s = state(&app, &g.id, Some(token)).await;
        let join = s["legal"][0].as_str().unwrap().to_string();
        act_ok(&app, &g.id, token, &join).await;
    }
    // Real time runs under the test clock too: a margin a stalled machine
    // cannot eat before the set time.
    clock.advance(45_000);
    assert_eq!(state(&app, &g.id, None).await["status"], "playing");
    clock.advance(15_500);
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["status"], "over", "{s}");
    assert_eq!(s["outcome"]["reason"], "the set time came (house rule)");
    // Both armies hold no land yet: equal scores share first place.
    let ranks = ranks(&s);
    assert_eq!(ranks, [1, 1]);
    assert_eq!(history(&s).last().unwrap()["action"], "deadline");
    // A rematch is set to last as long: its end moves with its start.
    let uri = format!("/api/games/{}/rematch", g.id);
    let (status, v) = post(&app, &uri, Some(&g.seats[0]), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let rematch = state(&app, v["id"].as_str().unwrap(), None).await;
    assert_eq!(rematch["status"], "playing", "{rematch}");
    // The set time is part of the position string: "... until MS ...".
    let position = rematch["view"]["position"].as_str().unwrap();
    let until = position
        .split(" until ")
        .nth(1)
        .and_then(|t| t.split(' ').next());
    let left = until.unwrap().parse::<i64>().unwrap() - clock.now_ms();
    assert!(
        (55_000..=60_000).contains(&left),
        "{left} ms left: {rematch}"
    );
    // Bad values are refused with the reason: a time that has passed would
    // end the game as it is made.
    let now = clock.now_ms();
    for (options, says) in [
        (json!({"turn_limit": 0}), "turn_limit"),
        (json!({"turn_limit": "ten"}), "turn_limit"),
        (json!({"end_at_ms": -1}), "end_at_ms"),
        (json!({"end_at_ms": 1}), "give a time still to come"),
        (
            json!({"end_at_ms": now - 1_000}),
            "give a time still to come",
        ),
    ] {
        let (status, v) = try_create(
            &app,
            json!({"game": "tilechess", "seats": 2, "options": options}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert!(v.to_string().contains(says), "{v}");
    }
}
