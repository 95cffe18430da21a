//! Squares and one-bit-per-square sets of a small rectangular board, generic
//! over the board's width and size so each game names its own board with a
//! type alias (`type Square = Square<7, 56>`) instead of writing the same
//! newtypes again.
//!
//! `FILES` is the number of files; `SQUARES` the number of squares (a
//! multiple of `FILES`), so the ranks are `SQUARES / FILES`. `B` is the
//! set's storage: `u64` (the default) for boards of up to 64 squares, `u16`
//! for up to 16, where a tuned game wants the narrower word.
//! Squares are numbered rank by rank from a1, as in [`crate::geometry`].
//! Everything is `const fn` so attack tables can be built at compile time.

use std::fmt;
use std::marker::PhantomData;

/// One square of a `FILES`-wide board of `SQUARES` squares, numbered a1 = 0,
/// b1 = 1, … along the first rank, then the second, and so on. `B` is the
/// storage of its [`SquareSet`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square<const FILES: u8, const SQUARES: usize, B = u64>(u8, PhantomData<B>);

impl<const FILES: u8, const SQUARES: usize, B: Copy> Square<FILES, SQUARES, B> {
    /// The number of squares.
    pub const COUNT: usize = SQUARES;
    /// The number of files.
    pub const FILES: u8 = FILES;
    /// The number of ranks.
    pub const RANKS: u8 = (SQUARES / FILES as usize) as u8;

    /// Every square, a1 first.
    pub const ALL: [Self; SQUARES] = {
        let mut all = [Square(0, PhantomData); SQUARES];
        let mut i = 0;
        while i < SQUARES {
            all[i] = Square(i as u8, PhantomData);
            i += 1;
        }
        all
    };

    /// The square with index `index`. Panics outside the board.
    #[inline]
    pub const fn new(index: usize) -> Self {
        assert!(index < SQUARES, "off the board: no square has that index");
        Square(index as u8, PhantomData)
    }

    /// The square at `file` and `rank`, both counted from zero. Panics
    /// outside the board.
    #[inline]
    pub const fn at(file: u8, rank: u8) -> Self {
        assert!(file < FILES && rank < Self::RANKS, "off the board");
        Square(rank * FILES + file, PhantomData)
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..SQUARES).map(Self::new)
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

    /// The square `delta` (files, ranks) away, if it is on the board.
    pub const fn offset(self, delta: (i8, i8)) -> Option<Self> {
        let file = self.file() as i16 + delta.0 as i16;
        let rank = self.rank() as i16 + delta.1 as i16;
        if file < 0 || rank < 0 || file >= FILES as i16 || rank >= Self::RANKS as i16 {
            None
        } else {
            Some(Square(rank as u8 * FILES + file as u8, PhantomData))
        }
    }

    /// The square called `name`, for names known to be good (tests,
    /// tables): panics, saying why, on a bad one. Input from outside goes
    /// through [`Square::parse`].
    #[track_caller]
    pub fn named(name: &str) -> Self {
        Self::parse(name).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Reads a square name such as `c3`; the error says what is wrong.
    pub fn parse(text: &str) -> Result<Self, String> {
        crate::geometry::Grid::new(FILES, Self::RANKS)
            .parse(text)
            .map(|c| Self::at(c.file, c.rank))
    }
}

impl<const FILES: u8, const SQUARES: usize, B: Copy> fmt::Display for Square<FILES, SQUARES, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl<const FILES: u8, const SQUARES: usize, B: Copy> fmt::Debug for Square<FILES, SQUARES, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Square").field(&self.0).finish()
    }
}

/// A set of squares, one bit per square (bit i is `Square::new(i)`); the bits
/// above the board are always clear.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet<const FILES: u8, const SQUARES: usize, B = u64>(pub B);

/// How many squares each set of a board of at most nine squares holds: a
/// table, because the baseline x86-64 target has no popcount instruction and
/// the portable fallback is a dozen operations.
static SIZES_OF_NINE: [u8; 512] = {
    let mut sizes = [0; 512];
    let mut set = 0;
    while set < 512 {
        sizes[set] = (set as u16).count_ones() as u8;
        set += 1;
    }
    sizes
};

