//! What a round's publication tells everyone
//! (docs/rules/knight-control.md#publish). Private facts — chips, bids,
//! orders, void notices — never appear here.

use crate::game::RoundLog;
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
            Event::Took { player, cell, item } => {
                write!(f, "{player} takes {} on {cell}", item.words())
            }
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

impl Event {
    /// The player who did it, if one did (a collision, a destroyed portal
    /// and a communal grant are nobody's doing).
    pub fn actor(&self) -> Option<Player> {
        match self {
            Event::ZoneAssigned { player, .. }
            | Event::Spawned { player, .. }
            | Event::Moved { player, .. }
            | Event::Took { player, .. }
            | Event::ExtraSpawned { player, .. }
            | Event::ExtraMoved { player, .. }
            | Event::Teleported { player, .. }
            | Event::Modified { player, .. } => Some(*player),
            Event::Captured { by, .. } => Some(*by),
            Event::Collision { .. }
            | Event::PortalDestroyed { .. }
            | Event::CommunalGranted { .. } => None,
        }
    }
}

impl RoundLog {
    /// The round's publication in words, as a host would post it to the
    /// group: a heading naming the round (`rounds` is the game's count; a
    /// log after the last round is the end of the game), then one line per
    /// player of what they did, in seat order, then what was nobody's
    /// doing. The bidding is one line of zones.
    pub fn report(&self, rounds: u8) -> Vec<String> {
        let said = |e: &Event| {
            let text = e.to_string();
            match e.actor() {
                Some(p) => text
                    .strip_prefix(&format!("{p} "))
                    .map_or(text.clone(), str::to_string),
                None => text,
            }
        };
        if self.round == 0 {
            let zones: Vec<String> = self.events.iter().map(Event::to_string).collect();
            return vec![format!("Bidding: {}", zones.join(", "))];
        }
        let heading = if self.round > rounds {
            "After the last round:".to_string()
        } else {
            format!("Round {}:", self.round)
        };
        let mut players: Vec<Player> = self.events.iter().filter_map(Event::actor).collect();
        players.sort();
        players.dedup();
        let mut lines = vec![heading];
        for p in players {
            let did: Vec<String> = (self.events.iter())
                .filter(|e| e.actor() == Some(p))
                .map(said)
                .collect();
            lines.push(format!("{p}: {}", did.join("; ")));
        }
        lines.extend(self.events.iter().filter(|e| e.actor().is_none()).map(said));
        if lines.len() == 1 {
            lines[0].push_str(" nothing happened");
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Seat;

    fn p(k: u8) -> Player {
        Player(Seat(k))
    }

    fn cell(name: &str) -> Place {
        name.parse().unwrap()
    }

    #[test]
    fn a_round_is_reported_player_by_player_in_words() {
        let knight: Movement = "1x2".parse().unwrap();
        let log = RoundLog {
            round: 2,
            events: vec![
                Event::Spawned {
                    player: p(1),
                    cell: cell("K5"),
                    movement: knight,
                },
                Event::Moved {
                    player: p(0),
                    from: cell("k13"),
                    to: cell("j14"),
                },
                Event::Moved {
                    player: p(1),
                    from: cell("b10"),
                    to: cell("c8"),
                },
                Event::Collision {
                    cell: cell("f5"),
                    removed: vec!["P1 1x2".into(), "P3 1x2".into()],
                },
                Event::Captured {
                    cell: cell("c8"),
                    by: p(1),
                    captured: p(2),
                    movement: knight,
                    garnet: true,
                },
                Event::Took {
                    player: p(0),
                    cell: cell("j14"),
                    item: Item::Garnet,
                },
                Event::Took {
                    player: p(1),
                    cell: cell("c8"),
                    item: Item::Chips(3),
                },
            ],
        };
        assert_eq!(
            log.report(10),
            [
                "Round 2:",
                "P1: moves k13 to j14; takes a garnet on j14",
                "P2: spawns a 1x2 knight on K5; moves b10 to c8; \
                 captures P3's 1x2 knight on c8 and gains a garnet; takes 3 chips on c8",
                "collision on f5: removed P1 1x2, P3 1x2",
            ]
        );
        let bidding = RoundLog {
            round: 0,
            events: vec![
                Event::ZoneAssigned {
                    player: p(0),
                    zone: 'B',
                },
                Event::ZoneAssigned {
                    player: p(1),
                    zone: 'K',
                },
            ],
        };
        assert_eq!(
            bidding.report(10),
            ["Bidding: P1 gets zone B, P2 gets zone K"]
        );
        let quiet = RoundLog {
            round: 3,
            events: vec![],
        };
        assert_eq!(quiet.report(3), ["Round 3: nothing happened"]);
        let end = RoundLog {
            round: 4,
            events: vec![Event::CommunalGranted {
                number: 1,
                players: [p(0), p(2)],
            }],
        };
        assert_eq!(
            end.report(3),
            [
                "After the last round:",
                "communal garnet 1 granted to P1 and P3"
            ]
        );
    }

    /// Every kind of public event in words, as the chat, `arbiter replay`
    /// and the table's public log say it.
    #[test]
    fn every_event_reads_in_words() {
        let knight: Movement = "1x2".parse().unwrap();
        let wide: Movement = "2x3".parse().unwrap();
        let said = [
            (
                Event::ZoneAssigned {
                    player: p(0),
                    zone: 'A',
                },
                "P1 gets zone A",
            ),
            (
                Event::Spawned {
                    player: p(0),
                    cell: cell("A3"),
                    movement: knight,
                },
                "P1 spawns a 1x2 knight on A3",
            ),
            (
                Event::Moved {
                    player: p(1),
                    from: cell("b10"),
                    to: cell("c8"),
                },
                "P2 moves b10 to c8",
            ),
            (
                Event::Collision {
                    cell: cell("f5"),
                    removed: vec!["P1 1x2".into(), "P3 2x3".into()],
                },
                "collision on f5: removed P1 1x2, P3 2x3",
            ),
            (
                Event::Captured {
                    cell: cell("c8"),
                    by: p(1),
                    captured: p(2),
                    movement: knight,
                    garnet: true,
                },
                "P2 captures P3's 1x2 knight on c8 and gains a garnet",
            ),
            (
                Event::Took {
                    player: p(0),
                    cell: cell("j14"),
                    item: Item::Garnet,
                },
                "P1 takes a garnet on j14",
            ),
            (
                Event::Took {
                    player: p(0),
                    cell: cell("j14"),
                    item: Item::Chips(1),
                },
                "P1 takes 1 chip on j14",
            ),
            (
                Event::Took {
                    player: p(0),
                    cell: cell("e6"),
                    item: Item::TolPiece,
                },
                "P1 takes a ToL piece on e6",
            ),
            (
                Event::Took {
                    player: p(0),
                    cell: cell("b3"),
                    item: Item::ExtraSpawn,
                },
                "P1 takes an extra spawn on b3",
            ),
            (
                Event::ExtraSpawned {
                    player: p(3),
                    cell: cell("D2"),
                    movement: wide,
                },
                "P4 extra-spawns a 2x3 knight on D2",
            ),
            (
                Event::ExtraMoved {
                    player: p(3),
                    from: cell("a1"),
                    to: cell("b3"),
                },
                "P4 makes an extra move a1 to b3",
            ),
            (
                Event::Teleported {
                    player: p(4),
                    from: cell("c2"),
                    to: cell("m12"),
                },
                "P5 teleports c2 to m12",
            ),
            (
                Event::Modified {
                    player: p(4),
                    cell: cell("k11"),
                    from: knight,
                    to: "2x2".parse().unwrap(),
                },
                "P5 modifies the knight on k11: 1x2 to 2x2",
            ),
            (
                Event::PortalDestroyed { cell: cell("c2") },
                "the portal on c2 is destroyed",
            ),
            (
                Event::CommunalGranted {
                    number: 1,
                    players: [p(0), p(2)],
                },
                "communal garnet 1 granted to P1 and P3",
            ),
        ];
        for (event, words) in said {
            assert_eq!(event.to_string(), words);
        }
    }
}
