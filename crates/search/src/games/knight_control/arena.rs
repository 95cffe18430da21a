//! Knight Control matches: six (or any number of) bots at one table, seats
//! rotated game by game, each game laid out from its own seed. The arena
//! is the host: every bot gets only its seat's [`Observe::Seen`].

use super::trading;
use crate::arena::Record;
use crate::player::{Bots, Observe, Player, Spec};
use arbiter_core::{Game, GameRng, Outcome, Phase, Seat, Seed};
use arbiter_knight_control::{player_name, KnightControl, Layout, Rules, Stage};
use rayon::prelude::*;

/// One finished game and the figures a Knight Control match reports.
#[derive(Clone, Debug)]
pub struct Played {
    pub record: Record,
    /// Chips gained, per seat.
    pub gained: Vec<u32>,
    /// ToLs held at the end, per seat.
    pub tols: Vec<u32>,
    pub ec: Option<Seat>,
}

impl Played {
    fn seat_of(&self, p: usize) -> usize {
        self.record
            .players
            .iter()
            .position(|&q| q == p)
            .expect("seated")
    }

    pub fn gained_by(&self, p: usize) -> u32 {
        self.gained[self.seat_of(p)]
    }

    /// Whether player `p` gained the most chips (ties included).
    pub fn most_gained(&self, p: usize) -> bool {
        self.gained_by(p) == self.gained.iter().copied().max().unwrap_or(0)
    }

    /// Whether player `p` alone gained the most chips.
    pub fn most_gained_alone(&self, p: usize) -> bool {
        let g = self.gained_by(p);
        self.most_gained(p) && self.gained.iter().filter(|&&x| x == g).count() == 1
    }

    pub fn ec(&self, p: usize) -> bool {
        self.ec == Some(Seat(self.seat_of(p) as u8))
    }

    pub fn tols_of(&self, p: usize) -> u32 {
        self.tols[self.seat_of(p)]
    }
}

/// Plays one game of `players.len()` seats on the standard layout. The
/// host grants a communal garnet to two players drawn from the game's
/// seed as each of the first `communal` rounds' orders steps opens.
pub fn play(
    specs: &[Spec],
    players: &[usize],
    seed: u64,
    communal: u8,
) -> Result<(KnightControl, Vec<(Seat, String)>), String> {
    let mut game = KnightControl::new(
        players.len(),
        Rules::default(),
        Layout::standard(),
        Seed::from_u64(seed),
    )?;
    let bots: Vec<_> = players
        .iter()
        .map(|&p| KnightControl::bot(specs[p]))
        .collect();
    let mut rng = Seed::from_u64(seed ^ 0x6b63_6169).rng();
    let mut actions = Vec::new();
    let mut grants = Grants::new(seed, communal);
    while let Phase::Simultaneous(waiting) = game.phase() {
        for seat in waiting {
            grants.grant_if_due(&mut game)?;
            if !game.pending().contains(&seat) {
                continue;
            }
            let seen = game.seen_by(seat);
            let decision = Seed::from_u64(rng.next_u64());
            let action = bots[seat.index()]
                .choose(&seen, seat, decision)
                .ok_or_else(|| format!("the bot at {seat} found no action"))?;
            game.act(seat, &action)
                .map_err(|e| format!("the bot at {seat} chose {action}, refused: {e}"))?;
            actions.push((seat, action.to_string()));
            answer_offers(&mut game, &bots, &mut rng, &mut actions)?;
        }
    }
    Ok((game, actions))
}

/// The arena host's communal grants: one as each of the first `rounds`
/// rounds' orders steps opens, to two players drawn from the game's seed.
struct Grants {
    rounds: u8,
    done: u8,
    rng: GameRng,
}

impl Grants {
    fn new(seed: u64, rounds: u8) -> Grants {
        Grants {
            rounds,
            done: 0,
            rng: Seed::from_u64(seed ^ 0x636f_6d6d).rng(),
        }
    }

    fn grant_if_due(&mut self, game: &mut KnightControl) -> Result<(), String> {
        let round = game.round();
        if game.stage() != Stage::Orders || round > self.rounds || round <= self.done {
            return Ok(());
        }
        self.done = round;
        let n = game.players();
        let a = self.rng.below(n);
        let b = (a + 1 + self.rng.below(n - 1)) % n;
        game.grant_communal(Seat(a as u8), Seat(b as u8))?;
        Ok(())
    }
}

