//! Who can go where: moves, captures and breaks of one player
//! (docs/rules/tilechess.md#a-turn).
//!
//! Paths only need their own tiles to be opened, so a slider or a diagonal
//! step may pass the corner point where two unopened blocks meet; a knight
//! needs only its landing tile opened.

use crate::action::Deed;
use crate::board::Board;
use crate::coord::{Block, Tile};
use crate::piece::{Piece, Role};
use arbiter_core::geometry::{self, widen};
use arbiter_core::Seat;

pub const STEPS: [(i32, i32); 8] = widen(geometry::KING_STEPS);
pub const ORTHOGONAL: [(i32, i32); 4] = widen(geometry::ORTHOGONAL);
pub const DIAGONAL: [(i32, i32); 4] = widen(geometry::DIAGONAL);
pub const KNIGHT_LEAPS: [(i32, i32); 8] = widen(geometry::KNIGHT_LEAPS);

/// Calls `f(to, victim)` for every tile the piece on `from` can reach: an
/// empty opened tile (`victim` is `None`) or one holding an enemy piece.
/// King protection is not applied here.
#[inline]
pub fn for_each_target(
    board: &Board,
    from: Tile,
    piece: Piece,
    mut f: impl FnMut(Tile, Option<Piece>),
) {
    match piece.role {
        Role::King | Role::Pawn => {
            for (dx, dy) in STEPS {
                land_on(board, piece, from.offset(dx, dy), &mut f);
            }
        }
        Role::Knight => {
            for (dx, dy) in KNIGHT_LEAPS {
                land_on(board, piece, from.offset(dx, dy), &mut f);
            }
        }
        Role::Rook | Role::Bishop | Role::Queen => {
            let dirs: &[(i32, i32)] = match piece.role {
                Role::Rook => &ORTHOGONAL,
                Role::Bishop => &DIAGONAL,
                _ => &STEPS,
            };
            for &(dx, dy) in dirs {
                let mut to = from.offset(dx, dy);
                while land_on(board, piece, to, &mut f) {
                    to = to.offset(dx, dy);
                }
            }
        }
    }
}

/// Reports `to` if the piece can land there; true if a slider may go on.
#[inline(always)]
fn land_on<F: FnMut(Tile, Option<Piece>) + ?Sized>(
    board: &Board,
    piece: Piece,
    to: Tile,
    f: &mut F,
) -> bool {
    let cell = board.cell(to);
    if !cell.open {
        return false;
    }
    match cell.piece {
        None => {
            f(to, None);
            true
        }
        Some(other) => {
            if other.owner != piece.owner {
                f(to, Some(other));
            }
            false
        }
    }
}

/// The tiles a move from `from` to `to` passes over and lands on, in order:
/// these become the mover's territory (docs/rules/tilechess.md#territory).
pub fn path(role: Role, from: Tile, to: Tile) -> impl Iterator<Item = Tile> {
    let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
    let steps = if role == Role::Knight {
        1
    } else {
        (to.x - from.x).abs().max((to.y - from.y).abs())
    };
    let first = if role == Role::Knight {
        to
    } else {
        from.offset(dx, dy)
    };
    (0..steps).map(move |i| first.offset(dx * i, dy * i))
}

/// Whether a piece "has a legal move" in the sense of the king-protection
/// rule: a move to an empty tile or a capture of an enemy piece other than a
/// king. Captures of kings are left out so the definition is not circular
/// (docs/rules/tilechess.md#kings).
fn has_plain_move(board: &Board, from: Tile, piece: Piece) -> bool {
    let mut any = false;
    for_each_target(board, from, piece, |_, victim| {
        any |= victim.is_none_or(|v| v.role != Role::King)
    });
    any
}

/// Whether the king of `owner` may be destroyed now: it is their only piece,
/// or none of their other pieces has a legal move (breaks and turn order
/// ignored). `pieces` is every piece on the board.
pub fn king_exposed(board: &Board, pieces: &[(Tile, Piece)], owner: Seat) -> bool {
    !pieces
        .iter()
        .any(|&(t, p)| p.owner == owner && p.role != Role::King && has_plain_move(board, t, p))
}

/// The blocks a piece on `from` may break: unopened blocks of the board
/// within its reach (Chebyshev distance to the block's nearest tile).
pub fn for_each_breakable(board: &Board, from: Tile, role: Role, mut f: impl FnMut(Block)) {
    let Some(reach) = role.break_reach() else {
        return;
    };
    let (lo, hi) = (
        from.offset(-reach, -reach).block(),
        from.offset(reach, reach).block(),
    );
    for bx in lo.bx..=hi.bx {
        for by in lo.by..=hi.by {
            let b = Block::new(bx, by);
            if b.distance(from) <= reach && board.is_unopened(b) {
                f(b);
            }
        }
    }
}

/// Every move, capture and break of `seat` (no passes, no joins), in no
/// particular order; breaks appear once per block.
pub fn deeds(board: &Board, seat: Seat, seats: usize, out: &mut Vec<Deed>) {
    let pieces: Vec<(Tile, Piece)> = board.pieces().collect();
    // Whether each enemy's king may be taken, worked out on first need.
    let mut exposed: Vec<Option<bool>> = vec![None; seats];
    let mut breaks: Vec<Block> = Vec::new();
    for &(from, piece) in pieces.iter().filter(|(_, p)| p.owner == seat) {
        for_each_target(board, from, piece, |to, victim| match victim {
            None => out.push(Deed::Move { from, to }),
            Some(v) => {
                let allowed = v.role != Role::King
                    || *exposed[v.owner.index()]
                        .get_or_insert_with(|| king_exposed(board, &pieces, v.owner));
                if allowed {
                    out.push(Deed::Capture { from, to });
                }
            }
        });
        for_each_breakable(board, from, piece.role, |b| breaks.push(b));
    }
    breaks.sort_unstable();
    breaks.dedup();
    out.extend(breaks.into_iter().map(|block| Deed::Break { block }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_list_passed_and_landing_tiles() {
        let p: Vec<Tile> = path(Role::Bishop, Tile::new(0, 0), Tile::new(3, -3)).collect();
        assert_eq!(
            p,
            vec![Tile::new(1, -1), Tile::new(2, -2), Tile::new(3, -3)]
        );
        let p: Vec<Tile> = path(Role::Knight, Tile::new(0, 0), Tile::new(1, 2)).collect();
        assert_eq!(p, vec![Tile::new(1, 2)]);
        let p: Vec<Tile> = path(Role::Pawn, Tile::new(0, 0), Tile::new(-1, 1)).collect();
        assert_eq!(p, vec![Tile::new(-1, 1)]);
    }
}
