//! The game actor: each live game is owned by one task that serialises its
//! actions and host commands, writes each to the log before it takes
//! effect, and tells watchers when anything changed.

use crate::adapter::{self, Creation, LiveGame};
use crate::clock::Clock;
use crate::error::{ApiError, ApiResult};
use crate::storage::{EventRecord, GameRecord, Store};
use crate::token;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot, Semaphore};

mod timing;
mod views;

use timing::apply_to_game;

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
    /// The host's deadline per turn or step, in seconds (docs/server.md#deadlines).
    #[serde(default)]
    pub deadline_secs: Option<u64>,
}

/// The longest deadline the lobby accepts: a week.
pub const MAX_DEADLINE_SECS: u64 = 7 * 24 * 60 * 60;

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
    /// Push the current deadline back.
    Extend {
        seconds: u64,
    },
    /// A game-specific host action in text (Knight Control: `communal P1 P2`).
    Game {
        action: String,
    },
}

pub enum Command {
    Resolve(Option<String>, oneshot::Sender<ApiResult<Role>>),
    Snapshot(Role, oneshot::Sender<Value>),
    Act(Role, String, oneshot::Sender<ApiResult<()>>),
    Claim(Role, oneshot::Sender<ApiResult<()>>),
    /// A claim may have expired: let bots and watchers know.
    Tick,
    /// A deadline or the game's own clock may be due.
    Wake,
    /// Checks an action without playing it.
    Check(Role, String, oneshot::Sender<ApiResult<Value>>),
    Host(Role, HostCommand, oneshot::Sender<ApiResult<()>>),
    Replay(Role, usize, oneshot::Sender<ApiResult<Value>>),
    Subscribe(oneshot::Sender<broadcast::Receiver<Arc<str>>>),
    BotMove {
        version: u64,
        seat: usize,
        text: Option<String>,
        /// Played because the seat's turn deadline passed (level 1).
        forced: bool,
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
    /// Where every logged time comes from.
    pub clock: Clock,
}

/// One entry of the full history; each viewer sees it through
/// [`LiveGame::describe`].
#[derive(Clone, Debug)]
struct HistoryEntry {
    seq: i64,
    at_ms: i64,
    /// The acting server seat, or `None` for a deadline (`time` event).
    seat: Option<usize>,
    action: String,
}

/// A history entry as one viewer sees it.
#[derive(Clone, Debug, Serialize)]
struct SeenEntry {
    seq: i64,
    at_ms: i64,
    seat: Option<usize>,
    action: String,
}

struct Actor {
    record: GameRecord,
    config: GameConfig,
    game: Box<dyn LiveGame>,
    bots: Vec<Option<u8>>,
    paused: bool,
    /// When the running pause began (its logged time).
    paused_since: Option<i64>,
    ended: bool,
    log: Vec<EventRecord>,
    history: Vec<HistoryEntry>,
    version: u64,
    store: Store,
    /// Each change sends the spectators' frame, built once for all of them.
    changed: broadcast::Sender<Arc<str>>,
    bot_busy: bool,
    /// Changes no event records (a lapsed claim): part of every version.
    ticks: u64,
    /// The earliest wake-up already scheduled.
    wake_armed: Option<i64>,
    /// The live or lapsed claim: server seat and expiry (ms since the epoch,
    /// from the logged event's time, so it survives a restart).
    claim: Option<(usize, i64)>,
    pool: BotPool,
    me: mpsc::WeakSender<Command>,
    /// When a command last arrived (eviction's idle time).
    last_active_ms: i64,
}

/// The system time in unix ms (the actors use their [`Clock`]).
pub fn now_ms() -> i64 {
    crate::clock::system_ms()
}

/// A fresh game as configured, its deadline clock started at creation.
fn fresh_game(record: &GameRecord, config: &GameConfig) -> Result<Box<dyn LiveGame>, String> {
    let creation = Creation {
        seats: config.bots.len(),
        seed: record.seed.parse()?,
        deadline_ms: config.deadline_secs.map(|s| s as i64 * 1000),
    };
    let mut game = adapter::create(&record.kind, &config.options, &creation)?;
    game.begin(record.created_ms);
    Ok(game)
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
    let game = fresh_game(&record, &config)
        .map_err(|e| ApiError::Internal(format!("game {}: {e}", record.id)))?;
    let (tx, rx) = mpsc::channel(256);
    let mut actor = Actor {
        bots: config.bots.clone(),
        record,
        config,
        game,
        paused: false,
        paused_since: None,
        ended: false,
        log: Vec::new(),
        history: Vec::new(),
        version: 0,
        store,
        changed: broadcast::channel(64).0,
        bot_busy: false,
        ticks: 0,
        wake_armed: None,
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
        self.wake().await;
        self.schedule_bot();
        while let Some(command) = rx.recv().await {
            if let Command::Evict(rules, reply) = command {
                if !self.evictable(rules) {
                    let _ = reply.send(false);
                    continue;
                }
                // Stop only if the sweep is still there to drop the handle.
                if reply.send(true).is_ok() {
                    return;
                }
                continue;
            }
            self.last_active_ms = now_ms();
            // Whatever is asked, a deadline that has passed is applied first.
            if !matches!(command, Command::Wake) {
                self.wake().await;
            }
            match command {
                Command::Resolve(token, reply) => {
                    let _ = reply.send(self.resolve(token.as_deref()));
                }
                Command::Snapshot(role, reply) => {
                    let _ = reply.send(self.snapshot(role));
                }
                Command::Act(role, text, reply) => {
                    let result = match role {
                        Role::Seat(seat) if self.bots[seat].is_some() => Err(bot_plays()),
                        Role::Seat(seat) => self.submit(seat, text.trim()).await,
                        _ => Err(ApiError::Forbidden(
                            "only a seat's link may play; use your seat link".into(),
                        )),
                    };
                    let _ = reply.send(result);
                }
                Command::Claim(role, reply) => {
                    let result = match role {
                        Role::Seat(seat) if self.bots[seat].is_some() => Err(bot_plays()),
                        Role::Seat(seat) => self.claim(seat).await,
                        _ => Err(ApiError::Forbidden("only a seat's link may claim".into())),
                    };
                    let _ = reply.send(result);
                }
                Command::Tick => {
                    self.ticks += 1;
                    self.changed_now();
                }
                Command::Wake => {
                    self.wake_armed = None;
                    self.wake().await;
                }
                Command::Check(role, text, reply) => {
                    // Refused exactly as the submission would be.
                    let result = match role {
                        Role::Seat(seat) if self.bots[seat].is_some() => Err(bot_plays()),
                        Role::Seat(seat) => self.may_act(seat).and_then(|()| {
                            self.game.check(seat, text.trim()).map_err(ApiError::from)
                        }),
                        _ => Err(ApiError::Forbidden(
                            "only a seat's link may check an action".into(),
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
                Command::Replay(role, n, reply) => {
                    let _ = reply.send(self.replay(role, n));
                }
                Command::Subscribe(reply) => {
                    let _ = reply.send(self.changed.subscribe());
                }
                Command::BotMove {
                    version,
                    seat,
                    text,
                    forced,
                } => {
                    self.bot_busy = false;
                    let allowed = if forced {
                        self.game.overdue_seat(self.now()) == Some(seat)
                    } else {
                        self.bots.get(seat).copied().flatten().is_some()
                    };
                    if version == self.version && allowed {
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
                                "game {}: the bot for seat {} found no move",
                                self.record.id,
                                seat + 1
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

    fn now(&self) -> i64 {
        self.pool.clock.now_ms()
    }

    /// Appends `event` to the log and applies it: the one path for every
    /// live change. A refusal changes nothing.
    async fn record(&mut self, event: EventRecord) -> ApiResult<()> {
        let mut next = self.game.boxed_clone();
        let history =
            apply_to_game(next.as_mut(), &event, self.paused_since).map_err(ApiError::Internal)?;
        self.store.append(&self.record.id, &event).await?;
        self.game = next;
        self.after_apply(&event, history);
        Ok(())
    }

    fn event(&self, kind: &str, seat: Option<usize>, body: String) -> EventRecord {
        EventRecord {
            seq: self.log.len() as i64,
            at_ms: self.now(),
            kind: kind.into(),
            seat: seat.map(|s| s as i64),
            body,
        }
    }

    /// Checks and plays one action of server seat `seat`: logged first, then
    /// applied; a refusal changes nothing.
    async fn submit(&mut self, seat: usize, text: &str) -> ApiResult<()> {
        self.may_act(seat)?;
        if text.is_empty() {
            return Err(ApiError::BadRequest("the action is empty".into()));
        }
        if text.len() > MAX_ACTION_BYTES {
            return Err(ApiError::BadRequest(format!(
                "the action is longer than {MAX_ACTION_BYTES} bytes"
            )));
        }
        let at_ms = self.now();
        let mut next = self.game.boxed_clone();
        let canonical = next.act(seat, text, at_ms)?;
        let event = EventRecord {
            seq: self.log.len() as i64,
            at_ms,
            kind: "act".into(),
            seat: Some(seat as i64),
            body: canonical.clone(),
        };
        self.store.append(&self.record.id, &event).await?;
        self.game = next;
        self.after_apply(&event, Some(canonical));
        self.changed_now();
        Ok(())
    }

    /// Whether server seat `seat` may act at all now (the game's rules
    /// decide the rest): refusals shared by submitting and checking.
    fn may_act(&self, seat: usize) -> ApiResult<()> {
        if self.ended {
            return Err(ApiError::Conflict("the host has ended this game".into()));
        }
        if let Some(outcome) = self.game.outcome() {
            return Err(ApiError::Conflict(format!("the game is over: {outcome}")));
        }
        if self.paused {
            return Err(ApiError::Conflict("the game is paused by the host".into()));
        }
        match self.live_claim() {
            Some((holder, until_ms)) if holder != seat => {
                Err(claimed(holder, until_ms - self.now()))
            }
            _ => Ok(()),
        }
    }

    /// The actor's bookkeeping after the game has taken `event`.
    fn after_apply(&mut self, event: &EventRecord, history: Option<String>) {
        let seat = event.seat.map(|s| s as usize);
        match event.kind.as_str() {
            "act" => self.claim = None,
            "claim" => {
                if let Some(k) = seat {
                    self.claim = Some((k, event.at_ms + 1000 * self.claim_hold_secs() as i64));
                }
            }
            "pause" => {
                self.paused = true;
                self.paused_since = Some(event.at_ms);
            }
            "resume" => {
                self.paused = false;
                self.paused_since = None;
            }
            "end" => self.ended = true,
            "bot" => {
                if let (Some(k), Ok(level)) = (seat, event.body.parse()) {
                    if k < self.bots.len() {
                        self.bots[k] = Some(level);
                    }
                }
            }
            "human" => {
                if let Some(k) = seat.filter(|&k| k < self.bots.len()) {
                    self.bots[k] = None;
                }
            }
            _ => {}
        }
        if let Some(action) = history {
            self.history.push(HistoryEntry {
                seq: event.seq,
                at_ms: event.at_ms,
                seat: if event.kind == "act" { seat } else { None },
                action,
            });
        }
        self.log.push(event.clone());
        self.version += 1;
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
                    "'seat' is {seat}, but this game's 'seat' values are 0 to {} \
                     (seats 1 to {seats} on the page)",
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
            HostCommand::Extend { seconds } => {
                if self.game.wake_at().is_none() {
                    return Err(ApiError::Conflict(
                        "there is no deadline to extend in this game now".into(),
                    ));
                }
                if !(1..=MAX_DEADLINE_SECS).contains(seconds) {
                    return Err(ApiError::BadRequest(format!(
                        "an extension is 1 to {MAX_DEADLINE_SECS} seconds"
                    )));
                }
                ("extend", None, (seconds * 1000).to_string())
            }
            HostCommand::Game { action } => {
                if action.len() > MAX_ACTION_BYTES {
                    return Err(ApiError::BadRequest("the action is too long".into()));
                }
                let mut probe = self.game.boxed_clone();
                probe
                    .host_act(action.trim(), self.now())
                    .map_err(ApiError::Refused)?;
                ("host_act", None, action.trim().to_string())
            }
        };
        let event = self.event(kind, seat, body);
        self.record(event).await?;
        self.changed_now();
        Ok(())
    }

    /// Applies one logged event while rebuilding from the log.
    fn apply(&mut self, event: &EventRecord) -> Result<(), String> {
        let history = apply_to_game(self.game.as_mut(), event, self.paused_since)?;
        self.after_apply(event, history);
        Ok(())
    }

    fn claim_hold_secs(&self) -> u64 {
        self.config
            .claim_hold_secs
            .unwrap_or(DEFAULT_CLAIM_HOLD_SECS)
    }

    /// The claim that still reserves the next turn, if any.
    fn live_claim(&self) -> Option<(usize, i64)> {
        let now = self.now();
        self.claim.filter(|&(_, until)| now < until)
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
                "seat {} may not take the next turn now",
                seat + 1
            )));
        }
        match self.live_claim() {
            Some((holder, _)) if holder == seat => return Ok(()),
            Some((holder, until_ms)) => return Err(claimed(holder, until_ms - self.now())),
            None if self.claim_hold_secs() == 0 => return Ok(()),
            None => {}
        }
        let event = self.event("claim", Some(seat), String::new());
        self.record(event).await?;
        self.schedule_tick();
        self.changed_now();
        Ok(())
    }

    fn changed_now(&mut self) {
        if self.changed.receiver_count() > 0 {
            let frame: Arc<str> = self.snapshot(Role::Spectator).to_string().into();
            let _ = self.changed.send(frame);
        }
        self.schedule_bot();
        self.schedule_wake();
    }

    /// Starts a bot's think on the blocking pool if a bot is to act, or if
    /// a turn's deadline has passed (the level-1 bot plays it).
    fn schedule_bot(&mut self) {
        if self.bot_busy || self.paused || self.finished() {
            return;
        }
        let claim = self.live_claim();
        let bot = self
            .game
            .actors(self.bots.len())
            .into_iter()
            .filter(|&k| claim.is_none_or(|(holder, _)| holder == k))
            .find_map(|k| self.bots[k].map(|level| (k, level, false)));
        let forced = || {
            let k = self.game.overdue_seat(self.now())?;
            let k = claim.map_or(k, |(holder, _)| holder);
            Some((k, 1, true))
        };
        let Some((seat, level, forced)) = bot.or_else(forced) else {
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
                    forced,
                })
                .await;
        });
    }
}

/// The longest action text accepted (Knight Control orders for many
/// knights are long).
pub const MAX_ACTION_BYTES: usize = 4096;

fn bot_plays() -> ApiError {
    ApiError::Conflict("a bot plays this seat now; the host can give it back".into())
}

/// Server seat `holder` holds a claim for `left_ms` more (seats are
/// numbered from 1 in messages, as on the page).
fn claimed(holder: usize, left_ms: i64) -> ApiError {
    ApiError::Conflict(format!(
        "seat {} has claimed the next turn for {} more seconds",
        holder + 1,
        (left_ms + 999) / 1000
    ))
}
