//! The bots of every game at every level.

use crate::alphabeta::{best_move, Duel, Searcher, Table};
use crate::games::knight_court::{KnightCourtDuel, KnightCourtTableDuel, ProvingPlayer};
use crate::games::knight_moves::KnightMovesDuel;
use crate::games::progressive_chess::ProgressiveChessDuel;
use crate::games::tilechess::TilechessMax;
use crate::knight_court;
use crate::player::{
    searching, strongest, Bots, Budget, Evaluate, GreedyPlayer, Level, Observe, Player,
    RandomPlayer, ScoredLine, Spec, DECIDED, GREEDY, RANDOM,
};
use crate::retrograde::Value;
use arbiter_core::{Game, Phase, Seat, Seed};
use arbiter_knight_court::{KnightCourt, Move};
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::ProgressiveChess;
use arbiter_tilechess::Tilechess;
use std::marker::PhantomData;
use std::sync::Mutex;

/// Iterative-deepening alpha-beta within a budget. A timed player keeps
/// its transposition table from one move to the next
/// (`Features::keep_table`, off by default); a node budget starts afresh each time, so
/// it repeats exactly.
pub struct AlphaBetaPlayer<D: Duel> {
    pub budget: Budget,
    table: Mutex<Option<Table<D>>>,
    duel: PhantomData<fn() -> D>,
}

impl<D: Duel> AlphaBetaPlayer<D> {
    pub fn new(budget: Budget) -> AlphaBetaPlayer<D> {
        AlphaBetaPlayer {
            budget,
            table: Mutex::new(None),
            duel: PhantomData,
        }
    }

    fn search(&self, game: &D::Game, seed: Seed) -> crate::alphabeta::Found<D::Move> {
        let timed = !matches!(self.budget, Budget::Nodes(_));
        if !(timed && D::features().keep_table) {
            return best_move::<D>(game, self.budget, seed);
        }
        // Another game searching with this player at the same moment gets
        // a fresh table.
        let table = self.table.try_lock().ok().and_then(|mut t| t.take());
        let mut searcher = Searcher::<D>::on_table(game, self.budget, table.unwrap_or_default());
        let found = searcher.run(64, seed);
        if let Ok(mut t) = self.table.try_lock() {
            *t = Some(searcher.into_table());
        }
        found
    }
}

impl<D> Player<D::Game> for AlphaBetaPlayer<D>
where
    D: Duel,
    D::Game: Observe<Seen = D::Game>,
{
    fn choose(&self, game: &D::Game, seat: Seat, seed: Seed) -> Option<<D::Game as Game>::Action> {
        self.choose_scored(game, seat, seed).0
    }

    /// The searcher's score of its best move, for the side to move.
    fn choose_scored(
        &self,
        game: &D::Game,
        seat: Seat,
        seed: Seed,
    ) -> (Option<<D::Game as Game>::Action>, Option<i32>) {
        if game.phase() != Phase::Turn(seat) {
            return (None, None);
        }
        let found = self.search(game, seed);
        let score = found.best.as_ref().map(|_| found.score);
        (found.best, score)
    }

    /// The searcher's ranked lines ([`Searcher::run_lines`]), on a fresh
    /// table within the player's budget.
    fn choose_lines(
        &self,
        game: &D::Game,
        seat: Seat,
        seed: Seed,
        count: usize,
    ) -> Vec<ScoredLine<<D::Game as Game>::Action>> {
        if game.phase() != Phase::Turn(seat) {
            return Vec::new();
        }
        ranked_lines::<D>(Searcher::<D>::new(game, self.budget), seed, count)
    }
}

/// The lines `searcher` ranks, as a player gives them.
pub(crate) fn ranked_lines<D: Duel>(
    mut searcher: Searcher<'_, D>,
    seed: Seed,
    count: usize,
) -> Vec<ScoredLine<D::Move>> {
    searcher
        .run_lines(64, seed, count, &mut |_| {})
        .into_iter()
        .filter_map(|line| {
            Some(ScoredLine {
                action: line.found.best?,
                // Depth 0: no iteration finished, the move is unscored.
                score: (line.found.depth > 0).then_some(line.found.score),
                line: line.pv,
            })
        })
        .collect()
}

/// Knight Court's solved table read as it stands (the `table` level),
/// within the repetition ban: the fastest win, else a draw, else the
/// slowest loss. Among equally good moves the seed chooses. The table was
/// solved without the ban, so its draws can be losses under it; `max`
/// searches instead (`games::knight_court::KnightCourtTableDuel`).
pub struct TablePlayer;

impl Player<KnightCourt> for TablePlayer {
    fn choose(&self, game: &KnightCourt, seat: Seat, seed: Seed) -> Option<Move> {
        self.choose_scored(game, seat, seed).0
    }

