//! Defences whose positions share moves: a strategy that remembers which
//! positions the defender has made, weaker than one reserved move each.
//!
//! Each held position (drawn, the defender to move) names *candidates*:
//! safe moves (every reply lands in the held set or on a position won for
//! the defender). At a held position the defender plays any candidate it
//! has not made yet. That works when a held position is either
//!
//! - *free*: not in check, and every move of it is a candidate (if every
//!   one is made already, it is stalemated: a draw); or
//! - *counted*: its candidates outnumber the other held positions whose
//!   candidates meet its own.
//!
//! Why a counted position always finds a candidate still unmade: the game
//! reaches it at most once, and only the defender makes positions with the
//! attacker to move (the start aside, which no candidate is). On its way
//! into the held set it makes no candidate of a position that is not free;
//! inside it, each held position it passes makes one of its own candidates
//! (a free one any of its moves, all of them its candidates), once. So each
//! candidate made before was made by a different held position whose
//! candidates meet this one's, and there are fewer of those than
//! candidates. A free position may find moves made on the way in: it plays
//! another, or is stalemated.
//!
//! With one candidate each, sharing none, this is the defence without
//! memory of `sat.rs`; sharing lets two positions with two candidates in
//! common both be held, whichever comes first.
use crate::check::{self, ranks_into};
use crate::graph::Graph;
use crate::sat::{self, DefenceFormula, Formula, Reach};
use arbiter_knight_court::Color;
use std::collections::{BTreeMap, HashMap, HashSet};

/// A defence whose positions share moves: the drawn positions it holds
/// (besides every position won for the defender), each one's candidates,
/// and which are free.
#[derive(Clone, Debug, Default)]
pub struct Shared {
    pub held: Vec<bool>,
    pub candidates: BTreeMap<usize, Vec<usize>>,
    pub free: Vec<bool>,
}

/// The formula: a defence sharing moves for `defender`, holding every root
/// or reaching the held set from it as `reach` allows.
pub fn encode(
    g: &Graph,
    defender: Color,
    start: usize,
    roots: &[usize],
    reach: Reach,
) -> DefenceFormula {
    let (mut formula, mut vars) = sat::held_and_safe(g, defender, start);
    let drawn: Vec<usize> = (0..g.size()).filter(|&p| g.drawn(p, defender)).collect();
    // Who may name each target, in the order of the positions.
    let mut namers: BTreeMap<usize, Vec<(usize, i32)>> = BTreeMap::new();
    let mut named: BTreeMap<usize, Vec<i32>> = BTreeMap::new();
    let mut counted: HashMap<usize, i32> = HashMap::new();
    for &p in &drawn {
        let h = vars.held[&p];
        let mut options = vec![-h];
        let free = (!g.in_check[p]).then(|| formula.fresh());
        for &q in &g.children[p] {
            let q = q as usize;
            if let Some(&s) = vars.safe.get(&q) {
                let c = formula.fresh();
                vars.reserves.insert((p, q), c);
                formula.clauses.push(vec![-c, s]);
                formula.clauses.push(vec![-c, h]);
                // A candidate of a position that is not free is reserved:
                // the way in must not make it. A free position may find a
                // move made on the way in: it plays another, or is
                // stalemated.
                let mut barred = vec![-c, vars.reserved[&q]];
                barred.extend(free);
                formula.clauses.push(barred);
                namers.entry(q).or_default().push((p, c));
                named.entry(p).or_default().push(c);
            }
        }
        if let Some(f) = free {
            vars.free.insert(p, f);
            options.push(f);
            for &q in &g.children[p] {
                match vars.reserves.get(&(p, q as usize)) {
                    Some(&c) => formula.clauses.push(vec![-f, c]),
                    None => formula.clauses.push(vec![-f]),
                }
            }
        }
        let ok = formula.fresh();
        counted.insert(p, ok);
        options.push(ok);
        formula.clauses.push(options);
    }
    // Two positions meet when they name a target in common.
    let mut meet: BTreeMap<(usize, usize), i32> = BTreeMap::new();
    for list in namers.values() {
        for (i, &(p, a)) in list.iter().enumerate() {
            for &(r, b) in &list[i + 1..] {
                let m = *meet.entry((p, r)).or_insert_with(|| formula.fresh());
                formula.clauses.push(vec![-a, -b, m]);
            }
        }
    }
    let mut met: BTreeMap<usize, Vec<i32>> = BTreeMap::new();
    for (&(p, r), &m) in &meet {
        met.entry(p).or_default().push(m);
        met.entry(r).or_default().push(m);
    }
    for &p in &drawn {
        let mine = named.get(&p).cloned().unwrap_or_default();
        let others = met.get(&p).cloned().unwrap_or_default();
        more_than(&mut formula, counted[&p], &mine, &others);
    }
    sat::reach_roots(g, defender, start, roots, reach, &vars, &mut formula);
    DefenceFormula { formula, vars }
}

