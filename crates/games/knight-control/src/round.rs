//! Resolving a round: paying, spawning, moving, judging, taking items and
//! using them (docs/rules/knight-control.md#a-round).
//!
//! These functions trust their input: submissions were checked by
//! [`crate::check`] against the state they now resolve from.

use crate::check::{CheckedChoices, CheckedOrders, Held, KnightRef};
use crate::event::Event;
use crate::item::Item;
use crate::layout::{Cell, Layout};
use crate::place::{player_name, Player};
use crate::state::{add, mul, Purse, Rules, State};
use arbiter_core::Seat;

/// Every submission pays for itself; one its player cannot pay for is void
/// and does nothing (docs/rules/knight-control.md#costs-and-void-submissions).
/// `bill` gives a submission's garnets exchanged, costs and refunds.
fn pay_for_all<'a, T>(
    rules: &Rules,
    state: &mut State,
    submissions: &[Option<&'a T>],
    what: &str,
    void: &mut Vec<(Seat, String)>,
    bill: impl Fn(&T) -> (u32, u32, u32),
) -> Vec<Option<&'a T>> {
    let mut active = vec![None; submissions.len()];
    for (s, submission) in submissions.iter().enumerate() {
        let Some(submission) = *submission else {
            continue;
        };
        let (exchange, costs, refunds) = bill(submission);
        match pay(
            &mut state.purses[s],
            rules.garnet_rate,
            exchange,
            costs,
            refunds,
        ) {
            Ok(_) => active[s] = Some(submission),
            Err(reason) => void.push((Seat(s as u8), format!("{what} void: {reason}"))),
        }
    }
    active
}

/// Pays a submission: explicit exchanges first, then refunds, then as few
/// automatic exchanges as needed. Returns the number of garnets exchanged,
/// or why the submission is void (then the purse is unchanged).
pub fn pay(
    purse: &mut Purse,
    rate: u32,
    exchange: u32,
    costs: u32,
    refunds: u32,
) -> Result<u32, String> {
    if exchange > purse.garnets {
        return Err(format!(
            "it exchanges {exchange} garnets but the player holds {}",
            purse.garnets
        ));
    }
    let too_many = |e: String| format!("it cannot be paid: {e}");
    let available = add(
        "the chips available",
        purse.chips,
        mul("the exchange", rate, exchange).map_err(too_many)?,
    )
    .and_then(|c| add("the chips available", c, refunds))
    .map_err(too_many)?;
    let mut exchanged = exchange;
    if costs > available {
        let auto = (costs - available).div_ceil(rate);
        if exchange.checked_add(auto).is_none_or(|n| n > purse.garnets) {
            return Err(format!(
                "it costs {costs} chips and the player has {} chips{} and {} garnets",
                purse.chips,
                if refunds > 0 {
                    format!(" plus {refunds} refunded")
                } else {
                    String::new()
                },
                purse.garnets
            ));
        }
        exchanged += auto;
    }
    let chips = mul("the exchange", rate, exchanged - exchange)
        .and_then(|c| add("the player's chips", available, c))
        .map_err(too_many)?
        - costs;
    let gained = mul("the exchange", rate, exchanged)
        .and_then(|c| add("the chips gained", c, refunds))
        .and_then(|c| add("the player's chips gained", purse.gained, c))
        .map_err(too_many)?;
    purse.garnets -= exchanged;
    purse.chips = chips;
    purse.gained = gained;
    Ok(exchanged)
}

/// The value of a count that cannot leave the `u32` range: every input is
/// bounded (docs/rules/knight-control.md#bounds) and a game adds at most a
/// few thousand garnets, ToL pieces and item chips to a purse, so this
/// never fails; it is checked so that a count can never wrap silently.
fn within_bounds<T>(count: Result<T, String>) -> T {
    count.unwrap_or_else(|e| panic!("{e}: a count left its documented bounds"))
}

/// Per-cell scratch space for judging, kept between rounds so judging
/// allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    movers: Vec<u8>,
    stationary: Vec<u32>,
    removed: Vec<bool>,
}

const NONE: u32 = u32::MAX;

