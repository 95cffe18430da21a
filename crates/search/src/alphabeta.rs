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
use arbiter_core::{Game, Seed};
use std::cell::Cell;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A decided value: mate at ply p scores ±(MATE - p).
pub const MATE: i32 = DECIDED;
const INF: i32 = MATE + 1;
/// Scores beyond this are wins or losses found by search.
const MATE_BOUND: i32 = MATE - 10_000;
const MAX_PLY: usize = 128;

/// What alpha-beta needs of an alternating two-seat game.
pub trait Duel: 'static {
    /// The game, a duel of the shared interface whose positions and moves
    /// these are.
    type Game: arbiter_core::duel::Duel<Position = Self::Pos, Move = Self::Move>
        + Game<Action = Self::Move>;
    type Pos: Copy;
    type Move: Copy + Eq + std::fmt::Display + Send;
    type Key: Copy + Eq + Hash + Send;

    /// The current position of a game.
    fn root(game: &Self::Game) -> Self::Pos {
        *arbiter_core::duel::Duel::current(game)
    }
    /// Whether a position with `key` occurred in the game's real history.
    fn seen(game: &Self::Game, key: &Self::Key) -> bool;
    /// The keys of the game's real history, for games whose [`Duel::seen`]
    /// costs too much to ask of every child searched: a [`Searcher`] then
    /// asks this once and looks keys up with [`Duel::among`]. `None` (the
    /// default) asks `seen` each time.
    fn history(_game: &Self::Game) -> Option<Vec<Self::Key>> {
        None
    }
    /// Whether `key` is among the keys [`Duel::history`] gave (a game that
    /// sorts them may search faster than this scan).
    fn among(history: &[Self::Key], key: &Self::Key) -> bool {
        history.contains(key)
    }
    fn key(pos: &Self::Pos) -> Self::Key;
    /// A well-mixed 64-bit hash of a key, for the table's slots.
    fn hash(key: &Self::Key) -> u64;
    /// `Some(score)` for the side to move if the game ended before it moved
    /// (Knight Moves: a ball is home): usually `-MATE`.
    fn decided(pos: &Self::Pos) -> Option<i32>;
    /// Every legal move with its child, refusing children for which
    /// `repeats` holds (the rules decide what else a refusal changes).
    fn children(
        pos: &Self::Pos,
        repeats: &dyn Fn(&Self::Pos) -> bool,
        out: &mut Vec<(Self::Move, Self::Pos)>,
    );
    /// Whether repeating a position is only to be avoided, not a rule: a
    /// turn that repeats is refused unless every turn does (Progressive
    /// Chess). The searcher then tests a child only when it is about to
    /// search it (most are never searched, for a cutoff comes first), and
    /// [`Duel::children`] is given a test that never refuses.
    const AVOIDS_REPEATS: bool = false;
    /// Whether `mv` may repeat a position at all, for games that
    /// [`Duel::AVOIDS_REPEATS`].
    fn may_repeat(_mv: &Self::Move) -> bool {
        true
    }
    /// The position after `mv` if it is one of [`Duel::children`]'s moves
    /// in `pos` (checked: a table move may come from a colliding key), or
    /// `None` when the game cannot tell without generating them all. The
    /// table's move is searched before the other moves are generated, and
    /// often cuts them off.
    fn child(_pos: &Self::Pos, _mv: &Self::Move) -> Option<Self::Pos> {
        None
    }
    /// Whether the searcher should list an inner node's moves with
    /// [`Duel::moves`] and build each child with [`Duel::play`] only when
    /// it searches it. For games whose positions are large, most children
    /// are never searched (a cutoff comes first), so building them all
    /// costs more than it saves. Only games that [`Duel::AVOIDS_REPEATS`]
    /// use it: the others refuse a repeat while generating, which needs
    /// the child.
    const LAZY: bool = false;
    /// [`Duel::children`]'s moves, in the same order, without their
    /// positions (for [`Duel::LAZY`] games; this default builds them).
    fn moves(pos: &Self::Pos, out: &mut Vec<Self::Move>) {
        let mut children = Vec::new();
        Self::children(pos, &|_| false, &mut children);
        out.extend(children.into_iter().map(|(mv, _)| mv));
    }
    /// The position after `mv`, one of [`Duel::moves`]' moves in `pos` (for
    /// [`Duel::LAZY`] games; this default generates every child to find it).
    fn play(pos: &Self::Pos, mv: &Self::Move) -> Self::Pos {
        let mut children = Vec::new();
        Self::children(pos, &|_| false, &mut children);
        children
            .into_iter()
            .find(|(m, _)| m == mv)
            .expect("a move of this position")
            .1
    }
    /// Whether [`Duel::in_check`] means anything here: quiescence then
    /// stands pat before it generates captures when not in check.
    const CHECKS: bool = false;
    /// The value for the side to move when it has no legal move: `-MATE`
    /// for a loss, 0 for a draw.
    fn stuck(pos: &Self::Pos) -> i32;
    /// Static value for the side to move.
    fn evaluate(pos: &Self::Pos) -> i32;
    /// Captures and other moves quiescence must look at.
    fn is_noisy(pos: &Self::Pos, mv: &Self::Move) -> bool;
    /// The noisy children (as [`Duel::children`] filtered by
    /// [`Duel::is_noisy`]), and whether the side to move has any legal move
    /// at all. Games whose full move list is costly generate only what
    /// quiescence needs here.
    fn noisy_children(
        pos: &Self::Pos,
        repeats: &dyn Fn(&Self::Pos) -> bool,
        out: &mut Vec<(Self::Move, Self::Pos)>,
    ) -> bool {
        Self::children(pos, repeats, out);
        let any = !out.is_empty();
        out.retain(|(mv, _)| Self::is_noisy(pos, mv));
        any
    }
    /// The children by quiet moves (not [`Duel::is_noisy`]) that give
    /// check, for [`Features::quiet_checks`] (none by default).
    fn quiet_checks(_pos: &Self::Pos, _out: &mut Vec<(Self::Move, Self::Pos)>) {}
    /// How much a noisy move wins, to order captures by the victim's
    /// value first, then the cheapest attacker (0 where nothing is taken).
    fn capture_value(_pos: &Self::Pos, _mv: &Self::Move) -> i32 {
        0
    }
    /// Whether the side to move is in check (no null move, no reduction).
    fn in_check(_pos: &Self::Pos) -> bool {
        false
    }
    /// The position with the side to move passing, for null-move pruning:
    /// `None` where the rules or zugzwang make a pass meaningless (the
    /// default: games that have not opted in never prune this way).
    fn null_child(_pos: &Self::Pos) -> Option<Self::Pos> {
        None
    }
    /// The search features this game plays with by default (see
    /// [`Features`]): what its matches kept.
    fn features() -> Features {
        Features::default()
    }
    /// A small index (< 4096) for the history heuristic.
    fn move_index(mv: &Self::Move) -> usize;
}

