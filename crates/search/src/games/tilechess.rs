//! Tilechess for the searchers: a hand-tuned evaluation and the `max`
//! player, a max-n search of up to two whole rounds: our action, each
//! rival's reply in rotation, our next action, the rivals again, then our
//! next action after that.
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
//! Any player may claim the next turn, but both hosts (`arbiter match` and
//! the server's longest-waiting rule) let bots take turns in rotation, so
//! the search assumes that order. Every action is scored one ply ahead;
//! the best [`WIDTH`] are then searched deeper, one rival more at a time
//! (iterative deepening, as long as the budget lasts): after our action,
//! `depth` rivals in rotation each play their best reply by their own
//! evaluation (max-n with one-ply rivals), and the candidate is worth our
//! value after our own best next action. The deepest depth completed for
//! every candidate decides; a whole round is every rival. After a whole
//! round, a budget that lasts goes on into a second one ([`ROUNDS`]): we
//! play our best next action (one ply, as the rivals do), and the rivals
//! reply again, one more at a time. The budget counts evaluations, or
//! time. The first version looked at each rival's
//! reply on its own (half the worst case, half the average over who
//! claims) plus half of our next action's gain: 61% firsts against three
//! greedy players, against 89.5% now (docs/ai.md#tilechess).

use crate::player::{outcome_value, pick_best, Budget, Evaluate, Observe, Player};
use arbiter_core::{Game, Phase, Seat, Seed};
use arbiter_tilechess::{for_each_target, Action, Role, Tilechess};
use std::time::Instant;

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

/// How many actions, the best by one ply, the search takes deeper.
/// Wider was weaker against other searchers (docs/ai.md#tilechess): the
/// further down the list, the more a candidate's worth rests on the
/// rivals replying as modelled.
pub const WIDTH: usize = 8;

/// How many whole rounds the search looks ahead when its budget allows:
/// the second round has us play our best next action (one ply, as the
/// rivals do), then the rivals reply again, and the candidate is worth
/// our best action after that. A budget that completes the first round
/// (about 6,000 evaluations on a young board) spends the rest here.
pub const ROUNDS: usize = 2;

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
        // Best first: only the first `WIDTH` are searched deeper.
        scored.sort_by_key(|(s, _)| -s);
        let out_of_budget = |left: u64| left == 0 || deadline.is_some_and(|d| Instant::now() >= d);
        let candidates: Vec<Action> = scored.iter().take(WIDTH).map(|(_, a)| *a).collect();
        // Until a depth is complete, the one-ply scores stand.
        let mut scores: Vec<i32> = scored.iter().take(WIDTH).map(|(s, _)| *s).collect();
        let rivals = game.players().len().saturating_sub(1);
        // Each candidate's game after a whole round and our next action,
        // once a depth of the second round asks for it.
        let mut second: Vec<Option<Tilechess>> = vec![None; candidates.len()];
        'deepen: for depth in 0..=(ROUNDS * (rivals + 1) - 1) {
            let mut deeper = Vec::with_capacity(candidates.len());
            for (i, action) in candidates.iter().enumerate() {
                if out_of_budget(left) {
                    break 'deepen;
                }
                let round = if depth <= rivals {
                    rivals_round(&after(game, seat, action), seat, depth, &mut left)
                } else {
                    let start = second[i].get_or_insert_with(|| {
                        let round =
                            rivals_round(&after(game, seat, action), seat, rivals, &mut left);
                        best_deed(&round, seat, &mut left).map_or(round, |(_, next)| next)
                    });
                    rivals_round(start, seat, depth - rivals - 1, &mut left)
                };
                deeper.push(best_next(&round, seat, &mut left));
            }
            scores = deeper;
        }
        (
            pick_best(&candidates, &scores, &mut rng),
            scores.iter().max().copied(),
        )
    }
}

/// The rival who takes the turn after the last one, if seats take turns
/// in rotation: the first claimant after the last seat to act, in seat
/// order, wrapping round. Both hosts (`arbiter match` and the server's
/// longest-waiting rule) seat bots this way. Newcomers are left out: a
/// player cannot know whether anyone else will join.
fn next_in_rotation(game: &Tilechess, me: Seat) -> Option<Seat> {
    let Phase::Claim(claimants) = game.phase() else {
        return None;
    };
    let seats = game.players().len();
    let last = game.last_to_act().map_or(0, |s| s.index());
    claimants
        .into_iter()
        .filter(|&s| s.index() < seats)
        .min_by_key(|s| (s.index() + seats - last - 1) % seats)
        .filter(|&s| s != me)
}

