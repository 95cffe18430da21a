//! Sides, piece kinds and pieces.

use arbiter_core::Seat;
use std::fmt;

/// A side. White is seat 0, Black seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank step of this side's pawns: up for White, down for Black.
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    pub fn from_seat(seat: Seat) -> Option<Color> {
        match seat.0 {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            _ => None,
        }
    }

    /// `w` or `b`, as in the position string.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A kind of piece, named as in the rulebook
/// (docs/rules/progressive-chess.md#pieces). The order is the order of the
/// rulebook's letter list and is the order pools are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    Pawn,
    LesserRook,
    LesserBishop,
    LesserKing,
    Swapper,
    Rook,
    Bishop,
    Cannon,
    Protector,
    Pincer,
    Zigzag,
    Supernaturalist,
    Necromancer,
    King,
}

impl Role {
    pub const COUNT: usize = 14;

    pub const ALL: [Role; 14] = [
        Role::Pawn,
        Role::LesserRook,
        Role::LesserBishop,
        Role::LesserKing,
        Role::Swapper,
        Role::Rook,
        Role::Bishop,
        Role::Cannon,
        Role::Protector,
        Role::Pincer,
        Role::Zigzag,
        Role::Supernaturalist,
        Role::Necromancer,
        Role::King,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase letter (White's piece).
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::LesserRook => 'W',
            Role::LesserBishop => 'F',
            Role::LesserKing => 'L',
            Role::Swapper => 'S',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Cannon => 'C',
            Role::Protector => 'T',
            Role::Pincer => 'X',
            Role::Zigzag => 'Z',
            Role::Supernaturalist => 'U',
            Role::Necromancer => 'N',
            Role::King => 'K',
        }
    }

    /// The role with this uppercase letter.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == c)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::LesserRook => "lesser rook",
            Role::LesserBishop => "lesser bishop",
            Role::LesserKing => "lesser king",
            Role::Swapper => "swapper",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Cannon => "cannon",
            Role::Protector => "protector",
            Role::Pincer => "pincer",
            Role::Zigzag => "zigzag",
            Role::Supernaturalist => "supernaturalist",
            Role::Necromancer => "necromancer",
            Role::King => "king",
        }
    }

    /// Whether this piece ever attacks (captures). The swapper family never
    /// does (docs/rules/progressive-chess.md#pieces).
    pub const fn attacks(self) -> bool {
        !matches!(
            self,
            Role::Swapper | Role::Supernaturalist | Role::Necromancer
        )
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a side and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The letter in the position string: uppercase for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for role in Role::ALL {
            assert_eq!(Role::from_letter(role.letter()), Some(role));
            for color in Color::BOTH {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert_eq!(Piece::from_char('q'), None);
    }
}
