//! Squares and square sets of the 3×3 board.

use arbiter_core::geometry::Grid;
use std::fmt;

/// The Knight Court board: files a–c, ranks 1–3.
pub const GRID: Grid = Grid::new(3, 3);

/// One of the nine squares, numbered a1 = 0, b1 = 1, … c3 = 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    pub const ALL: [Square; 9] = {
        let mut all = [Square(0); 9];
        let mut i = 0;
        while i < 9 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with index `index` (0..9). Panics outside the board.
    pub const fn new(index: usize) -> Square {
        assert!(index < 9, "Knight Court has nine squares");
        Square(index as u8)
    }

    /// The square at `file` and `rank`, both counted from zero.
    pub const fn at(file: u8, rank: u8) -> Square {
        Square::new(rank as usize * 3 + file as usize)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn file(self) -> u8 {
        self.0 % 3
    }

    pub const fn rank(self) -> u8 {
        self.0 / 3
    }

    /// This square as a one-square set.
    #[inline]
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// Reads a square name such as `b2`.
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
pub struct Bitboard(pub u16);

/// The number of squares in each set of the board.
const SIZES: [u8; 512] = {
    let mut sizes = [0; 512];
    let mut set = 0;
    while set < 512 {
        sizes[set] = (set as u16).count_ones() as u8;
        set += 1;
    }
    sizes
};

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(0x1ff);

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
        // A table, because the baseline x86-64 target has no popcount
        // instruction and the portable fallback is a dozen operations.
        SIZES[(self.0 & 0x1ff) as usize] as u32
    }

    /// Every square if `condition` holds, else none: a mask for
    /// branch-free selection.
    #[inline]
    pub const fn when(condition: bool) -> Bitboard {
        Bitboard(0u16.wrapping_sub(condition as u16) & 0x1ff)
    }

    /// Whether the set holds at most one square.
    #[inline]
    pub const fn at_most_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) == 0
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
}

impl Bitboard {
    /// The lowest square of a set the caller knows is not empty (of an
    /// empty set, a square off the board, meaningless: never use it).
    #[inline]
    pub(crate) const fn lowest(self) -> Square {
        Square(self.0.trailing_zeros() as u8)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        // NonZero lets the compiler emit a bare bit scan.
        let bits = std::num::NonZeroU16::new(self.0)?;
        self.0 &= self.0 - 1;
        Some(Square(bits.trailing_zeros() as u8))
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl std::ops::$trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
    };
}
bit_op!(BitAnd, bitand, &);
bit_op!(BitOr, bitor, |);
bit_op!(BitXor, bitxor, ^);

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & 0x1ff)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Square::new(0).to_string(), "a1");
        assert_eq!(Square::new(8).to_string(), "c3");
        assert_eq!(Square::parse("b2"), Ok(Square::new(4)));
        assert!(Square::parse("d2").is_err());
    }

    #[test]
    fn iterating_a_set() {
        let set = Square::new(1).bit() | Square::new(7).bit();
        assert_eq!(
            set.collect::<Vec<_>>(),
            vec![Square::new(1), Square::new(7)]
        );
        assert_eq!((!Bitboard::EMPTY).count(), 9);
    }
}
