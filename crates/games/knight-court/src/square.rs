//! Squares and square sets of the 3×3 board.

use arbiter_core::geometry::Grid;

/// The Knight Court board: files a–c, ranks 1–3.
pub const GRID: Grid = Grid::new(3, 3);

/// One of the nine squares, numbered a1 = 0, b1 = 1, … c3 = 8.
pub type Square = arbiter_core::geometry::Square<3, 9, u16>;

/// A set of squares, one bit per square (bit i is `Square::new(i)`), in a
/// 16-bit word: the perft tables are indexed by it.
pub type Bitboard = arbiter_core::geometry::SquareSet<3, 9, u16>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let named = [(0, "a1"), (8, "c3"), (4, "b2")];
        arbiter_core::testing::notation::square_names(Square::new, Square::parse, &named, &["d2"]);
    }

    #[test]
    fn iterating_a_set() {
        let set = Square::new(1).bit() | Square::new(7).bit();
        assert!(set.eq([Square::new(1), Square::new(7)]));
        assert_eq!((!Bitboard::EMPTY).count(), 9);
    }
}
