//! Legal move generation, ignoring the repetition ban (which needs the
//! game's history; see [`crate::KnightCourt`]).

use crate::attacks::{attacks, knight_attacks};
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::{attacked_by, Position};

/// Calls `emit` for every move that does not leave the mover's knight
/// attacked (docs/rules/knight-court.md#the-royal-knight).
#[inline]
pub fn for_each_legal(pos: &Position, mut emit: impl FnMut(Move)) {
    let us = pos.turn();
    let ours = pos.pieces(us);
    let theirs = pos.pieces(us.other());
    let occupied = ours | theirs;
    let roles = pos.roles();
    let knight = pos.knight(us);
    let in_check = attacked_by(knight, theirs, roles, occupied);

    // The knight: its own square changes, so every landing is tested.
    for to in knight_attacks(knight) & !ours {
        let after = (occupied & !knight.bit()) | to.bit();
        if !attacked_by(to, theirs & !to.bit(), roles, after) {
            emit(Move::Normal { from: knight, to });
        }
    }

    for role in [Role::Bishop, Role::Rook] {
        for from in ours & roles[role.index()] {
            let targets = attacks(role, from, occupied) & !ours;
            // Out of check, a bishop or rook can only do harm by uncovering
            // a line: if vacating its square exposes nothing, every target
            // is safe (landing adds a blocker, capturing removes an
            // attacker).
            if !in_check && !attacked_by(knight, theirs, roles, occupied & !from.bit()) {
                for to in targets {
                    emit(Move::Normal { from, to });
                }
                continue;
            }
            for to in targets {
                let after = (occupied & !from.bit()) | to.bit();
                if !attacked_by(knight, theirs & !to.bit(), roles, after) {
                    emit(Move::Normal { from, to });
                }
            }
        }
    }

    // A drop only adds a blocker, so it can expose nothing: when the knight
    // is safe every drop is legal, and in check a drop must block.
    for role in Role::DROPPABLE {
        if !pos.in_hand(us, role) {
            continue;
        }
        for to in !occupied {
            if !in_check || !attacked_by(knight, theirs, roles, occupied | to.bit()) {
                emit(Move::Drop { role, to });
            }
        }
    }
}

/// Every move that does not leave the mover's knight attacked.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    for_each_legal(pos, |mv| list.push(mv));
    list
}
