//! Knight Court's strongest player (`max`, host level 5): the table-guided
//! search of `max1`, with proofs to catch what it cannot see.
//!
//! The proof-number search of [`crate::dfpn`] works under the true rule (no
//! position twice) and trusts no table value. With the game's whole line
//! as history, the player asks it, at every move:
//!
//! 1. Can I force mate within the horizon? If so it plays a move that keeps
//!    the fastest forced mate (the seed chooses among such moves), and
//!    nothing else is asked.
//! 2. Otherwise the table-guided alpha-beta search ([`KnightCourtTableDuel`])
//!    chooses, over every move, exactly as `max1` does. Then the proofs
//!    check that choice: can the opponent force mate within the horizon
//!    after it? If not (or if the proof runs out), the choice stands.
//! 3. If the choice is proved to lose, every other move is checked the same
//!    way, and the search chooses again among those not proved to lose.
//!    When every move is proved to lose, the first choice stands.
//!
//! So the player departs from `max1` only where `max1`'s move is a proved
//! loss or a faster mate is proved: within the horizon it is exact (it
//! never misses a forced mate that short, and never walks into one it could
//! avoid), and each departure trades a proved loss for a move not proved to
//! lose. Beyond the horizon it is as good as its search; nobody knows the
//! start's value under the true rule
//! (docs/ai.md#knight-court-under-the-true-rule), so no player can be shown
//! perfect further out.
//!
//! Each question has a node budget. A proof that runs out of it answers
//! "unknown", and an unknown move is never set aside: the player only acts
//! on what it proved. Budgets are counted in nodes, so the player repeats
//! exactly; under a deadline (a host's clock, or a time budget) the time
//! left is shared out: the mate proof may use up to a quarter of it, the
//! search up to three quarters, the checks up to seven eighths, and a
//! second search the rest.

use crate::alphabeta::Searcher;
use crate::dfpn::{HorizonProof, Verdict, MAX_HORIZON};
use crate::games::knight_court::KnightCourtTableDuel;
use crate::player::{Budget, Player, ScoredLine, DECIDED};
use arbiter_core::{Game, Phase, Seat, Seed};
use arbiter_knight_court::{KnightCourt, Move, Position};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How far the proofs look, in plies from the position to move in. Mates
/// within it are exact; at 21 plies a proof from the opening takes about
/// 8,000 nodes (docs/ai.md#knight-court).
pub const HORIZON: u32 = 21;

/// The nodes each question may spend at one move, in all: the mate
/// question, the check of the search's choice, and the check of the rest.
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

/// When a proof gives up, besides its node budget: at a deadline, or once
/// another thread raises a flag (a UCI `stop`).
#[derive(Clone, Copy, Default)]
struct Until<'s> {
    at: Option<Instant>,
    flag: Option<&'s AtomicBool>,
}

impl<'s> Until<'s> {
    fn at(at: Option<Instant>) -> Until<'s> {
        Until { at, flag: None }
    }

    fn apply(self, proof: &mut HorizonProof<'s>) {
        proof.stop_at(self.at);
        if let Some(flag) = self.flag {
            proof.stop_on(flag);
        }
    }
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
    let (mate, spent) = prove_mate_until(game, horizon, nodes, Until::at(at));
    if let Some((plies, moves)) = mate {
        return (RootProof::Mates { plies, moves }, spent);
    }
    let (refuted, more) = refute_until(game, &game.legal_moves(), horizon, nodes, Until::at(at));
    let answer = RootProof::Open {
        held: refuted.held,
        losing: refuted.losing,
        unknown: refuted.unknown,
    };
    (answer, spent + more)
}

