//! The moonshot: Knight Court's start under the true rule, which forbids
//! repeating a position.
//!
//! The table ignores history, so its draws may hide wins: with no position
//! allowed twice, a defender can run out of fresh drawing moves. This module
//! searches the real game, carrying the whole line played so far, with the
//! table's decisive values at the leaves.
//!
//! What a result means. A search to depth `n` that returns 0 proves: *within
//! `n` plies neither side can force a mate, nor force a position the table
//! scores as lost for the opponent*. Trusting the table's decisive values
//! only ever helps the attacker (history can turn a table loss into a draw
//! by stalemate, never the reverse within the horizon), so a 0 is sound; a
//! decisive result would need its line re-checked under the rule.

use crate::knight_court::value;
use crate::retrograde::{Table, Value};
use arbiter_knight_court::{for_each_legal, MoveList, Position};
use std::time::Instant;

/// A decisive score: mate at ply p scores ±(MATE - p).
const MATE: i32 = 10_000;

/// A history-carrying alpha-beta search over Knight Court.
pub struct NoRepetitionSearch<'a> {
    table: &'a Table,
    /// Keys of every position on the line so far, the current one last.
    path: Vec<u32>,
    pub nodes: u64,
    deadline: Option<Instant>,
    pub aborted: bool,
}

/// One first move's result at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstMove {
    pub notation: String,
    /// 0: nobody can force anything within the depth; positive: the side to
    /// move at the root forces a win; negative: it is forced to lose.
    pub score: i32,
}

impl<'a> NoRepetitionSearch<'a> {
    pub fn new(table: &'a Table, history: &[u32], deadline: Option<Instant>) -> Self {
        NoRepetitionSearch {
            table,
            path: history.to_vec(),
            nodes: 0,
            deadline,
            aborted: false,
        }
    }

    /// Searches every legal first move from `root` to `depth` plies.
    pub fn root(&mut self, root: &Position, depth: u32) -> Vec<FirstMove> {
        let mut moves = MoveList::new();
        for_each_legal(root, |mv| moves.push(mv));
        let mut out = Vec::new();
        for &mv in moves.iter() {
            let child = root.play_unchecked(mv);
            if self.path.contains(&child.key()) {
                continue;
            }
            self.path.push(child.key());
            // Full window: we want the exact bounded value.
            let score = -self.search(&child, depth - 1, -MATE - 1, MATE + 1, 1);
            self.path.pop();
            out.push(FirstMove {
                notation: mv.to_string(),
                score,
            });
        }
        out.sort_by(|a, b| a.notation.cmp(&b.notation));
        out
    }

    fn search(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1 << 16) {
            if let Some(deadline) = self.deadline {
                self.aborted |= Instant::now() >= deadline;
            }
        }
        if self.aborted {
            return 0;
        }
        match value(self.table, pos) {
            Value::Win(d) => return MATE - (ply + d as i32),
            Value::Loss(d) => return -(MATE - (ply + d as i32)),
            Value::Draw => {}
        }
        // A table draw has moves; whether any is still allowed is history's
        // business, and checked below.
        let mut moves = MoveList::new();
        for_each_legal(pos, |mv| moves.push(mv));
        let mut any = false;
        let mut best = -MATE - 1;
        for &mv in moves.iter() {
            let child = pos.play_unchecked(mv);
            if self.path.contains(&child.key()) {
                continue;
            }
            any = true;
            if depth == 0 {
                // At the horizon only "is there a fresh move" matters.
                best = 0;
                break;
            }
            self.path.push(child.key());
            let score = -self.search(&child, depth - 1, -beta, -alpha, ply + 1);
            self.path.pop();
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if !any {
            // Every move repeats: mate if in check, otherwise stalemate.
            return if pos.is_check() { -(MATE - ply) } else { 0 };
        }
        best
    }
}

/// An exact check, trusting nothing from the table: can the side to move
/// at `pos` force mate within `plies` plies under the true rule, with
/// `history` (every position so far, `pos` last) forbidden? The table only
/// orders the attacker's tries; every defence is examined.
pub struct MateProof<'a> {
    table: &'a Table,
    path: Vec<u32>,
    pub nodes: u64,
}

