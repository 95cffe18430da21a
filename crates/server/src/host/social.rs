//! Between players: resignations, draw offers, the table chat, mutes and
//! the rematch (docs/server.md#between-players). No rule of any game is
//! here: a resignation or an agreed draw is the game's to apply
//! ([`crate::adapter::LiveGame::resign`]); this file checks who may ask,
//! logs the event, and keeps who may read what.

use super::event::{Audience, DrawStep, Event, Logged, Speaker};
use super::{Actor, Role};
use crate::error::{ApiError, ApiResult};
use crate::storage::GameRecord;
use crate::token;
use arbiter_core::Seed;
use serde_json::{json, Value};

/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// The longest name a spectator may give, in characters.
pub const MAX_NAME_CHARS: usize = 24;
/// Each speaker may send at most this many messages in any
/// [`RATE_WINDOW_MS`].
pub const RATE_COUNT: usize = 5;
pub const RATE_WINDOW_MS: i64 = 10_000;
/// The spectators' channel as a whole (anyone without a link may write
/// there under any name) takes at most this many in any
/// [`SPECTATOR_WINDOW_MS`].
pub const SPECTATOR_RATE_COUNT: usize = 20;
pub const SPECTATOR_WINDOW_MS: i64 = 60_000;

/// One chat message as logged.
#[derive(Clone, Debug)]
pub struct ChatLine {
    pub seq: i64,
    pub at_ms: i64,
    pub from: Speaker,
    pub to: Audience,
    pub text: String,
}

/// What the log says between the players.
#[derive(Clone, Debug, Default)]
pub struct Social {
    /// Server seats that resigned, in order.
    pub resigned: Vec<usize>,
    /// The seat whose draw offer stands.
    pub draw_offer: Option<usize>,
    pub chat: Vec<ChatLine>,
    pub muted: Vec<Speaker>,
    /// Whether the host has closed the spectators' channel to every
    /// spectator.
    pub spectators_muted: bool,
    /// The game this table moved on to.
    pub rematch: Option<String>,
}

/// Whether `a` and `b` are the same speaker: spectators by name, ignoring
/// case and surrounding spaces.
pub fn same_speaker(a: &Speaker, b: &Speaker) -> bool {
    match (a, b) {
        (Speaker::Spectator(x), Speaker::Spectator(y)) => {
            x.trim().to_lowercase() == y.trim().to_lowercase()
        }
        _ => a == b,
    }
}

/// Whether `role` may read `line`. The players' channel reaches the seats
/// and the host; the spectators' channel the spectators and the host, and
/// the seats too once the game has finished; a private message its two
/// seats only.
pub fn hears(line: &ChatLine, role: Role, finished: bool) -> bool {
    match (line.to, role) {
        (Audience::Players, Role::Seat(_) | Role::Host) => true,
        (Audience::Players, Role::Spectator) => false,
        (Audience::Spectators, Role::Spectator | Role::Host) => true,
        (Audience::Spectators, Role::Seat(_)) => finished,
        (Audience::Seat(to), Role::Seat(me)) => to == me || line.from == Speaker::Seat(me),
        (Audience::Seat(_), Role::Host | Role::Spectator) => false,
    }
}

impl Social {
    /// Takes one logged event into account (every event passes here, in
    /// log order, live and on replay).
    pub fn commit(&mut self, logged: &Logged) {
        match &logged.event {
            // An offer lapses when the offerer's opponent moves.
            Event::Act { seat, .. } if self.draw_offer.is_some_and(|by| by != *seat) => {
                self.draw_offer = None;
            }
            Event::Resign { seat } => {
                self.resigned.push(*seat);
                self.draw_offer = None;
            }
            Event::Draw { seat, step } => {
                self.draw_offer = (*step == DrawStep::Offer).then_some(*seat);
            }
            Event::Chat { from, to, text } => self.chat.push(ChatLine {
                seq: logged.seq,
                at_ms: logged.at_ms,
                from: from.clone(),
                to: *to,
                text: text.clone(),
            }),
            Event::Mute { who, muted } => {
                self.muted.retain(|m| !same_speaker(m, who));
                if *muted {
                    self.muted.push(who.clone());
                }
            }
            Event::MuteSpectators { muted } => self.spectators_muted = *muted,
            Event::Rematch { id } => self.rematch = Some(id.clone()),
            _ => {}
        }
    }

    pub fn is_muted(&self, who: &Speaker) -> bool {
        self.muted.iter().any(|m| same_speaker(m, who))
    }
}

/// A speaker as the page shows it.
fn speaker_json(who: &Speaker) -> Value {
    match who {
        Speaker::Seat(k) => json!({ "seat": k }),
        Speaker::Host => json!("host"),
        Speaker::Spectator(name) => json!({ "spectator": name }),
    }
}

