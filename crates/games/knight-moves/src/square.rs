//! Squares and square sets of the 7×8 board.

use arbiter_core::geometry::Grid;

/// The Knight Moves board: files a–g, ranks 1–8 (docs/rules/knight-moves.md#the-board).
pub const GRID: Grid = Grid::new(7, 8);

/// The number of files.
pub const FILES: u8 = 7;
/// The number of ranks.
pub const RANKS: u8 = 8;
/// The number of squares.
pub const SQUARES: usize = 56;

/// One of the 56 squares, numbered a1 = 0, b1 = 1, … g1 = 6, a2 = 7, … g8 = 55.
pub type Square = arbiter_core::geometry::Square<FILES, SQUARES>;

/// A set of squares, one bit per square (bit i is `Square::new(i)`); the top
/// eight bits are always clear.
pub type Bitboard = arbiter_core::geometry::SquareSet<FILES, SQUARES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        // The refusals off the board: tests/rules.rs.
        let named = [
            (0, "a1"),
            (6, "g1"),
            (7, "a2"),
            (55, "g8"),
            (Square::at(3, 7).index(), "d8"),
        ];
        arbiter_core::testing::notation::square_names(Square::new, Square::parse, &named, &[]);
    }

    #[test]
    fn sets() {
        let set = Square::new(1).bit() | Square::new(50).bit();
        assert!(set.eq([Square::new(1), Square::new(50)]));
        assert_eq!(set.last(), Some(Square::new(50)));
        assert_eq!((!Bitboard::EMPTY).count(), 56);
        assert_eq!(Bitboard::rank(7).count(), 7);
        assert!(Bitboard::rank(7).contains(Square::parse("g8").unwrap()));
        assert_eq!(Square::parse("a1").unwrap().offset((-1, 0)), None);
        assert_eq!(
            Square::parse("a1").unwrap().offset((1, 2)),
            Square::parse("b3").ok()
        );
    }
}
