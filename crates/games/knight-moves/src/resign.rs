//! The players end the game themselves: a resignation loses, an agreed
//! draw is a draw (docs/rules/knight-moves.md#resigning-and-draws-by-agreement).

use crate::game::KnightMoves;
use arbiter_core::{ActionError, Concession, Seat};

impl KnightMoves {
    /// `seat` (0 Eks, 1 Ohs) resigns: the other side wins by
    /// resignation. Either side may resign at any time, on its move or
    /// not; refused, changing nothing, once the game is over.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ActionError> {
        let over = self.outcome();
        Concession::Resigned(seat).apply(&mut self.conceded, over)
    }

    /// Both players agreed to a draw: the game is drawn by agreement.
    /// Refused, changing nothing, once the game is over.
    pub fn agree_draw(&mut self) -> Result<(), ActionError> {
        let over = self.outcome();
        Concession::Agreed.apply(&mut self.conceded, over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{Game, Phase};

    #[test]
    fn resigning_loses_whoever_is_to_move() {
        for seat in [Seat(0), Seat(1)] {
            let mut game = KnightMoves::new();
            game.resign(seat).unwrap();
            let outcome = game.outcome().expect("over");
            assert_eq!(outcome.sole_winner(), Some(Seat(1 - seat.0)));
            assert_eq!(outcome.reason, "resignation");
            assert!(matches!(game.phase(), Phase::Over(_)));
            assert!(game.legal_actions(Seat(0)).is_empty());
        }
    }

    #[test]
    fn nothing_more_happens_after_the_end() {
        let mut game = KnightMoves::new();
        let first = game.legal_moves()[0];
        game.agree_draw().unwrap();
        assert!(game.outcome().unwrap().is_draw());
        assert_eq!(game.outcome().unwrap().reason, "agreement");
        // Neither a move, a resignation nor a second agreement changes it.
        assert!(game.act(Seat(0), &first).is_err());
        assert!(game.resign(Seat(0)).is_err());
        assert!(game.agree_draw().is_err());
        assert_eq!(game.outcome().unwrap().reason, "agreement");
        assert!(game.moves_played().is_empty());
    }

    #[test]
    fn a_third_seat_cannot_resign() {
        let mut game = KnightMoves::new();
        assert!(game.resign(Seat(2)).is_err());
        assert_eq!(game.outcome(), None);
    }
}
