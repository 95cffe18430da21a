//! Perft: counting legal turn sequences. A turn is a move plus an optional
//! upgrade, so one move with three affordable upgrades counts four times.
//!
//! Perft follows the movement rules only: like chess perft it ignores the
//! draw rules (dead position, repetition, 50 turns), so it only stops at
//! mate and stalemate.

use crate::movegen::{for_each_legal_move, is_capture, upgrade_count, upgrades_in};
use crate::moves::{Move, Turn};
use crate::position::{Effect, Position};
use crate::tree;

/// The number of legal turn sequences of length `depth` from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => leaf_count(pos),
        _ => {
            let mut total = 0;
            for_children(pos, |_, child| total += perft(child, depth - 1));
            total
        }
    }
}

/// Perft split by first turn, sorted by notation.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Turn, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut split = Vec::new();
    for_children(pos, |turn, child| {
        split.push((turn, perft(child, depth - 1)))
    });
    split.sort();
    split
}

/// The number of legal turns, counted without playing them: each legal
/// move, times one plus the upgrades affordable after it.
#[inline]
pub fn leaf_count(pos: &Position) -> u64 {
    let us = pos.turn();
    let points = pos.points(us);
    let plain = upgrade_count(pos, us, points);
    let after_capture = upgrade_count(pos, us, points + 2);
    let mut n = 0;
    for_each_legal_move(pos, |mv| {
        n += 1 + match mv {
            // The necromancer (no upgrades) leaves; the raised piece may be
            // upgraded.
            Move::Raise { role, .. } => plain + tree::affordable(role, points) as u64,
            _ if is_capture(pos, mv) => after_capture,
            _ => plain,
        };
    });
    n
}

/// Calls `f` with every legal turn and the position after it.
pub fn for_children(pos: &Position, mut f: impl FnMut(Turn, &Position)) {
    let us = pos.turn();
    for_each_legal_move(pos, |mv| {
        let mut mid = *pos;
        let capture = matches!(mid.apply_move(mv), Effect::Capture(_));
        upgrades_in(&mid, us, mid.points(us), |up| {
            let mut child = mid;
            child.apply_upgrade(up);
            child.end_turn(true);
            f(
                Turn {
                    mv,
                    upgrade: Some(up),
                    side: us,
                },
                &child,
            );
        });
        mid.end_turn(capture);
        f(Turn::bare(mv).by(us), &mid);
    });
}