/// A chat request's body (docs/server.md#chat).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBody {
    pub text: String,
    /// `players` (default for seats and the host), `spectators` (default
    /// and only choice for spectators), or a server seat number for a
    /// private message.
    #[serde(default)]
    pub to: Option<Value>,
    /// A spectator's name (spectators only).
    #[serde(default)]
    pub name: Option<String>,
}

/// A draw request's body: `{"step": "offer" | "accept" | "decline" | "withdraw"}`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawBody {
    pub step: DrawStep,
}

/// A mute request's body: a seat number, a spectator's name, or
/// `"spectators": true` for every spectator at once.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MuteBody {
    #[serde(default)]
    pub seat: Option<usize>,
    #[serde(default)]
    pub spectator: Option<String>,
    #[serde(default)]
    pub spectators: Option<bool>,
    #[serde(default = "yes")]
    pub muted: bool,
}

fn yes() -> bool {
    true
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::BadRequest(message.into())
}

impl Actor {
    /// The seat of a request that only a seat's own link may make, and
    /// that its bot does not make for it.
    fn seat_of(&self, role: Role, what: &str) -> ApiResult<usize> {
        match role {
            Role::Seat(k) if self.session.bots[k].is_some() => Err(ApiError::Conflict(
                "a bot plays this seat now; the host can give it back".into(),
            )),
            Role::Seat(k) => Ok(k),
            _ => Err(ApiError::Forbidden(format!(
                "only a seat's link may {what}; use your seat link"
            ))),
        }
    }

    fn still_on(&self) -> ApiResult<()> {
        if self.finished() {
            return Err(ApiError::Conflict("the game has finished".into()));
        }
        Ok(())
    }

    async fn log_social(&mut self, event: Event) -> ApiResult<()> {
        let event = self.session.next(self.now(), event);
        self.record(event).await?;
        self.changed_now();
        Ok(())
    }

    /// A seat resigns: the game's own rule decides what that means.
    pub(super) async fn resign(&mut self, role: Role) -> ApiResult<()> {
        let seat = self.seat_of(role, "resign")?;
        self.still_on()?;
        if self.session.social.resigned.contains(&seat) {
            return Err(ApiError::Conflict("you have already resigned".into()));
        }
        self.log_social(Event::Resign { seat }).await
    }

    /// A step of a draw offer (two-player games).
    pub(super) async fn draw(&mut self, role: Role, step: DrawStep) -> ApiResult<()> {
        let seat = self.seat_of(role, "offer or answer a draw")?;
        self.still_on()?;
        if !self.session.game.draws_by_agreement() {
            return Err(ApiError::Conflict(
                "this game has no draws by agreement: only the two-player games do".into(),
            ));
        }
        let offer = self.session.social.draw_offer;
        match (step, offer) {
            (DrawStep::Offer, Some(by)) if by == seat => {
                return Err(ApiError::Conflict("your draw offer already stands".into()))
            }
            (DrawStep::Offer, Some(_)) => {
                return Err(ApiError::Conflict(
                    "your opponent has offered a draw: accept or decline it".into(),
                ))
            }
            (DrawStep::Offer, None) => {}
            (DrawStep::Accept | DrawStep::Decline, Some(by)) if by != seat => {}
            (DrawStep::Accept | DrawStep::Decline, _) => {
                return Err(ApiError::Conflict(
                    "there is no draw offer from your opponent to answer".into(),
                ))
            }
            (DrawStep::Withdraw, Some(by)) if by == seat => {}
            (DrawStep::Withdraw, _) => {
                return Err(ApiError::Conflict(
                    "you have no draw offer standing to withdraw".into(),
                ))
            }
        }
        self.log_social(Event::Draw { seat, step }).await
    }

