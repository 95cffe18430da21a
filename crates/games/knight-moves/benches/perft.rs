//! Perft speed. Criterion reports nodes (leaf turn sequences) per second
//! as its throughput: `cargo bench -p arbiter-knight-moves`.

use arbiter_knight_moves::KnightMoves;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight-moves perft");
    group.sample_size(10);
    let start = KnightMoves::new();
    let forced =
        KnightMoves::from_text("1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o d2").expect("a legal position");
    let middle =
        KnightMoves::from_text("7/2x2~o1/1o5/3Oo2/2X3x/7/x2o~x2/7 x -").expect("a legal position");
    for (name, game, depth) in [
        ("start", &start, 5),
        ("start", &start, 4),
        ("forced", &forced, 5),
        ("middle", &middle, 5),
    ] {
        let nodes = game.perft(depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter(|| game.perft(depth))
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
