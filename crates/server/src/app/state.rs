//! The server's state: its settings, the live games it holds in memory, and
//! the sweep that lets finished and idle ones go.

use crate::clock::Clock;
use crate::error::{ApiError, ApiResult};
use crate::host::{self, BotPool, Command, Eviction, GameHandle, Role};
use crate::storage::Store;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, Semaphore};

/// How long the sweep waits for one actor to say whether it may leave.
const SWEEP_ASK_LIMIT: Duration = Duration::from_millis(100);

/// Settings for one server.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Bots thinking at once, across all games.
    pub bot_threads: usize,
    /// A pause before each bot move.
    pub bot_delay: Duration,
    /// Finished games (over or ended) leave the memory cache after this
    /// long untouched; the next request rebuilds them by replay.
    pub evict_finished_after: Duration,
    /// Any game leaves the cache after this long untouched.
    pub evict_idle_after: Duration,
    /// How often the cache is swept.
    pub sweep_every: Duration,
    /// Where every logged time comes from (tests move it forward).
    pub clock: Clock,
    /// How often each WebSocket is pinged; one that has not answered (or
    /// sent anything) by the next ping is closed.
    pub ws_ping_every: Duration,
    /// The address players reach the server at (`--public-url`, checked by
    /// [`crate::pages::public_url`]): every link is made absolute with it.
    /// Without it links are paths, relative to where the lobby was opened.
    pub public_url: Option<String>,
    /// How chat webhook deliveries are retried (docs/webhooks.md).
    pub webhook_retry: crate::webhooks::Retry,
    /// Whether webhooks may post to loopback, private and link-local
    /// addresses (`--allow-private-webhooks`; docs/webhooks.md).
    pub allow_private_webhooks: bool,
    /// How webhook host names are found: the system's resolver unless a
    /// test or fuzzer gives a fixed list (it must not wait on the network).
    pub webhook_names: crate::webhooks::Names,
    /// This instance's internal address (`--advertise`), for several
    /// instances on one PostgreSQL database: with it, the instance holds a
    /// game only under a lease and forwards requests for games another
    /// instance holds (docs/instances.md). Without it, it owns every game.
    pub advertise: Option<String>,
    /// How long a lease lasts unless renewed.
    pub lease: Duration,
}

/// The default `--ws-ping-secs`.
pub const DEFAULT_WS_PING_SECS: u64 = 30;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bot_threads: 2,
            bot_delay: Duration::from_millis(400),
            evict_finished_after: Duration::from_secs(10 * 60),
            evict_idle_after: Duration::from_secs(60 * 60),
            sweep_every: Duration::from_secs(30),
            clock: Clock::default(),
            ws_ping_every: Duration::from_secs(DEFAULT_WS_PING_SECS),
            public_url: None,
            webhook_retry: crate::webhooks::Retry::default(),
            allow_private_webhooks: false,
            webhook_names: crate::webhooks::Names::default(),
            advertise: None,
            lease: crate::owners::DEFAULT_LEASE,
        }
    }
}

#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

/// [`AppState::downgrade`].
pub(crate) struct WeakState(std::sync::Weak<Inner>);

struct Inner {
    store: Store,
    games: Mutex<HashMap<String, GameHandle>>,
    /// Each game's own lock for loading or dropping its actor.
    loading: crate::loading::Loading,
    pool: BotPool,
    eviction: Eviction,
    ws_ping_every: Duration,
    public_url: Option<String>,
    webhooks: crate::webhooks::Webhooks,
    owners: Option<Arc<crate::owners::Owners>>,
    followers: crate::follow::Followers,
}

