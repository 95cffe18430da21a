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
    /// The table's generation when the entry was stored: an entry of an
    /// earlier one is as good as an empty slot ([`Table::clear`]).
    pub(super) generation: u8,
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
    /// The generation whose entries count; the others are empty slots.
    pub(super) generation: u8,
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
        Some(Table {
            slots: table,
            generation: 0,
        })
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
            generation: 0,
        }
    }

    /// Empties every slot: the table is then as a new one, and a search
    /// on it goes node for node as on a new one. Its entries are not
    /// written over but left behind in an old generation, which every
    /// lookup takes as an empty slot (the table always replaces), so
    /// emptying a table of gigabytes costs nothing; once in 256 times the
    /// generations run out and every slot is emptied for real.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(None);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabeta::Searcher;
    use crate::games::knight_moves::KnightMovesDuel;
    use crate::player::Budget;
    use arbiter_core::{Seed, TextPosition};
    use arbiter_knight_moves::KnightMoves;

    type KmTable = Table<KnightMovesDuel>;

    /// What a search found (move, score, depth, nodes, hashfull), its
    /// line, and how full it left the table.
    type Seen = ((Option<String>, i32, u32, u64, u32), Vec<String>, u32);

    /// A 3,000-node search of the start with `seed`: what it saw, and the
    /// table back.
    fn search(table: KmTable, seed: u64) -> (Seen, KmTable) {
        let game = <KnightMoves as TextPosition>::start();
        let mut searcher = Searcher::on_table(&game, Budget::Nodes(3_000), table);
        let mut line = Vec::new();
        let found = searcher.run_reporting(64, Seed::from_u64(seed), &mut |_, pv| {
            line = pv.iter().map(|m| m.to_string()).collect();
        });
        let full = searcher.hashfull();
        let found = (
            found.best.map(|m| m.to_string()),
            found.score,
            found.depth,
            found.nodes,
            found.hashfull,
        );
        ((found, line, full), searcher.into_table())
    }

    /// After `clear`, a search goes node for node as on a new table, and
    /// the table reads as empty: through 300 generations, so past the
    /// wrap where every slot is emptied for real. Each generation is first
    /// filled by a search with another seed, so that a stale entry taken
    /// for a live one would change what the next search finds.
    #[test]
    fn an_emptied_table_searches_as_a_new_one_through_every_generation() {
        let (fresh, _) = search(KmTable::new(), 1);
        assert!(fresh.2 > 0);
        let mut table = KmTable::new();
        for generation in 1..=300u64 {
            let ((_, _, full), filled) = search(table, 1 + generation);
            assert!(full > 0);
            table = filled;
            table.clear();
            let game = <KnightMoves as TextPosition>::start();
            let looked = Searcher::on_table(&game, Budget::Nodes(1), table);
            assert_eq!(looked.hashfull(), 0, "generation {generation}");
            table = looked.into_table();
            if generation % 50 == 0 || (250..=260).contains(&generation) {
                let (seen, back) = search(table, 1);
                assert_eq!(seen, fresh, "generation {generation}");
                table = back;
                table.clear();
            }
        }
    }
}
