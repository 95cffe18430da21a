//! Knight Moves through the shared game interface. It is a game of perfect
//! information: every viewer sees everything. The players may also end it
//! themselves: a resignation loses, an agreed draw is a draw
//! (docs/rules/knight-moves.md#resigning-and-draws-by-agreement), the same
//! rule as every duel's ([`arbiter_core::Concedes`]); seats are 0 Eks, 1 Ohs.

use crate::game::KnightMoves;
use crate::moves::Move;
use crate::position::{Key, Position};
use crate::side::Side;
use arbiter_core::duel_game::DuelView;
use arbiter_core::Seat;
use serde::Serialize;

/// What any viewer sees: the duel's view, and whether the side to move
/// must pass.
pub type KnightMovesView = DuelView<MustPass>;

/// What Knight Moves adds to the duel's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MustPass {
    /// Whether the side to move must pass the ball if it can.
    pub must_pass: bool,
}

/// A two-square move is read as a pass when it starts on the seat's ball
/// holder, so the seat matters when reading.
fn read(game: &KnightMoves, seat: Seat, text: &str) -> Result<Move, String> {
    let side = Side::from_seat(seat).expect("a duel seat");
    Move::read(text, game.position().holder(side))
}

arbiter_core::duel_game! {
    KnightMoves: Position, Move, Side, Key;
    after = |pos: &Position, mv: Move| pos.play_unchecked(&mv);
    read = read;
    shows = MustPass, |game: &KnightMoves| MustPass { must_pass: game.position().must_pass() };
}
