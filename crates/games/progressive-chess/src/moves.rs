//! Moves, upgrades and turns, and their notation
//! (docs/rules/progressive-chess.md#notation).
//!
//! A turn is written `MOVE` or `MOVE+UPGRADE`: `d1d2`, `c3@R`,
//! `b1b2+b2=F`. Piece letters in notation are uppercase for either side;
//! the parser accepts lowercase too.

use crate::piece::Role;
use crate::square::Square;
use std::fmt;
use std::str::FromStr;

/// The move step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The piece on `from` goes to `to`: a step, slide or leap, a capture
    /// (perhaps stopped by a shield), or a swap with the piece on `to`.
    Normal { from: Square, to: Square },
    /// The necromancer on `from` leaves the game and a captured piece of
    /// kind `role` comes back on its square.
    Raise { from: Square, role: Role },
}

impl Move {
    pub fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::Raise { from, .. } => from,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Normal { from, to } => write!(f, "{from}{to}"),
            Move::Raise { from, role } => write!(f, "{from}@{}", role.letter()),
        }
    }
}

fn parse_letter(c: char, what: &str) -> Result<Role, String> {
    Role::from_letter(c.to_ascii_uppercase()).ok_or_else(|| {
        format!("'{c}' is not a piece letter ({what} takes one of P W F L S R B C T X Z U N)")
    })
}

impl FromStr for Move {
    type Err = String;

    /// Reads a move. Form only; legality is the game's job.
    fn from_str(text: &str) -> Result<Move, String> {
        if let Some((square, letter)) = text.split_once('@') {
            let from = Square::parse(square)?;
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(
                    "a raising is the necromancer's square, '@' and one piece letter, like c3@R"
                        .into(),
                );
            };
            let role = parse_letter(c, "a raising")?;
            if role == Role::King {
                return Err("a king is never captured, so it is never raised".into());
            }
            return Ok(Move::Raise { from, role });
        }
        if text.len() != 4 || !text.is_ascii() {
            return Err("a move is two squares, like d1d2, and a raising is like c3@R".into());
        }
        let from = Square::parse(&text[..2])?;
        let to = Square::parse(&text[2..])?;
        if from == to {
            return Err("a move must name two different squares".into());
        }
        Ok(Move::Normal { from, to })
    }
}

/// The optional second step of a turn: the piece on `square` becomes `role`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Upgrade {
    pub square: Square,
    pub role: Role,
}

impl fmt::Display for Upgrade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.square, self.role.letter())
    }
}

impl FromStr for Upgrade {
    type Err = String;

    fn from_str(text: &str) -> Result<Upgrade, String> {
        let Some((square, letter)) = text.split_once('=') else {
            return Err("an upgrade is a square, '=' and a piece letter, like a1=W".into());
        };
        let square = Square::parse(square)?;
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err("an upgrade names exactly one piece letter after '=', like a1=W".into());
        };
        let role = parse_letter(c, "an upgrade")?;
        if matches!(role, Role::Pawn | Role::King) {
            return Err(format!("no piece is ever upgraded into a {}", role.name()));
        }
        Ok(Upgrade { square, role })
    }
}

/// One whole turn: a move, then at most one upgrade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub mv: Move,
    pub upgrade: Option<Upgrade>,
}

impl Turn {
    pub const fn bare(mv: Move) -> Turn {
        Turn { mv, upgrade: None }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.upgrade {
            Some(up) => write!(f, "{}+{up}", self.mv),
            None => write!(f, "{}", self.mv),
        }
    }
}

impl FromStr for Turn {
    type Err = String;

    fn from_str(text: &str) -> Result<Turn, String> {
        let text = text.trim();
        match text.split_once('+') {
            Some((mv, up)) => Ok(Turn {
                mv: mv.parse()?,
                upgrade: Some(up.parse()?),
            }),
            None => Ok(Turn {
                mv: text.parse()?,
                upgrade: None,
            }),
        }
    }
}

/// Sorting turns sorts their notation.
impl Ord for Turn {
    fn cmp(&self, other: &Turn) -> std::cmp::Ordering {
        self.to_string().cmp(&other.to_string())
    }
}

impl PartialOrd for Turn {
    fn partial_cmp(&self, other: &Turn) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["d1d2", "b1b2+b2=F", "c3@R", "c3@T+a1=W", "g7a1"] {
            assert_eq!(text.parse::<Turn>().unwrap().to_string(), text);
        }
        assert_eq!(
            "c3@r+a1=w".parse::<Turn>().unwrap().to_string(),
            "c3@R+a1=W"
        );
    }

    #[test]
    fn malformed_turns_say_why() {
        assert!("d1d1"
            .parse::<Turn>()
            .unwrap_err()
            .contains("two different"));
        assert!("d1".parse::<Turn>().is_err());
        assert!("h1h2".parse::<Turn>().is_err());
        assert!("c3@K".parse::<Turn>().unwrap_err().contains("never raised"));
        assert!("d1d2+a1=K".parse::<Turn>().unwrap_err().contains("king"));
        assert!("d1d2+a1=Q"
            .parse::<Turn>()
            .unwrap_err()
            .contains("not a piece letter"));
        assert!("d1d2+a1".parse::<Turn>().is_err());
        assert!("d1d2+".parse::<Turn>().is_err());
    }
}
