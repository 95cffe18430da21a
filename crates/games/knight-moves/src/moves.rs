//! Turns and their notation: `c8-b6` for a piece move, `d1-f1-f3` for a
//! pass chain (docs/rules/knight-moves.md#notation).

use crate::square::{Bitboard, Square};
use std::cmp::Ordering;
use std::fmt;

/// The longest pass chain: the holder and each of the other four pieces of
/// its side once.
pub const MAX_CHAIN: usize = 5;

/// The squares a ball visits in one turn, the holder's square first. Holds
/// at least two squares once built by the move generator or the parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chain {
    /// Unused slots stay `a1`, so derived equality compares only the chain.
    squares: [Square; MAX_CHAIN],
    len: u8,
}

impl Chain {
    /// A chain that has not left the holder yet.
    #[inline]
    pub fn start(holder: Square) -> Chain {
        let mut squares = [Square::new(0); MAX_CHAIN];
        squares[0] = holder;
        Chain { squares, len: 1 }
    }

    /// The chain through `squares`, if there are two to five of them.
    pub fn through(squares: &[Square]) -> Option<Chain> {
        if !(2..=MAX_CHAIN).contains(&squares.len()) {
            return None;
        }
        let mut chain = Chain::start(squares[0]);
        for &sq in &squares[1..] {
            chain.push(sq);
        }
        Some(chain)
    }

    /// Adds one more pass, to `sq`. Panics past [`MAX_CHAIN`] squares.
    #[inline]
    pub fn push(&mut self, sq: Square) {
        self.squares[self.len as usize] = sq;
        self.len += 1;
    }

    /// Takes back the last pass.
    #[inline]
    pub fn pop(&mut self) {
        self.len -= 1;
        self.squares[self.len as usize] = Square::new(0);
    }

    /// The squares visited, holder first.
    #[inline]
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    /// The piece that held the ball when the turn began.
    #[inline]
    pub fn holder(&self) -> Square {
        self.squares[0]
    }

    /// The piece that ends the turn holding the ball.
    #[inline]
    pub fn receiver(&self) -> Square {
        self.squares[self.len as usize - 1]
    }

    /// Every piece that passed the ball on: all but the receiver. Each
    /// becomes ineligible (docs/rules/knight-moves.md#ineligible-receivers).
    #[inline]
    pub fn passers(&self) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for sq in &self.squares[..self.len as usize - 1] {
            set |= sq.bit();
        }
        set
    }

    /// The number of passes.
    #[inline]
    pub fn passes(&self) -> usize {
        self.len as usize - 1
    }
}

/// One turn: a piece move or a pass chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece without the ball leaps like a chess knight from `from` to
    /// the empty `to`.
    Jump { from: Square, to: Square },
    /// The ball goes from piece to piece along the chain's squares.
    Pass(Chain),
}

impl Move {
    /// The squares named in the notation, in order (a piece move's two
    /// squares are packed like a one-pass chain).
    #[inline]
    pub fn path(&self) -> Chain {
        match self {
            Move::Jump { from, to } => {
                let mut path = Chain::start(*from);
                path.push(*to);
                path
            }
            Move::Pass(chain) => *chain,
        }
    }

    /// Whether this is a pass chain.
    pub fn is_pass(&self) -> bool {
        matches!(self, Move::Pass(_))
    }

    /// Reads notation for the side whose ball is on `holder`: two squares
    /// starting on `holder` are a pass, two starting elsewhere a piece
    /// move, three or more a pass chain. Checks form only; legality is the
    /// game's job.
    pub fn read(text: &str, holder: Square) -> Result<Move, String> {
        let squares = read_squares(text)?;
        match squares.as_slice() {
            [from, to] if *from != holder => Ok(Move::Jump {
                from: *from,
                to: *to,
            }),
            _ => Ok(Move::Pass(
                Chain::through(&squares).expect("read_squares gives two to five squares"),
            )),
        }
    }
}

