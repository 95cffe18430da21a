//! Quick perft timing without criterion: best of many runs.
//! `cargo run --release -p arbiter-knight-court --example perft_speed`
use arbiter_knight_court::{KnightCourt, Leaves};
use std::time::Instant;

fn main() {
    let game = KnightCourt::new();
    let modes = match std::env::args().nth(2).as_deref() {
        Some("bulk") => vec![Leaves::Bulk],
        Some("play") => vec![Leaves::Play],
        _ => vec![Leaves::Bulk, Leaves::Play],
    };
    for leaves in modes {
        let mut best = f64::MAX;
        let mut n = 0;
        for _ in 0..std::env::args()
            .nth(1)
            .and_then(|a| a.parse().ok())
            .unwrap_or(60)
        {
            let t = Instant::now();
            n = game.perft_with(8, leaves);
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{leaves:?}: perft 8 = {n} in {:.2} ms: {:.1} M leaves/s",
            best * 1e3,
            n as f64 / best / 1e6
        );
    }
}
