//! A defence checked against the certificate's definition directly, by
//! code that shares nothing with the formula that may have found it.
use crate::graph::{Defence, Graph};
use arbiter_knight_court::Color;
use std::collections::HashMap;

/// Checks a defence against the certificate's definition directly: every
/// position in `held` (drawn) reserves a safe move no other reserves, or
/// is free; `safe` is worked out here from `held`, not read from the model.
pub fn check(
    g: &Graph,
    defender: Color,
    start: usize,
    roots: &[usize],
    defence: &Defence,
) -> Result<usize, String> {
    let (held, reserve, free) = (&defence.held, &defence.reserve, &defence.free);
    let in_x = |i: usize| in_x(g, defender, held, i);
    let safe = |q: usize| safe(g, defender, start, held, q);
    let mut owner: HashMap<usize, usize> = HashMap::new();
    for (&p, &q) in reserve {
        if let Some(other) = owner.insert(q, p) {
            return Err(format!("{q} is reserved by both {p} and {other}"));
        }
    }
    let mut count = 0;
    for p in (0..held.len()).filter(|&p| held[p]) {
        if !g.drawn(p, defender) {
            return Err(format!("{p} is held but not drawn"));
        }
        count += 1;
        if free[p] {
            if g.in_check[p] {
                return Err(format!("{p} is free but in check"));
            }
            for &q in &g.children[p] {
                if !safe(q as usize) || owner.contains_key(&(q as usize)) {
                    return Err(format!(
                        "{p} is free but its move to {q} is unsafe or reserved"
                    ));
                }
            }
        } else {
            let Some(&q) = reserve.get(&p) else {
                return Err(format!("{p} is neither free nor reserving"));
            };
            if !g.children[p].contains(&(q as u32)) || !safe(q) {
                return Err(format!("{p} reserves {q}, not a safe move of its own"));
            }
        }
    }
    let ranks = ranks_into(g, defender, start, in_x, |q| owner.contains_key(&q));
    match roots.iter().find(|&&r| ranks[r].is_none()) {
        Some(r) => Err(format!("root {r} is not forced into the held set")),
        None => Ok(count),
    }
}

/// `i` belongs to the defence: won for the defender, or drawn and held.
pub fn in_x(g: &Graph, defender: Color, held: &[bool], i: usize) -> bool {
    g.won(i, defender) || (held[i] && g.drawn(i, defender))
}

/// A move of the defender to `q` is safe: the attacker is to move there,
/// it is not the start (on the board from the outset for Black's defence),
/// and every reply lands in the defence.
pub fn safe(g: &Graph, defender: Color, start: usize, held: &[bool], q: usize) -> bool {
    g.exists[q]
        && g.turn[q] != defender
        && !(defender == Color::Black && q == start)
        && g.children[q]
            .iter()
            .all(|&c| in_x(g, defender, held, c as usize))
}

/// For each position, in how many of its own moves the defender forces the
/// game into the set `in_x` with the ban ignored, never making a position
/// `barred` says (nor the start, for Black) on the way: none where it
/// cannot. Playing a move that gives a position its rank lowers the rank
/// every move, so on the way no position repeats.
pub fn ranks_into(
    g: &Graph,
    defender: Color,
    start: usize,
    in_x: impl Fn(usize) -> bool,
    barred: impl Fn(usize) -> bool,
) -> Vec<Option<usize>> {
    let size = g.size();
    let mut rank: Vec<Option<usize>> = (0..size).map(|p| in_x(p).then_some(0)).collect();
    for r in 1.. {
        let before = rank.clone();
        for p in (0..size).filter(|&p| g.drawn(p, defender) && before[p].is_none()) {
            let reaches = g.children[p].iter().any(|&q| {
                let q = q as usize;
                // The start is on the board from the outset for Black.
                let made_already = defender == Color::Black && q == start;
                !barred(q)
                    && !made_already
                    && g.children[q].iter().all(|&c| before[c as usize].is_some())
            });
            if reaches {
                rank[p] = Some(r);
            }
        }
        if rank == before {
            break;
        }
    }
    rank
}
