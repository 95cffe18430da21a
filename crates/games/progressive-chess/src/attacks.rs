//! Step, leap and ray tables built at compile time, and the movement of
//! every piece as square sets (docs/rules/progressive-chess.md#pieces).
//!
//! A 7×7 board fits in a `u64`. Sliders use ray tables: the first piece on
//! a ray is its lowest set bit for rays that climb in index, its highest
//! for rays that fall.

use crate::piece::Color;
use crate::square::{Bitboard, Square, GRID};
use arbiter_core::geometry::{leaper, KING_STEPS};

/// Ray directions. The first four climb in square index, the last four fall.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
pub const NORTH: usize = 0;
pub const EAST: usize = 1;
pub const NORTH_EAST: usize = 2;
pub const NORTH_WEST: usize = 3;
pub const SOUTH: usize = 4;
pub const WEST: usize = 5;
pub const SOUTH_WEST: usize = 6;
pub const SOUTH_EAST: usize = 7;
/// Rook lines, bishop lines and the protector's rank.
pub const ORTHOGONAL_RAYS: [usize; 4] = [NORTH, EAST, SOUTH, WEST];
pub const DIAGONAL_RAYS: [usize; 4] = [NORTH_EAST, NORTH_WEST, SOUTH_WEST, SOUTH_EAST];
pub const RANK_RAYS: [usize; 2] = [EAST, WEST];

