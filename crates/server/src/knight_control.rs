//! Knight Control on the host: creation from the lobby's options, bots,
//! deadlines per step, and what each viewer may learn of others' actions
//! (docs/server.md#knight-control).

use crate::adapter::{Creation, Hosted};
use crate::bots;
use arbiter_core::Seat;
use arbiter_knight_control::{Action, KnightControl, Layout, Rules, Stage};
use serde_json::{json, Value};

/// Every phase has a deadline: five minutes unless the host says otherwise
/// (the lobby's default, through [`crate::adapter::Kind`]).
pub const DEFAULT_DEADLINE_SECS: u64 = 300;

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

    /// In the item step the list of players still to choose would tell who
    /// took a usable item (docs/rules/knight-control.md#rulings).
    fn hides_pending(&self) -> bool {
        self.stage() == Stage::Items
    }

    /// Others learn that a player submitted (the list of seats still to
    /// submit is public anyway), never what. Item choices, trades, consents
    /// and exchanges are not shown at all: even their existence is private.
    fn describe(&self, _actor: Seat, action: &str, _viewer: Option<Seat>) -> Option<String> {
        let head = action.split_whitespace().next().unwrap_or("");
        match head {
            "bid" => Some("submitted a bid".into()),
            "orders" => Some("submitted orders".into()),
            "gifts" => Some("placed ToLs".into()),
            "vote" => Some("voted".into()),
            _ => None,
        }
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

    /// The host grants a communal garnet: `communal P1 P2`.
    fn host_act(&mut self, text: &str) -> Result<String, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["communal", a, b] => {
                let a = arbiter_knight_control::parse_player(a, self.players())?;
                let b = arbiter_knight_control::parse_player(b, self.players())?;
                let number = self.grant_communal(a, b)?;
                Ok(format!(
                    "communal garnet {number} granted to {} and {}",
                    arbiter_knight_control::player_name(a),
                    arbiter_knight_control::player_name(b)
                ))
            }
            _ => Err("the host's Knight Control action is 'communal P1 P2'".into()),
        }
    }
}
