//! Making, replaying and verifying game records ([`crate::records`]) over
//! the one path every logged event takes (`Session::apply`), so a record
//! replays exactly as the live game played.

use super::event::{Event, Logged, Speaker, Status};
use super::{GameConfig, Session};
use crate::adapter::{self, Creation, LiveGame};
use crate::records::{check_time, digest, Entry, Record, Scope, Sealed, FORMAT};
use crate::storage::GameRecord;
use arbiter_core::Seed;
use serde_json::Value;

/// Why a record does not replay: which entry (1-based; `None` for the
/// record as a whole or its start) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub entry: Option<usize>,
    pub message: String,
    /// The entry is sealed for the record's viewer: nothing is wrong with
    /// the record, it just cannot be replayed past this point.
    pub sealed: bool,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.entry {
            Some(n) => write!(f, "entry {n}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

fn whole(message: impl Into<String>) -> RecordError {
    RecordError {
        entry: None,
        message: message.into(),
        sealed: false,
    }
}

/// The views a scope's digests cover: the viewer's own, or for a full
/// record every seat's and the spectators'.
fn views(game: &dyn LiveGame, seats: usize, scope: Scope) -> Vec<Value> {
    match scope {
        Scope::Seat(k) => vec![game.view(Some(k))],
        Scope::Spectator => vec![game.view(None)],
        Scope::Full => (0..seats)
            .map(|k| game.view(Some(k)))
            .chain([game.view(None)])
            .collect(),
    }
}

/// A session of a fresh game as `config` sets it up.
fn fresh_session(
    kind: &str,
    config: &GameConfig,
    seed: Seed,
    created_ms: i64,
) -> Result<Session, String> {
    let creation = Creation {
        seats: config.bots.len(),
        seed,
        deadline_ms: config.deadline_secs.map(|s| s as i64 * 1000),
    };
    let mut game = adapter::create(kind, &config.options, &creation)?;
    game.begin(created_ms);
    Ok(Session::new(game, config))
}

/// The record of the game `stored` whose live session is `live`, as
/// `scope` may see it. The log is replayed once beside it to take each
/// entry's digest; what a viewer sees of each action is what the table
/// kept when it was played.
pub(super) fn build(
    stored: &GameRecord,
    config: &GameConfig,
    live: &Session,
    scope: Scope,
) -> Result<Record, String> {
    let seed: Seed = stored.seed.parse()?;
    let seats = config.bots.len();
    let mut replay = fresh_session(&stored.kind, config, seed, stored.created_ms)?;
    let start = digest(&views(replay.game.as_ref(), seats, scope));
    let viewer = scope.seat();
    let mut entries = Vec::new();
    let mut acts = 0;
    for logged in &live.log {
        replay
            .apply(logged)
            .map_err(|e| format!("replaying event {}: {e}", logged.seq))?;
        // How this viewer sees it: the table's record of the game's own
        // disclosure, asked when the action was played.
        // A chat message is in the records of those who could read it.
        if let Event::Chat { from, to, text } = &logged.event {
            let line = super::social::ChatLine {
                seq: logged.seq,
                at_ms: logged.at_ms,
                from: from.clone(),
                to: *to,
                text: text.clone(),
            };
            let reader = match scope {
                Scope::Seat(k) => Some(super::Role::Seat(k)),
                Scope::Spectator => Some(super::Role::Spectator),
                Scope::Full => None,
            };
            if reader.is_some_and(|r| !super::social::hears(&line, r, live.status.finished())) {
                continue;
            }
        }
        // Who the host muted is the host's to know, as in the snapshot: a
        // seat's record holds its own mutes, a spectator's (and so the
        // host's download) none; the full record holds them all.
        if let Event::Mute { who, .. } = &logged.event {
            let own = matches!((who, scope), (Speaker::Seat(s), Scope::Seat(k)) if *s == k);
            if scope != Scope::Full && !own {
                continue;
            }
        }
        let sealed = match (&logged.event, scope) {
            (Event::Act { seat, action, .. }, Scope::Seat(_) | Scope::Spectator) => {
                acts += 1;
                match live.game.describe(acts - 1, action, viewer) {
                    None => continue,
                    Some(text) if text == *action => None,
                    Some(said) => Some(Sealed { seat: *seat, said }),
                }
            }
            _ => None,
        };
        entries.push(match sealed {
            Some(sealed) => Entry {
                at_ms: logged.at_ms,
                event: None,
                sealed: Some(sealed),
                digest: None,
                clocks: None,
            },
            None => Entry {
                at_ms: logged.at_ms,
                event: Some(logged.event.clone()),
                sealed: None,
                digest: Some(digest(&views(replay.game.as_ref(), seats, scope))),
                clocks: replay.game.reserves_ms(),
            },
        });
    }
    let kind = adapter::kind(&stored.kind)?;
    let finished = live.status.finished();
    Ok(Record {
        format: FORMAT.into(),
        game: stored.kind.clone(),
        variant: kind.name.into(),
        id: stored.id.clone(),
        created_ms: stored.created_ms,
        config: config.clone(),
        viewer: scope,
        commitment: serde_json::from_value(Value::String(stored.commitment.clone()))
            .map_err(|e| format!("stored commitment: {e}"))?,
        // Revealed only once nothing more can be drawn, as in snapshots.
        seed: finished.then_some(seed),
        status: live.status.name().into(),
        outcome: live.game.outcome(),
        start,
        entries,
    })
}

/// A record replayed.
pub struct Replayed {
    pub game: Box<dyn LiveGame>,
    pub status: Status,
    /// The events in log order, ready to be stored (an import).
    pub log: Vec<Logged>,
}

/// Replays `record` from its start, checking the start and every entry's
/// digest. `each(n, game)` sees the game after entry `n` (0: the start).
/// Without a revealed seed a stand-in seed is used: a game that draws
/// from its seed then fails a digest, which says so.
pub fn replay(
    record: &Record,
    mut each: impl FnMut(usize, &dyn LiveGame),
) -> Result<Replayed, RecordError> {
    if record.format != FORMAT {
        return Err(whole(format!(
            "this is a record of format '{}', not {FORMAT}",
            record.format
        )));
    }
    let kind = adapter::kind(&record.game).map_err(whole)?;
    if kind.name != record.variant {
        return Err(whole(format!(
            "the record names the game '{}' but the variant '{}' (it is '{}')",
            record.game, record.variant, kind.name
        )));
    }
    let seats = record.config.bots.len();
    if let Scope::Seat(k) = record.viewer {
        if k >= seats {
            return Err(whole(format!(
                "the record's viewer is seat {} of a {seats}-seat game",
                k + 1
            )));
        }
    }
    let seed = record.seed.unwrap_or(Seed([0; 32]));
    let hint = if record.seed.is_none() {
        " (the record has no seed yet, and this game may draw from it)"
    } else {
        ""
    };
    record
        .config
        .check_bounds()
        .map_err(|e| whole(format!("the record's configuration: {e}")))?;
    check_time("its creation time", record.created_ms).map_err(whole)?;
    let mut session = fresh_session(&record.game, &record.config, seed, record.created_ms)
        .map_err(|e| whole(format!("the record's configuration: {e}")))?;
    let start = digest(&views(session.game.as_ref(), seats, record.viewer));
    if start != record.start {
        return Err(whole(format!(
            "the start is not the position the configuration and seed give{hint}"
        )));
    }
    each(0, session.game.as_ref());
    for (i, entry) in record.entries.iter().enumerate() {
        let n = i + 1;
        let at = |message: String, sealed: bool| RecordError {
            entry: Some(n),
            message,
            sealed,
        };
        if let Some(sealed) = &entry.sealed {
            return Err(at(
                format!(
                    "it is sealed for this record's viewer (seat {}: {}), so the game cannot \
                     be replayed past it",
                    sealed.seat + 1,
                    sealed.said
                ),
                true,
            ));
        }
        let event = entry.event.clone().ok_or_else(|| {
            at(
                "it holds neither an event nor a sealed action".into(),
                false,
            )
        })?;
        check_time("its time", entry.at_ms).map_err(|e| at(e, false))?;
        let logged = session.next(entry.at_ms, event);
        if let Some(last) = session.log.last() {
            if logged.at_ms < last.at_ms {
                return Err(at("its time is before the entry before it".into(), false));
            }
        }
        session
            .apply(&logged)
            .map_err(|e| at(format!("refused: {e}"), false))?;
        let seen = digest(&views(session.game.as_ref(), seats, record.viewer));
        if entry.digest.as_deref() != Some(seen.as_str()) {
            return Err(at(
                format!(
                    "the position after it is not the one the record states \
                     (the entry, an earlier one or a draw from the seed was changed){hint}"
                ),
                false,
            ));
        }
        // Clock times are the game's clock after the entry: a changed one
        // is a tampered record (older records carry none).
        if entry.clocks.is_some() && entry.clocks != session.game.reserves_ms() {
            return Err(at(
                "its clock times are not those the game's clock gives after it".into(),
                false,
            ));
        }
        each(n, session.game.as_ref());
    }
    let status = session.status;
    if status.name() != record.status {
        return Err(whole(format!(
            "the record says the game is '{}' but its entries leave it '{}'",
            record.status,
            status.name()
        )));
    }
    if session.game.outcome() != record.outcome {
        return Err(whole(
            "the record's outcome is not the one its entries give",
        ));
    }
    Ok(Replayed {
        game: session.game,
        status,
        log: session.log,
    })
}

/// What [`verify`] found in an honest record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Entries replayed and matched.
    pub checked: usize,
    /// The first entry sealed for the record's viewer, where checking
    /// stopped: its draws can be checked only from a fuller record.
    pub sealed_at: Option<usize>,
}

/// Checks that the seed matches the commitment and that every entry, and
/// every draw the game made from the seed, gives the position the record
/// states. An error names the entry that is wrong.
pub fn verify(record: &Record) -> Result<Verified, RecordError> {
    let seed = record.seed.ok_or_else(|| {
        whole("the record holds no seed (it is revealed when the game is over): nothing to check the draws against")
    })?;
    if !record.commitment.verify(&seed) {
        return Err(whole(
            "the seed does not match the commitment published when the game began",
        ));
    }
    let mut checked = 0;
    match replay(record, |n, _| checked = n) {
        Ok(_) => Ok(Verified {
            checked,
            sealed_at: None,
        }),
        Err(e) if e.sealed => Ok(Verified {
            checked,
            sealed_at: e.entry,
        }),
        Err(e) => Err(e),
    }
}
