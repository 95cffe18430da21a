//! Defences that share moves, tested on small random graphs two ways: the
//! formula against trying every such defence (judged by `shared::check`),
//! and every defence found against the game itself: every line the
//! attacker can play under the ban, the defender following the defence.
use crate::check::ranks_into;
use crate::graph::Graph;
use crate::sat::{self, Reach};
use crate::shared::{self, Shared};
use arbiter_knight_court::Color;
use std::collections::BTreeMap;

const DEFENDER: Color = Color::Black;

/// Whether some defence sharing moves holds `root`, trying every one: each
/// drawn position is left out, held free, or held naming a set of its
/// moves that could be safe.
fn some_defence_holds(g: &Graph, start: usize, root: usize) -> bool {
    let drawn: Vec<usize> = (0..g.size()).filter(|&p| g.drawn(p, DEFENDER)).collect();
    let movable: Vec<Vec<usize>> = drawn
        .iter()
        .map(|&p| {
            g.children[p]
                .iter()
                .map(|&q| q as usize)
                .filter(|&q| sat::can_be_safe(g, DEFENDER, start, q))
                .collect()
        })
        .collect();
    // 0: out; 1: free; 1 + m: held naming the moves in mask m.
    let choices: Vec<usize> = movable.iter().map(|m| 1 + (1 << m.len())).collect();
    crate::selftest::any_choice(&choices, |pick| {
        let mut defence = Shared {
            held: vec![false; g.size()],
            candidates: BTreeMap::new(),
            free: vec![false; g.size()],
        };
        for (i, &p) in drawn.iter().enumerate() {
            match pick[i] {
                0 => {}
                1 => {
                    defence.held[p] = true;
                    defence.free[p] = true;
                    let all: Vec<usize> = g.children[p].iter().map(|&q| q as usize).collect();
                    if !all.is_empty() {
                        defence.candidates.insert(p, all);
                    }
                }
                k => {
                    defence.held[p] = true;
                    let mask = k - 1;
                    let named: Vec<usize> = (0..movable[i].len())
                        .filter(|b| mask >> b & 1 == 1)
                        .map(|b| movable[i][b])
                        .collect();
                    defence.candidates.insert(p, named);
                }
            }
        }
        shared::check(g, DEFENDER, start, &[root], &defence).is_ok()
    })
}

/// Plays every game from `root` under the ban, the attacker trying every
/// move and the defender every move the defence allows: on the way in, a
/// move that lowers its rank; at a held position any candidate not yet
/// made, or at a free one any move at all. An error names a game the
/// defence loses (or leaves).
fn play_out(g: &Graph, start: usize, root: usize, defence: &Shared) -> Result<(), String> {
    let held = |p: usize| defence.held[p] && g.drawn(p, DEFENDER);
    // Candidates of held positions that are not free: the way in must not
    // make them.
    let named: Vec<bool> = (0..g.size())
        .map(|q| {
            defence
                .candidates
                .iter()
                .any(|(&p, l)| !defence.free[p] && l.contains(&q))
        })
        .collect();
    let ranks = ranks_into(
        g,
        DEFENDER,
        start,
        |p| g.won(p, DEFENDER) || held(p),
        |q| named[q],
    );
    let mut board = vec![false; g.size()];
    board[start] = true;
    let mut line = vec![root];
    defender_moves(g, defence, &ranks, &named, &mut board, &mut line)
}

fn defender_moves(
    g: &Graph,
    defence: &Shared,
    ranks: &[Option<usize>],
    named: &[bool],
    board: &mut [bool],
    line: &mut Vec<usize>,
) -> Result<(), String> {
    let p = *line.last().expect("a line");
    board[p] = true;
    let result = (|| {
        if g.won(p, DEFENDER) {
            return Ok(());
        }
        if !g.drawn(p, DEFENDER) {
            return Err(format!("reached {p}, lost for the defender, by {line:?}"));
        }
        let legal: Vec<usize> = g.children[p]
            .iter()
            .map(|&q| q as usize)
            .filter(|&q| !board[q])
            .collect();
        let allowed: Vec<usize> = if defence.held[p] && defence.free[p] {
            legal.clone()
        } else if defence.held[p] {
            let mine = defence.candidates.get(&p).cloned().unwrap_or_default();
            legal.iter().copied().filter(|q| mine.contains(q)).collect()
        } else {
            let Some(rank) = ranks[p] else {
                return Err(format!(
                    "reached {p}, neither held nor forced in, by {line:?}"
                ));
            };
            legal
                .iter()
                .copied()
                .filter(|&q| {
                    !named[q]
                        && g.children[q]
                            .iter()
                            .all(|&c| ranks[c as usize].is_some_and(|r| r < rank))
                })
                .collect()
        };
        if allowed.is_empty() {
            return match (legal.is_empty(), g.in_check[p]) {
                (true, false) => Ok(()),
                (true, true) => Err(format!("mated at {p} by {line:?}")),
                (false, _) => Err(format!("no move the defence allows at {p} by {line:?}")),
            };
        }
        for q in allowed {
            line.push(q);
            board[q] = true;
            let replies: Vec<usize> = g.children[q]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !board[c])
                .collect();
            for c in replies {
                line.push(c);
                defender_moves(g, defence, ranks, named, board, line)?;
                line.pop();
            }
            board[q] = false;
            line.pop();
        }
        Ok(())
    })();
    board[p] = false;
    result
}

/// Tests defences sharing moves on graph `n`: whether one holds `root`.
pub fn test_graph(n: usize, g: &Graph, start: usize, root: usize, dir: &str) -> bool {
    let expected = some_defence_holds(g, start, root);
    for reach in [Reach::Within(5), Reach::Unbounded] {
        let encoded = shared::encode(g, DEFENDER, start, &[root], reach);
        let path = format!("{dir}/selftest-shared.cnf");
        let found = sat::solve("cadical", &path, &encoded.formula);
        assert_eq!(
            found.is_some(),
            expected,
            "graph {n} disagrees (sharing, {reach:?})"
        );
        if let Some(model) = found {
            let defence = shared::described(&encoded, &model, g.size());
            if let Err(e) = shared::check(g, DEFENDER, start, &[root], &defence) {
                panic!("graph {n}: the formula's defence fails its check: {e}");
            }
            if let Err(e) = play_out(g, start, root, &defence) {
                panic!("graph {n}: the formula's defence loses a game: {e}");
            }
        }
    }
    expected
}
