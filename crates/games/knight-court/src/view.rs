//! Knight Court through the shared game interface. It is a game of perfect
//! information: every viewer sees everything.

use crate::game::KnightCourt;
use crate::moves::Move;
use arbiter_core::{
    duel, ActionError, Game, Outcome, Perft, Phase, PositionError, Seat, TextPosition, Viewer,
};
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

impl Game for KnightCourt {
    type Action = Move;
    type View = KnightCourtView;

    fn seat_count(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        duel::phase(KnightCourt::outcome(self), self.turn().seat())
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Move> {
        duel::actions_for(seat, self.turn().seat(), || self.legal_moves())
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Move, ActionError> {
        duel::parse_action(text)
    }

    fn act(&mut self, seat: Seat, action: &Move) -> Result<(), ActionError> {
        duel::check_turn(
            KnightCourt::outcome(self),
            seat,
            self.turn().seat(),
            self.turn(),
        )?;
        self.play(*action)
            .map_err(|e| ActionError::illegal(e.mv.to_string(), e.reason))
    }

    fn view(&self, _viewer: Viewer) -> KnightCourtView {
        let outcome = KnightCourt::outcome(self);
        KnightCourtView {
            position: self.position().to_string(),
            start: self.start_position().to_string(),
            moves: self.moves_played().iter().map(Move::to_string).collect(),
            to_move: duel::seat_to_move(outcome.as_ref(), self.turn().seat()),
            check: self.position().is_check(),
            legal_moves: self.legal_moves().iter().map(Move::to_string).collect(),
            outcome,
        }
    }
}

impl TextPosition for KnightCourt {
    fn start() -> KnightCourt {
        KnightCourt::new()
    }

    fn from_position(text: &str) -> Result<KnightCourt, PositionError> {
        KnightCourt::from_text(text)
    }

    fn position(&self) -> String {
        KnightCourt::position(self).to_string()
    }
}

impl Perft for KnightCourt {
    fn perft(&self, depth: u32) -> u64 {
        KnightCourt::perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        KnightCourt::divide(self, depth)
    }
}
