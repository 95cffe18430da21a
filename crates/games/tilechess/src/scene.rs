//! The board as a [`Scene`] (docs/pictures.md): the web client's board and
//! the pictures. Everything in Tilechess is public.
//!
//! Each player's colour name is drawn in the nearest colour of the
//! Okabe–Ito palette, made to be told apart with colour blindness; names
//! with no near one take the next free colour. A letter on every piece
//! names its owner as well.

use crate::action::{Action, Deed};
use crate::coord::{Tile, BLOCK};
use crate::game::Tilechess;
use arbiter_core::scene::{self, Arrival, Cell, CellKind, Last, Path, Scene, Side, Token};
use arbiter_core::{Depict, Seat, Viewer};

const SAFE: &[(&str, &str)] = &[
    ("red", "#D55E00"),
    ("vermillion", "#D55E00"),
    ("orange", "#E69F00"),
    ("yellow", "#F0E442"),
    ("green", "#009E73"),
    ("blue", "#0072B2"),
    ("sky", "#56B4E9"),
    ("cyan", "#56B4E9"),
    ("skyblue", "#56B4E9"),
    ("purple", "#CC79A7"),
    ("pink", "#CC79A7"),
    ("magenta", "#CC79A7"),
    ("black", "#000000"),
    ("white", "#FFFFFF"),
    ("grey", "#999999"),
    ("gray", "#999999"),
];
const SAFE_ORDER: [&str; 8] = [
    "#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#F0E442", "#000000",
];

/// The drawn colour of each of `names`, in order.
fn safe_colours(names: &[String]) -> Vec<String> {
    let mut out: Vec<Option<&str>> = names
        .iter()
        .map(|n| {
            SAFE.iter()
                .find(|(k, _)| *k == n.to_lowercase())
                .map(|(_, v)| *v)
        })
        .collect();
    let mut cycle = 0;
    for i in 0..out.len() {
        if out[i].is_none() {
            let free = SAFE_ORDER.iter().find(|h| !out.contains(&Some(**h)));
            out[i] = Some(free.copied().unwrap_or_else(|| {
                cycle += 1;
                SAFE_ORDER[(cycle - 1) % SAFE_ORDER.len()]
            }));
        }
    }
    out.into_iter()
        .map(|h| h.unwrap_or("#999999").into())
        .collect()
}

/// Every fourth coordinate is labelled, as at the block corners.
fn label(v: i32) -> String {
    if v.rem_euclid(BLOCK) == 0 {
        v.to_string()
    } else {
        String::new()
    }
}

impl Tilechess {
    /// What `action` did, for the last-move marks: a move's trail is every
    /// tile it crossed (along a row, column or diagonal; a leap crosses
    /// nothing, so it is its two ends), a join or a break marks the block
    /// it opened. `serial` numbers the action (see [`Last::serial`]).
    pub fn trail(&self, serial: usize, action: &Action) -> Option<Last> {
        match action.deed {
            Deed::Join { block, .. } | Deed::Break { block } => Some(Last {
                serial,
                cells: block.tiles().map(|t| t.to_string()).collect(),
                ..Last::default()
            }),
            Deed::Move { from, to } | Deed::Capture { from, to } => {
                let (dx, dy) = (to.x - from.x, to.y - from.y);
                let keys: Vec<String> = if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
                    vec![from.to_string(), to.to_string()]
                } else {
                    let n = dx.abs().max(dy.abs());
                    (0..=n)
                        .map(|k| from.offset(dx.signum() * k, dy.signum() * k).to_string())
                        .collect()
                };
                Some(Last {
                    serial,
                    cells: keys.clone(),
                    arrivals: vec![Arrival {
                        to: to.to_string(),
                        from: Some(from.to_string()),
                        badge_only: false,
                    }],
                    paths: vec![Path {
                        keys,
                        side: None,
                        jump: false,
                    }],
                    marks: Vec::new(),
                })
            }
            Deed::Pass => None,
        }
    }
}

impl Depict for Tilechess {
    /// A seat is named by its colour once it has joined.
    fn seat_name(&self, seat: Seat) -> String {
        match self.players().get(seat.index()) {
            Some(player) => player.colour.to_string(),
            None => scene::plain_seat_name(seat),
        }
    }

