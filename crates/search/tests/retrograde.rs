//! The generic solver on a toy game whose values are plain by inspection.

use arbiter_core::PositionSpace;
use arbiter_search::retrograde::{solve, verify, Quiet, Value};

/// A made-up game given by its move graph. Position 0 is a mate (no move,
/// in check), 1 a stalemate (no move, not in check); index 9 names no
/// position.
struct Toy;

const MOVES: [&[usize]; 10] = [
    &[],        // 0: mated
    &[],        // 1: stalemated
    &[0],       // 2: mates in 1
    &[2],       // 3: only move walks into a mate in 1: lost in 2
    &[2, 3],    // 4: 3 is lost for the opponent: win in 3
    &[1, 2],    // 5: can stalemate the opponent: draw
    &[6],       // 6: moves to itself: a cycle, draw
    &[3, 4, 2], // 7: 3 wins (opponent lost in 2): win in 3
    &[4, 2],    // 8: every move gives a win; the slowest is 4 (win in 3): loss in 4
    &[],
];

impl PositionSpace for Toy {
    type Position = usize;
    fn size(&self) -> usize {
        MOVES.len()
    }
    fn position(&self, index: usize) -> Option<usize> {
        (index != 9).then_some(index)
    }
    fn index(&self, position: &usize) -> usize {
        *position
    }
    fn for_each_child(&self, position: &usize, mut emit: impl FnMut(usize)) {
        MOVES[*position].iter().for_each(|&c| emit(c));
    }
    fn lost_without_moves(&self, position: &usize) -> bool {
        *position == 0
    }
}

#[test]
fn toy_values_are_the_ones_worked_out_by_hand() {
    let table = solve(&Toy, &Quiet);
    let values: Vec<Option<Value>> = (0..10).map(|i| table.value(i)).collect();
    assert_eq!(
        values,
        vec![
            Some(Value::Loss(0)),
            Some(Value::Draw),
            Some(Value::Win(1)),
            Some(Value::Loss(2)),
            Some(Value::Win(3)),
            Some(Value::Draw),
            Some(Value::Draw),
            Some(Value::Win(3)),
            Some(Value::Loss(4)),
            None,
        ]
    );
    assert_eq!(verify(&Toy, &table, &Quiet), Ok(9));
    let counts = table.counts();
    assert_eq!(
        (counts.wins, counts.losses, counts.draws, counts.longest_win),
        (3, 3, 3, 3)
    );
}

#[test]
fn the_verifier_catches_a_wrong_value() {
    let table = solve(&Toy, &Quiet);
    let mut bytes = table.as_bytes().to_vec();
    bytes[8] = bytes[4]; // claim 8 is a win in 3
    let broken = arbiter_search::retrograde::Table::from_bytes(bytes);
    assert!(verify(&Toy, &broken, &Quiet)
        .unwrap_err()
        .contains("index 8"));
}
