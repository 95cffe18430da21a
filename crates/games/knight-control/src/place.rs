//! Names of cells as players write them: `h8` on the grid, `A3` in a zone.
//!
//! A [`Place`] is only a name; whether it exists is a question for the
//! [`crate::Layout`] (docs/rules/knight-control.md#the-board). Keeping names
//! apart from layout indices lets actions print themselves without a board.

use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A cell name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A grid cell: file 0 is column a, rank 0 is row 1 (at the bottom).
    Grid { file: u8, rank: u8 },
    /// Cell `number` (1-based, clockwise) of the zone with this letter.
    Zone { letter: char, number: u8 },
}

impl Place {
    /// Sorts grid cells row by row from a1, then zone cells by letter and
    /// number: the order boards and item lists are printed in.
    pub fn sort_key(self) -> (u8, u8, u8) {
        match self {
            Place::Grid { file, rank } => (0, rank, file),
            Place::Zone { letter, number } => (1, letter as u8, number),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Grid { file, rank } => write!(f, "{}{}", (b'a' + file) as char, rank as u32 + 1),
            Place::Zone { letter, number } => write!(f, "{letter}{number}"),
        }
    }
}

impl FromStr for Place {
    type Err = String;

    fn from_str(text: &str) -> Result<Place, String> {
        let mut chars = text.chars();
        let Some(first) = chars.next() else {
            return Err("empty cell name".into());
        };
        let digits = chars.as_str();
        let number: u8 = match digits.parse() {
            Ok(n) if n >= 1 && !digits.starts_with('0') && !digits.starts_with('+') => n,
            _ => {
                return Err(format!(
                    "'{text}' is not a cell: expected a letter and a number such as h8 or A3"
                ))
            }
        };
        if first.is_ascii_lowercase() {
            Ok(Place::Grid {
                file: first as u8 - b'a',
                rank: number - 1,
            })
        } else if first.is_ascii_uppercase() {
            Ok(Place::Zone {
                letter: first,
                number,
            })
        } else {
            Err(format!(
                "'{text}' is not a cell: it must start with a letter"
            ))
        }
    }
}

arbiter_core::serde_as_text!(Place);

/// A knight's movement m×n: it leaps m one way and n the other
/// (docs/rules/knight-control.md#knights).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Movement {
    pub m: u8,
    pub n: u8,
}

impl Movement {
    /// The ordinary chess knight.
    pub const KNIGHT: Movement = Movement { m: 1, n: 2 };

    /// A checked movement: 1 ≤ m ≤ n and n ≥ 2. There is no upper bound
    /// (layouts may be up to 99 rows tall); a knight too long for its board
    /// is legal, it just has nowhere to land.
    pub fn new(m: u8, n: u8) -> Result<Movement, String> {
        if m < 1 || m > n || n < 2 {
            return Err(format!(
                "{m}x{n} is not a knight movement: it needs 1 ≤ m ≤ n and n ≥ 2"
            ));
        }
        Ok(Movement { m, n })
    }

    /// Spawning price: the base chip plus one per step above 1×2.
    pub const fn cost(self) -> u32 {
        self.m as u32 + self.n as u32 - 2
    }

    /// Whether `(dx, dy)` is one of this knight's leaps.
    pub fn leaps(self, dx: i32, dy: i32) -> bool {
        let (a, b) = (dx.unsigned_abs(), dy.unsigned_abs());
        let (m, n) = (self.m as u32, self.n as u32);
        (a == m && b == n) || (a == n && b == m)
    }
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.m, self.n)
    }
}

impl FromStr for Movement {
    type Err = String;

    fn from_str(text: &str) -> Result<Movement, String> {
        let bad = || format!("'{text}' is not a movement: write it as MxN, such as 1x2");
        let (m, n) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let size = |s: &str| -> Result<u8, String> {
            let v: u64 = s.parse().map_err(|_| bad())?;
            u8::try_from(v)
                .map_err(|_| format!("'{text}': a movement's sizes are at most {}", u8::MAX))
        };
        Movement::new(size(m)?, size(n)?)
    }
}

arbiter_core::serde_as_text!(Movement);

/// A player, named P1, P2, … in text; seat 0 is P1.
pub fn player_name(seat: arbiter_core::Seat) -> String {
    Player(seat).to_string()
}

/// A seat as players name it: prints and serialises as `P1`, `P2`, …
/// (no allocation, so events and boards stay cheap to build).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Player(pub arbiter_core::Seat);

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 .0 as u32 + 1)
    }
}

impl Serialize for Player {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl PartialEq<str> for Player {
    fn eq(&self, other: &str) -> bool {
        parse_player(other, usize::MAX).is_ok_and(|s| s == self.0) && other.starts_with('P')
    }
}

/// Reads `P3` (or `3`) as seat 2.
pub fn parse_player(text: &str, players: usize) -> Result<arbiter_core::Seat, String> {
    let digits = text.strip_prefix(['P', 'p']).unwrap_or(text);
    match digits.parse::<usize>() {
        Ok(n) if n >= 1 && n <= players => Ok(arbiter_core::Seat((n - 1) as u8)),
        _ => Err(format!(
            "'{text}' is not a player: players are P1 to P{players}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for text in ["a1", "o15", "h8", "A1", "X5", "K3"] {
            assert_eq!(text.parse::<Place>().unwrap().to_string(), text);
        }
        assert!("a0".parse::<Place>().is_err());
        assert!("a01".parse::<Place>().is_err());
        assert!("1a".parse::<Place>().is_err());
        assert!("".parse::<Place>().is_err());
    }

    #[test]
    fn movements() {
        assert_eq!("3x3".parse::<Movement>().unwrap().cost(), 4);
        assert_eq!(Movement::KNIGHT.cost(), 1);
        assert!("2x1".parse::<Movement>().is_err());
        assert!("1x1".parse::<Movement>().is_err());
        assert!("0x2".parse::<Movement>().is_err());
        assert!(Movement::KNIGHT.leaps(-2, 1));
        assert!(!Movement::KNIGHT.leaps(2, 2));
    }
}
