//! Progressive Chess on the host: the lobby's options and bots for the
//! rules crate's [`Session`] (one game or the two-game match, with or
//! without step clocks; docs/server.md#progressive-chess-clocks-and-matches).
//!
//! Every rule, the clocks included, lives in the rules crate. The host only
//! hands each call its logged event's timestamp (unix ms), so a restart
//! replays the clocks exactly, and asks [`Session::wake_at`] when the
//! table next needs waking.

use crate::adapter::{Creation, Hosted};
use arbiter_core::{ActionError, Game, Seat};
use arbiter_progressive_chess::{ClockSettings, ProgressiveChess, Ruleset, Session, SessionAction};
use serde_json::Value;
use std::time::Duration;

pub use arbiter_registry::limits::MAX_CLOCK_SECS;

/// Reads `{"clock": true | {"step_secs": n, "reserve_secs": n}}`.
fn clock_option(options: &Value) -> Result<Option<ClockSettings>, String> {
    let secs = |v: Option<&Value>, key: &str, default: Duration| -> Result<Duration, String> {
        match v {
            None | Some(Value::Null) => Ok(default),
            Some(v) => v
                .as_u64()
                .filter(|n| (1..=MAX_CLOCK_SECS).contains(n))
                .map(Duration::from_secs)
                .ok_or_else(|| {
                    format!("clock '{key}' must be a whole number of seconds from 1 to {MAX_CLOCK_SECS}")
                }),
        }
    };
    let default = ClockSettings::default();
    match options.get("clock") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(None),
        Some(Value::Bool(true)) => Ok(Some(default)),
        Some(Value::Object(map)) => {
            if let Some(key) = map
                .keys()
                .find(|k| !["step_secs", "reserve_secs"].contains(&k.as_str()))
            {
                return Err(format!(
                    "unknown clock setting '{key}'; use step_secs and reserve_secs"
                ));
            }
            Ok(Some(ClockSettings {
                per_step: secs(map.get("step_secs"), "step_secs", default.per_step)?,
                reserve: secs(map.get("reserve_secs"), "reserve_secs", default.reserve)?,
            }))
        }
        Some(_) => Err(
            "option 'clock' must be true, false or {\"step_secs\": n, \"reserve_secs\": n}".into(),
        ),
    }
}

/// Server seats are the session's players: player 0 has the first move in
/// game 1 and player 1 in game 2.
impl Hosted for Session {
    fn create(options: &Value, _: &Creation) -> Result<Self, String> {
        let settings = clock_option(options)?;
        let is_match = match options.get("match") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err("option 'match' must be true or false".into()),
        };
        let position = match options.get("position") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => Some(text.as_str()),
            Some(_) => return Err("option 'position' must be a string".into()),
        };
        // The rule text has no repetition or 50-turn draws; an organiser
        // may turn both on.
        let rules = match options.get("draw_rules") {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ruleset::default(),
            Some(Value::Bool(true)) => Ruleset::with_draw_rules(),
            Some(_) => return Err("option 'draw_rules' must be true or false".into()),
        };
        Ok(match (is_match, position) {
            (true, Some(_)) => {
                return Err("a match starts from the standard position: drop 'position'".into())
            }
            (true, None) => Session::new_match(rules, settings),
            (false, None) => Session::single(ProgressiveChess::new(rules), settings),
            (false, Some(text)) => Session::single(
                ProgressiveChess::from_text(text, rules).map_err(|e| e.to_string())?,
                settings,
            ),
        })
    }

    fn bot_action(&self, seat: Seat, think: crate::bots::Think) -> Option<SessionAction> {
        self.check_turn(seat).ok()?;
        if self.pending_move().is_some() {
            // A person's move step, then the seat went to a bot: complete it.
            return self.legal_actions(seat).into_iter().next();
        }
        let colour = self.colour_of(seat.0);
        crate::bots::bot_action(self.current(), colour.seat(), think, false)
            .map(SessionAction::Turn)
    }

    fn act_at(
        &mut self,
        seat: Seat,
        action: &SessionAction,
        at_ms: i64,
    ) -> Result<(), ActionError> {
        Session::act_at(self, seat, action, at_ms)
    }

    fn wake_at(&self) -> Option<i64> {
        Session::wake_at(self)
    }

    fn on_time(&mut self, at_ms: i64) -> Result<(), String> {
        self.advance_to(at_ms);
        Ok(())
    }

    fn extend(&mut self, ms: i64) {
        Session::extend(self, ms);
    }

    fn own_clock(&self) -> bool {
        self.settings().is_some()
    }

    fn resign(&mut self, seat: Seat) -> Result<(), ActionError> {
        Session::resign(self, seat)
    }

    fn draws_by_agreement(&self) -> bool {
        true
    }

    fn agree_draw(&mut self) -> Result<(), ActionError> {
        Session::agree_draw(self)
    }
}
