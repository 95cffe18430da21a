//! Each game made from the lobby's ruleset options. The options are read
//! through their specs in [`KINDS`](crate::KINDS): a value is first checked
//! against its bounds ([`options::check`](crate::options::check)), and an
//! absent one takes the spec's default, so the bounds and defaults the
//! lobby shows are the only ones there are.

use crate::options::{Opt, OptKind};
use arbiter_core::{Seed, TextPosition};
use arbiter_knight_control::{KnightControl, Layout, Rules};
use arbiter_knight_court::KnightCourt;
use arbiter_knight_moves::KnightMoves;
use arbiter_progressive_chess::{ClockSettings, ProgressiveChess, Ruleset, Session};
use arbiter_tilechess::Tilechess;
use serde_json::Value;
use std::time::Duration;

/// What a game is made with besides its options: the table it is for.
#[derive(Clone, Copy, Debug)]
pub struct Table {
    /// The seats at the table (Tilechess grows its own as players join).
    pub seats: usize,
    /// The game's secret seed, for games that draw at random.
    pub seed: Seed,
}

/// A game that can be made from the lobby's options.
pub trait FromOptions: Sized {
    /// The game's id in the registry, whose option specs are read.
    const ID: &'static str;
    fn from_options(options: &Options, table: &Table) -> Result<Self, String>;
}

/// Makes the game `G` from `options` (a JSON object, or null for none),
/// refusing unknown options and values out of bounds first.
pub fn create<G: FromOptions>(options: &Value, table: &Table) -> Result<G, String> {
    let kind = crate::kind(G::ID)?;
    kind.check_options(options)?;
    G::from_options(
        &Options {
            spec: kind.options,
            value: options,
        },
        table,
    )
}

/// Checked options, read with their specs' defaults.
pub struct Options<'a> {
    spec: &'static [Opt],
    value: &'a Value,
}

impl<'a> Options<'a> {
    /// The spec of `key`. Asking for a key the game's spec lacks is a bug
    /// in this file, which the tests below reach for every game.
    fn spec(&self, key: &str) -> OptKind {
        self.spec
            .iter()
            .find(|o| o.key == key)
            .unwrap_or_else(|| panic!("the registry lists no option '{key}'"))
            .kind
    }

    /// The value given for `key`, if any (null is none).
    fn given(&self, key: &str) -> Option<&'a Value> {
        self.value.get(key).filter(|v| !v.is_null())
    }

    pub fn int(&self, key: &str) -> u64 {
        let OptKind::Int { default, .. } = self.spec(key) else {
            panic!("option '{key}' is not a whole number");
        };
        self.given(key).and_then(Value::as_u64).unwrap_or(default)
    }

    pub fn flag(&self, key: &str) -> bool {
        let OptKind::Bool { default } = self.spec(key) else {
            panic!("option '{key}' is not a flag");
        };
        self.given(key).and_then(Value::as_bool).unwrap_or(default)
    }

    pub fn choice(&self, key: &str) -> &'a str {
        let OptKind::Choice { default, .. } = self.spec(key) else {
            panic!("option '{key}' is not a choice");
        };
        self.given(key).and_then(Value::as_str).unwrap_or(default)
    }

    /// A house-rule limit: `None` unless given.
    pub fn limit(&self, key: &str) -> Option<u64> {
        assert!(matches!(self.spec(key), OptKind::Limit { .. }));
        self.given(key).and_then(Value::as_u64)
    }

    /// A house-rule moment: `None` unless given.
    pub fn moment(&self, key: &str) -> Option<i64> {
        assert!(matches!(self.spec(key), OptKind::Moment { .. }));
        self.given(key).and_then(Value::as_i64)
    }

    /// Free text; empty is none.
    pub fn text(&self, key: &str) -> Option<&'a str> {
        assert!(matches!(self.spec(key), OptKind::Text { .. }));
        self.given(key)
            .and_then(Value::as_str)
            .filter(|t| !t.trim().is_empty())
    }

    /// A document the game reads itself.
    pub fn document(&self, key: &str) -> Option<&'a Value> {
        assert!(matches!(self.spec(key), OptKind::Document));
        self.given(key)
    }

    /// A group of options: `None` when a toggled group is off.
    pub fn group(&self, key: &str) -> Option<Options<'a>> {
        let OptKind::Group { toggle, fields } = self.spec(key) else {
            panic!("option '{key}' is not a group");
        };
        static EMPTY: Value = Value::Null;
        match self.given(key) {
            None | Some(Value::Bool(false)) if toggle => None,
            Some(value @ Value::Object(_)) => Some(Options {
                spec: fields,
                value,
            }),
            _ => Some(Options {
                spec: fields,
                value: &EMPTY,
            }),
        }
    }
}

