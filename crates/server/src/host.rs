//! The game actor: each live game is owned by one task that serialises its
//! actions and host commands, writes each to the log before it takes
//! effect, and tells watchers when anything changed.

use crate::adapter::{self, Creation, LiveGame};
use crate::clock::Clock;
use crate::error::{ApiError, ApiResult};
use crate::storage::{GameRecord, Store};
use crate::token;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot, Semaphore};

pub mod analysis;
mod bots;
mod chat;
pub mod event;
mod fanout;
mod log;
mod once;
pub mod picture;
pub mod record;
mod requests;
mod session;
pub mod social;
mod timing;
mod told;
mod views;

pub use event::{Event, Logged, Status};
pub use once::{Reply, Submission};
use session::Session;

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
    /// The game this one is a rematch of, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
}

/// The longest deadline the lobby accepts: a week.
pub const MAX_DEADLINE_SECS: u64 = 7 * 24 * 60 * 60;

impl GameConfig {
    /// The bounds the lobby keeps, checked again where a configuration is
    /// read from outside (a record to import, replay or verify): a deadline
    /// of 1 s to a week, a claim held at most a day, bot levels 1 to 5.
    pub fn check_bounds(&self) -> Result<(), String> {
        if let Some(secs) = self.deadline_secs {
            if !(1..=MAX_DEADLINE_SECS).contains(&secs) {
                return Err(format!(
                    "deadline_secs is not 1 to {MAX_DEADLINE_SECS} (a week): {secs}"
                ));
            }
        }
        if let Some(secs) = self.claim_hold_secs.filter(|&s| s > MAX_CLAIM_HOLD_SECS) {
            return Err(format!("claim_hold_secs is over 24 hours: {secs}"));
        }
        if let Some(level) = self
            .bots
            .iter()
            .flatten()
            .find(|&&level| !(1..=crate::bots::MAX_LEVEL).contains(&level))
        {
            return Err(format!(
                "the bot levels are 1 to {}, not {level}",
                crate::bots::MAX_LEVEL
            ));
        }
        Ok(())
    }
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
#[serde(tag = "command", rename_all = "snake_case", deny_unknown_fields)]
pub enum HostCommand {
    // Written with braces so that `deny_unknown_fields` holds for them
    // too: serde lets a unit variant of a tagged enum carry any field.
    Pause {},
    Resume {},
    End {},
    /// Hand a seat to a bot (an absent player's seat).
    Bot {
        seat: usize,
        /// Any whole number: [`crate::bots::checked_level`] refuses the
        /// rest.
        level: u64,
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
    /// The board picture's text after `ply` entries the role sees.
    Picture(
        Role,
        Option<usize>,
        oneshot::Sender<ApiResult<picture::Picture>>,
    ),
    /// The first entry of the role's history after which the public board
    /// shows `round` rounds completed (a picture's `?round=R`).
    RoundPly(Role, u32, oneshot::Sender<ApiResult<usize>>),
    /// A finished game's position for the analysis board.
    Position(
        Role,
        Option<usize>,
        oneshot::Sender<ApiResult<analysis::Position>>,
    ),
    /// The game's record as the role may see it (docs/records.md).
    Record(Role, oneshot::Sender<ApiResult<crate::records::Record>>),
    Subscribe(oneshot::Sender<broadcast::Receiver<Arc<crate::frame::Frame>>>),
    BotMove {
        version: u64,
        seat: usize,
        text: Option<String>,
        /// Played because the seat's turn deadline passed (level 1).
        forced: bool,
    },
    /// May this game leave the memory cache? (See [`Eviction`].)
    Evict(Eviction, oneshot::Sender<bool>),
    /// A submission with an `Idempotency-Key` (host/once.rs).
    Once(
        Role,
        crate::idempotency::Key,
        Submission,
        Reply,
        oneshot::Sender<ApiResult<crate::idempotency::Answer>>,
    ),
    /// The log grew elsewhere (a follower's notification): read it.
    CatchUp,
    /// Between players (docs/server.md#between-players).
    Resign(Role, oneshot::Sender<ApiResult<()>>),
    Draw(Role, event::DrawStep, oneshot::Sender<ApiResult<()>>),
    Chat(Role, social::ChatBody, oneshot::Sender<ApiResult<()>>),
    Mute(Role, social::MuteBody, oneshot::Sender<ApiResult<()>>),
    /// The new game's id.
    Rematch(Role, oneshot::Sender<ApiResult<String>>),
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
    /// The lease take the actor was built on (none on a lone instance).
    epoch: Option<u64>,
}

impl GameHandle {
    /// Whether the actor still runs (it stops only if a game panicked).
    pub fn is_alive(&self) -> bool {
        !self.tx.is_closed()
    }

