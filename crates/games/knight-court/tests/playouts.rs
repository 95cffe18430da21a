//! Thousands of random games played to the end, checking the invariants of
//! the rules at every step against the naive implementation.

mod common;

use arbiter_knight_court::{Color, KnightCourt, Position, Role, Square, Status};
use common::naive::Naive;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

fn check_invariants(game: &KnightCourt) {
    let pos = game.position();
    for color in [Color::White, Color::Black] {
        let mut count = [0; 3];
        for sq in Square::ALL {
            if let Some(p) = pos.piece_at(sq).filter(|p| p.color == color) {
                count[p.role as usize] += 1;
            }
        }
        assert_eq!(
            count[Role::Knight as usize],
            1,
            "exactly one {color} knight in {pos}"
        );
        for role in [Role::Bishop, Role::Rook] {
            let held = pos.hand(color).filter(|&r| r == role).count();
            assert_eq!(
                count[role as usize] + held,
                1,
                "{color} {role:?} conserved in {pos}"
            );
        }
    }
    // The side not to move is never in check, so no knight can be taken.
    assert!(!pos.is_attacked(pos.knight(pos.turn().other()), pos.turn()));
    // The text form reads back to the same position.
    assert_eq!(pos.to_string().parse::<Position>().unwrap(), *pos);
}

#[test]
fn random_games_keep_the_invariants_and_end_correctly() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut endings = [0u32; 2];
    for _ in 0..3000 {
        let mut game = KnightCourt::new();
        let mut seen = HashSet::from([game.position().to_string()]);
        let mut naive_history = vec![Naive::parse(&game.position().to_string()).key()];
        loop {
            check_invariants(&game);
            let moves = game.legal_moves();
            // The naive generator, with its own string history, must offer
            // exactly the same moves.
            let naive = Naive::parse(&game.position().to_string());
            let mut expected: Vec<String> = naive
                .legal(&naive_history)
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            expected.sort();
            let got: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            assert_eq!(got, expected, "at {}", game.position());
            if moves.is_empty() {
                // The result matches the final position.
                let in_check = naive.knight_attacked(game.turn() == Color::White);
                let outcome = game.outcome().expect("no legal move ends the game");
                if in_check {
                    assert_eq!(game.status(), Status::Checkmate);
                    assert_eq!(outcome.sole_winner(), Some(game.turn().other().seat()));
                    endings[0] += 1;
                } else {
                    assert_eq!(game.status(), Status::Stalemate);
                    assert!(outcome.is_draw());
                    endings[1] += 1;
                }
                break;
            }
            assert!(game.outcome().is_none());
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv).unwrap();
            assert!(
                seen.insert(game.position().to_string()),
                "position repeated: {}",
                game.position()
            );
            naive_history.push(Naive::parse(&game.position().to_string()).key());
        }
        assert_eq!(game.history().len(), game.moves_played().len() + 1);
    }
    assert!(endings[0] > 0, "some games end in checkmate");
}

#[test]
fn undo_restores_the_previous_game() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut game = KnightCourt::new();
    for _ in 0..20 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let before = game.clone();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        let mut undone = game.clone();
        undone.undo().unwrap();
        assert_eq!(undone.position(), before.position());
        assert_eq!(undone.legal_moves(), before.legal_moves());
    }
}
