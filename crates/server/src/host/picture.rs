//! Board pictures of a table at any point of the history its viewer sees
//! (`GET /api/games/{id}/board.svg|png?ply=N`, docs/server.md#pictures).

use super::{fresh_game, Actor, Role, Session};
use crate::adapter;
use crate::error::{ApiError, ApiResult};
use arbiter_core::{scene, Scene};

/// What a picture shows: the game's scene for the viewer (the board the
/// web client draws) and a few lines about it, all of them things the
/// viewer may see.
pub struct Picture {
    /// The game's id ("knight-court").
    pub kind: String,
    /// How many entries of the viewer's history the picture follows (its
    /// `?ply=N`).
    pub shown: usize,
    pub title: String,
    pub scene: Scene,
    pub caption: Vec<String>,
}

impl Actor {
    /// The scene of the table now for `seat` (a spectator's for `None`),
    /// with the table's own state, which the game does not know, in its
    /// status lines: ended by the host without a result, or paused. The
    /// snapshot and the pictures both take it, so they never disagree.
    pub(super) fn scene_now(&self, seat: Option<usize>) -> Scene {
        let mut scene = self.session.game.scene(seat);
        if self.finished() && self.session.game.outcome().is_none() {
            scene.status = vec![scene::game_over("the host ended the game")];
        } else if self.paused() {
            scene.status.push("paused by the host".into());
        }
        scene
    }

    /// The board after the first `ply` entries of the history `role` sees
    /// (default: now). The log is replayed up to that entry, as for
    /// replays; the board is the game's scene for `role`, built from
    /// `role`'s view only.
    pub(super) fn picture(&self, role: Role, ply: Option<usize>) -> ApiResult<Picture> {
        let (seat, history, n) = self.seen_upto(role, ply, ("entry", "entries"))?;
        let name = adapter::kind(&self.record.kind)
            .map(|k| k.name)
            .unwrap_or("game");
        let scene = if n == history.len() {
            self.scene_now(seat)
        } else {
            let game = fresh_game(&self.record, &self.config).map_err(ApiError::Internal)?;
            let mut session = Session::new(game, &self.config);
            if n > 0 {
                let upto = history[n - 1].seq;
                for event in self.session.log.iter().take_while(|e| e.seq <= upto) {
                    session
                        .apply(event)
                        .map_err(|e| ApiError::Internal(format!("picture: {e}")))?;
                }
            }
            session.game.past_scene(seat)
        };
        // The last entry, its seat named as the board names it ("White",
        // a Tilechess colour) when it was made. The result is the scene's
        // first status line.
        let caption = (n.checked_sub(1).map(|i| &history[i]).into_iter())
            .map(
                |last| match super::chat::speaker(last, |k| self.session.game.seat_name(k)) {
                    Some(who) => format!("last: {who}: {}", last.action),
                    None => format!("last: {}", last.action),
                },
            )
            .collect();
        Ok(Picture {
            kind: self.record.kind.clone(),
            shown: n,
            title: format!("{name}, after {n} of {} entries", history.len()),
            scene,
            caption,
        })
    }
}

impl Actor {
    /// The ply of `?round=R`: the first point of the history `role` sees
    /// after which the public board shows `round` rounds completed. Only
    /// games of rounds have one; a round not reached yet is 404.
    pub(super) fn round_ply(&self, role: Role, round: u32) -> ApiResult<usize> {
        let Some(now) = self.session.game.rounds_shown() else {
            return Err(ApiError::BadRequest(
                "?round=R is for games of rounds (Knight Control); use ?ply=N".into(),
            ));
        };
        if round > now {
            return Err(ApiError::NotFound(format!(
                "the board shows {now} completed rounds, not {round}"
            )));
        }
        let seat = match role {
            Role::Seat(k) => Some(k),
            _ => None,
        };
        let history = self.history_for(seat);
        let game = fresh_game(&self.record, &self.config).map_err(ApiError::Internal)?;
        let mut session = Session::new(game, &self.config);
        let mut events = self.session.log.iter().peekable();
        for n in 0..=history.len() {
            if n > 0 {
                let upto = history[n - 1].seq;
                while let Some(event) = events.next_if(|e| e.seq <= upto) {
                    session
                        .apply(event)
                        .map_err(|e| ApiError::Internal(format!("picture: {e}")))?;
                }
            }
            // The last point is the table now, as for `?ply=N`: entries
            // this viewer does not see may follow the last one it does.
            let shown = if n == history.len() {
                self.session.game.rounds_shown()
            } else {
                session.game.rounds_shown()
            };
            if shown == Some(round) {
                return Ok(n);
            }
        }
        Err(ApiError::NotFound(format!(
            "no entry of this history shows {round} completed rounds"
        )))
    }
}
