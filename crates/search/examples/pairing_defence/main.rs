//! Looks for a defence without memory that survives the no-repetition rule
//! in Knight Court: a certificate that the defender is never mated.
//!
//! Under the ban a position with the defender to move is only ever created
//! by the attacker, and one with the attacker to move only by the defender
//! (or it is the start). So the defender is stuck at a position only when it
//! has itself already created every position it could move to. The
//! certificate is a set `X` of defender-to-move positions such that:
//!
//! - every position the table calls won for the defender is in `X`: the
//!   fastest win lowers the distance every move, so it never needs a
//!   position the defender made before;
//! - every drawn position in `X` either *reserves* a move `f(P)`, no two
//!   positions reserving the same one, or is *free*: not in check, and every
//!   move from it is safe and reserved by nobody (it plays any move still
//!   allowed, and when none is, it is stalemated: a draw);
//! - a reserved move is *safe*: every reply of the attacker lands in `X`.
//!   Black never reserves the start, which is on the board from the outset.
//!
//! The defender then always has a move, so it is never mated. The largest
//! such set is approached from above. Each round matches the drawn
//! positions that need a reserved move to the safe moves left, trying them
//! nearest the start first (breadth-first over every legal move), so that
//! a maximum matching leaves out the farthest ones it can; those left out
//! are dropped (as are positions the start cannot reach), which moves are
//! safe is recomputed, and the rounds go on until nothing is dropped. If
//! the start (for White) or every position after White's first move (for
//! Black) survived, the start would be proved at least a draw for that
//! side.
//!
//! `cargo run --release -p arbiter-search --example pairing_defence`
//!
//! The rounds only approach one largest set. `--sat DIR [LAYERS|all]` asks
//! a SAT solver (the `cadical` program; `minisat` as a second opinion on
//! every "no") whether *any* such defence holds the roots, writing its
//! formulas into `DIR` (see `sat.rs`). With `LAYERS` the defender may first
//! force its way into the defence within that many of its moves, with `all`
//! in any number. Every defence either way is checked by `check.rs`, which
//! shares nothing with them. `--sat-attack DIR [LAYERS]` asks the same of
//! attacks that win without memory (`attack.rs`, which needs no table),
//! with a way in of up to `LAYERS` moves; with `counted` after it, a
//! position the defender is handed may keep a move by a count instead of a
//! private move (`attack.rs`). `--sat-shared DIR [LAYERS|all]`
//! asks about defences that remember which positions the defender made and
//! name several moves at each held position (`shared.rs`).
//! `--self-test DIR [GRAPHS]` checks the formulas against trying every
//! strategy on small random graphs, and plays out every defence sharing
//! moves that the formula finds there.
//! `--components` counts the graph's strongly connected parts, and those of
//! the region where the attacker keeps the game out of the rounds' defence
//! (`components.rs`, checked first against the definition).
mod attack;
mod attack_games;
mod check;
mod components;
mod graph;
mod rounds;
mod sat;
mod selftest;
mod shared;
mod shared_selftest;

use arbiter_core::PositionSpace;
use arbiter_knight_court::{legal_moves, Color, KnightCourtSpace, Position};
use arbiter_search::retrograde::Value;
use graph::{Defence, Graph};
use std::collections::VecDeque;

/// Where `side` first moves: the start for White, each position after
/// White's first move for Black, each named by the moves that lead there.
fn roots(side: Color) -> Vec<(String, usize)> {
    let space = KnightCourtSpace;
    let start = Position::start();
    match side {
        Color::White => vec![("the start".to_string(), space.index(&start))],
        Color::Black => legal_moves(&start)
            .iter()
            .map(|&mv| (format!("1. {mv}"), space.index(&start.play_unchecked(mv))))
            .collect(),
    }
}

/// The defender's positions nearest the roots first (breadth-first).
fn nearest_first(graph: &Graph, defender: Color, roots: &[usize]) -> Vec<usize> {
    let mut seen = vec![false; graph.size()];
    let mut order = Vec::new();
    let mut queue: VecDeque<usize> = roots.iter().copied().collect();
    for &s in roots {
        seen[s] = true;
    }
    while let Some(i) = queue.pop_front() {
        if graph.turn[i] == defender {
            order.push(i);
        }
        for &c in &graph.children[i] {
            if !seen[c as usize] {
                seen[c as usize] = true;
                queue.push_back(c as usize);
            }
        }
    }
    order
}

