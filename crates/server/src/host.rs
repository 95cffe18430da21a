//! The game actor: each live game is owned by one task that serialises its
//! actions and host commands, writes each to the log before it takes
//! effect, and tells watchers when anything changed.

use crate::adapter::{self, LiveGame};
use crate::error::{ApiError, ApiResult};
use crate::storage::{EventRecord, GameRecord, Store};
use crate::token;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{broadcast, mpsc, oneshot, Semaphore};

/// What a game was created with; stored as JSON.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameConfig {
    /// The game's ruleset options, as given to the lobby.
    pub options: Value,
    /// One entry per seat: a bot's level, or `None` for a person.
    pub bots: Vec<Option<u8>>,
    /// In games where any listed seat may take the next turn (Tilechess),
    /// how long a claim reserves it; `None` means [`DEFAULT_CLAIM_HOLD_SECS`].
    #[serde(default)]
    pub claim_hold_secs: Option<u64>,
}

/// A claim reserves the next turn for a minute unless the host says
/// otherwise: long enough to think, short enough that an absent claimant
/// does not stall a table (docs/server.md#claims).
pub const DEFAULT_CLAIM_HOLD_SECS: u64 = 60;
/// The longest hold the rules allow (docs/rules/tilechess.md).
pub const MAX_CLAIM_HOLD_SECS: u64 = 24 * 60 * 60;

/// Who is asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host,
    Seat(usize),
    Spectator,
}

/// A host's command.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum HostCommand {
    Pause,
    Resume,
    End,
    /// Hand a seat to a bot (an absent player's seat).
    Bot {
        seat: usize,
        level: u8,
    },
    /// Give a bot's seat back to its link's holder.
    Human {
        seat: usize,
    },
}

pub enum Command {
    Resolve(Option<String>, oneshot::Sender<ApiResult<Role>>),
    Snapshot(Role, oneshot::Sender<Value>),
    Act(Role, String, oneshot::Sender<ApiResult<()>>),
    Claim(Role, oneshot::Sender<ApiResult<()>>),
    /// A claim may have expired: let bots and watchers know.
    Tick,
    Host(Role, HostCommand, oneshot::Sender<ApiResult<()>>),
    Replay(usize, oneshot::Sender<ApiResult<Value>>),
    Subscribe(oneshot::Sender<broadcast::Receiver<Arc<str>>>),
    BotMove {
        version: u64,
        seat: usize,
        text: Option<String>,
    },
    /// May this game leave the memory cache? (See [`Eviction`].)
    Evict(Eviction, oneshot::Sender<bool>),
}

/// When a game may leave the memory cache: finished and untouched for
/// `finished_after`, or untouched for `idle_after`. The actor answers, in
/// order with everything else it is asked, and stops if it says yes; the
/// next request rebuilds it by replay.
#[derive(Clone, Copy, Debug)]
pub struct Eviction {
    pub finished_after: Duration,
    pub idle_after: Duration,
}

/// A handle on a running game actor.
#[derive(Clone)]
pub struct GameHandle {
    tx: mpsc::Sender<Command>,
}

impl GameHandle {
    /// Whether the actor still runs (it stops only if a game panicked).
    pub fn is_alive(&self) -> bool {
        !self.tx.is_closed()
    }

    pub async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> ApiResult<T> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(make(reply))
            .await
            .map_err(|_| ApiError::Internal("game actor stopped".into()))?;
        answer
            .await
            .map_err(|_| ApiError::Internal("game actor dropped a reply".into()))
    }
}

/// Bot settings shared by all games.
#[derive(Clone)]
pub struct BotPool {
    pub permits: Arc<Semaphore>,
    /// A pause before each bot move, so people can follow the board.
    pub delay: Duration,
}

#[derive(Clone, Debug, Serialize)]
struct HistoryEntry {
    seq: i64,
    at_ms: i64,
    seat: usize,
    action: String,
}

