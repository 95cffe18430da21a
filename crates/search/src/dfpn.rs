//! Proof-number search (df-pn) over Knight Court under the true rule, which
//! forbids repeating a position: can one side force mate within a horizon?
//!
//! Nothing here trusts the solved table's values; the table only seeds the
//! proof and disproof numbers, so a result is exact for the line played.
//!
//! # The graph-history interaction
//! Under the repetition ban a position's value depends on the line that
//! reached it: a move into any position already on the line is illegal. So
//! a solved result may be reused on another line only if that line forbids
//! the moves the result relied on, and leaves legal the moves it played.
//! Every solved entry keeps the set of positions its proof or disproof
//! *touched* in that sense: the move chosen where one move decides (the
//! attacker's in a proof, the defender's in a disproof), every forbidden
//! move where every move counts (allowed, it would be one more to answer),
//! and there one legal move when running out of them would end the game
//! the other way (a stalemate or mate the result did not count on). The
//! other moves where every move counts need not be kept: a line that
//! forbids them only takes moves from the side the result is against. Of
//! the touched set the entry also keeps the positions that were forbidden
//! because they lay on the line. It is reused on a new line only when the
//! new line meets the touched set in exactly the same forbidden
//! positions: then every move the stored tree plays is legal, every move
//! it relied on being forbidden still is, and the tree proves the same
//! thing. The unsolved proof and disproof numbers are only a guide to
//! where to look, so they are shared between lines freely.
//!
//! The depth is part of every result: a proof that mates in `k` plies holds
//! for any horizon of at least `k`; a disproof holds for any horizon up to
//! the one it was made for.
//!
//! # Ending the game, not only mating
//! A draw under the true rule is a stalemate, which only the ban creates
//! (no position without history is one). [`HorizonProof::counting_stalemates`]
//! asks the wider question a proof of a draw needs: can the attacker force
//! the game to *end* within the horizon without losing, by mating or by a
//! stalemate of either side? If both sides can, the position is a draw.

use crate::knight_court::value;
use crate::retrograde::{Table, Value};
use arbiter_core::PositionSpace;
use arbiter_knight_court::{for_each_legal, Color, KnightCourtSpace, Position};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

mod form;
mod gaps;
mod line;
mod report;
mod store;
mod touched;
use line::Line;
use report::Reporter;
pub use report::{Report, NEAR_ROOT};
use store::{Refused, Solved, Store, WhenFull};
use touched::{index_of_key, Touched, Unions};

/// An unreachable proof or disproof number: the node is solved the other way.
const INF: u64 = u64::MAX / 4;
/// The longest horizon a search may be asked for. The guide keeps numbers
/// for every position at every depth up to it (zeroed pages cost nothing
/// until the search reaches them).
pub const MAX_HORIZON: u32 = 127;
/// Solved entries kept per position, unless [`HorizonProof::keeping`] says
/// otherwise: the players' proofs at each move (host level 5) keep this
/// many, so that their documented games repeat exactly.
const PER_POSITION: usize = 6;
/// Solved entries per position for the long searches of `arbiter solve
/// --horizon`. Keeping more is far faster there: a deep search makes
/// hundreds of results for some positions, each for other lines, and once
/// the oldest is dropped to make room it is proved again and again. With
/// 128 a horizon of 67 plies ran for hours; with 512 it took twelve
/// minutes (docs/ai.md, "More results a position").
pub const LONG_SEARCH_ENTRIES: usize = 1024;

/// What a search proved about the attacker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The attacker forces mate within this many plies, whatever the
    /// defender does (the number is the length of the proof's longest line).
    /// When stalemates count ([`HorizonProof::counting_stalemates`]): the
    /// attacker forces the game to end within that many plies, by mate or
    /// stalemate.
    Mates(u32),
    /// The attacker cannot force mate (or, when stalemates count, an end
    /// it does not lose) within the horizon.
    NoMate,
}

/// One child of a node being searched.
struct Child {
    pos: Position,
    /// Where the child's results are stored, and how the line names it.
    index: u32,
    pn: u64,
    dn: u64,
    /// The nodes its searches have taken so far.
    work: u64,
    solved: Option<Rc<Solved>>,
}