/// Reads `sq-sq[-sq...]` into two to five squares.
fn read_squares(text: &str) -> Result<Vec<Square>, String> {
    if !text.contains('-') {
        return Err("a move lists two or more squares joined by '-', like c8-b6 (a piece move) or d1-f1-f3 (a pass chain)".into());
    }
    let squares = text
        .split('-')
        .map(Square::parse)
        .collect::<Result<Vec<Square>, String>>()?;
    if squares.len() > MAX_CHAIN {
        return Err(format!(
            "{} squares is too many: a pass chain visits at most {MAX_CHAIN} (the holder and each of its four teammates once)",
            squares.len()
        ));
    }
    if let Some(w) = squares.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!(
            "{} follows itself: every step of a move must change square",
            w[0]
        ));
    }
    Ok(squares)
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.path().squares().iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// Sorting moves sorts their notation. Square names are one file letter and
/// one rank digit, so comparing (file, rank) square by square is comparing
/// the text, without building it. A piece move and a one-pass chain with
/// the same squares never both exist in one position; the piece move sorts
/// first so that the order stays total.
impl Ord for Move {
    fn cmp(&self, other: &Move) -> Ordering {
        let a = self.path();
        let b = other.path();
        let name = |sq: &Square| (sq.file(), sq.rank());
        a.squares()
            .iter()
            .map(name)
            .cmp(b.squares().iter().map(name))
            .then_with(|| self.is_pass().cmp(&other.is_pass()))
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A fixed-capacity list of moves: no allocation in the search loop. A side
/// has at most 4 × 8 piece moves and 4 + 4·3 + 4·3·2 + 4·3·2·1 = 64 chains
/// (a receiver is the first piece on its line, so a chain is fixed by its
/// receivers).
pub type MoveList = arbiter_core::list::FixedList<Move, 96>;

/// A filler for unused [`MoveList`] slots; never a move that is played.
impl Default for Move {
    fn default() -> Move {
        Move::Jump {
            from: Square::new(0),
            to: Square::new(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let d8 = Square::named("d8");
        for text in ["c8-b6", "d8-b6", "d8-c8-b8", "d1-f1-f3", "a1-b1-c1-d1-e1"] {
            assert_eq!(Move::read(text, d8).unwrap().to_string(), text);
        }
    }

    #[test]
    fn two_squares_from_the_holder_are_a_pass() {
        let d8 = Square::named("d8");
        assert_eq!(
            Move::read("c8-b6", d8),
            Ok(Move::Jump {
                from: Square::named("c8"),
                to: Square::named("b6")
            })
        );
        assert!(Move::read("d8-b6", d8).unwrap().is_pass());
        assert!(Move::read("c8-b6-b8", d8).unwrap().is_pass());
    }

    #[test]
    fn malformed_moves_say_why() {
        let d8 = Square::named("d8");
        let refused = [
            ("zz", "joined by '-'"),
            ("", "joined by '-'"),
            ("c8-", "empty square name"),
            ("h8-b6", "files run from a to g"),
            ("c9-b6", "ranks run from 1 to 8"),
            ("c8-c8", "change square"),
            ("a1-b1-c1-d1-e1-f1", "at most 5"),
            ("C8-B6", ""),
        ];
        arbiter_core::testing::notation::refusals(|t| Move::read(t, d8), &refused);
    }

    #[test]
    fn moves_sort_by_notation() {
        let d8 = Square::named("d8");
        let mut moves: Vec<Move> = ["e8-g7", "d8-e8", "d8-c8-b8", "b8-a6", "d8-c8"]
            .iter()
            .map(|t| Move::read(t, d8).unwrap())
            .collect();
        moves.sort();
        let texts: Vec<String> = moves.iter().map(Move::to_string).collect();
        let mut by_text = texts.clone();
        by_text.sort();
        assert_eq!(texts, by_text);
    }

    #[test]
    fn chain_parts() {
        let chain = Chain::through(&[
            Square::named("d1"),
            Square::named("f1"),
            Square::named("f3"),
        ])
        .unwrap();
        assert_eq!(chain.holder(), Square::named("d1"));
        assert_eq!(chain.receiver(), Square::named("f3"));
        assert_eq!(
            chain.passers(),
            Square::named("d1").bit() | Square::named("f1").bit()
        );
        assert_eq!(chain.passes(), 2);
        assert!(Chain::through(&[Square::named("d1")]).is_none());
    }
}
