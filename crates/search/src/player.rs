//! The player interface: what a bot is given, what it returns, and the
//! levels a host picks from.
//!
//! A bot is handed its seat's [`Observe::Seen`] and nothing else, so hidden
//! information cannot leak by accident: in perfect-information games that is
//! the game itself, in Knight Control it will be one seat's view. A bot is a
//! `Send + Sync` value with no mutable state; every choice depends only on
//! what it is shown, its [`Spec`] and the seed it is handed, so a fixed seed
//! and a node budget give the same choice every time (a time budget stops
//! at a wall-clock deadline and so may differ).

use arbiter_core::{Game, GameRng, Outcome, Phase, Seat, Seed};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// What one seat knows of a game: the only thing a bot receives.
pub trait Observe: Game {
    type Seen: Clone + Send + Sync;
    /// What `seat` may know now.
    fn seen_by(&self, seat: Seat) -> Self::Seen;
}

/// How long a bot may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time per decision.
    Time(Duration),
    /// Search nodes (alpha-beta), playouts (tree search) or evaluations.
    Nodes(u64),
    /// Up to `nodes`, but never past `at`: a host's deadline. Every search
    /// is anytime, so when `at` comes it answers with its best so far.
    Until { nodes: u64, at: Instant },
}

impl Budget {
    /// This budget, stopping at `at` at the latest. A time budget starts
    /// counting now.
    pub fn until(self, at: Instant) -> Budget {
        match self {
            Budget::Time(t) => Budget::Until {
                nodes: u64::MAX,
                at: at.min(after(t)),
            },
            Budget::Nodes(nodes) => Budget::Until { nodes, at },
            Budget::Until { nodes, at: before } => Budget::Until {
                nodes,
                at: at.min(before),
            },
        }
    }

    /// The node limit and the moment to stop, for a search starting now.
    pub fn limits(self) -> (Option<u64>, Option<Instant>) {
        match self {
            Budget::Time(t) => (None, Some(after(t))),
            Budget::Nodes(n) => (Some(n), None),
            Budget::Until { nodes, at } => ((nodes < u64::MAX).then_some(nodes), Some(at)),
        }
    }
}

/// The moment `t` from now. A time too long for the clock (a budget of
/// 2^64 seconds) is as good as forever: it stops in a century, where a
/// plain `Instant + Duration` would panic.
pub fn after(t: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(t)
        .unwrap_or_else(|| now + Duration::from_secs(100 * 365 * 24 * 3600))
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::Time(Duration::from_millis(200))
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
            Budget::Nodes(n) => write!(f, "{n}n"),
            Budget::Until { nodes, at } => {
                let left = at.saturating_duration_since(Instant::now()).as_millis();
                match *nodes {
                    u64::MAX => write!(f, "{left}ms"),
                    n => write!(f, "{n}n within {left}ms"),
                }
            }
        }
    }
}

/// How strong a bot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal action.
    Random,
    /// The best action by the game's evaluation one ply ahead.
    Greedy,
    /// The strongest player of the game (in Knight Court, a table-guided
    /// search with proofs around it).
    Max,
    /// The game's search player even where `max` is a table (Knight
    /// Court), so the table can measure it.
    Search,
    /// Knight Control's search before it looked two rounds deep (one
    /// round searched, then greedy play), kept so matches can measure the
    /// two against each other (docs/ai.md#knight-control); written
    /// `max1`. In Knight Court, likewise the `max` before it proved mates
    /// at the root: the table-guided search alone
    /// (docs/ai.md#knight-court). Every other game plays its `max`.
    MaxOneRound,
    /// Knight Court's solved table played as it stands: the move it values
    /// best, among those the repetition ban allows. The table was solved
    /// without the ban, so its draws can hide losses under it
    /// (docs/ai.md#knight-court); written `table`. Every other game plays
    /// its `max`.
    Table,
}

/// A level and its budget, written `random`, `greedy`, `max`, `max:200ms`,
/// `max:2s` or `max:5000n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    pub level: Level,
    pub budget: Budget,
}

impl Spec {
    pub const fn new(level: Level, budget: Budget) -> Spec {
        Spec { level, budget }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            Level::Random => f.write_str("random"),
            Level::Greedy => f.write_str("greedy"),
            Level::Max => write!(f, "max:{}", self.budget),
            Level::Search => write!(f, "search:{}", self.budget),
            Level::MaxOneRound => write!(f, "max1:{}", self.budget),
            Level::Table => f.write_str("table"),
        }
    }
}

