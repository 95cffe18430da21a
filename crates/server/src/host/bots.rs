//! The seats bots play: a bot thinks on the blocking pool from a copy of
//! the game, and its choice comes back through the mailbox like any other
//! action ([`super::Command::BotMove`]). A turn whose deadline passed is
//! played the same way by the level-1 bot.

use super::{Actor, Command};
use arbiter_core::Phase;

/// The most actions a late bot makes in one step before the deadline
/// closes it (a bound, in case a bot's answers never finish its part).
const LATE_ACTIONS: usize = 8;

impl Actor {
    /// Starts a bot's think on the bounded pool if a bot is to act (the
    /// fair order of [`crate::bots::next_bot`]), or if a turn's deadline
    /// has passed (the level-1 bot plays it).
    pub(super) fn schedule_bot(&mut self) {
        if self.bot_busy || self.paused() || self.finished() {
            return;
        }
        let claim = self.live_claim();
        let session = &self.session;
        let mut actors = session.game.actors(session.bots.len());
        // Bots that have submitted still answer offers and communal
        // garnets made since (Knight Control).
        let bot_seats: Vec<usize> = (0..session.bots.len())
            .filter(|&k| session.bots[k].is_some())
            .collect();
        actors.extend(session.game.bot_answers(&bot_seats));
        let holder = claim.map(|(holder, _)| holder);
        let bot = crate::bots::next_bot(&actors, &session.bots, holder, &session.last_acted)
            .map(|(k, level)| (k, level, false));
        let forced = || {
            let k = session.game.overdue_seat(self.now())?;
            Some((holder.unwrap_or(k), 1, true))
        };
        let Some((seat, level, forced)) = bot.or_else(forced) else {
            return;
        };
        let Some(me) = self.me.upgrade() else { return };
        let simultaneous = matches!(session.game.phase(), Phase::Simultaneous(_));
        let job = crate::bots::Job {
            game: session.game.boxed_clone(),
            seat,
            level,
            forced,
            answer_by: session.game.wake_at(),
            own_queue: if simultaneous {
                actors
                    .iter()
                    .filter(|&&k| session.bots[k].is_some())
                    .count()
            } else {
                1
            },
            simultaneous,
        };
        let version = session.version();
        self.bot_busy = true;
        let pool = self.pool.clone();
        tokio::spawn(async move {
            let text = crate::bots::answer(job, pool).await;
            let _ = me
                .send(Command::BotMove {
                    version,
                    seat,
                    text,
                    forced,
                })
                .await;
        });
    }

    /// A simultaneous step's deadline has come with bot seats still to
    /// answer (the pool was busy): each answers now at level 1, before the
    /// deadline closes the step, so no bot's step is lost to load. Returns
    /// the bot seats that still have not answered.
    pub(super) async fn answer_late_bots(&mut self) -> Vec<usize> {
        let session = &self.session;
        if !matches!(session.game.phase(), Phase::Simultaneous(_)) {
            return Vec::new();
        }
        let late: Vec<usize> = (session.game.actors(session.bots.len()).into_iter())
            .filter(|&k| session.bots[k].is_some())
            .collect();
        let mut missed = Vec::new();
        for seat in late {
            // A step may take several actions of a seat (Knight Control's
            // end-of-game step: exchanges, then done): until it has none.
            for _ in 0..LATE_ACTIONS {
                let seats = self.session.bots.len();
                if !self.session.game.actors(seats).contains(&seat) {
                    break;
                }
                let game = self.session.game.boxed_clone();
                let played = match crate::bots::late_answer(game, seat).await {
                    Some(text) => self.submit(seat, &text).await.map_err(|e| e.to_string()),
                    None => Err("no action found".into()),
                };
                match played {
                    Ok(()) => tracing::warn!(
                        "game {}: the bot for seat {} answered late, at level 1",
                        self.record.id,
                        seat + 1
                    ),
                    Err(e) => {
                        tracing::error!(
                            "game {}: the bot for seat {}: {e}",
                            self.record.id,
                            seat + 1
                        );
                        missed.push(seat);
                        break;
                    }
                }
                if !self.session.game.time_due(self.now()) {
                    return missed; // the step closed: every seat has answered
                }
            }
        }
        missed
    }

    /// A bot's choice came back: played if nothing changed while it
    /// thought and the seat is still a bot's (or still overdue).
    pub(super) async fn bot_moved(
        &mut self,
        version: u64,
        seat: usize,
        text: Option<String>,
        forced: bool,
    ) {
        self.bot_busy = false;
        let allowed = if forced {
            self.session.game.overdue_seat(self.now()) == Some(seat)
        } else {
            self.session.bots.get(seat).copied().flatten().is_some()
        };
        if version != self.session.version() || !allowed {
            self.schedule_bot();
            return;
        }
        match text {
            Some(text) => {
                match self.submit_as(seat, &text, forced).await {
                    Ok(()) => {}
                    // The game moved on elsewhere and has caught up: the
                    // bot thinks again on the new state if it is to act.
                    Err(crate::error::ApiError::Stale(_)) => self.schedule_bot(),
                    // The database is away: nothing was applied; the bot
                    // tries again in a second.
                    Err(e @ crate::error::ApiError::Unavailable(_)) => {
                        tracing::warn!("game {}: bot move: {e}", self.record.id);
                        self.tick_in(std::time::Duration::from_secs(1));
                    }
                    Err(e) => {
                        tracing::error!("game {}: bot move {text} refused: {e}", self.record.id)
                    }
                }
            }
            None => tracing::warn!(
                "game {}: the bot for seat {} found no move",
                self.record.id,
                seat + 1
            ),
        }
    }
}
