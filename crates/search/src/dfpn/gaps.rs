//! Sorted position indices stored as the gaps between them.
//!
//! A deep proof's touched set holds a couple of thousand indices spread
//! over the space's hundred and twenty thousand, so consecutive members
//! are a few dozen apart: one byte each as a gap, where an index takes four.
//! The stored sets were nine tenths of a deep search's memory, and most
//! uses of one walk it in order (the exception is below).
//!
//! Each gap is the distance from one past the previous member (from zero for
//! the first), in seven-bit groups, lowest first, with the high bit set on
//! every group but the last.
//!
//! A large set also keeps a skip table ([`SkipTable`]): every
//! [`SKIP_EVERY`]th member and where the gaps after it start. Asking
//! whether a position is a member then takes a binary search of the table
//! and a walk of at most that many gaps ([`SkipTable::contains`]), so a stored
//! result is checked against a line of sixty positions without walking
//! its thousands of members.

/// Appends the encoding of `members` (sorted, each once) to `out`.
pub(super) fn encode(members: impl IntoIterator<Item = u32>, out: &mut Vec<u8>) {
    let mut next = 0u32;
    for member in members {
        push_member(out, next, member);
        next = member + 1;
    }
}

/// Appends `member`, the next after `next - 1` (or the first, if `next` is
/// zero).
fn push_member(out: &mut Vec<u8>, next: u32, member: u32) {
    debug_assert!(member >= next, "sorted, each once");
    let mut gap = member - next;
    while gap >= 0x80 {
        out.push((gap & 0x7f) as u8 | 0x80);
        gap >>= 7;
    }
    out.push(gap as u8);
}

/// Writes to `out` the encoding of the members of `bytes` with `extra`
/// (sorted, each once) added, and gives the number of members added. A
/// node resting on one child touches what the child touched and a position
/// or two more: the gaps between the child's members are copied as they
/// are, and only the members next to a new one are written again.
pub(super) fn insert(bytes: &[u8], extra: &[u32], out: &mut Vec<u8>) -> usize {
    out.clear();
    let mut members = Members::of(bytes);
    // The member of `bytes` not yet passed, where its gap starts, and
    // where it ends.
    let mut ahead = members.next_spanned();
    // The bytes of `bytes` from `copied` on are not in `out` yet. While
    // `rewrite` holds, the member `ahead` follows a new member in `out`,
    // so its gap must be written again rather than copied.
    let mut copied = 0;
    let mut rewrite = false;
    // One past the last member passed (copied, written, or added).
    let mut next = 0;
    let mut added = 0;
    for &new in extra {
        while let Some((member, _, end)) = ahead.filter(|&(member, ..)| member <= new) {
            if rewrite {
                push_member(out, next, member);
                copied = end;
                rewrite = false;
            }
            next = member + 1;
            ahead = members.next_spanned();
        }
        if next == new + 1 {
            // Already a member.
            continue;
        }
        let start = ahead.map_or(bytes.len(), |(_, start, _)| start);
        if !rewrite {
            out.extend_from_slice(&bytes[copied..start]);
            copied = start;
        }
        push_member(out, next, new);
        next = new + 1;
        added += 1;
        rewrite = ahead.is_some();
    }
    if let (true, Some((member, _, end))) = (rewrite, ahead) {
        push_member(out, next, member);
        copied = end;
    }
    out.extend_from_slice(&bytes[copied..]);
    added
}

/// Members between entries of a skip table: a lookup walks at most this
/// many gaps, and the table costs 6 bytes per this many members
/// (docs/ai.md, "Looking results up").
pub(super) const SKIP_EVERY: usize = 32;

/// Every [`SKIP_EVERY`]th member of an encoding, from the first, and the
/// offset in its bytes just past that member's gap. The offsets take two
/// bytes: an encoding is never longer than the bitmap of the whole space
/// (about 35,000 bytes).
#[derive(Default)]
pub(super) struct SkipTable {
    members: Box<[u32]>,
    offsets: Box<[u16]>,
}

