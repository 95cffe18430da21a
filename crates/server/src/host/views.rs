//! What each viewer receives: snapshots, per-viewer history and replays
//! (docs/server.md#hidden-information).

use super::{fresh_game, Actor, Role, SeenEntry, Session};
use crate::error::{ApiError, ApiResult};
use serde_json::{json, Value};

impl Actor {
    /// The seat `role` speaks for, the history it sees, and how many of
    /// its entries `ply` asks for (all of them by default); asking past the
    /// end is refused with what there is.
    pub(super) fn seen_upto(
        &self,
        role: Role,
        ply: Option<usize>,
        (one, many): (&str, &str),
    ) -> ApiResult<(Option<usize>, Vec<SeenEntry>, usize)> {
        let seat = match role {
            Role::Seat(k) => Some(k),
            _ => None,
        };
        let history = self.history_for(seat);
        let n = ply.unwrap_or(history.len());
        if n > history.len() {
            let noun = if history.len() == 1 { one } else { many };
            return Err(ApiError::NotFound(format!(
                "the game has {} {noun}, not {n}",
                history.len()
            )));
        }
        Ok((seat, history, n))
    }

    /// The history as the server seat `viewer` (or a spectator) sees it.
    pub(super) fn history_for(&self, viewer: Option<usize>) -> Vec<SeenEntry> {
        // Entries with a seat are the table's actions, in the order played.
        let mut acts = 0;
        let mut seen = Vec::with_capacity(self.session.history.len());
        let names_now: Vec<String> = (0..self.session.bots.len())
            .map(|k| self.session.game.seat_name(k))
            .collect();
        for e in &self.session.history {
            let action = match e.seat {
                Some(_) => {
                    acts += 1;
                    match self.session.game.describe(acts - 1, &e.action, viewer) {
                        Some(text) => text,
                        None => continue,
                    }
                }
                None => e.action.clone(),
            };
            // A move played for a seat on timeout says so, to everyone
            // (the deadline and whose turn it was are public).
            let action = match (e.timeout, e.seat) {
                (true, Some(k)) => action + &timeout_label(k),
                _ => action,
            };
            seen.push(SeenEntry {
                seq: e.seq,
                at_ms: e.at_ms,
                seat: e.seat,
                action,
                side: (e.named.as_ref())
                    .filter(|named| e.seat.and_then(|k| names_now.get(k)) != Some(*named))
                    .cloned(),
            });
        }
        seen
    }

    /// Everything `role` may see, built from that seat's view only.
    pub(super) fn snapshot(&self, role: Role) -> Value {
        let seat = match role {
            Role::Seat(k) => Some(k),
            _ => None,
        };
        let game = &self.session.game;
        let seats = self.session.bots.len();
        let actors = if self.finished() {
            Vec::new()
        } else {
            game.actors_seen_by(seats, seat)
        };
        let legal = match seat {
            Some(k)
                if !self.finished()
                    && !self.paused()
                    && self.session.bots[k].is_none()
                    && self.live_claim().is_none_or(|(holder, _)| holder == k) =>
            {
                game.legal(k)
            }
            _ => Vec::new(),
        };
        let history = self.history_for(seat);
        // The version counts the events this viewer can tell apart, so a
        // secret submission by another seat changes nothing it receives.
        let others = self
            .session
            .log
            .iter()
            .filter(|e| !e.event.makes_history() && !e.event.is_chat())
            .count() as u64;
        let version = others + history.len() as u64 + self.chat_seen(role) + self.ticks;
        json!({
            "id": self.record.id,
            "game": self.record.kind,
            "status": self.session.status.name(),
            "version": version,
            "commitment": self.record.commitment,
            // The seed is revealed only once nothing more can be drawn.
            "seed": self.finished().then(|| self.record.seed.clone()),
            "you": match role {
                Role::Host => json!({ "role": "host" }),
                Role::Seat(k) => json!({ "role": "seat", "seat": k }),
                Role::Spectator => json!({ "role": "spectator" }),
            },
            "seats": (0..seats).map(|k| json!({
                "seat": k,
                "bot": self.session.bots[k],
                "game_seat": game.game_seat(k).map(|s| s.0),
                "to_act": actors.contains(&k),
            })).collect::<Vec<_>>(),
            "to_act": actors,
            "phase": if self.finished() { game.phase() } else { game.phase_seen_by(seat) },
            "claim": self.live_claim().map(|(seat, until_ms)| json!({ "seat": seat, "until_ms": until_ms })),
            "claim_hold_secs": self.session.claim_hold_secs,
            "deadline_secs": self.config.deadline_secs,
            "deadline_ms": if self.finished() { None } else { game.deadline() },
            "paused_since": self.session.status.paused_since(),
            "outcome": game.outcome(),
            "legal": legal,
            "view": game.view(seat),
            // The board as this viewer may see it: what the web client and
            // the pictures draw (docs/pictures.md).
            "scene": self.scene_now(seat),
            "hints": game.hints(seat),
            "history": history,
            "social": self.social_view(role),
        })
    }

    /// `role`'s view after the first `n` entries of the history `role`
    /// sees: the log is replayed up to that entry and the view is built for
    /// `role`, so it shows nothing `role` could not see at the time.
    pub(super) fn replay(&self, role: Role, n: usize) -> ApiResult<Value> {
        let (seat, history, n) = self.seen_upto(role, Some(n), ("action", "actions"))?;
        let game = fresh_game(&self.record, &self.config).map_err(ApiError::Internal)?;
        let mut session = Session::new(game, &self.config);
        // Up to the viewer's last entry: the whole log, so that the replay
        // equals the live view even when the game went on by events this
        // viewer does not see (Knight Control's private steps).
        let upto = match n {
            _ if n == history.len() => Some(i64::MAX),
            0 => None,
            _ => Some(history[n - 1].seq),
        };
        if let Some(upto) = upto {
            for event in self.session.log.iter().take_while(|e| e.seq <= upto) {
                session
                    .apply(event)
                    .map_err(|e| ApiError::Internal(format!("replay: {e}")))?;
            }
        }
        // An entry that ended one game of a match shows the board it left.
        let scene = match n < history.len() {
            true => session.game.past_scene(seat),
            false => session.game.scene(seat),
        };
        Ok(json!({ "ply": n, "view": session.game.view(seat), "scene": scene }))
    }
}

/// What follows a move the server played for server seat `seat` on its
/// timeout, in the history (the chat's lines name the seat instead).
pub(super) fn timeout_label(seat: usize) -> String {
    format!(" (time: played for P{})", seat + 1)
}
