//! Progressive Chess king danger: how hard the enemy presses on a king,
//! for [`super::evaluate`] (docs/ai.md#anchor, sixth round).

use super::{attacked_squares, is_swapper_family, piece_attacks};
use arbiter_progressive_chess::{attacks, Bitboard, Board, Color, Role};

/// King danger, in the manner of the strong chess engines: every enemy
/// piece that reaches the squares around the king adds its
/// `zone_weight`, each square it reaches there [`ZONE_HIT`], and each
/// piece that can move to a square giving check adds [`SAFE_CHECK`] when
/// we do not guard that square ([`UNSAFE_CHECK`] when we do); our pieces
/// next to the king take [`ZONE_GUARD`] off. The penalty grows with the
/// square of the sum, so attackers acting together count for more than
/// each alone. A linear count of attacked squares (all the evaluation had
/// before) could not see what a cannon does: it checks through a screen,
/// so a king with its own pieces around it may be the one in danger.
pub fn king_danger(board: &Board, side: Color) -> i32 {
    king_danger_with(board, side, attacked_squares(board, side))
}

/// [`king_danger`] with the squares `side` attacks known.
pub(super) fn king_danger_with(board: &Board, side: Color, ours: Bitboard) -> i32 {
    let them = side.other();
    let king = board.king(side);
    let zone = attacks::king(king).with(king);
    let occ = board.occupied();
    let their_pieces = board.pieces(them);
    let (mut attackers, mut weight, mut hits, mut checks) = (0, 0, 0, 0);
    for sq in their_pieces & !board.of(them, Role::King) {
        let role = board.piece_at(sq).expect("a piece").role;
        if is_swapper_family(role) || role == Role::Pawn {
            continue;
        }
        let reach = piece_attacks(role, them, sq, occ);
        let near = reach & zone;
        if near.any() {
            attackers += 1;
            weight += zone_weight(role);
            hits += near.count() as i32;
        }
        // The squares from which this piece would attack the king: every
        // pattern here is symmetric, a cannon's included (a test checks
        // it), so they are the piece's own attacks from the king's square.
        let checking = reach & piece_attacks(role, side, king, occ) & !their_pieces;
        if (checking & !ours).any() {
            checks += SAFE_CHECK;
        } else if checking.any() {
            checks += UNSAFE_CHECK;
        }
    }
    if attackers == 0 && checks == 0 {
        return 0;
    }
    let guards = (attacks::king(king) & board.pieces(side)).count() as i32;
    let danger = attackers * weight + ZONE_HIT * hits + checks - ZONE_GUARD * guards;
    if danger <= 0 {
        return 0;
    }
    (danger * danger / 4096 + danger / 16).min(MAX_KING_DANGER)
}

/// What one enemy piece reaching the king's zone adds to [`king_danger`]:
/// the pieces that mate with a king alone or leap over a guard count
/// most.
const fn zone_weight(role: Role) -> i32 {
    match role {
        Role::Cannon => 50,
        Role::Pincer => 45,
        Role::Rook => 40,
        _ => 30,
    }
}

/// [`king_danger`]'s terms, in danger units (the penalty, in centipawns,
/// is `danger² / 4096 + danger / 16`, at most [`MAX_KING_DANGER`]).
pub const ZONE_HIT: i32 = 40;
pub const SAFE_CHECK: i32 = 400;
pub const UNSAFE_CHECK: i32 = 70;
pub const ZONE_GUARD: i32 = 40;
pub const MAX_KING_DANGER: i32 = 900;
