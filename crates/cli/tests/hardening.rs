//! The CLI refuses what it cannot do in plain words, and stops quietly when
//! its reader goes away.

mod common;
use common::*;
use std::process::{Command, Stdio};

/// A two-player setup at round `round`: zones A and B, 3 chips each, no
/// knights and no items.
fn bare_setup(round: u8) -> serde_json::Value {
    let player = |zone: &str| serde_json::json!({ "zone": zone, "chips": 3, "garnets": 0, "chips_gained": 0, "tol_pieces": 0 });
    serde_json::json!({
        "round": round,
        "players": [player("A"), player("B")],
        "knights": [],
        "items": [],
    })
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("arbiter-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn perft_refuses_a_depth_beyond_the_cap() {
    let out = arbiter(&["perft", "knight-court", "100000"]);
    refused(&out, "above the largest allowed, 30");
    assert!(out.stdout.is_empty());
}

#[test]
fn printing_to_a_closed_pipe_stops_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["moves", "progressive-chess"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end before the first line is written.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn a_layout_without_zones_is_refused_in_plain_words() {
    let path = temp_file(
        "no-zones.json",
        r#"{"files": 15, "ranks": 15, "zones": []}"#,
    );
    let out = arbiter(&[
        "new",
        "knight-control",
        "--players",
        "2",
        "--layout",
        path.to_str().unwrap(),
    ]);
    refused(&out, "no spawning zones");
}

#[test]
fn a_setup_record_with_top_level_items_is_refused_and_unsorted_items_replay() {
    let new = arbiter(&["new", "knight-control", "--players", "2", "--seed", "7"]);
    assert!(new.status.success());
    let text = String::from_utf8(new.stdout).unwrap();
    // The items reversed: still the same items.
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut items = record["items"].as_array().unwrap().clone();
    items.reverse();
    record["items"] = serde_json::Value::Array(items);
    record["items_from_seed"] = serde_json::Value::Bool(false);
    let path = temp_file("unsorted.json", &record.to_string());
    let out = arbiter(&["replay", "knight-control", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A setup as well as the items: refused.
    record["setup"] = bare_setup(2);
    let path = temp_file("setup-and-items.json", &record.to_string());
    let out = arbiter(&["replay", "knight-control", path.to_str().unwrap()]);
    refused(&out, "must not also carry top-level 'items'");
}

#[test]
fn replay_shows_the_end_of_game_step_and_its_trades_to_their_traders() {
    let new = arbiter(&["new", "knight-control", "--players", "2", "--seed", "7"]);
    let mut record: serde_json::Value = serde_json::from_slice(&new.stdout).unwrap();
    record["items"] = serde_json::json!([]);
    record["items_from_seed"] = serde_json::json!(false);
    record["setup"] = bare_setup(10);
    let act = |player: &str, action: &str| serde_json::json!({ "type": "act", "player": player, "action": action });
    record["entries"] = serde_json::json!([
        act("P1", "orders pass"),
        act("P2", "orders pass"),
        act("P1", "offer P2 1"),
        act("P2", "accept P1"),
        act("P1", "done"),
    ]);
    let path = temp_file("end-step.json", &record.to_string());
    let out = arbiter(&[
        "replay",
        "knight-control",
        path.to_str().unwrap(),
        "--as",
        "P1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("the end-of-game step after the last round, waiting for [\"P2\"]"),
        "{text}"
    );
    assert!(
        text.contains("trade (after the last round): P1 gave P2 1 chips"),
        "{text}"
    );
    // Nobody else's replay mentions the trade.
    let out = arbiter(&["replay", "knight-control", path.to_str().unwrap()]);
    assert!(!String::from_utf8(out.stdout).unwrap().contains("trade"));
}
