//! The registry of games the server hosts, and one object-safe face for
//! them all over the traits in `arbiter-core`. Route and storage code only
//! ever see [`Kind`] and [`LiveGame`]; adding a game is one entry in
//! [`KINDS`] plus a [`Hosted`] impl.
//!
//! Server seats are the links handed out at creation. In fixed-seat games
//! server seat `k` is game seat `k`. In Tilechess the table grows as players
//! join, so a link is bound to a game seat by its first action (a join): the
//! game's newcomer seat is always `seat_count()` (see arbiter-core's docs).

use crate::bots::{self, Think};
use crate::options::{Opt, OptKind};
use arbiter_core::{ActionError, Game, Seat, Seed, TextPosition};
use arbiter_knight_control::KnightControl;
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_tilechess::{Ruleset, Tilechess};
use serde::Serialize;
use serde_json::Value;

/// One game in the registry: everything the lobby, the create path and the
/// host need to know of it. [`KINDS`] lists them all; nothing else in the
/// server names a game.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Kind {
    pub id: &'static str,
    pub name: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    /// Whether seats are bound on their first action (claim-based games):
    /// the lobby offers the claim hold.
    pub growing: bool,
    /// The deadline per turn or step when the host gives none.
    pub default_deadline_secs: Option<u64>,
    /// What a deadline is per: `"turn"`, or `"phase"` in games of
    /// simultaneous steps.
    pub deadline_per: &'static str,
    /// The ruleset options, as data the lobby draws its controls from.
    pub options: &'static [Opt],
    /// Builds the game from checked options ([`Hosted::create`] in a
    /// [`Table`]).
    #[serde(skip)]
    pub host: Host,
}

/// How a kind is hosted: a fresh live game from its options.
pub type Host = fn(&Value, &Creation, bool) -> Result<Box<dyn LiveGame>, String>;

/// The [`Host`] of a [`Hosted`] game.
fn host<G: Hosted>(
    options: &Value,
    creation: &Creation,
    growing: bool,
) -> Result<Box<dyn LiveGame>, String> {
    Ok(Box::new(Table::new(
        G::create(options, creation)?,
        growing,
        creation,
    )))
}

const POSITION: Opt = Opt {
    key: "position",
    label: "Start from the position",
    kind: OptKind::Text {
        placeholder: "the start position",
    },
};

const fn int(key: &'static str, label: &'static str, min: u64, max: u64, default: u64) -> Opt {
    Opt {
        key,
        label,
        kind: OptKind::Int { min, max, default },
    }
}

const fn flag(key: &'static str, label: &'static str, default: bool) -> Opt {
    Opt {
        key,
        label,
        kind: OptKind::Bool { default },
    }
}

