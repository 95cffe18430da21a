//! Submissions, retried when the log moved under them, and answered once
//! per idempotency key (docs/server.md#idempotency-keys).

use super::{Actor, HostCommand, Role};
use crate::error::{ApiError, ApiResult};
use crate::idempotency::{Answer, Key};
use serde_json::{json, Value};

/// How often a submission is tried again after its append lost a race for
/// its place in the log (each time on the caught-up game).
const STALE_RETRIES: usize = 3;

/// Something a link asks that may change the game.
#[derive(Clone, Debug)]
pub enum Submission {
    Act(String),
    Claim,
    Host(HostCommand),
}

/// What a successful submission answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The link's snapshot after it (the table's routes).
    Snapshot,
    /// `{"ok": true}` (the bot API).
    Ok,
}

impl Actor {
    /// Runs `submission` for `role`; if its append lost a race for its
    /// place in the log, the game has caught up by then and it runs again,
    /// where it may now be refused (the turn passed) or accepted later on.
    pub(super) async fn submit_request(
        &mut self,
        role: Role,
        submission: &Submission,
    ) -> ApiResult<()> {
        let mut tries = 0;
        loop {
            let result = match submission {
                Submission::Act(text) => self.act(role, text).await,
                Submission::Claim => self.claim(role).await,
                Submission::Host(command) => self.host(role, command.clone()).await,
            };
            match result {
                Err(ApiError::Stale(_)) if tries < STALE_RETRIES => tries += 1,
                other => return other,
            }
        }
    }

    /// A submission with an idempotency key: the stored first answer if
    /// the key was used before, else the submission, its event and key
    /// stored in one transaction, and its answer stored after.
    pub(super) async fn once(
        &mut self,
        role: Role,
        key: Key,
        submission: Submission,
        reply: Reply,
    ) -> ApiResult<Answer> {
        let id = self.record.id.clone();
        if let Some(stored) = self.store.keyed_answer(&id, &key.role, &key.key).await? {
            if stored.request != key.request {
                return Err(ApiError::Refused(
                    "this Idempotency-Key was used for a different request; \
                     use a fresh key for each new submission"
                        .into(),
                ));
            }
            let (status, body) = match stored.answer {
                Some((status, text)) => (
                    status,
                    serde_json::from_str(&text)
                        .map_err(|e| ApiError::Internal(format!("a stored answer: {e}")))?,
                ),
                // The event was stored and the instance stopped before its
                // answer was: the submission took effect, so it answers as
                // a success would now.
                None => (200, self.reply_body(role, reply)),
            };
            return Ok(Answer {
                status,
                body,
                replayed: true,
            });
        }
        self.pending_key = Some(key.clone());
        let result = self.submit_request(role, &submission).await;
        self.pending_key = None;
        let (status, body) = match result {
            Ok(()) => (200, self.reply_body(role, reply)),
            // Nothing was applied and nothing stored: a retry runs again.
            Err(e @ (ApiError::Stale(_) | ApiError::Unavailable(_) | ApiError::Internal(_))) => {
                return Err(e)
            }
            // A refusal is an answer too: a retry gets the same one, even
            // if the game has moved on so that it would now be accepted.
            Err(e) => (e.status().as_u16(), json!({ "error": e.to_string() })),
        };
        let text = body.to_string();
        if let Err(e) = self
            .store
            .save_answer(&id, &key, status, &text, self.now())
            .await
        {
            // The event (if any) and its key are stored: a retry answers
            // from the game as it then is.
            tracing::warn!("game {id}: storing an idempotent answer: {e}");
        }
        Ok(Answer {
            status,
            body,
            replayed: false,
        })
    }

    fn reply_body(&self, role: Role, reply: Reply) -> Value {
        match reply {
            Reply::Snapshot => self.snapshot(role),
            Reply::Ok => json!({ "ok": true }),
        }
    }
}
