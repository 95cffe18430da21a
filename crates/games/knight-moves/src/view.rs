//! Knight Moves through the shared game interface. It is a game of perfect
//! information: every viewer sees everything.

use crate::game::KnightMoves;
use crate::moves::Move;
use crate::side::Side;
use arbiter_core::{
    duel, ActionError, Game, Outcome, Perft, Phase, PositionError, Seat, TextPosition, Viewer,
};
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

impl Game for KnightMoves {
    type Action = Move;
    type View = KnightMovesView;

    fn seat_count(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        duel::phase(KnightMoves::outcome(self), self.turn().seat())
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Move> {
        duel::actions_for(seat, self.turn().seat(), || self.legal_moves())
    }

    /// A two-square move is read as a pass when it starts on `seat`'s ball
    /// holder, so the seat matters here.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Move, ActionError> {
        let side = Side::from_seat(seat).ok_or_else(|| ActionError::NotYourTurn {
            seat,
            reason: "Knight Moves has two seats, 0 (Eks) and 1 (Ohs)".into(),
        })?;
        Move::read(text, self.position().holder(side))
            .map_err(|reason| ActionError::malformed(text, reason))
    }

    fn act(&mut self, seat: Seat, action: &Move) -> Result<(), ActionError> {
        duel::check_turn(
            KnightMoves::outcome(self),
            seat,
            self.turn().seat(),
            self.turn(),
        )?;
        self.play(*action)
            .map_err(|e| ActionError::illegal(e.mv.to_string(), e.reason))
    }

    fn view(&self, _viewer: Viewer) -> KnightMovesView {
        let outcome = KnightMoves::outcome(self);
        KnightMovesView {
            position: self.position().to_string(),
            start: self.start_position().to_string(),
            moves: self.moves_played().iter().map(Move::to_string).collect(),
            to_move: duel::seat_to_move(outcome.as_ref(), self.turn().seat()),
            must_pass: self.position().must_pass(),
            legal_moves: self.legal_moves().iter().map(Move::to_string).collect(),
            outcome,
        }
    }
}

impl TextPosition for KnightMoves {
    fn start() -> KnightMoves {
        KnightMoves::new()
    }

    fn from_position(text: &str) -> Result<KnightMoves, PositionError> {
        KnightMoves::from_text(text)
    }

    fn position(&self) -> String {
        KnightMoves::position(self).to_string()
    }
}

impl Perft for KnightMoves {
    fn perft(&self, depth: u32) -> u64 {
        KnightMoves::perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        KnightMoves::divide(self, depth)
    }
}
