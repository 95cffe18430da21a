//! Prints the refutation of 1. b1a2 under the no-repetition rule.
use arbiter_knight_court::{KnightCourt, Move};
use arbiter_search::knight_court::table;
use arbiter_search::no_repetition::MateProof;
fn main() {
    let mut game = KnightCourt::new();
    game.play("b1a2".parse::<Move>().unwrap()).unwrap();
    let mut p = MateProof::new(table(), game.history());
    let n = p.shortest_mate(game.position(), 21).unwrap();
    println!(
        "after b1a2 Black mates in {n} plies: {}",
        p.main_line(game.position(), n).join(" ")
    );
}