    fn scene(&self, _viewer: Viewer) -> Scene {
        let board = self.board();
        let (sw, ne) = board.tile_bounds();
        let names: Vec<String> = self
            .players()
            .iter()
            .map(|p| p.colour.to_string())
            .collect();
        let sides: Vec<Side> = names
            .iter()
            .zip(safe_colours(&names))
            .map(|(n, fill)| scene::side(n.clone(), &fill))
            .collect();
        let name_of = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
        let mut cells = Vec::new();
        for y in (sw.y..=ne.y).rev() {
            for x in sw.x..=ne.x {
                let tile = Tile::new(x, y);
                let here = board.cell(tile);
                let key = tile.to_string();
                if !here.open {
                    let block = tile.block().corner();
                    cells.push(Cell::plain(
                        format!("join:{block}"),
                        CellKind::Block,
                        format!("unopened block {block}"),
                    ));
                    continue;
                }
                let kind = if (x + y).rem_euclid(2) == 1 {
                    CellKind::Light
                } else {
                    CellKind::Dark
                };
                let mut cell = Cell::plain(key.clone(), kind, key.clone());
                cell.tint = here.land.map(Seat::index);
                if let Some(owner) = here.land {
                    cell.name = format!("{key}: {}'s land", name_of(owner));
                }
                if let Some(p) = here.piece {
                    let owner = name_of(p.owner);
                    let mut token = Token::disc(p.owner.index(), p.role.letter());
                    token.corner = owner
                        .chars()
                        .next()
                        .map(|c| c.to_ascii_uppercase().to_string());
                    cell.name = format!("{key}: {owner} {}", p.role.name());
                    cell.piece = Some(token);
                }
                cells.push(cell);
            }
        }
        let mut status: Vec<String> = self
            .leaderboard()
            .iter()
            .enumerate()
            .map(|(rank, row)| {
                format!(
                    "{}. {}: {} ({} points, {} territory)",
                    rank + 1,
                    row.colour,
                    row.score,
                    row.points,
                    row.territory
                )
            })
            .collect();
        status.insert(
            0,
            match self.outcome() {
                Some(outcome) => scene::game_over(outcome.described(|s| self.seat_name(s))),
                None => {
                    let who: Vec<String> = self
                        .claimants()
                        .into_iter()
                        .map(|s| {
                            self.colour_of(s)
                                .map_or("a new player".into(), |c| c.to_string())
                        })
                        .collect();
                    format!("may claim the next turn: {}", who.join(", "))
                }
            },
        );
        Scene {
            label: "Tilechess board".into(),
            width: (ne.x - sw.x + 1) as usize,
            height: (ne.y - sw.y + 1) as usize,
            files: (sw.x..=ne.x).map(label).collect(),
            ranks: (sw.y..=ne.y).rev().map(label).collect(),
            cells,
            sides,
            last: None,
            panels: Vec::new(),
            status,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_named_by_its_colour_once_it_has_joined() {
        use arbiter_core::Game;
        let mut game = Tilechess::default();
        assert_eq!(game.seat_name(Seat(0)), "P1");
        game.act_text(Seat(0), "teal: join 0,0 RBNR/PKQP/PNBP/PPP.")
            .unwrap();
        assert_eq!(game.seat_name(Seat(0)), "teal");
        assert_eq!(game.seat_name(Seat(1)), "P2");
    }

    #[test]
    fn named_colours_take_their_safe_colour_and_others_the_next_free_one() {
        let names = ["red", "teal", "blue"].map(String::from);
        assert_eq!(safe_colours(&names), ["#D55E00", "#009E73", "#0072B2"]);
    }

    #[test]
    fn a_slide_crosses_every_tile_and_a_leap_only_its_ends() {
        let game = Tilechess::default();
        let slide: Action = "red: 0,0-0,3".parse().unwrap();
        assert_eq!(
            game.trail(1, &slide).unwrap().cells,
            ["0,0", "0,1", "0,2", "0,3"]
        );
        let leap: Action = "red: 0,0-1,2".parse().unwrap();
        assert_eq!(game.trail(1, &leap).unwrap().cells, ["0,0", "1,2"]);
    }
}
