//! Knight Court perft speed, in leaf nodes per second, with and without
//! bulk counting at the leaves. `cargo bench -p arbiter-knight-court`.

use arbiter_knight_court::{KnightCourt, Leaves};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

const POSITIONS: [(&str, &str); 2] = [("start", "nbr/3/NBR[] w"), ("drops", "1n1/3/1N1[BRbr] w")];

fn perft(c: &mut Criterion) {
    for (name, text) in POSITIONS {
        let game = KnightCourt::from_text(text).unwrap();
        let depth = if name == "start" { 8 } else { 7 };
        let leaves = game.perft(depth);
        let mut group = c.benchmark_group(format!("knight-court perft {name} depth {depth}"));
        group.throughput(Throughput::Elements(leaves));
        group.sample_size(20);
        group.bench_function("bulk", |b| {
            b.iter(|| black_box(&game).perft_with(depth, Leaves::Bulk))
        });
        group.bench_function("play every leaf", |b| {
            b.iter(|| black_box(&game).perft_with(depth, Leaves::Play))
        });
        group.finish();
    }
}

criterion_group!(benches, perft);
criterion_main!(benches);
