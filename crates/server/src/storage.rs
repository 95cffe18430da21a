//! All SQL lives here. The rest of the server sees [`Store`] and plain
//! records, whichever database is behind it.
//!
//! Two backends, chosen by the URL's scheme: SQLite (`sqlite://…`, the
//! default, in WAL mode) and PostgreSQL (`postgres://…`). [`Store`] is an
//! enum over the two typed pools rather than sqlx's `Any` driver, because
//! each backend keeps its own connect options (SQLite's WAL journal and
//! foreign keys, a single connection for `:memory:`), its own typed
//! migrator over its own numbered migrations (`migrations/sqlite`,
//! `migrations/postgres`: the column types differ, BLOB against BYTEA), and
//! its native types (no `Any` value conversions). The queries are the same
//! text for both (portable SQL with `$n` placeholders), written once and
//! expanded for each pool by `on_pool!`.

use crate::error::{ApiError, ApiResult};
use crate::host::Logged;
use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Row, SqlitePool};
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

/// The database: one of the two backends. Every method is the same for both.
#[derive(Clone, Debug)]
pub enum Store {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Log rows written by one statement when a whole log is stored at once:
/// four parameters a row, well under both backends' limits.
const LOG_BATCH: usize = 500;

/// Runs `$body` with `$pool` bound to whichever typed pool the store holds;
/// the body is compiled once per backend, so it must be portable.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Sqlite($pool) => $body,
            Store::Postgres($pool) => $body,
        }
    };
}

impl Store {
    /// Opens the database at `url` and runs its backend's migrations:
    /// `sqlite://path` (created if missing; WAL mode), `sqlite::memory:`,
    /// or `postgres://user@host/db` (`postgresql://` too; the database
    /// must exist).
    pub async fn open(url: &str) -> ApiResult<Store> {
        let store = Store::connect_with(url, true).await?;
        store.migrate().await?;
        if let Store::Postgres(pool) = &store {
            // An answer promises the action is durable (docs/deploy.md#durability).
            let setting: (String,) = sqlx::query_as("SHOW synchronous_commit")
                .fetch_one(pool)
                .await?;
            if setting.0 == "off" {
                tracing::warn!(
                    "PostgreSQL has synchronous_commit off: an acknowledged action \
                     may be lost if the database crashes"
                );
            }
        }
        Ok(store)
    }

    /// Opens the existing database at `url` as it is: no file is created
    /// and nothing is migrated (to inspect it: [`Store::schema`]).
    pub async fn connect(url: &str) -> ApiResult<Store> {
        Store::connect_with(url, false).await
    }

    async fn connect_with(url: &str, create: bool) -> ApiResult<Store> {
        if url.starts_with("sqlite:") {
            Store::connect_sqlite(url, create).await
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new().max_connections(8).connect(url).await?;
            Ok(Store::Postgres(pool))
        } else {
            // The operator's mistake, not the server's: said as it is.
            Err(ApiError::BadRequest(format!(
                "unknown database URL '{url}': use sqlite://path or postgres://user@host/db"
            )))
        }
    }

