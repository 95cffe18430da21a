//! The two sides of a chess-like duel.

/// Declares the two sides of a duel: an enum of two variants, the first
/// moving first and sitting in seat 0, each with its display name, and the
/// methods every pair of sides has (`BOTH`, `index`, `other`, `seat`,
/// `from_seat`, `name`, `seat_name`, `Display`, and the conversions to [`Seat`](crate::Seat) and to
/// the side's index). A game
/// adds what its sides do on its board in its own `impl`.
#[macro_export]
macro_rules! two_sides {
    (
        $(#[$doc:meta])*
        $sides:ident {
            $(#[$first_doc:meta])* $first:ident = $first_name:literal,
            $(#[$second_doc:meta])* $second:ident = $second_name:literal $(,)?
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $sides {
            $(#[$first_doc])* $first = 0,
            $(#[$second_doc])* $second = 1,
        }

        impl $sides {
            /// Both sides, the first to move first.
            pub const BOTH: [$sides; 2] = [$sides::$first, $sides::$second];

            #[inline]
            pub const fn index(self) -> usize { self as usize }

            /// The opponent.
            #[inline]
            pub const fn other(self) -> $sides {
                match self { $sides::$first => $sides::$second, $sides::$second => $sides::$first }
            }

            /// The seat this side sits in: 0 for the side that moves first.
            pub const fn seat(self) -> $crate::Seat { $crate::Seat(self as u8) }

            /// The side in `seat`, if it is 0 or 1.
            pub fn from_seat(seat: $crate::Seat) -> Option<$sides> {
                match seat.0 { 0 => Some($sides::$first), 1 => Some($sides::$second), _ => None }
            }

            pub const fn name(self) -> &'static str {
                match self { $sides::$first => $first_name, $sides::$second => $second_name }
            }

            /// The name of the side in `seat` ("P3" for a seat no side sits
            /// in): how the game's pictures and results name a seat.
            pub fn seat_name(seat: $crate::Seat) -> String {
                Self::from_seat(seat)
                    .map_or_else(|| $crate::scene::plain_seat_name(seat), |side| side.name().to_string())
            }
        }

        impl ::std::fmt::Display for $sides {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl From<$sides> for $crate::Seat {
            fn from(side: $sides) -> $crate::Seat { side.seat() }
        }

        /// A side indexes what is kept per side (see `index`).
        impl From<$sides> for usize {
            fn from(side: $sides) -> usize { side.index() }
        }
    };
}

two_sides! {
    /// A side of a chess-like duel. White moves first and sits in seat 0,
    /// Black in seat 1.
    Color { White = "White", Black = "Black" }
}

impl Color {
    /// The rank step of this side's pawns: up for White, down for Black.
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
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

/// A game's kinds of piece, each written as one uppercase letter in
/// position strings.
pub trait Lettered: Copy + Sized + 'static {
    /// Every kind.
    const ALL: &'static [Self];
    /// The uppercase letter (White's piece).
    fn letter(self) -> char;
    /// The kind with this uppercase letter.
    fn from_letter(letter: char) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|kind| kind.letter() == letter)
    }
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
    use crate::Seat;

    #[test]
    fn sides_and_seats_match() {
        let round_trips =
            |c: Color| Color::from_seat(c.seat()) == Some(c) && c.other().other() == c;
        assert!(Color::BOTH.into_iter().all(round_trips));
        assert_eq!(Color::from_seat(Seat(2)), None);
        assert_eq!(Color::Black.to_string(), "Black");
        assert_eq!(Color::Black.case('N'), 'n');
        assert_eq!(Color::of_case('n'), Color::Black);
        assert_eq!(Color::of_case('N'), Color::White);
    }
}
