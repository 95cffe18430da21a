//! The one list of Arbiter's games. Every consumer is built from
//! [`KINDS`]: the CLI's `games` and its per-game commands, the server's
//! `GET /api/kinds`, lobby and create path, the bots of `arbiter play` and
//! the match arenas of `arbiter match`. An unknown id is refused by
//! [`kind`] with the list of known ones, never defaulted to some game.
//!
//! Each entry is data (id, name, seat range, ruleset options with their
//! defaults and bounds) plus trait objects for what differs by game: its
//! command-line tools ([`Tools`]) and its match arena ([`Matches`]). The
//! server adds only its hosting glue, in one table keyed by id that a test
//! checks against this list.
//!
//! Layering: core ← games ← search ← registry ← server ← cli.

pub mod create;
pub mod limits;
mod matches;
pub mod options;
mod tools;
pub mod uci;

pub use create::{create, FromOptions, Table};
pub use matches::{Done, KnightControlArena, MatchPlan, Matches, TurnArena};
pub use options::{Opt, OptKind};
pub use tools::{Duel, KnightControlTools, Note, SeatOf, Tools, TurnBased};

use arbiter_core::scene::plain_seat_name;
use arbiter_core::Seat;
use serde::Serialize;

/// One game: everything the CLI, the lobby, the create path, the bots and
/// the arenas need to know of it.
#[derive(Clone, Copy, Serialize)]
pub struct Kind {
    pub id: &'static str,
    pub name: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    /// Whether seats are bound on their first action (claim-based games):
    /// the lobby offers the claim hold.
    pub growing: bool,
    /// The deadline per turn or step when the host gives none.
    pub default_deadline_secs: Option<u64>,
    /// What a deadline is per: `"turn"`, or `"phase"` in games of
    /// simultaneous steps.
    pub deadline_per: &'static str,
    /// The ruleset options, as data the lobby draws its controls from.
    pub options: &'static [Opt],
    /// The command-line tools (`arbiter moves`, `perft`, `show`, `play`…).
    #[serde(skip)]
    pub tools: &'static dyn Tools,
    /// Bots against bots (`arbiter match`).
    #[serde(skip)]
    pub matches: &'static dyn Matches,
    /// The duels' UCI face (`arbiter uci`, `match --seat uci:…`); `None`
    /// for games that UCI cannot express.
    #[serde(skip)]
    pub uci: Option<&'static dyn uci::Uci>,
}

impl std::fmt::Debug for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kind")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl Kind {
    /// Checks ruleset options for this game ([`options::check`]): unknown
    /// options and values out of bounds are refused.
    pub fn check_options(&self, options: &serde_json::Value) -> Result<(), String> {
        options::check(self.name, self.options, options)
    }

    /// Refuses checked options whose set times ([`OptKind::Moment`]) are
    /// not after `now_ms` ([`options::check_moments_after`]).
    pub fn check_moments_after(
        &self,
        options: &serde_json::Value,
        now_ms: i64,
    ) -> Result<(), String> {
        options::check_moments_after(self.name, self.options, options, now_ms)
    }

    /// The game's own names of its seats before play (`White`, `Black`),
    /// for the lobby to say which seat is which; empty where the game
    /// names its seats only by number or only once play has begun.
    pub fn seat_names(&self) -> Vec<String> {
        let seats = (0..self.max_seats).map(|k| Seat(k as u8));
        let names: Vec<String> = seats.clone().map(|s| self.tools.seat_name(s)).collect();
        if seats
            .zip(&names)
            .all(|(s, name)| *name == plain_seat_name(s))
        {
            Vec::new()
        } else {
            names
        }
    }

    /// Moves the set times in `options` by `by_ms` ([`options::shift_moments`]).
    pub fn shift_moments(&self, options: &mut serde_json::Value, by_ms: i64) {
        options::shift_moments(self.options, options, by_ms)
    }
}

/// The kind with this id; an unknown one is refused with the known ids.
pub fn kind(id: &str) -> Result<&'static Kind, String> {
    KINDS.iter().find(|k| k.id == id).ok_or_else(|| {
        let known: Vec<&str> = KINDS.iter().map(|k| k.id).collect();
        format!("unknown game '{id}'; known games: {}", known.join(", "))
    })
}

mod entries;
pub use entries::KINDS;