    async fn connect_sqlite(url: &str, create: bool) -> ApiResult<Store> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(create)
            .journal_mode(SqliteJournalMode::Wal)
            // Every commit syncs the WAL: an acknowledged action survives
            // a crash of the machine, not only of the process.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true);
        // An in-memory database exists once per connection: keep one.
        let max = if url.contains(":memory:") { 1 } else { 4 };
        let pool = SqlitePoolOptions::new()
            .max_connections(max)
            .connect_with(options)
            .await
            .map_err(|e| {
                ApiError::BadRequest(format!(
                    "cannot open the SQLite database '{url}': {e} (is the folder there, \
                     and may this user write to it?)"
                ))
            })?;
        Ok(Store::Sqlite(pool))
    }

    /// Runs the backend's numbered migrations that have not run yet. On
    /// PostgreSQL the migrator takes an advisory lock, so servers (or
    /// tests) starting together on one database migrate it once.
    pub async fn migrate(&self) -> ApiResult<()> {
        match self {
            Store::Sqlite(pool) => sqlx::migrate!("./migrations/sqlite").run(pool).await?,
            Store::Postgres(pool) => sqlx::migrate!("./migrations/postgres").run(pool).await?,
        }
        Ok(())
    }

    /// The database's schema version (its newest migration that ran; 0 for
    /// an empty database) and the newest this server knows.
    pub async fn schema(&self) -> ApiResult<(i64, i64)> {
        let known = match self {
            Store::Sqlite(_) => sqlx::migrate!("./migrations/sqlite"),
            Store::Postgres(_) => sqlx::migrate!("./migrations/postgres"),
        }
        .iter()
        .map(|m| m.version)
        .max()
        .unwrap_or(0);
        let applied: Option<i64> = on_pool!(self, pool => {
            match sqlx::query("SELECT MAX(version) AS v FROM _sqlx_migrations WHERE success")
                .fetch_one(pool)
                .await
            {
                Ok(row) => row.try_get::<Option<i64>, _>("v")?,
                // No migrations table: nothing ever ran.
                Err(_) => None,
            }
        });
        Ok((applied.unwrap_or(0), known))
    }

    /// Which backend this is: `"sqlite"` or `"postgres"`.
    pub fn backend(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "sqlite",
            Store::Postgres(_) => "postgres",
        }
    }

    pub async fn insert_game(&self, game: &GameRecord) -> ApiResult<()> {
        self.insert_game_with_log(game, &[]).await
    }

    /// A new game and its whole log in one transaction: an imported record
    /// is stored whole or not at all, with one sync rather than one an
    /// entry. The log is written in batches of `LOG_BATCH` rows.
    pub async fn insert_game_with_log(&self, game: &GameRecord, log: &[Logged]) -> ApiResult<()> {
        let events = log
            .iter()
            .map(|logged| event_json(&logged.event))
            .collect::<ApiResult<Vec<_>>>()?;
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
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
            let rows: Vec<(&Logged, &String)> = log.iter().zip(&events).collect();
            for batch in rows.chunks(LOG_BATCH) {
                let mut insert =
                    sqlx::QueryBuilder::new("INSERT INTO events (game_id, seq, at_ms, event) ");
                insert.push_values(batch, |mut row, (logged, event)| {
                    row.push_bind(&game.id)
                        .push_bind(logged.seq)
                        .push_bind(logged.at_ms)
                        .push_bind(*event);
                });
                insert.build().execute(&mut *tx).await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Appends one event to a game's log, as tagged JSON, at its sequence
    /// number. The `(game_id, seq)` key judges racing writers: if that
    /// place is taken the append fails with [`ApiError::Stale`] and writes
    /// nothing (docs/instances.md). It returns once the event is durable.
    pub async fn append(&self, game_id: &str, logged: &Logged) -> ApiResult<()> {
        self.append_keyed(game_id, logged, None).await
    }

    pub async fn game(&self, id: &str) -> ApiResult<Option<GameRecord>> {
        on_pool!(self, pool => {
            let Some(row) = sqlx::query(
                "SELECT id, kind, config, seed, commitment, host_hash, created_ms \
                 FROM games WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await?
            else {
                return Ok(None);
            };
            let seats = sqlx::query("SELECT token_hash FROM seats WHERE game_id = $1 ORDER BY seat")
                .bind(id)
                .fetch_all(pool)
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
        })
    }

    /// Every game's id, oldest first.
    pub async fn game_ids(&self) -> ApiResult<Vec<String>> {
        on_pool!(self, pool => {
            let rows = sqlx::query("SELECT id FROM games ORDER BY created_ms, id")
                .fetch_all(pool)
                .await?;
            rows.iter()
                .map(|r| r.try_get::<String, _>("id").map_err(Into::into))
                .collect()
        })
    }

    /// A game's log, in order.
    pub async fn events(&self, game_id: &str) -> ApiResult<Vec<Logged>> {
        self.events_from(game_id, 0).await
    }
}

/// An event as the log stores it: its tagged JSON.
fn event_json(event: &crate::host::Event) -> ApiResult<String> {
    serde_json::to_string(event).map_err(|e| ApiError::Internal(format!("writing an event: {e}")))
}

/// A unique key violation (the place in the log, or the idempotency key,
/// is taken) becomes [`ApiError::Stale`]; anything else as it is.
fn stale_on_conflict(e: sqlx::Error, what: &str) -> ApiError {
    match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => ApiError::Stale(format!(
            "{what} was written elsewhere first; the game changed, try again"
        )),
        _ => e.into(),
    }
}

mod keys;
mod leases;
pub use keys::{StoredAnswer, EVENTS_CHANNEL};
pub use leases::Lease;

fn hash32(bytes: Vec<u8>) -> ApiResult<[u8; 32]> {
    bytes
        .try_into()
        .map_err(|_| ApiError::Internal("stored token hash is not 32 bytes".into()))
}

// A game's chat webhooks: their own table and queries (storage/webhooks.rs).
mod webhooks;
pub use webhooks::{StoredDelivery, StoredWebhook};
