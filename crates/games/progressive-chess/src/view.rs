//! Progressive Chess through the shared game interface. Everything is
//! public: every viewer sees everything.

use crate::game::ProgressiveChess;
use crate::moves::Turn;
use crate::perft;
use crate::piece::Color;
use crate::rules::Ruleset;
use arbiter_core::{
    duel, ActionError, Game, Outcome, Perft, Phase, PositionError, Seat, TextPosition, Viewer,
};
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

impl Game for ProgressiveChess {
    type Action = Turn;
    type View = ProgressiveChessView;

    fn seat_count(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        duel::phase(ProgressiveChess::outcome(self), self.turn().seat())
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Turn> {
        duel::actions_for(seat, self.turn().seat(), || self.legal_turns())
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Turn, ActionError> {
        duel::parse_action(text)
    }

    fn act(&mut self, seat: Seat, action: &Turn) -> Result<(), ActionError> {
        duel::check_turn(
            ProgressiveChess::outcome(self),
            seat,
            self.turn().seat(),
            self.turn(),
        )?;
        self.play(*action)
            .map_err(|e| ActionError::illegal(e.turn.to_string(), e.reason))
    }

    fn view(&self, _viewer: Viewer) -> ProgressiveChessView {
        let outcome = ProgressiveChess::outcome(self);
        let pos = self.position();
        ProgressiveChessView {
            position: pos.to_string(),
            start: self.start_position().to_string(),
            turns: self.turns_played().iter().map(Turn::to_string).collect(),
            to_move: duel::seat_to_move(outcome.as_ref(), self.turn().seat()),
            check: pos.is_check(),
            points: [pos.points(Color::White), pos.points(Color::Black)],
            legal_turns: self.legal_turns().iter().map(Turn::to_string).collect(),
            outcome,
        }
    }
}

impl TextPosition for ProgressiveChess {
    fn start() -> ProgressiveChess {
        ProgressiveChess::new(Ruleset::default())
    }

    fn from_position(text: &str) -> Result<ProgressiveChess, PositionError> {
        ProgressiveChess::from_text(text, Ruleset::default())
    }

    fn position(&self) -> String {
        ProgressiveChess::position(self).to_string()
    }
}

/// Perft counts turns by the movement rules alone (see [`crate::perft`]).
impl Perft for ProgressiveChess {
    fn perft(&self, depth: u32) -> u64 {
        perft::perft(self.position(), depth)
    }

    fn divide(&self, depth: u32) -> Vec<(Turn, u64)> {
        perft::divide(self.position(), depth)
    }
}
