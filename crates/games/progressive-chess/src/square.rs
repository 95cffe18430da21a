//! Squares and square sets of the 7×7 board.

use arbiter_core::geometry::Grid;

/// The board: files a–g, ranks 1–7.
pub const GRID: Grid = Grid::new(7, 7);

/// One of the 49 squares, numbered a1 = 0, b1 = 1, … g7 = 48.
pub type Square = arbiter_core::geometry::Square<7, 49>;

/// A set of squares, one bit per square (bit i is `Square::new(i)`).
pub type Bitboard = arbiter_core::geometry::SquareSet<7, 49>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let named = [(0, "a1"), (48, "g7"), (3, "d1")];
        let off = ["h1", "a8"];
        arbiter_core::testing::notation::square_names(Square::new, Square::parse, &named, &off);
    }

    #[test]
    fn iterating_a_set() {
        let set = Square::new(1).bit() | Square::new(48).bit();
        assert!(set.eq([Square::new(1), Square::new(48)]));
        assert_eq!((!Bitboard::EMPTY).count(), 49);
    }
}
