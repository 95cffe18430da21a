//! The certificate as a formula for a SAT solver, so that *every* defence
//! of the kind is asked about at once, not one set approached from above.
//!
//! Variables: for each drawn defender position, whether it is held, free,
//! and which of its moves it reserves; for each attacker position whose
//! replies all reach drawn or won positions, whether it is safe and whether
//! it is reserved. Positions the table calls lost for the defender get no
//! variable: the attacker's fastest mate would lead any defence out of
//! them. With a way in ([`Reach`]) the root need not be held itself: the
//! defender may first force the game into the held set within some number
//! of its own moves, or any number, the ban ignored, never making a
//! reserved position on the way (each of those moves lowers the moves left,
//! or a rank, so none repeats).
use crate::graph::{Defence, Graph};
use arbiter_knight_court::Color;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::process::Command;

/// A formula in conjunctive normal form, its variables numbered from 1 as
/// DIMACS wants.
#[derive(Default)]
pub struct Formula {
    pub count: i32,
    pub clauses: Vec<Vec<i32>>,
}

/// The variables of a defence, by position.
#[derive(Default)]
pub struct Vars {
    pub held: HashMap<usize, i32>,
    pub safe: HashMap<usize, i32>,
    pub reserved: HashMap<usize, i32>,
    pub free: HashMap<usize, i32>,
    pub reserves: HashMap<(usize, usize), i32>,
}

/// The formula of a defence, with its variables.
pub struct DefenceFormula {
    pub formula: Formula,
    pub vars: Vars,
}

impl Formula {
    /// A variable not used before.
    pub fn fresh(&mut self) -> i32 {
        self.count += 1;
        self.count
    }

    /// No position reserved twice: at most one of each position's
    /// reservers, in the order of the positions (so the formula repeats).
    pub fn one_reserver_each(&mut self, reservers: HashMap<usize, Vec<i32>>) {
        let mut groups: Vec<(usize, Vec<i32>)> = reservers.into_iter().collect();
        groups.sort();
        for (_, lits) in groups {
            self.at_most_one(&lits);
        }
    }

    /// When `when` holds, at most `most` of `lits` hold.
    pub fn at_most_when(&mut self, when: i32, lits: &[i32], most: usize) {
        if lits.len() <= most {
            return;
        }
        if most == 0 {
            for &x in lits {
                self.clauses.push(vec![-when, -x]);
            }
            return;
        }
        self.count_up_to(lits, most, Some(when));
    }

    /// A sequential counter over `lits`: `count[j]` is forced true once
    /// `j + 1` of them hold, for `j` below `width`. With `overflow`, when
    /// it holds no literal may come after `width` already held.
    pub fn count_up_to(&mut self, lits: &[i32], width: usize, overflow: Option<i32>) -> Vec<i32> {
        let mut count: Vec<i32> = Vec::new();
        for &x in lits {
            let full = width.checked_sub(1).and_then(|last| count.get(last));
            if let (Some(when), Some(&full)) = (overflow, full) {
                self.clauses.push(vec![-when, -x, -full]);
            }
            let next: Vec<i32> = (0..(count.len() + 1).min(width))
                .map(|_| self.fresh())
                .collect();
            for (j, &v) in next.iter().enumerate() {
                if let Some(&e) = count.get(j) {
                    self.clauses.push(vec![-e, v]);
                }
                match j {
                    0 => self.clauses.push(vec![-x, v]),
                    _ => self.clauses.push(vec![-x, -count[j - 1], v]),
                }
            }
            count = next;
        }
        count
    }

    /// At most one of `lits`: pairwise when few, else a sequential counter.
    fn at_most_one(&mut self, lits: &[i32]) {
        if lits.len() <= 5 {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.clauses.push(vec![-a, -b]);
                }
            }
            return;
        }
        let mut previous = self.fresh();
        self.clauses.push(vec![-lits[0], previous]);
        for &lit in &lits[1..lits.len() - 1] {
            let next = self.fresh();
            self.clauses.push(vec![-lit, next]);
            self.clauses.push(vec![-previous, next]);
            self.clauses.push(vec![-previous, -lit]);
            previous = next;
        }
        self.clauses.push(vec![-previous, -lits[lits.len() - 1]]);
    }
}

