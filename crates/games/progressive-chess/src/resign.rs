//! The players end the table themselves: a resignation loses, an agreed
//! draw is a draw (docs/rules/progressive-chess.md#resigning-and-draws-by-agreement).
//! Both act on the whole table: in a two-game match a resignation concedes
//! the match and an agreement draws it.

use crate::timed::Session;
use arbiter_core::{ActionError, Concession, Seat};

impl Session {
    /// Player `seat` (0 or 1, not a colour: in a match the colours swap)
    /// resigns: the other player wins by resignation, at any moment, in the
    /// middle of a turn's two steps too. Refused, changing nothing, once
    /// the table is over.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ActionError> {
        let over = self.result();
        Concession::Resigned(seat).apply(&mut self.conceded, over)
    }

    /// Both players agreed to a draw. Refused, changing nothing, once the
    /// table is over.
    pub fn agree_draw(&mut self) -> Result<(), ActionError> {
        let over = self.result();
        Concession::Agreed.apply(&mut self.conceded, over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ClockSettings;
    use crate::game::ProgressiveChess;
    use crate::rules::Ruleset;
    use crate::timed::SessionAction;
    use arbiter_core::Game;

    fn clock() -> Option<ClockSettings> {
        Some(ClockSettings::default())
    }

    #[test]
    fn a_resignation_stops_the_clock_and_the_board() {
        let mut table = Session::single(ProgressiveChess::new(Ruleset::default()), clock());
        let first = table.legal_actions(Seat(0))[0];
        table.act_at(Seat(0), &first, 1_000).unwrap();
        assert!(table.wake_at().is_some(), "Black's clock runs");
        table.resign(Seat(1)).unwrap();
        let outcome = table.result().unwrap();
        assert_eq!(outcome.sole_winner(), Some(Seat(0)));
        assert_eq!(outcome.reason, "resignation");
        assert_eq!(table.wake_at(), None, "no flag can fall after the end");
        assert!(table.legal_actions(Seat(1)).is_empty());
        assert!(table.resign(Seat(0)).is_err());
        assert!(table.agree_draw().is_err());
    }

    #[test]
    fn in_a_match_resigning_concedes_the_match_by_player_not_colour() {
        let mut table = Session::new_match(Ruleset::default(), None);
        // Player 1 resigns during game 1, where they play Black.
        let first = table.legal_actions(Seat(0))[0];
        table.act(Seat(0), &first).unwrap();
        table.resign(Seat(1)).unwrap();
        assert_eq!(table.result().unwrap().sole_winner(), Some(Seat(0)));
    }

    #[test]
    fn an_agreed_draw_ends_a_match_drawn() {
        let mut table = Session::new_match(Ruleset::default(), None);
        table.agree_draw().unwrap();
        let outcome = table.result().unwrap();
        assert!(outcome.is_draw());
        assert_eq!(outcome.reason, "agreement");
        let any = SessionAction::Turn(table.current().legal_turns()[0]);
        assert!(table.act(Seat(0), &any).is_err());
    }
}
