//! The parts of [`crate::Game`] every two-seat game of alternating turns and
//! open information shares, so each such game states only what is its own.

use crate::{ActionError, Outcome, Phase, Seat};
use std::fmt::Display;

/// Over with `outcome` if there is one, else `to_move`'s turn.
pub fn phase(outcome: Option<Outcome>, to_move: Seat) -> Phase {
    match outcome {
        Some(outcome) => Phase::Over(outcome),
        None => Phase::Turn(to_move),
    }
}

/// `legal()` for the seat to move; nothing for any other seat.
pub fn actions_for<A>(seat: Seat, to_move: Seat, legal: impl FnOnce() -> Vec<A>) -> Vec<A> {
    if seat == to_move {
        legal()
    } else {
        Vec::new()
    }
}

/// Refuses an action by `seat` once the game is over or when it is not its
/// turn; `mover` names the side to move for the explanation.
pub fn check_turn(
    outcome: Option<Outcome>,
    seat: Seat,
    to_move: Seat,
    mover: impl Display,
) -> Result<(), ActionError> {
    if let Some(outcome) = outcome {
        return Err(ActionError::GameOver {
            outcome: outcome.to_string(),
        });
    }
    if seat != to_move {
        return Err(ActionError::NotYourTurn {
            seat,
            reason: format!("{mover} is to move"),
        });
    }
    Ok(())
}

/// The seat to move for a view: `to_move` until the game is over.
pub fn seat_to_move(outcome: Option<&Outcome>, to_move: Seat) -> Option<Seat> {
    outcome.is_none().then_some(to_move)
}

/// Reads an action with its `FromStr`, reporting a refusal as malformed.
pub fn parse_action<A>(text: &str) -> Result<A, ActionError>
where
    A: std::str::FromStr,
    A::Err: Into<String>,
{
    text.parse()
        .map_err(|reason: A::Err| ActionError::malformed(text, reason))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Yes;

    impl std::str::FromStr for Yes {
        type Err = String;
        fn from_str(text: &str) -> Result<Yes, String> {
            (text == "yes")
                .then_some(Yes)
                .ok_or_else(|| "not yes".into())
        }
    }

    #[test]
    fn only_the_seat_to_move_may_act() {
        assert_eq!(phase(None, Seat(1)), Phase::Turn(Seat(1)));
        let over = Outcome::win(Seat(0), 2, "test");
        assert_eq!(
            phase(Some(over.clone()), Seat(1)),
            Phase::Over(over.clone())
        );
        assert_eq!(actions_for(Seat(0), Seat(0), || vec![1]), vec![1]);
        assert!(actions_for(Seat(1), Seat(0), || vec![1]).is_empty());
        assert!(check_turn(None, Seat(0), Seat(0), "White").is_ok());
        match check_turn(None, Seat(1), Seat(0), "White") {
            Err(ActionError::NotYourTurn { seat, reason }) => {
                assert_eq!(seat, Seat(1));
                assert_eq!(reason, "White is to move");
            }
            other => panic!("expected NotYourTurn, got {other:?}"),
        }
        assert!(matches!(
            check_turn(Some(over.clone()), Seat(0), Seat(0), "White"),
            Err(ActionError::GameOver { .. })
        ));
        assert_eq!(seat_to_move(Some(&over), Seat(0)), None);
        assert_eq!(seat_to_move(None, Seat(0)), Some(Seat(0)));
        assert!(matches!(
            parse_action::<Yes>("no"),
            Err(ActionError::Malformed { .. })
        ));
        assert!(parse_action::<Yes>("yes").is_ok());
    }
}