impl SkipTable {
    /// The skip table of the encoding `bytes`.
    pub(super) fn of(bytes: &[u8]) -> SkipTable {
        assert!(
            bytes.len() <= usize::from(u16::MAX),
            "an encoding of {} bytes",
            bytes.len()
        );
        let mut walk = Members::of(bytes);
        let mut members = Vec::with_capacity(bytes.len() / SKIP_EVERY + 1);
        let mut offsets = Vec::with_capacity(bytes.len() / SKIP_EVERY + 1);
        let mut count = 0;
        while let Some(member) = walk.next() {
            if count % SKIP_EVERY == 0 {
                members.push(member);
                offsets.push(walk.at as u16);
            }
            count += 1;
        }
        SkipTable {
            members: members.into_boxed_slice(),
            offsets: offsets.into_boxed_slice(),
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.members.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The memory the table holds beyond its handle.
    pub(super) fn bytes(&self) -> usize {
        self.members.len() * 4 + self.offsets.len() * 2
    }

    /// Whether `index` is a member of the encoding `bytes`, this table's.
    pub(super) fn contains(&self, bytes: &[u8], index: u32) -> bool {
        // The last entry at or below `index`; none means `index` comes
        // before every member.
        let after = entries_at_or_below(&self.members, index);
        let Some(entry) = after.checked_sub(1) else {
            return false;
        };
        let member = self.members[entry];
        if member == index {
            return true;
        }
        // The walk to the next entry, kept in registers: it is most of a
        // lookup's time. Through `Members` it measured slower (before
        // `rest_of_gap` was inlined), and no faster after (docs/ai.md,
        // "What a result remembers of the line").
        let (mut at, mut next) = (usize::from(self.offsets[entry]), member + 1);
        for _ in 1..SKIP_EVERY {
            let Some(&byte) = bytes.get(at) else {
                return false;
            };
            at += 1;
            let gap = if byte < 0x80 {
                u32::from(byte)
            } else {
                let mut rest = Members { bytes, at, next };
                let gap = rest.rest_of_gap(byte);
                at = rest.at;
                gap
            };
            let member = next + gap;
            if member >= index {
                return member == index;
            }
            next = member + 1;
        }
        false
    }
}

/// How many of `sorted` are at most `index`. The search starts where
/// `index` would fall if the entries were spread evenly from the first to
/// the last, and gallops from there: a set's members are spread over much
/// of the space, so the guess is most often a step or two off, and a
/// lookup reads one or two of the table's cache lines where a binary
/// search read several (docs/ai.md, "Looking results up").
fn entries_at_or_below(sorted: &[u32], index: u32) -> usize {
    let (Some(&first), Some(&last)) = (sorted.first(), sorted.last()) else {
        return 0;
    };
    if index < first {
        return 0;
    }
    if index >= last {
        return sorted.len();
    }
    // first <= index < last, so there are two entries at least and the
    // guess is below the last.
    let span = u64::from(last - first);
    let guess = (u64::from(index - first) * (sorted.len() as u64 - 1) / span) as usize;
    let at_or_below = |k: usize| sorted[k] <= index;
    if at_or_below(guess) {
        // Every entry up to `low` is at or below; look further up in
        // growing steps until one is above.
        let (mut low, mut step) = (guess + 1, 1);
        while low + step - 1 < sorted.len() && at_or_below(low + step - 1) {
            low += step;
            step *= 2;
        }
        let high = (low + step - 1).min(sorted.len());
        low + sorted[low..high].partition_point(|&m| m <= index)
    } else {
        // Every entry from `high` on is above; look further down.
        let (mut high, mut step) = (guess, 1);
        while high >= step && !at_or_below(high - step) {
            high -= step;
            step *= 2;
        }
        let low = high.saturating_sub(step);
        low + sorted[low..high].partition_point(|&m| m <= index)
    }
}

/// The members of an encoding, in order.
pub(super) struct Members<'a> {
    bytes: &'a [u8],
    at: usize,
    next: u32,
}

impl<'a> Members<'a> {
    pub(super) fn of(bytes: &'a [u8]) -> Self {
        Members {
            bytes,
            at: 0,
            next: 0,
        }
    }
}

impl Iterator for Members<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let byte = *self.bytes.get(self.at)?;
        self.at += 1;
        // Most gaps take one byte: that case is kept short.
        let gap = if byte < 0x80 {
            u32::from(byte)
        } else {
            self.rest_of_gap(byte)
        };
        let member = self.next + gap;
        self.next = member + 1;
        Some(member)
    }
}

