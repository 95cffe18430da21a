//! Moves and their notation: `c1c3` for a move, `R@b2` for a drop.

use crate::piece::Role;
use crate::square::Square;
use std::fmt;
use std::str::FromStr;

/// One turn's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece on `from` moves (and perhaps captures) to `to`.
    Normal { from: Square, to: Square },
    /// A piece of `role` from the mover's hand is placed on the empty `to`.
    Drop { role: Role, to: Square },
}

impl Move {
    /// The square the move ends on.
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Normal { from, to } => write!(f, "{from}{to}"),
            Move::Drop { role, to } => write!(f, "{}@{to}", role.letter()),
        }
    }
}

/// Sorting moves sorts their notation (drops, written with an uppercase
/// letter, come before moves).
impl Ord for Move {
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        self.to_string().cmp(&other.to_string())
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl FromStr for Move {
    type Err = String;

    /// Reads notation. This checks form only; legality is the game's job.
    fn from_str(text: &str) -> Result<Move, String> {
        if let Some((letter, square)) = text.split_once('@') {
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err("a drop is one piece letter, '@' and a square, like R@b2".into());
            };
            let role = match Role::from_letter(c) {
                Some(Role::Knight) => {
                    return Err("a knight is never captured, so it is never dropped".into())
                }
                Some(role) => role,
                None if Role::from_letter(c.to_ascii_uppercase()).is_some() => {
                    return Err(format!(
                        "drops use the uppercase letter for either side: {}@",
                        c.to_ascii_uppercase()
                    ))
                }
                None => return Err(format!("'{c}' is not a piece letter (B or R)")),
            };
            return Ok(Move::Drop {
                role,
                to: Square::parse(square)?,
            });
        }
        if text.len() != 4 || !text.is_ascii() {
            return Err("a move is two squares, like c1c3, and a drop is like R@b2".into());
        }
        let from = Square::parse(&text[..2])?;
        let to = Square::parse(&text[2..])?;
        if from == to {
            return Err("a move must change square".into());
        }
        Ok(Move::Normal { from, to })
    }
}

/// A fixed-capacity list of moves: no allocation in the search loop. No
/// Knight Court position has more than 9 piece moves plus 2 × 9 drops.
pub type MoveList = arbiter_core::list::FixedList<Move, 32>;

/// A filler for unused [`MoveList`] slots; never a move that is played.
impl Default for Move {
    fn default() -> Move {
        Move::Drop {
            role: Role::Rook,
            to: Square::new(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let moves = ["c1c3", "a1b3", "R@b2", "B@a1"];
        arbiter_core::testing::notation::round_trips(|t| t.parse::<Move>(), &moves);
    }

    #[test]
    fn malformed_moves_say_why() {
        let refused = [
            ("N@b2", "never dropped"),
            ("r@b2", "uppercase"),
            ("Q@b2", "not a piece letter"),
            ("zz", ""),
            ("a1a1", "change square"),
            ("a1d4", "files run from a to c"),
            ("R@b4", ""),
            ("", ""),
            ("a1é", ""),
        ];
        arbiter_core::testing::notation::refusals(|t| t.parse::<Move>(), &refused);
    }

    #[test]
    fn drops_sort_before_moves() {
        let mut moves: Vec<Move> = ["c1c3", "R@b2", "a1b3", "B@c2"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        moves.sort();
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(texts, ["B@c2", "R@b2", "a1b3", "c1c3"]);
    }
}
