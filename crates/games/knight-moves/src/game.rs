//! A game of Knight Moves: a position plus the history the repetition ban
//! needs.

use crate::movegen::{for_each_chain, for_each_legal};
use crate::moves::Move;
use crate::position::{Key, Position};
use crate::side::Side;
use crate::square::Square;
use crate::tables::{first_on_lines, knight_leaps};
use arbiter_core::duel::movers_piece;
use arbiter_core::record::Record;
use arbiter_core::Outcome;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move has a legal turn.
    Ongoing,
    /// This side's last turn put its ball on the opponent's back rank: it
    /// has won.
    BallHome(Side),
    /// This side is to move and has no legal turn: it has lost.
    NoLegalTurn(Side),
}

impl Status {
    /// The winner, once the game is over.
    pub fn winner(self) -> Option<Side> {
        match self {
            Status::Ongoing => None,
            Status::BallHome(side) => Some(side),
            Status::NoLegalTurn(side) => Some(side.other()),
        }
    }
}

/// A move the rules refuse, and why.
pub type IllegalMove = arbiter_core::duel::IllegalMove<Move>;

/// A game in progress: the current position, every position seen so far
/// (the start included), the moves played and whether the players ended it
/// (resigning and agreeing are the same for every duel: see
/// [`arbiter_core::Concedes`]).
#[derive(Clone, Debug)]
pub struct KnightMoves {
    pub(crate) record: Record<Position, Move, Key>,
}

impl KnightMoves {
    /// A game resumed at `position` after the positions `earlier` (oldest
    /// first) had occurred, so the repetition ban covers them too; for
    /// continuing a game stored as positions rather than moves. The moves
    /// that led here are unknown, so [`KnightMoves::undo`] stops at
    /// `position`.
    pub fn resumed(position: Position, earlier: &[Position]) -> KnightMoves {
        KnightMoves {
            record: Record::resumed(position, position.key(), earlier.iter().map(Position::key)),
        }
    }

    /// The legal turns, sorted by notation.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for_each_legal(
            self.position(),
            |child| self.has_seen(&child.key()),
            |mv, _| moves.push(mv),
        );
        moves.sort();
        moves
    }

    /// Whether the side to move has any legal turn.
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        for_each_legal(
            self.position(),
            |child| self.has_seen(&child.key()),
            |_, _| any = true,
        );
        any
    }

    /// Won, lost or still going (docs/rules/knight-moves.md#winning).
    pub fn status(&self) -> Status {
        if let Some(side) = self.position().winner() {
            Status::BallHome(side)
        } else if !self.has_legal_move() {
            Status::NoLegalTurn(self.turn())
        } else {
            Status::Ongoing
        }
    }

    /// The result the board gives, once it is over (`outcome()` puts a
    /// resignation or an agreed draw first). Seat 0 is Eks.
    pub(crate) fn board_outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Ongoing => None,
            Status::BallHome(side) => Some(Outcome::win(side.seat(), 2, "ball on the back rank")),
            Status::NoLegalTurn(side) => {
                Some(Outcome::win(side.other().seat(), 2, "no legal turn"))
            }
        }
    }

    /// Reads a move in notation for the side to move (a two-square move
    /// from that side's ball holder is a pass). Checks form only.
    pub fn read_move(&self, text: &str) -> Result<Move, String> {
        Move::read(text, self.position().holder(self.turn()))
    }

    /// `None` if `mv` is legal now, otherwise the reason it is not, in
    /// words a player understands.
    pub fn why_illegal(&self, mv: Move) -> Option<String> {
        let pos = self.position();
        let us = pos.turn();
        match self.status() {
            Status::Ongoing => {}
            status => {
                let winner = status.winner().expect("the game is over");
                return Some(format!("the game is over: {winner} has won"));
            }
        }
        let shape = match &mv {
            Move::Jump { from, to } => why_not_a_jump(pos, *from, *to),
            Move::Pass(chain) => why_not_a_chain(pos, chain.squares()),
        };
        if shape.is_some() {
            return shape;
        }
        if !mv.is_pass() && pos.must_pass() {
            let mut can_pass = false;
            for_each_chain(pos, |chain| {
                can_pass |= !self.has_seen(&pos.play_unchecked(&chain).key())
            });
            if can_pass {
                let forcing = pos.forcing().expect("must_pass means a forcing square");
                return Some(format!(
                    "{}'s last move put a piece on {forcing}, next to {us}'s ball on {}, so {us} must pass the ball",
                    us.other(),
                    pos.holder(us)
                ));
            }
        }
        if self.has_seen(&pos.play_unchecked(&mv).key()) {
            return Some("it recreates an earlier position of this game".into());
        }
        None
    }
}

/// Why a piece move breaks the rules of movement, if it does
/// (docs/rules/knight-moves.md#piece-moves).
fn why_not_a_jump(pos: &Position, from: Square, to: Square) -> Option<String> {
    let us = pos.turn();
    let cell = match movers_piece(pos.cell_at(from), from, us, |c| ("piece".into(), c.side)) {
        Ok(cell) => cell,
        Err(why) => return Some(why),
    };
    if cell.ball {
        return Some(format!(
            "the piece on {from} holds the ball, and a ball holder may not move"
        ));
    }
    if !knight_leaps(from).contains(to) {
        return Some(format!("{from} to {to} is not a knight's move"));
    }
    if let Some(there) = pos.cell_at(to) {
        return Some(format!(
            "{to} is occupied by an {} piece; pieces move only to empty squares",
            there.side
        ));
    }
    None
}

/// Why a pass chain breaks the rules of passing, if it does
/// (docs/rules/knight-moves.md#passing).
fn why_not_a_chain(pos: &Position, squares: &[Square]) -> Option<String> {
    let us = pos.turn();
    let holder = pos.holder(us);
    if squares[0] != holder {
        return Some(format!(
            "{us}'s ball is on {holder}, so a pass starts there, not on {}",
            squares[0]
        ));
    }
    let occupied = pos.occupied();
    for (i, pair) in squares.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return Some(format!(
                "{from} to {to} is not along a rank, file or diagonal"
            ));
        }
        if !first_on_lines(from, occupied).contains(to) {
            // Walk the line: either `to` comes first (and is empty) or a
            // piece stands in the way.
            let step = (df.signum(), dr.signum());
            let mut sq = from;
            loop {
                sq = sq
                    .offset(step)
                    .expect("the line reaches `to` before the edge");
                if sq == to {
                    return Some(format!("there is no piece on {to} to receive the ball"));
                }
                if occupied.contains(sq) {
                    return Some(format!(
                        "the pass from {from} to {to} is blocked by the piece on {sq}"
                    ));
                }
            }
        }
        let cell = pos
            .cell_at(to)
            .expect("the first piece on a line is a piece");
        if cell.side != us {
            return Some(format!(
                "{to} holds an {} piece, and {us} passes only to {us}'s own pieces",
                cell.side
            ));
        }
        if squares[..=i].contains(&to) {
            return Some(format!(
                "the piece on {to} has already touched the ball this turn"
            ));
        }
        if cell.ineligible {
            return Some(format!(
                "the piece on {to} passed the ball earlier and has not moved since, so it cannot receive"
            ));
        }
    }
    None
}
