//! The line being searched: the positions from the game's start to the
//! node in hand, none of which may be entered again.
//!
//! Two questions are asked of it at every node: whether a move leads back
//! onto it, and whether a stored result's touched set meets it in exactly
//! the positions the result found forbidden. The line is kept both in order
//! and as one bit per position of the space, so the first question takes
//! one step. The second reads the set's members against the line's bits,
//! or looks the line's positions up in the set; and what one check learned
//! is kept with the result ([`Seen`]), so that the next check on a line
//! that shares most of this one reads only what changed.

use super::form::{has_bit, put_bit, words};
use super::touched::Touched;
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// The lines made so far in this process: each line is told apart by its
/// number, as what a result remembers holds of one line only.
static LINES: AtomicU64 = AtomicU64::new(1);

pub(super) struct Line {
    /// This line's number, never given twice.
    id: u64,
    /// The positions' indices, the current one last.
    order: Vec<u32>,
    /// When each position of `order` entered the line, by `clock`: rising
    /// along the line, and never given twice, so that the positions
    /// entered at or before a moment are the part of the line unchanged
    /// since then.
    entered: Vec<u64>,
    /// The moments given so far.
    clock: u64,
    /// One bit per position index: set while the position is on the line.
    bits: Vec<u64>,
}

/// What the last check of a stored result against the line learned, true
/// of that line only ([`Line::id`]). Both parts stay true while the line
/// changes: a moment's positions are never replaced, only left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seen {
    /// Every position on the line entered at or before this moment was
    /// outside the result's touched set, or forbidden: a later line need
    /// only be read from where it differs. (A deep search asks a
    /// position's results again each time it comes back to the node
    /// above it, on the same line but for that node.)
    pub(super) clear_as_of: Option<u64>,
    /// This position is touched and not forbidden: the result fails on
    /// any line through it, which takes one step to ask. Once it has left
    /// the line, the check reads only what entered after `clear_as_of`
    /// (before, the whole line: at horizon 61 two thirds of the positions
    /// the checks read were of lines whose blocker had left).
    pub(super) blocked_by: Option<u32>,
}

impl Seen {
    pub(super) const NOTHING: Seen = Seen {
        clear_as_of: None,
        blocked_by: None,
    };
}

/// A [`Seen`] in eight bytes, kept beside each stored result: the moment
/// plus one in the low bits (0 for none), the blocker plus one above them.
#[derive(Default)]
pub(super) struct SeenCell(Cell<u64>);

/// The bits of the moment; moments are far fewer than 2^43, and position
/// indices than 2^21.
const MOMENT_BITS: u32 = 43;
const MOMENT_MASK: u64 = (1 << MOMENT_BITS) - 1;

impl SeenCell {
    pub(super) fn get(&self) -> Seen {
        let packed = self.0.get();
        let moment = packed & MOMENT_MASK;
        let blocker = packed >> MOMENT_BITS;
        Seen {
            clear_as_of: (moment != 0).then(|| moment - 1),
            blocked_by: (blocker != 0).then(|| (blocker - 1) as u32),
        }
    }

    pub(super) fn set(&self, seen: Seen) {
        let moment = seen.clear_as_of.map_or(0, |m| m + 1);
        assert!(moment <= MOMENT_MASK, "moments fit in their bits");
        let blocker = seen.blocked_by.map_or(0, |k| u64::from(k) + 1);
        assert!(blocker < 1 << (64 - MOMENT_BITS), "indices fit in theirs");
        self.0.set(blocker << MOMENT_BITS | moment);
    }
}

impl Line {
    pub(super) fn new() -> Self {
        Line {
            id: LINES.fetch_add(1, Ordering::Relaxed),
            order: Vec::new(),
            entered: Vec::new(),
            clock: 0,
            bits: vec![0; words()],
        }
    }

    /// The line replaced by `indices` (distinct, as a game's are).
    pub(super) fn reset(&mut self, indices: impl IntoIterator<Item = u32>) {
        for &index in &self.order {
            put_bit(&mut self.bits, index, false);
        }
        self.order.clear();
        self.entered.clear();
        for index in indices {
            self.enter(index);
        }
    }

