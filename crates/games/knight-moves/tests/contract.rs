//! The contract every game passes (`arbiter_core::testing::contract`),
//! from the start and from positions of the perft data, and the one every
//! duel its players may end passes (`testing::concessions`).

use arbiter_core::testing::Contract;
use arbiter_core::Outcome;
use arbiter_knight_moves::KnightMoves;

/// A ball on the far rank wins; else the side to move has no legal turn
/// and loses (docs/rules/knight-moves.md#winning).
fn judge(game: &KnightMoves, outcome: &Outcome) -> Result<(), String> {
    let winner = match game.position().winner() {
        Some(side) => side,
        None if game.legal_moves().is_empty() => game.turn().other(),
        None => return Err("no ball is home and the side to move can move".into()),
    };
    match outcome.sole_winner() {
        Some(seat) if seat == winner.seat() => Ok(()),
        _ => Err(format!("{winner} has won")),
    }
}

/// Where the random games start, and how many from each.
const STARTS: [(&str, usize); 3] = [
    ("1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -", 5),
    ("1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o d2", 3),
    ("7/2x2~o1/1o5/3Oo2/2X3x/7/x2o~x2/7 x -", 3),
];

#[test]
fn random_games_keep_the_contract() {
    let reports = Contract::<KnightMoves>::from_positions(&STARTS, 300, judge);
    for (report, (start, games)) in reports.iter().zip(STARTS) {
        assert!(report.steps > games * 20, "{start}: {report:?}");
    }
}

#[test]
fn resigning_and_agreeing_end_the_game_and_nothing_follows() {
    arbiter_core::testing::concessions::check::<KnightMoves>();
}
