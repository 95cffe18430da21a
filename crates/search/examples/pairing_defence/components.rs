//! Whether the game graph falls apart. A game under the ban can come back
//! near a position only inside the strongly connected part that holds it:
//! once play leaves a part it never returns. So if the parts were small,
//! the ban could be searched part by part, each entered with nothing of it
//! seen yet. This counts the parts the start reaches, and the parts of the
//! region where the attacker keeps the game out of the rounds' defence with
//! the ban ignored (where, under the ban, it could wander before running
//! out of positions).
use crate::graph::Graph;

/// Tarjan's algorithm's bookkeeping.
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    counter: u32,
}

const UNSEEN: u32 = u32::MAX;

impl Tarjan {
    fn visit(&mut self, v: usize) {
        self.index[v] = self.counter;
        self.low[v] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
    }

    /// Pops the part whose first node is `v`, giving its size.
    fn pop_part(&mut self, v: usize) -> usize {
        let mut part = 0;
        loop {
            let w = self.stack.pop().expect("the part's nodes are stacked");
            self.on_stack[w] = false;
            part += 1;
            if w == v {
                return part;
            }
        }
    }
}

/// The strongly connected parts of the subgraph on `nodes`, by Tarjan's
/// algorithm with an explicit stack of calls: the size of each part.
pub fn part_sizes(graph: &Graph, nodes: &[bool]) -> Vec<usize> {
    let size = graph.size();
    let mut t = Tarjan {
        index: vec![UNSEEN; size],
        low: vec![0; size],
        on_stack: vec![false; size],
        stack: Vec::new(),
        counter: 0,
    };
    let mut sizes = Vec::new();
    for root in (0..size).filter(|&r| nodes[r]) {
        if t.index[root] != UNSEEN {
            continue;
        }
        // Each call: a node and the next of its children to try.
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        t.visit(root);
        while let Some(&mut (v, ref mut next)) = calls.last_mut() {
            if let Some(&child) = graph.children[v].get(*next) {
                *next += 1;
                let w = child as usize;
                if !nodes[w] {
                    continue;
                }
                if t.index[w] == UNSEEN {
                    t.visit(w);
                    calls.push((w, 0));
                } else if t.on_stack[w] {
                    t.low[v] = t.low[v].min(t.index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                t.low[parent] = t.low[parent].min(t.low[v]);
            }
            if t.low[v] == t.index[v] {
                sizes.push(t.pop_part(v));
            }
        }
    }
    sizes
}

/// The positions reachable from `roots` through `nodes` only.
pub fn reachable(graph: &Graph, roots: &[usize], nodes: &[bool]) -> Vec<bool> {
    let mut seen = vec![false; graph.size()];
    let mut stack: Vec<usize> = roots.iter().copied().filter(|&r| nodes[r]).collect();
    for &r in &stack {
        seen[r] = true;
    }
    while let Some(v) = stack.pop() {
        for &c in &graph.children[v] {
            let c = c as usize;
            if nodes[c] && !seen[c] {
                seen[c] = true;
                stack.push(c);
            }
        }
    }
    seen
}

/// How many parts there are, and the largest sizes.
pub fn describe(mut sizes: Vec<usize>) -> String {
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    match sizes[..] {
        [] => "no strongly connected part".to_owned(),
        [one] => format!("one strongly connected part of {one}"),
        _ => {
            let largest: Vec<String> = sizes.iter().take(3).map(usize::to_string).collect();
            format!(
                "{} strongly connected parts, the largest {}",
                sizes.len(),
                largest.join(", ")
            )
        }
    }
}

/// The parts found by mutual reachability, one breadth-first search from
/// each node: the definition, slowly.
fn naive_part_sizes(graph: &Graph, nodes: &[bool]) -> Vec<usize> {
    let size = graph.size();
    let reach: Vec<Vec<bool>> = (0..size).map(|v| reachable(graph, &[v], nodes)).collect();
    let mut counted = vec![false; size];
    let mut sizes = Vec::new();
    for v in (0..size).filter(|&v| nodes[v]) {
        if counted[v] {
            continue;
        }
        let part: Vec<usize> = (0..size).filter(|&w| reach[v][w] && reach[w][v]).collect();
        for &w in &part {
            counted[w] = true;
        }
        sizes.push(part.len());
    }
    sizes
}

/// Tarjan's parts against the definition on `graphs` small random graphs,
/// each on a random subset of its nodes; panics on the first disagreement.
pub fn self_check(graphs: usize) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
    let mut largest = 0;
    for n in 0..graphs {
        let graph = crate::selftest::random_graph(&mut rng);
        let nodes: Vec<bool> = (0..graph.size()).map(|_| rng.random_bool(0.8)).collect();
        let (mut fast, mut slow) = (part_sizes(&graph, &nodes), naive_part_sizes(&graph, &nodes));
        fast.sort_unstable();
        slow.sort_unstable();
        assert_eq!(fast, slow, "graph {n}: the parts disagree");
        largest = largest.max(fast.last().copied().unwrap_or(0));
    }
    println!("{graphs} random graphs: Tarjan's parts agree with mutual reachability (the largest part {largest} nodes)");
}
