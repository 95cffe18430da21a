//! Games the greedy bots have played a little way, for the tests and the
//! benches (which include this file by path).

use arbiter_core::{Game, Phase, Seat, Seed, TextPosition};
use arbiter_knight_control::{KnightControl, Layout, Rules};
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_search::{Bots, Budget, Level, Spec};
use arbiter_tilechess::Tilechess;

/// Plays greedy actions from `game` while `next` names a seat to act (the
/// `k`-th action with seed `k`, from 1), at most `limit` of them.
pub fn greedy<G: Bots>(mut game: G, limit: u64, next: impl Fn(&G) -> Option<Seat>) -> G {
    let greedy = G::bot(Spec::new(Level::Greedy, Budget::Nodes(8)));
    for k in 1..=limit {
        let Some(seat) = next(&game) else { break };
        let action = greedy
            .choose(&game.seen_by(seat), seat, Seed::from_u64(k))
            .expect("a greedy bot answers the seat it is asked for");
        game.act(seat, &action).expect("a bot's action is legal");
    }
    game
}

/// A six-player Knight Control game at the orders of round 3, after greedy
/// bids and two greedy rounds.
pub fn knight_control() -> KnightControl {
    let game =
        KnightControl::new(6, Rules::default(), Layout::standard(), Seed::from_u64(11)).unwrap();
    greedy(game, u64::MAX, |game| {
        (game.round() < 3)
            .then(|| game.pending().first().copied())
            .flatten()
    })
}

/// A four-player Tilechess game after the joins and a few greedy turns.
pub fn tilechess() -> Tilechess {
    greedy(Tilechess::default(), 16, |game| match game.phase() {
        Phase::Claim(_) if game.seat_count() < 4 => Some(Seat(game.seat_count() as u8)),
        Phase::Claim(list) => Some(list[0]),
        _ => None,
    })
}

/// A Progressive Chess game after ten greedy turns (pieces upgraded, some
/// traded).
pub fn progressive_chess() -> ProgressiveChess {
    greedy(ProgressiveChess::start(), 10, |game| match game.phase() {
        Phase::Turn(seat) => Some(seat),
        _ => None,
    })
}
