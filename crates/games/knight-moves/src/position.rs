//! A legal Knight Moves position: the pieces, the two balls, the ineligible
//! marks, the side to move and whether that side is forced to pass.
//!
//! Pieces are never captured and never leave the board, so every position
//! has five pieces a side, and each side's ball is always held by exactly
//! one of its own pieces.

use crate::moves::Move;
use crate::side::Side;
use crate::square::{Bitboard, Square, SQUARES};
use crate::tables::neighbours;
use arbiter_core::geometry::Occupancy;
use std::ops::Deref;

/// Pieces each side has, always (docs/rules/knight-moves.md#the-board).
pub const PIECES_PER_SIDE: u32 = 5;

/// What sits on an occupied square of a [`Setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    pub side: Side,
    /// This piece holds its side's ball.
    pub ball: bool,
    /// This piece passed the ball and has not moved since, so it may not
    /// receive a pass.
    pub ineligible: bool,
}

/// A raw description of a position, as read from text, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Cell>; SQUARES],
    pub turn: Side,
    /// Where the opponent's last turn, a piece move, ended, when it ended
    /// next to the ball of the side to move (which must then pass if it can).
    pub forcing: Option<Square>,
}

/// The identity of a position for the repetition ban
/// (docs/rules/knight-moves.md#no-repeated-positions): pieces, ball holders,
/// ineligible marks and side to move, packed exactly (no hashing, so no
/// collisions). Whether the side to move is forced to pass is deliberately
/// not part of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key(pub [u64; 3]);

/// The bit of a key's first word that says Ohs is to move.
const OHS_TO_MOVE: u64 = 1 << 63;

impl Key {
    /// The side to move in the keyed position.
    #[inline]
    pub fn turn(&self) -> Side {
        if self.0[0] & OHS_TO_MOVE != 0 {
            Side::Ohs
        } else {
            Side::Eks
        }
    }

    /// `side`'s piece squares and ball holder, as packed in the key. A turn
    /// never changes the opponent's word, which lets perft rule out
    /// repetitions wholesale.
    #[inline]
    pub fn side_word(&self, side: Side) -> u64 {
        self.0[side.index()] & !OHS_TO_MOVE
    }
}

