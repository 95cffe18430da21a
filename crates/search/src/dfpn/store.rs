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
    /// What a sweep leaves in the place of a result it drops, until it
    /// takes them all out: nothing, counted in no search's memory.
    fn placeholder() -> Solved {
        Solved {
            proof: None,
            depth: 0,
            work: 0,
            touched: Touched::empty(),
            forbidden: Box::default(),
        }
    }

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
        if self.bytes(unions) <= target {
            return;
        }
        let mut cheapest: Vec<(u64, u32, u32)> = Vec::with_capacity(self.results);
        for (index, entries) in self.solved.iter().enumerate() {
            for (slot, e) in entries.iter().enumerate() {
                cheapest.push((e.priority.get(), index as u32, slot as u32));
            }
        }
        // A sweep drops about a tenth, so only the cheapest part is put in
        // order, a slice at a time (sorting every result took a twentieth
        // of a bounded search's time).
        let slice = cheapest.len() / SWEEP_SLICES + 1;
        let (mut at, mut ordered) = (0, 0);
        // The results dropped leave this in their places until the sweep
        // ends, so that the slots in `cheapest` still name the rest.
        let swept = Rc::new(Solved::placeholder());
        // Each round drops enough to free the excess, counting each shared
        // set by the holders' shares of it. Dropping a holder frees a set
        // only when it is the last, so a round may free less than it
        // counted on, and the next goes on from where it stopped.
        while self.bytes(unions) > target && at < cheapest.len() {
            let mut excess = self.bytes(unions) - target;
            let first = at;
            while excess > 0 && at < cheapest.len() {
                if at == ordered {
                    ordered = order_next(&mut cheapest, ordered, slice);
                }
                let (priority, index, slot) = cheapest[at];
                self.floor = priority;
                let s = &self.solved[index as usize][slot as usize].solved;
                excess = excess.saturating_sub(s.held_bytes());
                at += 1;
            }
            // Freed by position, as the lists lie in memory.
            let round = &mut cheapest[first..at];
            round.sort_unstable_by_key(|&(_, index, slot)| (index, slot));
            for &(_, index, slot) in &*round {
                let entry = &mut self.solved[index as usize][slot as usize];
                let solved = std::mem::replace(&mut entry.solved, Rc::clone(&swept));
                self.own_bytes -= solved.bytes();
            }
        }
        let mut dropping: Vec<u32> = cheapest[..at].iter().map(|&(_, index, _)| index).collect();
        drop(cheapest);
        dropping.sort_unstable();
        dropping.dedup();
        for index in dropping {
            let entries = &mut self.solved[index as usize];
            let before = entries.len();
            entries.retain(|e| !Rc::ptr_eq(&e.solved, &swept));
            let gone = before - entries.len();
            self.results -= gone;
            self.dropped += gone as u64;
        }
    }
}

#[cfg(test)]
mod tests;