/// Called after every completed iteration with its result and the
/// principal variation.
pub type OnDepth<'a, M> = dyn FnMut(&Found<M>, &[M]) + 'a;

/// The search techniques that can be switched on and off, so that each can
/// be measured against the search without it (`arbiter uci` takes them as
/// UCI options). Each game starts from [`Duel::features`]; these defaults
/// (late-move reductions only) are the games that were not measured again.
/// Progressive Chess keeps what won its matches in docs/ai.md
/// (`games/progressive_chess.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Principal-variation search (null windows after the first move) and
    /// aspiration windows at the root.
    pub pvs: bool,
    /// Null-move pruning, where the game offers a null move.
    pub null_move: bool,
    /// Late-move reductions of quiet moves.
    pub lmr: bool,
    /// Captures ordered by the victim's value, then the attacker's.
    pub capture_order: bool,
    /// Checks: a node in check is searched a ply deeper (check extension),
    /// quiescence answers a check with every evasion instead of standing
    /// pat, and mate-distance pruning.
    pub checks: bool,
    /// A timed player keeps its transposition table from one search to the
    /// next (node budgets always start afresh, so they repeat exactly).
    pub keep_table: bool,
    /// Deeper late-move reductions: about ln(depth)·ln(move number)/2
    /// plies instead of one or two.
    pub deep_lmr: bool,
    /// Futility pruning: at depth 1 and 2, out of check, quiet late moves
    /// are skipped when the static value is a margin below alpha.
    pub futility: bool,
    /// Quiet checks: the first ply of quiescence also tries the moves that
    /// give check ([`Duel::quiet_checks`]), so a series of checks that
    /// mates just past the horizon is followed (with `checks`, each
    /// evasion is then answered in full).
    pub quiet_checks: bool,
    /// Selective pruning away from the principal variation (nodes searched
    /// with a null window, so it needs `pvs` to matter): reverse futility
    /// (a static value a margin above beta near the horizon is taken as a
    /// cutoff), late-move pruning (near the horizon, quiet moves past a
    /// count are skipped), and late-move reductions one ply deeper there
    /// than on the principal variation.
    pub prune: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            pvs: false,
            null_move: false,
            lmr: true,
            capture_order: false,
            checks: false,
            keep_table: false,
            deep_lmr: false,
            futility: false,
            quiet_checks: false,
            prune: false,
        }
    }
}

