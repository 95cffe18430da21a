//! Time in a game: claim expiry ticks, deadlines and a game's own clock
//! (docs/server.md#deadlines). Every time that changes a game is a logged
//! event's timestamp, so replay is exact.

use super::{Actor, Command};
use crate::adapter::LiveGame;
use crate::storage::EventRecord;
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
        if self.paused || self.finished() {
            return;
        }
        if self.game.time_due(self.now()) {
            let missed = self.answer_late_bots().await;
            let public = self.game.actors_seen_by(self.bots.len(), None);
            let body: Vec<String> = (missed.iter())
                .filter(|k| public.contains(k))
                .map(|k| k.to_string())
                .collect();
            if !self.game.time_due(self.now()) || self.finished() {
                self.schedule_wake();
                return;
            }
            let event = self.event("time", None, body.join(" "));
            match self.record(event).await {
                Ok(()) => self.changed_now(),
                Err(e) => {
                    // Not re-armed: a game that refuses its own deadline
                    // would otherwise spin. The next request tries again.
                    tracing::error!("game {}: deadline: {e}", self.record.id);
                    return;
                }
            }
        } else if self.game.overdue_seat(self.now()).is_some() {
            self.schedule_bot();
        }
        self.schedule_wake();
    }

    /// Arms a wake-up at the game's next deadline unless an earlier one is
    /// armed already.
    pub(super) fn schedule_wake(&mut self) {
        if self.paused || self.finished() {
            return;
        }
        let Some(at) = self.game.wake_at() else {
            return;
        };
        let now = self.now();
        if at <= now && self.game.overdue_seat(now).is_some() {
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

/// What one logged event does to the game: the one path for live play,
/// restarts and replays. Returns the history text for actions and
/// deadlines. `paused_since` is when the running pause began.
pub(super) fn apply_to_game(
    game: &mut dyn LiveGame,
    event: &EventRecord,
    paused_since: Option<i64>,
) -> Result<Option<String>, String> {
    let seat = event.seat.map(|s| s as usize);
    Ok(match (event.kind.as_str(), seat) {
        ("act", Some(k)) => Some(
            game.act(k, &event.body, event.at_ms)
                .map_err(|e| e.to_string())?,
        ),
        ("time", _) => {
            game.on_time(event.at_ms, event.seq)?;
            Some(match event.body.as_str() {
                "" => "deadline".to_string(),
                seats => format!(
                    "deadline: no answer from the bot of seat {}, so the rules' default",
                    seats.split(' ').collect::<Vec<_>>().join(", ")
                ),
            })
        }
        // A pause stops the clocks: on resume every deadline moves back by
        // the time the pause lasted.
        ("resume", _) => {
            if let Some(since) = paused_since {
                game.extend((event.at_ms - since).max(0));
            }
            None
        }
        ("extend", _) => {
            let ms: i64 = event.body.parse().map_err(|_| "bad extension")?;
            game.extend(ms);
            None
        }
        ("end", _) => {
            game.end_by_host();
            None
        }
        ("host_act", _) => Some(game.host_act(&event.body, event.at_ms)?),
        ("claim" | "bot" | "human", Some(_)) | ("pause", _) => None,
        (kind, _) => return Err(format!("unknown event '{kind}'")),
    })
}
