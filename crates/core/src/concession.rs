//! A two-seat game ended by its players rather than by the board: one side
//! resigns, or both agree to a draw. Each duel keeps an
//! `Option<Concession>` beside its position and reads its outcome from it
//! first, so the rules of the board never see it.

use crate::{ActionError, Outcome, Seat};

/// How the players ended a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Concession {
    /// This seat resigned: the other wins.
    Resigned(Seat),
    /// Both players agreed to a draw.
    Agreed,
}

impl Concession {
    /// The duel's result: "resignation" or "agreement" is the reason.
    pub fn outcome(self) -> Outcome {
        match self {
            Concession::Resigned(seat) => Outcome::win(Seat(1 - seat.0.min(1)), 2, "resignation"),
            Concession::Agreed => Outcome::draw_because(2, "agreement"),
        }
    }

    /// Records `self` in `slot` for a duel whose result so far is `over`:
    /// refused, changing nothing, once the game is over or for a seat that
    /// is not 0 or 1.
    pub fn apply(
        self,
        slot: &mut Option<Concession>,
        over: Option<Outcome>,
    ) -> Result<(), ActionError> {
        if let Some(outcome) = over {
            return Err(ActionError::GameOver {
                outcome: outcome.to_string(),
            });
        }
        if let Concession::Resigned(seat) = self {
            if seat.0 >= 2 {
                return Err(ActionError::NotYourTurn {
                    seat,
                    reason: "a duel has two seats, 0 and 1".into(),
                });
            }
        }
        *slot = Some(self);
        Ok(())
    }
}

/// A duel its players may end themselves: the game keeps an
/// `Option<Concession>` and reads its outcome from it first; resigning and
/// agreeing are the same for every such duel.
pub trait Concedes: crate::duel::Duel {
    /// Where the game keeps how its players ended it.
    fn conceded_mut(&mut self) -> &mut Option<Concession>;

    /// `seat` resigns: the other side wins by resignation. Either side may
    /// resign at any time, on its move or not; refused, changing nothing,
    /// once the game is over or for a seat that is not 0 or 1.
    fn resign(&mut self, seat: Seat) -> Result<(), ActionError> {
        let over = self.result();
        Concession::Resigned(seat).apply(self.conceded_mut(), over)
    }

    /// Both players agreed to a draw: the game is drawn by agreement.
    /// Refused, changing nothing, once the game is over.
    fn agree_draw(&mut self) -> Result<(), ActionError> {
        let over = self.result();
        Concession::Agreed.apply(self.conceded_mut(), over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resigning_loses_and_agreeing_draws() {
        let white_resigns = Concession::Resigned(Seat(0)).outcome();
        assert_eq!(white_resigns.sole_winner(), Some(Seat(1)));
        assert_eq!(white_resigns.reason, "resignation");
        assert_eq!(
            white_resigns.to_string(),
            format!("{} wins by resignation", Seat(1))
        );
        assert_eq!(
            Concession::Resigned(Seat(1)).outcome().sole_winner(),
            Some(Seat(0))
        );
        let agreed = Concession::Agreed.outcome();
        assert!(agreed.is_draw());
        assert_eq!(agreed.to_string(), "draw by agreement");
    }

    #[test]
    fn a_finished_game_or_a_third_seat_is_refused_and_nothing_changes() {
        let mut slot = None;
        let over = Some(Outcome::draw_because(2, "stalemate"));
        assert!(Concession::Agreed.apply(&mut slot, over).is_err());
        assert!(Concession::Resigned(Seat(2))
            .apply(&mut slot, None)
            .is_err());
        assert_eq!(slot, None);
        Concession::Resigned(Seat(1))
            .apply(&mut slot, None)
            .unwrap();
        assert_eq!(slot, Some(Concession::Resigned(Seat(1))));
    }
}
