//! Points in position strings have a documented bound
//! (docs/rules/tilechess.md#bounds) and never wrap.

use arbiter_core::{Game, Seat, TextPosition};
use arbiter_tilechess::Tilechess;

const BOARD: &str = "tilechess board 0,0 11,11 open 4,4 / pawns 7 repeat no start 3x3 last -";

fn position(red_points: &str) -> String {
    format!("{BOARD} / red +{red_points} K4,4 N5,4 / blue +0 K7,7 P6,6")
}

#[test]
fn points_above_the_bound_are_refused_with_the_bound() {
    for points in ["1000001", "4294967295"] {
        let err = Tilechess::from_position(&position(points))
            .unwrap_err()
            .to_string();
        assert!(err.contains("above the largest allowed, 1000000"), "{err}");
    }
}

#[test]
fn a_capture_at_the_bound_adds_up() {
    // Red's knight takes the pawn (1 point) and claims its landing tile.
    let mut game = Tilechess::from_position(&position("1000000")).unwrap();
    game.act_text(Seat(0), "red: 5,4x6,6").unwrap();
    assert_eq!(game.scores(), [1_000_002, 0]);
}
