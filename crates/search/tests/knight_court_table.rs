//! Knight Court's solved table, checked against hand analysis and against
//! the naive move generator of the knight-court tests.

#[allow(dead_code)]
#[path = "../../games/knight-court/tests/common/naive.rs"]
mod naive;

use arbiter_knight_court::{KnightCourt, Move, Position, Status};
use arbiter_search::knight_court::{analyse, best_move, read, solve, table, value, verify, write};
use arbiter_search::retrograde::{Quiet, Value};
use naive::Naive;
use rand::{Rng, SeedableRng};

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

#[test]
fn the_shipped_table_is_a_fresh_solve_and_verifies() {
    let fresh = solve(&Quiet);
    assert!(
        fresh == *table(),
        "crates/search/data/knight-court.table is stale: rerun arbiter solve"
    );
    assert_eq!(verify(table(), &Quiet), Ok(table().counts().positions()));
}

#[test]
fn the_number_of_positions_matches_a_naive_count() {
    // Every way to put both knights on the board and each other piece on a
    // free square or in hand, with both sides to move, minus those where the
    // side not to move is in check: counted with the naive rules.
    let names = ['B', 'R', 'b', 'r'];
    let mut legal = 0u64;
    for white in 0..9 {
        for black in 0..9 {
            if white == black {
                continue;
            }
            for code in 0..10usize.pow(4) {
                let spots: Vec<usize> = (0..4).map(|i| code / 10usize.pow(i) % 10).collect();
                let mut board = [['.'; 3]; 3];
                board[white / 3][white % 3] = 'N';
                board[black / 3][black % 3] = 'n';
                let mut hand = Vec::new();
                let mut clash = false;
                for (piece, &spot) in names.iter().zip(&spots) {
                    if spot == 9 {
                        hand.push(*piece);
                    } else if board[spot / 3][spot % 3] != '.' {
                        clash = true;
                    } else {
                        board[spot / 3][spot % 3] = *piece;
                    }
                }
                if clash {
                    continue;
                }
                for white_to_move in [true, false] {
                    let n = Naive {
                        board,
                        hand: hand.clone(),
                        white_to_move,
                    };
                    if !n.knight_attacked(!white_to_move) {
                        legal += 1;
                    }
                }
            }
        }
    }
    assert_eq!(table().counts().positions(), legal);
}

#[test]
fn mate_in_one_needs_a_drop() {
    // 2n/B2/N2[Rbr] w: R@c2 mates (see the knight-court rules tests). No
    // board move mates: the knight's leaps and the bishop's steps give no
    // check, so the win in 1 is the drop.
    let p = pos("2n/B2/N2[Rbr] w");
    assert_eq!(value(table(), &p), Value::Win(1));
    let game = KnightCourt::from_text("2n/B2/N2[Rbr] w").unwrap();
    let list = analyse(table(), &game);
    assert_eq!(list[0], ("R@c2".parse::<Move>().unwrap(), Value::Win(1)));
    assert!(list[1..].iter().all(|(_, v)| *v != Value::Win(1)));
    // After the drop Black is mated: lost in 0.
    assert_eq!(value(table(), &pos("2n/B1R/N2[br] b")), Value::Loss(0));
}

/// Naive exact search: the smallest odd n ≤ limit such that the side to
/// move mates in n plies, ignoring history.
fn naive_win_within(n: &Naive, limit: u32) -> Option<u32> {
    (1..=limit).step_by(2).find(|&d| naive_wins(n, d))
}

fn naive_wins(n: &Naive, plies: u32) -> bool {
    plies >= 1
        && n.moves()
            .iter()
            .any(|(_, child)| naive_lost(child, plies - 1))
}

fn naive_lost(n: &Naive, plies: u32) -> bool {
    let moves = n.moves();
    if moves.is_empty() {
        return n.knight_attacked(n.white_to_move);
    }
    plies >= 2 && moves.iter().all(|(_, child)| naive_wins(child, plies - 1))
}

fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let space = arbiter_knight_court::KnightCourtSpace;
    let mut out = Vec::new();
    while out.len() < count {
        let i = rng.random_range(0..arbiter_knight_court::POSITION_SPACE_SIZE);
        if let Some(p) = arbiter_core::PositionSpace::position(&space, i) {
            out.push(p);
        }
    }
    out
}

