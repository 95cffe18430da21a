//! Tilechess for the searchers: a hand-tuned evaluation and the `max`
//! player, a shallow max-n search that assumes the worst about who claims
//! the next turn.
//!
//! # Evaluation for seat `s`
//! Matches rank players by score (territory plus points for destroyed
//! pieces), so the evaluation is relative to the strongest rival:
//! `base(s) − threats(s) − max over rivals t of base(t)`, where
//! - `base = 10·score + 6·material`, material counting pieces at their
//!   capture value (queen 9, rook 5, bishop and knight 3, pawn and king 1):
//!   a piece is worth less than the points it gives the rival who takes it,
//!   but it keeps painting territory while it lives;
//! - `threats(s)` is, for each of our pieces an enemy piece can take next,
//!   half the swing if it is taken (its material and the taker's points),
//!   and 400 if it is our king, whose loss ends our game;
//! - an eliminated seat scores −100000.
//!
//! # Search
//! Every action is scored one ply ahead. The best few (up to
//! [`CANDIDATES`]) are then searched one more ply: any rival may claim the
//! next turn, so for each rival we find its best reply *by its own base
//! evaluation* (max-n) and score the candidate half by the worst of these
//! outcomes for us and half by their average over who claims (the pure
//! worst case made the player too timid in test matches: 53% firsts
//! against three greedy players, 60% with the blend). To that we add half of what our
//! own best next action would gain if left alone (long slides and open
//! lines pay later). The budget counts evaluations, or time: a candidate is
//! judged only when its replies are all seen.

use crate::player::{outcome_value, pick_best, Budget, Evaluate, Observe, Player};
use arbiter_core::{Game, Phase, Seat, Seed};
use arbiter_tilechess::{for_each_target, Action, Role, Tilechess};
use std::time::Instant;

/// How many actions get the second ply.
pub const CANDIDATES: usize = 12;

fn worth(role: Role) -> i32 {
    role.value() as i32
}

/// `10·score + 6·material` for every seat; eliminated seats score very low.
fn bases(game: &Tilechess) -> Vec<i32> {
    let scores = game.scores();
    let mut base: Vec<i32> = scores.iter().map(|&s| 10 * s as i32).collect();
    for (_, piece) in game.board().pieces() {
        base[piece.owner.index()] += 6 * worth(piece.role);
    }
    for (i, p) in game.players().iter().enumerate() {
        if p.eliminated {
            base[i] = -100_000;
        }
    }
    base
}

/// Half the swing of every piece of `seat` that an enemy can take next.
fn threats(game: &Tilechess, seat: Seat) -> i32 {
    let board = game.board();
    let mut hit = std::collections::BTreeSet::new();
    for (from, piece) in board.pieces() {
        if piece.owner == seat {
            continue;
        }
        for_each_target(board, from, piece, |to, victim| {
            if victim.is_some_and(|v| v.owner == seat) {
                hit.insert(to);
            }
        });
    }
    hit.iter()
        .map(|&t| match board.piece(t) {
            Some(p) if p.role == Role::King => 400,
            Some(p) => 8 * worth(p.role),
            None => 0,
        })
        .sum()
}

fn relative(base: &[i32], seat: Seat) -> i32 {
    let rival = base
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat.index())
        .map(|(_, &b)| b)
        .max()
        .unwrap_or(0);
    base[seat.index()] - rival
}

impl Evaluate for Tilechess {
    fn evaluate(&self, seat: Seat) -> i32 {
        if seat.index() >= self.players().len() {
            return 0;
        }
        if self.players()[seat.index()].eliminated {
            return -100_000;
        }
        relative(&bases(self), seat) - threats(self, seat)
    }
}

impl Observe for Tilechess {
    type Seen = Tilechess;
    fn seen_by(&self, _: Seat) -> Tilechess {
        self.clone()
    }
}

fn after(game: &Tilechess, seat: Seat, action: &Action) -> Tilechess {
    let mut child = game.clone();
    child.act(seat, action).expect("legal action was refused");
    child
}

