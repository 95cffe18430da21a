//! Sealed submissions: a player may revise a bid or orders within a step,
//! and nobody else can tell. Others see one "submitted" entry per seat and
//! step; a revision adds no entry, moves no `version` and sends no frame to
//! anyone else (docs/server.md#hidden-information).

mod common;

use common::*;
use serde_json::{json, Value};

/// The history as (seat, action) pairs.
fn entries(s: &Value) -> Vec<(Value, String)> {
    s["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["seat"].clone(), h["action"].as_str().unwrap().to_string()))
        .collect()
}

fn entry(seat: usize, action: &str) -> (Value, String) {
    (json!(seat), action.to_string())
}

#[tokio::test]
async fn a_rival_revising_twice_changes_nothing_anyone_else_receives() {
    let (app, addr) = app_on_loopback().await;
    let g = create(
        &app,
        json!({"game": "knight-control", "seats": 3, "deadline_secs": 300,
               "options": {"rules": {"rounds": 3}}}),
    )
    .await;
    let (p1, p2, p3) = (&g.seats[0], &g.seats[1], &g.seats[2]);
    // P1, P3 and a spectator watch: (token, socket).
    let mut watchers = vec![
        (Some(p1), watch(addr, &g.id, Some(p1)).await),
        (Some(p3), watch(addr, &g.id, Some(p3)).await),
        (None, watch(addr, &g.id, None).await),
    ];
    for (_, socket) in &mut watchers {
        assert_eq!(next_frame(socket).await["history"], json!([]));
    }

    // P2 bids: everyone else learns that it bid, and no more.
    act_ok(&app, &g.id, p2, "bid ABCDE").await;
    let mut before = Vec::new();
    for (token, socket) in &mut watchers {
        let frame = next_frame(socket).await;
        assert_eq!(entries(&frame), [entry(1, "submitted a bid")]);
        let s = state(&app, &g.id, token.map(String::as_str)).await;
        assert_eq!(s["version"], frame["version"]);
        before.push(s);
    }

    // P2 revises twice. P2 itself sees all three, the last one standing.
    for bid in ["bid DEFGH", "bid GHIJK"] {
        act_ok(&app, &g.id, p2, bid).await;
    }
    let own = state(&app, &g.id, Some(p2)).await;
    assert_eq!(
        entries(&own),
        [
            entry(1, "bid ABCDE"),
            entry(1, "bid DEFGH"),
            entry(1, "bid GHIJK")
        ]
    );
    assert_eq!(own["view"]["me"]["submission"], "bid GHIJK");
    // Everyone else's state is byte for byte what it was: history, version,
    // who is awaited, the view.
    for (k, ((token, _), was)) in watchers.iter().zip(&before).enumerate() {
        let now = state(&app, &g.id, token.map(String::as_str)).await;
        assert_eq!(now.to_string(), was.to_string(), "watcher {k}");
    }

    // Then a public change: P1 bids. The next frame each watcher receives
    // is that one, one version on from P2's first bid: the revisions sent
    // nothing in between.
    act_ok(&app, &g.id, p1, "bid ACEGI").await;
    let expected = [
        [entry(1, "submitted a bid"), entry(0, "bid ACEGI")],
        [entry(1, "submitted a bid"), entry(0, "submitted a bid")],
        [entry(1, "submitted a bid"), entry(0, "submitted a bid")],
    ];
    for (((_, socket), was), want) in watchers.iter_mut().zip(&before).zip(expected) {
        let frame = next_frame(socket).await;
        assert_eq!(entries(&frame), want);
        assert_eq!(
            frame["version"].as_u64(),
            was["version"].as_u64().map(|v| v + 1)
        );
    }

    // The step closes on P3's bid with P2's last bid standing. First
    // letters: P1 asks A, P2 G, P3 K, each alone, so each gets it. Had the
    // first bid counted, P1 and P2 would both have asked A and neither got
    // it; had the second, P2 would have got D.
    act_ok(&app, &g.id, p3, "bid KJIHG").await;
    let s = state(&app, &g.id, None).await;
    assert_eq!(s["view"]["stage"], "orders");
    let zones: Vec<(String, String)> = s["view"]["log"][0]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["player"].to_string(), e["zone"].to_string()))
        .collect();
    let want: Vec<(String, String)> = [("P1", "A"), ("P2", "G"), ("P3", "K")]
        .iter()
        .map(|(p, z)| (json!(p).to_string(), json!(z).to_string()))
        .collect();
    assert_eq!(zones, want);
}
