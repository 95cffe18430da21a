//! Counting moves at perft's last ply without making them.
//!
//! [`count_legal`] counts the moves [`crate::for_each_legal`] would emit by
//! the sizes of the sets it walks.
//! [`is_child`] turns the repetition ban around: instead of asking of every
//! move whether its result was seen, perft asks of the few seen positions
//! whether one move makes them, and subtracts those.

use crate::attacks::attacks;
use crate::movegen::MoveSets;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Bitboard;

/// The number of moves that do not leave the mover's knight attacked: the
/// count of [`crate::for_each_legal`]'s moves, from the same sets.
#[inline]
pub(crate) fn count_legal(pos: &Position) -> u32 {
    MoveSets::of(pos).count()
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
    // One branch, not four: most seen positions fail, unpredictably which way.
    let plausible = landed.any()
        & landed.at_most_one()
        & left.at_most_one()
        & ((theirs ^ theirs_after) & !landed).is_empty();
    if !plausible {
        return false;
    }
    makes_with_one_move(pos, seen, landed, left)
}

/// The rest of [`is_child`], once the squares agree: which of our pieces
/// moved (if any: `left`) to where (`landed`), can it, and does that give
/// exactly `seen`. Rarely reached, so kept out of the counting loop.
#[inline(never)]
fn makes_with_one_move(pos: &Position, seen: &Position, landed: Bitboard, left: Bitboard) -> bool {
    let theirs = pos.pieces(pos.turn().other());
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

/// Whether `seen`, a position with the same side to move as `pos`, might
/// follow it after one move of each side: neither side gains more than
/// one square (a move or drop adds one; captures only take away).
#[inline]
pub(crate) fn within_two_plies(pos: &Position, seen: &Position) -> bool {
    let white = seen.pieces(Color::White) & !pos.pieces(Color::White);
    let black = seen.pieces(Color::Black) & !pos.pieces(Color::Black);
    white.at_most_one() && black.at_most_one()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{KnightCourtSpace, SIZE};
    use crate::movegen::{for_each_legal, legal_moves};
    use arbiter_core::PositionSpace;

    #[test]
    fn counts_what_the_generator_emits_in_every_position() {
        for i in 0..SIZE {
            if let Some(pos) = KnightCourtSpace.position(i) {
                let mut emitted = 0;
                for_each_legal(&pos, |_| emitted += 1);
                assert_eq!(count_legal(&pos), emitted, "{pos}");
            }
        }
    }

    #[test]
    fn finds_exactly_the_children_among_positions_three_plies_on_and_passes_those_two_plies_on() {
        // Three plies on, the other side is to move again: some of those
        // positions are children, most are not.
        let mut children_found = 0;
        for i in (0..SIZE).step_by(29) {
            let Some(pos) = KnightCourtSpace.position(i) else {
                continue;
            };
            let children: Vec<Position> = legal_moves(&pos)
                .iter()
                .map(|&mv| pos.play_unchecked(mv))
                .collect();
            for child in &children {
                assert!(is_child(&pos, child), "{pos} -> {child}");
                children_found += 1;
                for mv in legal_moves(child).iter() {
                    let grandchild = child.play_unchecked(*mv);
                    assert!(within_two_plies(&pos, &grandchild), "{pos} -> {grandchild}");
                    for mv in legal_moves(&grandchild).iter() {
                        let later = grandchild.play_unchecked(*mv);
                        assert_eq!(
                            is_child(&pos, &later),
                            children.contains(&later),
                            "{pos} -> {later}"
                        );
                    }
                }
            }
        }
        assert!(children_found > 10_000, "{children_found}");
    }
}
