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
