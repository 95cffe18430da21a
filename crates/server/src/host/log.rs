//! The actor's writes to the log and its catching up with it. Appends are
//! judged by the log's `(game_id, seq)` key (docs/instances.md): when
//! another writer took the place first, this copy of the game is behind,
//! and it reads and applies what it missed before anything else happens.

use super::event::Logged;
use super::Actor;
use crate::error::{ApiError, ApiResult};

impl Actor {
    /// Appends `logged` (with the idempotency key of the submission being
    /// run, if any, in the same transaction). Returns once it is durable.
    /// If its place was taken, catches up with the log and returns
    /// [`ApiError::Stale`]: the caller's check was made on an old state.
    pub(super) async fn append(&mut self, logged: &Logged) -> ApiResult<()> {
        if self.follower {
            return Err(ApiError::Unavailable(
                "this copy of the game only shows it; try again".into(),
            ));
        }
        if let Some(claim) = &self.claim {
            if !claim.may_write(&self.record.id) {
                return Err(ApiError::Unavailable(
                    "this instance's lease of the game ran out; nothing was changed, try again"
                        .into(),
                ));
            }
        }
        let key = self.pending_key.clone();
        match (self.store)
            .append_keyed(&self.record.id, logged, key.as_ref())
            .await
        {
            Ok(()) => {
                // A key names one event: a second append in the same
                // submission goes without it.
                self.pending_key = None;
                Ok(())
            }
            Err(ApiError::Stale(why)) => {
                self.catch_up().await?;
                self.step_down_if_taken().await?;
                Err(ApiError::Stale(why))
            }
            Err(e) => Err(e),
        }
    }

    /// Fencing: after losing a place in the log, checks whether another
    /// instance took the game over; if so this copy stops writing (its
    /// actor stops at the next command) and the request is retried there.
    async fn step_down_if_taken(&mut self) -> ApiResult<()> {
        let Some(claim) = &self.claim else {
            return Ok(());
        };
        let lease = self.store.lease(&self.record.id).await?;
        if lease.is_some_and(|l| l.owner == claim.owners.id) {
            return Ok(());
        }
        tracing::info!(
            "game {}: another instance took it over; stepping down",
            self.record.id
        );
        claim.owners.forget(&self.record.id);
        Err(ApiError::Unavailable(
            "the game moved to another instance; nothing was changed, try again".into(),
        ))
    }

    /// Reads the events after the last one this copy applied and applies
    /// them (the restart's path), then tells every watcher.
    pub(super) async fn catch_up(&mut self) -> ApiResult<()> {
        let from = self.session.log.len() as i64;
        let missed = self.store.events_from(&self.record.id, from).await?;
        if missed.is_empty() {
            return Ok(());
        }
        for event in &missed {
            self.session.apply(event).map_err(|e| {
                ApiError::Internal(format!(
                    "game {}: catching up with event {}: {e}",
                    self.record.id, event.seq
                ))
            })?;
        }
        // A follower catches up after every move of a watched game: that
        // is routine, so it is not logged at INFO; an owner catching up
        // means another instance wrote its game, which is worth a line.
        if !self.follower {
            tracing::info!(
                "game {}: caught up with {} events written elsewhere",
                self.record.id,
                missed.len()
            );
        } else {
            tracing::debug!(
                "game {}: a follower caught up with {} events",
                self.record.id,
                missed.len()
            );
        }
        self.schedule_tick();
        self.changed_now();
        Ok(())
    }
}
