//! Quiescence: past the horizon only noisy moves are searched (every
//! evasion when in check), so the evaluation is not taken in mid-exchange.

use super::*;

impl<'g, D: Duel> Searcher<'g, D> {
    pub(super) fn quiescence(
        &mut self,
        pos: &D::Pos,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
    ) -> (i32, bool) {
        self.start_line(ply);
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
    pub(super) fn evasions(
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
    pub(super) fn quiesce_children(
        &mut self,
        moves: &[(D::Move, D::Pos)],
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
        mut dependent: bool,
    ) -> (i32, bool) {
        // On a full window the line below is kept, as in the search.
        let pv_node = beta - alpha > 1;
        for &(mv, child) in moves {
            if self.tick() {
                return (0, true);
            }
            self.start_line(ply + 1);
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
            if score > alpha {
                alpha = score;
                if pv_node && score < beta {
                    self.raise_line(ply, mv);
                }
            }
            if alpha >= beta {
                break;
            }
        }
        (best, dependent)
    }
}
