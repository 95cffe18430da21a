//! The store of solved results: each position's results in a list of its
//! own, at most so many a position, and, with a memory budget, swept of
//! the results least worth their memory, and least lately used, when it is
//! full.

use super::line::{Line, Seen, SeenCell};
use super::touched::{Touched, Unions};
use std::cell::Cell;
use std::rc::Rc;

/// Touched sets larger than this are not stored (their parts are).
const MAX_TOUCHED: usize = 1 << 15;
/// What a store over its budget keeps when it sweeps: the results of the
/// highest priority ([`Store::sweep`]), until they hold nine tenths of it.
/// (Sweeps to three quarters and to a half searched more nodes: docs/ai.md,
/// "Results in use".)
const KEPT_OF_BUDGET: (usize, usize) = (9, 10);

/// A sweep orders the stored results in slices of this part of them, the
/// first one more than the tenth a sweep usually drops.
const SWEEP_SLICES: usize = 8;

/// Puts the next `slice` smallest of `keys[ordered..]` in order after the
/// first `ordered`, which are already the smallest in order, and says how
/// many are in order now.
fn order_next<K: Ord>(keys: &mut [K], ordered: usize, slice: usize) -> usize {
    let end = (ordered + slice).min(keys.len());
    let rest = &mut keys[ordered..];
    if end - ordered < rest.len() {
        rest.select_nth_unstable(end - ordered);
    }
    keys[ordered..end].sort_unstable();
    end
}

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
    /// The memory the result holds, for a store with a budget, beyond its
    /// touched set's shared parts (which the search's meter counts once):
    /// with its entry in its position's list, and the counts its `Rc`
    /// keeps.
    fn bytes(&self) -> usize {
        const KEPT: usize = std::mem::size_of::<Solved>()
            + std::mem::size_of::<Entry>()
            + 2 * std::mem::size_of::<usize>();
        KEPT + self.touched.own_bytes() + self.forbidden.len() * 4
    }

    /// The memory dropping the result would free: its own, and its share
    /// of its touched set's parts.
    fn held_bytes(&self) -> usize {
        self.bytes() + self.touched.share_of_held()
    }

    /// What keeping the result is worth: the nodes it saved, for every 4
    /// KiB it holds.
    fn worth(&self) -> u32 {
        let per_page = u64::from(self.work) * 4096 / self.held_bytes() as u64;
        per_page.min(u64::from(u32::MAX)) as u32
    }
}

/// A stored result as its position's list holds it: beside the result,
/// what passes over most results that cannot be reused without reading
/// them. A lookup scans a position's list, and reading each result and
/// then its forbidden positions, each in an allocation of its own, was
/// most of the search's time (docs/ai.md, "Looking results up").
pub(super) struct Entry {
    /// The depths at which the result holds, from `depth_from` to
    /// `depth_to`: a proof in `p` plies from `p` up, a disproof within `d`
    /// plies up to `d`.
    depth_from: u32,
    depth_to: u32,
    /// The first forbidden positions (as many as there are, up to
    /// [`HEAD`]; the rest are `NONE`): each must be on the line for the
    /// result to hold there.
    forbidden_head: [u32; HEAD],
    pub(super) solved: Rc<Solved>,
    /// When the result was last stored or found ([`Store::use_now`]).
    last_used: Cell<u64>,
    /// Its priority in a sweep: the store's floor when it was last stored
    /// or found, and its worth ([`Store::sweep`]).
    priority: Cell<u64>,
    /// What the last check of it against the line learned.
    seen: SeenCell,
}

/// The forbidden positions an [`Entry`] keeps beside its result. (With
/// two, more checks read the result only to find a forbidden position off
/// the line: at horizon 67 four took 90.8 s against two's 100.5 s, and
/// eight 94.9 s, docs/ai.md, "Blockers that stay".)
const HEAD: usize = 4;
/// No position (indices are below the number of positions).
const NONE: u32 = u32::MAX;

impl Entry {
    fn of(solved: Rc<Solved>) -> Entry {
        let (depth_from, depth_to) = match solved.proof {
            Some(plies) => (plies, u32::MAX),
            None => (0, solved.depth),
        };
        let mut forbidden_head = [NONE; HEAD];
        for (kept, &k) in forbidden_head.iter_mut().zip(solved.forbidden.iter()) {
            *kept = k;
        }
        Entry {
            depth_from,
            depth_to,
            forbidden_head,
            solved,
            last_used: Cell::new(0),
            priority: Cell::new(0),
            seen: SeenCell::default(),
        }
    }

