//! The players end the game themselves: a resignation loses, an agreed
//! draw is a draw (docs/rules/knight-court.md#resigning-and-draws-by-agreement).
//! The rule is the same for every duel ([`Concedes`]); seats are 0 White, 1 Black.

use crate::game::KnightCourt;
use arbiter_core::{Concedes, Concession};

impl Concedes for KnightCourt {
    fn conceded_mut(&mut self) -> &mut Option<Concession> {
        &mut self.conceded
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn resigning_and_agreeing_end_the_game_and_nothing_follows() {
        arbiter_core::testing::concessions::check::<super::KnightCourt>();
    }
}
