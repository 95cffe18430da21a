//! The one-shot decisions: letter bids, item choices and the end of the
//! game (docs/ai.md#knight-control). All read only the seat's view.

use super::orders::item_value;
use super::Seen;
use arbiter_core::{GameRng, Seat};
use arbiter_knight_control::{
    assign_zones, Cell, CellKind, GiftChoice, Item, ItemChoices, Layout, Movement, Place, Spawn,
};

/// How good each claimable zone is: every item on the board, worth less
/// the farther (king steps) it lies from the zone's nearest cell, nothing
/// beyond eight steps.
pub fn zone_values(seen: &Seen) -> Vec<(char, f64)> {
    let layout = &seen.layout;
    layout
        .claimable_letters()
        .into_iter()
        .map(|letter| {
            let z = layout
                .zone_by_letter(letter)
                .expect("claimable letters are zones");
            let cells = &layout.zone(z).cells;
            let value = seen
                .view
                .board
                .items
                .iter()
                .filter_map(|it| {
                    let cell = layout.cell(it.cell).ok()?;
                    let (x, y) = layout.xy(cell);
                    let d = cells
                        .iter()
                        .map(|&c| {
                            let (zx, zy) = layout.xy(c);
                            (zx - x).abs().max((zy - y).abs())
                        })
                        .min()?;
                    let weight = (1.0 - (d as f64 - 1.0) / 8.0).clamp(0.0, 1.0);
                    Some(item_value(it.item, 0) * weight)
                })
                .sum();
            (letter, value)
        })
        .collect()
}