    /// The lease take the actor was built on, if leases are in use.
    pub fn epoch(&self) -> Option<u64> {
        self.epoch
    }

    /// Tells a follower to read the log; never waits (a full mailbox has
    /// a catch-up queued already, which reads everything).
    pub fn catch_up(&self) {
        let _ = self.tx.try_send(Command::CatchUp);
    }

    /// Nudges the actor (it stops if its lease was lost).
    pub async fn nudge(&self) {
        let _ = self.tx.send(Command::Tick).await;
    }

    pub async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> ApiResult<T> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(make(reply)).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())
    }
}

/// A game actor stops when it panicked or when another instance took the
/// game over: a retry finds the game again.
fn stopped() -> ApiError {
    ApiError::Unavailable("the game moved or stopped; nothing was changed, try again".into())
}

/// Bot settings shared by all games.
#[derive(Clone)]
pub struct BotPool {
    pub permits: Arc<Semaphore>,
    /// The pool's size (`permits` when none is taken).
    pub threads: usize,
    /// Bot jobs waiting for a permit: each bot's budget counts them.
    pub waiting: Arc<AtomicUsize>,
    /// A pause before each bot move, so people can follow the board.
    pub delay: Duration,
    /// Where every logged time comes from.
    pub clock: Clock,
}

/// A history entry as one viewer sees it.
#[derive(Clone, Debug, Serialize)]
struct SeenEntry {
    seq: i64,
    at_ms: i64,
    seat: Option<usize>,
    action: String,
    /// The seat's name when it made the entry, given only where it is not
    /// the seat's name now (a Progressive Chess match's first game, once
    /// the second has begun with the colours swapped).
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<String>,
}

#[cfg(test)]
impl SeenEntry {
    /// An entry of `seat` (or none) saying `action`, for the tests.
    fn made(seat: Option<usize>, action: &str) -> SeenEntry {
        SeenEntry {
            seq: 0,
            at_ms: 0,
            seat,
            action: action.into(),
            side: None,
        }
    }
}

/// A game's actor: the session its log made, and what it needs to keep it
/// going (the store, the watchers, the timers, the bots). Its parts: the
/// mailbox loop here, [`session`] (the one path of every event),
/// `requests` (what seats and the host ask for), `timing` (claims,
/// deadlines, clocks), `views` and `fanout` (what each viewer receives),
/// `bots`.
struct Actor {
    record: GameRecord,
    config: GameConfig,
    session: Session,
    store: Store,
    /// Each change sends the spectators' frame, built once for all of them.
    changed: broadcast::Sender<Arc<crate::frame::Frame>>,
    /// Changes no event records (a lapsed claim): part of every version.
    ticks: u64,
    /// The earliest wake-up already scheduled.
    wake_armed: Option<i64>,
    bot_busy: bool,
    pool: BotPool,
    me: mpsc::WeakSender<Command>,
    /// When a command last arrived (eviction's idle time).
    last_active_ms: i64,
    /// The idempotency key of the submission being run: stored with the
    /// event it causes (host/log.rs).
    pending_key: Option<crate::idempotency::Key>,
    /// The game's chat webhooks, and what they were last told.
    webhooks: crate::webhooks::Webhooks,
    told: Option<told::Told>,
    /// This instance's lease of the game, when several instances share
    /// the database (docs/instances.md): no lease, no write.
    claim: Option<crate::owners::Claim>,
    /// A read-only copy of a game another instance holds, kept for this
    /// instance's WebSocket watchers: it follows the log and never writes,
    /// arms no timer and runs no bot (docs/instances.md).
    follower: bool,
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

/// What a replay of one stored game came to ([`replay`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub events: usize,
    /// The host's status name: playing, paused, over or ended.
    pub status: &'static str,
    pub outcome: Option<String>,
    /// Every seat's view and the spectators', as JSON text, in seat order
    /// with the spectators' last: two replays must agree on all of them.
    pub views: Vec<String>,
}

