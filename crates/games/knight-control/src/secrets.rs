//! What is private to each player, named in code so that tests can check
//! no other viewer ever sees it (docs/rules/knight-control.md#privacy).

use crate::action::Action;
use crate::game::KnightControl;
use arbiter_core::Seat;

impl KnightControl {
    /// The same game with everything private to `seat` changed: its purse
    /// (chips, garnets, chips gained, ToL pieces), the ToLs it must place
    /// and its sealed submission. The seat's own view changes; no other
    /// viewer's may. For privacy tests: the game is not meant to be played
    /// on.
    pub fn with_secrets_changed(&self, seat: Seat) -> KnightControl {
        let mut game = self.clone();
        let s = seat.index();
        let purse = &mut game.state.purses[s];
        purse.chips += 1000;
        purse.garnets += 1000;
        purse.gained += 1000;
        purse.tol_pieces += 1000;
        if let Some(to_place) = game.awards.to_place.get_mut(s) {
            *to_place += 1000;
        }
        // Whether a seat has submitted is public (outside the item step);
        // what it submitted is not.
        if let Some(action) = &mut game.submitted[s] {
            *action = match action {
                Action::Exchange(999) => Action::Exchange(998),
                _ => Action::Exchange(999),
            };
        }
        game
    }
}