    /// Whether the result holds on `line` with its own position, `own`,
    /// added.
    fn holds_on(&self, line: &Line, own: u32) -> bool {
        self.may_meet(|k| k == own || line.contains(k))
            && line.meets_exactly(
                &self.solved.touched,
                &self.solved.forbidden,
                own,
                &self.seen,
            )
    }

    /// Whether the result answers the question with `depth` plies left.
    fn holds_at(&self, depth: u32) -> bool {
        (self.depth_from..=self.depth_to).contains(&depth)
    }

    /// Whether each of the first forbidden positions passes `on_line`:
    /// when one does not, the result was made on a line that differs
    /// from this one in what it relied on.
    fn may_meet(&self, on_line: impl Fn(u32) -> bool) -> bool {
        (self.forbidden_head.iter()).all(|&k| k == NONE || on_line(k))
    }
}

/// Which result a position whose list is full drops for a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WhenFull {
    /// The oldest.
    DropOldest,
    /// The one stored or found longest ago. A deep search makes a result
    /// for each line that meets a position's touched set differently, and
    /// the lines of one part of the tree come back while it is searched:
    /// dropping the oldest dropped results still in use, to be proved again
    /// (docs/ai.md, "Results in use").
    DropLeastRecentlyUsed,
}

/// Why [`Store::find`] found nothing.
pub(super) enum Refused {
    /// A result answers the question, but not on this line.
    OnThisLine,
    /// No result answers it.
    Unknown,
}

/// The solved results of one search.
pub(super) struct Store {
    solved: Vec<Vec<Entry>>,
    /// Results kept per position, and which goes when a list is full.
    pub(super) per_position: usize,
    pub(super) when_full: WhenFull,
    /// The most memory the results may hold ([`Store::put`]).
    pub(super) budget: Option<usize>,
    /// What the results hold beyond the touched sets they share (which
    /// the search's [`Unions`] counts).
    own_bytes: usize,
    /// How many results the store holds, and has dropped to make room.
    pub(super) results: usize,
    pub(super) dropped: u64,
    /// Counts the results stored and found, to date their use.
    clock: Cell<u64>,
    /// The priority of the last result a sweep dropped: a result stored or
    /// found starts from it.
    floor: u64,
    /// The line the results remember ([`Seen`]), 0 before any.
    seen_on: Cell<u64>,
}

impl Store {
    /// An empty store for `positions` positions.
    pub(super) fn new(positions: usize, per_position: usize) -> Store {
        Store {
            solved: (0..positions).map(|_| Vec::new()).collect(),
            per_position,
            when_full: WhenFull::DropOldest,
            budget: None,
            own_bytes: 0,
            results: 0,
            dropped: 0,
            clock: Cell::new(0),
            floor: 0,
            seen_on: Cell::new(0),
        }
    }

    /// Makes the results forget what they remember of another line than
    /// `line`. (A search asks one line throughout, so this happens once.)
    fn remember_for(&self, line: &Line) {
        if self.seen_on.get() != line.id() {
            for entry in self.solved.iter().flatten() {
                entry.seen.set(Seen::NOTHING);
            }
            self.seen_on.set(line.id());
        }
    }

    /// Marks `entry` as used now: stored, or found to answer.
    fn use_now(&self, entry: &Entry) {
        self.clock.set(self.clock.get() + 1);
        entry.last_used.set(self.clock.get());
        (entry.priority).set(self.floor + u64::from(entry.solved.worth()));
    }

    /// The results stored for the position `index`, oldest first.
    #[cfg(test)]
    fn of(&self, index: u32) -> &[Entry] {
        &self.solved[index as usize]
    }