/// How far the defender may go to reach the held set from a root.
#[derive(Clone, Copy, Debug)]
pub enum Reach {
    /// Within this many of its own moves (none: the root itself is held).
    Within(usize),
    /// Any number of moves, each lowering a rank, so none repeats.
    Unbounded,
}

/// The variables every defence starts from: each drawn position of the
/// defender held or not; each move that can be safe safe or not (a safe
/// move's replies all land on held positions, or on ones won for the
/// defender), and reserved or not.
pub fn held_and_safe(g: &Graph, defender: Color, start: usize) -> (Formula, Vars) {
    let size = g.size();
    let mut formula = Formula::default();
    let mut vars = Vars::default();
    for p in (0..size).filter(|&p| g.drawn(p, defender)) {
        vars.held.insert(p, formula.fresh());
    }
    let targets: Vec<usize> = (0..size)
        .filter(|&q| can_be_safe(g, defender, start, q))
        .collect();
    for &q in &targets {
        vars.safe.insert(q, formula.fresh());
        vars.reserved.insert(q, formula.fresh());
    }
    for &q in &targets {
        let s = vars.safe[&q];
        for &c in &g.children[q] {
            if let Some(&h) = vars.held.get(&(c as usize)) {
                formula.clauses.push(vec![-s, h]);
            }
        }
    }
    (formula, vars)
}

/// The formula: a defence without memory for `defender` holding every
/// root, or reaching the held set from it as `reach` allows.
pub fn encode(
    g: &Graph,
    defender: Color,
    start: usize,
    roots: &[usize],
    reach: Reach,
) -> DefenceFormula {
    let size = g.exists.len();
    let (mut formula, mut vars) = held_and_safe(g, defender, start);
    let mut reservers: HashMap<usize, Vec<i32>> = HashMap::new();
    for p in (0..size).filter(|&p| g.drawn(p, defender)) {
        let h = vars.held[&p];
        let mut options = vec![-h];
        if !g.in_check[p] {
            let f = formula.fresh();
            vars.free.insert(p, f);
            options.push(f);
            for &q in &g.children[p] {
                match vars.safe.get(&(q as usize)) {
                    Some(&s) => {
                        let r = vars.reserved[&(q as usize)];
                        formula.clauses.push(vec![-f, s]);
                        formula.clauses.push(vec![-f, -r]);
                    }
                    None => formula.clauses.push(vec![-f]),
                }
            }
        }
        for &q in &g.children[p] {
            let q = q as usize;
            if let Some(&s) = vars.safe.get(&q) {
                let r = formula.fresh();
                vars.reserves.insert((p, q), r);
                formula.clauses.push(vec![-r, s]);
                formula.clauses.push(vec![-r, vars.reserved[&q]]);
                reservers.entry(q).or_default().push(r);
                options.push(r);
            }
        }
        formula.clauses.push(options);
    }
    formula.one_reserver_each(reservers);
    reach_roots(g, defender, start, roots, reach, &vars, &mut formula);
    DefenceFormula { formula, vars }
}

/// A move can be safe only if it is the attacker's turn there, it is not
/// the start (already on the board for Black's defence), and no reply
/// reaches a position lost for the defender.
pub fn can_be_safe(g: &Graph, defender: Color, start: usize, q: usize) -> bool {
    g.exists[q]
        && g.turn[q] != defender
        && !(defender == Color::Black && q == start)
        && g.children[q]
            .iter()
            .all(|&c| g.drawn(c as usize, defender) || g.won(c as usize, defender))
}

/// Clauses saying that the defender reaches the held set from every root
/// (won for it, or drawn) as `reach` allows, never making a position in
/// `vars.reserved` on the way.
pub fn reach_roots(
    g: &Graph,
    defender: Color,
    start: usize,
    roots: &[usize],
    reach: Reach,
    vars: &Vars,
    formula: &mut Formula,
) {
    let top = match reach {
        Reach::Within(layers) => reach_layers(g, defender, start, layers, vars, formula),
        Reach::Unbounded => reach_ranked(g, defender, start, vars, formula),
    };
    for &root in roots {
        if g.won(root, defender) {
            continue;
        }
        match top.get(&root) {
            Some(&a) => formula.clauses.push(vec![a]),
            None => formula.clauses.push(vec![]),
        }
    }
}

