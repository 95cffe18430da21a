//! One object-safe face for every game the server hosts, over the traits in
//! `arbiter-core`. Route and storage code only ever see [`LiveGame`]; adding
//! a game is one entry in [`KINDS`] plus a [`Hosted`] impl.
//!
//! Server seats are the links handed out at creation. In fixed-seat games
//! server seat `k` is game seat `k`. In Tilechess the table grows as players
//! join, so a link is bound to a game seat by its first action (a join): the
//! game's newcomer seat is always `seat_count()` (see arbiter-core's docs).

use crate::bots;
use arbiter_core::{ActionError, Game, Seat, Seed, TextPosition};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_tilechess::{Ruleset, Tilechess};
use serde::Serialize;
use serde_json::Value;

/// A game kind the lobby offers.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Kind {
    pub id: &'static str,
    pub name: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    /// Whether seats are bound on their first action (claim-based games).
    pub growing: bool,
    /// The deadline per turn or step when the host gives none.
    pub default_deadline_secs: Option<u64>,
}

pub const KINDS: &[Kind] = &[
    Kind {
        id: arbiter_knight_court::ID,
        name: "Knight Court",
        min_seats: 2,
        max_seats: 2,
        growing: false,
        default_deadline_secs: None,
    },
    Kind {
        id: arbiter_knight_moves::ID,
        name: "Knight Moves",
        min_seats: 2,
        max_seats: 2,
        growing: false,
        default_deadline_secs: None,
    },
    Kind {
        id: arbiter_progressive_chess::ID,
        name: "Progressive Chess",
        min_seats: 2,
        max_seats: 2,
        growing: false,
        default_deadline_secs: None,
    },
    Kind {
        id: arbiter_tilechess::ID,
        name: "Tilechess",
        min_seats: 1,
        max_seats: arbiter_tilechess::MAX_PLAYERS,
        growing: true,
        default_deadline_secs: None,
    },
    Kind {
        id: arbiter_knight_control::ID,
        name: "Knight Control",
        min_seats: 2,
        max_seats: arbiter_knight_control::MAX_PLAYERS,
        growing: false,
        default_deadline_secs: Some(crate::knight_control::DEFAULT_DEADLINE_SECS),
    },
];

pub fn kind(id: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.id == id)
}

/// What a game is created with besides its ruleset options.
#[derive(Clone, Copy, Debug)]
pub struct Creation {
    /// Server seats at the table.
    pub seats: usize,
    /// The game's secret seed (committed at creation, revealed at the end).
    pub seed: Seed,
    /// The host's deadline per turn or step, in ms (`deadline_secs`).
    pub deadline_ms: Option<i64>,
}

/// What the server needs from a game beyond [`Game`].
///
/// All time enters a game through logged event timestamps (`at_ms`, unix
/// ms), so replaying the log after a restart rebuilds the same state.
pub trait Hosted: Game + 'static {
    /// A new game from the lobby's ruleset options (a JSON object).
    fn create(options: &Value, creation: &Creation) -> Result<Self, String>;
    /// A bot's action for `seat` at `level`, or `None` if it has none.
    /// Runs on the blocking pool.
    fn bot_action(&self, seat: Seat, level: u8) -> Option<Self::Action>;
    /// The host ends the game. Games with a way to rank an unfinished game
    /// (Tilechess's leaderboard) record it; others simply stop.
    fn end_by_host(&mut self) {}
    /// Plays `action` at time `at_ms`. Games with clocks read the time here.
    fn act_at(&mut self, seat: Seat, action: &Self::Action, at_ms: i64) -> Result<(), ActionError> {
        let _ = at_ms;
        self.act(seat, action)
    }
    /// When the game next needs attention with no request (a flag fall of
    /// its own clock), in unix ms.
    fn wake_at(&self) -> Option<i64> {
        None
    }
    /// Applies what happens at `at_ms` (called once that time has come).
    fn on_time(&mut self, at_ms: i64) -> Result<(), String> {
        let _ = at_ms;
        Ok(())
    }
    /// The host pushes the game's own deadlines back by `ms` (an extension,
    /// or the time a pause lasted).
    fn extend(&mut self, ms: i64) {
        let _ = ms;
    }
    /// Whether the game keeps its own clock for turns; then the server's
    /// per-turn deadline does not apply to its turns.
    fn own_clock(&self) -> bool {
        false
    }
    /// A number that changes whenever a new simultaneous step begins (games
    /// with [`arbiter_core::Phase::Simultaneous`] steps should say; the default guesses
    /// from the list of seats still to submit).
    fn step(&self) -> Option<u64> {
        None
    }
    /// Whether the list of seats still to act is secret now (Knight
    /// Control's item step): viewers then see only themselves in it.
    fn hides_pending(&self) -> bool {
        false
    }
    /// What a client may want to know about `action` before submitting it
    /// (Knight Control: its chip cost), for `POST .../check`.
    fn preview(&self, seat: Seat, action: &Self::Action) -> Value {
        let _ = (seat, action);
        Value::Object(Default::default())
    }
    /// Game-specific help for drawing `seat`'s controls (Knight Control:
    /// the board's geometry and each own knight's landings).
    fn hints(&self, seat: Option<Seat>) -> Value {
        let _ = seat;
        Value::Null
    }
    /// A host's game-specific action in text (Knight Control: granting a
    /// communal garnet). Returns the public history text.
    fn host_act(&mut self, text: &str) -> Result<String, String> {
        let _ = text;
        Err("this game has no host actions".into())
    }
}

