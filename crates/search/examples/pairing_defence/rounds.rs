//! The rounds that approach the largest defence from above, and the
//! attractor that says whether the defender can force its way into one.
use crate::graph::{Defence, Graph};
use arbiter_knight_court::Color;

const UNMATCHED: u32 = u32::MAX;

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

/// The surviving defence for `defender`.
pub fn certificate(g: &Graph, defender: Color, start: usize, order: &[usize]) -> Defence {
    let size = g.exists.len();
    let won = |i: usize| g.won(i, defender);
    let drawn = |i: usize| g.drawn(i, defender);
    let mut in_x: Vec<bool> = (0..size).map(|i| won(i) || drawn(i)).collect();
    for round in 1usize.. {
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
            let held = (0..size).map(|p| in_x[p] && drawn(p)).collect();
            let reserve = (0..size)
                .filter(|&p| reserving[p])
                .map(|p| (p, left[p] as usize))
                .collect();
            return Defence {
                held,
                reserve,
                free,
            };
        }
    }
    unreachable!("the rounds end when nothing is dropped")
}

/// The positions from which the defender can force the game into `held`
/// with the ban ignored (a plain attractor over the table's graph).
pub fn attractor(g: &Graph, defender: Color, held: &[bool]) -> Vec<bool> {
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
