//! Search speed per game, in nodes (alpha-beta; a Progressive Chess node is a
//! whole turn), evaluations (Tilechess) or iterations (Knight Control) per
//! second: `cargo bench -p arbiter-search --bench search`.
//!
//! Each iteration is one whole decision with a node budget, so criterion's
//! element rate is the searcher's speed including its table set-up.

use arbiter_core::{Game, Phase, Seat, Seed, TextPosition};
use arbiter_knight_control::{KnightControl, Layout, Rules};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_search::alphabeta::best_move;
use arbiter_search::games::knight_control::knight_control_action;
use arbiter_search::games::knight_court::KnightCourtDuel;
use arbiter_search::games::knight_moves::KnightMovesDuel;
use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
use arbiter_search::{Bots, Budget, Level, Observe, Spec};
use arbiter_tilechess::Tilechess;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// A four-player Tilechess game after the joins and a few greedy turns.
fn tilechess_midgame() -> Tilechess {
    let mut game = Tilechess::default();
    let greedy = Tilechess::bot(Spec::new(Level::Greedy, Budget::Nodes(1)));
    for ply in 0..16u64 {
        let Phase::Claim(list) = game.phase() else {
            break;
        };
        let seat = if game.seat_count() < 4 {
            Seat(game.seat_count() as u8)
        } else {
            list[0]
        };
        let action = greedy.choose(&game, seat, Seed::from_u64(ply)).unwrap();
        game.act(seat, &action).unwrap();
    }
    game
}

/// A Progressive Chess game after ten greedy turns (pieces upgraded, some
/// traded).
fn progressive_chess_midgame() -> ProgressiveChess {
    let mut game = ProgressiveChess::start();
    let greedy = ProgressiveChess::bot(Spec::new(Level::Greedy, Budget::Nodes(1)));
    for ply in 0..10u64 {
        let Phase::Turn(seat) = game.phase() else {
            break;
        };
        let action = greedy.choose(&game, seat, Seed::from_u64(ply)).unwrap();
        game.act(seat, &action).unwrap();
    }
    game
}

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
    let pc = progressive_chess_midgame();
    group.bench_function("progressive-chess alpha-beta nodes", |b| {
        b.iter(|| {
            best_move::<ProgressiveChessDuel>(&pc, Budget::Nodes(PC_NODES), Seed::from_u64(1))
        })
    });
    const EVALS: u64 = 3_000;
    group.throughput(Throughput::Elements(EVALS));
    let tc = tilechess_midgame();
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
    let kc = knight_control_midgame();
    group.bench_function("knight-control max iterations", |b| {
        b.iter(|| knight_control_action(&kc, Seat(0), Level::Max, Budget::Nodes(ITERATIONS), 1))
    });
    group.finish();
}

/// A six-player Knight Control game at the orders of round 3, after
/// greedy bids and two greedy rounds.
fn knight_control_midgame() -> KnightControl {
    let mut game =
        KnightControl::new(6, Rules::default(), Layout::standard(), Seed::from_u64(11)).unwrap();
    let greedy = KnightControl::bot(Spec::new(Level::Greedy, Budget::Nodes(1)));
    let mut k = 0;
    while game.round() < 3 {
        for seat in game.pending() {
            k += 1;
            let action = greedy
                .choose(&game.seen_by(seat), seat, Seed::from_u64(k))
                .unwrap();
            game.act(seat, &action).unwrap();
        }
    }
    game
}

criterion_group!(benches, bench);
criterion_main!(benches);
