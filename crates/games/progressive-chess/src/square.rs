//! Squares and square sets of the 7×7 board.

use arbiter_core::geometry::Grid;
use std::fmt;

/// The board: files a–g, ranks 1–7.
pub const GRID: Grid = Grid::new(7, 7);

/// One of the 49 squares, numbered a1 = 0, b1 = 1, … g7 = 48.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 49;

    /// The square with index `index` (0..49). Panics outside the board.
    #[inline]
    pub const fn new(index: usize) -> Square {
        assert!(index < 49, "the board has 49 squares");
        Square(index as u8)
    }

    /// The square at `file` and `rank`, both counted from zero.
    pub const fn at(file: u8, rank: u8) -> Square {
        Square::new(rank as usize * 7 + file as usize)
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..49).map(Square::new)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn file(self) -> u8 {
        self.0 % 7
    }

    pub const fn rank(self) -> u8 {
        self.0 / 7
    }

    /// This square as a one-square set.
    #[inline]
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The square `delta` (files, ranks) away, if it is on the board.
    pub const fn offset(self, delta: (i8, i8)) -> Option<Square> {
        match GRID.offset(self.0 as usize, delta) {
            Some(i) => Some(Square(i as u8)),
            None => None,
        }
    }

    /// Reads a square name such as `c3`.
    pub fn parse(text: &str) -> Result<Square, String> {
        GRID.parse(text).map(|c| Square::at(c.file, c.rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A set of squares, one bit per square (bit i is `Square::new(i)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard((1 << 49) - 1);

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square of a non-empty set.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.0))
    }

    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.0))
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl std::ops::$trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl std::ops::$assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Square::new(0).to_string(), "a1");
        assert_eq!(Square::new(48).to_string(), "g7");
        assert_eq!(Square::parse("d1"), Ok(Square::new(3)));
        assert!(Square::parse("h1").is_err());
        assert!(Square::parse("a8").is_err());
    }

    #[test]
    fn iterating_a_set() {
        let set = Square::new(1).bit() | Square::new(48).bit();
        assert_eq!(
            set.collect::<Vec<_>>(),
            vec![Square::new(1), Square::new(48)]
        );
        assert_eq!((!Bitboard::EMPTY).count(), 49);
    }
}