/// Lets seats that have already submitted answer what came to them since
/// (an offer, a communal garnet), as a host asks them: each seat the
/// trading policy says has an answer is asked, until none acts.
fn answer_offers(
    game: &mut KnightControl,
    bots: &[Box<dyn Player<KnightControl>>],
    rng: &mut GameRng,
    actions: &mut Vec<(Seat, String)>,
) -> Result<(), String> {
    // Each pass settles at least one offer or garnet, so a few suffice.
    for _ in 0..ANSWER_PASSES {
        let mut acted = false;
        for seat in Seat::all(game.players()) {
            if game.phase().is_over() || game.pending().contains(&seat) {
                continue;
            }
            let seen = game.seen_by(seat);
            if trading::answer(&seen, seat).is_none() {
                continue;
            }
            let decision = Seed::from_u64(rng.next_u64());
            let Some(action) = bots[seat.index()].choose(&seen, seat, decision) else {
                continue;
            };
            game.act(seat, &action)
                .map_err(|e| format!("the bot at {seat} chose {action}, refused: {e}"))?;
            actions.push((seat, action.to_string()));
            acted = true;
        }
        if !acted {
            break;
        }
    }
    Ok(())
}

/// At most this many rounds of answers after one action.
const ANSWER_PASSES: usize = 4;

/// Plays `games` games on `jobs` threads, player p at seat (p + index) mod
/// n in game `index`; calls `done` after each. Results in game order.
pub fn run(
    specs: &[Spec],
    games: usize,
    seed: u64,
    jobs: usize,
    communal: u8,
    done: &(dyn Fn(&Played) + Sync),
) -> Result<Vec<Played>, String> {
    let n = specs.len();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|index| {
                let players: Vec<usize> = (0..n).map(|s| (s + n - index % n) % n).collect();
                let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
                let (game, actions) = play(specs, &players, game_seed, communal)?;
                let outcome: Outcome = match game.phase() {
                    Phase::Over(o) => o,
                    _ => unreachable!("play returns finished games"),
                };
                let played = Played {
                    record: Record {
                        index,
                        seed: game_seed,
                        start: format!("standard layout, {n} players, game seed {game_seed}"),
                        players,
                        specs: specs.to_vec(),
                        actions,
                        outcome,
                    },
                    gained: game.state().purses.iter().map(|p| p.gained).collect(),
                    tols: game.awards().tols.clone(),
                    ec: game.awards().ec,
                };
                done(&played);
                Ok(played)
            })
            .collect()
    })
}

/// The results table: per match player, mean chips gained, games with the
/// most chips gained (shared or alone), EC count and mean ToLs.
pub fn table(specs: &[Spec], played: &[Played]) -> String {
    let games = played.len().max(1) as f64;
    let mut out = format!(
        "{:<7} {:<14} {:>7} {:>12} {:>12} {:>12} {:>9} {:>10}\n",
        "player", "spec", "games", "mean gained", "most gained", "most alone", "EC", "mean ToLs"
    );
    for (p, spec) in specs.iter().enumerate() {
        let most = played.iter().filter(|g| g.most_gained(p)).count();
        let alone = played.iter().filter(|g| g.most_gained_alone(p)).count();
        let ec = played.iter().filter(|g| g.ec(p)).count();
        let pct = |k: usize| format!("{k} ({:.0}%)", 100.0 * k as f64 / games);
        out += &format!(
            "{:<7} {:<14} {:>7} {:>12.2} {:>12} {:>12} {:>9} {:>10.2}\n",
            p + 1,
            spec.to_string(),
            played.len(),
            played.iter().map(|g| g.gained_by(p) as f64).sum::<f64>() / games,
            pct(most),
            pct(alone),
            pct(ec),
            played.iter().map(|g| g.tols_of(p) as f64).sum::<f64>() / games,
        );
    }
    out
}

/// What each match player did with chips between players, summed over
/// the games: offers made, those accepted, offers it accepted, and
/// communal garnets it consented to.
pub fn trading_table(specs: &[Spec], played: &[Played]) -> String {
    let mut out = format!(
        "{:<7} {:<14} {:>7} {:>9} {:>8} {:>9}\n",
        "player", "spec", "offers", "accepted", "accepts", "consents"
    );
    for (p, spec) in specs.iter().enumerate() {
        let (mut offers, mut accepted, mut accepts, mut consents) = (0, 0, 0, 0);
        for g in played {
            let seat = Seat(g.seat_of(p) as u8);
            let accept_me = format!("accept {}", player_name(seat));
            for (by, text) in &g.record.actions {
                if *by == seat {
                    offers += usize::from(text.starts_with("offer "));
                    accepts += usize::from(text.starts_with("accept "));
                    consents += usize::from(text.starts_with("communal "));
                } else if *text == accept_me {
                    accepted += 1;
                }
            }
        }
        out += &format!(
            "{:<7} {:<14} {:>7} {:>9} {:>8} {:>9}\n",
            p + 1,
            spec.to_string(),
            offers,
            accepted,
            accepts,
            consents
        );
    }
    out
}
