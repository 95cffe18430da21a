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

/// The usual table's slots (a power of two).
pub const TT_SLOTS: usize = 1 << 17;

/// A transposition table, which a player may carry from one search to the
/// next ([`Searcher::on_table`](super::Searcher::on_table), [`Searcher::into_table`](super::Searcher::into_table)).
pub struct Table<D: Duel> {
    pub(super) slots: Vec<Option<Entry<D>>>,
}

impl<D: Duel> Table<D> {
    /// The usual table: [`TT_SLOTS`] slots.
    pub fn new() -> Table<D> {
        Table::with_slots(TT_SLOTS)
    }

    /// A table of the most slots that fit in `megabytes` MiB, a power of
    /// two (at least one slot), as UCI's `Hash` option asks for; `None`
    /// when the memory cannot be had (the process goes on, as it would
    /// not after a failed infallible allocation).
    pub fn with_megabytes(megabytes: usize) -> Option<Table<D>> {
        let slots = Table::<D>::slots_in(megabytes);
        let mut table = Vec::new();
        table.try_reserve_exact(slots).ok()?;
        table.resize(slots, None);
        Some(Table { slots: table })
    }

    /// Whether a table of `megabytes` MiB can be reserved now. Nothing is
    /// written, so asking costs no memory.
    pub fn fits(megabytes: usize) -> bool {
        let mut probe: Vec<Option<Entry<D>>> = Vec::new();
        probe
            .try_reserve_exact(Table::<D>::slots_in(megabytes))
            .is_ok()
    }

    /// How many slots [`Table::with_megabytes`] gives.
    pub fn slots_in(megabytes: usize) -> usize {
        let fitting = megabytes.saturating_mul(1 << 20) / Table::<D>::slot_bytes();
        // The largest power of two not above `fitting`, so that a slot's
        // index is a mask of the hash.
        match fitting.checked_ilog2() {
            Some(bits) => 1 << bits,
            None => 1,
        }
    }

    /// The megabytes (MiB, rounded up) of the usual table: `Hash`'s
    /// default, which [`Table::slots_in`] maps back to [`TT_SLOTS`].
    pub fn usual_megabytes() -> usize {
        (TT_SLOTS * Table::<D>::slot_bytes()).div_ceil(1 << 20)
    }

    /// The bytes one slot takes.
    pub fn slot_bytes() -> usize {
        std::mem::size_of::<Option<Entry<D>>>()
    }

    fn with_slots(slots: usize) -> Table<D> {
        debug_assert!(slots.is_power_of_two());
        Table {
            slots: vec![None; slots],
        }
    }

    /// Empties every slot: the table is then as a new one.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    /// The number of slots.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
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
