//! A fixed-capacity list for move generators: no allocation in search loops.

use std::ops::Deref;

/// Up to `N` values of `T` on the stack. Unused slots hold `T::default()`,
/// which is only ever a filler and never read.
#[derive(Clone)]
pub struct FixedList<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy + Default, const N: usize> FixedList<T, N> {
    pub const CAPACITY: usize = N;

    pub fn new() -> Self {
        FixedList {
            items: [T::default(); N],
            len: 0,
        }
    }

    /// Appends `item`. Panics past the capacity: a game's capacity is its
    /// proven maximum number of moves, so that is a bug.
    #[inline]
    pub fn push(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy + Default, const N: usize> Default for FixedList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, const N: usize> Deref for FixedList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_and_read_back() {
        let mut list: FixedList<u8, 4> = FixedList::new();
        assert!(list.is_empty());
        list.push(3);
        list.push(5);
        assert_eq!(list.as_slice(), &[3, 5]);
        assert_eq!(list.len(), 2);
        list.clear();
        assert!(list.is_empty());
    }

    #[test]
    #[should_panic]
    fn overflow_is_a_bug() {
        let mut list: FixedList<u8, 1> = FixedList::new();
        list.push(1);
        list.push(2);
    }
}
