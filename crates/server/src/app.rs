//! The router: lobby, table, host and live routes over the live games.

use crate::adapter::{self, KINDS};
use crate::clock::Clock;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Asker, GameRequest, RawBody};
use crate::host::{
    self, BotPool, Command, Eviction, GameConfig, GameHandle, HostCommand, Reply, Role, Submission,
};
use crate::idempotency;
use crate::storage::{GameRecord, Store};
use crate::token::{self, SocketToken};
use crate::{assets, pages};
use arbiter_core::Seed;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, oneshot, Mutex, Semaphore};

/// How long the sweep waits for one actor to say whether it may leave.
const SWEEP_ASK_LIMIT: Duration = Duration::from_millis(100);

/// The largest request body accepted.
pub const BODY_LIMIT: usize = 16 * 1024;

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
                    settings.allow_private_webhooks,
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

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/kinds", get(kinds))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(snapshot))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/check", post(check))
        .route("/api/games/{id}/host", post(host_command))
        .route("/api/games/{id}/resign", post(crate::app_social::resign))
        .route("/api/games/{id}/draw", post(crate::app_social::draw))
        .route("/api/games/{id}/chat", post(crate::app_social::chat))
        .route("/api/games/{id}/mute", post(crate::app_social::mute))
        .route("/api/games/{id}/rematch", post(crate::app_social::rematch))
        .route("/api/games/{id}/replay/{ply}", get(replay))
        .route("/api/games/{id}/ws", get(live))
        .route("/api/games/{id}/record", get(crate::app_records::record))
        .route(
            "/api/games/{id}/board.svg",
            get(crate::app_records::board_svg),
        )
        .route(
            "/api/games/{id}/board.png",
            get(crate::app_records::board_png),
        )
        .route("/api/games/{id}/analysis", get(crate::analysis::analysis))
        .route(
            "/api/games/{id}/webhooks",
            get(crate::app_webhooks::list).post(crate::app_webhooks::add),
        )
        .route(
            "/api/games/{id}/webhooks/{hook}",
            axum::routing::delete(crate::app_webhooks::remove),
        )
        .route("/api/bot/game/stream/{id}", get(crate::bot_api::stream))
        .route("/api/bot/game/{id}/move", post(crate::bot_api::act))
        .route(
            "/api/games/import",
            post(crate::app_records::import)
                .layer(DefaultBodyLimit::max(crate::app_records::IMPORT_LIMIT)),
        )
        .merge(assets::router())
        .merge(pages::router())
        .fallback(|| async { ApiError::NotFound("no such page or endpoint".into()) })
        .method_not_allowed_fallback(|method: axum::http::Method| async move {
            ApiError::MethodNotAllowed(format!("this address does not take {method}"))
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            answer_a_panic,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::forward::to_owner,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            stamp_server_time,
        ))
        .with_state(state)
}

/// A handler that panicked (a bug) still answers: 500 with the usual JSON
/// error, and the panic in the log, not a connection closed without a word.
fn answer_a_panic(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let what = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    ApiError::Internal(format!("a request's handler panicked: {what}")).into_response()
}

/// Every answer carries the server's time (`x-server-now-ms`, unix ms), so
/// a page counts deadlines down from the server's clock, not its own. It
/// is a header, not a snapshot field: a snapshot stays the same while its
/// viewer's game does (the live socket sends nothing then).
async fn stamp_server_time(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let mut response = next.run(request).await;
    let now = state.inner.pool.clock.now_ms();
    response
        .headers_mut()
        .insert("x-server-now-ms", axum::http::HeaderValue::from(now));
    response
}

