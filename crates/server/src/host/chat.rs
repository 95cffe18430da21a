//! What the game's webhooks are told (docs/webhooks.md): after each change,
//! the public entries since the last notice, the result if the game just
//! ended, who is to act and the deadline, and the spectators' picture. The
//! notice is handed over without waiting ([`crate::webhooks::Webhooks::notify`]).

use super::{Actor, Role};
use crate::webhooks::Notice;

/// What the webhooks were last told: the public history's length, the
/// deadline, and whether the game was finished.
pub(super) type Told = (usize, Option<i64>, bool);

impl Actor {
    pub(super) fn tell_webhooks(&mut self) {
        let history = self.history_for(None);
        let finished = self.finished();
        let deadline = if finished || self.paused() {
            None
        } else {
            self.session.game.deadline()
        };
        let now: Told = (history.len(), deadline, finished);
        // The first look (the actor's start) only notes where the game is:
        // a restart posts nothing twice.
        let Some(before) = self.told.replace(now) else {
            return;
        };
        if before == now {
            return;
        }
        let seats = self.session.bots.len();
        let webhooks = self.webhooks.clone();
        webhooks.notify(&self.record.id, || {
            let lines = history[before.0.min(history.len())..]
                .iter()
                .map(|e| match e.seat {
                    Some(k) => format!("P{}: {}", k + 1, e.action),
                    None => e.action.clone(),
                })
                .collect();
            // The result in the game's own words, as its picture says it
            // ("White wins by checkmate"), not by seat numbers.
            let ended = (finished && !before.2).then(|| match self.session.game.outcome() {
                Some(outcome) => (self.session.game.scene(None).result())
                    .map_or_else(|| outcome.to_string(), str::to_string),
                None => "the host ended the game".to_string(),
            });
            let to_act = if finished {
                Vec::new()
            } else {
                (self.session.game)
                    .actors_seen_by(seats, None)
                    .iter()
                    .map(|k| format!("P{}", k + 1))
                    .collect()
            };
            let name = crate::adapter::kind(&self.record.kind)
                .map(|k| k.name)
                .unwrap_or("Game");
            let svg = match self.picture(Role::Spectator, None) {
                Ok(p) => crate::pictures::svg(&p.title, &p.scene, &p.caption),
                Err(e) => {
                    tracing::error!("game {}: webhook picture: {e}", self.record.id);
                    String::new()
                }
            };
            Notice::new(
                format!("{name}, table {}", self.record.id),
                lines,
                ended,
                to_act,
                deadline,
                history.len(),
                svg,
            )
        });
    }
}
