//! Game ownership between instances: one lease row per game, with its
//! owner, the owner's internal address and the lease's expiry
//! (docs/instances.md#3-ownership-one-actor-per-game-across-all-instances).
//! Times are unix ms from the instances' clocks, which must agree to well
//! under a lease's length (NTP).

use super::Store;
use crate::error::ApiResult;
use sqlx::Row;

/// Who holds a game's lease, and until when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub owner: String,
    pub address: String,
    pub expires_ms: i64,
}

impl Store {
    /// Takes or renews game `game_id`'s lease for `owner` until
    /// `until_ms`: granted if the game has no lease, if `owner` holds it
    /// already, or if its holder's lease expired before `now_ms` (a
    /// takeover). Returns the lease as it stands afterwards: `owner`'s if
    /// granted, the current holder's if not.
    pub async fn take_lease(
        &self,
        game_id: &str,
        owner: &str,
        address: &str,
        now_ms: i64,
        until_ms: i64,
    ) -> ApiResult<Lease> {
        on_pool!(self, pool => {
            // One statement: of two instances asking at once, the database
            // grants one and the other reads the winner back.
            sqlx::query(
                "INSERT INTO leases (game_id, owner, address, expires_ms) \
                 VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (game_id) DO UPDATE \
                 SET owner = excluded.owner, address = excluded.address, \
                     expires_ms = excluded.expires_ms \
                 WHERE leases.owner = excluded.owner OR leases.expires_ms < $5",
            )
            .bind(game_id)
            .bind(owner)
            .bind(address)
            .bind(until_ms)
            .bind(now_ms)
            .execute(pool)
            .await?;
        });
        Ok(self
            .lease(game_id)
            .await?
            .expect("a lease row was just written or kept"))
    }

    /// The lease of game `game_id`, if it has one.
    pub async fn lease(&self, game_id: &str) -> ApiResult<Option<Lease>> {
        on_pool!(self, pool => {
            let row = sqlx::query(
                "SELECT owner, address, expires_ms FROM leases WHERE game_id = $1",
            )
            .bind(game_id)
            .fetch_optional(pool)
            .await?;
            row.map(|r| {
                Ok(Lease {
                    owner: r.try_get("owner")?,
                    address: r.try_get("address")?,
                    expires_ms: r.try_get("expires_ms")?,
                })
            })
            .transpose()
        })
    }

    /// Renews every lease `owner` still holds until `until_ms`, in one
    /// statement; returns the games it holds, sorted. A lease another
    /// instance took over is not among them.
    pub async fn renew_leases(&self, owner: &str, until_ms: i64) -> ApiResult<Vec<String>> {
        on_pool!(self, pool => {
            let rows = sqlx::query(
                "UPDATE leases SET expires_ms = $2 WHERE owner = $1 RETURNING game_id",
            )
            .bind(owner)
            .bind(until_ms)
            .fetch_all(pool)
            .await?;
            let mut ids = rows
                .iter()
                .map(|r| r.try_get::<String, _>("game_id"))
                .collect::<Result<Vec<_>, _>>()?;
            ids.sort();
            Ok(ids)
        })
    }

    /// Gives up `owner`'s lease of game `game_id` (an evicted game, a
    /// clean shutdown), so another instance need not wait for it to
    /// expire. Another owner's lease is left alone.
    pub async fn release_lease(&self, game_id: &str, owner: &str) -> ApiResult<()> {
        on_pool!(self, pool => {
            sqlx::query("DELETE FROM leases WHERE game_id = $1 AND owner = $2")
                .bind(game_id)
                .bind(owner)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// The games whose lease has expired by `now_ms`: their owner stopped
    /// without handing them back. Another instance adopts them, so their
    /// deadlines and bots carry on.
    pub async fn expired_leases(&self, now_ms: i64) -> ApiResult<Vec<String>> {
        on_pool!(self, pool => {
            let rows = sqlx::query(
                "SELECT game_id FROM leases WHERE expires_ms < $1 ORDER BY game_id",
            )
            .bind(now_ms)
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|r| r.try_get::<String, _>("game_id").map_err(Into::into))
                .collect()
        })
    }

    /// Marks every lease of `owner` expired (a clean shutdown): the games
    /// keep their row, so another instance adopts them at once.
    pub async fn expire_leases(&self, owner: &str) -> ApiResult<()> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE leases SET expires_ms = 0 WHERE owner = $1")
                .bind(owner)
                .execute(pool)
                .await?;
        });
        Ok(())
    }
}