impl Features {
    /// The names `arbiter uci` offers as UCI options.
    pub const NAMES: [&'static str; 10] = [
        "PVS",
        "NullMove",
        "LMR",
        "CaptureOrder",
        "Checks",
        "KeepTable",
        "DeepLMR",
        "Futility",
        "QuietChecks",
        "Prune",
    ];

    /// Whether the feature named `name` is on (`false` for unknown names).
    pub fn get(&self, name: &str) -> bool {
        let mut copy = *self;
        // Setting a copy to false tells whether it was on.
        copy.set(name, false) && copy != *self
    }

    /// Sets the feature named `name` (as in [`Features::NAMES`]).
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let flag = match name {
            "PVS" => &mut self.pvs,
            "NullMove" => &mut self.null_move,
            "LMR" => &mut self.lmr,
            "CaptureOrder" => &mut self.capture_order,
            "Checks" => &mut self.checks,
            "KeepTable" => &mut self.keep_table,
            "DeepLMR" => &mut self.deep_lmr,
            "Futility" => &mut self.futility,
            "QuietChecks" => &mut self.quiet_checks,
            "Prune" => &mut self.prune,
            _ => return false,
        };
        *flag = on;
        true
    }
}

/// Futility margin per ply of depth left, in evaluation units.
const FUTILITY: i32 = 200;

/// Reverse futility: the margin per ply of depth left by which a static
/// value must clear beta to be taken as a cutoff, and the deepest depth.
const REVERSE_FUTILITY: i32 = 120;
const REVERSE_FUTILITY_DEPTH: u32 = 3;

/// Late-move pruning: at depth `d` (at most this), quiet moves after the
/// first `3 + d * d` are skipped away from the principal variation.
const LATE_MOVE_DEPTH: u32 = 3;

/// Half-width of the root's aspiration window, in evaluation units.
const ASPIRATION: i32 = 60;

/// What a search found.
#[derive(Clone, Debug)]
pub struct Found<M> {
    pub best: Option<M>,
    /// For the side to move; beyond ±(MATE - 10000) a forced result.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Entry<D: Duel> {
    key: D::Key,
    depth: u8,
    score: i32,
    bound: Bound,
    best: Option<D::Move>,
    /// Whether `score` may be reused (see the module notes).
    scored: bool,
}

impl<D: Duel> Clone for Entry<D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D: Duel> Copy for Entry<D> {}

/// Table slots (a power of two).
const TT_SLOTS: usize = 1 << 17;

/// A transposition table, which a player may carry from one search to the
/// next ([`Searcher::with_table`], [`Searcher::into_table`]).
pub struct Table<D: Duel> {
    slots: Vec<Option<Entry<D>>>,
}

impl<D: Duel> Table<D> {
    pub fn new() -> Table<D> {
        Table {
            slots: vec![None; TT_SLOTS],
        }
    }
}

impl<D: Duel> Default for Table<D> {
    fn default() -> Table<D> {
        Table::new()
    }
}

/// One search: all its state lives here and dies with it, so searchers are
/// independent and a bot stays `Sync`.
pub struct Searcher<'g, D: Duel> {
    game: &'g D::Game,
    /// The game's real history, when [`Duel::history`] gives it.
    real_history: Option<Vec<D::Key>>,
    path: Vec<D::Key>,
    tt: Vec<Option<Entry<D>>>,
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
}

