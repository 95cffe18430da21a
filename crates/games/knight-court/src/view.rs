//! Knight Court through the shared game interface. It is a game of perfect
//! information: every viewer sees everything.

use crate::game::{IllegalMove, KnightCourt};
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;
use arbiter_core::duel::{self, Duel};
use arbiter_core::{Outcome, Seat};
use serde::Serialize;

/// What any viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KnightCourtView {
    /// The current position string.
    pub position: String,
    /// The position the game started from.
    pub start: String,
    /// Every move so far, in notation.
    pub moves: Vec<String>,
    /// The seat to move (0 White, 1 Black), until the game ends.
    pub to_move: Option<Seat>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The side to move's legal moves, sorted.
    pub legal_moves: Vec<String>,
    pub outcome: Option<Outcome>,
}

impl Duel for KnightCourt {
    type Position = Position;
    type Move = Move;
    type Side = Color;
    type View = KnightCourtView;

    fn starting_at(position: Position) -> KnightCourt {
        KnightCourt::starting_at(position)
    }

    fn current(&self) -> &Position {
        self.position()
    }

    fn first(&self) -> &Position {
        self.start_position()
    }

    fn played(&self) -> &[Move] {
        self.moves_played()
    }

    fn side_to_move(&self) -> Color {
        self.turn()
    }

    fn result(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn moves(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn read(&self, _seat: Seat, text: &str) -> Result<Move, String> {
        text.parse()
    }

    fn try_play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        self.play(*mv)
    }

    fn view(&self) -> KnightCourtView {
        let outcome = self.outcome();
        KnightCourtView {
            position: self.position().to_string(),
            start: self.start_position().to_string(),
            moves: self.moves_played().iter().map(Move::to_string).collect(),
            to_move: duel::seat_to_move(outcome.as_ref(), self.turn()),
            check: self.position().is_check(),
            legal_moves: self.legal_moves().iter().map(Move::to_string).collect(),
            outcome,
        }
    }

    fn count(&self, depth: u32) -> u64 {
        self.perft(depth)
    }

    fn split(&self, depth: u32) -> Vec<(Move, u64)> {
        self.divide(depth)
    }
}
