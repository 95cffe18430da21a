//! Sides, piece kinds and pieces.

/// A side. White moves first and sits in seat 0.
pub use arbiter_core::Color;
use arbiter_core::Lettered;

/// The three kinds of piece. The knight is royal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    Knight = 0,
    Bishop = 1,
    Rook = 2,
}

/// A role indexes what is kept per role (see `index`).
impl From<Role> for usize {
    fn from(role: Role) -> usize {
        role.index()
    }
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
pub type Piece = arbiter_core::Piece<Role>;

impl Lettered for Role {
    const ALL: &'static [Role] = &Role::ALL;
    fn letter(self) -> char {
        Role::letter(self)
    }
}

/// The piece's 3-bit code in position keys: 1–3 White N, B, R; 4–6 Black.
#[inline]
pub const fn key_code(piece: Piece) -> u32 {
    1 + piece.role as u32 + 3 * piece.color as u32
}
