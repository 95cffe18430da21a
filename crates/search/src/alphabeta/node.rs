//! One node of the search: its children (never a repeated position), the
//! alpha-beta recursion, and the order its moves are tried in.

use super::*;

impl<'g, D: Duel> Searcher<'g, D> {
    pub(super) fn slot(&self, key: &D::Key) -> usize {
        (D::hash(key) as usize) & (self.tt.len() - 1)
    }

    /// The entry for `key` in `slot`, if one of this generation holds it.
    pub(super) fn entry(&self, slot: usize, key: &D::Key) -> Option<Entry<D>> {
        self.tt[slot].filter(|e| e.key == *key && e.generation == self.generation)
    }

    /// Whether a position with `key` occurred in the game's real history.
    pub(super) fn seen(&self, key: &D::Key) -> bool {
        match &self.real_history {
            Some(history) => D::among(history, key),
            None => D::seen(self.game, key),
        }
    }

    /// Whether `child` repeats a position of the search path or of the
    /// game's real history; `refused` remembers that one did.
    pub(super) fn repeats(&self, child: &D::Pos, refused: &Cell<bool>) -> bool {
        let key = D::key(child);
        let repeats = self.path.contains(&key) || self.seen(&key);
        if repeats {
            refused.set(true);
        }
        repeats
    }

    /// The node's children, with whether any were refused for repetition.
    pub(super) fn generate(&self, pos: &D::Pos, out: &mut Vec<(D::Move, D::Pos)>) -> bool {
        let refused = Cell::new(false);
        D::children(pos, &|child| self.repeats(child, &refused), out);
        refused.get()
    }

    /// Like [`Searcher::generate`] for quiescence: the noisy children, with
    /// whether any legal move exists and whether any child was refused.
    pub(super) fn generate_noisy(
        &self,
        pos: &D::Pos,
        out: &mut Vec<(D::Move, D::Pos)>,
    ) -> (bool, bool) {
        let refused = Cell::new(false);
        let any = D::noisy_children(pos, &|child| self.repeats(child, &refused), out);
        (any, refused.get())
    }

    /// (score for the side to move, history-dependent?); `key` is `pos`'s
    /// key, which the caller has already computed for the path.
    pub(super) fn search(
        &mut self,
        pos: &D::Pos,
        key: D::Key,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (i32, bool) {
        self.start_line(ply);
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
        if let Some(e) = self.entry(slot, &key) {
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
            if i == moves.len() && !generated {
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
            }
            if i == moves.len() {
                // Every move was refused for repeating (none was searched,
                // the table's move alone included): none is refused after
                // all.
                if refuse && best == -INF {
                    refuse = false;
                    i = 0;
                    continue;
                }
                break;
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
                if pv_node && score < beta {
                    self.raise_line(ply, mv);
                }
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
            generation: self.generation,
        });
        (best, dependent)
    }

    /// The sort key of `mv` among a node's moves (lowest first): the
    /// table's move, then captures (by value if the feature is on), the
    /// killers, then the rest by history.
    pub(super) fn rank(
        &self,
        pos: &D::Pos,
        mv: &D::Move,
        hash_move: Option<D::Move>,
        ply: usize,
    ) -> i32 {
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
