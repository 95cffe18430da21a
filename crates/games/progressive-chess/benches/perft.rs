//! Perft speed in turns (leaf nodes) per second.
//!
//! `cargo bench -p arbiter-progressive-chess --bench perft`. The
//! kings-cannons-pincers position has no upgrades at all (C and X are the
//! top of the tree), so each turn is a bare move: the case comparable with
//! a general variant engine such as Fairy-Stockfish
//! (docs/rules/progressive-chess.md#perft).

use arbiter_progressive_chess::perft::perft;
use arbiter_progressive_chess::Position;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

const CASES: [(&str, &str, u32); 4] = [
    ("start", "pppkppp/7/7/7/7/7/PPPKPPP w 2 1 - - 0 1", 3),
    (
        "kings-cannons-pincers",
        "2c1k1x/7/1X5/7/3C3/7/x2K1C1 w 1 1 - - 0 20",
        5,
    ),
    (
        "midgame",
        "r2k3/3p3/1c5/7/1C1P1b1/2B4/R2K2T w 3 2 - Pp 3 12",
        3,
    ),
    (
        "swappers",
        "s2k1u1/2p4/7/3S3/2U1n2/4p2/P2K3 w 2 2 - Ppr 0 9",
        4,
    ),
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, text, depth) in CASES {
        let pos: Position = text.parse().expect("bench positions are legal");
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
            b.iter(|| perft(pos, depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
