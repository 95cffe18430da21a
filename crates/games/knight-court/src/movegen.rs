//! Legal move generation, ignoring the repetition ban (which needs the
//! game's history; see [`crate::KnightCourt`]).
//!
//! The moves are worked out as sets, a few table lookups per position:
//! where the knight may step, where the bishop and the rook may go, where
//! a drop may land. Perft counts the sets; everything else walks them.

use crate::attacks::{
    bishop_attacks, bishop_attacks_of, bishop_between, knight_attacks, rook_attacks,
    rook_attacks_of, rook_between,
};
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::{attacked_by, Position};
use crate::square::{Bitboard, Square};

/// The moves that do not leave the mover's knight attacked
/// (docs/rules/knight-court.md#the-royal-knight), as landing squares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveSets {
    pub knight: Square,
    pub steps: Bitboard,
    /// The bishop's square; meaningless if it is in hand (then
    /// `bishop_moves` is empty).
    pub bishop: Square,
    pub bishop_moves: Bitboard,
    pub rook: Square,
    pub rook_moves: Bitboard,
    /// Where a drop may land, for each piece in hand.
    pub drops: Bitboard,
    pub bishop_in_hand: bool,
    pub rook_in_hand: bool,
}

impl MoveSets {
    #[inline(always)]
    pub fn of(pos: &Position) -> MoveSets {
        let us = pos.turn();
        let ours = pos.pieces(us);
        let theirs = pos.pieces(us.other());
        let occupied = ours | theirs;
        let roles = pos.roles();
        let knights = roles[Role::Knight.index()];
        let bishops = roles[Role::Bishop.index()];
        let rooks = roles[Role::Rook.index()];
        let knight = (ours & knights).lowest();
        let our_bishop = ours & bishops;
        let our_rook = ours & rooks;
        let their_bishops = theirs & bishops;
        let their_rooks = theirs & rooks;

        // The squares they attack once our knight has left its square. A
        // square's attackers do not depend on what stands on it, so these
        // are exactly the squares the knight may not step to.
        let without_knight = occupied & !knight.bit();
        let danger = knight_attacks((theirs & knights).lowest())
            | rook_attacks_of(their_rooks, without_knight)
            | bishop_attacks_of(their_bishops, without_knight);

        // Where a bishop, rook or drop may land: anywhere out of check; in
        // check from one piece, on it or between it and the knight; nowhere
        // in double check (no one square is on two lines to the knight).
        // Landing never exposes the knight: it adds a blocker or removes an
        // attacker. Computed without branches, as whether the knight is in
        // check is a coin toss for the branch predictor; out of check,
        // `checkers` and `between` are empty.
        let checkers = (knight_attacks(knight) & theirs & knights)
            | (rook_attacks(knight, occupied) & their_rooks)
            | (bishop_attacks(knight, occupied) & their_bishops);
        let between =
            rook_between(knight, checkers & rooks) | bishop_between(knight, checkers & bishops);
        let safe = Bitboard::when(checkers.is_empty());
        let single = Bitboard::when(checkers.at_most_one());
        let answers = safe | ((checkers | between) & single);

        let mut sets = MoveSets {
            knight,
            steps: knight_attacks(knight) & !ours & !danger,
            bishop: our_bishop.lowest(),
            bishop_moves: bishop_attacks_of(our_bishop, occupied) & !ours & answers,
            rook: our_rook.lowest(),
            rook_moves: rook_attacks_of(our_rook, occupied) & !ours & answers,
            drops: (safe & !occupied) | (between & single),
            bishop_in_hand: our_bishop.is_empty(),
            rook_in_hand: our_rook.is_empty(),
        };

        // Leaving a square exposes the knight only if the square is between
        // it and a slider of theirs two steps away (no line is longer): a
        // pinned piece's moves are tested one by one.
        let pinned =
            ours & (rook_between(knight, their_rooks) | bishop_between(knight, their_bishops));
        if pinned.any() {
            let keeps_knight_safe = |from: Square, to: Square| {
                let after = (occupied & !from.bit()) | to.bit();
                !attacked_by(knight, theirs & !to.bit(), roles, after)
            };
            if (pinned & our_bishop).any() {
                for to in sets.bishop_moves {
                    if !keeps_knight_safe(sets.bishop, to) {
                        sets.bishop_moves &= !to.bit();
                    }
                }
            }
            if (pinned & our_rook).any() {
                for to in sets.rook_moves {
                    if !keeps_knight_safe(sets.rook, to) {
                        sets.rook_moves &= !to.bit();
                    }
                }
            }
        }
        sets
    }

    /// How many moves the sets hold.
    #[inline]
    pub fn count(&self) -> u32 {
        let held = self.bishop_in_hand as u32 + self.rook_in_hand as u32;
        self.steps.count()
            + self.bishop_moves.count()
            + self.rook_moves.count()
            + held * self.drops.count()
    }
}

/// Calls `emit` for every move that does not leave the mover's knight
/// attacked (docs/rules/knight-court.md#the-royal-knight): knight steps,
/// bishop moves, rook moves, bishop drops, rook drops, each by square.
#[inline]
pub fn for_each_legal(pos: &Position, mut emit: impl FnMut(Move)) {
    let sets = MoveSets::of(pos);
    for to in sets.steps {
        emit(Move::Normal {
            from: sets.knight,
            to,
        });
    }
    for to in sets.bishop_moves {
        emit(Move::Normal {
            from: sets.bishop,
            to,
        });
    }
    for to in sets.rook_moves {
        emit(Move::Normal {
            from: sets.rook,
            to,
        });
    }
    if sets.bishop_in_hand {
        for to in sets.drops {
            emit(Move::Drop {
                role: Role::Bishop,
                to,
            });
        }
    }
    if sets.rook_in_hand {
        for to in sets.drops {
            emit(Move::Drop {
                role: Role::Rook,
                to,
            });
        }
    }
}

/// Every move that does not leave the mover's knight attacked.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    for_each_legal(pos, |mv| list.push(mv));
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::attacks;
    use crate::index::{KnightCourtSpace, SIZE};
    use arbiter_core::PositionSpace;

    /// The plain way: every move a piece can make and every drop, played,
    /// kept if the mover's knight is then safe.
    fn by_playing(pos: &Position) -> Vec<Move> {
        let us = pos.turn();
        let ours = pos.pieces(us);
        let mut candidates = Vec::new();
        for from in ours {
            let role = Role::ALL
                .into_iter()
                .find(|&r| pos.role(r).contains(from))
                .unwrap();
            for to in attacks(role, from, pos.occupied()) & !ours {
                candidates.push(Move::Normal { from, to });
            }
        }
        for role in pos.hand(us) {
            for to in !pos.occupied() {
                candidates.push(Move::Drop { role, to });
            }
        }
        candidates.retain(|&mv| {
            let after = pos.play_unchecked(mv);
            !after.is_attacked(after.knight(us), us.other())
        });
        candidates
    }

    #[test]
    fn the_sets_hold_exactly_the_moves_that_keep_the_knight_safe_in_every_position() {
        for i in 0..SIZE {
            if let Some(pos) = KnightCourtSpace.position(i) {
                let mut fast: Vec<Move> = legal_moves(&pos).to_vec();
                let mut plain = by_playing(&pos);
                fast.sort();
                plain.sort();
                assert_eq!(fast, plain, "{pos}");
            }
        }
    }
}
