//! A game of Knight Court: a position plus the history the repetition ban
//! needs.

use crate::movegen::for_each_legal;
use crate::moves::Move;
use crate::piece::Role;
use crate::position::Position;
use arbiter_core::duel::movers_piece;
use arbiter_core::record::Record;
use arbiter_core::Outcome;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move has no legal move and its knight is attacked: it
    /// has lost.
    Checkmate,
    /// The side to move has no legal move and its knight is safe: a draw.
    Stalemate,
}

/// A move the rules refuse, and why.
pub type IllegalMove = arbiter_core::duel::IllegalMove<Move>;

/// A game in progress: the current position, every position seen so far
/// (the start included), the moves played and whether the players ended it
/// (resigning and agreeing are the same for every duel: see
/// [`arbiter_core::Concedes`]).
#[derive(Clone, Debug)]
pub struct KnightCourt {
    pub(crate) record: Record<Position, Move, u32>,
}

impl KnightCourt {
    /// Whether the position with `key` has occurred in this game.
    pub fn has_seen(&self, key: u32) -> bool {
        self.record.has_seen(&key)
    }

    /// The legal moves, sorted by notation: moves that keep the mover's
    /// knight safe and do not recreate an earlier position.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for_each_legal(self.position(), |mv| {
            if !self.has_seen(self.position().key_after(mv)) {
                moves.push(mv);
            }
        });
        moves.sort();
        moves
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        for_each_legal(self.position(), |mv| {
            any |= !self.has_seen(self.position().key_after(mv))
        });
        any
    }

    /// Checkmate, stalemate or still going (docs/rules/knight-court.md#the-end).
    pub fn status(&self) -> Status {
        if self.has_legal_move() {
            Status::Ongoing
        } else if self.position().is_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// The result the board gives, once it is over (`outcome()` puts a
    /// resignation or an agreed draw first). Seat 0 is White.
    pub(crate) fn board_outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Ongoing => None,
            Status::Checkmate => Some(Outcome::win(self.turn().other().seat(), 2, "checkmate")),
            Status::Stalemate => Some(Outcome::draw_because(2, "stalemate")),
        }
    }

    /// `None` if `mv` is legal now, otherwise the reason it is not, in
    /// words a player understands.
    pub fn why_illegal(&self, mv: Move) -> Option<String> {
        let pos = self.position();
        let us = pos.turn();
        if self.status() != Status::Ongoing {
            return Some("the game is over".into());
        }
        match mv {
            Move::Drop { role, to } => {
                if !pos.in_hand(us, role) {
                    return Some(format!("{us} has no {} in hand", role.name()));
                }
                if pos.occupied().contains(to) {
                    return Some(format!("{to} is occupied; drops go on empty squares"));
                }
            }
            Move::Normal { from, to } => {
                let piece = match movers_piece(pos.piece_at(from), from, us, |p| {
                    (p.role.name().to_string(), p.color)
                }) {
                    Ok(piece) => piece,
                    Err(why) => return Some(why),
                };
                if pos.pieces(us).contains(to) {
                    return Some(format!("{to} holds one of {us}'s own pieces"));
                }
                if !pos.attacks_from(piece.role, from).contains(to) {
                    let how = match piece.role {
                        Role::Knight => "a knight does not move that way",
                        _ if crate::attacks::attacks(
                            piece.role,
                            from,
                            crate::square::Bitboard::EMPTY,
                        )
                        .contains(to) =>
                        {
                            "the path is blocked"
                        }
                        Role::Bishop => "a bishop moves diagonally",
                        Role::Rook => "a rook moves along ranks and files",
                    };
                    return Some(format!(
                        "the {} on {from} cannot reach {to}: {how}",
                        piece.role.name()
                    ));
                }
            }
        }
        let mut keeps_knight_safe = false;
        for_each_legal(pos, |legal| keeps_knight_safe |= legal == mv);
        if !keeps_knight_safe {
            return Some(format!("it would leave {us}'s knight attacked"));
        }
        if self.has_seen(pos.key_after(mv)) {
            return Some("it recreates an earlier position of this game".into());
        }
        None
    }
}
