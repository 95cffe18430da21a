//! The seats bots play: a bot thinks on the blocking pool from a copy of
//! the game, and its choice comes back through the mailbox like any other
//! action ([`super::Command::BotMove`]). A turn whose deadline passed is
//! played the same way by the level-1 bot.

use super::{Actor, Command};

impl Actor {
    /// Starts a bot's think on the blocking pool if a bot is to act, or if
    /// a turn's deadline has passed (the level-1 bot plays it).
    pub(super) fn schedule_bot(&mut self) {
        if self.bot_busy || self.paused() || self.finished() {
            return;
        }
        let claim = self.live_claim();
        let session = &self.session;
        let bot = session
            .game
            .actors(session.bots.len())
            .into_iter()
            .filter(|&k| claim.is_none_or(|(holder, _)| holder == k))
            .find_map(|k| session.bots[k].map(|level| (k, level, false)));
        let forced = || {
            let k = session.game.overdue_seat(self.now())?;
            let k = claim.map_or(k, |(holder, _)| holder);
            Some((k, 1, true))
        };
        let Some((seat, level, forced)) = bot.or_else(forced) else {
            return;
        };
        let Some(me) = self.me.upgrade() else { return };
        self.bot_busy = true;
        let game = self.session.game.boxed_clone();
        let version = self.session.version();
        let pool = self.pool.clone();
        tokio::spawn(async move {
            tokio::time::sleep(pool.delay).await;
            let text = match pool.permits.acquire_owned().await {
                Ok(permit) => tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    game.bot_action(seat, level)
                })
                .await
                .unwrap_or(None),
                Err(_) => None,
            };
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
                if let Err(e) = self.submit(seat, &text).await {
                    tracing::error!("game {}: bot move {text} refused: {e}", self.record.id);
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