/// The search: one attacker, one line, a horizon.
pub struct HorizonProof<'a> {
    table: &'a Table,
    attacker: Color,
    /// The positions on the line, the current one last.
    line: Line,
    /// Unsolved proof and disproof numbers per (position, depth left).
    guide: Vec<(u64, u64)>,
    /// The solved results, each position's in a list of its own.
    store: Store,
    /// Nodes expanded.
    pub nodes: u64,
    /// Solved entries reused from the store, and refused because the line
    /// differed in what they relied on.
    pub reused: u64,
    pub refused: u64,
    /// Stop once `nodes` reaches this ([`HorizonProof::prove_within`]).
    limit: Option<u64>,
    /// Stop at this moment too ([`HorizonProof::stop_at`]), and whether it
    /// has come.
    deadline: Option<Instant>,
    /// Stop when another thread raises this flag too
    /// ([`HorizonProof::stop_on`]).
    flag: Option<&'a AtomicBool>,
    expired: bool,
    /// Whether a stalemate, of either side, also proves
    /// ([`HorizonProof::counting_stalemates`]).
    stalemates_count: bool,
    unions: Unions,
    /// Each node's proof and disproof numbers from the root down to the
    /// node being searched, for reports.
    numbers_on_path: Vec<(u64, u64)>,
    /// The shallowest ply whose numbers were updated since the last
    /// report.
    updated_from: usize,
    reporter: Option<Reporter<'a>>,
}

fn index_of(pos: &Position) -> u32 {
    KnightCourtSpace.index(pos) as u32
}

impl<'a> HorizonProof<'a> {
    /// A search for `attacker`'s mates. Its store of solved results serves
    /// every line it is asked about.
    pub fn new(table: &'a Table, attacker: Color) -> Self {
        let size = KnightCourtSpace.size();
        HorizonProof {
            table,
            attacker,
            line: Line::new(),
            guide: vec![(0, 0); size * (MAX_HORIZON as usize + 1)],
            store: Store::new(size, PER_POSITION),
            nodes: 0,
            reused: 0,
            refused: 0,
            limit: None,
            deadline: None,
            flag: None,
            expired: false,
            stalemates_count: false,
            unions: Unions::default(),
            numbers_on_path: Vec::new(),
            updated_from: 0,
            reporter: None,
        }
    }

    /// The search for the attacker forcing the game to end without losing:
    /// a stalemate of either side proves as a mate does. Its store is its
    /// own (a result of one question never answers the other).
    pub fn counting_stalemates(mut self) -> Self {
        self.stalemates_count = true;
        self
    }

    /// The search keeping up to `entries` solved results per position
    /// (at least one) instead of the players' 6, and, when a position has
    /// its fill, dropping the result stored or found longest ago instead
    /// of the oldest (the players' proofs drop the oldest, so that their
    /// documented games repeat exactly). It searches other nodes, and
    /// answers the same.
    pub fn keeping(mut self, entries: usize) -> Self {
        self.store.per_position = entries.max(1);
        self.store.when_full = WhenFull::DropLeastRecentlyUsed;
        self
    }

    /// The search keeping its stored results within `bytes` of memory: once
    /// they hold more, those of the lowest priority (the nodes they took to
    /// make for each byte they hold, renewed whenever one is used) are
    /// dropped, whichever position they belong to, until the rest hold nine
    /// tenths of it. Like
    /// [`HorizonProof::keeping`], it changes what is searched and never an
    /// answer.
    pub fn within_bytes(mut self, bytes: usize) -> Self {
        self.store.budget = Some(bytes);
        self
    }

    /// The search telling `tell` how it is getting on every `every` nodes
    /// (at least 1). Reports change nothing that is searched.
    pub fn reporting(mut self, every: u64, tell: impl FnMut(&Report) + 'a) -> Self {
        self.reporter = Some(Reporter {
            every: every.max(1),
            tell: Box::new(tell),
        });
        self
    }

    fn report(&mut self) {
        let due = (self.reporter.as_ref()).is_some_and(|r| self.nodes.is_multiple_of(r.every));
        if !due {
            return;
        }
        debug_assert!(
            self.store.counts_truly(),
            "the store's count of its results"
        );
        let report = Report {
            nodes: self.nodes,
            reused: self.reused,
            refused: self.refused,
            results_stored: self.store.results,
            bytes_stored: self.stored_bytes(),
            dropped: self.store.dropped,
            numbers_near_root: self
                .numbers_on_path
                .iter()
                .take(NEAR_ROOT)
                .copied()
                .collect(),
            plies_deep: self.numbers_on_path.len(),
            updated_from: self.updated_from,
        };
        self.updated_from = self.numbers_on_path.len();
        if let Some(reporter) = &mut self.reporter {
            (reporter.tell)(&report);
        }
    }

    /// The memory the stored results hold now: each result, and each
    /// touched set once however many results share it (with the few sets
    /// of the nodes being searched, while they are searched).
    pub fn stored_bytes(&self) -> usize {
        self.store.bytes(&self.unions)
    }

