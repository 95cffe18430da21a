//! Counts in position strings have a documented bound
//! (docs/rules/progressive-chess.md#position-string) and never wrap.

mod common;
use arbiter_progressive_chess::Position;
use common::*;

fn refused(text: &str) -> String {
    text.parse::<Position>().unwrap_err().reason
}

#[test]
fn points_counters_and_turn_numbers_above_the_bound_are_refused_with_the_bound() {
    for text in [
        "pppkppp/7/7/7/7/7/PPPKPPP w 1000001 1 - - 0 1",
        "pppkppp/7/7/7/7/7/PPPKPPP w 2 4294967296 - - 0 1",
        "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 1000001 1",
        "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 99999999999",
    ] {
        let reason = refused(text);
        assert!(
            reason.contains("above the largest allowed, 1000000"),
            "{text}: {reason}"
        );
    }
}

#[test]
fn a_long_pool_is_refused_by_the_piece_count() {
    let pool = "P".repeat(300);
    let reason = refused(&format!("3k3/7/7/7/7/7/3K3 w 2 1 - {pool} 0 1"));
    assert!(reason.contains("302 pieces"), "{reason}");
}

#[test]
fn counts_at_the_bound_are_read_and_played_and_stop_there() {
    // Pawns keep the position alive (two bare kings would be dead).
    // Each side would be paid 1 point at the start of its turn, two quiet
    // turns counted and the turn number raised after Black's turn, but
    // every count stops at the bound, so that the string reads back.
    let after = "3k3/7/3p3/7/3P3/7/3K3 w 1000000 1000000 - - 1000000 1000000";
    assert_after(
        "3k3/3p3/7/7/7/3P3/3K3 w 1000000 1000000 - - 1000000 1000000",
        &["d2d3", "d6d5"],
        after,
    );
    assert_eq!(after.parse::<Position>().unwrap().to_string(), after);
    // Below the bound they count as before, up to it.
    assert_after(
        "3k3/3p3/7/7/7/3P3/3K3 w 999999 999998 - - 999999 999999",
        &["d2d3", "d6d5"],
        "3k3/7/3p3/7/3P3/7/3K3 w 1000000 999999 - - 1000000 1000000",
    );
}
