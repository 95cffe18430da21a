//! Knight Court, solved: the table of every position's exact value, its
//! file format, and the player that reads it.
//!
//! # Table file format (version 1)
//!
//! | offset | size | contents |
//! |---|---|---|
//! | 0 | 6 | the magic bytes `ARBKCT` |
//! | 6 | 2 | format version, little-endian (1) |
//! | 8 | 4 | number of entries, little-endian (282,384) |
//! | 12 | 8 | FNV-1a 64-bit hash of the entries, little-endian |
//! | 20 | n | one byte per position index (see [`KnightCourtSpace`]): 0 no position, 1 draw, `d + 2` a win (odd `d`) or a loss (even `d`) in `d` plies for the side to move |
//!
//! The table ignores the repetition ban (a cycle counts as a draw); the
//! player applies the ban by choosing only among the game's legal moves.

use crate::retrograde::{self, Progress, Table, Value};
use arbiter_core::PositionSpace;
use arbiter_knight_court::{KnightCourt, KnightCourtSpace, Move, Position};
use std::sync::OnceLock;

const MAGIC: &[u8; 6] = b"ARBKCT";
const VERSION: u16 = 1;
const HEADER: usize = 20;

/// The table shipped inside the program, built by
/// `arbiter solve knight-court --out crates/search/data/knight-court.table`.
static SHIPPED: &[u8] = include_bytes!("../data/knight-court.table");

/// Solves every Knight Court position.
pub fn solve(progress: &dyn Progress) -> Table {
    retrograde::solve(&KnightCourtSpace, progress)
}

/// Checks every value of `table` against its children.
pub fn verify(table: &Table, progress: &dyn Progress) -> Result<u64, String> {
    retrograde::verify(&KnightCourtSpace, table, progress)
}

/// The shipped table, checked and decoded once.
pub fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| read(SHIPPED).expect("the shipped Knight Court table is intact"))
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The table in its file format.
pub fn write(table: &Table) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + table.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(table.len() as u32).to_le_bytes());
    out.extend_from_slice(&fnv1a(table.as_bytes()).to_le_bytes());
    out.extend_from_slice(table.as_bytes());
    out
}

/// Reads a table file, refusing anything damaged or of another version.
pub fn read(file: &[u8]) -> Result<Table, String> {
    if file.len() < HEADER || &file[..6] != MAGIC {
        return Err("not a Knight Court table file (bad magic bytes)".into());
    }
    let version = u16::from_le_bytes([file[6], file[7]]);
    if version != VERSION {
        return Err(format!(
            "table format version {version}; this program reads version {VERSION}"
        ));
    }
    let entries = u32::from_le_bytes(file[8..12].try_into().unwrap()) as usize;
    if entries != KnightCourtSpace.size() || file.len() != HEADER + entries {
        return Err(format!(
            "the table should hold {} entries, it holds {}",
            KnightCourtSpace.size(),
            file.len() - HEADER
        ));
    }
    let checksum = u64::from_le_bytes(file[12..20].try_into().unwrap());
    let body = &file[HEADER..];
    if fnv1a(body) != checksum {
        return Err("the table's checksum does not match: the file is damaged".into());
    }
    Ok(Table::from_bytes(body.to_vec()))
}

/// The value of `position` for its side to move.
pub fn value(table: &Table, position: &Position) -> Value {
    table
        .value(KnightCourtSpace.index(position))
        .expect("a legal position has a value")
}

/// Every legal move of `game` (repetition ban included) with its value for
/// the mover, best first; ties in notation order.
pub fn analyse(table: &Table, game: &KnightCourt) -> Vec<(Move, Value)> {
    let mut moves: Vec<(Move, Value)> = game
        .legal_moves()
        .into_iter()
        .map(|mv| {
            (
                mv,
                value(table, &game.position().play_unchecked(mv)).parent(),
            )
        })
        .collect();
    moves.sort_by(|a, b| b.1.goodness().cmp(&a.1.goodness()).then(a.0.cmp(&b.0)));
    moves
}

/// Among the legal moves, the one with the best table value: the fastest
/// win, else a draw, else the slowest loss (perfect play without the
/// repetition ban; under it a table draw can be a loss).
pub fn best_move(table: &Table, game: &KnightCourt) -> Option<Move> {
    analyse(table, game).first().map(|(mv, _)| *mv)
}