impl<'g, D: Duel> Searcher<'g, D> {
    pub fn new(game: &'g D::Game, budget: Budget) -> Searcher<'g, D> {
        let (limit, deadline) = budget.limits();
        Searcher {
            game,
            real_history: D::history(game),
            path: Vec::with_capacity(MAX_PLY),
            tt: vec![None; TT_SLOTS],
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
        }
    }

    /// The search with the table `table` (from an earlier search of the
    /// same game, say) instead of an empty one.
    pub fn with_table(mut self, table: Table<D>) -> Searcher<'g, D> {
        if table.slots.len() == TT_SLOTS {
            self.tt = table.slots;
        }
        self
    }

    /// The table, for the next search.
    pub fn into_table(self) -> Table<D> {
        Table { slots: self.tt }
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
    /// (or the first move, if none completed).
    pub fn run(&mut self, max_depth: u32, seed: Seed) -> Found<D::Move> {
        self.iterate(max_depth, seed, &mut |_, _| {})
    }

    fn iterate(
        &mut self,
        max_depth: u32,
        seed: Seed,
        on_depth: &mut OnDepth<'_, D::Move>,
    ) -> Found<D::Move> {
        let root = D::root(self.game);
        let mut moves = Vec::new();
        D::children(&root, &|p| self.seen(&D::key(p)), &mut moves);
        if let Some(only) = &self.only {
            moves.retain(|(mv, _)| only.contains(mv));
        }
        seed.rng().shuffle(&mut moves);
        let mut found = Found {
            best: moves.first().map(|m| m.0),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if moves.len() <= 1 {
            return found;
        }
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
            let (mv, score) = best.expect("at least two root moves");
            found = Found {
                best: Some(mv),
                score,
                depth,
                nodes: self.nodes,
            };
            let pv = self.principal_variation(&root, mv, depth);
            on_depth(&found, &pv);
            if score.abs() > MATE_BOUND {
                break;
            }
        }
        found.nodes = self.nodes;
        found
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

    /// The line the table expects from the root after `first`: each step
    /// is the stored best move, if it is still legal on this line (never a
    /// repetition), for at most `depth` moves.
    fn principal_variation(&mut self, root: &D::Pos, first: D::Move, depth: u32) -> Vec<D::Move> {
        let mut line = vec![first];
        let mut moves = Vec::new();
        self.generate(root, &mut moves);
        let Some(mut pos) = moves.iter().find(|m| m.0 == first).map(|m| m.1) else {
            return line;
        };
        let base = self.path.len();
        self.path.push(D::key(&pos));
        while (line.len() as u32) < depth.max(1) && D::decided(&pos).is_none() {
            let key = D::key(&pos);
            let Some(best) = self.tt[self.slot(&key)]
                .filter(|e| e.key == key)
                .and_then(|e| e.best)
            else {
                break;
            };
            moves.clear();
            self.generate(&pos, &mut moves);
            let Some(&(_, child)) = moves.iter().find(|m| m.0 == best) else {
                break;
            };
            line.push(best);
            pos = child;
            self.path.push(D::key(&pos));
        }
        self.path.truncate(base);
        line
    }

    fn slot(&self, key: &D::Key) -> usize {
        (D::hash(key) as usize) & (TT_SLOTS - 1)
    }

    /// Whether a position with `key` occurred in the game's real history.
    fn seen(&self, key: &D::Key) -> bool {
        match &self.real_history {
            Some(history) => D::among(history, key),
            None => D::seen(self.game, key),
        }
    }

    /// Whether `child` repeats a position of the search path or of the
    /// game's real history; `refused` remembers that one did.
    fn repeats(&self, child: &D::Pos, refused: &Cell<bool>) -> bool {
        let key = D::key(child);
        let repeats = self.path.contains(&key) || self.seen(&key);
        if repeats {
            refused.set(true);
        }
        repeats
    }

    /// The node's children, with whether any were refused for repetition.
    fn generate(&self, pos: &D::Pos, out: &mut Vec<(D::Move, D::Pos)>) -> bool {
        let refused = Cell::new(false);
        D::children(pos, &|child| self.repeats(child, &refused), out);
        refused.get()
    }

    /// Like [`Searcher::generate`] for quiescence: the noisy children, with
    /// whether any legal move exists and whether any child was refused.
    fn generate_noisy(&self, pos: &D::Pos, out: &mut Vec<(D::Move, D::Pos)>) -> (bool, bool) {
        let refused = Cell::new(false);
        let any = D::noisy_children(pos, &|child| self.repeats(child, &refused), out);
        (any, refused.get())
    }

    /// (score for the side to move, history-dependent?); `key` is `pos`'s
    /// key, which the caller has already computed for the path.
    fn search(
        &mut self,
        pos: &D::Pos,
        key: D::Key,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (i32, bool) {
        if self.tick() {
            return (0, true);
        }
        if let Some(score) = D::decided(pos) {
            return (to_ply(score, ply), false);
        }
        // On the principal variation (a full window), or off it.
        let pv_node = beta - alpha > 1;
        let in_check = D::in_check(pos);
        let mut depth = depth;
        if self.features.checks {
            // Mate-distance pruning: no line from here beats a mate at the
            // next ply or loses slower than a mate here.
            let lo = alpha.max(-(MATE - ply as i32));
            let hi = beta.min(MATE - ply as i32 - 1);
            if lo >= hi {
                return (lo, false);
            }
            // At most twice the iteration's depth, so that long series of
            // checks cannot run away.
            if in_check && (ply as u32) < 2 * self.root_depth {
                depth += 1;
            }
        }
        if depth == 0 || ply >= MAX_PLY - 8 {
            return self.quiescence(pos, alpha, beta, ply, self.quiescence_plies);
        }
        let slot = self.slot(&key);
        let mut hash_move = None;
        if let Some(e) = self.tt[slot].filter(|e| e.key == key) {
            hash_move = e.best;
            if e.scored && e.depth as u32 >= depth {
                let score = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return (score, false);
                }
            }
        }
        let after_null = std::mem::replace(&mut self.after_null, false);
        // The static value, computed at most once, and only out of check.
        let mut static_value: Option<i32> = None;
        let mut stand = |pos: &D::Pos| *static_value.get_or_insert_with(|| D::evaluate(pos));
        let prune = self.features.prune && !pv_node && !in_check;
        if prune
            && depth <= REVERSE_FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && stand(pos) - REVERSE_FUTILITY * depth as i32 >= beta
        {
            return (stand(pos), false);
        }
        let mut null_dependent = false;
        if self.features.null_move
            && !after_null
            && depth >= 3
            && !in_check
            && beta.abs() < MATE_BOUND
        {
            if let Some(null) = D::null_child(pos).filter(|_| stand(pos) >= beta) {
                // Passing and still holding beta: a real move would too.
                self.after_null = true;
                let reduced = depth - 1 - (2 + depth / 4).min(depth - 1);
                let (s, dep) =
                    self.search(&null, D::key(&null), reduced, -beta, -beta + 1, ply + 1);
                self.after_null = false;
                if self.stopped {
                    return (0, true);
                }
                if -s >= beta {
                    return (beta, dep);
                }
                null_dependent = dep;
            }
        }
        let mut dependent = null_dependent;
        // The table's move first, alone; the others are generated only if
        // it does not cut them off.
        let staged = hash_move.and_then(|mv| D::child(pos, &mv).map(|child| (mv, child)));
        let mut moves: Vec<D::Move> = Vec::new();
        // The children of `moves` built so far: all of them, except that a
        // lazy game's children after the staged one are built when searched.
        let mut kids: Vec<D::Pos> = Vec::new();
        if let Some((mv, child)) = staged {
            moves.push(mv);
            kids.push(child);
        }
        let mut generated = false;
        let alpha0 = alpha;
        // Futility: near the horizon, quiet moves cannot lift a position
        // this far below alpha.
        let futile = self.features.futility
            && depth <= 2
            && !in_check
            && alpha.abs() < MATE_BOUND
            && stand(pos) + FUTILITY * depth as i32 <= alpha;
        // Late-move pruning: how many moves are searched before the quiet
        // ones are skipped.
        let late_moves = (prune && depth <= LATE_MOVE_DEPTH).then(|| 3 + (depth * depth) as usize);
        let mut best = -INF;
        let mut best_move = None;
        let killers = self.killers[ply];
        // Games that only avoid repeats refuse a repeating child here, as
        // it comes up; if every child repeated, none is refused after all.
        let mut refuse = D::AVOIDS_REPEATS;
        let mut i = 0;
        loop {
            if i == moves.len() {
                if generated {
                    break;
                }
                generated = true;
                let first = staged.map(|(mv, _)| mv);
                if D::LAZY && D::AVOIDS_REPEATS {
                    let mut rest = Vec::new();
                    D::moves(pos, &mut rest);
                    rest.retain(|mv| Some(*mv) != first);
                    rest.sort_by_cached_key(|mv| self.rank(pos, mv, hash_move, ply));
                    moves.extend(rest);
                } else {
                    let mut rest = Vec::new();
                    dependent |= if D::AVOIDS_REPEATS {
                        D::children(pos, &|_| false, &mut rest);
                        false
                    } else {
                        self.generate(pos, &mut rest)
                    };
                    rest.retain(|(mv, _)| Some(*mv) != first);
                    // Sorted by index, so that no position moves twice.
                    let mut order: Vec<usize> = (0..rest.len()).collect();
                    order.sort_by_cached_key(|&j| self.rank(pos, &rest[j].0, hash_move, ply));
                    moves.extend(order.iter().map(|&j| rest[j].0));
                    kids.extend(order.iter().map(|&j| rest[j].1));
                }
                if moves.is_empty() {
                    return (to_ply(D::stuck(pos), ply), dependent);
                }
                if i == moves.len() {
                    break;
                }
            }
            let mv = moves[i];
            let built;
            let child = match kids.get(i) {
                Some(child) => child,
                None => {
                    built = D::play(pos, &mv);
                    &built
                }
            };
            i += 1;
            let child_key = D::key(child);
            if refuse
                && D::may_repeat(&mv)
                && (self.path.contains(&child_key) || self.seen(&child_key))
            {
                dependent = true;
                if i == moves.len() && generated && best == -INF {
                    refuse = false;
                    i = 0;
                }
                continue;
            }
            let i = i - 1;
            let quiet =
                Some(mv) != hash_move && !killers.contains(&Some(mv)) && !D::is_noisy(pos, &mv);
            let prunable = (futile || late_moves.is_some_and(|n| i >= n))
                && i > 0
                && best > -MATE_BOUND
                && quiet;
            let reducible = self.features.lmr && depth >= 3 && i >= 3 && !in_check && quiet;
            // With `prune`, a quiet move that gives check is neither pruned
            // nor reduced: series of checks decide games of few pieces. Only
            // a move that would be is tested (the test costs, per child).
            let checking = (prunable || reducible) && self.features.prune && D::in_check(child);
            if prunable && !checking {
                continue;
            }
            self.path.push(child_key);
            // Late quiet moves get a shallower look first (LMR), later moves
            // a null window (PVS); either is searched again in full when it
            // might raise alpha.
            let reduce = if reducible && !checking {
                if self.features.deep_lmr {
                    let r = ((depth as f32).ln() * ((i + 1) as f32).ln() / 2.0 + 0.5) as u32;
                    let r = r + u32::from(self.features.prune && !pv_node);
                    r.clamp(1, depth - 2)
                } else {
                    1 + u32::from(i >= 8 && depth >= 5)
                }
            } else {
                0
            };
            let edge = if self.features.pvs && i > 0 {
                alpha + 1
            } else {
                beta
            };
            let (s, dep) =
                self.search(child, child_key, depth - 1 - reduce, -edge, -alpha, ply + 1);
            let mut score = -s;
            dependent |= dep;
            if !self.stopped && reduce > 0 && score > alpha {
                let (s, dep) = self.search(child, child_key, depth - 1, -edge, -alpha, ply + 1);
                score = -s;
                dependent |= dep;
            }
            if !self.stopped && edge < beta && score > alpha && score < beta {
                let (s, dep) = self.search(child, child_key, depth - 1, -beta, -alpha, ply + 1);
                score = -s;
                dependent |= dep;
            }
            self.path.pop();
            if self.stopped {
                return (0, true);
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !D::is_noisy(pos, &mv) {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                    let h = &mut self.history[D::move_index(&mv)];
                    *h = (*h + (depth * depth) as i32).min(1 << 20);
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt[slot] = Some(Entry {
            key,
            depth: depth.min(255) as u8,
            score: into_tt(best, ply),
            bound,
            best: best_move,
            scored: !dependent,
        });
        (best, dependent)
    }

    fn quiescence(
        &mut self,
        pos: &D::Pos,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
    ) -> (i32, bool) {
        let mut moves = Vec::new();
        let mut early = None;
        if self.features.checks && D::CHECKS {
            if left > 0 && ply < MAX_PLY - 2 && D::in_check(pos) {
                return self.evasions(pos, alpha, beta, ply, left);
            }
            // Not in check: a stand-pat cutoff needs no moves (a stalemate
            // here goes unseen).
            let stand = D::evaluate(pos);
            if stand >= beta {
                return (stand, false);
            }
            early = Some(stand);
        }
        let (any, dependent) = self.generate_noisy(pos, &mut moves);
        if !any {
            return (to_ply(D::stuck(pos), ply), dependent);
        }
        let stand = early.unwrap_or_else(|| D::evaluate(pos));
        if stand >= beta || left == 0 || ply >= MAX_PLY - 2 {
            return (stand, dependent);
        }
        alpha = alpha.max(stand);
        if self.features.capture_order {
            moves.sort_by_cached_key(|(mv, _)| -D::capture_value(pos, mv));
        }
        // Quiet checks after the captures, at the first ply only: a check
        // is answered in full (`evasions`), so deeper ones would multiply.
        if self.features.quiet_checks && self.features.checks && left == self.quiescence_plies {
            D::quiet_checks(pos, &mut moves);
        }
        self.quiesce_children(&moves, stand, alpha, beta, ply, left, dependent)
    }

    /// Quiescence in check: no standing pat, every legal reply is tried
    /// (the captures among them first), so a mate at the horizon is seen.
    fn evasions(
        &mut self,
        pos: &D::Pos,
        alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
    ) -> (i32, bool) {
        let mut moves = Vec::new();
        let dependent = self.generate(pos, &mut moves);
        if moves.is_empty() {
            return (to_ply(D::stuck(pos), ply), dependent);
        }
        moves.sort_by_cached_key(|(mv, _)| {
            if D::is_noisy(pos, mv) {
                -(1 << 28) - D::capture_value(pos, mv).clamp(0, 1 << 26)
            } else {
                0
            }
        });
        self.quiesce_children(&moves, -INF, alpha, beta, ply, left, dependent)
    }

    /// Quiescence over `moves` in order, from `best` so far (the stand pat,
    /// or nothing when in check); the best score and whether it depends on
    /// the path.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_children(
        &mut self,
        moves: &[(D::Move, D::Pos)],
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
        mut dependent: bool,
    ) -> (i32, bool) {
        for &(_, child) in moves {
            if self.tick() {
                return (0, true);
            }
            let score = if let Some(s) = D::decided(&child) {
                -to_ply(s, ply + 1)
            } else {
                self.path.push(D::key(&child));
                let (s, dep) = self.quiescence(&child, -beta, -alpha, ply + 1, left - 1);
                self.path.pop();
                dependent |= dep;
                -s
            };
            if self.stopped {
                return (0, true);
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        (best, dependent)
    }

    /// The sort key of `mv` among a node's moves (lowest first): the
    /// table's move, then captures (by value if the feature is on), the
    /// killers, then the rest by history.
    fn rank(&self, pos: &D::Pos, mv: &D::Move, hash_move: Option<D::Move>, ply: usize) -> i32 {
        let killers = &self.killers[ply];
        let rank = if Some(*mv) == hash_move {
            1 << 30
        } else if D::is_noisy(pos, mv) {
            let gain = if self.features.capture_order {
                D::capture_value(pos, mv).clamp(0, 1 << 26)
            } else {
                0
            };
            (1 << 28) + gain
        } else if killers[0] == Some(*mv) {
            1 << 27
        } else if killers[1] == Some(*mv) {
            (1 << 27) - 1
        } else {
            self.history[D::move_index(mv)]
        };
        -rank
    }
}

/// A mate score relative to the root.
fn to_ply(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Mate scores are stored relative to the node, read back relative to the
/// root of the probing search.
fn into_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    to_ply(score, ply)
}

/// Searches `game` within `budget` and returns the best move.
pub fn best_move<D: Duel>(game: &D::Game, budget: Budget, seed: Seed) -> Found<D::Move> {
    Searcher::<D>::new(game, budget).run(64, seed)
}
