//! Knight Court's strongest player (`max`, host level 5): proofs first, the
//! table-guided search after.
//!
//! Before searching, the player asks the proof-number search of
//! [`crate::dfpn`], which works under the true rule (no position twice) and
//! trusts no table value, two questions about the position in front of it,
//! with the game's whole line as history:
//!
//! 1. Can I force mate within the horizon? If so it plays a move that keeps
//!    the fastest forced mate (the seed chooses among such moves), and
//!    nothing else is asked.
//! 2. Otherwise, after which of my moves can the opponent force mate within
//!    the horizon? Those moves are set aside, and the table-guided
//!    alpha-beta search ([`KnightCourtTableDuel`]) chooses among the rest.
//!    When every move is proved to lose, the search chooses among them all
//!    (it resists longest where it sees the mates).
//!
//! So within the horizon the player is exact: it never misses a forced mate
//! that short, and never walks into one that it could avoid. Beyond the
//! horizon it is only as good as its search; nobody knows the start's value
//! under the true rule (docs/ai.md#knight-court-under-the-true-rule), so no
//! player can be shown perfect further out.
//!
//! Each question has a node budget. A proof that runs out of it answers
//! "unknown", and an unknown move is kept as a candidate, never set aside:
//! the player only acts on what it proved. Budgets are counted in nodes, so
//! the player repeats exactly; under a deadline (a host's clock, or a time
//! budget) the proofs get half the time left and the search the rest.

use crate::alphabeta::Searcher;
use crate::dfpn::{HorizonProof, Verdict, MAX_HORIZON};
use crate::games::knight_court::KnightCourtTableDuel;
use crate::player::{Budget, Player, DECIDED};
use arbiter_core::{Game, Phase, Seat, Seed};
use arbiter_knight_court::{KnightCourt, Move, Position};
use std::time::Instant;

/// How far the proofs look, in plies from the position to move in. Mates
/// within it are exact; at 21 plies a proof from the opening takes about
/// 8,000 nodes (docs/ai.md#knight-court).
pub const HORIZON: u32 = 21;

/// The nodes each of the two questions may spend at one move, in all.
pub const PROOF_NODES: u64 = 400_000;

/// What the proofs settled at the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RootProof {
    /// The side to move forces mate within `plies` plies, by any of `moves`
    /// and by no other move as fast. `plies` is the shortest such mate
    /// unless a shorter proof ran out of nodes.
    Mates { plies: u32, moves: Vec<Move> },
    /// No forced mate for the side to move was found within the horizon.
    /// After each move in `losing` the opponent forces mate within the
    /// horizon (a proof of at most that many plies after it); `held` were
    /// proved not to lose within it; `unknown` ran out of nodes.
    Open {
        held: Vec<Move>,
        losing: Vec<(Move, u32)>,
        unknown: Vec<Move>,
    },
}

/// The line after `mv` (the game's history with the new position) and
/// that position, for a proof that starts there.
fn line_after(game: &KnightCourt, mv: Move) -> (Vec<u32>, Position) {
    let child = game.position().play_unchecked(mv);
    let mut line = game.history().to_vec();
    line.push(child.key());
    (line, child)
}

/// The proofs at the root of `game`, looking `horizon` plies ahead, with
/// `nodes` nodes in all for each of the two questions (every proof a
/// question asks counts against it); and the nodes spent. Moves are in
/// notation order.
pub fn prove_root(game: &KnightCourt, horizon: u32, nodes: u64) -> (RootProof, u64) {
    prove_root_until(game, horizon, nodes, None)
}

/// [`prove_root`], giving up on whatever is unanswered at `at`.
pub fn prove_root_until(
    game: &KnightCourt,
    horizon: u32,
    nodes: u64,
    at: Option<Instant>,
) -> (RootProof, u64) {
    assert!(
        (1..=MAX_HORIZON).contains(&horizon),
        "horizon 1..={MAX_HORIZON}"
    );
    let table = crate::knight_court::table();
    let me = game.turn();
    let pos = *game.position();
    let history = game.history();
    let after = |mv: Move| line_after(game, mv);
    let moves = game.legal_moves();

    let mut mine = HorizonProof::new(table, me);
    mine.stop_at(at);
    if let Some(Verdict::Mates(bound)) = mine.prove_within(history, &pos, horizon, nodes) {
        // The shortest mate: mates by the side to move end on odd plies,
        // and each shorter proof is at most as hard as the one just made.
        // If one runs out of nodes, the bound found stands.
        let mut shortest = bound;
        for plies in (1..bound).step_by(2) {
            match mine.prove_within(history, &pos, plies, nodes) {
                Some(Verdict::Mates(_)) => {
                    shortest = plies;
                    break;
                }
                Some(Verdict::NoMate) => {}
                None => break,
            }
        }
        let winning: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                let (line, child) = after(mv);
                matches!(
                    mine.prove_within(&line, &child, shortest - 1, nodes),
                    Some(Verdict::Mates(_))
                )
            })
            .collect();
        if !winning.is_empty() {
            let answer = RootProof::Mates {
                plies: shortest,
                moves: winning,
            };
            return (answer, mine.nodes);
        }
    }

    let mut theirs = HorizonProof::new(table, me.other());
    theirs.stop_at(at);
    let (mut held, mut losing, mut unknown) = (Vec::new(), Vec::new(), Vec::new());
    for mv in moves {
        let (line, child) = after(mv);
        match theirs.prove_within(&line, &child, horizon - 1, nodes) {
            Some(Verdict::NoMate) => held.push(mv),
            Some(Verdict::Mates(plies)) => losing.push((mv, plies)),
            None => unknown.push(mv),
        }
    }
    let answer = RootProof::Open {
        held,
        losing,
        unknown,
    };
    (answer, mine.nodes + theirs.nodes)
}

