//! Step tables built at compile time: knight leaps, king steps (for the
//! forced-pass rule) and the eight lines a ball can travel along.

use crate::square::{Bitboard, Square, SQUARES};
use arbiter_core::geometry::{KING_STEPS, KNIGHT_LEAPS};

/// The eight pass directions. The first four increase the square index
/// (so the nearest piece on the line is the lowest bit), the last four
/// decrease it (the nearest is the highest bit).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (-1, 1),
    (1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
    (-1, 0),
];

const fn leaps(deltas: &[(i8, i8); 8]) -> [Bitboard; SQUARES] {
    let mut table = [Bitboard::EMPTY; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut bits = 0u64;
        let mut d = 0;
        while d < 8 {
            if let Some(to) = Square::new(i).offset(deltas[d]) {
                bits |= 1 << to.index();
            }
            d += 1;
        }
        table[i] = Bitboard::from_bits(bits);
        i += 1;
    }
    table
}

const fn rays() -> [[Bitboard; SQUARES]; 8] {
    let mut table = [[Bitboard::EMPTY; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < SQUARES {
            let mut bits = 0u64;
            let mut sq = Square::new(i);
            while let Some(next) = sq.offset(DIRECTIONS[d]) {
                bits |= 1 << next.index();
                sq = next;
            }
            table[d][i] = Bitboard::from_bits(bits);
            i += 1;
        }
        d += 1;
    }
    table
}

static KNIGHT: [Bitboard; SQUARES] = leaps(&KNIGHT_LEAPS);
static KING: [Bitboard; SQUARES] = leaps(&KING_STEPS);
static RAYS: [[Bitboard; SQUARES]; 8] = rays();

/// The squares a knight on `sq` leaps to.
#[inline]
pub fn knight_leaps(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// The up to eight squares one king step from `sq`.
#[inline]
pub fn neighbours(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// The first occupied square in each of the eight directions from `sq`:
/// the only squares a ball on `sq` can reach in one pass
/// (docs/rules/knight-moves.md#passing).
#[inline]
pub fn first_on_lines(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut found = 0u64;
    let rays = &RAYS;
    for ray in &rays[..4] {
        let hit = ray[sq.index()].0 & occupied.0;
        found |= hit & hit.wrapping_neg();
    }
    for ray in &rays[4..] {
        let hit = ray[sq.index()].0 & occupied.0;
        if hit != 0 {
            found |= 1 << (63 - hit.leading_zeros());
        }
    }
    Bitboard::from_bits(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn set(names: &[&str]) -> Bitboard {
        names.iter().fold(Bitboard::EMPTY, |b, n| b | sq(n).bit())
    }

    #[test]
    fn knight_leaps_stay_on_the_board() {
        assert_eq!(knight_leaps(sq("a1")), set(&["b3", "c2"]));
        assert_eq!(knight_leaps(sq("c8")), set(&["a7", "b6", "d6", "e7"]));
        assert_eq!(knight_leaps(sq("d4")).count(), 8);
        assert_eq!(knight_leaps(sq("g8")), set(&["e7", "f6"]));
    }

    #[test]
    fn neighbours_are_king_steps() {
        assert_eq!(neighbours(sq("a1")), set(&["a2", "b1", "b2"]));
        assert_eq!(neighbours(sq("d4")).count(), 8);
    }

    #[test]
    fn first_on_lines_stops_at_the_nearest_piece() {
        let occupied = set(&["d1", "d3", "d6", "b4", "a4", "g7", "g4", "b2"]);
        assert_eq!(
            first_on_lines(sq("d4"), occupied),
            set(&["d3", "d6", "b4", "g7", "g4", "b2"])
        );
        assert_eq!(first_on_lines(sq("a8"), Bitboard::EMPTY), Bitboard::EMPTY);
    }
}
