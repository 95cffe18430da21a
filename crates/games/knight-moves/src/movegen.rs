//! Move generation from a position alone. The forced-pass rule and the
//! repetition ban interact (a pass that would repeat a position does not
//! force anything), and the ban needs the game's history, so both are
//! applied by [`crate::KnightMoves`] and the perft counter on top of these
//! generators.

use crate::moves::{Chain, Move, MoveList};
use crate::position::Position;
use crate::square::{Bitboard, Square};
use crate::tables::{first_on_lines, knight_leaps};

/// Calls `emit` for every piece move of the side to move: each piece but
/// the ball holder, to each empty square a knight's leap away
/// (docs/rules/knight-moves.md#piece-moves).
#[inline]
pub fn for_each_jump(pos: &Position, mut emit: impl FnMut(Move)) {
    let us = pos.turn();
    let empty = !pos.occupied();
    for from in pos.pieces(us) & !pos.holder(us).bit() {
        for to in knight_leaps(from) & empty {
            emit(Move::Jump { from, to });
        }
    }
}

/// Calls `emit` for every pass chain of the side to move: each prefix of
/// each path the ball can take, so a chain may stop after any pass
/// (docs/rules/knight-moves.md#passing). Two chains can end on the same
/// receiver; they are different turns.
#[inline]
pub fn for_each_chain(pos: &Position, mut emit: impl FnMut(Move)) {
    let us = pos.turn();
    let holder = pos.holder(us);
    // Receivers: our pieces without an ineligible mark. Pieces that touch
    // the ball this turn drop out as they touch it.
    let eligible = pos.pieces(us) & !pos.ineligible() & !holder.bit();
    let mut chain = Chain::start(holder);
    extend(&mut chain, holder, eligible, pos.occupied(), &mut emit);
}

fn extend(
    chain: &mut Chain,
    from: Square,
    eligible: Bitboard,
    occupied: Bitboard,
    emit: &mut impl FnMut(Move),
) {
    for to in first_on_lines(from, occupied) & eligible {
        chain.push(to);
        emit(Move::Pass(*chain));
        extend(chain, to, eligible & !to.bit(), occupied, emit);
        chain.pop();
    }
}

/// The number of pass chains of the side to move, counted without building
/// them (perft's bulk count).
#[inline]
pub fn count_chains(pos: &Position) -> u64 {
    let us = pos.turn();
    let holder = pos.holder(us);
    let eligible = pos.pieces(us) & !pos.ineligible() & !holder.bit();
    count_extensions(holder, eligible, pos.occupied())
}

fn count_extensions(from: Square, eligible: Bitboard, occupied: Bitboard) -> u64 {
    let mut n = 0;
    for to in first_on_lines(from, occupied) & eligible {
        n += 1 + count_extensions(to, eligible & !to.bit(), occupied);
    }
    n
}

/// The number of piece moves of the side to move.
#[inline]
pub fn count_jumps(pos: &Position) -> u64 {
    let us = pos.turn();
    let empty = !pos.occupied();
    (pos.pieces(us) & !pos.holder(us).bit())
        .map(|from| (knight_leaps(from) & empty).count() as u64)
        .sum()
}

/// Whether the side to move has any pass chain at all (one pass is enough).
#[inline]
pub fn can_pass(pos: &Position) -> bool {
    let us = pos.turn();
    let holder = pos.holder(us);
    (first_on_lines(holder, pos.occupied()) & pos.pieces(us) & !pos.ineligible()).any()
}

/// Every piece move and pass chain, before the forced-pass rule and the
/// repetition ban.
pub fn pseudo_legal(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    for_each_chain(pos, |mv| list.push(mv));
    for_each_jump(pos, |mv| list.push(mv));
    list
}

/// Calls `emit` with every legal turn and the position it leads to, given
/// `repeats`, which says whether a position has occurred earlier in the
/// game. Applies, in order: the game is over once a ball is home
/// (docs/rules/knight-moves.md#winning); no turn may repeat a position
/// (#no-repeated-positions); a forced side passes if any pass is still
/// legal after that, and otherwise may make any turn (#forced-pass).
#[inline]
pub fn for_each_legal(
    pos: &Position,
    repeats: impl Fn(&Position) -> bool,
    mut emit: impl FnMut(Move, &Position),
) {
    if pos.winner().is_some() {
        return;
    }
    let mut passed = false;
    for_each_chain(pos, |mv| {
        let child = pos.play_unchecked(&mv);
        if !repeats(&child) {
            passed = true;
            emit(mv, &child);
        }
    });
    if passed && pos.must_pass() {
        return;
    }
    for_each_jump(pos, |mv| {
        let child = pos.play_unchecked(&mv);
        if !repeats(&child) {
            emit(mv, &child);
        }
    });
}
