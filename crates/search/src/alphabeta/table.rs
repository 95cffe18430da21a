//! The transposition table, and mate scores as it stores them.

use super::{Duel, MATE_BOUND};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

pub(super) struct Entry<D: Duel> {
    pub(super) key: D::Key,
    pub(super) depth: u8,
    pub(super) score: i32,
    pub(super) bound: Bound,
    pub(super) best: Option<D::Move>,
    /// Whether `score` may be reused (see the module notes).
    pub(super) scored: bool,
}

impl<D: Duel> Clone for Entry<D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D: Duel> Copy for Entry<D> {}

/// Table slots (a power of two).
pub(super) const TT_SLOTS: usize = 1 << 17;

/// A transposition table, which a player may carry from one search to the
/// next ([`Searcher::with_table`](super::Searcher::with_table), [`Searcher::into_table`](super::Searcher::into_table)).
pub struct Table<D: Duel> {
    pub(super) slots: Vec<Option<Entry<D>>>,
}

impl<D: Duel> Table<D> {
    pub fn new() -> Table<D> {
        Table {
            slots: vec![None; TT_SLOTS],
        }
    }
}

impl<D: Duel> Default for Table<D> {
    fn default() -> Table<D> {
        Table::new()
    }
}

/// A mate score relative to the root.
pub(super) fn to_ply(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Mate scores are stored relative to the node, read back relative to the
/// root of the probing search.
pub(super) fn into_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    to_ply(score, ply)
}