/// Clauses saying that when `when` holds, more of `mine` hold than of
/// `others`. `mine` gets a counter that only counts what holds, `others`
/// one that counts at least what holds, up to as many as `mine` has.
fn more_than(formula: &mut Formula, when: i32, mine: &[i32], others: &[i32]) {
    let k = mine.len();
    if k == 0 {
        formula.clauses.push(vec![-when]);
        return;
    }
    // at_least_mine[j - 1]: at least j of `mine` hold (true only if so).
    let mut row: Vec<i32> = Vec::new();
    for (i, &x) in mine.iter().enumerate() {
        let mut next = Vec::new();
        for j in 1..=i + 1 {
            let v = formula.fresh();
            // At least j among the first i + 1: j among the first i, or
            // x and j - 1 among the first i.
            let earlier = row.get(j - 1).copied();
            let fewer = if j == 1 {
                None
            } else {
                row.get(j - 2).copied()
            };
            let mut with_x = vec![-v, x];
            let mut with_fewer = vec![-v];
            if let Some(e) = earlier {
                with_x.push(e);
                with_fewer.push(e);
            }
            formula.clauses.push(with_x);
            if j > 1 {
                if let Some(f) = fewer {
                    with_fewer.push(f);
                }
                formula.clauses.push(with_fewer);
            }
            next.push(v);
        }
        row = next;
    }
    let at_least_mine = row;
    formula.clauses.push(vec![-when, at_least_mine[0]]);
    // at_least_others[j - 1]: forced true when at least j of `others` hold,
    // for j up to k.
    let row = formula.count_up_to(others, k, None);
    for (j, &o) in row.iter().enumerate() {
        // At least j + 1 others: at least j + 2 of mine.
        match at_least_mine.get(j + 1) {
            Some(&m) => formula.clauses.push(vec![-when, -o, m]),
            None => formula.clauses.push(vec![-when, -o]),
        }
    }
}

/// The defence sharing moves that a model of [`encode`]'s formula
/// describes.
pub fn described(encoded: &DefenceFormula, model: &[bool], size: usize) -> Shared {
    let (held, free) = encoded.vars.held_and_free(model, size);
    let mut candidates: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (&(p, q), &v) in &encoded.vars.reserves {
        if model[v as usize] && held[p] {
            candidates.entry(p).or_default().push(q);
        }
    }
    for list in candidates.values_mut() {
        list.sort();
    }
    Shared {
        held,
        candidates,
        free,
    }
}

/// Checks a defence sharing moves against its definition directly, by code
/// that shares nothing with the formula: the number of drawn positions it
/// holds, or what is wrong. Every root must be forced into it.
pub fn check(
    g: &Graph,
    defender: Color,
    start: usize,
    roots: &[usize],
    defence: &Shared,
) -> Result<usize, String> {
    let held = &defence.held;
    let in_x = |i: usize| check::in_x(g, defender, held, i);
    let safe = |q: usize| check::safe(g, defender, start, held, q);
    let none = Vec::new();
    let candidates = |p: usize| defence.candidates.get(&p).unwrap_or(&none);
    let mut namers: HashMap<usize, Vec<usize>> = HashMap::new();
    // What the way in must not make: a candidate of a held position that
    // is not free (a free one plays any move, or is stalemated).
    let mut barred: HashSet<usize> = HashSet::new();
    for (&p, list) in &defence.candidates {
        if !held[p] {
            return Err(format!("{p} names candidates but is not held"));
        }
        for &q in list {
            if !g.children[p].contains(&(q as u32)) || !safe(q) {
                return Err(format!("{p} names {q}, not a safe move of its own"));
            }
            namers.entry(q).or_default().push(p);
            if !defence.free[p] {
                barred.insert(q);
            }
        }
    }
    let mut count = 0;
    for p in (0..held.len()).filter(|&p| held[p]) {
        if !g.drawn(p, defender) {
            return Err(format!("{p} is held but not drawn"));
        }
        count += 1;
        let mine = candidates(p);
        if defence.free[p] {
            if g.in_check[p] {
                return Err(format!("{p} is free but in check"));
            }
            if let Some(q) = g.children[p]
                .iter()
                .find(|&&q| !mine.contains(&(q as usize)))
            {
                return Err(format!("{p} is free but its move to {q} is no candidate"));
            }
            continue;
        }
        let mut met: Vec<usize> = mine
            .iter()
            .flat_map(|q| namers[q].iter().copied())
            .filter(|&r| r != p)
            .collect();
        met.sort();
        met.dedup();
        if mine.len() <= met.len() {
            return Err(format!(
                "{p} has {} candidates and meets {} other positions",
                mine.len(),
                met.len()
            ));
        }
    }
    let ranks = ranks_into(g, defender, start, in_x, |q| barred.contains(&q));
    match roots.iter().find(|&&r| ranks[r].is_none()) {
        Some(r) => Err(format!("root {r} is not forced into the held set")),
        None => Ok(count),
    }
}
