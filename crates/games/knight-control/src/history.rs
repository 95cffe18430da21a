//! What each viewer may learn of a player's actions as they happen: a
//! host's history entries, the list of players still to submit, and the
//! host's own game action (docs/rules/knight-control.md#privacy).

use crate::action::Action;
use crate::game::{KnightControl, Stage};
use crate::place::{parse_player, player_name};
use arbiter_core::{Disclosure, HostActionError, Seat, Viewer};

impl KnightControl {
    /// What `viewer` may see of `seat`'s `action` in a history, asked just
    /// before the action is played. The player sees its own action. Others
    /// learn that it submitted a bid, orders, ToL placements or a vote (the
    /// list of players still to submit says as much), once per step: a
    /// revision within the same step shows them nothing, so nobody can count
    /// revisions. Of item choices, offers, acceptances, communal consents,
    /// exchanges and saying `done` in the end-of-game step others learn
    /// nothing at all, not even that they happened (in the item step even
    /// who still chooses is secret).
    pub fn disclose(&self, seat: Seat, action: &Action, viewer: Viewer) -> Disclosure {
        if viewer == Viewer::Seat(seat) {
            return Disclosure::Action;
        }
        let words = match action {
            Action::Bid(_) => "submitted a bid",
            Action::Orders(_) => "submitted orders",
            Action::Gifts(_) => "placed ToLs",
            Action::Vote(_) => "voted",
            Action::Items(_)
            | Action::Offer { .. }
            | Action::Accept { .. }
            | Action::Communal(_)
            | Action::Exchange(_)
            | Action::Done => return Disclosure::Nothing,
        };
        if self.submission(seat).is_some() {
            return Disclosure::Nothing;
        }
        Disclosure::Sealed(words.into())
    }

    /// Whether the list of players still to submit is secret now: in the
    /// item step it would tell who took a usable item before the round is
    /// published (docs/rules/knight-control.md#rulings). Viewers then learn
    /// only whether they themselves are awaited.
    pub fn pending_is_secret(&self) -> bool {
        self.stage() == Stage::Items
    }

    /// A host's game action in text: `communal P1 P2` grants a communal
    /// garnet to the two players. Returns the public history text; text
    /// that is no host action is malformed, a grant the rules do not allow
    /// now is refused.
    pub fn host_act(&mut self, text: &str) -> Result<String, HostActionError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["communal", a, b] => {
                let player =
                    |p| parse_player(p, self.players()).map_err(HostActionError::Malformed);
                let (a, b) = (player(a)?, player(b)?);
                let number = self
                    .grant_communal(a, b)
                    .map_err(HostActionError::Refused)?;
                Ok(format!(
                    "communal garnet {number} granted to {} and {}",
                    player_name(a),
                    player_name(b)
                ))
            }
            _ => Err(HostActionError::Malformed(
                "the host's Knight Control action is 'communal P1 P2'".into(),
            )),
        }
    }
}