/// Judges captures and collisions after a simultaneous move
/// (docs/rules/knight-control.md#collisions-and-captures). `moved[i]` says
/// whether `state.knights[i]` moved (or teleported) in this step.
pub fn judge(
    state: &mut State,
    moved: &[bool],
    scratch: &mut Scratch,
    events: &mut Vec<Event>,
    layout: &Layout,
) {
    let size = state.items.len();
    scratch.movers.clear();
    scratch.movers.resize(size, 0);
    scratch.stationary.clear();
    scratch.stationary.resize(size, NONE);
    scratch.removed.clear();
    scratch.removed.resize(state.knights.len(), false);
    let mut any_mover = false;
    for (i, k) in state.knights.iter().enumerate() {
        if moved[i] {
            scratch.movers[k.cell as usize] = scratch.movers[k.cell as usize].saturating_add(1);
            any_mover = true;
        } else {
            scratch.stationary[k.cell as usize] = i as u32;
        }
    }
    if !any_mover {
        return;
    }
    for (i, _) in moved.iter().enumerate().filter(|(_, &m)| m) {
        let k = state.knights[i];
        let cell = k.cell as usize;
        let still = scratch.stationary[cell];
        match scratch.movers[cell] {
            0 => {} // already reported
            1 => {
                if still != NONE {
                    let victim = state.knights[still as usize];
                    scratch.removed[still as usize] = true;
                    let garnet = victim.owner != k.owner;
                    if garnet {
                        let purse = &mut state.purses[k.owner.index()];
                        purse.garnets = within_bounds(add("garnets", purse.garnets, 1));
                    }
                    events.push(Event::Captured {
                        cell: layout.place(k.cell),
                        by: Player(k.owner),
                        captured: Player(victim.owner),
                        movement: victim.movement,
                        garnet,
                    });
                }
            }
            _ => {
                let mut removed = Vec::new();
                for (j, other) in state.knights.iter().enumerate() {
                    if other.cell == k.cell {
                        scratch.removed[j] = true;
                        removed.push(format!("{} {}", player_name(other.owner), other.movement));
                    }
                }
                scratch.movers[cell] = 0;
                events.push(Event::Collision {
                    cell: layout.place(k.cell),
                    removed,
                });
            }
        }
    }
    let mut i = 0;
    state.knights.retain(|_| {
        let keep = !scratch.removed[i];
        i += 1;
        keep
    });
}

/// Steps 1 to 4 of a round. Returns the usable items each player took.
pub fn resolve_orders(
    layout: &Layout,
    rules: &Rules,
    state: &mut State,
    orders: &[Option<&CheckedOrders>],
    scratch: &mut Scratch,
    events: &mut Vec<Event>,
    void: &mut Vec<(Seat, String)>,
) -> (Vec<Held>, Vec<Cell>) {
    let players = orders.len();
    // Step 1: pay. A void submission does nothing at all.
    let active = pay_for_all(rules, state, orders, "orders", void, |o| {
        (o.exchange, o.cost, 0)
    });
    // Step 2: spawns, all at once (spawn cells were empty and are in
    // distinct zones, so order does not matter).
    let mut spawned = vec![NONE; players];
    for (s, o) in active.iter().enumerate() {
        if let Some((cell, movement)) = o.and_then(|o| o.spawn) {
            let owner = Seat(s as u8);
            spawned[s] = state.spawn(owner, cell, movement);
            events.push(Event::Spawned {
                player: Player(owner),
                cell: layout.place(cell),
                movement,
            });
        }
    }
    // Step 3: moves, all at once; only final landings count.
    let mut moved = vec![false; state.knights.len()];
    for (s, o) in active.iter().enumerate() {
        let Some(o) = o else { continue };
        for mv in &o.moves {
            let id = match mv.knight {
                KnightRef::Existing(id) => id,
                KnightRef::Spawned => spawned[s],
            };
            let i = state
                .index_of(id)
                .expect("checked orders name knights on the board");
            let to = *mv.path.last().expect("checked moves have a landing");
            let from = state.knights[i].cell;
            state.knights[i].cell = to;
            moved[i] = true;
            events.push(Event::Moved {
                player: Player(Seat(s as u8)),
                from: layout.place(from),
                to: layout.place(to),
            });
        }
    }
    judge(state, &moved, scratch, events, layout);
    // Step 4: every knight on an item takes it for its owner.
    let mut held = vec![Held::default(); players];
    let mut portals = Vec::new();
    for k in &state.knights {
        let Some(item) = state.items[k.cell as usize] else {
            continue;
        };
        let purse = &mut state.purses[k.owner.index()];
        let h = &mut held[k.owner.index()];
        match item {
            Item::Garnet => purse.garnets = within_bounds(add("garnets", purse.garnets, 1)),
            Item::Chips(n) => within_bounds(purse.gain(n)),
            Item::TolPiece => {
                purse.tol_pieces = within_bounds(add("ToL pieces", purse.tol_pieces, 1))
            }
            Item::ExtraMove => h.extra_moves.push(k.id),
            Item::ExtraSpawn => h.extra_spawns += 1,
            Item::Portal => {
                h.portals.push(k.id);
                portals.push(k.cell);
            }
            Item::Modify => h.modifies.push(k.id),
        }
        // Portals stay until the end of the round: they are destinations
        // in step 5.
        if item != Item::Portal {
            state.items[k.cell as usize] = None;
        }
        events.push(Event::Took {
            player: Player(k.owner),
            cell: layout.place(k.cell),
            item,
        });
    }
    (held, portals)
}

