//! The typed event log: every change to a game is one [`Event`], stored in
//! order as tagged JSON (`{"type": "act", "seat": 0, "action": "c1c3"}`),
//! and applied the same way live, on a restart and in a replay
//! ([`super::session::Session::apply`]).

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
}

impl Event {
    /// Whether the event may add an entry to the history, which each viewer
    /// sees through the game; every other event is seen by everyone (the
    /// snapshot's `version` counts them apart).
    pub fn makes_history(&self) -> bool {
        matches!(
            self,
            Event::Act { .. } | Event::Time { .. } | Event::Host { .. }
        )
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
