//! The store of solved results: each position's results in a list of its
//! own, at most so many a position, and, with a memory budget, swept of
//! the results least worth their memory when it is full.

use super::touched::{Touched, Unions};
use std::rc::Rc;

/// Touched sets larger than this are not stored (their parts are).
const MAX_TOUCHED: usize = 1 << 15;
/// What a store over its budget keeps when it sweeps: the results that
/// cost the most nodes to make for the memory they hold, until they hold
/// three quarters of it. (A sweep to a half searched more nodes, one to
/// nine tenths took longer: docs/ai.md, "Which results to drop".)
const KEPT_OF_BUDGET: (usize, usize) = (3, 4);

/// A solved result and what it relied on.
pub(super) struct Solved {
    /// Mate within `plies` (a proof), or no mate within `depth` (a disproof).
    pub(super) proof: Option<u32>,
    pub(super) depth: u32,
    /// The nodes searched to make it (at most `u32::MAX`): what dropping it
    /// may cost, as making it again may take as many.
    pub(super) work: u32,
    /// The index of every position the proof tree examined below this one.
    pub(super) touched: Touched,
    /// The touched positions that were forbidden because they were on the
    /// line when the result was made, sorted.
    pub(super) forbidden: Box<[u32]>,
}

impl Solved {
    /// The memory the result holds, for a store with a budget, beyond the
    /// touched set it may share with others (which the search's meter
    /// counts once).
    fn bytes(&self) -> usize {
        std::mem::size_of::<Solved>() + self.touched.own_bytes() + self.forbidden.len() * 4
    }

    /// The memory dropping the result would free: its own, and its share
    /// of the set it may share.
    fn held_bytes(&self) -> usize {
        self.bytes() + self.touched.share_of_held()
    }

    /// What keeping the result is worth: the nodes it saved, for every 4
    /// KiB it holds.
    fn worth(&self) -> u32 {
        let per_page = u64::from(self.work) * 4096 / self.held_bytes() as u64;
        per_page.min(u64::from(u32::MAX)) as u32
    }

    pub(super) fn holds_at(&self, depth: u32) -> bool {
        match self.proof {
            Some(plies) => plies <= depth,
            None => depth <= self.depth,
        }
    }
}

/// The solved results of one search.
pub(super) struct Store {
    solved: Vec<Vec<Rc<Solved>>>,
    /// Results kept per position; the oldest goes first.
    pub(super) per_position: usize,
    /// The most memory the results may hold ([`Store::put`]).
    pub(super) budget: Option<usize>,
    /// What the results hold beyond the touched sets they share (which
    /// the search's [`Unions`] counts).
    own_bytes: usize,
    /// How many results the store holds, and has dropped to make room.
    pub(super) results: usize,
    pub(super) dropped: u64,
}

impl Store {
    /// An empty store for `positions` positions.
    pub(super) fn new(positions: usize, per_position: usize) -> Store {
        Store {
            solved: (0..positions).map(|_| Vec::new()).collect(),
            per_position,
            budget: None,
            own_bytes: 0,
            results: 0,
            dropped: 0,
        }
    }

    /// The results stored for the position `index`, oldest first.
    pub(super) fn of(&self, index: u32) -> &[Rc<Solved>] {
        &self.solved[index as usize]
    }

    /// The memory the results hold: their own, and the shared sets that
    /// `unions` counts (with the few of the nodes being searched).
    pub(super) fn bytes(&self, unions: &Unions) -> usize {
        self.own_bytes + unions.held_bytes()
    }

    /// Whether the count of results agrees with the lists (for debug
    /// checks).
    pub(super) fn counts_truly(&self) -> bool {
        self.results == self.solved.iter().map(Vec::len).sum::<usize>()
    }

    /// Stores `solved` for the position `index` (unless its touched set
    /// is too large to keep), dropping that position's oldest if it has
    /// its fill, and sweeping the store if it is over its budget.
    pub(super) fn put(&mut self, index: u32, solved: Solved, unions: &Unions) -> Rc<Solved> {
        let solved = Rc::new(solved);
        if solved.touched.len() <= MAX_TOUCHED {
            let entries = &mut self.solved[index as usize];
            if entries.len() >= self.per_position {
                self.own_bytes -= entries.remove(0).bytes();
                self.results -= 1;
                self.dropped += 1;
            }
            entries.push(Rc::clone(&solved));
            self.own_bytes += solved.bytes();
            self.results += 1;
            if let Some(budget) = self.budget {
                if self.bytes(unions) > budget {
                    self.sweep(budget / KEPT_OF_BUDGET.1 * KEPT_OF_BUDGET.0, unions);
                }
            }
        }
        solved
    }

