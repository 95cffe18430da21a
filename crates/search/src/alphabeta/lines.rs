//! Several best lines at once (UCI's `MultiPV`): an analysis wants the
//! next best moves too, each with its own exact score and line, not only
//! the move to play.

use super::{Duel, Found, Searcher, INF, MATE_BOUND, MAX_PLY};
use arbiter_core::Seed;

/// One ranked root move of a [`Searcher::run_lines`] iteration.
#[derive(Clone, Debug)]
pub struct Line<M> {
    /// 1 for the best move, 2 for the best of the others, and so on.
    pub rank: usize,
    /// The move (`best`), its score for the side to move, the depth and
    /// the nodes searched so far.
    pub found: Found<M>,
    /// The line the table expects after the move, the move first.
    pub pv: Vec<M>,
}

/// Called after every completed iteration with its lines, best first.
pub type OnLines<'a, M> = dyn FnMut(&[Line<M>]) + 'a;

impl<D: Duel> Searcher<'_, D> {
    /// Iterative deepening that ranks the best `count` root moves at every
    /// depth: the best move among all, then the best among the others, and
    /// so on, each pass with the full window, then the lines ordered by
    /// their scores (stable, so equal scores keep the order found). `on_depth` gets the lines after every completed
    /// iteration. Returns the lines of the last completed iteration, best
    /// first (an unfinished iteration is dropped whole, so the ranks always
    /// come from one depth); if none completed, the first root move with
    /// no score; nothing when there is no move. Unlike [`Searcher::run`],
    /// a single legal move is searched too, for its score.
    pub fn run_lines(
        &mut self,
        max_depth: u32,
        seed: Seed,
        count: usize,
        on_depth: &mut OnLines<'_, D::Move>,
    ) -> Vec<Line<D::Move>> {
        let (root, mut moves) = self.root_moves(seed);
        let Some(&(first, _)) = moves.first() else {
            return Vec::new();
        };
        let count = count.clamp(1, moves.len());
        let mut lines: Vec<Line<D::Move>> = Vec::new();
        for depth in 1..=max_depth.min(MAX_PLY as u32 - 8) {
            self.root_depth = depth;
            // The last iteration's ranking first, so that each pass meets
            // its likely best move first.
            for (rank, line) in lines.iter().enumerate() {
                let best = line.found.best.expect("a ranked move");
                if let Some(i) = moves.iter().position(|m| m.0 == best) {
                    moves[rank..=i].rotate_right(1);
                }
            }
            let mut rest = moves.clone();
            let mut ranked = Vec::with_capacity(count);
            while ranked.len() < count {
                let Some((mv, score)) = self.root_pass(&rest, depth, -INF, INF) else {
                    break;
                };
                if self.stopped {
                    break;
                }
                ranked.push((mv, score, std::mem::take(&mut self.pv[0])));
                rest.retain(|m| m.0 != mv);
            }
            if self.stopped {
                break;
            }
            // The pruning inside depends on the window, so a move passed
            // over by an earlier pass (searched then against a bound) may
            // score higher alone in a later one. Each line keeps its own
            // score and the lines are ranked by them, as strong engines do.
            ranked.sort_by_key(|&(_, score, _)| std::cmp::Reverse(score));
            lines = ranked
                .into_iter()
                .enumerate()
                .map(|(i, (mv, score, line))| Line {
                    rank: i + 1,
                    found: Found {
                        best: Some(mv),
                        score,
                        depth,
                        nodes: self.nodes,
                        hashfull: self.hashfull(),
                    },
                    pv: self.principal_variation(&root, &line, depth, score),
                })
                .collect();
            on_depth(&lines);
            // Deeper iterations cannot change a line whose result is forced.
            if lines.iter().all(|l| l.found.score.abs() > MATE_BOUND) {
                break;
            }
        }
        if lines.is_empty() {
            lines.push(Line {
                rank: 1,
                found: Found {
                    best: Some(first),
                    score: 0,
                    depth: 0,
                    nodes: self.nodes,
                    hashfull: self.hashfull(),
                },
                pv: vec![first],
            });
        }
        lines
    }
}
