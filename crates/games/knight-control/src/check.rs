//! Checking submissions against the state they will resolve from
//! (docs/rules/knight-control.md#when-orders-are-checked).
//!
//! A submission that breaks a rule is refused here, with the reason, when
//! it is submitted. Affordability is not checked here: it is decided when
//! the step resolves, because trades may change a purse until then.

use crate::action::{ItemChoices, Orders};
use crate::item::Item;
use crate::layout::{Cell, CellKind, Layout};
use crate::place::{Movement, Place};
use crate::state::{Rules, State};
use arbiter_core::Seat;
use serde::Serialize;

/// Which knight a move is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnightRef {
    /// A knight on the board at the start of the round, by id.
    Existing(u32),
    /// The knight this submission spawns.
    Spawned,
}

/// One checked move: the knight and its landings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedMove {
    pub knight: KnightRef,
    pub path: Vec<Cell>,
}

/// Orders that obey every rule; they cost `cost` chips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedOrders {
    pub exchange: u32,
    pub spawn: Option<(Cell, Movement)>,
    pub moves: Vec<CheckedMove>,
    pub cost: u32,
}

/// The usable items a player took in step 4 of this round: the knights
/// (by id; by cell in a view) that may use an extra move, a portal or a
/// modification, and how many extra spawns.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Held<K = u32> {
    pub extra_moves: Vec<K>,
    pub portals: Vec<K>,
    pub modifies: Vec<K>,
    pub extra_spawns: u32,
}

impl<K> Held<K> {
    /// The same items with each knight named by `name`.
    pub fn map<T>(&self, name: impl Fn(&K) -> T) -> Held<T> {
        Held {
            extra_moves: self.extra_moves.iter().map(&name).collect(),
            portals: self.portals.iter().map(&name).collect(),
            modifies: self.modifies.iter().map(&name).collect(),
            extra_spawns: self.extra_spawns,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.extra_moves.is_empty()
            && self.portals.is_empty()
            && self.modifies.is_empty()
            && self.extra_spawns == 0
    }
}

/// Item choices that obey every rule.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckedChoices {
    pub exchange: u32,
    pub spawns: Vec<(Cell, Movement)>,
    pub extra_moves: Vec<(u32, Cell)>,
    pub teleport: Option<(u32, Cell)>,
    pub modifies: Vec<(u32, Movement)>,
    /// Spawn prices plus Modify prices.
    pub costs: u32,
    /// Modify refunds.
    pub refunds: u32,
}

/// Whether `to` is one leap of `movement` from `from`.
pub fn is_leap(layout: &Layout, from: Cell, to: Cell, movement: Movement) -> bool {
    let (fx, fy) = layout.xy(from);
    let (tx, ty) = layout.xy(to);
    movement.leaps(tx - fx, ty - fy)
}

fn check_landing(layout: &Layout, state: &State, seat: Seat, place: Place) -> Result<Cell, String> {
    let cell = layout.cell(place)?;
    if !state.may_stand(layout, seat, cell) {
        return Err(match layout.kind(cell) {
            CellKind::Zone(z) => format!(
                "{place} is in zone {}, not the player's own zone",
                layout.zone(z).letter
            ),
            _ => format!("{place} is off the board"),
        });
    }
    Ok(cell)
}

fn check_spawn_cell(
    layout: &Layout,
    state: &State,
    seat: Seat,
    place: Place,
) -> Result<Cell, String> {
    let cell = layout.cell(place)?;
    let own = state.zones[seat.index()];
    match layout.kind(cell) {
        CellKind::Zone(z) if Some(z) == own => {}
        _ => {
            return Err(format!(
                "cannot spawn on {place}: knights spawn in the player's own zone"
            ))
        }
    }
    if state.knight_at(cell).is_some() {
        return Err(format!("cannot spawn on {place}: it is occupied"));
    }
    Ok(cell)
}

