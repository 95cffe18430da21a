//! Errors every game reports the same way.
//!
//! A refused action or position string always says what was wrong, in words
//! a player understands, and refusing never changes any state.

use crate::Seat;
use thiserror::Error;

/// The most characters of a refused text an error quotes back: enough for
/// any real position or order list, and a pasted page is not echoed whole.
pub const MOST_QUOTED: usize = 200;

/// `text` as an error quotes it: whole, or its start and its length.
pub fn quoted(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MOST_QUOTED) {
        None => text.into(),
        Some((cut, _)) => format!(
            "{}… ({} characters in all)",
            &text[..cut],
            text.chars().count()
        )
        .into(),
    }
}

/// A position string that was refused: malformed, or describing a position
/// that cannot occur.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position '{}': {reason}", quoted(text))]
pub struct PositionError {
    pub text: String,
    pub reason: String,
}

impl PositionError {
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> PositionError {
        PositionError {
            text: text.into(),
            reason: reason.into(),
        }
    }
}

/// A host's game action that was refused (Knight Control's communal
/// garnets). The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HostActionError {
    /// The text is not one of the game's host actions.
    #[error("{0}")]
    Malformed(String),
    /// A host action the rules do not allow now, or a game that has none.
    #[error("{0}")]
    Refused(String),
}

/// An action that was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The text is not an action of this game at all.
    #[error("'{}' is not a move: {reason}", quoted(text))]
    Malformed { text: String, reason: String },
    /// A well-formed action the rules forbid here.
    #[error("{} is illegal: {reason}", quoted(text))]
    Illegal { text: String, reason: String },
    /// The seat may not act in the current phase.
    #[error("{seat} may not act now: {reason}")]
    NotYourTurn { seat: Seat, reason: String },
    /// Nothing may be done: the game has ended.
    #[error("the game is over ({outcome})")]
    GameOver { outcome: String },
}

impl ActionError {
    pub fn malformed(text: impl Into<String>, reason: impl Into<String>) -> ActionError {
        ActionError::Malformed {
            text: text.into(),
            reason: reason.into(),
        }
    }

    pub fn illegal(text: impl Into<String>, reason: impl Into<String>) -> ActionError {
        ActionError::Illegal {
            text: text.into(),
            reason: reason.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_quoted_by_its_start_and_length() {
        let short = "é".repeat(MOST_QUOTED);
        assert_eq!(quoted(&short), short);
        let long = format!("{short}xyz");
        assert_eq!(
            quoted(&long),
            format!("{short}… ({} characters in all)", MOST_QUOTED + 3)
        );
        let e = PositionError::new("a".repeat(10_000), "no kings");
        assert_eq!(
            e.to_string(),
            format!(
                "invalid position '{}… (10000 characters in all)': no kings",
                "a".repeat(MOST_QUOTED)
            )
        );
        let e = ActionError::malformed("b".repeat(4_000), "not a square");
        assert!(e
            .to_string()
            .ends_with("… (4000 characters in all)' is not a move: not a square"));
        let e = ActionError::illegal("c1c3", "blocked");
        assert_eq!(e.to_string(), "c1c3 is illegal: blocked");
        // An outcome may carry a colon of its own ("draw: the set time came").
        let outcome = "draw: the set time came (house rule)".to_string();
        let e = ActionError::GameOver { outcome };
        assert_eq!(
            e.to_string(),
            "the game is over (draw: the set time came (house rule))"
        );
    }
}