/// The moves the defender may make at `p` on its way into the held set,
/// each with the replies that land on drawn positions: every move but the
/// start (for Black), whose replies all land on drawn positions or on ones
/// won for the defender.
fn ways_in(g: &Graph, defender: Color, start: usize, p: usize) -> Vec<(usize, Vec<usize>)> {
    let mut ways = Vec::new();
    for &q in &g.children[p] {
        let q = q as usize;
        if defender == Color::Black && q == start {
            continue;
        }
        let replies: Vec<usize> = g.children[q]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !g.won(c, defender))
            .collect();
        if replies.iter().all(|&c| g.drawn(c, defender)) {
            ways.push((q, replies));
        }
    }
    ways
}

/// Variables saying that the defender at a drawn position forces the game
/// into the held set within `layers` of its moves, the ban ignored, never
/// making a reserved position on the way; those of the last layer.
fn reach_layers(
    g: &Graph,
    defender: Color,
    start: usize,
    layers: usize,
    vars: &Vars,
    formula: &mut Formula,
) -> HashMap<usize, i32> {
    let drawn_defender: Vec<usize> = (0..g.size()).filter(|&p| g.drawn(p, defender)).collect();
    // Within no move of its own: held.
    let mut previous = vars.held.clone();
    for _ in 1..=layers {
        let mut level = HashMap::new();
        for &p in &drawn_defender {
            let a = formula.fresh();
            level.insert(p, a);
        }
        for &p in &drawn_defender {
            let mut options = vec![-level[&p], vars.held[&p]];
            for (q, replies) in ways_in(g, defender, start, p) {
                // Every reply must land where the defender gets there
                // within one move fewer, or on a position won for it.
                let needs: Vec<i32> = replies.iter().map(|c| previous[c]).collect();
                let b = formula.fresh();
                options.push(b);
                if let Some(&r) = vars.reserved.get(&q) {
                    formula.clauses.push(vec![-b, -r]);
                }
                for v in needs {
                    formula.clauses.push(vec![-b, v]);
                }
            }
            formula.clauses.push(options);
        }
        previous = level;
    }
    previous
}

/// Variables saying that the defender at a drawn position forces the game
/// into the held set in any number of its moves, the ban ignored, never
/// making a reserved position on the way. Each position off the held set
/// that does so gets a rank in binary, and each reply to the move it makes
/// lands on the held set or on a position of lower rank; ranks below the
/// number of drawn positions are enough for any such strategy, so nothing
/// is lost to a bound. A lower rank each move means the positions the
/// defender makes on the way never repeat.
fn reach_ranked(
    g: &Graph,
    defender: Color,
    start: usize,
    vars: &Vars,
    formula: &mut Formula,
) -> HashMap<usize, i32> {
    let drawn_defender: Vec<usize> = (0..g.size()).filter(|&p| g.drawn(p, defender)).collect();
    let bits = (usize::BITS - drawn_defender.len().leading_zeros()) as usize;
    let mut reach = HashMap::new();
    let mut rank: HashMap<usize, Vec<i32>> = HashMap::new();
    for &p in &drawn_defender {
        let v = formula.fresh();
        reach.insert(p, v);
        rank.insert(p, (0..bits).map(|_| formula.fresh()).collect());
    }
    let mut lower: HashMap<(usize, usize), i32> = HashMap::new();
    for &p in &drawn_defender {
        let mut options = vec![-reach[&p], vars.held[&p]];
        for (q, replies) in ways_in(g, defender, start, p) {
            let b = formula.fresh();
            options.push(b);
            if let Some(&r) = vars.reserved.get(&q) {
                formula.clauses.push(vec![-b, -r]);
            }
            for c in replies {
                let below = match lower.get(&(c, p)) {
                    Some(&v) => v,
                    None => {
                        let v = less_than(formula, &rank[&c], &rank[&p]);
                        lower.insert((c, p), v);
                        v
                    }
                };
                formula.clauses.push(vec![-b, reach[&c]]);
                formula.clauses.push(vec![-b, vars.held[&c], below]);
            }
        }
        formula.clauses.push(options);
    }
    reach
}

/// A variable that, when true, forces the number `x` (bits, most
/// significant first) below `y`.
fn less_than(formula: &mut Formula, x: &[i32], y: &[i32]) -> i32 {
    // below[j]: x is below y on the bits from j on. Past the last bit the
    // two are equal, so not below.
    let below: Vec<i32> = (0..x.len()).map(|_| formula.fresh()).collect();
    for j in 0..x.len() {
        let (l, xj, yj) = (below[j], x[j], y[j]);
        formula.clauses.push(vec![-l, -xj, yj]);
        match below.get(j + 1) {
            Some(&next) => {
                formula.clauses.push(vec![-l, -xj, next]);
                formula.clauses.push(vec![-l, yj, next]);
            }
            None => {
                formula.clauses.push(vec![-l, -xj]);
                formula.clauses.push(vec![-l, yj]);
            }
        }
    }
    below[0]
}

