//! All SQL lives here. The rest of the server sees [`Store`] and plain
//! records, so a PostgreSQL backend is a second implementation of this
//! module's methods (queries use `$n` placeholders, which both accept), with no change to
//! game or route code.

use crate::error::ApiResult;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions};
use sqlx::{Row, SqlitePool};
use std::str::FromStr;

/// A stored game's fixed part.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub id: String,
    pub kind: String,
    /// JSON of [`crate::host::GameConfig`].
    pub config: String,
    /// The secret seed in hex, revealed when the game ends.
    pub seed: String,
    pub commitment: String,
    pub host_hash: [u8; 32],
    pub seat_hashes: Vec<[u8; 32]>,
    pub created_ms: i64,
}

/// One entry of a game's append-only log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRecord {
    pub seq: i64,
    pub at_ms: i64,
    pub kind: String,
    pub seat: Option<i64>,
    pub body: String,
}

#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if missing) the database at `url` and runs the
    /// migrations. SQLite runs in WAL mode.
    pub async fn open(url: &str) -> ApiResult<Store> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .foreign_keys(true);
        // An in-memory database exists once per connection: keep one.
        let max = if url.contains(":memory:") { 1 } else { 4 };
        let pool = SqlitePoolOptions::new()
            .max_connections(max)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    pub async fn insert_game(&self, game: &GameRecord) -> ApiResult<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, kind, config, seed, commitment, host_hash, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&game.id)
        .bind(&game.kind)
        .bind(&game.config)
        .bind(&game.seed)
        .bind(&game.commitment)
        .bind(&game.host_hash[..])
        .bind(game.created_ms)
        .execute(&mut *tx)
        .await?;
        for (seat, hash) in game.seat_hashes.iter().enumerate() {
            sqlx::query("INSERT INTO seats (game_id, seat, token_hash) VALUES ($1, $2, $3)")
                .bind(&game.id)
                .bind(seat as i64)
                .bind(&hash[..])
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    pub async fn append(&self, game_id: &str, event: &EventRecord) -> ApiResult<()> {
        sqlx::query(
            "INSERT INTO events (game_id, seq, at_ms, kind, seat, body) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(game_id)
        .bind(event.seq)
        .bind(event.at_ms)
        .bind(&event.kind)
        .bind(event.seat)
        .bind(&event.body)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn game(&self, id: &str) -> ApiResult<Option<GameRecord>> {
        let Some(row) = sqlx::query(
            "SELECT id, kind, config, seed, commitment, host_hash, created_ms FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let seats = sqlx::query("SELECT token_hash FROM seats WHERE game_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        Ok(Some(GameRecord {
            id: row.try_get("id")?,
            kind: row.try_get("kind")?,
            config: row.try_get("config")?,
            seed: row.try_get("seed")?,
            commitment: row.try_get("commitment")?,
            host_hash: hash32(row.try_get("host_hash")?)?,
            seat_hashes: seats
                .iter()
                .map(|r| {
                    r.try_get::<Vec<u8>, _>("token_hash")
                        .map_err(Into::into)
                        .and_then(hash32)
                })
                .collect::<ApiResult<_>>()?,
            created_ms: row.try_get("created_ms")?,
        }))
    }

    pub async fn events(&self, game_id: &str) -> ApiResult<Vec<EventRecord>> {
        let rows = sqlx::query(
            "SELECT seq, at_ms, kind, seat, body FROM events WHERE game_id = $1 ORDER BY seq",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(EventRecord {
                    seq: r.try_get("seq")?,
                    at_ms: r.try_get("at_ms")?,
                    kind: r.try_get("kind")?,
                    seat: r.try_get("seat")?,
                    body: r.try_get("body")?,
                })
            })
            .collect()
    }
}

fn hash32(bytes: Vec<u8>) -> ApiResult<[u8; 32]> {
    bytes
        .try_into()
        .map_err(|_| crate::error::ApiError::Internal("stored token hash is not 32 bytes".into()))
}
