//! Resolving one round of Knight Control: 11 players, 200 knights, every
//! player moving several knights and spawning one; items on the board.

use arbiter_core::{GameRng, Seat, Seed};
use arbiter_knight_control::{
    Action, ItemPlacement, KnightControl, KnightSetup, Layout, Move, Orders, Place, PlayerSetup,
    Rules, Setup, Spawn, Stage,
};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn crowded() -> KnightControl {
    let mut rng: GameRng = Seed::from_u64(11).rng();
    let mut cells: Vec<Place> = (0..15u8)
        .flat_map(|rank| (0..15u8).map(move |file| Place::Grid { file, rank }))
        .collect();
    rng.shuffle(&mut cells);
    let knights = cells[..200]
        .iter()
        .enumerate()
        .map(|(i, &cell)| KnightSetup {
            owner: format!("P{}", i % 11 + 1),
            cell,
            movement: "1x2".parse().unwrap(),
        })
        .collect();
    let kinds = [
        "garnet",
        "chips 2",
        "tol-piece",
        "extra-move",
        "portal",
        "modify",
        "extra-spawn",
    ];
    let items = cells[200..]
        .iter()
        .chain(cells[..20].iter())
        .enumerate()
        .map(|(i, &cell)| ItemPlacement {
            cell,
            item: kinds[i % kinds.len()].parse().unwrap(),
        })
        .collect();
    let setup = Setup {
        round: 1,
        players: "ABCDEFGHIJK"
            .chars()
            .map(|zone| PlayerSetup {
                zone,
                chips: 20,
                garnets: 2,
                chips_gained: 0,
                tol_pieces: 0,
            })
            .collect(),
        knights,
        items,
    };
    let mut game = KnightControl::from_setup(
        Rules::default(),
        Layout::standard(),
        Seed::from_u64(1),
        &setup,
    )
    .unwrap();
    let layout = game.layout().clone();
    // Every player but the last submits: a spawn and up to 8 one-leap moves.
    for s in 0..10u8 {
        let seat = Seat(s);
        let zone = game.state().zones[s as usize].unwrap();
        let spawn = Spawn {
            cell: layout.place(layout.zone(zone).cells[2]),
            movement: "1x2".parse().unwrap(),
        };
        let mut moves = Vec::new();
        for k in game.state().knights.iter().filter(|k| k.owner == seat) {
            let (x, y) = layout.xy(k.cell);
            let targets: Vec<u16> = (0..layout.frame_size() as u16)
                .filter(|&c| {
                    let (tx, ty) = layout.xy(c);
                    game.state().may_stand(&layout, seat, c) && k.movement.leaps(tx - x, ty - y)
                })
                .collect();
            if moves.len() < 8 && !targets.is_empty() {
                let to = targets[rng.below(targets.len())];
                moves.push(Move {
                    knight: layout.place(k.cell),
                    landings: vec![layout.place(to)],
                });
            }
        }
        let orders = Orders {
            exchange: 0,
            spawn: Some(spawn),
            moves,
        };
        game.submit(seat, &Action::Orders(orders)).unwrap();
    }
    assert_eq!(game.pending(), vec![Seat(10)]);
    game
}

fn round(c: &mut Criterion) {
    let game = crowded();
    c.bench_function("knight-control round, 11 players, 200 knights", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                // Close the orders step at its deadline, then the item step.
                g.close_step().unwrap();
                if g.stage() == Stage::Items {
                    g.close_step().unwrap();
                }
                assert_eq!(g.round(), 2);
                g
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, round);
criterion_main!(benches);
