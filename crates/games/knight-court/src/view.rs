//! Knight Court through the shared game interface. It is a game of perfect
//! information: every viewer sees everything. The players may also end it
//! themselves: a resignation loses, an agreed draw is a draw
//! (docs/rules/knight-court.md#resigning-and-draws-by-agreement), the same
//! rule as every duel's ([`arbiter_core::Concedes`]); seats are 0 White,
//! 1 Black.

use crate::game::KnightCourt;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;
use arbiter_core::duel_game::DuelView;
use arbiter_core::Seat;
use serde::Serialize;

/// What any viewer sees: the duel's view, and whether the side to move is
/// in check.
pub type KnightCourtView = DuelView<InCheck>;

/// What Knight Court adds to the duel's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct InCheck {
    /// Whether the side to move's knight is attacked.
    pub check: bool,
}

arbiter_core::duel_game! {
    KnightCourt: Position, Move, Color, u32;
    after = |pos: &Position, mv: Move| pos.play_unchecked(mv);
    read = |_: &KnightCourt, _: Seat, text: &str| text.parse();
    shows = InCheck, |game: &KnightCourt| InCheck { check: game.position().is_check() };
}
