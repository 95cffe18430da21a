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
//! defender stuck in check, mated. The attacker may also first force its
//! way into the set ([`encode`]); the positions it hands the defender on
//! the way are then among those a private move is private from.
//!
//! A weaker rule for a position where the defender is not in check
//! ([`Stalemate::Counted`]): it has more open moves (not on the board from
//! the outset) than there are other positions the defender may be handed
//! that share one of them. The defender reaches each position it is handed
//! once and makes one move there, so each open move made before it gets
//! here was made at a different one of those positions: one is left.
use crate::graph::Graph;
use crate::sat::Formula;
use arbiter_knight_court::Color;
use std::collections::HashMap;

/// What a position the defender is handed, not in check, needs so that
/// the defender is never stalemated there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stalemate {
    /// A private move: no other position it may be handed has it.
    Private,
    /// A private move, or more open moves than other positions it may be
    /// handed that share one of them.
    Counted,
}

/// An attack without memory: the attacker positions it holds and the
/// defender position each reserves; and the move it makes at each position
/// on its way into the held set, if it has one.
pub struct Attack {
    pub reserve: HashMap<usize, usize>,
    pub way: HashMap<usize, usize>,
}

pub struct AttackFormula {
    pub formula: Formula,
    reserves: HashMap<(usize, usize), i32>,
    ways: Vec<Way>,
}

/// The variables of each position: an attacker position held, a defender
/// position reserved, or made on the way in.
struct Sides {
    held: HashMap<usize, i32>,
    handed: HashMap<usize, i32>,
    on_the_way: HashMap<usize, i32>,
}

/// A move the attacker may make on its way in, with `left` moves left.
struct Way {
    from: usize,
    left: usize,
    to: usize,
    var: i32,
}

