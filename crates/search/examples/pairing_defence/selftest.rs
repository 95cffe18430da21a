//! The formula tested against the certificate's definition on small random
//! graphs: a defence exists (found by trying every one, judged by
//! `check.rs`) exactly when the solver finds one. This is what makes a
//! "no defence holds" on the real graph worth believing: the formula could
//! otherwise ask for more than the definition does.
use crate::attack::{self, Attack, Stalemate};
use crate::attack_games;
use crate::check::check;
use crate::graph::{Defence, Graph};
use crate::sat::{self, Reach};
use arbiter_knight_court::Color;
use arbiter_search::retrograde::Value;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

const DEFENDER_POSITIONS: usize = 5;
const ATTACKER_POSITIONS: usize = 5;

/// Positions `0..5` have Black (the defender) to move, `5..10` White; the
/// start is 5, which Black may never make.
pub fn random_graph(rng: &mut ChaCha8Rng) -> Graph {
    let size = DEFENDER_POSITIONS + ATTACKER_POSITIONS;
    let mut g = Graph {
        exists: vec![true; size],
        in_check: (0..size).map(|_| rng.random_bool(0.5)).collect(),
        turn: (0..size)
            .map(|i| {
                if i < DEFENDER_POSITIONS {
                    Color::Black
                } else {
                    Color::White
                }
            })
            .collect(),
        value: vec![Some(Value::Draw); size],
        children: vec![Vec::new(); size],
    };
    for p in 0..DEFENDER_POSITIONS {
        g.value[p] = match rng.random_range(0..8) {
            0 => Some(Value::Win(1)),
            1 => Some(Value::Loss(2)),
            _ => Some(Value::Draw),
        };
        for _ in 0..rng.random_range(0..=3) {
            let q = (DEFENDER_POSITIONS + rng.random_range(0..ATTACKER_POSITIONS)) as u32;
            if !g.children[p].contains(&q) {
                g.children[p].push(q);
            }
        }
    }
    for q in DEFENDER_POSITIONS..size {
        for _ in 0..rng.random_range(0..=3) {
            let c = rng.random_range(0..DEFENDER_POSITIONS) as u32;
            if !g.children[q].contains(&c) {
                g.children[q].push(c);
            }
        }
    }
    g
}

/// Whether some defence holds `root`, trying every one: each drawn
/// position is left out, held free, or held reserving one of its moves.
fn some_defence_holds(g: &Graph, start: usize, root: usize) -> bool {
    let drawn: Vec<usize> = (0..g.size())
        .filter(|&p| g.drawn(p, Color::Black))
        .collect();
    let choices: Vec<usize> = drawn.iter().map(|&p| 2 + g.children[p].len()).collect();
    any_choice(&choices, |pick| {
        let mut defence = Defence {
            held: vec![false; g.size()],
            reserve: HashMap::new(),
            free: vec![false; g.size()],
        };
        for (i, &p) in drawn.iter().enumerate() {
            match pick[i] {
                0 => {}
                1 => (defence.held[p], defence.free[p]) = (true, true),
                k => {
                    defence.held[p] = true;
                    defence.reserve.insert(p, g.children[p][k - 2] as usize);
                }
            }
        }
        check(g, Color::Black, start, &[root], &defence).is_ok()
    })
}

/// Whether some attack holds `root` for Black, trying every one: each
/// Black position is left out, reserves one of its moves, or (with a way
/// in) makes one on its way into the held set.
fn some_attack_wins(g: &Graph, root: usize, seen: &[usize], way_in: bool, rule: Stalemate) -> bool {
    let ours: Vec<usize> = (0..g.size())
        .filter(|&a| g.turn[a] == Color::Black)
        .collect();
    let ways = if way_in { 2 } else { 1 };
    let choices: Vec<usize> = ours
        .iter()
        .map(|&a| 1 + ways * g.children[a].len())
        .collect();
    any_choice(&choices, |pick| {
        let mut attack = Attack {
            reserve: HashMap::new(),
            way: HashMap::new(),
        };
        for (i, &a) in ours.iter().enumerate() {
            let moves = g.children[a].len();
            match pick[i] {
                0 => {}
                k if k <= moves => {
                    attack.reserve.insert(a, g.children[a][k - 1] as usize);
                }
                k => {
                    attack.way.insert(a, g.children[a][k - 1 - moves] as usize);
                }
            }
        }
        attack::check(g, Color::Black, root, seen, &attack, rule).is_ok()
    })
}

