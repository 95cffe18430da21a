//! The log's appends with an optional idempotency key, the log read from a
//! place on, and the stored answers to keyed submissions
//! (docs/server.md#idempotency-keys).

use super::{event_json, stale_on_conflict, Store};
use crate::error::{ApiError, ApiResult};
use crate::host::{Event, Logged};
use crate::idempotency::Key;
use sqlx::Row;

/// What is stored for one idempotency key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAnswer {
    /// The fingerprint of the request that first used the key.
    pub request: [u8; 32],
    /// The event it caused, if any.
    pub seq: Option<i64>,
    /// The first answer: its status and body. `None` when the event was
    /// stored but the instance stopped before it stored the answer.
    pub answer: Option<(u16, String)>,
}

/// The PostgreSQL channel on which every append is announced.
pub const EVENTS_CHANNEL: &str = "arbiter_events";

impl Store {
    /// [`Store::append`], writing `key` (the submission that caused the
    /// event) in the same transaction: both are stored or neither is.
    pub async fn append_keyed(
        &self,
        game_id: &str,
        logged: &Logged,
        key: Option<&Key>,
    ) -> ApiResult<()> {
        let event = event_json(&logged.event)?;
        let place = format!("event {} of game {game_id}", logged.seq);
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO events (game_id, seq, at_ms, event) VALUES ($1, $2, $3, $4)",
            )
            .bind(game_id)
            .bind(logged.seq)
            .bind(logged.at_ms)
            .bind(&event)
            .execute(&mut *tx)
            .await
            .map_err(|e| stale_on_conflict(e, &place))?;
            if let Some(key) = key {
                sqlx::query(
                    "INSERT INTO idempotency (game_id, role, key, request, seq, created_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(game_id)
                .bind(&key.role)
                .bind(&key.key)
                .bind(&key.request[..])
                .bind(logged.seq)
                .bind(logged.at_ms)
                .execute(&mut *tx)
                .await
                .map_err(|e| stale_on_conflict(e, "this idempotency key"))?;
            }
            tx.commit().await?;
        });
        self.notify(game_id, logged.seq).await;
        Ok(())
    }

    /// Tells every instance listening that game `game_id`'s log has grown
    /// to `seq` (PostgreSQL only: one instance on SQLite has nobody to
    /// tell). The payload is the id and the number, nothing a seat may not
    /// see. A lost notification costs only time: the next one makes a
    /// follower read the whole tail of the log.
    async fn notify(&self, game_id: &str, seq: i64) {
        if let Store::Postgres(pool) = self {
            let sent = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(EVENTS_CHANNEL)
                .bind(format!("{game_id} {seq}"))
                .execute(pool)
                .await;
            if let Err(e) = sent {
                tracing::warn!("game {game_id}: notifying event {seq}: {e}");
            }
        }
    }

    /// A game's events from `from` on, in order: what a copy that has
    /// applied `from` events is missing.
    pub async fn events_from(&self, game_id: &str, from: i64) -> ApiResult<Vec<Logged>> {
        on_pool!(self, pool => {
            let rows = sqlx::query(
                "SELECT seq, at_ms, event FROM events WHERE game_id = $1 AND seq >= $2 \
                 ORDER BY seq",
            )
            .bind(game_id)
            .bind(from)
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|r| {
                    let seq: i64 = r.try_get("seq")?;
                    let text: String = r.try_get("event")?;
                    let event: Event = serde_json::from_str(&text).map_err(|e| {
                        ApiError::Internal(format!("game {game_id} event {seq}: {e}"))
                    })?;
                    Ok(Logged {
                        seq,
                        at_ms: r.try_get("at_ms")?,
                        event,
                    })
                })
                .collect()
        })
    }

    /// What is stored for `key` of `role` in game `game_id`.
    pub async fn keyed_answer(
        &self,
        game_id: &str,
        role: &str,
        key: &str,
    ) -> ApiResult<Option<StoredAnswer>> {
        on_pool!(self, pool => {
            let Some(row) = sqlx::query(
                "SELECT request, seq, status, answer FROM idempotency \
                 WHERE game_id = $1 AND role = $2 AND key = $3",
            )
            .bind(game_id)
            .bind(role)
            .bind(key)
            .fetch_optional(pool)
            .await?
            else {
                return Ok(None);
            };
            let status: Option<i64> = row.try_get("status")?;
            let answer: Option<String> = row.try_get("answer")?;
            Ok(Some(StoredAnswer {
                request: super::hash32(row.try_get("request")?)?,
                seq: row.try_get("seq")?,
                answer: status.zip(answer).map(|(s, a)| (s as u16, a)),
            }))
        })
    }

    /// Stores the first answer to `key`'s submission (its row already
    /// exists if the submission caused an event).
    pub async fn save_answer(
        &self,
        game_id: &str,
        key: &Key,
        status: u16,
        answer: &str,
        at_ms: i64,
    ) -> ApiResult<()> {
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO idempotency (game_id, role, key, request, status, answer, created_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (game_id, role, key) DO UPDATE \
                 SET status = excluded.status, answer = excluded.answer",
            )
            .bind(game_id)
            .bind(&key.role)
            .bind(&key.key)
            .bind(&key.request[..])
            .bind(status as i64)
            .bind(answer)
            .bind(at_ms)
            .execute(pool)
            .await?;
        });
        Ok(())
    }
}
