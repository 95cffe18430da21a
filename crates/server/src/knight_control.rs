//! Knight Control on the host: creation from the lobby's options, bots and
//! deadlines per step (docs/server.md#knight-control). What each viewer may
//! learn of others' actions is the game's to say ([`arbiter_core::Game::disclose`]).

use crate::adapter::{Creation, Hosted};
use crate::bots;
use arbiter_core::Seat;
use arbiter_knight_control::{Action, KnightControl, Layout, Rules, Stage};
use serde_json::{json, Value};

/// Every phase has a deadline: five minutes unless the host says otherwise
/// (the lobby's default, through [`crate::adapter::Kind`]).
pub use arbiter_registry::limits::KNIGHT_CONTROL_DEADLINE_SECS as DEFAULT_DEADLINE_SECS;

impl Hosted for KnightControl {
    /// Options: `rules` (the ruleset options, e.g. `{"rounds": 3}`) and
    /// `layout` (a layout file; default the standard board). The players
    /// are the seats; the seed is the game's committed seed.
    fn create(options: &Value, creation: &Creation) -> Result<Self, String> {
        if let Some(map) = options.as_object() {
            if let Some(key) = map
                .keys()
                .find(|k| !["rules", "layout"].contains(&k.as_str()))
            {
                return Err(format!(
                    "unknown Knight Control option '{key}': the options are 'rules' and 'layout'"
                ));
            }
        }
        let rules: Rules = match options.get("rules") {
            None | Some(Value::Null) => Rules::default(),
            Some(v) => serde_json::from_value(v.clone()).map_err(|e| format!("rules: {e}"))?,
        };
        let layout = match options.get("layout") {
            None | Some(Value::Null) => Layout::standard(),
            Some(v) => Layout::from_json(&v.to_string()).map_err(|e| format!("layout: {e}"))?,
        };
        KnightControl::new(creation.seats, rules, layout, creation.seed)
    }

    /// The player leaves the game (docs/rules/knight-control.md#resigning).
    fn resign(&mut self, seat: Seat) -> Result<(), arbiter_core::ActionError> {
        KnightControl::resign(self, seat)
    }

    fn bot_action(&self, seat: Seat, think: bots::Think) -> Option<Action> {
        bots::bot_action(self, seat, think, true)
    }

    /// Round and stage: a new key for every step.
    fn step(&self) -> Option<u64> {
        let stage = match self.stage() {
            Stage::Bidding => 0,
            Stage::Orders => 1,
            Stage::Items => 2,
            Stage::FinalExchange => 3,
            Stage::PieceGifts => 4,
            Stage::ChipGifts => 5,
            Stage::Vote => 6,
            Stage::Over => 7,
        };
        Some(self.round() as u64 * 8 + stage)
    }

    /// Whether the list of seats still to submit is secret now (the game
    /// decides: [`KnightControl::pending_is_secret`]).
    fn hides_pending(&self) -> bool {
        self.pending_is_secret()
    }

    /// The chip cost of orders or item choices, before submitting.
    fn preview(&self, seat: Seat, action: &Action) -> Value {
        let cost = match action {
            Action::Orders(orders) => self.orders_cost(seat, orders),
            Action::Items(choices) => self.choices_cost(seat, choices),
            _ => return json!({}),
        };
        match cost {
            Ok(cost) => json!({ "cost": cost }),
            Err(reason) => json!({ "refused": reason }),
        }
    }

    /// The board's shape for everyone; for a player also where their
    /// knights earn bonus leaps.
    fn hints(&self, seat: Option<Seat>) -> Value {
        json!({
            "geometry": self.geometry(),
            "bonus_cells": seat.map(|s| self.bonus_cells(s)).unwrap_or_default(),
        })
    }

    /// The host's game action ([`KnightControl::host_act`]).
    fn host_act(&mut self, text: &str) -> Result<String, String> {
        KnightControl::host_act(self, text)
    }
}