    /// The oldest stored result for the position `index` that answers the
    /// question with `depth` plies left on `line` (with `index` added),
    /// or else whether any result answered it on another line. The result
    /// found counts as used now.
    pub(super) fn find(&self, index: u32, depth: u32, line: &Line) -> Result<Rc<Solved>, Refused> {
        self.remember_for(line);
        let entries = &self.solved[index as usize];
        let mut answers = false;
        for entry in entries.iter().filter(|e| e.holds_at(depth)) {
            if entry.holds_on(line, index) {
                self.use_now(entry);
                return Ok(Rc::clone(&entry.solved));
            }
            answers = true;
        }
        Err(if answers {
            Refused::OnThisLine
        } else {
            Refused::Unknown
        })
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
    /// is too large to keep), dropping one of that position's results if
    /// it has its fill ([`WhenFull`]), and sweeping the store if it is over
    /// its budget.
    #[cfg(test)]
    pub(super) fn put(&mut self, index: u32, solved: Solved, unions: &Unions) -> Rc<Solved> {
        self.put_seen(index, solved, unions, Seen::NOTHING)
    }

    /// The same, for a result just made on `line`, which therefore meets
    /// it in exactly its forbidden positions: its first lookup need read
    /// only what the line entered since.
    pub(super) fn put_made_on(
        &mut self,
        index: u32,
        solved: Solved,
        unions: &Unions,
        line: &Line,
    ) -> Rc<Solved> {
        #[cfg(debug_assertions)]
        assert_eq!(
            solved.forbidden[..],
            line.met_by(&solved.touched, index)[..]
        );
        self.remember_for(line);
        self.put_seen(index, solved, unions, line.clear_now())
    }

    fn put_seen(&mut self, index: u32, solved: Solved, unions: &Unions, seen: Seen) -> Rc<Solved> {
        let solved = Rc::new(solved);
        if solved.touched.len() <= MAX_TOUCHED {
            let entries = &mut self.solved[index as usize];
            if entries.len() >= self.per_position {
                let slot = match self.when_full {
                    WhenFull::DropOldest => 0,
                    WhenFull::DropLeastRecentlyUsed => (entries.iter().enumerate())
                        .min_by_key(|(_, e)| e.last_used.get())
                        .map_or(0, |(slot, _)| slot),
                };
                self.own_bytes -= entries.remove(slot).solved.bytes();
                self.results -= 1;
                self.dropped += 1;
            }
            let entry = Entry::of(Rc::clone(&solved));
            entry.seen.set(seen);
            self.use_now(&entry);
            self.solved[index as usize].push(entry);
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

    /// Drops the stored results of the lowest priority until the rest fit
    /// in `target`, and raises the store's floor to the last one's. Ties
    /// go by position, then age, so that a search repeats exactly.
    ///
    /// A result's priority is its worth (the nodes it saved for the memory
    /// it holds) above the floor when it was last stored or found: the
    /// GreedyDual-Size rule of web caches (Cao and Irani, 1997), where a
    /// document's cost to fetch again and its size play the parts of the
    /// nodes and the memory. A result not used since a sweep keeps its old
    /// priority while the floor rises past it. The nodes alone (the "small
    /// tree" collection of the df-pn literature) keep the big proofs near
    /// the root, but those hold the largest touched sets; the worth alone
    /// keeps results no line asks for again; the least recently used alone
    /// drops the costly proofs near the root that are asked for rarely,
    /// and at a tight bound made them again without end.
    fn sweep(&mut self, target: usize, unions: &Unions) {
        while self.bytes(unions) > target {
            let mut cheapest: Vec<(u64, u32, u32)> = Vec::with_capacity(self.results);
            for (index, entries) in self.solved.iter().enumerate() {
                for (slot, e) in entries.iter().enumerate() {
                    cheapest.push((e.priority.get(), index as u32, slot as u32));
                }
            }
            if cheapest.is_empty() {
                return;
            }
            // Enough to free the excess, counting each shared set by the
            // holders' shares of it. A sweep drops about a tenth, so only
            // the cheapest part is put in order, a slice at a time (sorting
            // every result took a twentieth of a bounded search's time).
            let mut excess = self.bytes(unions) - target;
            let mut dropping: Vec<(u32, u32)> = Vec::new();
            let slice = cheapest.len() / SWEEP_SLICES + 1;
            let mut ordered = 0;
            for at in 0..cheapest.len() {
                if excess == 0 {
                    break;
                }
                if at == ordered {
                    ordered = order_next(&mut cheapest, ordered, slice);
                }
                let (priority, index, slot) = cheapest[at];
                self.floor = priority;
                let s = &self.solved[index as usize][slot as usize].solved;
                excess = excess.saturating_sub(s.held_bytes());
                dropping.push((index, slot));
            }
            drop(cheapest);
            dropping.sort_unstable();
            for group in dropping.chunk_by(|a, b| a.0 == b.0) {
                let entries = &mut self.solved[group[0].0 as usize];
                let (mut slot, mut next, mut freed) = (0, 0, 0);
                entries.retain(|e| {
                    let goes = group.get(next).is_some_and(|d| d.1 == slot);
                    if goes {
                        next += 1;
                        freed += e.solved.bytes();
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

    /// Ordering a slice at a time gives every prefix a full sort gives,
    /// duplicates and all, whatever the slice.
    #[test]
    fn ordering_in_slices_matches_a_full_sort() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
        for _ in 0..500 {
            let keys: Vec<u8> = (0..rng.random_range(0..40))
                .map(|_| rng.random_range(0..12))
                .collect();
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            let slice = rng.random_range(1..10);
            let (mut sliced, mut ordered) = (keys.clone(), 0);
            while ordered < sliced.len() {
                let before = ordered;
                ordered = order_next(&mut sliced, ordered, slice);
                assert_eq!(ordered, (before + slice).min(keys.len()));
                assert_eq!(sliced[..ordered], sorted[..ordered], "{keys:?}, {slice}");
            }
        }
    }

    /// Sweeps to one byte below what the store holds, so that exactly one
    /// result goes, and says which (position, and work).
    fn sweep_one(store: &mut Store, unions: &Unions) -> (u32, u32) {
        let before: Vec<Vec<u32>> = (store.solved.iter())
            .map(|e| e.iter().map(|e| e.solved.work).collect())
            .collect();
        let dropped = store.dropped;
        store.sweep(store.bytes(unions) - 1, unions);
        assert_eq!(store.dropped, dropped + 1, "one result at a time");
        assert!(store.counts_truly());
        let after: Vec<Vec<u32>> = (store.solved.iter())
            .map(|e| e.iter().map(|e| e.solved.work).collect())
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
    fn a_result_found_since_the_last_sweep_outlives_a_worthier_one() {
        let mut unions = Unions::default();
        let mut store = Store::new(16, 8);
        let few: Vec<u32> = (0..10).collect();
        // Sets of the same size, so worth goes by the nodes alone (and none
        // holds its own position, so each holds on the empty line).
        for (index, work) in [(12, 60), (13, 50), (14, 100)] {
            let solved = result(&mut unions, work, &few);
            store.put(index, solved, &unions);
        }
        assert_eq!(sweep_one(&mut store, &unions), (13, 50), "the least worth");
        // Found now, the result of 60 nodes stands at the floor (the
        // worth of 50) and its own worth: above the one of 100 nodes,
        // which was not found.
        assert_eq!(found(&store, 12, 2, &[]), Ok(60));
        assert_eq!(sweep_one(&mut store, &unions), (14, 100));
        // A result stored now starts from the floor too (the worth of
        // 100): one of 20 nodes outranks the one of 60 found earlier.
        store.put(15, result(&mut unions, 20, &few), &unions);
        assert_eq!(sweep_one(&mut store, &unions), (12, 60));
        assert_eq!(sweep_one(&mut store, &unions), (15, 20));
        assert_eq!(store.results, 0);
    }

    #[test]
    fn a_put_over_the_budget_sweeps_to_nine_tenths_of_it() {
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
        assert!(store.dropped > 0 && most > 18_000, "the budget binds");
        // Each sweep stopped at nine tenths of the budget, or just below.
        assert!(store.bytes(&unions) >= 18_000 - 200 || store.results < 10);
    }

    /// Which stored result `find` answers with, by its work, or why none.
    fn found(store: &Store, index: u32, depth: u32, line: &[u32]) -> Result<u32, &'static str> {
        let mut on_line = Line::new();
        on_line.reset(line.iter().copied());
        match store.find(index, depth, &on_line) {
            Ok(s) => Ok(s.work),
            Err(Refused::OnThisLine) => Err("not on this line"),
            Err(Refused::Unknown) => Err("unknown"),
        }
    }

    #[test]
    fn a_lookup_finds_the_oldest_result_that_holds_at_the_depth_and_on_the_line() {
        let mut unions = Unions::default();
        let mut store = Store::new(16, 8);
        // Position 7: a disproof within 3 plies that found 3, 5 and 9 on
        // its line (more than an entry keeps beside it); a proof in 4
        // plies that found 5; a disproof within 6 plies that found none.
        let results = [
            (None, 3, 1, vec![2, 3, 5, 9, 11], vec![3, 5, 9]),
            (Some(4), 0, 2, vec![5, 8], vec![5]),
            (None, 6, 3, vec![1, 4], vec![]),
        ];
        for (proof, depth, work, touched, forbidden) in results {
            let solved = Solved {
                proof,
                depth,
                work,
                touched: unions.set_of(&touched),
                forbidden: forbidden.into(),
            };
            store.put(7, solved, &unions);
        }
        // By hand: the first holds at depths up to 3 on a line holding
        // exactly 3, 5 and 9 of its touched positions; the second from 4
        // up on a line holding 5 and not 8; the third up to 6 on a line
        // holding neither 1 nor 4.
        assert_eq!(found(&store, 7, 2, &[3, 5, 9]), Ok(1));
        assert_eq!(found(&store, 7, 2, &[9, 0, 5, 3]), Ok(1));
        assert_eq!(found(&store, 7, 2, &[3, 5, 9, 11]), Ok(3), "11 touched");
        assert_eq!(found(&store, 7, 2, &[3, 5]), Ok(3), "9 off the line");
        assert_eq!(found(&store, 7, 2, &[5, 9]), Ok(3), "3 off the line");
        assert_eq!(found(&store, 7, 2, &[3, 5, 9, 1]), Ok(1), "1 not touched");
        assert_eq!(found(&store, 7, 2, &[3, 5, 1]), Err("not on this line"));
        assert_eq!(found(&store, 7, 5, &[5]), Ok(2), "the proof first");
        assert_eq!(found(&store, 7, 5, &[5, 8]), Ok(3));
        assert_eq!(found(&store, 7, 4, &[]), Ok(3), "5 off the line");
        assert_eq!(found(&store, 7, 7, &[6]), Err("not on this line"), "5 off");
        assert_eq!(found(&store, 7, 7, &[5, 6]), Ok(2));
        assert_eq!(found(&store, 7, 7, &[4]), Err("not on this line"));
        assert_eq!(found(&store, 3, 2, &[]), Err("unknown"));
    }

    #[test]
    fn what_results_remember_of_one_line_is_forgotten_on_another() {
        let mut unions = Unions::default();
        let mut store = Store::new(16, 4);
        // Position 7, a disproof that touched 1 and 2 and found neither on
        // its line: made on the line 5, 6, 8, and found again there.
        let mut line = Line::new();
        line.reset([5, 6, 8]);
        store.put_made_on(7, result(&mut unions, 1, &[1, 2]), &unions, &line);
        assert!(store.find(7, 3, &line).is_ok());
        // By hand: a new line holding 1 fails it, though it entered 1 as
        // early as the first line entered 5 (its own moments start again).
        let mut other = Line::new();
        other.reset([1]);
        assert!(matches!(store.find(7, 3, &other), Err(Refused::OnThisLine)));
        // The first line, grown by a touched position and by another, and
        // shrunk back.
        line.enter(2);
        assert!(matches!(store.find(7, 3, &line), Err(Refused::OnThisLine)));
        line.leave();
        line.enter(9);
        assert!(store.find(7, 3, &line).is_ok());
        line.leave();
        line.leave();
        line.enter(1);
        assert!(matches!(store.find(7, 3, &line), Err(Refused::OnThisLine)));
    }

    #[test]
    fn a_full_position_may_drop_the_result_used_longest_ago() {
        let mut unions = Unions::default();
        let mut store = Store::new(4, 3);
        store.when_full = WhenFull::DropLeastRecentlyUsed;
        for (work, depth) in [(1, 3), (2, 5), (3, 7)] {
            let mut solved = result(&mut unions, work, &[1, 2]);
            solved.depth = depth;
            store.put(3, solved, &unions);
        }
        let works =
            |store: &Store| -> Vec<u32> { store.of(3).iter().map(|e| e.solved.work).collect() };
        // Found at 4 plies (only the disproof within 5 holds there): the
        // first is now the one used longest ago, and goes for the fourth.
        assert_eq!(found(&store, 3, 4, &[]), Ok(2));
        store.put(3, result(&mut unions, 4, &[1, 2]), &unions);
        assert_eq!(works(&store), [2, 3, 4]);
        // Found at 6 plies, the third; then at 1 the second (the first in
        // the list that holds). The fourth, stored before both, goes for
        // the fifth, then the third for the sixth (the oldest first would
        // have kept 4, 5 and 6).
        assert_eq!(found(&store, 3, 6, &[]), Ok(3));
        assert_eq!(found(&store, 3, 1, &[]), Ok(2));
        store.put(3, result(&mut unions, 5, &[1, 2]), &unions);
        assert_eq!(works(&store), [2, 3, 5]);
        store.put(3, result(&mut unions, 6, &[1, 2]), &unions);
        assert_eq!(works(&store), [2, 5, 6]);
        assert_eq!((store.results, store.dropped), (3, 3));
        assert!(store.counts_truly());
    }

    #[test]
    fn a_full_position_drops_its_oldest() {
        let mut unions = Unions::default();
        let mut store = Store::new(4, 2);
        for work in [1, 2, 3] {
            let solved = result(&mut unions, work, &[1, 2]);
            store.put(3, solved, &unions);
        }
        let works: Vec<u32> = store.of(3).iter().map(|e| e.solved.work).collect();
        assert_eq!(works, [2, 3]);
        assert_eq!((store.results, store.dropped), (2, 1));
    }
}
