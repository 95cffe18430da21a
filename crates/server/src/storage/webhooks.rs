//! The `webhooks` table (migration 0003): a game's chat webhooks, kept so
//! that they survive a restart, and `webhook_deliveries` (0005): each
//! one's delivery state and the message it is retrying. Only the host's
//! routes and the delivery tasks read a URL (docs/webhooks.md).

use super::Store;
use crate::error::ApiResult;
use sqlx::Row;

/// One stored webhook of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredWebhook {
    /// Its number in the game: 1 for the first added; a removal renumbers
    /// none of the others.
    pub hook: i64,
    pub url: String,
    /// `discord` or `slack`.
    pub style: String,
    /// How long before a deadline to post a reminder; `None`: no reminder.
    pub lead_secs: Option<i64>,
    /// How its deliveries have gone so far.
    pub delivery: StoredDelivery,
}

/// A webhook's delivery state as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoredDelivery {
    pub delivered: i64,
    pub failed: i64,
    pub last_delivery_ms: Option<i64>,
    pub last_error: Option<String>,
    pub last_error_ms: Option<i64>,
    /// Attempts made at the message being (or last) sent.
    pub attempts: i64,
    /// The message being retried: its content type and body as posted.
    pub pending: Option<(String, Vec<u8>)>,
}

impl Store {
    /// Adds a webhook to a game under the next number; returns the number.
    pub async fn add_webhook(
        &self,
        game_id: &str,
        url: &str,
        style: &str,
        lead_secs: Option<i64>,
    ) -> ApiResult<i64> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let row = sqlx::query(
                "SELECT COALESCE(MAX(hook), 0) + 1 AS next FROM webhooks WHERE game_id = $1",
            )
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await?;
            let hook: i64 = row.try_get("next")?;
            sqlx::query(
                "INSERT INTO webhooks (game_id, hook, url, style, lead_secs) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(game_id)
            .bind(hook)
            .bind(url)
            .bind(style)
            .bind(lead_secs)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(hook)
        })
    }

    /// A game's webhooks, by number.
    pub async fn webhooks(&self, game_id: &str) -> ApiResult<Vec<StoredWebhook>> {
        on_pool!(self, pool => {
            let rows = sqlx::query(
                "SELECT w.hook, url, style, lead_secs, delivered, failed, last_delivery_ms, \
                 last_error, last_error_ms, attempts, pending_kind, pending_body \
                 FROM webhooks w LEFT JOIN webhook_deliveries d \
                 ON d.game_id = w.game_id AND d.hook = w.hook \
                 WHERE w.game_id = $1 ORDER BY w.hook",
            )
            .bind(game_id)
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|r| {
                    Ok(StoredWebhook {
                        hook: r.try_get("hook")?,
                        url: r.try_get("url")?,
                        style: r.try_get("style")?,
                        lead_secs: r.try_get("lead_secs")?,
                        delivery: StoredDelivery {
                            delivered: r.try_get::<Option<i64>, _>("delivered")?.unwrap_or(0),
                            failed: r.try_get::<Option<i64>, _>("failed")?.unwrap_or(0),
                            last_delivery_ms: r.try_get("last_delivery_ms")?,
                            last_error: r.try_get("last_error")?,
                            last_error_ms: r.try_get("last_error_ms")?,
                            attempts: r.try_get::<Option<i64>, _>("attempts")?.unwrap_or(0),
                            pending: match (
                                r.try_get::<Option<String>, _>("pending_kind")?,
                                r.try_get::<Option<Vec<u8>>, _>("pending_body")?,
                            ) {
                                (Some(kind), Some(body)) => Some((kind, body)),
                                _ => None,
                            },
                        },
                    })
                })
                .collect()
        })
    }

    /// Removes webhook `hook` of a game and its delivery state; whether
    /// there was one.
    pub async fn remove_webhook(&self, game_id: &str, hook: i64) -> ApiResult<bool> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("DELETE FROM webhook_deliveries WHERE game_id = $1 AND hook = $2")
                .bind(game_id)
                .bind(hook)
                .execute(&mut *tx)
                .await?;
            let done = sqlx::query("DELETE FROM webhooks WHERE game_id = $1 AND hook = $2")
                .bind(game_id)
                .bind(hook)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(done.rows_affected() > 0)
        })
    }

    /// Writes webhook `hook`'s delivery state. A webhook removed meanwhile
    /// gets none (its row would outlive it).
    pub async fn save_delivery(
        &self,
        game_id: &str,
        hook: i64,
        d: &StoredDelivery,
    ) -> ApiResult<()> {
        let (kind, body) = match &d.pending {
            Some((kind, body)) => (Some(kind.as_str()), Some(body.as_slice())),
            None => (None, None),
        };
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO webhook_deliveries (game_id, hook, delivered, failed, \
                 last_delivery_ms, last_error, last_error_ms, attempts, pending_kind, pending_body) \
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 \
                 WHERE EXISTS (SELECT 1 FROM webhooks WHERE game_id = $1 AND hook = $2) \
                 ON CONFLICT (game_id, hook) DO UPDATE SET delivered = excluded.delivered, \
                 failed = excluded.failed, last_delivery_ms = excluded.last_delivery_ms, \
                 last_error = excluded.last_error, last_error_ms = excluded.last_error_ms, \
                 attempts = excluded.attempts, pending_kind = excluded.pending_kind, \
                 pending_body = excluded.pending_body",
            )
            .bind(game_id)
            .bind(hook)
            .bind(d.delivered)
            .bind(d.failed)
            .bind(d.last_delivery_ms)
            .bind(d.last_error.as_deref())
            .bind(d.last_error_ms)
            .bind(d.attempts)
            .bind(kind)
            .bind(body)
            .execute(pool)
            .await?;
            Ok(())
        })
    }
}
