//! The bots' choices. Every bot call goes through [`crate::adapter::Hosted::bot_action`],
//! so the AI issue can swap in stronger players in one place.

use arbiter_core::{Game, Phase, Seat};
use arbiter_knight_court::KnightCourt;
use arbiter_search::{knight_court, Negamax};
use std::time::Duration;

/// The strongest level; higher requests are clamped to it.
pub const MAX_LEVEL: u8 = 3;

/// Search depth and time by level: 1 looks one move ahead, 3 thinks longest.
fn negamax(level: u8) -> Negamax {
    match level.clamp(1, MAX_LEVEL) {
        1 => Negamax {
            max_depth: 1,
            time: Some(Duration::from_millis(50)),
        },
        2 => Negamax {
            max_depth: 3,
            time: Some(Duration::from_millis(150)),
        },
        _ => Negamax {
            max_depth: 8,
            time: Some(Duration::from_millis(400)),
        },
    }
}

/// Alternating games: iterative-deepening negamax.
pub fn search_action<G: Game>(game: &G, seat: Seat, level: u8) -> Option<G::Action> {
    if game.phase() != Phase::Turn(seat) {
        return None;
    }
    negamax(level).choose(game).best
}

/// Knight Court: the top level plays perfectly from the solved table.
pub fn knight_court_action(
    game: &KnightCourt,
    seat: Seat,
    level: u8,
) -> Option<arbiter_knight_court::Move> {
    if game.phase() != Phase::Turn(seat) {
        return None;
    }
    if level >= MAX_LEVEL {
        knight_court::best_move(knight_court::table(), game)
    } else {
        search_action(game, seat, level)
    }
}

/// Knight Control: for now a uniformly random action from the game's
/// representative legal list (a pass, single spawns, single moves, ...).
/// The simultaneous-move search replaces this.
pub fn knight_control_action(
    game: &arbiter_knight_control::KnightControl,
    seat: Seat,
    level: u8,
) -> Option<arbiter_knight_control::Action> {
    random_action(game, seat, level)
}

/// Games without a search yet (Tilechess): a uniformly random legal action
/// from a fresh seed. The chosen action is logged, so replay needs no seed.
pub fn random_action<G: Game>(game: &G, seat: Seat, _level: u8) -> Option<G::Action> {
    let actions = game.legal_actions(seat);
    let mut rng = arbiter_core::Seed::random().rng();
    rng.choose(&actions).cloned()
}
