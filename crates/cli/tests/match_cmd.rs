//! `arbiter match` through the real binary: tiny matches only.

use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("the arbiter binary runs")
}

#[test]
fn a_duel_match_prints_a_table_with_elo_and_writes_records() {
    let dir = std::env::temp_dir().join(format!("arbiter-match-{}", std::process::id()));
    let out = arbiter(&[
        "match",
        "knight-moves",
        "--seat",
        "max:1000n",
        "--seat",
        "random",
        "--games",
        "2",
        "--jobs",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("max:1000n"), "{text}");
    assert!(text.contains("Elo (player 1 - player 2)"), "{text}");
    let record = std::fs::read_to_string(dir.join("game-0002.txt")).unwrap();
    assert!(record.contains("seat 1: player 2 random"), "{record}");
    assert!(record.contains("result: "));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn knight_court_starts_from_table_wins() {
    let out = arbiter(&[
        "match",
        "knight-court",
        "--seat",
        "search:2000n",
        "--seat",
        "max",
        "--games",
        "2",
        "--openings",
        "table-wins",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("from the given openings"), "{text}");
}

#[test]
fn bad_specs_and_seat_counts_are_refused() {
    let out = arbiter(&[
        "match",
        "knight-moves",
        "--seat",
        "best",
        "--seat",
        "random",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("unknown level 'best'"));
    let out = arbiter(&["match", "knight-moves", "--seat", "random"]);
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("needs exactly two --seat"));
}

#[test]
fn a_knight_control_match_reports_chips_gained_and_ec() {
    let dir = std::env::temp_dir().join(format!("arbiter-match-kc-{}", std::process::id()));
    let out = arbiter(&[
        "match",
        "knight-control",
        "--seat",
        "max:10n",
        "--seat",
        "greedy",
        "--seat",
        "random",
        "--games",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    for word in ["mean gained", "most gained", "EC", "mean ToLs", "max:10n"] {
        assert!(text.contains(word), "{text}");
    }
    let record = std::fs::read_to_string(dir.join("game-0002.txt")).unwrap();
    assert!(record.contains("seat 1: player 3 random"), "{record}");
    std::fs::remove_dir_all(dir).unwrap();
}
