//! Errors every game reports the same way.
//!
//! A refused action or position string always says what was wrong, in words
//! a player understands, and refusing never changes any state.

use crate::Seat;
use thiserror::Error;

/// A position string that was refused: malformed, or describing a position
/// that cannot occur.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position '{text}': {reason}")]
pub struct PositionError {
    pub text: String,
    pub reason: String,
}

impl PositionError {
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> PositionError {
        PositionError { text: text.into(), reason: reason.into() }
    }
}

/// An action that was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The text is not an action of this game at all.
    #[error("'{text}' is not a move: {reason}")]
    Malformed { text: String, reason: String },
    /// A well-formed action the rules forbid here.
    #[error("{text} is illegal: {reason}")]
    Illegal { text: String, reason: String },
    /// The seat may not act in the current phase.
    #[error("{seat} may not act now: {reason}")]
    NotYourTurn { seat: Seat, reason: String },
    /// Nothing may be done: the game has ended.
    #[error("the game is over: {outcome}")]
    GameOver { outcome: String },
}

impl ActionError {
    pub fn malformed(text: impl Into<String>, reason: impl Into<String>) -> ActionError {
        ActionError::Malformed { text: text.into(), reason: reason.into() }
    }

    pub fn illegal(text: impl Into<String>, reason: impl Into<String>) -> ActionError {
        ActionError::Illegal { text: text.into(), reason: reason.into() }
    }
}