/// Every game the server hosts, in the lobby's order.
pub const KINDS: &[Kind] = &[
    Kind {
        id: arbiter_knight_court::ID,
        name: "Knight Court",
        min_seats: 2,
        max_seats: 2,
        growing: false,
        default_deadline_secs: None,
        deadline_per: "turn",
        options: &[POSITION],
        host: host::<KnightCourt>,
    },
    Kind {
        id: arbiter_knight_moves::ID,
        name: "Knight Moves",
        min_seats: 2,
        max_seats: 2,
        growing: false,
        default_deadline_secs: None,
        deadline_per: "turn",
        options: &[POSITION],
        host: host::<KnightMoves>,
    },
    Kind {
        id: arbiter_progressive_chess::ID,
        name: "Progressive Chess",
        min_seats: 2,
        max_seats: 2,
        growing: false,
        default_deadline_secs: None,
        deadline_per: "turn",
        options: &[
            Opt {
                key: "clock",
                label: "Step clocks",
                kind: OptKind::Group {
                    toggle: true,
                    fields: &[
                        int(
                            "step_secs",
                            "Seconds a step",
                            1,
                            crate::pc::MAX_CLOCK_SECS,
                            120,
                        ),
                        int(
                            "reserve_secs",
                            "Seconds of reserve",
                            1,
                            crate::pc::MAX_CLOCK_SECS,
                            300,
                        ),
                    ],
                },
            },
            flag(
                "match",
                "A two-game match (colours swap if game 1 is drawn)",
                false,
            ),
            flag("draw_rules", "Repetition and 50-turn draws", false),
            POSITION,
        ],
        host: host::<arbiter_progressive_chess::Session>,
    },
    Kind {
        id: arbiter_tilechess::ID,
        name: "Tilechess",
        min_seats: 1,
        max_seats: arbiter_tilechess::MAX_PLAYERS,
        growing: true,
        default_deadline_secs: None,
        deadline_per: "turn",
        options: &[
            int("wide", "Blocks across", 1, 20, 6),
            int("high", "Blocks up", 1, 20, 6),
            flag("eight_pawns", "Eight pawns a side", false),
            flag(
                "repeat_turns",
                "A player may take two turns in a row",
                false,
            ),
            // House rules (docs/rules/tilechess.md#house-rules): off unless
            // given; the lobby suggests values for a game of bots only.
            Opt {
                key: "turn_limit",
                label: "End after this many turns (house rule)",
                kind: OptKind::Limit {
                    min: 1,
                    max: MAX_TURN_LIMIT as u64,
                    suggested: 200,
                },
            },
            Opt {
                key: "end_at_ms",
                label: "End at (house rule)",
                kind: OptKind::Moment {
                    max: MAX_END_AT_MS,
                    suggested_minutes: 30,
                },
            },
        ],
        host: host::<Tilechess>,
    },
    Kind {
        id: arbiter_knight_control::ID,
        name: "Knight Control",
        min_seats: 2,
        max_seats: arbiter_knight_control::MAX_PLAYERS,
        growing: false,
        default_deadline_secs: Some(crate::knight_control::DEFAULT_DEADLINE_SECS),
        deadline_per: "phase",
        options: &[
            Opt {
                key: "rules",
                label: "Rules",
                kind: OptKind::Group {
                    toggle: false,
                    fields: &[
                        int("rounds", "Rounds", 1, 99, 10),
                        // The game's own bounds (arbiter-knight-control's
                        // MAX_COUNT and MAX_RATE; the registry test checks them).
                        int("start_chips", "Chips at the start", 0, 1_000_000, 5),
                        int("garnet_rate", "Chips a garnet", 1, 1_000, 3),
                        flag(
                            "extra_spawn_base_free",
                            "Extra Spawn waives the base chip",
                            true,
                        ),
                        Opt {
                            key: "ec_by",
                            label: "The EC goes by",
                            kind: OptKind::Choice {
                                values: &["chips_gained", "chips"],
                                default: "chips_gained",
                            },
                        },
                    ],
                },
            },
            Opt {
                key: "layout",
                label: "Layout file",
                kind: OptKind::Document,
            },
        ],
        host: host::<KnightControl>,
    },
];

/// The kind with this id; an unknown one is refused with the known ids.
pub fn kind(id: &str) -> Result<&'static Kind, String> {
    KINDS.iter().find(|k| k.id == id).ok_or_else(|| {
        let known: Vec<&str> = KINDS.iter().map(|k| k.id).collect();
        format!("unknown game '{id}'; known games: {}", known.join(", "))
    })
}

impl Kind {
    /// Checks ruleset options for this game ([`crate::options::check`]):
    /// unknown options and values out of bounds are refused.
    pub fn check_options(&self, options: &Value) -> Result<(), String> {
        crate::options::check(self.name, self.options, options)
    }
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
/// Its [`Diagram`](arbiter_core::Diagram) draws what everyone may see
/// (`arbiter show` of a record).
pub trait Hosted: Game + arbiter_core::Diagram + 'static {
    /// A new game from the lobby's ruleset options (a JSON object).
    fn create(options: &Value, creation: &Creation) -> Result<Self, String>;
    /// A bot's action for `seat` thinking as `think` says, or `None` if it
    /// has none. Runs on the blocking pool.
    fn bot_action(&self, seat: Seat, think: Think) -> Option<Self::Action>;
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
        from_position_option(options)
    }
    fn bot_action(&self, seat: Seat, think: Think) -> Option<Self::Action> {
        bots::bot_action(self, seat, think, false)
    }
}

impl Hosted for KnightMoves {
    fn create(options: &Value, _: &Creation) -> Result<Self, String> {
        from_position_option(options)
    }
    fn bot_action(&self, seat: Seat, think: Think) -> Option<Self::Action> {
        bots::bot_action(self, seat, think, false)
    }
}

