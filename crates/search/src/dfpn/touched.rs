//! The set of positions a solved result touched, and the unions of them
//! that a node's result needs from its children's.
//!
//! Deep proofs touch thousands of positions, and a node's set is the union
//! of its children's, which overlap heavily. A set is stored as the gaps
//! between its sorted members ([`gaps`](super::gaps)), about a byte each;
//! once that would take more room than one bit per position of the whole
//! space, it is that bitmap instead, whose unions are a few thousand
//! word-wide ORs and whose lookups take one step. Which form a set takes
//! depends only on its members, so the search is the same whichever form it
//! meets.

use super::gaps::{self, encode, insert, skip_table, Members};
use arbiter_core::PositionSpace;
use arbiter_knight_court::KnightCourtSpace;
use std::sync::OnceLock;

/// The words of a bitmap with one bit per position index.
pub(super) fn words() -> usize {
    KnightCourtSpace.size().div_ceil(64)
}

/// The bytes of that bitmap: the most the gaps of a set may take.
fn bitmap_bytes() -> usize {
    words() * 8
}

/// Sets of at least this many members keep a skip table: walking a
/// smaller one is about as quick as looking up a line's positions in it.
pub(super) const SKIPS_FROM: usize = 256;

/// A set of position indices.
pub(super) enum Touched {
    /// The gaps between the sorted members, at most [`bitmap_bytes`] of
    /// them, the number of members, and for a set of at least
    /// [`SKIPS_FROM`] members the skip table that finds one without a walk
    /// (empty for a smaller set).
    Gaps {
        bytes: Box<[u8]>,
        len: usize,
        skips: Box<[(u32, u32)]>,
    },
    /// One bit per position index, with the number of bits set.
    Bitmap { bits: Box<[u64]>, len: usize },
}

impl Touched {
    /// A set from a sorted list of indices, each once (the few children of
    /// a single node, far fewer than would need a bitmap).
    pub(super) fn from_sorted(list: &[u32]) -> Touched {
        debug_assert!(list.windows(2).all(|w| w[0] < w[1]), "sorted, once each");
        let mut bytes = Vec::with_capacity(list.len());
        encode(list.iter().copied(), &mut bytes);
        debug_assert!(bytes.len() <= bitmap_bytes());
        Touched::gaps(&bytes, list.len())
    }

    /// The set whose `len` members are encoded in `bytes`.
    fn gaps(bytes: &[u8], len: usize) -> Touched {
        let skips = if len >= SKIPS_FROM {
            skip_table(bytes)
        } else {
            Box::default()
        };
        Touched::Gaps {
            bytes: bytes.into(),
            len,
            skips,
        }
    }

    /// The same set as a bitmap, whatever its size (for tests of code
    /// that meets both forms).
    #[cfg(test)]
    pub(super) fn bitmap_of(list: &[u32]) -> Touched {
        let mut bits = vec![0u64; words()];
        set_bits(&mut bits, list.iter().copied());
        let len = bits.iter().map(|w| w.count_ones() as usize).sum();
        Touched::Bitmap {
            bits: bits.into_boxed_slice(),
            len,
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Touched::Gaps { len, .. } | Touched::Bitmap { len, .. } => *len,
        }
    }

    /// The memory the set holds beyond its own handle.
    pub(super) fn bytes(&self) -> usize {
        match self {
            Touched::Gaps { bytes, skips, .. } => bytes.len() + std::mem::size_of_val(&**skips),
            Touched::Bitmap { bits, .. } => bits.len() * 8,
        }
    }

    /// Whether `index` is a member: one step in a bitmap, a binary search
    /// and a short walk with a skip table, a walk through the gaps
    /// otherwise.
    pub(super) fn contains(&self, index: u32) -> bool {
        match self {
            Touched::Gaps { bytes, skips, .. } if !skips.is_empty() => {
                gaps::contains(bytes, skips, index)
            }
            Touched::Gaps { bytes, .. } => Members::of(bytes)
                .find(|&member| member >= index)
                .is_some_and(|member| member == index),
            Touched::Bitmap { bits, .. } => has_bit(bits, index),
        }
    }