impl<'a> MateProof<'a> {
    pub fn new(table: &'a Table, history: &[u32]) -> Self {
        MateProof {
            table,
            path: history.to_vec(),
            nodes: 0,
        }
    }

    /// Whether the side to move mates within `plies` plies (odd).
    pub fn attacker_mates(&mut self, pos: &Position, plies: u32) -> bool {
        self.nodes += 1;
        if plies == 0 {
            return false;
        }
        // Try the table's best moves first: fastest wins, then draws.
        let mut tries: Vec<(i32, Position)> = Vec::new();
        for_each_legal(pos, |mv| {
            let child = pos.play_unchecked(mv);
            if !self.path.contains(&child.key()) {
                tries.push((value(self.table, &child).parent().goodness(), child));
            }
        });
        tries.sort_by_key(|(g, child)| (-g, child.key()));
        for (_, child) in tries {
            self.path.push(child.key());
            let mated = self.defender_mated(&child, plies - 1);
            self.path.pop();
            if mated {
                return true;
            }
        }
        false
    }

    /// Whether the side to move is mated within `plies` plies whatever it
    /// does.
    pub fn defender_mated(&mut self, pos: &Position, plies: u32) -> bool {
        self.nodes += 1;
        let mut children = Vec::new();
        for_each_legal(pos, |mv| {
            let child = pos.play_unchecked(mv);
            if !self.path.contains(&child.key()) {
                children.push(child);
            }
        });
        if children.is_empty() {
            return pos.is_check();
        }
        if plies == 0 {
            return false;
        }
        // The defender's most stubborn tries first, to fail fast.
        children.sort_by_key(|child| (value(self.table, child).goodness(), child.key()));
        for child in children {
            self.path.push(child.key());
            let mates = self.attacker_mates(&child, plies - 1);
            self.path.pop();
            if !mates {
                return false;
            }
        }
        true
    }
}

impl MateProof<'_> {
    /// The fewest plies (odd, at most `limit`) in which the side to move
    /// forces mate, if any.
    pub fn shortest_mate(&mut self, pos: &Position, limit: u32) -> Option<u32> {
        (1..=limit)
            .step_by(2)
            .find(|&n| self.attacker_mates(pos, n))
    }

    /// A main line of a forced mate of `plies` plies from `pos`: the
    /// attacker's fastest mate against the defence that lasts longest.
    pub fn main_line(&mut self, pos: &Position, plies: u32) -> Vec<String> {
        let mut line = Vec::new();
        let mut pos = *pos;
        let mut left = plies;
        let pushed = self.path.len();
        loop {
            // Attacker: a move after which the defender is mated in left - 1.
            let mut moves = MoveList::new();
            for_each_legal(&pos, |mv| moves.push(mv));
            let Some(&mv) = moves.iter().find(|&&mv| {
                let child = pos.play_unchecked(mv);
                if self.path.contains(&child.key()) {
                    return false;
                }
                self.path.push(child.key());
                let ok = self.defender_mated(&child, left - 1);
                self.path.pop();
                ok
            }) else {
                break;
            };
            line.push(mv.to_string());
            pos = pos.play_unchecked(mv);
            self.path.push(pos.key());
            left -= 1;
            // Defender: the reply that needs the most plies to mate.
            let mut replies = MoveList::new();
            for_each_legal(&pos, |mv| replies.push(mv));
            let mut best: Option<(u32, Position, String)> = None;
            for &reply in replies.iter() {
                let child = pos.play_unchecked(reply);
                if self.path.contains(&child.key()) {
                    continue;
                }
                self.path.push(child.key());
                let need = self
                    .shortest_mate(&child, left.saturating_sub(1))
                    .unwrap_or(u32::MAX);
                self.path.pop();
                if best.as_ref().is_none_or(|(n, _, _)| need > *n) {
                    best = Some((need, child, reply.to_string()));
                }
            }
            let Some((need, child, text)) = best else {
                break;
            };
            line.push(text);
            pos = child;
            self.path.push(pos.key());
            left = need;
        }
        self.path.truncate(pushed);
        line
    }
}
