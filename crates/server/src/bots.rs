//! The bots' choices. Every bot call goes through [`crate::adapter::Hosted::bot_action`],
//! and every game's bot comes from `arbiter-search` (docs/ai.md), so the
//! host plays exactly the players `arbiter match` measures.
//!
//! A host picks a level from 1 to [`MAX_LEVEL`]; it maps onto the search
//! crate's levels (docs/server.md#bots):
//! - 1: `greedy`, the best action one ply ahead by the game's evaluation;
//! - 2: `max` on a short budget;
//! - 3: `max` on the budget the match results in docs/ai.md were measured
//!   with (Knight Court's `max` is the solved table).
//!
//! Bots draw a fresh seed for every choice: the chosen action is logged, so
//! replay never needs the seed.

use arbiter_core::{Seat, Seed};
use arbiter_search::player::{Bots, Budget, Level, Spec};
use std::time::Duration;

/// The strongest level; higher requests are clamped to it.
pub const MAX_LEVEL: u8 = 3;

/// The search crate's spec for a host level. Knight Control's search is
/// budgeted in iterations (each one simulates whole rounds), the other
/// games by time.
pub fn spec(level: u8, iterations: bool) -> Spec {
    match level.clamp(1, MAX_LEVEL) {
        1 => Spec::new(Level::Greedy, Budget::Nodes(1)),
        2 if iterations => Spec::new(Level::Max, Budget::Nodes(150)),
        2 => Spec::new(Level::Max, Budget::Time(Duration::from_millis(100))),
        _ if iterations => Spec::new(Level::Max, Budget::Nodes(600)),
        _ => Spec::new(Level::Max, Budget::Time(Duration::from_millis(400))),
    }
}

/// The action of `game`'s bot for `seat` at a host level, from that seat's
/// view only (`Observe::seen_by`); `None` if the seat has nothing to do.
pub fn bot_action<G: Bots>(game: &G, seat: Seat, level: u8, iterations: bool) -> Option<G::Action> {
    let seen = game.seen_by(seat);
    G::bot(spec(level, iterations)).choose(&seen, seat, Seed::random())
}
