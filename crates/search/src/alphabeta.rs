//! Iterative-deepening alpha-beta (negamax) for alternating duels, over a
//! small per-game interface ([`Duel`]) of copyable positions.
//!
//! - Transposition table keyed by the game's exact position key (hashed to
//!   pick a slot, compared in full on probe), storing bounds and the best
//!   move.
//! - Move ordering: the hash move, then noisy moves (captures, winning
//!   passes), then two killers per ply, then the history heuristic.
//! - Quiescence over noisy moves at the horizon, with stand-pat.
//! - Root moves are shuffled by the seed before ordering, so equal moves
//!   vary from game to game but a fixed seed and node budget repeat.
//!
//! # Repetition and the transposition table
//!
//! Knight Court and Knight Moves forbid repeating any earlier position, so
//! a position's value depends on the path that reached it. The searcher
//! carries the path: a move is generated only if its position is neither in
//! the game's real history nor on the current search line, so every line it
//! considers is a legal game. The value of a node whose subtree ever
//! refused a move for repetition is *history-dependent*; the flag climbs to
//! every ancestor, and dependent values are stored in the table only as a
//! move-ordering hint, never as a score. Independent values are stored and
//! reused. What remains is the classic graph-history interaction: a stored
//! independent value reused under a history that would ban a move deep in
//! its line. We accept that error: it can change an evaluation, never the
//! legality of a move played, because the root moves come from the real
//! game and every line is rechecked against the real history as it is
//! searched again.

use crate::player::{Budget, DECIDED};
use arbiter_core::Seed;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A decided value: mate at ply p scores ±(MATE - p).
pub const MATE: i32 = DECIDED;
const INF: i32 = MATE + 1;
/// Scores beyond this are wins or losses found by search.
pub const MATE_BOUND: i32 = MATE - 10_000;
const MAX_PLY: usize = 128;

mod duel;
mod features;
mod lines;
mod node;
mod pv;
mod quiescence;
mod table;

pub use duel::Duel;
pub use features::Features;
use features::*;
pub use lines::{Line, OnLines};
use table::*;
pub use table::{Table, TT_SLOTS};

/// Called after every completed iteration with its result and the
/// principal variation.
pub type OnDepth<'a, M> = dyn FnMut(&Found<M>, &[M]) + 'a;

/// What a search found.
#[derive(Clone, Debug)]
pub struct Found<M> {
    pub best: Option<M>,
    /// For the side to move; beyond ±(MATE - 10000) a forced result.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// How full the transposition table is, in thousandths (UCI's
    /// `hashfull`), from a sample of its first slots.
    pub hashfull: u32,
}

/// Moves with the positions they lead to.
type Children<D> = Vec<(<D as Duel>::Move, <D as Duel>::Pos)>;

