//! Knight Moves through the shared game interface. It is a game of perfect
//! information: every viewer sees everything.

use crate::game::{IllegalMove, KnightMoves};
use crate::moves::Move;
use crate::position::Position;
use crate::side::Side;
use arbiter_core::duel::{self, Duel};
use arbiter_core::{Outcome, Seat};
use serde::Serialize;

/// What any viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KnightMovesView {
    /// The current position string.
    pub position: String,
    /// The position the game started from.
    pub start: String,
    /// Every move so far, in notation.
    pub moves: Vec<String>,
    /// The seat to move (0 Eks, 1 Ohs), until the game ends.
    pub to_move: Option<Seat>,
    /// Whether the side to move must pass if it can.
    pub must_pass: bool,
    /// The side to move's legal turns, sorted.
    pub legal_moves: Vec<String>,
    pub outcome: Option<Outcome>,
}

impl Duel for KnightMoves {
    type Position = Position;
    type Move = Move;
    type Side = Side;
    type View = KnightMovesView;

    fn starting_at(position: Position) -> KnightMoves {
        KnightMoves::starting_at(position)
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

    fn side_to_move(&self) -> Side {
        self.turn()
    }

    fn result(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn moves(&self) -> Vec<Move> {
        self.legal_moves()
    }

    /// A two-square move is read as a pass when it starts on `seat`'s ball
    /// holder, so the seat matters here.
    fn read(&self, seat: Seat, text: &str) -> Result<Move, String> {
        let side = Side::from_seat(seat).expect("a duel seat");
        Move::read(text, self.position().holder(side))
    }

    fn try_play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        self.play(*mv)
    }

    fn view(&self) -> KnightMovesView {
        let outcome = self.outcome();
        KnightMovesView {
            position: self.position().to_string(),
            start: self.start_position().to_string(),
            moves: self.moves_played().iter().map(Move::to_string).collect(),
            to_move: duel::seat_to_move(outcome.as_ref(), self.turn()),
            must_pass: self.position().must_pass(),
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
