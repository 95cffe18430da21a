//! The true state of a game: players' purses, knights and items.
//! Nothing here is filtered for privacy; [`crate::view`] does that.

use crate::item::Item;
use crate::layout::{Cell, Layout, ZoneId};
use crate::place::Movement;
use arbiter_core::Seat;
use serde::{Deserialize, Serialize};

/// Ruleset options (docs/rules/knight-control.md#ruleset-options). The
/// defaults are the seed's final text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Rules {
    pub rounds: u8,
    pub start_chips: u32,
    /// Chips per garnet exchanged: 3 (the final text) or 1 (an earlier one).
    pub garnet_rate: u32,
    /// Whether Extra Spawn waives the base chip (final text) or not.
    pub extra_spawn_base_free: bool,
    /// What picks the EC: chips gained (final text) or chips held.
    pub ec_by: EcMeasure,
}

/// The measure the EC is chosen by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EcMeasure {
    ChipsGained,
    Chips,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            rounds: 10,
            start_chips: 5,
            garnet_rate: 3,
            extra_spawn_base_free: true,
            ec_by: EcMeasure::ChipsGained,
        }
    }
}

/// The largest count a setup, a record or the rules may give for chips,
/// garnets, chips gained, ToL pieces or starting chips
/// (docs/rules/knight-control.md#bounds).
pub const MAX_COUNT: u32 = 1_000_000;
/// The largest garnet rate and the largest Chips item.
pub const MAX_RATE: u32 = 1_000;

/// `value` if it is at most `bound`, else a message naming both.
pub fn bounded(what: &str, value: u32, bound: u32) -> Result<u32, String> {
    if value > bound {
        Err(format!(
            "{what} is {value}, above the largest allowed, {bound}"
        ))
    } else {
        Ok(value)
    }
}

/// `a + b`, or a message if the count would leave the `u32` range. With
/// the documented bounds on every input no game comes near it; the check
/// makes sure a count never wraps.
pub fn add(what: &str, a: u32, b: u32) -> Result<u32, String> {
    a.checked_add(b)
        .ok_or_else(|| format!("{what} would exceed {}", u32::MAX))
}

/// `a * b`, checked like [`add`].
pub fn mul(what: &str, a: u32, b: u32) -> Result<u32, String> {
    a.checked_mul(b)
        .ok_or_else(|| format!("{what} would exceed {}", u32::MAX))
}

impl Rules {
    pub fn check(&self) -> Result<(), String> {
        if self.rounds == 0 || self.rounds > 99 {
            return Err(format!("{} rounds: a game has 1 to 99", self.rounds));
        }
        if self.garnet_rate == 0 {
            return Err("a garnet must be worth at least one chip".into());
        }
        bounded("garnet_rate", self.garnet_rate, MAX_RATE)?;
        bounded("start_chips", self.start_chips, MAX_COUNT)?;
        Ok(())
    }
}

/// One player's purse and zone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Purse {
    pub chips: u32,
    pub garnets: u32,
    /// Chips from garnet exchanges, items, communal garnets and Modify
    /// refunds (docs/rules/knight-control.md#chips-gained).
    pub gained: u32,
    pub tol_pieces: u32,
}

impl Purse {
    /// Adds chips received (not traded): they count as chips gained.
    pub fn gain(&mut self, chips: u32) -> Result<(), String> {
        let total = add("the player's chips", self.chips, chips)?;
        let gained = add("the player's chips gained", self.gained, chips)?;
        self.chips = total;
        self.gained = gained;
        Ok(())
    }

    /// Exchanges `n` garnets (at most those held) at `rate` chips each.
    pub fn exchange(&mut self, n: u32, rate: u32) -> Result<(), String> {
        let garnets = self.garnets.checked_sub(n).ok_or_else(|| {
            format!(
                "it exchanges {n} garnets but the player holds {}",
                self.garnets
            )
        })?;
        self.gain(mul("the chips for the garnets", n, rate)?)?;
        self.garnets = garnets;
        Ok(())
    }
}

