//! The set of positions a solved result touched, and the unions of them
//! that a node's result needs from its children's.
//!
//! Deep proofs touch thousands of positions, and a node's set is the union
//! of its children's, which overlap heavily. A set is kept in one of two
//! forms ([`form`](super::form)): gaps, or a bitmap. The search reads only
//! a set's members, never its form.
//!
//! A node resting on one child (a proof at the attacker's move, a disproof
//! at the defender's) touched what the child touched and a position or
//! two more. Its set shares the child's ([`Touched`] keeps a base and the
//! few positions added to it) instead of copying thousands of members;
//! once more than [`MOST_ADDED`] have been added it is written out as a
//! set of its own. A shared set is counted in the search's [`Meter`] from
//! its making until the last result holding it is dropped, so a memory
//! bound counts it once, however many results share it.

use super::form::{bit_members, bitmap_bytes, set_bits, words, Form};
use super::gaps::{encode, insert, Members};
use arbiter_core::PositionSpace;
use arbiter_knight_court::KnightCourtSpace;
use std::cell::Cell;
use std::rc::Rc;
use std::sync::OnceLock;

/// Positions a set may add to the set it shares before it is written out
/// as its own.
const MOST_ADDED: usize = 16;

/// The memory every shared set of one search holds, while it lives.
#[derive(Clone, Default)]
pub(super) struct Meter(Rc<Cell<usize>>);

impl Meter {
    pub(super) fn bytes(&self) -> usize {
        self.0.get()
    }
}

/// A set in its form, shared by the results that rest on it, and counted
/// in its search's meter until the last of them lets it go.
struct Held {
    form: Form,
    meter: Meter,
}