/// The formula: an attack for `attacker` holding `root`, or reaching the
/// held set from it within `layers` of its moves, with the positions in
/// `seen` already on the board.
///
/// On the way in the attacker's moves lower the moves left, so none
/// repeats, and never make a reserved position; every reply, the ban
/// ignored, must land where the attacker gets in with one move fewer. The
/// defender positions it makes on the way count with the reserved ones
/// when a move is private, and need one too when not in check: the
/// defender must not be stalemated on the way either.
pub fn encode(
    g: &Graph,
    attacker: Color,
    root: usize,
    seen: &[usize],
    layers: usize,
    rule: Stalemate,
) -> AttackFormula {
    let size = g.size();
    let mut formula = Formula::default();
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
    let mut on_the_way = HashMap::new();
    for i in 0..size {
        if ours(i) {
            held.insert(i, formula.fresh());
        } else if theirs(i) {
            handed.insert(i, formula.fresh());
            if layers > 0 {
                on_the_way.insert(i, formula.fresh());
            }
        }
    }
    let mut reserves = HashMap::new();
    let mut reservers: HashMap<usize, Vec<i32>> = HashMap::new();
    for a in (0..size).filter(|&a| ours(a)) {
        let mut options = vec![-held[&a]];
        for &d in &g.children[a] {
            let d = d as usize;
            let Some(&h) = handed.get(&d) else { continue };
            let r = formula.fresh();
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
        let mut private = Vec::new();
        for &q in &g.children[d] {
            let q = q as usize;
            if is_seen(q) {
                continue;
            }
            formula.clauses.push(vec![-h, held[&q]]);
            if !g.in_check[d] {
                let p = formula.fresh();
                private.push(p);
                for &other in parents[q].iter().filter(|&&o| o != d) {
                    formula.clauses.push(vec![-p, -handed[&other]]);
                    if let Some(&w) = on_the_way.get(&other) {
                        formula.clauses.push(vec![-p, -w]);
                    }
                }
            }
        }
        if !g.in_check[d] {
            if rule == Stalemate::Counted {
                match counted(g, d, &parents, &is_seen, &handed, &on_the_way, &mut formula) {
                    Some(k) => private.push(k),
                    // Fewer could share its moves than it has: it always
                    // keeps one.
                    None => continue,
                }
            }
            let made = std::iter::once(h).chain(on_the_way.get(&d).copied());
            for v in made {
                formula.clauses.push([vec![-v], private.clone()].concat());
            }
        }
    }
    let mut ways = Vec::new();
    if !held.contains_key(&root) {
        formula.clauses.push(vec![]);
        return AttackFormula {
            formula,
            reserves,
            ways,
        };
    }
    let sides = Sides {
        held,
        handed,
        on_the_way,
    };
    let top = way_in(g, root, layers, &is_seen, &sides, &mut formula, &mut ways);
    formula.clauses.push(vec![top]);
    AttackFormula {
        formula,
        reserves,
        ways,
    }
}

/// A variable saying that fewer positions the defender is handed (or made
/// on the way in) share an open move with `d` than it has open moves; none
/// when fewer could share one at all.
fn counted(
    g: &Graph,
    d: usize,
    parents: &[Vec<usize>],
    is_seen: &dyn Fn(usize) -> bool,
    handed: &HashMap<usize, i32>,
    on_the_way: &HashMap<usize, i32>,
    formula: &mut Formula,
) -> Option<i32> {
    let open: Vec<usize> = (g.children[d].iter())
        .map(|&q| q as usize)
        .filter(|&q| !is_seen(q))
        .collect();
    let mut sharers: Vec<usize> = (open.iter())
        .flat_map(|&q| parents[q].iter().copied())
        .filter(|&o| o != d)
        .collect();
    sharers.sort();
    sharers.dedup();
    let k = formula.fresh();
    if open.is_empty() {
        // No move at all: stalemated if handed it.
        formula.clauses.push(vec![-k]);
        return Some(k);
    }
    if sharers.len() < open.len() {
        return None;
    }
    let made: Vec<i32> = (sharers.iter())
        .map(|o| match on_the_way.get(o) {
            None => handed[o],
            Some(&w) => {
                let m = formula.fresh();
                formula.clauses.push(vec![-handed[o], m]);
                formula.clauses.push(vec![-w, m]);
                m
            }
        })
        .collect();
    formula.at_most_when(k, &made, open.len() - 1);
    Some(k)
}

/// The variable saying that the attacker at `root` gets into the held set
/// within `layers` of its moves; variables are made only for the positions
/// the way in can reach.
fn way_in(
    g: &Graph,
    root: usize,
    layers: usize,
    is_seen: &dyn Fn(usize) -> bool,
    sides: &Sides,
    formula: &mut Formula,
    ways: &mut Vec<Way>,
) -> i32 {
    let Sides {
        held,
        handed,
        on_the_way,
    } = sides;
    // The attacker at a gets in within k moves: held when k is 0. Each
    // variable made is asked in turn (`to_do`) for the moves that get in.
    let mut gets_in: HashMap<(usize, usize), i32> = HashMap::new();
    let mut variable = |a: usize, k: usize, formula: &mut Formula, to_do: &mut Vec<_>| match k {
        0 => held[&a],
        _ => *gets_in.entry((a, k)).or_insert_with(|| {
            let v = formula.fresh();
            to_do.push((a, k, v));
            v
        }),
    };
    let mut to_do: Vec<(usize, usize, i32)> = Vec::new();
    let top = variable(root, layers, formula, &mut to_do);
    while let Some((a, k, v)) = to_do.pop() {
        let mut options = vec![-v, held[&a]];
        for &d in &g.children[a] {
            let d = d as usize;
            let Some(&w) = on_the_way.get(&d) else {
                continue;
            };
            let b = formula.fresh();
            ways.push(Way {
                from: a,
                left: k,
                to: d,
                var: b,
            });
            options.push(b);
            formula.clauses.push(vec![-b, w]);
            formula.clauses.push(vec![-b, -handed[&d]]);
            for &c in g.children[d].iter().filter(|&&c| !is_seen(c as usize)) {
                let next = variable(c as usize, k - 1, formula, &mut to_do);
                formula.clauses.push(vec![-b, next]);
            }
        }
        formula.clauses.push(options);
    }
    top
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
        // On the way in, the move with the fewest moves left: the replies
        // to it get in sooner than those to any other chosen.
        let mut chosen: HashMap<usize, (usize, usize)> = HashMap::new();
        for way in self.ways.iter().filter(|w| model[w.var as usize]) {
            let best = chosen.entry(way.from).or_insert((way.left, way.to));
            if (way.left, way.to) < *best {
                *best = (way.left, way.to);
            }
        }
        let way = chosen.into_iter().map(|(a, (_, d))| (a, d)).collect();
        Attack { reserve, way }
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
    rule: Stalemate,
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
    for (&a, &d) in &attack.way {
        if !g.exists[a] || g.turn[a] != attacker || !g.children[a].contains(&(d as u32)) {
            return Err(format!("{a} goes in by {d}, not one of its moves"));
        }
        if seen.contains(&d) || handed.contains_key(&d) {
            return Err(format!("{a} goes in by {d}, on the board or reserved"));
        }
    }
    let open = |d: usize| -> Vec<usize> {
        (g.children[d].iter())
            .map(|&q| q as usize)
            .filter(|q| !seen.contains(q))
            .collect()
    };
    // Every position the defender may be handed, reserved or on the way in.
    let mut made: Vec<usize> = handed.keys().chain(attack.way.values()).copied().collect();
    made.sort();
    made.dedup();
    for &d in &made {
        let open_d = open(d);
        let private = |q: &usize| {
            made.iter()
                .all(|&other| other == d || !g.children[other].contains(&(*q as u32)))
        };
        let sharers = (made.iter())
            .filter(|&&o| o != d && open_d.iter().any(|&q| g.children[o].contains(&(q as u32))))
            .count();
        let counted = rule == Stalemate::Counted && open_d.len() > sharers;
        if !g.in_check[d] && !open_d.iter().any(private) && !counted {
            return Err(format!(
                "{d} is not in check and may be left without a move"
            ));
        }
    }
    for &d in handed.keys() {
        if let Some(q) = open(d).iter().find(|&q| !attack.reserve.contains_key(q)) {
            return Err(format!("the reply {q} to {d} is not held"));
        }
    }
    // The positions from which the attacker gets into the held set.
    let mut gets_in: Vec<bool> = (0..g.size())
        .map(|a| attack.reserve.contains_key(&a))
        .collect();
    loop {
        let before = gets_in.clone();
        for (&a, &d) in &attack.way {
            if open(d).iter().all(|&c| before[c]) {
                gets_in[a] = true;
            }
        }
        if gets_in == before {
            break;
        }
    }
    match gets_in[root] {
        true => Ok(attack.reserve.len()),
        false => Err(format!("root {root} does not get into the held set")),
    }
}