/// Alternating games start from the standard position or a position string.
fn from_position<G: TextPosition>(options: &Options) -> Result<G, String> {
    match options.text("position") {
        None => Ok(G::start()),
        Some(text) => G::from_position(text).map_err(|e| e.to_string()),
    }
}

impl FromOptions for KnightCourt {
    const ID: &'static str = arbiter_knight_court::ID;
    fn from_options(options: &Options, _: &Table) -> Result<Self, String> {
        from_position(options)
    }
}

impl FromOptions for KnightMoves {
    const ID: &'static str = arbiter_knight_moves::ID;
    fn from_options(options: &Options, _: &Table) -> Result<Self, String> {
        from_position(options)
    }
}

/// One game or the two-game match, with or without step clocks.
impl FromOptions for Session {
    const ID: &'static str = arbiter_progressive_chess::ID;
    fn from_options(options: &Options, _: &Table) -> Result<Self, String> {
        let clock = options.group("clock").map(|c| ClockSettings {
            per_step: Duration::from_secs(c.int("step_secs")),
            reserve: Duration::from_secs(c.int("reserve_secs")),
        });
        // The rule text has no repetition or 50-turn draws; an organiser
        // may turn both on.
        let rules = match options.flag("draw_rules") {
            true => Ruleset::with_draw_rules(),
            false => Ruleset::default(),
        };
        match (options.flag("match"), options.text("position")) {
            (true, Some(_)) => {
                Err("a match starts from the standard position: drop 'position'".into())
            }
            (true, None) => Ok(Session::new_match(rules, clock)),
            (false, None) => Ok(Session::single(ProgressiveChess::new(rules), clock)),
            (false, Some(text)) => Ok(Session::single(
                ProgressiveChess::from_text(text, rules).map_err(|e| e.to_string())?,
                clock,
            )),
        }
    }
}

impl FromOptions for Tilechess {
    const ID: &'static str = arbiter_tilechess::ID;
    fn from_options(options: &Options, _: &Table) -> Result<Self, String> {
        // The specs' bounds fit the ruleset's types (a test below).
        let rules = arbiter_tilechess::Ruleset {
            wide: options.int("wide") as u16,
            high: options.int("high") as u16,
            eight_pawns: options.flag("eight_pawns"),
            repeat_turns: options.flag("repeat_turns"),
            // House rules (docs/rules/tilechess.md#house-rules), off unless given.
            turn_limit: options.limit("turn_limit").map(|n| n as u32),
            end_at_ms: options.moment("end_at_ms"),
        };
        Ok(Tilechess::new(rules))
    }
}