/// One search: all its state lives here and dies with it, so searchers are
/// independent and a bot stays `Sync`.
pub struct Searcher<'g, D: Duel> {
    game: &'g D::Game,
    /// The game's real history, when [`Duel::history`] gives it.
    real_history: Option<Vec<D::Key>>,
    path: Vec<D::Key>,
    tt: Vec<Option<Entry<D>>>,
    /// The table's generation: entries of others are empty slots.
    generation: u8,
    killers: [[Option<D::Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    nodes: u64,
    limit: Option<u64>,
    deadline: Option<Instant>,
    stopped: bool,
    /// A flag another thread may raise to stop the search (UCI `stop`).
    halt: Option<&'g AtomicBool>,
    features: Features,
    /// Whether the node being entered was reached by a null move (no two
    /// in a row).
    after_null: bool,
    quiescence_plies: u32,
    /// The depth of the current iteration.
    root_depth: u32,
    /// The root moves to choose among, when not all ([`Searcher::only_moves`]).
    only: Option<Vec<D::Move>>,
    /// The principal variation below each ply of the line being searched
    /// (the triangular table; see `pv.rs`); at ply 0, the line of the best
    /// root move of the last root pass, that move first.
    pv: Vec<Vec<D::Move>>,
}

impl<'g, D: Duel> Searcher<'g, D> {
    pub fn new(game: &'g D::Game, budget: Budget) -> Searcher<'g, D> {
        Searcher::on_table(game, budget, Table::new())
    }

    /// [`Searcher::new`] with the table `table` (emptied, or kept from an
    /// earlier search of the same game) rather than a new usual one. Every
    /// table's size is a power of two (see `slot`), as [`Table`] makes them.
    pub fn on_table(game: &'g D::Game, budget: Budget, table: Table<D>) -> Searcher<'g, D> {
        let (limit, deadline) = budget.limits();
        Searcher {
            game,
            real_history: D::history(game),
            path: Vec::with_capacity(MAX_PLY),
            tt: table.slots,
            generation: table.generation,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 4096],
            nodes: 0,
            limit,
            deadline,
            stopped: false,
            halt: None,
            features: D::features(),
            after_null: false,
            quiescence_plies: 4,
            root_depth: 1,
            only: None,
            pv: vec![Vec::new(); MAX_PLY + 1],
        }
    }

    /// How full the table is, in thousandths: the share of the first
    /// thousand slots (or all, in a smaller table) that hold an entry, as
    /// strong engines sample it rather than count every slot.
    pub fn hashfull(&self) -> u32 {
        let sample = &self.tt[..self.tt.len().min(1000)];
        let used = sample
            .iter()
            .flatten()
            .filter(|e| e.generation == self.generation)
            .count();
        (used * 1000 / sample.len()) as u32
    }

    /// The table, for the next search.
    pub fn into_table(self) -> Table<D> {
        Table {
            slots: self.tt,
            generation: self.generation,
        }
    }

    /// The search with only `features` switched on.
    pub fn with_features(mut self, features: Features) -> Searcher<'g, D> {
        self.features = features;
        self
    }

    /// Choose only among `moves` at the root (those of them that are legal);
    /// the search below the root is unchanged. A player that has proved the
    /// other moves lose uses this.
    pub fn only_moves(mut self, moves: Vec<D::Move>) -> Searcher<'g, D> {
        self.only = Some(moves);
        self
    }

    /// Also stop as soon as `flag` is raised.
    pub fn stop_on(mut self, flag: &'g AtomicBool) -> Searcher<'g, D> {
        self.halt = Some(flag);
        self
    }

    /// Like [`Searcher::run`], calling `on_depth` with the result and the
    /// principal variation after every completed iteration.
    pub fn run_reporting(
        &mut self,
        max_depth: u32,
        seed: Seed,
        on_depth: &mut OnDepth<'_, D::Move>,
    ) -> Found<D::Move> {
        self.iterate(max_depth, seed, on_depth)
    }

    /// Iterative deepening up to `max_depth` plies; the result of the last
    /// completed iteration, or a move that beat it in the unfinished one
    /// (or the first move, if none completed). A lone legal move gets one
    /// iteration, enough to score it.
    pub fn run(&mut self, max_depth: u32, seed: Seed) -> Found<D::Move> {
        self.iterate(max_depth, seed, &mut |_, _| {})
    }

    fn iterate(
        &mut self,
        max_depth: u32,
        seed: Seed,
        on_depth: &mut OnDepth<'_, D::Move>,
    ) -> Found<D::Move> {
        let (root, mut moves) = self.root_moves(seed);
        let mut found = Found {
            best: moves.first().map(|m| m.0),
            score: 0,
            depth: 0,
            nodes: 0,
            hashfull: 0,
        };
        if moves.is_empty() {
            return found;
        }
        // A lone move is forced. One iteration still scores it and gives
        // the line reported with it (a GUI's last `info`, the analysis
        // board's evaluation); deeper ones would spend the budget on a
        // choice already made.
        let max_depth = if moves.len() == 1 {
            max_depth.min(1)
        } else {
            max_depth
        };
        for depth in 1..=max_depth.min(MAX_PLY as u32 - 8) {
            self.root_depth = depth;
            // The previous best first.
            if let Some(best) = found.best {
                if let Some(i) = moves.iter().position(|m| m.0 == best) {
                    moves[..=i].rotate_right(1);
                }
            }
            // Aspiration: a window around the last score, widened to the
            // full range on the side it fails.
            let (mut lo, mut hi) =
                if self.features.pvs && depth >= 4 && found.score.abs() < MATE_BOUND {
                    (found.score - ASPIRATION, found.score + ASPIRATION)
                } else {
                    (-INF, INF)
                };
            let best = loop {
                let best = self.root_pass(&moves, depth, lo, hi);
                match best {
                    Some((_, score)) if !self.stopped && score <= lo && lo > -INF => lo = -INF,
                    Some((_, score)) if !self.stopped && score >= hi && hi < INF => hi = INF,
                    _ => break best,
                }
            };
            if self.stopped {
                // Anytime: the previous best was searched first, so a move
                // that beat it in this unfinished iteration is better.
                if let Some((mv, score)) = best.filter(|_| depth > 1) {
                    found.best = Some(mv);
                    found.score = score;
                }
                break;
            }
            let (mv, score) = best.expect("a root move searched");
            found = Found {
                best: Some(mv),
                score,
                depth,
                nodes: self.nodes,
                hashfull: self.hashfull(),
            };
            let line = std::mem::take(&mut self.pv[0]);
            let pv = self.principal_variation(&root, &line, depth, score);
            on_depth(&found, &pv);
            if score.abs() > MATE_BOUND {
                break;
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// The root and its moves (those of [`Searcher::only_moves`], if
    /// given), shuffled by `seed`.
    fn root_moves(&self, seed: Seed) -> (D::Pos, Children<D>) {
        let root = D::root(self.game);
        let mut moves = Vec::new();
        D::children(&root, &|p| self.seen(&D::key(p)), &mut moves);
        if let Some(only) = &self.only {
            moves.retain(|(mv, _)| only.contains(mv));
        }
        seed.rng().shuffle(&mut moves);
        (root, moves)
    }

    /// One pass over the root moves within (`alpha`, `beta`): the best
    /// move and its score (a bound if it fell outside the window).
    fn root_pass(
        &mut self,
        moves: &[(D::Move, D::Pos)],
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(D::Move, i32)> {
        let mut best: Option<(D::Move, i32)> = None;
        for (i, &(mv, child)) in moves.iter().enumerate() {
            let key = D::key(&child);
            self.path.push(key);
            let narrow = self.features.pvs && i > 0;
            let (s, _) = if narrow {
                self.search(&child, key, depth - 1, -(alpha + 1), -alpha, 1)
            } else {
                self.search(&child, key, depth - 1, -beta, -alpha, 1)
            };
            let mut score = -s;
            if narrow && !self.stopped && score > alpha && score < beta {
                score = -self.search(&child, key, depth - 1, -beta, -alpha, 1).0;
            }
            self.path.pop();
            if self.stopped {
                break;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((mv, score));
                self.raise_line(0, mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if let Some(limit) = self.limit {
            self.stopped |= self.nodes >= limit;
        }
        if self.nodes.is_multiple_of(256) {
            if let Some(deadline) = self.deadline {
                self.stopped |= Instant::now() >= deadline;
            }
            if let Some(flag) = self.halt {
                self.stopped |= flag.load(Ordering::Relaxed);
            }
        }
        self.stopped
    }
}

/// Searches `game` within `budget` and returns the best move.
pub fn best_move<D: Duel>(game: &D::Game, budget: Budget, seed: Seed) -> Found<D::Move> {
    Searcher::<D>::new(game, budget).run(64, seed)
}