fn value(game: &Tilechess, seat: Seat) -> i32 {
    match game.phase() {
        Phase::Over(outcome) => outcome_value(&outcome, seat),
        _ => game.evaluate(seat),
    }
}

/// The `max` player.
pub struct TilechessMax {
    pub budget: Budget,
}

impl Player<Tilechess> for TilechessMax {
    fn choose(&self, game: &Tilechess, seat: Seat, seed: Seed) -> Option<Action> {
        self.choose_scored(game, seat, seed).0
    }

    /// The score the search gave the action it chose.
    fn choose_scored(
        &self,
        game: &Tilechess,
        seat: Seat,
        seed: Seed,
    ) -> (Option<Action>, Option<i32>) {
        let (limit, deadline) = self.budget.limits();
        let mut left = limit.unwrap_or(u64::MAX);
        let mut rng = seed.rng();
        let mut actions = game.legal_actions(seat);
        rng.shuffle(&mut actions);
        let mut scored: Vec<(i32, Action)> = actions
            .into_iter()
            .map(|a| (value(&after(game, seat, &a), seat), a))
            .collect();
        left = left.saturating_sub(scored.len() as u64);
        scored.sort_by_key(|(s, _)| -s);
        let mut judged: Vec<(Action, i32)> = Vec::new();
        for (first, (_, action)) in scored.iter().take(CANDIDATES).enumerate() {
            let out_of_budget = left == 0 || deadline.is_some_and(|d| Instant::now() >= d);
            if first > 0 && out_of_budget {
                break;
            }
            let child = after(game, seat, action);
            let score =
                worst_reply(&child, seat, &mut left) + follow_up(&child, seat, &mut left) / 2;
            judged.push((*action, score));
        }
        let (actions, scores): (Vec<Action>, Vec<i32>) = judged.into_iter().unzip();
        (
            pick_best(&actions, &scores, &mut rng),
            scores.iter().max().copied(),
        )
    }
}

/// What our best next action would add to our base, if the rivals left us
/// alone: it rewards setting up long slides and open lines, which the
/// one-ply evaluation cannot see.
fn follow_up(game: &Tilechess, me: Seat, left: &mut u64) -> i32 {
    if game.is_over() {
        return 0;
    }
    let Some(colour) = game.colour_of(me) else {
        return 0;
    };
    let now = relative(&bases(game), me);
    let mut best = 0;
    for deed in game.deeds(me) {
        let mut next = game.clone();
        next.play_unchecked(me, &Action { colour, deed });
        *left = left.saturating_sub(1);
        best = best.max(relative(&bases(&next), me) - now);
    }
    best
}

/// Our value after the worst rival's best reply (by its own base).
fn worst_reply(game: &Tilechess, me: Seat, left: &mut u64) -> i32 {
    let Phase::Claim(claimants) = game.phase() else {
        return value(game, me);
    };
    let here = value(game, me);
    let mut worst = here;
    let mut sum = 0i64;
    let mut rivals = 0i64;
    for rival in claimants {
        if rival == me || rival.index() >= game.players().len() {
            continue;
        }
        let mut best: Option<(i32, Tilechess)> = None;
        for reply in game.legal_actions(rival) {
            let next = after(game, rival, &reply);
            *left = left.saturating_sub(1);
            let theirs = match next.phase() {
                Phase::Over(outcome) => outcome_value(&outcome, rival),
                _ => relative(&bases(&next), rival),
            };
            if best.as_ref().is_none_or(|(b, _)| theirs > *b) {
                best = Some((theirs, next));
            }
        }
        if let Some((_, next)) = best {
            let v = value(&next, me);
            worst = worst.min(v);
            sum += v as i64;
            rivals += 1;
        }
    }
    if rivals == 0 {
        return here;
    }
    // Any rival may claim the next turn: half the worst case, half the
    // average over who claims.
    worst / 2 + (sum / rivals) as i32 / 2
}
