//! Search speed per game, in nodes (alpha-beta; a Progressive Chess node is a
//! whole turn), evaluations (Tilechess) or iterations (Knight Control) per
//! second: `cargo bench -p arbiter-search --bench search`.
//!
//! Each iteration is one whole decision with a node budget, so criterion's
//! element rate is the searcher's speed including its table set-up.

#[path = "../tests/common/midgames.rs"]
mod midgames;

use arbiter_core::{Game, Phase, Seat, Seed, TextPosition};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_search::alphabeta::best_move;
use arbiter_search::games::knight_control::knight_control_action;
use arbiter_search::games::knight_court::KnightCourtDuel;
use arbiter_search::games::knight_moves::KnightMovesDuel;
use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
use arbiter_search::{Bots, Budget, Level, Spec};
use arbiter_tilechess::Tilechess;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("search speed");
    group.sample_size(10);
    const NODES: u64 = 200_000;
    group.throughput(Throughput::Elements(NODES));
    let km = KnightMoves::start();
    group.bench_function("knight-moves alpha-beta nodes", |b| {
        b.iter(|| best_move::<KnightMovesDuel>(&km, Budget::Nodes(NODES), Seed::from_u64(1)))
    });
    let kc = KnightCourt::start();
    group.bench_function("knight-court alpha-beta nodes", |b| {
        b.iter(|| best_move::<KnightCourtDuel>(&kc, Budget::Nodes(NODES), Seed::from_u64(1)))
    });
    // Progressive Chess nodes are whole turns (move and upgrade), slower
    // to make: a smaller budget keeps an iteration near a second.
    const PC_NODES: u64 = 50_000;
    group.throughput(Throughput::Elements(PC_NODES));
    let pc = midgames::progressive_chess();
    group.bench_function("progressive-chess alpha-beta nodes", |b| {
        b.iter(|| {
            best_move::<ProgressiveChessDuel>(&pc, Budget::Nodes(PC_NODES), Seed::from_u64(1))
        })
    });
    const EVALS: u64 = 3_000;
    group.throughput(Throughput::Elements(EVALS));
    let tc = midgames::tilechess();
    let seat = match tc.phase() {
        Phase::Claim(list) => list[0],
        _ => unreachable!("the midgame is not over"),
    };
    let max = Tilechess::bot(Spec::new(Level::Max, Budget::Nodes(EVALS)));
    group.bench_function("tilechess max evaluations", |b| {
        b.iter(|| max.choose(&tc, seat, Seed::from_u64(1)))
    });
    // Knight Control: one `max` decision of 400 iterations, each a purse
    // sample, a simulated round and two greedy rounds for six players.
    const ITERATIONS: u64 = 400;
    group.throughput(Throughput::Elements(ITERATIONS));
    let kc = midgames::knight_control();
    group.bench_function("knight-control max iterations", |b| {
        b.iter(|| knight_control_action(&kc, Seat(0), Level::Max, Budget::Nodes(ITERATIONS), 1))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
