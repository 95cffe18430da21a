//! The two sides, Eks and Ohs.

use crate::square::Bitboard;

arbiter_core::two_sides! {
    /// A side. Eks moves first and sits in seat 0
    /// (docs/rules/knight-moves.md#who-moves-first).
    Side {
        /// Eks (X): starts on rank 8 and carries the ball to rank 1.
        Eks = "Eks",
        /// Ohs (O): starts on rank 1 and carries the ball to rank 8.
        Ohs = "Ohs",
    }
}

impl Side {
    /// The lowercase letter of this side's pieces: `x` or `o`.
    pub const fn letter(self) -> char {
        match self {
            Side::Eks => 'x',
            Side::Ohs => 'o',
        }
    }

    /// The side whose pieces are written with `letter` (either case).
    pub fn from_letter(letter: char) -> Option<Side> {
        match letter {
            'x' | 'X' => Some(Side::Eks),
            'o' | 'O' => Some(Side::Ohs),
            _ => None,
        }
    }

    /// The rank (from zero) this side starts on: its own back rank.
    pub const fn home_rank(self) -> u8 {
        match self {
            Side::Eks => 7,
            Side::Ohs => 0,
        }
    }

    /// The squares this side's ball must reach: the opponent's back rank
    /// (docs/rules/knight-moves.md#winning).
    #[inline]
    pub const fn goal(self) -> Bitboard {
        Bitboard::rank(self.other().home_rank())
    }
}
