//! What seats and the host ask of a game: actions, claims, checks and host
//! commands. Each is checked against the host's status, turned into one
//! [`Event`], stored, and only then applied (a refusal changes nothing).

use super::event::{Event, Logged};
use super::{Actor, HostCommand, Role, MAX_ACTION_BYTES, MAX_DEADLINE_SECS};
use crate::error::{ApiError, ApiResult};
use arbiter_core::Phase;
use serde_json::Value;

fn bot_plays() -> ApiError {
    ApiError::Conflict("a bot plays this seat now; the host can give it back".into())
}

impl Actor {
    /// Stores `logged` and applies it, after checking it applies: the live
    /// half of [`super::session::Session::apply`].
    pub(super) async fn record(&mut self, logged: Logged) -> ApiResult<()> {
        let applied = self.session.try_apply(&logged)?;
        self.append(&logged).await?;
        self.session.commit(&logged, applied);
        Ok(())
    }

    /// A seat's link plays `text`.
    pub(super) async fn act(&mut self, role: Role, text: &str) -> ApiResult<()> {
        match role {
            Role::Seat(seat) if self.session.bots[seat].is_some() => Err(bot_plays()),
            Role::Seat(seat) => self.submit(seat, text.trim()).await,
            _ => Err(ApiError::Forbidden(
                "only a seat's link may play; use your seat link".into(),
            )),
        }
    }

    /// A seat's link reserves the next turn.
    pub(super) async fn claim(&mut self, role: Role) -> ApiResult<()> {
        match role {
            Role::Seat(seat) if self.session.bots[seat].is_some() => Err(bot_plays()),
            Role::Seat(seat) => self.claim_turn(seat).await,
            _ => Err(ApiError::Forbidden("only a seat's link may claim".into())),
        }
    }

    /// Checks an action without playing it: refused exactly as the
    /// submission would be.
    pub(super) fn check(&self, role: Role, text: &str) -> ApiResult<Value> {
        match role {
            Role::Seat(seat) if self.session.bots[seat].is_some() => Err(bot_plays()),
            Role::Seat(seat) => self.may_act(seat).and_then(|()| {
                self.session
                    .game
                    .check(seat, text.trim())
                    .map_err(ApiError::from)
            }),
            _ => Err(ApiError::Forbidden(
                "only a seat's link may check an action".into(),
            )),
        }
    }

    fn claimed_by_other(&self, seat: usize) -> ApiResult<()> {
        match self.live_claim() {
            // Seats are numbered from 1 in messages, as on the page.
            Some((holder, until_ms)) if holder != seat => Err(ApiError::Conflict(format!(
                "seat {} has claimed the next turn for {} more seconds",
                holder + 1,
                (until_ms - self.now() + 999) / 1000
            ))),
            _ => Ok(()),
        }
    }

    /// Checks and plays one action of server seat `seat`: logged first, then
    /// applied; a refusal changes nothing.
    pub(super) async fn submit(&mut self, seat: usize, text: &str) -> ApiResult<()> {
        self.submit_as(seat, text, false).await
    }

    /// [`Actor::submit`], marking a move played for the seat on timeout.
    pub(super) async fn submit_as(
        &mut self,
        seat: usize,
        text: &str,
        timeout: bool,
    ) -> ApiResult<()> {
        self.may_act(seat)?;
        if text.is_empty() {
            return Err(ApiError::BadRequest("the action is empty".into()));
        }
        if text.len() > MAX_ACTION_BYTES {
            return Err(ApiError::BadRequest(format!(
                "the action is longer than {MAX_ACTION_BYTES} bytes"
            )));
        }
        let asked = self.session.next(
            self.now(),
            Event::Act {
                seat,
                action: text.to_string(),
                timeout,
            },
        );
        // The log holds the game's canonical notation of the action.
        let applied = self.session.try_apply(&asked)?;
        let canonical = Logged {
            event: Event::Act {
                seat,
                action: applied.said().unwrap_or(text).to_string(),
                timeout,
            },
            ..asked
        };
        self.append(&canonical).await?;
        self.session.commit(&canonical, applied);
        self.changed_now();
        Ok(())
    }

