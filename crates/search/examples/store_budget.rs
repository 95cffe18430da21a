//! Black's proof after 1. b1c2 (the longest of `arbiter solve knight-court
//! --horizon N --stalemates`) with its store bounded in MiB, a finer bound
//! than the command's whole GiB, to compare ways of dropping results at a
//! horizon that takes seconds:
//!
//! `cargo run --release -p arbiter-search --example store_budget -- HORIZON MIB [ENTRIES [FIRST_MOVE [SIDE]]]`
//!
//! `MIB` 0 is no bound; `ENTRIES` (results kept per position) is 1,024
//! unless given; `FIRST_MOVE` (White's, b1c2 unless given) picks another
//! of the command's searches, and `SIDE` (`black` unless given, or
//! `white`) the side that tries to force an end. It prints the verdict,
//! the nodes, the time and the memory the results hold at the end.
use arbiter_knight_court::{Color, KnightCourt, Move};
use arbiter_search::dfpn::{HorizonProof, LONG_SEARCH_ENTRIES, MAX_HORIZON};
use arbiter_search::knight_court::table;
use std::time::Instant;

fn main() {
    let mut words: Vec<String> = std::env::args().skip(1).collect();
    let attacker = match words.len() {
        5 => match words.pop().expect("five words").as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => panic!("SIDE is white or black, not {other}"),
        },
        _ => Color::Black,
    };
    let first = match words.len() {
        4 => words.pop().expect("four words"),
        _ => "b1c2".to_owned(),
    };
    let args: Vec<u64> = (words.iter())
        .map(|a| a.parse().expect("whole numbers: HORIZON MIB [ENTRIES]"))
        .collect();
    let [horizon, mib, ref rest @ ..] = args[..] else {
        panic!("usage: store_budget HORIZON MIB [ENTRIES [FIRST_MOVE [SIDE]]]");
    };
    let horizon = u32::try_from(horizon).expect("a horizon");
    assert!(horizon <= MAX_HORIZON, "a horizon up to {MAX_HORIZON}");
    let entries = rest.first().map_or(LONG_SEARCH_ENTRIES, |&e| e as usize);
    let table = table();
    let mut game = KnightCourt::new();
    game.play(first.parse::<Move>().expect("a move"))
        .expect("a legal move");
    let mut search = HorizonProof::new(table, attacker)
        .keeping(entries)
        .counting_stalemates();
    if mib > 0 {
        search = search.within_bytes((mib as usize) << 20);
    }
    let clock = Instant::now();
    let verdict = search.prove(game.history(), game.position(), horizon);
    println!(
        "horizon {horizon}, {mib} MiB, {attacker:?} after {first}: {verdict:?}, {} nodes, {:.1} s, {} bytes held",
        search.nodes,
        clock.elapsed().as_secs_f64(),
        search.stored_bytes()
    );
}
