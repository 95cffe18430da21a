//! The upgrade tree and its prices (docs/rules/progressive-chess.md#upgrades).
//!
//! A piece may become one of the pieces directly above it. The price of
//! becoming a piece is that piece's tier: 1 for the first upgrade from a
//! pawn, 2 for the second, 3 for the third.

use crate::piece::Role;

/// The pieces `role` may be upgraded into, in rulebook order. Empty for the
/// top of the tree and for the king.
pub const fn upgrades(role: Role) -> &'static [Role] {
    use Role::*;
    match role {
        Pawn => &[LesserRook, LesserBishop, Swapper],
        LesserRook => &[Rook, LesserKing],
        LesserBishop => &[Bishop, LesserKing],
        Swapper => &[Supernaturalist, Necromancer],
        Rook => &[Cannon, Protector],
        LesserKing => &[Protector, Pincer],
        Bishop => &[Pincer, Zigzag],
        Cannon | Protector | Pincer | Zigzag | Supernaturalist | Necromancer | King => &[],
    }
}

/// How many upgrades above a pawn `role` sits: 0 for the pawn (and the
/// king, which is outside the tree), up to 3.
pub const fn tier(role: Role) -> u32 {
    use Role::*;
    match role {
        Pawn | King => 0,
        LesserRook | LesserBishop | Swapper => 1,
        Rook | Bishop | LesserKing | Supernaturalist | Necromancer => 2,
        Cannon | Protector | Pincer | Zigzag => 3,
    }
}

/// The price in points of upgrading into `role`: its tier.
pub const fn price(role: Role) -> u32 {
    tier(role)
}

/// Whether `from` may become `to` in one upgrade.
pub fn can_upgrade(from: Role, to: Role) -> bool {
    upgrades(from).contains(&to)
}

/// The number of upgrades of a `role` affordable with `points`: every
/// child of one piece has the same tier, so it is all or none.
#[inline]
pub const fn affordable(role: Role, points: u32) -> u32 {
    let children = upgrades(role);
    if children.is_empty() || price(children[0]) > points {
        0
    } else {
        children.len() as u32
    }
}
