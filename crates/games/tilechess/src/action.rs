//! Actions and their notation (docs/rules/tilechess.md#notation).
//!
//! Every action names the acting player's colour first:
//!
//! - `red: join 8,4 RBNR/PKQP/PNBP/PPP.`  join, opening the block whose
//!   south-west tile is 8,4, with the army arranged row by row from the
//!   north (`.` an empty tile), west to east;
//! - `red: 5,3-5,7`  a move; `red: 5,3x5,7`  a capture;
//! - `red: break 8,4`  open the block whose south-west tile is 8,4;
//! - `red: pass`  only when the player has no other legal action.

use crate::coord::{Block, Tile, BLOCK};
use crate::piece::{Colour, Role};
use std::fmt;
use std::str::FromStr;

/// Where each piece of a joining army stands in its block: index
/// `dy * 4 + dx` from the block's south-west tile.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrangement(pub [Option<Role>; 16]);

impl Arrangement {
    /// The arrangement `arbiter moves` lists (docs/rules/tilechess.md#joining):
    ///
    /// ```text
    /// R B N R    north row
    /// P K Q P
    /// P N B P
    /// P P P .    south row (P with the eight-pawn option)
    /// ```
    pub fn default_for(eight_pawns: bool) -> Arrangement {
        let last = if eight_pawns { "P" } else { "." };
        format!("RBNR/PKQP/PNBP/PPP{last}")
            .parse()
            .expect("the default arrangement is well formed")
    }

    #[inline]
    pub fn at(&self, dx: i32, dy: i32) -> Option<Role> {
        self.0[(dy * BLOCK + dx) as usize]
    }

    /// How many pieces of `role` the arrangement holds.
    pub fn count(&self, role: Role) -> u8 {
        self.0.iter().filter(|&&r| r == Some(role)).count() as u8
    }

    /// The pieces placed with their tiles, for a block.
    pub fn placements(&self, block: Block) -> impl Iterator<Item = (Tile, Role)> + '_ {
        let c = block.corner();
        (0..16).filter_map(move |i| self.0[i as usize].map(|r| (c.offset(i % BLOCK, i / BLOCK), r)))
    }

    /// `None` if this is a full army under the ruleset, else what is wrong.
    pub fn why_not_an_army(&self, eight_pawns: bool) -> Option<String> {
        let mut wrong = Vec::new();
        for role in Role::ALL {
            let (have, need) = (self.count(role), role.army_count(eight_pawns));
            if have != need {
                wrong.push(format!("{have} {}s instead of {need}", role.name()));
            }
        }
        (!wrong.is_empty()).then(|| {
            let army = if eight_pawns {
                "eight pawns (ruleset option)"
            } else {
                "seven pawns"
            };
            format!(
                "an army is king, queen, 2 rooks, 2 bishops, 2 knights and {army}; this has {}",
                wrong.join(", ")
            )
        })
    }
}

impl FromStr for Arrangement {
    type Err = String;

    fn from_str(text: &str) -> Result<Arrangement, String> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != 4 || rows.iter().any(|r| r.chars().count() != 4) {
            return Err(format!(
                "'{text}' is not an arrangement: write 4 rows of 4 tiles from the north, separated by '/', e.g. RBNR/PKQP/PNBP/PPP."
            ));
        }
        let mut cells = [None; 16];
        for (r, row) in rows.iter().enumerate() {
            let dy = 3 - r as i32;
            for (dx, c) in row.chars().enumerate() {
                cells[(dy * BLOCK + dx as i32) as usize] = match c {
                    '.' => None,
                    _ => Some(Role::from_letter(c).ok_or_else(|| {
                        format!("'{text}' is not an arrangement: '{c}' is not a piece letter (K Q R B N P, or . for empty)")
                    })?),
                };
            }
        }
        Ok(Arrangement(cells))
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for dy in (0..BLOCK).rev() {
            for dx in 0..BLOCK {
                let c = self.at(dx, dy).map_or('.', Role::letter);
                write!(f, "{c}")?;
            }
            if dy > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Arrangement({self})")
    }
}