impl AppState {
    pub fn new(store: Store, settings: Settings) -> AppState {
        let owners = settings.advertise.clone().map(|address| {
            Arc::new(
                crate::owners::Owners::new(address, settings.lease)
                    .expect("the system's random source works"),
            )
        });
        let state = AppState {
            inner: Arc::new(Inner {
                store: store.clone(),
                games: Mutex::new(HashMap::new()),
                loading: Default::default(),
                pool: BotPool {
                    permits: Arc::new(Semaphore::new(settings.bot_threads.max(1))),
                    threads: settings.bot_threads.max(1),
                    waiting: Default::default(),
                    delay: settings.bot_delay,
                    clock: settings.clock.clone(),
                },
                eviction: Eviction {
                    finished_after: settings.evict_finished_after,
                    idle_after: settings.evict_idle_after,
                },
                ws_ping_every: settings.ws_ping_every.max(Duration::from_millis(10)),
                public_url: settings.public_url.clone(),
                webhooks: crate::webhooks::Webhooks::new(
                    store.clone(),
                    settings.clock.clone(),
                    settings.webhook_retry,
                    settings.public_url.clone(),
                    crate::webhooks::Reach {
                        allow_private: settings.allow_private_webhooks,
                        names: settings.webhook_names.clone(),
                    },
                ),
                owners,
                followers: Default::default(),
            }),
        };
        if tokio::runtime::Handle::try_current().is_ok() {
            let inner = Arc::downgrade(&state.inner);
            let every = settings.sweep_every.max(Duration::from_millis(1));
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(every).await;
                    match inner.upgrade() {
                        Some(inner) => AppState { inner }.sweep().await,
                        None => return,
                    };
                }
            });
            if state.inner.owners.is_some() {
                crate::forward::keep_leases(&state);
                crate::follow::listen(&state);
            }
        }
        state
    }

    /// Drops finished and idle games from the memory cache (each actor
    /// decides, see [`host::Eviction`]). Returns how many left.
    pub async fn sweep(&self) -> usize {
        // Each actor decides under the cache's lock, so no request takes a
        // copy of its handle between its answer and its removal (an actor
        // leaves only when the cache holds the one handle to it). An actor
        // busy past `SWEEP_ASK_LIMIT` stays for the next sweep, so a slow
        // database answer to one game never holds the cache for long.
        let gone: Vec<String> = {
            let mut games = self.inner.games.lock().await;
            let mut gone = Vec::new();
            for (id, handle) in games.iter() {
                let rules = self.inner.eviction;
                let asked = handle.ask(|r| Command::Evict(rules, r));
                let leaves = match tokio::time::timeout(SWEEP_ASK_LIMIT, asked).await {
                    Ok(answer) => answer.unwrap_or(true), // a stopped actor goes too
                    Err(_) => false,
                };
                if leaves {
                    gone.push(id.clone());
                }
            }
            for id in &gone {
                games.remove(id);
            }
            gone
        };
        // The leases are handed back under each game's own lock, and only
        // if no request has loaded the game again meanwhile.
        if let Some(owners) = &self.inner.owners {
            for id in &gone {
                let _slot = self.inner.loading.hold(id).await;
                if !self.inner.games.lock().await.contains_key(id) {
                    owners.release(&self.inner.store, id).await;
                }
            }
        }
        self.inner.followers.sweep().await;
        gone.len()
    }

    /// Rebuilds every stored game after a restart, so deadlines, clocks,
    /// claims and bots carry on by themselves instead of waiting for the
    /// first request; the sweep then drops the finished and idle ones.
    /// Returns how many games were rebuilt.
    pub async fn resume_all(&self) -> ApiResult<usize> {
        let ids = self.inner.store.game_ids().await?;
        let mut resumed = 0;
        for id in &ids {
            match self.game(id).await {
                Ok(_) => resumed += 1,
                // Another instance holds it and carries it on.
                Err(ApiError::Unavailable(_)) if self.inner.owners.is_some() => {}
                Err(e) => tracing::error!("resuming game {id}: {e}"),
            }
        }
        self.sweep().await;
        Ok(resumed)
    }

    /// How many games are in the memory cache now.
    pub async fn cached_games(&self) -> usize {
        self.inner.games.lock().await.len()
    }

    /// The live game `id`, rebuilt from the database by replay on first use.
    pub(crate) async fn game(&self, id: &str) -> ApiResult<GameHandle> {
        if let Some(handle) = self.cached(id).await {
            return Ok(handle);
        }
        let not_found = || ApiError::NotFound(format!("there is no game '{id}'"));
        if id.len() > 64 {
            return Err(not_found());
        }
        // The database is read under this game's lock only: other games'
        // requests go on meanwhile.
        let _slot = self.inner.loading.hold(id).await;
        if let Some(handle) = self.cached(id).await {
            return Ok(handle);
        }
        let record = self.inner.store.game(id).await?.ok_or_else(not_found)?;
        let claim = match &self.inner.owners {
            Some(owners) => Some(crate::forward::claim(owners, &self.inner.store, id).await?),
            None => None,
        };
        let events = self.inner.store.events(id).await?;
        self.inner.webhooks.load(id).await?;
        let handle = host::spawn(
            record,
            events,
            self.inner.store.clone(),
            self.inner.pool.clone(),
            self.inner.webhooks.clone(),
            host::Part::Owner(claim),
        )?;
        self.inner
            .games
            .lock()
            .await
            .insert(id.to_string(), handle.clone());
        Ok(handle)
    }

    /// The cached actor of game `id`, if it still runs on the lease this
    /// instance holds now. A stopped actor (a game that panicked), or one
    /// built on a lease this instance no longer holds, is rebuilt from the
    /// log instead.
    async fn cached(&self, id: &str) -> Option<GameHandle> {
        let epoch = self.inner.owners.as_ref().and_then(|o| o.valid(id));
        let games = self.inner.games.lock().await;
        games
            .get(id)
            .filter(|h| h.is_alive() && h.epoch() == epoch)
            .cloned()
    }

    /// How often a bot stream sends a keep-alive line (the WebSocket ping
    /// period).
    pub(crate) fn keep_alive(&self) -> Duration {
        self.inner.ws_ping_every
    }

    /// Now, on the clock every logged time comes from (unix ms).
    pub(crate) fn now_ms(&self) -> i64 {
        self.inner.pool.clock.now_ms()
    }

    /// The address players reach the server at, when it was given.
    pub(crate) fn public_url(&self) -> Option<&str> {
        self.inner.public_url.as_deref()
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(crate) fn pool(&self) -> &BotPool {
        &self.inner.pool
    }

    pub(crate) fn webhooks(&self) -> &crate::webhooks::Webhooks {
        &self.inner.webhooks
    }

    /// A handle that does not keep the state alive (background tasks).
    pub(crate) fn downgrade(&self) -> WeakState {
        WeakState(Arc::downgrade(&self.inner))
    }

    pub(crate) fn upgrade(weak: &WeakState) -> Option<AppState> {
        weak.0.upgrade().map(|inner| AppState { inner })
    }

    pub(crate) fn followers(&self) -> &crate::follow::Followers {
        &self.inner.followers
    }

    /// This instance's leases, when it shares the database with others.
    pub fn owners(&self) -> Option<&Arc<crate::owners::Owners>> {
        self.inner.owners.as_ref()
    }

    /// The cached actor of game `id`, if any (the lease keeper stops the
    /// ones whose lease was lost).
    pub(crate) async fn drop_game(&self, id: &str) -> Option<GameHandle> {
        self.inner.games.lock().await.remove(id)
    }

    pub(crate) async fn role(&self, handle: &GameHandle, token: Option<String>) -> ApiResult<Role> {
        handle.ask(|r| Command::Resolve(token, r)).await?
    }
}