/// The game after up to `depth` rivals, in rotation, have each played the
/// action that is best by their own evaluation, stopping early when it is
/// `me`'s turn again (or the game ends). Rivals are modelled as one-ply
/// players of the shared evaluation.
fn rivals_round(game: &Tilechess, me: Seat, depth: usize, left: &mut u64) -> Tilechess {
    let mut now = game.clone();
    // At most one turn per seat: if `me` is out, the rivals would go
    // round for ever.
    for _ in 0..game.players().len().min(depth) {
        let Some(rival) = next_in_rotation(&now, me) else {
            break;
        };
        let mut best: Option<(i32, Tilechess)> = None;
        for reply in now.legal_actions(rival) {
            let next = after(&now, rival, &reply);
            *left = left.saturating_sub(1);
            let theirs = value(&next, rival);
            if best.as_ref().is_none_or(|(b, _)| theirs > *b) {
                best = Some((theirs, next));
            }
        }
        match best {
            Some((_, next)) => now = next,
            None => break,
        }
    }
    now
}

/// Our value after our best next action (by the full evaluation, threats
/// included): the round ends with our turn, and pieces left under attack
/// are only lost if we cannot save them.
fn best_next(game: &Tilechess, me: Seat, left: &mut u64) -> i32 {
    match best_deed(game, me, left) {
        Some((best, _)) => best,
        None => value(game, me),
    }
}

/// Our best next action by the full evaluation: its value and the game
/// after it (`None` if the game is over or we cannot act).
fn best_deed(game: &Tilechess, me: Seat, left: &mut u64) -> Option<(i32, Tilechess)> {
    if game.is_over() {
        return None;
    }
    let colour = game.colour_of(me)?;
    let mut best: Option<(i32, Tilechess)> = None;
    for deed in game.deeds(me) {
        let mut next = game.clone();
        next.play_unchecked(me, &Action { colour, deed });
        *left = left.saturating_sub(1);
        let ours = value(&next, me);
        if best.as_ref().is_none_or(|(b, _)| ours > *b) {
            best = Some((ours, next));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four lone kings in the south-west block; `last` took the last turn,
    /// and `out` (if any) is eliminated.
    fn four_kings(last: &str, out: Option<&str>) -> Tilechess {
        let seat = |colour: &str, king: &str| match out {
            Some(o) if o == colour => format!("{colour} out +0"),
            _ => format!("{colour} +0 K{king}"),
        };
        let text = format!(
            "tilechess board 0,0 23,23 open 0,0 / pawns 7 repeat no start 6x6 last {last} / {} / {} / {} / {}",
            seat("red", "0,0"),
            seat("blue", "3,3"),
            seat("green", "0,3"),
            seat("yellow", "3,0"),
        );
        Tilechess::from_text(&text).expect("a valid position")
    }

    const RED: Seat = Seat(0);

    #[test]
    fn the_next_rival_is_the_seat_after_the_last_to_act() {
        assert_eq!(
            next_in_rotation(&four_kings("blue", None), RED),
            Some(Seat(2))
        );
        // Green is out, so yellow follows blue.
        let green_out = four_kings("blue", Some("green"));
        assert_eq!(next_in_rotation(&green_out, RED), Some(Seat(3)));
        // After yellow it is red's own turn: the round is over.
        assert_eq!(next_in_rotation(&four_kings("yellow", None), RED), None);
    }

    #[test]
    fn a_round_lets_every_rival_act_once_in_order() {
        let mut left = u64::MAX;
        let round = rivals_round(&four_kings("red", None), RED, 4, &mut left);
        assert_eq!(round.last_to_act(), Some(Seat(3)));
        assert!(
            left < u64::MAX,
            "the rivals' replies count against the budget"
        );
        // Depth 1: only blue replies; depth 0: nobody does.
        let one = rivals_round(&four_kings("red", None), RED, 1, &mut left);
        assert_eq!(one.last_to_act(), Some(Seat(1)));
        let none = rivals_round(&four_kings("red", None), RED, 0, &mut left);
        assert_eq!(none.last_to_act(), Some(RED));
        // Green out: blue then yellow, and still back to red.
        let round = rivals_round(&four_kings("red", Some("green")), RED, 4, &mut left);
        assert_eq!(round.last_to_act(), Some(Seat(3)));
    }

    #[test]
    fn the_second_round_starts_from_our_best_next_action() {
        // After a whole round (yellow acted last), our best next action is
        // played: its value is best_next's, we acted last, and the next
        // rival in rotation is blue again.
        let round = four_kings("yellow", None);
        let mut left = u64::MAX;
        let (value, next) = best_deed(&round, RED, &mut left).expect("red can act");
        assert_eq!(value, best_next(&round, RED, &mut left));
        assert_eq!(next.last_to_act(), Some(RED));
        assert_eq!(next_in_rotation(&next, RED), Some(Seat(1)));
        // Out of the game, there is no next action.
        let out = four_kings("yellow", Some("red"));
        assert!(best_deed(&out, RED, &mut left).is_none());
    }

    #[test]
    fn a_round_without_us_stops_after_one_turn_per_seat() {
        // Red is out: blue, green, yellow, then blue again ends the cap of
        // four turns instead of going round for ever.
        let mut left = u64::MAX;
        let round = rivals_round(&four_kings("red", Some("red")), RED, 4, &mut left);
        assert_eq!(round.last_to_act(), Some(Seat(1)));
    }
}