    /// Whether server seat `seat` may act at all now (the game's rules
    /// decide the rest): the refusals shared by submitting and checking.
    fn may_act(&self, seat: usize) -> ApiResult<()> {
        if self.session.status == super::Status::Ended {
            return Err(ApiError::Conflict("the host has ended this game".into()));
        }
        if let Some(outcome) = self.session.game.outcome() {
            return Err(ApiError::Conflict(format!("the game is over ({outcome})")));
        }
        if self.paused() {
            return Err(ApiError::Conflict("the game is paused by the host".into()));
        }
        self.claimed_by_other(seat)
    }

    /// `seat` reserves the next turn (games where any listed seat may take
    /// it). Claiming again while holding keeps the first expiry; with a
    /// zero hold, claims reserve nothing and the first to act wins.
    async fn claim_turn(&mut self, seat: usize) -> ApiResult<()> {
        if self.finished() {
            return Err(ApiError::Conflict("the game has finished".into()));
        }
        if self.paused() {
            return Err(ApiError::Conflict("the game is paused by the host".into()));
        }
        if !matches!(self.session.game.phase(), Phase::Claim(_)) {
            return Err(ApiError::Conflict(
                "this game has a fixed turn order: there is nothing to claim".into(),
            ));
        }
        if !self
            .session
            .game
            .actors(self.session.bots.len())
            .contains(&seat)
        {
            return Err(ApiError::Conflict(format!(
                "seat {} may not take the next turn now",
                seat + 1
            )));
        }
        match self.live_claim() {
            Some((holder, _)) if holder == seat => return Ok(()),
            Some(_) => return self.claimed_by_other(seat),
            None if self.session.claim_hold_secs == 0 => return Ok(()),
            None => {}
        }
        let event = self.session.next(self.now(), Event::Claim { seat });
        self.record(event).await?;
        self.schedule_tick();
        self.changed_now();
        Ok(())
    }

    /// A host command: checked, then logged and applied as one event.
    pub(super) async fn host(&mut self, role: Role, command: HostCommand) -> ApiResult<()> {
        if role != Role::Host {
            return Err(ApiError::Forbidden(
                "only the host's link may do that".into(),
            ));
        }
        if self.finished() {
            return Err(ApiError::Conflict("the game has already finished".into()));
        }
        let seats = self.session.bots.len();
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
        let event = match command {
            HostCommand::Pause {} if self.paused() => {
                return Err(ApiError::Conflict("the game is already paused".into()))
            }
            HostCommand::Resume {} if !self.paused() => {
                return Err(ApiError::Conflict("the game is not paused".into()))
            }
            HostCommand::Pause {} => Event::Pause,
            HostCommand::Resume {} => Event::Resume,
            HostCommand::End {} => Event::End,
            HostCommand::Bot { seat, level } => {
                check_seat(seat)?;
                let level = crate::bots::checked_level(level)?;
                // Logging a change that changes nothing would still move
                // every viewer's version and send every watcher a frame.
                if self.session.bots[seat] == Some(level) {
                    return Err(ApiError::Conflict(format!(
                        "seat {} is already played by a level {level} bot",
                        seat + 1
                    )));
                }
                Event::Bot { seat, level }
            }
            HostCommand::Human { seat } => {
                check_seat(seat)?;
                if self.session.bots[seat].is_none() {
                    return Err(ApiError::Conflict(format!(
                        "seat {} is already played from its own link, not by a bot",
                        seat + 1
                    )));
                }
                Event::Human { seat }
            }
            HostCommand::Extend { seconds } => {
                if self.session.game.wake_at().is_none() {
                    return Err(ApiError::Conflict(
                        "there is no deadline to extend in this game now".into(),
                    ));
                }
                if !(1..=MAX_DEADLINE_SECS).contains(&seconds) {
                    return Err(ApiError::BadRequest(format!(
                        "an extension is 1 to {MAX_DEADLINE_SECS} seconds"
                    )));
                }
                Event::Extend {
                    ms: seconds as i64 * 1000,
                }
            }
            HostCommand::Game { action } => {
                if action.len() > MAX_ACTION_BYTES {
                    return Err(ApiError::BadRequest("the action is too long".into()));
                }
                Event::Host {
                    action: action.trim().to_string(),
                }
            }
        };
        let event = self.session.next(self.now(), event);
        self.record(event).await?;
        self.changed_now();
        Ok(())
    }
}
