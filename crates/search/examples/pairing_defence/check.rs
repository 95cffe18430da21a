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
    let in_x = |i: usize| g.won(i, defender) || (held[i] && g.drawn(i, defender));
    let safe = |q: usize| {
        g.exists[q]
            && g.turn[q] != defender
            && !(defender == Color::Black && q == start)
            && g.children[q].iter().all(|&c| in_x(c as usize))
    };
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
    // The positions from which the defender forces the game into X with the
    // ban ignored, never making a reserved position on the way: the roots
    // must be among them.
    let mut forced: Vec<bool> = (0..held.len()).map(in_x).collect();
    loop {
        let before = forced.clone();
        for p in (0..held.len()).filter(|&p| g.drawn(p, defender) && !before[p]) {
            forced[p] = g.children[p].iter().any(|&q| {
                let q = q as usize;
                // A reserved position, or the start for Black, is barred.
                let barred = owner.contains_key(&q) || (defender == Color::Black && q == start);
                !barred && g.children[q].iter().all(|&c| before[c as usize])
            });
        }
        if forced == before {
            break;
        }
    }
    match roots.iter().find(|&&r| !forced[r]) {
        Some(r) => Err(format!("root {r} is not forced into the held set")),
        None => Ok(count),
    }
}
