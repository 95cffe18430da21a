//! Perft: counting legal turn sequences, with the repetition ban and the
//! forced-pass rule.
//!
//! Perft counts move sequences, not distinct positions: two pass chains that
//! end on the same receiver are different turns (different notation) even
//! when they leave the same position, and both are counted
//! (docs/rules/knight-moves.md#perft).
//!
//! The history is a plain list of keys. Perft trees are shallow, so a short
//! linear scan beats hashing.

use crate::game::KnightMoves;
use crate::movegen::for_each_legal;
use crate::moves::{Move, MoveList};
use crate::position::{Key, Position};

impl KnightMoves {
    /// The number of legal turn sequences of length `depth` from the current
    /// position, counting this game's history against repetitions.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut history = self.history().to_vec();
        count(self.position(), depth, &mut history)
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
                let child = self.position().play_unchecked(&mv);
                history.push(child.key());
                let n = count(&child, depth - 1, &mut history);
                history.pop();
                (mv, n)
            })
            .collect()
    }
}

#[inline]
fn seen(history: &[Key], key: Key) -> bool {
    history.contains(&key)
}

fn count(pos: &Position, depth: u32, history: &mut Vec<Key>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let mut n = 0;
        for_each_legal(pos, |child| seen(history, child.key()), |_, _| n += 1);
        return n;
    }
    let mut moves = MoveList::new();
    for_each_legal(
        pos,
        |child| seen(history, child.key()),
        |mv, _| moves.push(mv),
    );
    let mut total = 0;
    for mv in moves.iter() {
        let child = pos.play_unchecked(mv);
        history.push(child.key());
        total += count(&child, depth - 1, history);
        history.pop();
    }
    total
}
