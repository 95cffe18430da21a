//! A certificate that the *attacker wins* under the no-repetition rule,
//! needing no table at all.
//!
//! Under the ban the game is finite, and a side is stuck only where it has
//! itself already made every position it could move to. The certificate
//! is a set of attacker-to-move positions, each reserving one of its moves
//! (a defender-to-move position), no two the same, such that:
//!
//! - every reply of the defender to a reserved position lands in the set
//!   (positions already on the board cannot be made again, so they need
//!   not be in it);
//! - a reserved position where the defender is not in check has a move
//!   that is *private*: no other reserved position has it, and it is not
//!   on the board already. The defender makes positions only from the
//!   reserved positions the attacker hands it, each once, so that move is
//!   still free when it gets there.
//!
//! The attacker then always has a move, and the defender, when not in
//! check, always has one too: so the game, which must end, ends with the
//! defender stuck in check, mated.
use crate::graph::Graph;
use crate::sat::Formula;
use arbiter_knight_court::Color;
use std::collections::HashMap;

/// An attack without memory: the attacker positions it holds and the
/// defender position each reserves.
pub struct Attack {
    pub reserve: HashMap<usize, usize>,
}

pub struct AttackFormula {
    pub formula: Formula,
    reserves: HashMap<(usize, usize), i32>,
}

/// The formula: an attack for `attacker` holding `root`, with the positions
/// in `seen` already on the board.
pub fn encode(g: &Graph, attacker: Color, root: usize, seen: &[usize]) -> AttackFormula {
    let size = g.size();
    let mut formula = Formula {
        vars: Default::default(),
        clauses: Vec::new(),
    };
    let is_seen = |i: usize| seen.contains(&i);
    let ours = |i: usize| g.exists[i] && g.turn[i] == attacker;
    let theirs = |i: usize| g.exists[i] && g.turn[i] != attacker && !is_seen(i);
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); size];
    for d in (0..size).filter(|&d| theirs(d)) {
        for &q in &g.children[d] {
            parents[q as usize].push(d);
        }
    }
    let mut held = HashMap::new();
    let mut handed = HashMap::new();
    for i in 0..size {
        if ours(i) {
            held.insert(i, formula.vars.fresh());
        } else if theirs(i) {
            handed.insert(i, formula.vars.fresh());
        }
    }
    let mut reserves = HashMap::new();
    let mut reservers: HashMap<usize, Vec<i32>> = HashMap::new();
    for a in (0..size).filter(|&a| ours(a)) {
        let mut options = vec![-held[&a]];
        for &d in &g.children[a] {
            let d = d as usize;
            let Some(&h) = handed.get(&d) else { continue };
            let r = formula.vars.fresh();
            reserves.insert((a, d), r);
            reservers.entry(d).or_default().push(r);
            formula.clauses.push(vec![-r, h]);
            options.push(r);
        }
        formula.clauses.push(options);
    }
    formula.one_reserver_each(reservers);
    for d in (0..size).filter(|&d| theirs(d)) {
        let h = handed[&d];
        let mut private = vec![-h];
        for &q in &g.children[d] {
            let q = q as usize;
            if is_seen(q) {
                continue;
            }
            formula.clauses.push(vec![-h, held[&q]]);
            if !g.in_check[d] {
                let p = formula.vars.fresh();
                private.push(p);
                for &other in parents[q].iter().filter(|&&o| o != d) {
                    formula.clauses.push(vec![-p, -handed[&other]]);
                }
            }
        }
        if !g.in_check[d] {
            formula.clauses.push(private);
        }
    }
    match held.get(&root) {
        Some(&h) => formula.clauses.push(vec![h]),
        None => formula.clauses.push(vec![]),
    }
    AttackFormula { formula, reserves }
}

impl AttackFormula {
    /// The attack a model describes.
    pub fn attack(&self, model: &[bool]) -> Attack {
        let mut pairs: Vec<(&(usize, usize), &i32)> = self.reserves.iter().collect();
        pairs.sort();
        let mut reserve = HashMap::new();
        for (&(a, d), &v) in pairs {
            if model[v as usize] {
                reserve.entry(a).or_insert(d);
            }
        }
        Attack { reserve }
    }
}

/// Checks an attack against the certificate's definition directly, sharing
/// nothing with the formula: the number of attacker positions it holds.
pub fn check(
    g: &Graph,
    attacker: Color,
    root: usize,
    seen: &[usize],
    attack: &Attack,
) -> Result<usize, String> {
    let mut handed: HashMap<usize, usize> = HashMap::new();
    for (&a, &d) in &attack.reserve {
        if !g.exists[a] || g.turn[a] != attacker || !g.children[a].contains(&(d as u32)) {
            return Err(format!("{a} reserves {d}, not one of its moves"));
        }
        if seen.contains(&d) {
            return Err(format!("{a} reserves {d}, already on the board"));
        }
        if let Some(other) = handed.insert(d, a) {
            return Err(format!("{d} is reserved by both {a} and {other}"));
        }
    }
    if !attack.reserve.contains_key(&root) {
        return Err(format!("root {root} is not held"));
    }
    for &d in handed.keys() {
        let open: Vec<usize> = g.children[d]
            .iter()
            .map(|&q| q as usize)
            .filter(|q| !seen.contains(q))
            .collect();
        if let Some(q) = open.iter().find(|&q| !attack.reserve.contains_key(q)) {
            return Err(format!("the reply {q} to {d} is not held"));
        }
        let private = |q: &usize| {
            handed
                .keys()
                .all(|&other| other == d || !g.children[other].contains(&(*q as u32)))
        };
        if !g.in_check[d] && !open.iter().any(private) {
            return Err(format!("{d} is not in check and has no private move"));
        }
    }
    Ok(attack.reserve.len())
}
