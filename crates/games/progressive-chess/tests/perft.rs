//! Perft against data produced by the naive second implementation in
//! `tests/naive`, and live cross-checks of the two implementations.
//!
//! `tests/data/perft.txt` is in `arbiter_core::testing::perft_file`'s
//! format. The counts come from `cargo test -p arbiter-progressive-chess --test perft
//! -- --ignored regenerate --nocapture`, which runs the naive code only.

mod naive;

use arbiter_core::testing::perft_file::{self, PerftCase};
use arbiter_progressive_chess::perft::{for_children, perft};
use arbiter_progressive_chess::{Position, ProgressiveChess};
use naive::{engine_key, Naive};

const DATA: &str = include_str!("data/perft.txt");

fn cases() -> Vec<PerftCase> {
    perft_file::cases(DATA)
}

#[test]
fn engine_matches_the_naive_counts_in_the_data_file() {
    assert!(cases().len() >= 7);
    assert_eq!(perft_file::check::<ProgressiveChess>(DATA, 4), 16);
}

#[test]
fn start_position_has_171_turns() {
    assert_eq!(perft(&Position::start(), 1), 171);
}

/// Every child position of every data position, and of each of their
/// children, is the same set in both implementations.
#[test]
fn children_agree_with_the_naive_implementation_two_plies_deep() {
    for case in cases() {
        let pos: Position = case.position.parse().unwrap();
        let naive = Naive::parse(&case.position);
        let mut frontier = vec![(pos, naive)];
        for ply in 0..2 {
            let mut next = Vec::new();
            for (pos, naive) in frontier {
                let mut engine_kids: Vec<(String, Position)> = Vec::new();
                for_children(&pos, |_, child| {
                    engine_kids.push((engine_key(&child.to_string()), *child))
                });
                let mut naive_kids: Vec<(String, Naive)> =
                    naive.children().into_iter().map(|n| (n.key(), n)).collect();
                engine_kids.sort_by(|a, b| a.0.cmp(&b.0));
                naive_kids.sort_by(|a, b| a.0.cmp(&b.0));
                let ek: Vec<&String> = engine_kids.iter().map(|k| &k.0).collect();
                let nk: Vec<&String> = naive_kids.iter().map(|k| &k.0).collect();
                if ek != nk {
                    let only_engine: Vec<_> = ek.iter().filter(|k| !nk.contains(k)).collect();
                    let only_naive: Vec<_> = nk.iter().filter(|k| !ek.contains(k)).collect();
                    panic!(
                        "{} ply {ply} from {pos}: engine {} children, naive {}\nonly engine: {only_engine:#?}\nonly naive: {only_naive:#?}",
                        case.id,
                        ek.len(),
                        nk.len()
                    );
                }
                if ply == 0 {
                    // Follow a spread of children to keep the test quick.
                    for (i, (e, n)) in engine_kids.into_iter().zip(naive_kids).enumerate() {
                        if i % 7 == 0 {
                            next.push((e.1, n.1));
                        }
                    }
                }
            }
            frontier = next;
        }
    }
}

/// Prints the data file's cases with counts from the naive implementation.
#[test]
#[ignore]
fn regenerate() {
    for case in cases() {
        println!("id {}\nposition {}", case.id, case.position);
        for (depth, _) in case.counts {
            let n = Naive::parse(&case.position).perft(depth);
            println!("perft {depth} {n}");
        }
        println!();
    }
}

/// Along seeded random games, the engine's turn count and the naive one
/// agree in every position reached (covering positions no one designed).
#[test]
fn random_game_positions_agree_with_the_naive_implementation() {
    use arbiter_core::Seed;
    use arbiter_progressive_chess::movegen::legal_turns;
    let mut checked = 0;
    for seed in 100..220u64 {
        let mut rng = Seed::from_u64(seed).rng();
        let mut pos = Position::start();
        for _ in 0..70 {
            let turns = legal_turns(&pos);
            let text = pos.to_string();
            let naive = Naive::parse(&text);
            assert_eq!(turns.len() as u64, naive.perft(1), "seed {seed}: {text}");
            assert_eq!(
                perft(&pos, 1),
                turns.len() as u64,
                "bulk count, seed {seed}: {text}"
            );
            checked += 1;
            if turns.is_empty() {
                break;
            }
            // Prefer bare moves half the time so games get somewhere.
            let bare: Vec<_> = turns.iter().filter(|t| t.upgrade.is_none()).collect();
            let t = if rng.chance(0.5) {
                *bare[rng.below(bare.len())]
            } else {
                turns[rng.below(turns.len())]
            };
            pos = pos.play_unchecked(t);
        }
    }
    assert!(checked > 1000);
}