/// The first question: the shortest mate the side to move forces within
/// `horizon` plies, and every move that keeps it; `None` if there is none
/// (or none was found in `nodes` nodes before `until`).
fn prove_mate_until(
    game: &KnightCourt,
    horizon: u32,
    nodes: u64,
    until: Until<'_>,
) -> (Option<(u32, Vec<Move>)>, u64) {
    assert!(
        (1..=MAX_HORIZON).contains(&horizon),
        "horizon 1..={MAX_HORIZON}"
    );
    let pos = *game.position();
    let history = game.history();
    let mut mine = HorizonProof::new(crate::knight_court::table(), game.turn());
    until.apply(&mut mine);
    let Some(Verdict::Mates(bound)) = mine.prove_within(history, &pos, horizon, nodes) else {
        return (None, mine.nodes);
    };
    // The shortest mate: mates by the side to move end on odd plies, and
    // each shorter proof is at most as hard as the one just made. If one
    // runs out of nodes, the bound found stands.
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
    let winning: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|&mv| {
            let (line, child) = line_after(game, mv);
            matches!(
                mine.prove_within(&line, &child, shortest - 1, nodes),
                Some(Verdict::Mates(_))
            )
        })
        .collect();
    let found = (!winning.is_empty()).then_some((shortest, winning));
    (found, mine.nodes)
}

/// The second question's answer for some moves of the side to move, split
/// as in [`RootProof::Open`].
struct Refutations {
    held: Vec<Move>,
    losing: Vec<(Move, u32)>,
    unknown: Vec<Move>,
}

/// The second question, for `moves` of the side to move: after which of
/// them the opponent forces mate within `horizon` plies (counted from
/// before the move).
fn refute_until(
    game: &KnightCourt,
    moves: &[Move],
    horizon: u32,
    nodes: u64,
    until: Until<'_>,
) -> (Refutations, u64) {
    assert!(
        (1..=MAX_HORIZON).contains(&horizon),
        "horizon 1..={MAX_HORIZON}"
    );
    let mut theirs = HorizonProof::new(crate::knight_court::table(), game.turn().other());
    until.apply(&mut theirs);
    let (mut held, mut losing, mut unknown) = (Vec::new(), Vec::new(), Vec::new());
    for &mv in moves {
        let (line, child) = line_after(game, mv);
        match theirs.prove_within(&line, &child, horizon - 1, nodes) {
            Some(Verdict::NoMate) => held.push(mv),
            Some(Verdict::Mates(plies)) => losing.push((mv, plies)),
            None => unknown.push(mv),
        }
    }
    let answer = Refutations {
        held,
        losing,
        unknown,
    };
    (answer, theirs.nodes)
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

/// The proofs' part at one move: how far they look, and the nodes each of
/// their two questions may spend in all (a proof that runs out answers
/// "unknown").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proofs {
    pub horizon: u32,
    pub nodes: u64,
}

/// The search the proofs surround: `only` limits its choice at the root
/// to those moves (`None`: every move), and it stops by `until` if it has
/// not before. It answers its choice and that choice's score.
pub type Search<'a> = dyn FnMut(Option<Vec<Move>>, Option<Instant>) -> Option<(Move, i32)> + 'a;

/// What the player chose at one move, and what the proofs had to do with
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub choice: Option<Move>,
    /// A proved mate scores as a mate found by search (`DECIDED` less its
    /// plies); when every move is proved to lose, the mate against the
    /// choice; otherwise the search's score of its choice.
    pub score: Option<i32>,
    pub proved: Proved,
    /// The moves proved to lose, each with the plies within which its
    /// mover is mated, counted from before it (the choice too, when every
    /// move loses).
    pub losing: Vec<(Move, u32)>,
}

/// What the proofs changed at one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proved {
    /// Nothing: the search's choice stands, and it was not proved to lose.
    Nothing,
    /// The side to move forces mate in `plies`, and the choice keeps it;
    /// no search ran. The proofs spent `nodes`.
    Mate { plies: u32, nodes: u64 },
    /// The search's first choice, `refused`, is mated within `plies`
    /// (counted from before it); the search chose again among `kept`
    /// moves not proved to lose.
    Vetoed {
        refused: Move,
        plies: u32,
        kept: usize,
    },
    /// Every move is proved to lose; the search's choice is mated within
    /// `plies` and stands.
    EveryMoveLoses { plies: u32 },
}

