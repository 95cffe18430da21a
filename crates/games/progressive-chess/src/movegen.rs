//! Legal move steps and whole turns (docs/rules/progressive-chess.md#a-turn).
//!
//! Moves are generated piece by piece as square sets. King safety is then
//! settled by [`Safety`]: out of check, a move can only expose the king by
//! emptying a square on a line (ray, cannon line, zigzag path) between the
//! king and an enemy piece that uses that line, so only such moves, king
//! moves and swaps that move the king or an enemy piece are tested, by
//! asking whether the king would be attacked on the board after the move.
//! That is simpler than tracking pins through cannon screens and swaps,
//! and the naive implementation in `tests/naive` checks it.

use crate::attacks;
use crate::moves::{Move, Turn, Upgrade};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::{Bitboard, Square};
use crate::tree;
use std::ops::ControlFlow;

/// The squares the piece on `from` may move to by its own movement
/// (captures and swaps included, shields and king safety not considered).
/// Empty for a necromancer, whose only moves are raisings.
pub fn targets(pos: &Position, from: Square) -> Bitboard {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return Bitboard::EMPTY;
    };
    let us = piece.color;
    let own = board.pieces(us);
    let occ = board.occupied();
    let not_own = !own;
    match piece.role {
        Role::Pawn => {
            (attacks::pawn_step(us, from) & !occ)
                | (attacks::pawn_captures(us, from) & board.pieces(us.other()))
        }
        Role::King | Role::LesserKing => attacks::king(from) & not_own,
        Role::LesserRook => attacks::wazir(from) & not_own,
        Role::LesserBishop => attacks::ferz(from) & not_own,
        Role::Pincer => attacks::camel(from) & not_own,
        Role::Rook => attacks::rook(from, occ) & not_own,
        Role::Bishop => attacks::bishop(from, occ) & not_own,
        Role::Protector => attacks::protector(from, occ) & not_own,
        Role::Zigzag => attacks::zigzag(from, occ) & not_own,
        Role::Cannon => attacks::cannon_quiet(from, occ) | attacks::cannon_captures(from, occ, own),
        // Any other piece of its own side, the king included.
        Role::Swapper => own.without(from),
        // Any neighbouring piece of either side but a king.
        Role::Supernaturalist => attacks::king(from) & occ & !board.role(Role::King),
        Role::Necromancer => Bitboard::EMPTY,
    }
}

/// What the side to move needs to know, once per position, to judge king
/// safety quickly.
#[derive(Clone, Copy, Debug)]
pub struct Safety {
    in_check: bool,
    king: Square,
    /// Squares whose emptying might open a line (ray, cannon line or
    /// zigzag path) from an enemy piece to the king. Moving a piece off any
    /// other square cannot expose the king.
    exposed: Bitboard,
}

impl Safety {
    pub fn of(pos: &Position) -> Safety {
        let us = pos.turn();
        let board = pos.board();
        let king = board.king(us);
        let them = board.pieces(us.other());
        let orth = them & (board.role(Role::Rook) | board.role(Role::Cannon));
        let rank = them & board.role(Role::Protector);
        let diag = them & board.role(Role::Bishop);
        let mut exposed = Bitboard::EMPTY;
        for d in attacks::ORTHOGONAL_RAYS {
            let ray = Bitboard::from_bits(attacks::RAYS[d][king.index()]);
            let liners = if attacks::RANK_RAYS.contains(&d) {
                orth | rank
            } else {
                orth
            };
            if (ray & liners).any() {
                exposed |= ray;
            }
        }
        for d in attacks::DIAGONAL_RAYS {
            let ray = Bitboard::from_bits(attacks::RAYS[d][king.index()]);
            if (ray & diag).any() {
                exposed |= ray;
            }
        }
        if (them & board.role(Role::Zigzag)).any() {
            exposed |= attacks::zigzag(king, Bitboard::EMPTY);
        }
        Safety {
            in_check: pos.is_check(),
            king,
            exposed,
        }
    }

    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// Whether the move step `mv` of the piece `role` keeps the king safe.
    /// Out of check, most moves are settled without playing them: only
    /// king moves, swaps that move the king or an enemy piece, and moves
    /// off an exposed square are played out on a copy of the board.
    #[inline]
    pub fn allows(&self, pos: &Position, mv: Move, role: Role) -> bool {
        match mv {
            // A raising keeps every square's occupant on the same side.
            Move::Raise { .. } => !self.in_check,
            Move::Normal { from, to } => {
                let full_test = match role {
                    Role::King => true,
                    Role::Swapper => to == self.king,
                    Role::Supernaturalist => pos.board().pieces(pos.turn().other()).contains(to),
                    _ => {
                        if pos.hits_shield(mv) {
                            // Judged on the unchanged board.
                            return !self.in_check;
                        }
                        self.exposed.contains(from)
                    }
                };
                if full_test || self.in_check {
                    pos.keeps_king_safe(mv)
                } else {
                    true
                }
            }
        }
    }
}

