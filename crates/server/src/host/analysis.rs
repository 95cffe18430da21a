//! The position an analysis starts from (docs/analysis.md): any point of
//! a finished game's history as its viewer sees it, replayed from the log
//! as for pictures and replays. The search itself runs on the bot pool,
//! off the actor ([`crate::analysis`]).

use super::{fresh_game, Actor, Role, Session};
use crate::adapter::LiveGame;
use crate::error::{ApiError, ApiResult};

/// A finished game's position after `ply` of `entries` history entries.
pub struct Position {
    pub game: Box<dyn LiveGame>,
    /// The time of the last event applied (games with clocks read it).
    pub at_ms: i64,
    pub ply: usize,
    pub entries: usize,
    pub seats: usize,
    pub kind: String,
}

impl Actor {
    pub(super) fn position(&self, role: Role, ply: Option<usize>) -> ApiResult<Position> {
        if !self.finished() {
            return Err(ApiError::Conflict(
                "the analysis board opens once the game is over (or for an imported game)".into(),
            ));
        }
        let (_, history, n) = self.seen_upto(role, ply, ("entry", "entries"))?;
        let game = fresh_game(&self.record, &self.config).map_err(ApiError::Internal)?;
        let mut session = Session::new(game, &self.config);
        let mut at_ms = self.record.created_ms;
        if n > 0 {
            // Up to the viewer's n-th entry; for the last one the whole log,
            // as in replays (events after it the viewer does not see).
            let upto = if n == history.len() {
                i64::MAX
            } else {
                history[n - 1].seq
            };
            for event in self.session.log.iter().take_while(|e| e.seq <= upto) {
                // The host's end is not a move: an analysis looks at the
                // game as its rules left it, so the side to move still may.
                if event.event == super::Event::End {
                    continue;
                }
                session
                    .apply(event)
                    .map_err(|e| ApiError::Internal(format!("analysis: {e}")))?;
                at_ms = event.at_ms;
            }
        }
        Ok(Position {
            game: session.game,
            at_ms,
            ply: n,
            entries: history.len(),
            seats: self.session.bots.len(),
            kind: self.record.kind.clone(),
        })
    }
}