    /// The table's value of the best move as a score on the searchers'
    /// scale: a win in N plies is `DECIDED - N`, a loss `-(DECIDED - N)`,
    /// a draw 0.
    fn choose_scored(
        &self,
        game: &KnightCourt,
        seat: Seat,
        seed: Seed,
    ) -> (Option<Move>, Option<i32>) {
        if game.phase() != Phase::Turn(seat) {
            return (None, None);
        }
        let analysis = knight_court::analyse(knight_court::table(), game);
        let Some(&(_, value)) = analysis.first() else {
            return (None, None);
        };
        let top: Vec<Move> = analysis
            .iter()
            .take_while(|(_, v)| v.goodness() == value.goodness())
            .map(|(m, _)| *m)
            .collect();
        let score = match value {
            Value::Win(d) => DECIDED - d as i32,
            Value::Loss(d) => -(DECIDED - d as i32),
            Value::Draw => 0,
        };
        (seed.rng().choose(&top).copied(), Some(score))
    }
}

/// The bots of a duel whose strongest player is alpha-beta: random,
/// greedy, and alpha-beta within the budget at `max` and `search`.
fn duel_bot<D>(spec: Spec) -> Box<dyn Player<D::Game>>
where
    D: Duel + 'static,
    D::Game: Observe<Seen = D::Game> + Evaluate,
{
    match spec.level {
        Level::Random => Box::new(RandomPlayer),
        Level::Greedy => Box::new(GreedyPlayer),
        Level::Max | Level::Search | Level::MaxOneRound | Level::Table => {
            Box::new(AlphaBetaPlayer::<D>::new(spec.budget))
        }
    }
}

impl Bots for KnightMoves {
    /// About 20 ms, 100 ms, 0.5 s and 3 s of search (640 K nodes/s).
    const LEVELS: [Spec; 5] = [
        GREEDY,
        searching(15_000),
        searching(60_000),
        searching(300_000),
        strongest(2_000_000),
    ];
    fn bot(spec: Spec) -> Box<dyn Player<KnightMoves>> {
        duel_bot::<KnightMovesDuel>(spec)
    }
}

impl Bots for KnightCourt {
    /// Alpha-beta on about 1 ms, 12 ms and 0.12 s of search (1.7 M
    /// nodes/s), then the table-guided search on about 0.6 s with proofs
    /// around it (`games::knight_court::ProvingPlayer`).
    const LEVELS: [Spec; 5] = [
        GREEDY,
        searching(2_000),
        searching(20_000),
        searching(200_000),
        strongest(1_000_000),
    ];
    fn bot(spec: Spec) -> Box<dyn Player<KnightCourt>> {
        match spec.level {
            Level::Random => Box::new(RandomPlayer),
            Level::Greedy => Box::new(GreedyPlayer),
            Level::Table => Box::new(TablePlayer),
            Level::Max => Box::new(ProvingPlayer::new(spec.budget)),
            Level::MaxOneRound => {
                Box::new(AlphaBetaPlayer::<KnightCourtTableDuel>::new(spec.budget))
            }
            Level::Search => Box::new(AlphaBetaPlayer::<KnightCourtDuel>::new(spec.budget)),
        }
    }
}

impl Bots for Tilechess {
    /// Its search answers in tens of milliseconds at every level, so the
    /// evaluations set how deep it gets, in a four-player game on a young
    /// board: about one rival's reply (2), two (3), a whole round (4), and
    /// on into the second round (5). Each wins at least 1.5 times as often
    /// as the level below (docs/ai.md#levels).
    const LEVELS: [Spec; 5] = [
        GREEDY,
        strongest(1_500),
        strongest(3_500),
        strongest(6_000),
        strongest(12_000),
    ];
    fn bot(spec: Spec) -> Box<dyn Player<Tilechess>> {
        match spec.level {
            Level::Random => Box::new(RandomPlayer),
            Level::Greedy => Box::new(GreedyPlayer),
            Level::Max | Level::Search | Level::MaxOneRound | Level::Table => {
                Box::new(TilechessMax {
                    budget: spec.budget,
                })
            }
        }
    }
}

impl Bots for ProgressiveChess {
    /// Search above 200,000 nodes gains little per node (1,000,000
    /// against 200,000 scored only +98), so the ladder makes its room at
    /// the bottom: `random`, `greedy`, then about 40 ms, 0.2 s and 2.5 s
    /// of search (about 400 K nodes/s). Level 4 was 50,000 nodes until
    /// the search pruned more (docs/ai.md#levels: +137 over level 3).
    const LEVELS: [Spec; 5] = [
        RANDOM,
        GREEDY,
        searching(15_000),
        searching(80_000),
        strongest(1_000_000),
    ];
    fn bot(spec: Spec) -> Box<dyn Player<ProgressiveChess>> {
        duel_bot::<ProgressiveChessDuel>(spec)
    }
}