/// Whether `accept` takes some pick, trying every one: `pick[i]` runs
/// over `0..choices[i]`, counting in mixed radix.
pub fn any_choice(choices: &[usize], mut accept: impl FnMut(&[usize]) -> bool) -> bool {
    let mut pick = vec![0; choices.len()];
    loop {
        if accept(&pick) {
            return true;
        }
        let mut i = 0;
        while i < pick.len() && pick[i] + 1 == choices[i] {
            pick[i] = 0;
            i += 1;
        }
        if i == pick.len() {
            return false;
        }
        pick[i] += 1;
    }
}

pub fn run(graphs: usize, dir: &str) {
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let (mut holds, mut fails, mut wins) = (0, 0, [[0, 0]; 2]);
    let mut sharing = [0, 0];
    for n in 0..graphs {
        let g = random_graph(&mut rng);
        let start = DEFENDER_POSITIONS;
        let root = rng.random_range(0..DEFENDER_POSITIONS);
        let expected = some_defence_holds(&g, start, root);
        // As many layers as any attractor of a graph this small needs, or
        // ranks.
        for reach in [Reach::Within(DEFENDER_POSITIONS), Reach::Unbounded] {
            let encoded = sat::encode(&g, Color::Black, start, &[root], reach);
            let found = sat::solve("cadical", &format!("{dir}/selftest.cnf"), &encoded.formula);
            assert_eq!(found.is_some(), expected, "graph {n} disagrees ({reach:?})");
            if let Some(model) = found {
                let defence = encoded.defence(&model, g.size());
                assert!(check(&g, Color::Black, start, &[root], &defence).is_ok());
            }
        }
        match expected {
            true => holds += 1,
            false => fails += 1,
        }
        let shared_holds = crate::shared_selftest::test_graph(n, &g, start, root, dir);
        sharing[usize::from(shared_holds)] += 1;
        // Black attacking: the start (5) and the root (0) already seen.
        let seen = [start, 0];
        // With as many layers as any way in on a graph this small needs.
        for (r, rule) in [Stalemate::Private, Stalemate::Counted]
            .into_iter()
            .enumerate()
        {
            for (way_in, layers) in [(false, 0), (true, ATTACKER_POSITIONS)] {
                let expected = some_attack_wins(&g, 0, &seen, way_in, rule);
                let encoded = attack::encode(&g, Color::Black, 0, &seen, layers, rule);
                let found = sat::solve("cadical", &format!("{dir}/selftest.cnf"), &encoded.formula);
                assert_eq!(
                    found.is_some(),
                    expected,
                    "graph {n} disagrees (attack, {layers} layers, {rule:?})"
                );
                if let Some(model) = found {
                    let attack = encoded.attack(&model);
                    if let Err(e) = attack::check(&g, Color::Black, 0, &seen, &attack, rule) {
                        panic!("graph {n}: the formula's attack fails its check: {e}");
                    }
                    if let Err(e) = attack_games::play_out(&g, 0, &seen, &attack) {
                        panic!("graph {n}: the formula's attack loses a game ({rule:?}): {e}");
                    }
                    wins[r][usize::from(way_in)] += 1;
                }
            }
        }
    }
    println!(
        "{graphs} random graphs: the formulas agree with trying every defence ({holds} hold, {fails} do not), every defence sharing moves ({} hold, {} do not; each one found wins every game played out) and every attack ({} win, {} with a way in; with counted moves, {} and {}, each one found winning every game played out)",
        sharing[1], sharing[0], wins[0][0], wins[0][1], wins[1][0], wins[1][1]
    );
}
