//! A game as its log has made it: the live game, the host's status, the
//! seats' bots, the claim, and the history. [`Session::apply`] is the one
//! path every logged event takes, live, on a restart and in a replay.

use super::event::{DrawStep, Event, Logged, Status};
use super::social::Social;
use super::{GameConfig, DEFAULT_CLAIM_HOLD_SECS};
use crate::adapter::LiveGame;
use crate::error::ApiError;
use arbiter_core::{ActionError, HostActionError};

/// Why an event was refused: it changes nothing.
#[derive(Debug)]
pub(super) enum Refusal {
    /// The game refused a seat's action.
    Action(ActionError),
    /// The game refused the host's own action.
    HostAction(HostActionError),
    /// The host's command is out of bounds.
    Host(String),
    /// The game could not apply its deadline or clock.
    Time(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Action(e) => write!(f, "{e}"),
            Refusal::HostAction(e) => write!(f, "{e}"),
            Refusal::Host(e) | Refusal::Time(e) => f.write_str(e),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        match refusal {
            Refusal::Action(e) => e.into(),
            Refusal::HostAction(HostActionError::Malformed(e)) => ApiError::BadRequest(e),
            Refusal::HostAction(HostActionError::Refused(e)) => ApiError::Refused(e),
            Refusal::Host(e) => ApiError::Refused(e),
            Refusal::Time(e) => ApiError::Internal(e),
        }
    }
}

/// One entry of the full history; each viewer sees it through
/// [`LiveGame::describe`].
#[derive(Clone, Debug)]
pub(super) struct HistoryEntry {
    pub seq: i64,
    pub at_ms: i64,
    /// The acting server seat, or `None` for a deadline or a host action.
    pub seat: Option<usize>,
    pub action: String,
    /// Played for the seat by the level-1 bot when its deadline passed.
    pub timeout: bool,
    /// The seat's name in the game's words when it acted ("White"): in a
    /// Progressive Chess match the colours swap for the second game, and
    /// the first game's entries keep the names they were made under
    /// ([`Session::commit`]).
    pub named: Option<String>,
}

/// What an event did to a copy of the game, to be committed once the event
/// is stored ([`Session::commit`]).
pub(super) struct Applied {
    game: Box<dyn LiveGame>,
    /// The history text, for events that make history.
    said: Option<String>,
}

impl Applied {
    /// The history text: for an action, its canonical notation.
    pub fn said(&self) -> Option<&str> {
        self.said.as_deref()
    }
}

pub(super) struct Session {
    pub game: Box<dyn LiveGame>,
    pub status: Status,
    /// One entry per server seat: a bot's level, or `None` for a person.
    pub bots: Vec<Option<u8>>,
    /// The live or lapsed claim: server seat and expiry (unix ms, from the
    /// claim event's time, so it survives a restart).
    pub claim: Option<(usize, i64)>,
    pub claim_hold_secs: u64,
    pub history: Vec<HistoryEntry>,
    pub log: Vec<Logged>,
    /// Each server seat's last action, as its log position: bots take
    /// turns in a fair order by it ([`crate::bots::next_bot`]).
    pub last_acted: Vec<Option<i64>>,
    /// Resignations, the draw offer, the chat, mutes and the rematch.
    pub social: Social,
}

impl Session {
    /// A session of a fresh `game` as `config` sets it up, before any event.
    pub fn new(game: Box<dyn LiveGame>, config: &GameConfig) -> Session {
        // A game may start over (a finished position given as an option).
        let status = match game.outcome() {
            Some(_) => Status::Over,
            None => Status::Playing,
        };
        Session {
            game,
            status,
            bots: config.bots.clone(),
            claim: None,
            claim_hold_secs: config.claim_hold_secs.unwrap_or(DEFAULT_CLAIM_HOLD_SECS),
            history: Vec::new(),
            log: Vec::new(),
            last_acted: vec![None; config.bots.len()],
            social: Social::default(),
        }
    }

    /// The number of events applied: changes with every event.
    pub fn version(&self) -> u64 {
        self.log.len() as u64
    }

    /// The next event at `at_ms`, numbered in the log.
    pub fn next(&self, at_ms: i64, event: Event) -> Logged {
        Logged {
            seq: self.log.len() as i64,
            at_ms,
            event,
        }
    }

    /// Applies one logged event: the one path for live play, restarts and
    /// replays. A refusal changes nothing.
    pub fn apply(&mut self, logged: &Logged) -> Result<(), Refusal> {
        let applied = self.try_apply(logged)?;
        self.commit(logged, applied);
        Ok(())
    }

