//! Pieces and their owners.

use arbiter_core::Seat;
use std::fmt;

/// The kinds of piece in an army.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    /// The letter in notation, arrangements and diagrams.
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Queen => 'Q',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Knight => 'N',
            Role::Pawn => 'P',
        }
    }

    pub const fn from_letter(c: char) -> Option<Role> {
        Some(match c {
            'K' => Role::King,
            'Q' => Role::Queen,
            'R' => Role::Rook,
            'B' => Role::Bishop,
            'N' => Role::Knight,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pawn => "pawn",
        }
    }

    /// Points for destroying a piece of this kind (docs/rules/tilechess.md#score).
    pub const fn value(self) -> u32 {
        match self {
            Role::King => 1,
            Role::Queen => 9,
            Role::Rook => 5,
            Role::Bishop => 3,
            Role::Knight => 3,
            Role::Pawn => 1,
        }
    }

    /// How far from a block this piece may break it, or `None` for pieces
    /// that never break (docs/rules/tilechess.md#breaks).
    pub const fn break_reach(self) -> Option<i32> {
        match self {
            Role::Pawn | Role::Knight => Some(1),
            Role::King => Some(2),
            Role::Queen | Role::Rook | Role::Bishop => None,
        }
    }

    /// How many of this kind an army has.
    pub const fn army_count(self, eight_pawns: bool) -> u8 {
        match self {
            Role::King | Role::Queen => 1,
            Role::Rook | Role::Bishop | Role::Knight => 2,
            Role::Pawn => {
                if eight_pawns {
                    8
                } else {
                    7
                }
            }
        }
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub owner: Seat,
    pub role: Role,
}

/// A player's colour: a short lowercase name, unique in the game, that
/// names the player in notation (`red: 5,3-5,7`). It is 1 to 15 characters
/// of `a-z` and `0-9`, starting with a letter. Stored inline so actions stay
/// `Copy`-cheap.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Colour {
    len: u8,
    bytes: [u8; 15],
}

/// The colours offered to new players, in order; after these, `p<seat>`.
pub const PALETTE: [&str; 12] = [
    "red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink", "brown", "grey", "white",
    "black",
];

impl Colour {
    pub fn parse(text: &str) -> Result<Colour, String> {
        let bytes = text.as_bytes();
        if bytes.is_empty() || bytes.len() > 15 {
            return Err(format!(
                "'{text}' is not a colour: a colour has 1 to 15 characters"
            ));
        }
        if !bytes[0].is_ascii_lowercase()
            || !bytes
                .iter()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        {
            return Err(format!(
                "'{text}' is not a colour: use lowercase letters and digits, starting with a letter (e.g. red)"
            ));
        }
        let mut colour = Colour {
            len: bytes.len() as u8,
            bytes: [0; 15],
        };
        colour.bytes[..bytes.len()].copy_from_slice(bytes);
        Ok(colour)
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).expect("colours are ASCII")
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Colour({})", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours() {
        assert_eq!(Colour::parse("red").unwrap().as_str(), "red");
        assert_eq!(Colour::parse("p12").unwrap().to_string(), "p12");
        assert!(Colour::parse("").is_err());
        assert!(Colour::parse("Red").is_err());
        assert!(Colour::parse("1a").is_err());
        assert!(Colour::parse("abcdefghijklmnop").is_err());
        for name in PALETTE {
            assert!(Colour::parse(name).is_ok());
        }
    }

    #[test]
    fn army_adds_up() {
        let total = |eight| {
            Role::ALL
                .iter()
                .map(|r| r.army_count(eight) as u32)
                .sum::<u32>()
        };
        assert_eq!(total(false), 15);
        assert_eq!(total(true), 16);
    }
}