/// Checks a round's orders for `seat` against the start of the round.
pub fn check_orders(
    layout: &Layout,
    state: &State,
    seat: Seat,
    orders: &Orders,
) -> Result<CheckedOrders, String> {
    if state.zones[seat.index()].is_none() {
        return Err("the player has no zone".into());
    }
    let garnets = state.purses[seat.index()].garnets;
    if orders.exchange > garnets {
        return Err(format!(
            "cannot exchange {} garnets: the player holds {garnets}",
            orders.exchange
        ));
    }
    let spawn = match orders.spawn {
        Some(s) => Some((check_spawn_cell(layout, state, seat, s.cell)?, s.movement)),
        None => None,
    };
    let mut moves: Vec<CheckedMove> = Vec::with_capacity(orders.moves.len());
    for mv in &orders.moves {
        let start = layout.cell(mv.knight)?;
        let (knight, movement) = match (state.knight_at(start), spawn) {
            (Some(k), _) if k.owner == seat => (KnightRef::Existing(k.id), k.movement),
            (Some(k), _) => {
                return Err(format!(
                    "the knight on {} belongs to P{}, not this player",
                    mv.knight,
                    k.owner.0 + 1
                ))
            }
            (None, Some((cell, movement))) if cell == start => (KnightRef::Spawned, movement),
            (None, _) => {
                return Err(format!(
                    "there is no knight of this player on {}",
                    mv.knight
                ))
            }
        };
        if moves.iter().any(|m| m.knight == knight) {
            return Err(format!(
                "the knight on {} moves twice: each knight moves at most once a round",
                mv.knight
            ));
        }
        if mv.landings.is_empty() {
            return Err(format!(
                "the move of the knight on {} has no landing",
                mv.knight
            ));
        }
        if mv.landings.len() > 3 {
            return Err(format!(
                "the knight on {} has {} landings: at most 3 (one leap and two bonus leaps)",
                mv.knight,
                mv.landings.len()
            ));
        }
        let mut path = Vec::with_capacity(mv.landings.len());
        let mut at = start;
        let mut at_place = mv.knight;
        for (i, &landing) in mv.landings.iter().enumerate() {
            if i > 0 && !state.grants_bonus(layout, seat, at) {
                return Err(format!(
                    "the knight on {} cannot leap again from {at_place}: a bonus leap needs a grid cell next to another player's or an unowned zone",
                    mv.knight
                ));
            }
            let cell = check_landing(layout, state, seat, landing)?;
            if !is_leap(layout, at, cell, movement) {
                return Err(format!(
                    "a {movement} knight cannot leap from {at_place} to {landing}"
                ));
            }
            path.push(cell);
            at = cell;
            at_place = landing;
        }
        moves.push(CheckedMove { knight, path });
    }
    let cost = spawn.map_or(0, |(_, m)| m.cost()) + (moves.len() as u32).saturating_sub(1);
    Ok(CheckedOrders {
        exchange: orders.exchange,
        spawn,
        moves,
        cost,
    })
}

/// Checks item choices for `seat` against the state after step 4.
pub fn check_choices(
    layout: &Layout,
    state: &State,
    rules: &Rules,
    seat: Seat,
    held: &Held,
    choices: &ItemChoices,
) -> Result<CheckedChoices, String> {
    let garnets = state.purses[seat.index()].garnets;
    if choices.exchange > garnets {
        return Err(format!(
            "cannot exchange {} garnets: the player holds {garnets}",
            choices.exchange
        ));
    }
    let mut out = CheckedChoices {
        exchange: choices.exchange,
        ..CheckedChoices::default()
    };
    if choices.spawns.len() as u32 > held.extra_spawns {
        return Err(format!(
            "{} extra spawns but the player took {} Extra Spawn item(s) this round",
            choices.spawns.len(),
            held.extra_spawns
        ));
    }
    for s in &choices.spawns {
        let cell = check_spawn_cell(layout, state, seat, s.cell)?;
        if out.spawns.iter().any(|&(c, _)| c == cell) {
            return Err(format!("two extra spawns on {}", s.cell));
        }
        out.costs += s.movement.cost() - u32::from(rules.extra_spawn_base_free);
        out.spawns.push((cell, s.movement));
    }
    let mut used: Vec<u32> = Vec::new();
    let mut holder =
        |place: Place, list: &[u32], what: &str| -> Result<(u32, Cell, Movement), String> {
            let cell = layout.cell(place)?;
            let knight = state
                .knight_at(cell)
                .filter(|k| k.owner == seat && list.contains(&k.id))
                .ok_or_else(|| {
                    format!("no knight of this player on {place} took a {what} item this round")
                })?;
            if used.contains(&knight.id) {
                return Err(format!("the knight on {place} uses its {what} twice"));
            }
            used.push(knight.id);
            Ok((knight.id, cell, knight.movement))
        };
    for &(knight, to) in &choices.extra_moves {
        let (id, from, movement) = holder(knight, &held.extra_moves, "Extra Move")?;
        let target = check_landing(layout, state, seat, to)?;
        if !is_leap(layout, from, target, movement) {
            return Err(format!(
                "a {movement} knight cannot leap from {knight} to {to}"
            ));
        }
        out.extra_moves.push((id, target));
    }
    if let Some((knight, to)) = choices.teleport {
        let (id, from, _) = holder(knight, &held.portals, "Portal")?;
        let target = layout.cell(to)?;
        if state.items[target as usize] != Some(Item::Portal) {
            return Err(format!("there is no portal on {to}"));
        }
        if target == from {
            return Err(format!(
                "the knight already stands on the portal {to}: teleports go to another portal"
            ));
        }
        out.teleport = Some((id, target));
    }
    for &(knight, movement) in &choices.modifies {
        let (id, _, old) = holder(knight, &held.modifies, "Modify")?;
        let (new_cost, old_cost) = (movement.cost(), old.cost());
        if new_cost >= old_cost {
            out.costs += new_cost - old_cost;
        } else {
            out.refunds += old_cost - new_cost;
        }
        out.modifies.push((id, movement));
    }
    Ok(out)
}