impl Held {
    fn new(form: Form, meter: &Meter) -> Rc<Held> {
        meter.0.set(meter.0.get() + form.bytes());
        Rc::new(Held {
            form,
            meter: meter.clone(),
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.meter.0.set(self.meter.0.get() - self.form.bytes());
    }
}

/// The set of positions a result touched: a shared set, and the few
/// positions added to it (sorted, none of them in it).
pub(super) struct Touched {
    base: Rc<Held>,
    added: Box<[u32]>,
    len: usize,
}

impl Touched {
    fn own(form: Form, meter: &Meter) -> Touched {
        Touched {
            len: form.len(),
            base: Held::new(form, meter),
            added: Box::default(),
        }
    }

    /// A set from a sorted list, counted in a meter of its own (for tests
    /// of code that reads sets).
    #[cfg(test)]
    pub(super) fn from_sorted(list: &[u32]) -> Touched {
        Touched::own(Form::from_sorted(list), &Meter::default())
    }

    /// The same set as a bitmap, whatever its size.
    #[cfg(test)]
    pub(super) fn bitmap_of(list: &[u32]) -> Touched {
        Touched::own(Form::bitmap_of(list), &Meter::default())
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The memory the set holds beyond what it shares (which its search's
    /// meter counts).
    pub(super) fn own_bytes(&self) -> usize {
        std::mem::size_of_val(&*self.added)
    }

    /// This holder's share of the memory of the set it shares: the set's
    /// bytes over its holders. Dropping every holder frees it all.
    pub(super) fn share_of_held(&self) -> usize {
        self.base.form.bytes() / Rc::strong_count(&self.base)
    }

    pub(super) fn contains(&self, index: u32) -> bool {
        self.base.form.contains(index) || self.added.binary_search(&index).is_ok()
    }

    /// The members, in order.
    pub(super) fn members(&self) -> impl Iterator<Item = u32> + '_ {
        let mut shared = self.base.form.members().peekable();
        let mut added = self.added.iter().copied().peekable();
        std::iter::from_fn(move || match (shared.peek(), added.peek()) {
            (Some(&a), Some(&b)) if b < a => added.next(),
            (Some(_), _) => shared.next(),
            (None, _) => added.next(),
        })
    }

    /// Whether [`Touched::contains`] is quick: the shared set is a bitmap,
    /// or gaps with a skip table.
    pub(super) fn finds_quickly(&self) -> bool {
        self.base.form.finds_quickly()
    }

    #[cfg(test)]
    fn is_bitmap(&self) -> bool {
        self.base.form.is_bitmap()
    }

    /// Whether the set shares another's (it added to it).
    #[cfg(test)]
    fn shares(&self, other: &Touched) -> bool {
        Rc::ptr_eq(&self.base, &other.base)
    }
}

/// Where sets are made, and unions built. The buffers are kept from node
/// to node, so that a deep search does not allocate them afresh each
/// time: with gigabytes of results stored, allocating took a third of the
/// time.
#[derive(Default)]
pub(super) struct Unions {
    encoded: Vec<u8>,
    bits: Vec<u64>,
    meter: Meter,
}

impl Unions {
    /// What the sets made here hold, while any result holds them.
    pub(super) fn held_bytes(&self) -> usize {
        self.meter.bytes()
    }

    /// A set from a sorted list of indices, each once (the few children of
    /// a single node, far fewer than would need a bitmap).
    pub(super) fn set_of(&mut self, list: &[u32]) -> Touched {
        Touched::own(Form::from_sorted(list), &self.meter)
    }

    /// The union of `first` (sorted, each index once) and every set of
    /// `rest`.
    pub(super) fn union_of(&mut self, first: &[u32], rest: &[&Touched]) -> Touched {
        if let [one] = rest {
            // One set with a position or two added: it shares the set, or
            // is written out as its own once too many have been added.
            let mut added: Vec<u32> = first
                .iter()
                .copied()
                .filter(|&k| !one.contains(k))
                .collect();
            let len = one.len + added.len();
            added.extend_from_slice(&one.added);
            added.sort_unstable();
            if added.len() <= MOST_ADDED {
                return Touched {
                    base: Rc::clone(&one.base),
                    added: added.into_boxed_slice(),
                    len,
                };
            }
            if let Form::Gaps { bytes, .. } = &one.base.form {
                // Its gaps copied, not rebuilt.
                insert(bytes, &added, &mut self.encoded);
                if self.encoded.len() <= bitmap_bytes() {
                    return Touched::own(Form::gaps(&self.encoded, len), &self.meter);
                }
            }
        }
        let total = first.len() + rest.iter().map(|t| t.len()).sum::<usize>();
        // Several sets are joined in a bitmap, one step per member however
        // much they overlap (merging them pairwise walks the growing union
        // again for each, and measured slower), as is a union too large
        // for gaps (every member takes at least a byte) or with a bitmap
        // in it.
        if rest.is_empty() && total <= bitmap_bytes() {
            self.encoded.clear();
            encode(first.iter().copied(), &mut self.encoded);
            if self.encoded.len() <= bitmap_bytes() {
                return Touched::own(Form::gaps(&self.encoded, first.len()), &self.meter);
            }
        }
        let form = self.bitmap(first, rest);
        Touched::own(form, &self.meter)
    }

    /// The union built as a bitmap, and kept as gaps if they fit.
    fn bitmap(&mut self, first: &[u32], rest: &[&Touched]) -> Form {
        let Unions { bits, encoded, .. } = self;
        bits.clear();
        bits.resize(words(), 0);
        set_bits(bits, first.iter().copied());
        for touched in rest {
            match &touched.base.form {
                Form::Gaps { bytes, .. } => set_bits(bits, Members::of(bytes)),
                Form::Bitmap { bits: other, .. } => {
                    for (word, more) in bits.iter_mut().zip(other.iter()) {
                        *word |= more;
                    }
                }
            }
            set_bits(bits, touched.added.iter().copied());
        }
        let len = bits.iter().map(|w| w.count_ones() as usize).sum();
        if len <= bitmap_bytes() {
            encoded.clear();
            encode(bit_members(bits), encoded);
            if encoded.len() <= bitmap_bytes() {
                return Form::gaps(encoded, len);
            }
        }
        Form::Bitmap {
            bits: bits.as_slice().into(),
            len,
        }
    }
}

/// The index of the position whose key is `key`: the line handed to a
/// search is a list of keys, and the search works in indices.
pub(super) fn index_of_key(key: u32) -> u32 {
    static BY_KEY: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    let by_key = BY_KEY.get_or_init(|| {
        let space = KnightCourtSpace;
        let mut pairs: Vec<(u32, u32)> = (0..space.size())
            .filter_map(|i| space.position(i).map(|pos| (pos.key(), i as u32)))
            .collect();
        pairs.sort_unstable();
        pairs
    });
    let at = by_key
        .binary_search_by_key(&key, |&(k, _)| k)
        .expect("a key of a position of the space");
    by_key[at].1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(set: &Touched) -> Vec<u32> {
        set.members().collect()
    }

    /// The form the module's rule gives a set: gaps while they fit.
    fn expected_form_is_bitmap(list: &[u32]) -> bool {
        let mut bytes = Vec::new();
        encode(list.iter().copied(), &mut bytes);
        bytes.len() > bitmap_bytes()
    }

    #[test]
    fn a_union_of_small_sets_is_sorted_with_each_index_once() {
        let mut unions = Unions::default();
        let a = Touched::from_sorted(&[2, 5, 9]);
        let b = Touched::from_sorted(&[]);
        let c = Touched::from_sorted(&[1, 9, 10, 11, 100_000]);
        let union = unions.union_of(&[1, 5], &[&a, &b, &c]);
        assert!(!union.is_bitmap());
        assert_eq!(members(&union), [1, 2, 5, 9, 10, 11, 100_000]);
        assert_eq!(union.len(), 7);
        assert!(union.contains(100_000) && union.contains(1) && !union.contains(3));
        assert!(!union.contains(100_001));
        // The buffers start afresh at each union.
        let union = unions.union_of(&[3], &[]);
        assert_eq!(members(&union), [3]);
    }

    #[test]
    fn a_large_union_is_a_bitmap_with_the_same_members() {
        let mut unions = Unions::default();
        let n = bitmap_bytes() as u32;
        // Two sets that together take more room as gaps than a bitmap.
        let evens_list: Vec<u32> = (0..n).map(|i| i * 2).collect();
        let threes_list: Vec<u32> = (0..n).map(|i| i * 3).collect();
        let evens = unions.union_of(&evens_list, &[]);
        let threes = unions.union_of(&threes_list, &[]);
        assert!(!evens.is_bitmap() && !threes.is_bitmap());
        let union = unions.union_of(&[1], &[&evens, &threes]);
        let mut expected: Vec<u32> = evens_list.iter().chain(&threes_list).copied().collect();
        expected.push(1);
        expected.sort_unstable();
        expected.dedup();
        assert!(union.is_bitmap());
        assert_eq!(union.len(), expected.len());
        assert!(members(&union) == expected, "the same members");
        assert!(union.contains(1) && union.contains(9) && !union.contains(7));
        // A bitmap in a union, and a union small enough for gaps again.
        let again = unions.union_of(&[7], &[&union]);
        let mut with_seven = expected.clone();
        with_seven.push(7);
        with_seven.sort_unstable();
        assert!(members(&again) == with_seven, "the union with 7 added");
        let few = Touched::from_sorted(&[4, 8]);
        let small = unions.bitmap(&[3], &[&few]);
        assert!(!small.is_bitmap());
        assert_eq!(small.members().collect::<Vec<_>>(), [3, 4, 8]);
    }

    #[test]
    fn the_form_depends_only_on_the_members() {
        // Sets on both sides of the boundary (as dense as can be, and
        // sparser): every way of building a union gives each the same form.
        let mut unions = Unions::default();
        let space = KnightCourtSpace.size() as u32;
        for step in [1u32, 2, 9, 15] {
            for count in [100u32, 5_000, 8_000, 15_000, 15_361, 16_000] {
                if count * step >= space {
                    continue;
                }
                let list: Vec<u32> = (0..count).map(|i| i * step).collect();
                let merged = unions.union_of(&list, &[]);
                let via_bits = unions.bitmap(&list, &[]);
                let want = expected_form_is_bitmap(&list);
                assert_eq!(merged.is_bitmap(), want, "merged, {count} every {step}");
                assert_eq!(via_bits.is_bitmap(), want, "via bits, {count} every {step}");
                assert!(members(&merged) == list && via_bits.members().eq(list.iter().copied()));
                assert_eq!(merged.len(), list.len());
                // The set less some members, with them added back one
                // at a time: shared until too many are added, then
                // written out, its gaps copied, in the form of the rule.
                let step_out = list.len() / (MOST_ADDED + 2);
                let out: Vec<u32> = (list.iter().copied().step_by(step_out))
                    .take(MOST_ADDED + 1)
                    .collect();
                assert_eq!(out.len(), MOST_ADDED + 1);
                let less: Vec<u32> = list.iter().copied().filter(|m| !out.contains(m)).collect();
                let first = unions.union_of(&less, &[]);
                let mut grown: Option<Touched> = None;
                for (n, &m) in out.iter().enumerate() {
                    let next = unions.union_of(&[m], &[grown.as_ref().unwrap_or(&first)]);
                    assert_eq!(next.len(), less.len() + n + 1);
                    if n < MOST_ADDED {
                        assert!(next.added.len() == n + 1 && next.shares(&first));
                    }
                    grown = Some(next);
                }
                let grown = grown.expect("positions were added");
                assert!(
                    grown.added.is_empty() && !grown.shares(&first),
                    "written out"
                );
                assert_eq!(grown.is_bitmap(), want, "grown, {count} every {step}");
                assert!(members(&grown) == list, "grown, {count} every {step}");
            }
        }
    }

    #[test]
    fn a_set_with_a_few_added_shares_its_base_and_the_meter_counts_it_once() {
        let mut unions = Unions::default();
        let list: Vec<u32> = (0..1000).map(|i| i * 7).collect();
        let base = unions.union_of(&list, &[]);
        let held = unions.held_bytes();
        assert!(held >= 1000, "{held} bytes for 1,000 members");
        // 3 is new, 7 and 14 are members already.
        let grown = unions.union_of(&[3, 7, 14], &[&base]);
        let again = unions.union_of(&[5], &[&grown]);
        assert!(grown.shares(&base) && again.shares(&base));
        assert_eq!(unions.held_bytes(), held, "nothing new is held");
        assert_eq!((grown.len(), again.len()), (1001, 1002));
        let mut expected = list.clone();
        expected.extend([3, 5]);
        expected.sort_unstable();
        assert!(members(&again) == expected);
        assert!(again.contains(3) && again.contains(5) && again.contains(7));
        assert!(!again.contains(4) && !base.contains(3) && !grown.contains(5));
        assert_eq!(again.own_bytes(), 8);
        // The shared set lives while any set holds it.
        drop(base);
        drop(grown);
        assert_eq!(unions.held_bytes(), held);
        drop(again);
        assert_eq!(unions.held_bytes(), 0);
        // A union of several sets, and of a grown one, is its own.
        let a = unions.union_of(&[1, 2], &[]);
        let b = unions.union_of(&[9], &[&a]);
        let c = unions.union_of(&[4], &[&a, &b]);
        assert!(!c.shares(&a) && c.added.is_empty());
        assert_eq!(members(&c), [1, 2, 4, 9]);
    }

    #[test]
    fn every_key_finds_its_index() {
        let space = KnightCourtSpace;
        for i in (0..space.size()).step_by(97) {
            if let Some(pos) = space.position(i) {
                assert_eq!(index_of_key(pos.key()), i as u32);
            }
        }
    }
}
