//! Phases: who may act now.

use crate::{Outcome, Seat};
use serde::{Deserialize, Serialize};

/// Who may act in the current state of a game.
///
/// The four shapes cover all five Arbiter games:
/// alternating duels only ever use [`Phase::Turn`] and [`Phase::Over`];
/// Tilechess uses [`Phase::Claim`]; Knight Control uses
/// [`Phase::Simultaneous`] for bids, orders and item choices and
/// [`Phase::Chance`] where the seeded stream decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "seats", rename_all = "snake_case")]
pub enum Phase {
    /// Exactly this seat must act next.
    Turn(Seat),
    /// Any one of these seats may take the next turn; the host decides who
    /// claimed first. The list is sorted.
    Claim(Vec<Seat>),
    /// Each of these seats submits one secret action. The step resolves once
    /// every listed seat has submitted, or when the host closes it at its
    /// deadline. The list is sorted and shrinks as seats submit.
    Simultaneous(Vec<Seat>),
    /// A chance event is next; the host resolves it with the game's seeded
    /// random stream ([`crate::Game::resolve`]).
    Chance,
    /// The game is over.
    Over(Outcome),
}

impl Phase {
    /// Whether `seat` may submit an action now.
    pub fn may_act(&self, seat: Seat) -> bool {
        match self {
            Phase::Turn(s) => *s == seat,
            Phase::Claim(seats) | Phase::Simultaneous(seats) => seats.binary_search(&seat).is_ok(),
            Phase::Chance | Phase::Over(_) => false,
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        matches!(self, Phase::Over(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn may_act_follows_the_phase() {
        assert!(Phase::Turn(Seat(1)).may_act(Seat(1)));
        assert!(!Phase::Turn(Seat(1)).may_act(Seat(0)));
        let claim = Phase::Claim(vec![Seat(0), Seat(2)]);
        assert!(claim.may_act(Seat(2)));
        assert!(!claim.may_act(Seat(1)));
        assert!(!Phase::Chance.may_act(Seat(0)));
        assert!(!Phase::Over(Outcome::draw(2)).may_act(Seat(0)));
    }
}
