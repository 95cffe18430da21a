//! The two sides, Eks and Ohs.

use crate::square::Bitboard;
use arbiter_core::Seat;
use std::fmt;

/// A side. Eks moves first and sits in seat 0
/// (docs/rules/knight-moves.md#who-moves-first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// Eks (X): starts on rank 8 and carries the ball to rank 1.
    Eks = 0,
    /// Ohs (O): starts on rank 1 and carries the ball to rank 8.
    Ohs = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Eks, Side::Ohs];

    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Eks => Side::Ohs,
            Side::Ohs => Side::Eks,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    pub fn from_seat(seat: Seat) -> Option<Side> {
        match seat.0 {
            0 => Some(Side::Eks),
            1 => Some(Side::Ohs),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::Eks => "Eks",
            Side::Ohs => "Ohs",
        }
    }

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

impl From<Side> for Seat {
    fn from(side: Side) -> Seat {
        side.seat()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
