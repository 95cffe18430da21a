//! The set of positions a solved result touched, and the unions of them
//! that a node's result needs from its children's.
//!
//! Deep proofs touch thousands of positions, and a node's set is the union
//! of its children's, which overlap heavily. Small sets are sorted lists
//! of position indices; once a list would take more room than one bit per
//! position of the whole space, the set is that bitmap instead, whose
//! unions are a few thousand word-wide ORs and whose lookups take one step.
//! Which form a set takes depends only on its size, so the search is the
//! same whichever form it meets.

use arbiter_core::PositionSpace;
use arbiter_knight_court::KnightCourtSpace;
use std::sync::OnceLock;

/// The words of a bitmap with one bit per position index.
fn words() -> usize {
    KnightCourtSpace.size().div_ceil(64)
}

/// The largest set kept as a list: beyond it the bitmap is no larger.
fn largest_list() -> usize {
    words() * 2
}

/// A set of position indices.
pub(super) enum Touched {
    /// Sorted, each index once; at most [`largest_list`] of them.
    List(Box<[u32]>),
    /// One bit per position index, with the number of bits set.
    Bitmap { bits: Box<[u64]>, len: usize },
}

impl Touched {
    /// A set from a sorted list of indices, each once, no longer than
    /// [`largest_list`] (the few children of a single node).
    pub(super) fn from_sorted(list: Vec<u32>) -> Touched {
        debug_assert!(list.windows(2).all(|w| w[0] < w[1]), "sorted, once each");
        debug_assert!(list.len() <= largest_list());
        Touched::List(list.into_boxed_slice())
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Touched::List(list) => list.len(),
            Touched::Bitmap { len, .. } => *len,
        }
    }

    /// The memory the set holds beyond its own handle.
    pub(super) fn bytes(&self) -> usize {
        match self {
            Touched::List(list) => list.len() * 4,
            Touched::Bitmap { bits, .. } => bits.len() * 8,
        }
    }

    pub(super) fn contains(&self, index: u32) -> bool {
        match self {
            Touched::List(list) => list.binary_search(&index).is_ok(),
            Touched::Bitmap { bits, .. } => bits[index as usize / 64] & (1 << (index % 64)) != 0,
        }
    }
}

/// Where unions are built. The buffers are kept from node to node, so
/// that a deep search does not allocate them afresh each time: with
/// gigabytes of results stored, allocating took a third of the time.
#[derive(Default)]
pub(super) struct Unions {
    union: Vec<u32>,
    merged: Vec<u32>,
    bits: Vec<u64>,
}

impl Unions {
    /// The union of `first` (sorted, each index once) and every set of
    /// `rest`.
    pub(super) fn union_of(&mut self, first: &[u32], rest: &[&Touched]) -> Touched {
        let total = first.len() + rest.iter().map(|t| t.len()).sum::<usize>();
        let lists: Option<Vec<&[u32]>> = rest
            .iter()
            .map(|t| match t {
                Touched::List(list) => Some(&list[..]),
                Touched::Bitmap { .. } => None,
            })
            .collect();
        match lists {
            Some(lists) if total <= largest_list() => self.merge(first, &lists),
            _ => self.bitmap(first, rest),
        }
    }

    /// Lists merged pairwise: they are sorted already, so this is far
    /// cheaper than sorting their concatenation.
    fn merge(&mut self, first: &[u32], rest: &[&[u32]]) -> Touched {
        let Unions { union, merged, .. } = self;
        union.clear();
        union.extend_from_slice(first);
        for set in rest {
            merged.clear();
            merged.reserve(union.len() + set.len());
            let (mut i, mut j) = (0, 0);
            while i < union.len() && j < set.len() {
                let (a, b) = (union[i], set[j]);
                merged.push(a.min(b));
                i += usize::from(a <= b);
                j += usize::from(b <= a);
            }
            merged.extend_from_slice(&union[i..]);
            merged.extend_from_slice(&set[j..]);
            std::mem::swap(union, merged);
        }
        Touched::List(union.as_slice().into())
    }

    /// The union as a bitmap, turned back into a list if it is short.
    fn bitmap(&mut self, first: &[u32], rest: &[&Touched]) -> Touched {
        let bits = &mut self.bits;
        bits.clear();
        bits.resize(words(), 0);
        let set = |bits: &mut [u64], list: &[u32]| {
            for &index in list {
                bits[index as usize / 64] |= 1 << (index % 64);
            }
        };
        set(bits, first);
        for touched in rest {
            match touched {
                Touched::List(list) => set(bits, list),
                Touched::Bitmap { bits: other, .. } => {
                    for (word, more) in bits.iter_mut().zip(other.iter()) {
                        *word |= more;
                    }
                }
            }
        }
        let len = bits.iter().map(|w| w.count_ones() as usize).sum();
        if len > largest_list() {
            return Touched::Bitmap {
                bits: bits.as_slice().into(),
                len,
            };
        }
        let mut list = Vec::with_capacity(len);
        for (w, &word) in bits.iter().enumerate() {
            // One step per bit set, lowest first.
            let mut rest = word;
            while rest != 0 {
                list.push((w * 64) as u32 + rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
        Touched::List(list.into_boxed_slice())
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
        (0..KnightCourtSpace.size() as u32)
            .filter(|&i| set.contains(i))
            .collect()
    }

    #[test]
    fn a_union_of_lists_is_sorted_with_each_index_once() {
        let mut unions = Unions::default();
        let a = Touched::from_sorted(vec![2, 5, 9]);
        let b = Touched::from_sorted(vec![]);
        let c = Touched::from_sorted(vec![1, 9, 10, 11]);
        let union = unions.union_of(&[1, 5], &[&a, &b, &c]);
        assert!(matches!(&union, Touched::List(list) if list[..] == [1, 2, 5, 9, 10, 11]));
        // The buffers start afresh at each union.
        let union = unions.union_of(&[3], &[]);
        assert!(matches!(&union, Touched::List(list) if list[..] == [3]));
    }

    #[test]
    fn a_large_union_is_a_bitmap_with_the_same_members() {
        let mut unions = Unions::default();
        let limit = largest_list() as u32;
        // Two lists that together hold more than a list may.
        let evens = Touched::from_sorted((0..limit).map(|i| i * 2).collect());
        let threes = Touched::from_sorted((0..limit).map(|i| i * 3).collect());
        let union = unions.union_of(&[1], &[&evens, &threes]);
        let mut expected: Vec<u32> = (0..limit).flat_map(|i| [i * 2, i * 3]).chain([1]).collect();
        expected.sort_unstable();
        expected.dedup();
        assert!(matches!(union, Touched::Bitmap { .. }));
        assert_eq!(union.len(), expected.len());
        assert!(members(&union) == expected, "the same members");
        // A bitmap in a union, and a union small enough to be a list again.
        let again = unions.union_of(&[7], &[&union]);
        let mut with_seven = expected.clone();
        with_seven.push(7);
        with_seven.sort_unstable();
        assert!(members(&again) == with_seven, "the union with 7 added");
        let few = Touched::from_sorted(vec![4, 8]);
        let small = unions.bitmap(&[3], &[&few]);
        assert!(matches!(&small, Touched::List(list) if list[..] == [3, 4, 8]));
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
