//! The players end the game themselves: a resignation loses, an agreed
//! draw is a draw (docs/rules/knight-moves.md#resigning-and-draws-by-agreement).
//! The rule is the same for every duel ([`Concedes`]); seats are 0 Eks, 1 Ohs.

use crate::game::KnightMoves;
use arbiter_core::{Concedes, Concession};

impl Concedes for KnightMoves {
    fn conceded_mut(&mut self) -> &mut Option<Concession> {
        &mut self.conceded
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn resigning_and_agreeing_end_the_game_and_nothing_follows() {
        arbiter_core::testing::concessions::check::<super::KnightMoves>();
    }
}