    /// A chat message, checked in full before anything is logged.
    pub(super) async fn chat(&mut self, role: Role, body: ChatBody) -> ApiResult<()> {
        let text = body.text.trim().to_string();
        if text.is_empty() {
            return Err(bad("the message is empty"));
        }
        // A line break or a tab is writing; any other control character
        // (a NUL, an escape sequence) is not, and would reach every
        // reader's screen and every record as it is.
        if let Some(c) = text
            .chars()
            .find(|&c| c.is_control() && c != '\n' && c != '\t')
        {
            return Err(bad(format!(
                "the message holds the control character U+{:04X}; only line breaks and tabs are taken",
                c as u32
            )));
        }
        let chars = text.chars().count();
        if chars > MAX_CHAT_CHARS {
            return Err(bad(format!(
                "the message has {chars} characters; at most {MAX_CHAT_CHARS} are taken"
            )));
        }
        let seats = self.session.bots.len();
        let to = match (&body.to, role) {
            (None, Role::Spectator) => Audience::Spectators,
            (None, _) => Audience::Players,
            (Some(Value::String(s)), _) if s == "players" => Audience::Players,
            (Some(Value::String(s)), _) if s == "spectators" => Audience::Spectators,
            (Some(Value::Number(n)), _) => {
                let k = n
                    .as_u64()
                    .filter(|&k| (k as usize) < seats)
                    .ok_or_else(|| {
                        bad(format!(
                            "'to' is a seat from 0 to {} (seats 1 to {seats} on the page)",
                            seats - 1
                        ))
                    })?;
                Audience::Seat(k as usize)
            }
            (Some(other), _) => {
                return Err(bad(format!(
                    "'to' is \"players\", \"spectators\" or a seat number, not {other}"
                )))
            }
        };
        let from = match role {
            Role::Seat(k) => Speaker::Seat(k),
            Role::Host => Speaker::Host,
            Role::Spectator => {
                let name = body.name.as_deref().unwrap_or("").trim().to_string();
                let n = name.chars().count();
                if n == 0 || n > MAX_NAME_CHARS || name.chars().any(char::is_control) {
                    return Err(bad(format!(
                        "spectators write under a name of 1 to {MAX_NAME_CHARS} characters ('name')"
                    )));
                }
                Speaker::Spectator(name)
            }
        };
        if body.name.is_some() && role != Role::Spectator {
            return Err(bad(
                "only spectators give a 'name'; a link speaks as its seat",
            ));
        }
        match (role, to) {
            (Role::Spectator, Audience::Spectators) => {}
            (Role::Spectator, _) => {
                return Err(ApiError::Forbidden(
                    "spectators write in the spectators' channel only".into(),
                ))
            }
            (Role::Seat(_), Audience::Spectators) => {
                return Err(ApiError::Forbidden(
                    "players do not write in the spectators' channel".into(),
                ))
            }
            (Role::Host, Audience::Seat(_)) => {
                return Err(ApiError::Forbidden(
                    "private messages are between two players; the host writes to the players' \
                     or the spectators' channel"
                        .into(),
                ))
            }
            (Role::Seat(me), Audience::Seat(k)) => {
                if seats < 3 {
                    return Err(bad(
                        "private messages are for games of three or more seats; write to the \
                         players' channel",
                    ));
                }
                if k == me {
                    return Err(bad("a private message goes to another seat, not your own"));
                }
            }
            _ => {}
        }
        if self.session.social.is_muted(&from) {
            return Err(ApiError::Forbidden(
                "the host has muted you at this table".into(),
            ));
        }
        if role == Role::Spectator && self.session.social.spectators_muted {
            return Err(ApiError::Forbidden(
                "the host has closed the spectators' channel at this table".into(),
            ));
        }
        let now = self.now();
        let recent = |window: i64, mine: &dyn Fn(&ChatLine) -> bool| {
            self.session
                .social
                .chat
                .iter()
                .filter(|l| l.at_ms > now - window && mine(l))
                .count()
        };
        if recent(RATE_WINDOW_MS, &|l| same_speaker(&l.from, &from)) >= RATE_COUNT {
            return Err(ApiError::TooManyRequests(format!(
                "at most {RATE_COUNT} messages in {} seconds; wait a moment",
                RATE_WINDOW_MS / 1000
            )));
        }
        if role == Role::Spectator
            && recent(SPECTATOR_WINDOW_MS, &|l| {
                matches!(l.from, Speaker::Spectator(_))
            }) >= SPECTATOR_RATE_COUNT
        {
            return Err(ApiError::TooManyRequests(format!(
                "the spectators' channel takes at most {SPECTATOR_RATE_COUNT} messages a minute; \
                 wait a moment"
            )));
        }
        self.log_social(Event::Chat { from, to, text }).await
    }

    /// The host mutes a seat or a spectator (or lets them speak again).
    pub(super) async fn mute(&mut self, role: Role, body: MuteBody) -> ApiResult<()> {
        if role != Role::Host {
            return Err(ApiError::Forbidden("only the host's link may mute".into()));
        }
        let seats = self.session.bots.len();
        let who = match (body.seat, body.spectator, body.spectators) {
            (None, None, Some(true)) => return self.mute_spectators(body.muted).await,
            (None, None, Some(false)) => {
                return Err(bad(
                    "'spectators' names every spectator and is only ever true; \
                     send '\"muted\": false' to open their channel again",
                ))
            }
            (Some(k), None, None) if k < seats => Speaker::Seat(k),
            (Some(k), None, None) => {
                return Err(bad(format!(
                    "'seat' is {k}, but this game's 'seat' values are 0 to {} \
                     (seats 1 to {seats} on the page)",
                    seats - 1
                )))
            }
            (None, Some(name), None) if !name.trim().is_empty() => {
                Speaker::Spectator(name.trim().into())
            }
            _ => {
                return Err(bad(
                    "name one 'seat', one 'spectator', or 'spectators': true to mute",
                ))
            }
        };
        if self.session.social.is_muted(&who) == body.muted {
            return Err(ApiError::Conflict(
                if body.muted {
                    "already muted"
                } else {
                    "not muted"
                }
                .into(),
            ));
        }
        self.log_social(Event::Mute {
            who,
            muted: body.muted,
        })
        .await
    }

