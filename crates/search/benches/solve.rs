//! Knight Court solver speed: `cargo bench -p arbiter-search --bench solve`.

use arbiter_search::knight_court::{read, solve, table, verify, write};
use arbiter_search::retrograde::Quiet;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight-court solver");
    group.sample_size(20);
    group.bench_function("solve", |b| b.iter(|| solve(&Quiet)));
    group.bench_function("solve and verify", |b| {
        b.iter(|| {
            let t = solve(&Quiet);
            verify(&t, &Quiet).unwrap()
        })
    });
    let file = write(table());
    group.bench_function("load table file", |b| {
        b.iter(|| read(black_box(&file)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
