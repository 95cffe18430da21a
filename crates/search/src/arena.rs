//! Bots against bots: one game ([`play_game`]) and a whole match
//! ([`run_match`]), as `arbiter match` runs them.
//!
//! The arena is the host: it hands each bot only its seat's
//! [`Observe::Seen`](crate::player::Observe::Seen), settles who takes a
//! claimed turn (newcomers join in seat order until the table is full,
//! then seats take turns in rotation after whoever acted last), collects
//! simultaneous actions one seat at a time, resolves chance with the
//! game's seeded stream, and ends games at a turn limit when the game
//! allows the host to (Tilechess).

use crate::player::{Bots, Spec};

use arbiter_core::{Game, Outcome, Phase, Seat, Seed, TextPosition};
use rayon::prelude::*;

/// What a match needs of a game beyond its bots.
pub trait Arena: Bots + TextPosition {
    /// Ends the game at the host's turn limit, if the rules let a host do
    /// that (Tilechess ranks by score); `false` if not.
    fn end_by_host(&mut self) -> bool {
        false
    }
}

impl Arena for arbiter_knight_court::KnightCourt {}
impl Arena for arbiter_knight_moves::KnightMoves {}
impl Arena for arbiter_progressive_chess::ProgressiveChess {}
impl Arena for arbiter_tilechess::Tilechess {
    fn end_by_host(&mut self) -> bool {
        arbiter_tilechess::Tilechess::end_by_host(self);
        true
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Record {
    pub index: usize,
    pub seed: u64,
    pub start: String,
    /// `players[seat]`: which match player (index into the specs) sat there.
    pub players: Vec<usize>,
    pub specs: Vec<Spec>,
    pub actions: Vec<(Seat, String)>,
    pub outcome: Outcome,
}

impl Record {
    /// The record as a text file.
    pub fn to_text(&self, game_id: &str) -> String {
        let mut out = format!(
            "game {game_id}\nindex {}\nseed {}\nstart {}\n",
            self.index, self.seed, self.start
        );
        // Seats count from 1 here, as in every text for people.
        for (seat, &p) in self.players.iter().enumerate() {
            out += &format!("seat {}: player {} {}\n", seat + 1, p + 1, self.specs[p]);
        }
        for (i, (seat, action)) in self.actions.iter().enumerate() {
            out += &format!("{}. {}: {action}\n", i + 1, seat.0 as u16 + 1);
        }
        out += &format!("result: {}\n", self.outcome);
        for (seat, r) in self.outcome.results.iter().enumerate() {
            out += &format!("seat {}: rank {} score {}\n", seat + 1, r.rank, r.score);
        }
        out
    }

    /// Match points of match player `p` in this game.
    pub fn points(&self, p: usize) -> f64 {
        let seat = self.players.iter().position(|&q| q == p).expect("seated");
        self.outcome.points(Seat(seat as u8))
    }

    /// Whether player `p` ranked first, alone or shared.
    pub fn first(&self, p: usize) -> bool {
        let seat = self.players.iter().position(|&q| q == p).expect("seated");
        self.outcome.results[seat].rank == 1
    }

    pub fn score(&self, p: usize) -> i64 {
        let seat = self.players.iter().position(|&q| q == p).expect("seated");
        self.outcome.results[seat].score
    }
}

/// Plays one game from `game` with `specs[players[seat]]` at each seat.
/// Every decision gets its own seed drawn from `seed`, so a game with node
/// budgets replays exactly.
pub fn play_game<G: Arena>(
    mut game: G,
    specs: &[Spec],
    players: &[usize],
    seed: u64,
    turn_limit: usize,
) -> (Vec<(Seat, String)>, Outcome) {
    let bots: Vec<_> = players.iter().map(|&p| G::bot(specs[p])).collect();
    let seats = players.len();
    let mut rng = Seed::from_u64(seed).rng();
    let mut actions = Vec::new();
    let mut last: Option<Seat> = None;
    loop {
        if actions.len() >= turn_limit && !game.phase().is_over() && !game.end_by_host() {
            return (actions, Outcome::draw_because(seats, "turn limit"));
        }
        let actors = match game.phase() {
            Phase::Over(outcome) => return (actions, outcome),
            Phase::Turn(seat) => vec![seat],
            Phase::Claim(claimants) => vec![claim(&game, &claimants, seats, last)],
            Phase::Simultaneous(waiting) => waiting,
            Phase::Chance => {
                game.resolve(&mut rng).expect("a chance step resolves");
                continue;
            }
        };
        for seat in actors {
            let seen = game.seen_by(seat);
            let decision = Seed::from_u64(rng.next_u64());
            let action = bots[seat.index()]
                .choose(&seen, seat, decision)
                .unwrap_or_else(|| panic!("the bot at {seat} found no action"));
            game.act(seat, &action)
                .unwrap_or_else(|e| panic!("the bot at {seat} chose {action}, refused: {e}"));
            actions.push((seat, action.to_string()));
            last = Some(seat);
        }
    }
}

/// Who takes a claimed turn: newcomers until the table is full, then the
/// next seat in rotation after the last to act.
fn claim<G: Game>(game: &G, claimants: &[Seat], seats: usize, last: Option<Seat>) -> Seat {
    let joined = game.seat_count();
    if joined < seats {
        return Seat(joined as u8);
    }
    let start = last.map_or(0, |s| s.index() + 1);
    (0..seats)
        .map(|k| Seat(((start + k) % seats) as u8))
        .find(|s| claimants.contains(s))
        .expect("someone may claim the turn")
}

/// A match: who plays, how many games, and from where.
#[derive(Clone, Debug)]
pub struct Plan {
    pub specs: Vec<Spec>,
    pub games: usize,
    pub seed: u64,
    pub jobs: usize,
    /// Actions before the host ends a game.
    pub turn_limit: usize,
    /// Start positions, one per game (cycled); `None`: the standard start,
    /// with seats rotated so every player sits everywhere equally often.
    /// With openings, player 1 takes the seat to move and the others
    /// follow in order.
    pub openings: Option<Vec<String>>,
}

/// Plays every game of `plan` on `jobs` threads, calling `done` after each;
/// records come back in game order.
pub fn run_match<G: Arena>(
    plan: &Plan,
    done: &(dyn Fn(&Record) + Sync),
) -> Result<Vec<Record>, String> {
    let n = plan.specs.len();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let starts: Vec<G> = match &plan.openings {
        None => vec![G::start()],
        Some(list) => list
            .iter()
            .map(|text| G::from_position(text).map_err(|e| format!("opening '{text}': {e}")))
            .collect::<Result<_, _>>()?,
    };
    if starts.is_empty() {
        return Err("no openings given".into());
    }
    let records = pool.install(|| {
        (0..plan.games)
            .into_par_iter()
            .map(|index| {
                let start = starts[index % starts.len()].clone();
                let players: Vec<usize> = match (&plan.openings, start.phase()) {
                    (Some(_), Phase::Turn(mover)) => {
                        (0..n).map(|s| (s + n - mover.index()) % n).collect()
                    }
                    _ => (0..n).map(|s| (s + n - index % n) % n).collect(),
                };
                let seed = plan.seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
                let (actions, outcome) =
                    play_game(start.clone(), &plan.specs, &players, seed, plan.turn_limit);
                let record = Record {
                    index,
                    seed,
                    start: start.position(),
                    players,
                    specs: plan.specs.clone(),
                    actions,
                    outcome,
                };
                done(&record);
                record
            })
            .collect()
    });
    Ok(records)
}

/// One row of the results table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub player: usize,
    pub spec: Spec,
    pub games: usize,
    /// Match points: 1 for a win, ½ for a draw, 1/k for first shared by k.
    pub points: f64,
    /// Games ranked first, alone or shared.
    pub firsts: usize,
    pub mean_score: f64,
}

pub fn standings(records: &[Record], specs: &[Spec]) -> Vec<Standing> {
    (0..specs.len())
        .map(|p| {
            let games = records.len();
            Standing {
                player: p,
                spec: specs[p],
                games,
                points: records.iter().map(|r| r.points(p)).sum(),
                firsts: records.iter().filter(|r| r.first(p)).count(),
                mean_score: records.iter().map(|r| r.score(p) as f64).sum::<f64>()
                    / games.max(1) as f64,
            }
        })
        .collect()
}

/// Player 1's Elo advantage over player 2 in a two-player match and a 95%
/// interval from the per-game variance of its points; a perfect or nil
/// score is ±infinity.
pub fn elo(records: &[Record]) -> (f64, f64, f64) {
    let n = records.len().max(1) as f64;
    let points: Vec<f64> = records.iter().map(|r| r.points(0)).collect();
    let mean = points.iter().sum::<f64>() / n;
    let mut var = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / n;
    if var == 0.0 {
        // A clean sweep has no spread; take the spread of one more game
        // going either way, so the interval stays honest.
        let shrunk = (mean * n + 0.5) / (n + 1.0);
        var = shrunk * (1.0 - shrunk);
    }
    let se = (var / n).sqrt();
    let to_elo = |p: f64| -400.0 * (1.0 / p.clamp(0.0, 1.0) - 1.0).log10();
    (
        to_elo(mean),
        to_elo(mean - 1.96 * se),
        to_elo(mean + 1.96 * se),
    )
}