#[test]
fn short_wins_and_losses_agree_with_a_naive_search() {
    // Mate in 2 moves (3 plies) and being mated within 2 plies, decided by
    // brute force with the naive generator, on random positions.
    for p in random_positions(1500, 5) {
        let n = Naive::parse(&p.to_string());
        let v = value(table(), &p);
        let naive_win = naive_win_within(&n, 3);
        match v {
            Value::Win(d) if d <= 3 => assert_eq!(naive_win, Some(d as u32), "{p}"),
            _ => assert_eq!(naive_win, None, "{p}: table says {v}"),
        }
        let lost_within_2 = naive_lost(&n, 2);
        assert_eq!(
            lost_within_2,
            matches!(v, Value::Loss(d) if d <= 2),
            "{p}: table says {v}"
        );
    }
}

#[test]
fn hand_made_mate_in_two_is_a_win_in_three() {
    // Find positions the naive search calls mate in exactly 2 moves and
    // check the table and the player on them.
    let mut found = 0;
    for p in random_positions(4000, 9) {
        let n = Naive::parse(&p.to_string());
        if naive_win_within(&n, 3) == Some(3) {
            assert_eq!(value(table(), &p), Value::Win(3), "{p}");
            found += 1;
        }
    }
    assert!(found > 10, "the sample holds mates in two ({found})");
}

#[test]
fn the_table_has_no_stalemate_without_history() {
    // Stalemate arises only through the repetition ban (see the rules):
    // every position without a move is a mate.
    let space = arbiter_knight_court::KnightCourtSpace;
    for i in 0..arbiter_knight_court::POSITION_SPACE_SIZE {
        if let Some(p) = arbiter_core::PositionSpace::position(&space, i) {
            let game = KnightCourt::starting_at(p);
            if game.status() == Status::Stalemate {
                panic!("{p} is a stalemate");
            }
        }
    }
}

#[test]
fn the_table_file_round_trips_and_damage_is_refused() {
    let file = write(table());
    assert!(read(&file).unwrap() == *table());
    let mut bad = file.clone();
    bad[100] ^= 1;
    assert!(read(&bad).unwrap_err().contains("checksum"));
    let mut bad = file.clone();
    bad[0] = b'X';
    assert!(read(&bad).unwrap_err().contains("magic"));
    let mut bad = file.clone();
    bad[6] = 2;
    assert!(read(&bad).unwrap_err().contains("version 2"));
    assert!(read(&file[..file.len() - 1])
        .unwrap_err()
        .contains("entries"));
}

#[test]
fn the_table_player_converts_won_positions_against_a_random_mover() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
    let mut won = 0;
    for p in random_positions(40_000, 3) {
        let Value::Win(limit) = value(table(), &p) else {
            continue;
        };
        let mut game = KnightCourt::starting_at(p);
        let winner = p.turn();
        let mut plies = 0;
        while game.status() == Status::Ongoing {
            let mv = if game.turn() == winner {
                // Never throws a win away: the chosen move keeps the win.
                let list = analyse(table(), &game);
                assert!(
                    matches!(list[0].1, Value::Win(_)),
                    "{} lost its win",
                    game.position()
                );
                best_move(table(), &game).unwrap()
            } else {
                let moves = game.legal_moves();
                moves[rng.random_range(0..moves.len())]
            };
            game.play(mv).unwrap();
            plies += 1;
        }
        assert_eq!(game.status(), Status::Checkmate, "from {p}");
        assert_eq!(
            game.turn(),
            winner.other(),
            "from {p}: the right side mates"
        );
        assert!(
            plies <= limit,
            "from {p}: mate took {plies} plies, the table says {limit}"
        );
        won += 1;
        if won == 1000 {
            break;
        }
    }
    assert_eq!(won, 1000);
}

#[test]
fn the_table_player_loses_as_slowly_as_possible() {
    // From lost positions, against the table player, the loser's chosen
    // line lasts exactly as long as the table says.
    let mut tried = 0;
    for p in random_positions(3000, 4) {
        let Value::Loss(d) = value(table(), &p) else {
            continue;
        };
        let mut game = KnightCourt::starting_at(p);
        let mut plies = 0;
        while game.status() == Status::Ongoing {
            game.play(best_move(table(), &game).unwrap()).unwrap();
            plies += 1;
        }
        assert_eq!(plies, d, "from {p}");
        tried += 1;
    }
    assert!(tried > 100);
}