impl Hosted for Tilechess {
    fn create(options: &Value, _: &Creation) -> Result<Self, String> {
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
        // House rules (docs/rules/tilechess.md#house-rules), off unless given.
        rules.turn_limit = match options.get("turn_limit") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .filter(|n| (1..=MAX_TURN_LIMIT as u64).contains(n))
                    .ok_or_else(|| {
                        format!(
                            "option 'turn_limit' must be a whole number from 1 to {MAX_TURN_LIMIT}"
                        )
                    })? as u32,
            ),
        };
        rules.end_at_ms = match options.get("end_at_ms") {
            None | Some(Value::Null) => None,
            Some(v) => Some(v.as_i64().filter(|&ms| (0..=MAX_END_AT_MS).contains(&ms)).ok_or_else(
                || "option 'end_at_ms' must be a time in unix milliseconds, before the year 3000".to_string(),
            )?),
        };
        Ok(Tilechess::new(rules))
    }
    fn bot_action(&self, seat: Seat, think: Think) -> Option<Self::Action> {
        bots::bot_action(self, seat, think, false)
    }
    fn end_by_host(&mut self) {
        Tilechess::end_by_host(self)
    }
    /// The set time of the house rule, if any.
    fn wake_at(&self) -> Option<i64> {
        self.ends_at()
    }
    fn on_time(&mut self, at_ms: i64) -> Result<(), String> {
        self.time_up(at_ms);
        Ok(())
    }
}

/// The longest Tilechess turn limit the lobby accepts.
pub const MAX_TURN_LIMIT: u32 = 1_000_000;
/// The latest set time accepted: 1 January 3000, unix ms.
pub const MAX_END_AT_MS: i64 = 32_503_680_000_000;

/// Alternating games may start from a position string: `{"position": "..."}`.
fn from_position_option<G: TextPosition>(options: &Value) -> Result<G, String> {
    match options.get("position") {
        None | Some(Value::Null) => Ok(G::start()),
        Some(Value::String(text)) => G::from_position(text).map_err(|e| e.to_string()),
        Some(_) => Err("option 'position' must be a string".into()),
    }
}

pub use crate::table::{create, LiveGame, Table};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::OptKind;

    fn default_of(kind: &str, key: &str) -> OptKind {
        let kind = super::kind(kind).unwrap();
        let find = |opts: &'static [Opt], key: &str| opts.iter().find(|o| o.key == key).copied();
        let (group, field) = key.split_once('.').unwrap_or((key, ""));
        let opt = find(kind.options, group).unwrap();
        match (opt.kind, field) {
            (OptKind::Group { fields, .. }, f) if !f.is_empty() => find(fields, f).unwrap().kind,
            (k, _) => k,
        }
    }

    fn int(kind: &str, key: &str) -> u64 {
        match default_of(kind, key) {
            OptKind::Int { default, .. } => default,
            other => panic!("{kind} {key}: {other:?}"),
        }
    }

    fn flag(kind: &str, key: &str) -> bool {
        match default_of(kind, key) {
            OptKind::Bool { default } => default,
            other => panic!("{kind} {key}: {other:?}"),
        }
    }

    /// The defaults the lobby shows are the games' own.
    #[test]
    fn the_registry_defaults_are_the_games_defaults() {
        let t = Ruleset::default();
        assert_eq!(int("tilechess", "wide"), t.wide as u64);
        assert_eq!(int("tilechess", "high"), t.high as u64);
        assert_eq!(flag("tilechess", "eight_pawns"), t.eight_pawns);
        assert_eq!(flag("tilechess", "repeat_turns"), t.repeat_turns);
        let k = arbiter_knight_control::Rules::default();
        assert_eq!(int("knight-control", "rules.rounds"), k.rounds as u64);
        assert_eq!(
            int("knight-control", "rules.start_chips"),
            k.start_chips as u64
        );
        assert_eq!(
            int("knight-control", "rules.garnet_rate"),
            k.garnet_rate as u64
        );
        assert_eq!(
            flag("knight-control", "rules.extra_spawn_base_free"),
            k.extra_spawn_base_free
        );
        // The registry's bounds are the game's: its own check accepts the
        // largest values and refuses one more.
        let rules = |rate: u32, chips: u32| arbiter_knight_control::Rules {
            garnet_rate: rate,
            start_chips: chips,
            ..k
        };
        assert!(rules(1_000, 1_000_000).check().is_ok());
        assert!(rules(1_001, 5).check().is_err());
        assert!(rules(3, 1_000_001).check().is_err());
        let c = arbiter_progressive_chess::ClockSettings::default();
        assert_eq!(
            int("progressive-chess", "clock.step_secs"),
            c.per_step.as_secs()
        );
        assert_eq!(
            int("progressive-chess", "clock.reserve_secs"),
            c.reserve.as_secs()
        );
    }
}
