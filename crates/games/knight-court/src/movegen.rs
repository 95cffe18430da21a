//! Legal move generation, ignoring the repetition ban (which needs the
//! game's history; see [`crate::KnightCourt`]).

use crate::attacks::attacks;
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

    for from in ours {
        let role = if roles[Role::Knight.index()].contains(from) {
            Role::Knight
        } else if roles[Role::Bishop.index()].contains(from) {
            Role::Bishop
        } else {
            Role::Rook
        };
        for to in attacks(role, from, occupied) & !ours {
            let after = (occupied & !from.bit()) | to.bit();
            let king_square = if role == Role::Knight { to } else { knight };
            if !attacked_by(king_square, theirs & !to.bit(), roles, after) {
                emit(Move::Normal { from, to });
            }
        }
    }

    // A drop only adds a blocker, so it can expose nothing: when the knight
    // is safe every drop is legal, and in check a drop must block.
    let in_check = attacked_by(knight, theirs, roles, occupied);
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
