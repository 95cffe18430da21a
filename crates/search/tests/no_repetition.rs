//! The moonshot's finding, re-proved: after 1. b1a2 Black forces mate
//! under the true no-repetition rule, though the table calls it a draw.

#[allow(dead_code)]
#[path = "../../games/knight-court/tests/common/naive.rs"]
mod naive;

use arbiter_knight_court::{KnightCourt, Move, Position};
use arbiter_search::knight_court::{table, value};
use arbiter_search::no_repetition::{MateProof, NoRepetitionSearch};
use arbiter_search::retrograde::Value;
use naive::Naive;

fn after(moves: &[&str]) -> KnightCourt {
    let mut game = KnightCourt::new();
    for m in moves {
        game.play(m.parse::<Move>().unwrap()).unwrap();
    }
    game
}

/// The naive generator's own exact mate search, with its own string
/// history. The table is used only to order the attacker's tries.
fn naive_attacker_mates(n: &Naive, history: &mut Vec<String>, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let mut tries = n.legal(history);
    tries.sort_by_key(|(_, child)| {
        let pos: Position = naive_text(child).parse().unwrap();
        -value(table(), &pos).parent().goodness()
    });
    for (_, child) in tries {
        history.push(child.key());
        let mated = naive_defender_mated(&child, history, plies - 1);
        history.pop();
        if mated {
            return true;
        }
    }
    false
}

fn naive_defender_mated(n: &Naive, history: &mut Vec<String>, plies: u32) -> bool {
    let moves = n.legal(history);
    if moves.is_empty() {
        return n.knight_attacked(n.white_to_move);
    }
    if plies == 0 {
        return false;
    }
    for (_, child) in moves {
        history.push(child.key());
        let mates = naive_attacker_mates(&child, history, plies - 1);
        history.pop();
        if !mates {
            return false;
        }
    }
    true
}

/// The rulebook text of a naive position.
fn naive_text(n: &Naive) -> String {
    let out = arbiter_core::testing::naive::placement(n.board.iter().rev().map(|r| &r[..]));
    format!(
        "{out}[{}] {}",
        n.hand.iter().collect::<String>(),
        if n.white_to_move { 'w' } else { 'b' }
    )
}

#[test]
fn b1a2_is_a_table_draw() {
    let game = after(&["b1a2"]);
    assert_eq!(value(table(), game.position()), Value::Draw);
}

#[test]
fn after_b1a2_black_mates_within_15_plies_and_not_13() {
    let game = after(&["b1a2"]);
    let mut proof = MateProof::new(table(), game.history());
    assert!(proof.attacker_mates(game.position(), 15));
    let mut proof = MateProof::new(table(), game.history());
    assert!(!proof.attacker_mates(game.position(), 13));
}

#[test]
fn the_naive_rules_agree_that_b1a2_loses() {
    let start = Naive::parse("nbr/3/NBR[] w");
    let (_, child) = start
        .legal(&[start.key()])
        .into_iter()
        .find(|(m, _)| m == "b1a2")
        .unwrap();
    let mut history = vec![start.key(), child.key()];
    assert!(naive_attacker_mates(&child, &mut history, 15));
    assert_eq!(history.len(), 2);
}

#[test]
fn the_bounded_search_finds_the_refutation_and_nothing_else_shallow() {
    let game = KnightCourt::new();
    let mut search = NoRepetitionSearch::new(table(), game.history(), None);
    let result = search.root(game.position(), 16);
    let scores: Vec<(String, bool)> = result
        .iter()
        .map(|f| (f.notation.clone(), f.score < 0))
        .collect();
    assert_eq!(
        scores,
        [
            ("b1a2".into(), true),
            ("b1c2".into(), false),
            ("c1c2".into(), false),
            ("c1c3".into(), false)
        ]
    );
    assert!(
        result.iter().all(|f| f.score <= 0),
        "White forces nothing within 16 plies"
    );
}
