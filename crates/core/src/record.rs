//! The course of a game that bans repeated positions: where it started, the
//! moves played, the key of every position so far, and whether the players
//! ended it themselves.

use crate::Concession;
use std::collections::HashSet;
use std::hash::Hash;

/// A game's course: the current position `P`, the start, the moves `M`
/// played, and the keys `K` of every position so far (the start included),
/// in order and as a set for quick repetition tests in long games.
#[derive(Clone, Debug)]
pub struct Record<P, M, K> {
    position: P,
    /// Keys of every position so far, in order, the current one last.
    history: Vec<K>,
    /// The same keys, for quick membership tests.
    seen: HashSet<K>,
    moves: Vec<M>,
    start: P,
    /// A resignation or an agreed draw, once the players ended the game.
    conceded: Option<Concession>,
}

impl<P: Copy, M, K: Copy + Eq + Hash> Record<P, M, K> {
    /// A game starting at `position` (whose key is `key`), which counts as
    /// already seen.
    pub fn starting_at(position: P, key: K) -> Self {
        Record::resumed(position, key, [])
    }

    /// A game resumed at `position` after the positions with keys `earlier`
    /// (oldest first) had occurred. The moves that led here are unknown, so
    /// [`Record::undo`] stops at `position`.
    pub fn resumed(position: P, key: K, earlier: impl IntoIterator<Item = K>) -> Self {
        let mut history: Vec<K> = earlier.into_iter().collect();
        history.push(key);
        Record {
            seen: history.iter().copied().collect(),
            history,
            position,
            moves: Vec::new(),
            start: position,
            conceded: None,
        }
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The position the game started (or resumed) from.
    pub fn start_position(&self) -> &P {
        &self.start
    }

    /// The moves played so far.
    pub fn moves_played(&self) -> &[M] {
        &self.moves
    }

    /// Keys of every position seen, in order, the current one last.
    pub fn history(&self) -> &[K] {
        &self.history
    }

    /// Whether the position with `key` has occurred in this game.
    #[inline]
    pub fn has_seen(&self, key: &K) -> bool {
        self.seen.contains(key)
    }

    /// How the players ended the game, if they did.
    pub fn conceded(&self) -> Option<Concession> {
        self.conceded
    }

    /// Where a resignation or an agreed draw is recorded (see
    /// [`crate::Concedes`]).
    pub fn conceded_mut(&mut self) -> &mut Option<Concession> {
        &mut self.conceded
    }

    /// Records `mv`, which led to `position` (whose key is `key`).
    pub fn push(&mut self, mv: M, position: P, key: K) {
        self.position = position;
        self.history.push(key);
        self.seen.insert(key);
        self.moves.push(mv);
    }

    /// Takes back the last move, if any; `replay` rebuilds the position
    /// from the start and the moves that remain.
    pub fn undo(&mut self, replay: impl FnOnce(P, &[M]) -> P) -> Option<M> {
        let mv = self.moves.pop()?;
        let key = self
            .history
            .pop()
            .expect("history holds one key per move plus the start");
        self.seen.remove(&key);
        self.position = replay(self.start, &self.moves);
        Some(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions are running sums; a move adds to it; the key is the sum.
    fn replay(start: i32, moves: &[i32]) -> i32 {
        start + moves.iter().sum::<i32>()
    }

    #[test]
    fn push_and_undo_keep_history_and_seen_in_step() {
        let mut r: Record<i32, i32, i32> = Record::starting_at(0, 0);
        assert!(r.has_seen(&0));
        r.push(2, 2, 2);
        r.push(3, 5, 5);
        assert_eq!(r.history(), &[0, 2, 5]);
        assert_eq!(r.moves_played(), &[2, 3]);
        assert_eq!(*r.position(), 5);
        assert_eq!(r.undo(replay), Some(3));
        assert!(!r.has_seen(&5));
        assert_eq!(*r.position(), 2);
        assert_eq!(r.undo(replay), Some(2));
        assert_eq!(r.undo(replay), None);
        assert_eq!(r.history(), &[0]);
    }

    #[test]
    fn a_resumed_game_remembers_earlier_positions() {
        let r: Record<i32, i32, i32> = Record::resumed(7, 7, [1, 4]);
        assert_eq!(r.history(), &[1, 4, 7]);
        assert!(r.has_seen(&4));
        assert_eq!(*r.start_position(), 7);
    }
}
