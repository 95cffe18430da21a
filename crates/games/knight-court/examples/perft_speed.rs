//! Quick perft timing without criterion: best of several runs.
//! `cargo run --release -p arbiter-knight-court --example perft_speed -- [RUNS] [bulk|play] [DEPTH] [POSITION]`
use arbiter_knight_court::{KnightCourt, Leaves};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(60);
    let modes = match args.get(2).map(String::as_str) {
        Some("bulk") => vec![Leaves::Bulk],
        Some("play") => vec![Leaves::Play],
        _ => vec![Leaves::Bulk, Leaves::Play],
    };
    let depth: u32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(8);
    let game = match args.get(4) {
        Some(text) => KnightCourt::from_text(text).expect("a valid position"),
        None => KnightCourt::new(),
    };
    for leaves in modes {
        let mut best = f64::MAX;
        let mut n = 0;
        for _ in 0..runs {
            let t = Instant::now();
            n = game.perft_with(depth, leaves);
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{leaves:?}: perft {depth} = {n} in {:.2} ms: {:.1} M leaves/s",
            best * 1e3,
            n as f64 / best / 1e6
        );
    }
}