    /// Drops the stored results that took the fewest nodes to make for
    /// the memory they hold until the rest fit in `target`. Ties go by
    /// position, then age, so that a search repeats exactly.
    ///
    /// The nodes alone (the "small tree" collection of the df-pn
    /// literature) keep the big proofs near the root, but those hold the
    /// largest touched sets: at half the memory it needs, a search that
    /// dropped by nodes alone, or the oldest first, had not finished after
    /// 40 times as long as one that drops by nodes for each byte.
    fn sweep(&mut self, target: usize, unions: &Unions) {
        while self.bytes(unions) > target {
            let mut cheapest: Vec<(u32, u32, u32)> = Vec::with_capacity(self.results);
            for (index, entries) in self.solved.iter().enumerate() {
                for (slot, s) in entries.iter().enumerate() {
                    cheapest.push((s.worth(), index as u32, slot as u32));
                }
            }
            if cheapest.is_empty() {
                return;
            }
            cheapest.sort_unstable();
            // Enough to free the excess, counting each shared set by the
            // holders' shares of it.
            let mut excess = self.bytes(unions) - target;
            let mut dropping: Vec<(u32, u32)> = Vec::new();
            for &(_, index, slot) in &cheapest {
                if excess == 0 {
                    break;
                }
                let s = &self.solved[index as usize][slot as usize];
                excess = excess.saturating_sub(s.held_bytes());
                dropping.push((index, slot));
            }
            drop(cheapest);
            dropping.sort_unstable();
            for group in dropping.chunk_by(|a, b| a.0 == b.0) {
                let entries = &mut self.solved[group[0].0 as usize];
                let (mut slot, mut next, mut freed) = (0, 0, 0);
                entries.retain(|s| {
                    let goes = group.get(next).is_some_and(|d| d.1 == slot);
                    if goes {
                        next += 1;
                        freed += s.bytes();
                    }
                    slot += 1;
                    !goes
                });
                self.own_bytes -= freed;
                self.results -= group.len();
                self.dropped += group.len() as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(unions: &mut Unions, work: u32, members: &[u32]) -> Solved {
        Solved {
            proof: None,
            depth: 3,
            work,
            touched: unions.set_of(members),
            forbidden: Box::default(),
        }
    }

    /// Sweeps to one byte below what the store holds, so that exactly one
    /// result goes, and says which (position, and work).
    fn sweep_one(store: &mut Store, unions: &Unions) -> (u32, u32) {
        let before: Vec<Vec<u32>> = (store.solved.iter())
            .map(|e| e.iter().map(|s| s.work).collect())
            .collect();
        let dropped = store.dropped;
        store.sweep(store.bytes(unions) - 1, unions);
        assert_eq!(store.dropped, dropped + 1, "one result at a time");
        assert!(store.counts_truly());
        let after: Vec<Vec<u32>> = (store.solved.iter())
            .map(|e| e.iter().map(|s| s.work).collect())
            .collect();
        let index = (0..before.len()).find(|&i| before[i] != after[i]).unwrap();
        let gone = (before[index].iter())
            .zip(after[index].iter().chain([&u32::MAX]))
            .find(|(b, a)| b != a)
            .map(|(b, _)| *b)
            .unwrap();
        (index as u32, gone)
    }

    #[test]
    fn a_sweep_drops_the_results_worth_least_for_their_memory() {
        let mut unions = Unions::default();
        let mut store = Store::new(16, 8);
        let few: Vec<u32> = (0..10).collect();
        // Four thousand members a few apart: a few KiB, so 100 nodes for
        // it are worth less than 10 for the few (under 100 bytes in all).
        let many: Vec<u32> = (0..4_000).map(|i| i * 3).collect();
        for (index, work, members) in [
            (5, 100, &few),
            (9, 10, &few),
            (7, 100, &many),
            (9, 10, &few),
            (5, 10, &few),
            (2, 1_000, &many),
        ] {
            let solved = result(&mut unions, work, members);
            store.put(index, solved, &unions);
        }
        assert_eq!(store.results, 6);
        // Worth, by hand: 100 nodes over about 4 KiB; then the three of 10
        // nodes and the few, by position and age; then 1,000 over 4 KiB;
        // last 100 over the few.
        let order: Vec<(u32, u32)> = (0..6).map(|_| sweep_one(&mut store, &unions)).collect();
        assert_eq!(
            order,
            [(7, 100), (5, 10), (9, 10), (9, 10), (2, 1_000), (5, 100)]
        );
        assert_eq!(store.results, 0);
        assert_eq!(store.bytes(&unions), 0, "every set freed");
    }

    #[test]
    fn a_put_over_the_budget_sweeps_to_three_quarters_of_it() {
        let mut unions = Unions::default();
        let mut store = Store::new(64, 8);
        store.budget = Some(20_000);
        let mut most = 0;
        for n in 0..200u32 {
            let members: Vec<u32> = (0..50).map(|i| n + 7 * i).collect();
            let solved = result(&mut unions, n % 13, &members);
            store.put(n % 64, solved, &unions);
            let held = store.bytes(&unions);
            assert!(held <= 20_000, "{held} bytes after {n}");
            most = most.max(held);
            assert!(store.counts_truly());
        }
        assert!(store.dropped > 0 && most > 15_000, "the budget binds");
        // Each sweep stopped at three quarters of the budget, or just below.
        assert!(store.bytes(&unions) >= 15_000 - 200 || store.results < 10);
    }

    #[test]
    fn a_full_position_drops_its_oldest() {
        let mut unions = Unions::default();
        let mut store = Store::new(4, 2);
        for work in [1, 2, 3] {
            let solved = result(&mut unions, work, &[1, 2]);
            store.put(3, solved, &unions);
        }
        let works: Vec<u32> = store.of(3).iter().map(|s| s.work).collect();
        assert_eq!(works, [2, 3]);
        assert_eq!((store.results, store.dropped), (2, 1));
    }
}