const fn step_table(deltas: &[(i8, i8)]) -> [u64; 49] {
    let mut table = [0u64; 49];
    let mut sq = 0;
    while sq < 49 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = GRID.offset(sq, deltas[i]) {
                table[sq] |= 1 << to;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn ray_table() -> [[u64; 49]; 8] {
    let mut table = [[0u64; 49]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 49 {
            let mut at = sq;
            while let Some(to) = GRID.offset(at, DIRECTIONS[d]) {
                table[d][sq] |= 1 << to;
                at = to;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

const fn pawn_table(forward: i8, capture: bool) -> [u64; 49] {
    if capture {
        step_table(&[(-1, forward), (1, forward)])
    } else {
        step_table(&[(0, forward)])
    }
}

/// The longest zigzag path on a 7×7 board: six steps, one rank (or file)
/// each.
const ZIGZAG_MAX: usize = 6;

/// A zigzag's possible paths from one square: for each of the four pairs of
/// perpendicular diagonals and each starting direction, the squares visited
/// step by step.
#[derive(Clone, Copy)]
pub struct ZigzagPaths {
    pub squares: [[u8; ZIGZAG_MAX]; 8],
    pub lengths: [u8; 8],
}

const fn zigzag_table() -> [ZigzagPaths; 49] {
    // Pairs of perpendicular diagonals, each with both starting directions.
    const PATHS: [((i8, i8), (i8, i8)); 8] = [
        ((1, 1), (-1, 1)),
        ((-1, 1), (1, 1)),
        ((1, 1), (1, -1)),
        ((1, -1), (1, 1)),
        ((1, -1), (-1, -1)),
        ((-1, -1), (1, -1)),
        ((-1, -1), (-1, 1)),
        ((-1, 1), (-1, -1)),
    ];
    let mut table = [ZigzagPaths {
        squares: [[0; ZIGZAG_MAX]; 8],
        lengths: [0; 8],
    }; 49];
    let mut sq = 0;
    while sq < 49 {
        let mut p = 0;
        while p < 8 {
            let mut at = sq;
            let mut n = 0;
            loop {
                let step = if n % 2 == 0 { PATHS[p].0 } else { PATHS[p].1 };
                match GRID.offset(at, step) {
                    Some(to) if n < ZIGZAG_MAX => {
                        table[sq].squares[p][n] = to as u8;
                        n += 1;
                        at = to;
                    }
                    _ => break,
                }
            }
            table[sq].lengths[p] = n as u8;
            p += 1;
        }
        sq += 1;
    }
    table
}

pub static KING: [u64; 49] = step_table(&KING_STEPS);
pub static WAZIR: [u64; 49] = step_table(&[(0, 1), (1, 0), (0, -1), (-1, 0)]);
pub static FERZ: [u64; 49] = step_table(&[(1, 1), (1, -1), (-1, -1), (-1, 1)]);
/// The pincer leaps like a camel: one square one way, three the other.
pub static CAMEL: [u64; 49] = step_table(&leaper(1, 3));
pub static RAYS: [[u64; 49]; 8] = ray_table();
/// Squares a pawn of each side captures on, by side index.
pub static PAWN_CAPTURES: [[u64; 49]; 2] = [pawn_table(1, true), pawn_table(-1, true)];
/// The square a pawn of each side steps to, by side index.
pub static PAWN_STEPS: [[u64; 49]; 2] = [pawn_table(1, false), pawn_table(-1, false)];
pub static ZIGZAG: [ZigzagPaths; 49] = zigzag_table();

/// The squares a leaper on `sq` reaches, from its table.
macro_rules! leaps {
    ($($name:ident: $table:ident),+) => {$(
        #[inline]
        pub fn $name(sq: Square) -> Bitboard {
            Bitboard::from_bits($table[sq.index()])
        }
    )+};
}

leaps!(king: KING, wazir: WAZIR, ferz: FERZ, camel: CAMEL);

#[inline]
pub fn pawn_captures(color: Color, sq: Square) -> Bitboard {
    Bitboard::from_bits(PAWN_CAPTURES[color.index()][sq.index()])
}
#[inline]
pub fn pawn_step(color: Color, sq: Square) -> Bitboard {
    Bitboard::from_bits(PAWN_STEPS[color.index()][sq.index()])
}

/// The first piece of `blockers` on ray `dir` (`blockers` must lie on it).
#[inline]
fn first_on_ray(dir: usize, blockers: u64) -> usize {
    if dir < 4 {
        blockers.trailing_zeros() as usize
    } else {
        63 - blockers.leading_zeros() as usize
    }
}

/// Squares along ray `dir` from `sq` up to and including the first piece.
#[inline]
pub fn ray(dir: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        Bitboard::from_bits(ray)
    } else {
        Bitboard::from_bits(ray ^ RAYS[dir][first_on_ray(dir, blockers)])
    }
}

/// A slider's reach over several rays.
#[inline]
pub fn slide(dirs: &[usize], sq: Square, occupied: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for &d in dirs {
        set |= ray(d, sq, occupied);
    }
    set
}

#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(&ORTHOGONAL_RAYS, sq, occupied)
}
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(&DIAGONAL_RAYS, sq, occupied)
}
/// The protector slides along its rank only.
#[inline]
pub fn protector(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(&RANK_RAYS, sq, occupied)
}

/// What a cannon on `sq` may do along one line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CannonLine {
    /// Empty squares it may stop on: before the first piece, and between
    /// the first and the second piece (having jumped the first).
    pub quiet: Bitboard,
    /// The first piece on the line, and the second one.
    pub first: Option<Square>,
    pub second: Option<Square>,
}

/// A cannon's line along ray `dir` (docs/rules/progressive-chess.md#cannon).
#[inline]
pub fn cannon_line(dir: usize, sq: Square, occupied: Bitboard) -> CannonLine {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        return CannonLine {
            quiet: Bitboard::from_bits(ray),
            first: None,
            second: None,
        };
    }
    let p1 = first_on_ray(dir, blockers);
    let beyond = RAYS[dir][p1];
    let before = ray ^ beyond ^ (1 << p1);
    let blockers2 = beyond & occupied.0;
    if blockers2 == 0 {
        return CannonLine {
            quiet: Bitboard::from_bits(before | beyond),
            first: Some(Square::new(p1)),
            second: None,
        };
    }
    let p2 = first_on_ray(dir, blockers2);
    let between = beyond ^ RAYS[dir][p2] ^ (1 << p2);
    CannonLine {
        quiet: Bitboard::from_bits(before | between),
        first: Some(Square::new(p1)),
        second: Some(Square::new(p2)),
    }
}

/// The squares a cannon of side `own` (pieces `own_pieces`) on `sq` may
/// capture on: along each line the first piece if it is an enemy, and the
/// second (having jumped the first, of either side) if it is an enemy.
#[inline]
pub fn cannon_captures(sq: Square, occupied: Bitboard, own_pieces: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for d in ORTHOGONAL_RAYS {
        let line = cannon_line(d, sq, occupied);
        for piece in [line.first, line.second].into_iter().flatten() {
            if !own_pieces.contains(piece) {
                set = set.with(piece);
            }
        }
    }
    set
}

/// The squares a cannon may move to without capturing.
#[inline]
pub fn cannon_quiet(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for d in ORTHOGONAL_RAYS {
        set |= cannon_line(d, sq, occupied).quiet;
    }
    set
}

/// Squares a zigzag on `sq` reaches: along each path, the empty squares up
/// to and including the first piece (docs/rules/progressive-chess.md#zigzag).
/// The relation is symmetric, so this also finds zigzags attacking `sq`.
#[inline]
pub fn zigzag(sq: Square, occupied: Bitboard) -> Bitboard {
    let paths = &ZIGZAG[sq.index()];
    let mut set = 0u64;
    for p in 0..8 {
        for &s in &paths.squares[p][..paths.lengths[p] as usize] {
            set |= 1 << s;
            if occupied.0 & (1 << s) != 0 {
                break;
            }
        }
    }
    Bitboard::from_bits(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zigzag_on_empty_board_from_d4() {
        let names: Vec<String> = zigzag(Square::named("d4"), Bitboard::EMPTY)
            .map(|s| s.to_string())
            .collect();
        // Four diagonal neighbours, then the squares two, three ... steps
        // along each file and rank, alternating sides.
        for must in ["c3", "e5", "d6", "d2", "b4", "f4", "c5", "e7", "a5", "g3"] {
            assert!(
                names.contains(&must.to_string()),
                "{must} missing from {names:?}"
            );
        }
        assert!(!names.contains(&"d5".to_string()));
    }

    #[test]
    fn cannon_line_parts() {
        let occ = Square::named("a3").bit() | Square::named("a5").bit();
        let line = cannon_line(NORTH, Square::named("a1"), occ);
        assert_eq!(line.first, Some(Square::named("a3")));
        assert_eq!(line.second, Some(Square::named("a5")));
        assert_eq!(
            line.quiet,
            Square::named("a2").bit() | Square::named("a4").bit()
        );
    }
}
