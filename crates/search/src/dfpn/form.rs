//! The two forms a touched set takes: the gaps between its sorted members
//! ([`gaps`](super::gaps)), about a byte each, or, once that would take
//! more room than one bit per position of the whole space, that bitmap,
//! whose unions are a few thousand word-wide ORs and whose lookups take
//! one step. Which form a set takes depends only on its members.

use super::gaps::{encode, Members, SkipTable};
use arbiter_core::PositionSpace;
use arbiter_knight_court::KnightCourtSpace;

/// The words of a bitmap with one bit per position index.
pub(super) fn words() -> usize {
    KnightCourtSpace.size().div_ceil(64)
}

/// The bytes of that bitmap: the most the gaps of a set may take.
pub(super) fn bitmap_bytes() -> usize {
    words() * 8
}

/// Sets of at least this many members keep a skip table: walking a
/// smaller one is about as quick as looking up a line's positions in it.
pub(super) const SKIPS_FROM: usize = 256;

/// A set of position indices in one of two forms.
pub(super) enum Form {
    /// The gaps between the sorted members, at most [`bitmap_bytes`] of
    /// them, the number of members, and for a set of at least
    /// [`SKIPS_FROM`] members the skip table that finds one without a walk
    /// (empty for a smaller set).
    Gaps {
        bytes: Box<[u8]>,
        len: usize,
        skips: SkipTable,
    },
    /// One bit per position index, with the number of bits set.
    Bitmap { bits: Box<[u64]>, len: usize },
}

impl Form {
    /// A set from a sorted list of indices, each once (the few children of
    /// a single node, far fewer than would need a bitmap).
    pub(super) fn from_sorted(list: &[u32]) -> Form {
        debug_assert!(list.windows(2).all(|w| w[0] < w[1]), "sorted, once each");
        let mut bytes = Vec::with_capacity(list.len());
        encode(list.iter().copied(), &mut bytes);
        debug_assert!(bytes.len() <= bitmap_bytes());
        Form::gaps(&bytes, list.len())
    }

    /// The set whose `len` members are encoded in `bytes`, with a skip
    /// table if it has at least [`SKIPS_FROM`].
    pub(super) fn gaps(bytes: &[u8], len: usize) -> Form {
        Form::gaps_skipping_from(bytes, len, SKIPS_FROM)
    }

    /// The same, with a skip table from `skips_from` members instead.
    pub(super) fn gaps_skipping_from(bytes: &[u8], len: usize, skips_from: usize) -> Form {
        let skips = if len >= skips_from {
            SkipTable::of(bytes)
        } else {
            SkipTable::default()
        };
        Form::Gaps {
            bytes: bytes.into(),
            len,
            skips,
        }
    }

    /// The same set as a bitmap, whatever its size (for tests of code
    /// that meets both forms).
    #[cfg(test)]
    pub(super) fn bitmap_of(list: &[u32]) -> Form {
        let mut bits = vec![0u64; words()];
        set_bits(&mut bits, list.iter().copied());
        let len = bits.iter().map(|w| w.count_ones() as usize).sum();
        Form::Bitmap {
            bits: bits.into_boxed_slice(),
            len,
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Form::Gaps { len, .. } | Form::Bitmap { len, .. } => *len,
        }
    }

    /// The memory the set holds beyond its own handle.
    pub(super) fn bytes(&self) -> usize {
        match self {
            Form::Gaps { bytes, skips, .. } => bytes.len() + skips.bytes(),
            Form::Bitmap { bits, .. } => bits.len() * 8,
        }
    }

    /// Whether `index` is a member: one step in a bitmap, a binary search
    /// and a short walk with a skip table, a walk through the gaps
    /// otherwise.
    pub(super) fn contains(&self, index: u32) -> bool {
        match self {
            Form::Gaps { bytes, skips, .. } if !skips.is_empty() => skips.contains(bytes, index),
            Form::Gaps { bytes, .. } => Members::of(bytes)
                .find(|&member| member >= index)
                .is_some_and(|member| member == index),
            Form::Bitmap { bits, .. } => has_bit(bits, index),
        }
    }

    /// The members, in order.
    pub(super) fn members(&self) -> impl Iterator<Item = u32> + '_ {
        let (gaps, bits) = match self {
            Form::Gaps { bytes, .. } => (Some(Members::of(bytes)), None),
            Form::Bitmap { bits, .. } => (None, Some(bit_members(bits))),
        };
        gaps.into_iter().flatten().chain(bits.into_iter().flatten())
    }

    #[cfg(test)]
    pub(super) fn is_bitmap(&self) -> bool {
        matches!(self, Form::Bitmap { .. })
    }

    /// Whether [`Form::contains`] is quick: a bitmap, or gaps with a
    /// skip table.
    pub(super) fn finds_quickly(&self) -> bool {
        match self {
            Form::Gaps { skips, .. } => !skips.is_empty(),
            Form::Bitmap { .. } => true,
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

/// Sets the bits of the members of `form`.
pub(super) fn set_bits_of(bits: &mut [u64], form: &Form) {
    match form {
        Form::Gaps { bytes, .. } => set_bits(bits, Members::of(bytes)),
        Form::Bitmap { bits: other, .. } => {
            for (word, more) in bits.iter_mut().zip(other.iter()) {
                *word |= more;
            }
        }
    }
}

/// Clears the bits of the members of `form`.
pub(super) fn clear_bits_of(bits: &mut [u64], form: &Form) {
    match form {
        Form::Gaps { bytes, .. } => {
            for index in Members::of(bytes) {
                put_bit(bits, index, false);
            }
        }
        Form::Bitmap { bits: other, .. } => {
            for (word, less) in bits.iter_mut().zip(other.iter()) {
                *word &= !less;
            }
        }
    }
}

pub(super) fn set_bits(bits: &mut [u64], members: impl Iterator<Item = u32>) {
    for index in members {
        put_bit(bits, index, true);
    }
}

/// The members of a bitmap, in order: one step per bit set.
pub(super) fn bit_members(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
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
