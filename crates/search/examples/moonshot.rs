//! `cargo run --release -p arbiter-search --example moonshot -- SECONDS`
use arbiter_knight_court::KnightCourt;
use arbiter_search::knight_court::table;
use arbiter_search::no_repetition::NoRepetitionSearch;
use std::time::{Duration, Instant};

fn main() {
    let secs: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(30);
    let game = KnightCourt::new();
    let deadline = Instant::now() + Duration::from_secs(secs);
    for depth in 1.. {
        let t = Instant::now();
        let mut s = NoRepetitionSearch::new(table(), game.history(), Some(deadline));
        let result = s.root(game.position(), depth);
        if s.aborted {
            break;
        }
        println!(
            "depth {depth}: {:?} nodes {} in {:?}",
            result
                .iter()
                .map(|f| (f.notation.clone(), f.score))
                .collect::<Vec<_>>(),
            s.nodes,
            t.elapsed()
        );
    }
}
