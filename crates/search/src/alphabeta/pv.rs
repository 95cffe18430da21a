//! The principal variation: the line the search expects, as it went down
//! it. Each node on a full window keeps the line below it whenever a move
//! raises alpha (the triangular table strong engines keep), so the line is
//! the one the score came from, checks extended and all, not only what the
//! transposition table still holds after the search. Where the search cut
//! it short (a table hit, a position already decided), the table's moves
//! carry it on. Keeping it changes no node searched and no choice made.

use super::{Duel, Searcher, MATE, MATE_BOUND, MAX_PLY};

impl<D: Duel> Searcher<'_, D> {
    /// Forget the line below `ply`: the node there is being entered.
    pub(super) fn start_line(&mut self, ply: usize) {
        self.pv[ply].clear();
    }

    /// `mv` raised alpha at `ply` on a full window (at the root, ply 0:
    /// became the pass's best move): the line there is now `mv` and then
    /// the line its child found.
    pub(super) fn raise_line(&mut self, ply: usize, mv: D::Move) {
        let (above, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut above[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// The line from the root that the search expects, `line` (the search's
    /// own, its first move the root's) first, for as long as each move is
    /// legal there (never a repetition), then carried on by the table's
    /// stored best moves: at most `depth` moves, or as many as a found
    /// result (`score`) is away, whichever is more, and never fewer than
    /// the search's own line holds.
    pub(super) fn principal_variation(
        &mut self,
        root: &D::Pos,
        line: &[D::Move],
        depth: u32,
        score: i32,
    ) -> Vec<D::Move> {
        let result_plies = if score.abs() > MATE_BOUND {
            (MATE - score.abs()) as usize
        } else {
            0
        };
        let limit = (depth.max(1) as usize)
            .max(result_plies)
            .max(line.len())
            .min(MAX_PLY);
        let mut moves = Vec::new();
        let mut pos = *root;
        let mut played = Vec::new();
        let base = self.path.len();
        while played.len() < limit && (played.is_empty() || D::decided(&pos).is_none()) {
            let next = match line.get(played.len()) {
                Some(&mv) => Some(mv),
                None => {
                    let key = D::key(&pos);
                    self.entry(self.slot(&key), &key).and_then(|e| e.best)
                }
            };
            let Some(mv) = next else { break };
            moves.clear();
            self.generate(&pos, &mut moves);
            let Some(&(_, child)) = moves.iter().find(|m| m.0 == mv) else {
                break;
            };
            played.push(mv);
            pos = child;
            self.path.push(D::key(&pos));
        }
        self.path.truncate(base);
        played
    }
}
