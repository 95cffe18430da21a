//! Sides, piece kinds and pieces.

use arbiter_core::Seat;
use std::fmt;

/// A side. White moves first and sits in seat 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
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

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The three kinds of piece. The knight is royal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    Knight = 0,
    Bishop = 1,
    Rook = 2,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Knight, Role::Bishop, Role::Rook];
    /// The pieces that can be captured, and so dropped.
    pub const DROPPABLE: [Role; 2] = [Role::Bishop, Role::Rook];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase letter of the role.
    pub const fn letter(self) -> char {
        match self {
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
        }
    }

    /// Reads an uppercase role letter.
    pub const fn from_letter(letter: char) -> Option<Role> {
        match letter {
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
        }
    }
}

/// A piece: a side and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Uppercase for White, lowercase for Black.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }

    /// Reads a piece letter: uppercase White, lowercase Black.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }

    /// The piece's 3-bit code in position keys: 1–3 White N, B, R; 4–6 Black.
    #[inline]
    pub const fn code(self) -> u32 {
        1 + self.role as u32 + 3 * self.color as u32
    }
}