impl Members<'_> {
    /// The next member, with where its gap starts and ends in the bytes.
    fn next_spanned(&mut self) -> Option<(u32, usize, usize)> {
        let start = self.at;
        let member = self.next()?;
        Some((member, start, self.at))
    }

    /// A gap of more than one byte, `first` already read. Inlined: a
    /// call for each such gap measured a tenth slower at depth (docs/ai.md,
    /// "What a result remembers of the line").
    #[inline]
    fn rest_of_gap(&mut self, first: u8) -> u32 {
        let mut gap = u32::from(first & 0x7f);
        let mut shift = 7;
        while let Some(&byte) = self.bytes.get(self.at) {
            self.at += 1;
            gap |= u32::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                break;
            }
            shift += 7;
        }
        gap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_come_back_as_they_went_in() {
        // Gaps of every width: none, one byte's worth, two bytes, three.
        let lists: [Vec<u32>; 4] = [
            vec![],
            vec![0, 1, 2, 127, 128, 255, 256],
            vec![5, 5 + 16_383, 5 + 16_383 + 16_384, 122_879],
            (0..3000).map(|i| i * 41 + 3).collect(),
        ];
        for list in lists {
            let mut bytes = Vec::new();
            encode(list.iter().copied(), &mut bytes);
            assert_eq!(Members::of(&bytes).collect::<Vec<_>>(), list);
        }
    }

    #[test]
    fn inserting_members_gives_the_encoding_of_the_union() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
        for case in 0..3000 {
            // Dense and sparse sets (gaps of one, two and three bytes),
            // and few or many additions, some already members.
            let spread = [4u32, 300, 40_000][case % 3];
            let mut base: Vec<u32> = (0..rng.random_range(0..60))
                .map(|_| rng.random_range(0..spread * 40))
                .collect();
            base.sort_unstable();
            base.dedup();
            let mut extra: Vec<u32> = (0..rng.random_range(0..6))
                .map(|_| {
                    if rng.random_bool(0.3) && !base.is_empty() {
                        base[rng.random_range(0..base.len())]
                    } else {
                        rng.random_range(0..spread * 40 + 2)
                    }
                })
                .collect();
            extra.sort_unstable();
            extra.dedup();
            let mut union: Vec<u32> = base.iter().chain(&extra).copied().collect();
            union.sort_unstable();
            union.dedup();
            let mut bytes = Vec::new();
            encode(base.iter().copied(), &mut bytes);
            let mut expected = Vec::new();
            encode(union.iter().copied(), &mut expected);
            let mut out = vec![7];
            let added = insert(&bytes, &extra, &mut out);
            assert_eq!(out, expected, "{base:?} with {extra:?}");
            assert_eq!(added, union.len() - base.len());
        }
    }

    #[test]
    fn the_skip_table_finds_every_member_and_nothing_else() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(32);
        // Empty, shorter than one block, exactly one, one and a bit, and
        // many blocks; dense and sparse, with gaps of one, two and three
        // bytes.
        let block = SKIP_EVERY as u32;
        let mut random = |count: u32, spread: u32| {
            let mut list: Vec<u32> = (0..count)
                .map(|_| rng.random_range(0..count * spread + 1))
                .collect();
            list.sort_unstable();
            list.dedup();
            list
        };
        let lists: Vec<Vec<u32>> = vec![
            vec![],
            random(7, 5),
            (0..block).map(|i| i * 3).collect(),
            (0..=block).map(|i| i * 300 + 1).collect(),
            random(2000, 60),
            random(500, 240),
            (0..6).map(|i| i * 20_000 + 7).collect(),
            // Clusters far apart, so that a guess from an even spread
            // lands many entries off either way.
            (0..400)
                .map(|i| i + 3)
                .chain((0..700).map(|i| 90_000 + i * 2))
                .chain((0..40).map(|i| 200_000 + i * 500))
                .collect(),
        ];
        for list in lists {
            let mut bytes = Vec::new();
            encode(list.iter().copied(), &mut bytes);
            let table = SkipTable::of(&bytes);
            assert_eq!(table.len(), list.len().div_ceil(SKIP_EVERY));
            let top = list.last().map_or(10, |&m| m + 10);
            for index in 0..top {
                assert_eq!(
                    table.contains(&bytes, index),
                    list.binary_search(&index).is_ok(),
                    "{index} in a set of {}",
                    list.len()
                );
            }
        }
    }

    #[test]
    fn the_galloping_search_counts_what_a_binary_search_counts() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for case in 0..2000 {
            // Even spreads, and runs of very different densities.
            let mut sorted: Vec<u32> = Vec::new();
            for _ in 0..rng.random_range(0..5) {
                let start = rng.random_range(0..100_000);
                let step = [1, 3, 50, 4000][case % 4];
                sorted.extend((0..rng.random_range(0..300)).map(|i| start + i * step));
            }
            sorted.sort_unstable();
            sorted.dedup();
            let top = sorted.last().map_or(10, |&m| m + 10);
            for _ in 0..200 {
                let index = rng.random_range(0..=top);
                assert_eq!(
                    entries_at_or_below(&sorted, index),
                    sorted.partition_point(|&m| m <= index),
                    "{index} in {sorted:?}"
                );
            }
            for &member in &sorted {
                let expected = sorted.partition_point(|&m| m <= member);
                assert_eq!(entries_at_or_below(&sorted, member), expected);
            }
        }
    }

    #[test]
    fn a_gap_takes_a_byte_for_every_seven_bits() {
        let size = |list: &[u32]| {
            let mut bytes = Vec::new();
            encode(list.iter().copied(), &mut bytes);
            bytes.len()
        };
        // From one past the previous member: 0 and 1 are both gaps of 0.
        assert_eq!(size(&[0, 1]), 2);
        assert_eq!(size(&[127]), 1);
        assert_eq!(size(&[128]), 2);
        assert_eq!(size(&[16_383]), 2);
        assert_eq!(size(&[16_384]), 3);
        assert_eq!(size(&[10, 10 + 128]), 2);
        assert_eq!(size(&[10, 10 + 129]), 3);
    }
}