/// The defence the rounds find, checked.
fn rounds_defence(graph: &Graph, defender: Color, start: usize) -> Defence {
    let roots: Vec<usize> = roots(defender).iter().map(|r| r.1).collect();
    let order = nearest_first(graph, defender, &roots);
    let drawn = (0..graph.size())
        .filter(|&p| graph.drawn(p, defender))
        .count();
    let reached = order.iter().filter(|&&p| graph.drawn(p, defender)).count();
    println!("{defender:?} to move: {drawn} drawn positions, of which the start reaches {reached}");
    let defence = rounds::certificate(graph, defender, start, &order);
    let verdict = check::check(graph, defender, start, &[], &defence);
    println!("  the rounds' defence, checked: {verdict:?} drawn positions held");
    defence
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let graph = Graph::build();
    let start = KnightCourtSpace.index(&Position::start());
    match args.first().map(String::as_str) {
        Some("--self-test") => {
            let dir = args.get(1).expect("--self-test DIR [GRAPHS]");
            let graphs = args
                .get(2)
                .map_or(2000, |n| n.parse().expect("a number of graphs"));
            selftest::run(graphs, dir);
        }
        Some("--components") => {
            components::self_check(2000);
            let everything = graph.exists.clone();
            let from_start = components::reachable(&graph, &[start], &everything);
            let reached = from_start.iter().filter(|&&r| r).count();
            let parts = components::part_sizes(&graph, &from_start);
            println!(
                "the start reaches {reached} positions: {}",
                components::describe(parts)
            );
            for defender in [Color::White, Color::Black] {
                let (_, forced) = held_and_forced(&graph, defender, start);
                // Drawn positions, either side to move, from which the
                // defender cannot force the game into the defence.
                let kept_out: Vec<bool> = (0..graph.size())
                    .map(|p| graph.exists[p] && graph.value[p] == Some(Value::Draw) && !forced[p])
                    .collect();
                let roots: Vec<usize> = roots(defender).iter().map(|r| r.1).collect();
                let region = components::reachable(&graph, &roots, &kept_out);
                let size = region.iter().filter(|&&r| r).count();
                let parts = components::part_sizes(&graph, &region);
                println!(
                    "  kept out of it, drawn and reached from the roots through such positions: {size} positions, {}",
                    components::describe(parts)
                );
            }
        }
        Some("--sat-attack") => {
            let dir = args.get(1).expect("--sat-attack DIR [LAYERS [counted]]");
            let layers = args
                .get(2)
                .map_or(0, |n| n.parse().expect("a number of layers"));
            let rule = match args.get(3).map(String::as_str) {
                Some("counted") => attack::Stalemate::Counted,
                None => attack::Stalemate::Private,
                Some(other) => panic!("the last word is `counted` or nothing, not {other}"),
            };
            for attacker in [Color::White, Color::Black] {
                ask_every_attack(&graph, attacker, start, dir, layers, rule);
            }
        }
        Some("--sat-shared") => {
            let dir = args.get(1).expect("--sat-shared DIR [LAYERS|all]");
            let reach = parse_reach(args.get(2));
            for defender in [Color::White, Color::Black] {
                let defence = rounds_defence(&graph, defender, start);
                ask_every_defence(&graph, defender, start, &defence, dir, reach, Kind::Sharing);
            }
        }
        Some("--sat") => {
            let dir = args.get(1).expect("--sat DIR [LAYERS|all]");
            let reach = parse_reach(args.get(2));
            for defender in [Color::White, Color::Black] {
                let defence = rounds_defence(&graph, defender, start);
                ask_every_defence(
                    &graph,
                    defender,
                    start,
                    &defence,
                    dir,
                    reach,
                    Kind::Reserving,
                );
            }
        }
        _ => {
            for defender in [Color::White, Color::Black] {
                let (in_x, forced) = held_and_forced(&graph, defender, start);
                for (name, p) in roots(defender) {
                    let held = if in_x[p] { "held" } else { "not held" };
                    let forced = match forced[p] {
                        true => "the defender can force the game into the held set with the ban ignored",
                        false => "the attacker keeps the game out of the held set even with the ban ignored",
                    };
                    println!("  after {name}: {held}; {forced}");
                }
            }
        }
    }
}

/// How far the defender may go to reach the held set: `all`, or a number of
/// its moves (none when not given).
fn parse_reach(arg: Option<&String>) -> sat::Reach {
    match arg.map(String::as_str) {
        Some("all") => sat::Reach::Unbounded,
        n => sat::Reach::Within(n.map_or(0, |n| n.parse().expect("a number of layers"))),
    }
}

