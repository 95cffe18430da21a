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

const fn knight_table() -> [u16; 9] {
    let mut table = [0u16; 9];
    let mut sq = 0;
    while sq < 9 {
        table[sq] = leaps(sq, &KNIGHT_LEAPS);
        sq += 1;
    }
    table
}

const fn slider_table(directions: &[(i8, i8); 4]) -> [[u16; 512]; 9] {
    let mut table = [[0u16; 512]; 9];
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

static KNIGHT: [u16; 9] = knight_table();
static ROOK: [[u16; 512]; 9] = slider_table(&ORTHOGONAL);
static BISHOP: [[u16; 512]; 9] = slider_table(&DIAGONAL);

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a rook on `sq` attacks with `occupied` blocking.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(ROOK[sq.index()][occupied.0 as usize])
}

/// Squares a bishop on `sq` attacks with `occupied` blocking.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(BISHOP[sq.index()][occupied.0 as usize])
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
        names.iter().fold(Bitboard::EMPTY, |acc, n| acc | Square::parse(n).unwrap().bit())
    }

    #[test]
    fn knight_from_the_corner_and_centre() {
        assert_eq!(knight_attacks(Square::parse("a1").unwrap()), set(&["b3", "c2"]));
        assert_eq!(knight_attacks(Square::parse("b2").unwrap()), Bitboard::EMPTY);
        assert_eq!(knight_attacks(Square::parse("b1").unwrap()), set(&["a3", "c3"]));
    }

    #[test]
    fn sliders_stop_at_the_first_piece() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(rook_attacks(a1, Bitboard::EMPTY), set(&["a2", "a3", "b1", "c1"]));
        assert_eq!(rook_attacks(a1, set(&["a2", "b1"])), set(&["a2", "b1"]));
        assert_eq!(bishop_attacks(a1, set(&["b2"])), set(&["b2"]));
        assert_eq!(bishop_attacks(Square::parse("b2").unwrap(), Bitboard::EMPTY), set(&["a1", "c1", "a3", "c3"]));
    }
}
