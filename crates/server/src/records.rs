//! Game records (docs/records.md): a whole game as one viewer may see it,
//! in JSON or in a PGN-like text, for every game the server hosts.
//!
//! A record is the game's configuration, its seed commitment (and the seed
//! once the game is over) and its logged events, each entry as the record's
//! viewer saw it: a seat's record never holds another seat's secrets,
//! because every action is shown through the game's own disclosure
//! ([`crate::adapter::LiveGame::describe`]). Each entry also carries a
//! digest of the viewer's view after it, so a replay can tell a tampered
//! entry, seed or draw from an honest one. Replaying, verifying and
//! importing live in `host/record.rs`, next to the one path every event
//! takes.

use crate::host::{Event, GameConfig};
use arbiter_core::{Outcome, Seed, SeedCommitment};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

mod text;

/// The `format` of every record this server writes.
pub const FORMAT: &str = "arbiter-record/1";

/// Whose record it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Every entry in full: only the server's operator makes these (the
    /// database holds everything anyway); no API call returns one.
    Full,
    /// What server seat `k` saw.
    Seat(usize),
    /// What everyone may see (spectators and the host).
    Spectator,
}

impl Scope {
    /// The scope's words in the text record: `full`, `seat 1`, `spectator`.
    pub fn words(self) -> String {
        match self {
            Scope::Full => "full".into(),
            Scope::Seat(k) => format!("seat {}", k + 1),
            Scope::Spectator => "spectator".into(),
        }
    }

    /// The seat whose record this is, if it is a seat's.
    pub fn seat(self) -> Option<usize> {
        match self {
            Scope::Seat(k) => Some(k),
            Scope::Full | Scope::Spectator => None,
        }
    }

    fn from_words(text: &str) -> Result<Scope, String> {
        match text {
            "full" => Ok(Scope::Full),
            "spectator" => Ok(Scope::Spectator),
            _ => text
                .strip_prefix("seat ")
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|&n| n >= 1)
                .map(|n| Scope::Seat(n - 1))
                .ok_or_else(|| format!("viewer '{text}' is none of 'full', 'spectator', 'seat N'")),
        }
    }
}

/// The times a record may hold (unix ms): from 1970 to the end of the year
/// 9999. The server only writes times of its clock, and a deadline or a
/// pause counted from a time in this range cannot overflow.
pub const TIMES: std::ops::RangeInclusive<i64> = 0..=253_402_300_799_999;

/// Refuses a time outside [`TIMES`], naming it as `what` ("its time",
/// "the record's creation time").
pub fn check_time(what: &str, ms: i64) -> Result<(), String> {
    if TIMES.contains(&ms) {
        Ok(())
    } else {
        Err(format!(
            "{what} {ms} is not a time the server writes \
             (unix milliseconds from 1970 to the year 9999)"
        ))
    }
}

/// A whole game as one viewer may see it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The game's id in the registry (`knight-court`, …).
    pub game: String,
    /// The game's name (`Knight Court`, …).
    pub variant: String,
    /// The table's id on the server that played it.
    pub id: String,
    /// When the table was created (unix ms): deadlines count from it.
    pub created_ms: i64,
    /// What the table was created with: ruleset options, seats (one entry
    /// each: a bot's level or `null`), claim hold and deadline.
    pub config: GameConfig,
    pub viewer: Scope,
    pub commitment: SeedCommitment,
    /// The seed, once the game has finished; `null` before.
    pub seed: Option<Seed>,
    /// `playing`, `paused`, `over` or `ended` when the record was made.
    pub status: String,
    pub outcome: Option<Outcome>,
    /// The digest of the viewer's view before any entry.
    pub start: String,
    pub entries: Vec<Entry>,
}

/// One logged event as the record's viewer saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// When it happened (unix ms).
    pub at_ms: i64,
    /// The event itself, when the viewer may see it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<Event>,
    /// Instead of the event: only that a seat did something, in the game's
    /// words ("submitted a bid").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed: Option<Sealed>,
    /// The digest of the viewer's view after the event ([`digest`]);
    /// absent on sealed entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// In games with clocks, each seat's clock reserve (ms) after the
    /// event; absent on sealed entries and in games without clocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Vec<i64>>,
}

/// What a viewer may know of another seat's secret action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sealed {
    /// The acting server seat.
    pub seat: usize,
    pub said: String,
}

/// The digest of views: the first 16 hex digits of SHA-256 over their JSON,
/// one per line. serde_json writes object keys sorted, so equal views give
/// equal digests.
pub fn digest(views: &[Value]) -> String {
    let mut hasher = Sha256::new();
    for view in views {
        hasher.update(view.to_string().as_bytes());
        hasher.update(b"\n");
    }
    hex::encode(&hasher.finalize()[..8])
}

impl Record {
    /// Reads a record in either format: JSON (starting with `{`) or text.
    pub fn parse(text: &str) -> Result<Record, String> {
        let record = if text.trim_start().starts_with('{') {
            let record = serde_json::from_str::<Record>(text)
                .map_err(|e| format!("malformed record: {e}"))?;
            // What the text format's reading checks, so that the two
            // formats read the same records.
            for (n, entry) in record.entries.iter().enumerate() {
                if let Some(d) = entry.digest.as_deref().filter(|d| !is_digest(d)) {
                    return Err(format!(
                        "malformed record: entry {}: '{d}' is not a digest (16 hex digits)",
                        n + 1
                    ));
                }
                // A text entry is an event or a sealed action, never
                // both or neither.
                if entry.event.is_some() == entry.sealed.is_some() {
                    return Err(format!(
                        "malformed record: entry {}: it holds {} an event and a sealed action",
                        n + 1,
                        if entry.event.is_some() {
                            "both"
                        } else {
                            "neither"
                        }
                    ));
                }
            }
            record
        } else {
            Record::from_text(text)?
        };
        if record.format != FORMAT {
            return Err(format!(
                "this is a record of format '{}'; this program reads '{FORMAT}'",
                record.format
            ));
        }
        record.check_times()?;
        Ok(record)
    }

    /// Every time in the record (its creation, each entry) is one the
    /// server's clock can show: [`TIMES`]. Checked when a record is read,
    /// so that nothing counted from its times (the text format's elapsed
    /// times, dates, deadlines on replay) can overflow.
    pub fn check_times(&self) -> Result<(), String> {
        check_time("the record's creation time", self.created_ms)?;
        for (n, entry) in self.entries.iter().enumerate() {
            check_time("its time", entry.at_ms).map_err(|e| format!("entry {}: {e}", n + 1))?;
        }
        Ok(())
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialise")
    }

    /// The result as PGN writes it for two seats (`1-0`, `0-1`,
    /// `1/2-1/2`); for more, each seat's rank in seat order (`1,3,2`); `*`
    /// while there is none.
    pub fn result_tag(&self) -> String {
        let Some(outcome) = &self.outcome else {
            return "*".into();
        };
        let ranks: Vec<u16> = outcome.results.iter().map(|r| r.rank).collect();
        match ranks.as_slice() {
            [1, 2] => "1-0".into(),
            [2, 1] => "0-1".into(),
            [1, 1] => "1/2-1/2".into(),
            _ => ranks
                .iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

/// Whether `text` is written as [`digest`] writes one: 16 hex digits.
fn is_digest(text: &str) -> bool {
    text.len() == 16 && text.bytes().all(|b| b.is_ascii_hexdigit())
}
