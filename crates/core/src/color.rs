//! The two sides of a chess-like duel.

use crate::Seat;
use std::fmt;

/// A side. White moves first and sits in seat 0, Black in seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
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

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// `w` or `b`, as in position strings.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// A piece letter in this side's case: `upper` for White, lowercase for
    /// Black.
    pub const fn case(self, upper: char) -> char {
        match self {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// The side a piece letter stands for: uppercase White, else Black.
    pub const fn of_case(letter: char) -> Color {
        if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game's kinds of piece, each written as one uppercase letter in
/// position strings.
pub trait Lettered: Copy + Sized {
    /// The uppercase letter (White's piece).
    fn letter(self) -> char;
    /// The kind with this uppercase letter.
    fn from_letter(letter: char) -> Option<Self>;
}

/// A piece of a chess-like game: a side and one of that game's kinds `R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece<R> {
    pub color: Color,
    pub role: R,
}

impl<R: Lettered> Piece<R> {
    pub const fn new(color: Color, role: R) -> Piece<R> {
        Piece { color, role }
    }

    /// The letter in the position string: uppercase for White, lowercase
    /// for Black.
    pub fn char(self) -> char {
        self.color.case(self.role.letter())
    }

    /// Reads a piece letter: uppercase White, lowercase Black.
    pub fn from_char(c: char) -> Option<Piece<R>> {
        let role = R::from_letter(c.to_ascii_uppercase())?;
        Some(Piece::new(Color::of_case(c), role))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_and_seats_match() {
        for color in Color::BOTH {
            assert_eq!(Color::from_seat(color.seat()), Some(color));
            assert_eq!(color.other().other(), color);
        }
        assert_eq!(Color::from_seat(Seat(2)), None);
        assert_eq!(Color::Black.to_string(), "Black");
        assert_eq!(Color::Black.case('N'), 'n');
        assert_eq!(Color::of_case('n'), Color::Black);
        assert_eq!(Color::of_case('N'), Color::White);
    }
}
