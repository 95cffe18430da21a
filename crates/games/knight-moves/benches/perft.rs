//! Perft speed. Criterion reports nodes (leaf turn sequences) per second
//! as its throughput: `cargo bench -p arbiter-knight-moves`.

use arbiter_knight_moves::{KnightMoves, Leaves};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight-moves perft");
    group.sample_size(10);
    let start = KnightMoves::new();
    let forced =
        KnightMoves::from_text("1xxX3/7/4x2/7/7/7/3x3/1ooOoo1 o d2").expect("a legal position");
    let middle =
        KnightMoves::from_text("7/2x2~o1/1o5/3Oo2/2X3x/7/x2o~x2/7 x -").expect("a legal position");
    let cases = [
        ("start", &start, 5, Leaves::Bulk),
        ("start", &start, 5, Leaves::Play),
        ("forced", &forced, 5, Leaves::Bulk),
        ("middle", &middle, 5, Leaves::Bulk),
    ];
    for (name, game, depth, leaves) in cases {
        let nodes = game.perft_with(depth, leaves);
        group.throughput(Throughput::Elements(nodes));
        let mode = if leaves == Leaves::Bulk {
            "bulk"
        } else {
            "play"
        };
        group.bench_function(format!("{name} depth {depth} {mode}"), |b| {
            b.iter(|| game.perft_with(depth, leaves))
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
