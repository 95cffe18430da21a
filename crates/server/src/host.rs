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
}

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
    Host(Role, HostCommand, oneshot::Sender<ApiResult<()>>),
    Replay(usize, oneshot::Sender<ApiResult<Value>>),
    Subscribe(oneshot::Sender<broadcast::Receiver<u64>>),
    BotMove {
        version: u64,
        seat: usize,
        text: Option<String>,
    },
}

/// A handle on a running game actor.
#[derive(Clone)]
pub struct GameHandle {
    tx: mpsc::Sender<Command>,
}

impl GameHandle {
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
    changed: broadcast::Sender<u64>,
    bot_busy: bool,
    pool: BotPool,
    me: mpsc::WeakSender<Command>,
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
        pool,
        me: tx.downgrade(),
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
        self.schedule_bot();
        while let Some(command) = rx.recv().await {
            match command {
                Command::Resolve(token, reply) => {
                    let _ = reply.send(self.resolve(token.as_deref()));
                }
                Command::Snapshot(role, reply) => {
                    let _ = reply.send(self.snapshot(role));
                }
                Command::Act(role, text, reply) => {
                    let result = match role {
                        Role::Seat(seat) => self.submit(seat, text.trim()).await,
                        _ => Err(ApiError::Forbidden(
                            "only a seat's link may play; use your seat link".into(),
                        )),
                    };
                    let _ = reply.send(result);
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
            }
        }
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
            Some(k) if !self.finished() && !self.paused && self.bots[k].is_none() => {
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
                self.history.push(HistoryEntry {
                    seq: event.seq,
                    at_ms: event.at_ms,
                    seat: k,
                    action: canonical,
                });
            }
            ("pause", _) => self.paused = true,
            ("resume", _) => self.paused = false,
            ("end", _) => self.ended = true,
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

    fn changed_now(&mut self) {
        let _ = self.changed.send(self.version);
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
        let Some((seat, level)) = self
            .game
            .actors(self.bots.len())
            .into_iter()
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
