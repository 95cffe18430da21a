//! Perft: counting legal turn sequences, with the repetition ban and the
//! forced-pass rule.
//!
//! Perft counts move sequences, not distinct positions: two pass chains that
//! end on the same receiver are different turns (different notation) even
//! when they leave the same position, and both are counted
//! (docs/rules/knight-moves.md#perft).
//!
//! The history is a plain list of keys. Perft trees are shallow, so a short
//! linear scan beats hashing. At the leaves, one pass over the history
//! usually shows that no turn can repeat a position, and then the turns
//! are counted without being built or played.

use crate::game::KnightMoves;
use crate::movegen::{count_chains, count_jumps, for_each_legal};
use crate::moves::{Move, MoveList};
use crate::position::{Key, Position};

/// How leaves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaves {
    /// At depth 1, count the legal turns without playing them when the
    /// history shows no repetition is possible, and play them only to
    /// check the history otherwise.
    Bulk,
    /// Play every turn down to depth 0 (the honest but slower way).
    Play,
}

impl KnightMoves {
    /// The number of legal turn sequences of length `depth` from the current
    /// position, counting this game's history against repetitions.
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, Leaves::Bulk)
    }

    /// [`KnightMoves::perft`] with a choice of leaf counting.
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
                let child = self.position().play_unchecked(&mv);
                history.push(child.key());
                let n = count(&child, depth - 1, &mut history, Leaves::Bulk);
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

/// Whether any turn from `pos` could recreate a position in `history`. A
/// turn never touches the opponent's pieces or ball, so a repeat needs an
/// earlier position with the opponent to move and the opponent's pieces and
/// ball exactly as now.
#[inline]
fn may_repeat(pos: &Position, history: &[Key]) -> bool {
    let them = pos.turn().other();
    let word = pos.key().side_word(them);
    history
        .iter()
        .any(|k| k.turn() == them && k.side_word(them) == word)
}

fn count(pos: &Position, depth: u32, history: &mut Vec<Key>, leaves: Leaves) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && leaves == Leaves::Bulk {
        if pos.winner().is_some() {
            return 0;
        }
        if !may_repeat(pos, history) {
            // docs/rules/knight-moves.md#forced-pass: with no repetition
            // possible, a forced side passes exactly when it has a chain.
            let chains = count_chains(pos);
            if chains > 0 && pos.must_pass() {
                return chains;
            }
            return chains + count_jumps(pos);
        }
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
        total += count(&child, depth - 1, history, leaves);
        history.pop();
    }
    total
}
