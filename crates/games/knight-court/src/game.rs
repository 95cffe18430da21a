//! A game of Knight Court: a position plus the history the repetition ban
//! needs.

use crate::movegen::for_each_legal;
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Position;
use arbiter_core::record::Record;
use arbiter_core::{Concession, Outcome, PositionError};

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
/// (the start included) and the moves played.
#[derive(Clone, Debug)]
pub struct KnightCourt {
    record: Record<Position, Move, u32>,
    /// A resignation or an agreed draw (see `resign.rs`).
    pub(crate) conceded: Option<Concession>,
}

impl Default for KnightCourt {
    fn default() -> KnightCourt {
        KnightCourt::new()
    }
}

impl KnightCourt {
    /// A game from the standard start.
    pub fn new() -> KnightCourt {
        KnightCourt::starting_at(Position::start())
    }

    /// A game starting at `position`, which counts as already seen.
    pub fn starting_at(position: Position) -> KnightCourt {
        KnightCourt {
            record: Record::starting_at(position, position.key()),
            conceded: None,
        }
    }

    /// A game starting at the position string `text`.
    pub fn from_text(text: &str) -> Result<KnightCourt, PositionError> {
        Ok(KnightCourt::starting_at(text.parse()?))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.record.position()
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        self.record.start()
    }

    /// The moves played so far.
    pub fn moves_played(&self) -> &[Move] {
        self.record.moves()
    }

    /// Keys of every position seen, in order, the current one last.
    pub fn history(&self) -> &[u32] {
        self.record.history()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

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

    /// The result, once the game is over. Seat 0 is White.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(conceded) = self.conceded {
            return Some(conceded.outcome());
        }
        match self.status() {
            Status::Ongoing => None,
            Status::Checkmate => Some(Outcome::win(self.turn().other().seat(), 2, "checkmate")),
            Status::Stalemate => Some(Outcome::draw_because(2, "stalemate")),
        }
    }

    /// Plays `mv` if the rules allow it; otherwise says why not and changes
    /// nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(reason) = self.why_illegal(mv) {
            return Err(IllegalMove { mv, reason });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (from [`KnightCourt::legal_moves`]).
    pub fn play_unchecked(&mut self, mv: Move) {
        let position = self.position().play_unchecked(mv);
        self.record.push(mv, position, position.key());
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        self.record.undo(replay)
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
                let Some(piece) = pos.piece_at(from) else {
                    return Some(format!("there is no piece on {from}"));
                };
                if piece.color != us {
                    return Some(format!(
                        "the {} on {from} is {}'s, and {us} is to move",
                        piece.role.name(),
                        piece.color
                    ));
                }
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

fn replay(start: Position, moves: &[Move]) -> Position {
    moves.iter().fold(start, |pos, &mv| pos.play_unchecked(mv))
}
