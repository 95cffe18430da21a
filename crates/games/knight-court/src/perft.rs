//! Perft: counting legal move sequences, with the repetition ban.
//!
//! The history is a plain list of keys. Perft trees are shallow, so a short
//! linear scan beats hashing, and only keys with the same side to move (the
//! high bit) can match.

use crate::game::KnightCourt;
use crate::movegen::for_each_legal;
use crate::moves::{Move, MoveList};
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
        let mut history = self.history().to_vec();
        count(self.position(), depth, &mut history, leaves)
    }

    /// Perft split by first move, sorted by notation.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut history = self.history().to_vec();
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let child = self.position().play_unchecked(mv);
                history.push(child.key());
                let n = count(&child, depth - 1, &mut history, Leaves::Bulk);
                history.pop();
                (mv, n)
            })
            .collect()
    }
}

#[inline]
fn seen(history: &[u32], key: u32) -> bool {
    history.iter().any(|&k| k == key)
}

fn count(pos: &Position, depth: u32, history: &mut Vec<u32>, leaves: Leaves) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && leaves == Leaves::Bulk {
        let mut n = 0;
        for_each_legal(pos, |mv| n += !seen(history, pos.key_after(mv)) as u64);
        return n;
    }
    let mut moves = MoveList::new();
    for_each_legal(pos, |mv| moves.push(mv));
    let mut total = 0;
    for &mv in moves.iter() {
        let child = pos.play_unchecked(mv);
        if seen(history, child.key()) {
            continue;
        }
        history.push(child.key());
        total += count(&child, depth - 1, history, leaves);
        history.pop();
    }
    total
}
