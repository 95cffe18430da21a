//! What the proofs at the root of Knight Court's `max` cost per move
//! (`games::knight_court::ProvingPlayer`): `cargo bench -p arbiter-search
//! --bench proofs`.
//!
//! The positions are every position of one fixed game between two
//! searchers, so the figures are the cost of one game's worth of moves.
//! Before timing, it prints the nodes the proofs spend per position (the
//! same on any machine) and what they settled.

use arbiter_core::{Game, Phase, Seed};
use arbiter_knight_court::KnightCourt;
use arbiter_search::games::knight_court::{prove_root, RootProof, PROOF_NODES};
use arbiter_search::{Bots, Budget, Level, Observe, Spec};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The positions of a game of `max1:20000n` (White) against
/// `search:20000n`, each before its move.
fn positions() -> Vec<KnightCourt> {
    let bots = [
        KnightCourt::bot(Spec::new(Level::MaxOneRound, Budget::Nodes(20_000))),
        KnightCourt::bot(Spec::new(Level::Search, Budget::Nodes(20_000))),
    ];
    let mut game = KnightCourt::new();
    let mut out = Vec::new();
    while let Phase::Turn(seat) = game.phase() {
        out.push(game.clone());
        let bot = &bots[seat.0 as usize];
        let mv = bot
            .choose(&game.seen_by(seat), seat, Seed::from_u64(out.len() as u64))
            .expect("a move");
        game.act(seat, &mv).expect("a legal move");
    }
    out
}

fn bench(c: &mut Criterion) {
    let games = positions();
    let mut group = c.benchmark_group("proofs at the root");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games.len() as u64));
    for horizon in [21, 31] {
        let (mut total, mut most, mut mating, mut set_aside, mut unknown) = (0, 0, 0, 0, 0);
        for game in &games {
            let (answer, nodes) = prove_root(game, horizon, PROOF_NODES);
            total += nodes;
            most = most.max(nodes);
            match answer {
                RootProof::Mates { .. } => mating += 1,
                RootProof::Open {
                    losing, unknown: u, ..
                } => {
                    set_aside += usize::from(!losing.is_empty());
                    unknown += usize::from(!u.is_empty());
                }
            }
        }
        println!(
            "horizon {horizon}: {} positions, nodes per position mean {} max {most}; \
             a mate proved at {mating}, moves set aside at {set_aside}, \
             a proof out of nodes at {unknown}",
            games.len(),
            total / games.len() as u64
        );
        group.bench_function(format!("{horizon} plies, positions"), |b| {
            b.iter(|| {
                for game in &games {
                    prove_root(game, horizon, PROOF_NODES);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
