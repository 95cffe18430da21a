//! Perft: counting legal move sequences, with the repetition ban.
//!
//! The history is a plain list of keys plus a 64-bit filter of them (one
//! bit per key, chosen by a hash). Most children miss the filter and need no
//! scan at all; the rest get a short linear scan, which on these shallow
//! trees beats any hash set.

use crate::game::KnightCourt;
use crate::movegen::for_each_legal;
use crate::moves::Move;
use crate::position::Position;

/// How leaves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaves {
    /// At depth 1, count the legal moves without playing them.
    Bulk,
    /// Play every move down to depth 0 (the honest but slower way).
    Play,
}

impl KnightCourt {
    /// The number of legal move sequences of length `depth` from the current
    /// position, counting this game's history against repetitions.
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, Leaves::Bulk)
    }

    /// [`KnightCourt::perft`] with a choice of leaf counting.
    pub fn perft_with(&self, depth: u32, leaves: Leaves) -> u64 {
        count(
            self.position(),
            depth,
            &mut History::new(self.history()),
            leaves,
        )
    }

    /// Perft split by first move, sorted by notation.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let child = self.position().play_unchecked(mv);
                let mut history = History::new(self.history());
                history.keys.push(child.key());
                history.filter |= filter_bit(child.key());
                (mv, count(&child, depth - 1, &mut history, Leaves::Bulk))
            })
            .collect()
    }
}

/// The keys seen so far, and a one-word filter over them.
struct History {
    keys: Vec<u32>,
    filter: u64,
}

impl History {
    fn new(keys: &[u32]) -> History {
        History {
            keys: keys.to_vec(),
            filter: keys.iter().fold(0, |f, &k| f | filter_bit(k)),
        }
    }

    #[inline]
    fn seen(&self, key: u32) -> bool {
        self.filter & filter_bit(key) != 0 && self.keys.contains(&key)
    }
}

#[inline]
fn filter_bit(key: u32) -> u64 {
    1 << (key.wrapping_mul(0x9E37_79B1) >> 26)
}

fn count(pos: &Position, depth: u32, history: &mut History, leaves: Leaves) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && leaves == Leaves::Bulk {
        let mut n = 0;
        for_each_legal(pos, |mv| n += !history.seen(pos.key_after(mv)) as u64);
        return n;
    }
    let mut total = 0;
    let filter = history.filter;
    for_each_legal(pos, |mv| {
        let child = pos.play_unchecked(mv);
        if history.seen(child.key()) {
            return;
        }
        history.keys.push(child.key());
        history.filter = filter | filter_bit(child.key());
        total += count(&child, depth - 1, history, leaves);
        history.keys.pop();
    });
    history.filter = filter;
    total
}
