//! Time in a game: claim expiry ticks, deadlines and a game's own clock
//! (docs/server.md#deadlines). Every time that changes a game is a logged
//! event's timestamp, so replay is exact.

use super::event::Event;
use super::{Actor, Command};
use std::time::Duration;

impl Actor {
    /// Wakes the actor when the live claim expires.
    pub(super) fn schedule_tick(&self) {
        let Some((_, until_ms)) = self.live_claim() else {
            return;
        };
        let Some(me) = self.me.upgrade() else { return };
        let wait = Duration::from_millis((until_ms - self.now()).max(0) as u64 + 5);
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = me.send(Command::Tick).await;
        });
    }

    /// Applies what is due by now: bot seats still to answer a step whose
    /// deadline has come answer first; then a passed deadline or the
    /// game's own clock is logged as a `time` event (its time is the
    /// event's, so replay is exact; its body lists the bot seats that gave
    /// no answer, if the list of pending seats is public). An overdue turn
    /// is handed to the level-1 bot. Then arms the next wake-up. Nothing
    /// happens while paused.
    pub(super) async fn wake(&mut self) {
        if self.paused() || self.finished() {
            return;
        }
        if self.session.game.time_due(self.now()) {
            let missed = self.answer_late_bots().await;
            let public = (self.session.game).actors_seen_by(self.session.bots.len(), None);
            let unanswered: Vec<usize> =
                missed.into_iter().filter(|k| public.contains(k)).collect();
            let now = self.now();
            if !self.session.game.time_due(now) || self.finished() {
                self.schedule_wake();
                return;
            }
            let event = self.session.next(now, Event::Time { unanswered });
            match self.record(event).await {
                Ok(()) => self.changed_now(),
                // Another writer got there first (it may have fired this
                // very deadline): the game has caught up, so whatever is
                // still due is armed again from its stored times.
                Err(crate::error::ApiError::Stale(_)) => {}
                // The database is away: nothing was applied; try again
                // in a second rather than spin.
                Err(e @ crate::error::ApiError::Unavailable(_)) => {
                    tracing::warn!("game {}: deadline: {e}", self.record.id);
                    self.wake_in(Duration::from_secs(1));
                    return;
                }
                Err(e) => {
                    // Not re-armed: a game that refuses its own deadline
                    // would otherwise spin. The next request tries again.
                    tracing::error!("game {}: deadline: {e}", self.record.id);
                    return;
                }
            }
        } else if self.session.game.overdue_seat(self.now()).is_some() {
            self.schedule_bot();
        }
        self.schedule_wake();
    }

    /// Sends a tick after `wait`: watchers are told and bots start again.
    pub(super) fn tick_in(&self, wait: Duration) {
        let Some(me) = self.me.upgrade() else { return };
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = me.send(Command::Tick).await;
        });
    }

    /// Wakes the actor after `wait`, whatever its deadlines say.
    fn wake_in(&self, wait: Duration) {
        let Some(me) = self.me.upgrade() else { return };
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = me.send(Command::Wake).await;
        });
    }

    /// Arms a wake-up at the game's next deadline unless an earlier one is
    /// armed already.
    pub(super) fn schedule_wake(&mut self) {
        if self.paused() || self.finished() {
            return;
        }
        let Some(at) = self.session.game.wake_at() else {
            return;
        };
        let now = self.now();
        if at <= now && self.session.game.overdue_seat(now).is_some() {
            return; // the level-1 bot is on it; its move restarts the clock
        }
        if self
            .wake_armed
            .is_some_and(|armed| armed <= at && armed > now)
        {
            return;
        }
        let Some(me) = self.me.upgrade() else { return };
        self.wake_armed = Some(at);
        let wait = Duration::from_millis((at - now).max(0) as u64 + 5);
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = me.send(Command::Wake).await;
        });
    }
}
