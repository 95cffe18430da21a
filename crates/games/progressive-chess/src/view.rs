//! Progressive Chess through the shared game interface. Everything is
//! public: every viewer sees everything.

use crate::game::{IllegalTurn, ProgressiveChess};
use crate::moves::Turn;
use crate::perft;
use crate::piece::Color;
use crate::position::Position;
use crate::rules::Ruleset;
use arbiter_core::duel::{self, Duel};
use arbiter_core::{Outcome, Seat};
use serde::Serialize;

/// What any viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProgressiveChessView {
    /// The current position string.
    pub position: String,
    /// The position the game started from.
    pub start: String,
    /// Every turn so far, in notation.
    pub turns: Vec<String>,
    /// The seat to move (0 White, 1 Black), until the game ends.
    pub to_move: Option<Seat>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// Points held now, White's then Black's.
    pub points: [u32; 2],
    /// The side to move's legal turns, sorted.
    pub legal_turns: Vec<String>,
    pub outcome: Option<Outcome>,
}

/// Position strings are read with the default ruleset; perft counts turns
/// by the movement rules alone (see [`crate::perft`]).
impl Duel for ProgressiveChess {
    type Position = Position;
    type Move = Turn;
    type Side = Color;
    type View = ProgressiveChessView;

    fn starting_at(position: Position) -> ProgressiveChess {
        ProgressiveChess::starting_at(position, Ruleset::default())
    }

    fn current(&self) -> &Position {
        self.position()
    }

    fn first(&self) -> &Position {
        self.start_position()
    }

    fn played(&self) -> &[Turn] {
        self.turns_played()
    }

    fn side_to_move(&self) -> Color {
        self.turn()
    }

    fn result(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn moves(&self) -> Vec<Turn> {
        self.legal_turns()
    }

    fn read(&self, _seat: Seat, text: &str) -> Result<Turn, String> {
        text.parse()
    }

    fn try_play(&mut self, turn: &Turn) -> Result<(), IllegalTurn> {
        self.play(*turn)
    }

    fn view(&self) -> ProgressiveChessView {
        let outcome = self.outcome();
        let pos = self.position();
        ProgressiveChessView {
            position: pos.to_string(),
            start: self.start_position().to_string(),
            turns: self.turns_played().iter().map(Turn::to_string).collect(),
            to_move: duel::seat_to_move(outcome.as_ref(), self.turn()),
            check: pos.is_check(),
            points: [pos.points(Color::White), pos.points(Color::Black)],
            legal_turns: self.legal_turns().iter().map(Turn::to_string).collect(),
            outcome,
        }
    }

    fn count(&self, depth: u32) -> u64 {
        perft::perft(self.position(), depth)
    }

    fn split(&self, depth: u32) -> Vec<(Turn, u64)> {
        perft::divide(self.position(), depth)
    }
}
