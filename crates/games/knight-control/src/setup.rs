//! Starting a game already under way (docs/rules/knight-control.md#setups):
//! a host moving a running chat-server game into Arbiter writes its state
//! here. Parsed, then validated into a [`State`] the referee trusts.

use crate::item::{Item, ItemPlacement};
use crate::layout::{CellKind, Layout};
use crate::place::{parse_player, Movement, Place};
use crate::state::{bounded, Purse, State, MAX_COUNT};
use serde::{Deserialize, Serialize};

/// A game state as a host writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The round about to be played (1 to the number of rounds).
    pub round: u8,
    pub players: Vec<PlayerSetup>,
    pub knights: Vec<KnightSetup>,
    /// The items still on the board.
    pub items: Vec<ItemPlacement>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    pub zone: char,
    pub chips: u32,
    pub garnets: u32,
    pub chips_gained: u32,
    pub tol_pieces: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnightSetup {
    /// P1, P2, …
    pub owner: String,
    pub cell: Place,
    pub movement: Movement,
}

impl Setup {
    /// The state this setup describes, or the first thing wrong with it.
    pub fn to_state(&self, layout: &Layout, rounds: u8) -> Result<State, String> {
        let players = self.players.len();
        if !(2..=layout.claimable_letters().len().min(11)).contains(&players) {
            return Err(format!(
                "setup: {players} players; this layout seats 2 to {}",
                layout.claimable_letters().len().min(11)
            ));
        }
        if self.round < 1 || self.round > rounds {
            return Err(format!(
                "setup: round {} is not one of rounds 1 to {rounds}",
                self.round
            ));
        }
        let mut state = State::new(layout, players);
        state.round = self.round;
        for (i, p) in self.players.iter().enumerate() {
            let zone = layout
                .zone_by_letter(p.zone)
                .filter(|&z| layout.zone(z).claimable)
                .ok_or_else(|| {
                    format!(
                        "setup: P{} has zone {}, which is not a claimable zone",
                        i + 1,
                        p.zone
                    )
                })?;
            if state.zones.contains(&Some(zone)) {
                return Err(format!("setup: zone {} is given to two players", p.zone));
            }
            state.zones[i] = Some(zone);
            for (what, value) in [
                ("chips", p.chips),
                ("garnets", p.garnets),
                ("chips_gained", p.chips_gained),
                ("tol_pieces", p.tol_pieces),
            ] {
                bounded(&format!("setup: P{}'s {what}", i + 1), value, MAX_COUNT)?;
            }
            state.purses[i] = Purse {
                chips: p.chips,
                garnets: p.garnets,
                gained: p.chips_gained,
                tol_pieces: p.tol_pieces,
            };
        }
        for k in &self.knights {
            let owner = parse_player(&k.owner, players).map_err(|e| format!("setup: {e}"))?;
            let cell = layout.cell(k.cell).map_err(|e| format!("setup: {e}"))?;
            if !state.may_stand(layout, owner, cell) {
                return Err(format!(
                    "setup: {}'s knight on {} stands outside the grid and its own zone",
                    k.owner, k.cell
                ));
            }
            if state.knight_at(cell).is_some() {
                return Err(format!("setup: two knights on {}", k.cell));
            }
            state.spawn(owner, cell, k.movement);
        }
        place_items(layout, &mut state, &self.items)?;
        Ok(state)
    }
}

/// Lays items on the board; they must lie on distinct grid cells.
pub fn place_items(
    layout: &Layout,
    state: &mut State,
    items: &[ItemPlacement],
) -> Result<(), String> {
    for p in items {
        let cell = layout.cell(p.cell)?;
        if layout.kind(cell) != CellKind::Grid {
            return Err(format!(
                "item {} on {}: items lie on grid cells only",
                p.item, p.cell
            ));
        }
        if state.items[cell as usize].is_some() {
            return Err(format!("two items on {}", p.cell));
        }
        state.items[cell as usize] = Some(p.item);
    }
    Ok(())
}

/// The items on the board, sorted by cell (row by row from a1).
pub fn items_of(layout: &Layout, state: &State) -> Vec<ItemPlacement> {
    state
        .items
        .iter()
        .enumerate()
        .filter_map(|(cell, item)| {
            item.map(|item: Item| ItemPlacement {
                cell: layout.place(cell as u16),
                item,
            })
        })
        .collect()
}
