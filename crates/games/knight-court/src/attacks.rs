//! Attack tables, built at compile time.
//!
//! On a 3×3 board every occupancy fits in nine bits, so slider attacks are a
//! plain table indexed by square and the whole occupancy: one load, no magic.

use crate::piece::Role;
use crate::square::{Bitboard, Square, GRID};
use arbiter_core::geometry::{DIAGONAL, KNIGHT_LEAPS, ORTHOGONAL};

const fn leaps(from: usize, deltas: &[(i8, i8)]) -> u16 {
    let mut set = 0u16;
    let mut i = 0;
    while i < deltas.len() {
        if let Some(to) = GRID.offset(from, deltas[i]) {
            set |= 1 << to;
        }
        i += 1;
    }
    set
}

/// Squares a slider on `from` reaches along `directions` with pieces on
/// `occupied`: empty squares up to and including the first piece.
const fn slides(from: usize, directions: &[(i8, i8); 4], occupied: u16) -> u16 {
    let mut set = 0u16;
    let mut d = 0;
    while d < 4 {
        let mut at = from;
        while let Some(to) = GRID.offset(at, directions[d]) {
            set |= 1 << to;
            if occupied & (1 << to) != 0 {
                break;
            }
            at = to;
        }
        d += 1;
    }
    set
}

const fn knight_table() -> [u16; 16] {
    let mut table = [0u16; 16];
    let mut sq = 0;
    while sq < 9 {
        table[sq] = leaps(sq, &KNIGHT_LEAPS);
        sq += 1;
    }
    table
}

const fn slider_table(directions: &[(i8, i8); 4]) -> [[u16; 512]; 16] {
    let mut table = [[0u16; 512]; 16];
    let mut sq = 0;
    while sq < 9 {
        let mut occ = 0;
        while occ < 512 {
            table[sq][occ] = slides(sq, directions, occ as u16);
            occ += 1;
        }
        sq += 1;
    }
    table
}

/// `table[a][b]`: the square between `a` and `b` when they are two steps
/// apart along one of `directions` (on a 3×3 board no line is longer).
/// Rows and columns 9..16 are empty: index 9 stands for "no square".
const fn between_table(directions: &[(i8, i8); 4]) -> [[u16; 16]; 16] {
    let mut table = [[0u16; 16]; 16];
    let mut sq = 0;
    while sq < 9 {
        let mut d = 0;
        while d < 4 {
            if let Some(mid) = GRID.offset(sq, directions[d]) {
                if let Some(end) = GRID.offset(mid, directions[d]) {
                    table[sq][end] = 1 << mid;
                }
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

// Sixteen rows, of which 9..16 are empty, so that a square index masked
// to four bits, or 9 for "no square", needs no bounds check.
static KNIGHT: [u16; 16] = knight_table();
static ROOK_BETWEEN: [[u16; 16]; 16] = between_table(&ORTHOGONAL);
static BISHOP_BETWEEN: [[u16; 16]; 16] = between_table(&DIAGONAL);

/// The lowest square's index of `set`, or 9 if it is empty.
#[inline]
fn index_or_nine(set: Bitboard) -> usize {
    ((set.0 | 1 << 9).trailing_zeros() & 15) as usize
}

/// The square between `sq` and the piece of `end` (a set of at most one
/// square) when they are two steps apart along a rank or file; empty
/// otherwise (and when `end` is empty).
#[inline]
pub(crate) fn rook_between(sq: Square, end: Bitboard) -> Bitboard {
    Bitboard::from_bits(ROOK_BETWEEN[sq.index() & 15][index_or_nine(end)])
}

/// [`rook_between`] along diagonals.
#[inline]
pub(crate) fn bishop_between(sq: Square, end: Bitboard) -> Bitboard {
    Bitboard::from_bits(BISHOP_BETWEEN[sq.index() & 15][index_or_nine(end)])
}
static ROOK: [[u16; 512]; 16] = slider_table(&ORTHOGONAL);
static BISHOP: [[u16; 512]; 16] = slider_table(&DIAGONAL);

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard::from_bits(KNIGHT[sq.index() & 15])
}

/// Squares a rook on `sq` attacks with `occupied` blocking.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard::from_bits(ROOK[sq.index() & 15][occupied.0 as usize & 511])
}

/// Squares a bishop on `sq` attacks with `occupied` blocking.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard::from_bits(BISHOP[sq.index() & 15][occupied.0 as usize & 511])
}

/// Squares the rook of `set` attacks (a set of at most one square, since
/// a side has one rook); empty if `set` is (the rook is in hand).
#[inline]
pub(crate) fn rook_attacks_of(set: Bitboard, occupied: Bitboard) -> Bitboard {
    Bitboard::from_bits(ROOK[index_or_nine(set)][occupied.0 as usize & 511])
}

/// [`rook_attacks_of`] for a bishop.
#[inline]
pub(crate) fn bishop_attacks_of(set: Bitboard, occupied: Bitboard) -> Bitboard {
    Bitboard::from_bits(BISHOP[index_or_nine(set)][occupied.0 as usize & 511])
}

/// Squares a piece of `role` on `sq` attacks.
#[inline]
pub fn attacks(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> Bitboard {
        names.iter().fold(Bitboard::EMPTY, |acc, n| {
            acc | Square::parse(n).unwrap().bit()
        })
    }

    #[test]
    fn knight_from_the_corner_and_centre() {
        assert_eq!(
            knight_attacks(Square::parse("a1").unwrap()),
            set(&["b3", "c2"])
        );
        assert_eq!(
            knight_attacks(Square::parse("b2").unwrap()),
            Bitboard::EMPTY
        );
        assert_eq!(
            knight_attacks(Square::parse("b1").unwrap()),
            set(&["a3", "c3"])
        );
    }

    #[test]
    fn sliders_stop_at_the_first_piece() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(
            rook_attacks(a1, Bitboard::EMPTY),
            set(&["a2", "a3", "b1", "c1"])
        );
        assert_eq!(rook_attacks(a1, set(&["a2", "b1"])), set(&["a2", "b1"]));
        assert_eq!(bishop_attacks(a1, set(&["b2"])), set(&["b2"]));
        assert_eq!(
            bishop_attacks(Square::parse("b2").unwrap(), Bitboard::EMPTY),
            set(&["a1", "c1", "a3", "c3"])
        );
    }
}
