//! The duel engine: what every two-seat game of alternating turns and open
//! information shares, so each such game states only what is its own.
//!
//! A game implements [`Duel`] in its own words (its position, its moves,
//! who is to move, how it ends, what a viewer sees) and gets [`Game`],
//! [`TextPosition`] and [`Perft`] from here: seat 0 moves first, only the
//! side to move may act, nothing may be done once the game is over, and
//! every viewer sees the same view.

use crate::{ActionError, Game, Outcome, Perft, Phase, PositionError, Seat, TextPosition};
use serde::Serialize;
use std::fmt::{self, Debug, Display};
use std::str::FromStr;

/// A move the rules refuse, and why, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove<M> {
    pub mv: M,
    pub reason: String,
}

impl<M: Display> Display for IllegalMove<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is illegal: {}", self.mv, self.reason)
    }
}

impl<M: Display + Debug> std::error::Error for IllegalMove<M> {}

impl<M: Display> From<IllegalMove<M>> for ActionError {
    fn from(e: IllegalMove<M>) -> ActionError {
        ActionError::illegal(e.mv.to_string(), e.reason)
    }
}

/// A two-seat game of alternating turns and open information, as its own
/// rules describe it.
pub trait Duel: Clone + Send + Sync + Default {
    /// The position: what the position string writes and reads.
    type Position: Clone + Display + FromStr<Err = PositionError>;
    /// One move (or turn) in the game's notation.
    type Move: Clone + Eq + Debug + Display + Send + Sync;
    /// The two sides; the one that moves first sits in seat 0.
    type Side: Copy + Display + Into<Seat>;
    /// What every viewer sees.
    type View: Serialize;

    /// A game starting at `position`, with nothing played yet.
    fn starting_at(position: Self::Position) -> Self;
    /// The current position.
    fn current(&self) -> &Self::Position;
    /// The position the game started from.
    fn first(&self) -> &Self::Position;
    /// The moves played since, in order.
    fn played(&self) -> &[Self::Move];
    fn side_to_move(&self) -> Self::Side;
    /// The result, once the game is over.
    fn result(&self) -> Option<Outcome>;
    /// The side to move's legal moves, sorted by notation.
    fn moves(&self) -> Vec<Self::Move>;
    /// Reads a move of `seat` (0 or 1) from notation; checks form, not
    /// legality.
    fn read(&self, seat: Seat, text: &str) -> Result<Self::Move, String>;
    /// Plays `mv` for the side to move, or says why not and changes nothing.
    fn try_play(&mut self, mv: &Self::Move) -> Result<(), IllegalMove<Self::Move>>;
    fn view(&self) -> Self::View;

    /// Perft through the game's fast path; clone-and-play by default.
    fn count(&self, depth: u32) -> u64 {
        crate::game::generic_perft(self, depth)
    }

    /// Perft split by first move, sorted by notation.
    fn split(&self, depth: u32) -> Vec<(Self::Move, u64)> {
        crate::game::generic_divide(self, depth)
    }
}

impl<D: Duel> Game for D {
    type Action = D::Move;
    type View = D::View;

    fn seat_count(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        match self.result() {
            Some(outcome) => Phase::Over(outcome),
            None => Phase::Turn(self.side_to_move().into()),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<D::Move> {
        if self.side_to_move().into() == seat && self.result().is_none() {
            self.moves()
        } else {
            Vec::new()
        }
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<D::Move, ActionError> {
        if seat.0 >= 2 {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: "a duel has two seats, 0 and 1".into(),
            });
        }
        self.read(seat, text)
            .map_err(|reason| ActionError::malformed(text, reason))
    }

    fn act(&mut self, seat: Seat, action: &D::Move) -> Result<(), ActionError> {
        if let Some(outcome) = self.result() {
            return Err(ActionError::GameOver {
                outcome: outcome.to_string(),
            });
        }
        let us = self.side_to_move();
        if us.into() != seat {
            return Err(ActionError::NotYourTurn {
                seat,
                reason: format!("{us} is to move"),
            });
        }
        Ok(self.try_play(action)?)
    }

    fn view(&self, _viewer: crate::Viewer) -> D::View {
        Duel::view(self)
    }
}

impl<D: Duel> TextPosition for D {
    fn start() -> D {
        D::default()
    }

    fn from_position(text: &str) -> Result<D, PositionError> {
        Ok(D::starting_at(text.parse()?))
    }

    fn position(&self) -> String {
        self.current().to_string()
    }
}

impl<D: Duel> Perft for D {
    fn perft(&self, depth: u32) -> u64 {
        self.count(depth)
    }

    fn divide(&self, depth: u32) -> Vec<(D::Move, u64)> {
        self.split(depth)
    }
}

/// The seat to move for a view: `to_move` until the game is over.
pub fn seat_to_move(outcome: Option<&Outcome>, to_move: impl Into<Seat>) -> Option<Seat> {
    outcome.is_none().then(|| to_move.into())
}

/// What a move from `from` finds there for the side to move, `us`: the
/// piece, or the refusal in a player's words when the square is empty or
/// the piece is the other side's. `name_and_side` says what the piece is
/// called ("rook", or just "piece") and whose it is.
pub fn movers_piece<P: Copy, S: PartialEq + Display>(
    found: Option<P>,
    from: impl Display,
    us: S,
    name_and_side: impl Fn(P) -> (String, S),
) -> Result<P, String> {
    let Some(piece) = found else {
        return Err(format!("there is no piece on {from}"));
    };
    let (name, side) = name_and_side(piece);
    if side != us {
        return Err(format!(
            "the {name} on {from} is {side}'s, and {us} is to move"
        ));
    }
    Ok(piece)
}