fn unit(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// The greedy bid: the best zones in order, each value shaken by up to a
/// quarter so equal players do not all ask for the same letters.
pub fn greedy_bid(values: &[(char, f64)], rng: &mut GameRng) -> Vec<char> {
    let mut shaken: Vec<(char, f64)> = values
        .iter()
        .map(|&(l, v)| (l, v * (1.0 + 0.25 * unit(rng))))
        .collect();
    shaken.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let len = values.len().min(5);
    shaken.iter().take(len).map(|&(l, _)| l).collect()
}

/// The searching bid: candidates that put each of the eight best zones
/// first (then the rest by value), each scored by the mean value of the
/// zone it wins against 64 samples of greedy opponents' bids.
pub fn max_bid(values: &[(char, f64)], players: usize, me: Seat, rng: &mut GameRng) -> Vec<char> {
    let letters: Vec<char> = values.iter().map(|v| v.0).collect();
    let value_of = |l: char| values.iter().find(|v| v.0 == l).map_or(0.0, |v| v.1);
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let len = letters.len().min(5);
    let mut candidates: Vec<Vec<char>> = Vec::new();
    for first in sorted.iter().take(8) {
        let mut bid = vec![first.0];
        bid.extend(
            sorted
                .iter()
                .map(|v| v.0)
                .filter(|&l| l != first.0)
                .take(len - 1),
        );
        candidates.push(bid);
    }
    let samples: Vec<Vec<Option<Vec<char>>>> = (0..64)
        .map(|_| {
            (0..players)
                .map(|s| (s != me.index()).then(|| greedy_bid(values, rng)))
                .collect()
        })
        .collect();
    let mut best = (f64::NEG_INFINITY, candidates[0].clone());
    for bid in candidates {
        let mut total = 0.0;
        for (k, sample) in samples.iter().enumerate() {
            let mut bids = sample.clone();
            bids[me.index()] = Some(bid.clone());
            let mut draw = arbiter_core::Seed::from_u64(k as u64).rng();
            let got = assign_zones(&bids, &letters, &mut draw)[me.index()].0;
            total += value_of(got);
        }
        if total > best.0 {
            best = (total, bid);
        }
    }
    best.1
}

/// The viewer's zone id, from the published board.
fn my_zone(seen: &Seen, me: Seat) -> Option<u8> {
    let letter = seen
        .view
        .board
        .zones
        .iter()
        .find(|z| z.owner.is_some_and(|o| o.0 == me))?
        .letter;
    seen.layout.zone_by_letter(letter)
}

fn may_stand(layout: &Layout, zone: Option<u8>, cell: Cell) -> bool {
    match layout.kind(cell) {
        CellKind::Grid => true,
        CellKind::Zone(z) => Some(z) == zone,
        CellKind::Outside => false,
    }
}

fn leaps(layout: &Layout, zone: Option<u8>, from: Cell, m: Movement) -> Vec<Cell> {
    let mut out: Vec<Cell> = arbiter_core::geometry::wide_leaper(m.m as i32, m.n as i32)
        .iter()
        .filter_map(|&(dx, dy)| layout.offset(from, dx, dy))
        .filter(|&c| may_stand(layout, zone, c))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Item choices, from the view: extra spawns on free zone cells (a free
/// 1×2 when the base chip is waived), each extra move onto the best item
/// in reach (or none), the portal jump with the best item in reach of the
/// far side when it beats staying, and every Modify down to 1×2 when that
/// refunds chips (refunds count as chips gained). Garnets are exchanged.
pub fn items(seen: &Seen, me: Seat) -> ItemChoices {
    let layout = &seen.layout;
    let Some(mine) = &seen.view.me else {
        return ItemChoices::default();
    };
    let mut choices = ItemChoices {
        exchange: mine.purse.garnets,
        ..ItemChoices::default()
    };
    let Some(held) = &mine.items_to_use else {
        return choices;
    };
    let zone = my_zone(seen, me);
    let own: Vec<Cell> = mine
        .knights_now
        .iter()
        .filter_map(|k| layout.cell(k.cell).ok())
        .collect();
    let movement_at = |p: Place| {
        mine.knights_now
            .iter()
            .find(|k| k.cell == p)
            .map_or(Movement::KNIGHT, |k| k.movement)
    };
    let item_on = |cell: Cell| -> f64 {
        if own.contains(&cell) {
            return 0.0;
        }
        seen.view
            .board
            .items
            .iter()
            .find(|it| layout.cell(it.cell).ok() == Some(cell))
            .map_or(0.0, |it| item_value(it.item, mine.purse.tol_pieces))
    };
    let base_free = seen.view.rules.extra_spawn_base_free;
    if let Some(z) = zone {
        let free: Vec<Cell> = layout
            .zone(z)
            .cells
            .iter()
            .copied()
            .filter(|c| !own.contains(c))
            .collect();
        let affordable = if base_free {
            held.extra_spawns as usize
        } else {
            (mine.purse.chips as usize).min(held.extra_spawns as usize)
        };
        for &cell in free.iter().take(affordable) {
            choices.spawns.push(Spawn {
                cell: layout.place(cell),
                movement: Movement::KNIGHT,
            });
        }
    }
    let mut taken: Vec<Cell> = Vec::new();
    for &place in &held.extra_moves {
        let Ok(from) = layout.cell(place) else {
            continue;
        };
        let best = leaps(layout, zone, from, movement_at(place))
            .into_iter()
            .filter(|c| !taken.contains(c) && !own.contains(c))
            .map(|c| (item_on(c), c))
            .filter(|&(v, _)| v > 0.0)
            .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
        if let Some((_, to)) = best {
            taken.push(to);
            choices.extra_moves.push((place, layout.place(to)));
        }
    }
    if let Some(&place) = held.portals.first() {
        if let Ok(from) = layout.cell(place) {
            let m = movement_at(place);
            let prospect = |at: Cell| {
                leaps(layout, zone, at, m)
                    .into_iter()
                    .map(item_on)
                    .fold(0.0, f64::max)
            };
            let here = prospect(from);
            let best = seen
                .view
                .board
                .items
                .iter()
                .filter(|it| it.item == Item::Portal)
                .filter_map(|it| layout.cell(it.cell).ok())
                .filter(|&c| c != from && !own.contains(&c) && !taken.contains(&c))
                .map(|c| (prospect(c), c))
                .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
            if let Some((v, to)) = best {
                if v > here + 0.5 {
                    choices.teleport = Some((place, layout.place(to)));
                }
            }
        }
    }
    for &place in &held.modifies {
        if movement_at(place).cost() > Movement::KNIGHT.cost() {
            choices.modifies.push((place, Movement::KNIGHT));
        }
    }
    choices
}

/// Extra ToLs are nullified, never gifted: a gift shields a rival from
/// being the EC, which only raises the giver's own risk.
pub fn gifts() -> Vec<GiftChoice> {
    Vec::new()
}

/// The vote among tied EC candidates: the one the seat estimates gained
/// the fewest chips (the rule's own measure).
pub fn vote(seen: &Seen, gained: &[u32]) -> Option<Seat> {
    seen.view
        .vote_candidates
        .iter()
        .filter_map(|name| arbiter_knight_control::parse_player(name, seen.view.players).ok())
        .min_by_key(|s| (gained.get(s.index()).copied().unwrap_or(0), s.0))
}