/// The set methods for one storage word; written once, stamped out for
/// `u16` and `u64`.
macro_rules! square_set {
    ($bits:ty, $nonzero:ty) => {
        impl<const FILES: u8, const SQUARES: usize> Square<FILES, SQUARES, $bits> {
            /// This square as a one-square set.
            #[inline]
            pub const fn bit(self) -> SquareSet<FILES, SQUARES, $bits> {
                SquareSet(1 << self.0)
            }
        }

        impl<const FILES: u8, const SQUARES: usize> SquareSet<FILES, SQUARES, $bits> {
            pub const EMPTY: Self = SquareSet(0);
            pub const FULL: Self = SquareSet(<$bits>::MAX >> (<$bits>::BITS as usize - SQUARES));

            /// The set with these bits (the caller keeps them on the board).
            #[inline]
            pub const fn from_bits(bits: $bits) -> Self {
                SquareSet(bits)
            }

            /// The squares of `rank` (counted from zero).
            pub const fn rank(rank: u8) -> Self {
                SquareSet(((1 << FILES) - 1) << (rank * FILES))
            }

            /// Every square if `condition` holds, else none: a mask for
            /// branch-free selection.
            #[inline]
            pub const fn when(condition: bool) -> Self {
                SquareSet((0 as $bits).wrapping_sub(condition as $bits) & Self::FULL.0)
            }

            #[inline]
            pub const fn contains(self, sq: Square<FILES, SQUARES, $bits>) -> bool {
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
                if SQUARES <= 9 {
                    SIZES_OF_NINE[(self.0 & 0x1ff) as usize] as u32
                } else {
                    self.0.count_ones()
                }
            }

            /// Whether the set holds at most one square.
            #[inline]
            pub const fn at_most_one(self) -> bool {
                self.0 & self.0.wrapping_sub(1) == 0
            }

            /// The lowest square of the set, if any.
            #[inline]
            pub const fn first(self) -> Option<Square<FILES, SQUARES, $bits>> {
                if self.0 == 0 {
                    None
                } else {
                    Some(Square(self.0.trailing_zeros() as u8, PhantomData))
                }
            }

            /// The lowest square of a set the caller knows is not empty (of
            /// an empty set, a square off the board, meaningless: never use
            /// it).
            #[inline]
            pub const fn lowest(self) -> Square<FILES, SQUARES, $bits> {
                Square(self.0.trailing_zeros() as u8, PhantomData)
            }

            /// The highest square of the set, if any.
            #[inline]
            pub const fn last(self) -> Option<Square<FILES, SQUARES, $bits>> {
                if self.0 == 0 {
                    None
                } else {
                    Some(Square((<$bits>::BITS - 1 - self.0.leading_zeros()) as u8, PhantomData))
                }
            }

            /// The set with `sq` added.
            #[inline]
            pub const fn with(self, sq: Square<FILES, SQUARES, $bits>) -> Self {
                SquareSet(self.0 | (1 << sq.0))
            }

            /// The set with `sq` taken out.
            #[inline]
            pub const fn without(self, sq: Square<FILES, SQUARES, $bits>) -> Self {
                SquareSet(self.0 & !(1 << sq.0))
            }
        }

        impl<const FILES: u8, const SQUARES: usize> Iterator for SquareSet<FILES, SQUARES, $bits> {
            type Item = Square<FILES, SQUARES, $bits>;

            #[inline]
            fn next(&mut self) -> Option<Self::Item> {
                // The non-zero word lets the compiler emit a bare bit scan.
                let bits = <$nonzero>::new(self.0)?;
                self.0 &= self.0 - 1;
                Some(Square(bits.trailing_zeros() as u8, PhantomData))
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.count() as usize;
                (n, Some(n))
            }
        }

        bit_op!($bits, BitAnd, bitand, BitAndAssign, bitand_assign, &);
        bit_op!($bits, BitOr, bitor, BitOrAssign, bitor_assign, |);
        bit_op!($bits, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

        impl<const FILES: u8, const SQUARES: usize> std::ops::Not for SquareSet<FILES, SQUARES, $bits> {
            type Output = Self;
            #[inline]
            fn not(self) -> Self {
                SquareSet(!self.0 & Self::FULL.0)
            }
        }
    };
}

macro_rules! bit_op {
    ($bits:ty, $trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl<const FILES: u8, const SQUARES: usize> std::ops::$trait for SquareSet<FILES, SQUARES, $bits> {
            type Output = Self;
            #[inline]
            fn $method(self, rhs: Self) -> Self {
                SquareSet(self.0 $op rhs.0)
            }
        }
        impl<const FILES: u8, const SQUARES: usize> std::ops::$assign for SquareSet<FILES, SQUARES, $bits> {
            #[inline]
            fn $assign_method(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

square_set!(u16, std::num::NonZeroU16);
square_set!(u64, std::num::NonZeroU64);

/// Where the pieces of a two-sided board game stand: one set of squares per
/// side and one per kind of piece (`KINDS` kinds; none where every piece is
/// alike), so a position states what its pieces are and reads where they
/// stand from here. The sets are plain data: the position keeps them
/// consistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Occupancy<Set, const KINDS: usize> {
    /// Each side's squares, by side index (the first to move is 0).
    pub by_side: [Set; 2],
    /// Each kind's squares, of either side, by kind index.
    pub by_kind: [Set; KINDS],
}

impl<Set: Copy, const KINDS: usize> Occupancy<Set, KINDS> {
    /// No piece anywhere (`empty` is the empty set).
    pub const fn new(empty: Set) -> Self {
        Occupancy {
            by_side: [empty; 2],
            by_kind: [empty; KINDS],
        }
    }
}

impl<Set, const KINDS: usize> Occupancy<Set, KINDS>
where
    Set: Copy + std::ops::BitOr<Output = Set> + std::ops::BitAnd<Output = Set>,
{
    /// The squares of `side`'s pieces.
    #[inline]
    pub fn pieces(&self, side: impl Into<usize>) -> Set {
        self.by_side[side.into()]
    }

    /// The squares holding pieces of `kind`, of either side.
    #[inline]
    pub fn role(&self, kind: impl Into<usize>) -> Set {
        self.by_kind[kind.into()]
    }

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn of(&self, side: impl Into<usize>, kind: impl Into<usize>) -> Set {
        self.pieces(side) & self.role(kind)
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Set {
        self.by_side[0] | self.by_side[1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Sq = Square<5, 15>;
    type Set = SquareSet<5, 15>;

    #[test]
    fn squares_know_their_file_rank_and_name() {
        assert_eq!(Sq::RANKS, 3);
        assert_eq!(Sq::at(4, 2).index(), 14);
        assert_eq!(Sq::new(7).file(), 2);
        assert_eq!(Sq::new(7).rank(), 1);
        assert_eq!(Sq::new(14).to_string(), "e3");
        assert_eq!(Sq::parse("c2"), Ok(Sq::new(7)));
        assert!(Sq::parse("f1").unwrap_err().contains("a to e"));
        assert_eq!(Sq::ALL.len(), 15);
        assert_eq!(Sq::all().count(), 15);
        assert_eq!(Sq::new(0).offset((-1, 0)), None);
        assert_eq!(Sq::new(0).offset((1, 2)), Some(Sq::at(1, 2)));
        assert_eq!(Sq::new(14).offset((0, 1)), None);
    }

    #[test]
    fn sets_stay_on_the_board() {
        assert_eq!(Set::FULL.count(), 15);
        assert_eq!((!Set::EMPTY), Set::FULL);
        assert_eq!(
            Set::rank(2).collect::<Vec<_>>(),
            (10..15).map(Sq::new).collect::<Vec<_>>()
        );
        let set = Sq::new(1).bit() | Sq::new(13).bit();
        assert_eq!(set.first(), Some(Sq::new(1)));
        assert_eq!(set.last(), Some(Sq::new(13)));
        assert!(!set.at_most_one());
        assert_eq!(set.without(Sq::new(1)), Sq::new(13).bit());
        assert_eq!(Set::EMPTY.with(Sq::new(1)), Sq::new(1).bit());
        assert_eq!(Set::when(true), Set::FULL);
        assert_eq!(Set::when(false), Set::EMPTY);
        assert_eq!(SquareSet::<8, 64>::FULL.count(), 64);
    }

    #[test]
    fn narrow_sets_agree_with_wide_ones() {
        type Small = SquareSet<3, 9, u16>;
        type Wide = SquareSet<3, 9>;
        for bits in 0..512u16 {
            let (small, wide) = (Small::from_bits(bits), Wide::from_bits(bits as u64));
            assert_eq!(small.count(), wide.count());
            assert_eq!(
                small.first().map(|s| s.index()),
                wide.first().map(|s| s.index())
            );
            assert_eq!(
                small.last().map(|s| s.index()),
                wide.last().map(|s| s.index())
            );
            assert_eq!((!small).0 as u64, (!wide).0);
            assert_eq!(small.at_most_one(), wide.at_most_one());
        }
        assert_eq!(Small::FULL.0, 0x1ff);
        assert_eq!(Square::<3, 9, u16>::new(4).bit(), Small::from_bits(16));
    }
}
