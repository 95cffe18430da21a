//! Squares and square sets of the 7×8 board.

use arbiter_core::geometry::Grid;
use std::fmt;

/// The Knight Moves board: files a–g, ranks 1–8 (docs/rules/knight-moves.md#the-board).
pub const GRID: Grid = Grid::new(7, 8);

/// The number of files.
pub const FILES: u8 = 7;
/// The number of ranks.
pub const RANKS: u8 = 8;
/// The number of squares.
pub const SQUARES: usize = 56;

/// One of the 56 squares, numbered a1 = 0, b1 = 1, … g1 = 6, a2 = 7, … g8 = 55.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    pub const ALL: [Square; SQUARES] = {
        let mut all = [Square(0); SQUARES];
        let mut i = 0;
        while i < SQUARES {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with index `index` (0..56). Panics outside the board.
    pub const fn new(index: usize) -> Square {
        assert!(index < SQUARES, "Knight Moves has 56 squares");
        Square(index as u8)
    }

    /// The square at `file` and `rank`, both counted from zero.
    pub const fn at(file: u8, rank: u8) -> Square {
        assert!(file < FILES && rank < RANKS, "off the board");
        Square(rank * FILES + file)
    }

    /// The square `(df, dr)` away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 0 || rank < 0 || file >= FILES as i8 || rank >= RANKS as i8 {
            None
        } else {
            Some(Square::at(file as u8, rank as u8))
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, counted from zero (a = 0).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, counted from zero (rank 1 = 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// This square as a one-square set.
    #[inline]
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// Reads a square name such as `d8`; the error says what is wrong.
    pub fn parse(text: &str) -> Result<Square, String> {
        GRID.parse(text).map(|c| Square::at(c.file, c.rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A set of squares, one bit per square (bit i is `Square::new(i)`); the top
/// eight bits are always clear.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard((1 << SQUARES) - 1);

    /// The seven squares of `rank` (counted from zero).
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0x7f << (rank * FILES))
    }

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

    /// The lowest square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square of the set, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(63 - self.0.leading_zeros() as u8))
        }
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
        assert_eq!(Square::new(6).to_string(), "g1");
        assert_eq!(Square::new(7).to_string(), "a2");
        assert_eq!(Square::new(55).to_string(), "g8");
        assert_eq!(Square::parse("d8"), Ok(Square::at(3, 7)));
        assert!(Square::parse("h1")
            .unwrap_err()
            .contains("files run from a to g"));
        assert!(Square::parse("a9")
            .unwrap_err()
            .contains("ranks run from 1 to 8"));
    }

    #[test]
    fn sets() {
        let set = Square::new(1).bit() | Square::new(50).bit();
        assert_eq!(
            set.collect::<Vec<_>>(),
            vec![Square::new(1), Square::new(50)]
        );
        assert_eq!(set.last(), Some(Square::new(50)));
        assert_eq!((!Bitboard::EMPTY).count(), 56);
        assert_eq!(Bitboard::rank(7).count(), 7);
        assert!(Bitboard::rank(7).contains(Square::parse("g8").unwrap()));
        assert_eq!(Square::parse("a1").unwrap().offset(-1, 0), None);
        assert_eq!(
            Square::parse("a1").unwrap().offset(1, 2),
            Square::parse("b3").ok()
        );
    }
}
