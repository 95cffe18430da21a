//! The set of positions a solved result touched, and the unions of them
//! that a node's result needs from its children's.
//!
//! Deep proofs touch thousands of positions, and a node's set is the union
//! of its children's, which overlap heavily. A set is kept in one of two
//! forms ([`form`](super::form)): gaps, or a bitmap. The search reads only
//! a set's members, never its form.
//!
//! Most of a union's members are in its largest child's set: at horizon
//! 55 the members outside it took an eighth of the memory of the whole
//! unions (docs/ai.md, "Sets that share"). So a set is a *base*, shared
//! with the sets it was made from, and the members *added* to it, a set
//! of their own that the sets made from this one alone share too
//! ([`Touched`]). A union shares the largest base among its parts and
//! keeps only what that lacks; once that is more than half the base, the
//! union is written out as a base of its own, so that what sets add stays
//! smaller than what they share, and a lookup asks two sets at most (and
//! a short list). Each shared part is counted in the search's [`Meter`]
//! from its making until the last result holding it is dropped, so a
//! memory bound counts it once, however many results share it.

use super::form::{
    bit_members, bitmap_bytes, clear_bits_of, set_bits, set_bits_of, words, Form, SKIPS_FROM,
};
use super::gaps::{encode, insert, SKIP_EVERY};
use arbiter_core::PositionSpace;
use arbiter_knight_court::KnightCourtSpace;
use std::cell::Cell;
use std::rc::Rc;
use std::sync::OnceLock;

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

    /// This holder's share of the memory: the bytes over the holders.
    /// Dropping every holder frees it all.
    fn share(self: &Rc<Held>) -> usize {
        self.form.bytes() / Rc::strong_count(self)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.meter.0.set(self.meter.0.get() - self.form.bytes());
    }
}

/// A set shares a base while the members it adds to it are at most one
/// for every this many of the base's; beyond that it is written out as a
/// base of its own. (Of one, two, four and eight, two held the least
/// memory: docs/ai.md, "Sets that share".)
const BASE_PER_ADDED: usize = 2;

/// An added part has a skip table from this many members, fewer than a
/// base needs one: a lookup in the whole set asks it as well as the base,
/// and walking it should not cost more.
const ADDED_SKIPS_FROM: usize = SKIP_EVERY;

/// Positions a set may add to the parts it shares, in a list of its own,
/// before they are written into a shared part.
const MOST_LISTED: usize = 16;

/// The set of positions a result touched: a shared base, the members
/// added to it (none of them in it), if any, and a few more of its own,
/// sorted (in neither).
pub(super) struct Touched {
    base: Rc<Held>,
    added: Option<Rc<Held>>,
    listed: Box<[u32]>,
    len: usize,
}

impl Touched {
    fn own(form: Form, meter: &Meter) -> Touched {
        Touched {
            len: form.len(),
            base: Held::new(form, meter),
            added: None,
            listed: Box::default(),
        }
    }

    /// The empty set, counted in a meter of its own.
    pub(super) fn empty() -> Touched {
        Touched::own(Form::from_sorted(&[]), &Meter::default())
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

    fn added_len(&self) -> usize {
        self.added.as_ref().map_or(0, |a| a.form.len())
    }

    /// The memory the set holds beyond what it shares (which its search's
    /// meter counts).
    pub(super) fn own_bytes(&self) -> usize {
        std::mem::size_of_val(&*self.listed)
    }

    /// This holder's share of the memory of the sets it shares (its
    /// search's meter counts them once).
    pub(super) fn share_of_held(&self) -> usize {
        self.base.share() + self.added.as_ref().map_or(0, Held::share)
    }

    pub(super) fn contains(&self, index: u32) -> bool {
        self.base.form.contains(index)
            || self.added.as_ref().is_some_and(|a| a.form.contains(index))
            || self.listed.binary_search(&index).is_ok()
    }

    /// The members, in order.
    pub(super) fn members(&self) -> impl Iterator<Item = u32> + '_ {
        let added = (self.added.iter()).flat_map(|a| a.form.members());
        merged(
            merged(self.base.form.members(), added),
            self.listed.iter().copied(),
        )
    }