pub fn dimacs(formula: &Formula) -> String {
    let mut text = format!("p cnf {} {}\n", formula.count, formula.clauses.len());
    for clause in &formula.clauses {
        for lit in clause {
            write!(text, "{lit} ").expect("writing to a string");
        }
        text.push_str("0\n");
    }
    text
}

/// Runs `solver` (`cadical` or `minisat`) on the formula written at `path`:
/// the model, or `None` when there is none.
pub fn solve(solver: &str, path: &str, formula: &Formula) -> Option<Vec<bool>> {
    std::fs::write(path, dimacs(formula)).expect("writing the formula");
    let answer = format!("{path}.{solver}");
    let output = match solver {
        "minisat" => Command::new(solver)
            .args(["-verb=0", path, &answer])
            .output(),
        _ => Command::new(solver).args(["-q", path]).output(),
    };
    let output =
        output.unwrap_or_else(|e| panic!("running {solver} (apt-get install {solver}): {e}"));
    let text = match solver {
        "minisat" => std::fs::read_to_string(&answer).expect("minisat's answer"),
        _ => String::from_utf8_lossy(&output.stdout).into_owned(),
    };
    let mut lines = text.lines().map(str::trim);
    let mut model = vec![false; formula.count as usize + 1];
    let mut satisfiable = false;
    for line in lines.by_ref() {
        match line {
            "s UNSATISFIABLE" | "UNSAT" => return None,
            "s SATISFIABLE" | "SAT" => satisfiable = true,
            _ => {}
        }
        let literals = line.strip_prefix("v ").or(match solver {
            "minisat" if satisfiable && line != "SAT" => Some(line),
            _ => None,
        });
        for lit in literals.into_iter().flat_map(str::split_whitespace) {
            let lit: i32 = lit.parse().expect("a literal");
            if lit > 0 {
                model[lit as usize] = true;
            }
        }
    }
    assert!(satisfiable, "{solver} gave no answer: {text}");
    Some(model)
}

/// Asks CaDiCaL, and MiniSat again about a "no" when it is installed: the
/// model, and what to say of the question (its size, CaDiCaL's time, the
/// second opinion).
pub fn ask(path: &str, formula: &Formula) -> (Option<Vec<bool>>, String) {
    let began = std::time::Instant::now();
    let model = solve("cadical", path, formula);
    let mut said = format!(
        "{} variables, {} clauses, {:.1} s",
        formula.count,
        formula.clauses.len(),
        began.elapsed().as_secs_f64()
    );
    if model.is_none() {
        let installed = Command::new("minisat").arg("--help").output().is_ok();
        said += match (
            installed,
            installed && solve("minisat", path, formula).is_none(),
        ) {
            (false, _) => "; minisat not installed",
            (true, true) => "; minisat agrees",
            (true, false) => "; MINISAT DISAGREES",
        };
    }
    (model, said)
}

impl Vars {
    /// Which positions a model holds, and which of those are free.
    pub fn held_and_free(&self, model: &[bool], size: usize) -> (Vec<bool>, Vec<bool>) {
        let mut held = vec![false; size];
        let mut free = vec![false; size];
        for (&p, &v) in &self.held {
            held[p] = model[v as usize];
        }
        for (&p, &v) in &self.free {
            free[p] = model[v as usize] && held[p];
        }
        (held, free)
    }
}

impl DefenceFormula {
    /// The defence a model describes (a free position reserves nothing).
    pub fn defence(&self, model: &[bool], size: usize) -> Defence {
        let (held, free) = self.vars.held_and_free(model, size);
        let mut pairs: Vec<(&(usize, usize), &i32)> = self.vars.reserves.iter().collect();
        pairs.sort();
        let mut reserve = HashMap::new();
        for (&(p, q), &v) in pairs {
            if model[v as usize] && held[p] && !free[p] {
                reserve.entry(p).or_insert(q);
            }
        }
        Defence {
            held,
            reserve,
            free,
        }
    }
}