impl FromStr for Spec {
    type Err = String;

    fn from_str(text: &str) -> Result<Spec, String> {
        let (name, budget) = match text.split_once(':') {
            Some((name, budget)) => (name, Some(parse_budget(budget)?)),
            None => (text, None),
        };
        let level = match name {
            "random" => Level::Random,
            "greedy" => Level::Greedy,
            "max" => Level::Max,
            "search" => Level::Search,
            "max1" => Level::MaxOneRound,
            "table" => Level::Table,
            other => {
                return Err(format!(
                    "unknown level '{other}' in '{text}': use random, greedy, max, search, max1 or table"
                ))
            }
        };
        Ok(Spec {
            level,
            budget: budget.unwrap_or_default(),
        })
    }
}

fn parse_budget(text: &str) -> Result<Budget, String> {
    let bad = || {
        format!("bad budget '{text}': write a time like 200ms or 2s, or a node count like 5000n")
    };
    let number = |digits: &str| digits.parse::<u64>().map_err(|_| bad());
    let budget = if let Some(ms) = text.strip_suffix("ms") {
        Budget::Time(Duration::from_millis(number(ms)?))
    } else if let Some(s) = text.strip_suffix('s') {
        Budget::Time(Duration::from_secs(number(s)?))
    } else if let Some(n) = text.strip_suffix('n') {
        Budget::Nodes(number(n)?)
    } else {
        return Err(bad());
    };
    match budget {
        Budget::Time(t) if t.is_zero() => Err(bad()),
        Budget::Nodes(0) => Err(bad()),
        b => Ok(b),
    }
}

/// A bot. It never sees more than its seat may know.
pub trait Player<G: Observe>: Send + Sync {
    /// The action for `seat`, or `None` if it may not act now.
    fn choose(&self, seen: &G::Seen, seat: Seat, seed: Seed) -> Option<G::Action>;

    /// The action with the player's own score of the position for `seat`
    /// (as [`Evaluate`], roughly hundredths of a pawn; beyond
    /// `DECIDED - 10000` a result found by search, nearer `DECIDED` the
    /// sooner), for players whose choice comes from a scored search; the
    /// others give no score.
    fn choose_scored(
        &self,
        seen: &G::Seen,
        seat: Seat,
        seed: Seed,
    ) -> (Option<G::Action>, Option<i32>) {
        (self.choose(seen, seat, seed), None)
    }

    /// The best `count` actions for `seat`, best first, each with the
    /// player's score of it and the line it expects after it (the
    /// analysis board's lines), for players whose search ranks several
    /// moves; the others give none.
    fn choose_lines(
        &self,
        seen: &G::Seen,
        seat: Seat,
        seed: Seed,
        count: usize,
    ) -> Vec<ScoredLine<G::Action>> {
        let _ = (seen, seat, seed, count);
        Vec::new()
    }
}

/// One of a player's best lines ([`Player::choose_lines`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ScoredLine<A> {
    /// The first action.
    pub action: A,
    /// Its score for the seat, on [`Player::choose_scored`]'s scale;
    /// `None` when no search of it finished.
    pub score: Option<i32>,
    /// The line the search expects, `action` first.
    pub line: Vec<A>,
}

/// Games that have bots at every level.
pub trait Bots: Observe + Sized + 'static {
    fn bot(spec: Spec) -> Box<dyn Player<Self>>;
    /// A host's bot levels 1 to 5, weakest first (docs/ai.md#levels):
    /// each is measured by `arbiter match` against the one below it. Every
    /// searching level is budgeted in nodes (evaluations, iterations),
    /// never in time, so a level plays alike on any machine under any load
    /// and a match between two levels replays exactly; a host's deadline
    /// still cuts the budget ([`Budget::until`]).
    const LEVELS: [Spec; 5];
}

/// The best action one ply ahead: level 1 of most games, and the answer
/// of a bot with no time to think.
pub const GREEDY: Spec = Spec::new(Level::Greedy, Budget::Nodes(1));

/// A uniformly random legal action: level 1 where a game's ladder needs
/// the room.
pub const RANDOM: Spec = Spec::new(Level::Random, Budget::Nodes(1));

/// The game's search on `nodes` nodes (`search:Nn`).
pub const fn searching(nodes: u64) -> Spec {
    Spec::new(Level::Search, Budget::Nodes(nodes))
}

