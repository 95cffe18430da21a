//! The cannon's moves, captures and checks through screens of either
//! colour (docs/rules/progressive-chess.md#cannon). Every expected set is
//! worked out by hand from the ruling: along each line, empty squares
//! before the first piece, the first piece if it is an enemy, then (having
//! jumped the first, of either side) empty squares before the second piece
//! and the second piece if it is an enemy; nothing beyond.

mod common;
use arbiter_progressive_chess::{why_illegal, Position};
use common::*;

#[test]
fn a_cannon_that_jumped_an_enemy_may_capture_the_next_enemy() {
    // a4 cannon; b4 and d4 black pawns. East: b4 (capture), then c4 (jump
    // b4, stop) and d4 (jump b4, capture). The a-file is empty.
    let p = pos("3k3/7/7/Cp1p3/7/7/3K3 w 2 1 - - 0 1");
    assert_eq!(
        dests(&p, "a4"),
        sorted(&["a1", "a2", "a3", "a5", "a6", "a7", "b4", "c4", "d4"])
    );
    assert_eq!(why_illegal(&p, turn("a4d4")), None);
    // The pawn is captured: 2 points for White (2 + 2), Black is paid its
    // turn's point (1 + 1), the pawn is in White's pool, the count resets.
    let g = assert_after(
        "3k3/7/7/Cp1p3/7/7/3K3 w 2 1 - - 0 1",
        &["a4d4"],
        "3k3/7/7/1p1C3/7/7/3K3 b 4 2 - P 0 1",
    );
    // From d4 the cannon's first piece north is the king on d7: check.
    assert!(g.position().is_check());
}

#[test]
fn after_an_enemy_screen_an_own_piece_is_not_captured() {
    // As above but d4 is White's: the line ends at d4 without a capture.
    assert_dests(
        "3k3/7/7/Cp1P3/7/7/3K3 w 2 1 - - 0 1",
        "a4",
        "a1 a2 a3 a5 a6 a7 b4 c4",
    );
}

#[test]
fn a_cannon_never_passes_a_second_piece() {
    // b4 and c4 are both enemies: either is captured, e4 is out of reach,
    // and so is the empty d4 behind the second piece.
    assert_dests(
        "3k3/7/7/Cpp1p2/7/7/3K3 w 2 1 - - 0 1",
        "a4",
        "a1 a2 a3 a5 a6 a7 b4 c4",
    );
}

#[test]
fn blocking_with_a_piece_the_cannon_can_jump_does_not_answer_its_check() {
    // The black cannon on d4 checks d1 down an empty file. The rook may
    // reach d2, but the cannon then jumps it and still attacks d1; no other
    // piece can reach d2 or d3, so only the king's steps off the file and
    // off rank 4 remain.
    let p = pos("k6/7/7/3c3/7/6R/3K3 w 2 1 - - 0 1");
    assert!(p.is_check());
    let reason = why_illegal(&p, turn("g2d2")).expect("g2d2 is refused");
    assert!(reason.contains("king attacked"), "{reason}");
    assert_eq!(move_names(&p), sorted(&["d1c1", "d1c2", "d1e1", "d1e2"]));
}

#[test]
fn a_position_whose_side_not_to_move_is_checked_through_an_enemy_screen_is_refused() {
    // The white cannon on a4 jumps the black pawn on b4 and attacks the
    // black king on d4, but White is to move.
    let err = "7/7/7/Cp1k3/7/7/6K w 2 1 - - 0 1"
        .parse::<Position>()
        .unwrap_err();
    assert!(
        err.reason
            .contains("is not to move but its king is attacked"),
        "{err}"
    );
    // With Black to move it is an ordinary check.
    assert!(pos("7/7/7/Cp1k3/7/7/6K b 2 1 - - 0 1").is_check());
}

#[test]
fn a_cannon_checks_through_a_screen_of_either_colour_but_not_two() {
    // Black cannon d7 and white king d1: one screen of either side between
    // them checks, two screens (of one side or both) do not, and with no
    // screen the first piece on the file is the king.
    let cases = [
        ("7/7/3p3", true),
        ("7/7/3P3", true),
        ("7/3P3/3p3", false),
        ("7/3p3/3p3", false),
        ("7/7/7", true),
    ];
    for (screens, check) in cases {
        let text = format!("3c2k/{screens}/7/7/3K3 w 2 1 - - 0 5");
        assert_eq!(pos(&text).is_check(), check, "{text}");
    }
}

#[test]
fn leaving_a_pair_of_screens_exposes_the_king_through_the_other() {
    // White pawn d5 and lesser rook d4 stand between the black cannon on
    // d7 and the white king on d1. If the lesser rook steps off the file,
    // the cannon jumps the pawn (White's own) and attacks d1; stepping to d3
    // keeps two pieces on the line.
    let p = pos("3c2k/7/3P3/3W3/7/7/3K3 w 2 1 - - 0 5");
    assert!(!p.is_check());
    assert_eq!(dests(&p, "d4"), sorted(&["d3"]));
}
