//! Generating all legal actions of one player on a 40×40-block board with
//! 8 players (issue 8 asks for under 1 ms).

use arbiter_core::{Game, Seat, Seed, TextPosition};
use arbiter_tilechess::Tilechess;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::collections::BTreeSet;
use std::fmt::Write;

/// A 40×40-block board with three quarters of the blocks opened and 8 full
/// armies scattered over the opened tiles.
fn big_board() -> Tilechess {
    let mut rng = Seed::from_u64(40).rng();
    let mut open = Vec::new();
    for bx in 0..40 {
        for by in 0..40 {
            if rng.chance(0.75) {
                open.push((bx, by));
            }
        }
    }
    let mut text = String::from("tilechess board 0,0 159,159 open");
    for (bx, by) in &open {
        let _ = write!(text, " {},{}", bx * 4, by * 4);
    }
    text.push_str(" / pawns 7 repeat no start 40x40 last -");
    let mut used = BTreeSet::new();
    for (i, colour) in [
        "red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink",
    ]
    .iter()
    .enumerate()
    {
        let _ = write!(text, " / {colour} +{i}");
        for role in "KQRRBBNNPPPPPPP".chars() {
            loop {
                let (bx, by) = open[rng.below(open.len())];
                let tile = (bx * 4 + rng.below(4) as i32, by * 4 + rng.below(4) as i32);
                if used.insert(tile) {
                    let _ = write!(text, " {role}{},{}", tile.0, tile.1);
                    break;
                }
            }
        }
    }
    Tilechess::from_position(&text).expect("the bench position is valid")
}

fn bench(c: &mut Criterion) {
    let game = big_board();
    let n = game.legal_actions(Seat(0)).len();
    println!("40x40 blocks, 8 players: {n} legal actions for red");
    c.bench_function("legal_actions 40x40 blocks 8 players (sorted)", |b| {
        b.iter(|| black_box(&game).legal_actions(black_box(Seat(0))))
    });
    c.bench_function("deeds 40x40 blocks 8 players (unsorted)", |b| {
        b.iter(|| black_box(&game).deeds(black_box(Seat(0))))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
