//! Moves, upgrades and turns, and their notation
//! (docs/rules/progressive-chess.md#notation).
//!
//! A turn is written `MOVE` or `MOVE+UPGRADE`: `d1d2`, `c3@R`,
//! `b1b2+b2=F`. Piece letters follow the rule for all piece letters:
//! uppercase for White's pieces, lowercase for Black's (`b7b6+b6=f`,
//! `c5@r`). The parser reads either case; the square already says whose
//! piece it is.

use crate::piece::{Color, Role};
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
///
/// `side` is the side making the turn. It only decides the case of the
/// piece letters when the turn is written (uppercase White, lowercase
/// Black); equality and hashing ignore it, so `b6=F` read for Black is the
/// same turn as the generated `b6=f`.
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    pub mv: Move,
    pub upgrade: Option<Upgrade>,
    pub side: Color,
}

impl PartialEq for Turn {
    fn eq(&self, other: &Turn) -> bool {
        self.mv == other.mv && self.upgrade == other.upgrade
    }
}

impl Eq for Turn {}

impl std::hash::Hash for Turn {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.mv.hash(state);
        self.upgrade.hash(state);
    }
}

impl Turn {
    /// A move without an upgrade, written for White until [`Turn::by`]
    /// says otherwise.
    pub const fn bare(mv: Move) -> Turn {
        Turn {
            mv,
            upgrade: None,
            side: Color::White,
        }
    }

    /// This turn, made by `side`.
    pub const fn by(self, side: Color) -> Turn {
        Turn { side, ..self }
    }
}

/// The letter of `role` as `side`'s piece.
fn side_letter(role: Role, side: Color) -> char {
    match side {
        Color::White => role.letter(),
        Color::Black => role.letter().to_ascii_lowercase(),
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            Move::Normal { from, to } => write!(f, "{from}{to}")?,
            Move::Raise { from, role } => write!(f, "{from}@{}", side_letter(role, self.side))?,
        }
        if let Some(up) = self.upgrade {
            write!(f, "+{}={}", up.square, side_letter(up.role, self.side))?;
        }
        Ok(())
    }
}

impl FromStr for Turn {
    type Err = String;

    /// Reads a turn. The side is taken from the case of its piece letters
    /// (lowercase: Black), White if it has none; the game corrects it to the
    /// side to move when the turn is played.
    fn from_str(text: &str) -> Result<Turn, String> {
        let text = text.trim();
        let letters = text
            .split(['@', '='])
            .skip(1)
            .filter_map(|s| s.chars().next());
        let side = if letters.into_iter().any(|c| c.is_ascii_lowercase()) {
            Color::Black
        } else {
            Color::White
        };
        match text.split_once('+') {
            Some((mv, up)) => Ok(Turn {
                mv: mv.parse()?,
                upgrade: Some(up.parse()?),
                side,
            }),
            None => Ok(Turn {
                mv: text.parse()?,
                upgrade: None,
                side,
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
        // Lowercase letters are Black's pieces, and print back as such.
        for text in ["c3@r+a1=w", "b7b6+b6=f"] {
            let turn = text.parse::<Turn>().unwrap();
            assert_eq!(turn.side, Color::Black);
            assert_eq!(turn.to_string(), text);
        }
        // The side only changes how the turn is written.
        let white: Turn = "b7b6+b6=F".parse().unwrap();
        assert_eq!(white, "b7b6+b6=f".parse::<Turn>().unwrap());
        assert_eq!(white.by(Color::Black).to_string(), "b7b6+b6=f");
    }

    #[test]
    fn malformed_turns_say_why() {
        let refused = [
            ("d1d1", "two different"),
            ("d1", ""),
            ("h1h2", ""),
            ("c3@K", "never raised"),
            ("d1d2+a1=K", "king"),
            ("d1d2+a1=Q", "not a piece letter"),
            ("d1d2+a1", ""),
            ("d1d2+", ""),
        ];
        arbiter_core::testing::notation::refusals(|t| t.parse::<Turn>(), &refused);
    }
}