    /// Every later [`HorizonProof::prove_within`] also gives up at `at` (a
    /// host's deadline). Searches limited only in nodes repeat exactly;
    /// one that meets a deadline does not.
    pub fn stop_at(&mut self, at: Option<Instant>) {
        self.deadline = at;
    }

    /// Every later [`HorizonProof::prove_within`] also gives up once `flag`
    /// is raised (a UCI `stop`), like a deadline that has come.
    pub fn stop_on(&mut self, flag: &'a AtomicBool) {
        self.flag = Some(flag);
    }

    fn enter(&mut self, index: u32) {
        self.line.enter(index);
    }

    fn leave(&mut self) {
        self.line.leave();
    }

    fn on_line(&self, index: u32) -> bool {
        self.line.contains(index)
    }

    /// Whether the attacker forces mate within `horizon` plies from `pos`,
    /// after the line `history` (the keys of every position so far, `pos`'s
    /// last).
    pub fn prove(&mut self, history: &[u32], pos: &Position, horizon: u32) -> Verdict {
        self.limit = None;
        self.run(history, pos, horizon)
            .expect("a search without a node limit finishes")
    }

    /// Like [`HorizonProof::prove`], but gives up (`None`) once the search
    /// has expanded `limit` nodes in all (counting earlier calls). What it
    /// solved before giving up stays in the store: every solved result is
    /// exact, whether or not the question that led to it was answered.
    pub fn prove_within(
        &mut self,
        history: &[u32],
        pos: &Position,
        horizon: u32,
        limit: u64,
    ) -> Option<Verdict> {
        self.limit = Some(limit);
        let verdict = self.run(history, pos, horizon);
        self.limit = None;
        verdict
    }

    fn out_of_nodes(&mut self) -> bool {
        // The clock and the flag are read every 1,024 nodes, and once
        // either says stop the search stays stopped.
        if !self.expired && self.nodes.is_multiple_of(1024) {
            let late = self.deadline.is_some_and(|at| Instant::now() >= at);
            let raised = self.flag.is_some_and(|f| f.load(Ordering::Relaxed));
            self.expired = late || raised;
        }
        self.expired || self.limit.is_some_and(|limit| self.nodes >= limit)
    }

    fn run(&mut self, history: &[u32], pos: &Position, horizon: u32) -> Option<Verdict> {
        assert!(horizon <= MAX_HORIZON, "horizon at most {MAX_HORIZON}");
        assert_eq!(history.last(), Some(&pos.key()), "pos ends the line");
        // The search enters `pos` itself.
        self.updated_from = 0;
        self.line.reset(
            history[..history.len() - 1]
                .iter()
                .map(|&key| index_of_key(key)),
        );
        let mut root = Child {
            pos: *pos,
            index: index_of(pos),
            pn: 1,
            dn: 1,
            work: 0,
            solved: None,
        };
        while root.solved.is_none() {
            if self.out_of_nodes() {
                return None;
            }
            self.search(&mut root, horizon, INF - 1, INF - 1);
        }
        Some(match root.solved.expect("solved").proof {
            Some(plies) => Verdict::Mates(plies),
            None => Verdict::NoMate,
        })
    }

    /// A stored result for the child at `depth` that holds on the line
    /// with the child added.
    fn lookup(&mut self, child: &Child, depth: u32) -> Option<Rc<Solved>> {
        match self.store.find(child.index, depth, &self.line) {
            Ok(solved) => {
                self.reused += 1;
                Some(solved)
            }
            Err(refused) => {
                if let Refused::OnThisLine = refused {
                    self.refused += 1;
                }
                None
            }
        }
    }

    fn guide_slot(index: u32, depth: u32) -> usize {
        index as usize * (MAX_HORIZON as usize + 1) + depth as usize
    }

    /// First proof and disproof numbers of an unexamined node, from the
    /// table: a node the table calls won for the attacker in time is cheap
    /// to prove, one it calls drawn or lost is cheap to disprove.
    fn seed(&self, pos: &Position, index: u32, depth: u32) -> (u64, u64) {
        let stored = self.guide[Self::guide_slot(index, depth)];
        if stored != (0, 0) {
            return stored;
        }
        let attacking = pos.turn() == self.attacker;
        let for_attacker = match value(self.table, pos) {
            Value::Win(d) if attacking => Some(d as u32),
            Value::Loss(d) if !attacking => Some(d as u32),
            Value::Draw => None,
            _ => return (8, 1),
        };
        match for_attacker {
            Some(d) if d <= depth => (1, 4),
            _ => (3, 1),
        }
    }