/// A position the rules allow. Only [`Position::from_setup`] (and the
/// parser built on it) creates one from outside, so the move generator can
/// trust it: five pieces a side, each ball held by one of its side's pieces,
/// no ball holder marked ineligible, and a forcing square only where a piece
/// of the side that just moved stands next to the mover's ball.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Where each side's pieces stand (all pieces are alike).
    men: Occupancy<Bitboard, 0>,
    holder: [Square; 2],
    ineligible: Bitboard,
    turn: Side,
    forcing: Option<Square>,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// `1xxXxx1/7/7/7/7/7/7/1ooOoo1 x -`: five pieces a side on files b–f of
    /// their back ranks, the d-file piece holding the ball, Eks to move.
    pub fn start() -> Position {
        let home =
            |rank: u8| (1..=5).fold(Bitboard::EMPTY, |b, file| b | Square::at(file, rank).bit());
        Position {
            men: Occupancy {
                by_side: [home(7), home(0)],
                by_kind: [],
            },
            holder: [Square::at(3, 7), Square::at(3, 0)],
            ineligible: Bitboard::EMPTY,
            turn: Side::Eks,
            forcing: None,
        }
    }

    /// Checks a raw setup against the rules; the error says what is wrong.
    pub fn from_setup(setup: &Setup) -> Result<Position, String> {
        let mut pieces = [Bitboard::EMPTY; 2];
        let mut balls: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
        let mut ineligible = Bitboard::EMPTY;
        for (sq, cell) in Square::ALL.iter().zip(setup.board.iter()) {
            let Some(cell) = cell else { continue };
            pieces[cell.side.index()] |= sq.bit();
            if cell.ball {
                balls[cell.side.index()].push(*sq);
                if cell.ineligible {
                    return Err(format!(
                        "the {} piece on {sq} holds the ball, so it cannot be ineligible (a piece becomes ineligible by passing the ball away)",
                        cell.side
                    ));
                }
            }
            if cell.ineligible {
                ineligible |= sq.bit();
            }
        }
        let mut holder = [Square::new(0); 2];
        for side in Side::BOTH {
            let n = pieces[side.index()].count();
            if n != PIECES_PER_SIDE {
                return Err(format!(
                    "{side} has {n} pieces, but each side always has {PIECES_PER_SIDE}"
                ));
            }
            match balls[side.index()].as_slice() {
                [one] => holder[side.index()] = *one,
                [] => return Err(format!("no {side} piece holds {side}'s ball")),
                many => {
                    let squares: Vec<String> = many.iter().map(Square::to_string).collect();
                    return Err(format!(
                        "{side} has one ball, but it is marked on {}",
                        squares.join(", ")
                    ));
                }
            }
        }
        let turn = setup.turn;
        if turn.goal().contains(holder[turn.index()]) {
            return Err(format!(
                "{turn}'s ball is already on {}, {}'s back rank, but {turn} is to move: the game would have ended when it got there",
                holder[turn.index()],
                turn.other()
            ));
        }
        let pos = Position {
            men: Occupancy {
                by_side: pieces,
                by_kind: [],
            },
            holder,
            ineligible,
            turn,
            forcing: setup.forcing,
        };
        if let Some(sq) = setup.forcing {
            let mover = turn.other();
            if !pieces[mover.index()].contains(sq) {
                return Err(format!(
                    "the forcing square {sq} must hold the {mover} piece that just moved there, but it does not"
                ));
            }
            if sq == holder[mover.index()] {
                return Err(format!(
                    "the forcing square {sq} holds {mover}'s ball, and a ball holder never moves"
                ));
            }
            if ineligible.contains(sq) {
                return Err(format!(
                    "the forcing piece on {sq} just moved, so it cannot be marked ineligible"
                ));
            }
            if !neighbours(holder[turn.index()]).contains(sq) {
                return Err(format!(
                    "the forcing square {sq} is not next to {turn}'s ball on {}, so it forces nothing",
                    holder[turn.index()]
                ));
            }
            if pos.winner().is_some() {
                return Err(format!("{mover}'s last turn won the game by passing, so it was not a piece move to {sq}"));
            }
        }
        Ok(pos)
    }

    /// The raw setup of this position.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; SQUARES];
        for sq in Square::ALL {
            board[sq.index()] = self.cell_at(sq);
        }
        Setup {
            board,
            turn: self.turn,
            forcing: self.forcing,
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// The square of the piece holding `side`'s ball.
    #[inline]
    pub fn holder(&self, side: Side) -> Square {
        self.holder[side.index()]
    }

    /// The pieces (of either side) that passed the ball and have not moved
    /// since.
    #[inline]
    pub fn ineligible(&self) -> Bitboard {
        self.ineligible
    }

    /// The square the opponent's last piece move ended on, if it ended next
    /// to the ball of the side to move
    /// (docs/rules/knight-moves.md#forced-pass).
    #[inline]
    pub fn forcing(&self) -> Option<Square> {
        self.forcing
    }

    /// Whether the side to move must pass if it legally can.
    #[inline]
    pub fn must_pass(&self) -> bool {
        self.forcing.is_some()
    }

    /// The side whose ball is on its opponent's back rank: it won with the
    /// turn that put it there (docs/rules/knight-moves.md#winning).
    #[inline]
    pub fn winner(&self) -> Option<Side> {
        let mover = self.turn.other();
        mover
            .goal()
            .contains(self.holder[mover.index()])
            .then_some(mover)
    }

    /// What is on `sq`.
    pub fn cell_at(&self, sq: Square) -> Option<Cell> {
        let side = Side::BOTH
            .into_iter()
            .find(|s| self.men.by_side[s.index()].contains(sq))?;
        Some(Cell {
            side,
            ball: self.holder[side.index()] == sq,
            ineligible: self.ineligible.contains(sq),
        })
    }

    /// This position's identity for the repetition ban. Squares fill the low
    /// 56 bits of each word; the ball holders and the side to move go in
    /// the spare high bits.
    #[inline]
    pub fn key(&self) -> Key {
        Key([
            self.men.by_side[0].0
                | (self.holder[0].index() as u64) << 56
                | if self.turn == Side::Ohs {
                    OHS_TO_MOVE
                } else {
                    0
                },
            self.men.by_side[1].0 | (self.holder[1].index() as u64) << 56,
            self.ineligible.0,
        ])
    }

    /// Plays a move the caller knows is legal here (generated by
    /// [`crate::for_each_jump`] / [`crate::for_each_chain`]). Anything else
    /// leaves the position corrupt; use [`crate::KnightMoves::play`] for
    /// moves from outside.
    #[inline]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let mut next = *self;
        let us = self.turn.index();
        let them = self.turn.other().index();
        match mv {
            Move::Jump { from, to } => {
                next.men.by_side[us] = (next.men.by_side[us] & !from.bit()) | to.bit();
                // Moving makes a piece eligible again.
                next.ineligible &= !from.bit();
                next.forcing = neighbours(self.holder[them]).contains(*to).then_some(*to);
            }
            Move::Pass(chain) => {
                next.holder[us] = chain.receiver();
                next.ineligible |= chain.passers();
                next.forcing = None;
            }
        }
        next.turn = self.turn.other();
        next
    }
}

/// A position reads where its pieces stand (`pieces`, `occupied`) from its
/// [`Occupancy`].
impl Deref for Position {
    type Target = Occupancy<Bitboard, 0>;

    fn deref(&self) -> &Occupancy<Bitboard, 0> {
        &self.men
    }
}
