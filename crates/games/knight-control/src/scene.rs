//! The board as a [`Scene`] (docs/pictures.md): the web client's board and
//! the pictures, built from one viewer's view only
//! ([`KnightControl::view_for`]), so it shows the board as last published
//! and, to a player, that player's own knights as they stand now and
//! purse, never another player's secrets.

use crate::event::Event;
use crate::game::{KnightControl, Stage};
use crate::item::Item;
use crate::layout::CellKind as Kind;
use crate::view::{Board, KnightControlView, KnightView};
use arbiter_core::scene::{
    self, Arrival, Cell, CellKind, Item as ItemMark, Last, MarkKind, Panel, Path, Scene, Token,
};
use arbiter_core::{Depict, Viewer};
use std::collections::HashMap;

/// The players' colours: dark enough for white letters at AA contrast.
const COLOURS: [&str; 11] = [
    "#c62828", "#1565c0", "#2e7d32", "#b34700", "#6a1b9a", "#00695c", "#5d4037", "#ad1457",
    "#283593", "#827717", "#455a64",
];

/// An item's mark and name.
fn item(item: Item) -> ItemMark {
    let mark = match item {
        Item::Garnet => "◆".to_string(),
        Item::Chips(n) => format!("¢{n}"),
        Item::TolPiece => "T".into(),
        Item::ExtraMove => "M+".into(),
        Item::ExtraSpawn => "S+".into(),
        Item::Portal => "◎".into(),
        Item::Modify => "±".into(),
    };
    ItemMark {
        mark,
        name: item.words(),
    }
}

/// The knights as `view`'s viewer knows them now: the published board,
/// with the viewer's own knights as they stand mid-round.
fn knights(view: &KnightControlView) -> Vec<&KnightView> {
    let me = view.me.as_ref();
    let mine = me.map(|m| m.player.as_str());
    view.board
        .knights
        .iter()
        .filter(|k| Some(k.owner.to_string().as_str()) != mine)
        .chain(me.into_iter().flat_map(|m| m.knights_now.iter()))
        .collect()
}

/// What the last published round did: each knight's way, spawns,
/// collisions and captures.
fn last_round(view: &KnightControlView) -> Option<Last> {
    let round = view.log.iter().rev().find(|r| r.round > 0)?;
    let mut last = Last {
        serial: round.round as usize,
        ..Last::default()
    };
    for event in &round.events {
        match event {
            Event::Moved { player, from, to }
            | Event::ExtraMoved { player, from, to }
            | Event::Teleported { player, from, to } => {
                let (from, to) = (from.to_string(), to.to_string());
                last.cells.extend([from.clone(), to.clone()]);
                last.paths.push(Path {
                    keys: vec![from.clone(), to.clone()],
                    side: Some(player.0.index()),
                    jump: matches!(event, Event::Teleported { .. }),
                });
                last.arrivals.push(Arrival {
                    to,
                    from: Some(from),
                    badge_only: false,
                });
            }
            Event::Spawned { cell, .. } | Event::ExtraSpawned { cell, .. } => {
                last.cells.push(cell.to_string());
                last.marks.push(scene::Mark {
                    key: cell.to_string(),
                    kind: MarkKind::Spawn,
                });
            }
            Event::Collision { cell, .. } | Event::Captured { cell, .. } => {
                last.cells.push(cell.to_string());
                last.marks.push(scene::Mark {
                    key: cell.to_string(),
                    kind: if matches!(event, Event::Collision { .. }) {
                        MarkKind::Collision
                    } else {
                        MarkKind::Capture
                    },
                });
            }
            _ => {}
        }
    }
    Some(last)
}

/// A step in a few words, as the table names it; none once the game is
/// over (its result leads the status then).
fn stage_words(stage: Stage) -> Option<&'static str> {
    Some(match stage {
        Stage::Bidding => "bidding",
        Stage::Orders => "orders",
        Stage::Items => "items",
        Stage::FinalExchange => "final exchange",
        Stage::PieceGifts => "piece gifts",
        Stage::ChipGifts => "chip gifts",
        Stage::Vote => "vote",
        Stage::Over => return None,
    })
}

impl Depict for KnightControl {
    fn scene(&self, viewer: Viewer) -> Scene {
        self.scene_of(&self.view_for(viewer))
    }
}

impl KnightControl {
    /// The public scene of a published `board` (a referee record's), with
    /// no last-round marks.
    pub fn board_scene(&self, board: &Board) -> Scene {
        let mut view = self.view_for(Viewer::Spectator);
        view.board = board.clone();
        view.log.clear();
        self.scene_of(&view)
    }

