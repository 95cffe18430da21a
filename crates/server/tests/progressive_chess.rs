//! Progressive Chess on the host, in-process: turns with and without an
//! upgrade, a refused turn that changes nothing, and a bot opponent.

mod common;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};

fn actions(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn people_play_turns_with_upgrades_and_an_illegal_turn_changes_nothing() {
    let app = app().await;
    let g = create(&app, json!({"game": "progressive-chess", "seats": 2})).await;
    let s0 = state(&app, &g.id, Some(&g.seats[0])).await;
    assert_eq!(
        s0["view"]["position"],
        "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1"
    );
    let legal: Vec<&str> = s0["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    // The pawn step alone and with each of its three first-tier upgrades.
    for t in ["b1b2", "b1b2+b2=F", "b1b2+b2=W", "b1b2+b2=S"] {
        assert!(legal.contains(&t), "{t} missing from {legal:?}");
    }
    // Rook costs 2 and is not directly above a pawn.
    assert!(!legal.contains(&"b1b2+b2=R"));

    // White: pawn step, upgraded to a lesser bishop for 1 of its 2 points.
    let after = act_ok(&app, &g.id, &g.seats[0], "b1b2+b2=F").await;
    // Black is paid its point at the start of its turn: 1 + 1.
    assert_eq!(
        after["view"]["position"],
        "pppkppp/7/7/7/7/1F5/P1PKPPP b 1 2 - - 0 1"
    );
    assert_eq!(after["view"]["points"], json!([1, 2]));

    // Black: a plain pawn step (no upgrade).
    let after = act_ok(&app, &g.id, &g.seats[1], "c7c6").await;
    assert_eq!(
        after["view"]["position"],
        "pp1kppp/2p4/7/7/7/1F5/P1PKPPP w 2 2 - - 1 2"
    );

    // White tries an upgrade the tree forbids (F straight to R): refused,
    // nothing stored, every view unchanged.
    let before = state(&app, &g.id, None).await;
    let (status, err) = act(&app, &g.id, &g.seats[0], "b2c3+c3=R").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert!(err["error"].as_str().unwrap().contains("b2c3"), "{err}");
    let (status, err) = act(&app, &g.id, &g.seats[0], "b2b3+").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    let (status, err) = act(&app, &g.id, &g.seats[1], "c6c5").await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(state(&app, &g.id, None).await, before);

    // White: the lesser bishop steps and becomes a bishop for 2 points.
    let after = act_ok(&app, &g.id, &g.seats[0], "b2c3+c3=B").await;
    assert_eq!(
        after["view"]["position"],
        "pp1kppp/2p4/7/7/2B4/7/P1PKPPP b 0 3 - - 0 2"
    );
    assert_eq!(actions(&after), ["b1b2+b2=F", "c7c6", "b2c3+c3=B"]);
    // Replay shows the board after the first turn only.
    let replay = get_ok(&app, &format!("/api/games/{}/replay/1", g.id)).await;
    assert_eq!(
        replay["view"]["position"],
        "pppkppp/7/7/7/7/1F5/P1PKPPP b 1 2 - - 0 1"
    );
}