/// What a player does with their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deed {
    /// A new player opens `block` and sets up their army there.
    Join {
        block: Block,
        arrangement: Arrangement,
    },
    /// A piece moves to an empty tile.
    Move { from: Tile, to: Tile },
    /// A piece moves onto an enemy piece and destroys it.
    Capture { from: Tile, to: Tile },
    /// A pawn, knight or king in reach opens `block`.
    Break { block: Block },
    /// Only when nothing else is legal.
    Pass,
}

/// One action: a player, by colour, and their deed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub colour: Colour,
    pub deed: Deed,
}

impl fmt::Display for Deed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Deed::Join { block, arrangement } => write!(f, "join {block} {arrangement}"),
            Deed::Move { from, to } => write!(f, "{from}-{to}"),
            Deed::Capture { from, to } => write!(f, "{from}x{to}"),
            Deed::Break { block } => write!(f, "break {block}"),
            Deed::Pass => f.write_str("pass"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.colour, self.deed)
    }
}

impl FromStr for Deed {
    type Err = String;

    fn from_str(text: &str) -> Result<Deed, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["pass"] => Ok(Deed::Pass),
            ["break", block] => Ok(Deed::Break { block: Block::parse(block)? }),
            ["join", block, arrangement] => {
                Ok(Deed::Join { block: Block::parse(block)?, arrangement: arrangement.parse()? })
            }
            [step] => {
                // The separator is the first '-' or 'x' that follows a digit,
                // so negative coordinates (`-4,0--1,0`) read unambiguously.
                let bytes = step.as_bytes();
                let split = (1..bytes.len()).find(|&i| matches!(bytes[i], b'-' | b'x') && bytes[i - 1].is_ascii_digit());
                let Some(i) = split else {
                    return Err(format!("'{text}' is not a move: write from-to (5,3-5,7) or fromxto for a capture (5,3x5,7)"));
                };
                let (from, to) = (Tile::parse(&step[..i])?, Tile::parse(&step[i + 1..])?);
                Ok(if bytes[i] == b'x' { Deed::Capture { from, to } } else { Deed::Move { from, to } })
            }
            _ => Err(format!(
                "'{text}' is not an action: expected a move (5,3-5,7), a capture (5,3x5,7), 'break 8,4', 'join 8,4 <arrangement>' or 'pass'"
            )),
        }
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(text: &str) -> Result<Action, String> {
        let (colour, deed) = text.split_once(':').ok_or_else(|| {
            "an action starts with the player's colour and a colon, e.g. 'red: 5,3-5,7'".to_string()
        })?;
        Ok(Action {
            colour: Colour::parse(colour.trim())?,
            deed: deed.trim().parse()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "red: 5,3-5,7",
            "blue: -4,0x-1,-3",
            "p12: break -8,4",
            "green: join 8,4 RBNR/PKQP/PNBP/PPP.",
            "yellow: pass",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        let a: Action = "blue: -4,0--1,0".parse().unwrap();
        assert_eq!(
            a.deed,
            Deed::Move {
                from: Tile::new(-4, 0),
                to: Tile::new(-1, 0)
            }
        );
    }

    #[test]
    fn bad_notation_says_why() {
        assert!("5,3-5,7".parse::<Action>().unwrap_err().contains("colour"));
        assert!("red: 5,3".parse::<Action>().is_err());
        assert!("red: break 5,3"
            .parse::<Action>()
            .unwrap_err()
            .contains("corner"));
        assert!("red: join 8,4 RBNR/PKQP/PNBP"
            .parse::<Action>()
            .unwrap_err()
            .contains("4 rows"));
        assert!("red: join 8,4 RBNR/PKQP/PNBP/PPPZ"
            .parse::<Action>()
            .unwrap_err()
            .contains("'Z'"));
    }

    #[test]
    fn default_arrangement() {
        let a = Arrangement::default_for(false);
        assert_eq!(a.to_string(), "RBNR/PKQP/PNBP/PPP.");
        assert_eq!(a.why_not_an_army(false), None);
        assert!(a
            .why_not_an_army(true)
            .unwrap()
            .contains("7 pawns instead of 8"));
        assert_eq!(a.at(1, 2), Some(Role::King));
        assert_eq!(a.at(3, 0), None);
        assert_eq!(Arrangement::default_for(true).why_not_an_army(true), None);
    }
}