/// Calls `f` with every legal move step of the side to move.
#[inline]
pub fn for_each_legal_move(pos: &Position, mut f: impl FnMut(Move)) {
    let _ = visit_legal_moves(pos, |mv| {
        f(mv);
        ControlFlow::<()>::Continue(())
    });
}

/// Calls `f` with the legal move steps of the side to move, in generation
/// order, until it says stop.
#[inline]
fn visit_legal_moves<B>(
    pos: &Position,
    mut f: impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let us = pos.turn();
    let board = pos.board();
    let safety = Safety::of(pos);
    for from in board.pieces(us) {
        let role = board.piece_at(from).expect("a piece").role;
        if role == Role::Necromancer {
            if safety.in_check {
                continue;
            }
            for role in Role::ALL {
                if pos.pool_count(us, role) > 0 {
                    f(Move::Raise { from, role })?;
                }
            }
            continue;
        }
        for to in targets(pos, from) {
            let mv = Move::Normal { from, to };
            if safety.allows(pos, mv, role) {
                f(mv)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The legal move steps, in generation order.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    for_each_legal_move(pos, |mv| moves.push(mv));
    moves
}

/// Whether the move step `mv` is a capture that removes a piece (and so
/// earns 2 points at once).
#[inline]
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    match mv {
        Move::Raise { .. } => false,
        Move::Normal { from, to } => {
            let board = pos.board();
            board.pieces(pos.turn().other()).contains(to)
                && !matches!(
                    board.piece_at(from).map(|p| p.role),
                    Some(Role::Swapper | Role::Supernaturalist)
                )
                && !pos.is_shielded(to)
        }
    }
}

/// The upgrades `color` may buy with `points` in `pos` (a position in the
/// middle of `color`'s turn, after its move step), in board order.
pub fn upgrades_in(pos: &Position, color: Color, points: u32, mut f: impl FnMut(Upgrade)) {
    for square in pos.board().pieces(color) {
        let role = pos.piece_at(square).expect("a piece").role;
        for &to in tree::upgrades(role) {
            if tree::price(to) <= points {
                f(Upgrade { square, role: to });
            }
        }
    }
}

/// How many upgrades `color` may buy with `points`.
#[inline]
pub fn upgrade_count(pos: &Position, color: Color, points: u32) -> u64 {
    let board = pos.board();
    let mut n = 0;
    for role in [
        Role::Pawn,
        Role::LesserRook,
        Role::LesserBishop,
        Role::Swapper,
        Role::Rook,
        Role::LesserKing,
        Role::Bishop,
    ] {
        let k = tree::affordable(role, points);
        if k > 0 {
            n += (board.of(color, role).count() * k) as u64;
        }
    }
    n
}

/// Calls `f` with every legal turn: each legal move alone, then with each
/// affordable upgrade of a piece of the mover's side as it stands after
/// the move (docs/rules/progressive-chess.md#a-turn).
pub fn for_each_legal_turn(pos: &Position, mut f: impl FnMut(Turn)) {
    let us = pos.turn();
    for_each_legal_move(pos, |mv| {
        f(Turn::bare(mv).by(us));
        let mut mid = *pos;
        mid.apply_move(mv);
        upgrades_in(&mid, us, mid.points(us), |up| {
            f(Turn {
                mv,
                upgrade: Some(up),
                side: us,
            })
        });
    });
}

/// The legal turns, sorted by notation.
pub fn legal_turns(pos: &Position) -> Vec<Turn> {
    let mut turns = Vec::new();
    for_each_legal_turn(pos, |t| turns.push(t));
    turns.sort_by_cached_key(Turn::to_string);
    turns
}

/// Whether the side to move has any legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    visit_legal_moves(pos, |_| ControlFlow::Break(())).is_break()
}