/// The positions the rounds' defence holds for `defender` (with every one
/// won for it), and those from which it can force the game into them with
/// the ban ignored.
fn held_and_forced(graph: &Graph, defender: Color, start: usize) -> (Vec<bool>, Vec<bool>) {
    let defence = rounds_defence(graph, defender, start);
    let in_x: Vec<bool> = (0..graph.size())
        .map(|p| defence.held[p] || graph.won(p, defender))
        .collect();
    let forced = rounds::attractor(graph, defender, &in_x);
    (in_x, forced)
}

/// The two kinds of defence the solver is asked about.
#[derive(Clone, Copy)]
enum Kind {
    /// One move reserved by each held position (`sat.rs`).
    Reserving,
    /// Candidate moves shared between held positions (`shared.rs`).
    Sharing,
}

/// Asks the solver about every root of `defender`, first checking that the
/// formula admits the rounds' defence (it must: that one is checked, and a
/// defence reserving moves is one sharing them too).
fn ask_every_defence(
    graph: &Graph,
    defender: Color,
    start: usize,
    rounds: &Defence,
    dir: &str,
    reach: sat::Reach,
    kind: Kind,
) {
    let encode = |roots: &[usize]| match kind {
        Kind::Reserving => sat::encode(graph, defender, start, roots, reach),
        Kind::Sharing => shared::encode(graph, defender, start, roots, reach),
    };
    // The defence a model describes, checked by code that shares nothing
    // with the formula.
    let judge = |encoded: &sat::DefenceFormula, model: &[bool], root: usize| {
        let size = graph.size();
        match kind {
            Kind::Reserving => {
                let defence = encoded.defence(model, size);
                check::check(graph, defender, start, &[root], &defence)
            }
            Kind::Sharing => {
                let defence = shared::described(encoded, model, size);
                shared::check(graph, defender, start, &[root], &defence)
            }
        }
    };
    let (prefix, what) = match kind {
        Kind::Reserving => ("", "defence"),
        Kind::Sharing => ("shared-", "defence sharing moves"),
    };
    let name = format!("{prefix}{defender:?}").to_lowercase();
    let mut encoded = encode(&[]);
    for p in (0..graph.size()).filter(|&p| rounds.held[p]) {
        encoded.formula.clauses.push(vec![encoded.vars.held[&p]]);
    }
    let admitted = sat::solve(
        "cadical",
        &format!("{dir}/{name}-rounds.cnf"),
        &encoded.formula,
    );
    assert!(
        admitted.is_some(),
        "the formula refuses the rounds' defence"
    );
    println!("  the formula admits the rounds' defence");
    for (case, root) in roots(defender) {
        let encoded = encode(&[root]);
        let path = format!("{dir}/{name}-{}.cnf", case.replace(['.', ' '], ""));
        match sat::ask(&path, &encoded.formula) {
            (Some(model), said) => {
                let verdict = judge(&encoded, &model, root);
                println!("  after {case}: a {what} holds ({said}); checked: {verdict:?} drawn positions held");
            }
            (None, said) => println!("  after {case}: no {what} holds ({said})"),
        }
    }
}

/// Asks the solver whether an attack without memory wins for `attacker`:
/// from the start for White, after each first move for Black.
fn ask_every_attack(
    graph: &Graph,
    attacker: Color,
    start: usize,
    dir: &str,
    layers: usize,
    rule: attack::Stalemate,
) {
    let name = format!("{attacker:?}-{rule:?}").to_lowercase();
    for (case, root) in roots(attacker) {
        let seen: Vec<usize> = match root == start {
            true => vec![start],
            false => vec![start, root],
        };
        let encoded = attack::encode(graph, attacker, root, &seen, layers, rule);
        let path = format!("{dir}/attack-{name}-{}.cnf", case.replace(['.', ' '], ""));
        match sat::ask(&path, &encoded.formula) {
            (Some(model), said) => {
                let verdict =
                    attack::check(graph, attacker, root, &seen, &encoded.attack(&model), rule);
                println!("{attacker:?} attacking after {case}: an attack wins ({said}); checked: {verdict:?} positions held");
            }
            (None, said) => {
                println!("{attacker:?} attacking after {case}: no attack wins ({said})")
            }
        }
    }
}