/// Replays a stored game from its record and log, through the same path as
/// a restart, without starting its actor. An event the game refuses is an
/// error naming its place in the log, and so is a deadline that was not
/// due when it was logged (one fired twice, by two writers).
pub fn replay(record: &GameRecord, events: &[Logged]) -> Result<Replayed, String> {
    let (config, session) = rebuild_with(record, events, true, |_| {})?;
    let seats = config.bots.len();
    let views = (0..seats)
        .map(Some)
        .chain([None])
        .map(|seat| session.game.view(seat).to_string())
        .collect();
    Ok(Replayed {
        events: events.len(),
        status: session.status.name(),
        outcome: session.game.outcome().map(|o| o.to_string()),
        views,
    })
}

/// A stored game's configuration and the session its log makes: every
/// event through [`Session::apply`], as on a restart, `look`ing at the
/// session before the first event and after each. An event the game
/// refuses is an error naming its place in the log, and so, with
/// `check_deadlines`, is a deadline that was not due ([`undue`]).
fn rebuild_with(
    record: &GameRecord,
    events: &[Logged],
    check_deadlines: bool,
    mut look: impl FnMut(&Session),
) -> Result<(GameConfig, Session), String> {
    let config: GameConfig =
        serde_json::from_str(&record.config).map_err(|e| format!("its configuration: {e}"))?;
    let game = fresh_game(record, &config)?;
    let mut session = Session::new(game, &config);
    look(&session);
    for event in events {
        if let Some(why) = check_deadlines.then(|| undue(&session, event)).flatten() {
            return Err(format!("event {} ({:?}): {why}", event.seq, event.event));
        }
        session
            .apply(event)
            .map_err(|e| format!("event {} ({:?}): {e}", event.seq, event.event))?;
        look(&session);
    }
    Ok((config, session))
}

/// Why `logged` could not have been written by one owner keeping time:
/// a deadline with nothing due, or a move played on time for a seat that
/// was not overdue. Each is what a deadline fired twice would leave.
fn undue(session: &Session, logged: &Logged) -> Option<&'static str> {
    let at = logged.at_ms;
    match &logged.event {
        Event::Time { .. } if !session.game.time_due(at) => {
            Some("a deadline logged when none was due (fired twice?)")
        }
        Event::Act {
            seat,
            timeout: true,
            ..
        } if session.game.overdue_seat(at) != Some(*seat) => {
            Some("a move played on time for a seat that was not overdue (fired twice?)")
        }
        _ => None,
    }
}

/// What an actor is to its game.
pub enum Part {
    /// It keeps the game: writes, timers, bots, webhooks; under this
    /// instance's lease when several instances share the database.
    Owner(Option<crate::owners::Claim>),
    /// A read-only copy of a game another instance holds: it answers its
    /// watchers and catches up with the log on [`Command::CatchUp`].
    Follower,
}

/// Rebuilds a game from its record and log and starts its actor.
pub fn spawn(
    record: GameRecord,
    events: Vec<Logged>,
    store: Store,
    pool: BotPool,
    webhooks: crate::webhooks::Webhooks,
    part: Part,
) -> ApiResult<GameHandle> {
    let (claim, follower) = match part {
        Part::Owner(claim) => (claim, false),
        Part::Follower => (None, true),
    };
    // The owner replays what the chat webhooks were told and held, look by
    // look, as the table went (a follower tells them nothing).
    let mut looks = told::Replay::default();
    let (config, session) = rebuild_with(&record, &events, false, |session| {
        if !follower {
            looks.observe(session)
        }
    })
    .map_err(|e| ApiError::Internal(format!("replaying {}: {e}", record.id)))?;
    let (tx, rx) = mpsc::channel(256);
    let epoch = claim.as_ref().map(|c| c.epoch);
    let actor = Actor {
        record,
        config,
        session,
        store,
        changed: broadcast::channel(64).0,
        ticks: 0,
        wake_armed: None,
        bot_busy: false,
        pool,
        me: tx.downgrade(),
        last_active_ms: now_ms(),
        pending_key: None,
        webhooks,
        told: looks.told(),
        claim,
        follower,
    };
    tokio::spawn(actor.run(rx));
    Ok(GameHandle { tx, epoch })
}

