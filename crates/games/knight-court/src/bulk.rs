//! Counting moves at perft's last ply without making them.
//!
//! [`count_legal`] counts the moves [`crate::for_each_legal`] would emit,
//! with set sizes where a whole set of moves is known to be legal.
//! [`is_child`] turns the repetition ban around: instead of asking of every
//! move whether its result was seen, perft asks of the few seen positions
//! whether one move makes them, and subtracts those.

use crate::attacks::{attacks, bishop_attacks, knight_attacks, rook_attacks};
use crate::piece::Role;
use crate::position::{attacked_by, Position};

/// The number of moves that do not leave the mover's knight attacked: the
/// count of [`crate::for_each_legal`]'s moves.
#[inline]
pub(crate) fn count_legal(pos: &Position) -> u32 {
    let us = pos.turn();
    let ours = pos.pieces(us);
    let theirs = pos.pieces(us.other());
    let occupied = ours | theirs;
    let roles = pos.roles();
    let bishops = roles[Role::Bishop.index()];
    let rooks = roles[Role::Rook.index()];
    let knight = (ours & roles[Role::Knight.index()]).lowest();
    let in_check = attacked_by(knight, theirs, roles, occupied);
    let their_bishops = theirs & bishops;
    let their_rooks = theirs & rooks;
    let mut n = 0;

    // The knight: its own square changes, so every landing is tested.
    for to in knight_attacks(knight) & !ours {
        let after = (occupied & !knight.bit()) | to.bit();
        n += !attacked_by(to, theirs & !to.bit(), roles, after) as u32;
    }

    // A bishop or rook out of check can only do harm by uncovering a line:
    // if vacating its square exposes nothing, all its moves are legal.
    for from in ours & (bishops | rooks) {
        let role = if bishops.contains(from) {
            Role::Bishop
        } else {
            Role::Rook
        };
        let targets = attacks(role, from, occupied) & !ours;
        let vacated = occupied & !from.bit();
        let uncovers = ((bishop_attacks(knight, vacated) & their_bishops)
            | (rook_attacks(knight, vacated) & their_rooks))
            .any();
        if !in_check && !uncovers {
            n += targets.count();
            continue;
        }
        for to in targets {
            let after = vacated | to.bit();
            n += !attacked_by(knight, theirs & !to.bit(), roles, after) as u32;
        }
    }

    // Each piece not on the board is in hand (the knight always is on it).
    let held = 3 - ours.count();
    let empty = !occupied;
    if !in_check {
        n += held * empty.count();
    } else if held != 0 {
        // In check a drop must block.
        for to in empty {
            n += held * !attacked_by(knight, theirs, roles, occupied | to.bit()) as u32;
        }
    }
    n
}

/// Whether one move of the side to move in `pos` leads to `seen`, a
/// position of the game with the other side to move.
///
/// `seen` occurred in the game, so the side that moved into it did not
/// leave its knight attacked: a move that reaches it is legal as soon as
/// the piece can make it.
#[inline]
pub(crate) fn is_child(pos: &Position, seen: &Position) -> bool {
    let us = pos.turn();
    let ours = pos.pieces(us);
    let theirs = pos.pieces(us.other());
    let ours_after = seen.pieces(us);
    let theirs_after = seen.pieces(us.other());
    // Exactly one of our pieces lands, perhaps capturing there; nothing of
    // theirs appears or moves.
    let landed = ours_after & !ours;
    let left = ours & !ours_after;
    if landed.count() != 1 || left.count() > 1 || ((theirs ^ theirs_after) & !landed).any() {
        return false;
    }
    let to = landed.lowest();
    let mv = match left.first() {
        None => {
            if theirs.contains(to) {
                return false;
            }
            let role = if seen.role(Role::Bishop).contains(to) {
                Role::Bishop
            } else {
                Role::Rook
            };
            crate::Move::Drop { role, to }
        }
        Some(from) => {
            let role = pos.role_at(from);
            if !attacks(role, from, pos.occupied()).contains(to) {
                return false;
            }
            crate::Move::Normal { from, to }
        }
    };
    pos.key_after(mv) == seen.key()
}
