//! What a seat can know of the other purses, and samples of them
//! (docs/ai.md#knight-control).
//!
//! The public log tells almost everything: items taken (chips, garnets,
//! ToL pieces), captures that earned garnets, spawns, moves, extra spawns
//! and modifications (what they cost or refunded), and the board's garnet
//! counts (so how many garnets each player has exchanged). Communal
//! grants are public too; whether a garnet was spent is not, unless the
//! seat shared it, so a grant to two others is counted as spent (bots
//! consent at once) and as doubt. The seat's own trades are exact, and
//! the last one with a player shows that player's chips then (the rules
//! reveal both counts after a trade): the estimate is pinned to it.
//! Trades between others stay unseen; samples add a little noise.

use arbiter_core::{GameRng, Seat};
use arbiter_knight_control::{parse_player, Event, Item, KnightControlView, Purse, TradeView};

/// Chips and chips gained a spent communal garnet gives each of its two.
const COMMUNAL: i64 = 2;

/// One player's totals from the public log.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    /// Chips plus garnets at their exchange rate: unchanged by exchanges,
    /// so it needs no knowledge of when they happened.
    wealth: i64,
    /// Chips gained from items and Modify refunds (exchanges apart).
    gained: i64,
    earned_garnets: i64,
    pieces: u32,
    /// Communal garnets granted to the player and another (not the
    /// viewer), counted as spent.
    communal_unseen: i64,
}

/// Every player's totals over the log rounds before `until` (all of them
/// when `None`).
fn totals(view: &KnightControlView, me: Seat, until: Option<u8>) -> Vec<Totals> {
    let n = view.players;
    let rules = view.rules;
    let mut t = vec![Totals::default(); n];
    for log in view
        .log
        .iter()
        .filter(|l| until.is_none_or(|u| l.round < u))
    {
        let mut moves = vec![0i64; n];
        for event in &log.events {
            match event {
                Event::ZoneAssigned { player, .. } => {
                    t[player.0.index()].wealth += rules.start_chips as i64
                }
                Event::Spawned {
                    player, movement, ..
                } => t[player.0.index()].wealth -= movement.cost() as i64,
                Event::Moved { player, .. } => moves[player.0.index()] += 1,
                Event::Captured { by, garnet, .. } if *garnet => {
                    t[by.0.index()].earned_garnets += 1
                }
                Event::Took { player, item, .. } => {
                    let p = &mut t[player.0.index()];
                    match item {
                        Item::Chips(c) => {
                            p.gained += *c as i64;
                            p.wealth += *c as i64;
                        }
                        Item::Garnet => p.earned_garnets += 1,
                        Item::TolPiece => p.pieces += 1,
                        _ => {}
                    }
                }
                Event::ExtraSpawned {
                    player, movement, ..
                } => {
                    let free = u32::from(rules.extra_spawn_base_free);
                    t[player.0.index()].wealth -= (movement.cost() - free) as i64;
                }
                Event::Modified {
                    player, from, to, ..
                } => {
                    let p = &mut t[player.0.index()];
                    let diff = from.cost() as i64 - to.cost() as i64;
                    p.wealth += diff;
                    if diff > 0 {
                        p.gained += diff;
                    }
                }
                Event::CommunalGranted { players, .. } => {
                    let [a, b] = players.map(|p| p.0);
                    if a != me && b != me {
                        t[a.index()].communal_unseen += 1;
                        t[b.index()].communal_unseen += 1;
                    }
                }
                _ => {}
            }
        }
        for (p, m) in t.iter_mut().zip(moves) {
            p.wealth -= (m - 1).max(0);
        }
    }
    for p in &mut t {
        p.wealth += p.earned_garnets * rules.garnet_rate as i64;
    }
    t
}

