//! Items lying on grid cells, and the default mix the seed lays out
//! (docs/rules/knight-control.md#items).

use crate::place::Place;
use arbiter_core::GameRng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One item on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    Garnet,
    Chips(u32),
    TolPiece,
    ExtraMove,
    ExtraSpawn,
    Portal,
    Modify,
}

impl Item {
    /// The item in words, as the board's legend names it ("a ToL piece",
    /// "3 chips"); its `Display` is its notation ("tol-piece", "chips 3").
    pub fn words(self) -> String {
        match self {
            Item::Garnet => "a garnet".into(),
            Item::Chips(n) => format!("{n} chip{}", if n == 1 { "" } else { "s" }),
            Item::TolPiece => "a ToL piece".into(),
            Item::ExtraMove => "an extra move".into(),
            Item::ExtraSpawn => "an extra spawn".into(),
            Item::Portal => "a portal".into(),
            Item::Modify => "a modify".into(),
        }
    }

    /// Items that must be used in step 5 of the round they are taken.
    pub const fn is_usable(self) -> bool {
        matches!(
            self,
            Item::ExtraMove | Item::ExtraSpawn | Item::Portal | Item::Modify
        )
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Garnet => f.write_str("garnet"),
            Item::Chips(n) => write!(f, "chips {n}"),
            Item::TolPiece => f.write_str("tol-piece"),
            Item::ExtraMove => f.write_str("extra-move"),
            Item::ExtraSpawn => f.write_str("extra-spawn"),
            Item::Portal => f.write_str("portal"),
            Item::Modify => f.write_str("modify"),
        }
    }
}

impl FromStr for Item {
    type Err = String;

    fn from_str(text: &str) -> Result<Item, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        Ok(match words.as_slice() {
            ["garnet"] => Item::Garnet,
            ["chips", n] => match n.parse::<u32>() {
                Ok(n) if (1..=crate::state::MAX_RATE).contains(&n) => Item::Chips(n),
                _ => {
                    return Err(format!(
                        "'{text}': chips items hold 1 to {} chips",
                        crate::state::MAX_RATE
                    ))
                }
            },
            ["tol-piece"] => Item::TolPiece,
            ["extra-move"] => Item::ExtraMove,
            ["extra-spawn"] => Item::ExtraSpawn,
            ["portal"] => Item::Portal,
            ["modify"] => Item::Modify,
            _ => {
                return Err(format!(
                    "'{text}' is not an item: use garnet, chips N, tol-piece, extra-move, extra-spawn, portal or modify"
                ))
            }
        })
    }
}

arbiter_core::serde_as_text!(Item);

/// An item on a named cell, as layout files and records write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemPlacement {
    pub cell: Place,
    pub item: Item,
}

/// The default mix (docs/rules/knight-control.md#items): how many of each
/// item the seed lays on the grid, in this order.
pub const DEFAULT_MIX: [(Item, usize); 9] = [
    (Item::Garnet, 12),
    (Item::Chips(1), 10),
    (Item::Chips(2), 6),
    (Item::Chips(3), 3),
    (Item::TolPiece, 30),
    (Item::ExtraMove, 6),
    (Item::ExtraSpawn, 4),
    (Item::Portal, 6),
    (Item::Modify, 5),
];

/// Lays the default mix on distinct grid cells: the grid cells in rank-major
/// order (a1, b1, …, o15) are shuffled with the game's stream (one
/// Fisher–Yates pass, the first draws of the game), and the mix, in
/// [`DEFAULT_MIX`] order, goes on the first cells of the shuffle. The
/// result is sorted by cell.
pub fn generate(files: u8, ranks: u8, rng: &mut GameRng) -> Vec<ItemPlacement> {
    let mut cells: Vec<Place> = (0..ranks)
        .flat_map(|rank| (0..files).map(move |file| Place::Grid { file, rank }))
        .collect();
    rng.shuffle(&mut cells);
    let items = DEFAULT_MIX
        .iter()
        .flat_map(|&(item, count)| std::iter::repeat_n(item, count));
    let mut placed: Vec<ItemPlacement> = cells
        .into_iter()
        .zip(items)
        .map(|(cell, item)| ItemPlacement { cell, item })
        .collect();
    placed.sort_by_key(|p| p.cell.sort_key());
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Seed;

    #[test]
    fn item_text_round_trips() {
        for text in [
            "garnet",
            "chips 3",
            "tol-piece",
            "extra-move",
            "extra-spawn",
            "portal",
            "modify",
        ] {
            assert_eq!(text.parse::<Item>().unwrap().to_string(), text);
        }
        assert!("chips 0".parse::<Item>().is_err());
        assert!("gold".parse::<Item>().is_err());
    }

    #[test]
    fn generated_mix_is_complete_and_seeded() {
        let a = generate(15, 15, &mut Seed::from_u64(1).rng());
        let b = generate(15, 15, &mut Seed::from_u64(1).rng());
        assert_eq!(a, b);
        let total: usize = DEFAULT_MIX.iter().map(|(_, n)| n).sum();
        assert_eq!(a.len(), total);
        let mut cells: Vec<Place> = a.iter().map(|p| p.cell).collect();
        cells.dedup();
        assert_eq!(cells.len(), total, "one item per cell");
        assert_eq!(a.iter().filter(|p| p.item == Item::Portal).count(), 6);
    }
}