impl Hosted for KnightCourt {
    fn create(options: &Value, _: &Creation) -> Result<Self, String> {
        crate::options::only("Knight Court", options, &["position"])?;
        from_position_option(options)
    }
    fn bot_action(&self, seat: Seat, level: u8) -> Option<Self::Action> {
        bots::bot_action(self, seat, level, false)
    }
}

impl Hosted for KnightMoves {
    fn create(options: &Value, _: &Creation) -> Result<Self, String> {
        crate::options::only("Knight Moves", options, &["position"])?;
        from_position_option(options)
    }
    fn bot_action(&self, seat: Seat, level: u8) -> Option<Self::Action> {
        bots::bot_action(self, seat, level, false)
    }
}

impl Hosted for Tilechess {
    fn create(options: &Value, _: &Creation) -> Result<Self, String> {
        let known = ["wide", "high", "eight_pawns", "repeat_turns"];
        crate::options::only("Tilechess", options, &known)?;
        let mut rules = Ruleset::default();
        let size = |key: &str, default: u16| -> Result<u16, String> {
            match options.get(key) {
                None | Some(Value::Null) => Ok(default),
                Some(v) => v
                    .as_u64()
                    .filter(|n| (1..=20).contains(n))
                    .map(|n| n as u16)
                    .ok_or_else(|| format!("option '{key}' must be a whole number from 1 to 20")),
            }
        };
        let flag = |key: &str, default: bool| -> Result<bool, String> {
            match options.get(key) {
                None | Some(Value::Null) => Ok(default),
                Some(v) => v
                    .as_bool()
                    .ok_or_else(|| format!("option '{key}' must be true or false")),
            }
        };
        rules.wide = size("wide", rules.wide)?;
        rules.high = size("high", rules.high)?;
        rules.eight_pawns = flag("eight_pawns", rules.eight_pawns)?;
        rules.repeat_turns = flag("repeat_turns", rules.repeat_turns)?;
        Ok(Tilechess::new(rules))
    }
    fn bot_action(&self, seat: Seat, level: u8) -> Option<Self::Action> {
        bots::bot_action(self, seat, level, false)
    }
    fn end_by_host(&mut self) {
        Tilechess::end_by_host(self)
    }
}

/// Alternating games may start from a position string: `{"position": "..."}`.
fn from_position_option<G: TextPosition>(options: &Value) -> Result<G, String> {
    match options.get("position") {
        None | Some(Value::Null) => Ok(G::start()),
        Some(Value::String(text)) => G::from_position(text).map_err(|e| e.to_string()),
        Some(_) => Err("option 'position' must be a string".into()),
    }
}

pub use crate::table::{create, LiveGame, Table};