impl FromOptions for KnightControl {
    const ID: &'static str = arbiter_knight_control::ID;
    fn from_options(options: &Options, table: &Table) -> Result<Self, String> {
        let group = options.group("rules").expect("a group that is always on");
        let ec_by = serde_json::from_value(Value::from(group.choice("ec_by")))
            .map_err(|e| format!("rules: ec_by: {e}"))?;
        let rules = Rules {
            rounds: group.int("rounds") as u8,
            start_chips: group.int("start_chips") as u32,
            garnet_rate: group.int("garnet_rate") as u32,
            extra_spawn_base_free: group.flag("extra_spawn_base_free"),
            ec_by,
        };
        let layout = match options.document("layout") {
            None => Layout::standard(),
            Some(v) => Layout::from_json(&v.to_string()).map_err(|e| format!("layout: {e}"))?,
        };
        KnightControl::new(table.seats, rules, layout, table.seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{Game, Phase};
    use serde_json::json;

    const TABLE: Table = Table {
        seats: 3,
        seed: Seed([7; 32]),
    };

    #[test]
    fn absent_options_are_the_games_defaults() {
        let t: Tilechess = create(&Value::Null, &TABLE).unwrap();
        assert_eq!(t.rules(), arbiter_tilechess::Ruleset::default());
        let k: KnightControl = create(&json!({}), &TABLE).unwrap();
        assert_eq!(*k.rules(), Rules::default());
        let s: Session = create(&json!({}), &TABLE).unwrap();
        assert!(s.settings().is_none());
        let c: KnightCourt = create(&json!({"position": ""}), &TABLE).unwrap();
        assert_eq!(c.position(), KnightCourt::start().position());
    }

    #[test]
    fn given_options_reach_the_game() {
        let t: Tilechess = create(
            &json!({"wide": 20, "high": 1, "eight_pawns": true, "turn_limit": 9, "end_at_ms": 5}),
            &TABLE,
        )
        .unwrap();
        let r = t.rules();
        assert_eq!(
            (r.wide, r.high, r.eight_pawns, r.repeat_turns),
            (20, 1, true, false)
        );
        assert_eq!((r.turn_limit, r.end_at_ms), (Some(9), Some(5)));
        let k: KnightControl = create(
            &json!({"rules": {"rounds": 3, "ec_by": "chips", "extra_spawn_base_free": false}}),
            &TABLE,
        )
        .unwrap();
        let want = Rules {
            rounds: 3,
            ec_by: arbiter_knight_control::EcMeasure::Chips,
            extra_spawn_base_free: false,
            ..Rules::default()
        };
        assert_eq!(*k.rules(), want);
        let s: Session = create(&json!({"clock": {"step_secs": 9}}), &TABLE).unwrap();
        let clock = s.settings().unwrap();
        assert_eq!(clock.per_step, Duration::from_secs(9));
        assert_eq!(clock.reserve, ClockSettings::default().reserve);
        let s: Session = create(&json!({"clock": true}), &TABLE).unwrap();
        assert_eq!(s.settings(), Some(ClockSettings::default()));
        let position = "7/7/7/Cp1k3/7/7/6K b 2 1 - - 0 1";
        let s: Session = create(&json!({"position": position}), &TABLE).unwrap();
        assert!(matches!(s.phase(), Phase::Turn(_)));
    }

    #[test]
    fn bad_options_are_refused_by_the_specs_and_the_games() {
        let err = |r: Result<Session, String>| r.err().unwrap();
        assert!(err(create(&json!({"clock": {"step_secs": 0}}), &TABLE)).contains("from 1 to"));
        assert!(err(create(&json!({"match": true, "position": "x"}), &TABLE)).contains("drop"));
        assert!(err(create(&json!({"zzz": 1}), &TABLE)).contains("unknown"));
        let err = create::<Tilechess>(&json!({"wide": 21}), &TABLE)
            .err()
            .unwrap();
        assert!(err.contains("from 1 to 20"), "{err}");
        let err = create::<KnightCourt>(&json!({"position": "nonsense"}), &TABLE)
            .err()
            .unwrap();
        assert!(!err.is_empty());
        let err = create::<KnightControl>(&json!({"layout": {"zones": 3}}), &TABLE)
            .err()
            .unwrap();
        assert!(err.starts_with("layout: "), "{err}");
    }
}
