//! Knight Control on the host: bots and deadlines per step (the game is
//! made from the lobby's options by `arbiter_registry::create`) (docs/server.md#knight-control). What each viewer may
//! learn of others' actions is the game's to say ([`arbiter_core::Game::disclose`]).

use crate::adapter::Hosted;
use crate::bots;
use arbiter_core::Seat;
use arbiter_knight_control::{Action, KnightControl, Stage};
use serde_json::{json, Value};

/// Every phase has a deadline: five minutes unless the host says otherwise
/// (the lobby's default, through [`crate::adapter::Kind`]).
pub use arbiter_registry::limits::KNIGHT_CONTROL_DEADLINE_SECS as DEFAULT_DEADLINE_SECS;

impl Hosted for KnightControl {
    /// The rounds completed on the board as last published (what the
    /// public picture draws).
    fn rounds_shown(&self) -> Option<u32> {
        let view = self.view_for(arbiter_core::Viewer::Spectator);
        Some(view.board.after_round as u32)
    }
    /// The public log, a report per resolved bidding or round.
    fn reports(&self) -> usize {
        self.log().len()
    }

    fn report_lines(&self, from: usize) -> Vec<String> {
        reports(self, from).into_iter().flatten().collect()
    }

    /// The player leaves the game (docs/rules/knight-control.md#resigning).
    fn resign(&mut self, seat: Seat) -> Result<(), arbiter_core::ActionError> {
        KnightControl::resign(self, seat)
    }

    fn bot_action(&self, seat: Seat, think: bots::Think) -> Option<Action> {
        bots::bot_action(self, seat, think)
    }

    /// An offer the seat's bot accepts or a communal garnet it consents to
    /// (the bots' trading policy, from the seat's view only).
    fn bot_answers(&self, seat: Seat) -> bool {
        use arbiter_search::games::knight_control::trading;
        use arbiter_search::Observe;
        trading::answer(&self.seen_by(seat), seat).is_some()
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
            // The public log in the game's words, as the chat gets it.
            "log": reports(self, 0),
            "bonus_cells": seat.map(|s| self.bonus_cells(s)).unwrap_or_default(),
        })
    }

    /// The host's game action ([`KnightControl::host_act`]).
    fn host_act(&mut self, text: &str) -> Result<String, arbiter_core::HostActionError> {
        KnightControl::host_act(self, text)
    }
}

/// The public log's reports from the `from`-th on, each its lines in words
/// ([`arbiter_knight_control::RoundLog::report`]).
fn reports(game: &KnightControl, from: usize) -> Vec<Vec<String>> {
    let rounds = game.rules().rounds;
    (game.log().get(from..).unwrap_or_default().iter())
        .map(|log| log.report(rounds))
        .collect()
}