    /// The members, in order.
    pub(super) fn members(&self) -> impl Iterator<Item = u32> + '_ {
        let (gaps, bits) = match self {
            Touched::Gaps { bytes, .. } => (Some(Members::of(bytes)), None),
            Touched::Bitmap { bits, .. } => (None, Some(bit_members(bits))),
        };
        gaps.into_iter().flatten().chain(bits.into_iter().flatten())
    }

    #[cfg(test)]
    pub(super) fn is_bitmap(&self) -> bool {
        matches!(self, Touched::Bitmap { .. })
    }

    /// Whether [`Touched::contains`] is quick: a bitmap, or gaps with a
    /// skip table.
    pub(super) fn finds_quickly(&self) -> bool {
        match self {
            Touched::Gaps { skips, .. } => !skips.is_empty(),
            Touched::Bitmap { .. } => true,
        }
    }
}

/// Whether `index`'s bit is set in a bitmap of one bit per position
/// index (a touched set's, or the line's).
pub(super) fn has_bit(bits: &[u64], index: u32) -> bool {
    bits[index as usize / 64] & (1 << (index % 64)) != 0
}

/// Sets or clears `index`'s bit.
pub(super) fn put_bit(bits: &mut [u64], index: u32, on: bool) {
    let word = &mut bits[index as usize / 64];
    if on {
        *word |= 1 << (index % 64);
    } else {
        *word &= !(1 << (index % 64));
    }
}

fn set_bits(bits: &mut [u64], members: impl Iterator<Item = u32>) {
    for index in members {
        put_bit(bits, index, true);
    }
}

/// The members of a bitmap, in order: one step per bit set.
fn bit_members(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let member = (w * 64) as u32 + rest.trailing_zeros();
                rest &= rest - 1;
                member
            })
        })
    })
}

/// Where unions are built. The buffers are kept from node to node, so
/// that a deep search does not allocate them afresh each time: with
/// gigabytes of results stored, allocating took a third of the time.
#[derive(Default)]
pub(super) struct Unions {
    encoded: Vec<u8>,
    bits: Vec<u64>,
}

impl Unions {
    /// The union of `first` (sorted, each index once) and every set of
    /// `rest`.
    pub(super) fn union_of(&mut self, first: &[u32], rest: &[&Touched]) -> Touched {
        if let [Touched::Gaps { bytes, len, .. }] = rest {
            // One set with a position or two added: copied, not rebuilt.
            let added = insert(bytes, first, &mut self.encoded);
            if self.encoded.len() <= bitmap_bytes() {
                return Touched::gaps(&self.encoded, len + added);
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
                return Touched::gaps(&self.encoded, first.len());
            }
        }
        self.bitmap(first, rest)
    }

    /// The union built as a bitmap, and kept as gaps if they fit.
    fn bitmap(&mut self, first: &[u32], rest: &[&Touched]) -> Touched {
        let Unions { bits, encoded } = self;
        bits.clear();
        bits.resize(words(), 0);
        set_bits(bits, first.iter().copied());
        for touched in rest {
            match touched {
                Touched::Gaps { bytes, .. } => set_bits(bits, Members::of(bytes)),
                Touched::Bitmap { bits: other, .. } => {
                    for (word, more) in bits.iter_mut().zip(other.iter()) {
                        *word |= more;
                    }
                }
            }
        }
        let len = bits.iter().map(|w| w.count_ones() as usize).sum();
        if len <= bitmap_bytes() {
            encoded.clear();
            encode(bit_members(bits), encoded);
            if encoded.len() <= bitmap_bytes() {
                return Touched::gaps(encoded, len);
            }
        }
        Touched::Bitmap {
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
        assert_eq!(members(&small), [3, 4, 8]);
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
                assert!(members(&merged) == list && members(&via_bits) == list);
                assert_eq!(merged.len(), list.len());
                // The set less its middle member, with it added back: the
                // path that copies a single set's gaps.
                let middle = list[list.len() / 2];
                let less: Vec<u32> = list.iter().copied().filter(|&m| m != middle).collect();
                let base = unions.union_of(&less, &[]);
                let added = unions.union_of(&[middle], &[&base]);
                assert_eq!(added.is_bitmap(), want, "added, {count} every {step}");
                assert!(members(&added) == list, "added, {count} every {step}");
                assert_eq!(added.len(), list.len());
            }
        }
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
