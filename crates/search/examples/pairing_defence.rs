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
use arbiter_core::PositionSpace;
use arbiter_knight_court::{Color, KnightCourtSpace, Position};
use arbiter_search::knight_court::table;
use arbiter_search::retrograde::Value;
use std::collections::VecDeque;

const UNMATCHED: u32 = u32::MAX;

struct Graph {
    exists: Vec<bool>,
    in_check: Vec<bool>,
    turn: Vec<Color>,
    value: Vec<Option<Value>>,
    children: Vec<Vec<u32>>,
}

impl Graph {
    fn build() -> Graph {
        let space = KnightCourtSpace;
        let size = space.size();
        let mut graph = Graph {
            exists: vec![false; size],
            in_check: vec![false; size],
            turn: vec![Color::White; size],
            value: vec![None; size],
            children: vec![Vec::new(); size],
        };
        for i in 0..size {
            if let Some(position) = space.position(i) {
                graph.exists[i] = true;
                graph.in_check[i] = position.is_check();
                graph.turn[i] = position.turn();
                graph.value[i] = table().value(i);
                space.for_each_child(&position, |c| graph.children[i].push(c as u32));
            }
        }
        graph
    }
}

/// Kuhn's augmenting paths, trying left vertices in `order`: the set it
/// matches is the best one in that order (a matroid's greedy basis).
fn match_in_order(adj: &[Vec<u32>], order: &[usize], left: &mut [u32], right: &mut [u32]) {
    let n = adj.len();
    let mut stamp = vec![0u32; n];
    let mut now = 0;
    for &root in order {
        if left[root] != UNMATCHED {
            continue;
        }
        now += 1;
        // Depth-first over left vertices, each with the next edge to try;
        // the stack is the alternating path from the root.
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        stamp[root] = now;
        let mut found = UNMATCHED;
        while let Some(&mut (l, ref mut edge)) = stack.last_mut() {
            if *edge == adj[l].len() {
                stack.pop();
                continue;
            }
            let r = adj[l][*edge];
            *edge += 1;
            let m = right[r as usize];
            if m == UNMATCHED {
                found = r;
                break;
            }
            if stamp[m as usize] != now {
                stamp[m as usize] = now;
                stack.push((m as usize, 0));
            }
        }
        if found == UNMATCHED {
            continue;
        }
        // Flip the path: each left vertex on it takes the right vertex
        // the next one held, and the last takes the free one found.
        let mut r = found;
        for i in (0..stack.len()).rev() {
            let l = stack[i].0;
            let previous = left[l];
            left[l] = r;
            right[r as usize] = l as u32;
            r = previous;
        }
    }
}

/// The surviving set `X` for `defender`.
fn certificate(g: &Graph, defender: Color, start: usize, order: &[usize]) -> Vec<bool> {
    let size = g.exists.len();
    let won = |i: usize| g.turn[i] == defender && matches!(g.value[i], Some(Value::Win(_)));
    let drawn = |i: usize| g.turn[i] == defender && g.value[i] == Some(Value::Draw);
    let mut in_x: Vec<bool> = (0..size).map(|i| won(i) || drawn(i)).collect();
    for round in 1.. {
        let safe: Vec<bool> = (0..size)
            .map(|q| {
                g.exists[q]
                    && g.turn[q] != defender
                    && !(defender == Color::Black && q == start)
                    && g.children[q].iter().all(|&c| in_x[c as usize])
            })
            .collect();
        let mut free = vec![false; size];
        let mut unreservable = vec![false; size];
        for p in (0..size).filter(|&p| in_x[p] && drawn(p) && !g.in_check[p]) {
            if g.children[p].iter().all(|&q| safe[q as usize]) {
                free[p] = true;
                for &q in &g.children[p] {
                    unreservable[q as usize] = true;
                }
            }
        }
        let reserving: Vec<bool> = (0..size).map(|p| in_x[p] && drawn(p) && !free[p]).collect();
        let adj: Vec<Vec<u32>> = (0..size)
            .map(|p| match reserving[p] {
                false => Vec::new(),
                true => g.children[p]
                    .iter()
                    .copied()
                    .filter(|&q| safe[q as usize] && !unreservable[q as usize])
                    .collect(),
            })
            .collect();
        let (mut left, mut right) = (vec![UNMATCHED; size], vec![UNMATCHED; size]);
        let order: Vec<usize> = order.iter().copied().filter(|&p| reserving[p]).collect();
        match_in_order(&adj, &order, &mut left, &mut right);
        let mut dropped = 0;
        for p in (0..size).filter(|&p| reserving[p] && left[p] == UNMATCHED) {
            in_x[p] = false;
            dropped += 1;
        }
        let count = |f: &dyn Fn(usize) -> bool| (0..size).filter(|&p| f(p)).count();
        println!(
            "{defender:?}, round {round}: dropped {dropped}; drawn positions left {} ({} free), won {}",
            count(&|p| in_x[p] && drawn(p)),
            count(&|p| free[p]),
            count(&|p| in_x[p] && won(p)),
        );
        if dropped == 0 {
            break;
        }
    }
    in_x
}

/// The positions from which the defender can force the game into `held`
/// with the ban ignored (a plain attractor over the table's graph).
fn attractor(g: &Graph, defender: Color, held: &[bool]) -> Vec<bool> {
    let mut forced = held.to_vec();
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..forced.len() {
            if !g.exists[i] || forced[i] {
                continue;
            }
            let mut children = g.children[i].iter().map(|&c| forced[c as usize]);
            let now_forced = match g.turn[i] == defender {
                true => children.any(|f| f),
                false => children.all(|f| f),
            };
            forced[i] = now_forced;
            changed |= now_forced;
        }
    }
    forced
}

fn main() {
    let graph = Graph::build();
    let space = KnightCourtSpace;
    let start = space.index(&Position::start());
    for defender in [Color::White, Color::Black] {
        let drawn_total = (0..graph.exists.len())
            .filter(|&i| graph.turn[i] == defender && graph.value[i] == Some(Value::Draw))
            .count();
        println!("{defender:?} to move: {drawn_total} drawn positions");
        let roots: Vec<usize> = match defender {
            Color::White => vec![start],
            Color::Black => graph.children[start].iter().map(|&c| c as usize).collect(),
        };
        // Nearest the start first: breadth-first from the roots.
        let mut seen = vec![false; graph.exists.len()];
        let mut order = Vec::new();
        let mut queue: VecDeque<usize> = roots.iter().copied().collect();
        for &s in &roots {
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
        println!(
            "  of which the start reaches {}",
            order
                .iter()
                .filter(|&&p| graph.value[p] == Some(Value::Draw))
                .count()
        );
        let in_x = certificate(&graph, defender, start, &order);
        let forced = attractor(&graph, defender, &in_x);
        for p in roots {
            let position = space.position(p).expect("a position");
            let held = if in_x[p] { "held" } else { "not held" };
            let forced = match forced[p] {
                true => "the defender can force the game into the held set with the ban ignored",
                false => {
                    "the attacker keeps the game out of the held set even with the ban ignored"
                }
            };
            println!("  {position}: {held}; {forced}");
        }
    }
}
