//! The `webhooks` table (migration 0003): a game's chat webhooks, kept so
//! that they survive a restart. Only the host's routes and the delivery
//! tasks read a URL (docs/webhooks.md).

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
                "SELECT hook, url, style, lead_secs FROM webhooks WHERE game_id = $1 ORDER BY hook",
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
                    })
                })
                .collect()
        })
    }

    /// Removes webhook `hook` of a game; whether there was one.
    pub async fn remove_webhook(&self, game_id: &str, hook: i64) -> ApiResult<bool> {
        on_pool!(self, pool => {
            let done = sqlx::query("DELETE FROM webhooks WHERE game_id = $1 AND hook = $2")
                .bind(game_id)
                .bind(hook)
                .execute(pool)
                .await?;
            Ok(done.rows_affected() > 0)
        })
    }
}