/// Chips that moved between the viewer and `other` in `trades` (the
/// viewer's, or the first of them): positive when `other` received.
fn traded(view: &KnightControlView, other: Seat, trades: &[TradeView]) -> i64 {
    let n = view.players;
    trades
        .iter()
        .map(|t| {
            let from = parse_player(&t.from, n).ok();
            let to = parse_player(&t.to, n).ok();
            if to == Some(other) {
                t.chips as i64
            } else if from == Some(other) {
                -(t.chips as i64)
            } else {
                0
            }
        })
        .sum()
}

/// The viewer's last trade with `other`, its index among the viewer's
/// trades, and `other`'s chips right after it.
fn last_trade(view: &KnightControlView, other: Seat) -> Option<(usize, &TradeView, u32)> {
    let n = view.players;
    let trades = &view.me.as_ref()?.trades;
    trades.iter().enumerate().rev().find_map(|(i, t)| {
        if parse_player(&t.to, n).ok() == Some(other) {
            Some((i, t, t.to_chips_after))
        } else if parse_player(&t.from, n).ok() == Some(other) {
            Some((i, t, t.from_chips_after))
        } else {
            None
        }
    })
}

/// Communal garnets the viewer shares with `other` that are spent.
fn shared_spent(view: &KnightControlView, other: Seat) -> i64 {
    let Some(me) = &view.me else { return 0 };
    me.communal
        .iter()
        .filter(|c| c.spent && parse_player(&c.partner, view.players).ok() == Some(other))
        .count() as i64
}

/// The best guess of every purse; the viewer's own is exact.
pub fn estimate(view: &KnightControlView, me: Seat) -> Vec<Purse> {
    let rules = view.rules;
    let rate = rules.garnet_rate as i64;
    let now = totals(view, me, None);
    let no_trades = Vec::new();
    let trades = view.me.as_ref().map_or(&no_trades, |m| &m.trades);
    (0..view.players)
        .map(|s| {
            let seat = Seat(s as u8);
            if seat == me {
                if let Some(mine) = &view.me {
                    return mine.purse;
                }
            }
            let t = now[s];
            let garnets = view.board.garnets.get(s).copied().unwrap_or(0);
            let communal = COMMUNAL * (t.communal_unseen + shared_spent(view, seat));
            let exchanged = (t.earned_garnets - garnets as i64).max(0);
            let gained = t.gained + exchanged * rate + communal;
            let mut chips =
                t.wealth - garnets as i64 * rate + communal + traded(view, seat, trades);
            if let Some((i, trade, revealed)) = last_trade(view, seat) {
                // The chips it held then, against what the same reckoning
                // gave for then: the difference is income the log never
                // showed, and stays. Garnets then: those held now less
                // those earned since (none exchanged since, as a guess).
                let then = totals(view, me, Some(trade.round));
                let p = then[s];
                let earned_since = t.earned_garnets - p.earned_garnets;
                let garnets_then = (garnets as i64 - earned_since).max(0);
                let guessed = p.wealth - garnets_then * rate
                    + COMMUNAL * (p.communal_unseen + shared_spent(view, seat))
                    + traded(view, seat, &trades[..=i]);
                chips += revealed as i64 - guessed;
            }
            Purse {
                chips: chips.max(0) as u32,
                garnets,
                gained: gained.max(0) as u32,
                tol_pieces: t.pieces,
            }
        })
        .collect()
}

/// Chips each player may hold that the viewer cannot pin down: two for
/// every communal garnet granted to the player and someone else since the
/// viewer's last trade with the player (counted as spent, it may not be).
/// The viewer's own doubt is zero.
pub fn doubt(view: &KnightControlView, me: Seat) -> Vec<u32> {
    let now = totals(view, me, None);
    (0..view.players)
        .map(|s| {
            let seat = Seat(s as u8);
            if seat == me {
                return 0;
            }
            let before = match last_trade(view, seat) {
                Some((_, trade, _)) => totals(view, me, Some(trade.round))[s].communal_unseen,
                None => 0,
            };
            (COMMUNAL * (now[s].communal_unseen - before)).max(0) as u32
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
