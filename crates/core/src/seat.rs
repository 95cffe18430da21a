//! Seats: the places at a table, numbered from zero.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One place at the table. In two-player games seat 0 moves first
/// (White, Eks, ...), seat 1 second. Many-player games number seats in the
/// order players joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat index as a `usize`, for indexing per-seat arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other seat of a two-seat game.
    #[inline]
    pub const fn opponent(self) -> Seat {
        Seat(self.0 ^ 1)
    }

    /// All seats of a table with `count` seats, in order.
    pub fn all(count: usize) -> impl Iterator<Item = Seat> {
        (0..count).map(|i| Seat(i as u8))
    }
}

/// For people: seats count from 1 in every message, as on the page
/// (`Seat(0)` is "seat 1"); the index stays 0-based in JSON and code.
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 as u16 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        assert_eq!(Seat(0).opponent(), Seat(1));
        assert_eq!(Seat(1).opponent(), Seat(0));
        assert_eq!(Seat(1).opponent().opponent(), Seat(1));
    }

    #[test]
    fn seats_count_from_one_for_people() {
        assert_eq!(Seat(0).to_string(), "seat 1");
        assert_eq!(Seat(1).to_string(), "seat 2");
        assert_eq!(Seat(255).to_string(), "seat 256");
    }

    #[test]
    fn all_lists_seats_in_order() {
        assert_eq!(
            Seat::all(3).collect::<Vec<_>>(),
            vec![Seat(0), Seat(1), Seat(2)]
        );
    }
}
