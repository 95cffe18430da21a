//! The typed event log: every change to a game is one [`Event`], stored in
//! order as tagged JSON (`{"type": "act", "seat": 0, "action": "c1c3"}`),
//! and applied the same way live, on a restart and in a replay
//! (`Session::apply`).

use serde::{Deserialize, Serialize};

/// One change to a game, as logged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// Server seat `seat` played `action` (the game's canonical notation).
    /// `timeout` marks a move the level-1 bot played for the seat because
    /// its turn's deadline had passed (left out when false).
    Act {
        seat: usize,
        action: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        timeout: bool,
    },
    /// Server seat `seat` reserved the next turn (claim games).
    Claim { seat: usize },
    /// A deadline or the game's own clock came due at the event's time.
    /// `unanswered` lists the bot seats (server seats) that gave no answer
    /// in time, so their seats took the rules' default; it is left out when
    /// empty, and only ever lists seats whose pending state is public.
    Time {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        unanswered: Vec<usize>,
    },
    /// The host paused the game: its clocks stop.
    Pause,
    /// The host resumed it: every deadline moves back by the pause.
    Resume,
    /// The host pushed the current deadline back by `ms`.
    Extend { ms: i64 },
    /// The host handed seat `seat` to a bot of `level`.
    Bot { seat: usize, level: u8 },
    /// The host gave seat `seat` back to its link's holder.
    Human { seat: usize },
    /// The host ended the game.
    End,
    /// A game's own host action in text (Knight Control: `communal P1 P2`).
    Host { action: String },
    /// Server seat `seat` resigned (each game's own rule: a duel is lost,
    /// a free-for-all player leaves).
    Resign { seat: usize },
    /// A step of a draw offer in a two-player game, by server seat `seat`.
    Draw { seat: usize, step: DrawStep },
    /// A chat message (docs/server.md#chat).
    Chat {
        from: Speaker,
        to: Audience,
        text: String,
    },
    /// The host muted (or let speak again) one speaker.
    Mute { who: Speaker, muted: bool },
    /// The host closed (or reopened) the spectators' channel to every
    /// spectator, whatever name they write under: a mute by name can be
    /// escaped by writing under another.
    MuteSpectators { muted: bool },
    /// The table moved on to a new game with the same people: `id`.
    Rematch { id: String },
}

/// One step of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawStep {
    Offer,
    Accept,
    Decline,
    Withdraw,
}

/// Who wrote a chat message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speaker {
    /// A server seat's link.
    Seat(usize),
    Host,
    /// A spectator, by the name they gave.
    Spectator(String),
}

/// Who a chat message reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every seat and the host.
    Players,
    /// The spectators and the host (and, once the game is over, the seats).
    Spectators,
    /// One other seat only, in games of three or more seats.
    Seat(usize),
}

impl Event {
    /// Whether the event may add an entry to the history, which each viewer
    /// sees through the game; every other event is seen by everyone (the
    /// snapshot's `version` counts them apart).
    pub fn makes_history(&self) -> bool {
        matches!(
            self,
            Event::Act { .. }
                | Event::Time { .. }
                | Event::Host { .. }
                | Event::Resign { .. }
                | Event::Draw {
                    step: DrawStep::Accept,
                    ..
                }
        )
    }

    /// A chat message: only its audience sees it, so it counts in the
    /// versions of those viewers alone.
    pub fn is_chat(&self) -> bool {
        matches!(self, Event::Chat { .. })
    }
}

/// An event with its place in the log and its time (unix ms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logged {
    pub seq: i64,
    pub at_ms: i64,
    pub event: Event,
}

/// Where a game stands, as far as the host is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    /// Paused by the host since `since` (the pause event's time).
    Paused {
        since: i64,
    },
    /// The game's own rules ended it.
    Over,
    /// The host ended it.
    Ended,
}

impl Status {
    /// The name the API shows.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Paused { .. } => "paused",
            Status::Over => "over",
            Status::Ended => "ended",
        }
    }

    pub fn finished(self) -> bool {
        matches!(self, Status::Over | Status::Ended)
    }

    pub fn paused_since(self) -> Option<i64> {
        match self {
            Status::Paused { since } => Some(since),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_tagged_json() {
        for (event, text) in [
            (
                Event::Act {
                    seat: 1,
                    action: "b8c6 +a1=Q".into(),
                    timeout: false,
                },
                r#"{"type":"act","seat":1,"action":"b8c6 +a1=Q"}"#,
            ),
            (
                Event::Act {
                    seat: 0,
                    action: "c1c3".into(),
                    timeout: true,
                },
                r#"{"type":"act","seat":0,"action":"c1c3","timeout":true}"#,
            ),
            (Event::Claim { seat: 0 }, r#"{"type":"claim","seat":0}"#),
            (
                Event::Time {
                    unanswered: Vec::new(),
                },
                r#"{"type":"time"}"#,
            ),
            (
                Event::Time {
                    unanswered: vec![2, 5],
                },
                r#"{"type":"time","unanswered":[2,5]}"#,
            ),
            (Event::Pause, r#"{"type":"pause"}"#),
            (Event::Resume, r#"{"type":"resume"}"#),
            (
                Event::Extend { ms: 60_000 },
                r#"{"type":"extend","ms":60000}"#,
            ),
            (
                Event::Bot { seat: 1, level: 3 },
                r#"{"type":"bot","seat":1,"level":3}"#,
            ),
            (Event::Human { seat: 1 }, r#"{"type":"human","seat":1}"#),
            (Event::End, r#"{"type":"end"}"#),
            (
                Event::Host {
                    action: "communal P1 P2".into(),
                },
                r#"{"type":"host","action":"communal P1 P2"}"#,
            ),
            (Event::Resign { seat: 2 }, r#"{"type":"resign","seat":2}"#),
            (
                Event::Draw {
                    seat: 0,
                    step: DrawStep::Offer,
                },
                r#"{"type":"draw","seat":0,"step":"offer"}"#,
            ),
            (
                Event::Chat {
                    from: Speaker::Seat(0),
                    to: Audience::Seat(2),
                    text: "trade?".into(),
                },
                r#"{"type":"chat","from":{"seat":0},"to":{"seat":2},"text":"trade?"}"#,
            ),
            (
                Event::Chat {
                    from: Speaker::Spectator("Ann".into()),
                    to: Audience::Spectators,
                    text: "nice".into(),
                },
                r#"{"type":"chat","from":{"spectator":"Ann"},"to":"spectators","text":"nice"}"#,
            ),
            (
                Event::Mute {
                    who: Speaker::Host,
                    muted: true,
                },
                r#"{"type":"mute","who":"host","muted":true}"#,
            ),
            (
                Event::MuteSpectators { muted: false },
                r#"{"type":"mute_spectators","muted":false}"#,
            ),
            (
                Event::Rematch { id: "abc".into() },
                r#"{"type":"rematch","id":"abc"}"#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&event).unwrap(), text);
            assert_eq!(serde_json::from_str::<Event>(text).unwrap(), event);
        }
    }

    #[test]
    fn malformed_events_are_refused() {
        for text in [
            r#"{"type":"act","seat":0}"#,
            r#"{"type":"dance"}"#,
            r#"{"type":"bot","seat":0,"level":"3"}"#,
            r#"{"seat":0}"#,
        ] {
            assert!(serde_json::from_str::<Event>(text).is_err(), "{text}");
        }
    }
}
