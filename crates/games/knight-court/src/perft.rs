//! Perft: counting legal move sequences, with the repetition ban.
//!
//! The history keeps the positions seen, one stack per side to move, plus
//! a 64-bit filter of their keys (one bit per key, chosen by a hash). Most
//! children miss the filter and need no scan at all; the rest get a short
//! linear scan, which on these shallow trees beats any hash set.
//!
//! With bulk counting, the last ply is counted without making moves: the
//! legal moves are counted by set sizes, less the seen positions that one
//! move recreates (a handful of tests instead of one per move, and fewer
//! still after the previous ply drops those more than two plies away).

use crate::bulk::{count_legal, is_child, within_two_plies};
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
                history.push(child);
                (mv, count(&child, depth - 1, &mut history, Leaves::Bulk))
            })
            .collect()
    }
}

/// The positions seen so far, one stack per side to move (the position
/// being searched is the last of its stack), and a one-word filter over
/// their keys.
struct History {
    by_turn: [Vec<Position>; 2],
    filter: u64,
    /// Scratch space for the seen positions near a node.
    near: Vec<Position>,
}

impl History {
    fn new(keys: &[u32]) -> History {
        let mut history = History {
            by_turn: [Vec::new(), Vec::new()],
            filter: 0,
            near: Vec::new(),
        };
        for &key in keys {
            history.push(Position::from_key(key));
        }
        history
    }

    #[inline]
    fn push(&mut self, pos: Position) {
        self.by_turn[pos.turn().index()].push(pos);
        self.filter |= filter_bit(pos.key());
    }

    #[inline]
    fn has_seen(&self, pos: &Position) -> bool {
        self.filter & filter_bit(pos.key()) != 0
            && self.by_turn[pos.turn().index()]
                .iter()
                .any(|seen| seen.key() == pos.key())
    }
}

#[inline]
fn filter_bit(key: u32) -> u64 {
    1 << (key.wrapping_mul(0x9E37_79B1) >> 26)
}

/// The legal moves at `pos` whose result is not among `seen`: the seen
/// positions with the other side to move (a move always changes the side
/// to move, so no other can be recreated), less any known to be out of
/// one move's reach.
#[inline(never)]
fn count_leaves(pos: &Position, seen: &[Position]) -> u64 {
    let repeats = seen.iter().filter(|s| is_child(pos, s)).count();
    (count_legal(pos) as usize - repeats) as u64
}

fn count(pos: &Position, depth: u32, history: &mut History, leaves: Leaves) -> u64 {
    if depth == 0 {
        return 1;
    }
    let us = pos.turn().index();
    if leaves == Leaves::Bulk {
        if depth == 1 {
            return count_leaves(pos, &history.by_turn[1 - us]);
        }
        if depth == 2 {
            // The children's moves lead to positions with our side to move;
            // leave out `pos` itself, the last of them, which one move of
            // the other side never recreates (it cannot undo our move).
            // Of the rest, only those two plies away can be recreated.
            let mut near = std::mem::take(&mut history.near);
            near.clear();
            let ours = &history.by_turn[us];
            near.extend(
                ours[..ours.len() - 1]
                    .iter()
                    .filter(|seen| within_two_plies(pos, seen)),
            );
            let mut total = 0;
            for_each_legal(
                pos,
                #[inline(always)]
                |mv| {
                    let child = pos.play_unchecked(mv);
                    if !history.has_seen(&child) {
                        total += count_leaves(&child, &near);
                    }
                },
            );
            history.near = near;
            return total;
        }
    }
    let mut total = 0;
    let filter = history.filter;
    for_each_legal(pos, |mv| {
        let child = pos.play_unchecked(mv);
        if history.has_seen(&child) {
            return;
        }
        history.push(child);
        total += count(&child, depth - 1, history, leaves);
        history.by_turn[1 - us].pop();
        history.filter = filter;
    });
    total
}
