//! Sides, piece kinds and pieces.

use arbiter_core::Lettered;
use std::fmt;

/// A side. White moves first and sits in seat 0.
pub use arbiter_core::Color;

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
        <Role as Lettered>::from_letter(c)
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
pub type Piece = arbiter_core::Piece<Role>;

/// A role indexes what is kept per role (see `index`).
impl From<Role> for usize {
    fn from(role: Role) -> usize {
        role.index()
    }
}

impl Lettered for Role {
    const ALL: &'static [Role] = &Role::ALL;
    fn letter(self) -> char {
        Role::letter(self)
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
