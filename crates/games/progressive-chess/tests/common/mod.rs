//! Helpers shared by the integration tests.
#![allow(dead_code)]

use arbiter_progressive_chess::movegen::legal_moves;
use arbiter_progressive_chess::{Move, Position, ProgressiveChess, Ruleset, Square, Turn};

pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub fn game(text: &str) -> ProgressiveChess {
    ProgressiveChess::from_text(text, Ruleset::default()).unwrap_or_else(|e| panic!("{e}"))
}

pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

pub fn turn(text: &str) -> Turn {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The game from the position `text` after playing `turns` (each must be
/// legal), checked to stand at the position string `expected`.
#[track_caller]
pub fn assert_after(text: &str, turns: &[&str], expected: &str) -> ProgressiveChess {
    let mut g = game(text);
    for &t in turns {
        g.play(turn(t)).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(
        g.position().to_string(),
        expected,
        "after {turns:?} from {text}"
    );
    g
}

/// The legal destinations of the piece on `from`, sorted by name.
pub fn dests(p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut out: Vec<String> = legal_moves(p)
        .into_iter()
        .filter_map(|m| match m {
            Move::Normal { from: f, to } if f == from => Some(to.to_string()),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Checks that the piece on `from` in the position `text` may go to the
/// squares named in `expected` (space-separated, in any order) and nowhere
/// else.
#[track_caller]
pub fn assert_dests(text: &str, from: &str, expected: &str) {
    let expected: Vec<&str> = expected.split_whitespace().collect();
    assert_eq!(
        dests(&pos(text), from),
        sorted(&expected),
        "{from} in {text}"
    );
}

/// `names` sorted, as owned strings.
pub fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// All legal move steps in notation, sorted.
pub fn move_names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(p).iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}
