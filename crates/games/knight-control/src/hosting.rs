//! What a host needs beyond the [`arbiter_core::Game`] interface: the
//! board's geometry for drawing it, the cells where a player's knights earn
//! bonus leaps, and the chip cost of a submission before it is submitted.
//! Nothing here reveals more than the player's own view.

use crate::action::{ItemChoices, Orders};
use crate::check::{check_choices, check_orders};
use crate::game::{KnightControl, Stage};
use crate::layout::CellKind;
use arbiter_core::Seat;
use serde::Serialize;

/// A cell with its name and frame coordinates (column 0 and `files + 1`,
/// row 0 and `ranks + 1` are the strips around the grid; row 1 is the
/// bottom row).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellView {
    pub name: String,
    pub x: i32,
    pub y: i32,
}

/// A zone's cells in clockwise order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ZoneGeometry {
    pub letter: char,
    pub claimable: bool,
    pub cells: Vec<CellView>,
}

/// The board's shape: the same for every viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
    pub zones: Vec<ZoneGeometry>,
}

/// What a submission costs, as far as the rules can tell before the step
/// resolves (affordability is decided then: docs/rules/knight-control.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cost {
    /// Chips the submission spends.
    pub chips: u32,
    /// Modify refunds (item choices only).
    pub refunds: u32,
    /// Garnets it exchanges explicitly.
    pub exchange: u32,
}

impl KnightControl {
    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        let layout = self.layout();
        Geometry {
            files: layout.files(),
            ranks: layout.ranks(),
            zones: layout
                .zones()
                .iter()
                .map(|z| ZoneGeometry {
                    letter: z.letter,
                    claimable: z.claimable,
                    cells: z
                        .cells
                        .iter()
                        .map(|&c| {
                            let (x, y) = layout.xy(c);
                            CellView {
                                name: layout.name(c),
                                x,
                                y,
                            }
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    /// The grid cells where a knight of `seat` landing earns a bonus leap
    /// (next to a zone other than its own), by name in board order.
    pub fn bonus_cells(&self, seat: Seat) -> Vec<String> {
        let layout = self.layout();
        let state = self.state();
        if seat.index() >= self.players() {
            return Vec::new();
        }
        (0..layout.frame_size() as u16)
            .filter(|&c| layout.kind(c) == CellKind::Grid && state.grants_bonus(layout, seat, c))
            .map(|c| layout.name(c))
            .collect()
    }

    /// What `orders` of `seat` would cost, or why they would be refused,
    /// checked against the start of the round like a submission.
    pub fn orders_cost(&self, seat: Seat, orders: &Orders) -> Result<Cost, String> {
        if seat.index() >= self.players() {
            return Err("no such player".into());
        }
        let checked = check_orders(self.layout(), self.state(), seat, orders)?;
        Ok(Cost {
            chips: checked.cost,
            refunds: 0,
            exchange: checked.exchange,
        })
    }

    /// What item `choices` of `seat` would cost in the item step.
    pub fn choices_cost(&self, seat: Seat, choices: &ItemChoices) -> Result<Cost, String> {
        if seat.index() >= self.players() || self.stage() != Stage::Items {
            return Err("item choices are made in the item step".into());
        }
        let checked = check_choices(
            self.layout(),
            self.state(),
            self.rules(),
            seat,
            self.held(seat),
            choices,
        )?;
        Ok(Cost {
            chips: checked.costs,
            refunds: checked.refunds,
            exchange: checked.exchange,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Layout, Rules};
    use arbiter_core::{Game, Seed};

    #[test]
    fn costs_follow_the_spawn_price_and_extra_moves() {
        let mut game =
            KnightControl::new(2, Rules::default(), Layout::standard(), Seed::from_u64(3)).unwrap();
        game.act_text(Seat(0), "bid ABCDE").unwrap();
        game.act_text(Seat(1), "bid DEFGH").unwrap();
        let Action::Orders(orders) = Action::parse("orders spawn A3 2x3", 2).unwrap() else {
            panic!()
        };
        // 2x3 costs 2 + 3 - 2 = 3 chips; no move, so nothing more.
        assert_eq!(game.orders_cost(Seat(0), &orders).unwrap().chips, 3);
        assert!(game.orders_cost(Seat(1), &orders).is_err());
        // Geometry: 12 zones of 5 cells; A1 sits just above a15 (x 1, y 16).
        let g = game.geometry();
        assert_eq!(g.zones.len(), 12);
        assert_eq!(
            g.zones[0].cells[0],
            CellView {
                name: "A1".into(),
                x: 1,
                y: 16
            }
        );
        // c15 touches only zone A: a bonus for P2, not for A's owner P1;
        // h8 touches no zone.
        let has = |s: u8, c: &str| game.bonus_cells(Seat(s)).contains(&c.to_string());
        assert!(has(1, "c15") && !has(0, "c15"));
        assert!(!has(0, "h8") && !has(1, "h8"));
        assert!(has(0, "e15"), "e15 touches B1");
    }
}
