//! What a seat can know of the other purses, and samples of them
//! (docs/ai.md#knight-control).
//!
//! The public log tells almost everything: items taken (chips, garnets,
//! ToL pieces), captures that earned garnets, spawns, moves, extra spawns
//! and modifications (what they cost or refunded), and the board's garnet
//! counts (so how many garnets each player has exchanged). What it cannot
//! tell is trades, communal garnets spent and automatic exchanges' timing;
//! samples add a little noise for those.

use arbiter_core::{GameRng, Seat};
use arbiter_knight_control::{Event, Item, KnightControlView, Purse};

/// The best guess of every purse; the viewer's own is exact.
pub fn estimate(view: &KnightControlView, me: Seat) -> Vec<Purse> {
    let n = view.players;
    let rules = view.rules;
    let mut chips = vec![0i64; n];
    let mut gained = vec![0i64; n];
    let mut earned_garnets = vec![0i64; n];
    let mut pieces = vec![0u32; n];
    let mut assigned = vec![false; n];
    for log in &view.log {
        let mut moves = vec![0i64; n];
        for event in &log.events {
            match event {
                Event::ZoneAssigned { player, .. } => assigned[player.0.index()] = true,
                Event::Spawned {
                    player, movement, ..
                } => chips[player.0.index()] -= movement.cost() as i64,
                Event::Moved { player, .. } => moves[player.0.index()] += 1,
                Event::Captured { by, garnet, .. } if *garnet => earned_garnets[by.0.index()] += 1,
                Event::Took { player, item, .. } => {
                    let s = player.0.index();
                    match item {
                        Item::Chips(c) => gained[s] += *c as i64,
                        Item::Garnet => earned_garnets[s] += 1,
                        Item::TolPiece => pieces[s] += 1,
                        _ => {}
                    }
                }
                Event::ExtraSpawned {
                    player, movement, ..
                } => {
                    let free = u32::from(rules.extra_spawn_base_free);
                    chips[player.0.index()] -= (movement.cost() - free) as i64;
                }
                Event::Modified {
                    player, from, to, ..
                } => {
                    let s = player.0.index();
                    let diff = from.cost() as i64 - to.cost() as i64;
                    if diff > 0 {
                        gained[s] += diff;
                    } else {
                        chips[s] += diff;
                    }
                }
                _ => {}
            }
        }
        for s in 0..n {
            chips[s] -= (moves[s] - 1).max(0);
        }
    }
    (0..n)
        .map(|s| {
            if s == me.index() {
                if let Some(mine) = &view.me {
                    return mine.purse;
                }
            }
            let garnets = view.board.garnets.get(s).copied().unwrap_or(0);
            let exchanged = (earned_garnets[s] - garnets as i64).max(0);
            let gained = gained[s] + exchanged * rules.garnet_rate as i64;
            let start = if assigned[s] {
                rules.start_chips as i64
            } else {
                0
            };
            Purse {
                chips: (start + chips[s] + gained).max(0) as u32,
                garnets,
                gained: gained.max(0) as u32,
                tol_pieces: pieces[s],
            }
        })
        .collect()
}

/// One sample of the purses: the estimate, with each other player's
/// chips moved by one either way a third of the time (unseen trades and
/// communal garnets). The viewer's purse and every public count stay.
pub fn sample(estimate: &[Purse], me: Seat, rng: &mut GameRng) -> Vec<Purse> {
    estimate
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let mut p = *p;
            if s != me.index() {
                match rng.below(6) {
                    0 => p.chips = p.chips.saturating_sub(1),
                    1 => p.chips += 1,
                    _ => {}
                }
            }
            p
        })
        .collect()
}
