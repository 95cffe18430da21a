//! Each game's match arena: bots against bots for `arbiter match`, with
//! the results table the game is judged by.

use crate::Kind;
use arbiter_search::arena::{elo, run_match, standings, Arena, Plan, Record};
use arbiter_search::games::knight_control::arena as knight_control;
use arbiter_search::Spec;
use std::marker::PhantomData;

/// One `arbiter match`: who plays, how many games, and from where.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    /// One per player.
    pub specs: Vec<Spec>,
    pub games: usize,
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// Actions before the host ends a game; `None`: the arena's default.
    pub turn_limit: Option<usize>,
    /// Start positions, one per game (cycled); `None`: the standard start.
    pub openings: Option<Vec<String>>,
    /// Knight Control: the host grants a communal garnet at the start of
    /// each of the first `communal` rounds (0 in every other game).
    pub communal: u8,
}

/// Called with a game's index and record text as each game ends.
pub type Done<'a> = &'a (dyn Fn(usize, String) + Sync);

/// What `arbiter match` needs of a game.
pub trait Matches: Sync {
    /// The start positions of a named set of openings the arena can make
    /// for `games` games from `seed` (Knight Court's `table-wins`), or
    /// `None` if it knows no set of that name.
    fn named_openings(&self, name: &str, games: usize, seed: u64) -> Option<Vec<String>> {
        let _ = (name, games, seed);
        None
    }

    /// Plays the match, calling `done(index, record text)` after each game,
    /// and returns the results table.
    fn play(&self, kind: &Kind, plan: &MatchPlan, done: Done) -> Result<String, String>;

    /// The host's bot levels 1 to 5 of this game, weakest first
    /// (docs/ai.md#levels), so that a seat can be named by its level.
    fn levels(&self) -> [Spec; 5];

    /// A player named as `arbiter match --seat` and `arbiter play --level`
    /// take it: a host level `1` to `5`, or a spec (`max:5000n`).
    fn spec(&self, text: &str) -> Result<Spec, String> {
        match text.parse::<usize>() {
            Ok(level @ 1..=5) => Ok(self.levels()[level - 1]),
            Ok(other) => Err(format!("the host's levels are 1 to 5, not {other}")),
            Err(_) => text.parse::<Spec>(),
        }
    }
}

/// Makes `games` start positions from a seed.
pub type MakeOpenings = fn(usize, u64) -> Vec<String>;

/// The arena of a game of turns, one seat at a time or claimed
/// ([`arbiter_search::arena`]), with seats rotated or from openings.
pub struct TurnArena<G> {
    openings: Option<(&'static str, MakeOpenings)>,
    game: PhantomData<fn() -> G>,
}

impl<G> TurnArena<G> {
    pub const fn new() -> TurnArena<G> {
        TurnArena {
            openings: None,
            game: PhantomData,
        }
    }

    /// An arena that can also make the set of openings called `name`.
    pub const fn with_openings(name: &'static str, make: MakeOpenings) -> Self {
        TurnArena {
            openings: Some((name, make)),
            game: PhantomData,
        }
    }
}

impl<G> Default for TurnArena<G> {
    fn default() -> TurnArena<G> {
        TurnArena::new()
    }
}

impl<G: Arena + 'static> Matches for TurnArena<G> {
    fn levels(&self) -> [Spec; 5] {
        G::LEVELS
    }

    fn named_openings(&self, name: &str, games: usize, seed: u64) -> Option<Vec<String>> {
        let (known, make) = self.openings?;
        (known == name).then(|| make(games, seed))
    }

    fn play(&self, kind: &Kind, plan: &MatchPlan, done: Done) -> Result<String, String> {
        // The registry's seat range, at least two players, and at most
        // eight in a match of a table that could seat more (Tilechess).
        if plan.communal > 0 {
            return Err(format!(
                "{}: --communal grants Knight Control's communal garnets",
                kind.id
            ));
        }
        let two_seat = kind.max_seats == 2;
        let (least, most) = (kind.min_seats.max(2), kind.max_seats.min(8));
        let seats = plan.specs.len();
        if two_seat && seats != 2 {
            return Err(format!("{} needs exactly two --seat options", kind.id));
        }
        if !(least..=most).contains(&seats) {
            return Err(format!(
                "{} matches take {least} to {most} --seat options",
                kind.id
            ));
        }
        let arena_plan = Plan {
            specs: plan.specs.clone(),
            games: plan.games,
            seed: plan.seed,
            jobs: plan.jobs,
            turn_limit: plan.turn_limit.unwrap_or(if two_seat { 2000 } else { 200 }),
            openings: plan.openings.clone(),
        };
        let records = run_match::<G>(&arena_plan, &|record: &Record| {
            done(record.index, record.to_text(kind.id))
        })?;
        Ok(report(kind.id, &arena_plan, &records))
    }
}

fn report(game: &str, plan: &Plan, records: &[Record]) -> String {
    let mut out = format!(
        "{game}: {} games, seed {}{}\n",
        records.len(),
        plan.seed,
        if plan.openings.is_some() {
            ", from the given openings (player 1 to move)"
        } else {
            ", seats rotated"
        }
    );
    out += &format!(
        "{:<7} {:<14} {:>7} {:>8} {:>7} {:>7} {:>11}\n",
        "player", "spec", "games", "points", "score%", "first", "mean score"
    );
    for s in standings(records, &plan.specs) {
        out += &format!(
            "{:<7} {:<14} {:>7} {:>8.1} {:>6.1}% {:>7} {:>11.2}\n",
            s.player + 1,
            s.spec.to_string(),
            s.games,
            s.points,
            100.0 * s.points / s.games.max(1) as f64,
            s.firsts,
            s.mean_score
        );
    }
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for r in records {
        *counts.entry(r.outcome.reason.as_str()).or_default() += 1;
    }
    let reasons: Vec<String> = counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
    out += &format!("endings: {}\n", reasons.join(", "));
    if plan.specs.len() == 2 {
        let (d, lo, hi) = elo(records);
        out += &format!("Elo (player 1 - player 2): {d:+.0}, 95% interval [{lo:+.0}, {hi:+.0}]\n");
    }
    out
}

/// Knight Control's arena: a table of bots, seats rotated, judged on the
/// figures the game is decided by (chips gained, EC, ToLs).
pub struct KnightControlArena;

impl Matches for KnightControlArena {
    fn levels(&self) -> [Spec; 5] {
        <arbiter_knight_control::KnightControl as arbiter_search::Bots>::LEVELS
    }

    fn play(&self, kind: &Kind, plan: &MatchPlan, done: Done) -> Result<String, String> {
        let most = kind.max_seats;
        if !(2..=most).contains(&plan.specs.len()) {
            return Err(format!(
                "{} matches take 2 to {most} --seat options",
                kind.id
            ));
        }
        if plan.openings.is_some() || plan.turn_limit.is_some() {
            return Err(format!(
                "{} matches always start from the standard board and play every round: --openings and --turn-limit do not apply",
                kind.id
            ));
        }
        let played = knight_control::run(
            &plan.specs,
            plan.games,
            plan.seed,
            plan.jobs,
            plan.communal,
            &|g: &knight_control::Played| done(g.record.index, g.record.to_text(kind.id)),
        )?;
        let mut report = format!(
            "{}: {} games, seed {}, seats rotated\n{}",
            kind.id,
            played.len(),
            plan.seed,
            knight_control::table(&plan.specs, &played)
        );
        if plan.communal > 0 {
            report += &knight_control::trading_table(&plan.specs, &played);
        }
        Ok(report)
    }
}
