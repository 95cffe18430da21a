//! What a round's publication tells everyone
//! (docs/rules/knight-control.md#publish). Private facts — chips, bids,
//! orders, void notices — never appear here.

use crate::item::Item;
use crate::place::{Movement, Place, Player};
use serde::Serialize;
use std::fmt;

/// One public happening. Players are named P1, P2, ….
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Whether the zone came from the bid or a draw is not said: it would
    /// tell something about the (private) bids.
    ZoneAssigned {
        player: Player,
        zone: char,
    },
    Spawned {
        player: Player,
        cell: Place,
        movement: Movement,
    },
    Moved {
        player: Player,
        from: Place,
        to: Place,
    },
    Collision {
        cell: Place,
        removed: Vec<String>,
    },
    Captured {
        cell: Place,
        by: Player,
        captured: Player,
        movement: Movement,
        garnet: bool,
    },
    Took {
        player: Player,
        cell: Place,
        item: Item,
    },
    ExtraSpawned {
        player: Player,
        cell: Place,
        movement: Movement,
    },
    ExtraMoved {
        player: Player,
        from: Place,
        to: Place,
    },
    Teleported {
        player: Player,
        from: Place,
        to: Place,
    },
    Modified {
        player: Player,
        cell: Place,
        from: Movement,
        to: Movement,
    },
    PortalDestroyed {
        cell: Place,
    },
    CommunalGranted {
        number: u32,
        players: [Player; 2],
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::ZoneAssigned { player, zone } => write!(f, "{player} gets zone {zone}"),
            Event::Spawned {
                player,
                cell,
                movement,
            } => write!(f, "{player} spawns a {movement} knight on {cell}"),
            Event::Moved { player, from, to } => write!(f, "{player} moves {from} to {to}"),
            Event::Collision { cell, removed } => {
                write!(f, "collision on {cell}: removed {}", removed.join(", "))
            }
            Event::Captured {
                cell,
                by,
                captured,
                movement,
                garnet,
            } => write!(
                f,
                "{by} captures {captured}'s {movement} knight on {cell}{}",
                if *garnet { " and gains a garnet" } else { "" }
            ),
            Event::Took { player, cell, item } => write!(f, "{player} takes {item} on {cell}"),
            Event::ExtraSpawned {
                player,
                cell,
                movement,
            } => {
                write!(f, "{player} extra-spawns a {movement} knight on {cell}")
            }
            Event::ExtraMoved { player, from, to } => {
                write!(f, "{player} makes an extra move {from} to {to}")
            }
            Event::Teleported { player, from, to } => {
                write!(f, "{player} teleports {from} to {to}")
            }
            Event::Modified {
                player,
                cell,
                from,
                to,
            } => write!(f, "{player} modifies the knight on {cell}: {from} to {to}"),
            Event::PortalDestroyed { cell } => write!(f, "the portal on {cell} is destroyed"),
            Event::CommunalGranted { number, players } => {
                write!(
                    f,
                    "communal garnet {number} granted to {} and {}",
                    players[0], players[1]
                )
            }
        }
    }
}