    pub(super) fn enter(&mut self, index: u32) {
        debug_assert!(!self.contains(index), "a position enters the line once");
        self.clock += 1;
        self.order.push(index);
        self.entered.push(self.clock);
        put_bit(&mut self.bits, index, true);
    }

    pub(super) fn leave(&mut self) {
        let index = self.order.pop().expect("the line is not empty");
        self.entered.pop();
        put_bit(&mut self.bits, index, false);
    }

    pub(super) fn contains(&self, index: u32) -> bool {
        has_bit(&self.bits, index)
    }

    /// The line's number, never another line's (a store whose results
    /// remember one line forgets it before another is asked about).
    pub(super) fn id(&self) -> u64 {
        self.id
    }

    /// What a result that meets the line as it is now in exactly its
    /// forbidden positions (one just made on it) may remember.
    pub(super) fn clear_now(&self) -> Seen {
        Seen {
            clear_as_of: Some(self.clock),
            blocked_by: None,
        }
    }

    #[cfg(test)]
    fn positions(&self) -> &[u32] {
        &self.order
    }

    /// Whether the line with `extra` (a position not on it) added meets
    /// `touched` in exactly `forbidden` (sorted, distinct, and part of
    /// `touched`, as a stored result's are). `seen` is what the last such
    /// check of these sets learned, and learns from this one.
    pub(super) fn meets_exactly(
        &self,
        touched: &Touched,
        forbidden: &[u32],
        extra: u32,
        seen: &SeenCell,
    ) -> bool {
        debug_assert!(!self.contains(extra));
        let known = seen.get();
        if known.blocked_by.is_some_and(|index| self.contains(index)) {
            return false;
        }
        let on = |k: u32| k == extra || self.contains(k);
        if !forbidden.iter().all(|&k| on(k)) {
            return false;
        }
        // Every forbidden position is on the line, and they are all
        // touched: the line meets the set in exactly them when no other
        // position of the line is touched. Of the line, only the part
        // entered since it was last found clear need be read.
        let from = match known.clear_as_of {
            Some(moment) => self.entered.partition_point(|&e| e <= moment),
            None => 0,
        };
        let fresh = &self.order[from..];
        let blocks = |k: u32| forbidden.binary_search(&k).is_err();
        // A set that finds a member quickly (a bitmap, or gaps with a skip
        // table), or any set when only a position or two are fresh, is
        // asked about each. Otherwise, or when the set is smaller than
        // what is to be read, its members are walked.
        let looked_up =
            (touched.finds_quickly() && touched.len() > fresh.len()) || fresh.len() <= 1;
        if !looked_up {
            let blocker = touched.members().find(|&k| on(k) && blocks(k));
            match blocker {
                None => seen.set(self.clear_now()),
                // The first member on the line, not the oldest position:
                // what was known clear stays all that is.
                Some(k) if k != extra => seen.set(Seen {
                    blocked_by: Some(k),
                    ..known
                }),
                Some(_) => {}
            }
            return blocker.is_none();
        }
        // The result's own position is not on the line, so what it says
        // teaches nothing of the line (and a stored result's own position
        // is forbidden wherever it touched it).
        if touched.contains(extra) && blocks(extra) {
            return false;
        }
        // The line is read oldest first, so that a blocker found is the
        // one that stays on it longest, and the line before it is clear:
        // once it leaves, the next check reads only what entered after it.
        // (Newest first found a blocker in fewer lookups, but one that
        // left soon, and then the whole line was read again: docs/ai.md,
        // "Blockers that stay".)
        match fresh.iter().position(|&k| touched.contains(k) && blocks(k)) {
            None => {
                seen.set(self.clear_now());
                true
            }
            Some(at) => {
                let at = from + at;
                seen.set(Seen {
                    blocked_by: Some(self.order[at]),
                    clear_as_of: Some(self.entered[at] - 1),
                });
                false
            }
        }
    }

