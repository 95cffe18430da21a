//! The line being searched: the positions from the game's start to the
//! node in hand, none of which may be entered again.
//!
//! Two questions are asked of it at every node: whether a move leads back
//! onto it, and whether a stored result's touched set meets it in exactly
//! the positions the result found forbidden. The line is kept both in order
//! and as one bit per position of the space, so the first question takes
//! one step, and the second is one walk through the set's members, each
//! looked up in the line's bits.

use super::form::{has_bit, put_bit, words};
use super::touched::Touched;

pub(super) struct Line {
    /// The positions' indices, the current one last.
    order: Vec<u32>,
    /// One bit per position index: set while the position is on the line.
    bits: Vec<u64>,
}

impl Line {
    pub(super) fn new() -> Self {
        Line {
            order: Vec::new(),
            bits: vec![0; words()],
        }
    }

    /// The line replaced by `indices` (distinct, as a game's are).
    pub(super) fn reset(&mut self, indices: impl IntoIterator<Item = u32>) {
        for &index in &self.order {
            put_bit(&mut self.bits, index, false);
        }
        self.order.clear();
        for index in indices {
            self.enter(index);
        }
    }

    pub(super) fn enter(&mut self, index: u32) {
        debug_assert!(!self.contains(index), "a position enters the line once");
        self.order.push(index);
        put_bit(&mut self.bits, index, true);
    }

    pub(super) fn leave(&mut self) {
        let index = self.order.pop().expect("the line is not empty");
        put_bit(&mut self.bits, index, false);
    }

    pub(super) fn contains(&self, index: u32) -> bool {
        has_bit(&self.bits, index)
    }

    #[cfg(test)]
    fn positions(&self) -> &[u32] {
        &self.order
    }

    /// Whether the line with `extra` (a position not on it) added meets
    /// `touched` in exactly `forbidden` (sorted, distinct, and part of
    /// `touched`, as a stored result's are).
    pub(super) fn meets_exactly(&self, touched: &Touched, forbidden: &[u32], extra: u32) -> bool {
        debug_assert!(!self.contains(extra));
        let on = |k: u32| k == extra || self.contains(k);
        if !forbidden.iter().all(|&k| on(k)) {
            return false;
        }
        // Every forbidden position is on the line, and they are all
        // touched: the line meets the set in exactly them when no other
        // position of the line is touched. A set that finds a member
        // quickly (a bitmap, or gaps with a skip table) is asked about each
        // position of the line, the newest first: a result made on another
        // line most often touched a position this line entered lately.
        // Otherwise, or when the set is smaller than the line, its gaps
        // are walked.
        if touched.finds_quickly() && touched.len() > self.order.len() {
            return std::iter::once(&extra)
                .chain(self.order.iter().rev())
                .all(|&k| !touched.contains(k) || forbidden.binary_search(&k).is_ok());
        }
        let mut met = 0;
        for k in touched.members() {
            met += usize::from(on(k));
            if met > forbidden.len() {
                return false;
            }
        }
        true
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
                            on_line.meets_exactly(&as_list, &forbidden, extra),
                            expected,
                            "list of {}, {case}",
                            list.len()
                        );
                        assert_eq!(
                            on_line.meets_exactly(&as_bitmap, &forbidden, extra),
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