    /// What `logged` would do, on a copy of the game; nothing changes until
    /// [`Session::commit`]. The live path stores the event in between.
    pub fn try_apply(&self, logged: &Logged) -> Result<Applied, Refusal> {
        let mut game = self.game.boxed_clone();
        let at = logged.at_ms;
        let said = match &logged.event {
            Event::Act { seat, action, .. } => {
                Some(game.act(*seat, action, at).map_err(Refusal::Action)?)
            }
            Event::Time { unanswered } => {
                game.on_time(at, logged.seq).map_err(Refusal::Time)?;
                Some(match unanswered.as_slice() {
                    [] => "deadline".to_string(),
                    [k] => format!(
                        "deadline: no answer from the bot of seat {}, so the rules' default",
                        k + 1
                    ),
                    seats => {
                        let seats: Vec<String> =
                            seats.iter().map(|k| (k + 1).to_string()).collect();
                        format!(
                            "deadline: no answer from the bots of seats {}, so the rules' default",
                            seats.join(", ")
                        )
                    }
                })
            }
            // A pause stops the clocks: on resume every deadline moves back
            // by the time the pause lasted.
            Event::Resume => {
                if let Some(since) = self.status.paused_since() {
                    game.extend((at - since).max(0));
                }
                None
            }
            Event::Extend { ms } => {
                // The host's command allows no other; a record read from
                // outside may hold any number.
                let most = super::MAX_DEADLINE_SECS as i64 * 1000;
                if !(1..=most).contains(ms) {
                    return Err(Refusal::Host(format!(
                        "an extension is 1 to {most} ms (a week), not {ms} ms"
                    )));
                }
                game.extend(*ms);
                None
            }
            Event::End => {
                game.end_by_host();
                None
            }
            Event::Host { action } => Some(game.host_act(action, at).map_err(Refusal::HostAction)?),
            Event::Resign { seat } => {
                game.resign(*seat, at).map_err(Refusal::Action)?;
                Some(format!("seat {} resigns", seat + 1))
            }
            Event::Draw {
                step: DrawStep::Accept,
                ..
            } => {
                game.agree_draw(at).map_err(Refusal::Action)?;
                Some("draw agreed".to_string())
            }
            Event::Claim { .. }
            | Event::Bot { .. }
            | Event::Human { .. }
            | Event::Pause
            | Event::Draw { .. }
            | Event::Chat { .. }
            | Event::Mute { .. }
            | Event::MuteSpectators { .. }
            | Event::Rematch { .. } => None,
        };
        Ok(Applied { game, said })
    }

    /// Takes what [`Session::try_apply`] made of `logged`, and the host's
    /// bookkeeping with it.
    pub fn commit(&mut self, logged: &Logged, applied: Applied) {
        // The name a seat acted under: its name before the action, or, if
        // it had none of its own yet ("P2", a Tilechess seat before it
        // joins), the one the action gave it ("red").
        let named = match logged.event {
            Event::Act { seat, .. } => {
                let before = self.game.seat_name(seat);
                let placeholder =
                    arbiter_core::scene::plain_seat_name(arbiter_core::Seat(seat as u8));
                Some(match before == placeholder {
                    true => applied.game.seat_name(seat),
                    false => before,
                })
            }
            _ => None,
        };
        self.game = applied.game;
        let at = logged.at_ms;
        let mut seat = None;
        let mut timeout = false;
        match logged.event {
            Event::Act {
                seat: k,
                timeout: t,
                ..
            } => {
                timeout = t;
                self.claim = None;
                seat = Some(k);
                if let Some(last) = self.last_acted.get_mut(k) {
                    *last = Some(logged.seq);
                }
            }
            Event::Claim { seat: k } => {
                self.claim = Some((k, at + 1000 * self.claim_hold_secs as i64));
            }
            Event::Pause => self.status = Status::Paused { since: at },
            Event::Resume => self.status = Status::Playing,
            Event::End => self.status = Status::Ended,
            Event::Bot { seat: k, level } => {
                if let Some(bot) = self.bots.get_mut(k) {
                    *bot = Some(level);
                }
            }
            Event::Human { seat: k } => {
                if let Some(bot) = self.bots.get_mut(k) {
                    *bot = None;
                }
            }
            Event::Resign { seat: k } => {
                if self.claim.is_some_and(|(holder, _)| holder == k) {
                    self.claim = None;
                }
            }
            Event::Time { .. }
            | Event::Extend { .. }
            | Event::Host { .. }
            | Event::Draw { .. }
            | Event::Chat { .. }
            | Event::Mute { .. }
            | Event::MuteSpectators { .. }
            | Event::Rematch { .. } => {}
        }
        self.social.commit(logged);
        if self.status != Status::Ended && self.game.outcome().is_some() {
            self.status = Status::Over;
        }
        if let Some(action) = applied.said {
            self.history.push(HistoryEntry {
                seq: logged.seq,
                at_ms: at,
                seat,
                action,
                timeout,
                named,
            });
        }
        self.log.push(logged.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapter::Creation;
    use arbiter_core::Seed;
    use serde_json::json;

    /// A three-seat Knight Control session whose 5 s bidding step has just
    /// passed its deadline with nobody's bid in.
    fn overdue_step() -> Session {
        let creation = Creation {
            seats: 3,
            seed: Seed::from_u64(7),
            deadline_ms: Some(5_000),
        };
        let mut game = crate::table::create("knight-control", &json!({}), &creation).unwrap();
        game.begin(0);
        let config = GameConfig {
            options: json!({}),
            bots: vec![None, None, Some(3)],
            claim_hold_secs: None,
            deadline_secs: Some(5),
            rematch_of: None,
        };
        let session = Session::new(game, &config);
        assert!(session.game.time_due(10_000));
        session
    }

    fn deadline_entry(unanswered: Vec<usize>) -> String {
        let mut session = overdue_step();
        let event = session.next(10_000, Event::Time { unanswered });
        session.apply(&event).unwrap();
        session.history.last().unwrap().action.clone()
    }

    #[test]
    fn a_deadline_says_which_bot_seats_gave_no_answer() {
        assert_eq!(deadline_entry(Vec::new()), "deadline");
        assert_eq!(
            deadline_entry(vec![2]),
            "deadline: no answer from the bot of seat 3, so the rules' default"
        );
        assert_eq!(
            deadline_entry(vec![0, 2]),
            "deadline: no answer from the bots of seats 1, 3, so the rules' default"
        );
    }
}
