//! Progressive Chess on the host: bots for the rules crate's [`Session`] (one game or the two-game match, with or
//! without step clocks; docs/server.md#progressive-chess-clocks-and-matches).
//!
//! Every rule, the clocks included, lives in the rules crate. The host only
//! hands each call its logged event's timestamp (unix ms), so a restart
//! replays the clocks exactly, and asks [`Session::wake_at`] when the
//! table next needs waking.

use crate::adapter::{duel_concessions, Hosted};
use arbiter_core::{ActionError, Game, Seat};
use arbiter_progressive_chess::{Session, SessionAction};
use arbiter_search::player::ScoredLine;

pub use arbiter_registry::limits::MAX_CLOCK_SECS;

/// Server seats are the session's players: player 0 has the first move in
/// game 1 and player 1 in game 2.
impl Hosted for Session {
    fn bot_action(&self, seat: Seat, think: crate::bots::Think) -> Option<SessionAction> {
        self.bot_scored(seat, think).0
    }

    fn bot_scored(
        &self,
        seat: Seat,
        think: crate::bots::Think,
    ) -> (Option<SessionAction>, Option<i32>) {
        if self.check_turn(seat).is_err() {
            return (None, None);
        }
        if self.pending_move().is_some() {
            // A person's move step, then the seat went to a bot: complete it.
            return (self.legal_actions(seat).into_iter().next(), None);
        }
        let colour = self.colour_of(seat.0);
        let (turn, score) = crate::bots::bot_scored(self.current(), colour.seat(), think);
        (turn.map(SessionAction::Turn), score)
    }

    /// The current game's lines, each turn a session action. A move step
    /// still pending (a person's, then the seat went to a bot) has none.
    fn bot_lines(
        &self,
        seat: Seat,
        think: crate::bots::Think,
        count: usize,
    ) -> Vec<ScoredLine<SessionAction>> {
        if self.check_turn(seat).is_err() || self.pending_move().is_some() {
            return Vec::new();
        }
        let colour = self.colour_of(seat.0);
        crate::bots::bot_lines(self.current(), colour.seat(), think, count)
            .into_iter()
            .map(|l| ScoredLine {
                action: SessionAction::Turn(l.action),
                score: l.score,
                line: l.line.into_iter().map(SessionAction::Turn).collect(),
            })
            .collect()
    }

    /// Each player's banked reserve (public: every viewer's clock shows it).
    fn reserves_ms(&self) -> Option<Vec<i64>> {
        let clock = self.clock_view()?;
        Some(
            (0..2u8)
                .map(|k| clock.reserve_ms[self.colour_of(k).seat().0 as usize])
                .collect(),
        )
    }

    fn evaluation(&self, seat: Seat) -> Option<i32> {
        let colour = self.colour_of(seat.0);
        Some(arbiter_search::player::Evaluate::evaluate(
            self.current(),
            colour.seat(),
        ))
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

    fn mid_turn(&self) -> bool {
        self.pending_move().is_some()
    }

    fn closing_scene(&self, viewer: arbiter_core::Viewer) -> Option<arbiter_core::Scene> {
        Session::closing_scene(self, viewer)
    }

    /// A match's announcement between its games (a drawn game 1).
    fn reports(&self) -> usize {
        self.match_play().map_or(0, |m| m.reports().len())
    }

    fn report_lines(&self, from: usize) -> Vec<String> {
        let reports = self.match_play().map(|m| m.reports()).unwrap_or_default();
        reports.get(from..).unwrap_or_default().to_vec()
    }

    duel_concessions!(Session);
}