/// The game's strongest player on `nodes` nodes (`max:Nn`).
pub const fn strongest(nodes: u64) -> Spec {
    Spec::new(Level::Max, Budget::Nodes(nodes))
}

/// A static evaluation for perfect-information games: how good the state
/// is for `seat`, in roughly hundredths of a pawn. Finished games are scored
/// by the searchers, not here.
pub trait Evaluate: Game {
    fn evaluate(&self, seat: Seat) -> i32;
}

/// Scores above this are decided results.
pub const DECIDED: i32 = 1_000_000;

/// A finished game's value for `seat`: wins beat every evaluation, losses
/// lose to every one, shared first places sit in between.
pub fn outcome_value(outcome: &Outcome, seat: Seat) -> i32 {
    let points = outcome.points(seat);
    if points >= 1.0 {
        DECIDED
    } else if points <= 0.0 {
        -DECIDED
    } else {
        ((points * 2.0 - 1.0) * (DECIDED as f64 / 2.0)) as i32
    }
}

/// Plays uniformly at random among the legal actions.
pub struct RandomPlayer;

impl<G: Observe<Seen = G>> Player<G> for RandomPlayer {
    fn choose(&self, game: &G, seat: Seat, seed: Seed) -> Option<G::Action> {
        let actions = game.legal_actions(seat);
        seed.rng().choose(&actions).cloned()
    }
}

/// One ply of lookahead with the game's evaluation; ties are broken by the
/// seed, so different games of a match differ.
pub struct GreedyPlayer;

impl<G: Observe<Seen = G> + Evaluate> Player<G> for GreedyPlayer {
    fn choose(&self, game: &G, seat: Seat, seed: Seed) -> Option<G::Action> {
        let actions = game.legal_actions(seat);
        let scores: Vec<i32> = actions.iter().map(|a| one_ply(game, seat, a)).collect();
        pick_best(&actions, &scores, &mut seed.rng())
    }
}

/// The value for `seat` of playing `action` now.
pub fn one_ply<G: Game + Evaluate>(game: &G, seat: Seat, action: &G::Action) -> i32 {
    let mut child = game.clone();
    child.act(seat, action).expect("legal action was refused");
    match child.phase() {
        Phase::Over(outcome) => outcome_value(&outcome, seat),
        _ => child.evaluate(seat),
    }
}

/// A random action among those with the highest score.
pub fn pick_best<A: Clone>(actions: &[A], scores: &[i32], rng: &mut GameRng) -> Option<A> {
    let best = *scores.iter().max()?;
    let top: Vec<&A> = actions
        .iter()
        .zip(scores)
        .filter(|(_, &s)| s == best)
        .map(|(a, _)| a)
        .collect();
    rng.choose(&top).map(|a| (*a).clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_print() {
        let spec: Spec = "max:200ms".parse().unwrap();
        assert_eq!(
            spec,
            Spec::new(Level::Max, Budget::Time(Duration::from_millis(200)))
        );
        assert_eq!(spec.to_string(), "max:200ms");
        let spec: Spec = "max:5000n".parse().unwrap();
        assert_eq!(spec.budget, Budget::Nodes(5000));
        assert_eq!(
            "max:2s".parse::<Spec>().unwrap().budget,
            Budget::Time(Duration::from_secs(2))
        );
        assert_eq!("greedy".parse::<Spec>().unwrap().level, Level::Greedy);
        assert_eq!("random".parse::<Spec>().unwrap().to_string(), "random");
        for bad in [
            "", "best", "max:", "max:10", "max:0n", "max:-5ms", "max:5xs",
        ] {
            assert!(bad.parse::<Spec>().is_err(), "{bad} was accepted");
        }
    }

    /// A budget too long for the clock stops in a century instead of
    /// panicking (`max:18446744073709551615s` once took `arbiter match`
    /// down when the search set its deadline).
    #[test]
    fn a_budget_past_the_clock_is_a_century() {
        let forever: Spec = "max:18446744073709551615s".parse().unwrap();
        let (_, deadline) = forever.budget.limits();
        let left = deadline.unwrap().saturating_duration_since(Instant::now());
        assert!(left > Duration::from_secs(99 * 365 * 24 * 3600), "{left:?}");
        let Budget::Until { at, .. } = forever.budget.until(Instant::now()) else {
            panic!("until gives Until");
        };
        assert!(at <= Instant::now());
        assert!(after(Duration::from_millis(5)) > Instant::now());
    }
}