async fn kinds(State(state): State<AppState>) -> Json<Value> {
    Json(json!({
        "kinds": KINDS,
        "max_bot_level": crate::bots::MAX_LEVEL,
        "public_url": state.inner.public_url,
        "about": pages::ABOUT,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateGame {
    game: String,
    seats: usize,
    #[serde(default)]
    options: Value,
    /// Seats played by bots, with their level.
    #[serde(default)]
    bots: Vec<BotSeat>,
    /// How long a claim on the next turn holds (claim-based games).
    #[serde(default)]
    claim_hold_secs: Option<u64>,
    /// The deadline per turn or step, in seconds.
    #[serde(default)]
    deadline_secs: Option<u64>,
    /// Chat webhooks to post to (docs/webhooks.md).
    #[serde(default)]
    webhooks: Vec<crate::app_webhooks::HookBody>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BotSeat {
    seat: usize,
    /// Any whole number: [`crate::bots::checked_level`] refuses the rest.
    level: u64,
}

/// Parses a JSON body ourselves so a bad one gets our JSON error shape.
pub(crate) fn parse_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> ApiResult<T> {
    serde_json::from_slice(body).map_err(|e| ApiError::BadRequest(format!("bad request body: {e}")))
}

async fn create(
    State(state): State<AppState>,
    body: Result<axum::body::Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let body = body?;
    let request: CreateGame = parse_body(&body)?;
    let options = match request.options {
        Value::Null => json!({}),
        Value::Object(map) => Value::Object(map),
        _ => return Err(ApiError::BadRequest("options must be a JSON object".into())),
    };
    // The registry refuses an unknown game (naming the known ones), and
    // options the game does not take or out of their bounds.
    let kind = adapter::kind(&request.game).map_err(ApiError::BadRequest)?;
    kind.check_options(&options).map_err(ApiError::BadRequest)?;
    let seed = Seed::random();
    let deadline_secs = request.deadline_secs.or(kind.default_deadline_secs);
    if let Some(secs) = deadline_secs {
        if !(1..=host::MAX_DEADLINE_SECS).contains(&secs) {
            return Err(ApiError::BadRequest(format!(
                "deadline_secs is 1 to {} (a week)",
                host::MAX_DEADLINE_SECS
            )));
        }
    }
    // Building the game checks the seat count and what the game itself
    // makes of the options (a position string, a layout file).
    let creation = adapter::Creation {
        seats: request.seats,
        seed,
        deadline_ms: deadline_secs.map(|s| s as i64 * 1000),
    };
    adapter::create(&request.game, &options, &creation).map_err(ApiError::BadRequest)?;
    let mut bots = vec![None; request.seats];
    for bot in &request.bots {
        if bot.seat >= request.seats {
            return Err(ApiError::BadRequest(format!(
                "a bot's 'seat' is {}, but with {} seats the values are 0 to {} \
                 (seats 1 to {} on the page)",
                bot.seat,
                request.seats,
                request.seats.saturating_sub(1),
                request.seats
            )));
        }
        let level = crate::bots::checked_level(bot.level)?;
        if bots[bot.seat].is_some() {
            return Err(ApiError::BadRequest(format!(
                "seat {} is given a bot twice (seat {} on the page); give each seat at most one",
                bot.seat,
                bot.seat + 1
            )));
        }
        bots[bot.seat] = Some(level);
    }
    let fresh = || token::fresh().map_err(ApiError::Internal);
    let id = fresh()?[..12].to_string();
    let host_token = fresh()?;
    let seat_tokens = (0..request.seats)
        .map(|_| fresh())
        .collect::<ApiResult<Vec<_>>>()?;
    if let Some(secs) = request.claim_hold_secs {
        if secs > host::MAX_CLAIM_HOLD_SECS {
            return Err(ApiError::BadRequest(format!(
                "claim_hold_secs is at most {} (24 hours)",
                host::MAX_CLAIM_HOLD_SECS
            )));
        }
    }
    crate::app_webhooks::check_all(&request.webhooks, state.webhooks()).await?;
    let config = GameConfig {
        options,
        bots,
        claim_hold_secs: request.claim_hold_secs,
        deadline_secs,
    };
    let record = GameRecord {
        id: id.clone(),
        kind: request.game.clone(),
        config: serde_json::to_string(&config).map_err(|e| ApiError::Internal(e.to_string()))?,
        seed: seed.to_string(),
        commitment: seed.commitment().to_string(),
        host_hash: token::hash(&host_token),
        seat_hashes: seat_tokens.iter().map(|t| token::hash(t)).collect(),
        created_ms: state.inner.pool.clock.now_ms(),
    };
    state.inner.store.insert_game(&record).await?;
    // Stored before the game opens, which loads them.
    for hook in &request.webhooks {
        hook.store(&state, &id).await?;
    }
    state.game(&id).await?;
    let base = state.inner.public_url.as_deref().unwrap_or("");
    Ok(Json(json!({
        "id": id,
        "game": request.game,
        "commitment": record.commitment,
        "host": { "token": host_token, "link": format!("{base}/table/{id}#{host_token}") },
        "seats": seat_tokens.iter().enumerate().map(|(k, t)| json!({
            "seat": k,
            "bot": config.bots[k],
            "token": t,
            "link": format!("{base}/table/{id}#{t}"),
        })).collect::<Vec<_>>(),
        "spectator": { "link": format!("{base}/table/{id}") },
    })))
}

async fn snapshot(game: GameRequest) -> ApiResult<Json<Value>> {
    game.open().await?.snapshot().await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActBody {
    pub(crate) action: String,
}

/// A submission that may carry an `Idempotency-Key` (docs/server.md):
/// with one it goes through [`idempotency::submit`], which answers a
/// retry as the first try was answered; without one the actor is asked
/// `command` and the answer is the asker's snapshot.
async fn submit(
    asker: Asker,
    headers: &HeaderMap,
    endpoint: &str,
    body: &[u8],
    submission: Submission,
    command: impl FnOnce(Role, oneshot::Sender<ApiResult<()>>) -> Command,
) -> ApiResult<Response> {
    let once = idempotency::submit(
        &asker.handle,
        asker.role,
        headers,
        endpoint,
        body,
        submission,
        Reply::Snapshot,
    );
    if let Some(answer) = once.await? {
        return Ok(answer);
    }
    asker.ask(command).await??;
    Ok(asker.snapshot().await?.into_response())
}

async fn act(game: GameRequest, headers: HeaderMap, RawBody(body): RawBody) -> ApiResult<Response> {
    let asker = game
        .open_with_token("playing needs your seat link's token")
        .await?;
    let ActBody { action } = parse_body(&body)?;
    let submission = Submission::Act(action.clone());
    let play = |role, r| Command::Act(role, action, r);
    submit(asker, &headers, "actions", &body, submission, play).await
}

async fn claim(game: GameRequest, headers: HeaderMap) -> ApiResult<Response> {
    let asker = game
        .open_with_token("claiming needs your seat link's token")
        .await?;
    submit(
        asker,
        &headers,
        "claim",
        b"",
        Submission::Claim,
        Command::Claim,
    )
    .await
}

async fn host_command(
    game: GameRequest,
    headers: HeaderMap,
    RawBody(body): RawBody,
) -> ApiResult<Response> {
    let asker = game
        .open_with_token("host commands need the host link's token")
        .await?;
    let command: HostCommand = parse_body(&body)?;
    let submission = Submission::Host(command.clone());
    let run = |role, r| Command::Host(role, command, r);
    submit(asker, &headers, "host", &body, submission, run).await
}

async fn replay(
    game: GameRequest,
    Path((_, ply)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let ply: usize = ply
        .parse()
        .map_err(|_| ApiError::BadRequest(format!("'{ply}' is not a move number")))?;
    let asker = game.open().await?;
    Ok(Json(
        asker.ask(|role, r| Command::Replay(role, ply, r)).await??,
    ))
}

/// Checks an action without playing it: `{ "ok": true, ... }` with what
/// the game says about it (Knight Control: its cost), or the refusal.
async fn check(game: GameRequest, RawBody(body): RawBody) -> ApiResult<Json<Value>> {
    let asker = game
        .open_with_token("checking needs your seat link's token")
        .await?;
    let request: ActBody = parse_body(&body)?;
    let preview = asker
        .ask(|role, r| Command::Check(role, request.action, r))
        .await??;
    Ok(Json(json!({ "ok": true, "preview": preview })))
}

/// Live updates: a frame with the viewer's own snapshot now and after every
/// change.
async fn live(
    State(state): State<AppState>,
    Path(id): Path<String>,
    SocketToken(token): SocketToken,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    // Clients only read (and answer pings), so each socket reads into a
    // small buffer: the WebSocket library zero-fills its whole read buffer
    // on every read attempt, and at its 128 KiB default that filling was
    // most of the cost of sending one move to 10,000 spectators.
    let upgrade = upgrade
        .map_err(|e| {
            ApiError::BadRequest(format!("this address is a WebSocket: {}", e.body_text()))
        })?
        .read_buffer_size(WS_READ_BUFFER)
        .max_message_size(WS_LARGEST_INCOMING);
    let handle = crate::follow::watchable(&state, &id).await?;
    let role = state.role(&handle, token).await?;
    let changes = handle.ask(Command::Subscribe).await?;
    let ping_every = state.inner.ws_ping_every;
    Ok(upgrade.on_upgrade(move |socket| watch(socket, handle, role, changes, ping_every)))
}

/// The read buffer of each WebSocket (it grows for a larger message).
const WS_READ_BUFFER: usize = 4 * 1024;

/// The largest message a client may send on a WebSocket; clients send
/// nothing but pongs and closes, so anything larger closes it.
const WS_LARGEST_INCOMING: usize = 64 * 1024;

/// Sends `message`, giving up (and so closing) on a peer that has not
/// taken it within `limit`: a client that stops reading is not kept.
async fn send_within(socket: &mut WebSocket, message: Message, limit: Duration) -> bool {
    matches!(
        tokio::time::timeout(limit, socket.send(message)).await,
        Ok(Ok(()))
    )
}

async fn watch(
    mut socket: WebSocket,
    handle: GameHandle,
    role: Role,
    mut changes: broadcast::Receiver<Arc<str>>,
    ping_every: Duration,
) {
    let start = tokio::time::Instant::now() + ping_every;
    let mut ping = tokio::time::interval_at(start, ping_every);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // Whether the client has said anything (a pong, usually) since the
    // last ping.
    let mut answered = true;
    // The first frame, and any frame after falling behind, is asked for.
    let mut shared: Option<Arc<str>> = None;
    // A change this receiver cannot see (another seat's secret submission)
    // leaves its snapshot as it was: nothing is sent, so not even the
    // timing of a frame tells of it.
    let mut last: Option<Arc<str>> = None;
    loop {
        let frame: Arc<str> = match shared.take() {
            Some(frame) => frame,
            None => match handle.ask(|r| Command::Snapshot(role, r)).await {
                Ok(value) => value.to_string().into(),
                Err(_) => return,
            },
        };
        if last.as_deref() != Some(frame.as_ref()) {
            let text = Message::Text(frame.as_ref().into());
            if !send_within(&mut socket, text, ping_every).await {
                return;
            }
            last = Some(frame);
        }
        loop {
            tokio::select! {
                change = changes.recv() => match change {
                    // Spectators all get the one frame built for them;
                    // each seat asks for its own.
                    Ok(frame) => {
                        if role == Role::Spectator {
                            shared = Some(frame);
                        }
                        break;
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => break,
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                incoming = socket.recv() => match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => answered = true,
                },
                _ = ping.tick() => {
                    if !answered {
                        tracing::debug!("closing a WebSocket that did not answer a ping");
                        return;
                    }
                    answered = false;
                    let ping = Message::Ping(Default::default());
                    if !send_within(&mut socket, ping, ping_every).await {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod panics {
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use axum::routing::get;
    use axum::Router;
    use tower::ServiceExt;

    async fn boom() -> &'static str {
        panic!("the secret is 42")
    }

    #[tokio::test]
    async fn a_panicking_handler_answers_500_with_a_json_error() {
        let app = Router::new().route("/boom", get(boom)).layer(
            tower_http::catch_panic::CatchPanicLayer::custom(super::answer_a_panic),
        );
        let response = app
            .oneshot(Request::get("/boom").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        // The panic's words go to the log, never to the client.
        assert_eq!(&body[..], br#"{"error":"internal error"}"#);
    }
}