    /// Searches `node` (not on the line) with `depth` plies left until it
    /// is solved or its numbers pass the thresholds.
    fn search(&mut self, node: &mut Child, depth: u32, th_pn: u64, th_dn: u64) {
        let start = self.nodes;
        self.nodes += 1;
        self.report();
        let attacking = node.pos.turn() == self.attacker;
        self.enter(node.index);
        let mut children: Vec<Child> = Vec::new();
        let mut forbidden: Vec<u32> = Vec::new();
        for_each_legal(&node.pos, |mv| {
            let pos = node.pos.play_unchecked(mv);
            let index = index_of(&pos);
            if self.on_line(index) {
                forbidden.push(index);
            } else {
                children.push(Child {
                    pos,
                    index,
                    pn: 0,
                    dn: 0,
                    work: 0,
                    solved: None,
                });
            }
        });
        if children.is_empty() || depth == 0 {
            // No legal move, or the horizon with a move left (no end). What
            // this relied on: without a move, every forbidden move, which
            // would give it one; at the horizon, no forbidden move (another
            // move changes nothing), but one legal move if running out of
            // them would end the game in the attacker's favour.
            let ends_without_a_move = self.ends_without_a_move(&node.pos, attacking);
            let (proof, mut touched) = match children.first() {
                None => (ends_without_a_move.then_some(0), forbidden.clone()),
                Some(first) => {
                    forbidden.clear();
                    (
                        None,
                        Vec::from_iter(ends_without_a_move.then_some(first.index)),
                    )
                }
            };
            let depth_held = if children.is_empty() { MAX_HORIZON } else { 0 };
            touched.sort_unstable();
            touched.dedup();
            // Of these, the forbidden moves are on the line, and the legal
            // one is not.
            let touched = self.unions.set_of(&touched);
            node.work += self.nodes - start;
            self.finish(node, proof, depth_held, touched, forbidden);
            return;
        }
        for child in &mut children {
            match self.lookup(child, depth - 1) {
                Some(solved) => {
                    (child.pn, child.dn) = if solved.proof.is_some() {
                        (0, INF)
                    } else {
                        (INF, 0)
                    };
                    child.solved = Some(solved);
                }
                None => (child.pn, child.dn) = self.seed(&child.pos, child.index, depth - 1),
            }
        }
        // Most promising first, and in a fixed order among equals.
        children.sort_by_key(|c| (if attacking { c.pn } else { c.dn }, c.index));
        let ply = self.numbers_on_path.len();
        self.numbers_on_path.push((0, 0));
        loop {
            let (pn, dn) = numbers(&children, attacking);
            self.numbers_on_path[ply] = (pn, dn);
            self.updated_from = self.updated_from.min(ply);
            if pn == 0 || dn == 0 {
                self.numbers_on_path.pop();
                node.work += self.nodes - start;
                self.solve(node, &children, &forbidden, depth, attacking, pn == 0);
                return;
            }
            // Out of nodes: leave as if a threshold was passed; the root
            // then gives up.
            if pn >= th_pn || dn >= th_dn || self.out_of_nodes() {
                self.numbers_on_path.pop();
                node.work += self.nodes - start;
                (node.pn, node.dn) = (pn, dn);
                self.guide[Self::guide_slot(node.index, depth)] = (pn, dn);
                self.leave();
                return;
            }
            let (best, second) = best_two(&children, attacking);
            let child = &children[best];
            let (cpn, cdn) = (child.pn, child.dn);
            let (child_pn, child_dn) = if attacking {
                (
                    th_pn.min(grow(second)),
                    (th_dn - dn).saturating_add(cdn).min(INF - 1),
                )
            } else {
                (
                    (th_pn - pn).saturating_add(cpn).min(INF - 1),
                    th_dn.min(grow(second)),
                )
            };
            let child = &mut children[best];
            self.search(child, depth - 1, child_pn, child_dn);
        }
    }

    /// Whether the side to move at `pos`, left without a legal move, ends
    /// the game in the attacker's favour: mated if in check (a proof when
    /// the defender is to move, never when the attacker is), otherwise
    /// stalemated, which proves only when stalemates count.
    fn ends_without_a_move(&self, pos: &Position, attacking: bool) -> bool {
        if pos.is_check() {
            !attacking
        } else {
            self.stalemates_count
        }
    }

