//! Depth-limited negamax with alpha-beta pruning over any alternating
//! two-seat game, by clone-and-act.

use arbiter_core::{Game, Phase, Seat};
use std::time::{Duration, Instant};

/// Scores are from the point of view of the side to move. A win found `n`
/// plies ahead scores `WIN - n`, so nearer wins are preferred and losses are
/// put off.
const WIN: i32 = 1_000_000;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<A> {
    /// The chosen action, or `None` if the side to move has none.
    pub best: Option<A>,
    /// The score for the side to move: positive is good.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
}

/// Iterative-deepening negamax within a node or time budget.
#[derive(Clone, Debug)]
pub struct Negamax {
    pub max_depth: u32,
    pub time: Option<Duration>,
}

impl Default for Negamax {
    fn default() -> Negamax {
        Negamax {
            max_depth: 8,
            time: Some(Duration::from_millis(300)),
        }
    }
}

struct Budget {
    deadline: Option<Instant>,
    nodes: u64,
    out_of_time: bool,
}

impl Budget {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) {
            if let Some(deadline) = self.deadline {
                self.out_of_time |= Instant::now() >= deadline;
            }
        }
        self.out_of_time
    }
}

impl Negamax {
    /// Chooses an action for the seat to move. Ties go to the first action
    /// in the game's sorted order, so the choice is deterministic for a
    /// given depth.
    pub fn choose<G: Game>(&self, game: &G) -> SearchResult<G::Action> {
        let Phase::Turn(seat) = game.phase() else {
            return SearchResult {
                best: None,
                score: 0,
                depth: 0,
                nodes: 0,
            };
        };
        let actions = game.legal_actions(seat);
        let mut result = SearchResult {
            best: actions.first().cloned(),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        let mut budget = Budget {
            deadline: self.time.map(crate::player::after),
            nodes: 0,
            out_of_time: false,
        };
        for depth in 1..=self.max_depth {
            let mut best: Option<(G::Action, i32)> = None;
            let mut alpha = -WIN - 1;
            for action in &actions {
                let mut child = game.clone();
                child.act(seat, action).expect("legal action was refused");
                let score = -negamax(
                    &child,
                    seat.opponent(),
                    depth - 1,
                    -WIN - 1,
                    -alpha,
                    1,
                    &mut budget,
                );
                if budget.out_of_time {
                    break;
                }
                if best.as_ref().is_none_or(|(_, s)| score > *s) {
                    best = Some((action.clone(), score));
                    alpha = alpha.max(score);
                }
            }
            if budget.out_of_time {
                break;
            }
            if let Some((action, score)) = best {
                result = SearchResult {
                    best: Some(action),
                    score,
                    depth,
                    nodes: budget.nodes,
                };
                if score.abs() > WIN - 1000 {
                    break;
                }
            }
        }
        result.nodes = budget.nodes;
        result
    }
}

/// The score of `game` for `me`, the seat whose turn it is here (in a
/// finished game: the seat that would have moved next).
fn negamax<G: Game>(
    game: &G,
    me: Seat,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    ply: i32,
    budget: &mut Budget,
) -> i32 {
    if budget.tick() {
        return 0;
    }
    match game.phase() {
        Phase::Turn(seat) if seat == me => {}
        Phase::Over(outcome) => {
            let points = outcome.points(me);
            return if points > 0.5 {
                WIN - ply
            } else if points < 0.5 {
                -(WIN - ply)
            } else {
                0
            };
        }
        _ => return 0,
    }
    if depth == 0 {
        return 0;
    }
    let mut best = -WIN - 1;
    for action in game.legal_actions(me) {
        let mut child = game.clone();
        child.act(me, &action).expect("legal action was refused");
        let score = -negamax(
            &child,
            me.opponent(),
            depth - 1,
            -beta,
            -alpha,
            ply + 1,
            budget,
        );
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta || budget.out_of_time {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_knight_court::KnightCourt;

    #[test]
    fn finds_a_mate_in_one() {
        // R@c2 mates: it checks c3 from next door (no block, and the
        // knight cannot capture a neighbour), covers a2 through b2, and the
        // bishop on a2 covers b1.
        let game = KnightCourt::from_text("2n/B2/N2[Rbr] w").unwrap();
        let result = Negamax {
            max_depth: 3,
            time: None,
        }
        .choose(&game);
        let mv = result.best.unwrap();
        let mut after = game.clone();
        after.act(Seat(0), &mv).unwrap();
        assert!(
            after
                .outcome()
                .is_some_and(|o| o.sole_winner() == Some(Seat(0))),
            "{mv} is not mate"
        );
    }
}
