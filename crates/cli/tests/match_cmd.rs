//! `arbiter match` through the real binary: tiny matches only.

mod common;
use common::*;

/// A fresh directory for one test's records.
fn records_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()))
}

#[test]
fn a_duel_match_prints_a_table_with_elo_and_writes_records() {
    let dir = records_dir("match");
    let out = arbiter_line(
        "match knight-moves --seat max:1000n --seat random --games 2 --jobs 2 --out",
        &[dir.to_str().unwrap()],
    );
    let text = succeeded(&out);
    assert!(text.contains("max:1000n"), "{text}");
    assert!(text.contains("Elo (player 1 - player 2)"), "{text}");
    let record = std::fs::read_to_string(dir.join("game-0002.txt")).unwrap();
    assert!(record.contains("seat 1: player 2 random"), "{record}");
    assert!(record.contains("result: "));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn knight_court_starts_from_table_wins() {
    let line = "match knight-court --seat search:2000n --seat max --games 2 --openings table-wins";
    let text = succeeded(&arbiter_line(line, &[]));
    assert!(text.contains("from the given openings"), "{text}");
    // Only Knight Court's arena knows that set by name.
    let line = "match knight-moves --seat max --seat max --openings table-wins";
    refused(&arbiter_line(line, &[]), "no set of openings by that name");
}

#[test]
fn bad_specs_and_seat_counts_are_refused() {
    let out = arbiter_line("match knight-moves --seat best --seat random", &[]);
    refused(&out, "unknown level 'best'");
    let out = arbiter_line("match knight-moves --seat random", &[]);
    refused(&out, "needs exactly two --seat");
    let out = arbiter_line("match knight-control --seat random", &[]);
    refused(&out, "knight-control matches take 2 to 11 --seat options");
    let line = "match knight-control --seat random --seat random --turn-limit 5";
    refused(&arbiter_line(line, &[]), "--turn-limit do not apply");
}

#[test]
fn a_knight_control_match_reports_chips_gained_and_ec() {
    let dir = records_dir("match-kc");
    let out = arbiter_line(
        "match knight-control --seat max:10n --seat greedy --seat random --games 2 --out",
        &[dir.to_str().unwrap()],
    );
    let text = succeeded(&out);
    for word in ["mean gained", "most gained", "EC", "mean ToLs", "max:10n"] {
        assert!(text.contains(word), "{text}");
    }
    let record = std::fs::read_to_string(dir.join("game-0002.txt")).unwrap();
    assert!(record.contains("seat 1: player 3 random"), "{record}");
    std::fs::remove_dir_all(dir).unwrap();
}
