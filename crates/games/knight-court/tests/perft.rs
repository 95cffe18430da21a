//! Perft against the data in tests/perft.txt, for the engine and for the
//! naive second implementation.

mod common;

use arbiter_knight_court::{KnightCourt, Leaves};
use common::naive::Naive;

use arbiter_core::testing::perft_file::{self, PerftCase};

const DATA: &str = include_str!("perft.txt");

fn cases() -> Vec<PerftCase> {
    perft_file::cases(DATA)
}

#[test]
fn data_covers_six_positions_to_depth_eight() {
    let cases = cases();
    assert!(cases.len() >= 6);
    assert!(cases.iter().all(|c| c.counts.len() == 8));
    assert_eq!(cases[0].position, "nbr/3/NBR[] w");
}

#[test]
fn engine_matches_the_data_with_bulk_counting() {
    assert_eq!(perft_file::check::<KnightCourt>(DATA, 8), 48);
}

#[test]
fn engine_matches_the_data_playing_every_leaf() {
    let checked = perft_file::check_with(DATA, 7, |game: &KnightCourt, depth| {
        game.perft_with(depth, Leaves::Play)
    });
    assert_eq!(checked, 42);
}

#[test]
fn divide_sums_to_perft() {
    for case in cases() {
        let game = KnightCourt::from_text(&case.position).unwrap();
        let split = game.divide(4);
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            case.counts[3].1,
            "{}",
            case.position
        );
        let moves: Vec<String> = split.iter().map(|(m, _)| m.to_string()).collect();
        let mut sorted = moves.clone();
        sorted.sort();
        assert_eq!(moves, sorted);
    }
}

#[test]
fn naive_generator_matches_the_data() {
    let checked = perft_file::check_counts(DATA, 8, |case, depth| {
        Naive::parse(&case.position).perft(depth)
    });
    assert_eq!(checked, 48);
}

#[test]
fn engine_and_naive_agree_move_by_move() {
    // Beyond the counts: the same move names and the same resulting
    // positions, at every node of a few plies from every case.
    fn walk(game: &KnightCourt, naive: &Naive, history: &mut Vec<String>, depth: u32) {
        let mut expected: Vec<(String, Naive)> = naive.legal(history);
        expected.sort_by(|a, b| a.0.cmp(&b.0));
        let got: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        let names: Vec<String> = expected.iter().map(|(m, _)| m.clone()).collect();
        assert_eq!(got, names, "at {}", game.position());
        if depth == 0 {
            return;
        }
        for (mv, next) in expected {
            let mut child = game.clone();
            child.play(mv.parse().unwrap()).unwrap();
            assert_eq!(
                Naive::parse(&child.position().to_string()).key(),
                next.key()
            );
            history.push(next.key());
            walk(&child, &next, history, depth - 1);
            history.pop();
        }
    }
    for case in cases() {
        let game = KnightCourt::from_text(&case.position).unwrap();
        let naive = Naive::parse(&case.position);
        walk(&game, &naive, &mut vec![naive.key()], 4);
    }
}

#[test]
fn perft_counts_the_history_of_moves_already_played() {
    // Perft from the middle of random games: the game's earlier positions
    // are banned too, and the engine and the naive generator must agree.
    let mut rng = arbiter_core::Seed::from_u64(5).rng();
    let mut checked = 0;
    for case in cases() {
        for _ in 0..8 {
            let mut game = KnightCourt::from_text(&case.position).unwrap();
            let mut history = vec![Naive::parse(&case.position).key()];
            let plies = 2 + rng.below(10);
            for _ in 0..plies {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(*rng.choose(&moves).unwrap()).unwrap();
                history.push(Naive::parse(&game.position().to_string()).key());
            }
            let naive = Naive::parse(&game.position().to_string());
            for depth in 1..=4 {
                let expected = naive.perft_with(depth, &mut history);
                assert_eq!(
                    game.perft(depth),
                    expected,
                    "{} depth {depth}",
                    game.position()
                );
                assert_eq!(
                    game.perft_with(depth, Leaves::Play),
                    expected,
                    "{} depth {depth}",
                    game.position()
                );
                assert_eq!(
                    game.divide(depth).iter().map(|(_, n)| n).sum::<u64>(),
                    expected
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 48);
}