/// A knight on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knight {
    /// Unique for the whole game, in order of spawning.
    pub id: u32,
    pub owner: Seat,
    pub cell: Cell,
    pub movement: Movement,
}

/// The board and the players' purses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The round being played, from 1; `rounds + 1` once all are over.
    pub round: u8,
    pub zones: Vec<Option<ZoneId>>,
    pub purses: Vec<Purse>,
    /// Sorted by id.
    pub knights: Vec<Knight>,
    /// Per frame cell.
    pub items: Vec<Option<Item>>,
    pub next_id: u32,
}

impl State {
    pub fn new(layout: &Layout, players: usize) -> State {
        State {
            round: 1,
            zones: vec![None; players],
            purses: vec![Purse::default(); players],
            knights: Vec::new(),
            items: vec![None; layout.frame_size()],
            next_id: 0,
        }
    }

    /// The knight on `cell`, if any.
    pub fn knight_at(&self, cell: Cell) -> Option<&Knight> {
        self.knights.iter().find(|k| k.cell == cell)
    }

    /// The zone bit of `seat` (0 if it has no zone).
    pub fn zone_bit(&self, seat: Seat) -> u16 {
        self.zones[seat.index()].map_or(0, |z| 1 << z)
    }

    /// Whether `seat`'s knight may stand on `cell`: the grid or its own zone.
    #[inline]
    pub fn may_stand(&self, layout: &Layout, seat: Seat, cell: Cell) -> bool {
        match layout.kind(cell) {
            crate::layout::CellKind::Grid => true,
            crate::layout::CellKind::Zone(z) => self.zones[seat.index()] == Some(z),
            crate::layout::CellKind::Outside => false,
        }
    }

    /// Whether landing on `cell` grants `seat` a bonus leap: a grid cell one
    /// king step from any zone other than its own.
    #[inline]
    pub fn grants_bonus(&self, layout: &Layout, seat: Seat, cell: Cell) -> bool {
        layout.kind(cell) == crate::layout::CellKind::Grid
            && layout.near_zones(cell) & !self.zone_bit(seat) != 0
    }

    /// Every cell a knight of `seat` with `movement` can land on from `from`
    /// in one leap, in index order.
    pub fn landings(
        &self,
        layout: &Layout,
        seat: Seat,
        from: Cell,
        movement: Movement,
    ) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut leaps = arbiter_core::geometry::wide_leaper(movement.m as i32, movement.n as i32);
        leaps.sort_unstable();
        for w in 0..leaps.len() {
            let (dx, dy) = leaps[w];
            if w > 0 && leaps[w - 1] == (dx, dy) {
                continue; // m = n repeats each leap
            }
            if let Some(to) = layout.offset(from, dx, dy) {
                if self.may_stand(layout, seat, to) {
                    out.push(to);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Adds a knight and returns its id.
    pub fn spawn(&mut self, owner: Seat, cell: Cell, movement: Movement) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.knights.push(Knight {
            id,
            owner,
            cell,
            movement,
        });
        id
    }

    /// The index of knight `id` in [`State::knights`].
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.knights.binary_search_by_key(&id, |k| k.id).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn landings_match_a_scan_of_every_cell() {
        let layout = Layout::standard();
        let mut state = State::new(&layout, 2);
        state.zones = vec![layout.zone_by_letter('A'), layout.zone_by_letter('J')];
        for (m, n) in [(1, 2), (2, 2), (1, 3), (3, 5), (1, 16)] {
            let movement = Movement::new(m, n).unwrap();
            for from in 0..layout.frame_size() as Cell {
                for seat in [Seat(0), Seat(1)] {
                    let scan: Vec<Cell> = (0..layout.frame_size() as Cell)
                        .filter(|&to| {
                            state.may_stand(&layout, seat, to)
                                && crate::check::is_leap(&layout, from, to, movement)
                        })
                        .collect();
                    assert_eq!(state.landings(&layout, seat, from, movement), scan);
                }
            }
        }
    }
}