struct Actor {
    record: GameRecord,
    config: GameConfig,
    game: Box<dyn LiveGame>,
    bots: Vec<Option<u8>>,
    paused: bool,
    ended: bool,
    log: Vec<EventRecord>,
    history: Vec<HistoryEntry>,
    version: u64,
    store: Store,
    /// Each change sends the spectators' frame, built once for all of them.
    changed: broadcast::Sender<Arc<str>>,
    bot_busy: bool,
    /// The live or lapsed claim: server seat and expiry (ms since the epoch,
    /// from the logged event's time, so it survives a restart).
    claim: Option<(usize, i64)>,
    pool: BotPool,
    me: mpsc::WeakSender<Command>,
    /// When a command last arrived (eviction's idle time).
    last_active_ms: i64,
}

pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Rebuilds a game from its record and log and starts its actor.
pub fn spawn(
    record: GameRecord,
    events: Vec<EventRecord>,
    store: Store,
    pool: BotPool,
) -> ApiResult<GameHandle> {
    let config: GameConfig = serde_json::from_str(&record.config)
        .map_err(|e| ApiError::Internal(format!("game {} config: {e}", record.id)))?;
    let game = adapter::create(&record.kind, &config.options, config.bots.len())
        .map_err(|e| ApiError::Internal(format!("game {}: {e}", record.id)))?;
    let (tx, rx) = mpsc::channel(256);
    let mut actor = Actor {
        bots: config.bots.clone(),
        record,
        config,
        game,
        paused: false,
        ended: false,
        log: Vec::new(),
        history: Vec::new(),
        version: 0,
        store,
        changed: broadcast::channel(64).0,
        bot_busy: false,
        claim: None,
        pool,
        me: tx.downgrade(),
        last_active_ms: now_ms(),
    };
    for event in events {
        actor
            .apply(&event)
            .map_err(|e| ApiError::Internal(format!("replaying {}: {e}", actor.record.id)))?;
    }
    tokio::spawn(actor.run(rx));
    Ok(GameHandle { tx })
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        self.schedule_tick();
        self.schedule_bot();
        while let Some(command) = rx.recv().await {
            if let Command::Evict(rules, reply) = command {
                let evict = self.evictable(rules);
                let _ = reply.send(evict);
                if evict {
                    return;
                }
                continue;
            }
            self.last_active_ms = now_ms();
            match command {
                Command::Resolve(token, reply) => {
                    let _ = reply.send(self.resolve(token.as_deref()));
                }
                Command::Snapshot(role, reply) => {
                    let _ = reply.send(self.snapshot(role));
                }
                Command::Act(role, text, reply) => {
                    let result = match role {
                        Role::Seat(seat) if self.bots[seat].is_some() => Err(ApiError::Conflict(
                            "a bot plays this seat now; the host can give it back".into(),
                        )),
                        Role::Seat(seat) => self.submit(seat, text.trim()).await,
                        _ => Err(ApiError::Forbidden(
                            "only a seat's link may play; use your seat link".into(),
                        )),
                    };
                    let _ = reply.send(result);
                }
                Command::Claim(role, reply) => {
                    let result = match role {
                        Role::Seat(seat) if self.bots[seat].is_some() => Err(ApiError::Conflict(
                            "a bot plays this seat now; the host can give it back".into(),
                        )),
                        Role::Seat(seat) => self.claim(seat).await,
                        _ => Err(ApiError::Forbidden("only a seat's link may claim".into())),
                    };
                    let _ = reply.send(result);
                }
                Command::Tick => {
                    self.version += 1;
                    self.changed_now();
                }
                Command::Host(role, command, reply) => {
                    let result = if role == Role::Host {
                        self.host(command).await
                    } else {
                        Err(ApiError::Forbidden(
                            "only the host's link may do that".into(),
                        ))
                    };
                    let _ = reply.send(result);
                }
                Command::Replay(n, reply) => {
                    let _ = reply.send(self.replay(n));
                }
                Command::Subscribe(reply) => {
                    let _ = reply.send(self.changed.subscribe());
                }
                Command::BotMove {
                    version,
                    seat,
                    text,
                } => {
                    self.bot_busy = false;
                    if version == self.version && self.bots.get(seat).copied().flatten().is_some() {
                        match text {
                            Some(text) => {
                                if let Err(e) = self.submit(seat, &text).await {
                                    tracing::error!(
                                        "game {}: bot move {text} refused: {e}",
                                        self.record.id
                                    );
                                }
                            }
                            None => tracing::warn!(
                                "game {}: the bot for seat {seat} found no move",
                                self.record.id
                            ),
                        }
                    } else {
                        self.schedule_bot();
                    }
                }
                Command::Evict(..) => unreachable!("answered above"),
            }
        }
    }

    /// Whether this game may leave the cache now. Only when nothing but the
    /// cache's own handle can reach the actor: no request in flight, no
    /// WebSocket watcher, no bot thinking, no timer pending (each holds a
    /// sender). The cache asks while holding its lock, so no new handle
    /// can be taken until it has dropped this one, and nothing can be sent
    /// to a stopped actor or reach a second copy of the game.
    fn evictable(&self, rules: Eviction) -> bool {
        if self.me.strong_count() > 1 || self.bot_busy {
            return false;
        }
        let idle = Duration::from_millis((now_ms() - self.last_active_ms).max(0) as u64);
        idle >= rules.idle_after || (self.finished() && idle >= rules.finished_after)
    }

    fn resolve(&self, token: Option<&str>) -> ApiResult<Role> {
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Ok(Role::Spectator);
        };
        // Check every hash so the time taken does not say which one matched.
        let mut role = None;
        if token::matches(token, &self.record.host_hash) {
            role = Some(Role::Host);
        }
        for (seat, hash) in self.record.seat_hashes.iter().enumerate() {
            if token::matches(token, hash) {
                role = Some(Role::Seat(seat));
            }
        }
        role.ok_or_else(|| {
            ApiError::Forbidden("this link's token opens nothing in this game".into())
        })
    }

    fn status(&self) -> &'static str {
        if self.ended {
            "ended"
        } else if self.game.outcome().is_some() {
            "over"
        } else if self.paused {
            "paused"
        } else {
            "playing"
        }
    }

    fn finished(&self) -> bool {
        self.ended || self.game.outcome().is_some()
    }

    /// Everything `role` may see, built from that seat's view only.
    fn snapshot(&self, role: Role) -> Value {
        let seat = match role {
            Role::Seat(k) => Some(k),
            _ => None,
        };
        let seats = self.bots.len();
        let actors = if self.finished() {
            Vec::new()
        } else {
            self.game.actors(seats)
        };
        let legal = match seat {
            Some(k)
                if !self.finished()
                    && !self.paused
                    && self.bots[k].is_none()
                    && self.live_claim().is_none_or(|(holder, _)| holder == k) =>
            {
                self.game.legal(k)
            }
            _ => Vec::new(),
        };
        json!({
            "id": self.record.id,
            "game": self.record.kind,
            "status": self.status(),
            "version": self.version,
            "commitment": self.record.commitment,
            // The seed is revealed only once nothing more can be drawn.
            "seed": self.finished().then(|| self.record.seed.clone()),
            "you": match role {
                Role::Host => json!({ "role": "host" }),
                Role::Seat(k) => json!({ "role": "seat", "seat": k }),
                Role::Spectator => json!({ "role": "spectator" }),
            },
            "seats": (0..seats).map(|k| json!({
                "seat": k,
                "bot": self.bots[k],
                "game_seat": self.game.game_seat(k).map(|s| s.0),
                "to_act": actors.contains(&k),
            })).collect::<Vec<_>>(),
            "to_act": actors,
            "phase": self.game.phase(),
            "claim": self.live_claim().map(|(seat, until_ms)| json!({ "seat": seat, "until_ms": until_ms })),
            "claim_hold_secs": self.claim_hold_secs(),
            "outcome": self.game.outcome(),
            "legal": legal,
            "view": self.game.view(seat),
            "history": self.history,
        })
    }

    /// Checks and plays one action of server seat `seat`: logged first, then
    /// applied; a refusal changes nothing.
    async fn submit(&mut self, seat: usize, text: &str) -> ApiResult<()> {
        if self.ended {
            return Err(ApiError::Conflict("the host has ended this game".into()));
        }
        if let Some(outcome) = self.game.outcome() {
            return Err(ApiError::Conflict(format!("the game is over: {outcome}")));
        }
        if self.paused {
            return Err(ApiError::Conflict("the game is paused by the host".into()));
        }
        if text.is_empty() {
            return Err(ApiError::BadRequest("the action is empty".into()));
        }
        if let Some((holder, until_ms)) = self.live_claim() {
            if holder != seat {
                return Err(ApiError::Conflict(format!(
                    "seat {holder} has claimed the next turn for {} more seconds",
                    (until_ms - now_ms() + 999) / 1000
                )));
            }
        }
        if text.len() > 512 {
            return Err(ApiError::BadRequest(
                "the action is longer than 512 bytes".into(),
            ));
        }
        let mut next = self.game.boxed_clone();
        let canonical = next.act(seat, text)?;
        let event = EventRecord {
            seq: self.log.len() as i64,
            at_ms: now_ms(),
            kind: "act".into(),
            seat: Some(seat as i64),
            body: canonical.clone(),
        };
        self.store.append(&self.record.id, &event).await?;
        self.game = next;
        self.claim = None;
        self.history.push(HistoryEntry {
            seq: event.seq,
            at_ms: event.at_ms,
            seat,
            action: canonical,
        });
        self.log.push(event);
        self.version += 1;
        self.changed_now();
        Ok(())
    }

    async fn host(&mut self, command: HostCommand) -> ApiResult<()> {
        if self.finished() {
            return Err(ApiError::Conflict("the game has already finished".into()));
        }
        let seats = self.bots.len();
        let check_seat = |seat: usize| {
            if seat < seats {
                Ok(())
            } else {
                Err(ApiError::BadRequest(format!(
                    "there is no seat {seat}; seats are 0 to {}",
                    seats - 1
                )))
            }
        };
        let (kind, seat, body) = match &command {
            HostCommand::Pause if self.paused => {
                return Err(ApiError::Conflict("the game is already paused".into()))
            }
            HostCommand::Resume if !self.paused => {
                return Err(ApiError::Conflict("the game is not paused".into()))
            }
            HostCommand::Pause => ("pause", None, String::new()),
            HostCommand::Resume => ("resume", None, String::new()),
            HostCommand::End => ("end", None, String::new()),
            HostCommand::Bot { seat, level } => {
                check_seat(*seat)?;
                if !(1..=crate::bots::MAX_LEVEL).contains(level) {
                    return Err(ApiError::BadRequest(format!(
                        "bot levels are 1 to {}",
                        crate::bots::MAX_LEVEL
                    )));
                }
                ("bot", Some(*seat), level.to_string())
            }
            HostCommand::Human { seat } => {
                check_seat(*seat)?;
                ("human", Some(*seat), String::new())
            }
        };
        let event = EventRecord {
            seq: self.log.len() as i64,
            at_ms: now_ms(),
            kind: kind.into(),
            seat: seat.map(|s| s as i64),
            body,
        };
        self.store.append(&self.record.id, &event).await?;
        self.apply(&event).map_err(ApiError::Internal)?;
        self.changed_now();
        Ok(())
    }

    /// Applies one logged event: the one path for replay and live play.
    fn apply(&mut self, event: &EventRecord) -> Result<(), String> {
        let seat = event.seat.map(|s| s as usize);
        match (event.kind.as_str(), seat) {
            ("act", Some(k)) => {
                let canonical = self.game.act(k, &event.body).map_err(|e| e.to_string())?;
                self.claim = None;
                self.history.push(HistoryEntry {
                    seq: event.seq,
                    at_ms: event.at_ms,
                    seat: k,
                    action: canonical,
                });
            }
            ("claim", Some(k)) => {
                self.claim = Some((k, event.at_ms + 1000 * self.claim_hold_secs() as i64));
            }
            ("pause", _) => self.paused = true,
            ("resume", _) => self.paused = false,
            ("end", _) => {
                self.ended = true;
                self.game.end_by_host();
            }
            ("bot", Some(k)) if k < self.bots.len() => {
                self.bots[k] = Some(event.body.parse().map_err(|_| "bad bot level")?)
            }
            ("human", Some(k)) if k < self.bots.len() => self.bots[k] = None,
            (kind, _) => return Err(format!("unknown event '{kind}'")),
        }
        self.log.push(event.clone());
        self.version += 1;
        Ok(())
    }

    fn claim_hold_secs(&self) -> u64 {
        self.config
            .claim_hold_secs
            .unwrap_or(DEFAULT_CLAIM_HOLD_SECS)
    }

    /// The claim that still reserves the next turn, if any.
    fn live_claim(&self) -> Option<(usize, i64)> {
        self.claim.filter(|&(_, until)| now_ms() < until)
    }

    /// `seat` reserves the next turn (games where any listed seat may take
    /// it). Claiming again while holding keeps the first expiry; with a
    /// zero hold, claims reserve nothing and the first to act wins.
    async fn claim(&mut self, seat: usize) -> ApiResult<()> {
        if self.finished() {
            return Err(ApiError::Conflict("the game has finished".into()));
        }
        if self.paused {
            return Err(ApiError::Conflict("the game is paused by the host".into()));
        }
        if !matches!(self.game.phase(), arbiter_core::Phase::Claim(_)) {
            return Err(ApiError::Conflict(
                "this game has a fixed turn order: there is nothing to claim".into(),
            ));
        }
        if !self.game.actors(self.bots.len()).contains(&seat) {
            return Err(ApiError::Conflict(format!(
                "seat {seat} may not take the next turn now"
            )));
        }
        match self.live_claim() {
            Some((holder, _)) if holder == seat => return Ok(()),
            Some((holder, until_ms)) => {
                return Err(ApiError::Conflict(format!(
                    "seat {holder} has claimed the next turn for {} more seconds",
                    (until_ms - now_ms() + 999) / 1000
                )))
            }
            None if self.claim_hold_secs() == 0 => return Ok(()),
            None => {}
        }
        let event = EventRecord {
            seq: self.log.len() as i64,
            at_ms: now_ms(),
            kind: "claim".into(),
            seat: Some(seat as i64),
            body: String::new(),
        };
        self.store.append(&self.record.id, &event).await?;
        self.apply(&event).map_err(ApiError::Internal)?;
        self.schedule_tick();
        self.changed_now();
        Ok(())
    }

    /// Wakes the actor when the live claim expires.
    fn schedule_tick(&self) {
        let Some((_, until_ms)) = self.live_claim() else {
            return;
        };
        let Some(me) = self.me.upgrade() else { return };
        let wait = Duration::from_millis((until_ms - now_ms()).max(0) as u64 + 5);
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = me.send(Command::Tick).await;
        });
    }

    fn changed_now(&mut self) {
        if self.changed.receiver_count() > 0 {
            let frame: Arc<str> = self.snapshot(Role::Spectator).to_string().into();
            let _ = self.changed.send(frame);
        }
        self.schedule_bot();
    }

    /// The public view after the first `n` actions.
    fn replay(&self, n: usize) -> ApiResult<Value> {
        if n > self.history.len() {
            return Err(ApiError::NotFound(format!(
                "the game has {} actions, not {n}",
                self.history.len()
            )));
        }
        let mut game = adapter::create(&self.record.kind, &self.config.options, self.bots.len())
            .map_err(ApiError::Internal)?;
        for entry in &self.history[..n] {
            game.act(entry.seat, &entry.action)
                .map_err(|e| ApiError::Internal(format!("replay: {e}")))?;
        }
        Ok(json!({ "ply": n, "view": game.view(None) }))
    }

    /// Starts a bot's think on the blocking pool if a bot is to act.
    fn schedule_bot(&mut self) {
        if self.bot_busy || self.paused || self.finished() {
            return;
        }
        let claim = self.live_claim();
        let Some((seat, level)) = self
            .game
            .actors(self.bots.len())
            .into_iter()
            .filter(|&k| claim.is_none_or(|(holder, _)| holder == k))
            .find_map(|k| self.bots[k].map(|level| (k, level)))
        else {
            return;
        };
        let Some(me) = self.me.upgrade() else { return };
        self.bot_busy = true;
        let game = self.game.boxed_clone();
        let version = self.version;
        let pool = self.pool.clone();
        tokio::spawn(async move {
            tokio::time::sleep(pool.delay).await;
            let text = match pool.permits.acquire_owned().await {
                Ok(permit) => tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    game.bot_action(seat, level)
                })
                .await
                .unwrap_or(None),
                Err(_) => None,
            };
            let _ = me
                .send(Command::BotMove {
                    version,
                    seat,
                    text,
                })
                .await;
        });
    }
}