/// Step 5: item choices, then the judgement and the portals' destruction.
#[allow(clippy::too_many_arguments)]
pub fn resolve_choices(
    layout: &Layout,
    rules: &Rules,
    state: &mut State,
    choices: &[Option<&CheckedChoices>],
    portals_taken: &[Cell],
    scratch: &mut Scratch,
    events: &mut Vec<Event>,
    void: &mut Vec<(Seat, String)>,
) {
    let active = pay_for_all(rules, state, choices, "item choices", void, |c| {
        (c.exchange, c.costs, c.refunds)
    });
    // Extra spawns first.
    for (s, c) in active.iter().enumerate() {
        let Some(c) = c else { continue };
        for &(cell, movement) in &c.spawns {
            let owner = Seat(s as u8);
            state.spawn(owner, cell, movement);
            events.push(Event::ExtraSpawned {
                player: Player(owner),
                cell: layout.place(cell),
                movement,
            });
        }
    }
    // Then every extra move and teleport at once.
    let mut moved = vec![false; state.knights.len()];
    let mut destinations: Vec<Cell> = portals_taken.to_vec();
    for (s, c) in active.iter().enumerate() {
        let Some(c) = c else { continue };
        let player = Player(Seat(s as u8));
        for &(id, to) in &c.extra_moves {
            let (i, from) = relocate(state, id, to);
            moved[i] = true;
            events.push(Event::ExtraMoved {
                player,
                from: layout.place(from),
                to: layout.place(to),
            });
        }
        if let Some((id, to)) = c.teleport {
            let (i, from) = relocate(state, id, to);
            moved[i] = true;
            destinations.push(to);
            events.push(Event::Teleported {
                player,
                from: layout.place(from),
                to: layout.place(to),
            });
        }
    }
    // Then modifications.
    for (s, c) in active.iter().enumerate() {
        let Some(c) = c else { continue };
        for &(id, movement) in &c.modifies {
            let i = chosen(state, id);
            let old = std::mem::replace(&mut state.knights[i].movement, movement);
            events.push(Event::Modified {
                player: Player(Seat(s as u8)),
                cell: layout.place(state.knights[i].cell),
                from: old,
                to: movement,
            });
        }
    }
    judge(state, &moved, scratch, events, layout);
    destinations.sort_unstable();
    destinations.dedup();
    for cell in destinations {
        if state.items[cell as usize] == Some(Item::Portal) {
            state.items[cell as usize] = None;
            events.push(Event::PortalDestroyed {
                cell: layout.place(cell),
            });
        }
    }
}

/// The index of knight `id`, which checked choices name only on the board.
fn chosen(state: &State, id: u32) -> usize {
    state
        .index_of(id)
        .expect("checked choices name knights on the board")
}

/// Puts knight `id` on `to` (an extra move or a teleport): its index and
/// the cell it left.
fn relocate(state: &mut State, id: u32, to: Cell) -> (usize, Cell) {
    let i = chosen(state, id);
    (i, std::mem::replace(&mut state.knights[i].cell, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pay_exchanges_as_few_garnets_as_needed() {
        let mut p = Purse {
            chips: 1,
            garnets: 3,
            gained: 0,
            tol_pieces: 0,
        };
        assert_eq!(pay(&mut p, 3, 0, 5, 0), Ok(2));
        assert_eq!(
            p,
            Purse {
                chips: 2,
                garnets: 1,
                gained: 6,
                tol_pieces: 0
            }
        );
        let before = p;
        assert!(pay(&mut p, 3, 0, 6, 0).unwrap_err().contains("costs 6"));
        assert_eq!(p, before);
        assert_eq!(pay(&mut p, 3, 1, 0, 0), Ok(1));
        assert_eq!(
            p,
            Purse {
                chips: 5,
                garnets: 0,
                gained: 9,
                tol_pieces: 0
            }
        );
        // Refunds net against costs and count as gained.
        assert_eq!(pay(&mut p, 3, 0, 7, 2), Ok(0));
        assert_eq!(
            p,
            Purse {
                chips: 0,
                garnets: 0,
                gained: 11,
                tol_pieces: 0
            }
        );
    }
}