/// What the proofs say about one move, under the true rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveProof {
    /// After it the mover forces mate within this many plies, counted from
    /// before the move.
    Mates(u32),
    /// After it the opponent forces mate within this many plies, counted
    /// the same way.
    Mated(u32),
    /// Neither side forces mate within the horizon after it.
    Neither,
    /// A proof ran out of nodes or time.
    Unknown,
}

/// Each legal move of `game` (in notation order) and what the proofs say
/// about it within `horizon` plies, with `nodes` nodes in all for each
/// side's proofs; and the nodes spent. `arbiter analyse knight-court
/// --prove` prints this.
pub fn prove_each_move(
    game: &KnightCourt,
    horizon: u32,
    nodes: u64,
) -> (Vec<(Move, MoveProof)>, u64) {
    assert!(
        (1..=MAX_HORIZON).contains(&horizon),
        "horizon 1..={MAX_HORIZON}"
    );
    let table = crate::knight_court::table();
    let me = game.turn();
    let mut mine = HorizonProof::new(table, me);
    let mut theirs = HorizonProof::new(table, me.other());
    let verdicts = game
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let (line, child) = line_after(game, mv);
            let proof = match mine.prove_within(&line, &child, horizon - 1, nodes) {
                Some(Verdict::Mates(plies)) => MoveProof::Mates(plies + 1),
                None => MoveProof::Unknown,
                Some(Verdict::NoMate) => {
                    match theirs.prove_within(&line, &child, horizon - 1, nodes) {
                        Some(Verdict::Mates(plies)) => MoveProof::Mated(plies + 1),
                        Some(Verdict::NoMate) => MoveProof::Neither,
                        None => MoveProof::Unknown,
                    }
                }
            };
            (mv, proof)
        })
        .collect();
    (verdicts, mine.nodes + theirs.nodes)
}

/// The proving player; see the module's notes.
pub struct ProvingPlayer {
    /// The search's budget, once the proofs have spoken.
    pub budget: Budget,
    pub horizon: u32,
    /// Nodes for each of the proofs' two questions.
    pub proof_nodes: u64,
}

impl ProvingPlayer {
    pub fn new(budget: Budget) -> ProvingPlayer {
        ProvingPlayer {
            budget,
            horizon: HORIZON,
            proof_nodes: PROOF_NODES,
        }
    }
}

impl Player<KnightCourt> for ProvingPlayer {
    fn choose(&self, game: &KnightCourt, seat: Seat, seed: Seed) -> Option<Move> {
        self.choose_scored(game, seat, seed).0
    }

    /// A proved mate scores as a mate found by search (`DECIDED` less its
    /// plies); otherwise the search's score of its choice.
    fn choose_scored(
        &self,
        game: &KnightCourt,
        seat: Seat,
        seed: Seed,
    ) -> (Option<Move>, Option<i32>) {
        if game.phase() != Phase::Turn(seat) {
            return (None, None);
        }
        if game.legal_moves().is_empty() {
            return (None, None);
        }
        // Under a deadline (a host's clock, or a time budget) the proofs
        // get half the time and the search the rest.
        let started = Instant::now();
        let (_, deadline) = self.budget.limits();
        let proofs_until = deadline.map(|at| started + at.saturating_duration_since(started) / 2);
        let budget = match deadline {
            Some(at) => self.budget.until(at),
            None => self.budget,
        };
        let candidates =
            match prove_root_until(game, self.horizon, self.proof_nodes, proofs_until).0 {
                RootProof::Mates { plies, moves } => {
                    let mv = seed.rng().choose(&moves).copied();
                    return (mv, Some(DECIDED - plies as i32));
                }
                RootProof::Open {
                    mut held,
                    losing,
                    unknown,
                } => {
                    held.extend(unknown);
                    if !held.is_empty() {
                        held
                    } else if let [(only, plies)] = losing[..] {
                        // A forced move into a proved mate: the score says
                        // how soon, as a search's would (mated one ply
                        // after the opponent's mate begins).
                        return (Some(only), Some(-(DECIDED - (plies as i32 + 1))));
                    } else {
                        losing.into_iter().map(|(mv, _)| mv).collect()
                    }
                }
            };
        // One candidate left is still handed to the search, which plays it
        // at once and scores it as `max1` would, so every answer is scored.
        let found = Searcher::<KnightCourtTableDuel>::new(game, budget)
            .only_moves(candidates)
            .run(64, seed);
        let score = found.best.map(|_| found.score);
        (found.best, score)
    }
}