/// The full record of a stored game, every entry in full: for the
/// server's operator, who holds the database anyway (`arbiter export`). No
/// route returns it.
pub async fn full_record(store: &Store, id: &str) -> ApiResult<crate::records::Record> {
    let stored = store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no game '{id}'")))?;
    let events = store.events(id).await?;
    let config: GameConfig = serde_json::from_str(&stored.config)
        .map_err(|e| ApiError::Internal(format!("game {id} config: {e}")))?;
    let game = fresh_game(&stored, &config).map_err(ApiError::Internal)?;
    let mut session = Session::new(game, &config);
    for event in &events {
        session
            .apply(event)
            .map_err(|e| ApiError::Internal(format!("replaying {id}: {e}")))?;
    }
    record::build(&stored, &config, &session, crate::records::Scope::Full)
        .map_err(ApiError::Internal)
}

impl Actor {
    /// The mailbox loop: one command at a time, in order.
    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        if !self.follower {
            self.tell_webhooks();
            self.schedule_tick();
            self.wake().await;
            self.schedule_bot();
        }
        while let Some(command) = rx.recv().await {
            // Another instance owns the game now: this copy stops, and the
            // next request finds the owner.
            if self.claim.as_ref().is_some_and(|c| c.lost(&self.record.id)) {
                return;
            }
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
            if !matches!(command, Command::Wake) && !self.follower {
                self.wake().await;
            }
            self.handle(command).await;
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Resolve(token, reply) => {
                let _ = reply.send(self.resolve(token.as_deref()));
            }
            Command::Snapshot(role, reply) => {
                let _ = reply.send(self.snapshot(role));
            }
            Command::Act(role, text, reply) => {
                let _ = reply.send(self.submit_request(role, &Submission::Act(text)).await);
            }
            Command::Claim(role, reply) => {
                let _ = reply.send(self.submit_request(role, &Submission::Claim).await);
            }
            Command::Once(role, key, submission, answer, reply) => {
                let _ = reply.send(self.once(role, key, submission, answer).await);
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
                let _ = reply.send(self.check(role, &text));
            }
            Command::Host(role, command, reply) => {
                let _ = reply.send(self.submit_request(role, &Submission::Host(command)).await);
            }
            Command::Replay(role, n, reply) => {
                let _ = reply.send(self.replay(role, n));
            }
            Command::Picture(role, ply, reply) => {
                let _ = reply.send(self.picture(role, ply));
            }
            Command::RoundPly(role, round, reply) => {
                let _ = reply.send(self.round_ply(role, round));
            }
            Command::Position(role, ply, reply) => {
                let _ = reply.send(self.position(role, ply));
            }
            Command::Record(role, reply) => {
                let scope = match role {
                    Role::Seat(k) => crate::records::Scope::Seat(k),
                    Role::Host | Role::Spectator => crate::records::Scope::Spectator,
                };
                let record = record::build(&self.record, &self.config, &self.session, scope)
                    .map_err(ApiError::Internal);
                let _ = reply.send(record);
            }
            Command::Subscribe(reply) => {
                let _ = reply.send(self.changed.subscribe());
            }
            Command::BotMove {
                version,
                seat,
                text,
                forced,
            } => self.bot_moved(version, seat, text, forced).await,
            Command::Evict(..) => unreachable!("answered by the loop"),
            Command::Resign(role, reply) => {
                let _ = reply.send(self.resign(role).await);
            }
            Command::Draw(role, step, reply) => {
                let _ = reply.send(self.draw(role, step).await);
            }
            Command::Chat(role, body, reply) => {
                let _ = reply.send(self.chat(role, body).await);
            }
            Command::Mute(role, body, reply) => {
                let _ = reply.send(self.mute(role, body).await);
            }
            Command::Rematch(role, reply) => {
                let _ = reply.send(self.rematch(role).await);
            }
            Command::CatchUp => {
                if let Err(e) = self.catch_up().await {
                    tracing::warn!("game {}: following the log: {e}", self.record.id);
                }
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

    fn finished(&self) -> bool {
        self.session.status.finished()
    }

    fn paused(&self) -> bool {
        self.session.status.paused_since().is_some()
    }

    fn now(&self) -> i64 {
        self.pool.clock.now_ms()
    }

    /// The claim that still reserves the next turn, if any.
    fn live_claim(&self) -> Option<(usize, i64)> {
        let now = self.now();
        self.session.claim.filter(|&(_, until)| now < until)
    }
}

/// The longest action text accepted (Knight Control orders for many
/// knights are long).
pub const MAX_ACTION_BYTES: usize = 4096;
