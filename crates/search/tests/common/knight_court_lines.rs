//! Knight Court lines for the tests of the true rule: random, but steered
//! by the table half the time so that they reach won positions and run
//! past positions played earlier.

use arbiter_knight_court::KnightCourt;
use arbiter_search::knight_court::{table, value};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A line of up to `plies` plies from the start: each move random, or
/// (half the time) the table's best.
pub fn random_line(rng: &mut ChaCha8Rng, plies: usize) -> KnightCourt {
    let mut game = KnightCourt::new();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = if rng.random_bool(0.5) {
            *moves
                .iter()
                .max_by_key(|&&mv| {
                    value(table(), &game.position().play_unchecked(mv))
                        .parent()
                        .goodness()
                })
                .unwrap()
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        game.play(mv).unwrap();
    }
    game
}