    /// Whether [`Touched::contains`] is quick: the base is a bitmap, or
    /// gaps with a skip table, and so is what was added, unless it is too
    /// small to need one.
    pub(super) fn finds_quickly(&self) -> bool {
        self.base.form.finds_quickly()
            && (self.added.as_ref())
                .is_none_or(|a| a.form.finds_quickly() || a.form.len() < SKIP_EVERY)
    }

    #[cfg(test)]
    fn is_bitmap(&self) -> bool {
        self.base.form.is_bitmap()
    }

    /// Whether the set shares another's base.
    #[cfg(test)]
    fn shares(&self, other: &Touched) -> bool {
        Rc::ptr_eq(&self.base, &other.base)
    }
}

/// Two sorted runs of distinct members, none in both, as one.
fn merged(
    one: impl Iterator<Item = u32>,
    other: impl Iterator<Item = u32>,
) -> impl Iterator<Item = u32> {
    let (mut one, mut other) = (one.peekable(), other.peekable());
    std::iter::from_fn(move || match (one.peek(), other.peek()) {
        (Some(&a), Some(&b)) if b < a => other.next(),
        (Some(_), _) => one.next(),
        (None, _) => other.next(),
    })
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
            if let Some(set) = self.grown(first, one) {
                return set;
            }
        }
        if rest.is_empty() && first.len() <= bitmap_bytes() {
            self.encoded.clear();
            encode(first.iter().copied(), &mut self.encoded);
            if self.encoded.len() <= bitmap_bytes() {
                return Touched::own(Form::gaps(&self.encoded, first.len()), &self.meter);
            }
        }
        // Several sets are joined in a bitmap, one step per member however
        // much they overlap (merging them pairwise walks the growing union
        // again for each, and measured slower).
        let len = self.join_bits(first, rest);
        let base = (rest.iter().map(|t| &t.base)).max_by_key(|b| b.form.len());
        if let Some(base) = base.filter(|b| (len - b.form.len()) * BASE_PER_ADDED <= b.form.len()) {
            let added_len = len - base.form.len();
            clear_bits_of(&mut self.bits, &base.form);
            let added = (added_len > 0).then(|| {
                let form = self.form_of_bits(added_len, ADDED_SKIPS_FROM);
                Held::new(form, &self.meter)
            });
            return Touched {
                base: Rc::clone(base),
                added,
                listed: Box::default(),
                len,
            };
        }
        let form = self.form_of_bits(len, SKIPS_FROM);
        Touched::own(form, &self.meter)
    }

    /// `one` with the positions of `first` added, when it shares `one`'s
    /// parts: a node resting on one child touched what the child touched
    /// and a position or two more. A few are listed; more are written
    /// into a new added part, the child's copied as it is and only the
    /// new members written. `None` when the added members would then be
    /// too many for the base ([`BASE_PER_ADDED`]).
    fn grown(&mut self, first: &[u32], one: &Touched) -> Option<Touched> {
        let mut listed: Vec<u32> = (first.iter().copied())
            .filter(|&k| !one.contains(k))
            .collect();
        let len = one.len + listed.len();
        listed.extend_from_slice(&one.listed);
        listed.sort_unstable();
        if listed.len() <= MOST_LISTED {
            return Some(Touched {
                base: Rc::clone(&one.base),
                added: one.added.clone(),
                listed: listed.into_boxed_slice(),
                len,
            });
        }
        let added_len = one.added_len() + listed.len();
        if added_len * BASE_PER_ADDED > one.base.form.len() {
            return None;
        }
        self.encoded.clear();
        match one.added.as_ref().map(|a| &a.form) {
            None => encode(listed.iter().copied(), &mut self.encoded),
            Some(Form::Gaps { bytes, .. }) => {
                insert(bytes, &listed, &mut self.encoded);
            }
            Some(Form::Bitmap { .. }) => return None,
        }
        if self.encoded.len() > bitmap_bytes() {
            return None;
        }
        Some(Touched {
            base: Rc::clone(&one.base),
            added: Some(Held::new(
                Form::gaps_skipping_from(&self.encoded, added_len, ADDED_SKIPS_FROM),
                &self.meter,
            )),
            listed: Box::default(),
            len,
        })
    }

    /// Sets the bits of `first` and of every member of `rest` in the
    /// bitmap buffer (each shared part once), and gives their number.
    fn join_bits(&mut self, first: &[u32], rest: &[&Touched]) -> usize {
        let bits = &mut self.bits;
        bits.clear();
        bits.resize(words(), 0);
        set_bits(bits, first.iter().copied());
        let mut joined: Vec<&Rc<Held>> = Vec::with_capacity(2 * rest.len());
        for touched in rest {
            for part in std::iter::once(&touched.base).chain(&touched.added) {
                if !joined.iter().any(|j| Rc::ptr_eq(j, part)) {
                    joined.push(part);
                    set_bits_of(bits, &part.form);
                }
            }
            set_bits(bits, touched.listed.iter().copied());
        }
        bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The `len` members in the bitmap buffer as a form: gaps if they
    /// fit (with a skip table from `skips_from` members), else the bitmap.
    fn form_of_bits(&mut self, len: usize, skips_from: usize) -> Form {
        let Unions { bits, encoded, .. } = self;
        if len <= bitmap_bytes() {
            encoded.clear();
            encode(bit_members(bits), encoded);
            if encoded.len() <= bitmap_bytes() {
                return Form::gaps_skipping_from(encoded, len, skips_from);
            }
        }
        Form::Bitmap {
            bits: bits.as_slice().into(),
            len,
        }
    }

    /// The union built as a bitmap, and kept as gaps if they fit, as a set
    /// of its own.
    #[cfg(test)]
    fn bitmap(&mut self, first: &[u32], rest: &[&Touched]) -> Form {
        let len = self.join_bits(first, rest);
        self.form_of_bits(len, SKIPS_FROM)
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
                // at a time: listed until too many are added, then
                // written into an added part, still sharing the base.
                let step_out = list.len() / (MOST_LISTED + 2);
                let out: Vec<u32> = (list.iter().copied().step_by(step_out))
                    .take(MOST_LISTED + 1)
                    .collect();
                assert_eq!(out.len(), MOST_LISTED + 1);
                let less: Vec<u32> = list.iter().copied().filter(|m| !out.contains(m)).collect();
                let first = unions.union_of(&less, &[]);
                let mut grown: Option<Touched> = None;
                for (n, &m) in out.iter().enumerate() {
                    let next = unions.union_of(&[m], &[grown.as_ref().unwrap_or(&first)]);
                    assert_eq!(next.len(), less.len() + n + 1);
                    assert!(next.shares(&first));
                    if n < MOST_LISTED {
                        assert!(next.listed.len() == n + 1 && next.added.is_none());
                    }
                    grown = Some(next);
                }
                let grown = grown.expect("positions were added");
                assert!(grown.listed.is_empty(), "written into an added part");
                assert_eq!(grown.added_len(), MOST_LISTED + 1);
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
        assert!(!c.shares(&a) && c.added.is_none() && c.listed.is_empty());
        assert_eq!(members(&c), [1, 2, 4, 9]);
    }

    #[test]
    fn a_union_shares_the_largest_base_and_keeps_what_it_lacks() {
        let mut unions = Unions::default();
        let evens: Vec<u32> = (0..500).map(|i| i * 2).collect();
        let large = unions.union_of(&evens, &[]);
        let large_bytes = unions.held_bytes();
        let small = unions.union_of(&[1, 3, 5], &[]);
        let held = unions.held_bytes();
        // 0..1000 even, with 1, 3, 5 and 7: the evens' base is shared, and
        // the four odd members are a part of their own, one byte each.
        let union = unions.union_of(&[7], &[&small, &large]);
        assert!(union.shares(&large) && union.listed.is_empty());
        assert_eq!((union.len(), union.added_len()), (504, 4));
        assert_eq!(unions.held_bytes(), held + 4, "only the added part is new");
        let mut expected = evens.clone();
        expected.extend([1, 3, 5, 7]);
        expected.sort_unstable();
        assert!(members(&union) == expected);
        assert!(union.contains(7) && union.contains(998) && !union.contains(9));
        // A set made from it alone, with a few more, shares both parts.
        let grown = unions.union_of(&[9, 11], &[&union]);
        assert!(Rc::ptr_eq(
            grown.added.as_ref().unwrap(),
            union.added.as_ref().unwrap()
        ));
        assert_eq!((grown.listed.as_ref(), grown.len()), (&[9, 11][..], 506));
        assert_eq!(unions.held_bytes(), held + 4);
        // 250 odd members are half the base's 500: still shared. 251 are
        // more, and the union is written out as a base of its own.
        let odds: Vec<u32> = (0..251).map(|i| i * 2 + 1).collect();
        let half = unions.union_of(&odds[..250], &[&large]);
        assert!(half.shares(&large) && half.added_len() == 250);
        let more = unions.union_of(&odds, &[&large]);
        assert!(!more.shares(&large) && more.added.is_none());
        assert_eq!(more.len(), 751);
        // Every part lives while a set holds it.
        drop((large, small, union, half, more));
        assert_eq!(
            unions.held_bytes(),
            large_bytes + 4,
            "the parts the grown set shares still hold"
        );
        drop(grown);
        assert_eq!(unions.held_bytes(), 0);
    }

    #[test]
    fn sets_made_from_sets_hold_exactly_the_union_of_their_members() {
        use arbiter_core::Seed;
        use std::collections::BTreeSet;
        // Unions of random sets of every size, built as the search builds
        // them (a few positions with one set, or several sets), checked
        // against plain sorted sets.
        let mut rng = Seed::from_u64(18).rng();
        let mut below = |n: u64| rng.below(n as usize) as u64;
        let mut unions = Unions::default();
        let space = KnightCourtSpace.size() as u64;
        let mut made: Vec<(Touched, BTreeSet<u32>)> = Vec::new();
        for round in 0..200 {
            let members: usize = [3, 40, 400, 4_000, 20_000][below(5) as usize];
            let spread = [space / 8, space][below(2) as usize];
            let start = below(space - spread + 1);
            let first: BTreeSet<u32> = (0..below(members as u64) + 1)
                .map(|_| (start + below(spread)) as u32)
                .collect();
            let children: Vec<usize> = if made.is_empty() {
                Vec::new()
            } else {
                let count = [0, 1, 1, 1, 2, 3, 6][below(7) as usize];
                (0..count)
                    .map(|_| below(made.len() as u64) as usize)
                    .collect()
            };
            let first_list: Vec<u32> = first.iter().copied().collect();
            let rest: Vec<&Touched> = children.iter().map(|&c| &made[c].0).collect();
            let set = unions.union_of(&first_list, &rest);
            let mut expected = first;
            for &c in &children {
                expected.extend(made[c].1.iter().copied());
            }
            assert_eq!(set.len(), expected.len(), "round {round}");
            assert!(set.members().eq(expected.iter().copied()), "round {round}");
            for _ in 0..50 {
                let k = below(space) as u32;
                assert_eq!(set.contains(k), expected.contains(&k), "round {round}, {k}");
            }
            for &k in expected.iter().step_by(97) {
                assert!(set.contains(k), "round {round}, {k}");
            }
            made.push((set, expected));
            if made.len() > 40 {
                made.remove(below(made.len() as u64) as usize);
            }
        }
        drop(made);
        assert_eq!(unions.held_bytes(), 0, "everything made is freed");
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
