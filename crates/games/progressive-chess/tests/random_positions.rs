//! Random positions holding every piece type, with random pools and spent
//! shields: the engine's children and the naive implementation's are the
//! same set. Random games from the start rarely reach cannons, zigzags,
//! protectors and necromancers next to a king; these positions do.

mod naive;

use arbiter_core::Seed;
use arbiter_progressive_chess::perft::for_children;
use arbiter_progressive_chess::Position;
use naive::{engine_key, Naive};

const LETTERS: &[u8] = b"PWFLSRBCTXZUN";

/// A random position string, or `None` if the engine refuses it (the side
/// not to move in check).
fn random_position(rng: &mut arbiter_core::GameRng) -> Option<String> {
    let mut b = [['.'; 7]; 7];
    let put = |c: char, rng: &mut arbiter_core::GameRng, b: &mut [[char; 7]; 7]| loop {
        let (r, f) = (rng.below(7), rng.below(7));
        if b[r][f] == '.' {
            b[r][f] = c;
            return (r, f);
        }
    };
    put('K', rng, &mut b);
    put('k', rng, &mut b);
    let mut protectors = Vec::new();
    let n = 2 + rng.below(9);
    for _ in 0..n {
        let mut c = LETTERS[rng.below(LETTERS.len())] as char;
        if rng.chance(0.5) {
            c = c.to_ascii_lowercase();
        }
        let at = put(c, rng, &mut b);
        if c.eq_ignore_ascii_case(&'T') {
            protectors.push(at);
        }
    }
    let mut spent = String::new();
    for (r, f) in protectors {
        if rng.chance(0.5) {
            spent.push((b'a' + f as u8) as char);
            spent.push((b'1' + r as u8) as char);
        }
    }
    let mut pools = String::new();
    for upper in [true, false] {
        let mut kinds: Vec<char> = (0..rng.below(3))
            .map(|_| LETTERS[rng.below(LETTERS.len())] as char)
            .collect();
        kinds.sort_by_key(|c| LETTERS.iter().position(|l| *l as char == *c));
        for c in kinds {
            pools.push(if upper { c } else { c.to_ascii_lowercase() });
        }
    }
    let side = if rng.chance(0.5) { "w" } else { "b" };
    let text = format!(
        "{} {side} {} {} {} {} 0 9",
        naive::placement(&b),
        1 + rng.below(5),
        1 + rng.below(5),
        if spent.is_empty() { "-" } else { &spent },
        if pools.is_empty() { "-" } else { &pools },
    );
    text.parse::<Position>().ok().map(|_| text)
}

#[test]
fn random_positions_agree_with_the_naive_implementation() {
    let mut rng = Seed::from_u64(2026).rng();
    let mut checked = 0;
    while checked < 3000 {
        let Some(text) = random_position(&mut rng) else {
            continue;
        };
        let pos: Position = text.parse().unwrap();
        let mut ek: Vec<String> = Vec::new();
        for_children(&pos, |_, child| ek.push(engine_key(&child.to_string())));
        let mut nk: Vec<String> = Naive::parse(&text)
            .children()
            .iter()
            .map(Naive::key)
            .collect();
        ek.sort();
        nk.sort();
        if ek != nk {
            let only_engine: Vec<_> = ek.iter().filter(|k| !nk.contains(k)).collect();
            let only_naive: Vec<_> = nk.iter().filter(|k| !ek.contains(k)).collect();
            panic!("{text}\nonly engine: {only_engine:#?}\nonly naive: {only_naive:#?}");
        }
        checked += 1;
    }
}