impl Proofs {
    /// Host level 5's and `arbiter uci knight-court`'s.
    pub const STANDARD: Proofs = Proofs {
        horizon: HORIZON,
        nodes: PROOF_NODES,
    };

    /// One move of the proving player (the module's notes), with `search`
    /// as its search; the seed chooses among equally fast mates. The proofs
    /// also give up once `flag` is raised. Under a `deadline` the time left
    /// is shared in eighths: the mate proof may use up to the second, the
    /// search up to the sixth, the checks up to the seventh, and a second
    /// search (if the choice is refuted) the rest. Each stage starts when
    /// the one before it ends.
    pub fn decide(
        &self,
        game: &KnightCourt,
        deadline: Option<Instant>,
        flag: Option<&AtomicBool>,
        seed: Seed,
        search: &mut Search<'_>,
    ) -> Decision {
        let nothing = Decision {
            choice: None,
            score: None,
            proved: Proved::Nothing,
            losing: Vec::new(),
        };
        if !matches!(game.phase(), Phase::Turn(_)) || game.legal_moves().is_empty() {
            return nothing;
        }
        let started = Instant::now();
        let share = |eighths: u32| {
            deadline.map(|at| started + at.saturating_duration_since(started) * eighths / 8)
        };
        let until = |eighths: u32| Until {
            at: share(eighths),
            flag,
        };
        let (horizon, nodes) = (self.horizon, self.nodes);

        if let (Some((plies, moves)), spent) = prove_mate_until(game, horizon, nodes, until(2)) {
            return Decision {
                choice: seed.rng().choose(&moves).copied(),
                score: Some(DECIDED - plies as i32),
                proved: Proved::Mate {
                    plies,
                    nodes: spent,
                },
                losing: Vec::new(),
            };
        }
        let Some((choice, score)) = search(None, share(6)) else {
            return nothing;
        };
        // The veto: only a choice proved to lose is replaced, so the player
        // moves as `max1` does except where that move is a proved loss.
        let (checked, _) = refute_until(game, &[choice], horizon, nodes, until(7));
        let Some(&(_, mated_in)) = checked.losing.first() else {
            return Decision {
                choice: Some(choice),
                score: Some(score),
                proved: Proved::Nothing,
                losing: Vec::new(),
            };
        };
        // Counted from before the choice: mated one ply after the
        // opponent's mate begins.
        let plies = mated_in + 1;
        let others: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|&mv| mv != choice)
            .collect();
        let (refuted, _) = refute_until(game, &others, horizon, nodes, until(7));
        // Counted from before each move, as for the choice.
        let losing: Vec<(Move, u32)> = std::iter::once((choice, plies))
            .chain(refuted.losing.iter().map(|&(mv, mated)| (mv, mated + 1)))
            .collect();
        let mut held = refuted.held;
        held.extend(refuted.unknown);
        if held.is_empty() {
            return Decision {
                choice: Some(choice),
                score: Some(-(DECIDED - plies as i32)),
                proved: Proved::EveryMoveLoses { plies },
                losing,
            };
        }
        let kept = held.len();
        let second = search(Some(held), deadline);
        Decision {
            choice: second.map(|(mv, _)| mv),
            score: second.map(|(_, score)| score),
            proved: Proved::Vetoed {
                refused: choice,
                plies,
                kept,
            },
            losing,
        }
    }
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

    fn proofs(&self) -> Proofs {
        Proofs {
            horizon: self.horizon,
            nodes: self.proof_nodes,
        }
    }

    /// The table-guided search the proofs call: among `only` (`None`:
    /// every move), within the player's budget cut at `until`.
    fn searcher<'g>(
        &self,
        game: &'g KnightCourt,
        only: Option<Vec<Move>>,
        until: Option<Instant>,
    ) -> Searcher<'g, KnightCourtTableDuel> {
        let budget = match until {
            Some(at) => self.budget.until(at),
            None => self.budget,
        };
        let searcher = Searcher::<KnightCourtTableDuel>::new(game, budget);
        match only {
            Some(moves) => searcher.only_moves(moves),
            None => searcher,
        }
    }
}