    /// The host closes the spectators' channel to every spectator (or opens
    /// it again). The host still writes there; mutes by name stay as they
    /// were and apply again once the channel reopens.
    async fn mute_spectators(&mut self, muted: bool) -> ApiResult<()> {
        if self.session.social.spectators_muted == muted {
            return Err(ApiError::Conflict(
                if muted {
                    "the spectators' channel is already closed"
                } else {
                    "the spectators' channel is open"
                }
                .into(),
            ));
        }
        self.log_social(Event::MuteSpectators { muted }).await
    }

    /// A finished game moves on to a new one with the same people: the
    /// same links (their tokens' hashes) and the host's, the same options
    /// and bots; in two-seat games the seats swap, so the colours do.
    /// Returns the new game's id; asking again returns the same one.
    pub(super) async fn rematch(&mut self, role: Role) -> ApiResult<String> {
        if role == Role::Spectator {
            return Err(ApiError::Forbidden(
                "only a seat's or the host's link may ask for a rematch".into(),
            ));
        }
        if !self.finished() {
            return Err(ApiError::Conflict(
                "a rematch comes after the game has finished".into(),
            ));
        }
        if let Some(id) = &self.session.social.rematch {
            return Ok(id.clone());
        }
        let mut config = self.config.clone();
        config.rematch_of = Some(self.record.id.clone());
        // A set end time (a house rule) moves with the new game, which
        // then lasts as long as this one was set to.
        let now = self.now();
        crate::adapter::kind(&self.record.kind)
            .map_err(ApiError::Internal)?
            .shift_moments(&mut config.options, now - self.record.created_ms);
        let mut seat_hashes = self.record.seat_hashes.clone();
        if seat_hashes.len() == 2 {
            seat_hashes.swap(0, 1);
            config.bots.swap(0, 1);
        }
        let seed = Seed::random();
        let id = token::fresh().map_err(ApiError::Internal)?[..12].to_string();
        let record = GameRecord {
            id: id.clone(),
            kind: self.record.kind.clone(),
            config: serde_json::to_string(&config)
                .map_err(|e| ApiError::Internal(e.to_string()))?,
            seed: seed.to_string(),
            commitment: seed.commitment().to_string(),
            host_hash: self.record.host_hash,
            seat_hashes,
            created_ms: now,
        };
        self.store.insert_game(&record).await?;
        // The group's chat follows the table to its rematch.
        for hook in self.store.webhooks(&self.record.id).await? {
            (self.store)
                .add_webhook(&id, &hook.url, &hook.style, hook.lead_secs)
                .await?;
        }
        self.log_social(Event::Rematch { id: id.clone() }).await?;
        Ok(id)
    }

    /// The between-players part of `role`'s snapshot.
    pub(super) fn social_view(&self, role: Role) -> Value {
        let social = &self.session.social;
        let finished = self.finished();
        let seats = self.session.bots.len();
        let chat: Vec<Value> = social
            .chat
            .iter()
            .filter(|l| hears(l, role, finished))
            .map(|l| {
                json!({
                    "seq": l.seq,
                    "at_ms": l.at_ms,
                    "from": speaker_json(&l.from),
                    "to": match l.to {
                        Audience::Players => json!("players"),
                        Audience::Spectators => json!("spectators"),
                        Audience::Seat(k) => json!({ "seat": k }),
                    },
                    "text": l.text,
                })
            })
            .collect();
        let you_muted = match role {
            Role::Seat(k) => social.is_muted(&Speaker::Seat(k)),
            _ => false,
        };
        json!({
            "resigned": social.resigned,
            "draw_offer": if finished { None } else { social.draw_offer },
            "draws": self.session.game.draws_by_agreement(),
            "private_chat": seats >= 3,
            "chat": chat,
            "muted": match role {
                Role::Host => social.muted.iter().map(speaker_json).collect::<Vec<_>>(),
                _ => Vec::new(),
            },
            "you_muted": you_muted,
            "spectators_muted": social.spectators_muted,
            "rematch": social.rematch,
        })
    }

    /// How many chat messages `role` may read: part of its version.
    pub(super) fn chat_seen(&self, role: Role) -> u64 {
        let finished = self.finished();
        self.session
            .social
            .chat
            .iter()
            .filter(|l| hears(l, role, finished))
            .count() as u64
    }
}