    /// Solves `node` from its children and stores the result.
    fn solve(
        &mut self,
        node: &mut Child,
        children: &[Child],
        forbidden: &[u32],
        depth: u32,
        attacking: bool,
        proven: bool,
    ) {
        fn solved(c: &Child) -> &Solved {
            c.solved.as_deref().expect("a solved child")
        }
        // A proof at the attacker's node or a disproof at the defender's
        // rests on one child, which the line must leave legal; the others
        // rest on every child, but a line that forbids some of those only
        // takes moves from the side the result is against, which changes
        // nothing, unless it takes them all and so ends the game the other
        // way: then one of them, any, must stay legal.
        let one = attacking == proven;
        let needs_a_move = !one && self.ends_without_a_move(&node.pos, attacking) != proven;
        // The forbidden moves matter only where every move counts: a line
        // that allowed one of them would give that side another move.
        let mut indices: Vec<u32> = if one { Vec::new() } else { forbidden.to_vec() };
        // What the result touched on the line: those forbidden moves, and
        // what each child it rests on touched on the line. A child's
        // result, made here or checked against this line when reused, met
        // the line with the child added in exactly its forbidden set; of
        // that, all but the child itself is on this node's line.
        let mut on_line = indices.clone();
        let mut met_by_child = |c: &Child, s: &Solved| {
            on_line.extend(s.forbidden.iter().copied().filter(|&k| k != c.index));
        };
        let mut rested_on: Vec<&Touched> = Vec::new();
        let proof;
        if one {
            let pick = children
                .iter()
                .filter(|c| if proven { c.pn == 0 } else { c.dn == 0 })
                .min_by_key(|c| {
                    let s = solved(c);
                    (s.proof.unwrap_or(0), s.touched.len(), c.index)
                })
                .expect("a solving child");
            let s = solved(pick);
            met_by_child(pick, s);
            indices.push(pick.index);
            proof = s.proof.map(|plies| plies + 1);
            rested_on.push(&s.touched);
        } else {
            let mut longest = 0;
            for c in children {
                let s = solved(c);
                met_by_child(c, s);
                longest = longest.max(s.proof.unwrap_or(0) + 1);
                rested_on.push(&s.touched);
            }
            if needs_a_move {
                indices.push(children[0].index);
            }
            proof = proven.then_some(longest);
        }
        indices.sort_unstable();
        indices.dedup();
        let touched = self.unions.union_of(&indices, &rested_on);
        self.finish(node, proof, depth, touched, on_line);
    }

    /// Records `node` as solved, with what it touched, and of that, what
    /// lies on the line with the node itself (`forbidden`, in any order):
    /// the node is on the line of any search of it.
    fn finish(
        &mut self,
        node: &mut Child,
        proof: Option<u32>,
        depth: u32,
        touched: Touched,
        mut forbidden: Vec<u32>,
    ) {
        self.leave();
        forbidden.sort_unstable();
        forbidden.dedup();
        // Found from the children's results, not by walking the whole
        // touched set again; the store checks it in debug builds.
        let solved = Solved {
            proof,
            depth,
            work: node.work.min(u32::MAX as u64) as u32,
            touched,
            forbidden: forbidden.into_boxed_slice(),
        };
        (node.pn, node.dn) = if proof.is_some() { (0, INF) } else { (INF, 0) };
        node.solved = Some((self.store).put_made_on(node.index, solved, &self.unions, &self.line));
    }
}

/// The node's proof and disproof numbers from its children's.
fn numbers(children: &[Child], attacking: bool) -> (u64, u64) {
    let min_pn = children.iter().map(|c| c.pn).min().unwrap_or(INF);
    let min_dn = children.iter().map(|c| c.dn).min().unwrap_or(INF);
    let sum = |f: fn(&Child) -> u64| {
        children
            .iter()
            .map(f)
            .fold(0u64, |a, b| a.saturating_add(b))
            .min(INF)
    };
    if attacking {
        (min_pn, sum(|c| c.dn))
    } else {
        (sum(|c| c.pn), min_dn)
    }
}

/// The child to search (least proof number at the attacker's node, least
/// disproof number at the defender's) and the second-least number.
fn best_two(children: &[Child], attacking: bool) -> (usize, u64) {
    let key = |c: &Child| if attacking { c.pn } else { c.dn };
    let mut best = 0;
    for (i, c) in children.iter().enumerate() {
        if key(c) < key(&children[best]) {
            best = i;
        }
    }
    let second = children
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != best)
        .map(|(_, c)| key(c))
        .min()
        .unwrap_or(INF);
    (best, second)
}

/// The child's threshold from the second-best number, with a quarter more
/// room (the 1 + epsilon trick) so the search switches children less often.
fn grow(second: u64) -> u64 {
    if second >= INF - 1 {
        INF - 1
    } else {
        (second + 1).max(second + second / 4)
    }
}
