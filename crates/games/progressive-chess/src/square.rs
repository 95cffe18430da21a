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
