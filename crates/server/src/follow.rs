//! Live updates across instances (docs/instances.md#4-live-updates-across-instances-listennotify):
//! a WebSocket watcher of a game another instance holds is served here
//! from a read-only follower copy. Every append is announced on a
//! PostgreSQL channel as `'<game_id> <seq>'`; on each announcement the
//! follower reads the log after its last event and applies it through the
//! same path as the owner, and each watcher gets a frame built from its
//! own view. After the listening connection drops and comes back, every
//! followed game reads its log again, so nothing announced meanwhile is
//! missed.

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::host::{self, Command, Eviction, GameHandle};
use crate::storage::{Store, EVENTS_CHANNEL};
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::Mutex;

/// The follower copies this instance keeps, by game.
#[derive(Default)]
pub(crate) struct Followers {
    games: Mutex<HashMap<String, GameHandle>>,
}

impl Followers {
    /// The follower of game `id`, built from the log on first use.
    async fn handle(&self, state: &AppState, id: &str) -> ApiResult<GameHandle> {
        let mut games = self.games.lock().await;
        if let Some(handle) = games.get(id).filter(|h| h.is_alive()) {
            return Ok(handle.clone());
        }
        let store = state.store();
        let record = store
            .game(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("there is no game '{id}'")))?;
        let events = store.events(id).await?;
        let handle = host::spawn(
            record,
            events,
            store.clone(),
            state.pool().clone(),
            state.webhooks().clone(),
            host::Part::Follower,
        )?;
        games.insert(id.to_string(), handle.clone());
        Ok(handle)
    }

    /// Tells the follower of `id`, if there is one, to read the log.
    async fn announce(&self, id: &str) {
        if let Some(handle) = self.games.lock().await.get(id) {
            handle.catch_up();
        }
    }

    /// Every follower reads its log (after the listener reconnected).
    async fn announce_all(&self) {
        for handle in self.games.lock().await.values() {
            handle.catch_up();
        }
    }

    /// Drops the followers nobody watches any more.
    pub(crate) async fn sweep(&self) {
        let now = Eviction {
            finished_after: Duration::ZERO,
            idle_after: Duration::ZERO,
        };
        let mut games = self.games.lock().await;
        let mut gone = Vec::new();
        for (id, handle) in games.iter() {
            if handle.ask(|r| Command::Evict(now, r)).await.unwrap_or(true) {
                gone.push(id.clone());
            }
        }
        for id in gone {
            games.remove(&id);
        }
    }
}

/// The actor a WebSocket of game `id` watches: the game itself if this
/// instance holds it (or takes it now), else a follower of the live owner's.
pub(crate) async fn watchable(state: &AppState, id: &str) -> ApiResult<GameHandle> {
    let Some(owners) = state.owners() else {
        return state.game(id).await;
    };
    if owners.valid(id).is_some() {
        return state.game(id).await;
    }
    match crate::forward::live_lease(state.store(), owners, id).await? {
        Some(_) => state.followers().handle(state, id).await,
        None => state.game(id).await,
    }
}

/// Starts listening for appends (PostgreSQL, several instances).
pub(crate) fn listen(state: &AppState) {
    let Store::Postgres(pool) = state.store().clone() else {
        return;
    };
    let weak = state.downgrade();
    tokio::spawn(async move {
        let mut backoff = Duration::from_millis(100);
        loop {
            let connected = async {
                let mut listener = sqlx::postgres::PgListener::connect_with(&pool).await?;
                listener.listen(EVENTS_CHANNEL).await?;
                Ok::<_, sqlx::Error>(listener)
            };
            let mut listener = match connected.await {
                Ok(listener) => listener,
                Err(e) => {
                    tracing::warn!("listening for appends: {e}; again in {backoff:?}");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                    continue;
                }
            };
            backoff = Duration::from_millis(100);
            // Whatever was announced while not listening is read now.
            match AppState::upgrade(&weak) {
                Some(state) => state.followers().announce_all().await,
                None => return,
            }
            loop {
                let note = match listener.try_recv().await {
                    Ok(Some(note)) => note,
                    // The connection dropped: connect again.
                    Ok(None) => break,
                    Err(e) => {
                        tracing::warn!("listening for appends: {e}");
                        break;
                    }
                };
                let Some(state) = AppState::upgrade(&weak) else {
                    return;
                };
                if let Some((id, _seq)) = note.payload().split_once(' ') {
                    state.followers().announce(id).await;
                }
            }
        }
    });
}