impl Player<KnightCourt> for ProvingPlayer {
    fn choose(&self, game: &KnightCourt, seat: Seat, seed: Seed) -> Option<Move> {
        self.choose_scored(game, seat, seed).0
    }

    /// The score of [`Decision::score`].
    fn choose_scored(
        &self,
        game: &KnightCourt,
        seat: Seat,
        seed: Seed,
    ) -> (Option<Move>, Option<i32>) {
        if game.phase() != Phase::Turn(seat) {
            return (None, None);
        }
        let (_, deadline) = self.budget.limits();
        let mut search = |only: Option<Vec<Move>>, until: Option<Instant>| {
            let found = self.searcher(game, only, until).run(64, seed);
            found.best.map(|mv| (mv, found.score))
        };
        let decision = self
            .proofs()
            .decide(game, deadline, None, seed, &mut search);
        (decision.choice, decision.score)
    }

    /// The ranked lines of the table-guided search, with the proofs
    /// around it as [`Player::choose_scored`] has them, so the first line is
    /// always the player's own choice, with its score. Each search the
    /// proofs ask for ranks `count` moves among those it may choose, and
    /// the last ranking is kept; then the choice leads. A proved mate runs
    /// no search, so the other moves are ranked after it. A move proved to
    /// lose scores its proved mate, and those the last search did not rank
    /// (a vetoed choice, the moves set aside with it) join the others; all
    /// follow the choice by their scores.
    fn choose_lines(
        &self,
        game: &KnightCourt,
        seat: Seat,
        seed: Seed,
        count: usize,
    ) -> Vec<ScoredLine<Move>> {
        if game.phase() != Phase::Turn(seat) || count == 0 {
            return Vec::new();
        }
        let (_, deadline) = self.budget.limits();
        let ranking = |only: Option<Vec<Move>>, until: Option<Instant>, count: usize| {
            crate::bots::ranked_lines(self.searcher(game, only, until), seed, count)
        };
        let mut ranked: Vec<ScoredLine<Move>> = Vec::new();
        let mut search = |only: Option<Vec<Move>>, until: Option<Instant>| {
            ranked = ranking(only, until, count);
            let first = ranked.first()?;
            // An unscored move (no iteration finished) scores 0, as
            // `Searcher::run` gives it.
            Some((first.action, first.score.unwrap_or(0)))
        };
        let decision = self
            .proofs()
            .decide(game, deadline, None, seed, &mut search);
        let Some(choice) = decision.choice else {
            return Vec::new();
        };
        // A proved mate runs no search: the other moves are ranked behind
        // it, if more than one line is asked for.
        if matches!(decision.proved, Proved::Mate { .. }) && count > 1 {
            let others: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|&mv| mv != choice)
                .collect();
            ranked = ranking(Some(others), deadline, count - 1);
        }
        let chosen = match ranked.iter().position(|l| l.action == choice) {
            Some(at) => ranked.remove(at),
            None => ScoredLine {
                action: choice,
                score: None,
                line: vec![choice],
            },
        };
        // A move proved to lose scores its proved mate, whatever the
        // search thought; those the last search did not rank (a vetoed
        // choice, and the moves set aside with it) join the others.
        let proved_loss = |plies: u32| Some(-(DECIDED - plies as i32));
        for &(mv, plies) in &decision.losing {
            match ranked.iter_mut().find(|l| l.action == mv) {
                Some(line) => line.score = proved_loss(plies),
                None if mv != choice => ranked.push(ScoredLine {
                    action: mv,
                    score: proved_loss(plies),
                    line: vec![mv],
                }),
                None => {}
            }
        }
        // The choice leads; the rest by their scores (stable), unscored last.
        ranked.sort_by_key(|l| std::cmp::Reverse(l.score.map_or(i64::MIN, i64::from)));
        ranked.insert(
            0,
            ScoredLine {
                score: decision.score.or(chosen.score),
                ..chosen
            },
        );
        ranked.truncate(count);
        ranked
    }
}
