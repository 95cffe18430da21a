//! Sorted position indices stored as the gaps between them.
//!
//! A deep proof's touched set holds a couple of thousand indices spread
//! over the space's hundred and twenty thousand, so consecutive members
//! are a few dozen apart: one byte each as a gap, where an index takes four.
//! The stored sets were nine tenths of a deep search's memory, and every
//! use of one walks it in order, so nothing is lost by not indexing into it.
//!
//! Each gap is the distance from one past the previous member (from zero for
//! the first), in seven-bit groups, lowest first, with the high bit set on
//! every group but the last.

/// Appends the encoding of `members` (sorted, each once) to `out`.
pub(super) fn encode(members: impl IntoIterator<Item = u32>, out: &mut Vec<u8>) {
    let mut next = 0u32;
    for member in members {
        debug_assert!(member >= next, "sorted, each once");
        let mut gap = member - next;
        while gap >= 0x80 {
            out.push((gap & 0x7f) as u8 | 0x80);
            gap >>= 7;
        }
        out.push(gap as u8);
        next = member + 1;
    }
}

/// The members of an encoding, in order.
#[derive(Clone)]
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
    /// A gap of more than one byte, `first` already read.
    #[inline(never)]
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