    fn scene_of(&self, view: &KnightControlView) -> Scene {
        let layout = self.layout();
        let (w, h) = (layout.frame_width(), layout.frame_height());
        let owners: HashMap<char, usize> = view
            .board
            .zones
            .iter()
            .filter_map(|z| Some((z.letter, z.owner.as_ref()?.0.index())))
            .collect();
        let items: HashMap<String, Item> = view
            .board
            .items
            .iter()
            .map(|p| (p.cell.to_string(), p.item))
            .collect();
        let standing: HashMap<String, &KnightView> = knights(view)
            .into_iter()
            .map(|k| (k.cell.to_string(), k))
            .collect();
        let mut cells = Vec::new();
        for y in (0..h).rev() {
            for x in 0..w {
                let frame = (y * w + x) as u16;
                let key = layout.place(frame).to_string();
                let mut cell = match layout.kind(frame) {
                    Kind::Outside => {
                        cells.push(Cell::plain("", CellKind::Off, ""));
                        continue;
                    }
                    Kind::Grid => {
                        let kind = if (x + y) % 2 == 1 {
                            CellKind::Light
                        } else {
                            CellKind::Dark
                        };
                        Cell::plain(key.clone(), kind, key.clone())
                    }
                    Kind::Zone(z) => {
                        let zone = layout.zone(z);
                        let mut cell = Cell::plain(key.clone(), CellKind::Zone, key.clone());
                        cell.tint = owners.get(&zone.letter).copied();
                        cell.name = match cell.tint {
                            Some(o) => format!("{key} · zone {} (P{})", zone.letter, o + 1),
                            None => format!("{key} · zone {}", zone.letter),
                        };
                        let labelled = zone.cells.get(2).or(zone.cells.first());
                        if labelled == Some(&frame) {
                            cell.label = Some(zone.letter.to_string());
                        }
                        cell
                    }
                };
                if let Some(k) = standing.get(&key) {
                    let mut token = Token::disc(k.owner.0.index(), k.owner.to_string());
                    token.sub = Some(k.movement.to_string());
                    cell.name = format!("{} · {}'s {} knight", cell.name, k.owner, k.movement);
                    cell.piece = Some(token);
                }
                if let Some(&it) = items.get(&key) {
                    let mark = item(it);
                    cell.name = format!("{} · {}", cell.name, mark.name);
                    cell.item = Some(mark);
                }
                cells.push(cell);
            }
        }
        let sides = (0..view.players)
            .map(|i| scene::side(format!("P{}", i + 1), COLOURS[i % COLOURS.len()]))
            .collect();
        let mut panels: Vec<Panel> = view
            .board
            .garnets
            .iter()
            .enumerate()
            .map(|(i, g)| Panel {
                side: Some(i),
                title: format!("P{}: {g} garnet{}", i + 1, if *g == 1 { "" } else { "s" }),
                pieces: Vec::new(),
                active: false,
            })
            .collect();
        if let Some(me) = &view.me {
            panels.push(Panel {
                side: None,
                title: format!(
                    "{} (only you see this): {} chips, {} garnets",
                    me.player, me.purse.chips, me.purse.garnets
                ),
                pieces: Vec::new(),
                active: true,
            });
        }
        // Where the game is, as the table's phase line says it: the round,
        // the step, and which board is shown (the public board changes
        // only when a round is published).
        let shown = match view.board.after_round {
            0 => "the starting board".to_string(),
            n => format!("the board as published after round {n}"),
        };
        let mut status = vec![match stage_words(view.stage) {
            Some(step) => format!(
                "round {} of {} · {step} · {shown}",
                view.round, view.rules.rounds
            ),
            None => format!("round {} of {} · {shown}", view.round, view.rules.rounds),
        }];
        if let Some(outcome) = &view.outcome {
            status.insert(
                0,
                scene::game_over(outcome.described(scene::plain_seat_name)),
            );
        }
        Scene {
            label: "Knight Control board".into(),
            width: w as usize,
            height: h as usize,
            files: (0..w)
                .map(|x| match x {
                    _ if x >= 1 && x <= layout.files() as i32 => {
                        ((b'a' + x as u8 - 1) as char).to_string()
                    }
                    _ => String::new(),
                })
                .collect(),
            ranks: (0..h)
                .rev()
                .map(|y| match y {
                    _ if y >= 1 && y <= layout.ranks() as i32 => y.to_string(),
                    _ => String::new(),
                })
                .collect(),
            cells,
            sides,
            last: last_round(view),
            panels,
            status,
        }
    }
}