    /// The members of `touched` on the line with `extra` added, sorted
    /// (what a result made on this line records; the search finds it from
    /// the children's results and checks it against this).
    #[cfg(any(test, debug_assertions))]
    pub(super) fn met_by(&self, touched: &Touched, extra: u32) -> Box<[u32]> {
        let on = |k: u32| k == extra || self.contains(k);
        if touched.finds_quickly() {
            let mut met: Vec<u32> = std::iter::once(extra)
                .chain(self.order.iter().copied())
                .filter(|&k| touched.contains(k))
                .collect();
            met.sort_unstable();
            met.into()
        } else {
            touched.members().filter(|&k| on(k)).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, checked member by member.
    fn naive(line: &[u32], touched: &[u32], forbidden: &[u32], extra: u32) -> bool {
        let mut met: Vec<u32> = touched
            .iter()
            .copied()
            .filter(|k| *k == extra || line.contains(k))
            .collect();
        met.sort_unstable();
        met == forbidden
    }

    #[test]
    fn entering_and_leaving_keep_the_bits_with_the_order() {
        let mut line = Line::new();
        line.reset([5, 70, 3]);
        assert!(line.contains(70) && line.contains(3) && !line.contains(4));
        line.enter(64);
        line.leave();
        line.leave();
        assert_eq!(line.positions(), &[5, 70]);
        assert!(!line.contains(3) && !line.contains(64));
        line.reset([9]);
        assert_eq!(line.positions(), &[9]);
        assert!(!line.contains(5) && !line.contains(70) && line.contains(9));
    }

    #[test]
    fn what_a_result_remembers_of_a_line_never_changes_an_answer() {
        // Results that keep what each check learned, asked again and again
        // as the line grows, shrinks and is replaced (the positions of a
        // small space, so that lines often share their older part and meet
        // the sets), against the definition asked afresh each time.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(73);
        let space = 120u32;
        let mut results = Vec::new();
        for r in 0..12 {
            // Some sets dense enough to find members quickly, as gaps
            // with a skip table or as a bitmap, and some walked.
            let count = [6, 40, 300][r % 3];
            let spread = if count == 300 { 4000 } else { space };
            let mut members: Vec<u32> = (0..count).map(|_| rng.random_range(0..spread)).collect();
            members.sort_unstable();
            members.dedup();
            let set = if r % 4 == 3 {
                Touched::bitmap_of(&members)
            } else {
                Touched::from_sorted(&members)
            };
            // Its own position, and forbidden positions among its members
            // in the small space (its own always, when it is a member).
            let own = space + r as u32;
            let mut forbidden: Vec<u32> = (members.iter().copied())
                .filter(|&k| k < space && rng.random_bool(0.05))
                .collect();
            forbidden.sort_unstable();
            results.push((members, set, own, forbidden, SeenCell::default()));
        }
        let mut line = Line::new();
        let mut order: Vec<u32> = Vec::new();
        let (mut answers, mut kinds) = ([0; 2], [0; 4]);
        for step in 0..20_000 {
            match rng.random_range(0..10) {
                0 if step % 7 == 0 => {
                    let length = rng.random_range(0..8);
                    order = (0..space)
                        .filter(|_| rng.random_bool(0.05))
                        .take(length)
                        .collect();
                    line.reset(order.iter().copied());
                }
                0..=4 if !order.is_empty() => {
                    order.pop();
                    line.leave();
                }
                _ => {
                    let next = rng.random_range(0..space);
                    if !order.contains(&next) && order.len() < 40 {
                        order.push(next);
                        line.enter(next);
                    }
                }
            }
            for (members, set, own, forbidden, seen) in &results {
                let expected = naive(&order, members, forbidden, *own);
                let known = seen.get();
                kinds[match (known.blocked_by, known.clear_as_of) {
                    (None, None) => 0,
                    (None, Some(_)) => 1,
                    (Some(_), None) => 2,
                    (Some(_), Some(_)) => 3,
                }] += 1;
                assert_eq!(
                    line.meets_exactly(set, forbidden, *own, seen),
                    expected,
                    "line {order:?}, set {members:?}, forbidden {forbidden:?}"
                );
                answers[usize::from(expected)] += 1;
                // A result made on this line remembers it as clear.
                if expected && rng.random_bool(0.1) {
                    seen.set(line.clear_now());
                }
            }
        }
        assert!(answers.iter().all(|&n| n > 1000), "{answers:?}");
        assert!(kinds[1..].iter().all(|&n| n > 1000), "{kinds:?}");
    }

    #[test]
    fn a_blocked_result_remembers_its_oldest_blocker_and_the_clear_line_before_it() {
        // A set with a skip table, so that the line's positions are looked
        // up in it: of the line 5, 40, 9, 70 it touches 40 and 70, and
        // forbids neither, and it does not touch the result's own 2000.
        let members: Vec<u32> = (0..400).map(|i| i * 3 + 1).collect();
        assert!(members.contains(&40) && members.contains(&70));
        let set = Touched::from_sorted(&members);
        assert!(set.finds_quickly());
        let mut line = Line::new();
        line.reset([5, 40, 9, 70]);
        let seen = SeenCell::default();
        assert!(!line.meets_exactly(&set, &[], 2000, &seen));
        // 40 entered the line second: the moment before it is the first.
        let known = seen.get();
        assert_eq!(known.blocked_by, Some(40));
        assert_eq!(known.clear_as_of, Some(line.entered[0]));
        // While 40 stays the answer stays no; once the line is back to 5
        // and goes on clear, it is yes, and remembered as of now.
        line.leave();
        assert!(!line.meets_exactly(&set, &[], 2000, &seen));
        line.leave();
        line.leave();
        line.enter(8);
        assert!(line.meets_exactly(&set, &[], 2000, &seen));
        assert_eq!(seen.get(), line.clear_now());
    }

    #[test]
    fn a_line_meets_a_set_exactly_where_the_definition_says() {
        // A short set and a long one, each as gaps and as a bitmap (asked
        // about each position of the line), against lines
        // and forbidden sets that agree, miss one, or have one too many.
        let short: Vec<u32> = vec![2, 5, 9, 40, 41, 100];
        let long: Vec<u32> = (0..2000).map(|i| i * 3 + 2).collect();
        // The long set as gaps is asked position by position (it has a
        // skip table), the short one is walked.
        assert!(Touched::from_sorted(&long).finds_quickly());
        assert!(!Touched::from_sorted(&short).finds_quickly());
        let mut answers = [[0; 2]; 2];
        for (which, list) in [short, long].into_iter().enumerate() {
            let as_list = Touched::from_sorted(&list);
            let as_bitmap = Touched::bitmap_of(&list);
            for line in [vec![], vec![5], vec![5, 9, 7], vec![1, 4, 6, 8, 10, 500]] {
                let mut on_line = Line::new();
                on_line.reset(line.iter().copied());
                for forbidden in [vec![], vec![5], vec![5, 9], vec![9], vec![2, 5]] {
                    for extra in [2u32, 3, 41] {
                        if line.contains(&extra) {
                            continue;
                        }
                        let forbidden: Vec<u32> = forbidden
                            .iter()
                            .copied()
                            .filter(|k| list.binary_search(k).is_ok())
                            .collect();
                        let expected = naive(&line, &list, &forbidden, extra);
                        let case = format!("line {line:?}, forbidden {forbidden:?}, extra {extra}");
                        assert_eq!(
                            on_line.meets_exactly(
                                &as_list,
                                &forbidden,
                                extra,
                                &SeenCell::default()
                            ),
                            expected,
                            "list of {}, {case}",
                            list.len()
                        );
                        assert_eq!(
                            on_line.meets_exactly(
                                &as_bitmap,
                                &forbidden,
                                extra,
                                &SeenCell::default()
                            ),
                            expected,
                            "bitmap, {case}"
                        );
                        answers[which][usize::from(expected)] += 1;
                        // What a result made on this line would record.
                        let met: Vec<u32> = list
                            .iter()
                            .copied()
                            .filter(|k| *k == extra || line.contains(k))
                            .collect();
                        assert_eq!(&on_line.met_by(&as_list, extra)[..], met, "{case}");
                        assert_eq!(&on_line.met_by(&as_bitmap, extra)[..], met, "{case}");
                    }
                }
            }
        }
        // Both answers occur, for the short set and the long one.
        assert!(answers.iter().flatten().all(|&n| n > 0), "{answers:?}");
    }
}
